//! Replaying a game's main line on a variant, move by move, with short algebraic notation.

use super::PgnGame;
use crate::game::san::{Letters, SanError};
use crate::game::{Game, Move, Position, PositionError};

/// A game replayed as far as its moves resolve.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The start: the `FEN` tag's position (hexv's position text), or the setup.
    pub start: Position,
    /// The moves resolved, in order.
    pub moves: Vec<Move>,
    /// The position after them.
    pub end: Position,
    /// The first move that did not resolve, if any: replaying stops there.
    pub unresolved: Option<Unresolved>,
}

/// A move of the record that names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unresolved {
    /// Its index in the game's main line (0 for White's first move).
    pub index: usize,
    /// Why.
    pub error: SanError,
}

/// Replays the main line of `record` on `game`: from its `FEN` tag when it has one, each
/// move resolved against the legal moves of its position, up to the first that names no
/// single legal move. Fails only when the `FEN` tag cannot be read.
pub fn replay(game: &Game, record: &PgnGame, letters: &Letters) -> Result<Replay, PositionError> {
    let start = match record.tag("FEN") {
        Some(text) => game.parse_position(text)?,
        None => game.start_position(),
    };
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut unresolved = None;
    for (index, written) in record.line.moves.iter().enumerate() {
        let legal = game.legal_moves(&pos);
        match game.parse_san_among(&pos, &written.text, &legal, letters) {
            Ok(mv) => {
                pos = game.play(&pos, &mv);
                moves.push(mv);
            }
            Err(error) => {
                unresolved = Some(Unresolved { index, error });
                break;
            }
        }
    }
    Ok(Replay {
        start,
        moves,
        end: pos,
        unresolved,
    })
}
