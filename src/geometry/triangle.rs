//! Triangle cells (Chessagon): coordinates, colours, and the three kinds of straight
//! movement.
//!
//! A triangle is named by its centroid in **tripled barycentric coordinates** `(X, Y, Z)`,
//! `X + Y + Z = 0`, stored as `Coord { a: X, b: Y }`. With the lattice vectors `e1` (unit
//! length, 30 degrees above the horizontal, up-right) and `e2` (unit, straight up), the
//! centroid is `(X e1 + Y e2) / 3`. Every cell has one vertical side: its apex points
//! **right** (`R`, all three coordinates ≡ 1 mod 3) or **left** (`L`, all ≡ 2 mod 3).
//!
//! ```text
//!        e2 /|          |\  e1+e2        R (1,1): vertices 0, e1, e2, apex e1 at the right
//!          / |   L     | \               L (2,2): vertices e1, e2, e1+e2, apex e2 at the left
//!         |  | (2,2) /   |
//!         |R  \    /     |
//!   (1,1) | >  \  /      |
//!         |     \/ e1
//!        0
//! ```
//!
//! Sharing a side always changes the colour (R is light, L dark). Directions are clock
//! hours; a cell's twelve **king neighbours** (the triangles sharing a corner with it) lie
//! one at each hour, by the direction of their centroids:
//!
//! ```text
//!   hour:            12     1      2     3      4     5      6     7      8     9     10    11
//!   from R:        (0,3) (1,1)  (3,0) (4,-2) (3,-3) (1,-2) (0,-3) (-2,-2) (-3,0) (-2,1) (-3,3) (-2,4)
//!   from L:        (0,3) (2,2)  (3,0) (2,-1) (3,-3) (2,-4) (0,-3) (-1,-1) (-3,0) (-4,2) (-3,3) (-1,2)
//!   kind (R / L):  same  face/pt same pt/face same  face/pt same  pt/face same face/pt same  pt/face
//! ```
//!
//! At even hours the neighbour is the **same-coloured** triangle sharing one corner (a
//! lattice translation); at odd hours it is the opposite-coloured triangle across a **face**
//! (side) or across a **point** (the triangle opposite at a vertex). `L`'s neighbours are
//! `R`'s turned 180 degrees.
//!
//! The three straight movements, all along clock hours:
//! - **face-to-face along a row** (the Rook), even hours: each step crosses a side, to the
//!   face neighbour at the odd hour next to it (`R`: 1, 5 or 9; `L`: 3, 7 or 11); colours
//!   alternate, and two steps make the translation at that hour;
//! - **points adjacent, same colour** (the Bishop), even hours: each step is the translation;
//! - **face then point** (the Duke), odd hours: each step is the king neighbour at that hour,
//!   alternately across a face and across a point; all centroids lie on one line.
//!
//! A board **in rows** ([`Lay::Rows`]: triangles pointing up and down, the players facing a
//! flat edge, Dekle's Triangular Chess) is the same lattice turned a quarter turn clockwise:
//! its hour `h` is hour `h - 3` of the tables here, so its face-point lines run along the
//! even hours and its rows and same-colour rays along the odd ones. Coordinates are kept;
//! only the picture turns (a right-pointing cell points down).

use super::{Coord, RayKind};

/// How the triangles of a board lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lay {
    /// Every triangle has a vertical side and points left or right (Chessagon).
    Columns,
    /// Every triangle has a horizontal side and points up or down (Dekle).
    Rows,
}

impl Lay {
    /// The hour of this module's tables (a board in columns) for an hour on the board.
    pub fn table_hour(self, hour: u8) -> u8 {
        match self {
            Lay::Columns => hour,
            Lay::Rows => (hour + 8) % 12 + 1,
        }
    }

    /// The hour on the board of an hour of this module's tables.
    pub fn board_hour(self, hour: u8) -> u8 {
        match self {
            Lay::Columns => hour,
            Lay::Rows => (hour + 2) % 12 + 1,
        }
    }

    /// The hour a cell's apex points at on the board (White's frame): 3 or 9 in columns,
    /// 12 or 6 in rows.
    pub fn apex_hour(self, c: Coord) -> u8 {
        self.board_hour(if points_right(c) { 3 } else { 9 })
    }

