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
    /// Lands on the cell just beyond the first occupied cell of the path (the hurdle),
    /// whatever stands there: a grasshopper (`hop`).
    Hurdle,
    /// Jumps the first occupied cell of the path (the screen), then slides on beyond it:
    /// a cannon (`cannon`), which needs exactly one piece between it and its landing.
    Screen,
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

/// A way an entry can land on a cell on some board, with what the cells before it must hold:
/// what precomputed tables (masks, attack trees) are built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach<'a, C> {
    /// The landing cell.
    pub cell: C,
    /// Its position in the path.
    pub index: usize,
    /// The cells of the path before the landing, in path order: all must be empty except
    /// the screen.
    pub before: &'a [C],
    /// Where in `before` a piece must stand to be jumped (hoppers); `None` for other walks.
    pub screen: Option<usize>,
}

impl<C: Copy> Reach<'_, C> {
    /// The cells that must be empty for this landing, in path order.
    pub fn clear(&self) -> impl Iterator<Item = C> + '_ {
        let screen = self.screen;
        self.before
            .iter()
            .enumerate()
            .filter(move |(i, _)| Some(*i) != screen)
            .map(|(_, c)| *c)
    }

    /// The cell that must be occupied for this landing (a hopper's screen).
    pub fn screen_cell(&self) -> Option<C> {
        self.screen.map(|i| self.before[i])
    }
}

impl Walk {
    /// The name of the JSON format's `walk` key; `None` for a slide (the key is left out).
    pub fn as_str(self) -> Option<&'static str> {
        match self {
            Walk::Slide => None,
            Walk::Lame => Some("lame"),
            Walk::Hurdle => Some("hurdle"),
            Walk::Screen => Some("screen"),
        }
    }

    /// True for the walks that need a piece to jump over.
    pub fn hops(self) -> bool {
        matches!(self, Walk::Hurdle | Walk::Screen)
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
            jumped: false,
            occupied,
        }
    }

    /// Every way the entry can land on some board, each with what the cells before it must
    /// hold.
    pub fn reach<C: Copy>(self, path: &[C]) -> impl Iterator<Item = Reach<'_, C>> {
        let n = path.len();
        // (landing index, screen index) pairs.
        let pairs: Box<dyn Iterator<Item = (usize, Option<usize>)>> = match self {
            Walk::Slide => Box::new((0..n).map(|i| (i, None))),
            Walk::Lame => Box::new(n.checked_sub(1).into_iter().map(|i| (i, None))),
            Walk::Hurdle => Box::new((1..n).map(|i| (i, Some(i - 1)))),
            Walk::Screen => Box::new((1..n).flat_map(|i| (0..i).map(move |s| (i, Some(s))))),
        };
        pairs.map(move |(index, screen)| Reach {
            cell: path[index],
            index,
            before: &path[..index],
            screen,
        })
    }

    /// True when every landing needs nothing else empty or occupied: the entry's cells are
    /// plain targets, and a cell set can hold them all.
    pub fn is_unblockable<C: Copy>(self, path: &[C]) -> bool {
        !self.hops() && self.reach(path).all(|r| r.before.is_empty())
    }
}

/// The iterator of [`Walk::landings`].
pub struct Landings<'a, C, F> {
    walk: Walk,
    path: &'a [C],
    next: usize,
    /// A hopper has found its screen (or hurdle).
    jumped: bool,
    occupied: F,
}

impl<C: Copy, F: FnMut(C) -> bool> Landings<'_, C, F> {
    /// The landing at `index` of a slide: the walk ends after an occupied cell.
    #[inline(always)]
    fn slide(&mut self, index: usize) -> Option<Landing<C>> {
        let cell = *self.path.get(index)?;
        let occupied = (self.occupied)(cell);
        self.next = if occupied { self.path.len() } else { index + 1 };
        Some(Landing {
            cell,
            index,
            occupied,
        })
    }

    /// Moves `next` just past the first occupied cell from `next` on (the end when none).
    fn jump(&mut self) {
        self.jumped = true;
        while let Some(&c) = self.path.get(self.next) {
            self.next += 1;
            if (self.occupied)(c) {
                return;
            }
        }
        self.next = self.path.len();
    }
}

