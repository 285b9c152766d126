//! Movements under conditions (`when` / `unless` with `unmoved`, `from ZONE`, `to ZONE`,
//! `enemy|friend|piece at CELLS`), in tests/fixtures/valid/conditions.hexv on Glinski's board.
//! The expected moves were worked out by hand on the board's geometry: files a-l without j,
//! file f in the middle; a step at 10 or 2 o'clock towards file f climbs a rank (e6 -> f7),
//! away from it keeps the rank (e4 -> d4, f6 -> g6); at 4 or 8 o'clock towards f keeps the
//! rank, away from it drops one (f8 -> g7). The diagonal at 11 o'clock is the sum of the
//! steps at 10 and 12 (e4 -> d5), at 1 o'clock of 12 and 2 (e4 -> f6). The knight's leap
//! [12 12 2] and its turns: from f8, `g10 e10 h9 i7 c7 d9` (the six into the far half) and
//! `c6` (two steps at 8, then one at 10).

use hexv::variant::Side;

use crate::cli::run;
use crate::rule_support::{at, moves_from, refusal};
use crate::support::{check_text, game, set};

const FILE: &str = "tests/fixtures/valid/conditions.hexv";

/// Both kings out of the way: White's on k1, Black's on l6 (on no line the tests look at).
const KINGS: &str = "K k1 k l6";

fn position(pieces: &str, unmoved: &str, to_move: Side) -> hexv::game::Position {
    at(&game(FILE), to_move, &format!("{KINGS} {pieces}"), unmoved)
}

#[test]
fn a_pawn_is_blocked_while_an_enemy_stands_beside_it() {
    let g = game(FILE);
    // A pawn on e5: an enemy on d5, at 10 o'clock, blocks its step (and is captured).
    let pos = position("P e5 p d5", "", Side::WHITE);
    assert_eq!(moves_from(&g, &pos, "e5"), set("e5xd5"));
    // The enemy at 2 o'clock (f6) blocks as well.
    let pos = position("P e5 p f6", "", Side::WHITE);
    assert_eq!(moves_from(&g, &pos, "e5"), set("e5xf6"));
    // A friend there does not.
    let pos = position("P e5 N d5", "", Side::WHITE);
    assert_eq!(moves_from(&g, &pos, "e5"), set("e5-e6"));
    // On e4, a start cell, the multi-step is a line of its own with its own condition (no
    // piece on d5 or f6): an enemy on d4 blocks the single step, not the multi-step's e5.
    let pos = position("P e4 p d4", "", Side::WHITE);
    assert_eq!(moves_from(&g, &pos, "e4"), set("e4xd4 e4-e5 e4-e6"));
    // Any piece on d5 (11 o'clock) stops the multi-step, and only it.
    let pos = position("P e4 N d5", "", Side::WHITE);
    assert_eq!(moves_from(&g, &pos, "e4"), set("e4-e5"));
    let pos = position("P e4 n f6", "", Side::WHITE);
    assert_eq!(moves_from(&g, &pos, "e4"), set("e4-e5"));
}

#[test]
fn an_unmoved_pawn_also_captures_straight_ahead_and_gives_check_so() {
    let g = game(FILE);
    let unmoved = position("P e4 p e5", "e4", Side::WHITE);
    assert_eq!(moves_from(&g, &unmoved, "e4"), set("e4xe5"));
    let moved = position("P e4 p e5", "", Side::WHITE);
    assert_eq!(moves_from(&g, &moved, "e4"), set(""));
    // The same capture attacks a king: Black's king may not step onto e5 in front of an
    // unmoved pawn, and may in front of a moved one.
    let pos = at(&g, Side::BLACK, "K k1 k e6 P e4", "e4");
    assert!(!moves_from(&g, &pos, "e6").contains("e6-e5"));
    let pos = at(&g, Side::BLACK, "K k1 k e6 P e4", "");
    assert!(moves_from(&g, &pos, "e6").contains("e6-e5"));
    // A Black king on e5 in front of it is in check.
    let pos = at(&g, Side::BLACK, "K k1 k e5 P e4", "e4");
    assert!(g.in_check(&pos, Side::BLACK));
    let pos = at(&g, Side::BLACK, "K k1 k e5 P e4", "");
    assert!(!g.in_check(&pos, Side::BLACK));
}

