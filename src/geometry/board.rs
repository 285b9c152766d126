//! Boards: the cells (coordinates, names, colours) and the shapes that generate them.

use std::collections::HashMap;

use super::{triangle, Coord, Grid, Lay, Orientation};

/// Most cells a board may have. The largest real hex variants have a few hundred cells;
/// the bound keeps absurd inputs (`shape hexagon 100000`) from allocating gigabytes.
pub const MAX_CELLS: usize = 1024;

/// A cell's index on its board (canonical order, see [`Board::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CellId(pub u16);

impl CellId {
    /// The id as an index into per-cell arrays (off-board cells included).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A finished board: every cell with its coordinates, name and colour class.
///
/// Besides its cells a board may have **off-board cells** (Dagger's imaginary `a0` and `a2`
/// beside the back cell): places outside the board where pieces start and from which they
/// enter by their ordinary moves. Nothing moves onto them and nothing there can be captured.
/// They come after the board's cells in id order, so [`Board::cells`] and [`Board::len`]
/// see only the board itself.
#[derive(Clone, Debug)]
pub struct Board {
    /// The kind of cells, which decides how rays and king steps move.
    pub grid: Grid,
    coords: Vec<Coord>,
    names: Vec<String>,
    colours: Vec<u8>,
    colour_count: u8,
    /// Cells of the board proper; ids from here on are off-board cells.
    on_board: usize,
    /// For each off-board cell, the board cell a piece there may also be placed on when it
    /// is empty (Dagger: the back cell).
    place_on: Vec<Option<CellId>>,
    by_coord: HashMap<Coord, CellId>,
    by_name: HashMap<String, CellId>,
}

/// An off-board cell as the board block declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffBoardCell {
    /// Its coordinates, which no board cell may have.
    pub coord: Coord,
    /// Its name, distinct from every cell's.
    pub name: String,
    /// The name of the board cell it may also be placed on.
    pub place_on: Option<String>,
}

impl Board {
    /// Builds a board from named cells. Cells are put in canonical order: file by file
    /// (bottom to top) on flat hex and triangle boards, rank by rank (left to right) on
    /// pointy boards. Colour classes are numbered in order of first appearance in that
    /// order. The caller guarantees cells of the grid, distinct coordinates and names and at
    /// most [`MAX_CELLS`] cells.
    pub fn new(grid: Grid, cells: Vec<(Coord, String)>) -> Board {
        Board::with_off_board(grid, cells, Vec::new())
    }

