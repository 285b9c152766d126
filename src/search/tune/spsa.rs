//! Tuning by games instead of by results: simultaneous perturbation stochastic approximation
//! (SPSA, Spall 1992), as the chess engine testing frameworks tune their parameters. Each
//! step draws a random sign for every weight, plays a pair of games (one opening, each colour
//! once) between the weights moved `+c` and `-c` along those signs, and moves the weights
//! towards the side that scored more. What it maximises is the score of the engine's own
//! play, not how well the evaluation predicts results, which is what Texel's method fits and
//! what a shallow search does not necessarily gain from.
//!
//! Steps follow the usual gains: the perturbation of weight `i` at step `k` of `N` is
//! `c_i · (N / k)^0.101`, the learning rate `a_k = a / (A + k)^0.602` with `A = N / 10`, and
//! `a` set so that the last step moves a weight by `r_end · c_i` per point of the pair's
//! result. A step's pairs (`batch`) are played at once from the same weights, each with its
//! own signs, so the run is the same on any number of threads. Deterministic for a seed;
//! prints nothing (progress goes to a callback).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde::Serialize;

use super::games::run_indexed;
use super::Progress;
use crate::game::{AnyEngine, Game, Position};
use crate::rng::Rng;
use crate::search::arena::random_opening;
use crate::search::weights::Range;
use crate::search::{Limits, SearchScore, Searcher, Weights};

/// The exponent of the perturbation's decay.
const GAMMA: f64 = 0.101;
/// The exponent of the learning rate's decay.
const ALPHA: f64 = 0.602;
/// Megabytes of transposition table per engine of a tuning game (games are short and many).
const HASH_MB: usize = 8;
/// A game is scored won once the last this many plies' searches (both engines') agreed
/// that one side is at least [`RESIGN_SCORE`] ahead.
const RESIGN_PLIES: usize = 6;
/// Centipawns for [`RESIGN_PLIES`].
const RESIGN_SCORE: i32 = 600;

/// One weight that moves: which, and its perturbation at the last step.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its name: a scalar's as in a weights file (`tempo`), `drawish`, or a piece's material
    /// as `PIECE:middle` / `PIECE:ending`.
    pub name: String,
    /// Where it lives in [`Weights`].
    pub target: Target,
    /// How far the last step's pair of weights lie either side of the current value.
    pub c_end: f64,
    /// The values it may take.
    pub range: Range,
}

/// Where a tuned weight lives in [`Weights`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A piece's material: the piece, then 0 (middle game) or 1 (ending).
    Material(usize, usize),
    /// The scalar at this index of [`Weights::scalars`].
    Scalar(usize),
    /// [`Weights::drawish`].
    Drawish,
    /// The search's number at this index of [`crate::search::SearchParams::named`].
    Search(usize),
}

impl Target {
    /// Its value in `w`.
    pub fn get(self, w: &Weights) -> i32 {
        match self {
            Target::Material(p, phase) => w.material[p][phase],
            Target::Scalar(i) => w.scalars()[i].1,
            Target::Drawish => w.drawish,
            Target::Search(i) => w.search.named()[i].1,
        }
    }

    /// Sets it in `w`, within the weight's range.
    pub fn set(self, w: &mut Weights, value: i32) {
        let clamp = |r: Range| value.clamp(r.min, r.max);
        match self {
            Target::Material(p, phase) => w.material[p][phase] = clamp(Weights::MATERIAL),
            Target::Scalar(i) => {
                let (_, range, slot) = w.scalars_mut().into_iter().nth(i).expect("an index");
                *slot = clamp(range);
            }
            Target::Drawish => w.drawish = clamp(Weights::DRAWISH),
            Target::Search(i) => {
                let (_, range, slot) = w.search.named_mut().into_iter().nth(i).expect("an index");
                *slot = clamp(range);
            }
        }
    }
}

