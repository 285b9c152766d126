//! A PGN file read a few games at a time, so that a database of any size is read in memory
//! bounded by its largest game.
//!
//! [`GameChunks`] reads a file line by line and yields [`Chunk`]s: runs of whole lines, each
//! holding one or more whole games (with the comments and blank lines around them), cut where
//! [`read`] would certainly end one game and begin the next, so that reading each chunk with
//! [`read`] and moving its spans by the chunk's offset gives what reading the whole file gives
//! ([`read_chunked`] does that, the property the tests and the `pgn` fuzz target hold).
//!
//! **The cut rule.** The lines are followed as [`read`] follows them: between games (text
//! there starting no game is skipped to its line's end), in a game's tags, in its movetext
//! (`(` and `)` counted, a variation nested past [`MAX_DEPTH`] skipped by counting
//! parentheses alone, as the reader does; its tokens taken as the reader takes them, so that
//! a result, `1-0`, `*`, `½-½` or `remi`, is known in the main line only), after its result
//! (where `{` comments still belong to the game); a `{` comment runs to its `}` on any line, and `;` comments, `%` lines (a `%`
//! in the first column), tags (to their `]` outside the quoted value, `\` escaping) and
//! skipped text to their line's end. A line is cut before when the chunk already holds a game
//! and the line's first non-blank character is `[` that begins the next game:
//!
//! - between games or after a result, outside a comment (the `[` may be indented);
//! - in the main line's movetext (variation depth 0), outside a comment, with `[` in the first
//!   column: a game without a result ends where the next begins, so an indented tag would end
//!   it at another byte.
//!
//! Never inside a comment, a variation or the tags, nor at a `[` after the blank line that the
//! reader takes as the end of a header-only game (followed as more tags: fewer cuts are always
//! correct, only larger chunks).
//!
//! A chunk larger than the bound is [`ChunkError::GameTooLarge`]; each line is read with a
//! bounded read, so a file without line ends (`/dev/zero`) costs the bound, not all memory:
//! the chunk and the line being read hold at most twice the bound. After an error the
//! iterator ends.

use std::io::{BufRead, Read};

use super::read::{
    begins_game, continues_symbol, is_result, starts_symbol, tag_close, HALVES, MARKS,
};
use super::{read, Comment, Line, PgnFile, MAX_DEPTH};
use crate::source::Span;

/// The largest chunk (one game, or a run of games) read: far above any real game, while a
/// file that is not PGN is refused before it fills the memory.
pub const MAX_GAME_BYTES: u64 = 16 << 20;

/// Whole lines of a PGN file holding one or more whole games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The lines, with their ends.
    pub text: String,
    /// Byte offset of its first byte in the file.
    pub offset: u64,
    /// 1-based number of its first line in the file.
    pub first_line: usize,
}

/// Why a file could not be read to its end.
#[derive(Debug, thiserror::Error)]
pub enum ChunkError {
    /// The game (or games that cannot be told apart) from `first_line` on is larger than the
    /// bound.
    #[error("the game from line {first_line} is larger than {max} bytes")]
    GameTooLarge {
        /// 1-based line where the chunk began.
        first_line: usize,
        /// The bound.
        max: u64,
    },
    /// A byte sequence that is not UTF-8.
    #[error("a byte that is not UTF-8 at line {line}, column {column}")]
    NotText {
        /// 1-based line of the byte.
        line: usize,
        /// 1-based column of the byte, in characters.
        column: usize,
    },
    /// The read failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// The chunks of a PGN file (see the module's documentation).
pub struct GameChunks<R> {
    reader: R,
    max: u64,
    walk: Walk,
    /// The chunk being gathered, its offset and first line, and whether a game began in it.
    text: String,
    offset: u64,
    first_line: usize,
    has_game: bool,
    /// Where the next line begins: its offset and number.
    next_offset: u64,
    next_line: usize,
    /// The line being read (kept to spare an allocation a line).
    buf: Vec<u8>,
    /// An error found after a cut, given after the chunk before it.
    pending: Option<ChunkError>,
    done: bool,
}

impl<R: BufRead> GameChunks<R> {
    /// Chunks of at most `max` bytes ([`MAX_GAME_BYTES`] for files; tests use less).
    pub fn new(reader: R, max: u64) -> Self {
        GameChunks {
            reader,
            max,
            walk: Walk::default(),
            text: String::new(),
            offset: 0,
            first_line: 1,
            has_game: false,
            next_offset: 0,
            next_line: 1,
            buf: Vec::new(),
            pending: None,
            done: false,
        }
    }

