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
//! With coordinates the files and ranks the cell names draw are labelled around the board
//! (see [`super::render_with`]): Glinski's file letters under it, its rank numbers left of
//! each rank's first cell, on that cell's text line (`7 ___/b7 \`).
//!
//! [`read`] turns such a drawing back into labelled cells, so tests can compare a rendered
//! diagram (or a published one) with the tables cell by cell; the coordinates are no slots
//! and are skipped.

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
/// outline (as the Dagger text draws its knights in hand). With `coordinates`, the lines the
/// cell names draw are labelled on the margins (see [`label_lines`]).
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
    // With coordinates the board is drawn with room around it (a line above and below, and
    // MARGIN columns either side); what the labels leave blank is cropped afterwards.
    let (top, bottom, side) = if coordinates {
        (1, 1, MARGIN)
    } else {
        (0, 0, 0)
    };
    let width = (4 * (max_a - min_a) + 6) as usize + 2 * side;
    let height = (max_y - min_y + 3) as usize + top + bottom;
    let mut canvas = Canvas {
        grid: vec![vec![' '; width]; height],
        slots: Vec::with_capacity(cells.len()),
    };

    // The label line of a cell; its top edge is one line up, its bottom edge one down.
    let place = |c: &Coord| {
        (
            (max_y - o.doubled_height(*c) + 1) as usize + top,
            (4 * (c.a - min_a)) as usize + side,
        )
    };
    let grid = &mut canvas.grid;
    for (id, c) in &cells {
        let (row, col) = place(c);
        let text: String = format!("{:^3}", label(*id)).chars().take(3).collect();
        put(grid, row - 1, col + 1, "___");
        put(grid, row, col, &format!("/{text}\\"));
        put(grid, row + 1, col, "\\___/");
        canvas.slots.push((*id, row, col + 1, 3));
    }
    for (id, c, text) in &outside {
        let (row, col) = place(c);
        let text: String = format!("{:^3}", text).chars().take(3).collect();
        put(grid, row, col + 1, &text);
        canvas.slots.push((*id, row, col + 1, 3));
    }
    if coordinates {
        let drawn: Vec<(CellId, Coord, (usize, usize))> =
            cells.iter().map(|&(id, c)| (id, c, place(&c))).collect();
        label_lines(board, &drawn, &mut canvas);
        canvas.crop(top, bottom, side);
    }
    canvas
}

/// Blank columns drawn either side of a board with coordinates, before cropping: room for
/// a label beside a neighbour's edge.
const MARGIN: usize = 8;

/// How the cells of a family of named lines lie on the page.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Run {
    /// Each line is one column of the page (flat files; the files of Brusky's turned
    /// board): labelled under the board, on its last line.
    Columns,
    /// Each line crosses the page from left to right, a cell per column, each cell beside
    /// the last (ranks, straight or bent as Glinski's): labelled at one end, on the text
    /// line of that end's cell.
    Rows,
}

/// Which end of its lines a family of [`Run::Rows`] is labelled at.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    Left,
    Right,
}

