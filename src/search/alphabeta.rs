//! The search: iterative deepening over a principal-variation alpha-beta search with a
//! transposition table, quiescence on captures and promotions, move ordering (hash move,
//! MVV-LVA, killers, history), check extension, null-move pruning and late-move reductions,
//! mate scores, and the variant's own draws and stalemate score inside the tree.

use super::clock::Instant;
use std::sync::atomic::{AtomicBool, Ordering};

use super::eval::Evaluator;
use super::playable::{MoveFacts, Playable};
use super::tt::{Bound, Entry, Table, Zobrist};
use crate::variant::{Score, Side};

/// A checkmate `n` plies from the root scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Centipawns per factor of ten in the odds of winning: a result worth a fraction `f` of the
/// point scores `ODDS · log10(f / (1 - f))`, as an advantage that wins that often would (3/4:
/// about 1.9 pawns).
const ODDS: f64 = 400.0;
/// Plies of quiescence in which a side in check tries every evasion.
const QUIESCENCE_EVASION_PLIES: u32 = 2;
/// How far beyond the material a capture wins quiescence still looks (delta pruning).
const DELTA_MARGIN: i32 = 200;
/// The deepest ply searched (quiescence included).
pub const MAX_PLY: usize = 128;

/// When the search must stop.
pub struct Budget<'s> {
    /// Stop at once after this instant.
    pub hard: Option<Instant>,
    pub nodes: Option<u64>,
    pub stop: &'s AtomicBool,
}

/// One iteration's outcome, for the caller's report.
pub struct Iteration<M> {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub pv: Vec<M>,
}

/// The state of one search.
pub struct Search<'e, P: Playable> {
    engine: &'e P,
    eval: &'e Evaluator,
    zobrist: &'e Zobrist,
    tt: &'e mut Table<P::Move>,
    budget: Budget<'e>,
    pub nodes: u64,
    seldepth: u32,
    pub stopped: bool,
    killers: Vec<[Option<P::Move>; 2]>,
    /// Per (side, piece, cell): how often a quiet move there caused a cutoff.
    history: Vec<i32>,
    cells: usize,
    /// Keys of the positions from the game's start to the current node.
    path: Vec<u64>,
    pv: Vec<Vec<P::Move>>,
    rules: Rules,
}

/// The variant's end rules, as the search needs them.
struct Rules {
    checkmate_wins: bool,
    stalemate: Score,
    stalemate_with: Option<(Score, Vec<usize>)>,
    move_limit_plies: Option<u32>,
    /// The score of the side whose move repeats a position (a draw, or a loss).
    repeater: Score,
    /// `draw-without PIECES`: the pieces one of which must remain for the game to go on.
    draw_without: Vec<usize>,
}

impl<'e, P: Playable> Search<'e, P> {
    /// A search of `engine` with the game so far given by `keys` (the current position last).
    pub fn new(
        engine: &'e P,
        eval: &'e Evaluator,
        zobrist: &'e Zobrist,
        tt: &'e mut Table<P::Move>,
        budget: Budget<'e>,
        keys: Vec<u64>,
    ) -> Self {
        let v = engine.variant();
        let r = v.rules();
        let cells = v.board().total();
        Search {
            engine,
            eval,
            zobrist,
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
            rules: Rules {
                checkmate_wins: r.checkmate_wins,
                stalemate: r.stalemate,
                stalemate_with: r
                    .stalemate_with
                    .as_ref()
                    .map(|(s, pieces)| (*s, pieces.iter().map(|p| p.index()).collect())),
                move_limit_plies: r.move_limit.as_ref().map(|l| 2 * l.moves),
                repeater: r.repetition.map_or(Score::DRAW, |(_, score)| score),
                draw_without: r.draw_without.iter().map(|p| p.index()).collect(),
            },
        }
    }