    /// Reads the next line into `buf`, at most one byte past the bound; false at the end.
    fn read_line(&mut self) -> std::io::Result<bool> {
        self.buf.clear();
        let read = (&mut self.reader)
            .take(self.max.saturating_add(1))
            .read_until(b'\n', &mut self.buf)?;
        Ok(read > 0)
    }

    /// The chunk gathered so far, if any, a new one begun.
    fn take_chunk(&mut self) -> Option<Chunk> {
        if self.text.is_empty() {
            return None;
        }
        self.has_game = false;
        Some(Chunk {
            text: std::mem::take(&mut self.text),
            offset: self.offset,
            first_line: self.first_line,
        })
    }

    /// Adds the line in `buf` to the chunk, or says why it cannot be.
    fn add_line(&mut self) -> Result<(), ChunkError> {
        let line = self.next_line;
        let text = line_text(&self.buf, self.max)
            .map_err(|column| ChunkError::NotText { line, column })?;
        if self.text.is_empty() {
            self.offset = self.next_offset;
            self.first_line = line;
        }
        // The bytes read, not the text: a line cut at the bound may end inside a character.
        if (self.text.len() + self.buf.len()) as u64 > self.max {
            return Err(ChunkError::GameTooLarge {
                first_line: self.first_line,
                max: self.max,
            });
        }
        self.has_game |= self.walk.line(text.as_bytes());
        self.text.push_str(text);
        self.next_offset += text.len() as u64;
        self.next_line += 1;
        Ok(())
    }

    fn fail(&mut self, error: ChunkError) -> Option<Result<Chunk, ChunkError>> {
        self.done = true;
        Some(Err(error))
    }
}

/// The line's bytes as text, or the 1-based column of the first byte that is not UTF-8. A line
/// cut at the bound may end inside a character: that is not counted against it (it is too
/// long anyway).
fn line_text(bytes: &[u8], max: u64) -> Result<&str, usize> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            let cut_short = e.error_len().is_none() && bytes.len() as u64 > max;
            match std::str::from_utf8(valid) {
                Ok(text) if cut_short => Ok(text),
                Ok(text) => Err(text.chars().count() + 1),
                Err(_) => Err(1),
            }
        }
    }
}

impl<R: BufRead> Iterator for GameChunks<R> {
    type Item = Result<Chunk, ChunkError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(error) = self.pending.take() {
            return self.fail(error);
        }
        if self.done {
            return None;
        }
        loop {
            match self.read_line() {
                Ok(true) => {}
                Ok(false) => {
                    self.done = true;
                    return self.take_chunk().map(Ok);
                }
                Err(e) => return self.fail(ChunkError::Io(e)),
            }
            let cut = self.has_game && self.walk.begins_game_at(&self.buf);
            let ready = if cut { self.take_chunk() } else { None };
            if let Err(error) = self.add_line() {
                return match ready {
                    Some(chunk) => {
                        self.pending = Some(error);
                        Some(Ok(chunk))
                    }
                    None => self.fail(error),
                };
            }
            if let Some(chunk) = ready {
                return Some(Ok(chunk));
            }
        }
    }
}

/// Where [`read`] is, as far as the ends of games go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Place {
    /// Between games (`file_body`).
    #[default]
    Between,
    /// After a game's result, where `{` comments are still the game's.
    AfterResult,
    /// In a game's tags.
    Tags,
    /// In movetext, variations this deep (0: the main line).
    Moves(usize),
    /// In a variation nested too deep (from movetext at `depth`), skipped by counting
    /// parentheses alone, `open` of them open.
    Skipping { depth: usize, open: u64 },
}

