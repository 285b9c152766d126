//! Views of checked variants and compiled tables: text, JSON, ASCII and SVG diagrams.
//! Renderers never print; they return strings, or [`Undrawable`] for a board a style cannot
//! draw.

use std::fmt;

use crate::geometry::board::Board;
use crate::geometry::Orientation;

pub mod ascii;
pub mod diagram;
pub mod svg;
pub mod tables;

/// A board a drawing style cannot draw (yet): triangle boards in the hex styles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undrawable {
    pub style: &'static str,
    pub grid: &'static str,
}

impl fmt::Display for Undrawable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the {} style cannot draw {} boards yet",
            self.style, self.grid
        )
    }
}

impl std::error::Error for Undrawable {}

/// The hex orientation of a board a hex style draws, or why it cannot.
fn hex_only(board: &Board, style: &'static str) -> Result<Orientation, Undrawable> {
    board.grid.hex().ok_or(Undrawable {
        style,
        grid: board.grid.name(),
    })
}
