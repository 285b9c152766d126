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

use std::collections::BTreeSet;

use hexv::game::fast::Engine;
use hexv::variant::Side;

use crate::board_model::{plus, BoardModel, FileRank};
use crate::rule_support::{all_moves, assert_setup, at, moves_from, play, union};
use crate::support::{cell, empty_destinations, game, load, names, piece, set};

const BRUSKY: &str = "variants/brusky.hexv";

// ---------------------------------------------------------------------------------------
// The geometry of the module comment

/// A cell as (file index, a = 0; rank).
type Fr = (i32, i32);

const FILES: &str = "abcdefghijkl";

/// 1 3 5 7 9 11 o'clock.
const EDGES: [Fr; 6] = [(1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0), (0, 1)];
/// 2 4 6 8 10 12 o'clock.
const DIAGONALS: [Fr; 6] = [(2, 1), (1, -1), (-1, -2), (-2, -1), (-1, 1), (1, 2)];
const KNIGHT: [Fr; 12] = [
    (3, 2),
    (2, 3),
    (3, 1),
    (2, -1),
    (1, -2),
    (-1, -3),
    (-2, -3),
    (-3, -2),
    (-3, -1),
    (-2, 1),
    (-1, 2),
    (1, 3),
];

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

/// The turned image of moves written `a1-b2` / `a1xb2` (Black's moves for White's).
fn turned_moves(moves: &BTreeSet<String>) -> BTreeSet<String> {
    moves
        .iter()
        .map(|m| {
            let sep = if m.contains('x') { 'x' } else { '-' };
            let (f, t) = m.split_once(sep).expect("a move");
            format!("{}{sep}{}", B.nm(turn(B.fr(f))), B.nm(turn(B.fr(t))))
        })
        .collect()
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
    let board = v.board();
    assert_eq!(board.len(), 84);
    let cells = all_cells();
    assert_eq!(cells.len(), 84);
    let expected: BTreeSet<String> = cells.iter().copied().map(|c| B.nm(c)).collect();
    assert_eq!(names(&v, board.cells()), expected);
    let per_file: Vec<usize> = (0..12)
        .map(|f| cells.iter().filter(|c| c.0 == f).count())
        .collect();
    assert_eq!(per_file, [5, 6, 7, 8, 8, 8, 8, 8, 8, 7, 6, 5]);
    let per_rank: Vec<usize> = (1..=8)
        .map(|r| cells.iter().filter(|c| c.1 == r).count())
        .collect();
    assert_eq!(per_rank, [9, 10, 11, 12, 12, 11, 10, 9]);
    for f in ["a6", "b7", "c8", "j1", "k2", "l3", "d0", "d9", "m4"] {
        assert_eq!(board.find(f), None, "{f} is not a cell");
    }
    let mut sizes = [0; 3];
    for &c in &cells {
        sizes[colour(c) as usize] += 1;
        for &d in &cells {
            let same = board.colour(cell(&v, &B.nm(c))) == board.colour(cell(&v, &B.nm(d)));
            assert_eq!(same, colour(c) == colour(d), "{} {}", B.nm(c), B.nm(d));
        }
    }
    assert_eq!(sizes, [28, 28, 28]);
    let mut board_sizes = board.colour_sizes();
    board_sizes.sort();
    assert_eq!(board_sizes, [28, 28, 28]);
    assert!(cells.iter().all(|c| on_board(turn(*c))));
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
    for (side, army) in [(Side::White, white), (Side::Black, black)] {
        assert_eq!(assert_setup(&v, side, &army), 19, "{side:?}");
    }
    for (key, cells) in white {
        let black_cells = black
            .iter()
            .find(|(k, _)| *k == key)
            .expect("same pieces")
            .1;
        assert_eq!(B.turned(cells), set(black_cells), "{key}");
    }
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
    let from = cell(&v, "f4");
    let dest = |key: &str, side| empty_destinations(&v, &t, piece(&v, key), side, from);
    assert_eq!(
        dest("K", Side::White),
        set("g5 g4 f3 e3 e4 f5 h5 g3 e2 d3 e5 g6")
    );
    let rook = set("g5 h6 i7 j8 g4 h4 i4 j4 k4 l4 f3 f2 f1 e3 d2 c1 e4 d4 c4 b4 a4 f5 f6 f7 f8");
    assert_eq!(rook.len(), 25);
    assert_eq!(dest("R", Side::White), rook);
    let bishop = set("h5 j6 l7 g3 h2 i1 e2 d3 b2 e5 d6 c7 g6 h8");
    assert_eq!(bishop.len(), 14);
    assert_eq!(dest("B", Side::White), bishop);
    assert_eq!(dest("Q", Side::White), union(&[rook, bishop]));
    assert_eq!(
        dest("N", Side::White),
        set("i6 h7 i5 h3 g2 e1 d1 c2 c3 d5 e6 g7")
    );
    assert_eq!(dest("P", Side::White), set("f5 g5 e5 h5"));
    assert_eq!(dest("P", Side::Black), set("f3 e3 g3 d3"));
    let pawn = |side, at: &str| empty_destinations(&v, &t, piece(&v, "P"), side, cell(&v, at));
    assert_eq!(pawn(Side::White, "f2"), set("f3 g3 f4 h4 e3 h3 g4"));
    assert_eq!(pawn(Side::Black, "f7"), set("f6 e6 f5 d5 g6 d6 e5"));
    assert_eq!(
        empty_destinations(&v, &t, piece(&v, "K"), Side::White, cell(&v, "a1")),
        set("b2 b1 a2 c2 b3")
    );
}

