//! ASCII diagrams: rendered from the tables, read back cell by cell, and compared with the
//! cells of the seed rule text's drawings (Glinski's text; cells derived in diagrams.rs).

use std::collections::BTreeSet;

use hexv::geometry::board::{Board, CellId};
use hexv::render::{ascii, diagram};
use hexv::variant::Side;

use crate::support::{cell, load, names, piece, set};

/// A drawing in the style of flat boards: a pointy board turned 30 degrees (`diagram
/// --turned`), any other board as it is always drawn.
fn turned(board: &Board, label: &dyn Fn(CellId) -> String, coordinates: bool) -> String {
    ascii::render_styled(board, label, coordinates, ascii::Turn::Turned, &|_| None)
}

/// Renders `key` on `from` and reads the drawing back: (cell, label) pairs.
fn drawn(
    path: &str,
    key: &str,
    side: Side,
    from: &str,
    blockers: &[&str],
) -> Vec<(String, String)> {
    let (v, t) = load(path);
    let blockers: Vec<_> = blockers.iter().map(|b| cell(&v, b)).collect();
    let labels = diagram::piece_labels(&v, &t, piece(&v, key), side, cell(&v, from), &blockers);
    let text = ascii::render(v.board(), &|c| labels.get(&c).cloned().unwrap_or_default());
    ascii::read(v.board(), &text)
        .into_iter()
        .map(|(c, l)| (v.board().name(c).to_string(), l))
        .collect()
}

fn with_label(cells: &[(String, String)], label: &str) -> BTreeSet<String> {
    cells
        .iter()
        .filter(|(_, l)| l == label)
        .map(|(c, _)| c.clone())
        .collect()
}

const GLINSKI: &str = "variants/glinski.hexv";

#[test]
fn every_cell_comes_back_where_it_was_drawn() {
    let (v, _) = load(GLINSKI);
    let names = |c| v.board().name(c).to_string();
    for coordinates in [true, false] {
        let text = ascii::render_with(v.board(), &names, coordinates);
        let read = ascii::read(v.board(), &text);
        assert_eq!(read.len(), 91);
        for (c, label) in read {
            assert_eq!(v.board().name(c), label);
        }
    }
    // Without coordinates the drawing has the seed's outline: 11 files, f1 at the bottom,
    // f11 at the top.
    let text = ascii::render_with(v.board(), &names, false);
    assert_eq!(text.lines().count(), 23);
    assert!(text.lines().next().unwrap().trim() == "___");
    assert!(text.lines().last().unwrap().trim() == "\\___/");
}

#[test]
fn seed_movement_diagrams_cell_for_cell() {
    // The seed's drawings mark every destination with `*`; hexv marks move-and-capture `*`.
    let cases = [
        ("K", "d5 e4 e5 e6 e7 f5 f7 g4 g5 g6 g7 h5"),
        ("R", "a1 a6 b2 b6 c3 c6 d4 d6 e5 e6 f1 f2 f3 f4 f5 f7 f8 f9 f10 f11 g5 g6 h4 h6 i3 i6 k2 k6 l1 l6"),
        ("B", "b4 d2 d5 d8 e4 e7 g4 g7 h2 h5 h8 k4"),
        ("N", "c4 c5 d3 d7 e3 e8 g3 g8 h3 h7 i4 i5"),
    ];
    for (key, expected) in cases {
        let cells = drawn(GLINSKI, key, Side::WHITE, "f6", &[]);
        assert_eq!(with_label(&cells, "*"), set(expected), "{key}");
        assert_eq!(with_label(&cells, key), set("f6"));
        assert_eq!(
            cells.len(),
            set(expected).len() + 1,
            "{key}: nothing else is marked"
        );
    }
    let queen = drawn(GLINSKI, "Q", Side::WHITE, "f6", &[]);
    assert_eq!(with_label(&queen, "*").len(), 42);
}