    /// A board with off-board cells after its own. The caller guarantees that their names
    /// and coordinates differ from every cell's and that each `place_on` names a board cell.
    pub fn with_off_board(
        grid: Grid,
        mut cells: Vec<(Coord, String)>,
        off_board: Vec<OffBoardCell>,
    ) -> Board {
        cells.sort_by_key(|(c, _)| canonical_key(grid, *c));
        let mut class_of_raw = [u8::MAX; 3];
        let mut colour_count = 0;
        let mut colours = Vec::with_capacity(cells.len() + off_board.len());
        for (c, _) in &cells {
            let raw = grid.colour(*c) as usize;
            if class_of_raw[raw] == u8::MAX {
                class_of_raw[raw] = colour_count;
                colour_count += 1;
            }
            colours.push(class_of_raw[raw]);
        }
        let on_board = cells.len();
        let by_coord = cells
            .iter()
            .enumerate()
            .map(|(i, (c, _))| (*c, CellId(i as u16)))
            .collect();
        let (mut coords, mut names): (Vec<Coord>, Vec<String>) = cells.into_iter().unzip();
        let mut by_name: HashMap<String, CellId> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), CellId(i as u16)))
            .collect();
        let mut place_on = Vec::with_capacity(off_board.len());
        for cell in off_board {
            // An off-board cell's colour only matters for drawing it.
            let raw = grid.colour(cell.coord) as usize;
            colours.push(class_of_raw[raw].min(colour_count.saturating_sub(1)));
            by_name.insert(cell.name.clone(), CellId(coords.len() as u16));
            coords.push(cell.coord);
            names.push(cell.name);
            place_on.push(cell.place_on.and_then(|n| by_name.get(&n).copied()));
        }
        Board {
            grid,
            coords,
            names,
            colours,
            colour_count,
            on_board,
            place_on,
            by_coord,
            by_name,
        }
    }

    /// Cells of the board proper (off-board cells not counted).
    pub fn len(&self) -> usize {
        self.on_board
    }

    /// True when the board has no cell of its own.
    pub fn is_empty(&self) -> bool {
        self.on_board == 0
    }

    /// The board's own cells, in canonical order.
    pub fn cells(&self) -> impl Iterator<Item = CellId> + '_ {
        (0..self.on_board).map(|i| CellId(i as u16))
    }

    /// Cells and off-board cells together: the size of a position's cell array.
    pub fn total(&self) -> usize {
        self.coords.len()
    }

    /// Every cell, off-board ones last.
    pub fn all_cells(&self) -> impl Iterator<Item = CellId> + '_ {
        (0..self.coords.len()).map(|i| CellId(i as u16))
    }

    /// The off-board cells (pieces start there and enter the board by a move).
    pub fn off_board_cells(&self) -> impl Iterator<Item = CellId> + '_ {
        (self.on_board..self.coords.len()).map(|i| CellId(i as u16))
    }

    /// True for an off-board cell.
    pub fn is_off_board(&self, id: CellId) -> bool {
        id.index() >= self.on_board
    }

    /// The board cell a piece on this off-board cell may be placed on when it is empty.
    pub fn place_on(&self, id: CellId) -> Option<CellId> {
        id.index()
            .checked_sub(self.on_board)
            .and_then(|i| self.place_on.get(i).copied().flatten())
    }

    /// A cell's coordinates (off-board cells included).
    pub fn coord(&self, id: CellId) -> Coord {
        self.coords[id.index()]
    }

    /// A cell's name (off-board cells included).
    pub fn name(&self, id: CellId) -> &str {
        &self.names[id.index()]
    }

    /// Names of the board's own cells, in canonical order.
    pub fn names(&self) -> &[String] {
        &self.names[..self.on_board]
    }

    /// The board cell at these coordinates (never an off-board cell: rays and leaps cannot
    /// land there).
    pub fn at(&self, c: Coord) -> Option<CellId> {
        self.by_coord.get(&c).copied()
    }

    /// A cell or off-board cell by name.
    pub fn find(&self, name: &str) -> Option<CellId> {
        self.by_name.get(name).copied()
    }

    /// The board's cells in canonical order, cut into its lines: files bottom to top (flat
    /// hex and triangle boards), ranks left to right (pointy boards).
    pub fn lines(&self) -> Vec<Vec<CellId>> {
        let mut out: Vec<Vec<CellId>> = Vec::new();
        let mut last = None;
        for c in self.cells() {
            let line = canonical_key(self.grid, self.coord(c)).0;
            if last != Some(line) {
                out.push(Vec::new());
                last = Some(line);
            }
            if let Some(l) = out.last_mut() {
                l.push(c);
            }
        }
        out
    }

    /// The off-board cell at these coordinates.
    fn off_board_at(&self, c: Coord) -> Option<CellId> {
        self.off_board_cells().find(|id| self.coord(*id) == c)
    }

    /// Colour class of a cell (0-based, in order of first appearance).
    pub fn colour(&self, id: CellId) -> u8 {
        self.colours[id.index()]
    }

    /// How many colour classes the board's cells have (at most the grid's colours).
    pub fn colour_count(&self) -> u8 {
        self.colour_count
    }

    /// Cells per colour class.
    pub fn colour_sizes(&self) -> Vec<usize> {
        let mut sizes = vec![0; self.colour_count as usize];
        for &c in &self.colours[..self.on_board] {
            sizes[c as usize] += 1;
        }
        sizes
    }

    /// The cell each cell goes to when the board turns clockwise by `hours` (30 degrees an
    /// hour) about the centre of its cells: how one side's setup and zones give another's,
    /// the sides sitting around the board. Off-board cells must go to off-board cells; an
    /// error names a cell with no image when the board does not have the turn's symmetry.
    pub fn turn_map(&self, hours: u8) -> Result<Vec<CellId>, String> {
        let centres: Vec<(f64, f64)> = self.coords.iter().map(|&c| self.grid.centre(c)).collect();
        let own = &centres[..self.on_board];
        let n = own.len().max(1) as f64;
        let cx = own.iter().map(|c| c.0).sum::<f64>() / n;
        let cy = own.iter().map(|c| c.1).sum::<f64>() / n;
        // Centres are compared on a fine lattice: every grid's centres are far coarser.
        let key = |(x, y): (f64, f64)| ((x * 256.0).round() as i64, (y * 256.0).round() as i64);
        let by_centre: HashMap<((i64, i64), bool), CellId> = self
            .all_cells()
            .map(|id| ((key(centres[id.index()]), self.is_off_board(id)), id))
            .collect();
        let angle = -f64::from(hours % 12) * std::f64::consts::PI / 6.0;
        let (sin, cos) = angle.sin_cos();
        self.all_cells()
            .map(|id| {
                let (x, y) = centres[id.index()];
                let (dx, dy) = (x - cx, y - cy);
                let image = (cx + dx * cos - dy * sin, cy + dx * sin + dy * cos);
                let off = self.is_off_board(id);
                by_centre.get(&(key(image), off)).copied().ok_or_else(|| {
                    let what = if off { "off-board cell" } else { "cell" };
                    format!(
                        "the board is not symmetric: {what} `{}` has no image turned by {} degrees",
                        self.name(id),
                        u32::from(hours % 12) * 30
                    )
                })
            })
            .collect()
    }

    /// The cell Black's piece stands on for White's piece on `id`, under the board symmetry,
    /// or an error saying why the board has no such symmetry. The centre is the board's own;
    /// off-board cells must map onto off-board cells.
    pub fn symmetry_map(&self, kind: Symmetry) -> Result<Vec<CellId>, String> {
        let n = self.len() as i64;
        if n == 0 {
            return Ok(Vec::new());
        }
        let grid = self.grid;
        let map_one: Box<dyn Fn(Coord) -> Option<Coord>> = match kind {
            Symmetry::Rotate => {
                let own = &self.coords[..self.on_board];
                let sa: i64 = own.iter().map(|c| c.a as i64).sum();
                let sb: i64 = own.iter().map(|c| c.b as i64).sum();
                if (2 * sa) % n != 0 || (2 * sb) % n != 0 {
                    return Err("the board has no centre cell or centre point to turn about".into());
                }
                let (ca, cb) = ((2 * sa / n) as i32, (2 * sb / n) as i32);
                Box::new(move |c: Coord| Some(Coord::new(ca - c.a, cb - c.b)))
            }
            Symmetry::Mirror => {
                let sy: i64 = self.coords[..self.on_board]
                    .iter()
                    .map(|c| grid.height(*c) as i64)
                    .sum();
                if (2 * sy) % n != 0 {
                    return Err("the board has no middle line to mirror in".into());
                }
                let twice_mid = (2 * sy / n) as i32;
                Box::new(move |c: Coord| {
                    let y = twice_mid - grid.height(c);
                    match grid {
                        Grid::Triangle(lay) => lay.mirror_up_down(c, twice_mid),
                        // The height is 2b + a, the first coordinate kept.
                        Grid::Hex(Orientation::Flat) => {
                            let twice_b = y - c.a;
                            (twice_b % 2 == 0).then(|| Coord::new(c.a, twice_b / 2))
                        }
                        Grid::Hex(Orientation::Pointy) => {
                            let b = y / 2;
                            let twice_a = 2 * c.a + c.b - b;
                            (y % 2 == 0 && twice_a % 2 == 0).then(|| Coord::new(twice_a / 2, b))
                        }
                    }
                })
            }
        };
        self.all_cells()
            .map(|id| {
                let image = map_one(self.coord(id));
                let found = if self.is_off_board(id) {
                    image.and_then(|c| self.off_board_at(c))
                } else {
                    image.and_then(|c| self.at(c))
                };
                found.ok_or_else(|| {
                    let what = if self.is_off_board(id) {
                        "off-board cell"
                    } else {
                        "cell"
                    };
                    format!(
                        "the board is not symmetric: {what} `{}` has no {} image",
                        self.name(id),
                        kind.describe()
                    )
                })
            })
            .collect()
    }
}

