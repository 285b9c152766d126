//! Sets of clock hours and the built-in direction names of hex grids.
//!
//! "Forward" is every hour with a component toward the opponent (10 11 12 1 2), "sideways"
//! the two square to it (3 9), "backward" the rest (4 5 6 7 8): the same hours on flat and
//! pointy boards. "Orthogonal" and "diagonal" depend on how cells stand (see the parent
//! module), so `forward-orthogonal` is 10 12 2 on a flat board but 11 1 on a pointy one.

use super::{Hour, Orientation};

/// A set of clock hours (bit `h` set for hour `h`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct HourSet(u16);

impl HourSet {
    pub const EMPTY: HourSet = HourSet(0);

    pub fn of(hours: &[u8]) -> HourSet {
        HourSet(hours.iter().fold(0, |m, h| m | (1 << h)))
    }

    pub fn insert(&mut self, h: Hour) {
        self.0 |= 1 << h.get();
    }

    pub fn union(self, o: HourSet) -> HourSet {
        HourSet(self.0 | o.0)
    }

    pub fn intersect(self, o: HourSet) -> HourSet {
        HourSet(self.0 & o.0)
    }

    pub fn contains(self, h: Hour) -> bool {
        self.0 & (1 << h.get()) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Hour> {
        Hour::all().filter(move |h| self.contains(*h))
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

const FORWARD: [u8; 5] = [10, 11, 12, 1, 2];
const SIDEWAYS: [u8; 2] = [3, 9];
const BACKWARD: [u8; 5] = [4, 5, 6, 7, 8];

/// Every built-in direction-set name, for "did you mean".
pub const BUILTIN_NAMES: [&str; 12] = [
    "all",
    "orthogonal",
    "diagonal",
    "forward",
    "backward",
    "sideways",
    "forward-orthogonal",
    "forward-diagonal",
    "backward-orthogonal",
    "backward-diagonal",
    "sideways-orthogonal",
    "sideways-diagonal",
];

/// The hours of a built-in set on a grid, or `None` if the name is not built in.
pub fn builtin(o: Orientation, name: &str) -> Option<HourSet> {
    let all = HourSet::of(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    let orth = HourSet(
        Hour::all()
            .filter(|h| o.is_orthogonal(*h))
            .fold(0, |m, h| m | (1 << h.get())),
    );
    let diag = HourSet(all.0 & !orth.0);
    let (band, kind) = match name.split_once('-') {
        Some((band, kind)) => (band, Some(kind)),
        None => (name, None),
    };
    let band_set = match band {
        "all" => all,
        "forward" => HourSet::of(&FORWARD),
        "backward" => HourSet::of(&BACKWARD),
        "sideways" => HourSet::of(&SIDEWAYS),
        "orthogonal" if kind.is_none() => return Some(orth),
        "diagonal" if kind.is_none() => return Some(diag),
        _ => return None,
    };
    match kind {
        None => Some(band_set),
        Some("orthogonal") if band != "all" => Some(band_set.intersect(orth)),
        Some("diagonal") if band != "all" => Some(band_set.intersect(diag)),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_on_flat_boards() {
        let o = Orientation::Flat;
        assert_eq!(
            builtin(o, "orthogonal"),
            Some(HourSet::of(&[2, 4, 6, 8, 10, 12]))
        );
        assert_eq!(
            builtin(o, "diagonal"),
            Some(HourSet::of(&[1, 3, 5, 7, 9, 11]))
        );
        assert_eq!(
            builtin(o, "forward-orthogonal"),
            Some(HourSet::of(&[10, 12, 2]))
        );
        assert_eq!(builtin(o, "forward-diagonal"), Some(HourSet::of(&[11, 1])));
        assert_eq!(builtin(o, "sideways-orthogonal"), Some(HourSet::EMPTY));
        assert_eq!(builtin(o, "nowhere"), None);
    }

    #[test]
    fn builtins_on_pointy_boards() {
        let o = Orientation::Pointy;
        assert_eq!(
            builtin(o, "forward-orthogonal"),
            Some(HourSet::of(&[11, 1]))
        );
        assert_eq!(
            builtin(o, "forward-diagonal"),
            Some(HourSet::of(&[10, 12, 2]))
        );
        assert_eq!(builtin(o, "sideways"), Some(HourSet::of(&[3, 9])));
        assert_eq!(builtin(o, "all").map(HourSet::len), Some(12));
    }

    #[test]
    fn every_listed_name_is_built_in() {
        for n in BUILTIN_NAMES {
            assert!(builtin(Orientation::Flat, n).is_some(), "{n}");
        }
    }
}
