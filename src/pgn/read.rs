//! The PGN reader: a byte scanner over the whole file. Every step consumes at least one
//! byte, so any input ends; variations nest at most [`MAX_DEPTH`] deep, so none exhausts
//! the stack.

use super::{
    Comment, GameResult, Line, PgnError, PgnErrorKind, PgnFile, PgnGame, PgnMove, Tag, MAX_DEPTH,
};
use crate::game::{adds_up_to_one, read_result};
use crate::source::Span;

/// Reads every game of a PGN text.
pub fn read(text: &str) -> PgnFile {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        at: 0,
        file: PgnFile::default(),
    };
    reader.file_body();
    // A move number's error is known only at the next token, after errors found between:
    // put them back in file order (a stable sort keeps a place's errors as found).
    reader.file.errors.sort_by_key(|e| e.span.start);
    reader.file
}

struct Reader<'t> {
    text: &'t str,
    bytes: &'t [u8],
    at: usize,
    file: PgnFile,
}

/// Why a line of movetext stopped.
#[derive(PartialEq, Eq)]
enum LineEnd {
    /// A `)` closed it (consumed).
    Close,
    /// A result token (consumed into the game).
    Result,
    /// A tag begins: the next game.
    Tag,
    /// End of the file.
    End,
}

/// Characters a move's text may hold after its first (PGN's symbol characters, and `*` for
/// drops, `!`/`?` for annotations, `/` for promotion slashes).
pub(super) fn continues_symbol(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"_+#=:-*/!?".contains(&b)
}

/// True when a move can begin at `at`: a letter or digit, or `+` before a capital (the
/// promoted pieces of shogi, `+R`).
pub(super) fn starts_symbol(bytes: &[u8], at: usize) -> bool {
    match bytes.get(at) {
        Some(b'+') => bytes.get(at + 1).is_some_and(u8::is_ascii_uppercase),
        Some(b) => b.is_ascii_alphanumeric(),
        None => false,
    }
}

/// True when `token` is a result: `*`, or scores `1-0`, `1/2-1/2`, `3/4-1/4`; with three to
/// six sides each side's score, adding up to one (`0-1-0`, `1/3-1/3-1/3`; so castling written
/// `0-0-0` stays a move).
fn is_score_result(token: &str) -> bool {
    if token == "*" {
        return true;
    }
    read_result(token).is_some_and(|scores| scores.len() == 2 || adds_up_to_one(&scores))
}

/// True when a movetext token (a symbol run) is a result: a score or a result word.
pub(super) fn is_result(token: &str) -> bool {
    is_score_result(token) || RESULT_WORDS.contains(&token)
}

/// True when a game begins at `at` between games: a tag, a comment, a variation, a NAG, `*`
/// or a move.
pub(super) fn begins_game(bytes: &[u8], at: usize) -> bool {
    matches!(bytes.get(at), Some(b'[' | b'{' | b'(' | b'$' | b'*')) || starts_symbol(bytes, at)
}

/// The bytes movetext gives a meaning to besides symbols (anything else is unexpected text).
pub(super) const MARKS: &[u8] = b"{};()$*[.!?";

/// Words read as results though no standard token: `remi` (Hungarian: draw).
const RESULT_WORDS: [&str; 1] = ["remi"];

/// A draw written with the one-half sign, read as a result.
pub(super) const HALVES: &str = "½-½";

impl<'t> Reader<'t> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn error(&mut self, kind: PgnErrorKind, start: usize, end: usize) {
        self.file.errors.push(PgnError {
            kind,
            span: Span::new(start, end),
        });
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn line_end(&self, from: usize) -> usize {
        self.bytes[from..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.bytes.len(), |i| from + i)
    }

    /// The end of a character that begins at `at` (a whole UTF-8 sequence).
    fn char_end(&self, at: usize) -> usize {
        (at + 1..=self.bytes.len())
            .find(|&i| self.text.is_char_boundary(i))
            .unwrap_or(self.bytes.len())
    }

    fn at_line_start(&self) -> bool {
        self.at == 0 || self.bytes[self.at - 1] == b'\n'
    }

