//! Checking: syntax tree → [`Variant`], in ordered passes. Each pass reports every problem
//! it finds; a later pass runs only when the earlier ones were clean, so one mistake never
//! cascades into ten messages.
//!
//! 1. syntax: unreadable lines (explained per block);
//! 2. names: duplicate pieces, symbols, zones, direction sets, missing or repeated blocks;
//! 3. board: shape, names, symmetry, the sides and their frames;
//! 4. references: cells, zones, pieces, directions, leaps → the `Variant`;
//! 5. the whole variant: no two pieces on a cell, a royal piece for each side.
//!
//! What needs the compiled tables or legal moves (colour-bound declarations, stuck pieces,
//! the start position) is [`crate::analyse`]'s, after compilation; a check that fails after
//! the pieces were read leaves a [`Sketch`] for that of the sound pieces.

mod board;
mod castling;
pub mod codes;
mod consistency;
mod pieces;
mod resolve;
mod rules;
mod sides;
mod sketch;
mod statements;
pub mod suggest;
mod unread;

pub use pieces::PieceSpans;
pub use resolve::SetupSpans;
pub use sketch::Sketch;

use std::collections::HashMap;

use crate::diagnostic::{self, Diagnostic, Span};
use crate::geometry::board::Symmetry;
use crate::source::SourceFile;
use crate::syntax::ast::{self, Item, MetaKey, SymmetryKind};
use crate::syntax::parse;
use crate::variant::{Meta, Variant};
use statements::Block;

/// The outcome of checking a file: every diagnostic, and the variant when there were no
/// errors (warnings allowed), with where its parts are written.
#[derive(Debug)]
pub struct Checked {
    /// Every diagnostic found, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// The variant and where its parts are written, unless there was an error.
    pub variant: Option<(Variant, Spans)>,
    /// When there was an error after the board and the pieces were read: a stand-in with
    /// the pieces that resolved, for the checks and views of those pieces ([`Sketch`]).
    pub sketch: Option<Sketch>,
}

/// Where the parts of a checked variant are written: what the analyses after compilation
/// point their diagnostics at.
#[derive(Clone, Debug)]
pub struct Spans {
    /// Per piece, in id order: its name, declarations and lines.
    pub pieces: Vec<PieceSpans>,
    /// The setup's placements and blocks.
    pub setup: SetupSpans,
    /// The `checkmate` line, if any.
    pub checkmate: Option<Span>,
    /// The file's first statement, where file-wide problems are reported.
    pub anchor: Span,
    /// Where each zone is named, in id order.
    pub zones: Vec<Span>,
}

impl Checked {
    /// True when a diagnostic is an error (then there is no variant).
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    fn failed(mut diagnostics: Vec<Diagnostic>) -> Checked {
        diagnostic::sort(&mut diagnostics);
        limit(&mut diagnostics);
        Checked {
            diagnostics,
            variant: None,
            sketch: None,
        }
    }
}

/// The items of a file, sorted by kind.
pub(crate) struct Collected<'a> {
    meta: Vec<&'a ast::Meta>,
    year: Vec<&'a ast::Number>,
    symmetry: Vec<&'a ast::Spanned<SymmetryKind>>,
    sides: Vec<&'a ast::SidesDef>,
    directions: Vec<&'a ast::DirectionsDef>,
    zones: Vec<&'a ast::ZoneDef>,
    boards: Vec<&'a ast::BoardBlock>,
    pieces: Vec<&'a ast::PieceDef>,
    setups: Vec<&'a ast::SetupBlock>,
    rules: Vec<&'a ast::RulesBlock>,
    castlings: Vec<&'a ast::CastlingBlock>,
}