/// The same rules on every cell, for both sides: the king's twelve neighbours (and, from its
/// start cell, its two castling cells), the riders' lines to the edge, the knight's twelve
/// leaps, and the pawn's two moves and two captures and, from its start rank, its two-cell
/// moves and the straight-ahead capture.
#[test]
fn every_piece_on_every_cell_follows_the_geometry() {
    let (v, t) = load(BRUSKY);
    let all: Vec<Fr> = EDGES.iter().chain(&DIAGONALS).copied().collect();
    for side in [Side::White, Side::Black] {
        let s = if side == Side::White { 1 } else { -1 };
        let (king_start, castle_to, start_rank) = match side {
            Side::White => ("f1", set("h1 c1"), 2),
            Side::Black => ("g8", set("e8 j8"), 7),
        };
        for c in all_cells() {
            let name = B.nm(c);
            let dest =
                |key: &str| empty_destinations(&v, &t, piece(&v, key), side, cell(&v, &name));
            let mut king = B.steps(c, &all);
            if name == king_start {
                king.extend(castle_to.clone());
            }
            assert_eq!(dest("K"), king, "K {name}");
            assert_eq!(dest("R"), B.rays(c, &EDGES), "R {name}");
            assert_eq!(dest("B"), B.rays(c, &DIAGONALS), "B {name}");
            assert_eq!(dest("Q"), B.rays(c, &all), "Q {name}");
            assert_eq!(dest("N"), B.steps(c, &KNIGHT), "N {name}");
            let pushes = [(0, s), (s, s)];
            let mut pawn = B.steps(c, &[(0, s), (s, s), (-s, s), (2 * s, s)]);
            if c.1 == start_rank {
                pawn.extend(
                    pushes
                        .iter()
                        .map(|d| plus(c, *d, 2))
                        .filter(|t| on_board(*t))
                        .map(|c| B.nm(c)),
                );
                pawn.extend(B.steps(c, &[(s, 2 * s)]));
            }
            assert_eq!(dest("P"), pawn, "P {name} {side:?}");
        }
    }
}