#[test]
fn seed_pawn_diagram_moves_and_captures() {
    // Seed: `*` (move) on f7, `x` (capture) on e6 and g6. hexv writes move-only as `o`.
    let cells = drawn(GLINSKI, "P", Side::WHITE, "f6", &[]);
    assert_eq!(with_label(&cells, "o"), set("f7"));
    assert_eq!(with_label(&cells, "x"), set("e6 g6"));
    assert_eq!(cells.len(), 4);
    // From a start cell the double step is marked as conditional.
    let cells = drawn(GLINSKI, "P", Side::WHITE, "e4", &[]);
    assert_eq!(with_label(&cells, "o"), set("e5"));
    assert_eq!(with_label(&cells, "+"), set("e6"));
}

#[test]
fn blockers_stop_rays() {
    let cells = drawn(GLINSKI, "R", Side::WHITE, "f6", &["f8", "d6"]);
    // Up the f-file the rook reaches f7 and captures on f8; beyond, nothing.
    assert!(with_label(&cells, "*").contains("f7"));
    assert_eq!(with_label(&cells, "#x"), set("d6 f8"));
    for beyond in ["f9", "f10", "f11", "c6", "b6", "a6"] {
        assert!(
            !cells.iter().any(|(c, _)| c == beyond),
            "{beyond} is beyond a blocker"
        );
    }
    // A pawn's push cannot land on a blocker, so the blocker carries no mark.
    let cells = drawn(GLINSKI, "P", Side::WHITE, "e4", &["e6"]);
    assert_eq!(with_label(&cells, "#"), set("e6"));
}

#[test]
fn setup_drawing_reads_back_as_the_setup() {
    let (v, _) = load(GLINSKI);
    let labels = diagram::setup_labels(&v);
    let text = ascii::render(v.board(), &|c| labels.get(&c).cloned().unwrap_or_default());
    let read = ascii::read(v.board(), &text);
    assert_eq!(read.len(), 36);
    let white_king = with_label(
        &read
            .iter()
            .map(|(c, l)| (v.board().name(*c).to_string(), l.clone()))
            .collect::<Vec<_>>(),
        "K",
    );
    assert_eq!(white_king, set("g1"));
    let black_bishops: BTreeSet<String> =
        names(&v, read.iter().filter(|(_, l)| l == "b").map(|(c, _)| *c));
    assert_eq!(black_bishops, set("f9 f10 f11"));
}

/// Dagger's board (variants/dagger.hexv), drawn turned (`diagram --turned`) as the Dagger
/// text draws it: turned 30 degrees, a1 at the bottom left, b1 straight above it, b2 up to
/// its right, n1 at the top right.
#[test]
fn pointy_boards_are_drawn_turned_like_the_dagger_text() {
    let text = "variant \"d\"\nboard {\n cells pointy\n shape ranks 1 2 3 4 3 4 5 4 3 4 3 2 1\n names ranks a b c d e f g h j k l m n\n}\nsymmetry rotate\npiece King K {\n royal\n step all\n}\nsetup {\n K a1\n}\n";
    let checked = crate::support::check_text("dagger-board.hexv", text);
    let v = checked.compiled.expect("clean").into_parts().0;
    let drawing = turned(v.board(), &|c| v.board().name(c).to_string(), false);
    let read = ascii::read(v.board(), &drawing);
    assert_eq!(read.len(), 39);
    assert!(read.iter().all(|(c, l)| v.board().name(*c) == l));
    // Where each label's slot starts on the page: (line, column).
    let slot = |name: &str| {
        drawing
            .lines()
            .enumerate()
            .find_map(|(r, l)| l.find(&format!("/{name:^3}\\")).map(|c| (r, c)))
            .unwrap_or_else(|| panic!("{name} not drawn"))
    };
    let (a1, b1, b2, n1) = (slot("a1"), slot("b1"), slot("b2"), slot("n1"));
    assert_eq!(a1.1, 0, "a1 is in the leftmost column");
    assert_eq!(a1.0, drawing.lines().count() - 2, "a1 is the lowest cell");
    assert_eq!((b1.0 + 2, b1.1), a1, "b1 is straight above a1");
    assert_eq!((b2.0 + 1, b2.1 - 4), a1, "b2 is up and to the right of a1");
    assert_eq!(n1.0, 1, "n1 is the highest cell");
    assert_eq!(
        n1.1,
        drawing.lines().map(|l| l.trim_end().len()).max().unwrap() - 5,
        "n1 is rightmost"
    );
}

