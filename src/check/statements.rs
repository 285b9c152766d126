//! Explaining lines the grammar could not read: which block allows which statement, and
//! the usage of each.

use super::codes;
use super::suggest::closest;
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{BadLine, Name};

/// The block a line stands in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    Top,
    Board,
    Piece,
    Setup,
    Rules,
    Zone,
    Castling,
}

impl Block {
    fn name(self) -> &'static str {
        match self {
            Block::Top => "the top level",
            Block::Board => "a `board` block",
            Block::Piece => "a `piece` block",
            Block::Setup => "a `setup` block",
            Block::Rules => "a `rules` block",
            Block::Zone => "a `zone` block",
            Block::Castling => "a `castling` block",
        }
    }

    /// "in a `board` block", "at the top level".
    fn inside(self) -> String {
        match self {
            Block::Top => "at the top level".to_string(),
            other => format!("in {}", other.name()),
        }
    }

    /// "into a `board` block", "to the top level".
    fn destination(self) -> String {
        match self {
            Block::Top => "to the top level".to_string(),
            other => format!("into {}", other.name()),
        }
    }

    /// The statements this block allows: keyword and usage.
    fn statements(self) -> impl Iterator<Item = (&'static str, &'static str)> {
        STATEMENTS
            .iter()
            .filter(move |s| s.block == self)
            .map(|s| (s.keyword, s.usage))
    }
}

/// A statement of the language: the block it stands in, its first word, and its usage as
/// the help of a line that could not be read. The one list of them; a test holds it to the
/// grammar (every statement rule listed, every word the grammar accepts in the usage).
struct Statement {
    block: Block,
    keyword: &'static str,
    usage: &'static str,
}

const fn stmt(block: Block, keyword: &'static str, usage: &'static str) -> Statement {
    Statement {
        block,
        keyword,
        usage,
    }
}

