//! The canonical layout of a `.hexv` file (`hexv fmt`): one statement per line, two spaces of
//! indentation per block, single spaces between words, `(A, B)` and `[H H]` written tight,
//! metadata values aligned, a castling option's two moves two spaces apart, trailing comments
//! at one column, at most one blank line in a row, and every comment kept where it was.
//!
//! The formatter works on the file's lines and words, not on its syntax tree (the tree does not
//! keep comments), so it never changes what a statement says: it only moves whitespace, splits
//! lines at `;`, `{` and `}`, and pads. A file with a syntax error is not formatted
//! ([`format()`] returns the errors): a line the grammar could not read might not be a statement.

use crate::check::check;
use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;

/// Trailing comments start at this column when the statement fits before it.
pub const COMMENT_COLUMN: usize = 40;

/// The width metadata keywords are padded to, so their values line up (`inventor` and one
/// space).
const META_WIDTH: usize = 9;

/// The file in the canonical layout, or the syntax errors that stop it from being formatted.
pub fn format(file: &SourceFile) -> Result<String, Vec<Diagnostic>> {
    let syntax: Vec<Diagnostic> = check(file)
        .diagnostics
        .into_iter()
        .filter(|d| d.is_error() && is_syntax(d.code))
        .collect();
    if !syntax.is_empty() {
        return Err(syntax);
    }
    Ok(layout(file.text()))
}

/// Codes of the mistakes that leave a line unreadable as a statement.
fn is_syntax(code: &str) -> bool {
    code.starts_with("hexv::syntax::") || code.starts_with("hexv::limits::")
}

/// One line of output before indentation and comment alignment.
#[derive(Debug)]
enum Line {
    /// A statement (or a block's opening or closing line), its words joined, and its trailing
    /// comment.
    Code {
        depth: usize,
        text: String,
        comment: Option<String>,
    },
    /// A line holding only a comment; `under` when it continues the trailing comment above.
    Comment {
        depth: usize,
        text: String,
        under: bool,
    },
    Blank,
}

/// A source line cut into its code and its comment (`#` outside a string to the end).
fn split_comment(line: &str) -> (&str, Option<&str>) {
    let mut in_string = false;
    let mut escaped = false;
    for (i, ch) in line.char_indices() {
        match ch {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '#' if !in_string => return (&line[..i], Some(&line[i..])),
            _ => {}
        }
    }
    (line, None)
}

/// The words of a piece of code: strings whole, `( ) [ ] , { } ;` and `->` alone, anything
/// else split at whitespace.
fn words(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = code.chars().peekable();
    let flush = |current: &mut String, out: &mut Vec<String>| {
        if !current.is_empty() {
            out.push(std::mem::take(current));
        }
    };
    while let Some(ch) = chars.next() {
        match ch {
            '"' => {
                flush(&mut current, &mut out);
                let mut s = String::from('"');
                let mut escaped = false;
                for c in chars.by_ref() {
                    s.push(c);
                    match c {
                        _ if escaped => escaped = false,
                        '\\' => escaped = true,
                        '"' => break,
                        _ => {}
                    }
                }
                out.push(s);
            }
            '(' | ')' | '[' | ']' | ',' | '{' | '}' | ';' => {
                flush(&mut current, &mut out);
                out.push(ch.to_string());
            }
            // A name's `-` is followed by a letter or digit, so `->` is always the arrow.
            '-' if chars.peek() == Some(&'>') => {
                flush(&mut current, &mut out);
                chars.next();
                out.push("->".to_string());
            }
            c if c.is_whitespace() => flush(&mut current, &mut out),
            c => current.push(c),
        }
    }
    flush(&mut current, &mut out);
    out
}

