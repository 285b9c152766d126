//! What the requests read: the clean file's variant and tables, or, for a file with errors,
//! the variant of what still checks.
//!
//! The checker gives a variant only for a file without errors, so a file with a misspelt
//! direction in one piece would leave hover and completion with nothing to resolve against.
//! [`salvage`] finds what still checks: it blanks out (with spaces, so every offset stays
//! where it was) each statement that carries an error (a movement line, a setup or rules
//! line, a zone, or a whole block whose head is wrong) and checks the rest again, a few rounds
//! while what was cut out makes new errors (a setup line naming a piece whose block was cut).
//! The variant of the rest is real, checked by the checker; the pieces whose blocks lost a
//! line (or that move `like` one of them) are [`Broken`]: they are not drawn, their errors
//! are said instead. Errors in the board, the `symmetry` or the `sides` (which everything
//! rests on), and errors no statement can be cut for (no royal piece, a missing block), leave
//! nothing: the requests then answer from the text alone.
//!
//! Nothing is done until a request needs it: an edit costs the check of its diagnostics, and
//! the tables of a salvaged variant are compiled on the first hover that draws a piece.

use std::cell::OnceCell;

use super::scan::{Scan, Structure, Tok};
use crate::check::codes;
use crate::compile::{compile, MoveTables};
use crate::diagnostic::Diagnostic;
use crate::load::Compiled;
use crate::source::SourceFile;
use crate::syntax::ast::{Item, PieceDef, PieceStmt};
use crate::variant::Variant;

/// Most rounds of cutting out and checking again.
const ROUNDS: usize = 8;

/// A piece whose block lost a line to an error, or that moves like such a piece: its moves
/// are not what the file means, so they are not drawn.
#[derive(Debug)]
pub(super) struct Broken {
    pub name: String,
    pub symbol: String,
    /// The errors in its block: message (with its label) and byte offset.
    pub errors: Vec<(String, usize)>,
    /// The broken pieces its `like` lines name.
    pub like: Vec<String>,
}

/// The variant of what still checks in a file with errors, its tables compiled when first
/// needed, and the pieces that lost a line.
#[derive(Debug)]
pub(super) struct Salvage {
    variant: Variant,
    tables: OnceCell<Option<MoveTables>>,
    broken: Vec<Broken>,
}

impl Salvage {
    fn tables(&self) -> Option<&MoveTables> {
        self.tables
            .get_or_init(|| compile(&self.variant).ok())
            .as_ref()
    }
}

/// Where a view's tables come from.
#[derive(Clone, Copy)]
enum Tables<'a> {
    Ready(&'a MoveTables),
    Lazy(&'a Salvage),
}

/// What the requests resolve against: a variant (the file's, or what still checks of it), its
/// tables, and the pieces not to draw.
#[derive(Clone, Copy)]
pub(super) struct View<'a> {
    pub variant: &'a Variant,
    tables: Tables<'a>,
    pub broken: &'a [Broken],
}

impl<'a> View<'a> {
    /// The view of a clean file.
    pub fn clean(compiled: &'a Compiled) -> View<'a> {
        View {
            variant: compiled.variant(),
            tables: Tables::Ready(compiled.tables()),
            broken: &[],
        }
    }

    /// The view of what still checks.
    pub fn salvaged(s: &'a Salvage) -> View<'a> {
        View {
            variant: &s.variant,
            tables: Tables::Lazy(s),
            broken: &s.broken,
        }
    }

    /// The move tables (compiled now if they were not), `None` when they are too large.
    pub fn tables(&self) -> Option<&'a MoveTables> {
        match self.tables {
            Tables::Ready(t) => Some(t),
            Tables::Lazy(s) => s.tables(),
        }
    }

    /// The broken piece a word names (by name or symbol).
    pub fn broken(&self, word: &str) -> Option<&'a Broken> {
        self.broken
            .iter()
            .find(|b| b.name == word || b.symbol == word)
    }
}

