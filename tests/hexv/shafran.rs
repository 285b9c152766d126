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

use hexv::compile::Condition;
use hexv::game::{Game, GameEnd, Position};
use hexv::variant::{Score, Side};

use crate::rule_support::{
    all_moves, assert_castlings_performed, assert_setup, at, ending, moves_from, on, play,
    promotions, refusal, union,
};
use crate::support::castlings;
use crate::support::{cell, empty_destinations, game, load, names, piece, set};

const SHAFRAN: &str = "variants/shafran.hexv";

// ---------------------------------------------------------------------------------------
// The geometry of the module comment

/// A cell as (file index, a = 0; rank as written).
type Fr = (i32, i32);

const FILES: &str = "abcdefghi";

/// 12 2 4 6 8 10 o'clock.
const EDGES: [Fr; 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];
/// 1 3 5 7 9 11 o'clock.
const DIAGONALS: [Fr; 6] = [(1, 2), (2, 1), (1, -1), (-1, -2), (-2, -1), (-1, 1)];
const KNIGHT: [Fr; 12] = [
    (-1, 2),
    (1, 3),
    (2, 3),
    (3, 2),
    (3, 1),
    (2, -1),
    (1, -2),
    (-1, -3),
    (-2, -3),
    (-3, -2),
    (-3, -1),
    (-2, 1),
];

fn ranks(f: i32) -> std::ops::RangeInclusive<i32> {
    (f - 3).max(1)..=(f + 6).min(10)
}

fn on_board((f, r): Fr) -> bool {
    (0..=8).contains(&f) && ranks(f).contains(&r)
}

fn fr(name: &str) -> Fr {
    let f = FILES.find(&name[..1]).expect("a file letter") as i32;
    (f, name[1..].parse().expect("a rank"))
}

fn nm((f, r): Fr) -> String {
    format!("{}{}", &FILES[f as usize..f as usize + 1], r)
}

fn all_cells() -> Vec<Fr> {
    (0..=8)
        .flat_map(|f| ranks(f).map(move |r| (f, r)))
        .collect()
}

fn plus((f, r): Fr, (df, dr): Fr, k: i32) -> Fr {
    (f + k * df, r + k * dr)
}