/// Triangle boards are drawn level by level, `<x` for a triangle pointing left and `x>` for
/// one pointing right; every cell comes back from the drawing where it was drawn.
#[test]
fn triangle_cells_come_back_where_they_were_drawn() {
    let (v, _) = load("variants/chessagon.hexv");
    let digits: Vec<char> = ('0'..='9').chain('a'..='z').collect();
    let code = |c: hexv::geometry::board::CellId| {
        let i = c.index();
        format!("{}{}", digits[i / 36], digits[i % 36])
    };
    for coordinates in [true, false] {
        let text = ascii::render_with(v.board(), &|c| code(c), coordinates);
        let read = ascii::read(v.board(), &text);
        assert_eq!(read.len(), 96);
        for (c, label) in read {
            assert_eq!(code(c), label);
        }
    }
    let text = ascii::render_with(v.board(), &|c| code(c), false);
    // 15 levels, the corners d1/e1 at the bottom and d15/e15 at the top, 8 files.
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 15);
    let d1 = format!("<{}", code(cell(&v, "d1")));
    let e1 = format!("{}>", code(cell(&v, "e1")));
    assert_eq!(lines[14].split_whitespace().collect::<Vec<_>>(), [d1, e1]);
    assert_eq!(
        lines[11].matches(['<', '>']).count(),
        8,
        "level 4: a4 to h4"
    );
}

/// A piece on an off-board cell is drawn beside the board (no outline, as the Dagger text
/// draws its knights in hand), and its entries as ordinary moves: the Dagger text's section 7, the
/// knight on "a0" enters on d1, d2 or c3 (moving or capturing) or is placed on a1.
#[test]
fn off_board_pieces_are_drawn_beside_the_board() {
    let cells = drawn("variants/dagger.hexv", "N", Side::WHITE, "a0", &[]);
    assert_eq!(with_label(&cells, "*"), set("d1 d2 c3"));
    assert_eq!(with_label(&cells, "o"), set("a1"));
    assert_eq!(cells.len(), 4, "the knight itself is not a slot: {cells:?}");
    let (v, t) = load("variants/dagger.hexv");
    let labels = diagram::piece_labels(&v, &t, piece(&v, "N"), Side::WHITE, cell(&v, "a0"), &[]);
    let text = ascii::render(v.board(), &|c| labels.get(&c).cloned().unwrap_or_default());
    let (a1_line, a1_col) = text
        .lines()
        .enumerate()
        .find_map(|(r, l)| l.find("| o |").map(|c| (r, c)))
        .expect("a1 drawn");
    // a0 lies left of a1 on the upright page: on its line, a cell (four columns) left.
    let (n_line, n_col) = text
        .lines()
        .enumerate()
        .find_map(|(r, l)| l.find('N').map(|c| (r, c)))
        .expect("N drawn");
    assert_eq!((n_line, n_col + 2), (a1_line, a1_col), "\n{text}");
    // Turned as the Dagger text draws it: up-left of a1, one line above its label.
    let text = turned(
        v.board(),
        &|c| labels.get(&c).cloned().unwrap_or_default(),
        true,
    );
    let a1_line = text
        .lines()
        .position(|l| l.contains("/ o \\"))
        .expect("a1 drawn");
    let n_line = text
        .lines()
        .position(|l| l.trim_start().starts_with('N'))
        .expect("N drawn");
    assert_eq!(n_line + 1, a1_line);
}

