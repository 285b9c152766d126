//! Games between players: the engine at some limit, a random mover, a one-ply greedy player.
//! What the strength tests and the balance report (`hexv selfplay`) are built on.

use std::sync::atomic::AtomicBool;

use super::{Evaluator, Limits, SearchScore, Searcher, Weights};
use crate::game::{AnyEngine, Engine, Game, GameEnd, Move, Position};
use crate::variant::{Score, Side};
use crate::with_engine;

/// Who chooses the moves of one side.
// A game holds a player per seat, made once: the limits (a clock per side) are not worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// The search within these limits.
    Engine(Limits),
    /// A legal move drawn at random.
    Random,
    /// The move after which the static evaluation is best for the mover (a mate first),
    /// ties drawn at random: a player that sees one ply and never more.
    Greedy,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules.
    Rules(GameEnd),
    /// The game reached the ply limit and was scored a draw.
    PlyLimit,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// White's score.
    pub white: Score,
    /// Every side's score, in turn order.
    pub scores: Vec<Score>,
    /// Why it ended.
    pub ending: Ending,
}

/// The seeded generator of the games (a seed names the same games everywhere).
pub use crate::rng::Rng;

/// Plays one game from the last position of `opening` (the moves that led there are part of
/// the game), `white` and `black` choosing, until the rules end it or `max_plies` moves have
/// been played in all. Each engine player gets its own transposition table.
pub fn play_game(
    game: Game,
    opening: &[Position],
    white: &Player,
    black: &Player,
    max_plies: usize,
    rng: &mut Rng,
) -> Played {
    play_game_weighted(game, opening, [white, black], max_plies, rng, None)
}

/// [`play_game`] with the evaluation's weights for the engine and greedy players (`None`:
/// the built-in formula's).
pub fn play_game_weighted(
    game: Game,
    opening: &[Position],
    [white, black]: [&Player; 2],
    max_plies: usize,
    rng: &mut Rng,
    weights: Option<&Weights>,
) -> Played {
    play_game_seated(game, opening, &[white, black], max_plies, rng, weights)
}

/// [`play_game_weighted`] with one player per side, in turn order (any number of sides).
/// A game stopped by the ply limit is a draw shared by the sides still in it.
pub fn play_game_seated(
    game: Game,
    opening: &[Position],
    players: &[&Player],
    max_plies: usize,
    rng: &mut Rng,
    weights: Option<&Weights>,
) -> Played {
    let fast = AnyEngine::new(game);
    let eval = match weights {
        Some(w) => Evaluator::with_weights(game.variant, game.tables, w),
        None => Evaluator::new(game.variant, game.tables),
    };
    let sides = game.variant.sides().len();
    let mut searchers: Vec<Searcher> = (0..sides).map(|_| Searcher::new(game)).collect();
    if let Some(w) = weights {
        searchers.iter_mut().for_each(|s| s.set_weights(w));
    }
    let stop = AtomicBool::new(false);
    let mut history: Vec<Position> = if opening.is_empty() {
        vec![game.start_position()]
    } else {
        opening.to_vec()
    };
    let mut keys: Vec<u64> = history.iter().map(|p| fast.key(p)).collect();
    let mut moves = Vec::new();
    loop {
        let last = history.last().expect("never empty");
        if let Some(outcome) = fast.outcome_after(last, &keys) {
            return Played {
                moves,
                white: outcome.white,
                scores: outcome.scores.iter().collect(),
                ending: Ending::Rules(outcome.end),
            };
        }
        if history.len() > max_plies {
            let left = game.sides_in_game(last).count().max(1) as u32;
            let share = |side: Side| match (sides, last.is_out(side)) {
                (2, _) => Score::DRAW,
                (_, true) => Score::LOSS,
                _ => Score {
                    numerator: 1,
                    denominator: left,
                },
            };
            let scores: Vec<Score> = game.variant.side_ids().map(share).collect();
            return Played {
                moves,
                white: scores[0],
                scores,
                ending: Ending::PlyLimit,
            };
        }
        let pos = history.last().expect("never empty").clone();
        let side = pos.to_move;
        let player = players.get(side.index()).copied().unwrap_or(players[0]);
        let legal = fast.legal_moves(&pos);
        let chosen = match player {
            Player::Random => legal[rng.below(legal.len())],
            Player::Greedy => greedy(&game, &fast, &eval, &pos, &legal, rng),
            Player::Engine(limits) => searchers[side.index()]
                .search(&history, limits, &stop, &mut |_| {})
                .best
                .unwrap_or_else(|| legal[0]),
        };
        let next = game.play(&pos, &chosen);
        keys.push(fast.key(&next));
        history.push(next);
        moves.push(chosen);
    }
}