/// The weights an SPSA run may move in `game`, by name, with their default perturbation:
/// a twentieth of a piece's material (at least 5), a tenth of a scalar (at least 10), 50 per
/// mille of `drawish`, an eighth of a search number (at least 1). `hand` only in variants
/// with hands.
pub fn available(game: Game, start: &Weights) -> Vec<Param> {
    let mut params = Vec::new();
    for (p, piece) in game.variant.pieces().iter().enumerate() {
        if piece.royal {
            continue;
        }
        for (phase, word) in ["middle", "ending"].into_iter().enumerate() {
            let value = start.material[p][phase];
            params.push(Param {
                name: format!("{}:{word}", piece.name),
                target: Target::Material(p, phase),
                c_end: (f64::from(value) / 20.0).max(5.0),
                range: Weights::MATERIAL,
            });
        }
    }
    let mut copy = start.clone();
    for (i, (name, range, value)) in copy.scalars_mut().into_iter().enumerate() {
        if name == "hand" && !game.variant.rules().has_hands() {
            continue;
        }
        params.push(Param {
            name: name.to_string(),
            target: Target::Scalar(i),
            c_end: (f64::from(value.abs()) / 10.0).max(10.0),
            range,
        });
    }
    params.push(Param {
        name: "drawish".to_string(),
        target: Target::Drawish,
        c_end: 50.0,
        range: Weights::DRAWISH,
    });
    let mut search = start.search;
    for (i, (name, range, value)) in search.named_mut().into_iter().enumerate() {
        params.push(Param {
            name: name.to_string(),
            target: Target::Search(i),
            c_end: (f64::from(value.abs()) / 8.0).max(1.0),
            range,
        });
    }
    params
}

/// The weights moved when none are named: every piece's material, `drawish`, and each
/// scalar that is not 0 in `start` (a term at 0 is off, and some cost time when on:
/// mobility and passed pieces are named to be tried). The search's numbers are named to be
/// tuned (one by one, or all as `search`).
pub fn default_params(game: Game, start: &Weights) -> Vec<Param> {
    available(game, start)
        .into_iter()
        .filter(|p| match p.target {
            Target::Scalar(_) => p.target.get(start) != 0,
            Target::Search(_) => false,
            _ => true,
        })
        .collect()
}

/// Chooses `names` among [`available`], each `NAME` or `NAME=C` (its perturbation at the
/// last step), or `search` for every one of the search's numbers; an unknown name, a bad
/// number or a name given twice is an error naming it.
pub fn named_params(game: Game, start: &Weights, names: &[String]) -> Result<Vec<Param>, String> {
    let all = available(game, start);
    let mut chosen: Vec<Param> = Vec::new();
    let search_names = all
        .iter()
        .filter(|p| matches!(p.target, Target::Search(_)))
        .map(|p| p.name.clone());
    let expanded: Vec<String> = names
        .iter()
        .flat_map(|item| match item.trim() {
            "search" => search_names.clone().collect(),
            _ => vec![item.clone()],
        })
        .collect();
    for item in &expanded {
        let (name, c) = match item.split_once('=') {
            Some((n, c)) => (n.trim(), Some(c.trim())),
            None => (item.trim(), None),
        };
        let Some(found) = all.iter().find(|p| p.name == name) else {
            let known: Vec<&str> = all.iter().map(|p| p.name.as_str()).collect();
            return Err(format!(
                "no weight `{name}` to tune; the weights of this variant are: {}",
                known.join(", ")
            ));
        };
        if chosen.iter().any(|p| p.name == name) {
            return Err(format!("the weight `{name}` is named twice"));
        }
        let mut param = found.clone();
        if let Some(c) = c {
            match c.parse::<f64>() {
                Ok(c) if c.is_finite() && (1.0..=10_000.0).contains(&c) => param.c_end = c,
                _ => {
                    return Err(format!(
                        "`{item}`: the perturbation after `=` is a number from 1 to 10000"
                    ))
                }
            }
        }
        chosen.push(param);
    }
    Ok(chosen)
}

