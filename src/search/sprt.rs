//! The statistics of a match between two engines played in pairs of games (each opening once
//! with either colour, so the opening's bias cancels within a pair): the score, its Elo with a
//! 95% interval, and the sequential probability ratio test (SPRT) that stops a match as soon
//! as the games say which of two Elo differences is true.
//!
//! The test is the normal approximation of the generalised SPRT on pair scores that fishtest
//! and OpenBench use ("pentanomial" statistics: a pair scores 0, 1/2, 1, 3/2 or 2 points):
//! with `s0`, `s1` the scores per game that `elo0`, `elo1` give on the logistic scale, the mean
//! pair score `m` (per game) and its variance `v` over `n` pairs,
//! `LLR = n (s1 - s0) (2m - s0 - s1) / (2v)`; the test accepts `elo1` when the LLR reaches
//! `ln((1 - beta) / alpha)` and `elo0` when it falls to `ln(beta / (1 - alpha))`.
//! Variants may score a game in fractions (a stalemate worth 3/4): pair scores are kept as
//! numbers, and the five bins are only how they are shown.

/// The expected score of a player `elo` points stronger, on the logistic scale.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that a score per game (0 to 1) stands for; infinite at 0 and 1.
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The scores of the pairs played so far, from the first engine's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pairs {
    /// Pairs played.
    pub n: u64,
    /// Sum of the pair scores per game (each 0 to 1).
    sum: f64,
    /// Sum of their squares.
    sum_squares: f64,
    /// Pairs by their points, rounded to the nearest half: 0, 1/2, 1, 3/2, 2.
    pub pentanomial: [u64; 5],
    /// Single games won, drawn (any score strictly between) and lost.
    pub wins: u64,
    /// See `wins`.
    pub draws: u64,
    /// See `wins`.
    pub losses: u64,
}

impl Pairs {
    /// Adds a pair: the first engine's score (0 to 1) in each of its two games.
    pub fn add(&mut self, first: f64, second: f64) {
        for s in [first, second] {
            if s >= 1.0 {
                self.wins += 1;
            } else if s <= 0.0 {
                self.losses += 1;
            } else {
                self.draws += 1;
            }
        }
        let points = (first + second).clamp(0.0, 2.0);
        let per_game = points / 2.0;
        self.n += 1;
        self.sum += per_game;
        self.sum_squares += per_game * per_game;
        self.pentanomial[(points * 2.0).round() as usize] += 1;
    }

    /// The first engine's mean score per game (0.5 with no games).
    pub fn score(&self) -> f64 {
        if self.n == 0 {
            0.5
        } else {
            self.sum / self.n as f64
        }
    }

    /// The variance of a pair's score per game.
    fn variance(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let mean = self.score();
        (self.sum_squares / self.n as f64 - mean * mean).max(0.0) * self.n as f64
            / (self.n - 1) as f64
    }

    /// The Elo difference the score stands for, with its 95% interval (lower, upper); the
    /// interval is unbounded until two pairs give a variance.
    pub fn elo(&self) -> (f64, f64, f64) {
        let mean = self.score();
        let half = if self.n < 2 {
            1.0
        } else {
            1.96 * (self.variance() / self.n as f64).sqrt()
        };
        (
            elo_of_score(mean),
            elo_of_score(mean - half),
            elo_of_score(mean + half),
        )
    }

    /// The log-likelihood ratio of `elo1` against `elo0`. Half a pair of each of the five
    /// scores is added first (a weak prior), so that a run of identical pairs, whose variance
    /// is 0, cannot decide the test at once.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let prior = 0.5;
        let n = self.n as f64 + 5.0 * prior;
        let bins = [0.0, 0.25, 0.5, 0.75, 1.0];
        let sum = self.sum + prior * bins.iter().sum::<f64>();
        let squares = self.sum_squares + prior * bins.iter().map(|b| b * b).sum::<f64>();
        let mean = sum / n;
        let variance = squares / n - mean * mean;
        if variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
        self.n as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }
}

/// An SPRT's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis (no gain, or a loss).
    pub elo0: f64,
    /// The Elo difference of the alternative (a gain).
    pub elo1: f64,
    /// The chance of accepting `elo1` when `elo0` is true.
    pub alpha: f64,
    /// The chance of accepting `elo0` when `elo1` is true.
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Keep playing.
    Continue,
    /// The games say `elo1` (the first engine gains).
    AcceptH1,
    /// The games say `elo0`.
    AcceptH0,
}