/// The reader followed line by line: its place, and whether it is in a `{` comment.
#[derive(Clone, Copy, Debug, Default)]
struct Walk {
    place: Place,
    comment: bool,
}

/// True for the bytes the reader skips as space.
fn blank(b: u8) -> bool {
    b.is_ascii_whitespace()
}

impl Walk {
    /// True when the reader, at the start of this line, ends any game and begins one at its
    /// `[` (see the module's documentation).
    fn begins_game_at(&self, line: &[u8]) -> bool {
        if self.comment {
            return false;
        }
        let Some(first) = line.iter().position(|&b| !blank(b)) else {
            return false;
        };
        line[first] == b'['
            && match self.place {
                Place::Between | Place::AfterResult => true,
                Place::Moves(0) => first == 0,
                _ => false,
            }
    }

    /// Follows a whole line (with its end); true when a game began in it.
    fn line(&mut self, bytes: &[u8]) -> bool {
        let mut began = false;
        let mut at = 0;
        while at < bytes.len() {
            at = if self.comment {
                self.in_comment(bytes, at)
            } else if let Place::Skipping { depth, open } = self.place {
                self.skipping(bytes[at], depth, open);
                at + 1
            } else if blank(bytes[at]) {
                at + 1
            } else {
                match self.place {
                    Place::Between => self.between(bytes, at, &mut began),
                    Place::AfterResult => self.after_result(bytes, at),
                    Place::Tags => self.tags(bytes, at),
                    Place::Moves(depth) => self.moves(bytes, at, depth, &mut began),
                    Place::Skipping { .. } => at + 1,
                }
            };
        }
        began
    }

    /// Past the comment's `}`, or to the line's end.
    fn in_comment(&mut self, bytes: &[u8], at: usize) -> usize {
        match bytes[at..].iter().position(|&b| b == b'}') {
            Some(i) => {
                self.comment = false;
                at + i + 1
            }
            None => bytes.len(),
        }
    }

    fn skipping(&mut self, b: u8, depth: usize, open: u64) {
        self.place = match b {
            b'(' => Place::Skipping {
                depth,
                open: open.saturating_add(1),
            },
            b')' if open <= 1 => Place::Moves(depth),
            b')' => Place::Skipping {
                depth,
                open: open - 1,
            },
            _ => self.place,
        };
    }

    /// `file_body`: a game begins, or a comment, a `%` line or skipped text runs to the end.
    fn between(&mut self, bytes: &[u8], at: usize, began: &mut bool) -> usize {
        match bytes[at] {
            b'%' if at == 0 => bytes.len(),
            b';' => bytes.len(),
            b'[' => {
                *began = true;
                self.place = Place::Tags;
                at
            }
            _ if begins_game(bytes, at) => {
                *began = true;
                self.place = Place::Moves(0);
                at
            }
            _ => bytes.len(),
        }
    }

    /// After a result: `{` comments are the game's; anything else is between games.
    fn after_result(&mut self, bytes: &[u8], at: usize) -> usize {
        if bytes[at] == b'{' {
            self.comment = true;
            at + 1
        } else {
            self.place = Place::Between;
            at
        }
    }

    /// `game`'s tag loop: tags (to their `]`, or the line's end), comments, `%` lines; anything
    /// else begins the movetext.
    fn tags(&mut self, bytes: &[u8], at: usize) -> usize {
        let line_end = bytes.len() - usize::from(bytes.ends_with(b"\n"));
        match bytes[at] {
            b'[' => tag_close(bytes, at + 1, line_end).map_or(bytes.len(), |close| close + 1),
            b';' => bytes.len(),
            b'%' if at == 0 => bytes.len(),
            _ => {
                self.place = Place::Moves(0);
                at
            }
        }
    }

