//! Sets of clock hours and the built-in direction names.
//!
//! "Forward" is every hour with a component toward the opponent (10 11 12 1 2), "sideways"
//! the two square to it (3 9), "backward" the rest (4 5 6 7 8): the same hours on every grid.
//! The kinds depend on the grid:
//!
//! | name | flat hexes | pointy hexes | triangles |
//! |---|---|---|---|
//! | `orthogonal` | 2 4 6 8 10 12 | 1 3 5 7 9 11 | rows, face to face: 2 4 6 8 10 12 (Rook) |
//! | `diagonal` | 1 3 5 7 9 11 | 2 4 6 8 10 12 | same colour, points adjacent: 2 4 6 8 10 12 (Bishop) |
//! | `face-point` | — | — | face then point: 1 3 5 7 9 11 (Duke) |
//! | `face-first`, `point-first` | — | — | the face-point lines leaving a cell across a side, across a corner (3 each) |
//!
//! (triangles in columns; in rows the even and odd hours trade places), so `forward-orthogonal` is 10 12 2 on a flat board but 11 1 on a pointy one. A band or an
//! hour joined to a kind intersects them: `forward-diagonal`, `12-orthogonal`.

use super::{Grid, Hour, Lay, RayKind};

/// A set of clock hours (bit `h` set for hour `h`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct HourSet(u16);

impl HourSet {
    /// No hour.
    pub const EMPTY: HourSet = HourSet(0);

    /// The set of these hours; the caller keeps them within 1..=12.
    pub fn of(hours: &[u8]) -> HourSet {
        HourSet(hours.iter().fold(0, |m, h| m | (1 << h)))
    }

    /// Adds an hour.
    pub fn insert(&mut self, h: Hour) {
        self.0 |= 1 << h.get();
    }

    /// Hours in either set.
    pub fn union(self, o: HourSet) -> HourSet {
        HourSet(self.0 | o.0)
    }

    /// Hours in both sets.
    pub fn intersect(self, o: HourSet) -> HourSet {
        HourSet(self.0 & o.0)
    }

    /// Hours in `self` but not in `o`.
    pub fn difference(self, o: HourSet) -> HourSet {
        HourSet(self.0 & !o.0)
    }

    /// True when `h` is in the set.
    pub fn contains(self, h: Hour) -> bool {
        self.0 & (1 << h.get()) != 0
    }

    /// True when the set has no hour.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The hours in the set, 1 to 12.
    pub fn iter(self) -> impl Iterator<Item = Hour> {
        Hour::all().filter(move |h| self.contains(*h))
    }

    /// How many hours the set has.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

/// Hours by how a ray moves along them: a set for each [`RayKind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DirSet {
    /// Rays landing on every cell they visit (every hex ray; triangle rows and face-point
    /// lines).
    pub line: HourSet,
    /// Triangle rays landing only on the same-coloured cells centred on them (Bishop).
    pub same_colour: HourSet,
    /// Triangle face-point lines, only from the cells they leave across a side.
    pub face_first: HourSet,
    /// Triangle face-point lines, only from the cells they leave across a corner.
    pub point_first: HourSet,
}

impl DirSet {
    /// No direction.
    pub const EMPTY: DirSet = DirSet {
        line: HourSet::EMPTY,
        same_colour: HourSet::EMPTY,
        face_first: HourSet::EMPTY,
        point_first: HourSet::EMPTY,
    };

    /// The hours as [`RayKind::Line`] rays.
    pub fn lines(hours: HourSet) -> DirSet {
        DirSet::of_kind(RayKind::Line, hours)
    }

    /// The hours as rays of one kind.
    pub fn of_kind(kind: RayKind, hours: HourSet) -> DirSet {
        let mut set = DirSet::EMPTY;
        *set.kind_mut(kind) = hours;
        set
    }

    fn kind_mut(&mut self, kind: RayKind) -> &mut HourSet {
        match kind {
            RayKind::Line => &mut self.line,
            RayKind::SameColour => &mut self.same_colour,
            RayKind::FaceFirst => &mut self.face_first,
            RayKind::PointFirst => &mut self.point_first,
        }
    }

