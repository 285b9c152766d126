//! The statistics of a match between two engines played in rounds of games from the same
//! opening, the first engine once in every seat (a pair of games with the colours swapped when
//! the variant has two sides, so the opening's bias cancels within a pair; three games when it
//! has three): the score, its Elo with a 95% interval, and the sequential probability ratio
//! test (SPRT) that stops a match as soon as the games say which of two Elo differences is
//! true.
//!
//! The test is the normal approximation of the generalised SPRT on round scores that fishtest
//! and OpenBench use on pairs ("pentanomial" statistics: a pair scores 0, 1/2, 1, 3/2 or 2
//! points): with `s0`, `s1` the scores per game that `elo0`, `elo1` give, the mean round score
//! `m` (per game) and its variance `v` over `n` rounds,
//! `LLR = n (s1 - s0) (2m - s0 - s1) / (2v)`; the test accepts `elo1` when the LLR reaches
//! `ln((1 - beta) / alpha)` and `elo0` when it falls to `ln(beta / (1 - alpha))`.
//! Variants may score a game in fractions (a stalemate worth 3/4): round scores are kept as
//! numbers, and the bins of half points are only how they are shown.
//!
//! With more than two seats the first engine plays one seat and the second engine every other,
//! so an even match scores the first engine `1/seats` of the point a game, not a half. Elo is
//! then read through Luce's choice model, which the logistic Elo scale is the two-player case
//! of: a player `d` points stronger than each of `seats - 1` equal opponents expects the share
//! `x / (x + seats - 1)` of the point, `x = 10^(d/400)`.

/// The expected score of a player `elo` points stronger, on the logistic scale.
pub fn score_of_elo(elo: f64) -> f64 {
    share_of_elo(elo, 2)
}

/// The Elo difference that a score per game (0 to 1) stands for; infinite at 0 and 1.
pub fn elo_of_score(score: f64) -> f64 {
    elo_of_share(score, 2)
}

/// The expected share of the point of one player `elo` points stronger than each of the
/// `seats - 1` others of a game (Luce's choice model; the logistic scale with two seats).
pub fn share_of_elo(elo: f64, seats: usize) -> f64 {
    1.0 / (1.0 + others(seats) * 10f64.powf(-elo / 400.0))
}

/// The Elo difference a share of the point per game (0 to 1) stands for in a game of `seats`
/// seats: the inverse of [`share_of_elo`]; infinite at 0 and 1.
pub fn elo_of_share(share: f64, seats: usize) -> f64 {
    if share <= 0.0 {
        f64::NEG_INFINITY
    } else if share >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * ((1.0 / share - 1.0) / others(seats)).log10()
    }
}

/// The opponents of one seat, as a number (at least one).
fn others(seats: usize) -> f64 {
    seats.max(2) as f64 - 1.0
}

/// The scores of the rounds played so far, from the first engine's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Rounds {
    /// Games a round: the variant's seats (2: a pair).
    seats: usize,
    /// Rounds played.
    pub n: u64,
    /// Sum of the round scores per game (each 0 to 1).
    sum: f64,
    /// Sum of their squares.
    sum_squares: f64,
    /// Rounds by their points, rounded to the nearest half: 0, 1/2, 1, ... up to `seats`
    /// (with two seats the five bins of the pentanomial).
    pub bins: Vec<u64>,
    /// Single games won (the whole point), shared (any score strictly between) and lost.
    pub wins: u64,
    /// See `wins`.
    pub draws: u64,
    /// See `wins`.
    pub losses: u64,
}

impl Default for Rounds {
    /// Pairs: rounds of two games.
    fn default() -> Rounds {
        Rounds::new(2)
    }
}

impl Rounds {
    /// No rounds yet of a game of `seats` seats (two to six).
    pub fn new(seats: usize) -> Rounds {
        let seats = seats.max(2);
        Rounds {
            seats,
            n: 0,
            sum: 0.0,
            sum_squares: 0.0,
            bins: vec![0; 2 * seats + 1],
            wins: 0,
            draws: 0,
            losses: 0,
        }
    }

    /// Games a round.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// The first engine's score per game (0 to 1) when the engines are equal: `1/seats`.
    pub fn even_share(&self) -> f64 {
        1.0 / self.seats as f64
    }

    /// Adds a pair: the first engine's score (0 to 1) in each of its two games.
    pub fn add(&mut self, first: f64, second: f64) {
        self.add_round(&[first, second]);
    }

    /// Adds a round: the first engine's score (0 to 1) in each of its games, one a seat.
    pub fn add_round(&mut self, scores: &[f64]) {
        for &s in scores {
            if s >= 1.0 {
                self.wins += 1;
            } else if s <= 0.0 {
                self.losses += 1;
            } else {
                self.draws += 1;
            }
        }
        let most = self.seats as f64;
        let points = scores.iter().sum::<f64>().clamp(0.0, most);
        let per_game = points / most;
        self.n += 1;
        self.sum += per_game;
        self.sum_squares += per_game * per_game;
        let bin = ((points * 2.0).round() as usize).min(self.bins.len() - 1);
        self.bins[bin] += 1;
    }

    /// The first engine's mean score per game (the even share with no games).
    pub fn score(&self) -> f64 {
        if self.n == 0 {
            self.even_share()
        } else {
            self.sum / self.n as f64
        }
    }

    /// The variance of a round's score per game.
    fn variance(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let mean = self.score();
        (self.sum_squares / self.n as f64 - mean * mean).max(0.0) * self.n as f64
            / (self.n - 1) as f64
    }

