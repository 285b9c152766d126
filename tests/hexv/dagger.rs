//! Dagger Chess (`variants/dagger.hexv`) against every drawing and every rule statement of
//! its rule text: David Moeser, "Dagger Chess", The Chess Variant Pages, 1998
//! (https://www.chessvariants.com/39.dir/dagger.html). The text's drawings are copied line
//! for line into `tests/data/dagger-seed-drawings.txt`, one `== NAME` section each, and read
//! here with [`ascii::read`]; every other expected value below was worked out by hand from
//! the text, not taken from hexv.
//!
//! **Movement drawings (3.1, 3.2, 6.1, 6.2, 6.3).** The rook, bishop, king, queen and knight
//! are drawn on a generic 37-cell hexagon (four cells a side), not on the Dagger board. Each
//! drawing is read onto such a hexagon built for the purpose (a pointy `shape hexagon 4`,
//! which [`ascii::read`] reads turned 30 degrees, as the text draws its boards), and
//! every marked cell becomes an offset from the hexagon's centre cell (difference of axial
//! coordinates). The drawing is then laid on the Dagger board with its centre on Dagger's
//! centre cell `g3`: the piece stands on `g3 + (its offset)` (that is `g3` itself except for
//! the bishop, which the text draws one cell off the centre) and the expected cells are
//! `g3 + offset` for every `x` that falls on a Dagger cell. The actual cells are the piece's
//! empty-board destinations restricted to the drawing's window, the cells within hex distance
//! 3 of `g3`. Both sets must be equal, for White and for Black (these pieces look the same
//! turned around), and the number of `x`s read must equal the number counted by hand in the
//! text, so a reader failure cannot pass silently. The Dagger cells are also written out by
//! hand as a second check.
//!
//! **Drawings of the Dagger board itself (4, 5, 6.4, 6.5, 7)** are excerpts of the board with
//! `a1` at the bottom left, so [`ascii::read`] lines them up with the Dagger board directly;
//! the margin letters and the knights drawn outside the board are not slots and are ignored.
//!
//! The rules of sections 5 to 7 on positions set up piece by piece (pawn moves and en passant
//! "anywhere", the knights "in hand" on the off-board cells `a0 a2` (Black: `n0 n2`), and
//! promotion) are rule cases: `tests/data/rules/dagger.rules`, after `# --- Pieces in positions
//! and the start`. What stays here reads the drawings, the tables and the setup.

use std::collections::{BTreeMap, BTreeSet};

use hexv::compile::{Condition, MoveTables};
use hexv::game::{Game, Position};
use hexv::geometry::board::{CellId, Symmetry};
use hexv::geometry::Coord;
use hexv::render::ascii;
use hexv::variant::{Side, Variant};

use crate::support::{cell, check_text, empty_destinations, game, load, names, piece, set, Rng};

const DAGGER: &str = "variants/dagger.hexv";
const DRAWINGS: &str = "tests/data/dagger-seed-drawings.txt";

fn dagger() -> (Variant, MoveTables) {
    load(DAGGER)
}

// ---------------------------------------------------------------------------------------
// Helpers

/// The drawing in section `== name` of the data file.
fn drawing(name: &str) -> String {
    let text = std::fs::read_to_string(crate::support::root().join(DRAWINGS)).expect(DRAWINGS);
    let mut lines = text.lines();
    lines
        .by_ref()
        .find(|l| {
            l.strip_prefix("== ")
                .and_then(|r| r.split_whitespace().next())
                == Some(name)
        })
        .unwrap_or_else(|| panic!("{DRAWINGS} has no section `== {name}`"));
    let body: Vec<&str> = lines.take_while(|l| !l.starts_with("== ")).collect();
    assert!(
        body.iter().any(|l| l.contains("\\___/")),
        "section {name} holds a drawing"
    );
    body.join("\n")
}

/// A drawing read onto the Dagger board: (cell name, label) pairs.
fn read_dagger(v: &Variant, name: &str) -> Vec<(String, String)> {
    ascii::read(v.board(), &drawing(name))
        .into_iter()
        .map(|(c, l)| (v.board().name(c).to_string(), l))
        .collect()
}

/// The cells carrying `label`.
fn labelled(cells: &[(String, String)], label: &str) -> BTreeSet<String> {
    cells
        .iter()
        .filter(|(_, l)| l == label)
        .map(|(c, _)| c.clone())
        .collect()
}

