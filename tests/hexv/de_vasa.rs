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

use hexv::compile::Condition;
use hexv::game::{Game, GameEnd, Position};
use hexv::variant::{Score, Side};

use crate::rule_support::{
    all_moves, assert_castlings_performed, assert_setup, at, ending, moves_from, on, play,
    promotions, refusal, union,
};
use crate::support::castlings;
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

fn on_board((f, r): Fr) -> bool {
    (0..=8).contains(&f) && (1..=9).contains(&r)
}

fn fr(name: &str) -> Fr {
    let f = FILES.find(&name[..1]).expect("a file letter") as i32;
    (f, name[1..].parse().expect("a rank"))
}

fn nm((f, r): Fr) -> String {
    format!("{}{}", &FILES[f as usize..f as usize + 1], r)
}

fn all_cells() -> Vec<Fr> {
    (0..=8).flat_map(|f| (1..=9).map(move |r| (f, r))).collect()
}

fn plus((f, r): Fr, (df, dr): Fr, k: i32) -> Fr {
    (f + k * df, r + k * dr)
}

fn turn((f, r): Fr) -> Fr {
    (8 - f, 10 - r)
}

/// The turned image of a set of cell names (Black's cells for White's).
fn turned(cells: &str) -> BTreeSet<String> {
    cells.split_whitespace().map(|c| nm(turn(fr(c)))).collect()
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
    let expected: BTreeSet<String> = all_cells().into_iter().map(nm).collect();
    assert_eq!(names(&v, board.cells()), expected);
    for f in ["a0", "j1", "a10", "i10"] {
        assert_eq!(board.find(f), None, "{f} is not a cell");
    }
    let mut sizes = [0; 3];
    for c in all_cells() {
        sizes[colour(c) as usize] += 1;
        for d in all_cells() {
            let same = board.colour(cell(&v, &nm(c))) == board.colour(cell(&v, &nm(d)));
            assert_eq!(same, colour(c) == colour(d), "{} {}", nm(c), nm(d));
        }
    }
    assert_eq!(sizes, [27, 27, 27]);
    let mut board_sizes = board.colour_sizes();
    board_sizes.sort();
    assert_eq!(board_sizes, [27, 27, 27]);
    assert_eq!(colour(fr("i1")), colour(fr("a9")));
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
        assert_eq!(turned(cells), set(black_cells), "{key}");
    }
    let bishop_colours: BTreeSet<i32> = ["c1", "e1", "g1"].iter().map(|c| colour(fr(c))).collect();
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
            format!("{}-{}", nm(turn(fr(f))), nm(turn(fr(t))))
        })
        .collect();
    assert_eq!(all_moves(&game, &play(&game, &start, "a1-a2")), black);
}

// ---------------------------------------------------------------------------------------
// Pawns: first moves, captures, en passant

/// [LUD, QUA]: two cells on the first move. "First move" is written as "from the start rank":
/// the multi-step cells of hexv's tables are exactly rank 3 (Black: rank 7).
#[test]
fn multi_steps_start_exactly_on_the_pawns_cells() {
    let (v, t) = load(DE_VASA);
    let pawn = piece(&v, "P");
    for (side, expected) in [
        (Side::White, "a3 b3 c3 d3 e3 f3 g3 h3 i3"),
        (Side::Black, "a7 b7 c7 d7 e7 f7 g7 h7 i7"),
    ] {
        let multi = names(
            &v,
            v.board().cells().filter(|c| {
                t.entries(pawn, side, *c)
                    .iter()
                    .any(|e| e.when == Some(Condition::MultiStep))
            }),
        );
        // h3 and i3 (Black: b7 and a7) have a two-cell move in one direction only, i3 (a7)
        // along the file; every rank-3 cell has at least one.
        assert_eq!(multi, set(expected), "{side:?}");
    }
}

/// [WIK]'s pawn diagram as described: the unmoved pawn on b3 goes to b4, b5, c4 or d5. The
/// two-cell moves go in either forward edge direction; on the edge i3 has only i4 and i5, and
/// h3's two-cell 1 o'clock move would leave the board. Black's are turned.
#[test]
fn pawn_first_moves_two_directions_one_or_two_cells() {
    let game = game(DE_VASA);
    let start = game.start_position();
    for (from, to) in [
        ("b3", "b4 b5 c4 d5"),
        ("e3", "e4 e5 f4 g5"),
        ("h3", "h4 h5 i4"),
        ("i3", "i4 i5"),
    ] {
        let expected: BTreeSet<String> = to
            .split_whitespace()
            .map(|t| format!("{from}-{t}"))
            .collect();
        assert_eq!(moves_from(&game, &start, from), expected, "{from}");
        let bfrom = nm(turn(fr(from)));
        let black = play(&game, &start, "a1-a2");
        let expected: BTreeSet<String> = to
            .split_whitespace()
            .map(|t| format!("{bfrom}-{}", nm(turn(fr(t)))))
            .collect();
        assert_eq!(moves_from(&game, &black, &bfrom), expected, "{bfrom}");
    }
}

