//! The search of games of more than two sides: Best-Reply Search (Schadd and Winands, "Best
//! Reply Search for Multiplayer Games", IEEE TCIAIG 2011). The side to move at the root is
//! the maximising player; at the layer after each of its moves, every opponent still in the
//! game may move, and only the one reply that is worst for the root side is kept, after which
//! the root side moves again. The game becomes two-player alpha-beta between the root side
//! and the coalition, with a deep enough horizon for the root side's own plans; in the paper
//! it beat both max-n and paranoid search in Chinese Checkers, Focus and Rolit. It plays on
//! either engine behind the one interface (the fast engine of more sides where the board
//! fits).
//!
//! A position is worth, to the root side, its material and mobility less the strongest
//! opponent's (the side that would profit from a weakness is the one to fear), and a constant
//! for each opponent that has left the game (sending one out is worth more than a piece).

use std::sync::atomic::{AtomicBool, Ordering};

use super::alphabeta::{MATE, MATE_BOUND};
use super::clock::Instant;
use super::{empty_info, Evaluator, Info, Limits, SearchResult, SearchScore};
use crate::game::{end, Engine, Move, Position};
use crate::variant::Side;

/// Nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 256;

/// Centipawns per cell a piece moves to (mobility), for every side alike.
const MOBILITY: i32 = 2;

/// What each opponent that has left the game is worth to the root side: sending one out is
/// worth more than any piece but less than the game.
const OPPONENT: i32 = 2_000;

/// A layer of the search: the root side's or the coalition's, by state, depth, ply and window.
type Layer<M, S> = fn(&mut M, &S, u32, u32, (i32, i32)) -> i32;

/// The search state of one call.
struct Many<'e, E: Engine> {
    engine: &'e E,
    eval: &'e Evaluator,
    /// The side the search plays for.
    root: Side,
    nodes: u64,
    hard: Option<Instant>,
    node_limit: Option<u64>,
    stop: &'e AtomicBool,
    stopped: bool,
    seldepth: u32,
}

/// Searches the last position of `history` for its side to move, in a game of more than two
/// sides, within `limits`; `report` hears of every finished iteration.
pub(super) fn run_many<E: Engine>(
    engine: &E,
    eval: &Evaluator,
    history: &[Position],
    limits: &Limits,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> SearchResult {
    let started = Instant::now();
    let Some(pos) = history.last() else {
        return SearchResult {
            best: None,
            info: empty_info(started),
        };
    };
    let (soft, hard) = limits.deadlines(pos.to_move);
    let pos = &engine.state(pos);
    let mut search = Many {
        engine,
        eval,
        root: engine.to_move(pos),
        nodes: 0,
        hard: hard.and_then(|h| started.checked_add(h)),
        node_limit: limits.nodes,
        stop,
        stopped: false,
        seldepth: 0,
    };
    let mut moves = engine.legal_moves(pos);
    limits.root_moves(&mut moves);
    let mut result = SearchResult {
        best: None,
        info: Info {
            score: SearchScore::Centipawns(search.evaluate(pos)),
            ..empty_info(started)
        },
    };
    if moves.is_empty() {
        return result;
    }
    search.order(pos, &mut moves);
    result.best = Some(moves[0]);
    if moves.len() == 1 && limits.timed() {
        return result;
    }
    let max_depth = limits.max_depth();
    for depth in 1..=max_depth {
        let mut best: Option<(i32, usize)> = None;
        let mut alpha = -MATE;
        for (i, m) in moves.iter().enumerate() {
            let child = engine.play(pos, m);
            let score = -search.coalition(&child, depth - 1, 1, (-MATE, -alpha));
            if search.stopped {
                break;
            }
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, i));
                alpha = alpha.max(score);
            }
        }
        // A stopped iteration still counts for the moves it finished: the last best move was
        // searched first, so any other found better is better at this depth.
        let Some((score, i)) = best else { break };
        // The best move first: the next iteration searches it first.
        let chosen = moves.remove(i);
        moves.insert(0, chosen);
        result.best = Some(chosen);
        let info = Info {
            depth,
            seldepth: search.seldepth.max(depth),
            score: SearchScore::from_internal(score),
            nodes: search.nodes,
            time: started.elapsed(),
            pv: vec![chosen],
        };
        report(&info);
        result.info = info;
        let mate_found = matches!(result.info.score, SearchScore::Mate(_));
        if search.stopped
            || (limits.timed() && (soft.is_some_and(|s| started.elapsed() >= s) || mate_found))
        {
            break;
        }
    }
    result.info.nodes = search.nodes;
    result.info.time = started.elapsed();
    result
}

