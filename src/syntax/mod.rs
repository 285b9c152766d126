//! Parsing: text → typed syntax tree ([`ast::Ast`]), with readable syntax diagnostics.
//!
//! The pest grammar is `grammar/hexv.pest`. Lowering relies on the grammar's shapes (each
//! rule's children are known), so the `expect`-free helpers below return early on a shape
//! the grammar cannot produce instead of panicking.

pub mod ast;
mod errors;
pub mod format;
mod lower;

use pest::Parser;

use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/hexv.pest"]
pub(crate) struct HexvParser;

/// Most steps pest may take for one file (a process-wide setting of the pest crate, set
/// before every parse); a 1 MiB file of ordinary lines takes a fraction of it.
const CALL_LIMIT: usize = 20_000_000;

/// Deepest `{` nesting accepted; real files nest two deep.
pub const MAX_NESTING: usize = 32;

/// A file whose braces do not balance, repaired to read on past them: the repaired file and
/// a map of its positions back to the original's ([`Repaired::original`]). `None` when the
/// diagnostics of [`parse`] name anything but stray or missing braces, or nothing is to
/// repair.
pub fn repair_braces(file: &SourceFile, diagnostics: &[Diagnostic]) -> Option<Repaired> {
    let braces_only = diagnostics
        .iter()
        .all(|d| [errors::UNCLOSED_BLOCK, errors::UNEXPECTED_BRACE].contains(&d.code));
    if !braces_only {
        return None;
    }
    let (text, inserted) = errors::balance_braces(file.text())?;
    Some(Repaired {
        file: SourceFile::new(file.name(), text),
        inserted,
    })
}

/// A file with its braces balanced ([`repair_braces`]).
pub struct Repaired {
    /// The repaired text, under the original's name.
    pub file: SourceFile,
    /// Where text was inserted: offset in the original, length.
    inserted: Vec<(usize, usize)>,
}

impl Repaired {
    /// A position of the repaired text in the original.
    pub fn original(&self, at: usize) -> usize {
        errors::position_before_repair(&self.inserted, at)
    }
}

/// Parses a file. Unreadable lines become `Bad` nodes (explained by the checker); only
/// structural problems (braces, strings) stop the parse and come back as diagnostics.
pub fn parse(file: &SourceFile) -> Result<ast::Ast, Vec<Diagnostic>> {
    let limits = errors::check_limits(file.text());
    if !limits.is_empty() {
        return Err(limits);
    }
    let structure = errors::check_structure(file.text());
    if !structure.is_empty() {
        return Err(structure);
    }
    pest::set_call_limit(std::num::NonZeroUsize::new(CALL_LIMIT));
    match HexvParser::parse(Rule::file, file.text()) {
        Ok(mut pairs) => match pairs.next() {
            Some(root) => Ok(lower::file(root)),
            None => Ok(ast::Ast::default()),
        },
        Err(e) if errors::is_call_limit(&e) => Err(vec![errors::too_complex(CALL_LIMIT)]),
        Err(e) => Err(vec![errors::from_pest(&e, file.text())]),
    }
}