    /// Applies `f` to each kind's hours.
    fn map(self, f: impl Fn(HourSet) -> HourSet) -> DirSet {
        DirSet {
            line: f(self.line),
            same_colour: f(self.same_colour),
            face_first: f(self.face_first),
            point_first: f(self.point_first),
        }
    }

    /// The directions of either set, kind by kind.
    pub fn union(self, o: DirSet) -> DirSet {
        let mut out = self;
        for (kind, hours) in o.by_kind() {
            let mine = out.kind_mut(kind);
            *mine = mine.union(hours);
        }
        out
    }

    /// Only the directions at hours of `band` (`forward-diagonal` is `diagonal` within `forward`).
    pub fn within(self, band: HourSet) -> DirSet {
        self.map(|h| h.intersect(band))
    }

    /// The directions of `self` that `o` does not have, kind by kind.
    pub fn difference(self, o: DirSet) -> DirSet {
        let mut out = self;
        for (kind, hours) in o.by_kind() {
            let mine = out.kind_mut(kind);
            *mine = mine.difference(hours);
        }
        out
    }

    /// True when every direction of `o` is one of `self`'s.
    pub fn includes(self, o: DirSet) -> bool {
        o.difference(self).is_empty()
    }

    /// How many directions, counting each kind's hours.
    pub fn len(self) -> usize {
        self.by_kind().map(|(_, h)| h.len()).sum()
    }

    /// True when no kind has an hour.
    pub fn is_empty(self) -> bool {
        self.by_kind().next().is_none()
    }

    /// The non-empty sets with their kind.
    pub fn by_kind(self) -> impl Iterator<Item = (RayKind, HourSet)> {
        [
            (RayKind::Line, self.line),
            (RayKind::SameColour, self.same_colour),
            (RayKind::FaceFirst, self.face_first),
            (RayKind::PointFirst, self.point_first),
        ]
        .into_iter()
        .filter(|(_, h)| !h.is_empty())
    }
}

const FORWARD: [u8; 5] = [10, 11, 12, 1, 2];
const SIDEWAYS: [u8; 2] = [3, 9];
const BACKWARD: [u8; 5] = [4, 5, 6, 7, 8];

/// Every built-in direction-set name, for "did you mean".
pub const BUILTIN_NAMES: [&str; 22] = [
    "all",
    "orthogonal",
    "diagonal",
    "face-point",
    "forward",
    "backward",
    "sideways",
    "forward-orthogonal",
    "forward-diagonal",
    "forward-face-point",
    "backward-orthogonal",
    "backward-diagonal",
    "backward-face-point",
    "sideways-orthogonal",
    "sideways-diagonal",
    "sideways-face-point",
    "face-first",
    "point-first",
    "forward-face-first",
    "forward-point-first",
    "backward-face-first",
    "backward-point-first",
];

