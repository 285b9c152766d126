//! ASCII diagrams, in the style of the published rule texts for hex boards and in a compact
//! level-by-level style for triangle boards; [`read`] turns a drawing back into labelled
//! cells, so tests can compare a rendered diagram (or a published one) with the tables cell
//! by cell.

pub mod hex;
pub mod pointy;
pub mod triangle;

use crate::geometry::board::{Board, CellId};
use crate::geometry::{Grid, Orientation};

/// Draws the board with a short label per cell (three characters on hex boards, two on
/// triangle boards, `""` for an empty cell) and its coordinates on the margins, so a cell's
/// name can be read off the picture: [`render_with`] with `coordinates` set.
pub fn render(board: &Board, label: &dyn Fn(CellId) -> String) -> String {
    render_with(board, label, true)
}

/// Draws the board with a short label per cell, and with `coordinates` the lines its cell
/// names draw labelled on the margins, the labels taken from the names (a cell name is its
/// letters and its digits, either way round: `f6`, `a10`, `6k`):
///
/// - a family of lines (the cells sharing their letters, or their digits) whose lines are
///   the drawing's columns is labelled under the board, each label under its column (the
///   files of Glinski's board and of Brusky's turned one, Chessagon's files);
/// - a family whose lines cross the drawing from left to right, one cell a column (ranks,
///   straight or bent like Glinski's), is labelled left of each line, on the text line of
///   its first cell, so the label and that cell's name read on one line; when both families
///   cross the drawing (Hex Shogi's turned boards) the one rising to the right is labelled
///   right of each line's last cell instead. On triangle boards such a family is one text
///   line a line (Chessagon's levels);
/// - a family that is neither is not labelled (Dagger's cell numbers, which count along the
///   rank from its label);
/// - a board whose names draw no such line (Koval's numbered cells) has the name of each
///   column's lowest cell under the board and of its highest above it.
///
/// The labels are pieces of cell names (which never hold `/`, `\`, `<` or `>`), written
/// outside every cell's outline: [`read`] reads a drawing with or without them the same.
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
    render_styled(board, label, coordinates, Turn::Upright, ink)
}

/// How a pointy board is drawn (flat and triangle boards have one way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Turn {
    /// Upright, cells standing on a corner, as the SVG pictures draw it ([`pointy`]).
    #[default]
    Upright,
    /// Turned 30 degrees clockwise so its cells lie flat, in the style of flat boards
    /// ([`hex`]), as the Dagger Chess and Hex Shogi texts draw their boards.
    Turned,
}

/// [`render_inked`] with a pointy board drawn the way `turn` says.
pub fn render_styled(
    board: &Board,
    label: &dyn Fn(CellId) -> String,
    coordinates: bool,
    turn: Turn,
    ink: Ink,
) -> String {
    let canvas = match (board.grid, turn) {
        (Grid::Hex(Orientation::Pointy), Turn::Upright) => {
            pointy::render(board, label, coordinates)
        }
        (Grid::Hex(o), _) => hex::render(board, o, label, coordinates),
        (Grid::Triangle(_), _) => triangle::render(board, label, coordinates),
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

impl Canvas {
    /// Drops what is left of the margins a drawing with coordinates was started on: up to
    /// `top` blank lines above, `bottom` below and `left` blank columns on the left, so the
    /// labels sit tight against the board and the board's own lines are never cut.
    fn crop(&mut self, top: usize, bottom: usize, left: usize) {
        let blank = |row: &Vec<char>| row.iter().all(|c| *c == ' ');
        let above = self.grid.iter().take(top).take_while(|r| blank(r)).count();
        let below = self
            .grid
            .iter()
            .rev()
            .take(bottom)
            .take_while(|r| blank(r))
            .count();
        self.grid.truncate(self.grid.len() - below);
        self.grid.drain(..above);
        let beside = self
            .grid
            .iter()
            .filter(|r| !blank(r))
            .map(|r| r.iter().take_while(|c| **c == ' ').count())
            .min()
            .unwrap_or(0)
            .min(left);
        for row in &mut self.grid {
            row.drain(..beside.min(row.len()));
        }
        for slot in &mut self.slots {
            slot.1 -= above;
            slot.2 -= beside;
        }
    }

    /// Writes `text` from (row, col) when it has a blank (or the drawing's end) on either
    /// side and only blanks under it; false, and nothing written, otherwise.
    fn put_free(&mut self, row: usize, col: usize, text: &str) -> bool {
        let Some(line) = self.grid.get_mut(row) else {
            return false;
        };
        let width = text.chars().count();
        let free = (col.saturating_sub(1)..=col + width)
            .all(|i| line.get(i).is_none_or(|c| *c == ' '))
            && col + width <= line.len();
        if free {
            for (i, ch) in text.chars().enumerate() {
                line[col + i] = ch;
            }
        }
        free
    }
}

/// A line of cells the names draw: the cells whose names share `text`, their letters (`f`
/// of Glinski's `f1`..`f11`, `k` of Hex Shogi's `6k`..`1k`) or their digits (`6` of `a6`..
/// `l6`).
struct NamedLine {
    text: String,
    cells: Vec<CellId>,
}

/// A cell name's letters and digits, when it is letters then digits (`f6`, `a10`) or digits
/// then letters (`6k`); `None` for any other name (Koval's `37`).
fn split_name(name: &str) -> Option<(&str, &str)> {
    let digit = |c: char| c.is_ascii_digit();
    let first_digit = name.find(digit)?;
    if first_digit > 0 {
        let (letters, digits) = name.split_at(first_digit);
        digits.chars().all(digit).then_some((letters, digits))
    } else {
        let first_letter = name.find(|c: char| !digit(c))?;
        let (digits, letters) = name.split_at(first_letter);
        (!letters.contains(digit)).then_some((letters, digits))
    }
}

/// The two families of lines the names draw, the cells sharing their letters and the cells
/// sharing their digits, each line in order of its text; `None` when a name of the board is
/// not letters and digits. Whether a family's lines are straight files or ranks on the
/// drawing is for the style to find out: nothing here knows a board's shape.
fn named_lines(board: &Board) -> Option<[Vec<NamedLine>; 2]> {
    let mut letters: std::collections::BTreeMap<&str, Vec<CellId>> = Default::default();
    let mut digits: std::collections::BTreeMap<&str, Vec<CellId>> = Default::default();
    for c in board.cells() {
        let (l, d) = split_name(board.name(c))?;
        letters.entry(l).or_default().push(c);
        digits.entry(d).or_default().push(c);
    }
    let family = |m: std::collections::BTreeMap<&str, Vec<CellId>>| -> Vec<NamedLine> {
        m.into_iter()
            .map(|(text, cells)| NamedLine {
                text: text.to_string(),
                cells,
            })
            .collect()
    };
    Some([family(letters), family(digits)])
}

/// The labelled cells of a drawing in the board's style (a pointy board's upright or
/// turned: which one is seen in the drawing).
pub fn read(board: &Board, drawing: &str) -> Vec<(CellId, String)> {
    match board.grid {
        Grid::Hex(Orientation::Pointy) if pointy::is_upright(drawing) => {
            pointy::read(board, drawing)
        }
        Grid::Hex(o) => hex::read(board, o, drawing),
        Grid::Triangle(_) => triangle::read(board, drawing),
    }
}
