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

use crate::board_model::{plus, BoardModel, FileRank};
use crate::rule_support::{all_moves, assert_setup, at, moves_from, play, union};
use crate::support::{cell, empty_destinations, game, load, names, piece, set};

const DE_VASA: &str = "variants/de-vasa.hexv";

// ---------------------------------------------------------------------------------------
// The geometry of the module comment

/// A cell as (file index, a = 0; rank).
type Fr = (i32, i32);

const FILES: &str = "abcdefghi";

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
// Positions and moves

// ---------------------------------------------------------------------------------------
// The board and the setup

/// [WIK, LUD]: 81 cells, 9 x 9; [MOD]: 27 of each colour. The corners a1 i1 a9 i9: a1 and i9
/// (the obtuse corners) have colour (0 + 1) mod 3 = 1 and (8 + 9) mod 3 = 2, i1 and a9 both 0.
#[test]
fn board_files_ranks_and_colours() {
    let (v, _) = load(DE_VASA);
    let board = v.board();
    assert_eq!(board.len(), 81);
    let expected: BTreeSet<String> = all_cells().into_iter().map(|c| B.nm(c)).collect();
    assert_eq!(names(&v, board.cells()), expected);
    for f in ["a0", "j1", "a10", "i10"] {
        assert_eq!(board.find(f), None, "{f} is not a cell");
    }
    let mut sizes = [0; 3];
    for c in all_cells() {
        sizes[colour(c) as usize] += 1;
        for d in all_cells() {
            let same = board.colour(cell(&v, &B.nm(c))) == board.colour(cell(&v, &B.nm(d)));
            assert_eq!(same, colour(c) == colour(d), "{} {}", B.nm(c), B.nm(d));
        }
    }
    assert_eq!(sizes, [27, 27, 27]);
    let mut board_sizes = board.colour_sizes();
    board_sizes.sort();
    assert_eq!(board_sizes, [27, 27, 27]);
    assert_eq!(colour(B.fr("i1")), colour(B.fr("a9")));
    assert!(all_cells().into_iter().all(|c| on_board(turn(c))));
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
    for (side, army) in [(Side::White, white), (Side::Black, black)] {
        assert_eq!(assert_setup(&v, side, &army), 18, "{side:?}");
    }
    for (key, cells) in white {
        let black_cells = black
            .iter()
            .find(|(k, _)| *k == key)
            .expect("same pieces")
            .1;
        assert_eq!(B.turned(cells), set(black_cells), "{key}");
    }
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
    let from = cell(&v, "e5");
    let dest = |key: &str, side| empty_destinations(&v, &t, piece(&v, key), side, from);
    assert_eq!(
        dest("K", Side::White),
        set("f6 f5 e4 d4 d5 e6 g6 f4 d3 c4 d6 f7")
    );
    let rook = set("f6 g7 h8 i9 f5 g5 h5 i5 e4 e3 e2 e1 d4 c3 b2 a1 d5 c5 b5 a5 e6 e7 e8 e9");
    assert_eq!(rook.len(), 24);
    assert_eq!(dest("R", Side::White), rook);
    let bishop = set("g6 i7 f4 g3 h2 i1 d3 c1 c4 a3 d6 c7 b8 a9 f7 g9");
    assert_eq!(bishop.len(), 16);
    assert_eq!(dest("B", Side::White), bishop);
    assert_eq!(dest("Q", Side::White), union(&[rook, bishop]));
    assert_eq!(
        dest("N", Side::White),
        set("h7 g8 h6 g4 f3 d2 c2 b3 b4 c6 d7 f8")
    );
    assert_eq!(dest("P", Side::White), set("e6 f6 d6 g6"));
    assert_eq!(dest("P", Side::Black), set("e4 d4 f4 c4"));
    assert_eq!(
        empty_destinations(&v, &t, piece(&v, "P"), Side::White, cell(&v, "e3")),
        set("e4 f4 e5 g5 d4 g4")
    );
    assert_eq!(
        empty_destinations(&v, &t, piece(&v, "K"), Side::White, cell(&v, "i1")),
        set("h1 i2 h2")
    );
}

/// The same rules on every cell, for both sides: the king's twelve neighbours (and, from its
/// start cell, its two castling cells), the riders' lines to the edge, the knight's twelve
/// leaps, and the pawn's two moves, two captures and, from its start rank, two-cell moves.
#[test]
fn every_piece_on_every_cell_follows_the_geometry() {
    let (v, t) = load(DE_VASA);
    let all: Vec<Fr> = EDGES.iter().chain(&DIAGONALS).copied().collect();
    for side in [Side::White, Side::Black] {
        let s = if side == Side::White { 1 } else { -1 };
        let (king_start, castle_to, start_rank) = match side {
            Side::White => ("f1", set("h1 c1"), 3),
            Side::Black => ("d9", set("b9 g9"), 7),
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
            }
            assert_eq!(dest("P"), pawn, "P {name} {side:?}");
        }
    }
}

