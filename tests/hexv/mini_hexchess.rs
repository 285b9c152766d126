//! Mini Hexchess (`variants/mini-hexchess.hexv`) against its rule texts, cited at the top of
//! that file: [CVP] The Chess Variant Pages, "Mini Hexchess"
//! (https://www.chessvariants.com/hexagonal.dir/minihex.html), which gives McCooey's rules
//! ([MCC], variants/mccooey.hexv) with two changes: no double step (so no en passant), and
//! promotion on the seven far hexes to a rook, bishop or knight only; [GRE] Green Chess's
//! rules (https://zoldsakk.hu/en/rules.php?v=mini-hex); [LUD] Ludii
//! (https://ludii.games/details.php?keyword=Mini%20Hexchess); [GC] the Game Courier preset's
//! start position, for the setup cells [CVP] shows only in a picture. Every expected value
//! below was derived by hand from the texts and the geometry, never read from hexv. The cases
//! of pawns, promotion, pins, check, checkmate and stalemate, and the start's moves, are data,
//! derived with this geometry: `tests/data/rules/mini-hexchess.rules`.
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

use crate::board_model::{
    assert_armies, assert_board, assert_glinski_pieces_from, assert_glinski_pieces_on_every_cell,
    assert_on_every_cell, sign, BoardModel, FromCell, Vectors,
};
use crate::support::load;

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

const VECTORS: Vectors = Vectors {
    edges: &EDGES,
    diagonals: &DIAGONALS,
    knight: &KNIGHT,
};

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
/// the class by the same amount (1 or 2), so by 3 in all. The colour classes hold 13, 12 and
/// 12 cells: at hex distance k from d4 stand 6k cells; d4's class takes d4, the six diagonal
/// cells of distance 2 (each the sum of two neighbouring edge steps, one changing the class by 1
/// and the other by 2) and the six corners; the other two classes take half of the six edge
/// neighbours, half of the six cells two edge steps straight out, and half of the twelve other
/// cells of distance 3 (two edge steps and one turned 60 degrees: 2 + 2 + 1 or 1 + 1 + 2,
/// changing the class by 2 or by 1), 3 + 3 + 6 each. The 180 degree turn maps the board onto
/// itself.
#[test]
fn board_files_ranks_and_colours() {
    let (v, _) = load(MINI);
    let cells = all_cells();
    assert_eq!(cells.len(), 37);
    let lengths: Vec<usize> = (-3..=3)
        .map(|q| cells.iter().filter(|c| c.0 == q).count())
        .collect();
    assert_eq!(lengths, [4, 5, 6, 7, 6, 5, 4]);
    let not_cells = ["a5", "b6", "c7", "d8", "e7", "f6", "g5", "h1", "d0"];
    assert_board(&v, &B, &cells, &not_cells, colour, [12, 12, 13]);
    let corners: BTreeSet<i32> = ["d1", "d7", "a1", "a4", "g1", "g4"]
        .iter()
        .map(|c| colour(B.fr(c)))
        .collect();
    assert_eq!(corners.len(), 1);
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
    assert_armies(&v, &B, &white, &black, 9);
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
    assert_glinski_pieces_from(
        &v,
        &t,
        &FromCell {
            from: "d4",
            king: "d5 e4 e3 d3 c3 c4 e5 f3 e2 c2 b3 c5",
            rook: ("d5 d6 d7 d3 d2 d1 e4 f4 g4 e3 f2 g1 c3 b2 a1 c4 b4 a4", 18),
            bishop: ("e5 f3 e2 c2 b3 c5", 6),
            queen: false,
            knight: "e6 c6 f5 g3 g2 f1 e1 c1 b1 a2 a3 b5",
            also: &[
                ("P", Side::WHITE, "d4", "d5 c5 e5"),
                ("P", Side::BLACK, "d4", "d3 e2 c2"),
                // The corner d1: King d2 e1 c1 e2 c2, Bishop along 11 and 1 o'clock.
                ("K", Side::WHITE, "d1", "d2 e1 c1 e2 c2"),
                ("B", Side::WHITE, "d1", "c2 b3 a4 e2 f3 g4"),
            ],
        },
    );
}

/// The same rules on every cell, for both sides: the king's twelve neighbours (no castling),
/// the riders' lines to the edge, the knight's twelve leaps, and the pawn's single step and
/// two diagonal captures (no double step anywhere).
#[test]
fn every_piece_on_every_cell_follows_the_geometry() {
    let (v, t) = load(MINI);
    let cells = all_cells();
    assert_glinski_pieces_on_every_cell(&v, &t, &B, &cells, &VECTORS, "K R B N", &[]);
    assert_on_every_cell(&v, &t, &B, &cells, "P", |side, c| {
        let s = sign(side);
        B.steps(c, &[(0, 2 * s), (-s, 3 * s), (s, 3 * s)])
    });
}
