//! Xiang Hex (`variants/xiang-hex.hexv`) against its rule texts, cited at the top of that file:
//! [CVP] "Xiang Hex", The Chess Variant Pages (https://www.chessvariants.com/rules/xiang-hex),
//! the author's text and diagram, also at
//! https://www.geocities.ws/interrupt27/HomePage/XiangHex/XiangHexRules.txt; [LUD] Ludii's
//! "Xiang Hex" (Common/res/lud/board/war/replacement/checkmate/xiangqi/Xiang Hex.lud in
//! https://github.com/Ludeme/Ludii); [GCP] the Game Courier preset's rules summary. Every
//! expected value below was derived by hand from the texts and the geometry, never read from
//! hexv.
//!
//! **The board by name.** A cell is `(x, y)`: `x` the file index (a = 0 ... i = 8) and `y`
//! its height in half cells above the board's middle line. The texts: hexes lying on a side,
//! nine vertical files of 7 8 9 10 11 10 9 8 7 cells centred on one middle line, each
//! numbered from its bottom cell. So file `x` has `L = 11 - |x - 4|` cells, at the heights
//! `-(L - 1), -(L - 3), ..., L - 1`, and its cell number `n` is at `y = 2n - 1 - L` (a1 =
//! (0, -6), e1 = (4, -10), e6 = (4, 0), e11 = (4, 10), i7 = (8, 6)). From a cell:
//!
//! - the edge (orthogonal) neighbours: 12 o'clock `(0, 2)`, 2 `(1, 1)`, 4 `(1, -1)`, 6
//!   `(0, -2)`, 8 `(-1, -1)`, 10 `(-1, 1)`;
//! - a diagonal step passes between two edge neighbours and lands on their sum: 1 `(1, 3)`,
//!   3 `(2, 0)`, 5 `(1, -3)`, 7 `(-1, -3)`, 9 `(-2, 0)`, 11 `(-1, 3)`;
//! - the river [CVP: a4 c5 e6 g5 i4] is the cells of height 0; White's side is `y < 0`,
//!   Black's `y > 0`; White's "across the river" is `y >= 0`, Black's `y <= 0`;
//! - White's palace [CVP] is e1 e2 e3 d1 d2 f1 f2: e2 = (4, -8) and its six neighbours;
//! - Black's army is White's turned 180 degrees about e6: `(x, y) -> (8 - x, -y)` (e1 <-> e11,
//!   d1 <-> f10), and Black's hours are White's turned, vectors negated.

use std::collections::BTreeSet;

use hexv::game::fast::FastEngine;
use hexv::game::Engine;
use hexv::variant::Side;

use crate::rule_support::assert_setup;
use crate::support::{cell, empty_destinations, game, load, names, piece, set};

const XIANG_HEX: &str = "variants/xiang-hex.hexv";

// ---------------------------------------------------------------------------------------
// The geometry of the module comment

/// A cell as (file index, a = 0; height in half cells above the middle line).
type Xy = (i32, i32);

const FILES: &str = "abcdefghi";

/// 12 2 4 6 8 10 o'clock.
const EDGES: [Xy; 6] = [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)];
/// 1 3 5 7 9 11 o'clock.
const DIAGONALS: [Xy; 6] = [(1, 3), (2, 0), (1, -3), (-1, -3), (-2, 0), (-1, 3)];

/// The number of cells of file `x`.
fn length(x: i32) -> i32 {
    11 - (x - 4).abs()
}

fn on_board((x, y): Xy) -> bool {
    (0..=8).contains(&x) && y.abs() < length(x) && (y + length(x) - 1) % 2 == 0
}

fn xy(name: &str) -> Xy {
    let x = FILES.find(&name[..1]).expect("a file letter") as i32;
    let n: i32 = name[1..].parse().expect("a number");
    (x, 2 * n - 1 - length(x))
}

fn nm((x, y): Xy) -> String {
    format!(
        "{}{}",
        &FILES[x as usize..x as usize + 1],
        (y + length(x) - 1) / 2 + 1
    )
}

fn all_cells() -> Vec<Xy> {
    (0..=8)
        .flat_map(|x| (-10..=10).map(move |y| (x, y)))
        .filter(|c| on_board(*c))
        .collect()
}

