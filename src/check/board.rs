//! Building the board from its block: shape, names, removals, explicit cells.

use std::collections::{HashMap, HashSet};

use super::codes;
use super::suggest::did_you_mean;
use crate::diagnostic::{ordinal, Diagnostic, Span};
use crate::geometry::board::{self, Board, OffBoardCell, MAX_CELLS};
use crate::geometry::{triangle, Coord, Grid, Lay, Orientation};
use crate::syntax::ast::{
    BoardBlock, BoardStmt, CellKind, Name, Naming, Number, OffBoardDef, Shape, Spanned,
};

/// Largest coordinate accepted in `cell NAME at (a, b)`.
const MAX_COORD: i64 = 1000;

/// The board and the names of its colour classes (if the file names them).
pub struct BuiltBoard {
    pub board: Board,
    pub colour_names: Vec<String>,
}

/// Builds the board of a `board` block, step by step. Each step reports all its mistakes
/// before the build gives up, and a step runs only when the earlier ones leave it something
/// sound to check.
pub fn build(block: &BoardBlock, diags: &mut Vec<Diagnostic>) -> Option<BuiltBoard> {
    let before = diags.len();
    let stmts = statements(block, diags);
    let grid = grid_of(stmts.kind.as_ref(), block.keyword, diags)?;
    let mut cells = board_cells(block.keyword, &stmts, grid, diags)?;
    unique_names(&cells, diags);
    if diags.len() > before {
        return None;
    }
    remove_cells(&mut cells, &stmts.removals, block.keyword, diags);
    let colour_names = colour_names(grid, stmts.colours, diags);
    if diags.len() > before {
        return None;
    }
    let off_board = off_board_cells(grid, &cells, &stmts.off_board, diags)?;
    let board = Board::with_off_board(
        grid,
        cells.into_iter().map(|(c, n, _)| (c, n)).collect(),
        off_board,
    );
    Some(BuiltBoard {
        board,
        colour_names,
    })
}

/// The statements of a board block, sorted by kind, so each step of the build finds its own.
struct Statements<'a> {
    kind: Option<Spanned<CellKind>>,
    shape: Option<&'a Spanned<Shape>>,
    naming: Option<&'a Spanned<Naming>>,
    colours: Option<&'a Spanned<Vec<Spanned<String>>>>,
    removals: Vec<&'a Spanned<String>>,
    explicit: Vec<CellLine<'a>>,
    off_board: Vec<&'a OffBoardDef>,
}

/// A `cell NAME at (A, B)` line: the name and the coordinates.
type CellLine<'a> = (&'a Spanned<String>, &'a Spanned<(Number, Number)>);

/// Sorts the statements of the block by kind. A statement the board takes once keeps its
/// first line; a second one is reported here, in the order of the file.
fn statements<'a>(block: &'a BoardBlock, diags: &mut Vec<Diagnostic>) -> Statements<'a> {
    let mut out = Statements {
        kind: None,
        shape: None,
        naming: None,
        colours: None,
        removals: Vec::new(),
        explicit: Vec::new(),
        off_board: Vec::new(),
    };
    let mut first = HashMap::new();
    let f = &mut first;
    for s in &block.statements {
        match s {
            BoardStmt::Cells(k) => once(&mut out.kind, k.clone(), k.span, "cells", f, diags),
            BoardStmt::Shape(sh) => once(&mut out.shape, sh, sh.span, "shape", f, diags),
            BoardStmt::Names(n) => once(&mut out.naming, n, n.span, "names", f, diags),
            BoardStmt::Colours(c) => once(&mut out.colours, c, c.span, "colours", f, diags),
            BoardStmt::Remove(names) => out.removals.extend(names.iter()),
            BoardStmt::Cell { name, at } => out.explicit.push((name, at)),
            BoardStmt::OffBoard(def) => out.off_board.push(def),
            BoardStmt::Bad(_) => {}
        }
    }
    out
}