/// The greedy player's move: a mate if there is one, else the best static value for the mover.
fn greedy(
    game: &Game,
    fast: &AnyEngine,
    eval: &Evaluator,
    pos: &Position,
    legal: &[Move],
    rng: &mut Rng,
) -> Move {
    let mover = pos.to_move;
    // The value of the position after a move for the mover (two sides: the other side's
    // value turned round).
    let engine_eval = |p: &Position| {
        if game.variant.sides().len() > 2 {
            with_engine!(fast, e => -super::many::evaluate(e, eval, mover, &e.state(p)))
        } else {
            with_engine!(fast, e => eval.evaluate(e, &e.state(p)))
        }
    };
    let mut best: Vec<&Move> = Vec::new();
    let mut best_score = i32::MIN;
    for m in legal {
        let after = game.play(pos, m);
        let score = if fast.legal_moves(&after).is_empty() {
            if game.in_check(&after, after.to_move) {
                i32::MAX
            } else {
                0
            }
        } else {
            -engine_eval(&after)
        };
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(m);
        }
    }
    *best[rng.below(best.len())]
}

/// One game as `hexv selfplay` records it (a line of its JSON Lines output): enough to
/// replay it and to merge runs made on several machines.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameRecord {
    /// The variant's name.
    pub variant: String,
    /// The game's number in its run.
    pub game: usize,
    /// The position the game started from (the start, in the position text).
    pub start: String,
    /// Every move from there, the random opening moves included.
    pub moves: Vec<String>,
    /// How many of the first moves were the random opening.
    pub opening_plies: usize,
    /// `1-0`, `0-1`, `1/2-1/2`, `3/4-1/4`, ...; with more sides each side's score, `0-1-0`.
    pub result: String,
    /// White's score, 0 to 1.
    pub white: f64,
    /// Every side's score, 0 to 1, in turn order: in games of more than two sides only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<f64>,
    /// `checkmate`, `stalemate`, `repetition`, `move-limit`, `material` or `ply-limit`.
    pub ending: String,
}

/// Every word a record's `ending` may be, in the report's order.
pub const ENDING_WORDS: [&str; 6] = [
    "checkmate",
    "stalemate",
    "repetition",
    "move-limit",
    "material",
    "ply-limit",
];

impl Ending {
    /// The word a record uses (one of [`ENDING_WORDS`]).
    pub fn word(self) -> &'static str {
        match self {
            Ending::Rules(GameEnd::Checkmate) => "checkmate",
            Ending::Rules(GameEnd::Stalemate) => "stalemate",
            Ending::Rules(GameEnd::Repetition) => "repetition",
            Ending::Rules(GameEnd::MoveLimit) => "move-limit",
            Ending::Rules(GameEnd::Material) => "material",
            // Games of more than two sides, which the arena does not play yet (its records
            // and report are of two).
            Ending::Rules(GameEnd::LastSide) => "last-side",
            Ending::Rules(GameEnd::RoyalCaptured) => "royal-capture",
            Ending::Rules(GameEnd::Impasse) => "impasse",
            Ending::PlyLimit => "ply-limit",
        }
    }
}

/// The balance report of a set of games.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Report {
    /// Games counted.
    pub games: usize,
    /// White's mean score, 0 to 1.
    pub white_score: f64,
    /// Half the width of its 95% confidence interval (normal approximation).
    pub confidence_95: f64,
    /// White's wins.
    pub wins: usize,
    /// Games with a result between a win and a loss (draws, fractional stalemates).
    pub draws: usize,
    /// White's losses.
    pub losses: usize,
    /// Games per ending: checkmate, stalemate, repetition, move-limit, material, ply-limit.
    pub endings: indexmap::IndexMap<String, usize>,
    /// Median length in plies.
    pub median_plies: f64,
    /// Mean length in plies.
    pub mean_plies: f64,
    /// Each seat's mean score and the half width of its 95% interval, in turn order: in
    /// games of more than two sides only.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<SeatScore>,
}

/// One seat's score over a set of games of more than two sides.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SeatScore {
    /// The mean score, 0 to 1.
    pub score: f64,
    /// Half the width of its 95% confidence interval (normal approximation).
    pub confidence_95: f64,
}

/// The mean of `scores` and half the width of its 95% confidence interval.
fn mean_and_interval(scores: &[f64]) -> (f64, f64) {
    let n = scores.len();
    if n == 0 {
        return (0.0, 0.0);
    }
    let mean = scores.iter().sum::<f64>() / n as f64;
    let variance = if n < 2 {
        0.0
    } else {
        scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1) as f64
    };
    (mean, 1.96 * (variance / n as f64).sqrt())
}

