//! SVG diagrams: the board in its colours (three shades for hex cells, two for triangles),
//! cell names, the pieces as figures in their sides' colours ([`super::figures`]), the last
//! move and a royal piece in check, and a piece's destinations marked by shape as well as
//! colour so they read in grey print:
//! a filled disc (move and capture), a ring (move only), a cross (capture only), a diamond
//! (conditional: multi-step, castling), a square outline (a blocker); zones as tints.
//! Numbers are printed with two decimals, so the output is byte-for-byte stable.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::diagram::Mark;
use super::figures::{self, PieceLook};
use crate::geometry::board::{Board, CellId};
use crate::geometry::triangle::points_right;
use crate::geometry::{Coord, Grid, Lay, Orientation};

/// Circumradius of a hex cell, in SVG units.
const R: f64 = 24.0;
/// Side of a triangle cell: its inscribed circle (radius T / 2√3 ≈ 17) holds a mark.
const T: f64 = 60.0;
const SHADES: [&str; 3] = ["#f2e6cf", "#d9b98c", "#a8825a"];
/// Triangle boards: dark and light, in the order of the colour classes of [`Board::colour`].
const TWO_SHADES: [&str; 2] = ["#b08a5e", "#f2e6cf"];
const INK: &str = "#1f1f1f";

/// The words for the board's shades, by colour class, as [`render`] fills them: hex boards
/// light, mid and dark; triangle boards dark and light.
pub fn shade_names(grid: Grid) -> &'static [&'static str] {
    match grid {
        Grid::Hex(_) => &["light", "mid", "dark"],
        Grid::Triangle(_) => &["dark", "light"],
    }
}
/// The last move's cells: a yellow tint that leaves the board's shades readable.
const LAST_MOVE: &str = "#f2d44b";
/// A royal piece in check: a red glow under it.
const CHECK: &str = "#e0312b";

/// What to draw on one cell.
#[derive(Clone, Debug, Default)]
pub struct CellDrawing {
    /// A piece: its figure, symbol and side's colours.
    pub piece: Option<PieceLook>,
    /// The cell is marked: the last move's, or a royal piece's in check.
    pub highlight: Option<Highlight>,
    /// What the shown piece can do there, if anything.
    pub mark: Option<Mark>,
    /// A piece placed to block rays: drawn with a square outline.
    pub blocker: bool,
    /// A cell of a zone: whose (White's, Black's or both sides'), drawn as a tint.
    pub zone: Option<ZoneCell>,
}

/// A cell marked for what happened there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Highlight {
    /// Where the last move came from or went to (a drop's cell).
    LastMove,
    /// A royal piece in check stands here.
    Check,
}

/// Whose zone a cell belongs to, for zone drawings: a tint in print-safe weights (White's
/// light with dots, Black's darker with stripes, so grey print tells them apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneCell {
    /// White's cell of the zone.
    White,
    /// Black's cell of the zone.
    Black,
    /// A cell of the zone for both sides.
    Both,
    /// With more than two sides: a cell of the zone for sides other than the first.
    Others,
    /// With more than two sides: a cell of the zone for the first side and another.
    FirstAndOthers,
}

impl ZoneCell {
    /// The zone cell for sides `white` and `black` being in the zone, if either is.
    pub fn of(white: bool, black: bool) -> Option<ZoneCell> {
        match (white, black) {
            (true, true) => Some(ZoneCell::Both),
            (true, false) => Some(ZoneCell::White),
            (false, true) => Some(ZoneCell::Black),
            (false, false) => None,
        }
    }

    /// [`ZoneCell::of`] in a game of more than two sides: the first side's cells, the other
    /// sides', and those of the first and another.
    pub fn of_many(first: bool, others: bool) -> Option<ZoneCell> {
        match (first, others) {
            (true, true) => Some(ZoneCell::FirstAndOthers),
            (true, false) => Some(ZoneCell::White),
            (false, true) => Some(ZoneCell::Others),
            (false, false) => None,
        }
    }

    fn style(self) -> (&'static str, &'static str, &'static str) {
        match self {
            ZoneCell::White => ("white", "#e8b62c", "White's cells"),
            ZoneCell::Black => ("black", "#3b6ea8", "Black's cells"),
            ZoneCell::Both => ("both", "#8c4fa3", "both sides' cells"),
            ZoneCell::Others => ("others", "#3b6ea8", "the other sides' cells"),
            ZoneCell::FirstAndOthers => ("both", "#8c4fa3", "the first side's and another's"),
        }
    }
}

