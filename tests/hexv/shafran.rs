//! Shafran's Hexagonal Chess (`variants/shafran.hexv`) against its rule texts, cited at the top
//! of that file: [CVP] The Chess Variant Pages, "Shafran's Hexagonal Chess"
//! (https://www.chessvariants.com/rules/shafrans-hexagonal-chess); [SHE] "Hexagonal Chess by
//! I G Shafran" (http://www.math.bas.bg/~iad/tyalie/shegra/shegrax.html); [JOC] the Jocly rules,
//! "Shafran chess" (https://www.chessvariants.com/play/jocly/shafran-chess), and [JOM] Jocly's
//! program for them (src/games/chessbase/shafran-model.js, https://github.com/aclap-dev/jocly),
//! which gives the cells of the rules page's lost pictures; [GRE] Green Chess,
//! "Shafran's Chess" (https://greenchess.net/rules.php?v=shafran); [WIK] Wikipedia, "Hexagonal
//! chess" (https://en.wikipedia.org/wiki/Hexagonal_chess), Shafran's section. Every expected
//! value below was derived by hand from the texts and the geometry, never read from hexv.
//!
//! **The board by name.** A cell is `(f, r)`: file index `f` (a = 0 ... i = 8) and the rank
//! number as the notation writes it. The texts: nine vertical files of 6 7 8 9 10 9 8 7 6
//! cells [SHE, CVP]; the ranks are the lines from 10 to 4 o'clock, numbered 1-10 [SHE]; rank 1
//! is the edge a1-e1 and White's king stands on the lowest cell e1, with f2 g3 h4 i5 to its
//! right on other ranks [CVP]. So file `f` holds ranks `max(1, f - 3)` to `min(10, f + 6)`
//! (a1-a6, ..., e1-e10, f2-f10, g3-g10, h4-h10, i5-i10), and from a cell:
//!
//! - up the file (12 o'clock) is `(0, +1)`; along its rank to the right (4 o'clock) is
//!   `(+1, 0)`; the neighbour at 2 o'clock touches both, so it is their sum `(+1, +1)`; the
//!   edge neighbours at 6, 8 and 10 o'clock are these negated;
//! - a diagonal step (1, 3, ... o'clock) passes between two edge neighbours and lands on
//!   their sum: 1 `(1, 2)`, 3 `(2, 1)`, 5 `(1, -1)`, 7 `(-1, -2)`, 9 `(-2, -1)`,
//!   11 `(-1, 1)`;
//! - the knight (Glinski's [CVP: "like McCooey's"]) makes one edge step and then one diagonal
//!   step outward: 12+11 `(-1, 2)`, 12+1 `(1, 3)`, 2+1 `(2, 3)`, 2+3 `(3, 2)`, 4+3 `(3, 1)`,
//!   4+5 `(2, -1)`, 6+5 `(1, -2)`, 6+7 `(-1, -3)`, 8+7 `(-2, -3)`, 8+9 `(-3, -2)`,
//!   10+9 `(-3, -1)`, 10+11 `(-2, 1)`;
//! - Black's army is White's turned 180 degrees [SHE, JOM]: `(f, r) -> (8 - f, 11 - r)` (a1 <->
//!   i10, e1 <-> e10, i5 <-> a6), and Black's hours are White's turned, vectors negated;
//! - colours: an edge step must change the colour and a diagonal step keep it, so the colour
//!   class is `(f + r) mod 3` (an edge step adds 1, 2 or 1; a diagonal 3 or 0).

use std::collections::BTreeSet;

use hexv::variant::Side;

// The vectors of the module comment (edges 12 2 4 6 8 10 o'clock `(0, 1)`, `(1, 1)`, ...;
// diagonals 1 3 ... 11 o'clock `(1, 2)`, `(2, 1)`, ...; the knight's `(-1, 2)`, `(1, 3)`, ...)
// are `board_model::FILE_RANK`, Brusky's and de Vasa's with other hours.
use crate::board_model::{
    assert_armies, assert_board, assert_glinski_pieces_from, assert_glinski_pieces_on_every_cell,
    assert_on_every_cell, plus, sign, BoardModel, FileRank, FromCell, FILE_RANK,
};
use crate::support::{load, set};

const SHAFRAN: &str = "variants/shafran.hexv";

// ---------------------------------------------------------------------------------------
// The geometry of the module comment

/// A cell as (file index, a = 0; rank as written).
type Fr = (i32, i32);

const FILES: &str = "abcdefghi";

fn ranks(f: i32) -> std::ops::RangeInclusive<i32> {
    (f - 3).max(1)..=(f + 6).min(10)
}

/// The board as the module comment models it.
const B: FileRank = FileRank {
    files: FILES,
    cells: on_board,
    half_turn: turn,
};