/// How often `label` occurs as a slot label (`/ x \`) in a drawing's text.
fn label_count(text: &str, label: &str) -> usize {
    text.matches(&format!("/ {label} \\")).count()
}

/// The generic 37-cell hexagon of the movement drawings: pointy cells, like Dagger's.
fn hexagon37() -> Variant {
    let text = "variant \"hexagon 37\"\nboard {\n cells pointy\n shape hexagon 4\n \
                names ranks a b c d e f g\n}\nsymmetry rotate\npiece King K {\n royal\n \
                step all\n}\nsetup {\n K a1\n}\n";
    let v = check_text("hexagon37.hexv", text)
        .compiled
        .expect("the 37-cell hexagon checks")
        .into_parts()
        .0;
    assert_eq!(v.board().len(), 37);
    v
}

/// The one cell every other cell is within `radius` of.
fn centre(v: &Variant, radius: i32) -> CellId {
    let mut found = v.board().cells().filter(|&c| {
        v.board()
            .cells()
            .all(|o| (v.board().coord(o) - v.board().coord(c)).hex_len() <= radius)
    });
    let c = found.next().expect("a centre cell");
    assert!(found.next().is_none(), "one centre cell");
    c
}

/// A movement drawing read onto the 37-cell hexagon: the piece's offset from the centre and
/// the offsets of the cells marked `x`.
fn drawn_offsets(name: &str, symbol: &str) -> (Coord, Vec<Coord>) {
    let hex = hexagon37();
    let mid = hex.board().coord(centre(&hex, 3));
    let read = ascii::read(hex.board(), &drawing(name));
    let offset = |c: CellId| hex.board().coord(c) - mid;
    let pieces: Vec<Coord> = read
        .iter()
        .filter(|(_, l)| l == symbol)
        .map(|(c, _)| offset(*c))
        .collect();
    assert_eq!(pieces.len(), 1, "{name}: one {symbol} drawn");
    let marks: Vec<Coord> = read
        .iter()
        .filter(|(_, l)| l == "x")
        .map(|(c, _)| offset(*c))
        .collect();
    assert_eq!(
        read.len(),
        marks.len() + 1,
        "{name}: only the piece and x's are marked"
    );
    (pieces[0], marks)
}

/// The method of the module comment: the drawing `name` laid on Dagger with its centre on g3,
/// the piece `symbol` on `piece_at`, its `x_count` marks on the Dagger cells `on_dagger`.
fn assert_movement_drawing(
    name: &str,
    symbol: &str,
    x_count: usize,
    piece_at: &str,
    on_dagger: &str,
) {
    let text = drawing(name);
    assert_eq!(label_count(&text, "x"), x_count, "{name}: x's in the text");
    let (piece_offset, marks) = drawn_offsets(name, symbol);
    assert_eq!(marks.len(), x_count, "{name}: x's read");
    let game = game(DAGGER);
    let (v, t) = (game.variant, game.tables);
    let g3 = v.board().coord(cell(v, "g3"));
    let from = v
        .board()
        .at(g3 + piece_offset)
        .expect("the drawn piece stands on a Dagger cell");
    assert_eq!(
        v.board().name(from),
        piece_at,
        "{name}: where the piece stands"
    );
    let expected = names(v, marks.iter().filter_map(|&m| v.board().at(g3 + m)));
    assert_eq!(
        expected,
        set(on_dagger),
        "{name}: the drawing's cells on Dagger"
    );
    for side in Side::BOTH {
        let window: BTreeSet<String> = empty_destinations(v, t, piece(v, symbol), side, from)
            .into_iter()
            .filter(|n| (v.board().coord(cell(v, n)) - g3).hex_len() <= 3)
            .collect();
        assert_eq!(window, expected, "{name}: {side:?} {symbol} on {piece_at}");
    }
    // hexv's own ASCII diagram, read back: its `*` (move or capture) cells in the window are
    // the text's `x` cells.
    let drawn = rendered(v, t, symbol, piece_at);
    let stars: BTreeSet<String> = drawn
        .get("*")
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|n| (v.board().coord(cell(v, n)) - g3).hex_len() <= 3)
        .collect();
    assert_eq!(stars, expected, "{name}: hexv's drawing read back");
    assert_eq!(drawn.get(symbol), Some(&set(piece_at)));
}