/// Labels the lines the cell names draw (see [`super::named_lines`]): a family whose lines
/// are the page's columns under the board, centred under each column; a family whose lines
/// cross the page at the left end of each line, on its cell's text line, so the label and
/// the cell's name read on one line (where a neighbour's edge is in the way, beyond it).
/// When both families cross the page (Hex Shogi's turned boards), the one that rises to the
/// right is labelled at its right end, so no corner cell gets two labels. A family that is
/// neither (Dagger's cell numbers, which count along each rank from its labelled end) is not
/// labelled; a board whose names draw no such line at all (Koval's numbers) has the name of
/// each column's lowest cell under the board and of its highest above it.
fn label_lines(board: &Board, drawn: &[(CellId, Coord, (usize, usize))], canvas: &mut Canvas) {
    let at: std::collections::HashMap<CellId, (Coord, (usize, usize))> =
        drawn.iter().map(|&(id, c, p)| (id, (c, p))).collect();
    let families = super::named_lines(board).unwrap_or_default();
    let runs: Vec<Option<Run>> = families.iter().map(|f| run(f, &at)).collect();
    let last_line = canvas.grid.len() - 1;
    if runs.iter().all(Option::is_none) {
        // Each page column's two ends, by their names.
        let mut columns: std::collections::BTreeMap<i32, Vec<(usize, usize, CellId)>> =
            Default::default();
        for &(id, c, (row, col)) in drawn {
            columns.entry(c.a).or_default().push((row, col, id));
        }
        for ends in columns.values() {
            let (Some(low), Some(high)) = (ends.iter().max(), ends.iter().min()) else {
                continue;
            };
            under(canvas, last_line, low.1, board.name(low.2));
            if high != low {
                under(canvas, 0, high.1, board.name(high.2));
            }
        }
        return;
    }
    let rising = |lines: &[super::NamedLine]| -> usize {
        lines
            .iter()
            .filter(|l| {
                let ends = (
                    l.cells.iter().min_by_key(|c| at[*c].0.a),
                    l.cells.iter().max_by_key(|c| at[*c].0.a),
                );
                matches!(ends, (Some(left), Some(right)) if at[right].1 .0 < at[left].1 .0)
            })
            .count()
    };
    let both_cross = runs.iter().all(|r| *r == Some(Run::Rows));
    for (i, (lines, run)) in families.iter().zip(&runs).enumerate() {
        let end = if both_cross && rising(lines) > rising(&families[1 - i]) {
            End::Right
        } else {
            End::Left
        };
        for line in lines {
            match run {
                Some(Run::Columns) => {
                    if let Some(c) = line.cells.first() {
                        under(canvas, last_line, at[c].1 .1, &line.text);
                    }
                }
                Some(Run::Rows) => {
                    let cell = match end {
                        End::Left => line.cells.iter().min_by_key(|c| at[*c].0.a),
                        End::Right => line.cells.iter().max_by_key(|c| at[*c].0.a),
                    };
                    if let Some(c) = cell {
                        beside(canvas, at[c].1, end, &line.text);
                    }
                }
                None => {}
            }
        }
    }
}

/// How a family's lines lie on the page, if they are files or ranks at all.
fn run(
    lines: &[super::NamedLine],
    at: &std::collections::HashMap<CellId, (Coord, (usize, usize))>,
) -> Option<Run> {
    if lines.is_empty() {
        return None;
    }
    let columns: Vec<Option<i32>> = lines
        .iter()
        .map(|l| {
            let a = at[l.cells.first()?].0.a;
            l.cells.iter().all(|c| at[c].0.a == a).then_some(a)
        })
        .collect();
    let distinct = |v: &mut Vec<i32>| {
        let n = v.len();
        v.sort_unstable();
        v.dedup();
        v.len() == n
    };
    if let Some(mut a) = columns.into_iter().collect::<Option<Vec<i32>>>() {
        if distinct(&mut a) {
            return Some(Run::Columns);
        }
    }
    lines
        .iter()
        .all(|l| {
            let mut page: Vec<Coord> = l.cells.iter().map(|c| at[c].0).collect();
            page.sort_by_key(|c| c.a);
            page.windows(2)
                .all(|w| w[1].a == w[0].a + 1 && (w[1] - w[0]).hex_len() == 1)
        })
        .then_some(Run::Rows)
}

/// Writes `text` centred under (or above) the label of the cell drawn from column `col`.
fn under(canvas: &mut Canvas, row: usize, col: usize, text: &str) {
    let width = text.chars().count();
    canvas.put_free(row, (col + 2).saturating_sub(width / 2), text);
}

/// Writes `text` on the label line of the cell drawn at (row, col), left or right of it:
/// one blank from its edge, or beyond a neighbour's top or bottom edge (`___`) drawn there,
/// never past another outline (so never inside an empty cell's slot).
fn beside(canvas: &mut Canvas, (row, col): (usize, usize), end: End, text: &str) {
    let width = text.chars().count();
    for k in 0..MARGIN {
        let span = match end {
            End::Left => (col + 1)
                .checked_sub(width + 2 + k)
                .map(|from| (from, from.saturating_sub(1)..col)),
            End::Right => Some((col + 6 + k, col + 5..col + 7 + k + width)),
        };
        let Some((from, crossed)) = span else {
            return;
        };
        let line = &canvas.grid[row];
        if crossed
            .clone()
            .any(|i| line.get(i).is_some_and(|c| !matches!(c, ' ' | '_')))
        {
            return;
        }
        if canvas.put_free(row, from, text) {
            return;
        }
    }
}

/// Writes `text` from (row, col); a blank does not erase what is drawn there.
pub(super) fn put(grid: &mut [Vec<char>], row: usize, col: usize, text: &str) {
    for (i, ch) in text.chars().enumerate() {
        if let Some(cell) = grid.get_mut(row).and_then(|r| r.get_mut(col + i)) {
            if ch != ' ' || *cell == ' ' {
                *cell = ch;
            }
        }
    }
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