fn turn((f, r): Fr) -> Fr {
    (8 - f, 11 - r)
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

/// [SHE, CVP, WIK]: 70 cells, files a-i of 6 7 8 9 10 9 8 7 6, named by the 10-to-4 o'clock
/// ranks; [SHE]: 23, 23 and 24 cells of the three colours and two corners of each. The
/// corners are a1 a6 e1 e10 i5 i10: colours (f + r) mod 3 = 1 0 2 2 1 0.
#[test]
fn board_files_ranks_and_colours() {
    let (v, _) = load(SHAFRAN);
    let board = v.board();
    assert_eq!(board.len(), 70);
    let expected: BTreeSet<String> = all_cells().into_iter().map(nm).collect();
    assert_eq!(expected.len(), 70);
    assert_eq!(names(&v, board.cells()), expected);
    let lengths: Vec<usize> = (0..=8).map(|f| ranks(f).count()).collect();
    assert_eq!(lengths, [6, 7, 8, 9, 10, 9, 8, 7, 6]);
    for f in ["f1", "g2", "h3", "i4", "a7", "e11", "f11"] {
        assert_eq!(board.find(f), None, "{f} is not a cell");
    }
    // Colours: hexv's classes are the geometry's, 23 / 23 / 24 cells.
    let mut sizes = [0; 3];
    for c in all_cells() {
        sizes[colour(c) as usize] += 1;
        for d in all_cells() {
            let same = board.colour(cell(&v, &nm(c))) == board.colour(cell(&v, &nm(d)));
            assert_eq!(same, colour(c) == colour(d), "{} {}", nm(c), nm(d));
        }
    }
    sizes.sort();
    assert_eq!(sizes, [23, 23, 24]);
    let mut board_sizes = board.colour_sizes();
    board_sizes.sort();
    assert_eq!(board_sizes, [23, 23, 24]);
    for (x, y) in [("a1", "i5"), ("a6", "i10"), ("e1", "e10")] {
        assert_eq!(colour(fr(x)), colour(fr(y)), "{x} {y}");
    }
    // The 180 degree turn maps the board onto itself.
    assert!(all_cells().into_iter().all(|c| on_board(turn(c))));
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
    // Each officer on the lowest cell of its file, its pawn on the next one.
    for f in 0..=8 {
        let low = *ranks(f).start();
        let officer = white
            .iter()
            .find(|(k, c)| *k != "P" && set(c).contains(&nm((f, low))));
        assert!(officer.is_some(), "file {f}");
        assert!(set(white[5].1).contains(&nm((f, low + 1))), "file {f}");
    }
    let bishop_colours: BTreeSet<i32> = ["c1", "f2", "h4"].iter().map(|c| colour(fr(c))).collect();
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
    let from = cell(&v, "e5");
    let dest = |key: &str, side| empty_destinations(&v, &t, piece(&v, key), side, from);
    assert_eq!(
        dest("K", Side::White),
        set("e6 f6 f5 e4 d4 d5 f7 g6 f4 d3 c4 d6")
    );
    let rook = set("e6 e7 e8 e9 e10 e4 e3 e2 e1 f6 g7 h8 i9 f5 g5 h5 i5 d4 c3 b2 a1 d5 c5 b5 a5");
    assert_eq!(rook.len(), 25);
    assert_eq!(dest("R", Side::White), rook);
    let bishop = set("f7 g9 g6 i7 f4 g3 d3 c1 c4 a3 d6 c7");
    assert_eq!(dest("B", Side::White), bishop);
    assert_eq!(dest("Q", Side::White), union(&[rook, bishop]));
    assert_eq!(
        dest("N", Side::White),
        set("d7 f8 g8 h7 h6 g4 f3 d2 c2 b3 b4 c6")
    );
    assert_eq!(dest("P", Side::White), set("e6 d6 f7"));
    assert_eq!(dest("P", Side::Black), set("e4 f4 d3"));
    assert_eq!(
        empty_destinations(&v, &t, piece(&v, "K"), Side::White, cell(&v, "a1")),
        set("a2 b2 b1 b3 c2")
    );
}

/// The same rules on every cell, for both sides: the king's twelve neighbours (and, from its
/// start cell, its four castling cells), the riders' lines to the edge, the knight's twelve
/// leaps, and the pawn's step, captures and first-move advances (three cells from d2 e2 f3,
/// two from b2 c2 g4 h5, Black's turned).
#[test]
fn every_piece_on_every_cell_follows_the_geometry() {
    let (v, t) = load(SHAFRAN);
    let all: Vec<Fr> = EDGES.iter().chain(&DIAGONALS).copied().collect();
    let three = "d2 e2 f3";
    let two = "b2 c2 g4 h5";
    for side in [Side::White, Side::Black] {
        let sign = if side == Side::White { 1 } else { -1 };
        let turn_set = |cells: &str| match side {
            Side::White => set(cells),
            Side::Black => turned(cells),
        };
        for c in all_cells() {
            let name = nm(c);
            let dest =
                |key: &str| empty_destinations(&v, &t, piece(&v, key), side, cell(&v, &name));
            // The king's table also lists its castlings, from its start cell.
            let mut king = steps(c, &all);
            if turn_set("e1").contains(&name) {
                king.extend(turn_set("c1 b1 g3 h4"));
            }
            assert_eq!(dest("K"), king, "K {name}");
            assert_eq!(dest("R"), rays(c, &EDGES), "R {name}");
            assert_eq!(dest("B"), rays(c, &DIAGONALS), "B {name}");
            assert_eq!(dest("Q"), rays(c, &all), "Q {name}");
            assert_eq!(dest("N"), steps(c, &KNIGHT), "N {name}");
            let ahead = (0, sign);
            let mut pawn = steps(c, &[ahead, (-sign, sign), (sign, 2 * sign)]);
            let reach = if turn_set(three).contains(&name) {
                3
            } else if turn_set(two).contains(&name) {
                2
            } else {
                1
            };
            for k in 2..=reach {
                pawn.insert(nm(plus(c, ahead, k)));
            }
            assert_eq!(dest("P"), pawn, "P {name} {side:?}");
        }
    }
}

/// Riders stop at the first piece (capturing an enemy there); a diagonal passes between two
/// cells, so only the cells it lands on block it; the knight leaps. The Rook on e5 with a
/// White pawn on e7 and a Black one on g5: up the file only e6, along 4 o'clock f5 and g5
/// (taking). The Bishop on e5 with pieces on e6 and f6 (the two cells its 1 o'clock step
/// passes between) still reaches f7 and g9. The Knight on e5 ringed by pieces on all twelve
/// king cells still has its twelve leaps.
#[test]
fn riders_stop_at_pieces_diagonals_pass_between_and_knights_leap() {
    let game = game(SHAFRAN);
    let pos = at(&game, Side::White, "K a1 k i10 R e5 P e7 p g5", "");
    assert_eq!(
        moves_from(&game, &pos, "e5"),
        set(
            "e5-e6 e5-e4 e5-e3 e5-e2 e5-e1 e5-f6 e5-g7 e5-h8 e5-i9 e5-f5 e5xg5 \
             e5-d4 e5-c3 e5-b2 e5-d5 e5-c5 e5-b5 e5-a5"
        )
    );
    let pos = at(&game, Side::White, "K a1 k i10 B e5 P e6 p f6", "");
    assert_eq!(
        moves_from(&game, &pos, "e5"),
        set("e5-f7 e5-g9 e5-g6 e5-i7 e5-f4 e5-g3 e5-d3 e5-c1 e5-c4 e5-a3 e5-d6 e5-c7")
    );
    let ring = "e6 f6 f5 e4 d4 d5 f7 g6 f4 d3 c4 d6";
    let pieces: String = ring.split_whitespace().map(|c| format!(" P {c}")).collect();
    let pos = at(&game, Side::White, &format!("K a1 k i10 N e5{pieces}"), "");
    assert_eq!(
        moves_from(&game, &pos, "e5"),
        set("e5-d7 e5-f8 e5-g8 e5-h7 e5-h6 e5-g4 e5-f3 e5-d2 e5-c2 e5-b3 e5-b4 e5-c6")
    );
}

/// The start (derived piece by piece in docs/perft.md): 19 pawn moves (one, two or three
/// cells as the file allows), the knights b1 (a3 c4 d4 e3) and g3 (e4 f5 h6), the bishops on
/// their open diagonals to a Black pawn (c1: d3 e5 f7 xg9; f2: e3 d4 c5 xb6; h4: g5 f6 e7
/// xd8), the queen d1 (e3 f5 g7 xh9); rooks and king are boxed in: 42. Black's 42 are their
/// turned image.
#[test]
fn the_start_moves_for_both_sides() {
    let game = game(SHAFRAN);
    let start = game.start_position();
    let white = "a2-a3 b2-b3 b2-b4 c2-c3 c2-c4 d2-d3 d2-d4 d2-d5 e2-e3 e2-e4 e2-e5 f3-f4 \
                 f3-f5 f3-f6 g4-g5 g4-g6 h5-h6 h5-h7 i6-i7 b1-a3 b1-c4 b1-d4 b1-e3 g3-e4 \
                 g3-f5 g3-h6 c1-d3 c1-e5 c1-f7 c1xg9 f2-e3 f2-d4 f2-c5 f2xb6 h4-g5 h4-f6 \
                 h4-e7 h4xd8 d1-e3 d1-f5 d1-g7 d1xh9";
    assert_eq!(set(white).len(), 42);
    assert_eq!(all_moves(&game, &start), set(white));
    // Black, after a White move that changes nothing for it (a2-a3).
    let black: BTreeSet<String> = set(white)
        .iter()
        .map(|m| {
            let sep = if m.contains('x') { 'x' } else { '-' };
            let (f, t) = m.split_once(sep).expect("a move");
            format!("{}{sep}{}", nm(turn(fr(f))), nm(turn(fr(t))))
        })
        .collect();
    assert_eq!(all_moves(&game, &play(&game, &start, "a2-a3")), black);
}

// ---------------------------------------------------------------------------------------
// Pawns: first moves, captures, en passant

/// [JOC]: the first move reaches the middle of the board: "for 'd', 'e' and 'f' files from 1
/// to 3 steps, for 'b', 'c', 'g' and 'h' files, from 1 to 2 steps, for 'a' and 'i' files, 1
/// step". The multi-step cells of hexv's tables are exactly the pawns' start cells.
#[test]
fn multi_steps_start_exactly_on_the_pawns_cells() {
    let (v, t) = load(SHAFRAN);
    let pawn = piece(&v, "P");
    for side in [Side::White, Side::Black] {
        let multi = names(
            &v,
            v.board().cells().filter(|c| {
                t.entries(pawn, side, *c)
                    .iter()
                    .any(|e| e.when == Some(Condition::MultiStep))
            }),
        );
        let expected = "b2 c2 d2 e2 f3 g4 h5";
        let expected = match side {
            Side::White => set(expected),
            Side::Black => turned(expected),
        };
        assert_eq!(multi, expected, "{side:?}");
    }
    assert_eq!(turned("b2 c2 d2 e2 f3 g4 h5"), set("h9 g9 f9 e9 d8 c7 b6"));
}

/// The first moves of every pawn at the start, for both sides: a2 and i6 one cell; b2 c2 g4
/// h5 one or two; d2 e2 f3 one, two or three (Black: a5 i9; h9 g9 c7 b6; f9 e9 d8).
#[test]
fn pawn_first_moves_one_two_or_three_cells() {
    let game = game(SHAFRAN);
    let start = game.start_position();
    for (from, to) in [
        ("a2", "a3"),
        ("b2", "b3 b4"),
        ("c2", "c3 c4"),
        ("d2", "d3 d4 d5"),
        ("e2", "e3 e4 e5"),
        ("f3", "f4 f5 f6"),
        ("g4", "g5 g6"),
        ("h5", "h6 h7"),
        ("i6", "i7"),
    ] {
        let expected: BTreeSet<String> = to
            .split_whitespace()
            .map(|t| format!("{from}-{t}"))
            .collect();
        assert_eq!(moves_from(&game, &start, from), expected, "{from}");
        let bfrom = nm(turn(fr(from)));
        let black = play(&game, &start, "a2-a3");
        let expected: BTreeSet<String> = to
            .split_whitespace()
            .map(|t| format!("{bfrom}-{}", nm(turn(fr(t)))))
            .collect();
        assert_eq!(moves_from(&game, &black, &bfrom), expected, "{bfrom}");
    }
}

/// The advance is over empty cells: a piece (of either side) on d5 leaves d2 only d3 and d4,
/// one on d4 only d3, one on d3 nothing. After its first move a pawn steps one cell: the d2
/// pawn that went to d3 has only d4; the b2 pawn that went to b3, only b4.
#[test]
fn pawn_advances_are_blocked_and_only_on_the_first_move() {
    let game = game(SHAFRAN);
    for (blocker, left) in [("n d5", "d2-d3 d2-d4"), ("N d4", "d2-d3"), ("n d3", "")] {
        let pos = at(&game, Side::White, &format!("K i5 k a6 P d2 {blocker}"), "");
        assert_eq!(moves_from(&game, &pos, "d2"), set(left), "{blocker}");
    }
    let pos = at(&game, Side::White, "K a1 k i10 P d2 P b2", "");
    let pos = play(&game, &pos, "d2-d3 i10-i9 b2-b3 i9-i10");
    assert_eq!(moves_from(&game, &pos, "d3"), set("d3-d4"));
    assert_eq!(moves_from(&game, &pos, "b3"), set("b3-b4"));
}

/// [CVP, GRE]: the pawn captures one cell diagonally forward (White: 11 and 1 o'clock), never
/// straight ahead. White's pawn on e5 (4,5) with Black knights on e6, d6 (3,6) and f7 (5,7):
/// it cannot push, and takes on d6 or f7. Black's pawn on e6 (4,6) with White knights on e5,
/// f5 (5,5) and d4 (3,4): it takes at White's 5 and 7 o'clock, f5 and d4.
#[test]
fn pawns_capture_diagonally_forward() {
    let game = game(SHAFRAN);
    let pos = at(&game, Side::White, "K a1 k i10 P e5 n e6 n d6 n f7", "");
    assert_eq!(moves_from(&game, &pos, "e5"), set("e5xd6 e5xf7"));
    let pos = at(&game, Side::Black, "K a1 k i10 p e6 N e5 N f5 N d4", "");
    assert_eq!(moves_from(&game, &pos, "e6"), set("e6xf5 e6xd4"));
}

/// White's two-cell first move c2-c4 passes c3 (2,3). Black pawns take at White's 5 (1,-1)
/// and 7 (-1,-2) o'clock: from b4 (1,4) and from d5 (3,5), both onto c3, removing the pawn on
/// c4. A Black knight on a4 (0,4) reaches c3 by its (2,-1) leap, but only pawns take en
/// passant: a4-c3 is a plain move and c4 stays. The right lasts one move.
#[test]
fn en_passant_after_a_white_two_cell_move() {
    let game = game(SHAFRAN);
    let pos = at(&game, Side::White, "K e1 k i10 P c2 p b4 p d5 n a4", "");
    assert_eq!(moves_from(&game, &pos, "c2"), set("c2-c3 c2-c4"));
    let after = play(&game, &pos, "c2-c4");
    assert_eq!(game.position_text(&after).split(' ').nth(3), Some("c3@c4"));
    assert_eq!(moves_from(&game, &after, "b4"), set("b4-b3 b4xc3"));
    assert_eq!(moves_from(&game, &after, "d5"), set("d5-d4 d5xc3"));
    for taker in ["b4", "d5"] {
        let taken = play(&game, &after, &format!("{taker}xc3"));
        assert_eq!(on(&game, &taken, "c3"), "p", "{taker}");
        assert_eq!(
            on(&game, &taken, "c4"),
            "",
            "{taker}: White's pawn is removed"
        );
    }
    assert!(moves_from(&game, &after, "a4").contains("a4-c3"));
    assert!(!moves_from(&game, &after, "a4").contains("a4xc3"));
    let knight = play(&game, &after, "a4-c3");
    assert_eq!(on(&game, &knight, "c4"), "P");
    // Only on the very next move.
    let later = play(&game, &after, "i10-i9 e1-e2");
    assert!(game.parse_move(&later, "b4xc3").is_err());
    // A single step gives no right.
    assert_eq!(play(&game, &pos, "c2-c3").en_passant, None);
}

/// White's three-cell first move e2-e5 passes e3 (4,3) and e4 (4,4): the Black pawn on d4
/// (3,4) takes on e3 (5 o'clock), the one on f6 (5,6) on e4 (7 o'clock), each removing the
/// pawn on e5. After the two-cell e2-e4 only e3 was passed: d4xe3 is en passant, f6xe4 an
/// ordinary capture.
#[test]
fn en_passant_on_either_cell_a_white_three_cell_move_passed() {
    let game = game(SHAFRAN);
    let pos = at(&game, Side::White, "K a1 k i10 P e2 p d4 p f6", "");
    assert_eq!(moves_from(&game, &pos, "e2"), set("e2-e3 e2-e4 e2-e5"));
    let after = play(&game, &pos, "e2-e5");
    assert_eq!(
        game.position_text(&after).split(' ').nth(3),
        Some("e3,e4@e5")
    );
    assert_eq!(moves_from(&game, &after, "d4"), set("d4-d3 d4xe3"));
    assert_eq!(moves_from(&game, &after, "f6"), set("f6-f5 f6xe4"));
    for (taker, to) in [("d4", "e3"), ("f6", "e4")] {
        let taken = play(&game, &after, &format!("{taker}x{to}"));
        assert_eq!(on(&game, &taken, to), "p", "{taker}");
        assert_eq!(
            on(&game, &taken, "e5"),
            "",
            "{taker}: White's pawn is removed"
        );
    }
    let two = play(&game, &pos, "e2-e4");
    assert_eq!(game.position_text(&two).split(' ').nth(3), Some("e3@e4"));
    let taken = play(&game, &two, "d4xe3");
    assert_eq!(on(&game, &taken, "e4"), "");
    let taken = play(&game, &two, "f6xe4");
    assert_eq!(on(&game, &taken, "e4"), "p");
    assert_eq!(on(&game, &taken, "e3"), "");
}

/// [WIK]'s example, a Black pawn on d8 (a three-cell pawn) with White pawns beside its path
/// (here on e6 and c4): after ...d8-d7 it is taken normally (e6xd7, 11 o'clock); after
/// ...d8-d6, en passant on d7 (e6xd7) or normally on d6 (c4xd6, 1 o'clock); after ...d8-d5,
/// en passant by both pawns, e6 on d7 and c4 on d6.
#[test]
fn en_passant_after_a_black_three_cell_move_the_wikipedia_example() {
    let game = game(SHAFRAN);
    let pos = at(&game, Side::Black, "K e1 k e10 p d8 P e6 P c4", "");
    assert_eq!(moves_from(&game, &pos, "d8"), set("d8-d7 d8-d6 d8-d5"));
    let one = play(&game, &pos, "d8-d7");
    assert_eq!(one.en_passant, None);
    assert_eq!(moves_from(&game, &one, "e6"), set("e6-e7 e6xd7"));
    assert_eq!(moves_from(&game, &one, "c4"), set("c4-c5"));
    let two = play(&game, &pos, "d8-d6");
    assert_eq!(moves_from(&game, &two, "e6"), set("e6-e7 e6xd7"));
    assert_eq!(moves_from(&game, &two, "c4"), set("c4-c5 c4xd6"));
    assert_eq!(on(&game, &play(&game, &two, "e6xd7"), "d6"), "");
    let three = play(&game, &pos, "d8-d5");
    assert_eq!(
        game.position_text(&three).split(' ').nth(3),
        Some("d6,d7@d5")
    );
    assert_eq!(moves_from(&game, &three, "e6"), set("e6-e7 e6xd7"));
    assert_eq!(moves_from(&game, &three, "c4"), set("c4-c5 c4xd6"));
    for (taker, to) in [("e6", "d7"), ("c4", "d6")] {
        let taken = play(&game, &three, &format!("{taker}x{to}"));
        assert_eq!(on(&game, &taken, to), "P", "{taker}");
        assert_eq!(
            on(&game, &taken, "d5"),
            "",
            "{taker}: Black's pawn is removed"
        );
    }
}

/// Black's two-cell first move g9-g7 passes g8 (6,8): White pawns on h7 (7,7, 11 o'clock) and
/// f6 (5,6, 1 o'clock) both take there, removing the pawn on g7.
#[test]
fn en_passant_after_a_black_two_cell_move() {
    let game = game(SHAFRAN);
    let pos = at(&game, Side::Black, "K a1 k e10 p g9 P h7 P f6", "");
    assert_eq!(moves_from(&game, &pos, "g9"), set("g9-g8 g9-g7"));
    let after = play(&game, &pos, "g9-g7");
    assert_eq!(moves_from(&game, &after, "h7"), set("h7-h8 h7xg8"));
    assert_eq!(moves_from(&game, &after, "f6"), set("f6-f7 f6xg8"));
    for taker in ["h7", "f6"] {
        let taken = play(&game, &after, &format!("{taker}xg8"));
        assert_eq!(on(&game, &taken, "g8"), "P");
        assert_eq!(on(&game, &taken, "g7"), "");
    }
}

// ---------------------------------------------------------------------------------------
// Promotion

/// [GRE]: pawns promote on the two far edges; [JOM]: on the last cell of each file (White:
/// a6 b7 c8 d9 e10 f10 g10 h10 i10; Black: the first cells, a1 b1 c1 d1 e1 f2 g3 h4 i5), to a
/// queen, rook, bishop or knight.
#[test]
fn promotion_cells_are_the_last_cell_of_every_file() {
    let (v, _) = load(SHAFRAN);
    let promo = v
        .piece(piece(&v, "P"))
        .promotion
        .clone()
        .expect("pawns promote");
    let zone = v.zone(promo.zone);
    let tops: String = (0..=8)
        .map(|f| format!("{} ", nm((f, *ranks(f).end()))))
        .collect();
    let bottoms: String = (0..=8)
        .map(|f| format!("{} ", nm((f, *ranks(f).start()))))
        .collect();
    assert_eq!(tops.trim(), "a6 b7 c8 d9 e10 f10 g10 h10 i10");
    assert_eq!(bottoms.trim(), "a1 b1 c1 d1 e1 f2 g3 h4 i5");
    assert_eq!(names(&v, zone.cells.white.clone()), set(&tops));
    assert_eq!(names(&v, zone.cells.black.clone()), set(&bottoms));
    let to: Vec<&str> = promo
        .to
        .iter()
        .map(|p| v.piece(*p).symbol.as_str())
        .collect();
    assert_eq!(to, ["Q", "R", "B", "N"]);
}

/// White's pawn on d8 (3,8) pushes to d9 and takes on e10 (1 o'clock), both last cells: both
/// promote, and must; the pawn on f8 (5,8) pushes to f9 and takes on e9 (11 o'clock) without
/// promoting, and promotes taking on g10 (1 o'clock). Black's pawn on f3 (5,3) pushes to f2 and
/// takes on e1 (White's 7 o'clock), both promoting; the one on d3 (3,3) pushes to d2 and takes
/// on e2 (5 o'clock) plainly, and promotes taking on c1 (7 o'clock).
#[test]
fn promotion_choices_for_both_sides() {
    let game = game(SHAFRAN);
    let pos = at(
        &game,
        Side::White,
        "K a1 k i5 P d8 n e10 P f8 n e9 n g10",
        "",
    );
    assert_eq!(
        moves_from(&game, &pos, "d8"),
        union(&[
            promotions("d8-d9", "Q R B N"),
            promotions("d8xe10", "Q R B N")
        ])
    );
    assert_eq!(
        moves_from(&game, &pos, "f8"),
        union(&[set("f8-f9 f8xe9"), promotions("f8xg10", "Q R B N")])
    );
    assert_eq!(
        refusal(&game, &pos, "d8-d9"),
        "`d8-d9` is illegal: the Pawn must promote: add =Q, =R, =B, =N"
    );
    assert_eq!(on(&game, &play(&game, &pos, "d8xe10=N"), "e10"), "N");

    let pos = at(
        &game,
        Side::Black,
        "K i10 k a6 p f3 N e1 p d3 N e2 N c1",
        "",
    );
    assert_eq!(
        moves_from(&game, &pos, "f3"),
        union(&[
            promotions("f3-f2", "Q R B N"),
            promotions("f3xe1", "Q R B N")
        ])
    );
    assert_eq!(
        moves_from(&game, &pos, "d3"),
        union(&[set("d3-d2 d3xe2"), promotions("d3xc1", "Q R B N")])
    );
    assert_eq!(on(&game, &play(&game, &pos, "f3-f2=R"), "f2"), "r");
}

// ---------------------------------------------------------------------------------------
// Castling

/// Kings and rooks on their start cells, nothing else: the castling position.
const CASTLE: &str = "K e1 R a1 R i5 k e10 r a6 r i10";
const CASTLE_UNMOVED: &str = "e1 a1 i5 e10 a6 i10";

fn castle(game: &Game, to_move: Side, extra: &str) -> Position {
    at(game, to_move, &format!("{CASTLE} {extra}"), CASTLE_UNMOVED)
}

/// [CVP]: "the King castles by moving three spaces toward the Rook with the Rook moving
/// adjacent to the King on the other side"; [GRE, JOC]: on both sides, short (king two cells,
/// rook three) or long (king three, rook two), on [JOM]'s cells. White's queen's side runs
/// along rank 1 (e1 d1 c1 b1 a1, 10 o'clock), its bishops' side along e1 f2 g3 h4 i5 (2
/// o'clock). Black's are turned: e10 f10 g10 h10 i10 and e10 d9 c8 b7 a6.
#[test]
fn the_four_castlings_of_each_side() {
    let (v, _) = load(SHAFRAN);
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
        (Side::White, "Ke1-c1 Ra1-d1"),
        (Side::White, "Ke1-b1 Ra1-c1"),
        (Side::White, "Ke1-g3 Ri5-f2"),
        (Side::White, "Ke1-h4 Ri5-g3"),
        (Side::Black, "Ke10-g10 Ri10-f10"),
        (Side::Black, "Ke10-h10 Ri10-g10"),
        (Side::Black, "Ke10-c8 Ra6-d9"),
        (Side::Black, "Ke10-b7 Ra6-c8"),
    ];
    let expected: Vec<(Side, String)> = expected.iter().map(|(s, t)| (*s, t.to_string())).collect();
    assert_eq!(listed, expected);
    // Each is on one line: the king's cells and the rook's are steps along one edge vector.
    for (king, rook, d) in [("e1", "a1", (-1, 0)), ("e1", "i5", (1, 1))] {
        assert_eq!(plus(fr(king), d, 4), fr(rook));
    }
}

