//! The end of the game: checkmate, stalemate with the variant's scoring, repetition, the
//! move limit and the material. The one place that defines it: the referee, the front ends
//! and the search all ask these functions, over either engine.

use super::engine::{Engine, Reference};
use super::{Game, Position};
use crate::variant::{Score, Side, Variant};

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position has occurred as many times as the rules say.
    Repetition,
    /// Each side has made the rules' number of moves without a capture.
    MoveLimit,
    /// Neither side has a piece of the types the rules' `draw-without` names.
    Material,
}

impl GameEnd {
    /// The end in a few words, to follow "the game ends by".
    pub fn phrase(self) -> &'static str {
        match self {
            GameEnd::Checkmate => "checkmate",
            GameEnd::Stalemate => "stalemate",
            GameEnd::Repetition => "repetition",
            GameEnd::MoveLimit => "the move limit",
            GameEnd::Material => "lack of material",
        }
    }
}

/// How a game ended and what it is worth to White.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Why the game is over.
    pub end: GameEnd,
    /// White's score (Black's is one minus it).
    pub white: Score,
}

impl Outcome {
    /// "1-0", "0-1", "1/2-1/2", "3/4-1/4".
    pub fn result(&self) -> String {
        result_text(self.white)
    }
}

/// A result written from White's score: "1-0", "0-1", "1/2-1/2", "3/4-1/4".
pub fn result_text(white: Score) -> String {
    let b = Score {
        numerator: white.denominator - white.numerator,
        denominator: white.denominator,
    };
    let text = |s: Score| match (s.numerator, s.denominator) {
        (0, _) => "0".to_string(),
        (n, d) if n == d => "1".to_string(),
        (n, d) => format!("{n}/{d}"),
    };
    format!("{}-{}", text(white), text(b))
}

impl Outcome {
    /// What the game is worth to `side`.
    pub fn score_of(&self, side: Side) -> Score {
        for_side(side, self.white)
    }
}

/// A score of White's as `side`'s.
fn for_side(side: Side, white: Score) -> Score {
    match side {
        Side::WHITE => white,
        _ => Score {
            numerator: white.denominator - white.numerator,
            denominator: white.denominator,
        },
    }
}

/// An outcome from the score of `side` (turned into White's).
fn outcome_for(end: GameEnd, side: Side, score: Score) -> Outcome {
    Outcome {
        end,
        white: for_side(side, score),
    }
}

/// The outcome at `s`, `keys` being the keys of the game's positions from its start (the
/// key of `s` last), or `None` while the game goes on: no legal move, then repetition, then
/// the move limit and the material, in that order.
pub fn outcome<E: Engine>(e: &E, s: &E::State, keys: &[u64]) -> Option<Outcome> {
    let mut moves = Vec::new();
    e.legal_moves_into(s, &mut moves);
    if moves.is_empty() {
        return Some(without_moves(e, s, e.in_check(s)));
    }
    if let (Some((times, _)), Some(last)) = (e.variant().rules.repetition, keys.last()) {
        let seen = keys.iter().filter(|k| *k == last).count();
        if seen >= times as usize {
            return Some(repetition(e.variant(), e.to_move(s)));
        }
    }
    by_count(e, s)
}

/// The outcome of a position whose side to move has no legal move: checkmate when in check
/// (if the rules say so), else stalemate with the variant's score (which may depend on what
/// the stalemating side keeps).
pub fn without_moves<E: Engine>(e: &E, s: &E::State, in_check: bool) -> Outcome {
    let rules = &e.variant().rules;
    let mover = e.to_move(s);
    if in_check && rules.checkmate_wins {
        return outcome_for(GameEnd::Checkmate, mover.opponent(), Score::WIN);
    }
    let stalemater = mover.opponent();
    let mut score = rules.stalemate;
    if let Some((other, pieces)) = &rules.stalemate_with {
        let mut keeps = false;
        e.for_each_piece(s, |_, side, piece| {
            keeps |= side == stalemater && pieces.iter().any(|p| p.index() == piece);
        });
        if keeps {
            score = *other;
        }
    }
    outcome_for(GameEnd::Stalemate, stalemater, score)
}

/// What repeating a position gives, `mover` being the side to move in it: the rules' score
/// for the side whose move repeated it (a draw when the rules name none).
pub fn repetition(v: &Variant, mover: Side) -> Outcome {
    let score = v.rules.repetition.map_or(Score::DRAW, |(_, score)| score);
    outcome_for(GameEnd::Repetition, mover.opponent(), score)
}

/// The ends that need no move list: the move limit reached, or no material left to win
/// with.
pub fn by_count<E: Engine>(e: &E, s: &E::State) -> Option<Outcome> {
    let rules = &e.variant().rules;
    if let Some(limit) = &rules.move_limit {
        if e.quiet_plies(s) >= e.variant().sides().len() as u32 * limit.moves {
            return Some(Outcome {
                end: GameEnd::MoveLimit,
                white: limit.score,
            });
        }
    }
    lacks_material(e, s).then_some(Outcome {
        end: GameEnd::Material,
        white: Score::DRAW,
    })
}

/// True when the rules say `draw-without PIECES` and neither side has one of them (on the
/// board or in hand).
pub fn lacks_material<E: Engine>(e: &E, s: &E::State) -> bool {
    let pieces = &e.variant().rules.draw_without;
    if pieces.is_empty() {
        return false;
    }
    let mut found = false;
    e.for_each_piece(s, |_, _, piece| {
        found |= pieces.iter().any(|p| p.index() == piece)
    });
    !found
        && e.variant()
            .side_ids()
            .all(|side| pieces.iter().all(|p| e.hand(s, side, p.index()) == 0))
}

impl Game<'_> {
    /// The outcome when the game is over after `history` (the positions from the start, the
    /// current one last), or `None` while it goes on ([`outcome`], by the reference engine).
    pub fn outcome(&self, history: &[Position]) -> Option<Outcome> {
        let pos = history.last()?;
        let engine = Reference::new(*self);
        let keys: Vec<u64> = history.iter().map(|p| engine.key(p)).collect();
        outcome(&engine, pos, &keys)
    }

    /// True when the rules say `draw-without PIECES` and neither side has one of them (on
    /// the board or in hand).
    pub fn lacks_material(&self, pos: &Position) -> bool {
        lacks_material(&Reference::new(*self), pos)
    }
}
