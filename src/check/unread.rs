//! Lines the grammar could not read, explained once each, and what their loss may hide.
//!
//! Checking goes on past them ("every mistake at once"), so the other statements are still
//! resolved and checked; but an unread line may have been the `royal` of a king, a setup
//! line or a whole `piece` block, and what follows from its absence is not a mistake of its
//! own. [`Unread`] remembers where unread lines stood and drops the diagnostics that such a
//! loss can cause. A list run on over several lines (a long zone, `names list`) is one
//! mistake: one diagnostic for all its continuation lines, not one per line.

use super::codes;
use super::statements::{self, Block};
use super::suggest::closest;
use crate::diagnostic::{Diagnostic, Span};
use crate::syntax::ast::BadLine;

/// Statements that take a list of words, whose list an author may carry on to the next line.
const LIST_KEYWORDS: &[&str] = &[
    "zone",
    "directions",
    "names",
    "remove",
    "colours",
    "colors",
    "white",
    "black",
    "step",
    "ride",
    "leap",
    "hop",
    "cannon",
    "promote",
    "like",
    "drop",
    "facing",
    "draw-without",
    "move-limit",
];

/// Where unread lines stood: the blocks whose contents are incomplete.
#[derive(Debug, Default)]
pub struct Unread {
    /// A line at the top level: it may have been any block or statement of the file.
    pub top: bool,
    /// A line of the `board` block: the cells and their names cannot be trusted.
    pub board: bool,
    /// A line of a setup block.
    pub setup: bool,
    /// A line of the `rules` block.
    pub rules: bool,
    /// A line of a zone block.
    pub zones: bool,
    /// A line of some piece's block (its `royal`, its movement...).
    pub pieces: bool,
}

impl Unread {
    /// Whether a diagnostic may only be a consequence of the unread lines.
    fn hides(&self, code: &str) -> bool {
        let from_top = [
            codes::UNKNOWN_PIECE,
            codes::UNKNOWN_ZONE,
            codes::UNKNOWN_DIRECTION,
            codes::MISSING,
            codes::NO_ROYAL,
            codes::NO_BLACK,
            codes::CASTLING,
            codes::NO_HAND,
        ];
        (self.top && from_top.contains(&code))
            || (self.setup && [codes::NO_ROYAL, codes::CASTLING].contains(&code))
            || (self.rules && [codes::NO_ROYAL, codes::NO_HAND].contains(&code))
            || (self.zones && [codes::MISSING, codes::NO_BLACK].contains(&code))
            || (self.pieces && code == codes::NO_ROYAL)
    }

    /// Drops from `diags[from..]` what the unread lines may have caused.
    pub fn drop_consequences(&self, diags: &mut Vec<Diagnostic>, from: usize) {
        let mut i = 0;
        diags.retain(|d| {
            let keep = i < from || !self.hides(d.code);
            i += 1;
            keep
        });
    }

    /// Marks the block a line stood in.
    fn mark(&mut self, block: Block) {
        match block {
            Block::Top => self.top = true,
            Block::Board => self.board = true,
            Block::Piece => self.pieces = true,
            Block::Setup => self.setup = true,
            Block::Rules => self.rules = true,
            Block::Zone => self.zones = true,
            // An unread castling option is no castling at all; nothing else depends on it.
            Block::Castling => {}
        }
    }
}

/// Explains every unread line (`lines` in any order, each with its block): one diagnostic per
/// line, except that the lines continuing a list statement make one diagnostic together.
pub fn explain(text: &str, lines: &mut [(&BadLine, Block)], diags: &mut Vec<Diagnostic>) -> Unread {
    lines.sort_by_key(|(l, _)| l.span.start);
    let mut unread = Unread::default();
    let mut i = 0;
    while i < lines.len() {
        let (line, block) = lines[i];
        unread.mark(block);
        let list = match block {
            // Setup and castling lines are lists already; a line of them is read on its own.
            Block::Setup | Block::Castling => None,
            _ => continued_statement(text, line),
        };
        let Some(list) = list else {
            diags.push(statements::explain(line, block));
            i += 1;
            continue;
        };
        // Later unread lines that follow directly (blank and comment lines between) and
        // look like list words carry the same list on.
        let mut last = i;
        while let Some(&(next, next_block)) = lines.get(last + 1) {
            let follows = previous_code_line(text, next.span.start)
                .is_some_and(|prev| prev.start == lines[last].0.span.start);
            if !(follows && next_block == block && looks_like_list_words(next)) {
                break;
            }
            last += 1;
        }
        diags.push(continued(text, list, &lines[i..=last]));
        i = last + 1;
    }
    unread
}

/// The diagnostic for the lines `group` that continue the list statement at `list`.
fn continued(text: &str, list: Span, group: &[(&BadLine, Block)]) -> Diagnostic {
    let keyword = first_word(&text[list.start..list.end]);
    let count = group.len();
    let (lines, these) = if count == 1 {
        ("the next line".to_string(), "this line")
    } else {
        (format!("{count} more lines"), "these lines")
    };
    let mut d = Diagnostic::error(
        codes::CONTINUED_LINE,
        format!("this `{keyword}` line goes on over {lines}, but a statement ends at the end of its line"),
    )
    .at(group[0].0.span, "continues the line above");
    for (line, _) in &group[1..] {
        d = d.also(line.span, "and this one");
    }
    d.also(list, format!("the `{keyword}` line")).help(format!(
        "join {these} to the `{keyword}` line: a line may be up to 10 000 characters long"
    ))
}

/// The statement an unread line continues: the code line just above it (blank and comment
/// lines skipped), when that line starts with a list statement's keyword and the unread line
/// holds only list words.
fn continued_statement(text: &str, line: &BadLine) -> Option<Span> {
    if !looks_like_list_words(line) {
        return None;
    }
    let prev = previous_code_line(text, line.span.start)?;
    let code = &text[prev.start..prev.end];
    // `zone NAME {` opens a block: the line after it is the block's first statement.
    let word = first_word(code);
    (LIST_KEYWORDS.contains(&word) && !code.ends_with('{')).then_some(prev)
}

/// A line of list words: not starting with a keyword of any block (nor a likely misspelling
/// of one, which is explained as such), and with no block or arrow in it.
fn looks_like_list_words(line: &BadLine) -> bool {
    let Some(first) = &line.first_word else {
        return false;
    };
    let keyword = statements::is_keyword(&first.node)
        || closest(&first.node, statements::keywords()).is_some();
    !keyword && !line.words.is_empty()
}

/// The first word of a line of code (letters, digits, `-`, `_`).
fn first_word(line: &str) -> &str {
    let line = line.trim_start();
    let end = line
        .find(|c: char| !(c.is_alphanumeric() || matches!(c, '-' | '_')))
        .unwrap_or(line.len());
    &line[..end]
}

/// The span of the last line before byte `at` that holds code (not blank, not only a
/// comment), from its first word to the end of its code.
fn previous_code_line(text: &str, at: usize) -> Option<Span> {
    let before = text.get(..at)?;
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    let mut end = line_start;
    while end > 0 {
        let upto = end - 1; // the '\n' that ends the previous line
        let start = text[..upto].rfind('\n').map_or(0, |n| n + 1);
        let line = &text[start..upto];
        let code = line.split('#').next().unwrap_or("").trim_end();
        let indent = code.len() - code.trim_start().len();
        if !code.trim().is_empty() {
            return Some(Span::new(start + indent, start + code.len()));
        }
        end = start;
    }
    None
}
