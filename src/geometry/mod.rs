//! Geometry: the grids cells lie on, clock-hour directions, colours and the symmetries that
//! turn White's setup into Black's. Hex grids are described here; triangle grids (Chessagon)
//! in [`triangle`]. [`Grid`] is what the rest of hexv asks: how a ray or a king step moves
//! on the board's grid.
//!
//! Axial coordinates `(a, b)` serve every hex board. The twelve unit vectors, clockwise from
//! the edge step `(0, 1)`:
//!
//! ```text
//!   index:   0      1      2      3       4      5       6       7        8       9       10      11
//!   vector: (0,1)  (1,1)  (1,0)  (2,-1)  (1,-1) (1,-2)  (0,-1)  (-1,-1)  (-1,0)  (-2,1)  (-1,1)  (-1,2)
//!   kind:   edge   vertex edge   vertex  edge   vertex  edge    vertex   edge    vertex  edge    vertex
//! ```
//!
//! Flat cells (files vertical, Glinski) put index 0 at 12 o'clock, so hour `h` is index
//! `h mod 12`: edges (orthogonals) are the even hours.
//!
//! ```text
//!          12
//!      10  ___  2          flat: 12 = (0,1)   2 = (1,0)   4 = (1,-1)
//!         /   \               6 = (0,-1)  8 = (-1,0) 10 = (-1,1)
//!     9  <     >  3        odd hours pass between two cells (diagonals)
//!         \___/
//!       8       4
//!           6
//! ```
//!
//! Pointy cells (ranks horizontal, Hex Shogi) are the same picture turned 30° clockwise:
//! hour `h` is index `h - 1`, so `(0,1)` is 1 o'clock, `(1,0)` is 3 o'clock and straight
//! ahead is the vertex step `(-1,2)`; orthogonals are the odd hours.
//!
//! Colour is `(a - b) mod 3`: an edge step changes it, a vertex step keeps it.

pub mod board;
pub mod directions;
pub mod triangle;

use std::fmt;

pub use triangle::Lay;

/// Axial hex coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Coord {
    /// First axial coordinate (tripled barycentric `X` on triangle boards).
    pub a: i32,
    /// Second axial coordinate (tripled barycentric `Y` on triangle boards).
    pub b: i32,
}

impl Coord {
    /// The origin: the centre of a hexagon board.
    pub const ZERO: Coord = Coord { a: 0, b: 0 };

    /// The coordinates `(a, b)`.
    pub const fn new(a: i32, b: i32) -> Self {
        Coord { a, b }
    }

    /// The vector `k` times as long.
    pub fn scale(self, k: i32) -> Coord {
        Coord::new(self.a * k, self.b * k)
    }

    /// Hex distance in cells (number of edge steps).
    pub fn hex_len(self) -> i32 {
        let c = -self.a - self.b;
        (self.a.abs() + self.b.abs() + c.abs()) / 2
    }
}

impl std::ops::Add for Coord {
    type Output = Coord;
    fn add(self, o: Coord) -> Coord {
        Coord::new(self.a + o.a, self.b + o.b)
    }
}

impl std::ops::Neg for Coord {
    type Output = Coord;
    fn neg(self) -> Coord {
        Coord::new(-self.a, -self.b)
    }
}

impl std::ops::Sub for Coord {
    type Output = Coord;
    fn sub(self, o: Coord) -> Coord {
        Coord::new(self.a - o.a, self.b - o.b)
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.a, self.b)
    }
}

/// The twelve unit vectors, clockwise from the edge step `(0, 1)`.
pub const UNIT: [Coord; 12] = [
    Coord::new(0, 1),
    Coord::new(1, 1),
    Coord::new(1, 0),
    Coord::new(2, -1),
    Coord::new(1, -1),
    Coord::new(1, -2),
    Coord::new(0, -1),
    Coord::new(-1, -1),
    Coord::new(-1, 0),
    Coord::new(-2, 1),
    Coord::new(-1, 1),
    Coord::new(-1, 2),
];

