//! Completion by context: what may be written at the cursor, from the words of its statement
//! before it and the block it is in, read from the text's tokens (so it works in a file that
//! does not check, or does not even parse): directions after `step`, zones after `promote in`,
//! pieces after `to`, a block's statements at the start of a line, and so on.

use lsp_types::{CompletionItem, CompletionItemKind};

use super::model::View;
use super::scan::{Scan, Tok};
use super::{Definition, Kind};
use crate::geometry::directions;
use crate::geometry::{Grid, Hour};

/// The statements of the top level.
const TOP: &[&str] = &[
    "variant",
    "inventor",
    "year",
    "source",
    "note",
    "board",
    "symmetry",
    "sides",
    "directions",
    "zone",
    "piece",
    "setup",
    "castling",
    "rules",
];

/// The statements of a `board` block.
const BOARD: &[&str] = &[
    "cells",
    "shape",
    "names",
    "remove",
    "cell",
    "off-board",
    "colours",
];

/// The statements of a `piece` block.
const PIECE: &[&str] = &[
    "step",
    "ride",
    "leap",
    "hop",
    "cannon",
    "multi-step",
    "promote",
    "royal",
    "colour-bound",
    "confined",
    "like",
    "value",
    "glyph",
    "drop",
];

/// The statements of a `rules` block.
const RULES: &[&str] = &[
    "checkmate",
    "stalemate",
    "castling",
    "captures",
    "repetition",
    "move-limit",
    "facing",
    "draw-without",
    "impasse",
    "placement",
    "eliminated",
    "royal",
];

/// The namings of a `names` line.
const NAMINGS: &[&str] = &[
    "files",
    "ranks",
    "snake",
    "shogi",
    "list",
    "left-leaning",
    "right-leaning",
];

/// What a `when` or `unless` tests.
const CONDITIONS: &[&str] = &[
    "unmoved", "from", "to", "pointing", "enemy", "friend", "piece",
];

/// The figures of a `glyph` line.
const GLYPHS: &[&str] = &[
    "king", "queen", "rook", "bishop", "knight", "pawn", "tile", "disc",
];

/// What to offer, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Offer {
    /// These keywords.
    Words(&'static [&'static str]),
    /// The direction sets that have directions on the board's grid, the file's own sets.
    Directions,
    /// The clock hours that name one direction on the grid.
    Hours,
    Zones,
    /// Pieces, by symbol and by name.
    Pieces,
    Cells,
    Sides,
    /// A context not recognised: every keyword, direction, name and cell.
    Everything,
}

use Offer::*;

/// The movement statements, whose lines may end with `when` and `unless` clauses.
const MOVEMENTS: &[&str] = &["step", "ride", "leap", "hop", "cannon", "multi-step"];

/// What a movement line takes after `words` (its words before the cursor).
fn movement(words: &[&str]) -> Vec<Offer> {
    let head = words[0];
    let last = *words.last().expect("a head");
    let before = words.len().checked_sub(2).map(|i| words[i]);
    let clauses = || Words(&["when", "unless"]);
    match last {
        "when" | "unless" => return vec![Words(CONDITIONS)],
        "from" | "to" if matches!(before, Some("when" | "unless")) => return vec![Zones],
        "enemy" | "friend" | "piece" => return vec![Words(&["at"])],
        "at" | "pointing" => return vec![Hours],
        "max" => return Vec::new(),
        _ => {}
    }
    let open = |o: &str, c: &str| {
        words.iter().filter(|w| **w == o).count() > words.iter().filter(|w| **w == c).count()
    };
    if open("[", "]") {
        return vec![Hours];
    }
    if open("(", ")") {
        return Vec::new();
    }
    let leaps = words.iter().any(|w| *w == "[" || *w == "(");
    match head {
        "leap" if words.len() == 1 => Vec::new(),
        "leap" => vec![
            Words(&["all", "mirror", "none", "lame", "move-only", "capture-only"]),
            clauses(),
        ],
        "ride" if leaps => vec![
            Words(&["all", "mirror", "none", "max", "move-only", "capture-only"]),
            clauses(),
        ],
        "multi-step" if words.len() == 1 => Vec::new(),
        "multi-step" if last == "from" => vec![Zones],
        "multi-step" if words.contains(&"from") || words.contains(&"unmoved") => {
            vec![Words(&["no-en-passant"]), clauses()]
        }
        "multi-step" => vec![Directions, Hours, Words(&["from", "unmoved"])],
        _ if words.len() == 1 => vec![Directions, Hours],
        "step" => vec![
            Directions,
            Hours,
            Words(&["move-only", "capture-only", "en-passant"]),
            clauses(),
        ],
        "ride" => vec![
            Directions,
            Hours,
            Words(&["max", "move-only", "capture-only"]),
            clauses(),
        ],
        _ => vec![
            Directions,
            Hours,
            Words(&["move-only", "capture-only"]),
            clauses(),
        ],
    }
}

