//! Mini Hexchess (`variants/mini-hexchess.hexv`) against its rule texts, cited at the top of
//! that file: [CVP] The Chess Variant Pages, "Mini Hexchess"
//! (https://www.chessvariants.com/hexagonal.dir/minihex.html), which gives McCooey's rules
//! ([MCC], variants/mccooey.hexv) with two changes: no double step (so no en passant), and
//! promotion on the seven far hexes to a rook, bishop or knight only; [GRE] Green Chess's
//! rules (https://zoldsakk.hu/en/rules.php?v=mini-hex); [LUD] Ludii
//! (https://ludii.games/details.php?keyword=Mini%20Hexchess); [GC] the Game Courier preset's
//! start position, for the setup cells [CVP] shows only in a picture. Every expected value
//! below was derived by hand from the texts and the geometry, never read from hexv.
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

use hexv::game::{Game, GameEnd, Position};
use hexv::variant::{Score, Side};

use crate::rule_support::{all_moves, ending, moves_from, on, play, promotions, refusal, union};
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

fn qh(name: &str) -> Qh {
    let q = FILES.find(&name[..1]).expect("a file letter") as i32 - 3;
    let r: i32 = name[1..].parse().expect("a rank");
    (q, -top(q) + 2 * (r - 1))
}

fn nm((q, h): Qh) -> String {
    let i = (q + 3) as usize;
    format!("{}{}", &FILES[i..i + 1], (h + top(q)) / 2 + 1)
}

fn all_cells() -> Vec<Qh> {
    (-3..=3)
        .flat_map(|q| (0..=2 * top(q) / 2).map(move |k| (q, -top(q) + 2 * k)))
        .collect()
}

fn plus((q, h): Qh, (dq, dh): Qh, k: i32) -> Qh {
    (q + k * dq, h + k * dh)
}

fn turned(cells: &str) -> BTreeSet<String> {
    cells
        .split_whitespace()
        .map(|c| {
            let (q, h) = qh(c);
            nm((-q, -h))
        })
        .collect()
}

/// The board cell `k` times `d` from `c`, if there is one.
fn cell_at(c: Qh, d: Qh, k: i32) -> Option<String> {
    let t = plus(c, d, k);
    on_board(t).then(|| nm(t))
}

/// Cells one step along each vector that are on the board.
fn steps(c: Qh, vs: &[Qh]) -> BTreeSet<String> {
    crate::rule_support::along(c, vs, Some(1), cell_at)
}

/// Cells along each vector to the edge of an empty board.
fn rays(c: Qh, vs: &[Qh]) -> BTreeSet<String> {
    crate::rule_support::along(c, vs, None, cell_at)
}

fn colour((q, h): Qh) -> i32 {
    (q - (h - q) / 2).rem_euclid(3)
}

// ---------------------------------------------------------------------------------------
// Positions and moves

/// A position from `"K d1 r d7 ..."` (upper case White); no castling, so nothing unmoved.
fn at(game: &Game, to_move: Side, pieces: &str) -> Position {
    crate::rule_support::at(game, to_move, pieces, "")
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
    let expected: BTreeSet<String> = all_cells().into_iter().map(nm).collect();
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
            let same = board.colour(cell(&v, &nm(c))) == board.colour(cell(&v, &nm(d)));
            assert_eq!(same, colour(c) == colour(d), "{} {}", nm(c), nm(d));
        }
    }
    let corners: BTreeSet<i32> = ["d1", "d7", "a1", "a4", "g1", "g4"]
        .iter()
        .map(|c| colour(qh(c)))
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
        assert_eq!(turned(w), set(b), "{key}");
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
            let name = nm(c);
            let dest =
                |key: &str| empty_destinations(&v, &t, piece(&v, key), side, cell(&v, &name));
            assert_eq!(dest("K"), steps(c, &all), "K {name}");
            assert_eq!(dest("R"), rays(c, &EDGES), "R {name}");
            assert_eq!(dest("B"), rays(c, &DIAGONALS), "B {name}");
            assert_eq!(dest("N"), steps(c, &KNIGHT), "N {name}");
            let pawn = steps(c, &[(0, 2 * sign), (-sign, 3 * sign), (sign, 3 * sign)]);
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