/// Checks a whole file. Past unreadable lines the other statements are still resolved and
/// checked; what the lost lines may cause is not reported (see docs/diagnostics.md).
pub fn check(file: &SourceFile) -> Checked {
    let ast = match parse(file) {
        Ok(ast) => ast,
        Err(diags) => return Checked::failed(diags),
    };
    let mut diags = Vec::new();
    let (c, unread) = collect(&ast, file.text(), &mut diags);
    let unread_errors = diags.len();
    names_pass(&c, &mut diags);
    // Two definitions of one name, or a board with unread lines, leave nothing to resolve
    // names against.
    if diags.len() > unread_errors || unread.board {
        return Checked::failed(diags);
    }
    let anchor = first_line(file);
    let Some(board_block) = c.boards.first() else {
        // An unread top-level line may be the board block itself.
        if !unread.top {
            diags.push(
                Diagnostic::error(codes::MISSING, "the variant has no board")
                    .at(anchor, "no `board` block in this file")
                    .help("add `board { cells flat; shape hexagon 6; names files a b c d e f g h i k l }`"),
            );
        }
        return Checked::failed(diags);
    };
    let Some(built) = board::build(board_block, &mut diags) else {
        return Checked::failed(diags);
    };
    let symmetry = c.symmetry.first().map(|s| {
        let kind = match s.node {
            SymmetryKind::Mirror => Symmetry::Mirror,
            SymmetryKind::Rotate => Symmetry::Rotate,
        };
        (kind, s.span)
    });
    let Some(sides) = sides::resolve(c.sides.first().copied(), symmetry, &built.board, &mut diags)
    else {
        return Checked::failed(diags);
    };
    let side_infos = sides.infos.clone();
    let resolved_from = diags.len();
    let mut r = resolve::Resolver::new(&built.board, symmetry, sides, &mut diags);
    for d in &c.directions {
        r.direction_set(d);
    }
    let zones = r.zones(&c.zones);
    let zone_spans = r.zone_spans.clone();
    r.declare_pieces(&c.pieces);
    let mut pieces = Vec::new();
    let mut piece_spans = Vec::new();
    // Per piece: resolved (a copy, for a sketch should the check fail), else a stand-in.
    let mut all_pieces = Vec::new();
    for def in &c.pieces {
        match r.piece(def) {
            Some((p, s)) => {
                all_pieces.push((p.clone(), s.clone(), true));
                pieces.push(p);
                piece_spans.push(s);
            }
            None => {
                let (p, s) = sketch::stand_in(&def.name.node, &def.symbol.node, def.name.span);
                all_pieces.push((p, s, false));
            }
        }
    }
    // Every piece resolved (ids line up with the declarations) and nothing wrong in them.
    let pieces_whole = pieces.len() == c.pieces.len()
        && !r.diags[resolved_from..].iter().any(Diagnostic::is_error);
    if pieces_whole {
        pieces::expand_likes(&mut pieces, &piece_spans, r.diags);
    }
    let setup = r.setup(&c.setups, anchor);
    let rules = r.rules(&c.rules);
    if let (Some((rules, _)), Some((setup, _, _))) = (&rules, &setup) {
        if rules.captures_to_hand {
            pieces::demotions(&mut pieces, setup, &piece_spans, r.diags);
        } else {
            pieces::drops_need_a_hand(&pieces, &piece_spans, r.diags);
        }
    }
    // Castling needs the royal piece that checkmate, or its capture, is about.
    let checkmate_wins = rules
        .as_ref()
        .is_some_and(|(r, _)| r.checkmate_wins || r.royal_captured);
    let castlings = match &setup {
        Some((placements, _, _)) => r.castlings(&c.castlings, placements, checkmate_wins),
        None => None,
    };
    // The whole-variant rules (royal pieces, shared cells) need only the setup, the rules and
    // every piece: run them even when a castling line failed, whose cause they may name.
    let (Some((setup, start_hands, setup_spans)), Some((rules, checkmate_span)), true) =
        (setup.clone(), rules.clone(), pieces_whole)
    else {
        let sides = side_infos.len();
        let sketch = rules.map(|(rules, checkmate)| {
            let (setup, start_hands, setup_spans) = setup.unwrap_or_else(|| {
                (
                    crate::variant::BySide::from_values(vec![Vec::new(); sides]),
                    crate::variant::BySide::from_values(vec![Vec::new(); sides]),
                    sketch::no_setup_spans(sides),
                )
            });
            let sound = all_pieces.iter().map(|(_, _, ok)| *ok).collect();
            let (pieces, spans): (Vec<_>, Vec<_>) =
                all_pieces.into_iter().map(|(p, s, _)| (p, s)).unzip();
            Sketch {
                variant: Variant {
                    meta: meta(&c),
                    board: built.board,
                    symmetry: symmetry.map(|s| s.0),
                    pieces,
                    zones,
                    setup,
                    start_hands,
                    castlings: Vec::new(),
                    rules,
                    colour_names: built.colour_names,
                    sides: side_infos,
                },
                spans: Spans {
                    pieces: spans,
                    setup: setup_spans,
                    checkmate,
                    anchor,
                    zones: zone_spans,
                },
                sound,
            }
        });
        let mut failed = finish_failed(diags, &unread, resolved_from);
        failed.sketch = sketch;
        return failed;
    };
    let castlings_whole = castlings.is_some();
    let placement_span = r.placement_span;
    let variant = Variant {
        meta: meta(&c),
        board: built.board,
        symmetry: symmetry.map(|s| s.0),
        pieces,
        zones,
        setup,
        start_hands,
        castlings: castlings.unwrap_or_default(),
        rules,
        colour_names: built.colour_names,
        sides: side_infos,
    };
    consistency::Context {
        variant: &variant,
        setup: &setup_spans,
        pieces: &piece_spans,
        checkmate: checkmate_span,
        placement: placement_span,
        anchor,
    }
    .check(&mut diags);
    let spans = Spans {
        pieces: piece_spans,
        setup: setup_spans,
        checkmate: checkmate_span,
        anchor,
        zones: zone_spans,
    };
    if diags.iter().any(Diagnostic::is_error) || !castlings_whole {
        let mut failed = finish_failed(diags, &unread, resolved_from);
        failed.sketch = Some(Sketch {
            sound: vec![true; variant.pieces.len()],
            variant,
            spans,
        });
        return failed;
    }
    diagnostic::sort(&mut diags);
    limit(&mut diags);
    Checked {
        diagnostics: diags,
        variant: Some((variant, spans)),
        sketch: None,
    }
}