/// The grid the `cells` line chooses; without one nothing about the board can be checked.
fn grid_of(
    kind: Option<&Spanned<CellKind>>,
    keyword: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<Grid> {
    let Some(kind) = kind else {
        diags.push(
            Diagnostic::error(codes::MISSING, "the board does not say how its cells stand")
                .at(keyword, "this board")
                .help("add `cells flat` (hexes, files are vertical), `cells pointy` (hexes, ranks are horizontal) or `cells triangle`"),
        );
        return None;
    };
    Some(match kind.node {
        CellKind::Flat => Grid::Hex(Orientation::Flat),
        CellKind::Pointy => Grid::Hex(Orientation::Pointy),
        CellKind::Triangle => Grid::Triangle(Lay::Columns),
        CellKind::TriangleRows => Grid::Triangle(Lay::Rows),
    })
}

/// The board's cells, each with its name and the line that names it: made by a `shape` and
/// named by its `names` line, or listed by `cell` lines. A board takes one way, not both.
fn board_cells(
    keyword: Span,
    stmts: &Statements,
    grid: Grid,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<(Coord, String, Span)>> {
    match (stmts.shape, stmts.explicit.is_empty()) {
        (None, true) => {
            diags.push(
                Diagnostic::error(codes::MISSING, "the board has no cells")
                    .at(keyword, "this board")
                    .help("add a `shape` line (e.g. `shape hexagon 6`) or `cell NAME at (A, B)` lines"),
            );
            None
        }
        (Some(shape), true) => shaped_cells(shape, stmts.naming, grid, diags),
        (Some(shape), false) => {
            diags.push(
                Diagnostic::error(
                    codes::BOARD_SHAPE,
                    "a board takes either a `shape` or `cell` lines, not both",
                )
                .at(shape.span, "shape here")
                .also(stmts.explicit[0].0.span, "explicit cell here")
                .help("list every cell with `cell NAME at (A, B)`, or use a `shape` with `remove`"),
            );
            None
        }
        (None, false) => explicit_cells(keyword, stmts, grid, diags),
    }
}

/// The cells a `shape` makes, named by the `names` line (a shape alone leaves them nameless).
fn shaped_cells(
    shape: &Spanned<Shape>,
    naming: Option<&Spanned<Naming>>,
    grid: Grid,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<(Coord, String, Span)>> {
    let coords = shape_cells(shape, grid, diags)?;
    let Some(naming) = naming else {
        diags.push(
            Diagnostic::error(codes::MISSING, "the board's cells have no names")
                .at(shape.span, "cells made here")
                .help("add a `names` line, e.g. `names files a b c d e f g h i k l`"),
        );
        return None;
    };
    let names = name_cells(&coords, grid, naming, diags)?;
    Some(
        coords
            .into_iter()
            .zip(names)
            .map(|(c, n)| (c, n, naming.span))
            .collect(),
    )
}

/// The cells of the `cell` lines. A `names` line has nothing to name here, and the board
/// must stay small enough for its tables.
fn explicit_cells(
    keyword: Span,
    stmts: &Statements,
    grid: Grid,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<(Coord, String, Span)>> {
    if let Some(n) = stmts.naming {
        diags.push(
            Diagnostic::error(
                codes::BOARD_NAMES,
                "`names` needs a `shape`; `cell` lines name their cells",
            )
            .at(n.span, "not used")
            .help("remove the `names` line"),
        );
    }
    let cells = listed_cells(&stmts.explicit, grid, diags);
    if cells.len() > MAX_CELLS {
        diags.push(
            Diagnostic::error(
                codes::BOARD_TOO_LARGE,
                format!(
                    "the board has {} cells; at most {MAX_CELLS} are allowed",
                    cells.len()
                ),
            )
            .at(keyword, "this board")
            .help("hexv boards are limited in size so every table fits in memory"),
        );
        return None;
    }
    Some(cells)
}

/// The cells of `cell` lines whose coordinates are in range, on the grid and not taken by an
/// earlier line; the others are reported and left out.
fn listed_cells(
    explicit: &[CellLine],
    grid: Grid,
    diags: &mut Vec<Diagnostic>,
) -> Vec<(Coord, String, Span)> {
    let mut cells = Vec::new();
    let mut seen: HashMap<Coord, Span> = HashMap::new();
    for (name, at) in explicit {
        let Some(c) = coord_of(at, diags) else {
            continue;
        };
        if !grid_cell(grid, c, at.span, diags) {
            continue;
        }
        if let Some(first) = seen.insert(c, at.span) {
            diags.push(
                Diagnostic::error(codes::DUPLICATE_CELL, format!("two cells at {c}"))
                    .at(at.span, "second cell here")
                    .also(first, "first cell here")
                    .help("give each cell its own coordinates"),
            );
            continue;
        }
        cells.push((c, name.node.clone(), name.span));
    }
    cells
}

/// Names must be unique. Names made by one `names` line are reported once for the line
/// (a repeated file letter repeats every cell name of that file).
fn unique_names(cells: &[(Coord, String, Span)], diags: &mut Vec<Diagnostic>) {
    let mut by_name: HashMap<&str, Span> = HashMap::new();
    let mut by_line: HashMap<Span, (usize, usize)> = HashMap::new();
    for (_, n, span) in cells {
        let Some(first) = by_name.insert(n.as_str(), *span) else {
            continue;
        };
        if first == *span {
            if let Some((_, more)) = by_line.get_mut(span) {
                *more += 1;
                continue;
            }
            by_line.insert(*span, (diags.len(), 0));
            diags.push(
                Diagnostic::error(codes::DUPLICATE_CELL, format!("two cells are named `{n}`"))
                    .at(*span, "gives two cells the same name")
                    .help("give every file (or rank) its own letter, and every cell its own name"),
            );
        } else {
            diags.push(
                Diagnostic::error(codes::DUPLICATE_CELL, format!("two cells are named `{n}`"))
                    .at(*span, "named again here")
                    .also(first, "first named here")
                    .help("give every cell a different name"),
            );
        }
    }
    for (i, more) in by_line.into_values() {
        if more > 0 {
            if let Some(d) = diags.get_mut(i) {
                d.message = format!("{} (and {more} more repeated names)", d.message);
            }
        }
    }
}

/// Takes the cells of the `remove` lines off the board. A name that is no cell is reported,
/// and so is a board with no cell left.
fn remove_cells(
    cells: &mut Vec<(Coord, String, Span)>,
    removals: &[&Spanned<String>],
    keyword: Span,
    diags: &mut Vec<Diagnostic>,
) {
    let known: HashSet<&str> = cells.iter().map(|(_, n, _)| n.as_str()).collect();
    let mut removed: HashMap<String, Span> = HashMap::new();
    for r in removals {
        if known.contains(r.node.as_str()) {
            removed.insert(r.node.clone(), r.span);
        } else {
            let names = cells.iter().map(|(_, n, _)| n.as_str());
            diags.push(
                Diagnostic::error(
                    codes::UNKNOWN_CELL,
                    format!("there is no cell `{}` to remove", r.node),
                )
                .at(r.span, "not on the board")
                .help(did_you_mean(&r.node, names).unwrap_or_else(|| {
                    let all: Vec<String> = cells.iter().map(|(_, n, _)| n.clone()).collect();
                    super::resolve::cell_name_examples(&all)
                })),
            );
        }
    }
    cells.retain(|(_, n, _)| !removed.contains_key(n));
    if cells.is_empty() {
        diags.push(
            Diagnostic::error(codes::BOARD_SHAPE, "every cell of the board is removed")
                .at(keyword, "this board")
                .help("remove fewer cells"),
        );
    }
}

/// The names of the grid's colour classes from the `colours` line: one for each colour or
/// none at all (a wrong count is reported).
fn colour_names(
    grid: Grid,
    colours: Option<&Spanned<Vec<Spanned<String>>>>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<String> {
    match colours {
        Some(c) if c.node.len() != grid.colours() as usize => {
            diags.push(
                Diagnostic::error(
                    codes::BOARD_NAMES,
                    format!(
                        "a {} board has {} colours, but {} names are given",
                        grid.name(),
                        grid.colours(),
                        c.node.len()
                    ),
                )
                .at(c.span, "colour names")
                .help("name each colour once, in the order of the colours of the first cells"),
            );
            Vec::new()
        }
        Some(c) => c.node.iter().map(|n| n.node.clone()).collect(),
        None => Vec::new(),
    }
}

/// Checks the `off-board` lines against the board's cells: own names and coordinates, and a
/// `place-on` cell that is on the board.
fn off_board_cells(
    grid: Grid,
    cells: &[(Coord, String, Span)],
    lines: &[&OffBoardDef],
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<OffBoardCell>> {
    let before = diags.len();
    let mut out: Vec<(OffBoardCell, Span)> = Vec::new();
    for OffBoardDef { name, at, place_on } in lines.iter().copied() {
        let Some(c) = coord_of(at, diags) else {
            continue;
        };
        if !grid_cell(grid, c, at.span, diags) {
            continue;
        }
        if let Some((_, n, _)) = cells.iter().find(|(x, _, _)| *x == c) {
            diags.push(
                Diagnostic::error(
                    codes::DUPLICATE_CELL,
                    format!(
                        "off-board cell `{}` is at {c}, where the board has cell `{n}`",
                        name.node
                    ),
                )
                .at(at.span, "on the board")
                .help("an off-board cell lies outside the board: give it coordinates no cell has"),
            );
            continue;
        }
        let clash = cells
            .iter()
            .map(|(_, n, s)| (n, *s))
            .chain(out.iter().map(|(o, s)| (&o.name, *s)))
            .find(|(n, _)| **n == name.node);
        if let Some((_, first)) = clash {
            diags.push(
                Diagnostic::error(
                    codes::DUPLICATE_CELL,
                    format!("two cells are named `{}`", name.node),
                )
                .at(name.span, "named again here")
                .also(first, "first named here")
                .help("give every cell a different name"),
            );
            continue;
        }
        if let Some((_, first)) = out.iter().find(|(o, _)| o.coord == c) {
            diags.push(
                Diagnostic::error(codes::DUPLICATE_CELL, format!("two cells at {c}"))
                    .at(at.span, "second cell here")
                    .also(*first, "first cell here")
                    .help("give each cell its own coordinates"),
            );
            continue;
        }
        if let Some(p) = place_on {
            if !cells.iter().any(|(_, n, _)| *n == p.node) {
                let names: Vec<String> = cells.iter().map(|(_, n, _)| n.clone()).collect();
                diags.push(
                    Diagnostic::error(
                        codes::UNKNOWN_CELL,
                        format!("there is no cell `{}` on the board", p.node),
                    )
                    .at(p.span, "not on the board")
                    .help(
                        did_you_mean(&p.node, names.iter().map(String::as_str))
                            .unwrap_or_else(|| super::resolve::cell_name_examples(&names)),
                    ),
                );
                continue;
            }
        }
        out.push((
            OffBoardCell {
                coord: c,
                name: name.node.clone(),
                place_on: place_on.as_ref().map(|p| p.node.clone()),
            },
            at.span,
        ));
    }
    (diags.len() == before).then(|| out.into_iter().map(|(o, _)| o).collect())
}

/// Keeps the first of a statement the board takes once; `first` remembers where it was.
fn once<T>(
    slot: &mut Option<T>,
    value: T,
    span: Span,
    what: &'static str,
    first: &mut HashMap<&'static str, Span>,
    diags: &mut Vec<Diagnostic>,
) {
    match first.get(what) {
        Some(first) if slot.is_some() => diags.push(
            Diagnostic::error(
                codes::DUPLICATE_STATEMENT,
                format!("the board has two `{what}` lines"),
            )
            .at(span, "second one")
            .also(*first, "first one")
            .help(format!("keep one `{what}` line")),
        ),
        _ => {
            first.insert(what, span);
            *slot = Some(value);
        }
    }
}

/// True when `c` is a cell of the grid; says why not otherwise (triangle centroids have
/// tripled barycentric coordinates, all ≡ 1 or all ≡ 2 mod 3).
fn grid_cell(grid: Grid, c: Coord, span: Span, diags: &mut Vec<Diagnostic>) -> bool {
    if grid.is_cell(c) {
        return true;
    }
    diags.push(
        Diagnostic::error(codes::BOARD_SHAPE, format!("{c} is not a triangle of the board's grid"))
            .at(span, "no triangle here")
            .help("a triangle is (X, Y) in tripled barycentric coordinates: X, Y and -X-Y all leave remainder 1 (pointing right) or all 2 (pointing left) when divided by 3, e.g. (1, 1) or (2, 2)"),
    );
    false
}

/// The coordinates of a `cell` or `off-board` line, each in range.
fn coord_of(at: &Spanned<(Number, Number)>, diags: &mut Vec<Diagnostic>) -> Option<Coord> {
    let a = coord_value(&at.node.0, diags);
    let b = coord_value(&at.node.1, diags);
    Some(Coord::new(a?, b?))
}

fn coord_value(n: &Number, diags: &mut Vec<Diagnostic>) -> Option<i32> {
    match n.node {
        Some(v) if v.abs() <= MAX_COORD => Some(v as i32),
        _ => {
            diags.push(
                Diagnostic::error(codes::BAD_NUMBER, "coordinate out of range")
                    .at(n.span, "too large")
                    .help(format!(
                        "coordinates lie between -{MAX_COORD} and {MAX_COORD}"
                    )),
            );
            None
        }
    }
}

/// A positive count, at most `max`.
fn count(n: &Number, what: &str, max: u64, diags: &mut Vec<Diagnostic>) -> Option<i32> {
    match n.node {
        Some(v) if v >= 1 && (v as u64) <= max => Some(v as i32),
        Some(0) => {
            diags.push(
                Diagnostic::error(codes::BOARD_SHAPE, format!("a {what} of 0 makes no cells"))
                    .at(n.span, "zero")
                    .help(format!("give a {what} of at least 1")),
            );
            None
        }
        _ => {
            diags.push(too_large(n.span, what));
            None
        }
    }
}

fn too_large(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error(
        codes::BOARD_TOO_LARGE,
        format!("this {what} makes a board larger than {MAX_CELLS} cells"),
    )
    .at(span, "too large")
    .help(format!("hexv boards have at most {MAX_CELLS} cells"))
}

fn shape_cells(
    shape: &Spanned<Shape>,
    grid: Grid,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<Coord>> {
    let max = MAX_CELLS as u64;
    let o = match (grid, &shape.node) {
        (Grid::Hex(o), _) => o,
        (Grid::Triangle(_), Shape::Hexagon(n)) => {
            let side = count(n, "side", max, diags)?;
            if 6 * (side as u64) * (side as u64) > max {
                diags.push(
                    Diagnostic::error(
                        codes::BOARD_TOO_LARGE,
                        format!("a hexagon of side {side} has more than {MAX_CELLS} triangles"),
                    )
                    .at(n.span, "too large")
                    .help(format!("hexv boards have at most {MAX_CELLS} cells (a hexagon of side 13 has 1014 triangles)")),
                );
                return None;
            }
            return Some(triangle::hexagon(side));
        }
        (Grid::Triangle(_), _) => {
            diags.push(
                Diagnostic::error(
                    codes::BOARD_ORIENTATION,
                    "triangle boards come as `shape hexagon N` or `cell` lines",
                )
                .at(shape.span, "a hex-cell shape")
                .help("write `shape hexagon 4` (Chessagon's 96 triangles), or list the triangles with `cell NAME at (X, Y)`"),
            );
            return None;
        }
    };
    let cells = match &shape.node {
        Shape::Hexagon(n) => {
            let side = count(n, "side", max, diags)?;
            match board::hexagon_size(side as u64) {
                Some(size) if size <= max => board::hexagon(side),
                _ => {
                    diags.push(
                        Diagnostic::error(
                            codes::BOARD_TOO_LARGE,
                            format!("a hexagon of side {side} has more than {MAX_CELLS} cells"),
                        )
                        .at(n.span, "too large")
                        .help(format!("hexv boards have at most {MAX_CELLS} cells (a hexagon of side 18 has 919)")),
                    );
                    return None;
                }
            }
        }
        Shape::Rhombus(w, h) => {
            let (w, h) = (
                count(w, "width", max, diags)?,
                count(h, "height", max, diags)?,
            );
            if (w as u64) * (h as u64) > max {
                diags.push(too_large(shape.span, "rhombus"));
                return None;
            }
            board::rhombus(w, h)
        }
        Shape::Columns(hs, starts) | Shape::Ranks(hs, starts) => {
            let is_columns = matches!(shape.node, Shape::Columns(..));
            let (needed, word) = if is_columns {
                (Orientation::Flat, "columns")
            } else {
                (Orientation::Pointy, "ranks")
            };
            if o != needed {
                diags.push(
                    Diagnostic::error(
                        codes::BOARD_ORIENTATION,
                        format!("`shape {word}` needs {} cells", needed.name()),
                    )
                    .at(shape.span, format!("on a {} board", o.name()))
                    .help(if is_columns {
                        "use `cells flat` (columns are straight only when cells lie flat), or `shape ranks`"
                    } else {
                        "use `cells pointy` (ranks are straight only when cells stand on a corner), or `shape columns`"
                    }),
                );
                return None;
            }
            let mut lens = Vec::new();
            let mut total = 0u64;
            for n in hs {
                let len = count(n, "length", max, diags)?;
                total += len as u64;
                if total > max {
                    diags.push(too_large(shape.span, "shape"));
                    return None;
                }
                lens.push(len);
            }
            if let Some(starts) = starts {
                return starting_lines(shape.span, is_columns, &lens, starts, diags);
            }
            let made = if is_columns {
                board::columns(&lens)
            } else {
                board::ranks(&lens)
            };
            match made {
                Ok(cells) => cells,
                Err(i) => {
                    diags.push(
                        Diagnostic::error(
                            codes::BOARD_SHAPE,
                            format!("{word} of these lengths cannot all be centred on one line"),
                        )
                        .at(hs[i].span, "cannot be centred beside the previous one")
                        .help("neighbouring lines must differ in length by an odd number of cells to share a middle line; list other outlines with `cell` lines"),
                    );
                    return None;
                }
            }
        }
    };
    Some(cells)
}

/// Lines of the given lengths laid out from their `starting` half cells instead of centred.
fn starting_lines(
    span: Span,
    is_columns: bool,
    lens: &[i32],
    starts: &[Number],
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<Coord>> {
    let word = if is_columns { "columns" } else { "ranks" };
    if starts.len() != lens.len() {
        diags.push(
            Diagnostic::error(
                codes::BOARD_SHAPE,
                format!(
                    "{} {word} but {} starts are given",
                    lens.len(),
                    starts.len()
                ),
            )
            .at(span, "one start per line")
            .help(format!("give each of the {} {word} its start", lens.len())),
        );
        return None;
    }
    let mut at = Vec::with_capacity(starts.len());
    for n in starts {
        at.push(coord_value(n, diags));
    }
    let at: Vec<i32> = at.into_iter().collect::<Option<_>>()?;
    let made = if is_columns {
        board::columns_starting(lens, &at)
    } else {
        board::ranks_starting(lens, &at)
    };
    match made {
        Ok(cells) => Some(cells),
        Err(i) => {
            let (line, edge) = if is_columns {
                ("column", "bottom")
            } else {
                ("rank", "left end")
            };
            let parity = if i % 2 == 0 { "even" } else { "odd" };
            diags.push(
                Diagnostic::error(
                    codes::BOARD_SHAPE,
                    format!(
                        "{line} {} cannot start {} half cells from the first",
                        i + 1,
                        at[i] - at[0]
                    ),
                )
                .at(starts[i].span, "between two cells")
                .help(format!(
                    "neighbouring {word} are offset by half a cell, so the {edge} of {line} {} lies an {parity} number of half cells from the first {line}'s",
                    i + 1
                )),
            );
            None
        }
    }
}

fn name_cells(
    coords: &[Coord],
    grid: Grid,
    naming: &Spanned<Naming>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<String>> {
    // Lines of cells: files (constant a, bottom to top) on flat boards, the vertical strips
    // of triangles (bottom to top), ranks (constant b, left to right) on pointy boards.
    let files = grid != Grid::Hex(Orientation::Pointy);
    let lines = |_: bool| -> Vec<Vec<usize>> {
        let mut keyed: Vec<(i32, i32, usize)> = coords
            .iter()
            .enumerate()
            .map(|(i, c)| {
                // In rows, a file is the vertical line of centroids (alternately pointing
                // up and down), walked bottom to top.
                let (line, along) = board::canonical_key(grid, *c);
                (line, along, i)
            })
            .collect();
        keyed.sort();
        let mut out: Vec<Vec<usize>> = Vec::new();
        let mut last = None;
        for (line, _, i) in keyed {
            if last != Some(line) {
                out.push(Vec::new());
                last = Some(line);
            }
            if let Some(l) = out.last_mut() {
                l.push(i);
            }
        }
        out
    };
    let mut names = vec![String::new(); coords.len()];
    match &naming.node {
        Naming::Files(letters) | Naming::Ranks(letters) | Naming::Shogi(letters) => {
            let scheme = match naming.node {
                Naming::Files(_) => "files",
                Naming::Ranks(_) => "ranks",
                _ => "shogi",
            };
            let lines = lettered_lines(grid, naming.span, scheme, letters, &lines, diags)?;
            if scheme == "shogi" {
                // Files are the lines at 1 o'clock (constant a), numbered from the right;
                // rank letters are listed from the top rank down.
                let max_a = coords.iter().map(|c| c.a).max().unwrap_or(0);
                for (line, letter) in lines.iter().rev().zip(letters) {
                    for &i in line {
                        names[i] = format!("{}{}", max_a - coords[i].a + 1, letter.node);
                    }
                }
            } else if grid == Grid::Triangle(Lay::Rows) {
                // Triangles in rows are numbered by their row, from the bottom (Dekle's
                // d1..l1): the strip between two horizontal lattice lines.
                let row = |c: Coord| -triangle::strip(c);
                let lowest = coords.iter().map(|c| row(*c)).min().unwrap_or(0);
                for (line, letter) in lines.iter().zip(letters) {
                    for &i in line {
                        names[i] = format!("{}{}", letter.node, row(coords[i]) - lowest + 1);
                    }
                }
            } else if grid.is_triangle() {
                // Files of triangles are numbered by level: the centroid's height in half
                // sides above the board's lowest triangles (Chessagon's d1 and e1).
                let lowest = coords
                    .iter()
                    .map(|c| triangle::tripled_height(*c))
                    .min()
                    .unwrap_or(0);
                for (line, letter) in lines.iter().zip(letters) {
                    for &i in line {
                        let level = (triangle::tripled_height(coords[i]) - lowest) / 3 + 1;
                        names[i] = format!("{}{level}", letter.node);
                    }
                }
            } else {
                for (line, letter) in lines.iter().zip(letters) {
                    for (k, &i) in line.iter().enumerate() {
                        names[i] = format!("{}{}", letter.node, k + 1);
                    }
                }
            }
        }
        Naming::Leaning { left, letters } => {
            // Left-leaning files run along 11 o'clock (a + b constant), right-leaning ones
            // along 1 o'clock (a constant); the number is the rank from the bottom.
            let key = |c: &Coord| if *left { c.a + c.b } else { c.a };
            let leaning = |_: bool| -> Vec<Vec<usize>> {
                let mut by: std::collections::BTreeMap<i32, Vec<usize>> = Default::default();
                for (i, c) in coords.iter().enumerate() {
                    by.entry(key(c)).or_default().push(i);
                }
                by.into_values().collect()
            };
            let scheme = if *left {
                "left-leaning"
            } else {
                "right-leaning"
            };
            let lines = lettered_lines(grid, naming.span, scheme, letters, &leaning, diags)?;
            let bottom = coords.iter().map(|c| c.b).min().unwrap_or(0);
            for (line, letter) in lines.iter().zip(letters) {
                for &i in line {
                    names[i] = format!("{}{}", letter.node, coords[i].b - bottom + 1);
                }
            }
        }
        Naming::Snake => {
            let mut n = 1;
            for (j, line) in lines(files).iter().enumerate() {
                let order: Vec<usize> = if j % 2 == 0 {
                    line.clone()
                } else {
                    line.iter().rev().copied().collect()
                };
                for i in order {
                    names[i] = n.to_string();
                    n += 1;
                }
            }
        }
        Naming::List(list) => {
            if list.len() != coords.len() {
                diags.push(list_mismatch(list, &lines(files), files, naming.span));
                return None;
            }
            let order: Vec<usize> = lines(files).concat();
            for (i, n) in order.into_iter().zip(list) {
                names[i] = n.node.clone();
            }
        }
    }
    Some(names)
}

/// `names list` with too few or too many names: says where the names run out (which file
/// or rank, which cell of it) or which names are left over.
fn list_mismatch(list: &[Name], lines: &[Vec<usize>], files: bool, span: Span) -> Diagnostic {
    let cells: usize = lines.iter().map(Vec::len).sum();
    let (line, from, along) = if files {
        ("file", "the left", "from the bottom")
    } else {
        ("rank", "the bottom", "from the left")
    };
    let message = format!(
        "the board has {cells} cells but {} names are listed",
        list.len()
    );
    let help = "list one name per cell, file by file (flat) or rank by rank (pointy)";
    if list.len() > cells {
        let extra = &list[cells..];
        let at = Span::new(extra[0].span.start, extra[extra.len() - 1].span.end);
        return Diagnostic::error(
            codes::BOARD_NAMES,
            format!("{message}: {} too many", extra.len()),
        )
        .at(at, "no cell left for these")
        .help(help);
    }
    // The first unnamed cell: its line and its place along it.
    let mut before = list.len();
    let mut place = (0, 0);
    for (i, l) in lines.iter().enumerate() {
        if before < l.len() {
            place = (i, before);
            break;
        }
        before -= l.len();
    }
    let (line_index, cell_index) = place;
    let detail = format!(
        "the names run out at the {} cell {along} of the {} {line} from {from}; {} cells have no name",
        ordinal(cell_index as u32 + 1),
        ordinal(line_index as u32 + 1),
        cells - list.len()
    );
    let d = Diagnostic::error(codes::BOARD_NAMES, format!("{message}: {detail}"));
    let d = match list.last() {
        Some(last) => d.at(last.span, "the last name"),
        None => d.at(span, "names"),
    };
    d.help(help)
}

/// The lines a lettered naming walks (files of a flat board, ranks of a pointy one), after
/// checking that the scheme fits the cells and that there is one letter per line.
fn lettered_lines(
    grid: Grid,
    span: Span,
    scheme: &str,
    letters: &[Name],
    lines: &dyn Fn(bool) -> Vec<Vec<usize>>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<Vec<usize>>> {
    let (needed, other, line_word, order) = match scheme {
        "files" => (
            Orientation::Flat,
            "names ranks",
            "files (columns)",
            "from left to right",
        ),
        "ranks" => (
            Orientation::Pointy,
            "names files",
            "ranks (rows)",
            "from the bottom up",
        ),
        "left-leaning" | "right-leaning" => (
            Orientation::Pointy,
            "names files",
            "leaning files",
            "from left to right",
        ),
        _ => (
            Orientation::Pointy,
            "names files",
            "ranks (rows)",
            "from the top rank down",
        ),
    };
    // Files are the vertical lines of flat hexes and of triangles.
    let fits = grid == Grid::Hex(needed) || (needed == Orientation::Flat && grid.is_triangle());
    if !fits {
        let other = match grid {
            Grid::Triangle(_) => "names files",
            _ => other,
        };
        diags.push(
            Diagnostic::error(
                codes::BOARD_ORIENTATION,
                format!("`names {scheme}` needs {} cells", needed.name()),
            )
            .at(span, format!("on a {} board", grid.name()))
            .help(format!("use `{other}` on a {} board", grid.name())),
        );
        return None;
    }
    let found = lines(needed == Orientation::Flat);
    if found.len() != letters.len() {
        let line = match scheme {
            "files" => "file",
            "left-leaning" | "right-leaning" => "leaning file",
            _ => "rank",
        };
        let from = match scheme {
            "shogi" => "the top",
            "ranks" => "the bottom",
            _ => "the left",
        };
        let (detail, label_span, label) = if found.len() > letters.len() {
            let first = letters.len();
            // Letters are taken in order, so it is the last lines that go without.
            let detail = if found.len() - first == 1 {
                format!(
                    "they name the first {first} {line}s from {from}; the {} ({}) has none",
                    ordinal(first as u32 + 1),
                    match found[first].len() {
                        1 => "1 cell".to_string(),
                        n => format!("{n} cells"),
                    }
                )
            } else {
                let last = ordinal(found.len() as u32);
                format!(
                    "they name the first {first} {line}s from {from}; the {} to the {last} have none",
                    ordinal(first as u32 + 1)
                )
            };
            (detail, span, format!("{} letters", letters.len()))
        } else {
            let extra = &letters[found.len()..];
            let (first, last) = (extra[0].span, extra[extra.len() - 1].span);
            let (detail, label) = match extra {
                [one] => (
                    format!("`{}` names no {line}", one.node),
                    "one too many".to_string(),
                ),
                _ => (
                    format!("the last {} letters name no {line}", extra.len()),
                    format!("{} too many", extra.len()),
                ),
            };
            (detail, Span::new(first.start, last.end), label)
        };
        diags.push(
            Diagnostic::error(
                codes::BOARD_NAMES,
                format!(
                    "the board has {} {line_word} but {} letters are given: {detail}",
                    found.len(),
                    letters.len()
                ),
            )
            .at(label_span, label)
            .help(format!("give one letter per {line}, {order}")),
        );
        return None;
    }
    Some(found)
}
