//! Move ordering: the table's move, captures by victim and attacker (those that lose in the
//! exchange last), killers, then the quiet moves' history, which cutoffs teach.

use super::Search;
use crate::game::{Engine, Move, MoveFacts};
use crate::variant::Side;

impl<P: Engine> Search<'_, P> {
    pub(super) fn mvv_lva(&self, f: &MoveFacts) -> i32 {
        let victim = f.captured.map_or(0, |p| self.eval.value(p));
        let promotion = f.promotion.map_or(0, |p| self.eval.value(p));
        10 * (victim + promotion) - self.eval.value(f.piece) / 8
    }

    pub(super) fn order_score(
        &self,
        m: &Move,
        f: &MoveFacts,
        hash_move: u64,
        ply: usize,
        s: &P::State,
    ) -> i32 {
        if hash_move != 0 && m.pack() == hash_move {
            return 1 << 30;
        }
        if f.tactical() {
            // Captures that lose material in the exchange come after the quiet moves.
            let base = if self.loses_exchange(s, m, f) {
                -(1 << 28)
            } else {
                1 << 28
            };
            return base + self.mvv_lva(f);
        }
        let killers = &self.killers[ply];
        if killers[0].as_ref() == Some(m) {
            return (1 << 27) + 1;
        }
        if killers[1].as_ref() == Some(m) {
            return 1 << 27;
        }
        self.history[self.history_index(self.engine.to_move(s), f)]
    }

    /// True when a move loses material once the pieces attacking its cell have been
    /// exchanged there (a promotion, or a capture of a piece worth at least the capturer's,
    /// never does, and is not looked at).
    pub(super) fn loses_exchange(&self, s: &P::State, m: &Move, f: &MoveFacts) -> bool {
        let victim = f.captured.map_or(0, |p| self.values[p]);
        f.promotion.is_none()
            && victim < self.values[f.piece]
            && self.engine.exchange(s, m, &self.values) < 0
    }

    pub(super) fn history_index(&self, side: Side, f: &MoveFacts) -> usize {
        (f.piece * 2 + side.index()) * self.cells + f.to
    }

    /// A quiet move cut off: it becomes a killer and its history rises; the quiet moves
    /// tried before it, which did not, fall.
    pub(super) fn remember_cutoff(
        &mut self,
        s: &P::State,
        m: &Move,
        f: &MoveFacts,
        ply: usize,
        depth: i32,
        tried: &[MoveFacts],
    ) {
        let killers = &mut self.killers[ply];
        if killers[0].as_ref() != Some(m) {
            killers[1] = killers[0].take();
            killers[0] = Some(*m);
        }
        let side = self.engine.to_move(s);
        let bonus = depth * depth;
        let i = self.history_index(side, f);
        self.history[i] = (self.history[i] + bonus).min(1 << 26);
        for other in tried {
            let j = self.history_index(side, other);
            self.history[j] = (self.history[j] - bonus).max(-(1 << 26));
        }
    }
}

/// Brings the best-ordered remaining move (with its facts) to `i`: a selection, since most
/// nodes cut off after a few moves.
pub(super) fn pick<M>(list: &mut [(M, MoveFacts, i32)], i: usize) {
    let mut best = i;
    for j in i + 1..list.len() {
        if list[j].2 > list[best].2 {
            best = j;
        }
    }
    list.swap(i, best);
}