fn plus((x, y): Xy, (dx, dy): Xy) -> Xy {
    (x + dx, y + dy)
}

fn turn((x, y): Xy) -> Xy {
    (8 - x, -y)
}

/// A vector as `side` sees it (Black's turned).
fn oriented(side: Side, (dx, dy): Xy) -> Xy {
    match side {
        Side::WHITE => (dx, dy),
        _ => (-dx, -dy),
    }
}

/// `y` as `side` sees it: negative on its own side of the river.
fn ahead(side: Side, (_, y): Xy) -> i32 {
    match side {
        Side::WHITE => y,
        _ => -y,
    }
}

fn white_palace() -> BTreeSet<Xy> {
    "e1 e2 e3 d1 d2 f1 f2".split_whitespace().map(xy).collect()
}

fn palace(side: Side) -> BTreeSet<Xy> {
    match side {
        Side::WHITE => white_palace(),
        _ => white_palace().into_iter().map(turn).collect(),
    }
}

/// The turned image of a set of cell names (Black's cells for White's).
fn turned(cells: &str) -> BTreeSet<String> {
    cells.split_whitespace().map(|c| nm(turn(xy(c)))).collect()
}

/// The board cell `k` times `d` from `c`, if there is one.
fn cell_at(c: Xy, (dx, dy): Xy, k: i32) -> Option<String> {
    let t = plus(c, (k * dx, k * dy));
    on_board(t).then(|| nm(t))
}

/// Cells one step along each vector that are on the board.
fn steps(c: Xy, vs: &[Xy]) -> BTreeSet<String> {
    crate::rule_support::along(c, vs, Some(1), cell_at)
}

/// Cells along each vector to the edge of an empty board.
fn rays(c: Xy, vs: &[Xy]) -> BTreeSet<String> {
    crate::rule_support::along(c, vs, None, cell_at)
}