/// `v` turned clockwise by `hours` on a hex grid (the turn that takes each unit step to the
/// one `hours` round from it, whichever way the hexes stand). Hex grids turn by sixths: an
/// odd hour counts as the even one before it.
pub fn turn_hex_vector(v: Coord, hours: u8) -> Coord {
    let k = usize::from(hours % 12) & !1;
    // A linear map of the lattice, fixed by the images of two edge steps 60 degrees apart.
    let (p, q) = (UNIT[0], UNIT[2]);
    let (p2, q2) = (UNIT[k], UNIT[(k + 2) % 12]);
    let det = p.a * q.b - p.b * q.a;
    let x = (v.a * q.b - v.b * q.a) / det;
    let y = (p.a * v.b - p.b * v.a) / det;
    Coord::new(x * p2.a + y * q2.a, x * p2.b + y * q2.b)
}

/// How hex cells stand on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// Lying on a side: files are vertical columns (Glinski, Koval).
    Flat,
    /// Standing on a corner: ranks are horizontal rows (Hex Shogi, Dagger).
    Pointy,
}

impl Orientation {
    /// The word of a `cells` line: "flat", "pointy".
    pub fn name(self) -> &'static str {
        match self {
            Orientation::Flat => "flat",
            Orientation::Pointy => "pointy",
        }
    }

    /// Index into [`UNIT`] of clock hour `hour` (1..=12) for White.
    fn unit_index(self, hour: Hour) -> usize {
        let h = hour.get() as usize;
        match self {
            Orientation::Flat => h % 12,
            Orientation::Pointy => (h + 11) % 12,
        }
    }

    /// White's vector for a clock hour.
    pub fn vector(self, hour: Hour) -> Coord {
        UNIT[self.unit_index(hour)]
    }

    /// True when the hour is an edge step (orthogonal), false for a vertex step (diagonal).
    pub fn is_orthogonal(self, hour: Hour) -> bool {
        self.unit_index(hour).is_multiple_of(2)
    }

    /// The clock hour of a unit vector, if it is one.
    pub fn hour_of(self, v: Coord) -> Option<Hour> {
        let i = UNIT.iter().position(|&u| u == v)?;
        let h = match self {
            Orientation::Flat => i,
            Orientation::Pointy => i + 1,
        };
        Hour::new(if h == 0 { 12 } else { h as u8 })
    }

    /// Reflection in the mover's forward axis (left ↔ right), as a linear map.
    pub fn mirror_left_right(self, v: Coord) -> Coord {
        match self {
            Orientation::Flat => Coord::new(-v.a, v.a + v.b),
            Orientation::Pointy => Coord::new(-v.a - v.b, v.b),
        }
    }

    /// Reflection in a horizontal line (up ↔ down), as a linear map.
    pub fn mirror_up_down(self, v: Coord) -> Coord {
        // Up-down = left-right mirror followed by a half turn.
        -self.mirror_left_right(v)
    }

    /// Twice the height of a cell centre, in units where an edge step up is 2 (integer).
    pub fn doubled_height(self, c: Coord) -> i32 {
        match self {
            Orientation::Flat => 2 * c.b + c.a,
            // Pointy: ranks are rows of constant b; rank b sits at height 1.5*b cell heights,
            // but only the order matters here, so 2*b keeps it integer.
            Orientation::Pointy => 2 * c.b,
        }
    }

    /// Twice the horizontal position of a cell centre (integer), left to right.
    pub fn doubled_width(self, c: Coord) -> i32 {
        match self {
            Orientation::Flat => 2 * c.a,
            Orientation::Pointy => 2 * c.a + c.b,
        }
    }
}

/// Rotation by 60° clockwise, as a linear map (the same for both orientations).
pub fn rotate60(v: Coord) -> Coord {
    Coord::new(v.a + v.b, -v.a)
}