/// Riders stop at the first piece (capturing an enemy there); a diagonal passes between two
/// cells, so only the cells it lands on block it; the knight leaps (White's king on a1, Black's
/// on i3, out of every line below). The Rook on e5 with a
/// White pawn on e7 and a Black one on g5: up the file only e6, along 3 o'clock f5 and g5
/// (taking). The Bishop on e5 with pieces on e6 and f6 (the two cells its 12 o'clock step
/// passes between) still reaches f7 and g9. The Knight on e5 ringed by pieces on all twelve
/// king cells still has its twelve leaps.
#[test]
fn riders_stop_at_pieces_diagonals_pass_between_and_knights_leap() {
    let game = game(DE_VASA);
    let pos = at(&game, Side::White, "K a1 k i3 R e5 P e7 p g5", "");
    assert_eq!(
        moves_from(&game, &pos, "e5"),
        set(
            "e5-f6 e5-g7 e5-h8 e5-i9 e5-f5 e5xg5 e5-e4 e5-e3 e5-e2 e5-e1 e5-d4 e5-c3 e5-b2 \
             e5-d5 e5-c5 e5-b5 e5-a5 e5-e6"
        )
    );
    let pos = at(&game, Side::White, "K a1 k i3 B e5 P e6 p f6", "");
    assert_eq!(
        moves_from(&game, &pos, "e5"),
        set(
            "e5-g6 e5-i7 e5-f4 e5-g3 e5-h2 e5-i1 e5-d3 e5-c1 e5-c4 e5-a3 e5-d6 e5-c7 \
             e5-b8 e5-a9 e5-f7 e5-g9"
        )
    );
    let ring = "f6 f5 e4 d4 d5 e6 g6 f4 d3 c4 d6 f7";
    let pieces: String = ring.split_whitespace().map(|c| format!(" P {c}")).collect();
    let pos = at(&game, Side::White, &format!("K a1 k i3 N e5{pieces}"), "");
    assert_eq!(
        moves_from(&game, &pos, "e5"),
        set("e5-h7 e5-g8 e5-h6 e5-g4 e5-f3 e5-d2 e5-c2 e5-b3 e5-b4 e5-c6 e5-d7 e5-f8")
    );
}

/// The start (derived piece by piece in docs/perft.md): 33 pawn moves (a3-g3 four each, h3
/// three, i3 two: the 1 o'clock moves from the i-file and h3's two-cell one leave the board),
/// rooks a1 (a2 b2) and i1 (i2), knights b1 (c4 d4 e2) and h1 (f2 i4), bishops c1 (b2 e2),
/// e1 (d2 g2), g1 (f2 i2), queen d1 (c2 d2 e2 f2), king f1 (e2 f2 g2 h2): 55. Black's 55 are
/// their turned image.
#[test]
fn the_start_moves_for_both_sides() {
    let game = game(DE_VASA);
    let start = game.start_position();
    let white = "a3-a4 a3-a5 a3-b4 a3-c5 b3-b4 b3-b5 b3-c4 b3-d5 c3-c4 c3-c5 c3-d4 c3-e5 \
                 d3-d4 d3-d5 d3-e4 d3-f5 e3-e4 e3-e5 e3-f4 e3-g5 f3-f4 f3-f5 f3-g4 f3-h5 \
                 g3-g4 g3-g5 g3-h4 g3-i5 h3-h4 h3-h5 h3-i4 i3-i4 i3-i5 a1-a2 a1-b2 i1-i2 \
                 b1-c4 b1-d4 b1-e2 h1-f2 h1-i4 c1-b2 c1-e2 e1-d2 e1-g2 g1-f2 g1-i2 d1-c2 \
                 d1-d2 d1-e2 d1-f2 f1-e2 f1-f2 f1-g2 f1-h2";
    assert_eq!(set(white).len(), 55);
    assert_eq!(all_moves(&game, &start), set(white));
    // Black, after a White move that changes nothing for it (a1-a2).
    let black: BTreeSet<String> = set(white)
        .iter()
        .map(|m| {
            let (f, t) = m.split_once('-').expect("a move");
            format!("{}-{}", B.nm(turn(B.fr(f))), B.nm(turn(B.fr(t))))
        })
        .collect();
    assert_eq!(all_moves(&game, &play(&game, &start, "a1-a2")), black);
}

// ---------------------------------------------------------------------------------------
// Pawns, promotion, castling, pins and the end of the game: tests/data/rules/de-vasa.rules
