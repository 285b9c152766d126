//! Strength, deterministic (fixed seeds and depths, no clock): the engine at depth 2 against
//! a random mover and against a one-ply greedy player, in every shipped variant, the engine
//! taking every seat in turn (the opponent playing all the others). It must score at least
//! 95%. Slow in a debug build, so
//! ignored by `cargo test`; `.ci/run` runs it in release:
//! `cargo test --release --test hexv -- --ignored strength`.

use hexv::search::arena::{play_game, play_game_seated, Player, Rng};
use hexv::search::Limits;
use hexv::variant::Side;

use crate::support::game;

/// Games per opponent and variant (half with each colour).
const GAMES: usize = 10;
/// Plies after which a game is scored a draw.
const MAX_PLIES: usize = 300;

fn score_against(path: &str, opponent: &Player) -> (f64, Vec<String>) {
    let game = game(path);
    let engine = Player::Engine(Limits::depth(2));
    let sides: Vec<Side> = game.variant.side_ids().collect();
    let mut points = 0.0;
    let mut record = Vec::new();
    for i in 0..GAMES {
        let mut rng = Rng::new(i as u64 + 1);
        // The engine takes each seat in turn, the opponent every other seat.
        let engine_side = sides[i % sides.len()];
        let players: Vec<&Player> = sides
            .iter()
            .map(|&s| if s == engine_side { &engine } else { opponent })
            .collect();
        let played = play_game_seated(game, &[], &players, MAX_PLIES, &mut rng, None);
        let score = played.scores[engine_side.index()];
        let mine = score.numerator as f64 / score.denominator as f64;
        points += mine;
        record.push(format!(
            "game {i} engine {engine_side:?}: {mine} ({:?}, {} plies)",
            played.ending,
            played.moves.len()
        ));
    }
    (points / GAMES as f64, record)
}

#[test]
#[ignore = "slow in a debug build: .ci/run runs it with --release"]
fn strength_the_engine_beats_a_random_and_a_greedy_player_in_every_variant() {
    let mut failures = Vec::new();
    for path in crate::support::variant_names() {
        for opponent in [Player::Random, Player::Greedy] {
            let (score, record) = score_against(&path, &opponent);
            println!("{path} against {opponent:?}: {:.0}%", score * 100.0);
            if score < 0.95 {
                failures.push(format!("{path} against {opponent:?}: {score}\n{record:#?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// A deeper search beats a shallower one: depth 3 against depth 2 from random openings (four
/// plies, seeded), each opening played with both colours. It must score at least 60%.
#[test]
#[ignore = "slow in a debug build: .ci/run runs it with --release"]
fn strength_depth_three_beats_depth_two() {
    use hexv::search::arena::random_opening;
    let mut failures = Vec::new();
    for path in ["variants/glinski.hexv", "variants/chessagon.hexv"] {
        let game = game(path);
        let deep = Player::Engine(Limits::depth(3));
        let shallow = Player::Engine(Limits::depth(2));
        let mut points = 0.0;
        let games = 16;
        for i in 0..games {
            let mut rng = Rng::new(100 + (i / 2) as u64);
            let opening = random_opening(game, 4, &mut rng);
            let deep_side = if i % 2 == 0 { Side::WHITE } else { Side::BLACK };
            let (white, black) = match deep_side {
                Side::WHITE => (&deep, &shallow),
                _ => (&shallow, &deep),
            };
            let played = play_game(game, &opening.history, white, black, MAX_PLIES, &mut rng);
            let w = played.white.numerator as f64 / played.white.denominator as f64;
            points += if deep_side == Side::WHITE { w } else { 1.0 - w };
        }
        let score = points / games as f64;
        println!("{path}: depth 3 against depth 2: {:.0}%", score * 100.0);
        if score < 0.6 {
            failures.push(format!("{path}: {score}"));
        }
    }
    assert!(failures.is_empty(), "{failures:?}");
}
