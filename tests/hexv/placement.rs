//! `placement in ZONE [alternate | sequential]` with `hand PIECE ...` in the setup: the pieces
//! held at the start are put on the side's cells of the zone before play, and perft and the
//! engines count each placement as a move. Starchess (variants/starchess.hexv) places its
//! King, Queen, Rook, Bishop and Knight alternately on the five cells behind its pawns; the
//! fixture tests/fixtures/valid/placement_sequential.hexv is the same game with each side
//! placing its whole hand in turn.
//!
//! Counted by hand: a side holding k pieces with k free cells has k * k placements, so the
//! alternate start gives 25, 25 * 25 = 625, 625 * 16 = 10 000 and 10 000 * 16 = 160 000; the
//! sequential one 25, 25 * 16 = 400 and 400 * 9 = 3 600.

use std::sync::atomic::AtomicBool;

use hexv::check::codes;
use hexv::game::{AnyEngine, Game, Position};
use hexv::search::{Limits, Searcher};
use hexv::variant::Side;

use crate::support::{check_text, compiled, root, rules_page, table_and_piece};

const STARCHESS: &str = "variants/starchess.hexv";
const SEQUENTIAL: &str = "tests/fixtures/valid/placement_sequential.hexv";
/// One full placement of Starchess, White first.
const PLACED: &str = "K*17 K*21 Q*11 Q*16 R*4 R*10 B*22 B*27 N*28 N*34";

fn played(game: &Game, moves: &str) -> Position {
    game.play_moves(&game.start_position(), moves)
        .unwrap_or_else(|(i, e)| panic!("move {i} of {moves:?}: {e}"))
}

fn moves_text(game: &Game, pos: &Position) -> Vec<String> {
    let mut out: Vec<String> = game
        .legal_moves(pos)
        .iter()
        .map(|m| game.format_move(pos, m))
        .collect();
    out.sort();
    out
}

#[test]
fn the_start_offers_only_placements_on_the_back_cells() {
    let c = compiled(STARCHESS);
    let game = c.game();
    let start = game.start_position();
    let moves = moves_text(&game, &start);
    assert_eq!(moves.len(), 25);
    for piece in ["K", "Q", "R", "B", "N"] {
        for cell in ["4", "11", "17", "22", "28"] {
            assert!(moves.contains(&format!("{piece}*{cell}")), "{piece}*{cell}");
        }
    }
    // Black answers on its own back cells, never on White's or a pawn's.
    let after = played(&game, "Q*11");
    assert_eq!(after.to_move, Side::BLACK);
    let replies = moves_text(&game, &after);
    assert_eq!(replies.len(), 25);
    assert!(replies.iter().all(|m| ["10", "16", "21", "27", "34"]
        .iter()
        .any(|c| m.ends_with(&format!("*{c}")))));
    // A pawn may not move while its side still places.
    let early = game
        .parse_move(&start, "12-13")
        .expect_err("a placement first");
    assert!(
        early.to_string().contains("holds pieces to place"),
        "{early}"
    );
    assert!(game.parse_move(&start, "K*5").is_err(), "a pawn's cell");
    let theirs = game.parse_move(&start, "K*10").expect_err("Black's cell");
    assert!(
        theirs
            .to_string()
            .contains("not one of White's cells of `back`"),
        "{theirs}"
    );
}