/// The failed outcome, without what unread lines may have caused among the diagnostics
/// found from `resolved_from` on.
fn finish_failed(
    mut diags: Vec<Diagnostic>,
    unread: &unread::Unread,
    resolved_from: usize,
) -> Checked {
    unread.drop_consequences(&mut diags, resolved_from);
    debug_assert!(
        diags.iter().any(Diagnostic::is_error),
        "a failed check names its error"
    );
    Checked::failed(diags)
}

/// Most diagnostics reported for one file: past this the first ones are the useful ones.
pub const MAX_DIAGNOSTICS: usize = 100;

/// Keeps the first [`MAX_DIAGNOSTICS`] of sorted diagnostics and counts the rest in one last
/// diagnostic, where the first of them was, so a file of a hundred thousand bad lines is
/// reported (and drawn) quickly.
pub fn limit(diagnostics: &mut Vec<Diagnostic>) {
    if diagnostics.len() <= MAX_DIAGNOSTICS {
        return;
    }
    let hidden = diagnostics.split_off(MAX_DIAGNOSTICS - 1);
    let at = hidden[0].primary_span().unwrap_or_default();
    let errors = hidden.iter().filter(|d| d.is_error()).count();
    let message = format!(
        "{} more problems ({errors} errors) are not shown",
        hidden.len()
    );
    // Hidden warnings alone do not make the file wrong.
    let summary = if errors > 0 {
        Diagnostic::error(codes::TOO_MANY_DIAGNOSTICS, message)
    } else {
        Diagnostic::warning(codes::TOO_MANY_DIAGNOSTICS, message)
    };
    diagnostics.push(
        summary
            .at(at, "the first of them")
            .help("mend the problems above and check again"),
    );
}

/// The span of the first line that is neither blank nor only a comment (usually the
/// `variant` line), where file-wide problems are reported. Falls back to the first non-blank
/// line, then to the start of the file.
fn first_line(file: &SourceFile) -> Span {
    let mut offset = 0;
    let mut first_non_blank = None;
    for line in file.text().split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let indent = content.len() - content.trim_start().len();
        let trimmed = content.trim();
        if !trimmed.is_empty() {
            let span = Span::new(offset + indent, offset + indent + trimmed.len());
            if !trimmed.starts_with('#') {
                return span;
            }
            first_non_blank.get_or_insert(span);
        }
        offset += line.len();
    }
    first_non_blank.unwrap_or_default()
}