/// A point of the triangle lattice in tripled barycentric coordinates, on the page.
fn triangle_point(lay: Lay, p: Coord) -> (f64, f64) {
    let (x, y) = (p.a as f64, p.b as f64);
    let s3 = 3f64.sqrt();
    let (px, py) = (T * x * s3 / 6.0, -T * (x / 2.0 + y) / 3.0);
    match lay {
        Lay::Columns => (unsigned_zero(px), unsigned_zero(py)),
        // A quarter turn clockwise on the page (y grows downward).
        Lay::Rows => (unsigned_zero(-py), unsigned_zero(px)),
    }
}

/// The centre of a cell on the page (y grows downward).
pub fn centre(board: &Board, c: CellId) -> (f64, f64) {
    let p = board.coord(c);
    let (a, b) = (p.a as f64, p.b as f64);
    let s3 = 3f64.sqrt();
    match board.grid {
        Grid::Hex(Orientation::Flat) => (1.5 * R * a, -s3 * R * (b + a / 2.0)),
        Grid::Hex(Orientation::Pointy) => (s3 * R * (a + b / 2.0), -1.5 * R * b),
        Grid::Triangle(lay) => triangle_point(lay, p),
    }
}

/// The outline of a cell: six corners of a hexagon, or three of a triangle (tripled
/// coordinates: a right-pointing `(X, Y)` has corners `(X-1, Y-1) (X+2, Y-1) (X-1, Y+2)`,
/// a left-pointing one `(X+1, Y-2) (X-2, Y+1) (X+1, Y+1)`).
fn corners(board: &Board, c: CellId) -> String {
    corner_points(board, c)
        .iter()
        .map(|(x, y)| format!("{:.2},{:.2}", unsigned_zero(*x), unsigned_zero(*y)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The size a cell is drawn at: a hex cell's circumradius, a triangle cell's side.
pub(crate) fn cell_size(grid: Grid) -> f64 {
    match grid {
        Grid::Hex(_) => R,
        Grid::Triangle(_) => T,
    }
}

/// The corners of a cell on the page, as [`corners`] draws them.
pub(crate) fn corner_points(board: &Board, c: CellId) -> Vec<(f64, f64)> {
    match board.grid {
        Grid::Hex(o) => {
            let (x, y) = centre(board, c);
            let start = match o {
                Orientation::Flat => 0.0,
                Orientation::Pointy => 30.0,
            };
            (0..6)
                .map(|k| {
                    let t = (start + 60.0 * k as f64).to_radians();
                    (x + R * t.cos(), y + R * t.sin())
                })
                .collect()
        }
        Grid::Triangle(lay) => {
            let p = board.coord(c);
            let offsets = if points_right(p) {
                [(-1, -1), (2, -1), (-1, 2)]
            } else {
                [(1, -2), (-2, 1), (1, 1)]
            };
            offsets
                .iter()
                .map(|(x, y)| triangle_point(lay, p + Coord::new(*x, *y)))
                .collect()
        }
    }
}

/// `x`, with a value that rounds to zero written `0.00` rather than `-0.00`.
fn unsigned_zero(x: f64) -> f64 {
    if (x * 100.0).round() == 0.0 {
        0.0
    } else {
        x
    }
}

/// A piece figure's scale (page units to its 100-unit box) and how far above the cell's
/// centre it sits, clear of the cell's name.
fn figure_fit(board: &Board) -> (f64, f64) {
    match board.grid {
        Grid::Hex(_) => (0.32, 1.5),
        Grid::Triangle(_) => (0.22, 1.0),
    }
}

/// Where a piece's figure is centred on cell `c` (the game page places its figures there).
pub(crate) fn figure_at(board: &Board, c: CellId) -> (f64, f64) {
    let (x, y) = centre(board, c);
    (x, y - figure_fit(board).1)
}

/// A piece figure's scale on this board.
pub(crate) fn figure_scale(board: &Board) -> f64 {
    figure_fit(board).0
}

/// How far out from a cell's centre the drawing reaches, and where its name goes below it.
fn extent(board: &Board) -> (f64, f64) {
    match board.grid {
        Grid::Hex(_) => (R, R * 0.72),
        Grid::Triangle(_) => (T * 0.6, T * 0.26),
    }
}

/// Text made safe inside XML and HTML (elements and double-quoted attributes); the rules
/// page and the game page use it too.
pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Draws the board with a title and, when marks are shown, a legend.
pub fn render(board: &Board, title: &str, cells: &BTreeMap<CellId, CellDrawing>) -> String {
    let (reach, name_below) = extent(board);
    // The board's cells, and the off-board cells that hold something (drawn dashed).
    let centres: Vec<(CellId, (f64, f64))> = board
        .cells()
        .chain(board.off_board_cells().filter(|c| cells.contains_key(c)))
        .map(|c| (c, centre(board, c)))
        .collect();
    let mut min_x = centres
        .iter()
        .map(|(_, p)| p.0)
        .fold(f64::INFINITY, f64::min)
        - reach
        - 8.0;
    let mut max_x = centres
        .iter()
        .map(|(_, p)| p.0)
        .fold(f64::NEG_INFINITY, f64::max)
        + reach
        + 8.0;
    // Wide enough for the title and the legend (about 8.5 units a character at this size).
    let wanted = (8.5 * title.chars().count() as f64 + 24.0).max(420.0);
    if max_x - min_x < wanted {
        let grow = (wanted - (max_x - min_x)) / 2.0;
        min_x -= grow;
        max_x += grow;
    }
    let min_y = centres
        .iter()
        .map(|(_, p)| p.1)
        .fold(f64::INFINITY, f64::min)
        - reach
        - 40.0;
    let max_y = centres
        .iter()
        .map(|(_, p)| p.1)
        .fold(f64::NEG_INFINITY, f64::max)
        + reach
        + 56.0;
    let (w, h) = (max_x - min_x, max_y - min_y);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{min_x:.2} {min_y:.2} {w:.2} {h:.2}" width="{w:.0}" height="{h:.0}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(
        out,
        r#"<rect x="{min_x:.2}" y="{min_y:.2}" width="{w:.2}" height="{h:.2}" fill="white"/>"#
    );
    let _ = writeln!(
        out,
        r#"<text x="{:.2}" y="{:.2}" font-size="16" font-weight="bold" text-anchor="middle" fill="{INK}">{}</text>"#,
        min_x + w / 2.0,
        min_y + 22.0,
        escape(title)
    );
    for (c, p) in &centres {
        let shades: &[&str] = match board.grid {
            Grid::Hex(_) => &SHADES,
            Grid::Triangle(_) => &TWO_SHADES,
        };
        let shade = shades[board.colour(*c) as usize % shades.len()];
        let (class, fill, dash) = if board.is_off_board(*c) {
            ("off-board", "white", r#" stroke-dasharray="4 3""#)
        } else {
            ("cell", shade, "")
        };
        let _ = writeln!(
            out,
            r#"<polygon class="{class}" data-cell="{}" points="{}" fill="{fill}" stroke="{INK}" stroke-width="1"{dash}/>"#,
            escape(board.name(*c)),
            corners(board, *c)
        );
        if let Some(h) = cells.get(c).and_then(|d| d.highlight) {
            highlight(&mut out, board, *c, *p, h);
        }
        let _ = writeln!(
            out,
            r#"<text x="{:.2}" y="{:.2}" font-size="7" text-anchor="middle" fill="{INK}">{}</text>"#,
            p.0,
            p.1 + name_below,
            escape(board.name(*c))
        );
    }
    let mut zones_used: Vec<ZoneCell> = Vec::new();
    for (c, d) in cells {
        let Some(z) = d.zone else { continue };
        if !zones_used.contains(&z) {
            zones_used.push(z);
        }
        let (class, colour, _) = z.style();
        let _ = writeln!(
            out,
            r#"<polygon class="zone {class}" points="{}" fill="{colour}" fill-opacity="0.55" stroke="{colour}" stroke-width="2.5"/>"#,
            corners(board, *c)
        );
    }
    let scale = figure_scale(board);
    let mut used = Vec::new();
    for (c, d) in cells {
        let Some(&(_, p)) = centres.iter().find(|(id, _)| id == c) else {
            continue;
        };
        if d.blocker {
            let _ = writeln!(
                out,
                r#"<rect class="blocker" x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="none" stroke="{INK}" stroke-width="2"/>"#,
                p.0 - 11.0,
                p.1 - 11.0,
                22.0,
                22.0
            );
        }
        if let Some(m) = d.mark {
            if !used.contains(&m) {
                used.push(m);
            }
            out.push_str(&mark_shape(m, p));
        }
        if let Some(look) = &d.piece {
            figures::draw(&mut out, look, figure_at(board, *c), scale);
        }
    }
    // Legend: every mark kind used, in a fixed order.
    let mut x = min_x + 12.0;
    let y = max_y - 20.0;
    for m in [
        Mark::Both,
        Mark::MoveOnly,
        Mark::CaptureOnly,
        Mark::Conditional,
    ] {
        if !used.contains(&m) {
            continue;
        }
        out.push_str(&mark_shape(m, (x + 8.0, y)));
        let text = match m {
            Mark::Both => "move or capture",
            Mark::MoveOnly => "move only",
            Mark::CaptureOnly => "capture only",
            Mark::Conditional => "conditional",
        };
        x = legend_text(&mut out, x, y, text);
    }
    for z in [
        ZoneCell::White,
        ZoneCell::Black,
        ZoneCell::Both,
        ZoneCell::Others,
        ZoneCell::FirstAndOthers,
    ] {
        if !zones_used.contains(&z) {
            continue;
        }
        let (class, colour, text) = z.style();
        let _ = writeln!(
            out,
            r#"<rect class="zone {class}" x="{:.2}" y="{:.2}" width="16.00" height="16.00" fill="{colour}" fill-opacity="0.55" stroke="{colour}" stroke-width="2.5"/>"#,
            x,
            y - 8.0
        );
        x = legend_text(&mut out, x, y, text);
    }
    if cells.values().any(|d| d.blocker) {
        let _ = writeln!(
            out,
            r#"<rect x="{:.2}" y="{:.2}" width="16.00" height="16.00" fill="none" stroke="{INK}" stroke-width="2"/>"#,
            x,
            y - 8.0
        );
        legend_text(&mut out, x, y, "blocker");
    }
    out.push_str("</svg>\n");
    out
}

/// A cell's highlight, drawn over its colour and under its name and piece.
fn highlight(out: &mut String, board: &Board, c: CellId, (x, y): (f64, f64), h: Highlight) {
    match h {
        Highlight::LastMove => {
            let _ = writeln!(
                out,
                r#"<polygon class="last-move" points="{}" fill="{LAST_MOVE}" fill-opacity="0.6" stroke="none"/>"#,
                corners(board, c)
            );
        }
        Highlight::Check => {
            let _ = writeln!(
                out,
                r#"<circle class="check" cx="{x:.2}" cy="{:.2}" r="{:.2}" fill="{CHECK}" fill-opacity="0.6" stroke="{CHECK}" stroke-width="2"/>"#,
                y - figure_fit(board).1,
                extent(board).0 * 0.72
            );
        }
    }
}

/// A legend entry's words beside its swatch at `x`; returns where the next entry starts.
fn legend_text(out: &mut String, x: f64, y: f64, text: &str) -> f64 {
    let _ = writeln!(
        out,
        r#"<text x="{:.2}" y="{:.2}" font-size="11" fill="{INK}">{text}</text>"#,
        x + 20.0,
        y + 4.0
    );
    x + 20.0 + 7.0 * text.len() as f64 + 16.0
}

fn mark_shape(m: Mark, (x, y): (f64, f64)) -> String {
    match m {
        Mark::Both => {
            format!(r#"<circle class="mark both" cx="{x:.2}" cy="{y:.2}" r="7" fill="{INK}"/>"#)
                + "\n"
        }
        Mark::MoveOnly => {
            format!(
                r#"<circle class="mark move" cx="{x:.2}" cy="{y:.2}" r="7" fill="none" stroke="{INK}" stroke-width="2.5"/>"#
            ) + "\n"
        }
        Mark::CaptureOnly => {
            format!(
                r#"<path class="mark capture" d="M{:.2},{:.2} L{:.2},{:.2} M{:.2},{:.2} L{:.2},{:.2}" stroke="{INK}" stroke-width="3"/>"#,
                x - 7.0,
                y - 7.0,
                x + 7.0,
                y + 7.0,
                x - 7.0,
                y + 7.0,
                x + 7.0,
                y - 7.0
            ) + "\n"
        }
        Mark::Conditional => {
            format!(
                r#"<polygon class="mark conditional" points="{:.2},{:.2} {:.2},{:.2} {:.2},{:.2} {:.2},{:.2}" fill="none" stroke="{INK}" stroke-width="2.5"/>"#,
                x,
                y - 9.0,
                x + 9.0,
                y,
                x,
                y + 9.0,
                x - 9.0,
                y
            ) + "\n"
        }
    }
}
