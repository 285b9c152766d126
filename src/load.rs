//! The whole pipeline in one call: a source file is checked, compiled and analysed. What the
//! command line, the tests and programs that embed hexv start from.

use crate::analyse::{self, Summary};
use crate::check;
use crate::check::codes;
use crate::compile::{compile, MoveTables, TablesTooLarge, MAX_PATH_CELLS};
use crate::diagnostic::{self, Diagnostic};
use crate::game::AnyEngine;
use crate::game::Game;
use crate::source::SourceFile;
use crate::variant::Variant;

/// A clean variant and its move tables: everything needed to play it or draw it.
#[derive(Clone, Debug)]
pub struct Compiled {
    variant: Variant,
    tables: MoveTables,
}

impl Compiled {
    /// The checked variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Its compiled move tables.
    pub fn tables(&self) -> &MoveTables {
        &self.tables
    }

    /// The reference engine for this variant.
    pub fn game(&self) -> Game<'_> {
        Game::new(&self.variant, &self.tables)
    }

    /// The fastest engine for this variant (the 128-bit engine where the board fits).
    pub fn engine(&self) -> AnyEngine<'_> {
        AnyEngine::new(self.game())
    }

    /// What `hexv check` says of it.
    pub fn summary(&self) -> Summary {
        analyse::summarize(&self.variant, &self.tables)
    }

    /// The variant and its tables, taken apart.
    pub fn into_parts(self) -> (Variant, MoveTables) {
        (self.variant, self.tables)
    }
}

/// The outcome of [`load`]: every diagnostic, sorted by position, and the compiled variant
/// when none of them is an error.
#[derive(Debug)]
pub struct Loaded {
    /// Errors and warnings, in the order of the file.
    pub diagnostics: Vec<Diagnostic>,
    /// The variant, present exactly when there is no error.
    pub compiled: Option<Compiled>,
}

impl Loaded {
    /// True when the file has at least one error (and so no compiled variant).
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Checks, compiles and analyses a file. Never panics, whatever the text.
pub fn load(file: &SourceFile) -> Loaded {
    let checked = check::check(file);
    let mut diagnostics = checked.diagnostics;
    if let Some(repaired) = crate::syntax::repair_braces(file, &diagnostics) {
        diagnostics.extend(past_braces(&repaired));
        diagnostic::sort(&mut diagnostics);
        check::limit(&mut diagnostics);
        return Loaded {
            diagnostics,
            compiled: None,
        };
    }
    let Some((variant, spans)) = checked.variant else {
        // The sound pieces' table checks still run, so their mistakes come in the same run.
        if let Some(sketch) = &checked.sketch {
            if let Ok(tables) = compile(&sketch.variant) {
                diagnostics.extend(analyse::analyse_sketch(sketch, &tables));
                diagnostic::sort(&mut diagnostics);
                check::limit(&mut diagnostics);
            }
        }
        return Loaded {
            diagnostics,
            compiled: None,
        };
    };
    let tables = match compile(&variant) {
        Ok(tables) => tables,
        Err(too_large) => {
            diagnostics.push(tables_too_large(&variant, &spans, too_large));
            diagnostic::sort(&mut diagnostics);
            check::limit(&mut diagnostics);
            return Loaded {
                diagnostics,
                compiled: None,
            };
        }
    };
    diagnostics.extend(analyse::analyse(&variant, &tables, &spans));
    diagnostic::sort(&mut diagnostics);
    check::limit(&mut diagnostics);
    let clean = !diagnostics.iter().any(Diagnostic::is_error);
    Loaded {
        diagnostics,
        compiled: clean.then_some(Compiled { variant, tables }),
    }
}

/// The mistakes of a file whose braces did not balance, found in it with its braces balanced
/// ([`crate::syntax::repair_braces`]: a stray `}` left out, a block left open closed before
/// the next top-level line), at their places in the original: one brace hides nothing else.
fn past_braces(repaired: &crate::syntax::Repaired) -> Vec<Diagnostic> {
    // The repaired file's braces balance, so this loads it without coming back here.
    let mut found = load(&repaired.file).diagnostics;
    for d in &mut found {
        for label in &mut d.labels {
            label.span = crate::source::Span::new(
                repaired.original(label.span.start),
                repaired.original(label.span.end),
            );
        }
    }
    found
}

/// The diagnostic of tables too large to build, at the piece whose tables passed the limit.
fn tables_too_large(variant: &Variant, spans: &check::Spans, e: TablesTooLarge) -> Diagnostic {
    let piece = variant.piece(e.piece);
    let at = spans
        .pieces
        .get(e.piece.index())
        .map_or(spans.anchor, |p| p.name);
    Diagnostic::error(
        codes::TABLES_TOO_LARGE,
        format!(
            "the move tables would hold more than {MAX_PATH_CELLS} landing cells ({} cells, {} piece types)",
            variant.board().total(),
            variant.pieces().len()
        ),
    )
    .at(at, format!("`{}`'s tables passed the limit", piece.name))
    .help("use a smaller board, fewer piece types, or shorter rides (`ride ... max N`)")
}