    /// `line`: one step of movetext `depth` variations deep.
    fn moves(&mut self, bytes: &[u8], at: usize, depth: usize, began: &mut bool) -> usize {
        if bytes[at..].starts_with(HALVES.as_bytes()) {
            if depth == 0 {
                self.place = Place::AfterResult;
            }
            return at + HALVES.len();
        }
        let b = bytes[at];
        if b == b'%' && at == 0 {
            return bytes.len();
        }
        if !(starts_symbol(bytes, at) || MARKS.contains(&b)) {
            // Unexpected text, a byte at a time (the reader takes a character: the same end).
            return at + 1;
        }
        match b {
            b'{' => {
                self.comment = true;
                at + 1
            }
            b';' => bytes.len(),
            b'(' if depth + 1 >= MAX_DEPTH => {
                self.place = Place::Skipping { depth, open: 1 };
                at + 1
            }
            b'(' => {
                self.place = Place::Moves(depth + 1);
                at + 1
            }
            b')' => {
                self.place = Place::Moves(depth.saturating_sub(1));
                at + 1
            }
            b'[' if depth == 0 && bytes[..at].iter().all(|&b| blank(b)) => {
                // The game ends; the next begins with this tag.
                *began = true;
                self.place = Place::Tags;
                at
            }
            b'$' => at + 1 + run(&bytes[at + 1..], |b| b.is_ascii_digit()),
            b'!' | b'?' => at + run(&bytes[at..], |b| b == b'!' || b == b'?'),
            b'[' | b'.' => at + 1,
            _ => {
                // A symbol: only a result changes the place.
                let end = at + 1 + run(&bytes[at + 1..], continues_symbol);
                let token = std::str::from_utf8(&bytes[at..end]);
                if depth == 0 && token.is_ok_and(is_result) {
                    self.place = Place::AfterResult;
                }
                end
            }
        }
    }
}

/// How many bytes from the start satisfy `keep`.
fn run(bytes: &[u8], keep: impl Fn(u8) -> bool) -> usize {
    bytes.iter().take_while(|&&b| keep(b)).count()
}

/// Reads a text chunk by chunk, as a file is read, and gives what [`read`] gives for the
/// whole text: the games and errors of each chunk, their spans moved by its offset. The
/// property [`GameChunks`] is built to hold; an error when a chunk is larger than `max`.
pub fn read_chunked(text: &str, max: u64) -> Result<PgnFile, ChunkError> {
    let mut file = PgnFile::default();
    for chunk in GameChunks::new(text.as_bytes(), max) {
        let chunk = chunk?;
        let mut part = read(&chunk.text);
        shift_file(
            &mut part,
            usize::try_from(chunk.offset).unwrap_or(usize::MAX),
        );
        file.games.append(&mut part.games);
        file.errors.append(&mut part.errors);
    }
    Ok(file)
}

/// Moves every span of a file read from a chunk by the chunk's offset.
fn shift_file(file: &mut PgnFile, by: usize) {
    for game in &mut file.games {
        shift(&mut game.span, by);
        for tag in &mut game.tags {
            shift(&mut tag.span, by);
        }
        shift_line(&mut game.line, by);
        if let Some(result) = &mut game.result {
            shift(&mut result.span, by);
        }
        shift_comments(&mut game.trailing_comments, by);
    }
    for error in &mut file.errors {
        shift(&mut error.span, by);
    }
}

fn shift_line(line: &mut Line, by: usize) {
    shift_comments(&mut line.leading_comments, by);
    for m in &mut line.moves {
        shift(&mut m.span, by);
        shift_comments(&mut m.comments, by);
        for variation in &mut m.variations {
            shift_line(variation, by);
        }
    }
}

fn shift_comments(comments: &mut [Comment], by: usize) {
    for c in comments {
        shift(&mut c.span, by);
    }
}