/// How Black's setup and zones are derived from White's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Mirror in the middle rank (Glinski, Koval, McCooey).
    Mirror,
    /// Turn 180° about the centre (Dagger, Hex Shogi).
    Rotate,
}

impl Symmetry {
    /// The adjective in messages: "mirror", "180 degree".
    pub fn describe(self) -> &'static str {
        match self {
            Symmetry::Mirror => "mirror",
            Symmetry::Rotate => "180 degree",
        }
    }
}

/// A cell's place in the canonical cell order: its line (a file of a flat board or of
/// triangles, a rank of a pointy board), then its place along it. What cell ids follow and
/// what the names' files are read from.
pub(crate) fn canonical_key(grid: Grid, c: Coord) -> (i32, i32) {
    match grid {
        Grid::Hex(Orientation::Flat) => (c.a, c.b),
        Grid::Hex(o) => (c.b, o.doubled_width(c)),
        Grid::Triangle(Lay::Columns) => (triangle::strip(c), triangle::tripled_height(c)),
        // Files of triangles in rows: vertical lines of centroids, left to right.
        Grid::Triangle(lay) => (lay.width(c), lay.height(c)),
    }
}

/// The cells of a regular hexagon with `side` cells per side, centred on the origin.
pub fn hexagon(side: i32) -> Vec<Coord> {
    let r = side - 1;
    let mut out = Vec::new();
    for a in -r..=r {
        for b in -r..=r {
            if (a + b).abs() <= r {
                out.push(Coord::new(a, b));
            }
        }
    }
    out
}

