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

/// The cells a White piece of `file` reaches from `from` (any mode) with pieces on
/// `blockers`.
fn among(
    file: &str,
    blockers: &[&str],
    key: &str,
    from: &str,
) -> std::collections::BTreeSet<String> {
    let (v, t) = load(file);
    let blocked: Vec<_> = blockers.iter().map(|b| cell(&v, b)).collect();
    let occupied = |c| blocked.contains(&c);
    t.destinations(piece(&v, key), Side::WHITE, cell(&v, from), &occupied)
        .into_keys()
        .map(|(c, _)| v.board().name(c).to_string())
        .collect()
}

fn reached(blockers: &[&str], key: &str, from: &str) -> std::collections::BTreeSet<String> {
    among(FILE, blockers, key, from)
}

#[test]
fn a_leap_rider_repeats_its_leap_until_a_piece_or_the_edge() {
    let (v, t) = load(FILE);
    let nr = piece(&v, "NR");
    // From f1 the twelve leaps give four lines that stay on the board for more than one
    // leap (g3 h5 i7 and e3 d5 c7, then d2 b3 and h2 k3); the other leaps leave the board.
    assert_eq!(
        empty_destinations(&v, &t, nr, Side::WHITE, cell(&v, "f1")),
        set("g3 h5 i7 e3 d5 c7 d2 b3 h2 k3")
    );
    // From d5, in the middle of the left half, eighteen cells.
    assert_eq!(
        empty_destinations(&v, &t, nr, Side::WHITE, cell(&v, "d5")).len(),
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
        empty_destinations(&v, &t, h, Side::WHITE, cell(&v, "f6")),
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
        Side::WHITE,
        &[
            (Side::WHITE, "K", "a1"),
            (Side::BLACK, "K", "l6"),
            (Side::WHITE, "H", "f6"),
            (Side::BLACK, "P", "f7"),
            (Side::WHITE, "P", "e5"),
            (Side::WHITE, "NR", "f1"),
            (Side::BLACK, "P", "h5"),
            (Side::WHITE, "P", "d5"),
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
    let (v, t) = load(HOPPERS);
    let cannon = hexv::render::describe::piece(&v, &t, piece(&v, "C"));
    assert!(
        cannon
            .iter()
            .any(|s| s.contains("over exactly one piece") && s.ends_with("only to capture.")),
        "{cannon:?}"
    );
    let grasshopper = hexv::render::describe::piece(&v, &t, piece(&v, "G"));
    assert!(
        grasshopper.iter().any(|s| s.contains("just beyond it")),
        "{grasshopper:?}"
    );
    // It changes colour by hopping (two cells straight on, or three), though it has no move on
    // an empty board.
    assert!(!grasshopper
        .iter()
        .any(|s| s.contains("Never leaves its colour")));
}

const HOPPERS: &str = "tests/fixtures/valid/hoppers.hexv";

fn hops(blockers: &[&str], key: &str, from: &str) -> std::collections::BTreeSet<String> {
    among(HOPPERS, blockers, key, from)
}

/// From f6, straight ahead runs f7 f8 f9 ..., and the diagonal at 1 o'clock g7 h8 i9.
#[test]
fn a_grasshopper_lands_just_beyond_the_first_piece_on_its_line() {
    // Alone on the board it goes nowhere.
    assert!(hops(&[], "G", "f6").is_empty());
    assert_eq!(hops(&["f8"], "G", "f6"), set("f9"));
    // Beyond the first piece only, whatever stands further on; the cell beyond may be
    // occupied (a capture if it is an enemy).
    assert_eq!(hops(&["f8", "f10"], "G", "f6"), set("f9"));
    assert_eq!(hops(&["f8", "f9"], "G", "f6"), set("f9"));
    assert_eq!(hops(&["f7"], "G", "f6"), set("f8"));
    assert_eq!(hops(&["g7", "f8"], "G", "f6"), set("h8 f9"));
    // A hurdle on the board's last cell of the line leaves nothing to land on.
    assert!(hops(&["f11"], "G", "f6").is_empty());
}

#[test]
fn a_cannon_moves_as_a_rook_and_captures_over_exactly_one_piece() {
    let g = game(HOPPERS);
    let (v, t) = (g.variant, g.tables);
    // White's cannon on f1; along file f its own pawn on f3 (the screen), Black's pawns on
    // f6 and f8. Along 2 o'clock from f1 lie g1 h1 i1 k1 l1, along 10 o'clock e1 d1 c1 b1 a1
    // (White's king on a1).
    let pos = position(
        v,
        t,
        Side::WHITE,
        &[
            (Side::WHITE, "K", "a1"),
            (Side::BLACK, "K", "l6"),
            (Side::WHITE, "C", "f1"),
            (Side::WHITE, "P", "f3"),
            (Side::BLACK, "P", "f6"),
            (Side::BLACK, "P", "f8"),
        ],
    );
    // Moves: f2 before the screen, the two other lines to their ends (e1-b1 before the
    // king); capture: f6, the first piece beyond the one screen; f8 has two pieces before it.
    assert_eq!(
        legal_from(&g, &pos, "f1"),
        set("f2 f6 g1 h1 i1 k1 l1 e1 d1 c1 b1")
    );
    engines_agree(&g, &pos, "cannon");
}

/// A cannon gives check over one piece; a move that puts a second piece between lifts it, and
/// a move that makes a piece the one screen between an enemy cannon and its own king is
/// illegal: both engines see it (the fast engine tests every move of a variant with hoppers).
#[test]
fn check_by_a_cannon_is_made_and_lifted_by_screens() {
    let g = game(HOPPERS);
    let (v, t) = (g.variant, g.tables);
    let checked = position(
        v,
        t,
        Side::BLACK,
        &[
            (Side::WHITE, "K", "a1"),
            (Side::BLACK, "K", "f11"),
            (Side::WHITE, "C", "f1"),
            (Side::WHITE, "P", "f5"),
            (Side::BLACK, "G", "e6"),
        ],
    );
    assert!(g.in_check(&checked, Side::BLACK));
    // e6 to f7 (its 2 o'clock line, over nothing: a grasshopper cannot) is not a move; the
    // king's way out and the grasshopper's hops are checked by both engines.
    engines_agree(&g, &checked, "cannon check");
    let pinned_by_screen = |with_black_cannon: bool| {
        let mut pieces = vec![
            (Side::WHITE, "K", "f1"),
            (Side::BLACK, "K", "l6"),
            (Side::WHITE, "C", "e6"),
        ];
        if with_black_cannon {
            pieces.push((Side::BLACK, "C", "f11"));
        }
        position(v, t, Side::WHITE, &pieces)
    };
    // From e6 the cannon rides at 2 o'clock to f7, g8, ...: with Black's cannon on f11 and
    // White's king on f1, standing on f7 would be the one screen between them.
    let free = pinned_by_screen(false);
    assert!(legal_from(&g, &free, "e6").contains("f7"));
    let screened = pinned_by_screen(true);
    assert!(!g.in_check(&screened, Side::WHITE));
    assert!(!legal_from(&g, &screened, "e6").contains("f7"));
    engines_agree(&g, &screened, "a screen of one's own");
}

const CONFINED: &str = "tests/fixtures/valid/confinement.hexv";

/// `confined to ZONE`, on Glinski's board: the palace is e1 e2 f1 f2 f3 g1 g2, the lane f1 f2
/// f3 f5 f6 (no f4), the corner d1 e4.
#[test]
fn a_confined_piece_never_leaves_its_zone_not_even_in_passing() {
    // The king on f2: its six edge neighbours are the palace's other cells; its diagonal
    // neighbours g3, h1, d1 and e3 lie outside.
    assert_eq!(among(CONFINED, &[], "K", "f2"), set("e1 e2 f1 f3 g1 g2"));
    // The rook on f1 rides up to f3: f4 is outside, so f5 and f6 are out of its reach.
    assert_eq!(among(CONFINED, &[], "R", "f1"), set("f2 f3"));
    // The knight's leap d1 to e4 passes d2, outside the corner: a leap's path does not count.
    assert_eq!(among(CONFINED, &[], "N", "d1"), set("e4"));
    // Black's zones are White's mirrored: its king on f10 keeps to e9 e10 f9 f11 g9 g10.
    let (v, t) = load(CONFINED);
    assert_eq!(
        empty_destinations(&v, &t, piece(&v, "K"), Side::BLACK, cell(&v, "f10")),
        set("e9 e10 f9 f11 g9 g10")
    );
    // A confined piece somehow outside its zone (by a position text) has no move.
    assert!(among(CONFINED, &[], "K", "f6").is_empty());
    let g = game(CONFINED);
    engines_agree(&g, &g.start_position(), "confinement");
    let rules = hexv::render::describe::piece(&v, &t, piece(&v, "R"));
    assert!(
        rules
            .iter()
            .any(|s| s == "Never leaves `lane`, not even in passing."),
        "{rules:?}"
    );
}

#[test]
fn a_confined_piece_must_start_in_its_zone() {
    let text = std::fs::read_to_string(crate::support::root().join(CONFINED))
        .unwrap()
        .replace("  K f2\n", "  K f4\n");
    let d = check_text("outside.hexv", &text).diagnostics;
    let errors: Vec<_> = d.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{d:#?}");
    assert_eq!(errors[0].code, "hexv::rules::outside_confinement");
    assert_eq!(
        errors[0].message,
        "White's `K` starts on `f4`, outside `palace`, the zone it is confined to"
    );
    let under: Vec<&str> = errors[0]
        .labels
        .iter()
        .map(|l| &text[l.span.start..l.span.end])
        .collect();
    assert_eq!(under, ["f4", "confined to palace"]);
}