    /// The Elo difference the score stands for, with its 95% interval (lower, upper); the
    /// interval is unbounded until two rounds give a variance.
    pub fn elo(&self) -> (f64, f64, f64) {
        let mean = self.score();
        let half = if self.n < 2 {
            1.0
        } else {
            1.96 * (self.variance() / self.n as f64).sqrt()
        };
        let elo = |share: f64| elo_of_share(share, self.seats);
        (elo(mean), elo(mean - half), elo(mean + half))
    }

    /// The log-likelihood ratio of `elo1` against `elo0`. Half a round of each of five scores,
    /// 0, 1/2, 1, 3/2 and 2 times the even share (0 to 1 for pairs), is added first (a weak
    /// prior), so that a run of identical rounds, whose variance is 0, cannot decide the test
    /// at once.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let prior = 0.5;
        let n = self.n as f64 + 5.0 * prior;
        let even = self.even_share();
        let bins = [0.0, 0.5, 1.0, 1.5, 2.0].map(|b| b * even);
        let sum = self.sum + prior * bins.iter().sum::<f64>();
        let squares = self.sum_squares + prior * bins.iter().map(|b| b * b).sum::<f64>();
        let mean = sum / n;
        let variance = squares / n - mean * mean;
        if variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (
            share_of_elo(elo0, self.seats),
            share_of_elo(elo1, self.seats),
        );
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
    pub fn verdict(&self, pairs: &Rounds) -> Verdict {
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
        let mut p = Rounds::default();
        p.add(1.0, 0.0);
        let (elo, low, high) = p.elo();
        assert_eq!((elo, low, high), (0.0, f64::NEG_INFINITY, f64::INFINITY));
        p.add(1.0, 0.0);
        let (_, low, high) = p.elo();
        assert_eq!((low, high), (0.0, 0.0), "two equal pairs: no spread");
    }

    #[test]
    fn pairs_count_games_and_bins() {
        let mut p = Rounds::default();
        p.add(1.0, 1.0);
        p.add(1.0, 0.5);
        p.add(0.5, 0.5);
        p.add(0.0, 1.0);
        p.add(0.75, 0.0);
        assert_eq!(p.n, 5);
        assert_eq!((p.wins, p.draws, p.losses), (4, 4, 2));
        // 3/4 of a point lies half-way between two bins and goes to the higher, 1 point.
        assert_eq!(p.bins, [0, 0, 3, 1, 1]);
        assert!(close(
            p.score(),
            (2.0 + 1.5 + 1.0 + 1.0 + 0.75) / 10.0,
            1e-12
        ));
    }

    #[test]
    fn the_interval_holds_the_estimate_and_narrows() {
        let mut few = Rounds::default();
        let mut many = Rounds::default();
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
        let mut p = Rounds::default();
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
        let mut winning = Rounds::default();
        let mut losing = Rounds::default();
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

    #[test]
    fn luce_shares_reduce_to_the_logistic_scale_with_two_seats() {
        for elo in [-300.0, -7.5, 0.0, 10.0, 250.0] {
            assert_eq!(share_of_elo(elo, 2), score_of_elo(elo));
            for seats in 2..=6 {
                assert!(close(
                    elo_of_share(share_of_elo(elo, seats), seats),
                    elo,
                    1e-9
                ));
            }
        }
        // Equal players share the point evenly.
        assert!(close(share_of_elo(0.0, 3), 1.0 / 3.0, 1e-12));
        assert!(close(share_of_elo(0.0, 6), 1.0 / 6.0, 1e-12));
        // 400 points stronger than each of two: ten to one against each, 10 / (10 + 2).
        assert!(close(share_of_elo(400.0, 3), 10.0 / 12.0, 1e-12));
        // The even share is no Elo difference, whatever the seats.
        assert!(close(elo_of_share(0.25, 4), 0.0, 1e-9));
    }

    #[test]
    fn rounds_of_three_count_points_and_lean_to_the_even_share() {
        let mut r = Rounds::new(3);
        assert_eq!(r.bins.len(), 7);
        assert!(close(r.score(), 1.0 / 3.0, 1e-12));
        // The first engine wins in one seat of three, loses in the others: the even share.
        r.add_round(&[1.0, 0.0, 0.0]);
        // Wins twice, shares a draw of three.
        r.add_round(&[1.0, 1.0, 1.0 / 3.0]);
        assert_eq!((r.wins, r.draws, r.losses), (3, 1, 2));
        assert_eq!(r.bins, [0, 0, 1, 0, 0, 1, 0], "1 point and 7/3 (to 5/2)");
        assert!(close(r.score(), (1.0 + 7.0 / 3.0) / 6.0, 1e-12));
        // Rounds worth 1, 2 and 0 points in turn: the even share on average.
        let mut even = Rounds::new(3);
        for i in 0..600 {
            even.add_round(&[[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0; 3]][i % 3]);
        }
        let (elo, low, high) = even.elo();
        assert!(close(elo, 0.0, 1e-9), "{elo}");
        assert!(low < 0.0 && high > 0.0);
        assert!(even.llr(0.0, 10.0) < 0.0);
        // Winning two seats of three every round is far stronger: H1.
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let mut strong = Rounds::new(3);
        let mut rounds = 0;
        while sprt.verdict(&strong) == Verdict::Continue {
            strong.add_round(&[1.0, 1.0, if rounds % 2 == 0 { 0.0 } else { 0.5 }]);
            rounds += 1;
            assert!(rounds < 1000);
        }
        assert_eq!(sprt.verdict(&strong), Verdict::AcceptH1);
        assert!(strong.elo().1 > 0.0);
    }
}