fn on_board((f, r): Fr) -> bool {
    (0..=8).contains(&f) && ranks(f).contains(&r)
}

fn all_cells() -> Vec<Fr> {
    (0..=8)
        .flat_map(|f| ranks(f).map(move |r| (f, r)))
        .collect()
}

fn turn((f, r): Fr) -> Fr {
    (8 - f, 11 - r)
}

fn colour((f, r): Fr) -> i32 {
    (f + r).rem_euclid(3)
}

// ---------------------------------------------------------------------------------------
// The board and the setup

/// [SHE, CVP, WIK]: 70 cells, files a-i of 6 7 8 9 10 9 8 7 6, named by the 10-to-4 o'clock
/// ranks; [SHE]: 23, 23 and 24 cells of the three colours and two corners of each. The
/// corners are a1 a6 e1 e10 i5 i10: colours (f + r) mod 3 = 1 0 2 2 1 0.
#[test]
fn board_files_ranks_and_colours() {
    let (v, _) = load(SHAFRAN);
    let cells = all_cells();
    assert_eq!(cells.len(), 70);
    let lengths: Vec<usize> = (0..=8).map(|f| ranks(f).count()).collect();
    assert_eq!(lengths, [6, 7, 8, 9, 10, 9, 8, 7, 6]);
    let not_cells = ["f1", "g2", "h3", "i4", "a7", "e11", "f11"];
    assert_board(&v, &B, &cells, &not_cells, colour, [23, 23, 24]);
    for (x, y) in [("a1", "i5"), ("a6", "i10"), ("e1", "e10")] {
        assert_eq!(colour(B.fr(x)), colour(B.fr(y)), "{x} {y}");
    }
}

/// [SHE]: White K e1, Q d1, R a1 i5, N b1 g3, B c1 f2 h4, pawns a2 b2 c2 d2 e2 f3 g4 h5 i6, "a
/// Pawn immediately in front of each" officer, the three bishops on three colours; Black's
/// queen, like White's, on its king's left: Black is White turned, K e10 Q f10 R i10 a6 N h10
/// c8 B g10 d9 b7, pawns i9 h9 g9 f9 e9 d8 c7 b6 a5 ([JOM] has the same cells; [WIK]: kings
/// e1 e10, rooks a1 i5 a6 i10).
#[test]
fn setup_is_the_texts_for_both_sides() {
    let (v, _) = load(SHAFRAN);
    let white = [
        ("K", "e1"),
        ("Q", "d1"),
        ("R", "a1 i5"),
        ("N", "b1 g3"),
        ("B", "c1 f2 h4"),
        ("P", "a2 b2 c2 d2 e2 f3 g4 h5 i6"),
    ];
    let black = [
        ("K", "e10"),
        ("Q", "f10"),
        ("R", "i10 a6"),
        ("N", "h10 c8"),
        ("B", "g10 d9 b7"),
        ("P", "i9 h9 g9 f9 e9 d8 c7 b6 a5"),
    ];
    assert_armies(&v, &B, &white, &black, 18);
    // Each officer on the lowest cell of its file, its pawn on the next one.
    for f in 0..=8 {
        let low = *ranks(f).start();
        let officer = white
            .iter()
            .find(|(k, c)| *k != "P" && set(c).contains(&B.nm((f, low))));
        assert!(officer.is_some(), "file {f}");
        assert!(set(white[5].1).contains(&B.nm((f, low + 1))), "file {f}");
    }
    let bishop_colours: BTreeSet<i32> =
        ["c1", "f2", "h4"].iter().map(|c| colour(B.fr(c))).collect();
    assert_eq!(bishop_colours.len(), 3);
}

// ---------------------------------------------------------------------------------------
// The pieces on an empty board