    /// Searches the root to `depth`: its score and principal variation, or `None` when the
    /// budget ran out before the first move was searched.
    pub fn root(
        &mut self,
        s: &P::State,
        depth: u32,
        moves: &mut [P::Move],
    ) -> Option<Iteration<P::Move>> {
        self.seldepth = 0;
        let mut alpha = -MATE;
        let beta = MATE;
        let mut best: Option<(i32, Vec<P::Move>)> = None;
        for i in 0..moves.len() {
            let m = moves[i].clone();
            let child = self.engine.play(s, &m);
            let gives_check = self.engine.in_check(&child);
            let d = depth as i32 - 1 + i32::from(gives_check);
            let score = if i == 0 {
                -self.node(&child, d, -beta, -alpha, 1, true)
            } else {
                let mut score = -self.node(&child, d, -alpha - 1, -alpha, 1, true);
                if score > alpha && !self.stopped {
                    score = -self.node(&child, d, -beta, -alpha, 1, true);
                }
                score
            };
            if self.stopped {
                break;
            }
            if best.is_none() || score > alpha {
                alpha = alpha.max(score);
                let mut line = vec![m.clone()];
                line.extend(self.pv[1].iter().cloned());
                best = Some((score, line));
                // The best move so far goes first in the next iteration.
                moves[..=i].rotate_right(1);
            }
        }
        let (score, pv) = best?;
        if let Some(first) = pv.first() {
            let key = self.current_key(s);
            self.tt.store(Entry {
                key,
                depth: depth as i32,
                score,
                bound: Bound::Exact,
                best: Some(first.clone()),
            });
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
            .unwrap_or_else(|| self.zobrist.key(self.engine, s))
    }

    /// Checks the budget every 1024 nodes (and the node limit at every node).
    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.budget.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(1024) {
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

    /// The score of a position with no legal move, for the side to move.
    fn terminal(&self, s: &P::State, in_check: bool, ply: usize) -> i32 {
        if in_check && self.rules.checkmate_wins {
            return -(MATE - ply as i32);
        }
        let stalemater = self.engine.to_move(s).opponent();
        let mut score = self.rules.stalemate;
        if let Some((other, pieces)) = &self.rules.stalemate_with {
            let mut keeps = false;
            self.engine.for_each_piece(s, |_, side, piece| {
                keeps |= side == stalemater && pieces.contains(&piece);
            });
            if keeps {
                score = *other;
            }
        }
        -points(score, ply)
    }

    /// The legal moves and whether the side to move is in check, or the position's score when
    /// the rules end the game here (no legal move, the move limit reached).
    fn moves_or_end(&self, s: &P::State, ply: usize) -> Result<(bool, Vec<P::Move>), i32> {
        let in_check = self.engine.in_check(s);
        let mut moves = Vec::with_capacity(64);
        self.engine.legal_moves(s, &mut moves);
        if moves.is_empty() {
            return Err(self.terminal(s, in_check, ply));
        }
        let limit = self.rules.move_limit_plies;
        if limit.is_some_and(|limit| self.engine.quiet_plies(s) >= limit) {
            return Err(0);
        }
        if !self.rules.draw_without.is_empty() && !self.has_winning_material(s) {
            return Err(0);
        }
        Ok((in_check, moves))
    }

    /// True when a piece of the `draw-without` types is still on the board or in a hand.
    fn has_winning_material(&self, s: &P::State) -> bool {
        let pieces = &self.rules.draw_without;
        let mut found = false;
        self.engine
            .for_each_piece(s, |_, _, piece| found |= pieces.contains(&piece));
        found
            || Side::BOTH
                .iter()
                .any(|side| pieces.iter().any(|p| self.engine.hand(s, *side, *p) > 0))
    }

    /// Alpha-beta with a null window on all but the first move (principal variation search).
    fn node(
        &mut self,
        s: &P::State,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        self.pv[ply].clear();
        let key = self.zobrist.key(self.engine, s);
        self.path.push(key);
        let score = self.node_inner(s, key, depth, &mut alpha, &mut beta, ply, allow_null);
        self.path.pop();
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn node_inner(
        &mut self,
        s: &P::State,
        key: u64,
        depth: i32,
        alpha: &mut i32,
        beta: &mut i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        let quiet = self.engine.quiet_plies(s);
        // A repetition inside the tree ends the line: a draw, or (`repetition N loss`) a loss
        // for the side whose move repeated it, the opponent of the side to move.
        if self.repeated(quiet) {
            return -points(self.rules.repeater, ply);
        }
        // Mate-distance pruning: nothing here beats a mate already found nearer the root.
        *alpha = (*alpha).max(-(MATE - ply as i32));
        *beta = (*beta).min(MATE - ply as i32 - 1);
        if *alpha >= *beta {
            return *alpha;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(s, *alpha, *beta, ply, 0);
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let pv_node = *beta - *alpha > 1;
        let mut hash_move = None;
        if let Some(e) = self.tt.probe(key) {
            hash_move = e.best.clone();
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
        let (in_check, mut moves) = match self.moves_or_end(s, ply) {
            Ok(found) => found,
            Err(score) => return score,
        };
        // Null move: if passing still fails high, a real move will too (not in check, and
        // only with a piece besides the smallest ones, where zugzwang is rare).
        if allow_null && !pv_node && !in_check && depth >= 3 && self.has_pieces(s) {
            let stand = self.eval.evaluate(self.engine, s);
            if stand >= *beta {
                let passed = self.engine.pass(s);
                let r = 2 + depth / 6;
                let score = -self.node(&passed, depth - 1 - r, -*beta, -*beta + 1, ply + 1, false);
                if self.stopped {
                    return 0;
                }
                if score >= *beta && score < MATE_BOUND {
                    return score;
                }
            }
        }
        let mut facts: Vec<MoveFacts> = moves.iter().map(|m| self.engine.facts(s, m)).collect();
        let mut order: Vec<i32> = moves
            .iter()
            .zip(&facts)
            .map(|(m, f)| self.order_score(m, f, hash_move.as_ref(), ply, s))
            .collect();
        let original_alpha = *alpha;
        let mut best_score = -MATE;
        let mut best_move: Option<P::Move> = None;
        for i in 0..moves.len() {
            pick(&mut moves, &mut facts, &mut order, i);
            let m = moves[i].clone();
            let f = facts[i];
            let child = self.engine.play(s, &m);
            let gives_check = self.engine.in_check(&child);
            let extension = i32::from(gives_check && ply < 2 * MAX_PLY / 3);
            let tactical = f.captured.is_some() || f.promotion.is_some();
            let mut d = depth - 1 + extension;
            let score = if i == 0 {
                -self.node(&child, d, -*beta, -*alpha, ply + 1, true)
            } else {
                // Late quiet moves are searched shallower first.
                let reduce = if depth >= 3 && i >= 3 && !in_check && !gives_check && !tactical {
                    1 + i32::from(i >= 8 && depth >= 6)
                } else {
                    0
                };
                d -= reduce;
                let mut score = -self.node(&child, d, -*alpha - 1, -*alpha, ply + 1, true);
                if score > *alpha && reduce > 0 && !self.stopped {
                    d += reduce;
                    score = -self.node(&child, d, -*alpha - 1, -*alpha, ply + 1, true);
                }
                if score > *alpha && score < *beta && !self.stopped {
                    score = -self.node(&child, d, -*beta, -*alpha, ply + 1, true);
                }
                score
            };
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m.clone());
                if score > *alpha {
                    *alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m.clone());
                    head[ply].extend(tail[0].iter().cloned());
                    if score >= *beta {
                        if !tactical {
                            self.remember_cutoff(s, &m, &f, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best_score >= *beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            depth,
            score: to_tt(best_score, ply),
            bound,
            best: best_move,
        });
        best_score
    }

    /// Captures and promotions until the position is quiet. In check, every evasion is
    /// searched for the first plies (deeper, the static value stands: drop variants can
    /// interpose without end). Captures that cannot raise the score enough (delta pruning)
    /// and captures of a defended piece by a more valuable one are skipped.
    fn quiesce(&mut self, s: &P::State, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        if self.out_of_budget() {
            return 0;
        }
        let (in_check, moves) = match self.moves_or_end(s, ply) {
            Ok(found) => found,
            Err(score) => return score,
        };
        let stand = self.eval.evaluate(self.engine, s);
        let evasions = in_check && qply < QUIESCENCE_EVASION_PLIES;
        if ply >= MAX_PLY {
            return stand;
        }
        if !evasions {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let side = self.engine.to_move(s);
        let mut candidates: Vec<(i32, P::Move)> = Vec::new();
        for m in moves {
            let f = self.engine.facts(s, &m);
            if !evasions {
                let tactical = f.captured.is_some() || f.promotion.is_some();
                if !tactical {
                    continue;
                }
                let gain = f.captured.map_or(0, |p| self.eval.value(p))
                    + f.promotion
                        .map_or(0, |p| self.eval.value(p) - self.eval.value(f.piece));
                if stand + gain + DELTA_MARGIN < alpha {
                    continue;
                }
                let losing = self.eval.value(f.piece) > gain + self.eval.value(f.piece) / 4
                    && self.engine.attacked(s, f.to, side.opponent());
                if losing && f.promotion.is_none() {
                    continue;
                }
            }
            candidates.push((self.mvv_lva(&f), m));
        }
        candidates.sort_by_key(|(k, _)| -k);
        let mut best = if evasions { -MATE + ply as i32 } else { stand };
        for (_, m) in candidates {
            let child = self.engine.play(s, &m);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// True when the side to move has a piece worth more than the smallest non-royal one.
    fn has_pieces(&self, s: &P::State) -> bool {
        let side = self.engine.to_move(s);
        let mut values = Vec::new();
        self.engine.for_each_piece(s, |_, owner, piece| {
            if owner == side && self.eval.value(piece) > 0 {
                values.push(self.eval.value(piece));
            }
        });
        let smallest = values.iter().copied().min().unwrap_or(0);
        values.iter().any(|&v| v > smallest + smallest / 2)
    }

    fn mvv_lva(&self, f: &MoveFacts) -> i32 {
        let victim = f.captured.map_or(0, |p| self.eval.value(p));
        let promotion = f.promotion.map_or(0, |p| self.eval.value(p));
        10 * (victim + promotion) - self.eval.value(f.piece) / 8
    }

    fn order_score(
        &self,
        m: &P::Move,
        f: &MoveFacts,
        hash_move: Option<&P::Move>,
        ply: usize,
        s: &P::State,
    ) -> i32 {
        if hash_move == Some(m) {
            return 1 << 30;
        }
        if f.captured.is_some() || f.promotion.is_some() {
            return (1 << 28) + self.mvv_lva(f);
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

    fn history_index(&self, side: Side, f: &MoveFacts) -> usize {
        (f.piece * 2 + side.index()) * self.cells + f.to
    }

    fn remember_cutoff(
        &mut self,
        s: &P::State,
        m: &P::Move,
        f: &MoveFacts,
        ply: usize,
        depth: i32,
    ) {
        let killers = &mut self.killers[ply];
        if killers[0].as_ref() != Some(m) {
            killers[1] = killers[0].take();
            killers[0] = Some(m.clone());
        }
        let i = self.history_index(self.engine.to_move(s), f);
        self.history[i] = (self.history[i] + depth * depth).min(1 << 26);
    }
}

/// Brings the best-ordered remaining move (with its facts) to `i`: a selection, since most
/// nodes cut off after a few moves.
fn pick<M>(moves: &mut [M], facts: &mut [MoveFacts], order: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if order[j] > order[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    facts.swap(i, best);
    order.swap(i, best);
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
