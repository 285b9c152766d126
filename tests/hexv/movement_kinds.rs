//! Leap-riders (`ride LEAPS`) and lame leaps (`leap ... lame`) on Glinski's board, in
//! tests/fixtures/valid/leap_rider_and_lame_leap.hexv. The expected cells were worked out by
//! hand on the board's geometry (files a-l without j, each file's rank 1 half a cell above its
//! inner neighbour's): the knight's leap [12 1] from f1 goes to g3, again to h5 and i7.

use hexv::variant::Side;

use crate::fast_engine::engines_agree;
use crate::support::{
    cell, check_text, empty_destinations, game, legal_from, load, piece, position, set,
};

const FILE: &str = "tests/fixtures/valid/leap_rider_and_lame_leap.hexv";

/// The occupied-cell test of `destinations` for a set of blockers.
fn reached(blockers: &[&str], key: &str, from: &str) -> std::collections::BTreeSet<String> {
    let (v, t) = load(FILE);
    let blocked: Vec<_> = blockers.iter().map(|b| cell(&v, b)).collect();
    let occupied = |c| blocked.contains(&c);
    let cells = t
        .destinations(piece(&v, key), Side::White, cell(&v, from), &occupied)
        .into_keys()
        .map(|(c, _)| v.board().name(c).to_string())
        .collect();
    cells
}

#[test]
fn a_leap_rider_repeats_its_leap_until_a_piece_or_the_edge() {
    let (v, t) = load(FILE);
    let nr = piece(&v, "NR");
    // From f1 the twelve leaps give four lines that stay on the board for more than one
    // leap (g3 h5 i7 and e3 d5 c7, then d2 b3 and h2 k3); the other leaps leave the board.
    assert_eq!(
        empty_destinations(&v, &t, nr, Side::White, cell(&v, "f1")),
        set("g3 h5 i7 e3 d5 c7 d2 b3 h2 k3")
    );
    // From d5, in the middle of the left half, eighteen cells.
    assert_eq!(
        empty_destinations(&v, &t, nr, Side::White, cell(&v, "d5")).len(),
        18
    );
    // A piece on g3 ends that line there (it may be captured); the cells leapt over never
    // block: a piece on f2 or g2, between f1 and g3, changes nothing.
    assert_eq!(reached(&["g3"], "NR", "f1"), set("g3 e3 d5 c7 d2 b3 h2 k3"));
    assert_eq!(reached(&["f2", "g2", "f3"], "NR", "f1").len(), 10);
}

#[test]
fn a_lame_leap_is_blocked_on_the_cells_its_path_steps_through() {
    let (v, t) = load(FILE);
    let h = piece(&v, "H");
    let all = set("c4 c5 d3 d7 e3 e8 g3 g8 h3 h7 i4 i5");
    assert_eq!(
        empty_destinations(&v, &t, h, Side::White, cell(&v, "f6")),
        all
    );
    // f7 is the first step of [12 1] (to g8) and [12 11] (to e8): both are blocked.
    assert_eq!(
        reached(&["f7"], "H", "f6"),
        set("c4 c5 d3 d7 e3 g3 h3 h7 i4 i5")
    );
    // g7 lies on no path from f6: nothing is blocked.
    assert_eq!(reached(&["g7"], "H", "f6"), all);
    // A piece on the landing cell is captured, not a block.
    assert_eq!(reached(&["g8"], "H", "f6"), all);
}

/// In play: a lame leap blocked by either side's piece, a leap-rider capturing at the end of
/// its line and stopping at its own piece, and both engines agreeing on every move.
#[test]
fn both_kinds_in_play() {
    let g = game(FILE);
    let (v, t) = (g.variant, g.tables);
    let pos = position(
        v,
        t,
        Side::White,
        &[
            (Side::White, "K", "a1"),
            (Side::Black, "K", "l6"),
            (Side::White, "H", "f6"),
            (Side::Black, "P", "f7"),
            (Side::White, "P", "e5"),
            (Side::White, "NR", "f1"),
            (Side::Black, "P", "h5"),
            (Side::White, "P", "d5"),
        ],
    );
    // The horse: f7 (Black's) blocks e8 and g8; e5 (its own) blocks d3 and c4 (paths
    // [8 9] and [8 7] start at e5).
    assert_eq!(legal_from(&g, &pos, "f6"), set("c5 d7 e3 g3 h3 h7 i4 i5"));
    // The nightrider: g3 then the capture on h5; e3 then its own pawn on d5 ends the line.
    assert_eq!(legal_from(&g, &pos, "f1"), set("g3 h5 e3 d2 b3 h2 k3"));
    engines_agree(&g, &pos, "leap-rider and lame leap");
}

#[test]
fn a_lame_leap_needs_a_path_and_something_to_block_it() {
    let board = "board {\n  cells flat\n  shape hexagon 6\n  names files a b c d e f g h i k l\n}\nsymmetry mirror\npiece King K {\n  royal\n  step orthogonal\n}\n";
    let rest = "setup {\n  K f1\n  C a1\n}\n";
    let text = format!("{board}piece Camel C {{\n  leap (1, 2) all lame\n}}\n{rest}");
    let loaded = check_text("vector.hexv", &text);
    let d = &loaded.diagnostics;
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].code, "hexv::rules::leap_form");
    assert_eq!(d[0].message, "a lame leap needs a path of hours");
    let label = &d[0].labels[0];
    assert_eq!(&text[label.span.start..label.span.end], "(1, 2)");

    let text = format!("{board}piece Camel C {{\n  leap [12] all lame\n}}\n{rest}");
    let loaded = check_text("single.hexv", &text);
    let d = &loaded.diagnostics;
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].code, "hexv::lint::lame_unblockable");
    let label = &d[0].labels[0];
    assert_eq!(&text[label.span.start..label.span.end], "lame");
    // A warning: the file still loads, with an ordinary leap.
    assert!(loaded.compiled.is_some());

    let text = format!("{board}piece Camel C {{\n  ride [12 1] all max 0\n}}\n{rest}");
    let d = check_text("max.hexv", &text).diagnostics;
    assert_eq!(d[0].code, "hexv::rules::bad_limit", "{d:#?}");
}

#[test]
fn the_rules_page_says_what_they_do() {
    let (v, t) = load(FILE);
    let rider = hexv::render::describe::piece(&v, &t, piece(&v, "NR"));
    assert!(
        rider.iter().any(|s| s.contains("again and again")),
        "{rider:?}"
    );
    let horse = hexv::render::describe::piece(&v, &t, piece(&v, "H"));
    assert!(
        horse.iter().any(|s| s.contains("blocked by a piece")),
        "{horse:?}"
    );
}
