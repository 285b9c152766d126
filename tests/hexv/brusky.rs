//! Brusky's Hexagonal Chess (`variants/brusky.hexv`) against its rule texts, cited at the top
//! of that file: [CVP] The Chess Variant Pages, "Brusky's Hexagonal Chess"
//! (https://www.chessvariants.com/rules/bruskyshexagonalchess); [LUD] Ludii, "Brusky Chess"
//! (https://ludii.games/details.php?keyword=Brusky+Chess), its rules text and its program;
//! [WIK] Wikipedia, "Hexagonal chess", Brusky's section
//! (https://en.wikipedia.org/wiki/Hexagonal_chess). Where they differ, the file's header
//! says which is followed. Every expected value below was derived by hand from the texts and
//! the geometry, never read from hexv.
//!
//! **The board by name.** A cell is `(f, r)`: file index `f` (a = 0 ... l = 11) and the rank
//! 1-8. The texts [CVP]: 84 hexes standing on a corner, horizontal ranks 1-8 of 9 10 11 12 12
//! 11 10 9 cells, files lettered along the lines leaning to 11 o'clock: a1-a5, b1-b6, c1-c7,
//! d1-d8 ... i1-i8, j2-j8, k3-k8, l4-l8. Each rank up to rank 5 starts half a cell left of the
//! one below it, on the a-file (a1 ... a5 are the left ends); the ranks above start half a cell
//! right of the one below, on b6, c7 and d8. So rank `r` holds the files
//! `max(0, r - 5) ..= min(11, r + 7)`: a1-i1, a2-j2, a3-k3, a4-l4, a5-l5, b6-l6, c7-l7, d8-l8.
//! Horizontally the cell `(f, r)` stands `f - r / 2` cells from a fixed vertical line (a1 at
//! -1/2, a5 at -5/2, d8 at -1). So from a cell:
//!
//! - up the file (11 o'clock) is `(0, +1)`, half a cell left on the next rank; along the rank to
//!   the right (3 o'clock) is `(+1, 0)`; the neighbour at 1 o'clock touches both, so it is
//!   their sum `(+1, +1)`; the edge neighbours at 5, 7 and 9 o'clock are these negated;
//! - a diagonal step (2, 4, ... o'clock) passes between two edge neighbours and lands on
//!   their sum: 2 `(2, 1)`, 4 `(1, -1)`, 6 `(-1, -2)`, 8 `(-2, -1)`, 10 `(-1, 1)`,
//!   12 `(1, 2)` (straight up, two ranks);
//! - the knight (Glinski's) makes two edge steps and one more turned 60 degrees: `(3, 2)`,
//!   `(2, 3)`, `(3, 1)`, `(2, -1)`, `(1, -2)`, `(-1, -3)`, `(-2, -3)`, `(-3, -2)`, `(-3, -1)`,
//!   `(-2, 1)`, `(-1, 2)`, `(1, 3)`;
//! - the board turned 180 degrees sends rank `r` to `9 - r` and the point `f - r / 2` to
//!   `6.5 - (f - r / 2)` (rank 1 spans -0.5 .. 7.5, rank 8 -1 .. 7), so
//!   `(f, r) -> (11 - f, 9 - r)`: a1 <-> l8, f1 <-> g8. Black's army is White's turned [CVP:
//!   "rotational symmetry"], and Black's hours are White's turned, vectors negated;
//! - colours: an edge step changes the colour and a diagonal keeps it, so the colour class is
//!   `(f + r) mod 3` (an edge step adds 2, 1 or 1; a diagonal 3 or 0).
//!
//! **The pawn** (White's; Black's turned): moves one cell to 11 `(0, 1)` or 1 o'clock
//! `(1, 1)`; from its start cell (rank 2, Black's rank 7) one or two cells along either, over
//! an empty cell, with en passant on the cell passed, but not at all while an enemy piece
//! stands on either of those two neighbours; captures at 10 `(-1, 1)` and 2 o'clock `(2, 1)`,
//! and from its start cell also straight ahead, 12 o'clock `(1, 2)`; promotes on rank 8
//! (Black: rank 1).

use hexv::game::fast::FastEngine;
use hexv::game::Engine;
use hexv::variant::Side;