fn shift(span: &mut Span, by: usize) {
    *span = Span::new(span.start.saturating_add(by), span.end.saturating_add(by));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chunks' texts, every chunk checked to be the file's text at its offset and line.
    fn chunk_texts(text: &str) -> Vec<String> {
        let mut texts = Vec::new();
        for chunk in GameChunks::new(text.as_bytes(), MAX_GAME_BYTES) {
            let chunk = chunk.expect("a chunk");
            let at = chunk.offset as usize;
            assert_eq!(&text[at..at + chunk.text.len()], chunk.text, "{text:?}");
            assert_eq!(chunk.first_line, text[..at].matches('\n').count() + 1);
            texts.push(chunk.text);
        }
        assert_eq!(texts.concat(), text, "the chunks are the whole text");
        texts
    }

    /// Read in chunks, the text reads as it does whole; its chunks are returned.
    fn same(text: &str) -> Vec<String> {
        let chunked = read_chunked(text, MAX_GAME_BYTES).expect("no chunk too large");
        assert_eq!(chunked, read(text), "{text:?}");
        chunk_texts(text)
    }

    const A: &str = "[Event \"A\"]\n\n1. e4 e5 *\n";
    const B: &str = "[Event \"B\"]\n\n1. d4 d5 1-0\n";

    #[test]
    fn games_are_cut_at_their_tags() {
        assert_eq!(
            same(&[A, "\n", B, "\n", A].concat()),
            [&[A, "\n"].concat(), &[B, "\n"].concat(), A]
        );
        assert_eq!(same(""), Vec::<String>::new());
        assert_eq!(same("\n\n"), ["\n\n"]);
        // What comes before the first game stays with it.
        assert_eq!(same(&["; a comment\n%escape\n", A].concat()).len(), 1);
    }

    #[test]
    fn no_cut_inside_a_comment_or_a_variation() {
        let comment = "[A \"1\"]\n1. e4 {a comment\n[B \"2\"]\n} e5 *\n";
        assert_eq!(same(&[comment, B].concat()), [comment, B]);
        let variation = "[A \"1\"]\n1. e4 (1. d4\n[B \"2\"]\n) e5 *\n";
        assert_eq!(same(&[variation, B].concat()), [variation, B]);
        // A `)` too many does not take the depth below 0.
        let unopened = "[A \"1\"]\n1. e4 ) e5\n";
        assert_eq!(same(&[unopened, B].concat()), [unopened, B]);
        // Never closed: the rest of the file is the comment, or the variation.
        for open in ["{never closed\n", "(1. d4\n"] {
            let text = ["[A \"1\"]\n1. e4 ", open, B].concat();
            assert_eq!(same(&text), [text.as_str()]);
        }
    }

    #[test]
    fn comments_and_escapes_open_nothing() {
        // A `{` or `(` in a `;` comment, a `%` line or a tag's value is no comment or variation.
        for line in [
            "1. e4 ; { ( not opened\n",
            "1. e4 *\n%{ ( escaped\n",
            "[A \"x]{(\"]\n1. e4 *\n",
            "[A \"\\\"]{(\"]\n1. e4 *\n",
        ] {
            assert_eq!(same(&[line, B].concat()), [line, B], "{line:?}");
        }
    }

    #[test]
    fn a_header_only_game_stays_with_the_next() {
        let header = "[A \"1\"]\n\n";
        assert_eq!(same(&[header, B].concat()), [[header, B].concat()]);
        // Tags on one line, and a tag not closed, are tags all the same.
        let tags = "[A \"1\"] [B \"(\"]\n[C \"2\"\n";
        assert_eq!(
            same(&[tags, B, A].concat()),
            [[tags, B].concat(), A.to_string()]
        );
    }

    #[test]
    fn games_without_results() {
        let text = "[A \"1\"]\n1. e4\n[B \"2\"]\n1. d4\n";
        assert_eq!(same(text), ["[A \"1\"]\n1. e4\n", "[B \"2\"]\n1. d4\n"]);
        // Indented, the tag would end the game at another byte: no cut.
        let indented = "[A \"1\"]\n1. e4\n  [B \"2\"]\n1. d4\n";
        assert_eq!(same(indented), [indented]);
        // After a result it may be indented.
        let after = "[A \"1\"]\n1. e4 1-0 {after}\n  [B \"2\"]\n1. d4\n";
        assert_eq!(
            same(after),
            ["[A \"1\"]\n1. e4 1-0 {after}\n", "  [B \"2\"]\n1. d4\n"]
        );
        // Movetext without tags, a result in a variation, a result word.
        let bare = "1. e4 (1. d4 1-0) e5\n[B \"2\"]\n1. d4 remi\n[C \"3\"]\n½-½\n[D \"4\"]\n";
        assert_eq!(same(bare).len(), 4);
    }

    #[test]
    fn line_ends_and_the_last_line() {
        let crlf = "[A \"1\"]\r\n\r\n1. e4 *\r\n[B \"2\"]\r\n1. d4\r\n[C \"3\"]\r\n1. c4 0-1";
        assert_eq!(same(crlf).len(), 3);
        assert_eq!(same("[A \"1\"]\n1. e4 *\n[B \"2\"]").len(), 2);
    }

    #[test]
    fn too_deep_variations_are_skipped_by_parentheses() {
        // Past 64 deep the reader counts parentheses alone, in comments too.
        let deep = format!(
            "[A \"1\"]\n1. e4 {}{{ ) }}\n[B \"2\"]\n*\n",
            "( e5 ".repeat(64)
        );
        same(&deep);
        let closed = format!(
            "[A \"1\"]\n1. e4 {}{{ ) }}{}\n[B \"2\"]\n*\n",
            "( e5 ".repeat(64),
            ")".repeat(64)
        );
        same(&closed);
    }

    /// Texts made of PGN's pieces at random read the same in chunks.
    #[test]
    fn random_texts_read_the_same_in_chunks() {
        const PIECES: [&str; 30] = [
            "[Event \"x\"]",
            "[A \"]{(\\\"\"]",
            "[",
            "]",
            "\"",
            "\n",
            "\n",
            "\n\n",
            "\r\n",
            "  ",
            "{",
            "}",
            "(",
            ")",
            ";",
            "%",
            "1.",
            "e4",
            "Nf3",
            "*",
            "1-0",
            "½-½",
            "remi",
            "$1",
            "!?",
            "é",
            "+R",
            "\\",
            "e.p.",
            "9.",
        ];
        let mut seed = 0x5EED_u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        for _ in 0..3000 {
            let len = next(60);
            let text: String = (0..len).map(|_| PIECES[next(PIECES.len())]).collect();
            same(&text);
        }
    }

    #[test]
    fn a_chunk_past_the_bound_is_an_error_after_the_chunks_before() {
        let big = format!("[Event \"big\"]\n1. e4 {{{}}} *\n", "x".repeat(100));
        let text = [A, &big, B].concat();
        let items: Vec<_> = GameChunks::new(text.as_bytes(), 64).collect();
        assert_eq!(items.len(), 2, "{items:?}");
        assert_eq!(items[0].as_ref().map(|c| c.text.as_str()).ok(), Some(A));
        assert!(
            matches!(
                items[1],
                Err(ChunkError::GameTooLarge {
                    first_line: 4,
                    max: 64
                })
            ),
            "{items:?}"
        );
        assert!(read_chunked(&text, 64).is_err());
        assert!(read_chunked(&text, 1000).is_ok());
    }

    #[test]
    fn a_file_without_line_ends_costs_the_bound() {
        let zeros = std::io::BufReader::new(std::io::repeat(0));
        let items: Vec<_> = GameChunks::new(zeros, 1 << 16).collect();
        assert!(
            matches!(
                items[..],
                [Err(ChunkError::GameTooLarge { first_line: 1, .. })]
            ),
            "{items:?}"
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_located() {
        let text = [A.as_bytes(), b"[B \"\xc3\xa9\xff\"]\n"].concat();
        let items: Vec<_> = GameChunks::new(&text[..], MAX_GAME_BYTES).collect();
        assert!(items[0].is_ok());
        assert!(
            matches!(items[1], Err(ChunkError::NotText { line: 4, column: 6 })),
            "{items:?}"
        );
        assert_eq!(items.len(), 2);
        // A character cut by the bound is no error of its own: the line is too long.
        let long = "é".repeat(40);
        let items: Vec<_> = GameChunks::new(long.as_bytes(), 8).collect();
        assert!(
            matches!(items[..], [Err(ChunkError::GameTooLarge { .. })]),
            "{items:?}"
        );
    }
}