/// hexv's ASCII diagram of White's `symbol` on `from`, rendered and read back: the cells
/// under each label.
fn rendered(
    v: &Variant,
    t: &MoveTables,
    symbol: &str,
    from: &str,
) -> BTreeMap<String, BTreeSet<String>> {
    let labels = hexv::render::diagram::piece_labels(
        v,
        t,
        piece(v, symbol),
        Side::WHITE,
        cell(v, from),
        &[],
    );
    let text = ascii::render(v.board(), &|c| labels.get(&c).cloned().unwrap_or_default());
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (c, label) in ascii::read(v.board(), &text) {
        out.entry(label)
            .or_default()
            .insert(v.board().name(c).to_string());
    }
    out
}

/// One table entry: its landing cells, (moves, captures), and its condition.
type Step = (Vec<String>, (bool, bool), Option<Condition>);

/// One piece's entries from one cell.
fn entries(v: &Variant, t: &MoveTables, key: &str, side: Side, from: &str) -> BTreeSet<Step> {
    t.entries(piece(v, key), side, cell(v, from))
        .iter()
        .map(|e| {
            let path = t.path(e).iter().map(|&c| v.board().name(c).to_string());
            (path.collect(), (e.mode.moves, e.mode.captures), e.when)
        })
        .collect()
}

/// The board cells the piece on `from` could capture on in `pos` (its attacks).
fn attacked_from(game: &Game, pos: &Position, from: &str) -> BTreeSet<String> {
    let from = cell(game.variant, from);
    names(
        game.variant,
        game.variant
            .board()
            .cells()
            .filter(|&c| game.attacks_from(pos, from, c)),
    )
}

const BOTH: (bool, bool) = (true, true);
const MOVE_ONLY: (bool, bool) = (true, false);

// ---------------------------------------------------------------------------------------
// 3.1, 3.2, 6.1-6.3: the movement drawings

/// The data file says where its drawings come from and holds all ten, in the text's order.
#[test]
fn data_file_cites_the_source_and_holds_every_drawing() {
    let text = std::fs::read_to_string(crate::support::root().join(DRAWINGS)).expect(DRAWINGS);
    let header = text.split("\n== ").next().unwrap();
    assert!(header.contains(
        "David Moeser, Dagger Chess, The Chess Variant Pages, 1998, \
         https://www.chessvariants.com/39.dir/dagger.html"
    ));
    let sections: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("== "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        sections,
        [
            "rook",
            "bishop",
            "board",
            "setup",
            "king",
            "queen",
            "knight",
            "pawn",
            "en-passant",
            "knight-entry"
        ]
    );
}

/// 3.1-6.3: every movement drawing is the same board, a hexagon of 37 cells.
#[test]
fn movement_drawings_are_the_37_cell_hexagon() {
    for name in ["rook", "bishop", "king", "queen", "knight"] {
        let text = drawing(name);
        let slots = text.matches("\\___/").count();
        assert_eq!(slots, 37, "{name}: one `\\___/` bottom edge per cell");
    }
}

/// 3.1: "The Rook (R) is a rider that moves along file-lines": 3 cells along each of the 6
/// files from the centre of the hexagon. On Dagger from g3 the rays along rank g stop at the
/// board's edge after g1 and g5.
#[test]
fn rook_drawing() {
    assert_movement_drawing(
        "rook",
        "R",
        18,
        "g3",
        "d1 d4 e1 e3 f2 f3 g1 g2 g4 g5 h2 h3 j1 j3 k1 k4",
    );
}

/// 3.2: "The Bishop (B) is a rider moving along diagonal lines." The text draws the bishop
/// not on the centre but on the cell below and to the right of it, with all 8 of its moves
/// on the hexagon (two cells along two diagonals, one along the other four). Laid on Dagger
/// with the drawing's centre on g3 the bishop stands on g4; of its 8 drawn cells 4 are Dagger
/// cells (the diagonal through f2 leaves the board after it, left of e1).
#[test]
fn bishop_drawing() {
    assert_movement_drawing("bishop", "B", 8, "g4", "e3 f2 h2 j3");
}

/// 6.1: "The King (K) is a one-square leaper ... one square in any direction, either along
/// a file (rank) or along a diagonal": 6 edge neighbours and 6 diagonal cells.
#[test]
fn king_drawing() {
    assert_movement_drawing("king", "K", 12, "g3", "e2 f1 f2 f3 f4 g2 g4 h1 h2 h3 h4 j2");
}

