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

    fn statements(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Block::Top => TOP,
            Block::Board => BOARD,
            Block::Piece => PIECE,
            Block::Setup | Block::Castling => &[],
            Block::Rules => RULES,
            Block::Zone => ZONE,
        }
    }
}

const TOP: &[(&str, &str)] = &[
    ("variant", "variant \"NAME\""),
    ("inventor", "inventor \"NAME\""),
    ("year", "year NUMBER"),
    ("source", "source \"WHERE THE RULES COME FROM\""),
    ("note", "note \"TEXT\""),
    ("symmetry", "symmetry mirror  (or: symmetry rotate)"),
    ("directions", "directions NAME = HOUR-OR-SET ..."),
    (
        "zone",
        "zone NAME = CELL ...  (or a block: zone NAME { white CELL ... ; black CELL ... })",
    ),
    ("board", "board { ... }"),
    (
        "piece",
        "piece NAME SYMBOL { ... }  (the symbol starts with an upper-case letter)",
    ),
    (
        "setup",
        "setup { SYMBOL CELL ... }  (or: setup white { ... } / setup black { ... })",
    ),
    ("rules", "rules { ... }"),
    (
        "castling",
        "castling { KING FROM -> TO  ROOK FROM -> TO ... }  (or: castling black { ... })",
    ),
];

const BOARD: &[(&str, &str)] = &[
    ("cells", "cells flat  (or: cells pointy)"),
    (
        "shape",
        "shape hexagon SIDE | shape rhombus WIDTH x HEIGHT | shape columns HEIGHT ... | shape ranks LENGTH ...",
    ),
    (
        "names",
        "names files LETTER ... | names ranks LETTER ... | names snake | names shogi LETTER ... | names list NAME ...",
    ),
    ("remove", "remove CELL ..."),
    ("cell", "cell NAME at (A, B)"),
    (
        "off-board",
        "off-board NAME at (A, B) [place-on CELL]",
    ),
    ("colours", "colours NAME NAME NAME"),
];

const PIECE: &[(&str, &str)] = &[
    ("royal", "royal"),
    ("colour-bound", "colour-bound"),
    (
        "step",
        "step DIRECTION ... [move-only | capture-only] [en-passant]",
    ),
    ("ride", "ride DIRECTION ... [max N] [move-only | capture-only]"),
    (
        "leap",
        "leap (A,B) ... | leap [HOUR HOUR ...] ...  then [all | mirror | none] [move-only | capture-only]",
    ),
    (
        "multi-step",
        "multi-step N [DIRECTION ...] from ZONE  (or: multi-step N [DIRECTION ...] unmoved)",
    ),
    ("promote", "promote in ZONE to PIECE ... [optional]"),
    ("like", "like PIECE ..."),
    (
        "drop",
        "drop not-defended-by PIECE ...  (or: drop no-check)",
    ),
];

const RULES: &[(&str, &str)] = &[
    ("checkmate", "checkmate win  (or: draw, loss)"),
    (
        "stalemate",
        "stalemate draw  (or: win, loss, or the stalemating side's score as N/M)",
    ),
    (
        "castling",
        "castling none  (castling options go in a top-level `castling { ... }` block)",
    ),
    ("captures", "captures to-hand"),
    ("repetition", "repetition N draw"),
    ("move-limit", "move-limit N draw [reset-by PIECE ...]"),
];

const ZONE: &[(&str, &str)] = &[("white", "white CELL ..."), ("black", "black CELL ...")];

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
            .help("write KING FROM -> TO  ROOK FROM -> TO, e.g. `K 42 -> 63  R 64 -> 43`");
    }
    if block == Block::Setup {
        if let Some(d) = misplaced(word, block) {
            return d;
        }
        return Diagnostic::error(codes::MALFORMED, "could not read this setup line")
            .at(line.span, "expected a piece and its cells")
            .help("write the piece's symbol or name, then its cells: `B f1 f2 f3`");
    }
    if let Some((_, usage)) = block.statements().iter().find(|(k, _)| *k == word.node) {
        return Diagnostic::error(
            codes::MALFORMED,
            format!("could not read this `{}` line", word.node),
        )
        .at(line.span, "not in the expected form")
        .help(format!("write it as: {usage}"));
    }
    if let Some(d) = misplaced(word, block) {
        return d;
    }
    let known = block.statements().iter().map(|(k, _)| *k);
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
        .find(|b| b.statements().iter().any(|(k, _)| *k == word.node))?;
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
    let names: Vec<String> = block
        .statements()
        .iter()
        .map(|(k, _)| format!("`{k}`"))
        .collect();
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
