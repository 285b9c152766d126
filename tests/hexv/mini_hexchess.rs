//! Mini Hexchess (`variants/mini-hexchess.hexv`) against its rule texts, cited at the top of
//! that file: [CVP] The Chess Variant Pages, "Mini Hexchess"
//! (https://www.chessvariants.com/hexagonal.dir/minihex.html), which gives McCooey's rules
//! ([MCC], variants/mccooey.hexv) with two changes: no double step (so no en passant), and
//! promotion on the seven far hexes to a rook, bishop or knight only; [GRE] Green Chess's
//! rules (https://zoldsakk.hu/en/rules.php?v=mini-hex); [LUD] Ludii
//! (https://ludii.games/details.php?keyword=Mini%20Hexchess); [GC] the Game Courier preset's
//! start position, for the setup cells [CVP] shows only in a picture. Every expected value
//! below was derived by hand from the texts and the geometry, never read from hexv. The cases
//! of pawns, promotion, pins, check, checkmate and stalemate are data, derived with this
//! geometry: `tests/data/rules/mini-hexchess.rules`.
//!
//! **The board by name.** 37 hexes, four on a side, lying on a side, so the files a-g are
//! vertical, of 4 5 6 7 6 5 4 cells numbered from each file's bottom cell. A cell is `(q, h)`:
//! the column `q` (a = -3 ... g = 3) and the height in half cells, the centre d4 at (0, 0), so
//! file `q` runs from `h = -(6 - |q|)` up to `6 - |q|` in steps of 2, and rank `r` of it is at
//! `h = -(6 - |q|) + 2 (r - 1)`. From a cell:
//!
//! - the edge neighbours, clockwise from 12 o'clock: (0, 2), (1, 1), (1, -1), (0, -2),
//!   (-1, -1), (-1, 1);
//! - a diagonal (1, 3, ... o'clock) passes between two edge neighbours and lands on their sum:
//!   1 (1, 3), 3 (2, 0), 5 (1, -3), 7 (-1, -3), 9 (-2, 0), 11 (-1, 3);
//! - the knight (Glinski's, as in McCooey's game) goes two edge steps one way and one edge
//!   step turned 60 degrees: (1, 5) (-1, 5) (2, 4) (3, 1) (3, -1) (2, -4) (1, -5) (-1, -5)
//!   (-2, -4) (-3, -1) (-3, 1) (-2, 4);
//! - Black's army is White's turned 180 degrees about d4, `(q, h) -> (-q, -h)`, and Black's
//!   hours are White's turned (vectors negated);
//! - colours: an edge step changes the colour and a diagonal step keeps it, so with
//!   `y = (h - q) / 2` the colour class is `(q - y) mod 3` (edges change it by 1, 2, 2, ...;
//!   diagonals by 0 or 3).

use std::collections::BTreeSet;

use hexv::variant::Side;

use crate::board_model::BoardModel;
use crate::rule_support::{all_moves, play};
use crate::support::{cell, empty_destinations, game, load, names, piece, set};

const MINI: &str = "variants/mini-hexchess.hexv";

// ---------------------------------------------------------------------------------------
// The geometry of the module comment

/// A cell as (column, height in half cells), d4 = (0, 0).
type Qh = (i32, i32);

const FILES: &str = "abcdefg";

/// 12 2 4 6 8 10 o'clock.
const EDGES: [Qh; 6] = [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)];
/// 1 3 5 7 9 11 o'clock.
const DIAGONALS: [Qh; 6] = [(1, 3), (2, 0), (1, -3), (-1, -3), (-2, 0), (-1, 3)];
const KNIGHT: [Qh; 12] = [
    (1, 5),
    (-1, 5),
    (2, 4),
    (3, 1),
    (3, -1),
    (2, -4),
    (1, -5),
    (-1, -5),
    (-2, -4),
    (-3, -1),
    (-3, 1),
    (-2, 4),
];

/// The highest half-cell height of column `q`.
fn top(q: i32) -> i32 {
    6 - q.abs()
}

fn on_board((q, h): Qh) -> bool {
    q.abs() <= 3 && h.abs() <= top(q) && (h - top(q)).rem_euclid(2) == 0
}

/// The board as the module comment models it.
struct Model;

const B: Model = Model;

impl BoardModel for Model {
    fn on_board(&self, c: Qh) -> bool {
        on_board(c)
    }

    fn nm(&self, (q, h): Qh) -> String {
        let i = (q + 3) as usize;
        format!("{}{}", &FILES[i..i + 1], (h + top(q)) / 2 + 1)
    }

