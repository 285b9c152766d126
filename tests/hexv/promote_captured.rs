//! `promote ... captured [wait]`: promotion only to a piece the mover's side has lost. The
//! fixture is Mini Hexchess so promoted (tests/fixtures/valid/promote_captured.hexv); its
//! counts are confirmed by the independent counter,
//! `python3 tools/perft_check.py mini-hexchess 6 --promote-captured` (9, 71, 681, 7516,
//! 91 489, 1 188 133; Mini Hexchess itself counts 7534 at depth 4, where a Black pawn first
//! takes onto White's first rank).

use hexv::check::codes;
use hexv::game::san::Letters;
use hexv::game::{AnyEngine, Game, Position};
use hexv::variant::Side;

use crate::support::{check_text, compiled, position_of, root, rules_page, table_and_piece};

const FIXTURE: &str = "tests/fixtures/valid/promote_captured.hexv";

fn fixture_source() -> String {
    std::fs::read_to_string(root().join(FIXTURE)).expect("the fixture")
}

/// The fixture with `captured wait` instead of `captured`.
fn waiting() -> hexv::Compiled {
    let text = fixture_source().replace("to R B N captured", "to R B N captured wait");
    let checked = check_text("wait.hexv", &text);
    checked
        .compiled
        .unwrap_or_else(|| panic!("{:#?}", checked.diagnostics))
}

/// The legal moves of White's pawns (d5 and d6), as written, sorted; both engines' lists
/// agree.
fn pawn_moves(c: &hexv::Compiled, pos: &Position) -> Vec<String> {
    let game = c.game();
    let of = |moves: Vec<hexv::game::Move>| {
        let mut out: Vec<String> = moves
            .iter()
            .filter(|m| m.piece == game.variant.find_piece("P").expect("P"))
            .map(|m| game.format_move(pos, m))
            .collect();
        out.sort();
        out
    };
    let reference = of(game.legal_moves(pos));
    assert_eq!(of(AnyEngine::new(game).legal_moves(pos)), reference);
    reference
}

const W: Side = Side::WHITE;
const B: Side = Side::BLACK;

/// White's pawns on d6, a step from d7 on the far edge, and on d5, which can only take
/// Black's knight on e6 (also on the far edge); the kings out of the way.
fn before_the_edge<'a>(game: &Game, white: &[(Side, &'a str, &'a str)]) -> Position {
    let mut pieces = vec![
        (W, "K", "a1"),
        (W, "P", "d5"),
        (W, "P", "d6"),
        (B, "K", "g1"),
        (B, "N", "e6"),
    ];
    pieces.extend_from_slice(white);
    position_of(game, &pieces, W)
}

#[test]
fn perft_agrees_with_the_independent_counter() {
    let c = compiled(FIXTURE);
    let game = c.game();
    let start = game.start_position();
    let counts: Vec<u64> = (1..=5).map(|d| game.perft(&start, d)).collect();
    assert_eq!(counts, [9, 71, 681, 7516, 91_489]);
    let engine = AnyEngine::new(game);
    assert!(engine.is_fast(), "the fast engine counts it");
    assert_eq!(engine.perft(&start, 5), 91_489);
}

/// With `wait`, confirmed by `python3 tools/perft_check.py mini-hexchess 6 --promote-wait`:
/// the counts part from `captured`'s at depth 4, where a pawn that takes onto the far edge
/// with nothing of its side lost enters unpromoted instead of not at all.
#[test]
fn perft_with_wait_agrees_with_the_independent_counter() {
    let c = waiting();
    let game = c.game();
    let start = game.start_position();
    let counts: Vec<u64> = (1..=5).map(|d| game.perft(&start, d)).collect();
    assert_eq!(counts, [9, 71, 681, 7522, 91_974]);
    let engine = AnyEngine::new(game);
    assert!(engine.is_fast(), "the fast engine counts it");
    assert_eq!(engine.perft(&start, 5), 91_974);
}

