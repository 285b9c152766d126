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
    render_inked(board, label, coordinates, &|_| None)
}

/// Text written just before and just after a cell's label that takes no room in the drawing
/// (a terminal's colour codes, say); `None` leaves the cell as it is.
pub type Ink<'a> = &'a dyn Fn(CellId) -> Option<(String, String)>;

/// [`render_with`], with each cell's label set between the texts `ink` gives for it. The
/// layout is the one [`render_with`] draws, so only a terminal that reads the texts as
/// codes sees a difference.
pub fn render_inked(
    board: &Board,
    label: &dyn Fn(CellId) -> String,
    coordinates: bool,
    ink: Ink,
) -> String {
    let canvas = match board.grid {
        Grid::Hex(o) => hex::render(board, o, label, coordinates),
        Grid::Triangle => triangle::render(board, label, coordinates),
    };
    canvas.finish(ink)
}

/// A drawing under way: a grid of characters and where each cell's label sits in it.
struct Canvas {
    grid: Vec<Vec<char>>,
    /// (cell, row, first column, width) of every label slot.
    slots: Vec<(CellId, usize, usize, usize)>,
}

impl Canvas {
    /// The drawing as text, lines without trailing blanks (except inside an inked label).
    fn finish(self, ink: Ink) -> String {
        let mut inked: Vec<(usize, usize, usize, String, String)> = self
            .slots
            .iter()
            .filter_map(|&(cell, row, col, width)| {
                ink(cell).map(|(before, after)| (row, col, col + width, before, after))
            })
            .collect();
        inked.sort_by_key(|s| (s.0, s.1));
        let mut out = String::new();
        let mut next = inked.iter().peekable();
        for (r, line) in self.grid.iter().enumerate() {
            let mine: Vec<_> = std::iter::from_fn(|| next.next_if(|s| s.0 == r)).collect();
            // Blanks at the end are dropped, unless an inked label reaches that far.
            let used = line.iter().rposition(|c| *c != ' ').map_or(0, |i| i + 1);
            let len = mine.iter().map(|s| s.2).max().unwrap_or(0).max(used);
            for i in 0..len {
                for s in mine.iter().filter(|s| s.1 == i) {
                    out.push_str(&s.3);
                }
                out.push(line.get(i).copied().unwrap_or(' '));
                for s in mine.iter().filter(|s| s.2 == i + 1) {
                    out.push_str(&s.4);
                }
            }
            out.push('\n');
        }
        out
    }
}

/// The labelled cells of a drawing in the board's style.
pub fn read(board: &Board, drawing: &str) -> Vec<(CellId, String)> {
    match board.grid {
        Grid::Hex(o) => hex::read(board, o, drawing),
        Grid::Triangle => triangle::read(board, drawing),
    }
}
