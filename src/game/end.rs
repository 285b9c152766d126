//! The end of the game: checkmate, stalemate with the variant's scoring, repetition and the
//! move limit.

use super::{Game, Position};
use crate::variant::{Score, Side};

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

impl Game<'_> {
    /// The outcome when the game is over after `history` (the positions from the start, the
    /// current one last), or `None` while it goes on.
    pub fn outcome(&self, history: &[Position]) -> Option<Outcome> {
        let pos = history.last()?;
        let rules = &self.variant.rules;
        let mover = pos.to_move;
        let score_for = |side: Side, s: Score| match side {
            Side::White => s,
            Side::Black => Score {
                numerator: s.denominator - s.numerator,
                denominator: s.denominator,
            },
        };
        if self.legal_moves(pos).is_empty() {
            if self.in_check(pos, mover) && rules.checkmate_wins {
                return Some(Outcome {
                    end: GameEnd::Checkmate,
                    white: score_for(mover.opponent(), Score::WIN),
                });
            }
            let stalemater = mover.opponent();
            let keeps = |pieces: &[crate::variant::PieceId]| {
                pos.squares
                    .iter()
                    .flatten()
                    .any(|(s, p)| *s == stalemater && pieces.contains(p))
            };
            let score = match &rules.stalemate_with {
                Some((other, pieces)) if keeps(pieces) => *other,
                _ => rules.stalemate,
            };
            return Some(Outcome {
                end: GameEnd::Stalemate,
                white: score_for(stalemater, score),
            });
        }
        if let Some((times, score)) = rules.repetition {
            let key = pos.repetition_key();
            let seen = history.iter().filter(|p| p.repetition_key() == key).count();
            if seen >= times as usize {
                // The score is that of the side whose move repeated the position.
                return Some(Outcome {
                    end: GameEnd::Repetition,
                    white: score_for(mover.opponent(), score),
                });
            }
        }
        if let Some(limit) = &rules.move_limit {
            if pos.quiet_plies >= 2 * limit.moves {
                return Some(Outcome {
                    end: GameEnd::MoveLimit,
                    white: limit.score,
                });
            }
        }
        if self.lacks_material(pos) {
            return Some(Outcome {
                end: GameEnd::Material,
                white: Score::DRAW,
            });
        }
        None
    }

    /// True when the rules say `draw-without PIECES` and neither side has one of them (on
    /// the board or in hand).
    pub fn lacks_material(&self, pos: &Position) -> bool {
        let pieces = &self.variant.rules.draw_without;
        !pieces.is_empty()
            && !pos
                .squares
                .iter()
                .flatten()
                .any(|(_, p)| pieces.contains(p))
            && Side::BOTH
                .iter()
                .all(|s| pieces.iter().all(|p| pos.hands[*s][p.index()] == 0))
    }
}