impl<E: Engine> Many<'_, E> {
    /// True when the search must stop now (time, nodes or the flag).
    fn out_of_time(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let late = self.hard.is_some_and(|h| Instant::now() >= h);
            let spent = self.node_limit.is_some_and(|n| self.nodes >= n);
            self.stopped = late || spent || self.stop.load(Ordering::Relaxed);
        }
        self.stopped
    }

    /// The value for the root side of a position the game has ended in or the root side has
    /// left, if so (`ply` plies from the root: nearer wins score more).
    fn decided(&self, pos: &E::State, ply: u32) -> Option<i32> {
        let (e, ply) = (self.engine, ply as i32);
        if e.is_out(pos, self.root) {
            return Some(-MATE + ply);
        }
        if self.sides_in_game(pos).nth(1).is_none() {
            return Some(MATE - ply);
        }
        // `royal captured`: whoever took a royal piece won. The root side is to move after
        // an opponent's reply (turned to it), another side after the root side's move.
        if end::royal_taken(e, pos) {
            return Some(if e.to_move(pos) == self.root {
                -MATE + ply
            } else {
                MATE - ply
            });
        }
        None
    }

    /// The sides still in the game, in turn order.
    fn sides_in_game<'s>(&self, pos: &'s E::State) -> impl Iterator<Item = Side> + use<'s, '_, E> {
        let e = self.engine;
        e.variant().side_ids().filter(move |&s| !e.is_out(pos, s))
    }

    /// Negamax value for the root side to move in `pos` (the root side is to move).
    fn root_side(
        &mut self,
        pos: &E::State,
        depth: u32,
        ply: u32,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if let Some(v) = self.decided(pos, ply) {
            return v;
        }
        if self.out_of_time() {
            return 0;
        }
        let e = self.engine;
        let mut moves = e.legal_moves(pos);
        if moves.is_empty() {
            return self.without_moves(pos, ply);
        }
        if depth == 0 {
            return self.quiet_root(pos, ply, (alpha, beta), moves);
        }
        self.order(pos, &mut moves);
        let children = moves.iter().map(|m| e.play(pos, m));
        self.best_of(
            children,
            Self::coalition,
            (depth - 1, ply + 1),
            (alpha, beta),
        )
    }

    /// The best negamax value among `children` (searched by `search` at `depth` and `ply`),
    /// cut off at `beta`; 0 when the search stopped.
    fn best_of(
        &mut self,
        children: impl Iterator<Item = E::State>,
        search: Layer<Self, E::State>,
        (depth, ply): (u32, u32),
        (mut alpha, beta): (i32, i32),
    ) -> i32 {
        let mut best = -MATE;
        for child in children {
            let score = -search(self, &child, depth, ply, (-beta, -alpha));
            if self.stopped {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Negamax value for the coalition of the opponents in `pos`, after a move of the root
    /// side: each opponent's moves, as if it were to move; the best for them is kept and the
    /// root side moves next.
    fn coalition(
        &mut self,
        pos: &E::State,
        depth: u32,
        ply: u32,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if let Some(v) = self.decided(pos, ply) {
            return -v;
        }
        if self.out_of_time() {
            return 0;
        }
        let replies = self.replies(pos, false);
        // The side whose turn it really is has no move, and the rules did not send it out:
        // the game is over (the root side mated it, or a stalemate shares the point).
        let e = self.engine;
        let next = e.to_move(pos);
        if next != self.root && !replies.iter().any(|(from, _)| e.to_move(from) == next) {
            let rules = &e.variant().rules;
            let mated = e.in_check(pos);
            return if mated && rules.checkmate_wins {
                -(MATE - ply as i32)
            } else {
                0
            };
        }
        if depth == 0 {
            return self.quiet_coalition(pos, ply, (alpha, beta));
        }
        let root = self.root;
        let children = replies
            .into_iter()
            .map(|(from, m)| turned_to(e, root, e.play(&from, &m)));
        self.best_of(
            children,
            Self::root_side,
            (depth - 1, ply + 1),
            (alpha, beta),
        )
    }

    /// The root side's captures past the horizon, standing pat on the evaluation; the
    /// coalition answers each with its best capture or by standing pat.
    fn quiet_root(
        &mut self,
        pos: &E::State,
        ply: u32,
        (mut alpha, beta): (i32, i32),
        mut moves: Vec<Move>,
    ) -> i32 {
        let stand = self.evaluate(pos);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        moves.retain(|m| self.captured(pos, m).is_some());
        self.order(pos, &mut moves);
        let mut best = stand;
        for m in &moves {
            let child = self.engine.play(pos, m);
            self.nodes += 1;
            self.seldepth = self.seldepth.max(ply + 1);
            let score = match self.decided(&child, ply + 1) {
                Some(v) => v,
                None => -self.quiet_coalition(&child, ply + 1, (-beta, -alpha)),
            };
            if self.out_of_time() {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The coalition's best capture past the horizon (one ply), or standing pat.
    fn quiet_coalition(&mut self, pos: &E::State, ply: u32, (mut alpha, beta): (i32, i32)) -> i32 {
        let stand = -self.evaluate(pos);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        for (from, m) in self.replies(pos, true) {
            let after = turned_to(self.engine, self.root, self.engine.play(&from, &m));
            self.nodes += 1;
            let score = match self.decided(&after, ply + 1) {
                Some(v) => -v,
                None => -self.evaluate(&after),
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Every move of every opponent still in the game, each with the position it is played
    /// from (that opponent to move), captures first; captures only when `captures_only`.
    fn replies(&self, pos: &E::State, captures_only: bool) -> Vec<(E::State, Move)> {
        let e = self.engine;
        let mut out: Vec<(i32, E::State, Move)> = Vec::new();
        for side in self.sides_in_game(pos).filter(|&s| s != self.root) {
            let from = e.with_to_move(pos, side);
            for m in e.legal_moves(&from) {
                let gain = self.captured(&from, &m).map_or(-1, |p| self.eval.value(p));
                if captures_only && gain < 0 {
                    continue;
                }
                out.push((gain, from.clone(), m));
            }
        }
        out.sort_by_key(|(gain, _, _)| -gain);
        out.into_iter().map(|(_, p, m)| (p, m)).collect()
    }

    /// The root side to move without a legal move: checkmated or stalemated, scored by what
    /// the rules make of it (a side that leaves, or a game that ends).
    fn without_moves(&self, pos: &E::State, ply: u32) -> i32 {
        let rules = &self.engine.variant().rules;
        let mated = self.engine.in_check(pos);
        if mated && (rules.checkmate_wins || rules.leaving.checkmate) {
            return -MATE + ply as i32;
        }
        if rules.leaving.stalemate {
            return -MATE + ply as i32;
        }
        0
    }

    /// The piece a move takes, if any.
    fn captured(&self, pos: &E::State, m: &Move) -> Option<usize> {
        self.engine.facts(pos, m).captured
    }

    /// Captures and promotions first, the most valuable victim by the least valuable piece;
    /// then the rest in the order generated.
    fn order(&self, pos: &E::State, moves: &mut [Move]) {
        moves.sort_by_key(|m| {
            let promotion = m.promotion.map_or(0, |p| self.eval.value(p.index()));
            let gain = match self.captured(pos, m) {
                Some(victim) => self.eval.value(victim) * 16 - self.eval.value(m.piece.index()),
                None => 0,
            };
            std::cmp::Reverse(gain + promotion * 16)
        });
    }

    /// The position's value for the root side ([`evaluate`]).
    fn evaluate(&self, pos: &E::State) -> i32 {
        evaluate(self.engine, self.eval, self.root, pos)
    }
}

/// `pos` with `side` to move when it is still in the game: after an opponent's reply the
/// searching side moves again, whoever's turn it would be.
fn turned_to<E: Engine>(e: &E, side: Side, pos: E::State) -> E::State {
    if e.is_out(&pos, side) || e.to_move(&pos) == side {
        pos
    } else {
        e.with_to_move(&pos, side)
    }
}

/// A position's value for `root`, in a game of more than two sides: each side's material and
/// mobility, `root`'s less the strongest opponent's still in the game.
pub(super) fn evaluate<E: Engine>(e: &E, eval: &Evaluator, root: Side, pos: &E::State) -> i32 {
    let v = e.variant();
    let mut worth = [0i32; Side::MAX];
    e.for_each_piece(pos, |cell, side, piece| {
        if e.is_out(pos, side) || v.pieces()[piece].royal {
            return;
        }
        let reach = e.reach(pos, cell);
        worth[side.index()] += eval.value(piece) + MOBILITY * reach as i32;
    });
    for side in v.side_ids().filter(|&s| !e.is_out(pos, s)) {
        for piece in v.piece_ids() {
            worth[side.index()] +=
                i32::from(e.hand(pos, side, piece.index())) * eval.value(piece.index());
        }
    }
    let opponents: Vec<Side> = v
        .side_ids()
        .filter(|&s| s != root && !e.is_out(pos, s))
        .collect();
    let strongest = opponents
        .iter()
        .map(|s| worth[s.index()])
        .max()
        .unwrap_or(0);
    let gone = (v.sides().len() - 1 - opponents.len()) as i32;
    (worth[root.index()] - strongest + OPPONENT * gone).clamp(-(MATE_BOUND - 1), MATE_BOUND - 1)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::game::fast::FastEngine;
    use crate::game::{Game, Reference};
    use crate::load::load;
    use crate::source::SourceFile;

    /// The search is the same on both engines: at a fixed depth both find the same value
    /// (alpha-beta's value does not depend on the order moves are tried in, which differs)
    /// in Wellisch's start and along a random game, and an evaluation equal to the
    /// reference engine's.
    #[test]
    fn both_engines_search_to_the_same_values() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/wellisch.hexv");
        let file = SourceFile::read(&path).expect("a shipped file");
        let compiled = load(&file).compiled.expect("a clean variant");
        let game: Game = compiled.game();
        let eval = Evaluator::new(game.variant, game.tables);
        let reference = Reference::new(game);
        let fast = FastEngine::for_more_sides(game).expect("Wellisch's board fits");
        let stop = AtomicBool::new(false);
        let mut pos = game.start_position();
        let mut seed = 0x5EED_u64;
        for ply in 0..60 {
            let moves = game.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            if ply % 12 == 0 {
                let s = fast.state(&pos);
                assert_eq!(
                    evaluate(&reference, &eval, pos.to_move, &pos),
                    evaluate(&fast, &eval, pos.to_move, &s),
                    "ply {ply}: the evaluation"
                );
                let history = [pos.clone()];
                // Depth 3 once (the reference engine is slow), 2 elsewhere.
                let depth = if ply == 24 { 3 } else { 2 };
                let limits = Limits::depth(depth);
                let a = run_many(&reference, &eval, &history, &limits, &stop, &mut |_| {});
                let b = run_many(&fast, &eval, &history, &limits, &stop, &mut |_| {});
                assert_eq!(
                    a.info.score, b.info.score,
                    "ply {ply}: the value at depth {depth}"
                );
                assert!(b.best.is_some_and(|m| moves.contains(&m)), "ply {ply}");
            }
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            pos = game.play(&pos, &moves[(seed >> 33) as usize % moves.len()]);
        }
    }
}
