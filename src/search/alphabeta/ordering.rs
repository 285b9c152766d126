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

    /// For the reductions (`search-lmr-threat`): 1 for a quiet move that takes its piece
    /// away from a threat (the cheapest attacker of its cell worth less than it, or its cell
    /// attacked and not defended), -1 for one that loses the piece in the exchange on the
    /// cell it goes to, 0 otherwise, for royal pieces, drops and with the number at 0 (the
    /// tests cost a walk of the attack trees each).
    pub(super) fn threat(&self, s: &P::State, m: &Move, f: &MoveFacts) -> i32 {
        let value = self.values[f.piece];
        let Some(from) = m.from.filter(|_| self.params.lmr_threat != 0 && value > 0) else {
            return 0;
        };
        let escapes = self.threatened(s, from.index(), value);
        let lost = self.engine.exchange(s, m, &self.values) < 0;
        i32::from(escapes) - i32::from(lost)
    }

    /// Whether the piece worth `value` on `cell` is attacked by a less valuable piece of
    /// the opponent, or attacked and not defended. The last answer is kept: a piece's
    /// moves come one after another.
    fn threatened(&self, s: &P::State, cell: usize, value: i32) -> bool {
        let key = (self.engine.key(s), cell);
        if let Some((k, answer)) = self.last_threat.get() {
            if k == key {
                return answer;
            }
        }
        let side = self.engine.to_move(s);
        let attacker = self
            .engine
            .least_attacker_value(s, cell, side.opponent(), &self.values);
        let answer = match attacker {
            Some(v) if v < value => true,
            Some(_) => self
                .engine
                .least_attacker_value(s, cell, side, &self.values)
                .is_none(),
            None => false,
        };
        self.last_threat.set(Some((key, answer)));
        answer
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