/// The directions of a built-in set on a grid, or `None` if the name is not built in. A
/// name that exists but has no direction on this grid gives an empty set.
pub fn builtin(grid: Grid, name: &str) -> Option<DirSet> {
    let all = HourSet::of(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    let even = HourSet::of(&[2, 4, 6, 8, 10, 12]);
    let odd = HourSet::of(&[1, 3, 5, 7, 9, 11]);
    let empty = DirSet::EMPTY;
    let (orthogonal, diagonal, face_point, face_first, point_first) = match grid {
        Grid::Hex(o) => {
            let orth = HourSet(
                Hour::all()
                    .filter(|h| o.is_orthogonal(*h))
                    .fold(0, |m, h| m | (1 << h.get())),
            );
            let diag = HourSet(all.0 & !orth.0);
            (
                DirSet::lines(orth),
                DirSet::lines(diag),
                empty,
                empty,
                empty,
            )
        }
        Grid::Triangle(lay) => {
            // Rows and same-colour rays at the even hours of a board in columns, the odd
            // ones of a board in rows; face-point lines at the others.
            let (rows, lines) = match lay {
                Lay::Columns => (even, odd),
                Lay::Rows => (odd, even),
            };
            (
                DirSet::lines(rows),
                DirSet::of_kind(RayKind::SameColour, rows),
                DirSet::lines(lines),
                DirSet::of_kind(RayKind::FaceFirst, lines),
                DirSet::of_kind(RayKind::PointFirst, lines),
            )
        }
    };
    let every = orthogonal.union(diagonal).union(face_point);
    let kind = |k: &str| match k {
        "orthogonal" => Some(orthogonal),
        "diagonal" => Some(diagonal),
        "face-point" => Some(face_point),
        "face-first" => Some(face_first),
        "point-first" => Some(point_first),
        _ => None,
    };
    if let Some(set) = kind(name) {
        return Some(set);
    }
    let (band, k) = match name.split_once('-') {
        Some((band, k)) => (band, Some(kind(k)?)),
        None => (name, None),
    };
    let band_set = match band {
        "all" if k.is_none() => return Some(every),
        "forward" => HourSet::of(&FORWARD),
        "backward" => HourSet::of(&BACKWARD),
        "sideways" => HourSet::of(&SIDEWAYS),
        // `12-orthogonal`: one hour of one kind.
        hour => HourSet::of(&[hour.parse::<u8>().ok().filter(|h| (1..=12).contains(h))?]),
    };
    Some(k.unwrap_or(every).within(band_set))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Orientation;

    fn lines(hours: &[u8]) -> Option<DirSet> {
        Some(DirSet::lines(HourSet::of(hours)))
    }

    #[test]
    fn builtins_on_flat_boards() {
        let g = Grid::Hex(Orientation::Flat);
        assert_eq!(builtin(g, "orthogonal"), lines(&[2, 4, 6, 8, 10, 12]));
        assert_eq!(builtin(g, "diagonal"), lines(&[1, 3, 5, 7, 9, 11]));
        assert_eq!(builtin(g, "forward-orthogonal"), lines(&[10, 12, 2]));
        assert_eq!(builtin(g, "forward-diagonal"), lines(&[11, 1]));
        assert_eq!(builtin(g, "sideways-orthogonal"), Some(DirSet::EMPTY));
        assert_eq!(builtin(g, "face-point"), Some(DirSet::EMPTY));
        assert_eq!(builtin(g, "12-orthogonal"), lines(&[12]));
        assert_eq!(builtin(g, "12-diagonal"), Some(DirSet::EMPTY));
        assert_eq!(builtin(g, "nowhere"), None);
        assert_eq!(builtin(g, "13-diagonal"), None);
        assert_eq!(builtin(g, "all-diagonal"), None);
    }

    #[test]
    fn builtins_on_pointy_boards() {
        let g = Grid::Hex(Orientation::Pointy);
        assert_eq!(builtin(g, "forward-orthogonal"), lines(&[11, 1]));
        assert_eq!(builtin(g, "forward-diagonal"), lines(&[10, 12, 2]));
        assert_eq!(builtin(g, "sideways"), lines(&[3, 9]));
        assert_eq!(builtin(g, "all").map(|d| d.line.len()), Some(12));
    }

    #[test]
    fn builtins_on_triangle_boards() {
        let g = Grid::Triangle(Lay::Columns);
        let even = HourSet::of(&[2, 4, 6, 8, 10, 12]);
        assert_eq!(builtin(g, "orthogonal"), Some(DirSet::lines(even)));
        assert_eq!(
            builtin(g, "diagonal"),
            Some(DirSet::of_kind(RayKind::SameColour, even))
        );
        assert_eq!(builtin(g, "face-point"), lines(&[1, 3, 5, 7, 9, 11]));
        assert_eq!(builtin(g, "forward-face-point"), lines(&[11, 1]));
        let all = builtin(g, "all").unwrap();
        assert_eq!((all.line.len(), all.same_colour.len()), (12, 6));
        let forward = builtin(g, "forward").unwrap();
        assert_eq!(forward.line, HourSet::of(&[10, 11, 12, 1, 2]));
        assert_eq!(forward.same_colour, HourSet::of(&[10, 12, 2]));
        assert_eq!(
            builtin(g, "12-diagonal"),
            Some(DirSet::of_kind(RayKind::SameColour, HourSet::of(&[12])))
        );
    }

    #[test]
    fn every_listed_name_is_built_in() {
        for g in [
            Grid::Hex(Orientation::Flat),
            Grid::Triangle(Lay::Columns),
            Grid::Triangle(Lay::Rows),
        ] {
            for n in BUILTIN_NAMES {
                assert!(builtin(g, n).is_some(), "{n}");
            }
        }
    }
}
