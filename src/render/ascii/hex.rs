//! The hex style, after the published rule texts (Glinski's and McCooey's pages): every cell
//! a `/ X \` slot four columns wide, files stacked two text lines per cell, neighbouring files
//! offset by one line.
//!
//! ```text
//!      ___
//!  ___/ * \___
//! / * \___/ * \
//! \___/ K \___/
//! / * \___/ * \
//! \___/ * \___/
//!     \___/
//! ```
//!
//! Pointy boards are drawn turned 30 degrees clockwise, as the Dagger Chess text draws its
//! board: every cell then lies flat, and straight ahead (12 o'clock) points to 1 o'clock on
//! the page.
//!
//! [`read`] turns such a drawing back into labelled cells, so tests can compare a rendered
//! diagram (or a published one) with the tables cell by cell.

use super::Canvas;
use crate::geometry::board::{Board, CellId};
use crate::geometry::{rotate60, Coord, Orientation};

/// Where a cell sits in the flat drawing: flat boards as they are, pointy boards turned
/// 30 degrees clockwise (pointy hour h is drawn at flat hour h + 1, a turn of two unit
/// vectors, which is [`rotate60`] on axial coordinates).
fn on_page(o: Orientation, c: Coord) -> Coord {
    match o {
        Orientation::Flat => c,
        Orientation::Pointy => rotate60(c),
    }
}

/// Draws a hex board with a three-character label per cell (`"   "` for an empty cell). An
/// off-board cell with a label is drawn as its bare label where the cell would be, with no
/// outline (as the Dagger text draws its knights in hand). With `coordinates`, each line of
/// cells that the names letter (files of a flat board, ranks of a pointy one) gets its letter
/// on the margin: below the file, or left of the rank's first cell.
pub(super) fn render(
    board: &Board,
    page: Orientation,
    label: &dyn Fn(CellId) -> String,
    coordinates: bool,
) -> Canvas {
    let o = Orientation::Flat;
    let cells: Vec<(CellId, Coord)> = board
        .cells()
        .map(|c| (c, on_page(page, board.coord(c))))
        .collect();
    let outside: Vec<(CellId, Coord, String)> = board
        .off_board_cells()
        .map(|c| (c, on_page(page, board.coord(c)), label(c)))
        .filter(|(_, _, l)| !l.trim().is_empty())
        .collect();
    let every = cells
        .iter()
        .map(|(_, c)| *c)
        .chain(outside.iter().map(|(_, c, _)| *c));
    let (mut min_a, mut max_a, mut min_y, mut max_y) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
    for c in every {
        min_a = min_a.min(c.a);
        max_a = max_a.max(c.a);
        min_y = min_y.min(o.doubled_height(c));
        max_y = max_y.max(o.doubled_height(c));
    }
    if cells.is_empty() {
        return Canvas {
            grid: Vec::new(),
            slots: Vec::new(),
        };
    }
    // Room on the left for rank letters, below for file letters.
    let left = if coordinates && page == Orientation::Pointy {
        3
    } else {
        0
    };
    let below = usize::from(coordinates && page == Orientation::Flat);
    let width = (4 * (max_a - min_a) + 6) as usize + left;
    let height = (max_y - min_y + 3) as usize + below;
    let mut grid = vec![vec![' '; width]; height];
    let mut slots = Vec::with_capacity(cells.len());

    // The label line of a cell; its top edge is one line up, its bottom edge one down.
    let place = |c: &Coord| {
        (
            (max_y - o.doubled_height(*c) + 1) as usize,
            (4 * (c.a - min_a)) as usize + left,
        )
    };
    for (id, c) in &cells {
        let (row, col) = place(c);
        let text: String = format!("{:^3}", label(*id)).chars().take(3).collect();
        put(&mut grid, row - 1, col + 1, "___");
        put(&mut grid, row, col, &format!("/{text}\\"));
        put(&mut grid, row + 1, col, "\\___/");
        slots.push((*id, row, col + 1, 3));
    }
    for (id, c, text) in &outside {
        let (row, col) = place(c);
        let text: String = format!("{:^3}", text).chars().take(3).collect();
        put(&mut grid, row, col + 1, &text);
        slots.push((*id, row, col + 1, 3));
    }
    if coordinates {
        for (line, first) in lettered_lines(board, page) {
            let (row, col) = place(&on_page(page, board.coord(first)));
            match page {
                Orientation::Flat => put(&mut grid, height - 1, col + 2, &line),
                Orientation::Pointy => {
                    // Left of the rank's first cell, or left of the edge drawn there.
                    let free =
                        |c: usize| (c.saturating_sub(1)..=c + 1).all(|k| grid[row][k] == ' ');
                    let at = [col.saturating_sub(2), col.saturating_sub(6)]
                        .into_iter()
                        .find(|c| free(*c))
                        .unwrap_or(0);
                    put(&mut grid, row, at, &line);
                }
            }
        }
    }
    Canvas { grid, slots }
}