    /// Where a point of the columns picture lies on this board: turned a quarter turn
    /// clockwise for rows.
    pub fn turn_point(self, (x, y): (f64, f64)) -> (f64, f64) {
        match self {
            Lay::Columns => (x, y),
            Lay::Rows => (y, -x),
        }
    }

    /// A height that orders cells bottom to top, linear in the coordinates.
    pub fn height(self, c: Coord) -> i32 {
        match self {
            Lay::Columns => tripled_height(c),
            Lay::Rows => -c.a,
        }
    }

    /// A width that orders cells left to right, linear in the coordinates.
    pub fn width(self, c: Coord) -> i32 {
        match self {
            Lay::Columns => c.a,
            Lay::Rows => tripled_height(c),
        }
    }

    /// The cell mirrored in the horizontal line at height `twice_mid / 2` (heights as
    /// [`Lay::height`]), if it lands on a cell's centre.
    pub fn mirror_up_down(self, c: Coord, twice_mid: i32) -> Option<Coord> {
        let y = twice_mid - self.height(c);
        match self {
            // X kept, X + 2Y is the height.
            Lay::Columns => {
                let twice_b = y - c.a;
                (twice_b % 2 == 0).then(|| Coord::new(c.a, twice_b / 2))
            }
            // -X is the height, X + 2Y (the width) kept.
            Lay::Rows => {
                let a = -y;
                let twice_b = tripled_height(c) - a;
                (twice_b % 2 == 0).then(|| Coord::new(a, twice_b / 2))
            }
        }
    }
}

/// Whether a straight line's first step from a cell crosses a side or a corner: the
/// face-point lines split so (Dekle's rook leaves across a side, his bishop across a corner).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstCrossing {
    /// Across a side.
    Face,
    /// Across a corner.
    Point,
}

/// How the first step of a face-point line (an odd hour of the tables) leaves `c`: a
/// right-pointing cell's faces are at 1, 5 and 9, a left-pointing one's at 3, 7 and 11.
pub fn first_crossing(c: Coord, hour: u8) -> FirstCrossing {
    let faces_at = if points_right(c) { 1 } else { 3 };
    if hour % 4 == faces_at {
        FirstCrossing::Face
    } else {
        FirstCrossing::Point
    }
}

/// Tripled barycentric coordinates of the translations to the same-coloured neighbour at
/// each even hour, indexed by `hour / 2 % 6` (12, 2, 4, 6, 8, 10).
const TRANSLATION: [Coord; 6] = [
    Coord::new(0, 3),
    Coord::new(3, 0),
    Coord::new(3, -3),
    Coord::new(0, -3),
    Coord::new(-3, 0),
    Coord::new(-3, 3),
];

/// From a right-pointing cell, the opposite-coloured neighbour at each odd hour, indexed by
/// `hour / 2` (1, 3, 5, 7, 9, 11). A left-pointing cell's is the one at the opposite hour,
/// negated.
const ODD_FROM_RIGHT: [Coord; 6] = [
    Coord::new(1, 1),
    Coord::new(4, -2),
    Coord::new(1, -2),
    Coord::new(-2, -2),
    Coord::new(-2, 1),
    Coord::new(-2, 4),
];

/// True for the coordinates of a triangle's centroid.
pub fn is_cell(c: Coord) -> bool {
    let z = -c.a - c.b;
    c.a.rem_euclid(3) != 0 && (c.a - c.b).rem_euclid(3) == 0 && z.rem_euclid(3) != 0
}

/// True when the apex points right (the light cells).
pub fn points_right(c: Coord) -> bool {
    c.a.rem_euclid(3) == 1
}

/// The two colours: 0 for right-pointing (light), 1 for left-pointing (dark).
pub fn colour(c: Coord) -> u8 {
    u8::from(!points_right(c))
}

/// The king neighbour of `c` at an hour (1..=12), in absolute terms (White's frame).
pub fn king_step(c: Coord, hour: u8) -> Coord {
    let h = hour % 12;
    if h.is_multiple_of(2) {
        return c + TRANSLATION[(h / 2) as usize];
    }
    if points_right(c) {
        c + ODD_FROM_RIGHT[(h / 2) as usize]
    } else {
        c - ODD_FROM_RIGHT[(((h + 6) % 12) / 2) as usize]
    }
}