/// 6.2: "The Queen (Q) combines the moves of Rook and Bishop": the rook's 18 cells and the
/// 6 diagonal cells next to the centre (the second diagonal cells are outside the hexagon).
#[test]
fn queen_drawing() {
    assert_movement_drawing(
        "queen",
        "Q",
        24,
        "g3",
        "d1 d4 e1 e2 e3 f1 f2 f3 f4 g1 g2 g4 g5 h1 h2 h3 h4 j1 j2 j3 k1 k4",
    );
    // The drawing is the rook's drawing plus the king's diagonal cells.
    let (_, queen) = drawn_offsets("queen", "Q");
    let (_, rook) = drawn_offsets("rook", "R");
    let (_, king) = drawn_offsets("king", "K");
    let queen: BTreeSet<Coord> = queen.into_iter().collect();
    let mut union: BTreeSet<Coord> = rook.into_iter().collect();
    union.extend(king.into_iter().filter(|k| k.hex_len() == 2));
    assert_eq!(queen, union);
    // On the whole Dagger board the queen on g3 also reaches, outside the drawing's window,
    // the second and third cells of the diagonal through the two back cells.
    let game = game(DAGGER);
    let (v, t) = (game.variant, game.tables);
    let all = empty_destinations(v, t, piece(v, "Q"), Side::WHITE, cell(v, "g3"));
    assert_eq!(all.len(), 26);
    let outside: BTreeSet<String> = all
        .into_iter()
        .filter(|n| (v.board().coord(cell(v, n)) - v.board().coord(cell(v, "g3"))).hex_len() > 3)
        .collect();
    assert_eq!(outside, set("a1 c2 l2 n1"));
}

/// 6.3: "The Knight (N) is a leaper with a Y-shaped move": one square along a file then one
/// along a diagonal outward, 12 leaps. On the narrow Dagger board only 4 land from g3.
#[test]
fn knight_drawing() {
    assert_movement_drawing("knight", "N", 12, "g3", "d2 d3 k2 k3");
}

// ---------------------------------------------------------------------------------------
// 6.4: the pawn

/// 6.4: the White pawn on d2 moves or captures (x) on e1 and e2, one cell forward along
/// the two forward file-lines, and moves without capturing (o) on f2, one cell forward
/// along the diagonal straight ahead, which leaps two ranks between e1 and e2.
#[test]
fn pawn_drawing_on_d2() {
    let game = game(DAGGER);
    let (v, t) = (game.variant, game.tables);
    let text = drawing("pawn");
    let read = read_dagger(v, "pawn");
    // The margin letters (a..f) are not slots: only the three marks and the pawn are read.
    assert_eq!(read.len(), 4, "{read:?}");
    assert_eq!(labelled(&read, "P"), set("d2"));
    assert_eq!(labelled(&read, "x"), set("e1 e2"));
    assert_eq!(labelled(&read, "o"), set("f2"));
    assert_eq!((label_count(&text, "x"), label_count(&text, "o")), (2, 1));
    // hexv's drawing, read back: its `*` (move or capture) is the text's `x`.
    let drawn = rendered(v, t, "P", "d2");
    assert_eq!(drawn.get("*"), Some(&set("e1 e2")));
    assert_eq!(drawn.get("o"), Some(&set("f2")));
    assert_eq!(drawn.len(), 3, "{drawn:?}");

    // The tables: two move-or-capture steps and one move-only step, unconditional (the
    // diagonal step is not tied to a start cell), nothing on the oblique diagonals.
    assert_eq!(
        entries(v, t, "P", Side::WHITE, "d2"),
        [
            (vec!["e1".to_string()], BOTH, None),
            (vec!["e2".to_string()], BOTH, None),
            (vec!["f2".to_string()], MOVE_ONLY, None),
        ]
        .into_iter()
        .collect()
    );
    let pawn = piece(v, "P");
    let d2 = cell(v, "d2");
    let leap = t
        .entries(pawn, Side::WHITE, d2)
        .iter()
        .find(|e| t.path(e) == [cell(v, "f2")])
        .expect("the step to f2");
    assert_eq!(names(v, t.passed(leap, 0).iter().copied()), set("e1 e2"));
    assert!(t.creates_en_passant(leap));
    for step in t.entries(pawn, Side::WHITE, d2) {
        if t.path(step) != [cell(v, "f2")] {
            assert!(t.passed(step, 0).is_empty() && !t.creates_en_passant(step));
        }
    }

    // Black's pawn is the drawing turned 180 degrees: on k3 (the image of d2) it moves or
    // captures on j2 and j3 and moves to h3, between j2 and j3.
    assert_eq!(
        entries(v, t, "P", Side::BLACK, "k3"),
        [
            (vec!["j2".to_string()], BOTH, None),
            (vec!["j3".to_string()], BOTH, None),
            (vec!["h3".to_string()], MOVE_ONLY, None),
        ]
        .into_iter()
        .collect()
    );
}