/// The three hex colours: `(a - b) mod 3`.
pub fn colour(c: Coord) -> u8 {
    (c.a - c.b).rem_euclid(3) as u8
}

/// A clock hour 1..=12 as seen by the mover (12 = straight ahead).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hour(u8);

impl Hour {
    /// Straight ahead.
    pub const TWELVE: Hour = Hour(12);

    /// The hour `h`, or `None` outside 1..=12.
    pub fn new(h: u8) -> Option<Hour> {
        (1..=12).contains(&h).then_some(Hour(h))
    }

    /// The hour as a number, 1..=12.
    pub fn get(self) -> u8 {
        self.0
    }

    /// Every hour, 1 to 12.
    pub fn all() -> impl Iterator<Item = Hour> {
        (1..=12).map(Hour)
    }
}

impl Hour {
    /// The hour `hours` further clockwise: a direction in the frame of a side whose 12
    /// o'clock is this many hours round from the first side's.
    pub fn turned_by(self, hours: u8) -> Hour {
        Hour(((u32::from(self.0) + u32::from(hours % 12) - 1) % 12 + 1) as u8)
    }
}

impl fmt::Display for Hour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How a straight ray moves. On hex boards every hour has one kind (edge steps at the
/// orthogonal hours, vertex steps at the diagonal ones). On triangle boards the even hours
/// have two: along a row face to face, or to the same-coloured cells sharing a corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RayKind {
    /// Every cell the ray visits is a landing cell: hex rays; triangle rows (Rook, even
    /// hours) and face-point lines (Duke, odd hours).
    Line,
    /// Only the same-coloured cells centred on the ray (triangle Bishop, even hours).
    SameColour,
    /// A triangle face-point line that starts across a side of the cell it leaves (Dekle's
    /// rook); from a cell where the line starts across a corner, no ray.
    FaceFirst,
    /// A triangle face-point line that starts across a corner (Dekle's bishop).
    PointFirst,
}

/// The kind of cells a board is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Grid {
    /// Hexagons, flat or pointy.
    Hex(Orientation),
    /// Triangles, in columns (Chessagon) or in rows (Dekle); see [`triangle`].
    Triangle(Lay),
}

