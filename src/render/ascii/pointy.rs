//! The upright style of pointy boards: cells standing on a corner as the SVG pictures draw
//! them, every cell a `| X |` slot four columns wide with its roof `/ \` above and its keel
//! `\ /` below, ranks as rows two text lines apart, each row offset half a cell from the next.
//!
//! ```text
//!    / \ / \
//!   | r | k |
//!  / \ / \ / \
//! |   |   |   |
//!  \ / \ / \ /
//!   | K | R |
//!    \ / \ /
//! ```
//!
//! With coordinates, every family of lines the cell names draw that runs across the page
//! from left to right (ranks, straight or bent, and the slanting files of Hex Shogi's board)
//! is labelled one cell beyond the left end of each line, where the line would go on: so
//! the labels sit on the board's left, above and below it, each in line with its cells.
//!
//! [`read`] turns such a drawing back into labelled cells; the coordinates are no slots and
//! are skipped.

use std::collections::HashMap;

use super::hex::put;
use super::Canvas;
use crate::geometry::board::{Board, CellId};
use crate::geometry::Coord;

/// A cell's place across the page in half cells: a cell is two units wide, and a rank's
/// cells sit half a cell right of the rank below's (as [`crate::render::svg`] draws them).
fn across(c: Coord) -> i32 {
    2 * c.a + c.b
}

/// Lines of margin above and below a board drawn with coordinates: room for a label one
/// rank beyond the board.
const MARGIN_LINES: usize = 2;
/// Columns of margin either side, before cropping.
const MARGIN_COLUMNS: usize = 8;

/// Draws a pointy board upright with a three-character label per cell (`"   "` for an
/// empty cell). An off-board cell with a label is drawn as its bare label where the cell
/// would be. With `coordinates`, the lines the cell names draw are labelled (see the module
/// documentation).
pub(super) fn render(board: &Board, label: &dyn Fn(CellId) -> String, coordinates: bool) -> Canvas {
    let cells: Vec<(CellId, Coord)> = board.cells().map(|c| (c, board.coord(c))).collect();
    let outside: Vec<(CellId, Coord, String)> = board
        .off_board_cells()
        .map(|c| (c, board.coord(c), label(c)))
        .filter(|(_, _, l)| !l.trim().is_empty())
        .collect();
    if cells.is_empty() {
        return Canvas {
            grid: Vec::new(),
            slots: Vec::new(),
        };
    }
    let every = cells
        .iter()
        .map(|(_, c)| *c)
        .chain(outside.iter().map(|(_, c, _)| *c));
    let (mut min_h, mut max_h, mut min_b, mut max_b) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
    for c in every {
        min_h = min_h.min(across(c));
        max_h = max_h.max(across(c));
        min_b = min_b.min(c.b);
        max_b = max_b.max(c.b);
    }
    let (top, side) = if coordinates {
        (MARGIN_LINES, MARGIN_COLUMNS)
    } else {
        (0, 0)
    };
    let width = (2 * (max_h - min_h) + 5) as usize + 2 * side;
    let height = (2 * (max_b - min_b) + 3) as usize + 2 * top;
    let mut canvas = Canvas {
        grid: vec![vec![' '; width]; height],
        slots: Vec::with_capacity(cells.len()),
    };
    // The label line of a cell and the column of its left wall; a place one cell beyond
    // the board's edge is still inside the margins.
    let place = |c: Coord| -> Option<(usize, usize)> {
        let row = 2 * (max_b - c.b) + 1 + top as i32;
        let col = 2 * (across(c) - min_h) + side as i32;
        (row >= 0 && col >= 0).then_some((row as usize, col as usize))
    };
    for &(id, c) in &cells {
        let Some((row, col)) = place(c) else { continue };
        let text: String = format!("{:^3}", label(id)).chars().take(3).collect();
        put(&mut canvas.grid, row - 1, col + 1, "/ \\");
        put(&mut canvas.grid, row, col, &format!("|{text}|"));
        put(&mut canvas.grid, row + 1, col + 1, "\\ /");
        canvas.slots.push((id, row, col + 1, 3));
    }
    for (id, c, text) in &outside {
        let Some((row, col)) = place(*c) else {
            continue;
        };
        let text: String = format!("{text:^3}").chars().take(3).collect();
        put(&mut canvas.grid, row, col + 1, &text);
        canvas.slots.push((*id, row, col + 1, 3));
    }
    if coordinates {
        label_lines(board, &place, &mut canvas);
        canvas.crop(top, top, side);
    }
    canvas
}