/// What a piece block's statement takes after `words`.
fn piece_line(words: &[&str]) -> Vec<Offer> {
    if MOVEMENTS.contains(&words[0]) {
        return movement(words);
    }
    match words {
        ["promote"] => vec![Words(&["in"])],
        ["promote", "in"] => vec![Zones],
        ["promote", "in", _] => vec![Words(&["to"])],
        ["promote", .., "captured"] => vec![Words(&["wait"])],
        ["promote", "in", _, "to", ..] => vec![Pieces, Words(&["optional", "captured"])],
        ["confined"] => vec![Words(&["to"])],
        ["confined", "to"] => vec![Zones],
        ["like", ..] => vec![Pieces],
        ["glyph"] => vec![Words(GLYPHS)],
        ["drop"] => vec![Words(&[
            "not-defended-by",
            "no-check",
            "no-mate",
            "at-most",
        ])],
        ["drop", "not-defended-by", ..] => vec![Pieces],
        ["drop", "at-most", _] => vec![Words(&["per-line"])],
        ["drop", "at-most", _, "per-line", ..] => vec![Directions, Hours],
        _ => Vec::new(),
    }
}

/// What a rules block's statement takes after `words`.
fn rules_line(words: &[&str]) -> Vec<Offer> {
    match words {
        ["checkmate"] => vec![Words(&["win", "out"])],
        ["stalemate"] => vec![Words(&["win", "draw", "loss", "out"])],
        ["stalemate", _] => vec![Words(&["but"])],
        ["stalemate", _, "but"] => vec![Words(&["win", "draw", "loss"])],
        ["stalemate", _, "but", _] => vec![Words(&["with"])],
        ["stalemate", _, "but", _, "with", ..] => vec![Pieces],
        ["castling"] => vec![Words(&["none"])],
        ["captures"] => vec![Words(&["to-hand"])],
        ["repetition", _] => vec![Words(&["draw", "loss"])],
        ["move-limit", _] => vec![Words(&["draw"])],
        ["move-limit", _, "draw"] => vec![Words(&["reset-by"])],
        ["move-limit", _, "draw", "reset-by", ..] => vec![Pieces],
        ["facing", ..] => vec![Directions, Hours],
        ["draw-without", ..] => vec![Pieces],
        ["impasse" | "placement"] => vec![Words(&["in"])],
        ["impasse" | "placement", "in"] => vec![Zones],
        ["impasse", "in", _] => vec![Words(&["need"])],
        ["impasse", "in", _, "need", _] => vec![Words(&["counting"])],
        ["impasse", "in", _, "need", _, "counting", rest @ ..] if rest.len() % 2 == 0 => {
            vec![Pieces]
        }
        ["placement", "in", _] => vec![Words(&["alternate", "sequential"])],
        ["eliminated"] => vec![Words(&["remove", "stay", "to-mater"])],
        ["royal"] => vec![Words(&["captured"])],
        ["royal", "captured"] => vec![Words(&["out"])],
        _ => Vec::new(),
    }
}

