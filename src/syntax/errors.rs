//! Syntax diagnostics in plain words: brace structure checked before pest runs, and pest's
//! rare remaining errors translated (rule names never reach the user).

use pest::error::{Error, ErrorVariant, InputLocation};

use super::{Rule, MAX_NESTING};
use crate::diagnostic::{Diagnostic, Span};

pub const UNCLOSED_BLOCK: &str = "hexv::syntax::unclosed_block";
pub const UNEXPECTED_BRACE: &str = "hexv::syntax::unexpected_brace";
pub const TOO_DEEP: &str = "hexv::syntax::too_deep";
pub const UNTERMINATED_STRING: &str = "hexv::syntax::unterminated_string";
pub const UNEXPECTED: &str = "hexv::syntax::unexpected";
pub const LINE_TOO_LONG: &str = "hexv::syntax::line_too_long";
pub const WORD_TOO_LONG: &str = "hexv::syntax::word_too_long";
pub const CONTROL_CHARACTER: &str = "hexv::syntax::control_character";
pub const TOO_COMPLEX: &str = "hexv::syntax::too_complex";

/// Longest line, in characters. Real lines are under a hundred; the bound keeps every column
/// a diagnostic points at small enough to draw.
pub const MAX_LINE_CHARS: usize = 10_000;

/// Longest word (a name, a symbol, a number), in characters: it bounds every name hexv
/// prints, aligns or compares for "did you mean".
pub const MAX_WORD_CHARS: usize = 64;

/// Lines too long, words too long and control characters, found by a linear scan before
/// anything else reads the text: each is one diagnostic, at most one per line.
pub fn check_limits(text: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        if let Some(d) = line_problem(line, line_start) {
            out.push(d);
        }
        line_start += line.len();
    }
    out
}

/// The first problem of one line (`start` is its byte offset in the file).
fn line_problem(line: &str, start: usize) -> Option<Diagnostic> {
    let content = line.trim_end_matches(['\n', '\r']);
    if let Some((i, c)) = content
        .char_indices()
        .find(|(_, c)| c.is_control() && *c != '\t')
    {
        return Some(
            Diagnostic::error(
                CONTROL_CHARACTER,
                format!("a control character ({}) in the text", c.escape_unicode()),
            )
            .at(Span::new(start + i, start + i + c.len_utf8()), "here")
            .help("remove it: a variant file is plain text (tabs are allowed)"),
        );
    }
    if let Some((i, _)) = content.char_indices().nth(MAX_LINE_CHARS) {
        return Some(
            Diagnostic::error(
                LINE_TOO_LONG,
                format!("this line is longer than {MAX_LINE_CHARS} characters"),
            )
            .at(
                Span::new(start + i, start + content.len()),
                "beyond the limit",
            )
            .help("split it: most statements may be given again on the next line"),
        );
    }
    let code = content.split('#').next().unwrap_or("");
    let mut quoted = false;
    let mut word: Option<(usize, usize)> = None;
    for (i, c) in code
        .char_indices()
        .chain(std::iter::once((code.len(), ' ')))
    {
        let in_word = !quoted && (c.is_alphanumeric() || matches!(c, '_' | '-' | '\'' | '+'));
        match (in_word, word) {
            (true, None) => word = Some((i, 1)),
            (true, Some((w, n))) => word = Some((w, n + 1)),
            (false, Some((w, n))) => {
                if n > MAX_WORD_CHARS {
                    return Some(
                        Diagnostic::error(
                            WORD_TOO_LONG,
                            format!("this word is {n} characters long; names, symbols and numbers may have at most {MAX_WORD_CHARS}"),
                        )
                        .at(Span::new(start + w, start + i), "too long")
                        .help(format!("use a name of at most {MAX_WORD_CHARS} characters")),
                    );
                }
                word = None;
            }
            (false, None) => {}
        }
        if c == '"' {
            quoted = !quoted;
        }
    }
    None
}

