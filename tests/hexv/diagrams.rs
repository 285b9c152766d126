//! Glinski's Hexagonal Chess against every drawing in its rule text ("Hexagonal chess", The
//! Chess Variant Pages, https://www.chessvariants.com/hexagonal.dir/hexagonal.html): the
//! opening setup, the colouring, the six movement diagrams, and the promotion cells, plus
//! empty-board destination counts derived by hand (tests/data/glinski-counts.txt).
//!
//! Reading the seed's ASCII boards: each cell is a `/ X \` slot; the cells of one file are
//! stacked two text rows apart, neighbouring files are 4 columns and one text row apart. File
//! f is the middle column (f11 at the top, f1 the lowest `\___/`); rank 1 of file `f ± d` is
//! `d` rows above f1. The expected cell lists below were read off the drawings this way (and
//! re-checked by eye). Upper case is Black in the seed.

use std::collections::BTreeSet;

use hexv::compile::{Condition, MoveTables};
use hexv::game::Game;
use hexv::geometry::board::CellId;
use hexv::variant::{Mode, Side, Variant};

use crate::support::{cell, empty_destinations, legal_from, load, names, piece, position, set};

const GLINSKI: &str = "variants/glinski.hexv";

fn glinski() -> (Variant, MoveTables) {
    load(GLINSKI)
}

/// Destinations of one piece from one cell on an empty board, split by how they are reached.
#[derive(Debug, Default, PartialEq, Eq)]
struct Split {
    /// Reached by an entry that moves and captures.
    both: BTreeSet<String>,
    move_only: BTreeSet<String>,
    capture_only: BTreeSet<String>,
    /// Reached by a multi-step entry.
    multi_step: BTreeSet<String>,
}

fn split(v: &Variant, t: &MoveTables, key: &str, side: Side, from: &str) -> Split {
    let mut s = Split::default();
    for e in t.entries(piece(v, key), side, cell(v, from)) {
        let target = match (e.when, e.mode) {
            (Some(Condition::MultiStep), mode) => {
                assert_eq!(mode, Mode::MOVE_ONLY, "a multi-step only moves");
                &mut s.multi_step
            }
            (None, Mode::BOTH) => &mut s.both,
            (None, Mode::MOVE_ONLY) => &mut s.move_only,
            (None, Mode::CAPTURE_ONLY) => &mut s.capture_only,
            (None, m) => panic!("entry with mode {m:?}"),
            (Some(other), _) => panic!("Glinski has no {other:?} entries"),
        };
        target.extend(names(v, t.path(e).iter().copied()));
    }
    s
}