/// Labels each family of lines the names draw whose lines run from left to right (each cell
/// a neighbour of the last, half a cell or a cell further right), one cell beyond an end of
/// every line, where the line would go on: ranks (rows of the page) left of their first
/// cell; a slanting line under or above the board where an end of it reaches that far, else
/// beyond its left end. Ranks come first, so a slanting line's label never takes a rank's
/// place. A family that does not run so (Dagger's cell numbers, which count along a rank
/// from its labelled end) is not labelled; a label that would cover a drawn cell or another
/// label is left out.
fn label_lines(
    board: &Board,
    place: &dyn Fn(Coord) -> Option<(usize, usize)>,
    canvas: &mut Canvas,
) {
    let Some(families) = super::named_lines(board) else {
        return;
    };
    let rank = Coord::new(1, 0);
    let (Some(low), Some(high)) = (
        board.cells().map(|c| board.coord(c).b).min(),
        board.cells().map(|c| board.coord(c).b).max(),
    ) else {
        return;
    };
    let mut labelled: Vec<(&super::NamedLine, Vec<Coord>, Coord)> = Vec::new();
    for lines in &families {
        let runs: Option<Vec<Vec<Coord>>> = lines
            .iter()
            .map(|l| left_to_right(l.cells.iter().map(|c| board.coord(*c)).collect()))
            .collect();
        let Some(runs) = runs else { continue };
        // A one-cell line goes on the way its family's longer lines do, when they agree.
        let mut steps = runs.iter().filter(|r| r.len() > 1).map(|r| r[1] - r[0]);
        let Some(first) = steps.next() else { continue };
        let common = steps.all(|s| s == first).then_some(first);
        for (line, run) in lines.iter().zip(runs) {
            let step = if run.len() > 1 {
                run[1] - run[0]
            } else if let Some(s) = common {
                s
            } else {
                continue;
            };
            labelled.push((line, run, step));
        }
    }
    labelled.sort_by_key(|(_, run, step)| (*step != rank || run.len() < 2) as u8);
    for (line, run, step) in labelled {
        let (Some(&left), Some(&right)) = (run.first(), run.last()) else {
            continue;
        };
        let (before, after) = (left - step, right + step);
        let outside = |c: Coord| c.b < low || c.b > high;
        let mut ends = vec![before];
        if step != rank {
            let mut beyond: Vec<Coord> = [before, after]
                .into_iter()
                .filter(|c| outside(*c))
                .collect();
            beyond.sort_by_key(|c| c.b);
            beyond.push(before);
            ends = beyond;
        }
        let width = line.text.chars().count();
        for end in ends {
            if let Some((row, col)) = place(end) {
                if canvas.put_free(row, (col + 2).saturating_sub(width / 2), &line.text) {
                    break;
                }
            }
        }
    }
}

/// The cells of a line in order from left to right, when each is a neighbour of the one
/// before it and further right on the page; `None` otherwise.
fn left_to_right(mut cells: Vec<Coord>) -> Option<Vec<Coord>> {
    cells.sort_by_key(|c| across(*c));
    cells
        .windows(2)
        .all(|w| across(w[1]) > across(w[0]) && (w[1] - w[0]).hex_len() == 1)
        .then_some(cells)
}

/// True when `drawing` is in this style: it has a `| X |` slot with its roof or keel.
pub(super) fn is_upright(drawing: &str) -> bool {
    !slots(drawing).is_empty()
}

/// Every `| X |` slot of a drawing with its roof `/ \` above or its keel `\ /` below:
/// (line, column of the left wall, label).
fn slots(drawing: &str) -> Vec<(i32, i32, String)> {
    let lines: Vec<Vec<char>> = drawing.lines().map(|l| l.chars().collect()).collect();
    let at = |r: usize, c: usize| lines.get(r).and_then(|l| l.get(c)).copied().unwrap_or(' ');
    let mut found = Vec::new();
    for (r, line) in lines.iter().enumerate() {
        for c in 0..line.len() {
            if at(r, c) != '|' || at(r, c + 4) != '|' {
                continue;
            }
            let roof = r > 0 && at(r - 1, c + 1) == '/' && at(r - 1, c + 3) == '\\';
            let keel = at(r + 1, c + 1) == '\\' && at(r + 1, c + 3) == '/';
            if roof || keel {
                let label: String = (1..4).map(|i| at(r, c + i)).collect();
                found.push((r as i32, c as i32, label.trim().to_string()));
            }
        }
    }
    found
}

/// The labelled cells of a drawing in this style, placed on the board by lining the
/// drawing's leftmost slot column and lowest slot line up with the board's. Slots that fall
/// off the board are ignored.
pub fn read(board: &Board, drawing: &str) -> Vec<(CellId, String)> {
    let slots = slots(drawing);
    let placed: HashMap<Coord, CellId> = board.cells().map(|c| (board.coord(c), c)).collect();
    let (Some(min_h), Some(min_b)) = (
        placed.keys().map(|c| across(*c)).min(),
        placed.keys().map(|c| c.b).min(),
    ) else {
        return Vec::new();
    };
    let (Some(min_col), Some(max_row)) = (
        slots.iter().map(|s| s.1).min(),
        slots.iter().map(|s| s.0).max(),
    ) else {
        return Vec::new();
    };
    slots
        .into_iter()
        .filter(|(_, _, label)| !label.is_empty())
        .filter_map(|(r, c, label)| {
            let (dr, dc) = (max_row - r, c - min_col);
            if dr % 2 != 0 || dc % 2 != 0 {
                return None;
            }
            let b = min_b + dr / 2;
            let twice_a = min_h + dc / 2 - b;
            (twice_a % 2 == 0)
                .then(|| placed.get(&Coord::new(twice_a / 2, b)).copied())
                .flatten()
                .map(|id| (id, label))
        })
        .collect()
}