impl Report {
    /// The report of these games (none: all zero).
    pub fn of(records: &[GameRecord]) -> Report {
        let n = records.len();
        let scores: Vec<f64> = records.iter().map(|r| r.white).collect();
        let (mean, confidence_95) = mean_and_interval(&scores);
        let seat_count = records.first().map_or(0, |r| r.scores.len());
        let seats = (0..seat_count)
            .map(|k| {
                let of_seat: Vec<f64> = records
                    .iter()
                    .map(|r| r.scores.get(k).copied().unwrap_or(0.0))
                    .collect();
                let (score, confidence_95) = mean_and_interval(&of_seat);
                SeatScore {
                    score,
                    confidence_95,
                }
            })
            .collect();
        let mut lengths: Vec<usize> = records.iter().map(|r| r.moves.len()).collect();
        lengths.sort_unstable();
        let median_plies = match n {
            0 => 0.0,
            _ if n % 2 == 1 => lengths[n / 2] as f64,
            _ => (lengths[n / 2 - 1] + lengths[n / 2]) as f64 / 2.0,
        };
        let mean_plies = if n == 0 {
            0.0
        } else {
            lengths.iter().sum::<usize>() as f64 / n as f64
        };
        // Games of more than two sides also end with the last side left in them; games of
        // `royal captured` variants with a royal piece taken (listed when one did, so the
        // other variants' reports stay as they were).
        let many: &[&str] = if seat_count > 2 { &["last-side"] } else { &[] };
        let taken: &[&str] = if records.iter().any(|r| r.ending == "royal-capture") {
            &["royal-capture"]
        } else {
            &[]
        };
        // Likewise the impasse, listed only when a game ended by one.
        let impasse: &[&str] = if records.iter().any(|r| r.ending == "impasse") {
            &["impasse"]
        } else {
            &[]
        };
        let endings = ENDING_WORDS
            .iter()
            .chain(many)
            .chain(taken)
            .chain(impasse)
            .map(|e| {
                (
                    e.to_string(),
                    records.iter().filter(|r| r.ending == *e).count(),
                )
            })
            .collect();
        Report {
            games: n,
            white_score: mean,
            confidence_95,
            wins: scores.iter().filter(|&&s| s >= 1.0).count(),
            draws: scores.iter().filter(|&&s| s > 0.0 && s < 1.0).count(),
            losses: scores.iter().filter(|&&s| s <= 0.0).count(),
            endings,
            median_plies,
            mean_plies,
            seats,
        }
    }
}

/// A random opening: the moves and the positions from the start (the last one is where play
/// begins).
#[derive(Clone, Debug)]
pub struct Opening {
    /// The start, then the position after each move.
    pub history: Vec<Position>,
    /// The moves.
    pub moves: Vec<Move>,
}

/// How even an opening must be: a search of `depth` plies from its last position scores it
/// within `within` centipawns of even for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Balance {
    /// The largest score, either way, that counts as even.
    pub within: u32,
    /// Plies of the search that scores each drawn opening.
    pub depth: u32,
}

/// Draws of a balanced opening before the most even one found is taken.
pub const BALANCE_TRIES: usize = 100;

/// A random opening of `plies` moves whose last position a search of `balance.depth` plies
/// (the built-in evaluation, a fresh table) scores within `balance.within` centipawns of
/// even, with that score. Random moves often leave a side a piece up, and then both games
/// of a pair are won by the same colour and say nothing about the engines. After
/// [`BALANCE_TRIES`] draws the most even opening drawn is taken. Deterministic: the same
/// generator state gives the same opening.
pub fn balanced_opening(
    game: Game,
    plies: usize,
    balance: Balance,
    rng: &mut Rng,
) -> (Opening, SearchScore) {
    let mut searcher = Searcher::with_hash(game, 1);
    let limits = Limits::depth(balance.depth);
    let stop = AtomicBool::new(false);
    let mut best: Option<(u32, Opening, SearchScore)> = None;
    for _ in 0..BALANCE_TRIES {
        let opening = random_opening(game, plies, rng);
        searcher.clear();
        let score = searcher
            .search(&opening.history, &limits, &stop, &mut |_| {})
            .info
            .score;
        let distance = match score {
            SearchScore::Centipawns(cp) => cp.unsigned_abs(),
            SearchScore::Mate(_) => u32::MAX,
        };
        if distance <= balance.within {
            return (opening, score);
        }
        if best.as_ref().is_none_or(|(d, _, _)| distance < *d) {
            best = Some((distance, opening, score));
        }
    }
    let (_, opening, score) = best.expect("drawn at least once");
    (opening, score)
}

/// A random opening of `plies` moves from the start, drawn again (up to 100 times) while it
/// ends the game.
pub fn random_opening(game: Game, plies: usize, rng: &mut Rng) -> Opening {
    let fast = AnyEngine::new(game);
    let mut last = None;
    for _ in 0..100 {
        let mut opening = Opening {
            history: vec![game.start_position()],
            moves: Vec::new(),
        };
        for _ in 0..plies {
            let pos = opening.history.last().expect("never empty").clone();
            let legal = fast.legal_moves(&pos);
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            opening.history.push(game.play(&pos, &m));
            opening.moves.push(m);
        }
        if opening.moves.len() == plies && fast.outcome(&opening.history).is_none() {
            return opening;
        }
        last = Some(opening);
    }
    last.expect("tried at least once")
}