const STATEMENTS: &[Statement] = &[
    stmt(Block::Top, "variant", "variant \"NAME\""),
    stmt(Block::Top, "inventor", "inventor \"NAME\""),
    stmt(Block::Top, "year", "year NUMBER"),
    stmt(Block::Top, "source", "source \"WHERE THE RULES COME FROM\""),
    stmt(Block::Top, "note", "note \"TEXT\""),
    stmt(Block::Top, "symmetry", "symmetry mirror  (or: symmetry rotate)"),
    stmt(
        Block::Top,
        "sides",
        "sides NAME NAME ...  (the turn order; after a name, `forward HOUR`: where its 12 o'clock points)",
    ),
    stmt(Block::Top, "directions", "directions NAME = HOUR-OR-SET ..."),
    stmt(
        Block::Top,
        "zone",
        "zone NAME = CELL ...  (or a block: zone NAME { SIDE CELL ... ; SIDE CELL ... })",
    ),
    stmt(Block::Top, "board", "board { ... }"),
    stmt(
        Block::Top,
        "piece",
        "piece NAME SYMBOL { ... }  (the symbol: an upper-case letter, maybe more letters or digits after it)",
    ),
    stmt(
        Block::Top,
        "setup",
        "setup { SYMBOL CELL ... }  (or for one side: setup SIDE { ... }; `hand SYMBOL ...` for the pieces held before play)",
    ),
    stmt(Block::Top, "rules", "rules { ... }"),
    stmt(
        Block::Top,
        "castling",
        "castling { KING FROM -> TO  ROOK FROM -> TO ... }  (or for one side: castling SIDE { ... })",
    ),
    stmt(
        Block::Board,
        "cells",
        "cells flat  (or: cells pointy, cells triangle [columns | rows])",
    ),
    stmt(
        Block::Board,
        "shape",
        "shape hexagon SIDE | shape rhombus WIDTH x HEIGHT | shape columns HEIGHT ... [starting BOTTOM ...] | shape ranks LENGTH ... [starting LEFT ...]",
    ),
    stmt(
        Block::Board,
        "names",
        "names files LETTER ... | names ranks LETTER ... | names snake | names shogi LETTER ... | names left-leaning LETTER ... | names right-leaning LETTER ... | names list NAME ...",
    ),
    stmt(Block::Board, "remove", "remove CELL ..."),
    stmt(Block::Board, "cell", "cell NAME at (A, B)"),
    stmt(
        Block::Board,
        "off-board",
        "off-board NAME at (A, B) [place-on CELL]",
    ),
    stmt(
        Block::Board,
        "colours",
        "colours NAME NAME NAME  (or: colors NAME ...)",
    ),
    stmt(Block::Piece, "royal", "royal"),
    stmt(Block::Piece, "colour-bound", "colour-bound  (or: color-bound)"),
    stmt(
        Block::Piece,
        "step",
        "step DIRECTION ... [move-only | capture-only] [en-passant] [when|unless unmoved | from ZONE | to ZONE | pointing HOUR | enemy|friend|piece at CELL ...] ...",
    ),
    stmt(
        Block::Piece,
        "ride",
        "ride DIRECTION ... [max N] [move-only | capture-only] [when|unless unmoved | from ZONE | to ZONE | pointing HOUR | enemy|friend|piece at CELL ...] ...  (or a leap-rider: ride (A,B) ... | ride [HOUR HOUR ...] ... [all | mirror | none] [max N] [move-only | capture-only] [when|unless ...])",
    ),
    stmt(
        Block::Piece,
        "leap",
        "leap (A,B) ... | leap [HOUR HOUR ...] ...  then [all | mirror | none] [lame] [move-only | capture-only] [when|unless unmoved | from ZONE | to ZONE | pointing HOUR | enemy|friend|piece at CELL ...] ...",
    ),
    stmt(Block::Piece, "confined", "confined to ZONE"),
    stmt(
        Block::Piece,
        "hop",
        "hop DIRECTION ... [move-only | capture-only] [when|unless unmoved | from ZONE | to ZONE | pointing HOUR | enemy|friend|piece at CELL ...] ...",
    ),
    stmt(
        Block::Piece,
        "cannon",
        "cannon DIRECTION ... [move-only | capture-only] [when|unless unmoved | from ZONE | to ZONE | pointing HOUR | enemy|friend|piece at CELL ...] ...",
    ),
    stmt(
        Block::Piece,
        "multi-step",
        "multi-step N [DIRECTION ...] from ZONE  (or: multi-step N [DIRECTION ...] unmoved) [no-en-passant], then [when|unless unmoved | from ZONE | to ZONE | pointing HOUR | enemy|friend|piece at CELL ...] ...",
    ),
    stmt(
        Block::Piece,
        "promote",
        "promote in ZONE to PIECE ... [optional] [captured [wait]]",
    ),
    stmt(Block::Piece, "like", "like PIECE ..."),
    stmt(
        Block::Piece,
        "value",
        "value N  (hundredths of a pawn: 1 ... 100000)",
    ),
    stmt(
        Block::Piece,
        "glyph",
        "glyph NAME  (the figure pictures show: king, queen, rook, bishop, knight, pawn, tile or disc)",
    ),
    stmt(
        Block::Piece,
        "drop",
        "drop not-defended-by PIECE ...  (or: drop no-check, drop no-mate, drop at-most N per-line DIRECTION ...)",
    ),
    stmt(
        Block::Rules,
        "checkmate",
        "checkmate win  (or, for games of three or more: checkmate out, the mated side leaving the game)",
    ),
    stmt(
        Block::Rules,
        "stalemate",
        "stalemate draw  (or: win, loss, or the stalemating side's score as N/M), then maybe `but RESULT with PIECE ...` for the result while it keeps one of those pieces; for games of three or more: stalemate out",
    ),
    stmt(
        Block::Rules,
        "castling",
        "castling none  (castling options are a top-level `castling { ... }` block)",
    ),
    stmt(Block::Rules, "captures", "captures to-hand"),
    stmt(Block::Rules, "repetition", "repetition N draw | repetition N loss"),
    stmt(Block::Rules, "facing", "facing DIRECTION ..."),
    stmt(Block::Rules, "draw-without", "draw-without PIECE ..."),
    stmt(
        Block::Rules,
        "impasse",
        "impasse in ZONE need N [counting PIECE N ...]",
    ),
    stmt(
        Block::Rules,
        "placement",
        "placement in ZONE [alternate | sequential]",
    ),
    stmt(
        Block::Rules,
        "eliminated",
        "eliminated remove  (or: stay, to-mater): what becomes of the pieces of a side that leaves the game",
    ),
    stmt(
        Block::Rules,
        "move-limit",
        "move-limit N draw [reset-by PIECE ...]",
    ),
    stmt(
        Block::Rules,
        "royal",
        "royal captured [out]: royal pieces are taken, not mated, and the side that takes one wins (`out`: the side that lost it leaves the game, which goes on)",
    ),
    stmt(Block::Zone, "white", "white CELL ..."),
    stmt(Block::Zone, "black", "black CELL ..."),
];