// The vectors of the module comment (edges 1 3 5 7 9 11 o'clock `(1, 1)`, `(1, 0)`, ...;
// diagonals 2 4 ... 12 o'clock `(2, 1)`, `(1, -1)`, ...; the knight's `(3, 2)`, `(2, 3)`, ...)
// are `board_model::FILE_RANK`.
use crate::board_model::{
    assert_armies, assert_board, assert_glinski_pieces_from, assert_glinski_pieces_on_every_cell,
    assert_on_every_cell, pawn_at_11_and_1, sign, BoardModel, FileRank, FromCell, FILE_RANK,
};
use crate::rule_support::{all_moves, play};
use crate::support::{game, load, set};

const BRUSKY: &str = "variants/brusky.hexv";

// ---------------------------------------------------------------------------------------
// The geometry of the module comment

/// A cell as (file index, a = 0; rank).
type Fr = (i32, i32);

const FILES: &str = "abcdefghijkl";

/// The board as the module comment models it.
const B: FileRank = FileRank {
    files: FILES,
    cells: on_board,
    half_turn: turn,
};

fn on_board((f, r): Fr) -> bool {
    (1..=8).contains(&r) && ((r - 5).max(0)..=(r + 7).min(11)).contains(&f)
}

fn all_cells() -> Vec<Fr> {
    (1..=8)
        .flat_map(|r| (0..=11).map(move |f| (f, r)))
        .filter(|c| on_board(*c))
        .collect()
}

fn turn((f, r): Fr) -> Fr {
    (11 - f, 9 - r)
}

fn colour((f, r): Fr) -> i32 {
    (f + r).rem_euclid(3)
}

// ---------------------------------------------------------------------------------------
// The board and the setup

/// [CVP]: 84 cells, files a-e ... l of 5 6 7 8 8 8 8 8 8 7 6 5 cells (2 x 5 + 2 x 6 + 2 x 7 +
/// 6 x 8), ranks of 9 10 11 12 12 11 10 9; three colours, 28 cells each (counted with the
/// class `(f + r) mod 3`). The cells just past the ends of the files (a6, b7, c8, j1, k2, l3,
/// d0, d9) and past the twelfth file (m4) do not exist.
#[test]
fn board_files_ranks_and_colours() {
    let (v, _) = load(BRUSKY);
    let cells = all_cells();
    assert_eq!(cells.len(), 84);
    let per_file: Vec<usize> = (0..12)
        .map(|f| cells.iter().filter(|c| c.0 == f).count())
        .collect();
    assert_eq!(per_file, [5, 6, 7, 8, 8, 8, 8, 8, 8, 7, 6, 5]);
    let per_rank: Vec<usize> = (1..=8)
        .map(|r| cells.iter().filter(|c| c.1 == r).count())
        .collect();
    assert_eq!(per_rank, [9, 10, 11, 12, 12, 11, 10, 9]);
    let not_cells = ["a6", "b7", "c8", "j1", "k2", "l3", "d0", "d9", "m4"];
    assert_board(&v, &B, &cells, &not_cells, colour, [28, 28, 28]);
    assert_eq!(B.nm(turn(B.fr("a1"))), "l8");
}

/// [CVP]: from each player's left, R N B Q B K B N R on the back rank and ten pawns on the
/// next: White R a1 i1, N b1 h1, B c1 e1 g1, Q d1, K f1, pawns a2-j2. Black's army is White's
/// turned 180 degrees ("rotational symmetry"; [LUD]'s program swaps Black's king and queen,
/// not followed): from Black's left (l8) R N B Q B K B N R, so K g8 Q i8 R d8 l8 N e8 k8 B f8
/// h8 j8, pawns c7-l7. The three bishops of a side stand on the three colours: c1 (2 + 1) mod
/// 3 = 0, e1 2, g1 1.
#[test]
fn setup_is_the_texts_for_both_sides() {
    let (v, _) = load(BRUSKY);
    let white = [
        ("K", "f1"),
        ("Q", "d1"),
        ("R", "a1 i1"),
        ("N", "b1 h1"),
        ("B", "c1 e1 g1"),
        ("P", "a2 b2 c2 d2 e2 f2 g2 h2 i2 j2"),
    ];
    let black = [
        ("K", "g8"),
        ("Q", "i8"),
        ("R", "d8 l8"),
        ("N", "e8 k8"),
        ("B", "f8 h8 j8"),
        ("P", "c7 d7 e7 f7 g7 h7 i7 j7 k7 l7"),
    ];
    assert_armies(&v, &B, &white, &black, 19);
    let bishop_colours: Vec<i32> = ["c1", "e1", "g1"].iter().map(|c| colour(B.fr(c))).collect();
    assert_eq!(bishop_colours, [0, 2, 1]);
}

