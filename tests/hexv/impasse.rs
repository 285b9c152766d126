//! `impasse in ZONE need N counting ...`: shogi's impasse, scored by points. The fixture is Hex
//! Shogi 41 with Hexshogi's rule (tests/fixtures/valid/impasse.hexv: a Rook or Bishop,
//! promoted or not, 5 points, any other piece 1, the Kings 0; 19 points needed of the 42 each
//! side starts with). White's cells of `camp` are the top three ranks, Black's the bottom.

use hexv::check::codes;
use hexv::game::end::{impasse_points, GameEnd};
use hexv::game::{AnyEngine, Game, Position, Reference};
use hexv::variant::{Score, Side};

use crate::support::{check_text, compiled, position_of, root, rules_page, table_and_piece};

const FIXTURE: &str = "tests/fixtures/valid/impasse.hexv";

const W: Side = Side::WHITE;
const B: Side = Side::BLACK;

/// The kings on `white_king` and `black_king`, White's Rook on 7e, Black's Gold on 3e, and
/// in hand White's Bishop and `golds` Golds and Black's five Pawns; White to move.
fn kings_at(game: &Game, white_king: &str, black_king: &str, golds: u16) -> Position {
    let mut pos = position_of(
        game,
        &[
            (W, "K", white_king),
            (W, "R", "7e"),
            (B, "K", black_king),
            (B, "G", "3e"),
        ],
        W,
    );
    let v = game.variant;
    let id = |s: &str| v.find_piece(s).expect("a piece").index();
    pos.hands[W][id("B")] = 1;
    pos.hands[W][id("G")] = golds;
    pos.hands[B][id("P")] = 5;
    pos
}

#[test]
fn both_kings_in_the_camps_end_the_game_on_points() {
    let c = compiled(FIXTURE);
    let game = c.game();
    // White: Rook 5 + Bishop 5 + 9 Golds = 19 (enough); Black: Gold 1 + 5 Pawns = 6.
    let pos = kings_at(&game, "7a", "3i", 9);
    assert_eq!(impasse_points(&Reference::new(game), &pos)[..2], [19, 6]);
    let outcome = game
        .outcome(std::slice::from_ref(&pos))
        .expect("the game is over");
    assert_eq!(outcome.end, GameEnd::Impasse);
    assert_eq!(outcome.white, Score::WIN, "Black has too few points");
    // The fast engine ends it the same way.
    let engine = AnyEngine::new(game);
    assert!(engine.is_fast());
    assert_eq!(
        engine
            .outcome(std::slice::from_ref(&pos))
            .map(|o| (o.end, o.white)),
        Some((GameEnd::Impasse, Score::WIN))
    );
    // One Gold fewer: White 18, Black 6, both short of 19: a draw.
    let both_short = kings_at(&game, "7a", "3i", 8);
    let outcome = game.outcome(&[both_short]).expect("over");
    assert_eq!(
        (outcome.end, outcome.white),
        (GameEnd::Impasse, Score::DRAW)
    );
}

#[test]
fn the_game_goes_on_until_both_kings_are_in() {
    let c = compiled(FIXTURE);
    let game = c.game();
    // White's King still outside (5e is no cell of White's camp), or Black's (5f).
    for (white_king, black_king) in [("5e", "3i"), ("7a", "5f")] {
        let pos = kings_at(&game, white_king, black_king, 9);
        assert_eq!(game.outcome(&[pos]), None, "{white_king} {black_king}");
    }
    // The move that brings the second King in ends the game.
    let before = kings_at(&game, "7a", "4f", 9);
    let mut pos = before.clone();
    pos.to_move = B;
    let after = game.play_moves(&pos, "4f-4g").expect("a King's step");
    let outcome = game.outcome(&[pos, after]).expect("over");
    assert_eq!((outcome.end, outcome.white), (GameEnd::Impasse, Score::WIN));
}

#[test]
fn perft_and_tables_are_hex_shogi_41s() {
    let c = compiled(FIXTURE);
    let game = c.game();
    let start = game.start_position();
    assert_eq!(game.perft(&start, 3), 2790, "the impasse changes no move");
    let file = root().join(FIXTURE);
    let file = file.to_str().expect("UTF-8");
    let (json, _) = table_and_piece(file, "K");
    let table: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(table["rules"]["impasse"]["need"], 19);
    assert_eq!(table["rules"]["impasse"]["zone"], "camp");
    assert_eq!(table["rules"]["impasse"]["points"]["K"], 0);
    assert_eq!(table["rules"]["impasse"]["points"]["+B"], 5);
    assert_eq!(table["rules"]["impasse"]["points"]["+P"], 1);
    let (orthodox, _) = table_and_piece("variants/hex-shogi-41.hexv", "K");
    assert!(!orthodox.contains("impasse"), "other tables are unchanged");
    assert!(
        rules_page(file).contains("An impasse once both royal pieces stand in"),
        "the rules page says it"
    );
}

#[test]
fn misuse_is_located() {
    let text = std::fs::read_to_string(root().join(FIXTURE)).expect("the fixture");
    let codes_of = |text: &str| -> Vec<&str> {
        check_text("bad.hexv", text)
            .diagnostics
            .into_iter()
            .map(|d| d.code)
            .collect()
    };
    let line = "impasse in camp need 19 counting R 5 B 5 +R 5 +B 5";
    assert!(text.contains(line));
    for (bad, code) in [
        ("impasse in camp need 0 counting R 5", codes::BAD_LIMIT),
        ("impasse in camp need 19 counting R 10001", codes::BAD_LIMIT),
        ("impasse in kamp need 19", codes::UNKNOWN_ZONE),
        ("impasse in camp need 19 counting Q 9", codes::UNKNOWN_PIECE),
        (
            "impasse in camp need 19 counting R 5 R 4",
            codes::DUPLICATE_STATEMENT,
        ),
    ] {
        assert_eq!(codes_of(&text.replace(line, bad)), [code], "{bad}");
    }
    let twice = text.replace(line, &format!("{line}\n  {line}"));
    assert_eq!(codes_of(&twice), [codes::DUPLICATE_STATEMENT]);
}