#[test]
fn a_pawn_may_not_reach_the_edge_while_its_side_has_lost_nothing() {
    let c = compiled(FIXTURE);
    let game = c.game();
    let all = before_the_edge(&game, &[(W, "R", "a2"), (W, "B", "f1"), (W, "N", "b1")]);
    assert!(pawn_moves(&c, &all).is_empty());
    assert!(game.play_moves(&all, "d6-d7=B").is_err());
    // Its bishop lost, it promotes to a bishop only, by a step or by taking.
    let no_bishop = before_the_edge(&game, &[(W, "R", "a2"), (W, "N", "b1")]);
    assert_eq!(pawn_moves(&c, &no_bishop), ["d5xe6=B", "d6-d7=B"]);
    // Rook and knight lost: either of them.
    let bishop_only = before_the_edge(&game, &[(W, "B", "f1")]);
    assert_eq!(
        pawn_moves(&c, &bishop_only),
        ["d5xe6=N", "d5xe6=R", "d6-d7=N", "d6-d7=R"]
    );
    // A piece promoted to earlier counts as not lost: a second rook is never had.
    let promoted = before_the_edge(&game, &[(W, "R", "a2"), (W, "R", "a3"), (W, "N", "b1")]);
    assert_eq!(pawn_moves(&c, &promoted), ["d5xe6=B", "d6-d7=B"]);
}

#[test]
fn with_wait_the_pawn_enters_and_promotes_where_it_stands_once_a_piece_is_lost() {
    let c = waiting();
    let game = c.game();
    assert!(
        AnyEngine::new(game).is_fast(),
        "the fast engine plays a waiting promotion"
    );
    let all = before_the_edge(&game, &[(W, "R", "a2"), (W, "B", "f1"), (W, "N", "b1")]);
    assert_eq!(pawn_moves(&c, &all), ["d5xe6", "d6-d7"]);
    let entered = game
        .play_moves(&all, "d6-d7 g1-f2")
        .expect("the pawn waits on d7");
    assert_eq!(
        pawn_moves(&c, &entered),
        ["d5-d6", "d5xe6"],
        "nothing lost yet"
    );
    // Black's king takes the bishop: on White's next turn the pawn may promote on d7.
    let lost = game
        .play_moves(&all, "d6-d7 g1xf1")
        .expect("the bishop is taken");
    assert_eq!(pawn_moves(&c, &lost), ["d5-d6", "d5xe6=B", "d7-d7=B"]);
    let promoted = game
        .play_moves(&lost, "d7-d7=B")
        .expect("it promotes in place");
    let d7 = game.variant.board().find("d7").expect("d7");
    let bishop = game.variant.find_piece("B").expect("B");
    assert_eq!(promoted.squares[d7.index()], Some((W, bishop)));
    assert_eq!(promoted.to_move, B);
    // The in-place move in a game record: `d7=B`, read back; perft counts it.
    let moves = game.legal_moves(&lost);
    let in_place = moves
        .iter()
        .find(|m| m.from == Some(m.to))
        .expect("the promotion in place");
    let letters = Letters::own();
    let san = game.format_san(&lost, in_place, &letters);
    assert_eq!(san, "d7=B");
    assert_eq!(game.parse_san(&lost, &san, &letters), Ok(*in_place));
    assert_eq!(game.perft(&lost, 1), moves.len() as u64);
}

#[test]
fn a_piece_no_setup_places_is_refused_as_a_captured_promotion() {
    let text = fixture_source()
        .replace("to R B N captured", "to R B N Q captured")
        .replace(
            "piece Pawn P {",
            "piece Queen Q {\n  ride orthogonal diagonal\n}\n\npiece Pawn P {",
        );
    let checked = check_text("queen.hexv", &text);
    let d = checked
        .diagnostics
        .iter()
        .find(|d| d.code == codes::PROMOTE_CAPTURED)
        .unwrap_or_else(|| panic!("{:#?}", checked.diagnostics));
    assert!(d.is_error());
    assert!(d.message.contains("no setup places a `Q`"), "{}", d.message);
    let span = d.primary_span().expect("located");
    assert_eq!(
        &text[span.start..span.end],
        "promote in far-edge to R B N Q captured"
    );
}

#[test]
fn the_rule_is_in_the_table_and_the_rules_page() {
    let file = root().join(FIXTURE);
    let file = file.to_str().expect("UTF-8");
    let (_, pawn) = table_and_piece(file, "P");
    assert_eq!(pawn["promotion"]["captured"], "stop");
    let (orthodox, _) = table_and_piece("variants/mini-hexchess.hexv", "P");
    assert!(
        !orthodox.contains("\"captured\""),
        "other tables are unchanged"
    );
    assert!(
        rules_page(file).contains("Only to a piece its side has lost"),
        "the pawn's rules say it"
    );
}