/// The diagnostic for pest's call limit: the text is too intricate to read, not wrong at a
/// place (pest gives up there, which is no mistake of the author's).
pub fn too_complex(call_limit: usize) -> Diagnostic {
    Diagnostic::error(
        TOO_COMPLEX,
        format!("the file is too intricate to read within {call_limit} parser steps"),
    )
    .at(Span::new(0, 0), "reading gave up")
    .help("split long lines and remove repeated statements")
}

/// Finds unbalanced braces, unterminated strings and absurd nesting by a linear scan, so the
/// message can point at the brace that was opened and the parser never recurses deeply.
pub fn check_structure(text: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => {
                while let Some(&(_, c)) = chars.peek() {
                    if c == '\n' {
                        break;
                    }
                    chars.next();
                }
            }
            '"' => {
                let mut closed = false;
                while let Some(&(_, c)) = chars.peek() {
                    if c == '\n' {
                        break;
                    }
                    chars.next();
                    if c == '\\' {
                        chars.next();
                    } else if c == '"' {
                        closed = true;
                        break;
                    }
                }
                if !closed {
                    let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
                    out.push(
                        Diagnostic::error(UNTERMINATED_STRING, "this string is never closed")
                            .at(Span::new(i, end), "string starts here")
                            .help("end the string with `\"` on the same line"),
                    );
                }
            }
            '{' => {
                open.push(i);
                if open.len() > MAX_NESTING {
                    out.push(
                        Diagnostic::error(
                            TOO_DEEP,
                            format!("blocks are nested more than {MAX_NESTING} deep"),
                        )
                        .at(Span::new(i, i + 1), "too deep")
                        .help("blocks (`board`, `piece`, `setup`, ...) sit at the top level and hold plain lines"),
                    );
                    return out;
                }
            }
            '}' if open.pop().is_none() => {
                out.push(
                    Diagnostic::error(UNEXPECTED_BRACE, "`}` closes no block")
                        .at(Span::new(i, i + 1), "nothing to close")
                        .help("remove this `}` or add the `{` it should close"),
                );
            }
            _ => {}
        }
    }
    for start in open {
        out.push(
            Diagnostic::error(UNCLOSED_BLOCK, "this block is never closed")
                .at(Span::new(start, start + 1), "opened here")
                .help("add `}` at the end of the block"),
        );
    }
    out
}

/// Translates a pest error into one diagnostic with readable expectations.
pub fn from_pest(error: &Error<Rule>, text: &str) -> Diagnostic {
    let pos = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let found = token_at(text, pos);
    let mut expected: Vec<&str> = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().filter_map(|r| describe(*r)).collect()
        }
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    expected.sort_unstable();
    expected.dedup();
    let message = match found {
        Some((_, ref t)) => format!("unexpected `{t}`"),
        None => "unexpected end of file".to_string(),
    };
    let span = match found {
        Some((len, _)) => Span::new(pos, pos + len),
        None => Span::new(pos, pos),
    };
    // With a catch-all line in every block, the one thing pest can still refuse is text
    // after the `}` that closes a block, on the same line.
    let before = text.get(..pos).unwrap_or("");
    let line = &before[before.rfind('\n').map_or(0, |n| n + 1)..];
    let after_brace = line.trim_end().ends_with('}');
    let help = if after_brace {
        "a block ends its line: put what follows the `}` on a new line".to_string()
    } else if expected.is_empty() {
        "check this line against docs/language.md".to_string()
    } else {
        format!("expected {}", join_or(&expected))
    };
    Diagnostic::error(UNEXPECTED, message)
        .at(span, "not expected here")
        .help(help)
}

/// The word or character at `pos`, with its byte length.
fn token_at(text: &str, pos: usize) -> Option<(usize, String)> {
    let rest = text.get(pos..)?;
    let first = rest.chars().next()?;
    if first == '\n' || first == '\r' {
        return Some((first.len_utf8(), "end of line".to_string()));
    }
    let word: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '-'))
        .collect();
    if word.is_empty() {
        Some((first.len_utf8(), first.escape_debug().to_string()))
    } else {
        Some((word.len(), word))
    }
}

fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "a new line or the end of the file",
        Rule::sep => "a new line",
        Rule::string => "a string in double quotes",
        Rule::int | Rule::uint | Rule::hour => "a number",
        Rule::ident | Rule::dir_word => "a name",
        Rule::symbol => "a piece symbol (an upper-case letter)",
        Rule::braced => "`{`",
        _ => return None,
    })
}

fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// True when pest stopped at its call or stack limit rather than at a mistake in the text.
pub fn is_call_limit(error: &Error<Rule>) -> bool {
    matches!(
        &error.variant,
        ErrorVariant::CustomError { message } if message.ends_with("limit reached")
    )
}

/// Words that begin a top-level statement or block: where a block left open is taken to end.
const TOP_LEVEL_WORDS: &[&str] = &[
    "variant",
    "inventor",
    "year",
    "source",
    "note",
    "symmetry",
    "sides",
    "directions",
    "zone",
    "board",
    "piece",
    "setup",
    "rules",
    "castling",
];

/// The text with its braces balanced, for reading on past a brace error so that the rest of
/// the file's mistakes come in the same run: a `}` that closes nothing is blanked out, and a
/// block never closed is closed before the next line that begins at its start with a
/// top-level word (`piece`, `setup`, ...), or at the end. Also the places where text was
/// inserted (offset in `text`, length), in order, to map positions back. `None` when the
/// braces are balanced already or a string is never closed (nothing to repair by braces).
pub fn balance_braces(text: &str) -> Option<(String, Vec<(usize, usize)>)> {
    let mut open: Vec<usize> = Vec::new();
    let mut stray: Vec<usize> = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => while chars.next_if(|&(_, c)| c != '\n').is_some() {},
            '"' => {
                let mut closed = false;
                while let Some((_, c)) = chars.next_if(|&(_, c)| c != '\n') {
                    if c == '\\' {
                        chars.next();
                    } else if c == '"' {
                        closed = true;
                        break;
                    }
                }
                if !closed {
                    return None;
                }
            }
            '{' => open.push(i),
            '}' if open.pop().is_none() => stray.push(i),
            _ => {}
        }
    }
    if open.is_empty() && stray.is_empty() {
        return None;
    }
    let mut bytes = text.as_bytes().to_vec();
    for i in stray {
        bytes[i] = b' ';
    }
    // Each block left open ends where the next top-level line after it begins.
    let mut closes: Vec<usize> = open
        .iter()
        .map(|&at| next_top_level_line(text, at))
        .collect();
    closes.sort_unstable();
    let mut repaired = String::with_capacity(text.len() + 2 * closes.len());
    let mut inserted = Vec::new();
    let mut from = 0;
    for at in closes {
        repaired.push_str(std::str::from_utf8(&bytes[from..at]).ok()?);
        // A `}` on a line of its own: the line before may end without a newline at the end.
        let text = if at > 0 && bytes[at - 1] != b'\n' {
            "\n}\n"
        } else {
            "}\n"
        };
        repaired.push_str(text);
        inserted.push((at, text.len()));
        from = at;
    }
    repaired.push_str(std::str::from_utf8(&bytes[from..]).ok()?);
    Some((repaired, inserted))
}

/// Where the first line after `after` that begins with a top-level word starts (at column 0,
/// as blocks are written), or the end of the text.
fn next_top_level_line(text: &str, after: usize) -> usize {
    let mut at = match text[after..].find('\n') {
        Some(n) => after + n + 1,
        None => return text.len(),
    };
    while at < text.len() {
        let line = &text[at..];
        let word: &str = line
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .next()
            .unwrap_or_default();
        if TOP_LEVEL_WORDS.contains(&word) {
            return at;
        }
        at = match line.find('\n') {
            Some(n) => at + n + 1,
            None => text.len(),
        };
    }
    text.len()
}

/// A position in a text [`balance_braces`] repaired, as a position in the original text
/// (one inside inserted text is where the insertion was made).
pub fn position_before_repair(inserted: &[(usize, usize)], at: usize) -> usize {
    let mut shift = 0;
    for &(offset, len) in inserted {
        if at < offset + shift {
            break;
        }
        if at < offset + shift + len {
            return offset;
        }
        shift += len;
    }
    at - shift
}