/// The horse's leaps: an edge step, then the diagonal on either side of it (12 then 1 or 11,
/// 2 then 3 or 1, ...), as (first step, leap).
fn horse_leaps() -> Vec<(Xy, Xy)> {
    (0..6)
        .flat_map(|i| {
            [DIAGONALS[i], DIAGONALS[(i + 5) % 6]]
                .into_iter()
                .map(move |d| (EDGES[i], plus(EDGES[i], d)))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// The board and the setup

/// [CVP]: 79 cells in files of 7 to 11; the river a4 c5 e6 g5 i4 (the cells of height 0);
/// each side's side of the river (`home`: 37 cells), its far side with the river
/// (`across-river`: 42) and its palace, Black's turned.
#[test]
fn board_river_sides_and_palaces() {
    let (v, _) = load(XIANG_HEX);
    let board = v.board();
    assert_eq!(board.len(), 79);
    let expected: BTreeSet<String> = all_cells().into_iter().map(nm).collect();
    assert_eq!(expected.len(), 79);
    assert_eq!(names(&v, board.cells()), expected);
    for (x, n) in FILES.chars().zip([7, 8, 9, 10, 11, 10, 9, 8, 7]) {
        assert!(board.find(&format!("{x}{n}")).is_some(), "{x}{n}");
        assert_eq!(board.find(&format!("{x}{}", n + 1)), None, "{x}{}", n + 1);
        assert_eq!(board.find(&format!("{x}0")), None);
    }
    let river: BTreeSet<String> = all_cells()
        .into_iter()
        .filter(|c| c.1 == 0)
        .map(nm)
        .collect();
    assert_eq!(river, set("a4 c5 e6 g5 i4"));
    let zone = |name: &str, side: Side| {
        let z = v
            .zones()
            .iter()
            .find(|z| z.name == name)
            .unwrap_or_else(|| panic!("no zone {name}"));
        names(&v, z.cells[side].iter().copied())
    };
    for side in [Side::WHITE, Side::BLACK] {
        let side_cells = |keep: &dyn Fn(i32) -> bool| -> BTreeSet<String> {
            all_cells()
                .into_iter()
                .filter(|c| keep(ahead(side, *c)))
                .map(nm)
                .collect()
        };
        let home = side_cells(&|h| h < 0);
        let across = side_cells(&|h| h >= 0);
        assert_eq!((home.len(), across.len()), (37, 42), "{side:?}");
        assert_eq!(zone("home", side), home, "{side:?}");
        assert_eq!(zone("across-river", side), across, "{side:?}");
        let expected: BTreeSet<String> = palace(side).into_iter().map(nm).collect();
        assert_eq!(zone("palace", side), expected, "{side:?}");
    }
    assert_eq!(zone("palace", Side::BLACK), set("e9 e10 e11 d9 d10 f9 f10"));
    // The palace is e2 and its six neighbours.
    assert_eq!(
        steps(xy("e2"), &EDGES),
        set("e1 e3 d1 d2 f1 f2"),
        "e2's neighbours"
    );
}

/// [CVP's diagram, LUD]: White G e1, M d1 f1, E c1 g1, H b1 h1, C a1 i1, A b2 h2, S a2 c3 e4
/// g3 i2 (the soldiers level with each other, at height -4); Black's army is White's turned.
#[test]
fn setup_is_the_texts_for_both_sides() {
    let (v, _) = load(XIANG_HEX);
    let white = [
        ("G", "e1"),
        ("M", "d1 f1"),
        ("E", "c1 g1"),
        ("H", "b1 h1"),
        ("C", "a1 i1"),
        ("A", "b2 h2"),
        ("S", "a2 c3 e4 g3 i2"),
    ];
    let black = [
        ("G", "e11"),
        ("M", "f10 d10"),
        ("E", "g9 c9"),
        ("H", "h8 b8"),
        ("C", "i7 a7"),
        ("A", "h7 b7"),
        ("S", "i6 g7 e8 c7 a6"),
    ];
    for (side, army) in [(Side::WHITE, white), (Side::BLACK, black)] {
        assert_eq!(assert_setup(&v, side, &army), 16, "{side:?}");
    }
    for ((key, cells), (_, black_cells)) in white.iter().zip(&black) {
        assert_eq!(turned(cells), set(black_cells), "{key}");
    }
    let soldiers: BTreeSet<i32> = "a2 c3 e4 g3 i2"
        .split_whitespace()
        .map(|c| xy(c).1)
        .collect();
    assert_eq!(soldiers, BTreeSet::from([-4]));
}

// ---------------------------------------------------------------------------------------
// The pieces on an empty board

/// [CVP]: the General steps orthogonally, the Mandarin diagonally, neither leaving the palace.
/// From e2 the General reaches the whole palace; from e1 e2 d1 f1; from d2 e2 e3 d1. The
/// Mandarin's diagonals inside the palace join d1 f1 e3 (from d1: 1 o'clock e3, 3 o'clock f1)
/// and d2 f2 e1 (from d2: 3 o'clock f2, 5 o'clock e1); from e2 it has none. Every palace cell
/// of both sides, by the geometry.
#[test]
fn general_and_mandarin_stay_in_the_palace() {
    let (v, t) = load(XIANG_HEX);
    let dest =
        |key: &str, side, c: &str| empty_destinations(&v, &t, piece(&v, key), side, cell(&v, c));
    assert_eq!(dest("G", Side::WHITE, "e2"), set("e1 e3 d1 d2 f1 f2"));
    assert_eq!(dest("G", Side::WHITE, "e1"), set("e2 d1 f1"));
    assert_eq!(dest("G", Side::WHITE, "d2"), set("e2 e3 d1"));
    assert_eq!(dest("M", Side::WHITE, "d1"), set("e3 f1"));
    assert_eq!(dest("M", Side::WHITE, "e3"), set("d1 f1"));
    assert_eq!(dest("M", Side::WHITE, "d2"), set("f2 e1"));
    assert_eq!(dest("M", Side::WHITE, "e2"), set(""));
    assert_eq!(dest("G", Side::BLACK, "e11"), set("e10 d10 f10"));
    assert_eq!(dest("M", Side::BLACK, "f10"), set("d10 e9"));
    for side in [Side::WHITE, Side::BLACK] {
        let inside = palace(side);
        let within = |c: Xy, vs: &[Xy]| -> BTreeSet<String> {
            vs.iter()
                .map(|d| plus(c, *d))
                .filter(|t| inside.contains(t))
                .map(nm)
                .collect()
        };
        for &c in &inside {
            assert_eq!(dest("G", side, &nm(c)), within(c, &EDGES), "G {}", nm(c));
            assert_eq!(
                dest("M", side, &nm(c)),
                within(c, &DIAGONALS),
                "M {}",
                nm(c)
            );
        }
    }
}

/// [CVP]: the Elephant steps two diagonal cells the same way and never crosses the river.
/// From e5 (4, -2): i3 (3 o'clock twice), a3 (9), g1 (5), c1 (7); its 1 and 11 o'clock leaps
/// would cross the river (over f6 to g7, over d6 to c7). From c1: e5 over d3, g1 over e2, a3
/// over b2. A leap moves two files and three cells up or down, or four files along the
/// level, so from c1 and g1 it reaches only c1 g1 (height -8) and a3 e5 i3 (height -2): the
/// next level up, 4, is beyond the river and the river's own level, 0, is never reached.
#[test]
fn elephant_two_diagonal_steps_on_its_own_side() {
    let (v, t) = load(XIANG_HEX);
    let e = piece(&v, "E");
    let dest = |side, c: &str| empty_destinations(&v, &t, e, side, cell(&v, c));
    assert_eq!(dest(Side::WHITE, "e5"), set("i3 a3 g1 c1"));
    assert_eq!(dest(Side::WHITE, "c1"), set("e5 g1 a3"));
    assert_eq!(dest(Side::BLACK, "e7"), turned("i3 a3 g1 c1"));
    for side in [Side::WHITE, Side::BLACK] {
        for c in all_cells().into_iter().filter(|c| ahead(side, *c) < 0) {
            let own = |t: Xy| on_board(t) && ahead(side, t) < 0;
            let expected: BTreeSet<String> = DIAGONALS
                .iter()
                .filter(|d| own(plus(c, **d)))
                .map(|d| plus(plus(c, *d), *d))
                .filter(|t| own(*t))
                .map(nm)
                .collect();
            assert_eq!(dest(side, &nm(c)), expected, "E {} {side:?}", nm(c));
        }
    }
    // Every cell reachable from the setup cells, walking the empty board.
    let mut seen = set("c1 g1");
    let mut queue: Vec<String> = seen.iter().cloned().collect();
    while let Some(c) = queue.pop() {
        for d in dest(Side::WHITE, &c) {
            if seen.insert(d.clone()) {
                queue.push(d);
            }
        }
    }
    assert_eq!(seen, set("c1 g1 a3 e5 i3"));
    assert!(seen.iter().all(|c| xy(c).1 < 0));
}

/// [CVP]: the Horse steps one orthogonal cell, then one diagonal "in the same direction": the
/// two diagonals beside that orthogonal, outward. From e5 (4, -2): over e6 to f7 and d7, over
/// f5 to h4 and g6, over f4 to g2 and h3, over e4 to d2 and f2, over d4 to b3 and c2, over d5
/// to c6 and b4. From a1: over a2 to b4, over b2 to c4 and d3, over b1 to d2. Every cell of
/// both sides by the geometry (a leap whose first step leaves the board does not land).
#[test]
fn horse_twelve_leaps() {
    let (v, t) = load(XIANG_HEX);
    let h = piece(&v, "H");
    let dest = |side, c: Xy| empty_destinations(&v, &t, h, side, cell(&v, &nm(c)));
    assert_eq!(
        dest(Side::WHITE, xy("e5")),
        set("f7 d7 h4 g6 g2 h3 d2 f2 b3 c2 c6 b4")
    );
    assert_eq!(dest(Side::WHITE, xy("a1")), set("b4 c4 d3 d2"));
    for side in [Side::WHITE, Side::BLACK] {
        for c in all_cells() {
            let expected: BTreeSet<String> = horse_leaps()
                .into_iter()
                .filter(|(first, _)| on_board(plus(c, *first)))
                .map(|(_, leap)| plus(c, leap))
                .filter(|t| on_board(*t))
                .map(nm)
                .collect();
            assert_eq!(dest(side, c), expected, "H {} {side:?}", nm(c));
        }
    }
}

/// [CVP]: the Chariot slides orthogonally; the Cannon slides the same way (it captures only
/// by jumping, so on an empty board its moves are the Chariot's: the cells it could jump to
/// lie on the same lines). From e6: 26 cells, e7-e11, e5-e1, f6 g6 h6 i6, f5 g4 h3 i2, d5 c4
/// b3 a2, d6 c6 b6 a6.
#[test]
fn chariot_and_cannon_slide_orthogonally() {
    let (v, t) = load(XIANG_HEX);
    let from_e6 =
        set("e7 e8 e9 e10 e11 e5 e4 e3 e2 e1 f6 g6 h6 i6 f5 g4 h3 i2 d5 c4 b3 a2 d6 c6 b6 a6");
    assert_eq!(from_e6.len(), 26);
    assert_eq!(rays(xy("e6"), &EDGES), from_e6);
    for key in ["C", "A"] {
        for side in [Side::WHITE, Side::BLACK] {
            for c in all_cells() {
                let got = empty_destinations(&v, &t, piece(&v, key), side, cell(&v, &nm(c)));
                assert_eq!(got, rays(c, &EDGES), "{key} {} {side:?}", nm(c));
            }
        }
    }
}

/// [CVP]: before the river the Soldier steps one cell straight ahead (12 o'clock); on the
/// river and beyond it also at 10 and 2 o'clock (the forward orthogonals) and at 3 and 9
/// o'clock (the side diagonals). White's e4: e5. On the river, e6: e7, d6, f6, g5, c5; a4:
/// a5, b5, c5. Beyond it, e8: e9, d8, f8, g7, c7. b4, just before the river on a file
/// without a river cell: only b5; b5, beyond it: b6, a5, c6, d6. On e11, the apex of Black's
/// side, it has no move. Black's are turned: its e8 steps to e7, its e6 to e5 d5 f5 c5 g5.
/// Every cell of both sides by the geometry.
#[test]
fn soldier_before_on_and_beyond_the_river() {
    let (v, t) = load(XIANG_HEX);
    let s = piece(&v, "S");
    let dest = |side, c: &str| empty_destinations(&v, &t, s, side, cell(&v, c));
    for (from, to) in [
        ("e4", "e5"),
        ("e6", "e7 d6 f6 g5 c5"),
        ("a4", "a5 b5 c5"),
        ("e8", "e9 d8 f8 g7 c7"),
        ("b4", "b5"),
        ("b5", "b6 a5 c6 d6"),
        ("e11", ""),
    ] {
        assert_eq!(dest(Side::WHITE, from), set(to), "White {from}");
    }
    assert_eq!(dest(Side::BLACK, "e8"), set("e7"));
    assert_eq!(dest(Side::BLACK, "e6"), set("e5 d5 f5 c5 g5"));
    let across = [(-1, 1), (1, 1), (2, 0), (-2, 0)];
    for side in [Side::WHITE, Side::BLACK] {
        for c in all_cells() {
            let mut vs = vec![oriented(side, (0, 2))];
            if ahead(side, c) >= 0 {
                vs.extend(across.iter().map(|d| oriented(side, *d)));
            }
            assert_eq!(dest(side, &nm(c)), steps(c, &vs), "S {} {side:?}", nm(c));
        }
    }
}

// ---------------------------------------------------------------------------------------
// The start (its 30 moves a side, piece by piece: tests/data/rules/xiang-hex.rules, `start`)

/// Perft from the start, derived at depths 1 and 2 in docs/perft.md and confirmed entry by
/// entry to depth 4 by the independent counter of tools/perft_check.py (Xiang Hex section):
/// 30, 874, 28 968, 940 775. The reference engine counts depths 1 and 2 here (depth 3 in
/// tests/hexv/perft.rs), the fast engine all four.
#[test]
fn perft_from_the_start() {
    let g = game(XIANG_HEX);
    let start = g.start_position();
    assert_eq!(g.perft(&start, 1), 30);
    assert_eq!(g.perft(&start, 2), 874);
    let engine = FastEngine::new(g).expect("the board fits the fast engine");
    let state = engine.state(&start);
    let counts: Vec<u64> = (1..=4).map(|d| engine.perft(&state, d)).collect();
    assert_eq!(counts, [30, 874, 28_968, 940_775]);
}

// ---------------------------------------------------------------------------------------
// The blocking of the elephant and the horse, the cannon's and the soldier's captures, the
// generals that may not face each other, checks, pins and the end of the game:
// tests/data/rules/xiang-hex.rules
