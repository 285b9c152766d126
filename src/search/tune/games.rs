//! The games the tuner learns from: played by the engine from random openings (each game
//! from its own seeded generator, so the set is the same on any number of threads), or
//! given; and their quiet positions, labelled with the game's result.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::features::{features, Sample};
use super::{Config, Progress};
use crate::game::Engine;
use crate::game::{AnyEngine, Game, Position};
use crate::geometry::board::CellId;
use crate::rng::Rng;
use crate::search::alphabeta::{Budget, Search};
use crate::search::arena::random_opening;
use crate::search::terms::Terms;
use crate::search::tt::Table;
use crate::search::{Evaluator, SearchParams, SearchScore, Searcher, Weights};
use crate::variant::Side;

/// Nodes the quiescence test of one position may take (a position that needs more is not
/// taken as quiet).
const QUIESCENCE_NODES: u64 = 20_000;

/// One game to learn from.
#[derive(Clone, Debug)]
pub struct GameLine {
    /// The start, then the position after each move.
    pub history: Vec<Position>,
    /// White's score, 0 to 1.
    pub white: f64,
    /// Positions from this index on are sampled...
    pub first: usize,
    /// ...up to (not including) this one: where the engine had found a mate, or the end.
    pub until: usize,
}

/// Plays `config.games` games of the engine against itself, in game order.
pub fn play(game: Game, config: &Config, progress: &(dyn Fn(Progress) + Sync)) -> Vec<GameLine> {
    let total = config.games;
    let done = AtomicUsize::new(0);
    run_indexed(total, config.threads, |i| {
        let line = play_one(game, config, i);
        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
        progress(Progress::Games(d, total));
        line
    })
}

/// One game of self-play, from its own seeded random opening.
fn play_one(game: Game, config: &Config, i: usize) -> GameLine {
    let mut rng = Rng::new(config.seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
    let opening = random_opening(game, config.random_plies, &mut rng);
    let mut history = opening.history;
    let mut searcher = Searcher::new(game);
    let engine = AnyEngine::new(game);
    let mut keys: Vec<u64> = history.iter().map(|p| engine.key(p)).collect();
    let stop = AtomicBool::new(false);
    let mut until = None;
    let white = loop {
        let last = history.last().expect("an opening holds the start position");
        if let Some(outcome) = engine.outcome_after(last, &keys) {
            break f64::from(outcome.white.numerator) / f64::from(outcome.white.denominator.max(1));
        }
        if history.len() > config.max_plies {
            break 0.5;
        }
        let result = searcher.search(&history, &config.limits, &stop, &mut |_| {});
        if until.is_none() && matches!(result.info.score, SearchScore::Mate(_)) {
            until = Some(history.len() - 1);
        }
        let Some(best) = result.best else {
            // No legal move yet no outcome: the rules decide no more; a draw.
            break 0.5;
        };
        let pos = history
            .last()
            .cloned()
            .unwrap_or_else(|| game.start_position());
        let next = game.play(&pos, &best);
        keys.push(engine.key(&next));
        history.push(next);
    };
    GameLine {
        until: until.unwrap_or(history.len()),
        first: config.skip_plies.max(config.random_plies),
        history,
        white,
    }
}

/// The quiet positions of the games, each labelled with its game's result, in game order.
pub fn sample(
    game: Game,
    terms: &Terms,
    lines: &[GameLine],
    config: &Config,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<Sample> {
    let total = lines.len();
    let done = AtomicUsize::new(0);
    let eval = Evaluator::from_terms(terms, &Weights::from_terms(terms));
    let per_game = run_indexed(total, config.threads, |i| {
        let found =
            crate::with_engine!(&AnyEngine::new(game), e => quiet_positions(e, &eval, &lines[i]));
        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
        progress(Progress::Sampled(d, total));
        found
            .into_iter()
            .map(|(position, base)| Sample {
                game: i,
                white: lines[i].white,
                features: features(terms, &position, |cell| {
                    game.reach(&position, CellId(cell as u16))
                }),
                base_eval: if position.to_move == Side::WHITE {
                    base
                } else {
                    -base
                },
                position,
            })
            .collect::<Vec<_>>()
    });
    per_game.into_iter().flatten().collect()
}

/// The positions of a game in its sampled range that are quiet: not in check, not over,
/// and with a quiescence value equal to the static value (no capture or promotion pending
/// that pays); each with its static value for the side to move.
fn quiet_positions<P: Engine>(
    engine: &P,
    eval: &Evaluator,
    line: &GameLine,
) -> Vec<(Position, i32)> {
    let table = Table::new(1);
    let stop = AtomicBool::new(false);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    let end = line.until.min(line.history.len());
    for pos in line.history.get(line.first..end).unwrap_or(&[]) {
        let s = engine.state(pos);
        if engine.in_check(&s) {
            continue;
        }
        moves.clear();
        engine.legal_moves_into(&s, &mut moves);
        if moves.is_empty() {
            continue;
        }
        let key = engine.key(&s);
        let budget = Budget {
            hard: None,
            nodes: Some(QUIESCENCE_NODES),
            stop: &stop,
            shared_nodes: None,
        };
        let mut search = Search::new(
            engine,
            eval,
            &table,
            budget,
            vec![key],
            &SearchParams::default(),
        );
        let quiet = search.quiescence(&s);
        let stand = eval.evaluate(engine, &s);
        if !search.stopped && quiet == stand {
            out.push((pos.clone(), stand));
        }
    }
    out
}

/// `f(0)`, ..., `f(total - 1)` on `threads` threads, the results in index order.
pub(super) fn run_indexed<T: Send>(
    total: usize,
    threads: usize,
    f: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, T)>> = Mutex::new(Vec::with_capacity(total));
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, total.max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total {
                    return;
                }
                let r = f(i);
                results
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((i, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}