/// Sorts the items of a file by kind and explains its unread lines.
fn collect<'a>(
    ast: &'a ast::Ast,
    text: &str,
    diags: &mut Vec<Diagnostic>,
) -> (Collected<'a>, unread::Unread) {
    let mut c = Collected {
        meta: Vec::new(),
        year: Vec::new(),
        symmetry: Vec::new(),
        sides: Vec::new(),
        directions: Vec::new(),
        zones: Vec::new(),
        boards: Vec::new(),
        pieces: Vec::new(),
        setups: Vec::new(),
        rules: Vec::new(),
        castlings: Vec::new(),
    };
    let mut bad: Vec<(&ast::BadLine, Block)> = Vec::new();
    for item in &ast.items {
        match item {
            Item::Meta(m) => c.meta.push(m),
            Item::Year(y) => c.year.push(y),
            Item::Symmetry(s) => c.symmetry.push(s),
            Item::Sides(s) => c.sides.push(s),
            Item::Directions(d) => c.directions.push(d),
            Item::Zone(z) => {
                bad.extend(z.bad.iter().map(|l| (l, Block::Zone)));
                c.zones.push(z);
            }
            Item::Board(b) => {
                bad.extend(b.statements.iter().filter_map(|s| match s {
                    ast::BoardStmt::Bad(l) => Some((l, Block::Board)),
                    _ => None,
                }));
                c.boards.push(b);
            }
            Item::Piece(p) => {
                bad.extend(p.statements.iter().filter_map(|s| match s {
                    ast::PieceStmt::Bad(l) => Some((l, Block::Piece)),
                    _ => None,
                }));
                c.pieces.push(p);
            }
            Item::Setup(s) => {
                bad.extend(s.bad.iter().map(|l| (l, Block::Setup)));
                c.setups.push(s);
            }
            Item::Rules(r) => {
                bad.extend(r.statements.iter().filter_map(|s| match s {
                    ast::RulesStmt::Bad(l) => Some((l, Block::Rules)),
                    _ => None,
                }));
                c.rules.push(r);
            }
            Item::Castling(b) => {
                bad.extend(b.bad.iter().map(|l| (l, Block::Castling)));
                c.castlings.push(b);
            }
            Item::Bad(l) => bad.push((l, Block::Top)),
        }
    }
    let unread = unread::explain(text, &mut bad, diags);
    (c, unread)
}

