//! ASCII diagrams: rendered from the tables, read back cell by cell, and compared with the
//! cells of the seed rule text's drawings (Glinski's text; cells derived in diagrams.rs).

use std::collections::BTreeSet;

use hexv::render::{ascii, diagram};
use hexv::variant::Side;

use crate::support::{cell, load, names, piece, set};

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
    let text = ascii::render(v.board(), &|c| v.board().name(c).to_string());
    let read = ascii::read(v.board(), &text);
    assert_eq!(read.len(), 91);
    for (c, label) in read {
        assert_eq!(v.board().name(c), label);
    }
    // The drawing has the seed's outline: 11 files, f1 at the bottom, f11 at the top.
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
        let cells = drawn(GLINSKI, key, Side::White, "f6", &[]);
        assert_eq!(with_label(&cells, "*"), set(expected), "{key}");
        assert_eq!(with_label(&cells, key), set("f6"));
        assert_eq!(
            cells.len(),
            set(expected).len() + 1,
            "{key}: nothing else is marked"
        );
    }
    let queen = drawn(GLINSKI, "Q", Side::White, "f6", &[]);
    assert_eq!(with_label(&queen, "*").len(), 42);
}

#[test]
fn seed_pawn_diagram_moves_and_captures() {
    // Seed: `*` (move) on f7, `x` (capture) on e6 and g6. hexv writes move-only as `o`.
    let cells = drawn(GLINSKI, "P", Side::White, "f6", &[]);
    assert_eq!(with_label(&cells, "o"), set("f7"));
    assert_eq!(with_label(&cells, "x"), set("e6 g6"));
    assert_eq!(cells.len(), 4);
    // From a start cell the double step is marked as conditional.
    let cells = drawn(GLINSKI, "P", Side::White, "e4", &[]);
    assert_eq!(with_label(&cells, "o"), set("e5"));
    assert_eq!(with_label(&cells, "+"), set("e6"));
}

#[test]
fn blockers_stop_rays() {
    let cells = drawn(GLINSKI, "R", Side::White, "f6", &["f8", "d6"]);
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
    let cells = drawn(GLINSKI, "P", Side::White, "e4", &["e6"]);
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

/// Dagger's board (variants/dagger.hexv), drawn as the Dagger text draws it: turned 30
/// degrees, a1 at the bottom left, b1 straight above it, b2 up to its right, n1 at the top
/// right.
#[test]
fn pointy_boards_are_drawn_turned_like_the_dagger_text() {
    let text = "variant \"d\"\nboard {\n cells pointy\n shape ranks 1 2 3 4 3 4 5 4 3 4 3 2 1\n names ranks a b c d e f g h j k l m n\n}\nsymmetry rotate\npiece King K {\n royal\n step all\n}\nsetup {\n K a1\n}\n";
    let checked = crate::support::check_text("dagger-board.hexv", text);
    let v = checked.compiled.expect("clean").into_parts().0;
    let drawing = ascii::render(v.board(), &|c| v.board().name(c).to_string());
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
    let text = ascii::render(v.board(), &|c| code(c));
    let read = ascii::read(v.board(), &text);
    assert_eq!(read.len(), 96);
    for (c, label) in read {
        assert_eq!(code(c), label);
    }
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
    let cells = drawn("variants/dagger.hexv", "N", Side::White, "a0", &[]);
    assert_eq!(with_label(&cells, "*"), set("d1 d2 c3"));
    assert_eq!(with_label(&cells, "o"), set("a1"));
    assert_eq!(cells.len(), 4, "the knight itself is not a slot: {cells:?}");
    let (v, t) = load("variants/dagger.hexv");
    let labels = diagram::piece_labels(&v, &t, piece(&v, "N"), Side::White, cell(&v, "a0"), &[]);
    let text = ascii::render(v.board(), &|c| labels.get(&c).cloned().unwrap_or_default());
    let a1_line = text
        .lines()
        .position(|l| l.contains("/ o \\"))
        .expect("a1 drawn");
    // a0 lies up-left of a1 on the turned page: one line above its label, four columns left.
    let n_line = text
        .lines()
        .position(|l| l.trim_start().starts_with('N'))
        .expect("N drawn");
    assert_eq!(n_line + 1, a1_line);
}

/// `--coordinates`: file letters under the files of a flat board, rank letters left of the
/// ranks of a pointy one, file letters and levels around a triangle board; the drawing reads
/// back the same.
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
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["a", "b", "c", "d", "e", "f", "g", "h"]
    );
    assert!(lines[1].starts_with("15 ") && lines[15].starts_with(" 1 "));
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