impl<C: Copy, F: FnMut(C) -> bool> Iterator for Landings<'_, C, F> {
    type Item = Landing<C>;

    #[inline]
    fn next(&mut self) -> Option<Landing<C>> {
        // Slides are nearly every entry of every variant: their path comes first and alone.
        if self.walk == Walk::Slide {
            return self.slide(self.next);
        }
        self.next_other()
    }
}

impl<C: Copy, F: FnMut(C) -> bool> Landings<'_, C, F> {
    /// [`Iterator::next`] for the walks other than a slide.
    fn next_other(&mut self) -> Option<Landing<C>> {
        match self.walk {
            Walk::Slide => self.slide(self.next),
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
            Walk::Hurdle => {
                // One landing at most: just beyond the hurdle.
                if self.jumped {
                    return None;
                }
                self.jump();
                let index = self.next;
                let cell = *self.path.get(index)?;
                self.next = self.path.len();
                Some(Landing {
                    cell,
                    index,
                    occupied: (self.occupied)(cell),
                })
            }
            Walk::Screen => {
                if !self.jumped {
                    self.jump();
                }
                self.slide(self.next)
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
            .map(|r| (r.cell, r.clear().collect::<Vec<_>>()))
            .collect();
        assert_eq!(reach, [(6, vec![4, 5])]);
        assert!(!Walk::Lame.is_unblockable(&path));
        assert!(Walk::Lame.is_unblockable(&[9]));
        assert_eq!(Walk::Lame.landings(&[] as &[i32], |_| false).count(), 0);
    }

    #[test]
    fn a_hurdle_walk_lands_just_beyond_the_first_piece() {
        let path = [1, 2, 3, 4, 5];
        let land = |walk: Walk, occupied: &[i32]| -> Vec<(i32, bool)> {
            walk.landings(&path, |c| occupied.contains(&c))
                .map(|l| (l.cell, l.occupied))
                .collect()
        };
        assert_eq!(land(Walk::Hurdle, &[]), []);
        assert_eq!(land(Walk::Hurdle, &[2]), [(3, false)]);
        assert_eq!(land(Walk::Hurdle, &[2, 3]), [(3, true)]);
        assert_eq!(land(Walk::Hurdle, &[5]), []);
        // A screen walk slides on beyond the screen, up to and including the next piece.
        assert_eq!(land(Walk::Screen, &[]), []);
        assert_eq!(
            land(Walk::Screen, &[2]),
            [(3, false), (4, false), (5, false)]
        );
        assert_eq!(
            land(Walk::Screen, &[1, 4]),
            [(2, false), (3, false), (4, true)]
        );
        assert_eq!(land(Walk::Screen, &[1, 2]), [(2, true)]);
    }

    #[test]
    fn a_hopper_reaches_each_cell_over_each_possible_screen() {
        let path = [7, 8, 9];
        let reach = |walk: Walk| -> Vec<(i32, Vec<i32>, Option<i32>)> {
            walk.reach(&path)
                .map(|r| (r.cell, r.clear().collect(), r.screen_cell()))
                .collect()
        };
        assert_eq!(
            reach(Walk::Hurdle),
            [(8, vec![], Some(7)), (9, vec![7], Some(8))]
        );
        assert_eq!(
            reach(Walk::Screen),
            [
                (8, vec![], Some(7)),
                (9, vec![8], Some(7)),
                (9, vec![7], Some(8))
            ]
        );
        assert!(!Walk::Hurdle.is_unblockable(&path));
        assert!(!Walk::Screen.is_unblockable(&[7]));
    }

    #[test]
    fn a_slide_needs_the_cells_before_each_landing_empty() {
        let path = [7, 8, 9];
        let reach: Vec<(i32, Vec<i32>)> = Walk::Slide
            .reach(&path)
            .map(|r| (r.cell, r.clear().collect::<Vec<_>>()))
            .collect();
        assert_eq!(reach, [(7, vec![]), (8, vec![7]), (9, vec![7, 8])]);
        assert!(Walk::Slide.is_unblockable(&[7]));
        assert!(!Walk::Slide.is_unblockable(&path));
    }
}