/// Pass 2: every name defined once; single statements given once.
fn names_pass(c: &Collected, diags: &mut Vec<Diagnostic>) {
    fn dupes<'a>(
        items: impl Iterator<Item = (&'a str, Span)>,
        code: &'static str,
        what: &str,
        diags: &mut Vec<Diagnostic>,
    ) {
        let mut seen: HashMap<&str, Span> = HashMap::new();
        for (name, span) in items {
            if let Some(first) = seen.get(name) {
                diags.push(
                    Diagnostic::error(code, format!("{what} `{name}` is defined twice"))
                        .at(span, "defined again here")
                        .also(*first, "first defined here")
                        .help(format!("rename one of the two {what}s or remove one")),
                );
            } else {
                seen.insert(name, span);
            }
        }
    }
    dupes(
        c.pieces.iter().map(|p| (p.name.node.as_str(), p.name.span)),
        codes::DUPLICATE_PIECE,
        "piece",
        diags,
    );
    dupes(
        c.pieces
            .iter()
            .map(|p| (p.symbol.node.as_str(), p.symbol.span)),
        codes::DUPLICATE_SYMBOL,
        "symbol",
        diags,
    );
    // Position texts write White's symbols in upper case and Black's in lower case, so two
    // symbols differing only in case would read as one.
    for (i, p) in c.pieces.iter().enumerate() {
        let same = |q: &&&ast::PieceDef| {
            q.symbol.node != p.symbol.node
                && q.symbol.node.to_lowercase() == p.symbol.node.to_lowercase()
        };
        if let Some(first) = c.pieces[..i].iter().find(same) {
            diags.push(
                Diagnostic::error(
                    codes::DUPLICATE_SYMBOL,
                    format!(
                        "symbols `{}` and `{}` differ only in case",
                        first.symbol.node, p.symbol.node
                    ),
                )
                .at(p.symbol.span, "this symbol")
                .also(first.symbol.span, "the other")
                .help("position texts tell the sides apart by case: make the symbols differ in their letters"),
            );
        }
    }
    // A symbol that is another piece's name would make setup lines ambiguous.
    for p in &c.pieces {
        if let Some(other) = c
            .pieces
            .iter()
            .find(|q| q.name.node == p.symbol.node && q.name.span != p.name.span)
        {
            diags.push(
                Diagnostic::error(
                    codes::DUPLICATE_SYMBOL,
                    format!(
                        "symbol `{}` is also the name of another piece",
                        p.symbol.node
                    ),
                )
                .at(p.symbol.span, "symbol here")
                .also(other.name.span, "piece named so here")
                .help("symbols and names are both used to refer to pieces: make them distinct"),
            );
        }
    }
    dupes(
        c.zones.iter().map(|z| (z.name.node.as_str(), z.name.span)),
        codes::DUPLICATE_ZONE,
        "zone",
        diags,
    );
    dupes(
        c.directions
            .iter()
            .map(|d| (d.name.node.as_str(), d.name.span)),
        codes::DUPLICATE_DIRECTIONS,
        "direction set",
        diags,
    );
    for d in &c.directions {
        if crate::geometry::directions::BUILTIN_NAMES.contains(&d.name.node.as_str()) {
            diags.push(
                Diagnostic::error(
                    codes::DUPLICATE_DIRECTIONS,
                    format!("`{}` is a built-in direction set", d.name.node),
                )
                .at(d.name.span, "already defined by hexv")
                .help("choose another name for your set"),
            );
        }
    }
    if c.pieces.len() > resolve::MAX_PIECES {
        diags.push(
            Diagnostic::error(
                codes::TOO_MANY_PIECES,
                format!(
                    "{} piece types; at most {} are allowed",
                    c.pieces.len(),
                    resolve::MAX_PIECES
                ),
            )
            .at(c.pieces[resolve::MAX_PIECES].name.span, "one too many")
            .help("merge or remove piece types"),
        );
    }
    // `what` is singular ("`board` block"); the message counts two of them.
    let mut once = |spans: Vec<Span>, what: &str| {
        if let [first, rest @ ..] = spans.as_slice() {
            for s in rest {
                diags.push(
                    Diagnostic::error(
                        codes::DUPLICATE_STATEMENT,
                        format!("the file has two {what}s"),
                    )
                    .at(*s, "again here")
                    .also(*first, "first here")
                    .help(format!("keep one {what}")),
                );
            }
        }
    };
    once(
        c.boards.iter().map(|b| b.keyword).collect(),
        "`board` block",
    );
    once(
        c.symmetry.iter().map(|s| s.span).collect(),
        "`symmetry` line",
    );
    once(c.sides.iter().map(|s| s.keyword).collect(), "`sides` line");
    once(c.year.iter().map(|y| y.span).collect(), "`year` line");
    once(c.rules.iter().map(|r| r.span).collect(), "`rules` block");
    for key in [MetaKey::Variant, MetaKey::Inventor] {
        once(
            c.meta
                .iter()
                .filter(|m| m.key.node == key)
                .map(|m| m.key.span)
                .collect(),
            if key == MetaKey::Variant {
                "`variant` line"
            } else {
                "`inventor` line"
            },
        );
    }
    if let Some(y) = c.year.first() {
        if y.node.is_none() {
            diags.push(
                Diagnostic::error(codes::BAD_NUMBER, "this year is not a number hexv can hold")
                    .at(y.span, "too large")
                    .help("write the year the variant was invented, e.g. `year 1936`"),
            );
        }
    }
}

fn meta(c: &Collected) -> Meta {
    let mut m = Meta::default();
    for item in &c.meta {
        let v = item.value.node.clone();
        match item.key.node {
            MetaKey::Variant => m.name = v,
            MetaKey::Inventor => m.inventor = Some(v),
            MetaKey::Source => m.sources.push(v),
            MetaKey::Note => m.notes.push(v),
        }
    }
    m.year = c.year.first().and_then(|y| y.node);
    m
}
