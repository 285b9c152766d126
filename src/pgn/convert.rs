//! Rewriting a record's moves in another notation (short algebraic with any letters, or
//! hexv's long notation) while keeping everything else it holds: its tags in their order,
//! move numbers, comments, NAGs, variations (each replayed from the position it branches
//! from) and the result (a draw written `½-½` or `remi` as the standard `1/2-1/2`).

use super::replay::resolve;
use super::write::{tag_line, wrap};
use super::{Comment, Line, PgnGame};
use crate::game::san::{Letters, SanError};
use crate::game::{Game, Position, PositionError};
use crate::source::Span;
use crate::variant::{Side, Variant};

/// How moves are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Short algebraic notation with these letters, `+`/`#` after checks and mates.
    Short(Letters),
    /// hexv's long notation (`e4-e5`, `f10xe10=N`, `P*5e`; docs/notation.md).
    Long,
}

/// A record rewritten, and the moves that could not be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The whole game in PGN: tags, movetext and result.
    pub text: String,
    /// Each line's first move that names no single legal move, where it is written in the
    /// source and why. That move and the rest of its line are kept as written.
    pub unresolved: Vec<(Span, SanError)>,
}

/// Rewrites `record`'s moves, read with `reading` letters (or as long notation), in `to`.
/// Fails only when its `FEN` tag cannot be read.
pub fn convert(
    game: &Game,
    record: &PgnGame,
    reading: &Letters,
    to: &Notation,
) -> Result<Converted, PositionError> {
    let start = match record.tag("FEN") {
        Some(text) => game.parse_position(text)?,
        None => game.start_position(),
    };
    let mut text: String = record
        .tags
        .iter()
        .map(|t| tag_line(&t.name, &t.value))
        .collect();
    if !text.is_empty() {
        text.push('\n');
    }
    let mut writer = Writer {
        game,
        reading,
        to,
        tokens: Vec::new(),
        unresolved: Vec::new(),
    };
    let number = record
        .line
        .moves
        .first()
        .and_then(|m| m.number)
        .unwrap_or(1);
    let turn = Turn {
        number,
        side: start.to_move,
        opens_round: true,
    };
    writer.line(&record.line, Some(start), turn);
    // A record without a result keeps none (adding `*` would say something it did not), but
    // a game with no tag and no move needs one to be read as a game at all.
    let result = record.result.as_ref().map(standard_result);
    match result {
        Some(r) => writer.tokens.push(r),
        None if text.is_empty() && record.line.moves.is_empty() => {
            writer.tokens.push("*".to_string());
        }
        None => {}
    }
    writer.comments(&record.trailing_comments);
    text.push_str(&wrap(&writer.tokens));
    Ok(Converted {
        text,
        unresolved: writer.unresolved,
    })
}

/// A result as the PGN standard writes it: the words read as results (`½-½`, `remi`, a
/// draw) become `1/2-1/2`, which every PGN reader knows.
fn standard_result(result: &super::GameResult) -> String {
    match result.text.as_str() {
        _ if result.standard => result.text.clone(),
        "½-½" | "remi" => "1/2-1/2".to_string(),
        other => other.to_string(),
    }
}

/// Whose move it is and its number, counted even where the position is unknown (after a
/// move that did not resolve).
#[derive(Clone, Copy)]
struct Turn {
    number: u32,
    side: Side,
    /// The move opens a round of turns (or the record).
    opens_round: bool,
}

impl Turn {
    /// The next turn: `mover`, the side to move after this one when the position is known
    /// (a side may have left the game), else the next side in turn order.
    fn next(self, variant: &Variant, mover: Option<Side>) -> Turn {
        let side = mover.unwrap_or_else(|| variant.next_side(self.side));
        let opens_round = side.index() <= self.side.index();
        Turn {
            number: if opens_round {
                self.number.saturating_add(1)
            } else {
                self.number
            },
            side,
            opens_round,
        }
    }
}

struct Writer<'a, 'g> {
    game: &'a Game<'g>,
    reading: &'a Letters,
    to: &'a Notation,
    tokens: Vec<String>,
    unresolved: Vec<(Span, SanError)>,
}

impl Writer<'_, '_> {
    /// Writes a line from `pos` (`None`: unknown, the moves kept as written).
    fn line(&mut self, line: &Line, mut pos: Option<Position>, mut turn: Turn) {
        self.comments(&line.leading_comments);
        // Black's move is numbered `N...` at the start of a line and after anything that
        // interrupts the moves (a comment, a variation), as PGN export does; so is the move
        // of a later side that opens a round (the first side having left the game).
        let mut numbered = false;
        for written in &line.moves {
            match turn.side {
                Side::WHITE => self.tokens.push(format!("{}.", turn.number)),
                _ if !numbered || turn.opens_round => {
                    self.tokens.push(format!("{}...", turn.number));
                }
                _ => {}
            }
            numbered = true;
            let before = pos.clone();
            let text = match pos.take() {
                Some(p) => match resolve(self.game, &p, &written.text, self.reading) {
                    Ok(mv) => {
                        let text = match self.to {
                            Notation::Short(letters) => self.game.format_san(&p, &mv, letters),
                            Notation::Long => self.game.format_move(&p, &mv),
                        };
                        pos = Some(self.game.play(&p, &mv));
                        text
                    }
                    Err(e) => {
                        self.unresolved.push((written.span, e));
                        written.text.clone()
                    }
                },
                None => written.text.clone(),
            };
            self.tokens.push(text);
            self.tokens
                .extend(written.nags.iter().map(|n| format!("${n}")));
            if !written.comments.is_empty() || !written.variations.is_empty() {
                numbered = false;
            }
            self.comments(&written.comments);
            for variation in &written.variations {
                self.tokens.push("(".to_string());
                self.line(variation, before.clone(), turn);
                self.tokens.push(")".to_string());
            }
            turn = turn.next(self.game.variant, pos.as_ref().map(|p| p.to_move));
        }
    }

    /// Comments as `{...}`, split at spaces so long ones wrap; one holding `}` as a `;`
    /// comment, which runs to the end of its line.
    fn comments(&mut self, comments: &[Comment]) {
        for c in comments {
            if c.text.contains('}') {
                self.tokens
                    .push(format!("; {}", c.text.replace(['\n', '\r'], " ")));
                continue;
            }
            let words: Vec<&str> = c.text.split_whitespace().collect();
            match words.as_slice() {
                [] => self.tokens.push("{}".to_string()),
                [one] => self.tokens.push(format!("{{{one}}}")),
                [first, middle @ .., last] => {
                    self.tokens.push(format!("{{{first}"));
                    self.tokens.extend(middle.iter().map(|w| w.to_string()));
                    self.tokens.push(format!("{last}}}"));
                }
            }
        }
    }
}