/// All eight castlings performed. In the castling position no piece attacks a cell the
/// kings use: Black's rook a6 runs down the a-file to a1 and along rank 6 and b7-e10, its rook
/// i10 down the i-file to i5, along h9 g8 ... a2 and h10-e10; White's rooks likewise stay off
/// Black's cells.
#[test]
fn castling_performed_on_both_sides_short_and_long() {
    let game = game(SHAFRAN);
    for (to_move, expected) in [
        (Side::White, "e1-c1 e1-b1 e1-g3 e1-h4"),
        (Side::Black, "e10-g10 e10-h10 e10-c8 e10-b7"),
    ] {
        let pos = castle(&game, to_move, "");
        assert_eq!(castlings(&game, &pos), set(expected), "{to_move:?}");
    }
    // The castler loses its four rights (its king moved), the other side keeps its own.
    assert_castlings_performed(
        &game,
        &|side| castle(&game, side, ""),
        &[
            ("e1-c1", "c1", "d1", "e1", "a1"),
            ("e1-b1", "b1", "c1", "e1", "a1"),
            ("e1-g3", "g3", "f2", "e1", "i5"),
            ("e1-h4", "h4", "g3", "e1", "i5"),
            ("e10-g10", "g10", "f10", "e10", "i10"),
            ("e10-h10", "h10", "g10", "e10", "i10"),
            ("e10-c8", "c8", "d9", "e10", "a6"),
            ("e10-b7", "b7", "c8", "e10", "a6"),
        ],
    );
}

