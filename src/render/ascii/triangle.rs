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
//! A two-character label fits (`+P`); longer ones are cut. With coordinates the file letters
//! stand under the columns and the levels left of the lines (see [`super::render_with`]).
//!
//! Triangles in rows (Dekle) take one text line per row and one column per vertical line of
//! centroids, each cell drawn by its left side before the label: `/K` for a triangle
//! pointing up, `\K` for one pointing down; neighbours on one line share that side. Dekle's
//! first row, with a rook in each corner:
//!
//! ```text
//!   \R  /.  \.  /.  \.  /.  \.  /.  \R
//! ```

use super::Canvas;
use crate::geometry::board::{Board, CellId};
use crate::geometry::triangle::{strip, tripled_height};
use crate::geometry::{Grid, Lay};

/// How the board's triangles lie (a triangle style drawing is only asked for triangles).
fn lay(board: &Board) -> Lay {
    match board.grid {
        Grid::Triangle(lay) => lay,
        Grid::Hex(_) => Lay::Columns,
    }
}

/// Where each board cell is drawn: (line from the top, file column from the left).
fn layout(board: &Board) -> Vec<(CellId, usize, usize)> {
    let cells: Vec<CellId> = board.cells().collect();
    // (height, column) keys and how far apart neighbouring lines and columns are: in
    // columns, levels are a third of the tripled height apart; in rows, a row is a lattice
    // strip and a column half a side (three units of the tripled width).
    let key = |c: CellId| {
        let p = board.coord(c);
        match lay(board) {
            Lay::Columns => (tripled_height(p) / 3, strip(p)),
            Lay::Rows => (-strip(p), (tripled_height(p)).div_euclid(3)),
        }
    };
    let top = cells.iter().map(|c| key(*c).0).max().unwrap_or(0);
    let left = cells.iter().map(|c| key(*c).1).min().unwrap_or(0);
    cells
        .iter()
        .map(|&c| {
            let (height, column) = key(c);
            (c, (top - height) as usize, (column - left) as usize)
        })
        .collect()
}

/// The sign a cell is drawn with, by where its apex points: `>` or `<` in columns, and in
/// rows the cell's left side, `/` pointing up or `\` pointing down.
fn sign(board: &Board, c: CellId) -> char {
    match lay(board).apex_hour(board.coord(c)) {
        3 => '>',
        9 => '<',
        12 => '/',
        _ => '\\',
    }
}

/// The text of one cell: three characters.
fn slot(sign: char, label: &str) -> String {
    let label: String = label.chars().take(2).collect();
    let label = if label.is_empty() {
        ".".to_string()
    } else {
        label
    };
    match sign {
        '>' => format!("{label:>2}>"),
        _ => format!("{sign}{label:<2}"),
    }
}

/// Draws a triangle board with a label of up to two characters per cell. With
/// `coordinates`, the lines the cell names draw are labelled: a family whose lines are the
/// drawing's columns (Chessagon's files) under the board, centred under each column; a
/// family whose lines are its text lines (Chessagon's levels) left of each line (a second
/// such family right of it). A board whose names draw no such line has the name of each
/// column's lowest cell under the board and of its highest above it.
pub(super) fn render(board: &Board, label: &dyn Fn(CellId) -> String, coordinates: bool) -> Canvas {
    let placed = layout(board);
    let lines = placed.iter().map(|(_, l, _)| l + 1).max().unwrap_or(0);
    let files = placed.iter().map(|p| p.2 + 1).max().unwrap_or(0);
    let margins = if coordinates {
        margins(board, &placed)
    } else {
        Margins::default()
    };
    let top = usize::from(!margins.above.is_empty());
    // The columns a side's labels take, with `gap` blanks between them and the board.
    let room = |texts: &[(usize, String)], gap: usize| {
        texts.iter().map(|(_, t)| t.len() + gap).max().unwrap_or(0)
    };
    let (left, right) = (room(&margins.left, 2), room(&margins.right, 1));
    let below = usize::from(!margins.below.is_empty());
    let mut grid: Vec<Vec<char>> = vec![vec![' '; left + 4 * files + right]; top + lines + below];
    let mut slots = Vec::with_capacity(placed.len());
    let put = |grid: &mut Vec<Vec<char>>, row: usize, col: usize, text: &str| {
        for (i, ch) in text.chars().enumerate() {
            grid[row][col + i] = ch;
        }
    };
    for &(c, line, file) in &placed {
        let text = slot(sign(board, c), &label(c));
        let (row, col) = (top + line, left + 4 * file);
        put(&mut grid, row, col, &text);
        slots.push((c, row, col, 3));
    }
    // Under or above a column: from its second character, the middle of `.>` and `<.`.
    let edges = [(0, &margins.above), (top + lines, &margins.below)];
    for (row, texts) in edges.into_iter().filter(|(_, t)| !t.is_empty()) {
        for (file, text) in texts {
            put(&mut grid, row, left + 4 * file + 1, text);
        }
    }
    for (line, text) in &margins.left {
        put(&mut grid, top + line, left - 2 - text.len(), text);
    }
    for (line, text) in &margins.right {
        put(&mut grid, top + line, left + 4 * files, text);
    }
    Canvas { grid, slots }
}

