//! A stand-in variant for a file that fails the check after its board and pieces were read:
//! the pieces that resolved keep their movements, the others stand in with none, and a
//! setup or castling in error is left out. It is never played; the table-based checks of
//! the sound pieces (a false `colour-bound`) and the editor's views of them run on it, so
//! one mistake elsewhere in the file hides neither.

use super::pieces::PieceSpans;
use super::resolve::SetupSpans;
use super::Spans;
use crate::diagnostic::Span;
use crate::variant::{BySide, Piece, Variant};

/// A variant that did not check, with the pieces that did.
#[derive(Clone, Debug)]
pub struct Sketch {
    /// The stand-in: every piece in id order, every zone, the board and the sides.
    pub variant: Variant,
    /// Where its parts are written (a left-out setup has no spans).
    pub spans: Spans,
    /// Per piece, in id order: whether it resolved without an error (a stand-in has no
    /// movement, so nothing may be said of its moves).
    pub sound: Vec<bool>,
}

/// A piece with its name and symbol and nothing else (no movement): what a piece that did
/// not resolve stands in as, and what resolving a piece starts from.
pub(super) fn stand_in(name: &str, symbol: &str, at: Span) -> (Piece, PieceSpans) {
    let piece = Piece {
        name: name.to_string(),
        symbol: symbol.to_string(),
        royal: false,
        declared_colour_bound: false,
        movements: Vec::new(),
        promotion: None,
        drops: Default::default(),
        demotes_to: None,
        value: None,
        confined: None,
        glyph: None,
    };
    let spans = PieceSpans {
        name: at,
        colour_bound: None,
        royal: None,
        promote: None,
        likes: Vec::new(),
        drop: None,
        value: None,
        confined: None,
        glyph: None,
        movements: Vec::new(),
    };
    (piece, spans)
}

/// Empty setup spans for `sides` sides, for a sketch whose setup is left out.
pub(super) fn no_setup_spans(sides: usize) -> SetupSpans {
    SetupSpans {
        cells: BySide::from_values(vec![Vec::new(); sides]),
        block: BySide::from_values(vec![None; sides]),
        hand: BySide::from_values(vec![Vec::new(); sides]),
    }
}