/// A two-cell move needs its middle cell empty and only blocks its own line: a piece on c4
/// leaves b3 the file moves b4 b5 only; one on b4 leaves c4 d5; one on b5 leaves b4 c4 d5.
/// After its first move a pawn steps one cell: b3-b4, then b4 has b5 and c5 only.
#[test]
fn pawn_advances_are_blocked_and_only_on_the_first_move() {
    let game = game(DE_VASA);
    for (blocker, left) in [
        ("n c4", "b3-b4 b3-b5"),
        ("N b4", "b3-c4 b3-d5"),
        ("n b5", "b3-b4 b3-c4 b3-d5"),
    ] {
        let pos = at(&game, Side::White, &format!("K i1 k a9 P b3 {blocker}"), "");
        assert_eq!(moves_from(&game, &pos, "b3"), set(left), "{blocker}");
    }
    let pos = at(&game, Side::White, "K i1 k a9 P b3", "");
    let pos = play(&game, &pos, "b3-b4 a9-a8");
    assert_eq!(moves_from(&game, &pos, "b4"), set("b4-b5 b4-c5"));
}

/// The revised pawn [PB, MOD; JOM; WIK's "to the sides"] captures a bishop's step forward to
/// either side, at 10 and 2 o'clock, never on its move cells and never straight ahead (12
/// o'clock). White's pawn on e5 (4,5) with Black knights on all five cells ahead, e6 f6 (its
/// moves), d6 g6 (10 and 2) and f7 (12): only e5xd6 and e5xg6. Black's pawn on e5 with White
/// knights on e4 d4, f4 c4 and d3: only e5xf4 and e5xc4.
#[test]
fn pawns_capture_diagonally_forward_to_the_sides() {
    let game = game(DE_VASA);
    let pos = at(
        &game,
        Side::White,
        "K i1 k a9 P e5 n e6 n f6 n d6 n g6 n f7",
        "",
    );
    assert_eq!(moves_from(&game, &pos, "e5"), set("e5xd6 e5xg6"));
    let pos = at(
        &game,
        Side::Black,
        "K i1 k a9 p e5 N e4 N d4 N f4 N c4 N d3",
        "",
    );
    assert_eq!(moves_from(&game, &pos, "e5"), set("e5xf4 e5xc4"));
}

/// White's c3-c5 passes c4 (2,4). Black pawns take at (1,-1) and (-2,-1): from b5 (1,5) and
/// from e5 (4,5), both onto c4, removing the pawn on c5. A Black knight on a5 (0,5) reaches c4
/// by its (2,-1) leap, but only pawns take en passant: a5-c4 is a plain move. The right lasts
/// one move, and a one-cell move gives none.
#[test]
fn en_passant_after_a_white_two_cell_file_move() {
    let game = game(DE_VASA);
    let pos = at(&game, Side::White, "K i1 k a9 P c3 p b5 p e5 n a5", "");
    let after = play(&game, &pos, "c3-c5");
    assert_eq!(game.position_text(&after).split(' ').nth(3), Some("c4@c5"));
    assert_eq!(moves_from(&game, &after, "b5"), set("b5-b4 b5-a4 b5xc4"));
    assert_eq!(moves_from(&game, &after, "e5"), set("e5-e4 e5-d4 e5xc4"));
    for taker in ["b5", "e5"] {
        let taken = play(&game, &after, &format!("{taker}xc4"));
        assert_eq!(on(&game, &taken, "c4"), "p", "{taker}");
        assert_eq!(on(&game, &taken, "c5"), "", "{taker}: the pawn is removed");
    }
    assert!(moves_from(&game, &after, "a5").contains("a5-c4"));
    let knight = play(&game, &after, "a5-c4");
    assert_eq!(on(&game, &knight, "c5"), "P");
    let later = play(&game, &after, "a9-a8 i1-h1");
    assert!(game.parse_move(&later, "b5xc4").is_err());
    assert_eq!(play(&game, &pos, "c3-c4").en_passant, None);
}

