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
pub fn render(board: &Board, label: &dyn Fn(CellId) -> String, coordinates: bool) -> String {
    let placed = layout(board);
    let lines = placed.iter().map(|(_, l, _)| l + 1).max().unwrap_or(0);
    let mut grid: Vec<Vec<char>> = vec![Vec::new(); lines];
    for &(c, line, file) in &placed {
        let text = slot(points_right(board.coord(c)), &label(c));
        let row = &mut grid[line];
        let col = 4 * file;
        if row.len() < col + 3 {
            row.resize(col + 3, ' ');
        }
        for (i, ch) in text.chars().enumerate() {
            row[col + i] = ch;
        }
    }
    let mut out = String::new();
    if coordinates {
        // Files: the letters the names of a column share; levels: the digits.
        let mut header = vec![' '; 4 + 4 * (placed.iter().map(|p| p.2).max().unwrap_or(0) + 1)];
        for &(c, line, file) in &placed {
            let letters: String = board
                .name(c)
                .chars()
                .filter(|ch| !ch.is_ascii_digit())
                .collect();
            if line == 0 || header[4 + 4 * file + 1] == ' ' {
                for (i, ch) in letters.chars().take(2).enumerate() {
                    header[4 + 4 * file + 1 + i] = ch;
                }
            }
        }
        out.push_str(header.iter().collect::<String>().trim_end());
        out.push('\n');
        let lowest = placed.iter().map(|p| p.1).max().unwrap_or(0);
        for (i, row) in grid.into_iter().enumerate() {
            let line: String = row.into_iter().collect();
            out.push_str(format!("{:>2}  {line}", lowest - i + 1).trim_end());
            out.push('\n');
        }
        return out;
    }
    for row in grid {
        let line: String = row.into_iter().collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
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