// ---------------------------------------------------------------------------------------
// The pieces on an empty board

/// [CVP, LUD]: the pieces other than the pawn move as Glinski's. From f4 (5,4), worked out
/// with the vectors above:
///
/// - King: edges g5 g4 f3 e3 e4 f5, diagonals h5 g3 e2 d3 e5 g6;
/// - Rook: 1 o'clock g5 h6 i7 j8, 3 g4 h4 i4 j4 k4 l4, 5 f3 f2 f1, 7 e3 d2 c1, 9 e4 d4 c4 b4
///   a4, 11 f5 f6 f7 f8 (25);
/// - Bishop: 2 h5 j6 l7, 4 g3 h2 i1, 6 e2, 8 d3 b2, 10 e5 d6 c7, 12 g6 h8 (14);
/// - Knight: i6 h7 i5 h3 g2 e1 d1 c2 c3 d5 e6 g7;
/// - White's Pawn (off its start rank): f5 g5 (moves, 11 and 1 o'clock), e5 h5 (captures, 10
///   and 2 o'clock); Black's: f3 e3 (moves), g3 d3 (captures);
/// - White's Pawn on f2, its start cell: f3 g3 and f4 h4 (one or two cells), e3 h3 (10 and 2
///   o'clock) and g4 (12 o'clock); Black's on f7, its start cell: f6 e6, f5 d5, g6 d6, e5.
///
/// From the corner a1: King b2 b1 a2 (edges), c2 b3 (diagonals).
#[test]
fn each_piece_from_f4_as_the_texts_say() {
    let (v, t) = load(BRUSKY);
    assert_glinski_pieces_from(
        &v,
        &t,
        &FromCell {
            from: "f4",
            king: "g5 g4 f3 e3 e4 f5 h5 g3 e2 d3 e5 g6",
            rook: (
                "g5 h6 i7 j8 g4 h4 i4 j4 k4 l4 f3 f2 f1 e3 d2 c1 e4 d4 c4 b4 a4 f5 f6 f7 f8",
                25,
            ),
            bishop: ("h5 j6 l7 g3 h2 i1 e2 d3 b2 e5 d6 c7 g6 h8", 14),
            queen: true,
            knight: "i6 h7 i5 h3 g2 e1 d1 c2 c3 d5 e6 g7",
            also: &[
                ("P", Side::WHITE, "f4", "f5 g5 e5 h5"),
                ("P", Side::BLACK, "f4", "f3 e3 g3 d3"),
                ("P", Side::WHITE, "f2", "f3 g3 f4 h4 e3 h3 g4"),
                ("P", Side::BLACK, "f7", "f6 e6 f5 d5 g6 d6 e5"),
                ("K", Side::WHITE, "a1", "b2 b1 a2 c2 b3"),
            ],
        },
    );
}

/// The same rules on every cell, for both sides: Glinski's King, Rook, Bishop, Queen and Knight
/// (the King castling from f1 to h1 and c1, Black's from g8 to e8 and j8), and Brusky's pawn:
/// de Vasa's (two moves and two captures, the two-cell moves from rank 2, Black's 7) and, from
/// its start rank, the capture straight ahead.
#[test]
fn every_piece_on_every_cell_follows_the_geometry() {
    let (v, t) = load(BRUSKY);
    let cells = all_cells();
    let castlings = [(Side::WHITE, "f1", "h1 c1"), (Side::BLACK, "g8", "e8 j8")];
    assert_glinski_pieces_on_every_cell(&v, &t, &B, &cells, &FILE_RANK, "K R B Q N", &castlings);
    assert_on_every_cell(&v, &t, &B, &cells, "P", |side, c| {
        let start_rank = if side == Side::WHITE { 2 } else { 7 };
        let mut pawn = pawn_at_11_and_1(&B, side, c, start_rank);
        if c.1 == start_rank {
            // Straight ahead, 12 o'clock.
            pawn.extend(B.steps(c, &[(sign(side), 2 * sign(side))]));
        }
        pawn
    });
}