/// White's c3-e5 (two cells at 1 o'clock) passes d4 (3,4): the Black pawns on c5 (2,5) and f5
/// (5,5) take there, removing the pawn on e5.
#[test]
fn en_passant_after_a_white_two_cell_move_at_one_oclock() {
    let game = game(DE_VASA);
    let pos = at(&game, Side::White, "K i1 k a9 P c3 p c5 p f5", "");
    let after = play(&game, &pos, "c3-e5");
    assert_eq!(game.position_text(&after).split(' ').nth(3), Some("d4@e5"));
    assert_eq!(moves_from(&game, &after, "c5"), set("c5-c4 c5-b4 c5xd4"));
    assert_eq!(moves_from(&game, &after, "f5"), set("f5-f4 f5-e4 f5xd4"));
    for taker in ["c5", "f5"] {
        let taken = play(&game, &after, &format!("{taker}xd4"));
        assert_eq!(on(&game, &taken, "d4"), "p", "{taker}");
        assert_eq!(on(&game, &taken, "e5"), "", "{taker}");
    }
}

/// Black's e7-e5 passes e6 (4,6): White pawns take at (-1,1) and (2,1), from f5 (5,5) and c5
/// (2,5), both onto e6, removing the pawn on e5.
#[test]
fn en_passant_after_a_black_two_cell_move() {
    let game = game(DE_VASA);
    let pos = at(&game, Side::Black, "K i1 k a9 p e7 P f5 P c5", "");
    assert_eq!(moves_from(&game, &pos, "e7"), set("e7-e6 e7-e5 e7-d6"));
    let after = play(&game, &pos, "e7-e5");
    assert_eq!(moves_from(&game, &after, "f5"), set("f5-f6 f5-g6 f5xe6"));
    assert_eq!(moves_from(&game, &after, "c5"), set("c5-c6 c5-d6 c5xe6"));
    for taker in ["f5", "c5"] {
        let taken = play(&game, &after, &format!("{taker}xe6"));
        assert_eq!(on(&game, &taken, "e6"), "P");
        assert_eq!(on(&game, &taken, "e5"), "");
    }
}

// ---------------------------------------------------------------------------------------
// Promotion