/// [CVP]: the King "one space in any orthogonal or diagonal direction ... up to 12"; the Rook
/// "any number of spaces in any orthogonal direction"; the Bishop along the diagonals; the
/// Queen both; the Knight as Glinski's. From e5 (4,5), worked out with the vectors above:
///
/// - King: edges e6 f6 f5 e4 d4 d5, diagonals f7 g6 f4 d3 c4 d6;
/// - Rook: up e6-e10, down e4-e1, 2 o'clock f6 g7 h8 i9, 4 o'clock f5 g5 h5 i5, 8 o'clock
///   d4 c3 b2 a1, 10 o'clock d5 c5 b5 a5 (25);
/// - Bishop: 1 f7 g9, 3 g6 i7, 5 f4 g3, 7 d3 c1, 9 c4 a3, 11 d6 c7 (12);
/// - Knight: d7 f8 g8 h7 h6 g4 f3 d2 c2 b3 b4 c6;
/// - White's Pawn: e6 (move), d6 and f7 (captures at 11 and 1 o'clock); Black's: e4, and its
///   captures at White's 5 and 7 o'clock, f4 and d3.
///
/// From the corner a1: King a2 b2 b1 b3 c2 (5).
#[test]
fn each_piece_from_e5_as_the_texts_say() {
    let (v, t) = load(SHAFRAN);
    assert_glinski_pieces_from(
        &v,
        &t,
        &FromCell {
            from: "e5",
            king: "e6 f6 f5 e4 d4 d5 f7 g6 f4 d3 c4 d6",
            rook: (
                "e6 e7 e8 e9 e10 e4 e3 e2 e1 f6 g7 h8 i9 f5 g5 h5 i5 d4 c3 b2 a1 d5 c5 b5 a5",
                25,
            ),
            bishop: ("f7 g9 g6 i7 f4 g3 d3 c1 c4 a3 d6 c7", 12),
            queen: true,
            knight: "d7 f8 g8 h7 h6 g4 f3 d2 c2 b3 b4 c6",
            also: &[
                ("P", Side::WHITE, "e5", "e6 d6 f7"),
                ("P", Side::BLACK, "e5", "e4 f4 d3"),
                ("K", Side::WHITE, "a1", "a2 b2 b1 b3 c2"),
            ],
        },
    );
}

/// The same rules on every cell, for both sides: the king's twelve neighbours (and, from its
/// start cell, its four castling cells), the riders' lines to the edge, the knight's twelve
/// leaps, and the pawn's step, captures and first-move advances (three cells from d2 e2 f3,
/// two from b2 c2 g4 h5, Black's turned).
#[test]
fn every_piece_on_every_cell_follows_the_geometry() {
    let (v, t) = load(SHAFRAN);
    let cells = all_cells();
    // White's cells, or Black's: White's turned.
    let turn_set = |side, cells: &str| match side {
        Side::WHITE => set(cells),
        _ => B.turned(cells),
    };
    let black = |cells| turn_set(Side::BLACK, cells).into_iter().collect::<Vec<_>>();
    let (king, castle) = (black("e1").join(" "), black("c1 b1 g3 h4").join(" "));
    let castlings = [
        (Side::WHITE, "e1", "c1 b1 g3 h4"),
        (Side::BLACK, king.as_str(), castle.as_str()),
    ];
    assert_glinski_pieces_on_every_cell(&v, &t, &B, &cells, &FILE_RANK, "K R B Q N", &castlings);
    let (three, two) = ("d2 e2 f3", "b2 c2 g4 h5");
    assert_on_every_cell(&v, &t, &B, &cells, "P", |side, c| {
        let (s, name) = (sign(side), B.nm(c));
        let ahead = (0, s);
        let mut pawn = B.steps(c, &[ahead, (-s, s), (s, 2 * s)]);
        let reach = if turn_set(side, three).contains(&name) {
            3
        } else if turn_set(side, two).contains(&name) {
            2
        } else {
            1
        };
        for k in 2..=reach {
            pawn.insert(B.nm(plus(c, ahead, k)));
        }
        pawn
    });
}

// ---------------------------------------------------------------------------------------
// Pawns, promotion, castling, pins, the end of the game, pieces in positions and the start's
// moves: tests/data/rules/shafran.rules

/// The rule cases give Black's multi-step cells as White's turned 180 degrees (the pawns' start
/// cells b2 c2 d2 e2 f3 g4 h5): so they are, by the geometry above.
#[test]
fn blacks_multi_step_cells_are_whites_turned() {
    assert_eq!(
        B.turned("b2 c2 d2 e2 f3 g4 h5"),
        set("h9 g9 f9 e9 d8 c7 b6")
    );
}

/// The rule cases give the promotion cells as the last cell of every file (White's) and the
/// first (Black's) [JOM]: so they are, by the geometry above.
#[test]
fn the_promotion_cells_are_the_ends_of_the_files() {
    let tops: String = (0..=8)
        .map(|f| format!("{} ", B.nm((f, *ranks(f).end()))))
        .collect();
    let bottoms: String = (0..=8)
        .map(|f| format!("{} ", B.nm((f, *ranks(f).start()))))
        .collect();
    assert_eq!(tops.trim(), "a6 b7 c8 d9 e10 f10 g10 h10 i10");
    assert_eq!(bottoms.trim(), "a1 b1 c1 d1 e1 f2 g3 h4 i5");
}

/// The rule cases' castlings each run along one line: the king's cells and the rook's are steps
/// along one edge vector (rank 1 at 10 o'clock, e1-i5 at 2 o'clock).
#[test]
fn each_castling_runs_along_one_edge_line() {
    for (king, rook, d) in [("e1", "a1", (-1, 0)), ("e1", "i5", (1, 1))] {
        assert_eq!(plus(B.fr(king), d, 4), B.fr(rook));
    }
}