impl Sprt {
    /// The test with these bounds; an error says what is wrong with them.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(elo0.is_finite() && elo1.is_finite()) || elo0 >= elo1 {
            return Err(format!(
                "elo0 ({elo0}) must be below elo1 ({elo1}), both finite"
            ));
        }
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("{name} ({p}) must lie between 0 and 0.5"));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The LLR bounds: accept `elo0` at or below the first, `elo1` at or above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict on these pairs.
    pub fn verdict(&self, pairs: &Pairs) -> Verdict {
        let llr = pairs.llr(self.elo0, self.elo1);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::AcceptH1
        } else if llr <= lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, within: f64) -> bool {
        (a - b).abs() <= within
    }

    #[test]
    fn elo_and_score_are_inverse() {
        assert!(close(score_of_elo(0.0), 0.5, 1e-12));
        // 400 points: ten to one odds.
        assert!(close(score_of_elo(400.0), 10.0 / 11.0, 1e-12));
        for elo in [-600.0, -35.0, 0.0, 5.0, 191.0] {
            assert!(close(elo_of_score(score_of_elo(elo)), elo, 1e-9));
        }
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
        assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn one_pair_bounds_nothing() {
        let mut p = Pairs::default();
        p.add(1.0, 0.0);
        let (elo, low, high) = p.elo();
        assert_eq!((elo, low, high), (0.0, f64::NEG_INFINITY, f64::INFINITY));
        p.add(1.0, 0.0);
        let (_, low, high) = p.elo();
        assert_eq!((low, high), (0.0, 0.0), "two equal pairs: no spread");
    }

    #[test]
    fn pairs_count_games_and_bins() {
        let mut p = Pairs::default();
        p.add(1.0, 1.0);
        p.add(1.0, 0.5);
        p.add(0.5, 0.5);
        p.add(0.0, 1.0);
        p.add(0.75, 0.0);
        assert_eq!(p.n, 5);
        assert_eq!((p.wins, p.draws, p.losses), (4, 4, 2));
        // 3/4 of a point lies half-way between two bins and goes to the higher, 1 point.
        assert_eq!(p.pentanomial, [0, 0, 3, 1, 1]);
        assert!(close(
            p.score(),
            (2.0 + 1.5 + 1.0 + 1.0 + 0.75) / 10.0,
            1e-12
        ));
    }

    #[test]
    fn the_interval_holds_the_estimate_and_narrows() {
        let mut few = Pairs::default();
        let mut many = Pairs::default();
        for i in 0..400 {
            let pair = [(1.0, 0.5), (0.5, 0.5), (1.0, 0.0), (0.0, 1.0)][i % 4];
            if i < 40 {
                few.add(pair.0, pair.1);
            }
            many.add(pair.0, pair.1);
        }
        // Each four pairs score 1.5 + 1 + 1 + 1 = 4.5 of 8 points: 56.25%, about +43.7 Elo.
        let (elo, low, high) = many.elo();
        assert!(close(elo, elo_of_score(0.5625), 1e-9));
        assert!(close(elo, 43.66, 0.01), "{elo}");
        assert!(low < elo && elo < high);
        let (_, few_low, few_high) = few.elo();
        assert!(
            few_high - few_low > 3.0 * (high - low),
            "ten times the pairs, a third of the width"
        );
    }

    #[test]
    fn the_llr_follows_the_normal_approximation() {
        // 1000 pairs: 250 of 1/2 point, 500 of 1 point, 250 of 3/2 points.
        let mut p = Pairs::default();
        for _ in 0..250 {
            p.add(0.5, 0.0);
            p.add(1.0, 0.5);
        }
        for _ in 0..500 {
            p.add(0.5, 0.5);
        }
        assert!(close(p.score(), 0.5, 1e-12));
        // By hand, with the prior of half a pair in each bin: 1002.5 pairs, mean 1/2 per game;
        // the squares of the scores per game sum to 250 (1/16 + 9/16) + 500 / 4 + (1/2) (0 +
        // 1/16 + 1/4 + 9/16 + 1).
        let n = 1002.5;
        let squares = 250.0 * (1.0 / 16.0 + 9.0 / 16.0) + 125.0 + 0.5 * 1.875;
        let variance = squares / n - 0.25;
        let (s0, s1) = (score_of_elo(0.0), score_of_elo(5.0));
        let expected = 1000.0 * (s1 - s0) * (1.0 - s0 - s1) / (2.0 * variance);
        assert!(close(p.llr(0.0, 5.0), expected, 1e-9));
        assert!(p.llr(0.0, 5.0) < 0.0, "an even score leans to elo0");
    }

    #[test]
    fn the_test_decides_for_a_clear_winner_and_a_clear_loser() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let (lower, upper) = sprt.bounds();
        assert!(close(upper, (0.95f64 / 0.05).ln(), 1e-12));
        assert!(close(lower, -upper, 1e-12));
        let mut winning = Pairs::default();
        let mut losing = Pairs::default();
        assert_eq!(sprt.verdict(&winning), Verdict::Continue);
        winning.add(1.0, 1.0);
        assert_eq!(
            sprt.verdict(&winning),
            Verdict::Continue,
            "one pair decides nothing"
        );
        let mut pairs = 1;
        while sprt.verdict(&winning) == Verdict::Continue {
            winning.add(1.0, if pairs % 3 == 0 { 0.5 } else { 1.0 });
            losing.add(0.0, if pairs % 3 == 0 { 0.5 } else { 0.0 });
            pairs += 1;
            assert!(pairs < 1000);
        }
        assert_eq!(sprt.verdict(&winning), Verdict::AcceptH1);
        assert_eq!(sprt.verdict(&losing), Verdict::AcceptH0);
    }

    #[test]
    fn bad_bounds_are_refused() {
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.05, 0.7).is_err());
        assert!(Sprt::new(0.0, f64::NAN, 0.05, 0.05).is_err());
    }
}