/// [JOM]: White promotes on rank 9, Black on rank 1, to a queen, rook, bishop or knight.
#[test]
fn promotion_cells_are_the_far_rank() {
    let (v, _) = load(DE_VASA);
    let promo = v
        .piece(piece(&v, "P"))
        .promotion
        .clone()
        .expect("pawns promote");
    let zone = v.zone(promo.zone);
    assert_eq!(
        names(&v, zone.cells.white.clone()),
        set("a9 b9 c9 d9 e9 f9 g9 h9 i9")
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

/// White's pawn on d8 (3,8) moves to d9 or e9 and takes on c9 or f9: all four promote, and
/// must. Its pawn on g7 moves to g8 h8 and takes on f8 plainly. Black's pawn on f2 (5,2) moves
/// to f1 or e1 and takes on g1 (1,-1) or d1 (-2,-1), promoting each time.
#[test]
fn promotion_choices_for_both_sides() {
    let game = game(DE_VASA);
    let pos = at(&game, Side::White, "K i1 k a5 P d8 n c9 n f9 P g7 n f8", "");
    assert_eq!(
        moves_from(&game, &pos, "d8"),
        union(&[
            promotions("d8-d9", "Q R B N"),
            promotions("d8-e9", "Q R B N"),
            promotions("d8xc9", "Q R B N"),
            promotions("d8xf9", "Q R B N"),
        ])
    );
    assert_eq!(moves_from(&game, &pos, "g7"), set("g7-g8 g7-h8 g7xf8"));
    assert_eq!(
        refusal(&game, &pos, "d8-d9"),
        "`d8-d9` is illegal: the Pawn must promote: add =Q, =R, =B, =N"
    );
    assert_eq!(on(&game, &play(&game, &pos, "d8xf9=N"), "f9"), "N");

    let pos = at(&game, Side::Black, "K i9 k a5 p f2 N g1 N d1", "");
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
}

// ---------------------------------------------------------------------------------------
// Castling

/// Kings and rooks on their start cells, nothing else: the castling position.
const CASTLE: &str = "K f1 R a1 R i1 k d9 r a9 r i9";
const CASTLE_UNMOVED: &str = "f1 a1 i1 d9 a9 i9";

fn castle(game: &Game, to_move: Side, extra: &str) -> Position {
    at(game, to_move, &format!("{CASTLE} {extra}"), CASTLE_UNMOVED)
}

/// [WIK, PB, MOD]: short, the king two cells toward the near rook, long, three toward the far
/// one, the rook landing next to the king on its inner side: f1-h1 with i1-g1, f1-c1 with
/// a1-d1. Black's are turned: d9-b9 with a9-c9, d9-g9 with i9-f9.
#[test]
fn the_two_castlings_of_each_side() {
    let (v, _) = load(DE_VASA);
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
        (Side::Black, "Kd9-b9 Ra9-c9"),
        (Side::Black, "Kd9-g9 Ri9-f9"),
    ];
    let expected: Vec<(Side, String)> = expected.iter().map(|(s, t)| (*s, t.to_string())).collect();
    assert_eq!(listed, expected);
}

/// All four castlings performed. In the castling position no rook attacks a cell a king
/// uses: Black's a9 runs down the a-file and along b9 c9; its i9 down the i-file, along h9-e9
/// and down the 7 o'clock line h8 ... a1; White's rooks likewise keep off Black's cells.
#[test]
fn castling_performed_on_both_sides() {
    let game = game(DE_VASA);
    for (to_move, expected) in [(Side::White, "f1-h1 f1-c1"), (Side::Black, "d9-b9 d9-g9")] {
        let pos = castle(&game, to_move, "");
        assert_eq!(castlings(&game, &pos), set(expected), "{to_move:?}");
    }
    assert_castlings_performed(
        &game,
        &|side| castle(&game, side, ""),
        &[
            ("f1-h1", "h1", "g1", "f1", "i1"),
            ("f1-c1", "c1", "d1", "f1", "a1"),
            ("d9-b9", "b9", "c9", "d9", "a9"),
            ("d9-g9", "g9", "f9", "d9", "i9"),
        ],
    );
}

/// Not after the king or that rook has moved, even back to its cell [WIK: "normal castling
/// rules"]. The king out and back (Black's rook shuffling a9-a8-a9): White has no castling
/// left, Black only d9-g9. White's rook a1 and Black's i9 out and back: White keeps f1-h1,
/// Black d9-b9.
#[test]
fn castling_refused_after_the_king_or_the_rook_moved() {
    let game = game(DE_VASA);
    let pos = castle(&game, Side::White, "");
    let king = play(&game, &pos, "f1-f2 a9-a8 f2-f1 a8-a9");
    assert_eq!(castlings(&game, &king), BTreeSet::new());
    assert_eq!(
        refusal(&game, &king, "f1-h1"),
        "`f1-h1` is illegal: castling is not allowed: the king or the rook on `i1` has moved"
    );
    let black = play(&game, &king, "f1-f2");
    assert_eq!(castlings(&game, &black), set("d9-g9"));
    let rooks = play(&game, &pos, "a1-a2 i9-i8 a2-a1 i8-i9");
    assert_eq!(castlings(&game, &rooks), set("f1-h1"));
    assert_eq!(
        refusal(&game, &rooks, "f1-c1"),
        "`f1-c1` is illegal: castling is not allowed: the king or the rook on `a1` has moved"
    );
    let black = play(&game, &rooks, "f1-f2");
    assert_eq!(castlings(&game, &black), set("d9-b9"));
}

/// Every cell between king and rook must be empty, b1 too (neither piece lands there): a White
/// knight on b1, c1, d1 or e1 takes the long castling away, one on g1 or h1 the short one.
#[test]
fn castling_refused_when_a_cell_between_is_occupied() {
    let game = game(DE_VASA);
    for (cells, left) in [("b1 c1 d1 e1", "f1-h1"), ("g1 h1", "f1-c1")] {
        for c in cells.split_whitespace() {
            let pos = castle(&game, Side::White, &format!("N {c}"));
            assert_eq!(castlings(&game, &pos), set(left), "N on {c}");
        }
    }
    let pos = castle(&game, Side::White, "N b1");
    assert_eq!(
        refusal(&game, &pos, "f1-c1"),
        "`f1-c1` is illegal: castling is not allowed: `b1` is not empty"
    );
}

/// Not out of, through or into check; the rook's cells and b1, which the king never crosses,
/// do not matter. Attackers, each worked out from the vectors: a rook on f5 checks down the
/// f-file; a bishop on i5 (8,5) attacks g1 by its 6 o'clock line (h3, g1), where the short
/// king passes; a bishop on e4 (4,4) attacks h1 by its 4 o'clock line f3 g2 h1, where it
/// lands; rooks on e5, d5, c5 attack e1, d1, c1 down their files (the long king passes e1
/// and d1 and lands on c1); a rook on b5 attacks only b1 (both castlings stay). None of them
/// touches the other side's cells. For Black, a White rook on e5 attacks e9 up the e-file,
/// which the long king d9-g9 passes.
#[test]
fn castling_refused_out_of_through_or_into_check() {
    let game = game(DE_VASA);
    for (attacker, left) in [
        ("r f5", ""),
        ("b i5", "f1-c1"),
        ("b e4", "f1-c1"),
        ("r e5", "f1-h1"),
        ("r d5", "f1-h1"),
        ("r c5", "f1-h1"),
        ("r b5", "f1-h1 f1-c1"),
    ] {
        let pos = castle(&game, Side::White, attacker);
        assert_eq!(castlings(&game, &pos), set(left), "{attacker}");
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
    let pos = castle(&game, Side::Black, "R e5");
    assert_eq!(castlings(&game, &pos), set("d9-b9"));
}

// ---------------------------------------------------------------------------------------
// Pins, double check, the end of the game

/// King f1 (5,1). The Rook on f3, pinned up the file by the rook on f7, moves on the file
/// only; the Queen on g3 (6,3), pinned on the 12 o'clock diagonal f1 g3 h5 i7 by the bishop on
/// i7, moves on it only (the Knight on g2, one of the two cells that diagonal's first step
/// passes between, does not break the pin); that Knight, pinned on the 1 o'clock line f1 g2
/// h3 i4 by the rook on i4, cannot move; the Pawn on e2 (4,2), pinned on the 10 o'clock
/// diagonal by the bishop on d3, may take it (its 10 o'clock capture) but not advance.
#[test]
fn pins() {
    let game = game(DE_VASA);
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

/// King f1 (neighbours g2 g1 e1 f2, h2 e2 g3) checked down the file by the rook on f5 and by
/// the knight on g4 (its (-1,-3) leap); the rook also covers f2, the knight e1 (-2,-3) and h2
/// (1,-2). Only g2, g1, e2 and g3 are left, and the Rook on g9, which could take the knight
/// down the g-file, may not.
#[test]
fn double_check() {
    let game = game(DE_VASA);
    let pos = at(&game, Side::White, "K f1 r f5 n g4 R g9 k b7", "");
    assert!(game.in_check(&pos, Side::White));
    let moves = all_moves(&game, &pos);
    assert_eq!(moves, set("f1-g2 f1-g1 f1-e2 f1-g3"));
    assert_eq!(
        refusal(&game, &pos, "g9xg4"),
        "`g9xg4` is illegal: it leaves the mover's royal piece attacked"
    );
}

/// Checkmate wins. Black's King in the acute corner i9 (neighbours h9 i8 h8, g8 h7): the Queen
/// on h8, i9's 7 o'clock neighbour, checks it and covers h9 (11 o'clock of h8), i8 (3), g8 (9)
/// and h7 (5); the King on g7 guards her: 1-0. Turned 180 degrees (i9 -> a1,
/// h8 -> b2, g7 -> c3) with White to move: 0-1.
#[test]
fn checkmate_wins() {
    let game = game(DE_VASA);
    let pos = at(&game, Side::Black, "k i9 Q h8 K g7", "");
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Checkmate, "1-0".into()))
    );
    let pos = at(&game, Side::White, "K a1 q b2 k c3", "");
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Checkmate, "0-1".into()))
    );
}