/// Coordinates: file letters under the files of a flat board, rank letters left of the
/// ranks of a pointy one, file letters under a triangle board and its levels left of it;
/// the drawing reads back the same.
#[test]
fn coordinates_on_the_margins() {
    let (v, _) = load(GLINSKI);
    let names = |c| v.board().name(c).to_string();
    let plain = ascii::render(v.board(), &names);
    let with = ascii::render_with(v.board(), &names, true);
    assert_eq!(
        ascii::read(v.board(), &with),
        ascii::read(v.board(), &plain)
    );
    let last = with.lines().last().unwrap();
    assert_eq!(
        last.split_whitespace().collect::<Vec<_>>(),
        ["a", "b", "c", "d", "e", "f", "g", "h", "i", "k", "l"]
    );
    // Each letter stands under the middle of its file's slots.
    let f_col = last.find('f').unwrap();
    assert!(with
        .lines()
        .any(|l| l.get(f_col - 1..f_col + 2) == Some("f1 ")));

    let (d, _) = load("variants/dagger.hexv");
    let text = ascii::render_with(d.board(), &|_| String::new(), true);
    for rank in [
        "a", "b", "c", "d", "e", "f", "g", "h", "j", "k", "l", "m", "n",
    ] {
        assert!(
            text.lines()
                .any(|l| l.split_whitespace().any(|w| w == rank)),
            "rank {rank} is labelled"
        );
    }
    assert!(!text.contains('i'));

    let (c, _) = load("variants/chessagon.hexv");
    let text = ascii::render_with(c.board(), &|_| String::new(), true);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[15].split_whitespace().collect::<Vec<_>>(),
        ["a", "b", "c", "d", "e", "f", "g", "h"]
    );
    assert!(lines[0].starts_with("15 ") && lines[14].starts_with(" 1 "));
    assert_eq!(lines.len(), 16);
}

/// Ink sets text around a cell's label and nothing else: without the ink the drawing is the
/// plain one, and the inked text is the cell's label, on both kinds of grid.
#[test]
fn ink_surrounds_labels_and_leaves_the_drawing_alone() {
    for path in [
        "variants/glinski.hexv",
        "variants/dagger.hexv",
        "variants/chessagon.hexv",
    ] {
        let game = crate::support::game(path);
        let board = game.variant.board();
        let inked_cells: Vec<_> = board.cells().step_by(7).collect();
        let label = |c| board.name(c).chars().take(2).collect::<String>();
        let ink = |c| {
            inked_cells
                .contains(&c)
                .then(|| ("\u{1b}[7m".to_string(), "\u{1b}[0m".to_string()))
        };
        for coordinates in [false, true] {
            let plain = ascii::render_with(board, &label, coordinates);
            let inked = ascii::render_inked(board, &label, coordinates, &ink);
            let stripped = inked.replace("\u{1b}[7m", "").replace("\u{1b}[0m", "");
            // Trailing blanks inside an inked label at a line's end are kept; nothing else.
            let trimmed: Vec<&str> = stripped.lines().map(str::trim_end).collect();
            assert_eq!(trimmed.join("\n") + "\n", plain, "{path}");
            assert_eq!(
                inked.matches("\u{1b}[7m").count(),
                inked_cells.len(),
                "{path}"
            );
            // Every inked span holds its cell's label.
            let spans: Vec<&str> = inked
                .split("\u{1b}[7m")
                .skip(1)
                .map(|s| s.split("\u{1b}[0m").next().unwrap())
                .collect();
            for span in spans {
                let text = span.trim().trim_matches(['<', '>', '.']);
                assert!(
                    inked_cells.iter().any(|&c| label(c) == text),
                    "{path}: `{span}` is no inked cell's label"
                );
            }
        }
    }
}

/// The drawing of `board` with `@` on `cell` alone, and where the `@` is: (line, column).
fn marked(board: &Board, cell: CellId) -> (String, usize, usize) {
    marked_in(board, cell, ascii::Turn::Turned)
}

/// [`marked`], a pointy board drawn the way `turn` says.
fn marked_in(board: &Board, cell: CellId, turn: ascii::Turn) -> (String, usize, usize) {
    let text = ascii::render_styled(
        board,
        &|c| {
            if c == cell {
                "@".to_string()
            } else {
                String::new()
            }
        },
        true,
        turn,
        &|_| None,
    );
    let (row, col) = text
        .lines()
        .enumerate()
        .find_map(|(r, l)| l.find('@').map(|c| (r, c)))
        .unwrap_or_else(|| panic!("{} not drawn:\n{text}", board.name(cell)));
    (text, row, col)
}

/// The words of a line (runs of letters and digits) with the columns they span.
fn words(line: &str) -> Vec<(usize, usize, String)> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_alphanumeric() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                i += 1;
            }
            out.push((start, i, chars[start..i].iter().collect()));
        } else {
            i += 1;
        }
    }
    out
}