#[test]
fn a_move_refused_by_its_conditions_says_which() {
    let g = game(FILE);
    let moved = position("P e4 p e5", "", Side::WHITE);
    assert_eq!(
        refusal(&g, &moved, "e4xe5"),
        "`e4xe5` is illegal: the Pawn on `e4` cannot move to `e5` now: only a piece that has not moved yet moves so"
    );
    let pos = position("P e5 p d5", "", Side::WHITE);
    assert_eq!(
        refusal(&g, &pos, "e5-e6"),
        "`e5-e6` is illegal: the Pawn on `e5` cannot move to `e6` now: an enemy piece stands on `d5`"
    );
    let pos = position("N f8 p c6", "", Side::WHITE);
    assert_eq!(
        refusal(&g, &pos, "f8xc6"),
        "`f8xc6` is illegal: the Knight on `f8` cannot move to `c6` now: only while one of its own pieces stands on `f7`"
    );
    // A move no movement gives at all keeps the plain refusal.
    assert_eq!(
        refusal(&g, &pos, "f8-f9"),
        "`f8-f9` is illegal: the Knight on `f8` cannot move to `f9`"
    );
}

#[test]
fn a_pawn_across_moves_sideways_too() {
    let g = game(FILE);
    // f9 is in the far half: 4 o'clock (g8) and 8 o'clock (e8) as well as f10.
    let pos = position("P f9", "", Side::WHITE);
    assert_eq!(moves_from(&g, &pos, "f9"), set("f9-f10 f9-g8 f9-e8"));
    // f6 is not: straight ahead only.
    let pos = position("P f6", "", Side::WHITE);
    assert_eq!(moves_from(&g, &pos, "f6"), set("f6-f7"));
}

#[test]
fn a_rook_moves_one_way_before_it_has_moved_and_another_after() {
    let g = game(FILE);
    let unmoved = position("R c1", "c1", Side::WHITE);
    assert_eq!(moves_from(&g, &unmoved, "c1"), set("c1-c2 c1-c3"));
    // Moved, it rides its lines: up the file to c8 (the top of file c), at 2 o'clock d2 e3
    // f4 ... l4, at 4 o'clock d1 e1 f1, at 10 o'clock b1 a1.
    let moved = position("R c1", "", Side::WHITE);
    let reach = moves_from(&g, &moved, "c1");
    assert_eq!(
        reach,
        set(
            "c1-c2 c1-c3 c1-c4 c1-c5 c1-c6 c1-c7 c1-c8 c1-d2 c1-e3 c1-f4 c1-g4 c1-h4 c1-i4 \
             c1-k4 c1-l4 c1-d1 c1-e1 c1-f1 c1-b1 c1-a1"
        )
    );
}

#[test]
fn a_knight_leaps_only_into_the_far_half_and_captures_only_with_a_friend_behind() {
    let g = game(FILE);
    let pos = position("N f8", "", Side::WHITE);
    assert_eq!(
        moves_from(&g, &pos, "f8"),
        set("f8-g10 f8-e10 f8-h9 f8-i7 f8-c7 f8-d9")
    );
    // An enemy on c6, a knight's leap away outside the far half: captured only while a
    // White piece stands on f7, behind the knight.
    let pos = position("N f8 p c6", "", Side::WHITE);
    assert!(!moves_from(&g, &pos, "f8").contains("f8xc6"));
    let pos = position("N f8 p c6 R f7", "", Side::WHITE);
    assert!(moves_from(&g, &pos, "f8").contains("f8xc6"));
    // So Black's king on c6 is in check exactly then.
    let pos = at(&g, Side::BLACK, "K k1 k c6 N f8 R f7", "");
    assert!(g.in_check(&pos, Side::BLACK));
    let pos = at(&g, Side::BLACK, "K k1 k c6 N f8", "");
    assert!(!g.in_check(&pos, Side::BLACK));
}