    fn fr(&self, name: &str) -> Qh {
        let q = FILES.find(&name[..1]).expect("a file letter") as i32 - 3;
        let r: i32 = name[1..].parse().expect("a rank");
        (q, -top(q) + 2 * (r - 1))
    }

    fn turn(&self, (q, h): Qh) -> Qh {
        (-q, -h)
    }
}

fn all_cells() -> Vec<Qh> {
    (-3..=3)
        .flat_map(|q| (0..=2 * top(q) / 2).map(move |k| (q, -top(q) + 2 * k)))
        .collect()
}

fn colour((q, h): Qh) -> i32 {
    (q - (h - q) / 2).rem_euclid(3)
}

// ---------------------------------------------------------------------------------------
// The board and the setup

/// [CVP]: 37 hexes, a perfect hexagon; with four cells a side its files a-g hold 4 5 6 7 6 5 4
/// cells, and a5, b6, c7, d8, e7, f6, g5 do not exist. hexv's colours are the geometry's. The
/// six corners d1 (0,-6), a1 (-3,-3), a4 (-3,3), d7 (0,6), g4 (3,3), g1 (3,-3) are all of
/// one colour: neighbouring corners are three edge steps apart along one side, each changing
/// the class by the same amount (1 or 2), so by 3 in all. The 180 degree turn maps the board
/// onto itself.
#[test]
fn board_files_ranks_and_colours() {
    let (v, _) = load(MINI);
    let board = v.board();
    assert_eq!(board.len(), 37);
    let expected: BTreeSet<String> = all_cells().into_iter().map(|c| B.nm(c)).collect();
    assert_eq!(expected.len(), 37);
    assert_eq!(names(&v, board.cells()), expected);
    let lengths: Vec<usize> = (-3..=3)
        .map(|q| all_cells().iter().filter(|c| c.0 == q).count())
        .collect();
    assert_eq!(lengths, [4, 5, 6, 7, 6, 5, 4]);
    for f in ["a5", "b6", "c7", "d8", "e7", "f6", "g5", "h1", "d0"] {
        assert_eq!(board.find(f), None, "{f} is not a cell");
    }
    for c in all_cells() {
        for d in all_cells() {
            let same = board.colour(cell(&v, &B.nm(c))) == board.colour(cell(&v, &B.nm(d)));
            assert_eq!(same, colour(c) == colour(d), "{} {}", B.nm(c), B.nm(d));
        }
    }
    let corners: BTreeSet<i32> = ["d1", "d7", "a1", "a4", "g1", "g4"]
        .iter()
        .map(|c| colour(B.fr(c)))
        .collect();
    assert_eq!(corners.len(), 1);
    assert!(all_cells().into_iter().all(|(q, h)| on_board((-q, -h))));
}

/// [CVP, GRE, LUD]: a king, a rook, a bishop, a knight and five pawns each, no queen. White
/// (the [CVP] diagram, [GC]'s preset): K d2, R e1, B d1, N c1, pawns b1 c2 d3 e2 f1; Black is
/// White turned 180 degrees: K d6, R c6, B d7, N e6, pawns f5 e5 d5 c5 b5.
#[test]
fn setup_is_the_texts_for_both_sides() {
    let (v, _) = load(MINI);
    assert!(v.find_piece("Q").is_none(), "no queen in Mini Hexchess");
    let white = [
        ("K", "d2"),
        ("R", "e1"),
        ("B", "d1"),
        ("N", "c1"),
        ("P", "b1 c2 d3 e2 f1"),
    ];
    let black = [
        ("K", "d6"),
        ("R", "c6"),
        ("B", "d7"),
        ("N", "e6"),
        ("P", "b5 c5 d5 e5 f5"),
    ];
    for (side, army) in [(Side::White, white), (Side::Black, black)] {
        for (key, cells) in army {
            let p = piece(&v, key);
            let placed = names(
                &v,
                v.setup(side)
                    .iter()
                    .filter(|(q, _)| *q == p)
                    .map(|(_, c)| *c),
            );
            assert_eq!(placed, set(cells), "{side:?} {key}");
        }
        assert_eq!(v.setup(side).len(), 9, "{side:?}");
    }
    for ((key, w), (_, b)) in white.iter().zip(black.iter()) {
        assert_eq!(B.turned(w), set(b), "{key}");
    }
}

// ---------------------------------------------------------------------------------------
// The pieces