impl Grid {
    /// "flat hex", "pointy hex", "triangle".
    pub fn name(self) -> &'static str {
        match self {
            Grid::Hex(Orientation::Flat) => "flat hex",
            Grid::Hex(Orientation::Pointy) => "pointy hex",
            Grid::Triangle(_) => "triangle",
        }
    }

    /// The words of a `cells` line: "flat", "pointy", "triangle", "triangle rows".
    pub fn keyword(self) -> &'static str {
        match self {
            Grid::Hex(o) => o.name(),
            Grid::Triangle(Lay::Columns) => "triangle",
            Grid::Triangle(Lay::Rows) => "triangle rows",
        }
    }

    /// True for a board of triangles, however they lie.
    pub fn is_triangle(self) -> bool {
        matches!(self, Grid::Triangle(_))
    }

    /// True when a bare hour names two directions, a row and a same-colour ray (the even
    /// hours of triangles in columns, the odd ones of triangles in rows).
    pub fn hour_is_ambiguous(self, hour: Hour) -> bool {
        match self {
            Grid::Hex(_) => false,
            Grid::Triangle(lay) => lay.table_hour(hour.get()).is_multiple_of(2),
        }
    }

    /// True when a ray of `kind` leaves `c` at an (absolute) hour at all: a face-first or
    /// point-first line only from the cells whose first step crosses a side (a corner).
    pub fn ray_starts(self, c: Coord, hour: Hour, kind: RayKind) -> bool {
        let want = match kind {
            RayKind::FaceFirst => triangle::FirstCrossing::Face,
            RayKind::PointFirst => triangle::FirstCrossing::Point,
            RayKind::Line | RayKind::SameColour => return true,
        };
        match self {
            Grid::Hex(_) => false,
            Grid::Triangle(lay) => {
                let h = lay.table_hour(hour.get());
                h % 2 == 1 && triangle::first_crossing(c, h) == want
            }
        }
    }

    /// How many colours the grid needs so that neighbours never share one.
    pub fn colours(self) -> u8 {
        match self {
            Grid::Hex(_) => 3,
            Grid::Triangle(_) => 2,
        }
    }

    /// The raw colour of a cell (0-based; hex `(a - b) mod 3`, triangles right/left).
    pub fn colour(self, c: Coord) -> u8 {
        match self {
            Grid::Hex(_) => colour(c),
            Grid::Triangle(_) => triangle::colour(c),
        }
    }

    /// True for coordinates of a cell of this grid (every axial pair on hex grids).
    pub fn is_cell(self, c: Coord) -> bool {
        match self {
            Grid::Hex(_) => true,
            Grid::Triangle(_) => triangle::is_cell(c),
        }
    }

    /// The hex orientation, if the board is made of hexes.
    pub fn hex(self) -> Option<Orientation> {
        match self {
            Grid::Hex(o) => Some(o),
            Grid::Triangle(_) => None,
        }
    }

    /// The neighbour at an (absolute) hour: hex, the cell one unit step away; triangles,
    /// the king neighbour whose centre lies at that hour.
    pub fn king_step(self, c: Coord, hour: Hour) -> Coord {
        match self {
            Grid::Hex(o) => c + o.vector(hour),
            Grid::Triangle(lay) => triangle::king_step(c, lay.table_hour(hour.get())),
        }
    }

    /// One step of a straight ray of `kind` at an (absolute) hour.
    pub fn ray_step(self, c: Coord, hour: Hour, kind: RayKind) -> Coord {
        match self {
            Grid::Hex(o) => c + o.vector(hour),
            Grid::Triangle(lay) => triangle::ray_step(c, lay.table_hour(hour.get()), kind),
        }
    }

    /// The centre of a cell in the plane, y up, in units of a hex's circumradius or a
    /// triangle's side: what angles between cells are measured in.
    pub fn centre(self, c: Coord) -> (f64, f64) {
        let (a, b) = (f64::from(c.a), f64::from(c.b));
        let s3 = 3f64.sqrt();
        match self {
            Grid::Hex(Orientation::Flat) => (1.5 * a, s3 * (b + a / 2.0)),
            Grid::Hex(Orientation::Pointy) => (s3 * (a + b / 2.0), 1.5 * b),
            // Tripled barycentric coordinates: a side is 3 units.
            Grid::Triangle(lay) => lay.turn_point((a * s3 / 6.0, (a / 2.0 + b) / 3.0)),
        }
    }

    /// A height that orders cells bottom to top and is linear in the coordinates: twice
    /// the centre's height in hex rows, or the tripled height of a triangle's centroid.
    pub fn height(self, c: Coord) -> i32 {
        match self {
            Grid::Hex(o) => o.doubled_height(c),
            Grid::Triangle(lay) => lay.height(c),
        }
    }
}

