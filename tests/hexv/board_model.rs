//! A variant test's own model of its board, written from the rule text and never from hexv:
//! cells as integer pairs, their names, which pairs are cells, and the half turn that gives
//! Black's cells from White's. The variants' tests derive a piece's moves on an empty board
//! from it (steps and rays along vectors) and hold hexv's tables to them.

use std::collections::BTreeSet;

/// A cell in a test's own coordinates.
pub type Xy = (i32, i32);

/// `c` moved `k` times by `d`.
pub fn plus((x, y): Xy, (dx, dy): Xy, k: i32) -> Xy {
    (x + k * dx, y + k * dy)
}

/// A board as a test models it.
pub trait BoardModel {
    /// True for the pairs that are cells.
    fn on_board(&self, c: Xy) -> bool;
    /// The cell's name, as the rule text writes it.
    fn nm(&self, c: Xy) -> String;
    /// The cell of a name.
    fn fr(&self, name: &str) -> Xy;
    /// The cell the board's half turn (or mirror) sends `c` to: Black's for White's.
    fn turn(&self, c: Xy) -> Xy;

    /// The board cell `k` times `d` from `c`, if there is one.
    fn cell_at(&self, c: Xy, d: Xy, k: i32) -> Option<String> {
        let t = plus(c, d, k);
        self.on_board(t).then(|| self.nm(t))
    }

    /// Cells one step along each vector that are on the board.
    fn steps(&self, c: Xy, vs: &[Xy]) -> BTreeSet<String> {
        crate::rule_support::along(c, vs, Some(1), |c, d, k| self.cell_at(c, d, k))
    }

    /// Cells along each vector to the edge of an empty board.
    fn rays(&self, c: Xy, vs: &[Xy]) -> BTreeSet<String> {
        crate::rule_support::along(c, vs, None, |c, d, k| self.cell_at(c, d, k))
    }

    /// The turned image of a set of cell names (Black's cells for White's).
    fn turned(&self, cells: &str) -> BTreeSet<String> {
        cells
            .split_whitespace()
            .map(|c| self.nm(self.turn(self.fr(c))))
            .collect()
    }
}

/// A board whose cells are named by a file letter and a rank number from 1, modelled as
/// `(file index, rank)`.
pub struct FileRank {
    /// The file letters, in order.
    pub files: &'static str,
    /// True for the pairs that are cells.
    pub cells: fn(Xy) -> bool,
    /// The half turn.
    pub half_turn: fn(Xy) -> Xy,
}

impl BoardModel for FileRank {
    fn on_board(&self, c: Xy) -> bool {
        (self.cells)(c)
    }

    fn nm(&self, (f, r): Xy) -> String {
        format!("{}{}", &self.files[f as usize..f as usize + 1], r)
    }

    fn fr(&self, name: &str) -> Xy {
        let f = self.files.find(&name[..1]).expect("a file letter") as i32;
        (f, name[1..].parse().expect("a rank"))
    }

    fn turn(&self, c: Xy) -> Xy {
        (self.half_turn)(c)
    }
}