/// Every statement keyword of every block.
pub fn keywords() -> impl Iterator<Item = &'static str> {
    STATEMENTS.iter().map(|s| s.keyword)
}

/// True when `word` starts a statement of some block.
pub fn is_keyword(word: &str) -> bool {
    keywords().any(|k| k == word)
}

const ALL_BLOCKS: [Block; 5] = [
    Block::Top,
    Block::Board,
    Block::Piece,
    Block::Rules,
    Block::Zone,
];

/// One diagnostic for an unreadable line in `block`.
pub fn explain(line: &BadLine, block: Block) -> Diagnostic {
    let Some(word) = &line.first_word else {
        return Diagnostic::error(codes::UNKNOWN_STATEMENT, "this line is not a statement")
            .at(line.span, "not understood")
            .help(help_for_block(block));
    };
    if block == Block::Castling {
        if let Some(d) = misplaced(word, block) {
            return d;
        }
        return Diagnostic::error(codes::MALFORMED, "could not read this castling option")
            .at(line.span, "expected the king's move and the rook's")
            .help("write KING FROM -> TO  ROOK FROM -> TO, e.g. `K 42 -> 63  R 64 -> 43`, and `written \"NOTATION\"` after them if the rules name it");
    }
    if block == Block::Setup {
        if let Some(d) = misplaced(word, block) {
            return d;
        }
        if word.node == "hand" {
            return Diagnostic::error(codes::MALFORMED, "could not read this `hand` line")
                .at(line.span, "expected the pieces held at the start")
                .help("write `hand` and one symbol or name per piece held: `hand K Q R B N`");
        }
        return Diagnostic::error(codes::MALFORMED, "could not read this setup line")
            .at(line.span, "expected a piece and its cells")
            .help("write the piece's symbol or name, then its cells: `B f1 f2 f3`");
    }
    if let Some((_, usage)) = block.statements().find(|(k, _)| *k == word.node) {
        // A word close to one of the statement's own keywords, but not one: most likely the
        // mistake (`symmetry rotated`, `checkmate wins`, `step 12 move_only`).
        let keywords: Vec<&str> = usage
            .split(|c: char| !(c.is_ascii_lowercase() || c == '-'))
            .filter(|w| w.len() > 1 && !w.starts_with('-') && !w.ends_with('-'))
            .collect();
        let misspelt = line.words.iter().skip(1).find_map(|w| {
            let lower = w.node.to_ascii_lowercase();
            if keywords.contains(&w.node.as_str()) || !lower.chars().any(|c| c.is_alphabetic()) {
                return None;
            }
            closest(&lower.replace('_', "-"), keywords.iter().copied())
                .or_else(|| closest(&w.node, keywords.iter().copied()))
                .map(|k| (w, k))
        });
        if let Some((wrong, keyword)) = misspelt {
            return Diagnostic::error(
                codes::MALFORMED,
                format!("could not read this `{}` line", word.node),
            )
            .at(wrong.span, format!("not a word of `{}`", word.node))
            .help(format!("did you mean `{keyword}`? write it as: {usage}"));
        }
        return Diagnostic::error(
            codes::MALFORMED,
            format!("could not read this `{}` line", word.node),
        )
        .at(line.span, "not in the expected form")
        .help(format!("write it as: {usage}"));
    }
    unknown_statement(word, block)
}

