//! ASCII diagrams, in the style of the published rule texts for hex boards and in a compact
//! level-by-level style for triangle boards; [`read`] turns a drawing back into labelled
//! cells, so tests can compare a rendered diagram (or a published one) with the tables cell
//! by cell.

pub mod hex;
pub mod triangle;

use crate::geometry::board::{Board, CellId};
use crate::geometry::Grid;

/// Draws the board with a short label per cell: three characters on hex boards, two on
/// triangle boards (`""` for an empty cell).
pub fn render(board: &Board, label: &dyn Fn(CellId) -> String) -> String {
    render_with(board, label, false)
}

/// [`render`], with the files' and ranks' names on the margins when `coordinates` is set.
pub fn render_with(board: &Board, label: &dyn Fn(CellId) -> String, coordinates: bool) -> String {
    match board.grid {
        Grid::Hex(o) => hex::render(board, o, label, coordinates),
        Grid::Triangle => triangle::render(board, label, coordinates),
    }
}

/// The labelled cells of a drawing in the board's style.
pub fn read(board: &Board, drawing: &str) -> Vec<(CellId, String)> {
    match board.grid {
        Grid::Hex(o) => hex::read(board, o, drawing),
        Grid::Triangle => triangle::read(board, drawing),
    }
}
