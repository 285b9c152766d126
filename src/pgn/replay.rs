//! Replaying a game's main line on a variant, move by move: each move in short algebraic
//! notation or in hexv's long notation.

use super::PgnGame;
use crate::game::san::{Letters, SanError};
use crate::game::{Game, GameEnd, Move, Position, PositionError};

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

/// The legal move `text` names in `pos`: read as short algebraic notation with `letters`,
/// or else by the one move reader ([`Game::read_move`]: hexv's long notation `e4-e5`, the
/// compact `e4e5`), so records converted to long notation or written by engines read back.
/// When none reads, the short reading's error says why.
pub fn resolve(
    game: &Game,
    pos: &Position,
    text: &str,
    letters: &Letters,
) -> Result<Move, SanError> {
    let legal = game.legal_moves(pos);
    game.parse_san_among(pos, text, &legal, letters)
        .or_else(|san| game.read_move(pos, text, letters).map_err(|_| san))
}

/// Replays `record` with each of `choices` (letter maps, named) until one reads every move:
/// that one, else the one that read the most (the first of equals), with its index. How a
/// record written with Hungarian letters reads without `--letters hu`.
pub fn replay_detecting(
    game: &Game,
    record: &PgnGame,
    choices: &[Letters],
) -> Result<(Replay, usize), PositionError> {
    let mut best: Option<(Replay, usize)> = None;
    for (i, letters) in choices.iter().enumerate() {
        let r = replay(game, record, letters)?;
        if r.unresolved.is_none() {
            return Ok((r, i));
        }
        if best
            .as_ref()
            .is_none_or(|(b, _)| r.moves.len() > b.moves.len())
        {
            best = Some((r, i));
        }
    }
    match best {
        Some(found) => Ok(found),
        None => replay(game, record, &Letters::own()).map(|r| (r, 0)),
    }
}

/// Whether a replayed game's recorded result agrees with how its last position ends: when
/// the rules end the game there (mate, stalemate, repetition, ...), the result must be the
/// one they give; a game that is not over may carry any result (a resignation, an agreed
/// draw, a game unfinished), and `*` (unknown) agrees with anything. Meant for a replay
/// that reached the end of its record. `None` when they agree, else the rules' result and
/// why the game ended.
pub fn result_disagrees(game: &Game, replay: &Replay, written: &str) -> Option<(String, GameEnd)> {
    if written == "*" {
        return None;
    }
    let mut history = vec![replay.start.clone()];
    for mv in &replay.moves {
        let next = game.play(history.last()?, mv);
        history.push(next);
    }
    let outcome = game.outcome(&history)?;
    let expected = outcome.result();
    (written != expected).then_some((expected, outcome.end))
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
        match resolve(game, &pos, &written.text, letters) {
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