    /// Games, and what lies between them.
    fn file_body(&mut self) {
        loop {
            self.skip_space();
            let Some(b) = self.peek() else { return };
            match b {
                b'%' if self.at_line_start() => self.at = self.line_end(self.at),
                b';' => self.at = self.line_end(self.at),
                _ if begins_game(self.bytes, self.at) => self.game(),
                _ => {
                    let end = self.line_end(self.at);
                    self.error(PgnErrorKind::SkippedText, self.at, end);
                    self.at = end;
                }
            }
        }
    }

    /// One game: its tags, then its movetext up to the result.
    fn game(&mut self) {
        let start = self.at;
        let mut game = PgnGame::default();
        loop {
            // A blank line after the tags ends them: a second tag section after one is the
            // next game's, and this game has no moves (a header written twice, or a game
            // whose moves were commented out).
            let space_from = self.at;
            self.skip_space();
            let blank = self.text[space_from..self.at].matches('\n').count() >= 2;
            if blank && !game.tags.is_empty() {
                break;
            }
            match self.peek() {
                Some(b'[') => {
                    if let Some(tag) = self.tag() {
                        game.tags.push(tag);
                    }
                }
                Some(b';') => self.at = self.line_end(self.at),
                Some(b'%') if self.at_line_start() => self.at = self.line_end(self.at),
                _ => break,
            }
        }
        let mut result = None;
        let end = self.line(&mut game.line, 0, &mut result);
        if end == LineEnd::Result {
            // Comments right after the result still belong to the game.
            loop {
                self.skip_space();
                if self.peek() != Some(b'{') {
                    break;
                }
                if let Some(c) = self.brace_comment() {
                    game.trailing_comments.push(c);
                }
            }
        }
        let last = result.as_ref().map_or(self.at, |r: &GameResult| r.span.end);
        game.result = result;
        game.span = Span::new(start, last.max(start));
        self.file.games.push(game);
    }

