//! The search: iterative deepening over a principal-variation alpha-beta search with a
//! transposition table, quiescence on captures and promotions, move ordering (hash move,
//! MVV-LVA, killers, history), check extension, null-move pruning and late-move reductions,
//! mate scores, and the variant's own draws and stalemate score inside the tree.

mod ordering;
mod quiesce;

use ordering::pick;

use super::clock::Instant;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::correction::Correction;
use super::eval::{Accumulator, Evaluator};
use super::params::SearchParams;
use super::tt::{Bound, Entry, Table};
use crate::game::end::{self, GameEnd, Outcome};
use crate::game::{Engine, Move, MoveFacts};
use crate::variant::{Score, Side};

/// A checkmate `n` plies from the root scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Centipawns per factor of ten in the odds of winning: a result worth a fraction `f` of the
/// point scores `ODDS · log10(f / (1 - f))`, as an advantage that wins that often would (3/4:
/// about 1.9 pawns).
const ODDS: f64 = 400.0;
/// The deepest ply searched (quiescence included).
pub const MAX_PLY: usize = 128;

/// When the search must stop.
pub struct Budget<'s> {
    /// Stop at once after this instant.
    pub hard: Option<Instant>,
    pub nodes: Option<u64>,
    pub stop: &'s AtomicBool,
    /// Where a helper thread adds the nodes it visits (1024 at a time), so the main thread's
    /// reports count every thread's.
    pub shared_nodes: Option<&'s AtomicU64>,
}

/// One iteration's outcome, for the caller's report.
pub struct Iteration<M> {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub pv: Vec<M>,
}

/// The state of one search.
pub struct Search<'e, P: Engine> {
    engine: &'e P,
    eval: &'e Evaluator,
    tt: &'e Table,
    budget: Budget<'e>,
    pub nodes: u64,
    seldepth: u32,
    pub stopped: bool,
    killers: Vec<[Option<Move>; 2]>,
    /// Per (side, piece, cell): how often a quiet move there caused a cutoff.
    history: Vec<i32>,
    cells: usize,
    /// Keys of the positions from the game's start to the current node.
    path: Vec<u64>,
    pv: Vec<Vec<Move>>,
    /// Per ply: a move list with each move's facts and order, reused by every node at that
    /// ply, so the search allocates nothing once warm.
    lists: Vec<Vec<(Move, MoveFacts, i32)>>,
    /// Per ply: the legal moves as generated.
    raw: Vec<Vec<Move>>,
    /// Per ply: the quiet moves tried, whose history a cutoff by a later one lowers.
    tried: Vec<Vec<MoveFacts>>,
    /// Late-move reductions by depth and move number.
    reductions: Vec<[i32; 64]>,
    /// The margins and reductions the search prunes with.
    params: SearchParams,
    /// The evaluation's value of each piece type: what exchanges are counted in.
    values: Vec<i32>,
    /// Per ply: the evaluation's sums for the node there, kept up to date move by move.
    sums: Vec<Accumulator>,
    /// What the searches below found of each pawn structure's static value.
    correction: Correction,
    /// Whether to prune by the static value (reverse futility, futility, late moves).
    pub pruning: bool,
    /// Whether a move that checks is searched a ply deeper: not with `royal captured`, where
    /// a side in check may make any move, so checks would deepen every line of a wide tree.
    extend_checks: bool,
    /// The last threat test ([`Search::threat`]): the position's key and the cell, and
    /// whether the piece there is threatened.
    last_threat: Cell<Option<((u64, usize), bool)>>,
}

impl<'e, P: Engine> Search<'e, P> {
    /// A search of `engine` with the game so far given by `keys` (the current position last).
    pub fn new(
        engine: &'e P,
        eval: &'e Evaluator,
        tt: &'e Table,
        budget: Budget<'e>,
        keys: Vec<u64>,
        params: &SearchParams,
    ) -> Self {
        let v = engine.variant();
        let cells = v.board().total();
        Search {
            engine,
            eval,
            tt,
            budget,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            killers: vec![[None, None]; MAX_PLY + 2],
            history: vec![0; 2 * v.pieces().len() * cells],
            cells,
            path: keys,
            pv: vec![Vec::new(); MAX_PLY + 2],
            lists: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            raw: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            tried: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            reductions: params.reduction_table(),
            params: *params,
            values: (0..v.pieces().len()).map(|p| eval.value(p)).collect(),
            sums: vec![Accumulator::default(); MAX_PLY + 2],
            correction: Correction::new(v.sides().len()),
            pruning: true,
            extend_checks: !v.rules.royal_captured,
            last_threat: Cell::new(None),
        }
    }