/// What an SPSA run plays.
#[derive(Clone, Debug)]
pub struct SpsaConfig {
    /// Pairs of games in all.
    pub pairs: usize,
    /// Pairs per step, each with its own signs, played at once from the same weights.
    pub batch: usize,
    /// Each engine's limit per move (a node limit keeps the games the same on any machine).
    pub limits: Limits,
    /// Random moves opening each pair.
    pub random_plies: usize,
    /// Plies after which a game is a draw.
    pub max_plies: usize,
    /// The seed of the openings and of the signs.
    pub seed: u64,
    /// Threads playing games.
    pub threads: usize,
    /// The weights that move.
    pub params: Vec<Param>,
    /// A weight's move at the last step, in units of its perturbation per point of a pair's
    /// result (fishtest's `r_end`).
    pub r_end: f64,
}

/// One weight's start and end.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Moved {
    /// Its name ([`Param::name`]).
    pub name: String,
    /// Its value in the start weights.
    pub start: i32,
    /// Its value after the last step.
    pub end: i32,
}

/// The outcome of an SPSA run.
#[derive(Clone, Debug, Serialize)]
pub struct SpsaReport {
    /// Pairs played.
    pub pairs: usize,
    /// Steps taken.
    pub steps: usize,
    /// Games won by the weights moved `+c`.
    pub plus_wins: usize,
    /// Drawn games.
    pub draws: usize,
    /// Games won by the weights moved `-c`.
    pub minus_wins: usize,
    /// Each tuned weight, start and end.
    pub moved: Vec<Moved>,
}