/// Riders stop at the first piece (capturing an enemy there); a diagonal passes between two
/// cells, so only the cells it lands on block it; the knight leaps (White's king on a1, Black's
/// on l8, out of every line below). The Rook on f4 with a White pawn on f6 and a Black one on
/// h4: up the file only f5, along 3 o'clock g4 and h4 (taking). The Bishop on f4 with pieces on
/// f5 and g5 (the two cells its 12 o'clock step passes between) still reaches g6 and h8. The
/// Knight on f4 ringed by pieces on all twelve king cells still has its twelve leaps.
#[test]
fn riders_stop_at_pieces_diagonals_pass_between_and_knights_leap() {
    let game = game(BRUSKY);
    let pos = at(&game, Side::White, "K a1 k l8 R f4 P f6 p h4", "");
    assert_eq!(
        moves_from(&game, &pos, "f4"),
        set(
            "f4-g5 f4-h6 f4-i7 f4-j8 f4-g4 f4xh4 f4-f3 f4-f2 f4-f1 f4-e3 f4-d2 f4-c1 \
             f4-e4 f4-d4 f4-c4 f4-b4 f4-a4 f4-f5"
        )
    );
    let pos = at(&game, Side::White, "K a1 k l8 B f4 P f5 p g5", "");
    assert_eq!(
        moves_from(&game, &pos, "f4"),
        set("f4-h5 f4-j6 f4-l7 f4-g3 f4-h2 f4-i1 f4-e2 f4-d3 f4-b2 f4-e5 f4-d6 f4-c7 f4-g6 f4-h8")
    );
    let ring = "g5 g4 f3 e3 e4 f5 h5 g3 e2 d3 e5 g6";
    let pieces: String = ring.split_whitespace().map(|c| format!(" P {c}")).collect();
    let pos = at(&game, Side::White, &format!("K a1 k l8 N f4{pieces}"), "");
    assert_eq!(
        moves_from(&game, &pos, "f4"),
        set("f4-i6 f4-h7 f4-i5 f4-h3 f4-g2 f4-e1 f4-d1 f4-c2 f4-c3 f4-d5 f4-e6 f4-g7")
    );
}

/// The start, piece by piece (derived in docs/perft.md): each of the ten pawns a2-j2 one or
/// two cells at 11 and at 1 o'clock, all on the board (rank 3 reaches k3, rank 4 l4): 40; the
/// rooks a1 and i1 are shut in; knights b1 (a3 c4 d4 e3) and h1 (g3 i4 j4 k3); each piece on
/// the back rank's 12 o'clock line passes between two pawns and runs up the empty middle to a
/// Black pawn on rank 7: bishops c1 (d3 e5, takes f7), e1 (f3 g5, takes h7), g1 (h3 i5, takes
/// j7), the queen d1 (e3 f5, takes g7), the king f1 one step (g3): 61. Black's 61 are their
/// turned image.
#[test]
fn the_start_moves_for_both_sides() {
    let game = game(BRUSKY);
    let start = game.start_position();
    let white = "a2-a3 a2-a4 a2-b3 a2-c4 b2-b3 b2-b4 b2-c3 b2-d4 c2-c3 c2-c4 c2-d3 c2-e4 \
                 d2-d3 d2-d4 d2-e3 d2-f4 e2-e3 e2-e4 e2-f3 e2-g4 f2-f3 f2-f4 f2-g3 f2-h4 \
                 g2-g3 g2-g4 g2-h3 g2-i4 h2-h3 h2-h4 h2-i3 h2-j4 i2-i3 i2-i4 i2-j3 i2-k4 \
                 j2-j3 j2-j4 j2-k3 j2-l4 b1-a3 b1-c4 b1-d4 b1-e3 h1-g3 h1-i4 h1-j4 h1-k3 \
                 c1-d3 c1-e5 c1xf7 e1-f3 e1-g5 e1xh7 g1-h3 g1-i5 g1xj7 d1-e3 d1-f5 d1xg7 \
                 f1-g3";
    assert_eq!(set(white).len(), 61);
    assert_eq!(all_moves(&game, &start), set(white));
    // Black, after a White move that changes nothing for it (a2-a3: no Black line reaches
    // the a-file).
    assert_eq!(
        all_moves(&game, &play(&game, &start, "a2-a3")),
        turned_moves(&set(white))
    );
}

/// Perft from the start: depth 1 is the 61 moves above; depth 2 sums Black's replies to each,
/// 61 (the turned image) unless the first move touches one of Black's moves, as docs/perft.md
/// derives:
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
    let engine = Engine::new(game).expect("the board fits the fast engine");
    let state = engine.state(&start);
    assert_eq!(engine.perft(&state, 1), 61);
    assert_eq!(engine.perft(&state, 2), 3583);
    assert_eq!(engine.perft(&state, 3), 217_783);
}

// ---------------------------------------------------------------------------------------
// Pawns, promotion, castling, pins and the end of the game: tests/data/rules/brusky.rules

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