/// What may come after `words` in a block of this kind (`""` the top level).
fn offers(block: &str, words: &[&str], is_piece: &dyn Fn(&str) -> bool) -> Vec<Offer> {
    match (block, words) {
        ("", []) => vec![Words(TOP)],
        ("", ["symmetry"]) => vec![Words(&["mirror", "rotate"])],
        ("", ["sides", ..]) => vec![Words(&["forward"])],
        ("", ["zone", _, "=", ..]) => vec![Cells],
        ("", ["directions", _, "=", ..]) => vec![Directions, Hours],
        ("", ["setup" | "castling"]) => vec![Sides],
        ("", _) => Vec::new(),
        ("board", []) => vec![Words(BOARD)],
        ("board", ["cells"]) => vec![Words(&["flat", "pointy", "triangle"])],
        ("board", ["cells", "triangle"]) => vec![Words(&["columns", "rows"])],
        ("board", ["shape"]) => vec![Words(&["hexagon", "rhombus", "columns", "ranks"])],
        ("board", ["shape", "columns" | "ranks", _, ..]) if !words.contains(&"starting") => {
            vec![Words(&["starting"])]
        }
        ("board", ["names"]) => vec![Words(NAMINGS)],
        ("board", ["remove", ..]) => vec![Cells],
        ("board", ["cell" | "off-board", _]) => vec![Words(&["at"])],
        ("board", ["off-board", .., ")"]) => vec![Words(&["place-on"])],
        ("board", ["off-board", .., "place-on"]) => vec![Cells],
        ("board", _) => Vec::new(),
        ("piece", []) => vec![Words(PIECE)],
        ("piece", _) => piece_line(words),
        ("setup", []) => vec![Pieces, Words(&["hand"])],
        ("setup", ["hand", ..]) => vec![Pieces],
        ("setup", _) => vec![Cells],
        ("rules", []) => vec![Words(RULES)],
        ("rules", _) => rules_line(words),
        ("castling", []) => vec![Pieces],
        ("castling", [.., last]) => {
            let arrows = words.iter().filter(|w| **w == "->").count();
            let after_arrow = words.len() >= 2 && words[words.len() - 2] == "->";
            if *last == "->" || is_piece(last) {
                vec![Cells]
            } else if after_arrow && arrows == 1 {
                vec![Pieces]
            } else if after_arrow && arrows == 2 {
                vec![Words(&["written"])]
            } else {
                Vec::new()
            }
        }
        ("zone", []) => vec![Sides],
        ("zone", _) => vec![Cells],
        _ => vec![Everything],
    }
}

/// The completion items at byte `offset` of `text` (without a place, everything). `view`
/// gives what the file's variant resolves (found for a file with errors only when cells or
/// sides are offered).
pub(super) fn completions<'v>(
    text: &str,
    offset: Option<usize>,
    view: &dyn Fn() -> Option<View<'v>>,
    defs: &[Definition],
) -> Vec<CompletionItem> {
    let grid = super::hover::grid_written(text).or_else(|| view().map(|v| v.variant.board().grid));
    let Some(offset) = offset else {
        let mut out = Vec::new();
        add(&mut out, Everything, grid, view, defs);
        return out;
    };
    let scan = Scan::new(text);
    let toks = &scan.toks;
    let mut i = scan.index_at(offset);
    // In a comment or a string: nothing to complete.
    if toks
        .get(i)
        .is_some_and(|t| matches!(t.kind, Tok::Comment | Tok::Str) && t.start < offset)
    {
        return Vec::new();
    }
    // The word being typed (the cursor at its end) is what completion replaces.
    if i > 0 && toks[i - 1].end == offset && toks[i - 1].kind == Tok::Word {
        i -= 1;
    }
    let mut start = i;
    while start > 0 && !toks[start - 1].ends_statement() {
        start -= 1;
    }
    if toks[start..i].iter().any(|t| t.kind == Tok::Comment) {
        return Vec::new();
    }
    let words = scan.words(start, i);
    let blocks = scan.blocks_at(start);
    let block = blocks.last().map_or("", |b| b.kind());
    let is_piece = |w: &str| {
        defs.iter().any(|d| {
            d.kind == Kind::Piece
                && (d.name.text == w || d.symbol.as_ref().is_some_and(|s| s.text == w))
        })
    };
    let mut out = Vec::new();
    for offer in offers(block, &words, &is_piece) {
        add(&mut out, offer, grid, view, defs);
    }
    for (n, item) in out.iter_mut().enumerate() {
        item.sort_text = Some(format!("{n:04}"));
    }
    out
}

