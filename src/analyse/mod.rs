//! Analysis: what can be said of a clean variant once its tables are compiled, and only
//! then. Checks that need the tables or legal moves (colour-bound declarations, pieces that
//! never move or get stuck, the start position) and the summary `hexv check` prints. It comes
//! after [`crate::compile`] and [`crate::game`] and before the renderers.

mod lints;
mod summary;

pub use lints::colour_change;
pub use summary::{describe_rules, summarize, PieceSummary, Summary};

use crate::check::Spans;
use crate::compile::MoveTables;
use crate::diagnostic::{self, Diagnostic};
use crate::variant::Variant;

/// The errors the tables reveal in the sound pieces of a file that failed the check (its
/// [`crate::check::Sketch`]): a false `colour-bound`, so that it is reported in the same run
/// as the mistakes elsewhere in the file.
pub fn analyse_sketch(sketch: &crate::check::Sketch, tables: &MoveTables) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    lints::Context {
        variant: &sketch.variant,
        tables,
        spans: &sketch.spans,
    }
    .colour_bound_of(tables, &sketch.sound, &mut diags);
    diags
}

/// Every diagnostic the tables and legal moves reveal in a clean variant, sorted by position:
/// errors (a false `colour-bound`) and, when there are none, warnings.
pub fn analyse(variant: &Variant, tables: &MoveTables, spans: &Spans) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    lints::Context {
        variant,
        tables,
        spans,
    }
    .run(&mut diags);
    diagnostic::sort(&mut diags);
    diags
}