/// "Castling works the same as it does in Chess" [CVP]: not after the king or that rook has
/// moved, even back to its cell. The king out and back (with a Black rook shuffling a6-a5-a6):
/// White has no castling left and Black keeps only its i10 rook's two. The rook a1 out and
/// back: White keeps the i5 castlings; Black's rook i10 likewise: Black keeps the a6 ones.
#[test]
fn castling_refused_after_the_king_or_the_rook_moved() {
    let game = game(SHAFRAN);
    let pos = castle(&game, Side::White, "");
    let king = play(&game, &pos, "e1-e2 a6-a5 e2-e1 a5-a6");
    assert_eq!(castlings(&game, &king), BTreeSet::new());
    assert_eq!(
        refusal(&game, &king, "e1-c1"),
        "`e1-c1` is illegal: castling is not allowed: the king or the rook on `a1` has moved"
    );
    let black = play(&game, &king, "e1-e2");
    assert_eq!(castlings(&game, &black), set("e10-g10 e10-h10"));
    let rooks = play(&game, &pos, "a1-a2 i10-i9 a2-a1 i9-i10");
    assert_eq!(castlings(&game, &rooks), set("e1-g3 e1-h4"));
    assert_eq!(
        refusal(&game, &rooks, "e1-b1"),
        "`e1-b1` is illegal: castling is not allowed: the king or the rook on `a1` has moved"
    );
    let black = play(&game, &rooks, "e1-e2");
    assert_eq!(castlings(&game, &black), set("e10-c8 e10-b7"));
}