/// Words joined with single spaces, tight inside brackets and before commas.
fn join(words: &[String]) -> String {
    let mut out = String::new();
    for (i, w) in words.iter().enumerate() {
        let tight = i == 0
            || matches!(w.as_str(), ")" | "]" | ",")
            || matches!(words[i - 1].as_str(), "(" | "[");
        if !tight {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

/// The text of one statement in the canonical layout, given the block it stands in.
fn statement(words: &[String], block: Option<&str>) -> String {
    let first = words.first().map(String::as_str);
    match first {
        // Metadata: the values aligned.
        Some("variant" | "inventor" | "source" | "note" | "year") if block.is_none() => {
            let key = &words[0];
            format!("{key:<META_WIDTH$}{}", join(&words[1..]))
        }
        // A castling option: the king's move, the rook's and how it is written, two spaces
        // apart.
        _ if block == Some("castling")
            && words.len() == 8
            && words[2] == "->"
            && words[6] == "->" =>
        {
            format!("{}  {}", join(&words[..4]), join(&words[4..]))
        }
        _ if block == Some("castling")
            && words.len() == 10
            && words[2] == "->"
            && words[6] == "->"
            && words[8] == "written" =>
        {
            format!(
                "{}  {}  {}",
                join(&words[..4]),
                join(&words[4..8]),
                join(&words[8..])
            )
        }
        _ => join(words),
    }
}

/// Lays out the text (which has no syntax error).
fn layout(text: &str) -> String {
    let mut lines: Vec<Line> = Vec::new();
    // The keyword of each open block (`board`, `piece`, `castling`, ...).
    let mut blocks: Vec<String> = Vec::new();
    // Where the last trailing comment stood in the source, to tell a comment-only line that
    // continues it.
    let mut last_comment_column: Option<usize> = None;
    for raw in text.lines() {
        let raw = raw.trim_end_matches('\r');
        let (code, comment) = split_comment(raw);
        let comment = comment.map(|c| c.trim_end().to_string());
        let ws = words(code);
        if ws.is_empty() {
            match comment {
                Some(c) => {
                    let column = raw.chars().count() - raw.trim_start().chars().count();
                    let under = last_comment_column == Some(column);
                    lines.push(Line::Comment {
                        depth: blocks.len(),
                        text: c,
                        under,
                    });
                    if !under {
                        last_comment_column = None;
                    }
                }
                None => {
                    lines.push(Line::Blank);
                    last_comment_column = None;
                }
            }
            continue;
        }
        // Cut the line's words into statements at `;`, after `{` and around `}`, each with
        // its depth and the keyword of the block it stands in.
        let mut pieces: Vec<(usize, Option<String>, Vec<String>)> = Vec::new();
        let mut current: Vec<String> = Vec::new();
        for w in ws {
            match w.as_str() {
                ";" => {
                    if !current.is_empty() {
                        pieces.push((
                            blocks.len(),
                            blocks.last().cloned(),
                            std::mem::take(&mut current),
                        ));
                    }
                }
                "{" => {
                    current.push(w);
                    let keyword = current[0].clone();
                    pieces.push((
                        blocks.len(),
                        blocks.last().cloned(),
                        std::mem::take(&mut current),
                    ));
                    blocks.push(keyword);
                }
                "}" => {
                    if !current.is_empty() {
                        pieces.push((
                            blocks.len(),
                            blocks.last().cloned(),
                            std::mem::take(&mut current),
                        ));
                    }
                    blocks.pop();
                    pieces.push((blocks.len(), blocks.last().cloned(), vec![w]));
                }
                _ => current.push(w),
            }
        }
        if !current.is_empty() {
            pieces.push((blocks.len(), blocks.last().cloned(), current));
        }
        last_comment_column = comment
            .as_ref()
            .map(|_| split_comment(raw).0.chars().count());
        let count = pieces.len();
        for (i, (depth, block, ws)) in pieces.into_iter().enumerate() {
            lines.push(Line::Code {
                depth,
                text: statement(&ws, block.as_deref()),
                // The comment goes with the line's last statement.
                comment: if i + 1 == count {
                    comment.clone()
                } else {
                    None
                },
            });
        }
    }
    render(&lines)
}

/// Trailing comments of a run of statements line up at the column after its widest commented
/// statement, at [`COMMENT_COLUMN`] at least; a statement wider than this is left out of the
/// alignment (its comment follows two spaces after it).
const ALIGN_LIMIT: usize = 50;

/// Writes the lines: indentation; no blank line at the start, after `{`, before `}` or twice
/// in a row; `=` of consecutive `zone`/`directions` lines lined up; trailing comments aligned
/// per run of statements (a run ends at a blank line, a comment line of its own, or a change
/// of block); a comment line that continued a trailing comment stays under it.
fn render(lines: &[Line]) -> String {
    let mut out: Vec<Line> = Vec::new();
    let mut pending_blank = false;
    let ends_open =
        |out: &[Line]| matches!(out.last(), Some(Line::Code { text, .. }) if text.ends_with('{'));
    for line in lines {
        match line {
            Line::Blank => pending_blank = true,
            Line::Code {
                depth,
                text,
                comment,
            } => {
                if pending_blank && !out.is_empty() && text != "}" && !ends_open(&out) {
                    out.push(Line::Blank);
                }
                pending_blank = false;
                out.push(Line::Code {
                    depth: *depth,
                    text: text.clone(),
                    comment: comment.clone(),
                });
            }
            Line::Comment { depth, text, under } => {
                if pending_blank && !out.is_empty() && !ends_open(&out) {
                    out.push(Line::Blank);
                }
                // A continuation only right under a commented statement (or another one).
                let under = *under && !pending_blank;
                pending_blank = false;
                out.push(Line::Comment {
                    depth: *depth,
                    text: text.clone(),
                    under,
                });
            }
        }
    }
    align_assignments(&mut out);
    let columns = comment_columns(&out);
    let mut text = String::new();
    let mut last_column = None;
    for (item, column) in out.iter().zip(columns) {
        match item {
            Line::Blank => {
                text.push('\n');
                last_column = None;
            }
            Line::Code {
                depth,
                text: statement,
                comment,
            } => {
                let code = format!("{}{statement}", "  ".repeat(*depth));
                match comment {
                    Some(c) => {
                        let width = code.chars().count();
                        let at = column.filter(|col| width + 2 <= *col).unwrap_or(width + 2);
                        text.push_str(&format!("{code:<at$}{c}"));
                        last_column = Some(at);
                    }
                    None => {
                        text.push_str(&code);
                        last_column = None;
                    }
                }
                text.push('\n');
            }
            Line::Comment {
                depth,
                text: c,
                under,
            } => {
                match (under, last_column) {
                    (true, Some(at)) => text.push_str(&format!("{:at$}{c}", "")),
                    _ => {
                        text.push_str(&"  ".repeat(*depth));
                        text.push_str(c);
                        last_column = None;
                    }
                }
                text.push('\n');
            }
        }
    }
    if text.is_empty() {
        text.push('\n');
    }
    text
}

/// Lines up the `=` of consecutive top-level `zone NAME = ...` and `directions NAME = ...`
/// lines.
fn align_assignments(out: &mut [Line]) {
    let assignment = |o: &Line| match o {
        Line::Code { depth: 0, text, .. }
            if (text.starts_with("zone ") || text.starts_with("directions "))
                && text.contains(" = ") =>
        {
            text.find(" = ")
        }
        _ => None,
    };
    let mut i = 0;
    while i < out.len() {
        let mut j = i;
        while j < out.len() && assignment(&out[j]).is_some() {
            j += 1;
        }
        if j > i + 1 {
            let width = out[i..j].iter().filter_map(assignment).max().unwrap_or(0);
            for o in &mut out[i..j] {
                if let Line::Code { text, .. } = o {
                    if let Some(at) = text.find(" = ") {
                        let (name, rest) = text.split_at(at);
                        *text = format!("{name:<width$}{rest}");
                    }
                }
            }
        }
        i = j.max(i + 1);
    }
}

/// The comment column of each line's run (see [`render`]); `None` for lines outside one.
fn comment_columns(out: &[Line]) -> Vec<Option<usize>> {
    let mut columns = vec![None; out.len()];
    let mut start = 0;
    while start < out.len() {
        let Line::Code { depth, .. } = &out[start] else {
            start += 1;
            continue;
        };
        let depth = *depth;
        let mut end = start;
        while end < out.len() {
            match &out[end] {
                Line::Code { depth: d, .. } if *d == depth => end += 1,
                Line::Comment { under: true, .. } => end += 1,
                _ => break,
            }
        }
        let widest = out[start..end]
            .iter()
            .filter_map(|o| match o {
                Line::Code {
                    depth,
                    text,
                    comment: Some(_),
                } => Some(2 * depth + text.chars().count() + 2),
                _ => None,
            })
            .filter(|w| *w <= ALIGN_LIMIT)
            .max()
            .unwrap_or(0);
        let column = widest.max(COMMENT_COLUMN);
        for c in &mut columns[start..end] {
            *c = Some(column);
        }
        start = end;
    }
    columns
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(text: &str) -> String {
        layout(text)
    }

    #[test]
    fn words_keep_strings_and_split_brackets() {
        assert_eq!(
            words(r#"note "a # b; c" cell x at (1,-2) leap [12 1]"#),
            vec![
                "note",
                "\"a # b; c\"",
                "cell",
                "x",
                "at",
                "(",
                "1",
                ",",
                "-2",
                ")",
                "leap",
                "[",
                "12",
                "1",
                "]"
            ]
        );
        assert_eq!(join(&words("cell  x at ( 1 ,2 )")), "cell x at (1, 2)");
        assert_eq!(words("K 42->63"), vec!["K", "42", "->", "63"]);
    }

    #[test]
    fn statements_split_and_blocks_indent() {
        assert_eq!(
            fmt("board { cells flat; shape hexagon 6 }\nrules{\ncheckmate win}\n"),
            "board {\n  cells flat\n  shape hexagon 6\n}\nrules {\n  checkmate win\n}\n"
        );
    }

    #[test]
    fn comments_align_and_continue() {
        let text =
            "piece P P {\n  step 12 # ahead\n          # more\n  step 10 2 capture-only\n}\n";
        let want = format!(
            "piece P P {{\n  step 12{}# ahead\n{}# more\n  step 10 2 capture-only\n}}\n",
            " ".repeat(COMMENT_COLUMN - 9),
            " ".repeat(COMMENT_COLUMN)
        );
        assert_eq!(fmt(text), want);
        assert_eq!(fmt(&want), want);
    }

    #[test]
    fn metadata_and_castling_line_up() {
        assert_eq!(
            fmt("variant \"V\"\ninventor  \"I\"\ncastling {\nK f1->h1 R i1 -> g1\n}\n"),
            "variant  \"V\"\ninventor \"I\"\ncastling {\n  K f1 -> h1  R i1 -> g1\n}\n"
        );
    }

    #[test]
    fn blank_lines_are_collapsed_and_trimmed() {
        assert_eq!(
            fmt("\n\nsymmetry mirror\n\n\n\nboard {\n\n  cells flat\n\n}\n\n"),
            "symmetry mirror\n\nboard {\n  cells flat\n}\n"
        );
    }
}