    /// Searches the root to `depth` within the window (`alpha`, `beta`): its score and
    /// principal variation, or `None` when the budget ran out before the first move was
    /// searched. A score at or beyond the window's edge is a bound (the caller widens).
    pub fn root(
        &mut self,
        s: &P::State,
        depth: u32,
        moves: &mut [Move],
        window: (i32, i32),
    ) -> Option<Iteration<Move>> {
        self.seldepth = 0;
        let (mut alpha, beta) = window;
        let mut best: Option<(i32, Vec<Move>)> = None;
        self.sums[0] = self.eval.accumulate(self.engine, s);
        for i in 0..moves.len() {
            let m = moves[i];
            let child = self.engine.play(s, &m);
            self.enter(0, s, &m, &child);
            let gives_check = self.engine.gives_check(s, &m, &child);
            let d = depth as i32 - 1 + i32::from(gives_check && self.extend_checks);
            let mover = self.engine.to_move(s);
            let score = if i == 0 {
                self.child_score(mover, &child, gives_check, d, (alpha, beta), 1)
            } else {
                let null = (alpha, alpha + 1);
                let mut score = self.child_score(mover, &child, gives_check, d, null, 1);
                if score > alpha && score < beta && !self.stopped {
                    score = self.child_score(mover, &child, gives_check, d, (alpha, beta), 1);
                }
                score
            };
            if self.stopped {
                break;
            }
            if best.is_none() || score > alpha {
                alpha = alpha.max(score);
                let mut line = vec![m];
                line.extend(self.pv[1].iter().cloned());
                best = Some((score, line));
                // The best move so far goes first in the next iteration.
                moves[..=i].rotate_right(1);
                if score >= beta {
                    break;
                }
            }
        }
        let (score, pv) = best?;
        if let (Some(first), true) = (pv.first(), score > window.0 && score < beta) {
            let key = self.current_key(s);
            let best = first.pack();
            self.tt
                .store(Entry::new(key, depth as i32, score, Bound::Exact, best));
        }
        Some(Iteration {
            depth,
            seldepth: self.seldepth,
            score,
            pv,
        })
    }

    fn current_key(&self, s: &P::State) -> u64 {
        self.path
            .last()
            .copied()
            .unwrap_or_else(|| self.engine.key(s))
    }

