//! De Vasa's Hexagonal Chess (`variants/de-vasa.hexv`) against its rule texts, cited at the top
//! of that file: [WIK] Wikipedia, "Hexagonal chess", de Vasa's section
//! (https://en.wikipedia.org/wiki/Hexagonal_chess); [PB] Pritchard and Beasley's Classified
//! Encyclopedia of Chess Variants (2007), 22.4, and [MOD] the 1954 revision sheet, both known
//! only as quoted; [LUD] Ludii, "De Vasa Chess"
//! (https://ludii.games/details.php?keyword=De+Vasa+Chess); [QUA] quadibloc, "Hexagonal Chess
//! II" (http://quadibloc.com/chess/ch0402.htm); [JOM] Jocly's program for the game
//! (src/games/chessbase/hex/devasa-model.js, https://github.com/aclap-dev/jocly). Every
//! expected value below was derived by hand from the texts and the geometry, never read from
//! hexv.
//!
//! **The board by name.** A cell is `(f, r)`: file index `f` (a = 0 ... i = 8) and the rank
//! 1-9. The texts: a rhombus of 9 x 9 hexes standing on a corner, so the ranks are horizontal
//! rows [WIK, LUD]; each rank lies half a cell left of the one below [JOM], so a file climbs to
//! 11 o'clock and every file has all nine ranks. From a cell:
//!
//! - up the file (11 o'clock) is `(0, +1)`; along the rank to the right (3 o'clock) is
//!   `(+1, 0)`; the neighbour at 1 o'clock touches both, so it is their sum `(+1, +1)`; the
//!   edge neighbours at 5, 7 and 9 o'clock are these negated;
//! - a diagonal step (2, 4, ... o'clock) passes between two edge neighbours and lands on
//!   their sum: 2 `(2, 1)`, 4 `(1, -1)`, 6 `(-1, -2)`, 8 `(-2, -1)`, 10 `(-1, 1)`,
//!   12 `(1, 2)`;
//! - the knight (Glinski's) makes two edge steps and one more turned 60 degrees: `(3, 2)`,
//!   `(2, 3)`, `(3, 1)`, `(2, -1)`, `(1, -2)`, `(-1, -3)`, `(-2, -3)`, `(-3, -2)`, `(-3, -1)`,
//!   `(-2, 1)`, `(-1, 2)`, `(1, 3)`;
//! - Black's army is White's turned 180 degrees [WIK: kings on opposite wings; JOM]:
//!   `(f, r) -> (8 - f, 10 - r)` (a1 <-> i9, f1 <-> d9), and Black's hours are White's turned,
//!   vectors negated;
//! - colours: an edge step changes the colour and a diagonal keeps it, so the colour class is
//!   `(f + r) mod 3` (an edge step adds 2, 1 or 1; a diagonal 3 or 0).

use std::collections::BTreeSet;

use hexv::variant::Side;

// The vectors of the module comment (edges 1 3 5 7 9 11 o'clock `(1, 1)`, `(1, 0)`, ...;
// diagonals 2 4 ... 12 o'clock `(2, 1)`, `(1, -1)`, ...; the knight's `(3, 2)`, `(2, 3)`, ...)
// are `board_model::FILE_RANK`.
use crate::board_model::{
    assert_armies, assert_board, assert_glinski_pieces_from, assert_glinski_pieces_on_every_cell,
    assert_on_every_cell, pawn_at_11_and_1, BoardModel, FileRank, FromCell, FILE_RANK,
};
use crate::support::load;

const DE_VASA: &str = "variants/de-vasa.hexv";

// ---------------------------------------------------------------------------------------
// The geometry of the module comment

/// A cell as (file index, a = 0; rank).
type Fr = (i32, i32);

const FILES: &str = "abcdefghi";

/// The board as the module comment models it.
const B: FileRank = FileRank {
    files: FILES,
    cells: on_board,
    half_turn: turn,
};

fn on_board((f, r): Fr) -> bool {
    (0..=8).contains(&f) && (1..=9).contains(&r)
}

fn all_cells() -> Vec<Fr> {
    (0..=8).flat_map(|f| (1..=9).map(move |r| (f, r))).collect()
}

fn turn((f, r): Fr) -> Fr {
    (8 - f, 10 - r)
}

fn colour((f, r): Fr) -> i32 {
    (f + r).rem_euclid(3)
}

// ---------------------------------------------------------------------------------------
// The board and the setup

/// [WIK, LUD]: 81 cells, 9 x 9; [MOD]: 27 of each colour. The corners a1 i1 a9 i9: a1 and i9
/// (the obtuse corners) have colour (0 + 1) mod 3 = 1 and (8 + 9) mod 3 = 2, i1 and a9 both 0.
#[test]
fn board_files_ranks_and_colours() {
    let (v, _) = load(DE_VASA);
    let cells = all_cells();
    assert_eq!(cells.len(), 81);
    assert_board(
        &v,
        &B,
        &cells,
        &["a0", "j1", "a10", "i10"],
        colour,
        [27, 27, 27],
    );
    assert_eq!(colour(B.fr("i1")), colour(B.fr("a9")));
}