    /// A tag pair, from its `[`; `None` (with an error) when it cannot be read, after
    /// skipping to the end of its line.
    fn tag(&mut self) -> Option<Tag> {
        let start = self.at;
        let line_end = self.line_end(start);
        let close = tag_close(self.bytes, start + 1, line_end);
        let Some(close) = close else {
            self.error(PgnErrorKind::UnterminatedTag, start, line_end);
            self.at = line_end;
            return None;
        };
        self.at = close + 1;
        let inner = &self.text[start + 1..close];
        let malformed = |r: &mut Self| {
            r.error(PgnErrorKind::MalformedTag, start, close + 1);
            None
        };
        let inner = inner.trim();
        let name_len = inner
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(inner.len());
        let (name, rest) = inner.split_at(name_len);
        let rest = rest.trim();
        let Some(quoted) = rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')) else {
            return malformed(self);
        };
        if name.is_empty() {
            return malformed(self);
        }
        let mut value = String::new();
        let mut chars = quoted.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => value.extend(chars.next()),
                c => value.push(c),
            }
        }
        Some(Tag {
            name: name.to_string(),
            value,
            span: Span::new(start, close + 1),
        })
    }

    /// A `{` comment; at the end of the file without `}`, an error and the rest as comment.
    fn brace_comment(&mut self) -> Option<Comment> {
        let start = self.at;
        match self.bytes[start + 1..].iter().position(|&b| b == b'}') {
            Some(i) => {
                let end = start + 1 + i;
                self.at = end + 1;
                Some(Comment {
                    text: self.text[start + 1..end].trim().to_string(),
                    span: Span::new(start, end + 1),
                })
            }
            None => {
                self.error(PgnErrorKind::UnterminatedComment, start, start + 1);
                self.at = self.bytes.len();
                Some(Comment {
                    text: self.text[start + 1..].trim().to_string(),
                    span: Span::new(start, self.bytes.len()),
                })
            }
        }
    }

    /// Movetext into `line` until a `)` (in a variation), a result, a tag or the end.
    fn line(&mut self, line: &mut Line, depth: usize, result: &mut Option<GameResult>) -> LineEnd {
        // A move number waiting for its move: (number, start, end).
        let mut number: Option<(u32, usize, usize)> = None;
        let mut unexpected: Option<(usize, usize)> = None;
        let end = loop {
            self.skip_space();
            let Some(b) = self.peek() else {
                break LineEnd::End;
            };
            let start = self.at;
            if self.text[start..].starts_with(HALVES) {
                self.at += HALVES.len();
                if depth == 0 {
                    *result = Some(GameResult {
                        text: HALVES.to_string(),
                        span: Span::new(start, self.at),
                        standard: false,
                    });
                    break LineEnd::Result;
                }
                continue;
            }
            let comment_line = b == b'%' && self.at_line_start();
            if !(starts_symbol(self.bytes, start) || MARKS.contains(&b) || comment_line) {
                let end = self.char_end(start);
                unexpected = Some(unexpected.map_or((start, end), |(s, _)| (s, end)));
                self.at = end;
                continue;
            }
            if let Some((s, e)) = unexpected.take() {
                self.error(PgnErrorKind::UnexpectedText, s, e);
            }
            match b {
                b'{' => {
                    if let Some(c) = self.brace_comment() {
                        attach_comment(line, c);
                    }
                }
                b';' => {
                    let end = self.line_end(start);
                    let c = Comment {
                        text: self.text[start + 1..end].trim().to_string(),
                        span: Span::new(start, end),
                    };
                    self.at = end;
                    attach_comment(line, c);
                }
                b'%' if self.at_line_start() => self.at = self.line_end(start),
                b'(' => {
                    self.at += 1;
                    if depth + 1 >= MAX_DEPTH {
                        self.error(PgnErrorKind::NestedTooDeep, start, start + 1);
                    }
                    let mut variation = Line::default();
                    let end = if depth + 1 >= MAX_DEPTH {
                        self.skip_variation()
                    } else {
                        self.line(&mut variation, depth + 1, result)
                    };
                    if end != LineEnd::Close {
                        self.error(PgnErrorKind::UnterminatedVariation, start, start + 1);
                    }
                    match line.moves.last_mut() {
                        Some(m) => m.variations.push(variation),
                        None => self.error(PgnErrorKind::VariationWithoutMove, start, self.at),
                    }
                    if end != LineEnd::Close {
                        break end;
                    }
                }
                b')' => {
                    self.at += 1;
                    if depth > 0 {
                        break LineEnd::Close;
                    }
                    self.error(PgnErrorKind::UnopenedVariation, start, start + 1);
                }
                b'[' => {
                    if depth > 0 || !self.at_line_start_after_space(start) {
                        // A stray bracket inside movetext.
                        self.at += 1;
                        self.error(PgnErrorKind::UnexpectedText, start, start + 1);
                    } else {
                        break LineEnd::Tag;
                    }
                }
                b'$' => {
                    self.at += 1;
                    let digits = self.take_while(|b| b.is_ascii_digit());
                    match digits.parse::<u16>().ok().filter(|n| *n <= 255) {
                        Some(n) => match line.moves.last_mut() {
                            Some(m) => m.nags.push(n),
                            None => self.error(PgnErrorKind::MalformedNag, start, self.at),
                        },
                        None => self.error(PgnErrorKind::MalformedNag, start, self.at),
                    }
                }
                b'.' => self.at += 1,
                b'!' | b'?' => {
                    let glyph = self.take_while(|b| b == b'!' || b == b'?');
                    let nag = match glyph {
                        "!" => Some(1),
                        "?" => Some(2),
                        "!!" => Some(3),
                        "??" => Some(4),
                        "!?" => Some(5),
                        "?!" => Some(6),
                        _ => None,
                    };
                    match (nag, line.moves.last_mut()) {
                        (Some(n), Some(m)) => m.nags.push(n),
                        _ => self.error(PgnErrorKind::MalformedNag, start, self.at),
                    }
                }
                _ => {
                    // A symbol: a result, a move number, or a move.
                    self.at += 1;
                    self.take_while(continues_symbol);
                    let token = &self.text[start..self.at];
                    if is_result(token) {
                        if let Some((_, s, e)) = number.take() {
                            self.error(PgnErrorKind::MoveNumberWithoutMove, s, e);
                        }
                        if depth == 0 {
                            *result = Some(GameResult {
                                text: token.to_string(),
                                span: Span::new(start, self.at),
                                standard: is_score_result(token),
                            });
                            break LineEnd::Result;
                        }
                        continue;
                    }
                    if token.bytes().all(|b| b.is_ascii_digit()) && self.peek() == Some(b'.') {
                        let digits_end = self.at;
                        self.take_while(|b| b == b'.');
                        let Ok(n) = token.parse() else {
                            // Not kept as a smaller number, which would change the record.
                            self.error(PgnErrorKind::MoveNumberTooLarge, start, digits_end);
                            continue;
                        };
                        if let Some((_, s, e)) = number.replace((n, start, self.at)) {
                            self.error(PgnErrorKind::MoveNumberWithoutMove, s, e);
                        }
                        continue;
                    }
                    if (token == "e" && self.text[self.at..].starts_with(".p.")) || token == "ep" {
                        if let Some(m) = line.moves.last_mut() {
                            self.at += if token == "e" { 3 } else { 0 };
                            m.span = Span::new(m.span.start, self.at);
                            m.text = self.text[m.span.start..m.span.end].to_string();
                            continue;
                        }
                    }
                    line.moves.push(PgnMove {
                        text: token.to_string(),
                        span: Span::new(start, self.at),
                        number: number.take().map(|(n, _, _)| n),
                        nags: Vec::new(),
                        comments: Vec::new(),
                        variations: Vec::new(),
                    });
                }
            }
        };
        if let Some((s, e)) = unexpected {
            self.error(PgnErrorKind::UnexpectedText, s, e);
        }
        if let Some((_, s, e)) = number {
            self.error(PgnErrorKind::MoveNumberWithoutMove, s, e);
        }
        end
    }

    /// True when only spaces stand between the line's start and `at`.
    fn at_line_start_after_space(&self, at: usize) -> bool {
        self.bytes[..at]
            .iter()
            .rev()
            .take_while(|&&b| b != b'\n')
            .all(|b| b.is_ascii_whitespace())
    }

    /// Skips a variation nested too deep, counting parentheses (no recursion).
    fn skip_variation(&mut self) -> LineEnd {
        let mut open = 1usize;
        while let Some(b) = self.peek() {
            self.at += 1;
            match b {
                b'(' => open += 1,
                b')' => {
                    open -= 1;
                    if open == 0 {
                        return LineEnd::Close;
                    }
                }
                _ => {}
            }
        }
        LineEnd::End
    }

    fn take_while(&mut self, keep: impl Fn(u8) -> bool) -> &'t str {
        let start = self.at;
        while self.peek().is_some_and(&keep) {
            self.at += 1;
        }
        &self.text[start..self.at]
    }
}

