//! The fit: `K` by golden-section search on the built-in evaluation, then the weights by
//! Adam on the mean squared error of `sigmoid(K · eval)` against the results, computed on
//! the terms (linear in the weights) in floating point, rounded to the weights' whole units
//! at the end.

use super::features::{Features, Sample};
use super::{Config, Progress};
use crate::game::{Game, Reference};
use crate::search::terms::Terms;
use crate::search::{Evaluator, Weights};
use crate::variant::Side;

/// The scalar weights, in the order of [`Weights::scalars`].
const SCALARS: usize = 13;
/// Adam's step in each weight's own unit, at the start (it falls to a tenth by the end).
const STEP: f64 = 1.0;

/// White's expected score for an evaluation (for White) of `eval` centipawns.
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The mean squared error of the engine's integer evaluation with `w`.
pub fn error(samples: &[Sample], game: Game, terms: &Terms, w: &Weights, k: f64) -> f64 {
    let eval = Evaluator::from_terms(terms, w);
    let reference = Reference::new(game);
    let total: f64 = samples
        .iter()
        .map(|s| {
            let e = white_eval(&eval, &reference, s);
            (s.white - sigmoid(k, f64::from(e))).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The evaluation of a sample's position for White.
pub fn white_eval(eval: &Evaluator, reference: &Reference, s: &Sample) -> i32 {
    let e = eval.evaluate(reference, &s.position);
    if s.position.to_move == Side::WHITE {
        e
    } else {
        -e
    }
}

/// The engine's integer evaluations (for White) of the samples with `w`.
pub fn evals(samples: &[Sample], game: Game, terms: &Terms, w: &Weights) -> Vec<i32> {
    let eval = Evaluator::from_terms(terms, w);
    let reference = Reference::new(game);
    samples
        .iter()
        .map(|s| white_eval(&eval, &reference, s))
        .collect()
}

/// Every weight that is in centipawns (all but the hand's, a ratio) times `factor`.
pub fn scaled(w: &Weights, terms: &Terms, factor: f64) -> Weights {
    let theta: Vec<f64> = flatten(w).iter().map(|x| x * factor).collect();
    let mut out = unflatten(&theta, w, terms);
    out.hand = w.hand;
    out
}

/// The `K` that fits these evaluations (for White, one per sample) best.
pub fn best_k(samples: &[Sample], evals: &[i32]) -> f64 {
    let err = |k: f64| -> f64 {
        samples
            .iter()
            .zip(evals)
            .map(|(s, &e)| (s.white - sigmoid(k, f64::from(e))).powi(2))
            .sum::<f64>()
    };
    let (mut a, mut b) = (0.01f64, 10.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..80 {
        let c = b - ratio * (b - a);
        let d = a + ratio * (b - a);
        if err(c) < err(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// The weights as one vector: each piece's middle-game then ending material, then the
/// scalars, then the per-cell weights (middle game and ending of each in turn).
fn flatten(w: &Weights) -> Vec<f64> {
    let mut out: Vec<f64> = w.material.iter().map(|m| f64::from(m[0])).collect();
    out.extend(w.material.iter().map(|m| f64::from(m[1])));
    out.extend(w.scalars().iter().map(|(_, v)| f64::from(*v)));
    out.extend(w.cells.iter().flat_map(|c| c.map(f64::from)));
    out
}

/// The vector rounded back into weights, each within its range.
fn unflatten(theta: &[f64], defaults: &Weights, terms: &Terms) -> Weights {
    let pieces = terms.pieces;
    let mut w = defaults.clone();
    let range = Weights::MATERIAL;
    let whole = |x: f64, min: i32, max: i32| x.round().clamp(f64::from(min), f64::from(max)) as i32;
    for p in (0..pieces).filter(|&p| !terms.royal[p]) {
        w.material[p] = [
            whole(theta[p], range.min, range.max),
            whole(theta[pieces + p], range.min, range.max),
        ];
    }
    for (j, (_, range, place)) in w.scalars_mut().into_iter().enumerate() {
        *place = whole(theta[2 * pieces + j], range.min, range.max);
    }
    let range = Weights::CELL;
    for (i, cell) in w.cells.iter_mut().enumerate() {
        let at = 2 * pieces + SCALARS + 2 * i;
        *cell = [
            whole(theta[at], range.min, range.max),
            whole(theta[at + 1], range.min, range.max),
        ];
    }
    w
}

/// The model's evaluation for White, and its derivative by each weight into `grad` (scaled
/// by `scale` and added).
fn model(f: &Features, theta: &[f64], pieces: usize, grad: Option<(&mut [f64], f64)>) -> f64 {
    let s = 2 * pieces;
    let (ph, eg) = (f.phase, 1.0 - f.phase);
    let hand = theta[s + 7] / 1000.0;
    let mut e = 0.0;
    for &(p, n) in &f.board {
        e += n * (theta[p] * ph + theta[pieces + p] * eg);
    }
    for &(p, n) in &f.hand {
        e += n * theta[p] * hand;
    }
    let parts = [
        f.centre * ph / 1000.0,
        f.centre * eg / 1000.0,
        f.advance * ph / 1000.0,
        f.advance * eg / 1000.0,
        -f.away * ph / 10.0,
        f.reach * eg / 10.0,
        f.guards * ph / 10.0,
    ];
    // After the hand (s + 7) and the tempo (s + 8): mobility, then passed pieces.
    let mobility = [
        f.mobility * ph / 1000.0,
        f.mobility * eg / 1000.0,
        f.passed * ph / 1000.0,
        f.passed * eg / 1000.0,
    ];
    for (j, x) in parts.iter().enumerate() {
        e += theta[s + j] * x;
    }
    e += theta[s + 8] * f.to_move;
    for (j, x) in mobility.iter().enumerate() {
        e += theta[s + 9 + j] * x;
    }
    let cells = s + SCALARS;
    for &(i, sign) in &f.cells {
        e += sign * (theta[cells + 2 * i] * ph + theta[cells + 2 * i + 1] * eg);
    }
    if let Some((grad, d)) = grad {
        for &(i, sign) in &f.cells {
            grad[cells + 2 * i] += d * sign * ph;
            grad[cells + 2 * i + 1] += d * sign * eg;
        }
        for &(p, n) in &f.board {
            grad[p] += d * n * ph;
            grad[pieces + p] += d * n * eg;
        }
        for &(p, n) in &f.hand {
            grad[p] += d * n * hand;
            grad[s + 7] += d * n * theta[p] / 1000.0;
        }
        for (j, x) in parts.iter().enumerate() {
            grad[s + j] += d * x;
        }
        grad[s + 8] += d * f.to_move;
        for (j, x) in mobility.iter().enumerate() {
            grad[s + 9 + j] += d * x;
        }
    }
    e
}

/// Fits the weights to the samples from the built-in ones.
pub fn fit(
    samples: &[Sample],
    terms: &Terms,
    defaults: &Weights,
    k: f64,
    config: &Config,
    progress: &(dyn Fn(Progress) + Sync),
) -> Weights {
    let pieces = terms.pieces;
    let start = flatten(defaults);
    let n = start.len();
    debug_assert_eq!(n, 2 * pieces + SCALARS + 2 * defaults.cells.len());
    // What may move: non-royal material, the scalars and the per-cell weights, as the
    // configuration says.
    let free: Vec<bool> = (0..n)
        .map(|j| {
            if j < 2 * pieces {
                config.fit.material() && !terms.royal[j % pieces]
            } else if j < 2 * pieces + SCALARS {
                config.fit.scalars()
            } else {
                config.fit.cells()
            }
        })
        .collect();
    // The penalty's unit per weight: a change of this much costs `regularize`.
    let unit: Vec<f64> = start.iter().map(|x| x.abs().max(50.0)).collect();
    let mut theta = start.clone();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-12);
    let slope = std::f64::consts::LN_10 * k / 400.0;
    let count = samples.len().max(1) as f64;
    let iterations = config.iterations.max(1);
    for t in 1..=iterations {
        let mut grad = vec![0.0; n];
        for s in samples {
            let e = model(&s.features, &theta, pieces, None);
            let p = sigmoid(k, e);
            let d = -2.0 * (s.white - p) * p * (1.0 - p) * slope / count;
            model(&s.features, &theta, pieces, Some((&mut grad, d)));
        }
        let step = STEP * (1.0 - 0.9 * (t - 1) as f64 / iterations as f64);
        for j in (0..n).filter(|&j| free[j]) {
            let g = grad[j] + 2.0 * config.regularize * (theta[j] - start[j]) / (unit[j] * unit[j]);
            m[j] = beta1 * m[j] + (1.0 - beta1) * g;
            v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
            let m_hat = m[j] / (1.0 - beta1.powi(t as i32));
            let v_hat = v[j] / (1.0 - beta2.powi(t as i32));
            theta[j] -= step * m_hat / (v_hat.sqrt() + epsilon);
        }
        if t % 10 == 0 || t == iterations {
            progress(Progress::Fit(t, iterations));
        }
    }
    unflatten(&theta, defaults, terms)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::fast::FastEngine;
    use crate::game::{Engine, Game};
    use crate::geometry::board::CellId;
    use crate::load::load;
    use crate::rng::Rng;
    use crate::search::tune::features::features;
    use crate::source::SourceFile;

    /// The fit's linear model is the engine's evaluation, mobility, passed pieces and
    /// per-cell weights included, up to the rounding of each term to whole units.
    #[test]
    fn the_model_is_the_evaluation_with_mobility_and_passed_pieces() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
        // Whether the random game must show a passed piece: on the small board it does.
        for (name, passes) in [
            ("mini-hexchess", true),
            ("glinski", false),
            ("hex-shogi-41", false),
        ] {
            let file = SourceFile::read(&root.join(format!("{name}.hexv"))).expect("shipped");
            let compiled = load(&file).compiled.expect("a clean variant");
            let game = Game::new(compiled.variant(), compiled.tables());
            let terms = Terms::new(compiled.variant(), compiled.tables());
            let mut w = Weights::from_terms(&terms);
            w.mobility = [300, 500];
            w.passed = [400, 700];
            let mut cell_rng = Rng::new(5);
            for c in &mut w.cells {
                *c = [
                    cell_rng.below(120) as i32 - 60,
                    cell_rng.below(120) as i32 - 60,
                ];
            }
            let theta = flatten(&w);
            let eval = Evaluator::from_terms(&terms, &w);
            let reference = Reference::new(game);
            let fast = FastEngine::new(game).expect("a small board");
            let mut rng = Rng::new(11);
            let mut pos = game.start_position();
            let (mut mobile, mut passing) = (0, 0);
            for _ in 0..80 {
                let f = features(&terms, &pos, |c| game.reach(&pos, CellId(c as u16)));
                mobile += usize::from(f.mobility != 0.0);
                passing += usize::from(f.passed != 0.0);
                let sample = Sample {
                    game: 0,
                    white: 0.5,
                    position: pos.clone(),
                    base_eval: 0,
                    features: f,
                };
                let engine = f64::from(white_eval(&eval, &reference, &sample));
                // The search's engine evaluates as the reference engine does.
                let sign = if pos.to_move == Side::WHITE { 1 } else { -1 };
                let fast_eval = sign * eval.evaluate(&fast, &fast.state(&pos));
                assert_eq!(
                    f64::from(fast_eval),
                    engine,
                    "{name}: fast and reference differ"
                );
                let model = model(&sample.features, &theta, terms.pieces, None);
                // The tempo is the side to move's: the model gives it to White, signed.
                assert!(
                    (engine - model).abs() <= 6.0,
                    "{name}: engine {engine}, model {model} in {}",
                    game.position_text(&pos)
                );
                let legal = reference.legal_moves(&pos);
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len())];
                pos = game.play(&pos, &m);
            }
            assert!(
                mobile > 40,
                "{name}: mobility differed in only {mobile} positions"
            );
            assert!(
                passing > 0 || !passes,
                "{name}: no passed piece in the game"
            );
        }
    }
}