/// Cells in a hexagon of this side, or `None` on overflow.
pub fn hexagon_size(side: u64) -> Option<u64> {
    // 3n(n-1) + 1
    side.checked_sub(1)?
        .checked_mul(side)?
        .checked_mul(3)?
        .checked_add(1)
}

/// A parallelogram `width` cells along the 2 (flat) or 3 (pointy) o'clock axis and `height`
/// cells along the 12 (flat) or 1 (pointy) o'clock axis.
pub fn rhombus(width: i32, height: i32) -> Vec<Coord> {
    let mut out = Vec::new();
    for a in 0..width {
        for b in 0..height {
            out.push(Coord::new(a, b));
        }
    }
    out
}

/// Vertical columns of the given heights (flat boards), each centred on the same middle
/// line. Fails with the index of the first column that cannot be centred (its height's
/// parity does not fit beside the previous ones).
pub fn columns(heights: &[i32]) -> Result<Vec<Coord>, usize> {
    lines(heights, |i, start, len| {
        // Column a = i; centred means doubled heights 2b + a run over [mid - (len-1), mid + (len-1)].
        let a = i;
        let y0 = start - (len - 1);
        ((y0 - a) % 2 == 0).then(|| (0..len).map(|k| Coord::new(a, (y0 - a) / 2 + k)).collect())
    })
}

/// Horizontal ranks of the given lengths (pointy boards), each centred on the same vertical
/// middle line. Fails with the index of the first rank that cannot be centred.
pub fn ranks(lengths: &[i32]) -> Result<Vec<Coord>, usize> {
    lines(lengths, |i, mid, len| {
        let b = i;
        let x0 = mid - (len - 1);
        ((x0 - b) % 2 == 0).then(|| (0..len).map(|k| Coord::new((x0 - b) / 2 + k, b)).collect())
    })
}

