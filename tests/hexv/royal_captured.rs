//! `royal captured`: royal pieces are captured, not mated. The fixture is Mini Hexchess with
//! that rule (tests/fixtures/valid/royal_captured.hexv); its counts are confirmed by the
//! independent counter, `python3 tools/perft_check.py mini-hexchess 5 --royal-captured`
//! (11, 129, 1868, 27 522, 450 930), every `--divide` entry agreeing at depth 3.

use std::sync::atomic::AtomicBool;

use hexv::check::codes;
use hexv::game::{AnyEngine, GameEnd, Position};
use hexv::search::{Limits, Searcher};
use hexv::variant::Side;

use crate::sides::{with_rules, THREE};
use crate::support::{check_text, compiled, root};

const FIXTURE: &str = "tests/fixtures/valid/royal_captured.hexv";

fn fixture_source() -> String {
    std::fs::read_to_string(root().join(FIXTURE)).expect("the fixture")
}

/// The move the search chooses at `depth` from `history`'s last position.
fn searched(c: &hexv::Compiled, history: &[Position], depth: u32) -> String {
    let mut searcher = Searcher::new(c.game());
    let result = searcher.search(
        history,
        &Limits::depth(depth),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    let pos = history.last().expect("a position");
    let best = result.best.expect("a move");
    c.game().format_move(pos, &best)
}

#[test]
fn a_move_may_leave_the_king_attacked_and_taking_it_ends_the_game() {
    let c = compiled(FIXTURE);
    let game = c.game();
    let start = game.start_position();
    // Mini Hexchess's 9 first moves and the King's steps to c3 and e3, which Black attacks
    // (the orthodox rules refuse them: variants/mini-hexchess.hexv counts 9).
    assert_eq!(game.perft(&start, 1), 11);
    let orthodox = compiled("variants/mini-hexchess.hexv");
    assert!(orthodox.game().play_moves(&start, "d2-c3").is_err());
    let exposed = game
        .play_moves(&start, "d2-c3")
        .expect("the King may step into attack");
    assert!(game.in_check(&exposed, hexv::variant::Side::WHITE));
    // Black's pawn takes the King: the game is over, Black wins, and no move is left.
    let taken = game
        .play_moves(&exposed, "d5xc3")
        .expect("the King is taken");
    let history = [start.clone(), exposed.clone(), taken.clone()];
    let outcome = game.outcome(&history).expect("the game is over");
    assert_eq!(outcome.end, GameEnd::RoyalCaptured);
    assert_eq!(outcome.result(), "0-1");
    assert!(game.legal_moves(&taken).is_empty());
    let (_, refused) = game
        .play_moves(&taken, "e1-e2")
        .expect_err("no move after the end");
    assert!(
        refused.to_string().contains("a royal piece has been taken"),
        "{refused}"
    );
    // Both engines agree: the fast one plays the rule too, and after the King is taken
    // neither has a move.
    let fast = AnyEngine::new(game);
    assert!(fast.is_fast());
    assert_eq!(fast.legal_moves(&exposed).len(), 12);
    assert_eq!(
        fast.legal_moves(&exposed).len(),
        game.legal_moves(&exposed).len()
    );
    assert!(fast.legal_moves(&taken).is_empty());
    assert_eq!(fast.perft(&taken, 1), 0);
}

#[test]
fn perft_agrees_with_the_independent_counter() {
    let c = compiled(FIXTURE);
    let game = c.game();
    let start = game.start_position();
    let counts: Vec<u64> = (1..=4).map(|d| game.perft(&start, d)).collect();
    assert_eq!(counts, [11, 129, 1868, 27_522]);
    // The fast engine, to depth 5 (450 930 by the independent counter).
    let fast = AnyEngine::new(game);
    assert!(fast.is_fast());
    let counts: Vec<u64> = (1..=5).map(|d| fast.perft(&start, d)).collect();
    assert_eq!(counts, [11, 129, 1868, 27_522, 450_930]);
}

#[test]
fn the_search_takes_a_king_left_attacked_and_never_leaves_its_own() {
    let c = compiled(FIXTURE);
    let game = c.game();
    let start = game.start_position();
    let exposed = game.play_moves(&start, "d2-c3").expect("legal");
    // Black takes the King at once, whatever the depth.
    for depth in [1, 3] {
        assert_eq!(
            searched(&c, &[start.clone(), exposed.clone()], depth),
            "d5xc3"
        );
    }
    // White, searching two plies, never steps its King into Black's attack.
    let first = searched(&c, std::slice::from_ref(&start), 2);
    assert!(!["d2-c3", "d2-e3"].contains(&first.as_str()), "{first}");
}

#[test]
fn with_three_sides_the_side_that_takes_a_royal_piece_wins() {
    let c = with_rules("royal captured");
    let game = c.game();
    // White checks Black's King on a6 along the top edge; Black steps to b7, still on the
    // rook's line (moves that leave the King attacked are allowed); Red moves; White takes it.
    let pos = game
        .parse_position("5(2K)/(1R)6/(1R)7/9/4(1R)5/(1K)8(1R)1/10/9/8/7/(3K)5 white")
        .expect("a legal position");
    let mut history = vec![pos];
    for text in ["f10-f11", "a6-b7", "l1-l2", "f11xb7"] {
        let next = game
            .play_moves(history.last().expect("a position"), text)
            .expect("a legal move");
        history.push(next);
    }
    let outcome = game.outcome(&history).expect("over");
    assert_eq!(outcome.end, GameEnd::RoyalCaptured);
    assert_eq!(outcome.result(), "1-0-0");
    // The three-sided search takes the King (with either rook: b1 holds the b file too).
    let before = &history[..history.len() - 1];
    let chosen = searched(&c, before, 1);
    assert!(["f11xb7", "b1xb7"].contains(&chosen.as_str()), "{chosen}");
    assert_eq!(THREE, "tests/fixtures/valid/three_sides.hexv");
}

#[test]
fn contradicting_rules_are_located() {
    let source = fixture_source();
    // Each mistake is shown where the contradicting line says it (checkmate's result word).
    for (added, word, shown) in [
        ("checkmate win", "checkmate", "win"),
        ("facing 12", "facing", "facing 12"),
    ] {
        let text = source.replace(
            "  royal captured\n",
            &format!("  royal captured\n  {added}\n"),
        );
        let checked = check_text("royal.hexv", &text);
        let errors: Vec<_> = checked
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .collect();
        assert_eq!(errors.len(), 1, "{added}: {errors:#?}");
        assert_eq!(errors[0].code, codes::ROYAL_CAPTURED);
        assert!(
            errors[0]
                .message
                .starts_with(&format!("`royal captured` and `{word}` cannot both hold")),
            "{}",
            errors[0].message
        );
        let primary = errors[0].primary_span().expect("located");
        assert_eq!(&text[primary.start..primary.end], shown, "{added}");
    }
    // Without a royal piece there is nothing to capture.
    let text = source.replace("  royal\n", "");
    let checked = check_text("royal.hexv", &text);
    let no_royal = checked
        .diagnostics
        .iter()
        .find(|d| d.code == codes::NO_ROYAL)
        .expect("no royal piece is an error");
    assert_eq!(
        no_royal.message,
        "capturing a royal piece wins, but no piece is royal"
    );
    let primary = no_royal.primary_span().expect("located");
    assert_eq!(&text[primary.start..primary.end], "royal captured");
}

#[test]
fn the_rule_is_in_the_summary_the_table_and_the_records() {
    use crate::cli::run;
    let file = root().join(FIXTURE);
    let file = file.to_str().expect("UTF-8");
    let (code, out, err) = run(&["check", file]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("royal pieces are captured, not mated"),
        "{out}"
    );
    let (code, json, err) = run(&["table", file, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let table: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(table["rules"]["royal_captured"], true);
    assert_eq!(table["rules"]["checkmate_wins"], false);
    let (_, orthodox, _) = run(&["table", "variants/mini-hexchess.hexv", "--format", "json"]);
    assert!(
        !orthodox.contains("royal_captured"),
        "other tables are unchanged"
    );
    // The rules page says it in the rules and at the King.
    let dir = crate::support::scratch("royal-captured-doc");
    let (code, _, err) = run(&["doc", file, "-o", dir.to_str().expect("UTF-8")]);
    assert_eq!(code, 0, "{err}");
    let page = std::fs::read_to_string(dir.join("index.html")).expect("the rules page");
    assert!(page.contains("Royal: it may be left attacked, and taking it wins."));
    assert!(
        page.contains("<li>Royal pieces are captured, not mated: a move may leave one"),
        "the rules section"
    );
}

#[test]
fn with_royal_captured_out_the_side_leaves_and_its_army_passes_to_the_taker() {
    let c = with_rules("royal captured out\neliminated to-mater");
    let game = c.game();
    // As above, with a Black rook on a1 besides Black's King on a6.
    let start = game
        .parse_position("(2R)4(2K)/(1R)6/(1R)7/9/4(1R)5/(1K)8(1R)1/10/9/8/7/(3K)5 white")
        .expect("a legal position");
    let mut history = vec![start];
    for text in ["f10-f11", "a6-b7", "l1-l2", "f11xb7"] {
        let next = game
            .play_moves(history.last().expect("a position"), text)
            .expect("a legal move");
        history.push(next);
    }
    let after = history.last().expect("a position");
    let (black, red) = (Side::new(1).expect("Black"), Side::new(2).expect("Red"));
    assert!(after.is_out(black));
    assert_eq!(after.to_move, red, "Red moves next, Black being out");
    let a1 = game.variant.board().find("a1").expect("a1");
    let owner = after.squares[a1.index()].map(|(s, _)| game.variant.side_name(s));
    assert_eq!(
        owner,
        Some("white"),
        "Black's rook passed to the King's taker"
    );
    assert_eq!(game.outcome(&history), None, "the game goes on");
    let text = game.position_text(after);
    assert!(text.contains(" red/black "), "{text}");
    // A position where Black lost its King but is still in the game is one play settles.
    let unsettled = text.replace(" red/black ", " red ");
    let refused = game.parse_position(&unsettled).expect_err("refused");
    assert!(
        refused.message.contains("Black has lost a royal piece"),
        "{}",
        refused.message
    );
    // With two sides `out` is refused.
    let checked = check_text(
        "two.hexv",
        &fixture_source().replace("  royal captured\n", "  royal captured out\n"),
    );
    let error = checked
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .expect("an error");
    assert_eq!(error.code, codes::SIDES_RULE);
    assert_eq!(
        error.message,
        "`royal captured out` needs more than two sides"
    );
}

/// With three sides whose first mate ends the game, a royal piece a third side takes (its
/// owner had no turn to save it) ends the game too, won by the side that took it.
#[test]
fn with_three_sides_taking_a_royal_piece_ends_the_first_mate_game() {
    let c = compiled(THREE);
    let game = c.game();
    let red = Side::new(2).expect("three sides");
    let pieces = [
        (Side::WHITE, "K", "f1"),
        (Side::BLACK, "K", "a6"),
        (Side::BLACK, "R", "l5"),
        (red, "K", "l1"),
    ];
    let pos = crate::support::position_of(&game, &pieces, Side::BLACK);
    let taken = game
        .play_moves(&pos, "l5xl1")
        .expect("Red's King may be taken");
    let outcome = game
        .outcome(&[pos, taken.clone()])
        .expect("the game is over");
    assert_eq!(outcome.end, GameEnd::RoyalCaptured);
    assert_eq!(outcome.result(), "0-1-0");
    assert!(game.legal_moves(&taken).is_empty());
}