/// The labels beside the cell drawn at (row, col): on its line left of the board, on its
/// line right of the board, on the last line under it, on the first line above it. A label
/// line holds words only; a line of the board, words only before and after the drawing.
fn labels_at(text: &str, row: usize, col: usize) -> [Option<String>; 4] {
    let lines: Vec<&str> = text.lines().collect();
    let drawing = |l: &str| l.chars().any(|c| !c.is_ascii_alphanumeric() && c != ' ');
    let line = lines[row];
    let first = line.find(|c: char| !c.is_ascii_alphanumeric() && c != ' ');
    let last = line.rfind(|c: char| !c.is_ascii_alphanumeric() && c != ' ');
    let left = words(line)
        .into_iter()
        .find(|w| first.is_some_and(|f| w.1 <= f))
        .map(|w| w.2);
    let right = words(line)
        .into_iter()
        .find(|w| last.is_some_and(|l| w.0 > l))
        .map(|w| w.2);
    let edge = |l: &str| {
        (!drawing(l))
            .then(|| words(l).into_iter().find(|w| w.0 <= col && col < w.1))
            .flatten()
            .map(|w| w.2)
    };
    [left, right, edge(lines[lines.len() - 1]), edge(lines[0])]
}

/// A cell name's two parts: its letters and its digits (`f6`, `6k`), or `None` (`37`).
fn parts(name: &str) -> Option<(String, String)> {
    let letters: String = name.chars().filter(|c| !c.is_ascii_digit()).collect();
    let digits: String = name.chars().filter(char::is_ascii_digit).collect();
    let split = name.starts_with(&letters) || name.starts_with(&digits);
    (split && !letters.is_empty() && !digits.is_empty()).then_some((letters, digits))
}

/// Every label of every shipped variant's drawing and of every valid fixture's in the style
/// of flat boards (flat, pointy drawn turned, and triangle boards, boards of explicit cells, boards named by a list, by snake
/// numbers, by shogi names) names the cells it stands beside: a label left of the board
/// names the leftmost cell of its line (its letters or its digits), one right of the board
/// the rightmost, one under the board every cell of the column above it; on a board whose
/// names are not letters and digits, the names of the column's lowest and highest cells
/// stand under and above it. Every board has labels, none inside the board, and the labels
/// leave the drawing as it is (the `@` drawings differ only by the `@`, and read back as
/// the one cell with `@`).
#[test]
fn every_coordinate_names_the_cells_beside_it() {
    for path in crate::support::movement_files() {
        let (v, _) = load(&path);
        let board = v.board();
        let empty = turned(board, &|_| String::new(), true);
        let at: Vec<(CellId, usize, usize)> = board
            .cells()
            .map(|c| {
                let (text, row, col) = marked(board, c);
                // An empty triangle is drawn `.`, an empty hex blank.
                let blank = match board.grid {
                    hexv::geometry::Grid::Triangle(_) => ".",
                    hexv::geometry::Grid::Hex(_) => " ",
                };
                assert_eq!(text.replace('@', blank), empty, "{}", path.display());
                // The reader skips the coordinates: it finds the one labelled cell.
                assert_eq!(
                    ascii::read(board, &text),
                    [(c, "@".to_string())],
                    "{}",
                    path.display()
                );
                (c, row, col)
            })
            .collect();
        let lines: Vec<&str> = empty.lines().collect();
        let mut labels = 0;
        for (row, line) in lines.iter().enumerate() {
            let on_row: Vec<&(CellId, usize, usize)> = at.iter().filter(|p| p.1 == row).collect();
            let leftmost = on_row.iter().min_by_key(|p| p.2);
            let rightmost = on_row.iter().max_by_key(|p| p.2);
            // No label inside the board: every word is left or right of the drawing.
            let drawn: Vec<usize> = line
                .char_indices()
                .filter(|(_, c)| !c.is_ascii_alphanumeric() && *c != ' ')
                .map(|(i, _)| i)
                .collect();
            if let (Some(first), Some(last)) = (drawn.first(), drawn.last()) {
                assert!(
                    words(line).iter().all(|w| w.1 <= *first || w.0 > *last),
                    "{}: a label inside the board:\n{empty}",
                    path.display()
                );
            }
            let [left, right, _, _] = labels_at(&empty, row, 0);
            for (label, end) in [(left, leftmost), (right, rightmost)] {
                let Some(label) = label else { continue };
                labels += 1;
                let end =
                    end.unwrap_or_else(|| panic!("{}: `{label}` beside no cell", path.display()));
                let name = board.name(end.0);
                let (l, d) = parts(name).expect("split names");
                assert!(
                    label == l || label == d,
                    "{}: `{label}` beside {name}:\n{empty}",
                    path.display()
                );
            }
            // The label lines under and above the board.
            let edge = row == 0 || row == lines.len() - 1;
            if !edge || line.chars().any(|c| !c.is_ascii_alphanumeric() && c != ' ') {
                continue;
            }
            for (start, end, label) in words(line) {
                labels += 1;
                let column: Vec<&(CellId, usize, usize)> =
                    at.iter().filter(|p| start <= p.2 && p.2 < end).collect();
                assert!(
                    !column.is_empty(),
                    "{}: `{label}` under no column",
                    path.display()
                );
                for &&(c, r, _) in &column {
                    let name = board.name(c);
                    match parts(name) {
                        Some((l, d)) => assert!(
                            label == l || label == d,
                            "{}: `{label}` over or under {name}",
                            path.display()
                        ),
                        None => {
                            let rows = column.iter().map(|p| p.1);
                            let end = if row == 0 { rows.min() } else { rows.max() };
                            if Some(r) == end {
                                assert_eq!(label, name, "{}", path.display());
                            }
                        }
                    }
                }
            }
        }
        assert!(labels > 0, "{}: no coordinates", path.display());
    }
}