/// Pawns step one cell straight ahead, only onto an empty cell, and capture one cell
/// diagonally forward [CVP, MCC]. White's pawn on d3 (0,-2) with a black knight on d4 ahead,
/// a black pawn on c4 (-1,1: its 11 o'clock) and a black rook on e4 (1,1: its 1 o'clock):
/// it cannot step, and takes on c4 or e4. No pawn ever moves two cells [CVP], so no cell is
/// ever passed and there is no en passant: with a black pawn on d6, White's d3-d5 and
/// Black's d6-d4 are refused.
#[test]
fn pawns_step_one_cell_and_capture_diagonally_forward() {
    let game = game(MINI);
    let pos = at(&game, Side::White, "K a1 P d3 n d4 p c4 r e4 k g4");
    assert_eq!(moves_from(&game, &pos, "d3"), set("d3xc4 d3xe4"));
    let pos = at(&game, Side::White, "K a1 P d3 p d6 k g4");
    assert_eq!(moves_from(&game, &pos, "d3"), set("d3-d4"));
    assert!(game.parse_move(&pos, "d3-d5").is_err());
    let pos = at(&game, Side::Black, "K a1 P d3 p d6 k g4");
    assert_eq!(moves_from(&game, &pos, "d6"), set("d6-d5"));
    assert!(game.parse_move(&pos, "d6-d4").is_err());
}

/// [CVP]: all seven hexes of the opponent's side promote, to a rook, bishop or knight, not a
/// queen. White's pawn on c5 (-1,3) pushes to c6 (the top of file c) and takes the rook on d7
/// (1 o'clock, the top of file d); its 11 o'clock cell is off the board. Every choice is
/// R B N, and the plain move is refused. Black, the same turned: the pawn on e2 pushes to e1
/// and takes on d1. A pawn reaching d6 (not a top cell) does not promote.
#[test]
fn promotion_choices_for_both_sides() {
    let game = game(MINI);
    let pos = at(&game, Side::White, "K a1 P c5 r d7 k g4");
    assert_eq!(
        moves_from(&game, &pos, "c5"),
        union(&[promotions("c5-c6", "R B N"), promotions("c5xd7", "R B N")])
    );
    assert!(refusal(&game, &pos, "c5-c6").contains("must promote"));
    assert!(game.parse_move(&pos, "c5-c6=Q").is_err());
    assert_eq!(on(&game, &play(&game, &pos, "c5xd7=N"), "d7"), "N");

    let pos = at(&game, Side::Black, "k g4 p e2 R d1 K a1");
    assert_eq!(
        moves_from(&game, &pos, "e2"),
        union(&[promotions("e2-e1", "R B N"), promotions("e2xd1", "R B N")])
    );
    assert_eq!(on(&game, &play(&game, &pos, "e2-e1=B"), "e1"), "b");

    let pos = at(&game, Side::White, "K a1 P d5 k g4");
    assert_eq!(moves_from(&game, &pos, "d5"), set("d5-d6"));
}

