//! The runs of cells that moves pass over or between (the en-passant rights they create),
//! each stored once in the tables and named by a number, so that a move is a small `Copy`
//! value whichever engine made it.

use std::collections::{BTreeMap, BTreeSet};

use super::MoveTables;
use crate::geometry::board::CellId;

/// The cells a move passes over or between, in cell order: a number the tables resolve
/// ([`MoveTables::passed_cells`]). [`Passed::NONE`] (0) is the empty run. Runs are numbered
/// in the order of their cells, so that moves compare as the lists of cells would.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Passed(pub(crate) u32);

impl Passed {
    /// No cell passed: the move gives no en-passant right.
    pub const NONE: Passed = Passed(0);

    /// True when the move passes no cell.
    pub fn is_none(self) -> bool {
        self == Passed::NONE
    }

    /// The run's number, an index into the tables' runs (0 for none).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Every distinct run of passed cells, sorted, numbered in that order, and for each entry
/// that creates an en-passant right the run of each of its landing indices.
#[derive(Clone, Debug, Default)]
pub(super) struct PassedRuns {
    /// `starts[i]..starts[i + 1]` are run `i`'s cells in `cells`; run 0 is empty.
    starts: Vec<u32>,
    cells: Vec<CellId>,
    /// Per entry landing (from an entry's base on): the run it passes.
    by_landing: Vec<Passed>,
}

impl PassedRuns {
    /// Numbers the runs of every entry of `t` that creates an en-passant right, and gives
    /// each such entry its base in the per-landing list.
    pub(super) fn number(t: &mut MoveTables) {
        let sorted_run = |t: &MoveTables, e: &super::Entry, k: usize| {
            let mut run = t.passed(e, k).to_vec();
            run.sort();
            run
        };
        let mut runs: BTreeSet<Vec<CellId>> = BTreeSet::from([Vec::new()]);
        for e in t.entries.iter().filter(|e| t.creates_en_passant(e)) {
            for k in 0..e.len as usize {
                runs.insert(sorted_run(t, e, k));
            }
        }
        let mut numbered = PassedRuns {
            starts: vec![0],
            ..PassedRuns::default()
        };
        let mut numbers = BTreeMap::new();
        for (i, run) in runs.into_iter().enumerate() {
            numbered.cells.extend_from_slice(&run);
            numbered.starts.push(numbered.cells.len() as u32);
            numbers.insert(run, Passed(i as u32));
        }
        let mut entries = std::mem::take(&mut t.entries);
        for e in entries.iter_mut().filter(|e| t.creates_en_passant(e)) {
            e.passed = Some(numbered.by_landing.len() as u32);
            for k in 0..e.len as usize {
                numbered.by_landing.push(numbers[&sorted_run(t, e, k)]);
            }
        }
        t.entries = entries;
        t.passed_runs = numbered;
    }

    /// The cells of run `p`, in cell order.
    pub(super) fn cells(&self, p: Passed) -> &[CellId] {
        let (a, b) = (self.starts[p.index()], self.starts[p.index() + 1]);
        &self.cells[a as usize..b as usize]
    }

    /// The run passed on landing `k` of the entry whose base is `base`.
    pub(super) fn at(&self, base: u32, k: usize) -> Passed {
        self.by_landing[base as usize + k]
    }

    /// How many runs there are, the empty one included.
    pub(super) fn len(&self) -> usize {
        self.starts.len() - 1
    }
}
