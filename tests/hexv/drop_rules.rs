//! Shogi's drop rules: `drop at-most N per-line DIRECTIONS` (nifu) and `drop no-mate`
//! (uchifuzume). The fixture is Hex Shogi 41 whose Pawn drops by them instead of Duniho's
//! rules (tests/fixtures/valid/drop_rules.hexv: `at-most 1 per-line 11 1`, the two leaning
//! files). The counts are confirmed by the independent counter,
//! `python3 tools/perft_check.py hex-shogi-41 3 --moves "..." --shogi-drops`, which also
//! agreed at depth 2 on 599 positions of random games and on 87 positions where a pawn drop
//! would mate.

use hexv::check::codes;
use hexv::game::{AnyEngine, Game, Position};

use crate::support::{check_text, compiled, root, rules_page, table_and_piece};

const FIXTURE: &str = "tests/fixtures/valid/drop_rules.hexv";
const HEX_SHOGI_41: &str = "variants/hex-shogi-41.hexv";

/// A game of random play after which Black holds a Pawn, has unpromoted Pawns on most
/// leaning files, and `P*4h` would mate White.
const MATE_BY_DROP: &str = "3h-4f 4c-4d 4h-5f 4d-4e 5fx4e 9a-7d 4ex5c 7dx5g=+N P*7e";

/// The fixture without its Pawn's drop rules.
fn unrestricted() -> hexv::Compiled {
    let text = std::fs::read_to_string(root().join(FIXTURE)).expect("the fixture");
    let free: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("drop "))
        .map(|l| format!("{l}\n"))
        .collect();
    let checked = check_text("free.hexv", &free);
    checked
        .compiled
        .unwrap_or_else(|| panic!("{:#?}", checked.diagnostics))
}

/// The Pawn drops of the side to move, written, sorted; both engines agree on them.
fn pawn_drops(game: &Game, pos: &Position) -> Vec<String> {
    let written = |moves: Vec<hexv::game::Move>| {
        let mut out: Vec<String> = moves
            .iter()
            .filter(|m| m.from.is_none())
            .map(|m| game.format_move(pos, m))
            .filter(|m| m.starts_with("P*"))
            .collect();
        out.sort();
        out
    };
    let reference = written(game.legal_moves(pos));
    assert_eq!(written(AnyEngine::new(*game).legal_moves(pos)), reference);
    reference
}

#[test]
fn perft_agrees_with_the_independent_counter() {
    let c = compiled(FIXTURE);
    let game = c.game();
    let engine = AnyEngine::new(game);
    assert!(engine.is_fast(), "the fast engine counts it");
    let start = game.start_position();
    assert_eq!(game.perft(&start, 3), 2790, "no drop before ply 4");
    for (moves, counts) in [
        ("1i-3f 9a-7d 3fx4c", [2, 26, 850]),
        (MATE_BY_DROP, [25, 547, 13_778]),
    ] {
        let pos = game.play_moves(&start, moves).expect("legal moves");
        let found: Vec<u64> = (1..=3).map(|d| game.perft(&pos, d)).collect();
        assert_eq!(found, counts, "after {moves}");
        assert_eq!(
            engine.perft(&pos, 3),
            counts[2],
            "the fast engine, after {moves}"
        );
    }
}

/// After [`MATE_BY_DROP`] Black may drop its Pawn on 15 cells without rules, on 3 with them:
/// the others lie on a leaning file that holds one of its Pawns already, but 4h, which mates.
#[test]
fn a_pawn_may_not_share_a_file_nor_mate() {
    let free = unrestricted();
    let free_game = free.game();
    let pos = free_game
        .play_moves(&free_game.start_position(), MATE_BY_DROP)
        .expect("legal moves");
    assert_eq!(
        pawn_drops(&free_game, &pos),
        [
            "P*3e", "P*3f", "P*3h", "P*4c", "P*4d", "P*4e", "P*4h", "P*5d", "P*5e", "P*5f", "P*6d",
            "P*6e", "P*6f", "P*7d", "P*9a"
        ]
    );
    let mated = free_game.play_moves(&pos, "P*4h").expect("P*4h");
    assert!(free_game.in_check(&mated, mated.to_move));
    assert!(free_game.legal_moves(&mated).is_empty(), "P*4h mates");

    let c = compiled(FIXTURE);
    let game = c.game();
    let pos = game
        .play_moves(&game.start_position(), MATE_BY_DROP)
        .expect("legal moves");
    assert_eq!(pawn_drops(&game, &pos), ["P*3e", "P*4c", "P*4d"]);
    let why = |text: &str| match game.parse_move(&pos, text) {
        Ok(_) => panic!("{text} is legal"),
        Err(e) => e.to_string(),
    };
    assert!(why("P*4h").contains("may not be dropped to give checkmate"));
    assert!(why("P*5e").contains("a line through `5e` holds as many of the mover's Pawns"));
    // A Pawn drop that checks without mating stays legal (Duniho's rules refuse every check).
    let duniho = compiled(HEX_SHOGI_41);
    let duniho = duniho.game();
    let at_duniho = duniho
        .play_moves(&duniho.start_position(), MATE_BY_DROP)
        .expect("legal moves");
    assert!(!pawn_drops(&duniho, &at_duniho).contains(&"P*4h".to_string()));
}

#[test]
fn the_rules_are_in_the_table_and_the_rules_page() {
    let file = root().join(FIXTURE);
    let file = file.to_str().expect("UTF-8");
    let (_, pawn) = table_and_piece(file, "P");
    assert_eq!(pawn["drops"]["no_mate"], true);
    assert_eq!(
        pawn["drops"]["line_limits"],
        serde_json::json!([{ "at_most": 1, "directions": [{ "hours": [1, 11], "ray": "line" }] }])
    );
    // White's 3i: its two leaning files, each way to the board's edge.
    assert_eq!(
        pawn["drops"]["lines"]["white"]["3i"],
        serde_json::json!([
            { "at_most": 1, "cells": ["3h", "3g", "3f", "3e"] },
            { "at_most": 1, "cells": ["4h", "5g", "6f", "7e"] }
        ])
    );
    let (orthodox, _) = table_and_piece(HEX_SHOGI_41, "P");
    assert!(
        !orthodox.contains("no_mate") && !orthodox.contains("line_limits"),
        "other tables are unchanged"
    );
    let page = rules_page(file);
    assert!(page.contains("A drop of it may not give checkmate."));
    assert!(page.contains("would then hold a second Pawn of its owner"));
}

#[test]
fn misuse_is_located() {
    let text = std::fs::read_to_string(root().join(FIXTURE)).expect("the fixture");
    let errors = |text: &str| {
        check_text("bad.hexv", text)
            .diagnostics
            .into_iter()
            .map(|d| d.code)
            .collect::<Vec<_>>()
    };
    let zero = text.replace("at-most 1 per-line", "at-most 0 per-line");
    assert_eq!(errors(&zero), [codes::BAD_LIMIT]);
    let unknown = text.replace("per-line 11 1", "per-line 11 sideways-ish");
    assert_eq!(errors(&unknown), [codes::UNKNOWN_DIRECTION]);
    let twice = text.replace("  drop no-mate", "  drop no-mate\n  drop no-mate");
    assert_eq!(errors(&twice), [codes::DUPLICATE_STATEMENT]);
    let no_hand = text.replace("  captures to-hand", "  # captures to-hand");
    assert!(
        errors(&no_hand).contains(&codes::NO_HAND),
        "{:?}",
        errors(&no_hand)
    );
}
