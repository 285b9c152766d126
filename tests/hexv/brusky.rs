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
use hexv::game::{Game, GameEnd, Position};
use hexv::variant::{Score, Side};

use crate::rule_support::{
    all_moves, assert_castlings_performed, assert_setup, at, ending, moves_from, on, play,
    promotions, refusal, union,
};
use crate::support::castlings;
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

fn on_board((f, r): Fr) -> bool {
    (1..=8).contains(&r) && ((r - 5).max(0)..=(r + 7).min(11)).contains(&f)
}

fn fr(name: &str) -> Fr {
    let f = FILES.find(&name[..1]).expect("a file letter") as i32;
    (f, name[1..].parse().expect("a rank"))
}

fn nm((f, r): Fr) -> String {
    format!("{}{}", &FILES[f as usize..f as usize + 1], r)
}

fn all_cells() -> Vec<Fr> {
    (1..=8)
        .flat_map(|r| (0..=11).map(move |f| (f, r)))
        .filter(|c| on_board(*c))
        .collect()
}

fn plus((f, r): Fr, (df, dr): Fr, k: i32) -> Fr {
    (f + k * df, r + k * dr)
}

fn turn((f, r): Fr) -> Fr {
    (11 - f, 9 - r)
}

/// The turned image of a set of cell names (Black's cells for White's).
fn turned(cells: &str) -> BTreeSet<String> {
    cells.split_whitespace().map(|c| nm(turn(fr(c)))).collect()
}

/// The turned image of moves written `a1-b2` / `a1xb2` (Black's moves for White's).
fn turned_moves(moves: &BTreeSet<String>) -> BTreeSet<String> {
    moves
        .iter()
        .map(|m| {
            let sep = if m.contains('x') { 'x' } else { '-' };
            let (f, t) = m.split_once(sep).expect("a move");
            format!("{}{sep}{}", nm(turn(fr(f))), nm(turn(fr(t))))
        })
        .collect()
}