/// Writes `text` from (row, col); a blank does not erase what is drawn there.
fn put(grid: &mut [Vec<char>], row: usize, col: usize, text: &str) {
    for (i, ch) in text.chars().enumerate() {
        if let Some(cell) = grid.get_mut(row).and_then(|r| r.get_mut(col + i)) {
            if ch != ' ' || *cell == ' ' {
                *cell = ch;
            }
        }
    }
}

/// The lines of cells the names letter, with a cell to write the letter by: each file of a
/// flat board (its lowest cell), each rank of a pointy one (its leftmost cell), when every
/// cell of the line has the same letters in its name (`f1`..`f11`: `f`; shogi `6k`..`1k`: `k`).
fn lettered_lines(board: &Board, page: Orientation) -> Vec<(String, CellId)> {
    let mut lines: std::collections::BTreeMap<i32, Vec<CellId>> = Default::default();
    for c in board.cells() {
        let p = board.coord(c);
        let key = match page {
            Orientation::Flat => p.a,
            Orientation::Pointy => p.b,
        };
        lines.entry(key).or_default().push(c);
    }
    lines
        .into_values()
        .filter_map(|cells| {
            let letters = |c: &CellId| -> String {
                board
                    .name(*c)
                    .chars()
                    .filter(|ch| !ch.is_ascii_digit())
                    .collect()
            };
            let first = letters(cells.first()?);
            let same = !first.is_empty() && cells.iter().all(|c| letters(c) == first);
            // The lowest cell of a file, the leftmost of a rank.
            let anchor = *cells.iter().min_by_key(|c| match page {
                Orientation::Flat => page.doubled_height(board.coord(**c)),
                Orientation::Pointy => page.doubled_width(board.coord(**c)),
            })?;
            same.then_some((first, anchor))
        })
        .collect()
}

/// The labelled cells of a drawing in this style: every `/ X \` slot with a non-blank label,
/// placed on the board by lining the drawing's leftmost file and lowest cell up with the
/// board's. Slots that fall off the board are ignored.
pub fn read(board: &Board, page: Orientation, drawing: &str) -> Vec<(CellId, String)> {
    let lines: Vec<Vec<char>> = drawing.lines().map(|l| l.chars().collect()).collect();
    let at = |r: usize, c: usize| lines.get(r).and_then(|l| l.get(c)).copied().unwrap_or(' ');
    // A slot: `/` and `\` four columns apart with `\___/` below.
    let mut slots = Vec::new();
    for (r, line) in lines.iter().enumerate() {
        for c in 0..line.len() {
            let below: String = (0..5).map(|i| at(r + 1, c + i)).collect();
            if at(r, c) == '/' && at(r, c + 4) == '\\' && below == "\\___/" {
                let label: String = (1..4).map(|i| at(r, c + i)).collect();
                slots.push((r as i32, c as i32, label.trim().to_string()));
            }
        }
    }
    let o = Orientation::Flat;
    let placed: std::collections::HashMap<Coord, CellId> = board
        .cells()
        .map(|c| (on_page(page, board.coord(c)), c))
        .collect();
    let coords: Vec<Coord> = placed.keys().copied().collect();
    let (Some(min_a), Some(min_y)) = (
        coords.iter().map(|c| c.a).min(),
        coords.iter().map(|c| o.doubled_height(*c)).min(),
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
            let a = min_a + (c - min_col) / 4;
            let y = min_y + (max_row - r);
            let twice_b = y - a;
            (twice_b % 2 == 0)
                .then(|| placed.get(&Coord::new(a, twice_b / 2)).copied())
                .flatten()
                .map(|id| (id, label))
        })
        .collect()
}