/// Every cell between king and rook must be empty, for the short castling too (b1 lies
/// between e1 and a1 although neither piece lands there): a White knight on d1, c1 or b1
/// takes both queen's-side castlings away, one on f2, g3 or h4 both bishops'-side ones.
#[test]
fn castling_refused_when_a_cell_between_is_occupied() {
    let game = game(SHAFRAN);
    for (cells, left) in [("d1 c1 b1", "e1-g3 e1-h4"), ("f2 g3 h4", "e1-c1 e1-b1")] {
        for c in cells.split_whitespace() {
            let pos = castle(&game, Side::White, &format!("N {c}"));
            assert_eq!(castlings(&game, &pos), set(left), "N on {c}");
        }
    }
    let pos = castle(&game, Side::White, "N b1");
    assert_eq!(
        refusal(&game, &pos, "e1-c1"),
        "`e1-c1` is illegal: castling is not allowed: `b1` is not empty"
    );
}

/// Not out of, through or into check, the rook's cells not mattering (in the castling
/// position Black's rook a6 already attacks a1). Attackers, each worked out from the vectors:
/// a rook on e6 checks down the e-file; a rook on d5 attacks d1 (down the d-file), which both
/// queen's-side kings pass; one on c5 attacks c1 (the short one lands there, the long one
/// passes); one on b5 attacks b1, where only the long one lands; one on f7 attacks f2, which
/// both bishops'-side kings pass; a knight on h6 attacks g3 by its (-1,-3) leap; a knight on
/// g6 attacks h4 by (1,-2), where only the long one lands. None of them touches the other
/// side's cells. For Black, a White rook on f4 attacks f10 up the f-file.
#[test]
fn castling_refused_out_of_through_or_into_check() {
    let game = game(SHAFRAN);
    for (attacker, left) in [
        ("r e6", ""),
        ("r d5", "e1-g3 e1-h4"),
        ("r c5", "e1-g3 e1-h4"),
        ("r b5", "e1-c1 e1-g3 e1-h4"),
        ("r f7", "e1-c1 e1-b1"),
        ("n h6", "e1-c1 e1-b1"),
        ("n g6", "e1-c1 e1-b1 e1-g3"),
    ] {
        let pos = castle(&game, Side::White, attacker);
        assert_eq!(castlings(&game, &pos), set(left), "{attacker}");
    }
    let pos = castle(&game, Side::White, "r e6");
    assert!(game.in_check(&pos, Side::White));
    assert_eq!(
        refusal(&game, &pos, "e1-h4"),
        "`e1-h4` is illegal: castling is not allowed: the king is in check"
    );
    for (attacker, mv, cell) in [
        ("r d5", "e1-c1", "d1"),
        ("r c5", "e1-c1", "c1"),
        ("r c5", "e1-b1", "c1"),
        ("r b5", "e1-b1", "b1"),
        ("r f7", "e1-h4", "f2"),
        ("n h6", "e1-g3", "g3"),
        ("n g6", "e1-h4", "h4"),
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
    let pos = castle(&game, Side::Black, "R f4");
    assert_eq!(castlings(&game, &pos), set("e10-c8 e10-b7"));
}

// ---------------------------------------------------------------------------------------
// Pins, double check, the end of the game

/// King e1 (4,1). The Rook on e3, pinned up the file by the rook on e7, moves on the file only;
/// the Queen on f3 (5,3), pinned on the 1 o'clock diagonal e1 f3 g5 h7 by the bishop on h7,
/// moves on it only (the Knight on f2, one of the cells that diagonal passes between, does not
/// break the pin); that Knight, pinned on the 2 o'clock line e1 f2 g3 h4 i5 by the rook on i5,
/// cannot move; the Pawn on d2 (3,2), pinned on the 11 o'clock diagonal by the bishop on c3,
/// may take it (its 11 o'clock capture) but not advance.
#[test]
fn pins() {
    let game = game(SHAFRAN);
    let pos = at(
        &game,
        Side::White,
        "K e1 R e3 r e7 Q f3 b h7 N f2 r i5 P d2 b c3 k a6",
        "",
    );
    assert!(!game.in_check(&pos, Side::White));
    assert_eq!(
        moves_from(&game, &pos, "e3"),
        set("e3-e2 e3-e4 e3-e5 e3-e6 e3xe7")
    );
    assert_eq!(moves_from(&game, &pos, "f3"), set("f3-g5 f3xh7"));
    assert_eq!(moves_from(&game, &pos, "f2"), BTreeSet::new());
    assert_eq!(moves_from(&game, &pos, "d2"), set("d2xc3"));
    assert_eq!(
        refusal(&game, &pos, "d2-d4"),
        "`d2-d4` is illegal: it leaves the mover's royal piece attacked"
    );
}

/// King e1 (neighbours e2 f2 d1 f3 d2) checked down the file by the rook on e5 and by the
/// knight on g4 (its (-2,-3) leap); the knight also covers d2 (-3,-2) and the rook e2. Only
/// d1, f2 and f3 are left, and the Rook on g9, which could take the knight down the g-file,
/// may not.
#[test]
fn double_check() {
    let game = game(SHAFRAN);
    let pos = at(&game, Side::White, "K e1 r e5 n g4 R g9 k i10", "");
    assert!(game.in_check(&pos, Side::White));
    let moves = all_moves(&game, &pos);
    assert!(moves.iter().all(|m| m.starts_with("e1")), "{moves:?}");
    assert_eq!(moves, set("e1-d1 e1-f2 e1-f3"));
    assert_eq!(
        refusal(&game, &pos, "g9xg4"),
        "`g9xg4` is illegal: it leaves the mover's royal piece attacked"
    );
}

/// From the start, 1.h4xd8 checks: from d8 (3,8) the bishop's 1 o'clock diagonal reaches e10.
/// Every cell around Black's king holds a Black piece (e9 d9 f10 f9), nothing can come
/// between, and only the bishop b7 (its 3 o'clock diagonal) and the king can take on d8,
/// which no White piece guards: two replies.
#[test]
fn check_from_the_start() {
    let game = game(SHAFRAN);
    let pos = play(&game, &game.start_position(), "h4xd8");
    assert!(game.in_check(&pos, Side::Black));
    assert_eq!(all_moves(&game, &pos), set("b7xd8 e10xd8"));
}

/// Checkmate wins. Black's King in the corner a6 (neighbours b7 b6 a5 c7 b5): the Queen on b6
/// checks it (10 o'clock) and covers b7 (12), a5 (8), c7 (2) and b5 (6); the King on c6 guards
/// her: 1-0. Turned 180 degrees (a6 -> i5, b6 -> h5, c6 -> g5) with White to move: 0-1.
#[test]
fn checkmate_wins() {
    let game = game(SHAFRAN);
    let pos = at(&game, Side::Black, "k a6 Q b6 K c6", "");
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Checkmate, "1-0".into()))
    );
    let pos = at(&game, Side::White, "K i5 q h5 k g5", "");
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Checkmate, "0-1".into()))
    );
}