/// The turned image of a piece list `"K f1 r f5"`: each piece to the turned cell and the
/// other side (upper case <-> lower case).
fn turned_pieces(pieces: &str) -> String {
    let words: Vec<&str> = pieces.split_whitespace().collect();
    words
        .chunks(2)
        .map(|pair| {
            let swapped: String = pair[0]
                .chars()
                .map(|ch| {
                    if ch.is_ascii_uppercase() {
                        ch.to_ascii_lowercase()
                    } else {
                        ch.to_ascii_uppercase()
                    }
                })
                .collect();
            format!("{swapped} {}", nm(turn(fr(pair[1]))))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The board cell `k` times `d` from `c`, if there is one.
fn cell_at(c: Fr, d: Fr, k: i32) -> Option<String> {
    let t = plus(c, d, k);
    on_board(t).then(|| nm(t))
}

/// Cells one step along each vector that are on the board.
fn steps(c: Fr, vs: &[Fr]) -> BTreeSet<String> {
    crate::rule_support::along(c, vs, Some(1), cell_at)
}

/// Cells along each vector to the edge of an empty board.
fn rays(c: Fr, vs: &[Fr]) -> BTreeSet<String> {
    crate::rule_support::along(c, vs, None, cell_at)
}

fn colour((f, r): Fr) -> i32 {
    (f + r).rem_euclid(3)
}

/// `from-to` for every cell of `to`.
fn moves(from: &str, to: &str) -> BTreeSet<String> {
    to.split_whitespace()
        .map(|t| format!("{from}-{t}"))
        .collect()
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
    let expected: BTreeSet<String> = cells.iter().copied().map(nm).collect();
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
            let same = board.colour(cell(&v, &nm(c))) == board.colour(cell(&v, &nm(d)));
            assert_eq!(same, colour(c) == colour(d), "{} {}", nm(c), nm(d));
        }
    }
    assert_eq!(sizes, [28, 28, 28]);
    let mut board_sizes = board.colour_sizes();
    board_sizes.sort();
    assert_eq!(board_sizes, [28, 28, 28]);
    assert!(cells.iter().all(|c| on_board(turn(*c))));
    assert_eq!(nm(turn(fr("a1"))), "l8");
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
        assert_eq!(turned(cells), set(black_cells), "{key}");
    }
    let bishop_colours: Vec<i32> = ["c1", "e1", "g1"].iter().map(|c| colour(fr(c))).collect();
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
            let name = nm(c);
            let dest =
                |key: &str| empty_destinations(&v, &t, piece(&v, key), side, cell(&v, &name));
            let mut king = steps(c, &all);
            if name == king_start {
                king.extend(castle_to.clone());
            }
            assert_eq!(dest("K"), king, "K {name}");
            assert_eq!(dest("R"), rays(c, &EDGES), "R {name}");
            assert_eq!(dest("B"), rays(c, &DIAGONALS), "B {name}");
            assert_eq!(dest("Q"), rays(c, &all), "Q {name}");
            assert_eq!(dest("N"), steps(c, &KNIGHT), "N {name}");
            let pushes = [(0, s), (s, s)];
            let mut pawn = steps(c, &[(0, s), (s, s), (-s, s), (2 * s, s)]);
            if c.1 == start_rank {
                pawn.extend(
                    pushes
                        .iter()
                        .map(|d| plus(c, *d, 2))
                        .filter(|t| on_board(*t))
                        .map(nm),
                );
                pawn.extend(steps(c, &[(s, 2 * s)]));
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
// Pawns: advances, the start-cell block, captures, en passant

/// [LUD]: from a start cell one or two cells along either forward edge line. At the start,
/// a2 goes to a3 a4 b3 c4, e2 to e3 e4 f3 g4, and j2, on the last file of rank 2, to j3 j4
/// k3 l4 (rank 3 ends at k3, rank 4 at l4). Black's are turned.
#[test]
fn pawn_first_moves_two_directions_one_or_two_cells() {
    let game = game(BRUSKY);
    let start = game.start_position();
    let black = play(&game, &start, "a2-a3");
    for (from, to) in [
        ("a2", "a3 a4 b3 c4"),
        ("e2", "e3 e4 f3 g4"),
        ("j2", "j3 j4 k3 l4"),
    ] {
        let white = moves(from, to);
        assert_eq!(moves_from(&game, &start, from), white, "{from}");
        let bfrom = nm(turn(fr(from)));
        assert_eq!(
            moves_from(&game, &black, &bfrom),
            turned_moves(&white),
            "{bfrom}"
        );
    }
}

/// [LUD]: "Pawns not on a Pawn start space can only advance one space". A White pawn on e3
/// (rank 3, not a start cell) goes to e4 and f4, one on e4 to e5 and f5; Black's on f5 (rank
/// 5) to f4 and e4. A pawn that has stepped once has only single steps left: e2-e3, then e3
/// has e4 f4.
#[test]
fn pawn_steps_one_cell_off_its_start_cell() {
    let game = game(BRUSKY);
    for (from, to) in [("e3", "e4 f4"), ("e4", "e5 f5")] {
        let pos = at(&game, Side::White, &format!("K a1 k l8 P {from}"), "");
        assert_eq!(moves_from(&game, &pos, from), moves(from, to), "{from}");
    }
    let pos = at(&game, Side::Black, "K a1 k l8 p f5", "");
    assert_eq!(moves_from(&game, &pos, "f5"), moves("f5", "f4 e4"));
    let pos = at(&game, Side::White, "K a1 k l8 P e2", "");
    let pos = play(&game, &pos, "e2-e3 l8-l7");
    assert_eq!(moves_from(&game, &pos, "e3"), moves("e3", "e4 f4"));
}

/// A two-cell move needs the cell it passes empty and lands on an empty cell; pieces
/// elsewhere leave the other direction alone. White's pawn on e2 (4,2): with its own knight
/// on e3 only f3 g4 are left; with one on f3 only e3 e4; with one on e4 (the file move's
/// landing) e3 f3 g4; on g4, e3 e4 f3. An enemy two cells ahead, on e4 or g4, is not one of
/// the pawn's forward neighbours, so it does not block the other direction either ([LUD]'s
/// program says the same): the same moves.
#[test]
fn pawn_double_steps_need_the_cell_passed_empty() {
    let game = game(BRUSKY);
    for (blocker, left) in [
        ("N e3", "f3 g4"),
        ("N f3", "e3 e4"),
        ("N e4", "e3 f3 g4"),
        ("N g4", "e3 e4 f3"),
        ("n e4", "e3 f3 g4"),
        ("n g4", "e3 e4 f3"),
    ] {
        let pos = at(&game, Side::White, &format!("K a1 k l8 P e2 {blocker}"), "");
        assert_eq!(
            moves_from(&game, &pos, "e2"),
            moves("e2", left),
            "{blocker}"
        );
    }
}

/// [LUD's text, followed]: a pawn on its start cell with an enemy piece on either forward edge
/// neighbour advances nowhere, not even along the other line. White's pawn on e2 with a Black
/// knight on e3 (11 o'clock) has neither f3 nor g4; with one on f3 (1 o'clock) neither e3 nor
/// e4; it may still capture (e2xd3 with a Black knight on d3, its 10 o'clock). An own piece
/// does not block: a White knight on e3 leaves f3 g4 (above). The rule is the start cell's
/// [LUD's text; WIK and LUD's program apply it everywhere]: a White pawn on e4, off its start
/// cell, with a Black knight on e5 still goes to f5, with one on f5 still to e5. Black's pawn
/// on h7 (7,7), turned: a White knight on h6 (Black's 11 o'clock, (0,-1)) or g6 (1 o'clock,
/// (-1,-1)) takes all four advances away; a Black one on h6 leaves g6 and f5.
#[test]
fn pawn_on_its_start_cell_is_blocked_by_an_enemy_on_a_forward_neighbour() {
    let game = game(BRUSKY);
    for (blocker, left) in [("n e3", ""), ("n f3", ""), ("n e3 n f3", "")] {
        let pos = at(&game, Side::White, &format!("K a1 k l8 P e2 {blocker}"), "");
        assert_eq!(
            moves_from(&game, &pos, "e2"),
            moves("e2", left),
            "{blocker}"
        );
    }
    let pos = at(&game, Side::White, "K a1 k l8 P e2 n e3", "");
    for to in ["f3", "g4"] {
        assert_eq!(
            refusal(&game, &pos, &format!("e2-{to}")),
            format!(
                "`e2-{to}` is illegal: the Pawn on `e2` cannot move to `{to}` now: an enemy piece stands on `e3`"
            )
        );
    }
    let pos = at(&game, Side::White, "K i1 k l8 P e2 n e3 n d3", "");
    assert_eq!(moves_from(&game, &pos, "e2"), set("e2xd3"));
    for (blocker, left) in [("n e5", "f5"), ("n f5", "e5")] {
        let pos = at(&game, Side::White, &format!("K a1 k l8 P e4 {blocker}"), "");
        assert_eq!(
            moves_from(&game, &pos, "e4"),
            moves("e4", left),
            "{blocker}"
        );
    }
    for (blocker, left) in [("N h6", ""), ("N g6", ""), ("n h6", "g6 f5")] {
        let pos = at(&game, Side::Black, &format!("K a1 k l8 p h7 {blocker}"), "");
        assert_eq!(
            moves_from(&game, &pos, "h7"),
            moves("h7", left),
            "{blocker}"
        );
    }
}

/// [LUD, WIK]: the pawn captures one diagonal step forward to either side, 10 or 2 o'clock,
/// and from its start cell also straight ahead, 12 o'clock. White's pawn on e4 (4,4) with
/// Black knights on all five cells ahead, e5 f5 (its moves), d5 g5 (10 and 2) and f6 (12):
/// only e4xd5 and e4xg5. On its start cell e2 with Black knights on d3 (10), g3 (2) and f4
/// (12), none of them a forward neighbour: e2xd3 e2xg3 e2xf4 and its four advances. Black's
/// pawn on h7, its start cell, with White knights on i6 (1,-1), f6 (-2,-1) and g5 (-1,-2):
/// h7xi6 h7xf6 h7xg5 and its four advances.
#[test]
fn pawns_capture_at_10_and_2_and_straight_ahead_from_the_start_cell() {
    let game = game(BRUSKY);
    let pos = at(
        &game,
        Side::White,
        "K a1 k l8 P e4 n e5 n f5 n d5 n g5 n f6",
        "",
    );
    assert_eq!(moves_from(&game, &pos, "e4"), set("e4xd5 e4xg5"));
    let pos = at(&game, Side::White, "K i1 k l8 P e2 n d3 n g3 n f4", "");
    assert_eq!(
        moves_from(&game, &pos, "e2"),
        set("e2-e3 e2-e4 e2-f3 e2-g4 e2xd3 e2xg3 e2xf4")
    );
    let pos = at(&game, Side::Black, "K a1 k d8 p h7 N i6 N f6 N g5", "");
    assert_eq!(
        moves_from(&game, &pos, "h7"),
        set("h7-h6 h7-h5 h7-g6 h7-f5 h7xi6 h7xf6 h7xg5")
    );
}

/// The straight-ahead capture is the start cell's only [WIK: "an unmoved pawn has three
/// captures, a moved one two"]: a White pawn on e3 with a Black knight on f5, its 12 o'clock
/// cell, has only e3-e4 and e3-f4. So it also gives check only from the start cell: a Black
/// king on f4 is in check from the pawn e2, one on f5 not from the pawn e3.
#[test]
fn the_straight_ahead_capture_and_its_check_only_from_the_start_cell() {
    let game = game(BRUSKY);
    let pos = at(&game, Side::White, "K a1 k l8 P e3 n f5", "");
    assert_eq!(moves_from(&game, &pos, "e3"), moves("e3", "e4 f4"));
    let pos = at(&game, Side::Black, "K a1 k f4 P e2", "");
    assert!(game.in_check(&pos, Side::Black));
    let pos = at(&game, Side::Black, "K a1 k f5 P e3", "");
    assert!(!game.in_check(&pos, Side::Black));
}

/// [LUD]: en passant "as in Glinski", on the cell passed. White's e2-e4 passes e3 (4,3):
/// Black pawns take there at (1,-1) and (-2,-1), from d4 (3,4) and from g4 (6,4), removing the
/// pawn on e4 (the pawn on g4 also stands on e2's two-cell 1 o'clock landing, so e2 has only
/// e3 e4 f3). A Black knight on c4 reaches e3 by
/// its (2,-1) leap, but only pawns take en passant: c4-e3 is a plain move. The right lasts one
/// move, and a one-cell move gives none.
#[test]
fn en_passant_after_a_white_two_cell_file_move() {
    let game = game(BRUSKY);
    let pos = at(&game, Side::White, "K i1 k l8 P e2 p d4 p g4 n c4", "");
    assert_eq!(moves_from(&game, &pos, "e2"), moves("e2", "e3 e4 f3"));
    let after = play(&game, &pos, "e2-e4");
    assert_eq!(game.position_text(&after).split(' ').nth(3), Some("e3@e4"));
    assert_eq!(moves_from(&game, &after, "d4"), set("d4-d3 d4-c3 d4xe3"));
    assert_eq!(moves_from(&game, &after, "g4"), set("g4-g3 g4-f3 g4xe3"));
    for taker in ["d4", "g4"] {
        let taken = play(&game, &after, &format!("{taker}xe3"));
        assert_eq!(on(&game, &taken, "e3"), "p", "{taker}");
        assert_eq!(on(&game, &taken, "e4"), "", "{taker}: the pawn is removed");
    }
    assert!(moves_from(&game, &after, "c4").contains("c4-e3"));
    let knight = play(&game, &after, "c4-e3");
    assert_eq!(on(&game, &knight, "e4"), "P");
    let later = play(&game, &after, "l8-l7 i1-h1");
    assert!(game.parse_move(&later, "d4xe3").is_err());
    assert_eq!(play(&game, &pos, "e2-e3").en_passant, None);
}

/// White's e2-g4 (two cells at 1 o'clock) passes f3 (5,3): the Black pawns on e4 (4,4) and h4
/// (7,4) take there, removing the pawn on g4.
#[test]
fn en_passant_after_a_white_two_cell_move_at_one_oclock() {
    let game = game(BRUSKY);
    let pos = at(&game, Side::White, "K a1 k l8 P e2 p e4 p h4", "");
    assert_eq!(moves_from(&game, &pos, "e2"), moves("e2", "e3 f3 g4"));
    let after = play(&game, &pos, "e2-g4");
    assert_eq!(game.position_text(&after).split(' ').nth(3), Some("f3@g4"));
    assert_eq!(moves_from(&game, &after, "e4"), set("e4-e3 e4-d3 e4xf3"));
    assert_eq!(moves_from(&game, &after, "h4"), set("h4-h3 h4-g3 h4xf3"));
    for taker in ["e4", "h4"] {
        let taken = play(&game, &after, &format!("{taker}xf3"));
        assert_eq!(on(&game, &taken, "f3"), "p", "{taker}");
        assert_eq!(on(&game, &taken, "g4"), "", "{taker}");
    }
}

/// Black's h7-h5 passes h6 (7,6): White pawns take at (-1,1) and (2,1), from i5 (8,5) and f5
/// (5,5), both onto h6, removing the pawn on h5. (h7's 1 o'clock move h7-f5 lands on the
/// White pawn and is not a capture.)
#[test]
fn en_passant_after_a_black_two_cell_move() {
    let game = game(BRUSKY);
    let pos = at(&game, Side::Black, "K a1 k l8 p h7 P i5 P f5", "");
    assert_eq!(moves_from(&game, &pos, "h7"), moves("h7", "h6 h5 g6"));
    let after = play(&game, &pos, "h7-h5");
    assert_eq!(game.position_text(&after).split(' ').nth(3), Some("h6@h5"));
    assert_eq!(moves_from(&game, &after, "i5"), set("i5-i6 i5-j6 i5xh6"));
    assert_eq!(moves_from(&game, &after, "f5"), set("f5-f6 f5-g6 f5xh6"));
    for taker in ["i5", "f5"] {
        let taken = play(&game, &after, &format!("{taker}xh6"));
        assert_eq!(on(&game, &taken, "h6"), "P");
        assert_eq!(on(&game, &taken, "h5"), "");
    }
}

// ---------------------------------------------------------------------------------------
// Promotion

/// [LUD: "as in Glinski"; its program's top row]: White promotes on rank 8 (d8-l8), Black on
/// rank 1 (a1-i1), to a queen, rook, bishop or knight.
#[test]
fn promotion_cells_are_the_far_rank() {
    let (v, _) = load(BRUSKY);
    let promo = v
        .piece(piece(&v, "P"))
        .promotion
        .clone()
        .expect("pawns promote");
    let zone = v.zone(promo.zone);
    assert_eq!(
        names(&v, zone.cells.white.clone()),
        set("d8 e8 f8 g8 h8 i8 j8 k8 l8")
    );
    assert_eq!(
        names(&v, zone.cells.black.clone()),
        set("a1 b1 c1 d1 e1 f1 g1 h1 i1")
    );
    let to: Vec<&str> = promo
        .to
        .iter()
        .map(|p| v.piece(*p).symbol.as_str())
        .collect();
    assert_eq!(to, ["Q", "R", "B", "N"]);
}

/// White's pawn on e7 (4,7) moves to e8 or f8 and takes on d8 or g8: all four promote, and
/// must. The tops of the short files are not the far rank, and a pawn there still has a
/// step: a5 (0,5) goes to b6 (its 11 o'clock a6 is off the board), b6 to c7, both plain, and
/// c7 to d8, promoting. Black's pawn on f2 (5,2) moves to f1 or e1 and takes on g1 (1,-1) or
/// d1 (-2,-1), promoting each time; its pawn on l4, a5 turned, steps to k3.
#[test]
fn promotion_choices_for_both_sides() {
    let game = game(BRUSKY);
    let pos = at(&game, Side::White, "K a1 k l8 P e7 n d8 n g8", "");
    assert_eq!(
        moves_from(&game, &pos, "e7"),
        union(&[
            promotions("e7-e8", "Q R B N"),
            promotions("e7-f8", "Q R B N"),
            promotions("e7xd8", "Q R B N"),
            promotions("e7xg8", "Q R B N"),
        ])
    );
    assert_eq!(
        refusal(&game, &pos, "e7-e8"),
        "`e7-e8` is illegal: the Pawn must promote: add =Q, =R, =B, =N"
    );
    assert_eq!(on(&game, &play(&game, &pos, "e7xg8=N"), "g8"), "N");
    for (from, expected) in [
        ("a5", set("a5-b6")),
        ("b6", set("b6-c7")),
        ("c7", promotions("c7-d8", "Q R B N")),
    ] {
        let pos = at(&game, Side::White, &format!("K i1 k l8 P {from}"), "");
        assert_eq!(moves_from(&game, &pos, from), expected, "{from}");
    }

    let pos = at(&game, Side::Black, "K l8 k a5 p f2 N g1 N d1", "");
    assert_eq!(
        moves_from(&game, &pos, "f2"),
        union(&[
            promotions("f2-f1", "Q R B N"),
            promotions("f2-e1", "Q R B N"),
            promotions("f2xg1", "Q R B N"),
            promotions("f2xd1", "Q R B N"),
        ])
    );
    assert_eq!(on(&game, &play(&game, &pos, "f2-e1=R"), "e1"), "r");
    let pos = at(&game, Side::Black, "K a1 k d8 p l4", "");
    assert_eq!(moves_from(&game, &pos, "l4"), set("l4-k3"));
}

// ---------------------------------------------------------------------------------------
// Castling

/// Kings and rooks on their start cells, and a pawn in front of each rook's long diagonal
/// line toward the other camp (b2 shuts a1's 1 o'clock line a1 b2 c3 ... h8, i2 i1's file up
/// to i8, and Black's d7 and k7 the same lines turned), so that no rook attacks a cell the
/// other king uses: the castling position, turned into itself.
const CASTLE: &str = "K f1 R a1 R i1 P b2 P i2 k g8 r d8 r l8 p d7 p k7";
const CASTLE_UNMOVED: &str = "f1 a1 i1 g8 d8 l8";

fn castle(game: &Game, to_move: Side, extra: &str) -> Position {
    at(game, to_move, &format!("{CASTLE} {extra}"), CASTLE_UNMOVED)
}

/// [LUD]: kingside the king two cells toward the near rook, queenside three toward the far
/// one, the rook landing next to the king on its inner side: f1-h1 with i1-g1, f1-c1 with
/// a1-d1. Black's are turned: g8-e8 with d8-f8, g8-j8 with l8-i8.
#[test]
fn the_two_castlings_of_each_side() {
    let (v, _) = load(BRUSKY);
    let n = |c| v.board().name(c);
    let listed: Vec<(Side, String)> = v
        .castlings()
        .iter()
        .map(|c| {
            (
                c.side,
                format!(
                    "K{}-{} R{}-{}",
                    n(c.king_from),
                    n(c.king_to),
                    n(c.rook_from),
                    n(c.rook_to)
                ),
            )
        })
        .collect();
    let expected = [
        (Side::White, "Kf1-h1 Ri1-g1"),
        (Side::White, "Kf1-c1 Ra1-d1"),
        (Side::Black, "Kg8-e8 Rd8-f8"),
        (Side::Black, "Kg8-j8 Rl8-i8"),
    ];
    let expected: Vec<(Side, String)> = expected.iter().map(|(s, t)| (*s, t.to_string())).collect();
    assert_eq!(listed, expected);
    for (w, b) in [
        ("f1 h1 i1 g1", "g8 e8 d8 f8"),
        ("f1 c1 a1 d1", "g8 j8 l8 i8"),
    ] {
        assert_eq!(turned(w), set(b));
    }
}

/// All four castlings performed from the castling position.
#[test]
fn castling_performed_on_both_sides() {
    let game = game(BRUSKY);
    for (to_move, expected) in [(Side::White, "f1-h1 f1-c1"), (Side::Black, "g8-e8 g8-j8")] {
        let pos = castle(&game, to_move, "");
        assert_eq!(castlings(&game, &pos), set(expected), "{to_move:?}");
    }
    assert_castlings_performed(
        &game,
        &|side| castle(&game, side, ""),
        &[
            ("f1-h1", "h1", "g1", "f1", "i1"),
            ("f1-c1", "c1", "d1", "f1", "a1"),
            ("g8-e8", "e8", "f8", "g8", "d8"),
            ("g8-j8", "j8", "i8", "g8", "l8"),
        ],
    );
}

/// [LUD]: "only ... when neither the King nor the Rook being moved have moved before", even
/// back to its cell. The king out and back (Black's rook shuffling l8-k8-l8): White has no
/// castling left, Black only g8-e8. White's rook a1 and Black's d8 out and back along the
/// rank: White keeps f1-h1, Black g8-j8. (A rook on l7 or a2 would attack the other king
/// along a 7 or 1 o'clock line: l7 k6 ... g2 f1, a2 b3 ... f7 g8.)
#[test]
fn castling_refused_after_the_king_or_the_rook_moved() {
    let game = game(BRUSKY);
    let pos = castle(&game, Side::White, "");
    let king = play(&game, &pos, "f1-f2 l8-k8 f2-f1 k8-l8");
    assert_eq!(castlings(&game, &king), BTreeSet::new());
    assert_eq!(
        refusal(&game, &king, "f1-h1"),
        "`f1-h1` is illegal: castling is not allowed: the king or the rook on `i1` has moved"
    );
    let black = play(&game, &king, "f1-f2");
    assert_eq!(castlings(&game, &black), set("g8-e8"));
    let rooks = play(&game, &pos, "a1-b1 d8-e8 b1-a1 e8-d8");
    assert_eq!(castlings(&game, &rooks), set("f1-h1"));
    assert_eq!(
        refusal(&game, &rooks, "f1-c1"),
        "`f1-c1` is illegal: castling is not allowed: the king or the rook on `a1` has moved"
    );
    let black = play(&game, &rooks, "f1-f2");
    assert_eq!(castlings(&game, &black), set("g8-j8"));
}

/// Every cell between king and rook must be empty, b1 too (neither piece lands there): a White
/// knight on b1, c1, d1 or e1 takes the queenside castling away, one on g1 or h1 the kingside
/// one. Black's the same, turned (a Black knight on k8 j8 i8 h8, or f8 e8).
#[test]
fn castling_refused_when_a_cell_between_is_occupied() {
    let game = game(BRUSKY);
    for (cells, left) in [("b1 c1 d1 e1", "f1-h1"), ("g1 h1", "f1-c1")] {
        for c in cells.split_whitespace() {
            let pos = castle(&game, Side::White, &format!("N {c}"));
            assert_eq!(castlings(&game, &pos), set(left), "N on {c}");
            let pos = castle(&game, Side::Black, &turned_pieces(&format!("N {c}")));
            assert_eq!(
                castlings(&game, &pos),
                turned_moves(&set(left)),
                "n on the turned {c}"
            );
        }
    }
    let pos = castle(&game, Side::White, "N b1");
    assert_eq!(
        refusal(&game, &pos, "f1-c1"),
        "`f1-c1` is illegal: castling is not allowed: `b1` is not empty"
    );
}

/// Not out of, through or into check [CVP follows chess]; the rook's cells and b1, which the
/// king never crosses, do not matter. Attackers, each worked out from the vectors: a rook on f5
/// checks down the f-file; a bishop on i5 (8,5) attacks g1 by its 6 o'clock line (h3, g1),
/// where the kingside king passes; a bishop on e4 (4,4) attacks h1 by its 4 o'clock line f3 g2
/// h1, where it lands; rooks on e5, d5, c5 attack e1, d1, c1 down their files (the queenside
/// king passes e1 and d1 and lands on c1); a bishop on h4 (7,4) attacks only b1 by its 8
/// o'clock line f3 d2 b1, a rook on a5 only the rook a1: both castlings stay. None of them
/// touches the cells of the other side's king, so Black, with every attacker turned, is
/// refused the turned castlings.
#[test]
fn castling_refused_out_of_through_or_into_check() {
    let game = game(BRUSKY);
    for (attacker, left) in [
        ("r f5", ""),
        ("b i5", "f1-c1"),
        ("b e4", "f1-c1"),
        ("r e5", "f1-h1"),
        ("r d5", "f1-h1"),
        ("r c5", "f1-h1"),
        ("b h4", "f1-h1 f1-c1"),
        ("r a5", "f1-h1 f1-c1"),
    ] {
        let pos = castle(&game, Side::White, attacker);
        assert_eq!(castlings(&game, &pos), set(left), "{attacker}");
        let pos = castle(&game, Side::Black, &turned_pieces(attacker));
        assert_eq!(
            castlings(&game, &pos),
            turned_moves(&set(left)),
            "the turned {attacker}"
        );
    }
    let pos = castle(&game, Side::White, "r f5");
    assert!(game.in_check(&pos, Side::White));
    assert_eq!(
        refusal(&game, &pos, "f1-c1"),
        "`f1-c1` is illegal: castling is not allowed: the king is in check"
    );
    for (attacker, mv, cell) in [
        ("b i5", "f1-h1", "g1"),
        ("b e4", "f1-h1", "h1"),
        ("r e5", "f1-c1", "e1"),
        ("r d5", "f1-c1", "d1"),
        ("r c5", "f1-c1", "c1"),
    ] {
        let pos = castle(&game, Side::White, attacker);
        assert_eq!(
            refusal(&game, &pos, mv),
            format!(
                "`{mv}` is illegal: castling is not allowed: the king would pass or land on \
                 `{cell}`, which is attacked"
            ),
            "{attacker}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Pins, double check, the end of the game

/// King f1 (5,1). The Rook on f3, pinned up the file by the rook on f7, moves on the file
/// only; the Queen on g3 (6,3), pinned on the 12 o'clock diagonal f1 g3 h5 i7 by the bishop on
/// i7, moves on it only (the Knight on g2, one of the two cells that diagonal's first
/// step passes between, does not break the pin); that Knight, pinned on the 1 o'clock line f1
/// g2 h3 i4 by the rook on i4, cannot move; the Pawn on e2 (4,2), pinned on the 10 o'clock
/// diagonal by the bishop on d3, may take it (its 10 o'clock capture) but not advance.
#[test]
fn pins() {
    let game = game(BRUSKY);
    let pos = at(
        &game,
        Side::White,
        "K f1 R f3 r f7 Q g3 b i7 N g2 r i4 P e2 b d3 k a5",
        "",
    );
    assert!(!game.in_check(&pos, Side::White));
    assert_eq!(
        moves_from(&game, &pos, "f3"),
        set("f3-f2 f3-f4 f3-f5 f3-f6 f3xf7")
    );
    assert_eq!(moves_from(&game, &pos, "g3"), set("g3-h5 g3xi7"));
    assert_eq!(moves_from(&game, &pos, "g2"), BTreeSet::new());
    assert_eq!(moves_from(&game, &pos, "e2"), set("e2xd3"));
    assert_eq!(
        refusal(&game, &pos, "e2-e3"),
        "`e2-e3` is illegal: it leaves the mover's royal piece attacked"
    );
}

/// King f1 (neighbours f2 g2 g1 e1, h2 e2 g3) checked down the file by the rook on f5 and by
/// the knight on g4 (its (-1,-3) leap); the rook also covers f2, the knight e1 (-2,-3) and h2
/// (1,-2). Only g2, g1, e2 and g3 are left, and the Rook on g8, which could take the knight
/// down the g-file, may not.
#[test]
fn double_check() {
    let game = game(BRUSKY);
    let pos = at(&game, Side::White, "K f1 r f5 n g4 R g8 k b6", "");
    assert!(game.in_check(&pos, Side::White));
    assert_eq!(all_moves(&game, &pos), set("f1-g2 f1-g1 f1-e2 f1-g3"));
    assert_eq!(
        refusal(&game, &pos, "g8xg4"),
        "`g8xg4` is illegal: it leaves the mover's royal piece attacked"
    );
}

/// Checkmate wins. Black's King in the corner l8 (neighbours l7 k7 k8, diagonals k6 j7): the
/// Queen on k7, l8's 7 o'clock neighbour, checks it and covers l7 (3 o'clock of k7), k8 (11),
/// k6 (5) and j7 (9); the King on j6 guards her: 1-0. Turned 180 degrees (l8 -> a1, k7 -> b2,
/// j6 -> c3) with White to move: 0-1.
#[test]
fn checkmate_wins() {
    let game = game(BRUSKY);
    let pos = at(&game, Side::Black, "k l8 Q k7 K j6", "");
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Checkmate, "1-0".into()))
    );
    let pos = at(&game, Side::White, &turned_pieces("k l8 Q k7 K j6"), "");
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Checkmate, "0-1".into()))
    );
}

