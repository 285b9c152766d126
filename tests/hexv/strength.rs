//! Strength, deterministic (fixed seeds and depths, no clock): the engine at depth 2 against
//! a random mover and against a one-ply greedy player, in every shipped variant, the engine
//! taking every seat in turn (the opponent playing all the others). It must score at least
//! 95%. Where a game begins with a placement phase (Starchess), each game starts after a
//! random placement that leaves no mate in one: a placement decides where the kings stand ten
//! plies ahead, beyond a depth-2 search (White's first move can mate a king boxed in by its
//! own pieces), so the test measures the play, and the placement's horizon is left to the
//! engine's deeper searches. Slow in a debug build, so
//! ignored by `cargo test`; `.ci/run` runs it in release:
//! `cargo test --release --test hexv -- --ignored strength`.

use hexv::game::{Game, Position};
use hexv::search::arena::{play_game, play_game_seated, random_opening, Player, Rng};
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
        let opening = placed(game, &mut rng);
        let played = play_game_seated(game, &opening, &players, MAX_PLIES, &mut rng, None);
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

/// Without a placement phase, nothing (the game starts from the setup); with one, the
/// positions of a random whole placement after which the side to move cannot mate at once.
fn placed(game: Game, rng: &mut Rng) -> Vec<Position> {
    let v = game.variant;
    if v.rules().placement.is_none() {
        return Vec::new();
    }
    let plies = v.side_ids().map(|s| v.start_hand(s).len()).sum();
    for _ in 0..100 {
        let opening = random_opening(game, plies, rng);
        let pos = opening.history.last().expect("the start at least");
        let mates = game.legal_moves(pos).iter().any(|m| {
            let after = game.play(pos, m);
            game.legal_moves(&after).is_empty() && game.in_check(&after, after.to_move)
        });
        if !mates {
            return opening.history;
        }
    }
    panic!("no placement without a mate in one in 100 draws");
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