/// Runs SPSA from `start`; the weights found and the report. Fails without a weight to
/// move or a pair to play, or for a variant of more than two sides.
pub fn spsa(
    game: Game,
    start: &Weights,
    config: &SpsaConfig,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(Weights, SpsaReport), String> {
    if let Some(why) = crate::search::unsupported(game.variant) {
        return Err(why);
    }
    if config.params.is_empty() {
        return Err("no weight to tune".to_string());
    }
    if config.pairs == 0 {
        return Err("no pair of games to play".to_string());
    }
    let batch = config.batch.clamp(1, config.pairs);
    let steps = config.pairs.div_ceil(batch);
    let n = steps as f64;
    let big_a = n / 10.0;
    let mut theta: Vec<f64> = config
        .params
        .iter()
        .map(|p| f64::from(p.target.get(start)))
        .collect();
    let done = AtomicUsize::new(0);
    let (mut plus_wins, mut draws, mut minus_wins) = (0, 0, 0);
    for k in 1..=steps {
        let first = (k - 1) * batch;
        let count = batch.min(config.pairs - first);
        let kf = k as f64;
        let c_scale = (n / kf).powf(GAMMA);
        // r_k = a_k / c_k² falls from r_end · (A + N)^α / (A + k)^α · (k / N)^(2γ).
        let r_scale = config.r_end * ((big_a + n) / (big_a + kf)).powf(ALPHA) / c_scale.powi(2);
        let perturbations: Vec<Vec<f64>> = (0..count)
            .map(|j| signs(config.seed, first + j, config.params.len()))
            .collect();
        let results = run_indexed(count, config.threads, |j| {
            let c: Vec<f64> = config.params.iter().map(|p| p.c_end * c_scale).collect();
            let moved = |sign: f64| {
                let mut w = start.clone();
                for (i, p) in config.params.iter().enumerate() {
                    let value = theta[i] + sign * c[i] * perturbations[j][i];
                    p.target.set(&mut w, value.round() as i32);
                }
                w
            };
            let result = play_pair(game, [&moved(1.0), &moved(-1.0)], config, first + j);
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress(Progress::Pairs(d, config.pairs));
            result
        });
        for (j, games) in results.iter().enumerate() {
            let mut result = 0.0;
            for &g in games {
                match g {
                    1 => plus_wins += 1,
                    -1 => minus_wins += 1,
                    _ => draws += 1,
                }
                result += f64::from(g);
            }
            for (i, p) in config.params.iter().enumerate() {
                let c = p.c_end * c_scale;
                theta[i] += r_scale * c * result * perturbations[j][i];
                theta[i] = theta[i].clamp(f64::from(p.range.min), f64::from(p.range.max));
            }
        }
    }
    let mut weights = start.clone();
    for (i, p) in config.params.iter().enumerate() {
        p.target.set(&mut weights, theta[i].round() as i32);
    }
    let moved = config
        .params
        .iter()
        .map(|p| Moved {
            name: p.name.clone(),
            start: p.target.get(start),
            end: p.target.get(&weights),
        })
        .collect();
    Ok((
        weights,
        SpsaReport {
            pairs: config.pairs,
            steps,
            plus_wins,
            draws,
            minus_wins,
            moved,
        },
    ))
}

/// Pair `i`'s sign (+1 or -1) for each of `count` weights, from the seed alone.
fn signs(seed: u64, i: usize, count: usize) -> Vec<f64> {
    let mut rng = Rng::new(seed ^ 0x5350_5341 ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    (0..count)
        .map(|_| if rng.below(2) == 0 { -1.0 } else { 1.0 })
        .collect()
}

/// Plays pair `i`: its opening with the first weights White, then Black. Each game's result
/// for the first weights: 1, 0 or -1.
fn play_pair(game: Game, weights: [&Weights; 2], config: &SpsaConfig, i: usize) -> [i32; 2] {
    let mut rng = Rng::new(config.seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
    let opening = random_opening(game, config.random_plies, &mut rng);
    let first_white = play_game(game, &opening.history, weights, config);
    let first_black = -play_game(game, &opening.history, [weights[1], weights[0]], config);
    [first_white, first_black]
}

/// One game from the end of `opening`, White with `weights[0]`: 1 when White wins, -1 when
/// Black does, 0 for a draw (by the rules or the ply limit).
fn play_game(game: Game, opening: &[Position], weights: [&Weights; 2], config: &SpsaConfig) -> i32 {
    let engine = AnyEngine::new(game);
    let mut searchers: Vec<Searcher> = weights
        .iter()
        .map(|w| {
            let mut s = Searcher::with_hash(game, HASH_MB);
            s.set_weights(w);
            s
        })
        .collect();
    let stop = AtomicBool::new(false);
    let mut history = opening.to_vec();
    if history.is_empty() {
        history.push(game.start_position());
    }
    let mut keys: Vec<u64> = history.iter().map(|p| engine.key(p)).collect();
    // White's view of each search's score, newest last.
    let mut scores: Vec<i32> = Vec::new();
    loop {
        let last = history.last().expect("never empty").clone();
        if let Some(outcome) = engine.outcome_after(&last, &keys) {
            let white = outcome.white;
            return match (2 * white.numerator).cmp(&white.denominator.max(1)) {
                std::cmp::Ordering::Greater => 1,
                std::cmp::Ordering::Less => -1,
                std::cmp::Ordering::Equal => 0,
            };
        }
        if history.len() > config.max_plies {
            return 0;
        }
        let mover = last.to_move.index();
        let result = searchers[mover].search(&history, &config.limits, &stop, &mut |_| {});
        let Some(best) = result.best else {
            return 0;
        };
        let score = match result.info.score {
            SearchScore::Centipawns(cp) => cp,
            SearchScore::Mate(m) if m > 0 => 100 * RESIGN_SCORE,
            SearchScore::Mate(_) => -100 * RESIGN_SCORE,
        };
        scores.push(if mover == 0 { score } else { -score });
        if scores.len() >= RESIGN_PLIES {
            let recent = &scores[scores.len() - RESIGN_PLIES..];
            if recent.iter().all(|&s| s >= RESIGN_SCORE) {
                return 1;
            }
            if recent.iter().all(|&s| s <= -RESIGN_SCORE) {
                return -1;
            }
        }
        let next = game.play(&last, &best);
        keys.push(engine.key(&next));
        history.push(next);
    }
}