/// The `]` closing a tag on its line (`from` just past its `[`, `line_end` at the line's
/// `\n` or the text's end), outside its quoted value.
pub(super) fn tag_close(bytes: &[u8], from: usize, line_end: usize) -> Option<usize> {
    let mut quoted = false;
    let mut i = from;
    while i < line_end {
        match bytes[i] {
            b'\\' if quoted => i += 1,
            b'"' => quoted = !quoted,
            b']' if !quoted => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// A comment goes after the last move, or before the first.
fn attach_comment(line: &mut Line, comment: Comment) {
    match line.moves.last_mut() {
        Some(m) => m.comments.push(comment),
        None => line.leading_comments.push(comment),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results() {
        for r in ["1-0", "0-1", "1/2-1/2", "*", "3/4-1/4"] {
            assert!(is_score_result(r), "{r}");
        }
        for r in ["42-63", "1-", "e4-e5", "1/0-1"] {
            assert!(!is_score_result(r), "{r}");
        }
        // Three to six sides: each side's score, adding up to one.
        for r in [
            "1-0-0",
            "0-0-1",
            "1/3-1/3-1/3",
            "0-1/2-1/2",
            "1/6-1/6-1/6-1/6-1/6-1/6",
        ] {
            assert!(is_score_result(r), "{r}");
        }
        for r in [
            "0-0-0",
            "1-1-0",
            "1/2-1/2-1/2",
            "0-0-0-0-0-0-1",
            "1-0-",
            "+1-0-0",
        ] {
            assert!(!is_score_result(r), "{r}");
        }
    }
}