/// A diagnostic for a line of `block` whose first word is none of its statements: the
/// statement's home when another block has it, else the nearest statement of this block.
pub fn unknown_statement(word: &Name, block: Block) -> Diagnostic {
    if let Some(d) = misplaced(word, block) {
        return d;
    }
    let known = block.statements().map(|(k, _)| k);
    Diagnostic::error(
        codes::UNKNOWN_STATEMENT,
        format!("unknown statement `{}` {}", word.node, block.inside()),
    )
    .at(word.span, "unknown")
    .suggest(closest(&word.node, known), help_for_block(block))
}

/// A diagnostic when `word` starts a statement of another block (`castling` in a board).
pub fn misplaced(word: &Name, block: Block) -> Option<Diagnostic> {
    let home = ALL_BLOCKS
        .iter()
        .find(|b| b.statements().any(|(k, _)| k == word.node))?;
    Some(
        Diagnostic::error(
            codes::MISPLACED,
            format!("`{}` does not belong {}", word.node, block.inside()),
        )
        .at(word.span, "misplaced")
        .help(format!("move this line {}", home.destination())),
    )
}

fn help_for_block(block: Block) -> String {
    let names: Vec<String> = block.statements().map(|(k, _)| format!("`{k}`")).collect();
    if names.is_empty() {
        "write the piece's symbol or name, then its cells".to_string()
    } else {
        format!(
            "statements allowed {}: {}",
            block.inside(),
            names.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    //! The statement table against the grammar: every statement rule of a block is in the
    //! table, every word the grammar accepts in a statement is in its usage, and no usage
    //! offers a word of the language the statement does not accept.

    use std::collections::{BTreeMap, BTreeSet};

    use super::{Block, STATEMENTS};

    const GRAMMAR: &str = include_str!("../../grammar/hexv.pest");

    /// Rules whose literals are not words of the language (lexical pieces, recovery, blocks'
    /// contents).
    const OPAQUE: &[&str] = &[
        "string",
        "string_inner",
        "ident",
        "symbol",
        "int",
        "uint",
        "fraction",
        "piece_ref",
        "hour",
        "dir_word",
        "bad_stmt",
        "bad_item",
        "braced",
        "bad_text",
        "eos",
        "sep",
        "kw_end",
        "placement",
        "castling_option",
        "board_line",
        "piece_line",
        "rules_line",
    ];

    /// Each rule's body, by name: a rule starts a line with `name =`.
    fn rules() -> BTreeMap<&'static str, &'static str> {
        let mut out = BTreeMap::new();
        let mut offset = 0;
        for line in GRAMMAR.split_inclusive('\n') {
            let start = offset;
            offset += line.len();
            let Some((name, _)) = line.split_once('=') else {
                continue;
            };
            let name = name.trim();
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            let open = start + line.find('{').expect("a rule body on its first line");
            let body = &GRAMMAR[open + 1..];
            out.insert(name, &body[..closing_brace(body)]);
        }
        out
    }

    /// The offset of the `}` closing a body, skipping quoted literals.
    fn closing_brace(body: &str) -> usize {
        let (mut depth, mut quoted, mut escaped) = (0, false, false);
        for (i, ch) in body.char_indices() {
            match ch {
                _ if escaped => escaped = false,
                '\\' if quoted => escaped = true,
                '"' => quoted = !quoted,
                '{' if !quoted => depth += 1,
                '}' if !quoted && depth == 0 => return i,
                '}' if !quoted => depth -= 1,
                _ => {}
            }
        }
        body.len()
    }

    /// The quoted literals and the names of the rules a body refers to (not those behind a
    /// lookahead `&` or `!`).
    fn parts(body: &str) -> (Vec<&str>, Vec<&str>) {
        let (mut literals, mut refs) = (Vec::new(), Vec::new());
        let mut i = 0;
        let bytes = body.as_bytes();
        while i < bytes.len() {
            let c = bytes[i] as char;
            if c == '"' {
                let end = i + 1 + body[i + 1..].find('"').expect("closed literal");
                literals.push(&body[i + 1..end]);
                i = end + 1;
            } else if c.is_ascii_alphabetic() || c == '_' {
                let len = body[i..]
                    .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                    .unwrap_or(body.len() - i);
                let lookahead = body[..i].trim_end().ends_with(['&', '!']);
                if !lookahead {
                    refs.push(&body[i..i + len]);
                }
                i += len;
            } else {
                i += 1;
            }
        }
        (literals, refs)
    }

    fn is_word(s: &str) -> bool {
        !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c == '-')
    }

    /// Every word a rule accepts, through the rules it refers to.
    fn words(rules: &BTreeMap<&str, &str>, rule: &str, out: &mut BTreeSet<String>) {
        let Some(body) = rules.get(rule) else { return };
        let (literals, refs) = parts(body);
        out.extend(
            literals
                .into_iter()
                .filter(|l| is_word(l))
                .map(str::to_string),
        );
        for r in refs {
            if !OPAQUE.contains(&r) && !r.starts_with("kw_") && r != rule {
                words(rules, r, out);
            }
        }
    }

    /// The statement rules of a block and the keywords each starts with.
    fn statement_rules(rules: &BTreeMap<&str, &str>, block: Block) -> Vec<(String, Vec<String>)> {
        let list = match block {
            Block::Top => "item",
            Block::Board => "board_line",
            Block::Piece => "piece_line",
            Block::Rules => "rules_line",
            Block::Zone => return vec![("zone_side".into(), vec!["white".into(), "black".into()])],
            Block::Setup | Block::Castling => return Vec::new(),
        };
        parts(rules[list])
            .1
            .into_iter()
            .filter(|r| !r.starts_with("bad_"))
            .map(|r| {
                let body = rules[r];
                let keywords = match body.find("&kw_") {
                    Some(at) => {
                        let kw = &body[at + 1..];
                        let kw = &kw[..kw.find(|c: char| c.is_whitespace()).unwrap_or(kw.len())];
                        vec![parts(rules[kw]).0[0].to_string()]
                    }
                    // `meta_stmt`: the keyword is a choice of words.
                    None => parts(rules[parts(body).1[0]])
                        .0
                        .iter()
                        .map(|s| s.to_string())
                        .collect(),
                };
                (r.to_string(), keywords)
            })
            .collect()
    }

    fn usage_words(block: Block, keywords: &[String]) -> BTreeSet<String> {
        STATEMENTS
            .iter()
            .filter(|s| s.block == block && keywords.iter().any(|k| k == s.keyword))
            .flat_map(|s| {
                s.usage
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                    .filter(|w| is_word(w))
                    .map(str::to_string)
            })
            .collect()
    }

    #[test]
    fn every_statement_of_the_grammar_has_a_usage_and_no_other_does() {
        let rules = rules();
        for block in super::ALL_BLOCKS {
            let grammar: BTreeSet<String> = statement_rules(&rules, block)
                .into_iter()
                .flat_map(|(_, k)| k)
                .collect();
            let table: BTreeSet<String> = block.statements().map(|(k, _)| k.to_string()).collect();
            assert_eq!(grammar, table, "statements of {}", block.name());
        }
    }

    #[test]
    fn every_usage_names_exactly_the_words_its_statement_accepts() {
        let rules = rules();
        let mut language = BTreeSet::new();
        for rule in rules.keys() {
            if !OPAQUE.contains(rule) {
                language.extend(
                    parts(rules[rule])
                        .0
                        .into_iter()
                        .filter(|l| is_word(l))
                        .map(str::to_string),
                );
            }
        }
        for block in super::ALL_BLOCKS {
            // Statements with the same first word (`zone NAME = ...`, `zone NAME { ... }`)
            // share one usage.
            let mut by_keyword: BTreeMap<Vec<String>, BTreeSet<String>> = BTreeMap::new();
            for (rule, keywords) in statement_rules(&rules, block) {
                words(&rules, &rule, by_keyword.entry(keywords).or_default());
            }
            for (keywords, accepted) in by_keyword {
                let rule = keywords.join("/");
                let usage = usage_words(block, &keywords);
                let missing: Vec<&String> = accepted.difference(&usage).collect();
                assert!(missing.is_empty(), "`{rule}`: the usage omits {missing:?}");
                let offered: Vec<&String> = usage
                    .iter()
                    .filter(|w| language.contains(*w) && !accepted.contains(*w))
                    .collect();
                assert!(
                    offered.is_empty(),
                    "`{rule}`: the usage offers {offered:?}, which it does not accept"
                );
            }
        }
    }
}
