//! Quiescence: captures and promotions (and a side in check's evasions) searched until the
//! position is quiet, so that no leaf is scored in the middle of an exchange.

use super::ordering::pick;
use super::{from_tt, to_tt, Search, Step, MATE, MAX_PLY};
use crate::game::end;
use crate::game::{Engine, Move, MoveFacts};
use crate::search::tt::{Bound, Entry};

/// Plies of quiescence in which a side in check tries every evasion.
const QUIESCENCE_EVASION_PLIES: u32 = 2;

impl<P: Engine> Search<'_, P> {
    /// The quiescence value of `s` in the full window: what the tuner compares with the static
    /// value to find quiet positions.
    pub fn quiescence(&mut self, s: &P::State) -> i32 {
        let in_check = self.engine.in_check(s);
        self.sums[0] = self.eval.accumulate(self.engine, s);
        self.quiesce(s, in_check, -MATE, MATE, 0, 0)
    }

    /// Captures and promotions until the position is quiet. In check, every evasion is
    /// searched for the first plies (deeper, the static value stands: drop variants can
    /// interpose without end). Captures that cannot raise the score enough (delta pruning)
    /// and captures that lose in the exchange on their cell are skipped. Results are kept in
    /// the table; out of check, the table's move goes before the others are listed.
    pub(super) fn quiesce(
        &mut self,
        s: &P::State,
        in_check: bool,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        if self.out_of_budget() {
            return 0;
        }
        // A result stored here before (by quiescence or a search of any depth) that decides
        // the window is the result; otherwise its move goes first.
        let key = self.engine.key(s);
        let mut hash_move = 0;
        if let Some(e) = self.tt.probe(key) {
            hash_move = e.best;
            let score = from_tt(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return score;
            }
        }
        let original_alpha = alpha;
        if end::royal_taken(self.engine, s) {
            return -(MATE - ply as i32);
        }
        // In check every move is listed (none: mate or the variant's stalemate score);
        // otherwise the game's end by the move limit or by material is asked of the rules (a
        // stalemate is not looked for: the static value stands), and only when the static
        // value does not already fail high are the captures and promotions listed.
        let mut raw = std::mem::take(&mut self.raw[ply]);
        let ended = if in_check {
            self.evasions_or_end(s, ply, &mut raw)
        } else {
            self.ended_by_count(s, ply)
        };
        if let Err(score) = ended {
            self.raw[ply] = raw;
            return score;
        }
        let static_value = self.eval.evaluate_with(self.engine, s, &self.sums[ply]);
        let stand = self.corrected(s, ply, static_value);
        let evasions = in_check && qply < QUIESCENCE_EVASION_PLIES;
        if ply >= MAX_PLY {
            self.raw[ply] = raw;
            return stand;
        }
        if !evasions {
            if stand >= beta {
                self.raw[ply] = raw;
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let mut best = (if evasions { -MATE + ply as i32 } else { stand }, 0);
        // Out of check, the table's move, when it is a capture or promotion worth
        // searching, goes before the others are listed: it often cuts the node off alone.
        let mut searched = 0;
        if !in_check && hash_move != 0 {
            let first = self.engine.legal_move(s, hash_move);
            let worth =
                |m: &Move| self.worth_searching(s, m, &self.engine.facts(s, m), stand, alpha);
            if let Some(m) = first.filter(worth) {
                searched = hash_move;
                let step = self.quiesce_move(s, &m, (&mut alpha, beta), &mut best, (ply, qply));
                if step != Step::Next {
                    self.raw[ply] = raw;
                    return self.quiesce_result(key, step, best, original_alpha, beta, ply);
                }
            }
        }
        if !in_check {
            self.engine.tactical_moves_into(s, &mut raw);
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        for m in raw.drain(..) {
            if searched != 0 && m.pack() == searched {
                continue;
            }
            let f = self.engine.facts(s, &m);
            if evasions || self.worth_searching(s, &m, &f, stand, alpha) {
                let first = hash_move != 0 && m.pack() == hash_move;
                let order = self.mvv_lva(&f) + if first { 1 << 30 } else { 0 };
                list.push((m, f, order));
            }
        }
        self.raw[ply] = raw;
        let mut step = Step::Next;
        for i in 0..list.len() {
            pick(&mut list, i);
            let m = list[i].0;
            step = self.quiesce_move(s, &m, (&mut alpha, beta), &mut best, (ply, qply));
            if step != Step::Next {
                break;
            }
        }
        self.lists[ply] = list;
        self.quiesce_result(key, step, best, original_alpha, beta, ply)
    }

    /// A quiescence node's result, once its moves are searched (`step` tells how the last
    /// one ended): 0 when the budget ran out, else its best score, stored in the table.
    fn quiesce_result(
        &mut self,
        key: u64,
        step: Step,
        (best, best_move): (i32, u64),
        original_alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if step == Step::Stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha && best_move != 0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(Entry::new(key, 0, to_tt(best, ply), bound, best_move));
        best
    }

    /// Searches one capture, promotion or evasion `m` of a quiescence node, keeping the best
    /// score and move in `best` and raising `alpha`: go on, cut off, or out of budget.
    fn quiesce_move(
        &mut self,
        s: &P::State,
        m: &Move,
        (alpha, beta): (&mut i32, i32),
        best: &mut (i32, u64),
        (ply, qply): (usize, u32),
    ) -> Step {
        let child = self.engine.play(s, m);
        self.tt.prefetch(self.engine.key(&child));
        let checked = self.engine.gives_check(s, m, &child);
        self.enter(ply, s, m, &child);
        // A placement may leave the mover to move again (`placement ... sequential`).
        let score = if self.engine.to_move(&child) == self.engine.to_move(s) {
            self.quiesce(&child, checked, *alpha, beta, ply + 1, qply + 1)
        } else {
            -self.quiesce(&child, checked, -beta, -*alpha, ply + 1, qply + 1)
        };
        if self.stopped {
            return Step::Stopped;
        }
        if score > best.0 {
            *best = (score, m.pack());
            if score > *alpha {
                *alpha = score;
                if score >= beta {
                    return Step::Cut;
                }
            }
        }
        Step::Next
    }

    /// Out of check, whether quiescence searches `m`: a capture or promotion that could
    /// raise the static value `stand` to `alpha` (delta pruning) and does not lose material
    /// in the exchange on its cell.
    fn worth_searching(
        &self,
        s: &P::State,
        m: &Move,
        f: &MoveFacts,
        stand: i32,
        alpha: i32,
    ) -> bool {
        if !f.tactical() {
            return false;
        }
        let gain = f.captured.map_or(0, |p| self.eval.value(p))
            + f.promotion
                .map_or(0, |p| self.eval.value(p) - self.eval.value(f.piece));
        stand + gain + self.params.delta_margin >= alpha && !self.loses_exchange(s, m, f)
    }
}
