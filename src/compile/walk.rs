//! What a table entry means: the one place that says where a move along an entry may land.
//!
//! Every reader of the tables goes through here: the tables' own [`MoveTables::destinations`]
//! and empty-board reach, both engines' move generation and attack tests, the fast engine's
//! precomputed masks and attack trees, the analysis lints and the diagram marks. A new
//! movement kind is a new [`Walk`]: the language and checker produce it, the compiler stores
//! it in the entry, this module says where it lands, and the fast engine's compiler decides
//! how to precompute it. Nothing else changes.
//!
//! [`MoveTables::destinations`]: super::MoveTables::destinations

/// How a piece travels along an entry's path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Walk {
    /// Lands on each cell of the path in turn, up to and including the first occupied one
    /// (where only a capture may land): steps, rides, leaps (a path of one cell) and
    /// multi-steps.
    #[default]
    Slide,
    /// Lands only on the last cell of the path, and only when every cell before it is empty:
    /// a lame leap, its path the cells it steps through, then its landing.
    Lame,
}

/// A cell where a move along an entry may land, given the occupancy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing<C> {
    /// The landing cell.
    pub cell: C,
    /// Its position in the path (a multi-step passes the cells before it).
    pub index: usize,
    /// Something stands there: only a capture may land, and the walk ends here.
    pub occupied: bool,
}

/// A cell an entry can reach on some board, with the cells that must be empty for it: what
/// precomputed tables (masks, attack trees) are built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach<'a, C> {
    /// The landing cell.
    pub cell: C,
    /// Its position in the path.
    pub index: usize,
    /// The cells that must be empty for a move to land there, in path order.
    pub clear: &'a [C],
}

impl Walk {
    /// The name of the JSON format's `walk` key; `None` for a slide (the key is left out).
    pub fn as_str(self) -> Option<&'static str> {
        match self {
            Walk::Slide => None,
            Walk::Lame => Some("lame"),
        }
    }

    /// The landings along `path` when `occupied` says which cells hold a piece.
    pub fn landings<C: Copy, F: FnMut(C) -> bool>(
        self,
        path: &[C],
        occupied: F,
    ) -> Landings<'_, C, F> {
        Landings {
            walk: self,
            path,
            next: 0,
            occupied,
        }
    }

    /// Every cell the entry can land on, each with the cells that must be empty for it.
    pub fn reach<C: Copy>(self, path: &[C]) -> impl Iterator<Item = Reach<'_, C>> {
        let first = match self {
            Walk::Slide => 0,
            Walk::Lame => path.len().saturating_sub(1),
        };
        (first..path.len()).map(move |index| Reach {
            cell: path[index],
            index,
            clear: &path[..index],
        })
    }

    /// True when every landing needs nothing else empty: the entry's cells are plain
    /// targets, and a cell set can hold them all.
    pub fn is_unblockable<C: Copy>(self, path: &[C]) -> bool {
        self.reach(path).all(|r| r.clear.is_empty())
    }
}

/// The iterator of [`Walk::landings`].
pub struct Landings<'a, C, F> {
    walk: Walk,
    path: &'a [C],
    next: usize,
    occupied: F,
}

impl<C: Copy, F: FnMut(C) -> bool> Iterator for Landings<'_, C, F> {
    type Item = Landing<C>;

    #[inline]
    fn next(&mut self) -> Option<Landing<C>> {
        match self.walk {
            Walk::Slide => {
                let index = self.next;
                let cell = *self.path.get(index)?;
                let occupied = (self.occupied)(cell);
                // Nothing lands beyond an occupied cell.
                self.next = if occupied { self.path.len() } else { index + 1 };
                Some(Landing {
                    cell,
                    index,
                    occupied,
                })
            }
            Walk::Lame => {
                // One landing at most: the last cell, when nothing stands before it.
                let last = self.path.len().checked_sub(1)?;
                if self.next > last {
                    return None;
                }
                self.next = self.path.len();
                if self.path[..last].iter().any(|&c| (self.occupied)(c)) {
                    return None;
                }
                let cell = self.path[last];
                Some(Landing {
                    cell,
                    index: last,
                    occupied: (self.occupied)(cell),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slide_lands_up_to_and_including_the_first_occupied_cell() {
        let path = [10, 11, 12, 13];
        let landed: Vec<(i32, usize, bool)> = Walk::Slide
            .landings(&path, |c| c == 12 || c == 13)
            .map(|l| (l.cell, l.index, l.occupied))
            .collect();
        assert_eq!(landed, [(10, 0, false), (11, 1, false), (12, 2, true)]);
    }

    #[test]
    fn a_slide_on_an_empty_board_lands_everywhere() {
        let path = [3, 4, 5];
        assert_eq!(Walk::Slide.landings(&path, |_| false).count(), 3);
        assert_eq!(Walk::Slide.landings(&path, |_| true).count(), 1);
        assert_eq!(Walk::Slide.landings(&[] as &[i32], |_| false).count(), 0);
    }

    #[test]
    fn a_lame_leap_lands_on_its_last_cell_only_when_its_path_is_empty() {
        let path = [4, 5, 6];
        let land = |occupied: &[i32]| -> Vec<(i32, usize, bool)> {
            Walk::Lame
                .landings(&path, |c| occupied.contains(&c))
                .map(|l| (l.cell, l.index, l.occupied))
                .collect()
        };
        assert_eq!(land(&[]), [(6, 2, false)]);
        assert_eq!(land(&[6]), [(6, 2, true)]);
        assert_eq!(land(&[4]), []);
        assert_eq!(land(&[5, 6]), []);
        let reach: Vec<(i32, Vec<i32>)> = Walk::Lame
            .reach(&path)
            .map(|r| (r.cell, r.clear.to_vec()))
            .collect();
        assert_eq!(reach, [(6, vec![4, 5])]);
        assert!(!Walk::Lame.is_unblockable(&path));
        assert!(Walk::Lame.is_unblockable(&[9]));
        assert_eq!(Walk::Lame.landings(&[] as &[i32], |_| false).count(), 0);
    }

    #[test]
    fn a_slide_needs_the_cells_before_each_landing_empty() {
        let path = [7, 8, 9];
        let reach: Vec<(i32, Vec<i32>)> = Walk::Slide
            .reach(&path)
            .map(|r| (r.cell, r.clear.to_vec()))
            .collect();
        assert_eq!(reach, [(7, vec![]), (8, vec![7]), (9, vec![7, 8])]);
        assert!(Walk::Slide.is_unblockable(&[7]));
        assert!(!Walk::Slide.is_unblockable(&path));
    }
}