/// A piece drawn on `from` in one of the seed's movement diagrams: it moves and captures on
/// exactly `expected`, with no conditions, for both sides (Black's frame is White's turned
/// 180 degrees, and these pieces look the same turned around, so the centre gives the same
/// picture).
fn assert_diagram(key: &str, from: &str, expected: &str, count: usize, rays: usize) {
    let (v, t) = glinski();
    let expected = set(expected);
    assert_eq!(
        expected.len(),
        count,
        "{key} {from}: the drawing's own count"
    );
    for side in Side::BOTH {
        let s = split(&v, &t, key, side, from);
        assert_eq!(
            s,
            Split {
                both: expected.clone(),
                ..Split::default()
            },
            "{key} on {from} for {side:?}"
        );
        assert_eq!(
            empty_destinations(&v, &t, piece(&v, key), side, cell(&v, from)),
            expected
        );
        assert_eq!(
            t.entries(piece(&v, key), side, cell(&v, from)).len(),
            rays,
            "{key} on {from}: rays / leaps"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Movement diagrams (all drawn on the centre f6)

#[test]
fn king_diagram() {
    // Six edge neighbours (f5 f7 e5 e6 g5 g6) and six diagonal cells (d5 h5 e4 g4 e7 g7).
    assert_diagram("K", "f6", "d5 e4 e5 e6 e7 f5 f7 g4 g5 g6 g7 h5", 12, 12);
}

#[test]
fn rook_diagram() {
    assert_diagram(
        "R",
        "f6",
        "a1 a6 b2 b6 c3 c6 d4 d6 e5 e6 f1 f2 f3 f4 f5 f7 f8 f9 f10 f11 \
         g5 g6 h4 h6 i3 i6 k2 k6 l1 l6",
        30,
        6,
    );
}

#[test]
fn bishop_diagram() {
    assert_diagram("B", "f6", "b4 d2 d5 d8 e4 e7 g4 g7 h2 h5 h8 k4", 12, 6);
}

#[test]
fn queen_diagram() {
    assert_diagram(
        "Q",
        "f6",
        "a1 a6 b2 b4 b6 c3 c6 d2 d4 d5 d6 d8 e4 e5 e6 e7 f1 f2 f3 f4 f5 f7 f8 f9 f10 f11 \
         g4 g5 g6 g7 h2 h4 h5 h6 h8 i3 i6 k2 k4 k6 l1 l6",
        42,
        12,
    );
}

#[test]
fn queen_diagram_is_rook_plus_bishop() {
    let (v, t) = glinski();
    let f6 = cell(&v, "f6");
    let q = empty_destinations(&v, &t, piece(&v, "Q"), Side::WHITE, f6);
    let r = empty_destinations(&v, &t, piece(&v, "R"), Side::WHITE, f6);
    let b = empty_destinations(&v, &t, piece(&v, "B"), Side::WHITE, f6);
    assert!(r.is_disjoint(&b));
    assert_eq!(q, r.union(&b).cloned().collect());
}

#[test]
fn knight_diagram() {
    assert_diagram("N", "f6", "c4 c5 d3 d7 e3 e8 g3 g8 h3 h7 i4 i5", 12, 12);
}

#[test]
fn pawn_diagram() {
    // The drawing: P on f6, * (move) on f7, x (capture) on e6 and g6.
    let (v, t) = glinski();
    assert_eq!(
        split(&v, &t, "P", Side::WHITE, "f6"),
        Split {
            move_only: set("f7"),
            capture_only: set("e6 g6"),
            ..Split::default()
        }
    );
    // Black's pawn is the drawing mirrored in the middle rank (it moves down the board).
    assert_eq!(
        split(&v, &t, "P", Side::BLACK, "f6"),
        Split {
            move_only: set("f5"),
            capture_only: set("e5 g5"),
            ..Split::default()
        }
    );
}

#[test]
fn pawn_double_step_only_from_start_cells() {
    let (v, t) = glinski();
    let starts = [
        (Side::WHITE, "b1 c2 d3 e4 f5 g4 h3 i2 k1"),
        (Side::BLACK, "b7 c7 d7 e7 f7 g7 h7 i7 k7"),
    ];
    for (side, start) in starts {
        let start = set(start);
        for from in v.board().cells() {
            let name = v.board().name(from).to_string();
            let pawn = piece(&v, "P");
            let multi: Vec<Vec<String>> = t
                .entries(pawn, side, from)
                .iter()
                .filter(|e| e.when == Some(Condition::MultiStep))
                .map(|e| {
                    t.path(e)
                        .iter()
                        .map(|&c| v.board().name(c).to_string())
                        .collect()
                })
                .collect();
            if start.contains(&name) {
                // Two cells straight ahead, the first being the single step's cell.
                let single = split(&v, &t, "P", side, &name).move_only;
                assert_eq!(multi.len(), 1, "{side:?} pawn on {name}");
                assert_eq!(multi[0].len(), 2, "{side:?} pawn on {name}: {multi:?}");
                assert_eq!(set(&multi[0][0]), single, "{side:?} pawn on {name}");
            } else {
                assert!(multi.is_empty(), "{side:?} pawn on {name}: {multi:?}");
            }
        }
    }
    // Spot checks of the cells themselves.
    let w = split(&v, &t, "P", Side::WHITE, "b1");
    assert_eq!(w.multi_step, set("b2 b3"));
    let w = split(&v, &t, "P", Side::WHITE, "f5");
    assert_eq!(w.multi_step, set("f6 f7"));
    let b = split(&v, &t, "P", Side::BLACK, "f7");
    assert_eq!(b.multi_step, set("f6 f5"));
    let b = split(&v, &t, "P", Side::BLACK, "k7");
    assert_eq!(b.multi_step, set("k6 k5"));
}

#[test]
fn pawn_double_step_is_blocked_by_the_passed_cell() {
    let (v, t) = glinski();
    let game = Game::new(&v, &t);
    let kings = [(Side::WHITE, "K", "g1"), (Side::BLACK, "K", "g10")];

    let free = position(
        &v,
        &t,
        Side::WHITE,
        &[kings[0], kings[1], (Side::WHITE, "P", "f5")],
    );
    assert_eq!(legal_from(&game, &free, "f5"), set("f6 f7"));
    let f7 = game
        .legal_moves(&free)
        .into_iter()
        .find(|m| m.from == Some(cell(&v, "f5")) && m.to == cell(&v, "f7"))
        .expect("the double step");
    assert_eq!(
        t.passed_cells(f7.passed),
        [cell(&v, "f6")],
        "e.p. right on the passed cell"
    );

    for blocker in [Side::WHITE, Side::BLACK] {
        let blocked = position(
            &v,
            &t,
            Side::WHITE,
            &[
                kings[0],
                kings[1],
                (Side::WHITE, "P", "f5"),
                (blocker, "N", "f6"),
            ],
        );
        assert!(
            legal_from(&game, &blocked, "f5").is_empty(),
            "a {blocker:?} piece on f6 stops both steps"
        );
    }
    // A piece on the landing cell only stops the double step.
    let landing = position(
        &v,
        &t,
        Side::WHITE,
        &[
            kings[0],
            kings[1],
            (Side::WHITE, "P", "f5"),
            (Side::BLACK, "N", "f7"),
        ],
    );
    assert_eq!(legal_from(&game, &landing, "f5"), set("f6"));

    // Black's double step mirrors it.
    let black = position(
        &v,
        &t,
        Side::BLACK,
        &[kings[0], kings[1], (Side::BLACK, "P", "c7")],
    );
    assert_eq!(legal_from(&game, &black, "c7"), set("c6 c5"));
    let black = position(
        &v,
        &t,
        Side::BLACK,
        &[
            kings[0],
            kings[1],
            (Side::BLACK, "P", "c7"),
            (Side::WHITE, "B", "c6"),
        ],
    );
    assert!(legal_from(&game, &black, "c7").is_empty());
}

// ---------------------------------------------------------------------------------------
// Diagonal moves pass between cells

#[test]
fn diagonal_moves_pass_between_cells() {
    // "pieces on the fields of different color that are jumped are not an obstacle"
    let (v, t) = glinski();
    let f6 = cell(&v, "f6");
    let edge = set("f5 f7 e5 e6 g5 g6");
    let occupied = |c: CellId| edge.contains(v.board().name(c));
    for key in ["B", "Q", "K"] {
        let reached: BTreeSet<String> = t
            .destinations(piece(&v, key), Side::WHITE, f6, &occupied)
            .keys()
            .map(|(c, _)| v.board().name(*c).to_string())
            .collect();
        assert!(
            set("d5 h5 e4 g4 e7 g7").is_subset(&reached),
            "{key} from f6 walled in by its edge neighbours reaches {reached:?}"
        );
    }
    // A knight jumps: with every other cell occupied it still reaches all twelve.
    let everything = |c: CellId| c != f6;
    let n = t.destinations(piece(&v, "N"), Side::WHITE, f6, &everything);
    assert_eq!(n.len(), 12);
}

#[test]
fn lowest_bishop_can_move_at_the_start() {
    // "even the bishop on the lowest position can move (effectively jumping over another
    // bishop and queen or king)"
    let (v, t) = glinski();
    let game = Game::new(&v, &t);
    let start = game.start_position();
    assert_eq!(legal_from(&game, &start, "f1"), set("e2 g2"));
    let mut black = start.clone();
    black.to_move = Side::BLACK;
    assert_eq!(legal_from(&game, &black, "f11"), set("e9 g9"));
}

#[test]
fn king_defends_all_three_bishops_at_the_start() {
    // "in the opening setup, the king is defending all three bishops"
    let (v, t) = glinski();
    let game = Game::new(&v, &t);
    let start = game.start_position();
    let occupied = |c: CellId| start.squares[c.index()].is_some();
    for (side, king, bishops) in [
        (Side::WHITE, "g1", "f1 f2 f3"),
        (Side::BLACK, "g10", "f9 f10 f11"),
    ] {
        let reach = t.destinations(piece(&v, "K"), side, cell(&v, king), &occupied);
        for b in set(bishops) {
            let caps = reach
                .get(&(cell(&v, &b), None))
                .is_some_and(|&(_, captures)| captures);
            assert!(caps, "{side:?} king on {king} covers the bishop on {b}");
        }
        // The same through the engine: with only that king left, an enemy piece on any
        // bishop cell is attacked.
        for b in set(bishops) {
            let pos = position(
                &v,
                &t,
                side.opponent(),
                &[(side, "K", king), (side.opponent(), "B", &b)],
            );
            assert!(
                game.attacked(&pos, cell(&v, &b), side),
                "{king} attacks {b}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Opening setup

#[test]
fn opening_setup_drawing() {
    let (v, _) = glinski();
    // (symbol, cells) as drawn: lower case (White) at the bottom, upper case (Black) on top.
    let white = [
        ("K", "g1"),
        ("Q", "e1"),
        ("R", "c1 i1"),
        ("N", "d1 h1"),
        ("B", "f1 f2 f3"),
        ("P", "b1 c2 d3 e4 f5 g4 h3 i2 k1"),
    ];
    let black = [
        ("K", "g10"),
        ("Q", "e10"),
        ("R", "c8 i8"),
        ("N", "d9 h9"),
        ("B", "f9 f10 f11"),
        ("P", "b7 c7 d7 e7 f7 g7 h7 i7 k7"),
    ];
    for (side, drawing) in [(Side::WHITE, white), (Side::BLACK, black)] {
        let expected: BTreeSet<(String, String)> = drawing
            .iter()
            .flat_map(|(p, cells)| {
                cells
                    .split_whitespace()
                    .map(move |c| (p.to_string(), c.to_string()))
            })
            .collect();
        let actual: BTreeSet<(String, String)> = v
            .setup(side)
            .iter()
            .map(|&(p, c)| (v.piece(p).symbol.clone(), v.board().name(c).to_string()))
            .collect();
        assert_eq!(v.setup(side).len(), 18, "{side:?}: no duplicates");
        assert_eq!(actual, expected, "{side:?} setup");
    }
    // The queens share the e-file and the kings the g-file: a mirror, not a 180° turn.
}

// ---------------------------------------------------------------------------------------
// Colouring

#[test]
fn colour_drawing() {
    let (v, _) = glinski();
    let at = set(
        "a1 a4 b3 b6 c2 c5 c8 d1 d4 d7 e3 e6 e9 f2 f5 f8 f11 g3 g6 g9 h1 h4 h7 i2 i5 \
         i8 k3 k6 l1 l4",
    );
    let plus = set(
        "a3 a6 b2 b5 c1 c4 c7 d3 d6 d9 e2 e5 e8 f1 f4 f7 f10 g2 g5 g8 h3 h6 h9 i1 i4 \
         i7 k2 k5 l3 l6",
    );
    let blank = set(
        "a2 a5 b1 b4 b7 c3 c6 d2 d5 d8 e1 e4 e7 e10 f3 f6 f9 g1 g4 g7 g10 h2 h5 h8 \
         i3 i6 k1 k4 k7 l2 l5",
    );
    assert_eq!((at.len(), plus.len(), blank.len()), (30, 30, 31));
    let all: BTreeSet<String> = at.iter().chain(&plus).chain(&blank).cloned().collect();
    assert_eq!(all.len(), 91, "the drawing's classes are disjoint");
    assert_eq!(all, names(&v, v.board().cells()), "and cover the board");

    assert_eq!(v.board().colour_count(), 3);
    let mut classes = Vec::new();
    for drawn in [&at, &plus, &blank] {
        let colours: BTreeSet<u8> = drawn
            .iter()
            .map(|n| v.board().colour(cell(&v, n)))
            .collect();
        assert_eq!(
            colours.len(),
            1,
            "one board colour per drawn class: {drawn:?}"
        );
        classes.push(*colours.first().unwrap());
    }
    classes.sort();
    classes.dedup();
    assert_eq!(classes.len(), 3, "three different board colours");

    let mut sizes = v.board().colour_sizes();
    let f6 = v.board().colour(cell(&v, "f6"));
    assert_eq!(sizes[f6 as usize], 31);
    sizes.sort();
    assert_eq!(sizes, vec![30, 30, 31]);
    assert!(blank.contains("f6"));
}

// ---------------------------------------------------------------------------------------
// Promotion

#[test]
fn promotion_cells() {
    // "Pawns promote when they move to one of the eleven hexes at the opponents side of the
    // board, i.e., at one of the two lines at the border."
    let (v, t) = glinski();
    let pawn = v.piece(piece(&v, "P"));
    let promo = pawn.promotion.as_ref().expect("the pawn promotes");
    let zone = v.zone(promo.zone);
    let white = names(&v, zone.cells[Side::WHITE].iter().copied());
    let black = names(&v, zone.cells[Side::BLACK].iter().copied());
    assert_eq!(white, set("a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6"));
    assert_eq!(black, set("a1 b1 c1 d1 e1 f1 g1 h1 i1 k1 l1"));
    assert_eq!(zone.cells[Side::WHITE].len(), 11);
    assert_eq!(zone.cells[Side::BLACK].len(), 11);
    // Each is the end of a file on the opponent's side: the pawn's straight-ahead step
    // leaves the board there.
    for (side, cells) in [(Side::WHITE, &white), (Side::BLACK, &black)] {
        for c in cells {
            assert!(
                split(&v, &t, "P", side, c).move_only.is_empty(),
                "{side:?}: {c} is the last cell of its file"
            );
        }
    }
    let to: Vec<&str> = promo
        .to
        .iter()
        .map(|&p| v.piece(p).symbol.as_str())
        .collect();
    assert_eq!(to, ["Q", "R", "B", "N"]);

    // In play: a White pawn stepping to f11 and capturing onto e10 offers all four pieces.
    let game = Game::new(&v, &t);
    let pos = position(
        &v,
        &t,
        Side::WHITE,
        &[
            (Side::WHITE, "K", "g1"),
            (Side::BLACK, "K", "a1"),
            (Side::WHITE, "P", "f10"),
            (Side::BLACK, "R", "e10"),
        ],
    );
    let moves = game.legal_moves(&pos);
    for to in ["f11", "e10"] {
        let promos: BTreeSet<String> = moves
            .iter()
            .filter(|m| m.from == Some(cell(&v, "f10")) && m.to == cell(&v, to))
            .map(|m| v.piece(m.promotion.expect("promotes")).symbol.clone())
            .collect();
        assert_eq!(promos, set("Q R B N"), "f10-{to}");
    }
}

// ---------------------------------------------------------------------------------------
// Destination counts

#[test]
fn empty_board_counts_from_centre_and_corner() {
    let (v, t) = glinski();
    for (from, counts) in [
        (
            "f6",
            [("K", 12), ("R", 30), ("B", 12), ("Q", 42), ("N", 12)],
        ),
        ("a1", [("K", 5), ("R", 20), ("B", 10), ("Q", 30), ("N", 4)]),
    ] {
        for (key, n) in counts {
            for side in Side::BOTH {
                let got = empty_destinations(&v, &t, piece(&v, key), side, cell(&v, from));
                assert_eq!(got.len(), n, "{key} on {from} for {side:?}: {got:?}");
            }
        }
    }
}

#[test]
fn empty_board_counts_from_data_file() {
    let (v, t) = glinski();
    let path = crate::support::root().join("tests/data/glinski-counts.txt");
    let text = std::fs::read_to_string(&path).expect("tests/data/glinski-counts.txt");
    let mut checked = 0;
    let mut mismatches = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [key, from, count] = fields[..] else {
            panic!("line {}: expected `PIECE CELL COUNT`: {line}", i + 1);
        };
        let count: usize = count
            .parse()
            .unwrap_or_else(|_| panic!("line {}: bad count {count}", i + 1));
        for side in Side::BOTH {
            let got = empty_destinations(&v, &t, piece(&v, key), side, cell(&v, from)).len();
            if got != count {
                mismatches.push(format!(
                    "line {}: {key} {from} {side:?}: file {count}, tables {got}",
                    i + 1
                ));
            }
        }
        checked += 1;
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
    assert_eq!(checked, 40, "every line of the data file was read");
}
