//! Fitting the evaluation's weights to games (Texel's method), the library half of `hexv
//! tune`: games are played by the engine (or read), their quiet positions labelled with the
//! game's result, the sigmoid's scale `K` fitted first, then the weights, by minimising the
//! mean squared difference between `sigmoid(K · eval)` and the result. A tenth of the games
//! is held out to validate the fit. Deterministic for a seed; prints nothing (progress goes
//! to a callback). [`spsa`] tunes by games instead: the weights moved either way play each
//! other.

mod features;
mod fit;
mod games;
pub mod spsa;

pub use games::{play, GameLine};

use serde::Serialize;

use super::terms::Terms;
use super::{Limits, Weights};
use crate::game::Game;
use features::Sample;

/// Every tenth game (by its number) is held out for validation.
pub const VALIDATION_EVERY: usize = 10;

/// What to play, sample and fit.
#[derive(Clone, Debug)]
pub struct Config {
    /// Games of self-play (when no games are given).
    pub games: usize,
    /// The most positions kept (a seeded choice among the quiet ones).
    pub positions: usize,
    /// The engine's limit for each move of self-play.
    pub limits: Limits,
    /// Random moves opening each game of self-play.
    pub random_plies: usize,
    /// Plies not sampled at the start of each game (the opening's included).
    pub skip_plies: usize,
    /// Plies after which a game of self-play is a draw.
    pub max_plies: usize,
    /// The seed of the openings and of the choice of positions.
    pub seed: u64,
    /// Threads playing games and sampling positions.
    pub threads: usize,
    /// Steps of the optimiser.
    pub iterations: usize,
    /// Weight of the penalty on moving away from the built-in weights (0: none).
    pub regularize: f64,
    /// Which weights move.
    pub fit: Fit,
    /// The weights the fit starts from and is pulled towards (`None`: the built-in ones).
    pub start: Option<Weights>,
    /// Let the evaluation's scale move: without it the fitted weights are scaled back so
    /// that the mean size of the evaluation is the built-in one's (and `K` fitted again),
    /// keeping the search's margins, which are in centipawns, where they were.
    pub free_scale: bool,
}

/// Which weights a fit moves (the others keep the start's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// Material and every scalar weight.
    Terms,
    /// Those and a weight per piece and cell ([`Weights::cells`]).
    TermsAndCells,
    /// Material alone.
    Material,
    /// The per-cell weights alone: what the formula's placement misses, over weights
    /// already chosen.
    Cells,
}

impl Fit {
    /// Whether the material weights move.
    fn material(self) -> bool {
        self != Fit::Cells
    }

    /// Whether the scalar weights move.
    fn scalars(self) -> bool {
        matches!(self, Fit::Terms | Fit::TermsAndCells)
    }

    /// Whether the per-cell weights move.
    fn cells(self) -> bool {
        matches!(self, Fit::TermsAndCells | Fit::Cells)
    }
}

/// What the tuner is doing, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Games played (or read) of all.
    Games(usize, usize),
    /// Games sampled of all.
    Sampled(usize, usize),
    /// Optimiser steps done of all.
    Fit(usize, usize),
    /// Pairs of games of SPSA played of all ([`spsa::spsa`]).
    Pairs(usize, usize),
}

/// Mean squared errors of a set of weights on the training and validation positions.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Errors {
    /// On the positions fitted to.
    pub train: f64,
    /// On the positions held out.
    pub validation: f64,
}

/// The fitted weights and how they were found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Games the positions come from.
    pub games: usize,
    /// Quiet positions kept for training.
    pub train_positions: usize,
    /// Quiet positions held out for validation.
    pub validation_positions: usize,
    /// The sigmoid's scale: `1 / (1 + 10^(-K · eval / 400))` predicts White's score.
    pub k: f64,
    /// The same fitted again with the fitted weights (the errors after are with it).
    pub k_after: f64,
    /// What the fitted weights were multiplied by to keep the evaluation's scale (1 with
    /// `free_scale`).
    pub rescaled: f64,
    /// With the weights the fit started from, by default the built-in ones (the engine's
    /// integer evaluation).
    pub before: Errors,
    /// With the fitted weights.
    pub after: Errors,
    /// Optimiser steps.
    pub iterations: usize,
}

/// The outcome of a tuning run.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// The fitted weights.
    pub weights: Weights,
    /// How well they fit, against the built-in ones.
    pub report: Report,
}

/// Samples the games' quiet positions and fits the weights to them. Fails when too few
/// positions remain to fit or to validate.
pub fn tune(
    game: Game,
    lines: &[GameLine],
    config: &Config,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Tuned, String> {
    let terms = Terms::new(game.variant, game.tables);
    let defaults = config
        .start
        .clone()
        .unwrap_or_else(|| Weights::from_terms(&terms));
    let mut samples = games::sample(game, &terms, lines, config, progress);
    choose(&mut samples, config.positions, config.seed);
    let (train, validation): (Vec<Sample>, Vec<Sample>) = samples
        .into_iter()
        .partition(|s| s.game % VALIDATION_EVERY != VALIDATION_EVERY - 1);
    if train.len() < 10 || validation.is_empty() {
        return Err(format!(
            "too few quiet positions to fit: {} for training and {} for validation; play more games",
            train.len(),
            validation.len()
        ));
    }
    let base: Vec<i32> = match config.start {
        None => train.iter().map(|s| s.base_eval).collect(),
        Some(_) => fit::evals(&train, game, &terms, &defaults),
    };
    let k = fit::best_k(&train, &base);
    let errors = |w: &Weights, k: f64| Errors {
        train: fit::error(&train, game, &terms, w, k),
        validation: fit::error(&validation, game, &terms, w, k),
    };
    let before = errors(&defaults, k);
    let mut weights = fit::fit(&train, &terms, &defaults, k, config, progress);
    let mut rescaled = 1.0;
    // Fixed material holds the scale when it does not move.
    if !config.free_scale && config.fit.material() {
        let size = |evals: &[i32]| evals.iter().map(|e| f64::from(e.abs())).sum::<f64>();
        let fitted = fit::evals(&train, game, &terms, &weights);
        if size(&fitted) > 0.0 {
            rescaled = size(&base) / size(&fitted);
            weights = fit::scaled(&weights, &terms, rescaled);
        }
    }
    let k_after = fit::best_k(&train, &fit::evals(&train, game, &terms, &weights));
    let after = errors(&weights, k_after);
    Ok(Tuned {
        weights,
        report: Report {
            games: lines.len(),
            train_positions: train.len(),
            validation_positions: validation.len(),
            k,
            k_after,
            rescaled,
            before,
            after,
            iterations: config.iterations,
        },
    })
}

/// Keeps at most `most` samples, a seeded choice, in their original order.
fn choose(samples: &mut Vec<Sample>, most: usize, seed: u64) {
    if samples.len() <= most {
        return;
    }
    let mut rng = crate::rng::Rng::new(seed ^ 0x7475_6e65);
    let mut order: Vec<usize> = (0..samples.len()).collect();
    for i in 0..most {
        let j = i + rng.below(order.len() - i);
        order.swap(i, j);
    }
    let mut keep = vec![false; samples.len()];
    for &i in &order[..most] {
        keep[i] = true;
    }
    let mut i = 0;
    samples.retain(|_| {
        i += 1;
        keep[i - 1]
    });
}