/// The labels around a triangle board: (file column, text) above and below it, (line,
/// text) left and right of it.
#[derive(Default)]
struct Margins {
    above: Vec<(usize, String)>,
    below: Vec<(usize, String)>,
    left: Vec<(usize, String)>,
    right: Vec<(usize, String)>,
}

/// Where the names' lines are labelled (see [`render`]). Texts longer than fits a column
/// (three characters) are left out rather than cut.
fn margins(board: &Board, placed: &[(CellId, usize, usize)]) -> Margins {
    let at: std::collections::HashMap<CellId, (usize, usize)> =
        placed.iter().map(|&(c, l, f)| (c, (l, f))).collect();
    let mut m = Margins::default();
    // A family whose every line lies in one column (or on one text line), one line a column.
    let along = |lines: &[super::NamedLine], key: &dyn Fn((usize, usize)) -> usize| {
        let keys: Option<Vec<usize>> = lines
            .iter()
            .map(|l| {
                let k = key(at[l.cells.first()?]);
                l.cells.iter().all(|c| key(at[c]) == k).then_some(k)
            })
            .collect();
        keys.filter(|k| {
            let mut sorted = k.clone();
            sorted.sort_unstable();
            sorted.dedup();
            sorted.len() == k.len()
        })
    };
    let fits = |t: &str| t.chars().count() <= 3;
    for lines in super::named_lines(board).unwrap_or_default() {
        let texts = lines.iter().map(|l| l.text.clone());
        if let Some(files) = along(&lines, &|(_, f)| f).filter(|_| m.below.is_empty()) {
            m.below = files
                .into_iter()
                .zip(texts)
                .filter(|(_, t)| fits(t))
                .collect();
        } else if let Some(levels) = along(&lines, &|(l, _)| l) {
            let side = if m.left.is_empty() {
                &mut m.left
            } else {
                &mut m.right
            };
            *side = levels.into_iter().zip(texts).collect();
        }
    }
    if m.below.is_empty() && m.left.is_empty() && m.right.is_empty() {
        // Each column's two ends, by their names.
        let files = placed.iter().map(|p| p.2 + 1).max().unwrap_or(0);
        for file in 0..files {
            let column = placed.iter().filter(|p| p.2 == file);
            let low = column.clone().max_by_key(|p| p.1);
            let high = column.min_by_key(|p| p.1);
            if let Some(&(c, _, _)) = low {
                m.below.push((file, board.name(c).to_string()));
            }
            if let Some(&(c, _, _)) = high.filter(|h| Some(*h) != low) {
                m.above.push((file, board.name(c).to_string()));
            }
        }
        m.below.retain(|(_, t)| fits(t));
        m.above.retain(|(_, t)| fits(t));
    }
    m
}

/// The labelled cells of a drawing in this style (`.` is an empty cell), lined up with the
/// board by its leftmost file column and its lowest line. Slots off the board are ignored.
pub fn read(board: &Board, drawing: &str) -> Vec<(CellId, String)> {
    let lines: Vec<Vec<char>> = drawing.lines().map(|l| l.chars().collect()).collect();
    // Every slot: (line, column, sign, label).
    let mut slots = Vec::new();
    for (r, line) in lines.iter().enumerate() {
        let text: String = line.iter().collect();
        for (c, ch) in line.iter().enumerate() {
            let take = |from: usize| text.chars().skip(from).take(2).collect::<String>();
            // In rows a sign starts a slot: the line's start or a blank before it.
            let starts = c == 0 || line[c - 1] == ' ';
            match (lay(board), ch) {
                (Lay::Columns, '<') => slots.push((r, c, '<', take(c + 1).trim().to_string())),
                (Lay::Columns, '>') if c >= 2 => {
                    slots.push((r, c - 2, '>', take(c - 2).trim().to_string()))
                }
                (Lay::Rows, '/' | '\\') if starts => {
                    slots.push((r, c, *ch, take(c + 1).trim().to_string()))
                }
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
        .filter_map(|(r, c, drawn, label)| {
            let line = (bottom + r).checked_sub(max_line)?;
            let file = (c - min_col) / 4;
            placed
                .iter()
                .find(|(id, l, f)| *l == line && *f == file && sign(board, *id) == drawn)
                .map(|(id, _, _)| (*id, label))
        })
        .collect()
}