#[test]
fn play_begins_with_white_once_every_piece_is_placed() {
    let c = compiled(STARCHESS);
    let game = c.game();
    let pos = played(&game, PLACED);
    assert_eq!(pos.to_move, Side::WHITE);
    assert!(pos.hands.iter().all(|h| h.iter().all(|&n| n == 0)));
    let moves = moves_text(&game, &pos);
    assert!(moves.iter().all(|m| !m.contains('*')), "no placement left");
    // Pawns 5, 12 (unmoved: one or two cells), the Knight on 28 and the rest.
    for m in ["5-6", "5-7", "12-13", "12-14", "28-24", "28-35"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert_eq!(moves.len(), 11);
}

#[test]
fn both_engines_count_the_placements_as_moves() {
    let c = compiled(STARCHESS);
    let game = c.game();
    let start = game.start_position();
    let engine = AnyEngine::new(game);
    assert!(engine.is_fast(), "the fast engine plays it");
    let hand: Vec<u64> = (1..=4).map(|d| engine.perft(&start, d)).collect();
    assert_eq!(hand, [25, 625, 10_000, 160_000]);
    let reference: Vec<u64> = (1..=3).map(|d| game.perft(&start, d)).collect();
    assert_eq!(reference, [25, 625, 10_000]);
    // Across the end of the phase: the last two placements, then White's first move.
    let late = played(&game, "K*17 K*21 Q*11 Q*16 R*4 R*10 B*22 B*27");
    assert_eq!(game.perft(&late, 2), 1, "one Knight each, one cell each");
    assert_eq!(game.perft(&late, 3), 11, "then White's first moves");
    assert_eq!(engine.perft(&late, 3), 11);
}

#[test]
fn a_sequential_placement_keeps_the_turn_until_the_hand_is_empty() {
    let c = compiled(SEQUENTIAL);
    let game = c.game();
    let start = game.start_position();
    let one = played(&game, "K*17");
    assert_eq!(one.to_move, Side::WHITE, "White places again");
    assert_eq!(moves_text(&game, &one).len(), 16);
    let white_done = played(&game, "K*17 Q*11 R*4 B*22 N*28");
    assert_eq!(white_done.to_move, Side::BLACK);
    let all = played(&game, "K*17 Q*11 R*4 B*22 N*28 K*21 Q*16 R*10 B*27 N*34");
    assert_eq!(all.to_move, Side::WHITE, "then White moves first");
    let engine = AnyEngine::new(game);
    let counts: Vec<u64> = (1..=3).map(|d| engine.perft(&start, d)).collect();
    assert_eq!(counts, [25, 400, 3_600]);
    let reference: Vec<u64> = (1..=3).map(|d| game.perft(&start, d)).collect();
    assert_eq!(reference, counts);
    // The whole of White's hand is 5! * 5! = 14 400 ways, then Black's first 25.
    assert_eq!(engine.perft(&start, 5), 14_400);
}

#[test]
fn the_position_text_keeps_the_hands_still_to_place() {
    let c = compiled(STARCHESS);
    let game = c.game();
    let pos = played(&game, "K*17 K*21 Q*11");
    let text = game.position_text(&pos);
    assert!(text.contains(" b RBNqrbn "), "{text}");
    let read = game.parse_position(&text).expect("reads back");
    assert_eq!(read, pos);
    // A hand of more pieces than the side places is refused, as a piece it never holds.
    let twice = text.replace(" b RBNqrbn ", " b RRBNqrbn ");
    let err = game.parse_position(&twice).expect_err("two Rooks");
    assert!(err.to_string().contains("places 1 `R`"), "{err}");
    let pawn = text.replace(" b RBNqrbn ", " b PRBNqrbn ");
    assert!(
        game.parse_position(&pawn).is_err(),
        "a Pawn is never placed"
    );
}

#[test]
fn the_search_places_pieces_in_either_order() {
    for (file, lines) in [
        (STARCHESS, ["", "K*17", "K*17 K*21 Q*11 Q*16 R*4"]),
        (SEQUENTIAL, ["", "K*17", "K*17 Q*11 R*4 B*22"]),
    ] {
        let c = compiled(file);
        let game = c.game();
        for moves in lines {
            let pos = if moves.is_empty() {
                game.start_position()
            } else {
                played(&game, moves)
            };
            let stop = AtomicBool::new(false);
            let result = Searcher::new(game).search(
                std::slice::from_ref(&pos),
                &Limits::depth(3),
                &stop,
                &mut |_| {},
            );
            let best = result.best.expect("a placement");
            assert!(best.is_drop(), "{file} after {moves:?}: a placement");
            assert!(game.legal_moves(&pos).contains(&best));
        }
    }
}

#[test]
fn the_tables_and_the_rules_page_name_the_placement() {
    let (json, _) = table_and_piece(STARCHESS, "K");
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(
        v["rules"]["placement"],
        serde_json::json!({ "zone": "back", "order": "alternate" })
    );
    assert_eq!(v["setup"]["hands"]["white"]["K"], 1);
    assert_eq!(v["setup"]["hands"]["black"]["N"], 1);
    let page = rules_page(STARCHESS);
    assert!(
        page.contains("placed"),
        "the rules page says how pieces are placed"
    );
}

#[test]
fn placement_mistakes_are_located() {
    let text = std::fs::read_to_string(root().join(STARCHESS)).expect("Starchess");
    let cases = [
        (
            text.replace(
                "  placement in back",
                "  placement in back\n  captures to-hand",
            ),
            "cannot both hold",
        ),
        (
            text.replace("  hand K Q R B N", "  K 4\n  Q 11\n  R 17\n  B 22\n  N 28"),
            "nothing to place",
        ),
        (
            text.replace("  placement in back", "  placement in bakc"),
            "bakc",
        ),
        (
            text.replace("  placement in back", "  captures to-hand"),
            "holds a `K` at the start: a royal piece is never captured",
        ),
    ];
    for (source, said) in cases {
        let loaded = check_text("placement.hexv", &source);
        let errors: Vec<_> = loaded.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(
            errors.iter().any(|d| d.message.contains(said)),
            "{said}: {errors:?}"
        );
        if said != "bakc" {
            assert!(
                errors.iter().all(|d| d.code == codes::PLACEMENT),
                "{errors:?}"
            );
        }
    }
}