/// 6.4: "Pawns do not move on those oblique diagonals": from every cell a White pawn has at
/// most the three cells of the drawing, at the same offsets as from d2.
#[test]
fn pawns_never_use_the_oblique_diagonals() {
    let game = game(DAGGER);
    let (v, t) = (game.variant, game.tables);
    let d2 = v.board().coord(cell(v, "d2"));
    let allowed: BTreeMap<Coord, (bool, bool)> = [
        (v.board().coord(cell(v, "e1")) - d2, BOTH),
        (v.board().coord(cell(v, "e2")) - d2, BOTH),
        (v.board().coord(cell(v, "f2")) - d2, MOVE_ONLY),
    ]
    .into_iter()
    .collect();
    for side in Side::BOTH {
        for from in v.board().cells() {
            for e in t.entries(piece(v, "P"), side, from) {
                assert_eq!(t.path(e).len(), 1, "a pawn steps one cell");
                let mut step = v.board().coord(t.path(e)[0]) - v.board().coord(from);
                if side == Side::BLACK {
                    step = -step;
                }
                assert_eq!(
                    allowed.get(&step),
                    Some(&(e.mode.moves, e.mode.captures)),
                    "{side:?} pawn on {}",
                    v.board().name(from)
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// 6.5: en passant (the leaps and their captures in positions: tests/data/rules/dagger.rules,
// `en-passant`)

/// 6.5's drawing: the White pawn on d2, the Black pawn *P* on f3, o on f2 where the White
/// pawn leaps to, x on e2 where the Black pawn captures en passant.
#[test]
fn en_passant_drawing() {
    let (v, _) = dagger();
    let read = read_dagger(&v, "en-passant");
    assert_eq!(read.len(), 4, "{read:?}");
    assert_eq!(labelled(&read, "P"), set("d2"));
    assert_eq!(labelled(&read, "*P*"), set("f3"));
    assert_eq!(labelled(&read, "o"), set("f2"));
    assert_eq!(labelled(&read, "x"), set("e2"));
}

// ---------------------------------------------------------------------------------------
// 5: the initial position

/// (side, symbol, cells) as the setup drawing shows them: upper case White, lower case Black.
fn text_setup() -> BTreeSet<(Side, String, String)> {
    let white = [
        ("K", "a1"),
        ("R", "b1 b2"),
        ("B", "c1 c2 c3"),
        ("P", "d1 d2 d3 d4 e1 e2 e3"),
    ];
    let black = [
        ("K", "n1"),
        ("R", "m1 m2"),
        ("B", "l1 l2 l3"),
        ("P", "k1 k2 k3 k4 j1 j2 j3"),
    ];
    let mut out = BTreeSet::new();
    for (side, pieces) in [(Side::WHITE, white), (Side::BLACK, black)] {
        for (p, cells) in pieces {
            for c in cells.split_whitespace() {
                out.insert((side, p.to_string(), c.to_string()));
            }
        }
    }
    out
}

/// 5: "The King occupies the back rank. The second rank has two Rooks. Three Bishops ... are
/// on the third rank. ... Seven Pawns fill out each player's fourth and fifth ranks." The
/// drawing read cell by cell equals the variant's setup on the board, for both sides.
#[test]
fn setup_drawing() {
    let (v, _) = dagger();
    let read: BTreeSet<(Side, String, String)> = read_dagger(&v, "setup")
        .into_iter()
        .map(|(c, l)| {
            let side = if l == l.to_uppercase() {
                Side::WHITE
            } else {
                Side::BLACK
            };
            (side, l.to_uppercase(), c)
        })
        .collect();
    assert_eq!(read, text_setup(), "the drawing as read by hand");
    assert_eq!(
        read.len(),
        26,
        "13 a side on the board; the knights are in hand"
    );
    let mut on_board = BTreeSet::new();
    for side in Side::BOTH {
        for &(p, c) in v.setup(side).iter() {
            if !v.board().is_off_board(c) {
                let symbol = v.piece(p).symbol.clone();
                on_board.insert((side, symbol, v.board().name(c).to_string()));
            }
        }
    }
    assert_eq!(on_board, text_setup());
    // Black's array is White's turned 180 degrees (about g3).
    let turn = v.board().symmetry_map(Symmetry::Rotate).expect("symmetric");
    assert_eq!(v.board().name(turn[cell(&v, "g3").index()]), "g3");
    for (side, p, c) in text_setup().into_iter().filter(|e| e.0 == Side::WHITE) {
        let image = v.board().name(turn[cell(&v, &c).index()]).to_string();
        assert!(text_setup().contains(&(side.opponent(), p, image)));
    }
}

/// 5: "Dagger Chess uses eight pieces and seven Pawns": per side a king, two rooks, three
/// bishops and two knights in hand, seven pawns; "The initial array for each player does not
/// include a Queen"; "there's no need for castling"; the three bishops stand on the three
/// colours ("one for each color").
#[test]
fn eight_pieces_seven_pawns_no_queen_no_castling() {
    let (v, _) = dagger();
    for side in Side::BOTH {
        let mut count: BTreeMap<String, usize> = BTreeMap::new();
        for &(p, _) in v.setup(side) {
            *count.entry(v.piece(p).symbol.clone()).or_default() += 1;
        }
        let expected: BTreeMap<String, usize> = [("K", 1), ("R", 2), ("B", 3), ("N", 2), ("P", 7)]
            .into_iter()
            .map(|(s, n)| (s.to_string(), n))
            .collect();
        assert_eq!(count, expected, "{side:?}");
    }
    assert!(v.castlings().is_empty());
    assert_eq!(v.board().colour_count(), 3);
    let colours: BTreeSet<u8> = ["c1", "c2", "c3"]
        .iter()
        .map(|c| v.board().colour(cell(&v, c)))
        .collect();
    assert_eq!(colours.len(), 3);
}

/// 5, 7: "each player has two Knights 'in hand'", imagined "on the first rank on each side
/// of the King": White's on the off-board cells a0 (left of a1) and a2 (right of a1),
/// Black's on n0 and n2 beside n1. Turned 180 degrees, a0 becomes n2 and a2 becomes n0.
#[test]
fn knights_in_hand_on_the_off_board_cells() {
    let (v, _) = dagger();
    let knights = |side: Side| {
        names(
            &v,
            v.setup(side)
                .iter()
                .filter(|&&(p, _)| p == piece(&v, "N"))
                .map(|&(_, c)| c),
        )
    };
    assert_eq!(knights(Side::WHITE), set("a0 a2"));
    assert_eq!(knights(Side::BLACK), set("n0 n2"));
    assert_eq!(names(&v, v.board().off_board_cells()), set("a0 a2 n0 n2"));
    let c = |n: &str| v.board().coord(cell(&v, n));
    // a0 and a2 extend rank a on each side of a1; n0 and n2 extend rank n beside n1.
    assert_eq!(c("a1") - c("a0"), c("a2") - c("a1"));
    assert_eq!(c("a1") - c("a0"), c("d2") - c("d1"), "along the rank");
    assert_eq!(c("n1") - c("n0"), c("n2") - c("n1"));
    assert_eq!(c("n1") - c("n0"), c("d2") - c("d1"));
    let turn = v.board().symmetry_map(Symmetry::Rotate).expect("symmetric");
    let image = |n: &str| v.board().name(turn[cell(&v, n).index()]).to_string();
    assert_eq!(image("a0"), "n2");
    assert_eq!(image("a2"), "n0");
}

// ---------------------------------------------------------------------------------------
// 4: the board and its notation

/// 4: "The Dagger Chess board consists of 39 hexagonal squares ('cells') arranged in
/// thirteen ranks ... squares are numbered left to right": every cell of the drawing,
/// read onto the board, carries the number of the hexv cell there.
#[test]
fn board_drawing_numbers_every_cell() {
    let (v, _) = dagger();
    let read = read_dagger(&v, "board");
    assert_eq!(read.len(), 39);
    assert_eq!(v.board().len(), 39);
    for (name, label) in &read {
        assert_eq!(&name[1..], label, "the cell drawn at {name}");
    }
    let cells: BTreeSet<String> = read.iter().map(|(c, _)| c.clone()).collect();
    assert_eq!(cells, names(&v, v.board().cells()), "every cell drawn once");
}

/// 4: "Ranks are lettered 'a' to 'n' ('i' is not used)", "The shortest rank is each
/// player's back rank, consisting of one square. The longest rank, with five squares, is at
/// the board's middle." The drawing's margins carry each rank letter twice (left and right);
/// read down the right margin they run n to a.
#[test]
fn ranks_a_to_n_without_i() {
    let (v, _) = dagger();
    let mut ranks: BTreeMap<i32, (char, usize)> = BTreeMap::new();
    for c in v.board().cells() {
        let letter = v.board().name(c).chars().next().unwrap();
        let e = ranks.entry(v.board().coord(c).b).or_insert((letter, 0));
        assert_eq!(e.0, letter, "one letter per rank");
        e.1 += 1;
    }
    let letters: String = ranks.values().map(|(l, _)| *l).collect();
    assert_eq!(letters, "abcdefghjklmn");
    let lengths: Vec<usize> = ranks.values().map(|(_, n)| *n).collect();
    assert_eq!(lengths, [1, 2, 3, 4, 3, 4, 5, 4, 3, 4, 3, 2, 1]);
    // One-cell ranks: exactly the two back ranks, where the kings stand.
    let one: Vec<char> = ranks.values().filter(|r| r.1 == 1).map(|r| r.0).collect();
    assert_eq!(one, ['a', 'n']);
    let game_kings: Vec<&str> = Side::BOTH
        .iter()
        .map(|&s| {
            let &(_, c) = v.setup(s).iter().find(|&&(p, _)| v.piece(p).royal).unwrap();
            v.board().name(c)
        })
        .collect();
    assert_eq!(game_kings, ["a1", "n1"]);
    // The one five-cell rank is the middle one (7th of 13).
    let five: Vec<usize> = lengths
        .iter()
        .enumerate()
        .filter(|(_, &n)| n == 5)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(five, [6]);

    let text = drawing("board");
    let mut margin: BTreeMap<char, usize> = BTreeMap::new();
    for ch in text.chars().filter(char::is_ascii_alphabetic) {
        *margin.entry(ch).or_default() += 1;
    }
    assert_eq!(margin.keys().collect::<String>(), letters);
    assert!(margin.values().all(|&n| n == 2), "{margin:?}");
    let right: String = text
        .lines()
        .filter_map(|l| l.trim_end().chars().last())
        .filter(char::is_ascii_alphabetic)
        .collect();
    assert_eq!(right, letters.chars().rev().collect::<String>());
}

// ---------------------------------------------------------------------------------------
// 7: the knights in hand (entering, placed on the back cell, giving check, guarding, and the
// off-board cells in positions: tests/data/rules/dagger.rules, `entry`, `off-board`)

/// 7's drawing: "the Knight on 'a0' could move or capture to squares 'd1', 'd2', or 'c3'
/// (marked with 'z'). And the Knight on 'a2' could move or capture to squares 'd3', 'd4',
/// or 'c1' (marked with 'x')." The tables hold exactly these knight moves from a0 and a2,
/// each an entry that moves and captures, plus the placement on a1 (move only); for Black
/// the same turned 180 degrees.
#[test]
fn knight_entry_drawing() {
    let game = game(DAGGER);
    let (v, t) = (game.variant, game.tables);
    let read = read_dagger(v, "knight-entry");
    assert_eq!(
        read.len(),
        6,
        "the N's beside the board are not cells: {read:?}"
    );
    assert_eq!(labelled(&read, "z"), set("d1 d2 c3"));
    assert_eq!(labelled(&read, "x"), set("d3 d4 c1"));

    let entry_set = |cells: &str, back: &str| {
        let mut s: BTreeSet<_> = set(cells)
            .into_iter()
            .map(|c| (vec![c], BOTH, Some(Condition::Entry)))
            .collect();
        s.insert((vec![back.to_string()], MOVE_ONLY, Some(Condition::Entry)));
        s
    };
    let cases = [
        (Side::WHITE, "a0", labelled(&read, "z"), "a1"),
        (Side::WHITE, "a2", labelled(&read, "x"), "a1"),
        // The 180-degree images: d1 d2 c3 -> k4 k3 l1, d3 d4 c1 -> k2 k1 l3.
        (Side::BLACK, "n2", set("k4 k3 l1"), "n1"),
        (Side::BLACK, "n0", set("k2 k1 l3"), "n1"),
    ];
    for (side, from, cells, back) in cases {
        let cells: Vec<String> = cells.into_iter().collect();
        assert_eq!(
            entries(v, t, "N", side, from),
            entry_set(&cells.join(" "), back),
            "{side:?} knight on {from}"
        );
    }
}

/// 7: "it controls the squares (of the third or fourth rank) on which it may enter by moving
/// or capturing. At the start of the game the two Knights 'in hand' protect a player's
/// fourth-rank Pawns": between them they attack d1 d2 d3 d4 (and c1 c3), not the
/// fifth-rank pawns e1 e2 e3. "an offboard Knight does not control the 'a1' square", nor
/// the cells a knight on a1 would reach (d2 from a2, d3 from a0). (What each knight attacks,
/// one cell at a time, has no statement in the rule cases: it stays here.)
#[test]
fn knights_in_hand_protect_the_fourth_rank_pawns() {
    let game = game(DAGGER);
    let start = game.start_position();
    assert_eq!(attacked_from(&game, &start, "a0"), set("c3 d1 d2"));
    assert_eq!(attacked_from(&game, &start, "a2"), set("c1 d3 d4"));
    let mut both = attacked_from(&game, &start, "a0");
    both.extend(attacked_from(&game, &start, "a2"));
    let pawns = set("d1 d2 d3 d4 e1 e2 e3");
    let fourth = set("d1 d2 d3 d4");
    assert_eq!(
        pawns.intersection(&both).cloned().collect::<BTreeSet<_>>(),
        fourth
    );
    assert!(!both.contains("a1"));
    // The same for Black, turned around: k1-k4 (Black's fourth rank) from n0 and n2.
    let mut black = attacked_from(&game, &start, "n0");
    assert_eq!(black, set("k1 k2 l3"));
    black.extend(attacked_from(&game, &start, "n2"));
    assert_eq!(black, set("k1 k2 k3 k4 l1 l3"));
    // Through the engine, a Black piece that took a fourth-rank pawn with the knights in hand
    // as White's only guards: tests/data/rules/dagger.rules, `entry.guard`.
}

/// 7: "A Knight 'in hand' may not be captured by the opponent. Also, no piece on the board
/// may move (or 'capture') to the imaginary squares of the first rank": no table entry of
/// any piece from any cell lands on an off-board cell, an off-board cell is never attacked,
/// and in random games no legal move goes there and the knights in hand only ever leave
/// their cells by their own moves.
#[test]
fn nothing_moves_onto_or_captures_on_the_off_board_cells() {
    let (v, t) = dagger();
    for p in v.piece_ids() {
        for side in Side::BOTH {
            for from in v.board().all_cells() {
                for e in t.entries(p, side, from) {
                    assert!(
                        t.path(e).iter().all(|c| !v.board().is_off_board(*c)),
                        "{} of {side:?} from {}",
                        v.piece(p).name,
                        v.board().name(from)
                    );
                }
            }
        }
    }

    // Queens and rooks beside the off-board cells, lined up with them, attack none and move to
    // none: tests/data/rules/dagger.rules, `off-board`.
    let game = Game::new(&v, &t);
    let off: Vec<CellId> = v.board().off_board_cells().collect();
    let mut rng = Rng(0xDA66_E4C4_0002_1998);
    let mut entries = 0;
    for _ in 0..30 {
        let mut pos = game.start_position();
        for _ in 0..80 {
            let moves = game.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                assert!(!v.board().is_off_board(m.to), "{m:?}");
                assert!(m
                    .en_passant_victim
                    .is_none_or(|c| !v.board().is_off_board(c)));
            }
            let mv = &moves[rng.below(moves.len())];
            entries += usize::from(mv.from.is_some_and(|c| v.board().is_off_board(c)));
            let next = game.play(&pos, mv);
            for &c in &off {
                let (before, after) = (pos.squares[c.index()], next.squares[c.index()]);
                assert!(
                    before == after || (after.is_none() && mv.from == Some(c)),
                    "{} changed by {mv:?}",
                    v.board().name(c)
                );
            }
            pos = next;
        }
    }
    assert!(
        entries > 10,
        "the games brought knights in: {entries} entries"
    );
}

// ---------------------------------------------------------------------------------------
// 6.2, 6.4: promotion, forced on the opponent's back cell: tests/data/rules/dagger.rules,
// `promotion`