/// Perft from the start: depth 1 is the 61 moves of tests/data/rules/brusky.rules (`start`);
/// depth 2 sums Black's replies to each, 61 (the turned image) unless the first move touches
/// one of Black's moves, as docs/perft.md derives:
///
/// - 60: a piece lands on rank 4 of one of Black's 6 o'clock lines f8-e6-d4-c2, h8-g6-f4-e2,
///   i8-h6-g4-f2, j8-i6-h4-g2 (the Black piece takes it there and no longer reaches rank 2):
///   b1-d4 b2-d4 d2-d4, d2-f4 f2-f4, e2-g4 g2-g4, f2-h4 h2-h4; f6, the Black king's one move,
///   becomes attacked: by a knight from c4 (3,2) or e3 (1,3), or by the rook a1 up its 1
///   o'clock line a1 b2 c3 d4 e5 f6 once b2 leaves it (b2-b3, b2-b4; b2-c3 and b2-d4 stay on
///   it); a bishop on rank 5 blocks two pawn moves and is taken straight ahead: c1-e5 (e7-e5
///   and g7-e5 gone, f7xe5), g1-i5 (i7-i5, k7-i5 gone, j7xi5, k8-i5 becomes k8xi5): 15 moves;
/// - 59: c1xf7 (f7's four moves gone, g8xf7 and h8xf7 new), d1-f5 (f7-f5, h7-f5 blocked and f6
///   attacked from f5, g7xf5 new), e1-g5 (g7-g5, i7-g5 blocked and f6 attacked at 10 o'clock,
///   h7xg5 new);
/// - 58: g1xj7 (j7's four moves gone, i8xj7 new);
/// - 4: d1xg7 and e1xh7 check the king g8 from its 5 o'clock neighbour and its 4 o'clock
///   diagonal; f6 is covered (g7's 7 o'clock neighbour, h7's 8 o'clock diagonal) and the
///   checker is taken: e8xg7 f8xg7 g8xg7 i8xg7, g8xh7 i8xh7 j8xh7 k8xh7.
///
/// 40 x 61 + 15 x 60 + 3 x 59 + 58 + 2 x 4 = 3 583. Depth 3, 217 783, is the independent
/// counter's (tools/perft_check.py), entry by entry.
#[test]
fn perft_from_the_start() {
    let game = game(BRUSKY);
    let start = game.start_position();
    let expected = |m: &str| -> usize {
        match m {
            "d1xg7" | "e1xh7" => 4,
            "g1xj7" => 58,
            "c1xf7" | "d1-f5" | "e1-g5" => 59,
            "b1-d4" | "b2-d4" | "d2-d4" | "d2-f4" | "f2-f4" | "e2-g4" | "g2-g4" | "f2-h4"
            | "h2-h4" | "b1-c4" | "b1-e3" | "b2-b3" | "b2-b4" | "c1-e5" | "g1-i5" => 60,
            _ => 61,
        }
    };
    let mut total = 0;
    for m in all_moves(&game, &start) {
        let after = play(&game, &start, &m);
        let replies = all_moves(&game, &after);
        assert_eq!(replies.len(), expected(&m), "after {m}");
        total += replies.len();
    }
    assert_eq!(total, 3583);
    let after = play(&game, &start, "d1xg7");
    assert_eq!(all_moves(&game, &after), set("e8xg7 f8xg7 g8xg7 i8xg7"));
    let after = play(&game, &start, "e1xh7");
    assert_eq!(all_moves(&game, &after), set("g8xh7 i8xh7 j8xh7 k8xh7"));
    let engine = FastEngine::new(game).expect("the board fits the fast engine");
    let state = engine.state(&start);
    assert_eq!(engine.perft(&state, 1), 61);
    assert_eq!(engine.perft(&state, 2), 3583);
    assert_eq!(engine.perft(&state, 3), 217_783);
}

// ---------------------------------------------------------------------------------------
// Pawns, promotion, castling, pins, the end of the game, pieces in positions and the start's
// moves: tests/data/rules/brusky.rules

/// The rule cases give Black's castling cells as White's turned 180 degrees (kingside f1 h1
/// i1 g1, queenside f1 c1 a1 d1): so they are, by the geometry above.
#[test]
fn blacks_castling_cells_are_whites_turned() {
    for (w, b) in [
        ("f1 h1 i1 g1", "g8 e8 d8 f8"),
        ("f1 c1 a1 d1", "g8 j8 l8 i8"),
    ] {
        assert_eq!(B.turned(w), set(b));
    }
}