/// From the centre d4 (0,0), worked out with the vectors above:
///
/// - King: edges d5 e4 e3 d3 c3 c4, diagonals e5 f3 e2 c2 b3 c5;
/// - Rook: up d5-d7, down d3-d1, 2 o'clock e4 f4 g4, 4 o'clock e3 f2 g1, 8 o'clock c3 b2 a1,
///   10 o'clock c4 b4 a4 (18);
/// - Bishop: one cell on each diagonal, the next is off the board: e5 f3 e2 c2 b3 c5;
/// - Knight: e6 c6 f5 g3 g2 f1 e1 c1 b1 a2 a3 b5;
/// - White's Pawn: d5, and its captures at 11 and 1 o'clock, c5 and e5; Black's: d3, and
///   its captures at White's 5 and 7 o'clock, e2 and c2 — no second cell ahead for either.
#[test]
fn each_piece_from_d4_as_the_texts_say() {
    let (v, t) = load(MINI);
    let from = cell(&v, "d4");
    let dest = |key: &str, side| empty_destinations(&v, &t, piece(&v, key), side, from);
    assert_eq!(
        dest("K", Side::White),
        set("d5 e4 e3 d3 c3 c4 e5 f3 e2 c2 b3 c5")
    );
    let rook = set("d5 d6 d7 d3 d2 d1 e4 f4 g4 e3 f2 g1 c3 b2 a1 c4 b4 a4");
    assert_eq!(rook.len(), 18);
    assert_eq!(dest("R", Side::White), rook);
    assert_eq!(dest("B", Side::White), set("e5 f3 e2 c2 b3 c5"));
    assert_eq!(
        dest("N", Side::White),
        set("e6 c6 f5 g3 g2 f1 e1 c1 b1 a2 a3 b5")
    );
    assert_eq!(dest("P", Side::White), set("d5 c5 e5"));
    assert_eq!(dest("P", Side::Black), set("d3 e2 c2"));
    // The corner d1: King d2 e1 c1 e2 c2, Bishop along 11 and 1 o'clock.
    let d1 = cell(&v, "d1");
    assert_eq!(
        empty_destinations(&v, &t, piece(&v, "K"), Side::White, d1),
        set("d2 e1 c1 e2 c2")
    );
    assert_eq!(
        empty_destinations(&v, &t, piece(&v, "B"), Side::White, d1),
        set("c2 b3 a4 e2 f3 g4")
    );
}

/// The same rules on every cell, for both sides: the king's twelve neighbours (no castling),
/// the riders' lines to the edge, the knight's twelve leaps, and the pawn's single step and
/// two diagonal captures (no double step anywhere).
#[test]
fn every_piece_on_every_cell_follows_the_geometry() {
    let (v, t) = load(MINI);
    let all: Vec<Qh> = EDGES.iter().chain(&DIAGONALS).copied().collect();
    for side in [Side::White, Side::Black] {
        let sign = if side == Side::White { 1 } else { -1 };
        for c in all_cells() {
            let name = B.nm(c);
            let dest =
                |key: &str| empty_destinations(&v, &t, piece(&v, key), side, cell(&v, &name));
            assert_eq!(dest("K"), B.steps(c, &all), "K {name}");
            assert_eq!(dest("R"), B.rays(c, &EDGES), "R {name}");
            assert_eq!(dest("B"), B.rays(c, &DIAGONALS), "B {name}");
            assert_eq!(dest("N"), B.steps(c, &KNIGHT), "N {name}");
            let pawn = B.steps(c, &[(0, 2 * sign), (-sign, 3 * sign), (sign, 3 * sign)]);
            assert_eq!(dest("P"), pawn, "P {name} {side:?}");
        }
    }
}

/// At the start each side has 9 moves (docs/perft.md): five single pawn steps (no double
/// step [CVP]) and the knight's four leaps (White c1: a2 b3 d4 e3; its leap to f1 lands on a
/// pawn), and nothing else: the rook, bishop and king are boxed in, and the king's two free
/// diagonal cells c3 and e4 are covered by Black's pawns d5 and f5.
#[test]
fn the_start_moves_for_both_sides() {
    let game = game(MINI);
    let start = game.start_position();
    assert_eq!(
        all_moves(&game, &start),
        set("b1-b2 c2-c3 d3-d4 e2-e3 f1-f2 c1-a2 c1-b3 c1-d4 c1-e3")
    );
    let black = play(&game, &start, "c1-a2");
    assert_eq!(
        all_moves(&game, &black),
        set("b5-b4 c5-c4 d5-d4 e5-e4 f5-f4 e6-c4 e6-d4 e6-f3 e6-g3")
    );
    assert!(game.parse_move(&start, "b1-b3").is_err());
    assert!(crate::support::castlings(&game, &start).is_empty());
}