/// Stalemate is a draw ([WIK]: draws count half a point; [PB]: Glinski's stalemate score was
/// not taken up elsewhere). White's King alone on g7 covers all five cells around Black's King
/// i9: h8 (1 o'clock of g7), h7 (3), g8 (11), i8 (2) and h9 (12), without attacking i9.
#[test]
fn stalemate_is_a_draw() {
    let (v, _) = load(DE_VASA);
    assert_eq!(v.rules().stalemate, Score::DRAW);
    let game = game(DE_VASA);
    let pos = at(&game, Side::Black, "k i9 K g7", "");
    assert!(!game.in_check(&pos, Side::Black));
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Stalemate, "1/2-1/2".into()))
    );
}

/// Chess's conventions: the third repetition draws (the knights b1-c4 and h9-g6, out and
/// back twice, bring back the start a third time), and so do fifty moves each without a
/// capture or a pawn move: with 99 quiet plies behind, a knight move ends the game, a pawn
/// move starts the count again.
#[test]
fn repetition_and_fifty_moves_draw() {
    let (v, _) = load(DE_VASA);
    assert_eq!(v.rules().repetition, Some((3, Score::DRAW)));
    let game = game(DE_VASA);
    let mut history = vec![game.start_position()];
    for (ply, m) in "b1-c4 h9-g6 c4-b1 g6-h9 b1-c4 h9-g6 c4-b1 g6-h9"
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
    let pawn = play(&game, &start, "a3-a4");
    assert_eq!(pawn.quiet_plies, 0);
    assert_eq!(game.outcome(&[start, pawn]), None);
}