/// [JOM]: White R a1 i1, N b1 h1, B c1 e1 g1, Q d1, K f1, pawns a3-i3; Black is White turned
/// 180 degrees, K d9 Q f9 R a9 i9 N b9 h9 B c9 e9 g9, pawns a7-i7, so the kings stand on
/// opposite wings [WIK]. The three bishops of a side stand on the three colours.
#[test]
fn setup_is_the_texts_for_both_sides() {
    let (v, _) = load(DE_VASA);
    let white = [
        ("K", "f1"),
        ("Q", "d1"),
        ("R", "a1 i1"),
        ("N", "b1 h1"),
        ("B", "c1 e1 g1"),
        ("P", "a3 b3 c3 d3 e3 f3 g3 h3 i3"),
    ];
    let black = [
        ("K", "d9"),
        ("Q", "f9"),
        ("R", "a9 i9"),
        ("N", "b9 h9"),
        ("B", "c9 e9 g9"),
        ("P", "a7 b7 c7 d7 e7 f7 g7 h7 i7"),
    ];
    assert_armies(&v, &B, &white, &black, 18);
    let bishop_colours: BTreeSet<i32> =
        ["c1", "e1", "g1"].iter().map(|c| colour(B.fr(c))).collect();
    assert_eq!(bishop_colours.len(), 3);
}

// ---------------------------------------------------------------------------------------
// The pieces on an empty board

/// [WIK, LUD]: the pieces other than the pawn move as Glinski's. From the centre e5 (4,5),
/// worked out with the vectors above:
///
/// - King: edges f6 f5 e4 d4 d5 e6, diagonals g6 f4 d3 c4 d6 f7;
/// - Rook: 1 o'clock f6 g7 h8 i9, 3 f5 g5 h5 i5, 5 e4 e3 e2 e1, 7 d4 c3 b2 a1, 9 d5 c5 b5
///   a5, 11 e6 e7 e8 e9 (24);
/// - Bishop: 2 g6 i7, 4 f4 g3 h2 i1, 6 d3 c1, 8 c4 a3, 10 d6 c7 b8 a9, 12 f7 g9 (16);
/// - Knight: h7 g8 h6 g4 f3 d2 c2 b3 b4 c6 d7 f8;
/// - White's Pawn (not on its start rank): e6 f6 (moves, 11 and 1 o'clock), d6 g6 (captures,
///   10 and 2 o'clock); Black's: e4 d4 (moves), f4 c4 (captures);
/// - White's Pawn on e3, its start rank: also the two-cell moves e5 and g5.
///
/// From the acute corner i1: King h1 i2 h2 (3).
#[test]
fn each_piece_from_e5_as_the_texts_say() {
    let (v, t) = load(DE_VASA);
    assert_glinski_pieces_from(
        &v,
        &t,
        &FromCell {
            from: "e5",
            king: "f6 f5 e4 d4 d5 e6 g6 f4 d3 c4 d6 f7",
            rook: (
                "f6 g7 h8 i9 f5 g5 h5 i5 e4 e3 e2 e1 d4 c3 b2 a1 d5 c5 b5 a5 e6 e7 e8 e9",
                24,
            ),
            bishop: ("g6 i7 f4 g3 h2 i1 d3 c1 c4 a3 d6 c7 b8 a9 f7 g9", 16),
            queen: true,
            knight: "h7 g8 h6 g4 f3 d2 c2 b3 b4 c6 d7 f8",
            also: &[
                ("P", Side::WHITE, "e5", "e6 f6 d6 g6"),
                ("P", Side::BLACK, "e5", "e4 d4 f4 c4"),
                ("P", Side::WHITE, "e3", "e4 f4 e5 g5 d4 g4"),
                ("K", Side::WHITE, "i1", "h1 i2 h2"),
            ],
        },
    );
}

/// Every cell, both sides: Glinski's King (castling from f1 to h1 and c1, Black's from d9 to b9
/// and g9), Rook, Bishop, Queen and Knight, and the pawn's two moves, two captures and, from
/// rank 3 (Black's 7), two-cell moves.
#[test]
fn every_piece_on_every_cell_follows_the_geometry() {
    let (v, t) = load(DE_VASA);
    let cells = all_cells();
    let castlings = [(Side::WHITE, "f1", "h1 c1"), (Side::BLACK, "d9", "b9 g9")];
    assert_glinski_pieces_on_every_cell(&v, &t, &B, &cells, &FILE_RANK, "K R B Q N", &castlings);
    assert_on_every_cell(&v, &t, &B, &cells, "P", |side, c| {
        pawn_at_11_and_1(&B, side, c, if side == Side::WHITE { 3 } else { 7 })
    });
}

// ---------------------------------------------------------------------------------------
// Pawns, promotion, castling, pins, the end of the game, pieces in positions and the start's
// moves: tests/data/rules/de-vasa.rules