/// Stalemate is a draw [LUD: the game ends on checkmate or stalemate, its program scores a
/// side without moves a draw]. White's King alone on j6 (9,6) covers all five cells around
/// Black's King l8: k7 (1 o'clock of j6), k6 (3), j7 (11), l7 (2) and k8 (12), without
/// attacking l8, (2,2) away.
#[test]
fn stalemate_is_a_draw() {
    let (v, _) = load(BRUSKY);
    assert_eq!(v.rules().stalemate, Score::DRAW);
    let game = game(BRUSKY);
    let pos = at(&game, Side::Black, "k l8 K j6", "");
    assert!(!game.in_check(&pos, Side::Black));
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Stalemate, "1/2-1/2".into()))
    );
}

/// [LUD]'s program draws after 100 plies without a capture or a pawn move; repetition is
/// chess's convention. The third repetition draws (the knights b1-c4 and k8-j5, out and back
/// twice, bring back the start a third time), and with 99 quiet plies behind, a knight move
/// ends the game, a pawn move starts the count again.
#[test]
fn repetition_and_fifty_moves_draw() {
    let (v, _) = load(BRUSKY);
    assert_eq!(v.rules().repetition, Some((3, Score::DRAW)));
    let game = game(BRUSKY);
    let mut history = vec![game.start_position()];
    for (ply, m) in "b1-c4 k8-j5 c4-b1 j5-k8 b1-c4 k8-j5 c4-b1 j5-k8"
        .split_whitespace()
        .enumerate()
    {
        assert_eq!(game.outcome(&history), None, "before ply {}", ply + 1);
        history.push(play(&game, history.last().expect("history"), m));
    }
    let end = game.outcome(&history).expect("the third occurrence");
    assert_eq!((end.end, end.white), (GameEnd::Repetition, Score::DRAW));

    let mut start = game.start_position();
    start.quiet_plies = 99;
    let knight = play(&game, &start, "b1-c4");
    let end = game
        .outcome(&[start.clone(), knight])
        .expect("the move limit");
    assert_eq!((end.end, end.white), (GameEnd::MoveLimit, Score::DRAW));
    let pawn = play(&game, &start, "a2-a3");
    assert_eq!(pawn.quiet_plies, 0);
    assert_eq!(game.outcome(&[start, pawn]), None);
}