fn item(label: &str, kind: CompletionItemKind, detail: &str) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: Some(detail.to_string()),
        ..Default::default()
    }
}

/// The items of one offer, appended to `out`.
fn add<'v>(
    out: &mut Vec<CompletionItem>,
    offer: Offer,
    grid: Option<Grid>,
    view: &dyn Fn() -> Option<View<'v>>,
    defs: &[Definition],
) {
    let defined = |kind: Kind| defs.iter().filter(move |d| d.kind == kind);
    match offer {
        Words(words) => out.extend(
            words
                .iter()
                .map(|w| item(w, CompletionItemKind::KEYWORD, "keyword")),
        ),
        Directions => {
            out.extend(
                directions::BUILTIN_NAMES
                    .iter()
                    .filter(|n| {
                        grid.is_none_or(|g| {
                            directions::builtin(g, n).is_some_and(|s| !s.is_empty())
                        })
                    })
                    .map(|n| item(n, CompletionItemKind::ENUM_MEMBER, "direction set")),
            );
            out.extend(defined(Kind::Directions).map(|d| {
                item(
                    d.name.text,
                    CompletionItemKind::CONSTANT,
                    "direction set of this file",
                )
            }));
        }
        Hours => out.extend(
            Hour::all()
                .filter(|h| grid.is_none_or(|g| !g.hour_is_ambiguous(*h)))
                .map(|h| item(&h.get().to_string(), CompletionItemKind::VALUE, "hour")),
        ),
        Zones => out.extend(
            defined(Kind::Zone).map(|d| item(d.name.text, CompletionItemKind::ENUM, "zone")),
        ),
        Pieces => {
            let pieces: Vec<&Definition> = defined(Kind::Piece).collect();
            out.extend(pieces.iter().filter_map(|d| {
                d.symbol.as_ref().map(|s| {
                    item(
                        s.text,
                        CompletionItemKind::CLASS,
                        &format!("symbol of {}", d.name.text),
                    )
                })
            }));
            out.extend(
                pieces
                    .iter()
                    .map(|d| item(d.name.text, CompletionItemKind::CLASS, "piece")),
            );
        }
        Cells => {
            if let Some(v) = view() {
                let board = v.variant.board();
                out.extend(
                    board
                        .all_cells()
                        .map(|c| item(board.name(c), CompletionItemKind::VALUE, "cell")),
                );
            }
        }
        Sides => {
            let names: Vec<&str> = match view() {
                Some(v) => v.variant.side_ids().map(|s| s.name()).collect(),
                None => vec!["white", "black"],
            };
            out.extend(
                names
                    .into_iter()
                    .map(|s| item(s, CompletionItemKind::KEYWORD, "side")),
            );
        }
        Everything => {
            out.extend(
                super::KEYWORDS
                    .iter()
                    .map(|k| item(k, CompletionItemKind::KEYWORD, "keyword")),
            );
            for o in [Directions, Pieces, Zones, Cells] {
                add(out, o, grid, view, defs);
            }
        }
    }
}
