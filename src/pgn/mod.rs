//! Game records in PGN (Portable Game Notation) for any variant.
//!
//! [`read`] parses a file of any number of games into [`PgnGame`]s that keep everything
//! written: tag pairs, the moves as text with their byte spans, move numbers, comments
//! (`{...}` and `; ...`), variations `( ... )`, NAGs (`$n`, `!`, `?`) and the result. It
//! never fails as a whole: what cannot be read is a located [`PgnError`] beside the games.
//! [`replay`] resolves a game's moves with short algebraic notation ([`crate::game::san`])
//! on a variant (short notation, or hexv's long notation); [`write_game`] writes a game in
//! standard PGN; [`convert`] rewrites a record's moves in another notation or letter set,
//! keeping its comments, NAGs and variations. [`GameChunks`] reads a file of any size a few
//! games at a time, each chunk read by [`read`] as the whole file would be.

mod chunks;
mod convert;
mod read;
mod replay;
mod write;

pub use chunks::{read_chunked, Chunk, ChunkError, GameChunks, MAX_GAME_BYTES};
pub use convert::{convert, Converted, Notation};
pub use read::read;
pub use replay::{replay, replay_detecting, resolve, result_disagrees, Replay, Unresolved};
pub use write::{player_tag, write_game, write_game_annotated};

use std::fmt;

use crate::source::Span;

/// A file's games and what could not be read in it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnFile {
    /// The games, in file order.
    pub games: Vec<PgnGame>,
    /// Errors and warnings, in file order.
    pub errors: Vec<PgnError>,
}

/// One game as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs, in file order.
    pub tags: Vec<Tag>,
    /// The main line.
    pub line: Line,
    /// The result token, when the game has one.
    pub result: Option<GameResult>,
    /// Comments after the result.
    pub trailing_comments: Vec<Comment>,
    /// From the first tag (or move) to the result.
    pub span: Span,
}

impl PgnGame {
    /// The value of the first tag of that name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }
}

/// A tag pair `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The tag's name.
    pub name: String,
    /// Its value, escapes (`\"`, `\\`) resolved.
    pub value: String,
    /// From `[` to `]`.
    pub span: Span,
}

/// A sequence of moves: the main line or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Comments before the first move.
    pub leading_comments: Vec<Comment>,
    /// The moves.
    pub moves: Vec<PgnMove>,
}

/// A move as written, with what is attached to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move's text (`Hh1f4`, `exd6 e.p.`), a slice of the file.
    pub text: String,
    /// Where it is written.
    pub span: Span,
    /// The move number written before it (`12.` or `12...`), if any.
    pub number: Option<u32>,
    /// Numeric annotation glyphs after it (`$1`; `!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5,
    /// `?!` 6).
    pub nags: Vec<u16>,
    /// Comments after it.
    pub comments: Vec<Comment>,
    /// Variations after it: alternatives to this move.
    pub variations: Vec<Line>,
}

/// A comment's text (without its braces or semicolon) and where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The text inside, trimmed.
    pub text: String,
    /// The whole comment.
    pub span: Span,
}

/// A game's result token as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// `1-0`, `0-1`, `1/2-1/2`, `*`, or a word such as `remi`.
    pub text: String,
    /// Where it is written.
    pub span: Span,
    /// True for the tokens of the PGN standard (`1-0`, `0-1`, `1/2-1/2`, `*`) and hexv's
    /// fractional scores (`3/4-1/4`); false for words read as results (`remi`, Hungarian
    /// for a draw).
    pub standard: bool,
}

/// Something that could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// What went wrong.
    pub kind: PgnErrorKind,
    /// Where.
    pub span: Span,
}

impl PgnError {
    /// True for text skipped between games: the games are read in full all the same.
    pub fn is_warning(&self) -> bool {
        matches!(self.kind, PgnErrorKind::SkippedText)
    }
}

/// The kinds of [`PgnError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// A `{` comment with no `}`.
    UnterminatedComment,
    /// A `(` variation with no `)`.
    UnterminatedVariation,
    /// A `)` with no `(`.
    UnopenedVariation,
    /// Variations nested deeper than [`MAX_DEPTH`].
    NestedTooDeep,
    /// A variation before any move it could be an alternative to.
    VariationWithoutMove,
    /// A tag pair with no `]`.
    UnterminatedTag,
    /// A tag pair not of the form `[Name "value"]`.
    MalformedTag,
    /// A move number followed by no move.
    MoveNumberWithoutMove,
    /// A move number past 4 294 967 295.
    MoveNumberTooLarge,
    /// `$` with no number, or a number too large.
    MalformedNag,
    /// Characters that are no part of PGN's movetext.
    UnexpectedText,
    /// Text between games that starts no game (a warning).
    SkippedText,
}

/// How deep variations may nest (deeper ones are refused, so input cannot exhaust the stack).
pub const MAX_DEPTH: usize = 64;

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PgnErrorKind::UnterminatedComment => "comment not closed: `{` without `}`",
            PgnErrorKind::UnterminatedVariation => "variation not closed: `(` without `)`",
            PgnErrorKind::UnopenedVariation => "`)` without `(`",
            PgnErrorKind::NestedTooDeep => "variations nested more than 64 deep",
            PgnErrorKind::VariationWithoutMove => "a variation before any move",
            PgnErrorKind::UnterminatedTag => "tag not closed: `[` without `]`",
            PgnErrorKind::MalformedTag => "a tag is written `[Name \"value\"]`",
            PgnErrorKind::MoveNumberWithoutMove => "move number without a move",
            PgnErrorKind::MoveNumberTooLarge => "move number larger than 4294967295",
            PgnErrorKind::MalformedNag => "`$` must be followed by a number up to 255",
            PgnErrorKind::UnexpectedText => "text that is not PGN movetext",
            PgnErrorKind::SkippedText => "text between games skipped",
        })
    }
}
