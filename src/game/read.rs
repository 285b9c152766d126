//! One move reader for every front end (command-line options, `play`, the engine protocol,
//! the match referee, the playground): hexv's long form (`f5-f6`, `f10-f11=Q`, `P*e5`), the
//! compact form engines and GUIs write (`f5f6`, `f10f11q`, `P@e5`), short algebraic notation
//! (`f6`, `Nf3`, `Ndf4`) and a long form with the piece's letter in front (`Qe1-e5`). A
//! refused move gets the most useful of the readers' answers: the candidates of an ambiguous
//! short move, why a long move is illegal, or the forms that are read.

use std::fmt;

use super::notation::MoveError;
use super::san::{Letters, SanError};
use super::{Game, Move, Position};

/// Why a text names no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// A short move that more than one legal move fits.
    Ambiguous {
        /// The move as written.
        text: String,
        /// The sentence naming the candidates and how to tell them apart.
        message: String,
        /// The moves it could be, in long notation.
        candidates: Vec<String>,
    },
    /// A move no reader takes, with the reason the most fitting one gave.
    Refused {
        /// The move as written.
        text: String,
        /// Why, in a sentence.
        message: String,
        /// Legal moves it may have meant, in long notation.
        near: Vec<String>,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Ambiguous { message, .. } | ReadError::Refused { message, .. } => {
                f.write_str(message)
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// The forms a move may be written in, for a refusal that found no reading at all.
const FORMS: &str = "write it long (`e4-e5`, `e4xf5`, `f10-f11=Q`, `P*e5`), short (`e5`, `Nf3`, `Ndf3`) or compact (`e4e5`, `f10f11q`)";

/// Number words for the ambiguity message ("two Knights").
fn count_word(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        n => n.to_string(),
    }
}

impl Game<'_> {
    /// The legal move `text` names, in any of the forms hexv reads (see the module
    /// documentation); `letters` are the piece letters of short moves.
    pub fn read_move(
        &self,
        pos: &Position,
        text: &str,
        letters: &Letters,
    ) -> Result<Move, ReadError> {
        let text = text.trim();
        let refused = |message: String, near: Vec<String>| ReadError::Refused {
            text: text.to_string(),
            message,
            near,
        };
        if text.is_empty() {
            return Err(refused(format!("no move given: {FORMS}"), Vec::new()));
        }
        let long = match self.parse_move(pos, text) {
            Ok(m) => return Ok(m),
            Err(e) => e,
        };
        if let Some(compact) = self.read_compact(pos, text) {
            return compact.map_err(|message| refused(message, Vec::new()));
        }
        if let Some(lettered) = self.read_lettered_long(pos, text, letters) {
            return lettered.map_err(|message| refused(message, Vec::new()));
        }
        let short = match self.parse_san(pos, text, letters) {
            Ok(m) => return Ok(m),
            Err(e) => e,
        };
        Err(match (short, long) {
            (SanError::Ambiguous { candidates, .. }, _) => self.ambiguity(pos, text, candidates),
            // The text had the long form's shape and real cells: its reason is the one.
            (_, long @ (MoveError::Illegal { .. } | MoveError::NoPieceToMove(_))) => {
                refused(long.to_string(), Vec::new())
            }
            (short @ SanError::Illegal { .. }, _) => {
                let near = short.candidates().to_vec();
                refused(short.to_string(), near)
            }
            (short @ SanError::UnknownLetter { .. }, _) => {
                refused(format!("{short}; {FORMS}"), Vec::new())
            }
            (_, MoveError::UnknownCell(cell)) if !cell.is_empty() && text.contains('-') => refused(
                format!("there is no cell `{cell}` on the board"),
                Vec::new(),
            ),
            _ => refused(format!("`{text}` is not a move: {FORMS}"), Vec::new()),
        })
    }

    /// "two Knights can go to f4: d3 and h3; write Nd3-f4 or Ndf4".
    fn ambiguity(&self, pos: &Position, text: &str, candidates: Vec<String>) -> ReadError {
        let legal = self.legal_moves(pos);
        let moves: Vec<&Move> = candidates
            .iter()
            .filter_map(|c| legal.iter().find(|m| self.format_move(pos, m) == *c))
            .collect();
        let board = self.variant.board();
        let message = match moves.as_slice() {
            [first, ..]
                if moves
                    .iter()
                    .all(|m| m.piece == first.piece && m.to == first.to) =>
            {
                let piece = &self.variant.piece(first.piece).name;
                let froms: Vec<&str> = moves
                    .iter()
                    .filter_map(|m| m.from.map(|f| board.name(f)))
                    .collect();
                let ways: Vec<String> = moves
                    .iter()
                    .map(|m| {
                        format!(
                            "{} or {}",
                            self.format_move(pos, m),
                            self.format_san(pos, m, &Letters::own())
                        )
                    })
                    .collect();
                format!(
                    "{} {piece}s can go to {}: {}; write {}",
                    count_word(moves.len()),
                    board.name(first.to),
                    join_and(&froms),
                    ways.join(", or ")
                )
            }
            _ => format!(
                "`{text}` fits {} moves: {}",
                candidates.len(),
                candidates.join(", ")
            ),
        };
        ReadError::Ambiguous {
            text: text.to_string(),
            message,
            candidates,
        }
    }

    /// The compact form (`f5f7`, `f10f11q`, `P@5e`): `None` when the text is not of its
    /// shape (no `@`, and no two cell names run together), else the move or why not.
    pub fn read_compact(&self, pos: &Position, text: &str) -> Option<Result<Move, String>> {
        let board = self.variant.board();
        let legal = self.legal_moves(pos);
        let symbol = |p| self.variant.piece(p).symbol.as_str();
        if let Some((piece, cell)) = text.split_once('@') {
            let found = legal
                .iter()
                .find(|m| m.from.is_none() && symbol(m.piece) == piece && board.name(m.to) == cell);
            return Some(
                found
                    .copied()
                    .ok_or_else(|| format!("`{text}` is not a legal drop here")),
            );
        }
        // From and to run together, maybe a promotion letter after: the text is of the
        // shape when it starts with a cell name followed by another.
        let shaped = board.cells().any(|from| {
            text.strip_prefix(board.name(from))
                .is_some_and(|rest| board.cells().any(|to| rest.starts_with(board.name(to))))
        });
        if !shaped {
            return None;
        }
        let matches: Vec<&Move> = legal
            .iter()
            .filter(|m| {
                let Some(from) = m.from else { return false };
                let Some(rest) = text.strip_prefix(board.name(from)) else {
                    return false;
                };
                let Some(promotion) = rest.strip_prefix(board.name(m.to)) else {
                    return false;
                };
                match m.promotion {
                    None => promotion.is_empty(),
                    Some(p) => symbol(p).eq_ignore_ascii_case(promotion),
                }
            })
            .collect();
        Some(match matches.as_slice() {
            [m] => Ok(**m),
            [] => Err(format!("`{text}` is not a legal move here")),
            _ => Err(format!(
                "`{text}` names more than one legal move: {}",
                matches
                    .iter()
                    .map(|m| self.format_move(pos, m))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        })
    }

    /// A long move with its piece's letter in front (`Qe1-e5`): `None` when the text is not
    /// a piece letter followed by a long move that reads.
    fn read_lettered_long(
        &self,
        pos: &Position,
        text: &str,
        letters: &Letters,
    ) -> Option<Result<Move, String>> {
        let (letter, rest) = self.variant.piece_ids().find_map(|p| {
            let letter = letters.letter(self.variant.piece(p));
            let rest = text.strip_prefix(letter)?;
            (!letter.is_empty() && !rest.is_empty()).then_some((letter, rest))
        })?;
        let m = match self.parse_move(pos, rest) {
            Ok(m) => m,
            // The long move reads but is not legal: its reason, not "no cell `Qe1`".
            Err(e @ (MoveError::Illegal { .. } | MoveError::NoPieceToMove(_))) => {
                return Some(Err(e.to_string()))
            }
            Err(_) => return None,
        };
        let moved = self.variant.piece(m.piece);
        Some(if letters.letter(moved) == letter {
            Ok(m)
        } else {
            Err(format!(
                "`{text}`: the piece that makes `{rest}` is a {}, written `{}`",
                moved.name,
                letters.letter(moved)
            ))
        })
    }
}

/// "d3 and h3", "a, b and c".
fn join_and(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
