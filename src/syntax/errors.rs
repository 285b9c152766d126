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