/// One step of a straight ray of the given kind at an hour (absolute, 1..=12).
pub fn ray_step(c: Coord, hour: u8, kind: RayKind) -> Coord {
    let h = hour % 12;
    if h % 2 == 1 || kind != RayKind::Line {
        return king_step(c, hour);
    }
    // A row: the face neighbour at the odd hour beside h that is a face of this cell. Faces
    // of a right-pointing cell are at 1, 5 and 9 (hours ≡ 1 mod 4), of a left-pointing one
    // at 3, 7 and 11.
    let faces_at = if points_right(c) { 1 } else { 3 };
    let odd = if (h + 1) % 4 == faces_at {
        h + 1
    } else {
        (h + 11) % 12
    };
    king_step(c, odd)
}

/// Twice the height of a centroid, in half-sides (an integer): `2y = (X + 2Y) / 3`, scaled
/// by 3 to stay integral.
pub fn tripled_height(c: Coord) -> i32 {
    c.a + 2 * c.b
}

/// The vertical strip (file) a cell lies in, counted from `X = 0`: the lattice lines
/// parallel to 12 o'clock are `X = 3k`.
pub fn strip(c: Coord) -> i32 {
    c.a.div_euclid(3)
}

/// The cells of a regular hexagon of `side` triangles per side, corners at the top and the
/// bottom, centred on a lattice point: `6 side²` cells.
pub fn hexagon(side: i32) -> Vec<Coord> {
    let r = 3 * side - 1;
    let mut out = Vec::new();
    for x in -r..=r {
        for y in -r..=r {
            let c = Coord::new(x, y);
            if is_cell(c) && (x + y).abs() <= r {
                out.push(c);
            }
        }
    }
    out
}