/// Stalemate is a draw [JOC]. White's King alone on c6 covers all five cells around Black's
/// King a6: b7 (11 o'clock), b6 (10), c7 (12), b5 (8), a5 (9), without attacking a6.
#[test]
fn stalemate_is_a_draw() {
    let (v, _) = load(SHAFRAN);
    assert_eq!(v.rules().stalemate, Score::DRAW);
    let game = game(SHAFRAN);
    let pos = at(&game, Side::Black, "k a6 K c6", "");
    assert!(!game.in_check(&pos, Side::Black));
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Stalemate, "1/2-1/2".into()))
    );
}

/// Chess's conventions ([GRE]: "otherwise the rules of chess apply"): the third repetition
/// draws (the knights b1-a3 and h10-i8, out and back twice, bring back the start a third
/// time), and so do fifty moves each without a capture or a pawn move: with 99 quiet plies
/// behind, a knight move ends the game, a pawn move starts the count again.
#[test]
fn repetition_and_fifty_moves_draw() {
    let (v, _) = load(SHAFRAN);
    assert_eq!(v.rules().repetition, Some((3, Score::DRAW)));
    let game = game(SHAFRAN);
    let mut history = vec![game.start_position()];
    for (ply, m) in "b1-a3 h10-i8 a3-b1 i8-h10 b1-a3 h10-i8 a3-b1 i8-h10"
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
    let knight = play(&game, &start, "b1-a3");
    let end = game
        .outcome(&[start.clone(), knight])
        .expect("the move limit");
    assert_eq!((end.end, end.white), (GameEnd::MoveLimit, Score::DRAW));
    let pawn = play(&game, &start, "a2-a3");
    assert_eq!(pawn.quiet_plies, 0);
    assert_eq!(game.outcome(&[start, pawn]), None);
}