/// Vertical columns of the given heights (flat boards), column `i`'s bottom `starts[i]` half
/// cells up (the values count from any level: only their differences matter). Fails with the index of the first column whose
/// start cannot be (neighbouring columns are offset by half a cell, so the start's parity
/// follows the column's).
pub fn columns_starting(heights: &[i32], starts: &[i32]) -> Result<Vec<Coord>, usize> {
    lines_starting(heights, starts, |a, y0, k| Coord::new(a, (y0 - a) / 2 + k))
}

/// Horizontal ranks of the given lengths (pointy boards), rank `i`'s (from the bottom) left
/// end `starts[i]` half cells to the right (only the differences matter). Fails as
/// [`columns_starting`] does.
pub fn ranks_starting(lengths: &[i32], starts: &[i32]) -> Result<Vec<Coord>, usize> {
    lines_starting(lengths, starts, |b, x0, k| Coord::new((x0 - b) / 2 + k, b))
}

/// Shared by [`columns_starting`] and [`ranks_starting`]: `cell(i, start, k)` is the `k`-th
/// cell of line `i`, whose start in doubled coordinates has the line's parity.
fn lines_starting(
    lengths: &[i32],
    starts: &[i32],
    cell: impl Fn(i32, i32, i32) -> Coord,
) -> Result<Vec<Coord>, usize> {
    let first = starts.first().copied().unwrap_or(0);
    let mut out = Vec::new();
    for (i, (&len, &start)) in lengths.iter().zip(starts).enumerate() {
        // Only the differences from the first line's start matter.
        let start = start - first;
        if (start - i as i32).rem_euclid(2) != 0 {
            return Err(i);
        }
        out.extend((0..len).map(|k| cell(i as i32, start, k)));
    }
    Ok(out)
}