/// The labels beside named cells of `path`: (cell, [left, right, under, above]). A cell
/// has the label left of its line when it is the line's leftmost cell, the one right of
/// its line when it is the rightmost.
fn check_labels(path: &str, cases: &[(&str, [Option<&str>; 4])]) {
    let (v, _) = load(path);
    let board = v.board();
    let at: Vec<(CellId, usize, usize)> = board
        .cells()
        .map(|c| {
            let (_, row, col) = marked(board, c);
            (c, row, col)
        })
        .collect();
    for (name, expected) in cases {
        let (text, row, col) = marked(board, cell(&v, name));
        let [left, right, under, above] = labels_at(&text, row, col);
        let on_row = || at.iter().filter(|p| p.1 == row).map(|p| p.2);
        let found = [
            left.filter(|_| on_row().min() == Some(col)),
            right.filter(|_| on_row().max() == Some(col)),
            under,
            above,
        ];
        let expected = expected.map(|e| e.map(str::to_string));
        assert_eq!(found, expected, "{path}: {name}\n{text}");
    }
}

/// Glinski's flat board, as the published diagrams label it: the file letters under the
/// files, the rank numbers left of each rank's first cell, on its line (a1-a6 up the left
/// side, b7 c8 d9 e10 f11 up the top left edge). The centre f6 and the cells right of the
/// first ones have none beside them on their lines.
#[test]
fn glinski_labels_files_under_and_ranks_left() {
    check_labels(
        GLINSKI,
        &[
            ("a1", [Some("1"), None, Some("a"), None]),
            ("a6", [Some("6"), None, Some("a"), None]),
            ("b7", [Some("7"), None, Some("b"), None]),
            ("f11", [Some("11"), None, Some("f"), None]),
            ("f1", [None, None, Some("f"), None]),
            ("f6", [None, None, Some("f"), None]),
            ("l1", [None, None, Some("l"), None]),
            ("k7", [None, None, Some("k"), None]),
        ],
    );
}