/// The promotion cells are the top cell of every file for White, the bottom cell of every
/// file for Black: a pawn one cell below promotes on its step, for each of the seven files.
#[test]
fn promotion_cells_are_the_seven_far_hexes() {
    let game = game(MINI);
    for q in -3..=3 {
        let below = nm((q, top(q) - 2));
        let last = nm((q, top(q)));
        // Kings out of the way: White's on the bottom of a side file, Black's on the other.
        let (wk, bk) = if q <= 0 { ("g1", "g4") } else { ("a1", "a4") };
        let pos = at(&game, Side::White, &format!("K {wk} P {below} k {bk}"));
        assert_eq!(
            moves_from(&game, &pos, &below),
            promotions(&format!("{below}-{last}"), "R B N"),
            "{below}"
        );
        let above = nm((q, -top(q) + 2));
        let first = nm((q, -top(q)));
        let (wk, bk) = if q <= 0 { ("g4", "g1") } else { ("a4", "a1") };
        let pos = at(&game, Side::Black, &format!("K {wk} p {above} k {bk}"));
        assert_eq!(
            moves_from(&game, &pos, &above),
            promotions(&format!("{above}-{first}"), "R B N"),
            "{above}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Check, pins, game end

/// King d1 (0,-6). The Rook on d3, pinned up the file by the rook on d6, moves on the file
/// only; the Pawn on e2 (1,-3), pinned on the 1 o'clock diagonal d1 e2 f3 by the bishop on f3,
/// may take it (its own 1 o'clock capture) but not step to e3; the Knight on c2 (-1,-3),
/// pinned on the 11 o'clock diagonal d1 c2 b3 a4 by the bishop on a4, cannot move.
#[test]
fn pins() {
    let game = game(MINI);
    let pos = at(
        &game,
        Side::White,
        "K d1 R d3 r d6 P e2 b f3 N c2 b a4 k g2",
    );
    assert!(!game.in_check(&pos, Side::White));
    assert_eq!(
        moves_from(&game, &pos, "d3"),
        set("d3-d2 d3-d4 d3-d5 d3xd6")
    );
    assert_eq!(moves_from(&game, &pos, "e2"), set("e2xf3"));
    assert_eq!(moves_from(&game, &pos, "c2"), BTreeSet::new());
    assert_eq!(
        refusal(&game, &pos, "e2-e3"),
        "`e2-e3` is illegal: it leaves the mover's royal piece attacked"
    );
}

/// King d1 (neighbours d2 e1 c1 e2 c2) checked down the file by the rook on d5 and by the
/// knight on f2 (its (-2,-4) leap); the rook covers d2 and the knight c2 ((-3,-1)). Only e1,
/// c1 and e2 are left; the Rook on f5, which could take either checker (down the f-file to
/// f2, along 8 o'clock to d5), may not.
#[test]
fn double_check() {
    let game = game(MINI);
    let pos = at(&game, Side::White, "K d1 r d5 n f2 R f5 k a4");
    assert!(game.in_check(&pos, Side::White));
    assert_eq!(all_moves(&game, &pos), set("d1-e1 d1-c1 d1-e2"));
    for m in ["f5xf2", "f5xd5"] {
        assert_eq!(
            refusal(&game, &pos, m),
            format!("`{m}` is illegal: it leaves the mover's royal piece attacked")
        );
    }
}

/// Checkmate wins. Black's King in the corner d7 (neighbours d6 e6 c6 e5 c5): the Rook on d6
/// checks it and covers e6 (2 o'clock), c6 (10), e5 (4) and c5 (8); the King on d5 guards it:
/// 1-0. Turned 180 degrees with White to move: 0-1.
#[test]
fn checkmate_wins() {
    let game = game(MINI);
    let pos = at(&game, Side::Black, "k d7 R d6 K d5");
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Checkmate, "1-0".into()))
    );
    let pos = at(&game, Side::White, "K d1 r d2 k d3");
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Checkmate, "0-1".into()))
    );
}

/// Stalemate is a draw, as in McCooey's game and chess (not Glinski's 3/4). White's King
/// alone on d5 covers all five cells around Black's King d7: d6 (12 o'clock), e5 (2), c5
/// (10), e6 (1), c6 (11), and d7 is four half cells up, not a king step.
#[test]
fn stalemate_is_a_draw() {
    let (v, _) = load(MINI);
    assert_eq!(v.rules().stalemate, Score::DRAW);
    let game = game(MINI);
    let pos = at(&game, Side::Black, "k d7 K d5");
    assert!(!game.in_check(&pos, Side::Black));
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Stalemate, "1/2-1/2".into()))
    );
    let pos = at(&game, Side::White, "K d1 k d3");
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Stalemate, "1/2-1/2".into()))
    );
}