    /// Checks the budget every 1024 nodes (and the node limit at every node).
    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.budget.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(1024) {
            if let Some(shared) = self.budget.shared_nodes {
                shared.fetch_add(1024, Ordering::Relaxed);
            }
            let late = self.budget.hard.is_some_and(|h| Instant::now() >= h);
            if late || self.budget.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// True when the position at the end of the path occurred before with no capture since.
    fn repeated(&self, quiet_plies: u32) -> bool {
        let n = self.path.len();
        let key = self.path[n - 1];
        let back = (quiet_plies as usize).min(n - 1);
        (2..=back).step_by(2).any(|k| self.path[n - 1 - k] == key)
    }

    /// The score for the side to move of a game ended at `s` ([`crate::game::end`]): a mate,
    /// or the rules' score for it, ranked by its odds.
    fn ended(&self, s: &P::State, outcome: Outcome, ply: usize) -> i32 {
        // A royal piece taken (`royal captured`) is lost as a mate is.
        if matches!(outcome.end, GameEnd::Checkmate | GameEnd::RoyalCaptured) {
            return -(MATE - ply as i32);
        }
        points(outcome.score_of(self.engine.to_move(s)), ply)
    }

    /// Every legal move of a side in check (in `out`), or the position's score when the rules
    /// end the game here (no legal move: mate or the variant's score; the move limit reached,
    /// no material to win with).
    fn evasions_or_end(&self, s: &P::State, ply: usize, out: &mut Vec<Move>) -> Result<(), i32> {
        out.clear();
        self.engine.legal_moves_into(s, out);
        if out.is_empty() {
            return Err(self.ended(s, end::without_moves(self.engine, s, true), ply));
        }
        self.ended_by_count(s, ply)
    }

    /// The position's score (`Err`) when the move limit is reached or no material is left
    /// to win with: the game's ends that need no move list.
    fn ended_by_count(&self, s: &P::State, ply: usize) -> Result<(), i32> {
        match end::by_count(self.engine, s) {
            Some(outcome) => Err(self.ended(s, outcome, ply)),
            None => Ok(()),
        }
    }

    /// Alpha-beta with a null window on all but the first move (principal variation search).
    /// `in_check` is whether the side to move in `s` is in check: the caller knows it (it
    /// decides the check extension), so no node asks twice.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        s: &P::State,
        in_check: bool,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        self.pv[ply].clear();
        let key = self.engine.key(s);
        self.path.push(key);
        let window = (&mut alpha, &mut beta);
        let score = self.node_inner(s, in_check, key, depth, window, ply, allow_null);
        self.path.pop();
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn node_inner(
        &mut self,
        s: &P::State,
        in_check: bool,
        key: u64,
        depth: i32,
        (alpha, beta): (&mut i32, &mut i32),
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        let quiet = self.engine.quiet_plies(s);
        // A repetition inside the tree ends the line: a draw, or (`repetition N loss`) a loss
        // for the side whose move repeated it, the opponent of the side to move.
        if self.repeated(quiet) {
            let outcome = end::repetition(self.engine.variant(), self.engine.to_move(s));
            return points(outcome.score_of(self.engine.to_move(s)), ply);
        }
        // With `royal captured`, a royal piece taken ends the game before any pruning.
        if end::royal_taken(self.engine, s) {
            return -(MATE - ply as i32);
        }
        // Mate-distance pruning: nothing here beats a mate already found nearer the root.
        *alpha = (*alpha).max(-(MATE - ply as i32));
        *beta = (*beta).min(MATE - ply as i32 - 1);
        if *alpha >= *beta {
            return *alpha;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(s, in_check, *alpha, *beta, ply, 0);
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let pv_node = *beta - *alpha > 1;
        let mut hash_move = 0;
        // A stored upper bound below beta says a search here failed low: with
        // `search-null-table-guard`, no null move then (passing would hardly fail high).
        let mut fails_low = false;
        if let Some(e) = self.tt.probe(key) {
            hash_move = e.best;
            fails_low = self.params.null_table_guard != 0
                && e.bound == Bound::Upper
                && from_tt(e.score, ply) < *beta;
            if e.depth >= depth && !pv_node {
                let score = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= *beta,
                    Bound::Upper => score <= *alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        // The static value's pruning and the null move come before the move list, which
        // they often make unnecessary; not where the move limit or the material ends the game.
        let counted = end::by_count(self.engine, s);
        let raw_eval = if in_check {
            -MATE
        } else {
            self.eval.evaluate_with(self.engine, s, &self.sums[ply])
        };
        let static_eval = if in_check {
            -MATE
        } else {
            self.corrected(s, ply, raw_eval)
        };
        if counted.is_none() {
            let node = (
                depth,
                *beta,
                ply,
                allow_null && !fails_low,
                in_check,
                pv_node,
            );
            if let Some(score) = self.prune_before_moves(s, static_eval, node) {
                return score;
            }
        }
        // The table's move, when legal here, is searched before the others are listed:
        // it often cuts the node off alone.
        let first = match (counted, hash_move) {
            (None, packed) if packed != 0 => self.engine.legal_move(s, packed),
            _ => None,
        };
        let mut list = std::mem::take(&mut self.lists[ply]);
        let node = NodeMoves {
            key,
            depth,
            ply,
            in_check,
            pv_node,
            hash_move,
            static_eval,
            raw_eval,
        };
        let score = self.search_moves(s, &node, (alpha, beta), first, counted, &mut list);
        self.lists[ply] = list;
        score
    }

    /// The node's legal moves with their facts, in `list`; or the score of the game's end
    /// there (`Err`): no legal move (mate or the variant's score), or `counted`, the end by
    /// the move limit or the material.
    fn list_moves(
        &mut self,
        s: &P::State,
        (ply, in_check): (usize, bool),
        counted: Option<Outcome>,
        list: &mut Vec<(Move, MoveFacts, i32)>,
    ) -> Result<(), i32> {
        let mut raw = std::mem::take(&mut self.raw[ply]);
        raw.clear();
        self.engine.legal_moves_into(s, &mut raw);
        let ended = if raw.is_empty() {
            Some(end::without_moves(self.engine, s, in_check))
        } else {
            counted
        };
        if let Some(outcome) = ended {
            self.raw[ply] = raw;
            return Err(self.ended(s, outcome, ply));
        }
        list.clear();
        for m in raw.drain(..) {
            let f = self.engine.facts(s, &m);
            list.push((m, f, 0));
        }
        self.raw[ply] = raw;
        Ok(())
    }

    /// Reverse futility and the null move: the score when the static value, or a search
    /// after passing, shows the node fails high without looking at its moves.
    fn prune_before_moves(
        &mut self,
        s: &P::State,
        static_eval: i32,
        (depth, beta, ply, allow_null, in_check, pv_node): (i32, i32, usize, bool, bool, bool),
    ) -> Option<i32> {
        let no_mates = beta.abs() < MATE_BOUND;
        let prune = self.pruning && !pv_node && !in_check;
        // Reverse futility: far enough above beta that a few plies will not bring it down.
        let p = &self.params;
        if prune && depth <= p.rfp_depth && no_mates && static_eval - p.rfp_margin * depth >= beta {
            return Some(static_eval);
        }
        // Null move: if passing still fails high, a real move will too (not in check, and
        // only with a piece besides the smallest ones, where zugzwang is rare).
        if allow_null
            && !pv_node
            && !in_check
            && depth >= 3
            && static_eval >= beta
            && self.has_pieces(s)
        {
            let passed = self.engine.pass(s);
            self.sums[ply + 1] = self.sums[ply];
            let checked = self.engine.in_check(&passed);
            let r = self.params.null_base + depth / self.params.null_divisor.max(1);
            let score = -self.node(
                &passed,
                checked,
                depth - 1 - r,
                -beta,
                -beta + 1,
                ply + 1,
                false,
            );
            if self.stopped {
                return Some(0);
            }
            if score >= beta && score < MATE_BOUND {
                return Some(score);
            }
        }
        None
    }

    /// The part of a node after the pruning before its moves: the table's move `first`
    /// (legal here) before the list is made, then the others in order with futility,
    /// late-move pruning and reductions, and the result stored.
    fn search_moves(
        &mut self,
        s: &P::State,
        node: &NodeMoves,
        (alpha, beta): (&mut i32, &mut i32),
        first: Option<Move>,
        counted: Option<Outcome>,
        list: &mut Vec<(Move, MoveFacts, i32)>,
    ) -> i32 {
        let (ply, in_check, pv_node) = (node.ply, node.in_check, node.pv_node);
        let no_mates = (*beta).abs() < MATE_BOUND;
        let prune = self.pruning && !pv_node && !in_check;
        let mut depth = node.depth;
        // No move from the table to try first: a shallower search would have found one.
        if node.hash_move == 0 && depth >= 4 {
            depth -= 1;
        }
        // A node whose table move is tactical most likely has its best there: its quiet
        // moves are reduced `search-lmr-table-capture` plies more.
        let first = first.map(|m| (m, self.engine.facts(s, &m)));
        let tt_capture = first.is_some_and(|(_, f)| f.tactical());
        let p = &self.params;
        let futile = prune
            && depth <= p.futility_depth
            && no_mates
            && node.static_eval + p.futility_margin * (depth + 1) <= *alpha;
        let late = if prune && depth <= p.lmp_depth {
            (p.lmp_base + depth * depth) as usize
        } else {
            usize::MAX
        };
        let rules = MoveRules {
            depth,
            ply,
            in_check,
            pv_node,
            futile,
            late,
            tt_capture,
        };
        let mut tried = std::mem::take(&mut self.tried[ply]);
        tried.clear();
        let original_alpha = *alpha;
        let mut best = (-MATE, None);
        let mut step = Step::Next;
        let mut from = 0;
        if let Some((m, f)) = first {
            step = self.search_move(s, 0, (m, f), &rules, (alpha, beta), &mut best, &mut tried);
            from = 1;
        }
        if step == Step::Next {
            if let Err(score) = self.list_moves(s, (ply, in_check), counted, list) {
                self.tried[ply] = tried;
                return score;
            }
            for entry in list.iter_mut() {
                entry.2 = self.order_score(&entry.0, &entry.1, node.hash_move, ply, s);
            }
            if first.is_some() {
                // The table's move, searched already, goes where ordering would put it.
                match list.iter().position(|e| e.0.pack() == node.hash_move) {
                    Some(h) => list.swap(0, h),
                    None => from = 0,
                }
            }
            for i in from..list.len() {
                pick(list, i);
                let (m, f) = (list[i].0, list[i].1);
                step = self.search_move(s, i, (m, f), &rules, (alpha, beta), &mut best, &mut tried);
                if step != Step::Next {
                    break;
                }
            }
        }
        self.tried[ply] = tried;
        if step == Step::Stopped {
            return 0;
        }
        let (best_score, best_move) = best;
        if best_move.is_none() {
            // Every move was pruned: the static value stands as an upper bound.
            return node.static_eval.min(*alpha);
        }
        let bound = if best_score >= *beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let packed = best_move.map_or(0, |m: Move| m.pack());
        let score = to_tt(best_score, ply);
        self.tt
            .store(Entry::new(node.key, depth, score, bound, packed));
        self.learn_correction(s, node, (best_score, best_move), bound);
        best_score
    }

    /// Searches move `i` of a node (`m` with its facts `f`), unless futility or late-move
    /// pruning skips it, and keeps the best score and move in `best`: whether the search
    /// goes on, was cut off or ran out of budget. `tried` gathers the quiet moves searched.
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        s: &P::State,
        i: usize,
        (m, f): (Move, MoveFacts),
        rules: &MoveRules,
        (alpha, beta): (&mut i32, &mut i32),
        best: &mut (i32, Option<Move>),
        tried: &mut Vec<MoveFacts>,
    ) -> Step {
        let (depth, ply) = (rules.depth, rules.ply);
        let tactical = f.captured.is_some() || f.promotion.is_some();
        let killer = self.killers[ply].iter().any(|k| k.as_ref() == Some(&m));
        // Quiet moves that do not check, once a move has been searched that is not a
        // loss by mate (so a pruned escape never makes a mate appear).
        let prunable = !tactical && !killer && best.0 > -MATE_BOUND;
        let child = self.engine.play(s, &m);
        self.tt.prefetch(self.engine.key(&child));
        let gives_check = self.engine.gives_check(s, &m, &child);
        // A check whose piece is simply lost on the cell it checks from is pruned, reduced
        // and not extended, as a quiet move is.
        let safe_check = gives_check && !self.loses_exchange(s, &m, &f);
        if prunable && !safe_check && (rules.futile || tried.len() >= rules.late) {
            return Step::Next;
        }
        self.enter(ply, s, &m, &child);
        let extension = i32::from(safe_check && self.extend_checks && ply < 2 * MAX_PLY / 3);
        let mut d = depth - 1 + extension;
        let mover = self.engine.to_move(s);
        let score = if i == 0 {
            self.child_score(mover, &child, gives_check, d, (*alpha, *beta), ply + 1)
        } else {
            // Late quiet moves are searched shallower first.
            let reduce = if depth >= 3 && i >= 2 && !rules.in_check && !safe_check && !tactical {
                // A ply less for a move whose history says it cuts off, one more
                // for one whose history says it does not.
                let history = self.history[self.history_index(mover, &f)];
                let r = self.reductions[depth.min(63) as usize][i.min(63)]
                    - i32::from(rules.pv_node)
                    - i32::from(killer)
                    - history.signum()
                    - self.params.lmr_threat * self.threat(s, &m, &f)
                    + if rules.tt_capture {
                        self.params.lmr_table_capture
                    } else {
                        0
                    };
                r.clamp(0, d - 1)
            } else {
                0
            };
            d -= reduce;
            let null = (*alpha, *alpha + 1);
            let mut score = self.child_score(mover, &child, gives_check, d, null, ply + 1);
            if score > *alpha && reduce > 0 && !self.stopped {
                d += reduce;
                score = self.child_score(mover, &child, gives_check, d, null, ply + 1);
            }
            if score > *alpha && score < *beta && !self.stopped {
                let window = (*alpha, *beta);
                score = self.child_score(mover, &child, gives_check, d, window, ply + 1);
            }
            score
        };
        if self.stopped {
            return Step::Stopped;
        }
        if score > best.0 {
            *best = (score, Some(m));
            if score > *alpha {
                *alpha = score;
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(m);
                head[ply].extend(tail[0].iter().cloned());
                if score >= *beta {
                    if !tactical {
                        self.remember_cutoff(s, &m, &f, ply, depth, tried);
                    }
                    return Step::Cut;
                }
            }
        }
        if !tactical {
            tried.push(f);
        }
        Step::Next
    }

    /// The value of `child` for `mover`, who moved into it, searched within `mover`'s window
    /// (`alpha`, `beta`): the child's own value negated when the turn passed, as it is when
    /// `mover` moves again (a `sequential` placement).
    fn child_score(
        &mut self,
        mover: Side,
        child: &P::State,
        gives_check: bool,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> i32 {
        if self.engine.to_move(child) == mover {
            self.node(child, gives_check, depth, alpha, beta, ply, true)
        } else {
            -self.node(child, gives_check, depth, -beta, -alpha, ply, true)
        }
    }

    /// The evaluation's sums for `child`, the position after `m` in the node at `ply`.
    fn enter(&mut self, ply: usize, s: &P::State, m: &Move, child: &P::State) {
        let sums = self.sums[ply];
        self.sums[ply + 1] = self.eval.after_move(self.engine, &sums, (s, m, child));
    }

    /// True when the side to move has a piece worth more than the smallest non-royal one.
    fn has_pieces(&self, s: &P::State) -> bool {
        let side = self.engine.to_move(s);
        let (mut smallest, mut largest) = (i32::MAX, 0);
        self.engine.for_each_piece(s, |_, owner, piece| {
            let v = self.eval.value(piece);
            if owner == side && v > 0 {
                smallest = smallest.min(v);
                largest = largest.max(v);
            }
        });
        largest > 0 && largest > smallest + smallest / 2
    }

    /// The static value `raw` of the node at `ply` corrected by its pawn structure's record.
    fn corrected(&self, s: &P::State, ply: usize, raw: i32) -> i32 {
        let side = self.engine.to_move(s);
        let correction = self.correction.of(side, self.sums[ply].structure());
        (raw + correction).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// A searched node's result teaches its structure's correction, when it measures the
    /// static value: out of check, a quiet best move (a capture's gain is no error of the
    /// evaluation), no mate, and a bound on the side that says something about it.
    fn learn_correction(
        &mut self,
        s: &P::State,
        node: &NodeMoves,
        (score, best): (i32, Option<Move>),
        bound: Bound,
    ) {
        if node.in_check || score.abs() >= MATE_BOUND {
            return;
        }
        let Some(m) = best else { return };
        if self.engine.facts(s, &m).tactical() {
            return;
        }
        let says = match bound {
            Bound::Exact => true,
            Bound::Lower => score > node.static_eval,
            Bound::Upper => score < node.static_eval,
        };
        if says {
            let side = self.engine.to_move(s);
            let structure = self.sums[node.ply].structure();
            let error = score - node.raw_eval;
            self.correction.learn(side, structure, node.depth, error);
        }
    }
}

/// What a node passes from its start to the search of its moves.
struct NodeMoves {
    key: u64,
    depth: i32,
    ply: usize,
    in_check: bool,
    pv_node: bool,
    /// The table's move, packed (0 for none).
    hash_move: u64,
    /// The static value corrected ([`Correction`]), and as the evaluation gave it.
    static_eval: i32,
    raw_eval: i32,
}

/// How a node searches each of its moves: the depth (after the reduction for a missing
/// table move) and which moves may be pruned or reduced.
struct MoveRules {
    depth: i32,
    ply: usize,
    in_check: bool,
    pv_node: bool,
    /// Quiet moves cannot raise the score to alpha (futility).
    futile: bool,
    /// Quiet moves after this many are skipped (late-move pruning).
    late: usize,
    /// The table's move is a capture or promotion ([`SearchParams::lmr_table_capture`]).
    tt_capture: bool,
}

/// After a move is searched: go on to the next, the node is cut off, or the budget ran out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    Next,
    Cut,
    Stopped,
}

/// A result worth `score` of the point to the side it belongs to, at `ply`: a whole point is
/// a mate, none is being mated, a fraction in between is scored by its odds ([`ODDS`]).
fn points(score: Score, ply: usize) -> i32 {
    let (n, d) = (score.numerator, score.denominator.max(1));
    if n >= d {
        MATE - ply as i32
    } else if n == 0 {
        -(MATE - ply as i32)
    } else {
        let f = n as f64 / d as f64;
        let cp = ODDS * (f / (1.0 - f)).log10();
        cp.round()
            .clamp(-(MATE_BOUND - 1) as f64, (MATE_BOUND - 1) as f64) as i32
    }
}

/// Mate scores are stored relative to the node, so they mean the same wherever it recurs.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
