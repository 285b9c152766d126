//! Games between players: the engine at some limit, a random mover, a one-ply greedy player.
//! What the strength tests and the balance report (`hexv selfplay`) are built on.

use std::sync::atomic::AtomicBool;

use super::{Evaluator, Limits, Searcher};
use crate::game::fast::Fastest;
use crate::game::{Game, GameEnd, Move, Position};
use crate::variant::{Score, Side};

/// Who chooses the moves of one side.
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
    /// Why it ended.
    pub ending: Ending,
}

/// A small deterministic generator (xorshift), so a game is the same for the same seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

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
    let fast = Fastest::new(game);
    let eval = Evaluator::new(game.variant, game.tables);
    let mut searchers = [Searcher::new(game), Searcher::new(game)];
    let stop = AtomicBool::new(false);
    let mut history: Vec<Position> = if opening.is_empty() {
        vec![game.start_position()]
    } else {
        opening.to_vec()
    };
    let mut moves = Vec::new();
    loop {
        if let Some(outcome) = game.outcome(&history) {
            return Played {
                moves,
                white: outcome.white,
                ending: Ending::Rules(outcome.end),
            };
        }
        if history.len() > max_plies {
            return Played {
                moves,
                white: Score::DRAW,
                ending: Ending::PlyLimit,
            };
        }
        let pos = history.last().expect("never empty").clone();
        let side = pos.to_move;
        let player = if side == Side::White { white } else { black };
        let legal = fast.legal_moves(&pos);
        let chosen = match player {
            Player::Random => legal[rng.below(legal.len())].clone(),
            Player::Greedy => greedy(&game, &fast, &eval, &pos, &legal, rng),
            Player::Engine(limits) => searchers[side.index()]
                .search(&history, limits, &stop, &mut |_| {})
                .best
                .unwrap_or_else(|| legal[0].clone()),
        };
        history.push(game.play(&pos, &chosen));
        moves.push(chosen);
    }
}

/// The greedy player's move: a mate if there is one, else the best static value for the mover.
fn greedy(
    game: &Game,
    fast: &Fastest,
    eval: &Evaluator,
    pos: &Position,
    legal: &[Move],
    rng: &mut Rng,
) -> Move {
    let engine_eval = |p: &Position| match fast {
        Fastest::Fast(e) => eval.evaluate(e.as_ref(), &e.state(p)),
        Fastest::Reference(g) => eval.evaluate(g, p),
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
    best[rng.below(best.len())].clone()
}
