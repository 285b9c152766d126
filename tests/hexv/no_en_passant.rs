//! `multi-step ... no-en-passant`: a longer advance whose passed cells give the opponent no
//! en-passant right. The fixture is Glinski's chess with that one change
//! (tests/fixtures/valid/no_en_passant.hexv); its counts are confirmed by the independent
//! counter, `python3 tools/perft_check.py glinski 3 --no-en-passant` (51, 2586, 137 852;
//! Glinski itself counts 137 858: six third plies take en passant), and along `f5-f6`, where
//! two of them are (`--moves f5-f6`: 50, 2486, 129 933).

use hexv::check::codes;
use hexv::game::AnyEngine;

use crate::support::{check_text, compiled, root, rules_page, table_and_piece};

const FIXTURE: &str = "tests/fixtures/valid/no_en_passant.hexv";
const GLINSKI: &str = "variants/glinski.hexv";

#[test]
fn perft_agrees_with_the_independent_counter() {
    let c = compiled(FIXTURE);
    let game = c.game();
    let start = game.start_position();
    let counts: Vec<u64> = (1..=3).map(|d| game.perft(&start, d)).collect();
    assert_eq!(counts, [51, 2586, 137_852]);
    let engine = AnyEngine::new(game);
    assert!(engine.is_fast(), "the fast engine counts it");
    assert_eq!(engine.perft(&start, 3), 137_852);
    let after = game.play_moves(&start, "f5-f6").expect("f5-f6");
    assert_eq!(game.perft(&after, 3), 129_933);
    assert_eq!(engine.perft(&after, 3), 129_933);
    let glinski = compiled(GLINSKI);
    let glinski = glinski.game();
    assert_eq!(
        glinski.perft(&glinski.start_position(), 3),
        137_858,
        "Glinski's six en-passant captures at ply 3 are the whole difference"
    );
}

/// After 1. f5-f6 e7-e5 Glinski's white pawn on f6 may take e5 en passant on e6; without the
/// right it may not, and the double step itself is still there.
#[test]
fn a_double_step_gives_no_right() {
    let moves_after = |path: &str, played: &str| {
        let c = compiled(path);
        let game = c.game();
        let pos = game
            .play_moves(&game.start_position(), played)
            .expect("legal moves");
        let reference: Vec<String> = game
            .legal_moves(&pos)
            .iter()
            .map(|m| game.format_move(&pos, m))
            .collect();
        let fast: Vec<String> = AnyEngine::new(game)
            .legal_moves(&pos)
            .iter()
            .map(|m| game.format_move(&pos, m))
            .collect();
        assert_eq!(fast.len(), reference.len(), "both engines agree on {path}");
        reference
    };
    let with = moves_after(GLINSKI, "f5-f6 e7-e5");
    let without = moves_after(FIXTURE, "f5-f6 e7-e5");
    assert!(with.contains(&"f6xe6".to_string()), "Glinski: {with:?}");
    assert!(!without.contains(&"f6xe6".to_string()), "{without:?}");
    assert_eq!(with.len(), without.len() + 1, "only the capture differs");
    let black = moves_after(FIXTURE, "f5-f6");
    assert!(
        black.contains(&"e7-e5".to_string()),
        "the double step stays"
    );
    let c = compiled(FIXTURE);
    let game = c.game();
    let pos = game
        .play_moves(&game.start_position(), "f5-f6 e7-e5")
        .expect("legal moves");
    assert!(pos.en_passant.is_none(), "no right is recorded");
}

#[test]
fn the_rule_is_in_the_table_and_the_rules_page() {
    let file = root().join(FIXTURE);
    let file = file.to_str().expect("UTF-8");
    let (json, pawn) = table_and_piece(file, "P");
    assert_eq!(pawn["captures_en_passant"], false);
    let multi_step = pawn["movements"]
        .as_array()
        .expect("movements")
        .iter()
        .find(|m| m["kind"] == "multi-step")
        .expect("the multi-step");
    assert_eq!(multi_step["no_en_passant"], true);
    assert!(
        json.contains("\"multi-step-no-en-passant\""),
        "the entries' condition"
    );
    let (orthodox, _) = table_and_piece(GLINSKI, "P");
    assert!(
        !orthodox.contains("no_en_passant") && !orthodox.contains("no-en-passant"),
        "other tables are unchanged"
    );
    assert!(
        rules_page(file).contains("no en-passant capture on the cells it passed"),
        "the pawn's rules say it"
    );
}

/// The `hexv::rules::en_passant` errors of a source text.
fn en_passant_errors(text: &str) -> Vec<hexv::diagnostic::Diagnostic> {
    check_text("test.hexv", text)
        .diagnostics
        .into_iter()
        .filter(|d| d.code == codes::EN_PASSANT)
        .collect()
}

#[test]
fn the_same_advance_both_ways_is_refused_where_written() {
    let text = std::fs::read_to_string(root().join(GLINSKI)).expect("Glinski");
    let both = text.replace(
        "  multi-step 2 from pawn-start",
        "  multi-step 2 from pawn-start no-en-passant\n  multi-step 2 from pawn-start",
    );
    let errors = en_passant_errors(&both);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let line = both
        .lines()
        .position(|l| l.starts_with("  multi-step 2 from pawn-start  "))
        .expect("the second line")
        + 1;
    let at = errors[0].labels[0].span.start;
    assert_eq!(both[..at].lines().count(), line, "{:#?}", errors[0]);
    // Different directions, or different start rules, are different advances.
    let apart = text.replace(
        "  multi-step 2 from pawn-start",
        "  multi-step 2 from pawn-start\n  multi-step 2 6 unmoved no-en-passant",
    );
    assert!(en_passant_errors(&apart).is_empty());
}

/// `like` may not bring in the same advance with the other rule either: the error points at
/// the `like` line.
#[test]
fn a_like_line_may_not_mix_the_two() {
    let text = std::fs::read_to_string(root().join(GLINSKI)).expect("Glinski");
    let mixed = text
        .replace(
            "  multi-step 2 from pawn-start",
            "  multi-step 2 from pawn-start no-en-passant",
        )
        .replace(
            "piece Pawn P {",
            "piece Runner U {\n  multi-step 2 from pawn-start\n}\n\npiece Pawn P {\n  like Runner",
        );
    let errors = en_passant_errors(&mixed);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let at = errors[0].labels[0].span;
    assert_eq!(&mixed[at.start..at.end], "Runner", "{:#?}", errors[0]);
}