/// The 12 images of a vector under the hex symmetry group (6 turns × mirror), deduplicated,
/// in a fixed order.
pub fn all_images(o: Orientation, v: Coord) -> Vec<Coord> {
    let mut out = Vec::with_capacity(12);
    let mut r = v;
    for _ in 0..6 {
        for w in [r, o.mirror_left_right(r)] {
            if !out.contains(&w) {
                out.push(w);
            }
        }
        r = rotate60(r);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(n: u8) -> Hour {
        Hour::new(n).unwrap()
    }

    #[test]
    fn flat_hours() {
        let o = Orientation::Flat;
        assert_eq!(o.vector(h(12)), Coord::new(0, 1));
        assert_eq!(o.vector(h(2)), Coord::new(1, 0));
        assert_eq!(o.vector(h(1)), Coord::new(1, 1));
        assert_eq!(o.vector(h(6)), Coord::new(0, -1));
        assert!(o.is_orthogonal(h(12)) && o.is_orthogonal(h(4)));
        assert!(!o.is_orthogonal(h(3)) && !o.is_orthogonal(h(11)));
    }

    #[test]
    fn pointy_hours() {
        let o = Orientation::Pointy;
        assert_eq!(o.vector(h(12)), Coord::new(-1, 2));
        assert_eq!(o.vector(h(1)), Coord::new(0, 1));
        assert_eq!(o.vector(h(3)), Coord::new(1, 0));
        assert_eq!(o.vector(h(11)), Coord::new(-1, 1));
        assert!(o.is_orthogonal(h(1)) && !o.is_orthogonal(h(12)));
    }

    #[test]
    fn hour_of_inverts_vector() {
        for o in [Orientation::Flat, Orientation::Pointy] {
            for hour in Hour::all() {
                assert_eq!(o.hour_of(o.vector(hour)), Some(hour));
            }
        }
    }

    #[test]
    fn diagonals_are_sums_of_neighbouring_edges() {
        for i in (1..12).step_by(2) {
            assert_eq!(UNIT[i], UNIT[i - 1] + UNIT[(i + 1) % 12]);
        }
    }

    #[test]
    fn colours_change_on_edges_and_keep_on_diagonals() {
        for (i, u) in UNIT.iter().enumerate() {
            assert_eq!(colour(*u) == 0, i % 2 == 1, "unit {i}");
        }
    }

    #[test]
    fn mirror_maps_hour_h_to_12_minus_h() {
        for o in [Orientation::Flat, Orientation::Pointy] {
            for hour in Hour::all() {
                let m = (12 - hour.get()) % 12;
                let m = if m == 0 { 12 } else { m };
                assert_eq!(o.mirror_left_right(o.vector(hour)), o.vector(h(m)));
                let d = (18 - hour.get()) % 12;
                let d = if d == 0 { 12 } else { d };
                assert_eq!(
                    o.mirror_up_down(o.vector(hour)),
                    o.vector(h(d)),
                    "{o:?} {hour}"
                );
            }
        }
    }

    #[test]
    fn rotation_advances_two_indices() {
        for i in 0..12 {
            assert_eq!(rotate60(UNIT[i]), UNIT[(i + 2) % 12]);
        }
    }

    #[test]
    fn knight_has_twelve_images() {
        let imgs = all_images(Orientation::Flat, Coord::new(1, 2));
        assert_eq!(imgs.len(), 12);
        assert!(imgs.iter().all(|v| v.hex_len() == 3 && colour(*v) != 0));
        assert_eq!(all_images(Orientation::Flat, Coord::new(0, 1)).len(), 6);
    }

    #[test]
    fn a_vector_turns_as_the_hours_do() {
        for o in [Orientation::Flat, Orientation::Pointy] {
            for hours in [0, 2, 4, 6, 8, 10] {
                for h in (1..=12).filter_map(Hour::new) {
                    assert_eq!(
                        turn_hex_vector(o.vector(h), hours),
                        o.vector(h.turned_by(hours)),
                        "{o:?} {h} by {hours}"
                    );
                }
            }
        }
        // Any leap: half a turn is the opposite vector, three thirds the whole turn, and a
        // turn keeps the length.
        for v in [Coord::new(1, 2), Coord::new(-3, 1), Coord::new(2, -5)] {
            assert_eq!(turn_hex_vector(v, 6), -v);
            let third = |v| turn_hex_vector(v, 4);
            assert_eq!(third(third(third(v))), v);
            assert_eq!(third(v).hex_len(), v.hex_len());
            assert_eq!(turn_hex_vector(v, 5), turn_hex_vector(v, 4));
        }
    }
}
