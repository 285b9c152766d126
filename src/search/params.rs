//! The search's tunable numbers: how near the leaves and by how much it prunes by the static
//! value, how far the null move and late moves are reduced, the aspiration window and
//! quiescence's delta margin. The defaults are the numbers the search was tested with; a
//! weights file may set others for its variant (`search-...` lines), and `hexv tune --spsa`
//! tunes them by games as it tunes the evaluation's weights.

use super::weights::Range;

/// The search's margins and reductions (docs/engine.md, "The search").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Reverse futility: at most this many plies from the leaves...
    pub rfp_depth: i32,
    /// ...a static value this many centipawns per ply above beta fails high unsearched.
    pub rfp_margin: i32,
    /// Futility: at most this many plies from the leaves...
    pub futility_depth: i32,
    /// ...quiet moves are skipped when the static value plus this many centipawns per ply
    /// (and one more) cannot reach alpha.
    pub futility_margin: i32,
    /// Late-move pruning: at most this many plies from the leaves...
    pub lmp_depth: i32,
    /// ...quiet moves after the first `this + depth²` are skipped.
    pub lmp_base: i32,
    /// The null move searches `this + depth / null_divisor` plies shallower.
    pub null_base: i32,
    /// See [`SearchParams::null_base`].
    pub null_divisor: i32,
    /// Late-move reductions are `lmr_base / 100 + ln(depth) · ln(move) · 100 / lmr_divisor`
    /// plies (before the history's and the node's adjustments).
    pub lmr_base: i32,
    /// See [`SearchParams::lmr_base`].
    pub lmr_divisor: i32,
    /// Centipawns either side of the last iteration's score of the first aspiration window.
    pub aspiration: i32,
    /// Quiescence skips a capture that, with this many centipawns more, still cannot reach
    /// alpha (delta pruning).
    pub delta_margin: i32,
    /// Plies more of late-move reduction for the quiet moves of a node whose table move is a
    /// capture or promotion (its best is most likely that move).
    pub lmr_table_capture: i32,
    /// 1: no null move where the table holds an upper bound below beta (a search there
    /// failed low, so passing is unlikely to fail high); 0: the table is not asked.
    pub null_table_guard: i32,
    /// Plies less of late-move reduction for a quiet move that takes its piece away from a
    /// threat, and more for one that puts it where the exchange loses it (docs/engine.md,
    /// "The search"): 0 leaves threats out.
    pub lmr_threat: i32,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            rfp_depth: 4,
            rfp_margin: 100,
            futility_depth: 3,
            futility_margin: 100,
            lmp_depth: 4,
            lmp_base: 3,
            null_base: 3,
            null_divisor: 4,
            lmr_base: 75,
            lmr_divisor: 225,
            aspiration: 30,
            delta_margin: 200,
            lmr_table_capture: 0,
            null_table_guard: 0,
            lmr_threat: 0,
        }
    }
}

/// How many numbers [`SearchParams::named_mut`] lists.
pub const COUNT: usize = 15;

/// Plies from the leaves.
const DEPTH: Range = Range { min: 0, max: 16 };
/// Centipawns.
const MARGIN: Range = Range { min: 0, max: 2000 };

impl SearchParams {
    /// Every number with its name in a weights file and its value, in the file's order.
    pub fn named(&self) -> [(&'static str, i32); COUNT] {
        let mut copy = *self;
        copy.named_mut().map(|(name, _, v)| (name, *v))
    }

    /// Every number with its name in a weights file, its range and a mutable place.
    pub fn named_mut(&mut self) -> [(&'static str, Range, &mut i32); COUNT] {
        [
            ("search-rfp-depth", DEPTH, &mut self.rfp_depth),
            ("search-rfp-margin", MARGIN, &mut self.rfp_margin),
            ("search-futility-depth", DEPTH, &mut self.futility_depth),
            ("search-futility-margin", MARGIN, &mut self.futility_margin),
            ("search-lmp-depth", DEPTH, &mut self.lmp_depth),
            (
                "search-lmp-base",
                Range { min: 0, max: 64 },
                &mut self.lmp_base,
            ),
            (
                "search-null-base",
                Range { min: 1, max: 16 },
                &mut self.null_base,
            ),
            (
                "search-null-divisor",
                Range { min: 1, max: 64 },
                &mut self.null_divisor,
            ),
            (
                "search-lmr-base",
                Range {
                    min: -200,
                    max: 400,
                },
                &mut self.lmr_base,
            ),
            (
                "search-lmr-divisor",
                Range { min: 50, max: 2000 },
                &mut self.lmr_divisor,
            ),
            (
                "search-aspiration",
                Range { min: 1, max: 1000 },
                &mut self.aspiration,
            ),
            ("search-delta-margin", MARGIN, &mut self.delta_margin),
            (
                "search-lmr-table-capture",
                Range { min: 0, max: 4 },
                &mut self.lmr_table_capture,
            ),
            (
                "search-null-table-guard",
                Range { min: 0, max: 1 },
                &mut self.null_table_guard,
            ),
            (
                "search-lmr-threat",
                Range { min: 0, max: 2 },
                &mut self.lmr_threat,
            ),
        ]
    }

    /// Late-move reductions by depth and move number (both below 64), from
    /// [`SearchParams::lmr_base`] and [`SearchParams::lmr_divisor`].
    pub fn reduction_table(&self) -> Vec<[i32; 64]> {
        let base = f64::from(self.lmr_base) / 100.0;
        let divisor = f64::from(self.lmr_divisor.max(1)) / 100.0;
        (0..64)
            .map(|depth| {
                let mut row = [0; 64];
                for (i, r) in row.iter_mut().enumerate().skip(1) {
                    if depth > 0 {
                        let x = base + (depth as f64).ln() * (i as f64).ln() / divisor;
                        *r = x as i32;
                    }
                }
                row
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_reductions_are_the_searchs_first_ones() {
        let table = SearchParams::default().reduction_table();
        // 0.75 + ln d · ln i / 2.25, truncated.
        assert_eq!(table[1][10], 0);
        assert_eq!(table[3][3], 1);
        assert_eq!(table[8][20], 3);
        assert_eq!(table[63][63], 8);
        assert_eq!(table[0][40], 0);
        assert!(table.iter().all(|row| row[0] == 0));
    }

    #[test]
    fn every_number_has_a_distinct_name_and_a_default_within_its_range() {
        let mut p = SearchParams::default();
        let named = p.named_mut();
        for (i, (name, range, value)) in named.iter().enumerate() {
            assert!(name.starts_with("search-"));
            assert!((range.min..=range.max).contains(*value), "{name}");
            assert!(named[..i].iter().all(|(other, _, _)| other != name));
        }
    }
}