/// Pointy boards, drawn turned 30 degrees (`diagram --turned`): Brusky's files (leaning to 11 o'clock, upright
/// on the page) are lettered under the board and its ranks numbered left of their first
/// cells; Hex Shogi's ranks (both families slant on the page) are lettered left of their
/// first cells and its files numbered right of their top cells; Dagger's ranks are lettered,
/// and its cell numbers, counted along each rank from the lettered end, are not labelled.
#[test]
fn pointy_boards_label_their_ranks_and_files() {
    check_labels(
        "variants/brusky.hexv",
        &[
            ("a1", [Some("1"), None, Some("a"), None]),
            ("a5", [Some("5"), None, Some("a"), None]),
            ("d8", [Some("8"), None, Some("d"), None]),
            ("i1", [None, None, Some("i"), None]),
            ("l8", [None, None, Some("l"), None]),
        ],
    );
    check_labels(
        "variants/hex-shogi-91.hexv",
        &[
            ("11a", [Some("a"), Some("11"), None, None]),
            ("11f", [Some("f"), None, None, None]),
            ("6k", [Some("k"), None, None, None]),
            ("6a", [None, Some("6"), None, None]),
            ("1f", [None, Some("1"), None, None]),
            ("1k", [None, None, None, None]),
        ],
    );
    check_labels(
        "variants/dagger.hexv",
        &[
            ("a1", [Some("a"), None, None, None]),
            ("g1", [Some("g"), None, None, None]),
            ("n1", [Some("n"), None, None, None]),
            ("g5", [None, None, None, None]),
        ],
    );
}

/// Chessagon's triangles: the file letters under the columns, the levels left of the lines.
#[test]
fn triangle_boards_label_files_under_and_levels_left() {
    check_labels(
        "variants/chessagon.hexv",
        &[
            ("d1", [Some("1"), None, Some("d"), None]),
            ("e1", [None, None, Some("e"), None]),
            ("a4", [Some("4"), None, Some("a"), None]),
            ("a12", [Some("12"), None, Some("a"), None]),
            ("h12", [None, None, Some("h"), None]),
            ("d15", [Some("15"), None, Some("d"), None]),
        ],
    );
}

/// Boards of explicit `cell` lines (two corners removed) and of a `names list`: the labels
/// come from the names, as on a board of a shape; a board of numbers (Koval's snake) has
/// each column's end cells named under and above it.
#[test]
fn explicit_and_listed_boards_label_from_their_names() {
    check_labels(
        "tests/fixtures/valid/explicit_cells.hexv",
        &[
            ("a1", [Some("1"), None, Some("a"), None]),
            ("a2", [Some("2"), None, Some("a"), None]),
            ("b3", [Some("3"), None, Some("b"), None]),
            ("b4", [Some("4"), None, Some("b"), None]),
            ("c5", [Some("5"), None, Some("c"), None]),
            ("e3", [None, None, Some("e"), None]),
        ],
    );
    check_labels(
        "tests/fixtures/valid/rhombus_explicit_sides.hexv",
        &[
            ("a1", [Some("1"), None, Some("a"), None]),
            ("b5", [Some("5"), None, Some("b"), None]),
            ("e5", [None, None, Some("e"), None]),
        ],
    );
    check_labels(
        "variants/shafran.hexv",
        &[
            ("a1", [Some("1"), None, Some("a"), None]),
            ("e10", [Some("10"), None, Some("e"), None]),
            ("i10", [None, None, Some("i"), None]),
        ],
    );
    check_labels(
        "variants/koval.hexv",
        &[
            ("1", [None, None, Some("1"), Some("9")]),
            ("9", [None, None, Some("1"), Some("9")]),
            ("37", [None, None, Some("42"), Some("31")]),
            ("72", [None, None, Some("64"), Some("72")]),
        ],
    );
}

/// Every hex board's ASCII is its SVG picture's way up (issue 31: a pointy board upright,
/// not turned): for every shipped variant and valid fixture, each cell's column in the
/// drawing is one increasing affine function of its centre's x in the SVG, and its line one
/// of its y, so the two pictures differ only in scale.
#[test]
fn hex_boards_are_drawn_the_way_their_svg_is() {
    use hexv::geometry::Grid;
    use hexv::render::svg;
    for path in crate::support::movement_files() {
        let (v, _) = load(&path);
        let board = v.board();
        if matches!(board.grid, Grid::Triangle(_)) {
            continue;
        }
        let points: Vec<((f64, f64), (f64, f64))> = board
            .cells()
            .map(|c| {
                let (_, row, col) = marked_in(board, c, ascii::Turn::Upright);
                (svg::centre(board, c), (col as f64, row as f64))
            })
            .collect();
        for axis in 0..2 {
            let pick = |p: &((f64, f64), (f64, f64))| {
                if axis == 0 {
                    (p.0 .0, p.1 .0)
                } else {
                    (p.0 .1, p.1 .1)
                }
            };
            let lowest = points.iter().map(pick).min_by(|a, b| a.0.total_cmp(&b.0));
            let highest = points.iter().map(pick).max_by(|a, b| a.0.total_cmp(&b.0));
            let (Some(lo), Some(hi)) = (lowest, highest) else {
                continue;
            };
            if hi.0 - lo.0 < 1e-9 {
                continue;
            }
            let scale = (hi.1 - lo.1) / (hi.0 - lo.0);
            assert!(scale > 0.0, "{}: axis {axis} turned over", path.display());
            for p in &points {
                let (page, text) = pick(p);
                let expected = lo.1 + scale * (page - lo.0);
                assert!(
                    (expected - text).abs() < 1e-6,
                    "{}: axis {axis}: a cell at {text}, its SVG place says {expected}",
                    path.display()
                );
            }
        }
    }
}