#[test]
fn a_cannon_stops_short_of_the_far_edge_and_not_over_an_enemy_screen() {
    let g = game(FILE);
    // Up the f file from f8: f9 and f10, not f11 (the far edge).
    let pos = position("C f8", "", Side::WHITE);
    let reach = moves_from(&g, &pos, "f8");
    assert!(reach.contains("f8-f10") && !reach.contains("f8-f11"));
    // From f5 over a screen on f6 onto f8: a White screen lets it capture, a Black one
    // (an enemy at 12 o'clock) does not.
    let own = position("C f5 N f6 r f8", "", Side::WHITE);
    assert!(moves_from(&g, &own, "f5").contains("f5xf8"));
    let theirs = position("C f5 n f6 r f8", "", Side::WHITE);
    assert!(!moves_from(&g, &theirs, "f5").contains("f5xf8"));
}

#[test]
fn the_tables_keep_the_conditions_in_json_and_text() {
    let (code, json, _) = run(&["table", FILE, "--piece", "P", "--format", "json"]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let e4 = &doc["pieces"][0]["moves"]["white"]["e4"];
    let step = e4
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["path"] == serde_json::json!(["e5"]) && e["move"] == true)
        .expect("the single step");
    assert_eq!(
        step["guard"],
        serde_json::json!({"occupants": [{"who": "enemy", "cells": ["d4", "f5"], "present": false}]})
    );
    let unmoved = e4
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["guard"]["unmoved"] == true)
        .expect("the unmoved capture");
    assert_eq!(unmoved["path"], serde_json::json!(["e5"]));
    assert_eq!(unmoved["capture"], true);
    // The cannon's move up the f file from f8 stops before the far edge: its path is cut.
    let (_, json, _) = run(&[
        "table", FILE, "--piece", "C", "--cell", "f8", "--format", "json",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let f8 = doc["pieces"][0]["moves"]["white"]["f8"]
        .as_array()
        .cloned()
        .expect("entries");
    assert!(f8
        .iter()
        .any(|e| e["path"] == serde_json::json!(["f9", "f10"])));
    let (_, text, _) = run(&["table", FILE, "--piece", "N", "--cell", "f8"]);
    assert!(text.contains("(capture, when friend at f7)"), "{text}");
}

#[test]
fn mistakes_in_conditions_are_located() {
    let base = std::fs::read_to_string(crate::support::root().join(FILE)).expect("fixture");
    let with = |line: &str| {
        let text = base.replace("  step 4 8 move-only when from far-half", line);
        check_text("t.hexv", &text).diagnostics
    };
    // An unknown zone, with a suggestion.
    let d = with("  step 4 8 move-only when from far-hlaf");
    assert_eq!(d[0].code, "hexv::resolve::unknown_zone");
    assert!(
        d[0].help.as_deref().unwrap_or("").contains("far-half"),
        "{:?}",
        d[0]
    );
    // An hour that is no hour.
    let d = with("  step 4 8 move-only unless enemy at 13");
    assert_eq!(d[0].code, "hexv::rules::bad_hour");
    // A relative cell on the piece itself.
    let d = with("  step 4 8 move-only unless enemy at (0, 0)");
    assert_eq!(d[0].code, "hexv::rules::zero_leap");
    // `when` without a condition is not a line of the language.
    let d = with("  step 4 8 move-only when");
    assert_eq!(d[0].code, "hexv::syntax::malformed");
    // The same clause twice: a warning pointing at both.
    let d = with("  step 4 8 move-only when from far-half when from far-half");
    assert_eq!(d[0].code, "hexv::lint::redundant_movement");
    assert_eq!(d[0].labels.len(), 2);
}