/// The variant of what still checks in `text`, whose diagnostics (errors among them) are
/// `diagnostics`; `None` when nothing can be kept.
pub(super) fn salvage(uri: &str, text: &str, diagnostics: &[Diagnostic]) -> Option<Salvage> {
    let ast = crate::syntax::parse(&SourceFile::new(uri, text)).ok()?;
    // Tables that passed the limit once would take as long to pass it again: none are built.
    let tables_fit = !diagnostics
        .iter()
        .any(|d| d.code == codes::TABLES_TOO_LARGE);
    let scan = Scan::new(text);
    let structure = Structure::new(&scan);
    let mut bytes = text.as_bytes().to_vec();
    let mut cut: Vec<(usize, usize)> = Vec::new();
    let mut found: Vec<(String, usize)> = Vec::new();
    let mut errors: Vec<Diagnostic> = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .cloned()
        .collect();
    for _ in 0..ROUNDS {
        let mut more = false;
        for d in &errors {
            // What is missing from the whole file cannot be cut out.
            if [codes::MISSING, codes::NO_ROYAL].contains(&d.code) {
                return None;
            }
            let at = d.primary_span()?.start;
            let message = match d.labels.iter().find(|l| l.primary) {
                Some(l) if !l.text.is_empty() => format!("{} ({})", d.message, l.text),
                _ => d.message.clone(),
            };
            if !found.iter().any(|(m, o)| *o == at && *m == message) {
                found.push((message, at));
            }
            let (start, end) = region(&scan, &structure, at)?;
            if cut.iter().any(|&(s, e)| s <= start && end <= e) {
                continue;
            }
            more = true;
            cut.push((start, end));
            for b in &mut bytes[start..end] {
                if !matches!(*b, b'\n' | b'\r') {
                    *b = b' ';
                }
            }
        }
        if !more {
            return None;
        }
        // Whole characters are blanked, so the text is still UTF-8.
        let blanked = String::from_utf8(bytes.clone()).ok()?;
        let checked = crate::check::check(&SourceFile::new(uri, blanked));
        if let Some((variant, _)) = checked.variant {
            let tables = OnceCell::new();
            if !tables_fit {
                let _ = tables.set(None);
            }
            return Some(Salvage {
                variant,
                tables,
                broken: broken(&ast.items, &cut, &found),
            });
        }
        errors = checked
            .diagnostics
            .into_iter()
            .filter(Diagnostic::is_error)
            .collect();
    }
    None
}

/// The bytes to blank out for an error at `at`: its statement, or the whole block when the
/// statement is a block's head (or the error is at a block's `}`). `None` where cutting would
/// change what everything rests on: the board block, a `symmetry` or `sides` line.
fn region(scan: &Scan, structure: &Structure, at: usize) -> Option<(usize, usize)> {
    let toks = &scan.toks;
    let i = scan.index_at(at).min(toks.len().checked_sub(1)?);
    let t = toks[i];
    // The token the statement is found from: at a `{`, `;` or line end, the statement before
    // it; at a `}`, its block's head.
    let from = match t.kind {
        Tok::Close => structure.partner[i]?.checked_sub(1)?,
        k if t.ends_statement() || k == Tok::Comment => i.checked_sub(1)?,
        _ => i,
    };
    if toks[from].ends_statement() {
        return None;
    }
    let (a, b) = scan.statement(from);
    let first = scan.str(toks[a]);
    // The board, and the lines that turn it for the sides, are what everything rests on.
    match structure.outer[a] {
        Some(head) if scan.str(toks[head]) == "board" => return None,
        None if ["board", "symmetry", "sides"].contains(&first) => return None,
        _ => {}
    }
    let start = toks[a].start;
    let mut end = toks[b - 1].end;
    if toks.get(b).is_some_and(|t| t.kind == Tok::Open) {
        end = toks[structure.partner[b]?].end;
    }
    Some((start, end))
}

/// The pieces that lost a line (or their whole block) to the cuts, and those that move like
/// them, with the errors found in their blocks.
fn broken(items: &[Item], cut: &[(usize, usize)], found: &[(String, usize)]) -> Vec<Broken> {
    let pieces: Vec<&PieceDef> = items
        .iter()
        .filter_map(|i| match i {
            Item::Piece(p) => Some(p),
            _ => None,
        })
        .collect();
    let mut hit: Vec<bool> = pieces
        .iter()
        .map(|p| cut.iter().any(|&(s, e)| s < p.span.end && p.span.start < e))
        .collect();
    let likes = |p: &PieceDef| -> Vec<String> {
        p.statements
            .iter()
            .filter_map(|s| match s {
                PieceStmt::Like(names) => Some(names),
                _ => None,
            })
            .flatten()
            .map(|n| n.node.clone())
            .collect()
    };
    let is_broken = |hit: &[bool], word: &str| {
        pieces
            .iter()
            .zip(hit)
            .any(|(q, h)| *h && (q.name.node == word || q.symbol.node == word))
    };
    // Moving like a broken piece breaks a piece too, down every chain of `like`s.
    loop {
        let more: Vec<usize> = (0..pieces.len())
            .filter(|&k| !hit[k] && likes(pieces[k]).iter().any(|w| is_broken(&hit, w)))
            .collect();
        if more.is_empty() {
            break;
        }
        for k in more {
            hit[k] = true;
        }
    }
    pieces
        .iter()
        .zip(&hit)
        .filter(|(_, h)| **h)
        .map(|(p, _)| Broken {
            name: p.name.node.clone(),
            symbol: p.symbol.node.clone(),
            errors: found
                .iter()
                .filter(|(_, o)| p.span.start <= *o && *o < p.span.end)
                .cloned()
                .collect(),
            like: likes(p)
                .into_iter()
                .filter(|w| is_broken(&hit, w))
                .collect(),
        })
        .collect()
}