/// The coordinates of upright pointy boards: every label stands one cell beyond an end of
/// the line of cells it names (the cells whose names share the label, as their letters or
/// their digits): next to a cell of the line that has at most one neighbour in it, and on
/// no cell; every such board has labels; and the drawing with coordinates reads back as the
/// one without.
#[test]
fn upright_labels_continue_the_lines_they_name() {
    use hexv::geometry::{Coord, Grid, Orientation};
    let steps = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)].map(|(a, b)| Coord::new(a, b));
    let mut boards = 0;
    for path in crate::support::movement_files() {
        let (v, _) = load(&path);
        let board = v.board();
        if board.grid != Grid::Hex(Orientation::Pointy) {
            continue;
        }
        boards += 1;
        let names = |c| board.name(c).to_string();
        assert_eq!(
            ascii::read(board, &ascii::render_with(board, &names, true)),
            ascii::read(board, &ascii::render_with(board, &names, false)),
            "{}",
            path.display()
        );
        let empty = ascii::render(board, &|_| String::new());
        // The page place of one cell fixes every coordinate's: a rank is two lines, a cell
        // four columns, the next rank up half a cell right.
        let Some(first) = board.cells().next() else {
            continue;
        };
        let (_, row0, at0) = marked_in(board, first, ascii::Turn::Upright);
        // `@` is drawn centred in its slot, two columns right of the wall.
        let col0 = at0 - 2;
        let origin = board.coord(first);
        let at: std::collections::HashMap<Coord, CellId> =
            board.cells().map(|c| (board.coord(c), c)).collect();
        let mut labels = 0;
        for (row, line) in empty.lines().enumerate() {
            for (start, end, label) in words(line) {
                labels += 1;
                // The label is centred on the slot whose left wall is at `col`.
                let col = (start + (end - start) / 2) as i64 - 2;
                let (dr, dc) = (row as i64 - row0 as i64, col - col0 as i64);
                assert!(
                    dr % 2 == 0 && dc % 2 == 0,
                    "{}: `{label}` off the grid",
                    path.display()
                );
                let b = origin.b - (dr / 2) as i32;
                let across = 2 * origin.a + origin.b + (dc / 2) as i32;
                assert!(
                    (across - b) % 2 == 0,
                    "{}: `{label}` between cells",
                    path.display()
                );
                let place = Coord::new((across - b) / 2, b);
                assert!(
                    !at.contains_key(&place),
                    "{}: `{label}` on a cell",
                    path.display()
                );
                let line_cells: Vec<Coord> = board
                    .cells()
                    .filter(|c| {
                        parts(board.name(*c)).is_some_and(|(l, d)| l == label || d == label)
                    })
                    .map(|c| board.coord(c))
                    .collect();
                // One step from the label is an end of the line: a cell of it with at most
                // one neighbour in it.
                let in_line = |c: Coord| line_cells.contains(&c);
                let continues = steps.iter().any(|&d| {
                    let end = place + d;
                    in_line(end) && steps.iter().filter(|&&e| in_line(end + e)).count() <= 1
                });
                assert!(
                    continues,
                    "{}: `{label}` in line with none of its cells:\n{empty}",
                    path.display()
                );
            }
        }
        assert!(labels > 0, "{}: no coordinates", path.display());
    }
    assert!(boards >= 7, "every shipped pointy board: {boards}");
}
