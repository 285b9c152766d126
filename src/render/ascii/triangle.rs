//! The triangle style: one text line per level (highest first), one column four characters
//! wide per file, and every triangle drawn by the way it points, its label beside the apex
//! sign: `<K` for a triangle pointing left, `K>` for one pointing right, `<.` and `.>` when it
//! is empty. Neighbours on one line share a side (`<.  .>`: the vertical line between the
//! files) or a point (` .>  <.`: the two apexes meet); neighbours in one column share a side.
//! Chessagon's corner at White's end:
//!
//! ```text
//!   .>  <.  .>  <.
//!       <.  .>
//! ```
//!
//! A two-character label fits (`+P`); longer ones are cut.

use super::Canvas;
use crate::geometry::board::{Board, CellId};
use crate::geometry::triangle::{points_right, strip, tripled_height};

/// Where each board cell is drawn: (line from the top, file column from the left).
fn layout(board: &Board) -> Vec<(CellId, usize, usize)> {
    let cells: Vec<CellId> = board.cells().collect();
    let coords = |c: &CellId| board.coord(*c);
    let top = cells
        .iter()
        .map(|c| tripled_height(coords(c)))
        .max()
        .unwrap_or(0);
    let left = cells.iter().map(|c| strip(coords(c))).min().unwrap_or(0);
    cells
        .iter()
        .map(|&c| {
            // Levels are a third of the tripled height apart.
            let line = ((top - tripled_height(board.coord(c))) / 3) as usize;
            let file = (strip(board.coord(c)) - left) as usize;
            (c, line, file)
        })
        .collect()
}

/// The text of one cell: three characters.
fn slot(right: bool, label: &str) -> String {
    let label: String = label.chars().take(2).collect();
    let label = if label.is_empty() {
        ".".to_string()
    } else {
        label
    };
    if right {
        format!("{label:>2}>")
    } else {
        format!("<{label:<2}")
    }
}

/// Draws a triangle board with a label of up to two characters per cell. With
/// `coordinates`, the file letters head the columns and the levels number the lines.
pub(super) fn render(board: &Board, label: &dyn Fn(CellId) -> String, coordinates: bool) -> Canvas {
    let placed = layout(board);
    let lines = placed.iter().map(|(_, l, _)| l + 1).max().unwrap_or(0);
    let files = placed.iter().map(|p| p.2 + 1).max().unwrap_or(0);
    // With coordinates: a header line above, and four columns for the level on the left.
    let (top, left) = if coordinates { (1, 4) } else { (0, 0) };
    let mut grid: Vec<Vec<char>> = vec![vec![' '; left + 4 * files]; lines + top];
    let mut slots = Vec::with_capacity(placed.len());
    let put = |grid: &mut Vec<Vec<char>>, row: usize, col: usize, text: &str| {
        for (i, ch) in text.chars().enumerate() {
            grid[row][col + i] = ch;
        }
    };
    for &(c, line, file) in &placed {
        let text = slot(points_right(board.coord(c)), &label(c));
        let (row, col) = (top + line, left + 4 * file);
        put(&mut grid, row, col, &text);
        slots.push((c, row, col, 3));
    }
    if coordinates {
        // Files: the letters the names of a column share; levels: the digits.
        for &(c, line, file) in &placed {
            let letters: String = board
                .name(c)
                .chars()
                .filter(|ch| !ch.is_ascii_digit())
                .take(2)
                .collect();
            if line == 0 || grid[0][left + 4 * file + 1] == ' ' {
                put(&mut grid, 0, left + 4 * file + 1, &letters);
            }
        }
        let lowest = placed.iter().map(|p| p.1).max().unwrap_or(0);
        for line in 0..lines {
            put(
                &mut grid,
                top + line,
                0,
                &format!("{:>2}", lowest - line + 1),
            );
        }
    }
    Canvas { grid, slots }
}

/// The labelled cells of a drawing in this style (`.` is an empty cell), lined up with the
/// board by its leftmost file column and its lowest line. Slots off the board are ignored.
pub fn read(board: &Board, drawing: &str) -> Vec<(CellId, String)> {
    let lines: Vec<Vec<char>> = drawing.lines().map(|l| l.chars().collect()).collect();
    // Every slot: (line, column, points right, label).
    let mut slots = Vec::new();
    for (r, line) in lines.iter().enumerate() {
        let text: String = line.iter().collect();
        for (c, ch) in line.iter().enumerate() {
            let take = |from: usize| text.chars().skip(from).take(2).collect::<String>();
            match ch {
                '<' => slots.push((r, c, false, take(c + 1).trim().to_string())),
                '>' if c >= 2 => slots.push((r, c - 2, true, take(c - 2).trim().to_string())),
                _ => {}
            }
        }
    }
    let (Some(min_col), Some(max_line)) = (
        slots.iter().map(|s| s.1).min(),
        slots.iter().map(|s| s.0).max(),
    ) else {
        return Vec::new();
    };
    let placed = layout(board);
    let bottom = placed.iter().map(|(_, l, _)| *l).max().unwrap_or(0);
    slots
        .into_iter()
        .filter(|(_, _, _, label)| !label.is_empty() && label != ".")
        .filter_map(|(r, c, right, label)| {
            let line = (bottom + r).checked_sub(max_line)?;
            let file = (c - min_col) / 4;
            placed
                .iter()
                .find(|(id, l, f)| {
                    *l == line && *f == file && points_right(board.coord(*id)) == right
                })
                .map(|(id, _, _)| (*id, label))
        })
        .collect()
}