/// Shared by [`columns`] and [`ranks`]: line `i` is laid out centred on a doubled middle
/// coordinate fixed by the first line (which starts at 0).
fn lines(
    lengths: &[i32],
    make: impl Fn(i32, i32, i32) -> Option<Vec<Coord>>,
) -> Result<Vec<Coord>, usize> {
    let Some(&first) = lengths.first() else {
        return Ok(Vec::new());
    };
    let mid = first - 1;
    let mut out = Vec::new();
    for (i, &len) in lengths.iter().enumerate() {
        out.extend(make(i as i32, mid, len).ok_or(i)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Hour;

    #[test]
    fn hexagon_sizes() {
        assert_eq!(hexagon(6).len(), 91);
        assert_eq!(hexagon_size(6), Some(91));
        assert_eq!(hexagon(1).len(), 1);
        assert_eq!(hexagon_size(u64::MAX), None);
    }

    #[test]
    fn koval_columns() {
        let cells = columns(&[9, 10, 11, 12, 11, 10, 9]).unwrap();
        assert_eq!(cells.len(), 72);
        // Every column is centred: same sum of lowest and highest doubled height.
        for a in 0..7 {
            let ys: Vec<i32> = cells
                .iter()
                .filter(|c| c.a == a)
                .map(|c| Orientation::Flat.doubled_height(*c))
                .collect();
            let (lo, hi) = (ys.iter().min().unwrap(), ys.iter().max().unwrap());
            assert_eq!(lo + hi, 16, "column {a}");
        }
    }

    #[test]
    fn columns_that_cannot_be_centred() {
        assert_eq!(columns(&[3, 5]), Err(1));
    }

    #[test]
    fn dagger_ranks() {
        let cells = ranks(&[1, 2, 3, 4, 3, 4, 5, 4, 3, 4, 3, 2, 1]).unwrap();
        assert_eq!(cells.len(), 39);
        assert!(cells.contains(&Coord::new(0, 0)));
        assert!(cells.contains(&Coord::new(-1, 1)) && cells.contains(&Coord::new(0, 1)));
        assert!(cells.contains(&Coord::new(-6, 12)));
    }

    #[test]
    fn glinski_symmetries() {
        let cells = hexagon(6)
            .into_iter()
            .map(|c| (c, format!("{c}")))
            .collect();
        let board = Board::new(Grid::Hex(Orientation::Flat), cells);
        let mirror = board.symmetry_map(Symmetry::Mirror).unwrap();
        let bottom = board.at(Coord::new(0, -5)).unwrap();
        assert_eq!(board.coord(mirror[bottom.index()]), Coord::new(0, 5));
        let left_low = board.at(Coord::new(-5, 0)).unwrap();
        assert_eq!(board.coord(mirror[left_low.index()]), Coord::new(-5, 5));
        let rotate = board.symmetry_map(Symmetry::Rotate).unwrap();
        assert_eq!(board.coord(rotate[left_low.index()]), Coord::new(5, 0));
        assert_eq!(board.colour_sizes().iter().sum::<usize>(), 91);
    }

    fn named(cells: Vec<Coord>) -> Vec<(Coord, String)> {
        cells.into_iter().map(|c| (c, format!("{c}"))).collect()
    }

    #[test]
    fn a_hexagon_turns_by_every_sixth_of_a_turn() {
        let board = Board::new(Grid::Hex(Orientation::Flat), named(hexagon(6)));
        let at = |a, b| board.at(Coord::new(a, b)).unwrap();
        let bottom = at(0, -5);
        // Clockwise with y up: the bottom corner goes to the lower left, then the upper left.
        let sixth = board.turn_map(2).unwrap();
        assert_eq!(sixth[bottom.index()], at(-5, 0));
        let third = board.turn_map(4).unwrap();
        assert_eq!(third[bottom.index()], at(-5, 5));
        assert_eq!(
            board.turn_map(6).unwrap(),
            board.symmetry_map(Symmetry::Rotate).unwrap()
        );
        // Three thirds are the whole turn; no hex board turns onto itself by 30 degrees.
        for id in board.cells() {
            assert_eq!(third[third[third[id.index()].index()].index()], id);
        }
        assert_eq!(
            board.turn_map(0).unwrap(),
            board.cells().collect::<Vec<_>>()
        );
        let err = board.turn_map(1).unwrap_err();
        assert!(err.contains("turned by 30 degrees"), "{err}");
    }

    #[test]
    fn a_turn_carries_each_hour_to_the_hour_as_far_round() {
        let boards = [
            (Grid::Hex(Orientation::Flat), hexagon(5)),
            (Grid::Hex(Orientation::Pointy), hexagon(5)),
            (Grid::Triangle(Lay::Columns), triangle::hexagon(3)),
            (Grid::Triangle(Lay::Rows), triangle::hexagon(3)),
        ];
        for (grid, cells) in boards {
            let board = Board::new(grid, named(cells));
            for hours in [2, 4, 6, 8, 10] {
                let map = board.turn_map(hours).unwrap();
                for id in board.cells() {
                    for h in (1..=12).filter_map(Hour::new) {
                        let Some(next) = board.at(grid.king_step(board.coord(id), h)) else {
                            continue;
                        };
                        let turned = board.coord(map[id.index()]);
                        let expected = grid.king_step(turned, h.turned_by(hours));
                        assert_eq!(board.coord(map[next.index()]), expected, "{grid:?} {h}");
                    }
                }
            }
        }
    }

    #[test]
    fn triangles_turn_by_sixths_and_lopsided_boards_do_not() {
        let board = Board::new(Grid::Triangle(Lay::Columns), named(triangle::hexagon(3)));
        for hours in [2, 4, 6] {
            assert!(board.turn_map(hours).is_ok(), "{hours}");
        }
        assert!(board.turn_map(3).is_err());
        let koval = Board::new(
            Grid::Hex(Orientation::Flat),
            named(columns(&[9, 10, 11, 12, 11, 10, 9]).unwrap()),
        );
        assert!(koval.turn_map(6).is_ok());
        let err = koval.turn_map(4).unwrap_err();
        assert!(err.starts_with("the board is not symmetric: cell"), "{err}");
    }
}