/// Mirror image in a horizontal line through the origin: `(X, Y, Z) -> (X, Z, Y)`.
pub fn mirror_up_down(c: Coord) -> Coord {
    Coord::new(c.a, -c.a - c.b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squared_distance(d: Coord) -> i32 {
        let z = -d.a - d.b;
        d.a * d.a + d.b * d.b + z * z
    }

    const R: Coord = Coord::new(1, 1);
    const L: Coord = Coord::new(2, 2);

    #[test]
    fn cells_and_colours() {
        assert!(is_cell(R) && points_right(R));
        assert!(is_cell(L) && !points_right(L));
        assert!(!is_cell(Coord::new(0, 0)) && !is_cell(Coord::new(1, 2)));
        assert_eq!((colour(R), colour(L)), (0, 1));
        let board = hexagon(4);
        assert_eq!(board.len(), 96);
        assert_eq!(board.iter().filter(|c| points_right(**c)).count(), 48);
        assert!(board
            .iter()
            .all(|c| c.a.abs().max(c.b.abs()).max((c.a + c.b).abs()) <= 11));
    }

    #[test]
    fn king_neighbours_share_a_corner_and_lie_at_their_hours() {
        // A triangle's vertices, tripled: R (X, Y) has (X-1, Y-1), (X+2, Y-1), (X-1, Y+2);
        // L has (X+1, Y-2), (X-2, Y+1), (X+1, Y+1).
        let vertices = |c: Coord| -> Vec<Coord> {
            let offsets = if points_right(c) {
                [(-1, -1), (2, -1), (-1, 2)]
            } else {
                [(1, -2), (-2, 1), (1, 1)]
            };
            offsets
                .iter()
                .map(|(x, y)| c + Coord::new(*x, *y))
                .collect()
        };
        for c in [R, L, Coord::new(-5, 4), Coord::new(-1, -1)] {
            let mut seen = Vec::new();
            for h in 1..=12u8 {
                let n = king_step(c, h);
                assert!(is_cell(n), "{c} at {h}: {n}");
                let shared = vertices(n)
                    .iter()
                    .filter(|v| vertices(c).contains(v))
                    .count();
                assert!(shared >= 1, "{c} at {h}: {n} shares no corner");
                // Same colour exactly at even hours; a face (two corners) or a point (one).
                assert_eq!(colour(n) == colour(c), h % 2 == 0, "{c} at {h}");
                if h % 2 == 1 {
                    assert!(shared == 2 || shared == 1);
                }
                // The centroid lies at hour h, 30h degrees clockwise from straight up. The
                // difference in (x, y) is (dX sqrt(3) / 6, (dX + 2 dY) / 6), so with
                // x3 = dX and yy = dX + 2 dY: tan(angle) = x3 sqrt(3) / yy.
                let d = n - c;
                let (x3, yy) = (d.a, d.a + 2 * d.b);
                let right = h < 6;
                let up = h <= 2 || h >= 10;
                match h {
                    12 => assert!(x3 == 0 && yy > 0),
                    6 => assert!(x3 == 0 && yy < 0),
                    3 | 9 => assert!(yy == 0 && (x3 > 0) == right),
                    // 30 degrees off the vertical: |yy| = 3 |x3|; 60 degrees: |yy| = |x3|.
                    1 | 5 | 7 | 11 => assert_eq!(yy.abs(), 3 * x3.abs(), "{c} at {h}"),
                    _ => assert_eq!(yy.abs(), x3.abs(), "{c} at {h}"),
                }
                if h % 3 != 0 {
                    assert_eq!((x3 > 0, yy > 0), (right, up), "{c} at {h}");
                }
                assert!(!seen.contains(&n));
                seen.push(n);
            }
        }
    }

    #[test]
    fn rows_alternate_colours_and_two_steps_translate() {
        for c in [R, L] {
            for h in (2..=12u8).step_by(2) {
                let one = ray_step(c, h, RayKind::Line);
                assert_ne!(colour(one), colour(c));
                // A face neighbour: squared centroid distance 1/3 side², i.e. 6 tripled.
                assert_eq!(squared_distance(one - c), 6, "{c} at {h}");
                let two = ray_step(one, h, RayKind::Line);
                assert_eq!(two, king_step(c, h), "{c} at {h}");
            }
        }
        // Each side is the first step of two rows: three distinct first cells.
        for c in [R, L] {
            let mut firsts: Vec<Coord> = (2..=12u8)
                .step_by(2)
                .map(|h| ray_step(c, h, RayKind::Line))
                .collect();
            firsts.sort();
            firsts.dedup();
            assert_eq!(firsts.len(), 3);
        }
    }

    #[test]
    fn duke_lines_alternate_face_and_point_on_one_line() {
        for c in [R, L] {
            for h in (1..=11u8).step_by(2) {
                let one = ray_step(c, h, RayKind::Line);
                let two = ray_step(one, h, RayKind::Line);
                let (d1, d2) = (squared_distance(one - c), squared_distance(two - one));
                // Face steps are 6 (1/3 side² tripled), point steps 24 (4/3).
                let mut steps = [d1, d2];
                steps.sort();
                assert_eq!(steps, [6, 24], "{c} at {h}");
                // The three centroids lie on one line (zero cross product).
                let (a, b) = (one - c, two - c);
                assert_eq!(a.a * b.b - a.b * b.a, 0, "{c} at {h}");
            }
        }
    }

    #[test]
    fn the_knight_ring() {
        // One step to the same-coloured cell at 12, then one at 1, turned through the 12
        // symmetries: 12 opposite-coloured cells at squared distances 42 and 78 (7/3 and
        // 13/3 side²).
        for c in [R, L] {
            let mut ring = Vec::new();
            for k in 0..6u8 {
                for (a, b) in [(12, 1), (12, 11)] {
                    let first = king_step(c, (a + 2 * k - 1) % 12 + 1);
                    let n = king_step(first, (b + 2 * k - 1) % 12 + 1);
                    ring.push(n);
                }
            }
            ring.sort();
            ring.dedup();
            assert_eq!(ring.len(), 12);
            let mut distances: Vec<i32> = ring.iter().map(|n| squared_distance(*n - c)).collect();
            distances.sort();
            distances.dedup();
            assert_eq!(distances, [42, 78]);
            assert!(ring.iter().all(|n| colour(*n) != colour(c)));
        }
    }

    #[test]
    fn mirror_keeps_colours_and_heights_flip() {
        for c in hexagon(4) {
            let m = mirror_up_down(c);
            assert!(is_cell(m));
            assert_eq!(colour(m), colour(c));
            assert_eq!(tripled_height(m), -tripled_height(c));
            assert_eq!(m.a, c.a);
        }
    }
}
