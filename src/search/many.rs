//! The search of games of more than two sides: Best-Reply Search (Schadd and Winands, "Best
//! Reply Search for Multiplayer Games", IEEE TCIAIG 2011). The side to move at the root is
//! the maximising player; at the layer after each of its moves, every opponent still in the
//! game may move, and only the one reply that is worst for the root side is kept, after which
//! the root side moves again. The game becomes two-player alpha-beta between the root side
//! and the coalition, with a deep enough horizon for the root side's own plans; in the paper
//! it beat both max-n and paranoid search in Chinese Checkers, Focus and Rolit. It plays on the
//! reference engine: the fast engine's piece codes hold two sides.
//!
//! A position is worth, to the root side, its material and mobility less the strongest
//! opponent's (the side that would profit from a weakness is the one to fear), and a constant
//! for each opponent that has left the game (sending one out is worth more than a piece).

use std::sync::atomic::{AtomicBool, Ordering};

use super::alphabeta::{MATE, MATE_BOUND};
use super::clock::Instant;
use super::{empty_info, Evaluator, Info, Limits, SearchResult, SearchScore, MAX_DEPTH};
use crate::game::{Game, Move, Position};
use crate::geometry::board::CellId;
use crate::variant::Side;

/// Nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 256;

/// Centipawns per cell a piece moves to (mobility), for every side alike.
const MOBILITY: i32 = 2;

/// What each opponent that has left the game is worth to the root side: sending one out is
/// worth more than any piece but less than the game.
const OPPONENT: i32 = 2_000;

/// The search state of one call.
struct Many<'g, 'e> {
    game: Game<'g>,
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
pub(super) fn run_many(
    game: Game,
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
    let mut search = Many {
        game,
        eval,
        root: pos.to_move,
        nodes: 0,
        hard: hard.map(|h| started + h),
        node_limit: limits.nodes,
        stop,
        stopped: false,
        seldepth: 0,
    };
    let mut moves = game.legal_moves(pos);
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
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    for depth in 1..=max_depth {
        let mut best: Option<(i32, usize)> = None;
        let mut alpha = -MATE;
        for (i, m) in moves.iter().enumerate() {
            let child = game.play(pos, m);
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

impl Many<'_, '_> {
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
    fn decided(&self, pos: &Position, ply: u32) -> Option<i32> {
        let ply = ply as i32;
        if pos.is_out(self.root) {
            return Some(-MATE + ply);
        }
        if self.game.sides_in_game(pos).count() < 2 {
            return Some(MATE - ply);
        }
        // `royal captured`: whoever took a royal piece won. The root side is to move after
        // an opponent's reply (turned to it), another side after the root side's move.
        if self.game.royal_taken(pos) {
            return Some(if pos.to_move == self.root {
                -MATE + ply
            } else {
                MATE - ply
            });
        }
        None
    }

    /// Negamax value for the root side to move in `pos` (the root side is to move).
    fn root_side(
        &mut self,
        pos: &Position,
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
        let mut moves = self.game.legal_moves(pos);
        if moves.is_empty() {
            return self.without_moves(pos, self.root, ply);
        }
        if depth == 0 {
            return self.quiet_root(pos, ply, (alpha, beta), moves);
        }
        self.order(pos, &mut moves);
        let game = self.game;
        let children = moves.iter().map(|m| game.play(pos, m));
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
        children: impl Iterator<Item = Position>,
        search: fn(&mut Self, &Position, u32, u32, (i32, i32)) -> i32,
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
        pos: &Position,
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
        let next = pos.to_move;
        if next != self.root && !replies.iter().any(|(from, _)| from.to_move == next) {
            let rules = &self.game.variant.rules;
            let mated = self.game.in_check(pos, next);
            return if mated && rules.checkmate_wins {
                -(MATE - ply as i32)
            } else {
                0
            };
        }
        if depth == 0 {
            return self.quiet_coalition(pos, ply, (alpha, beta));
        }
        let game = self.game;
        let root = self.root;
        let children = replies
            .into_iter()
            .map(|(from, m)| turned_to(root, game.play(&from, &m)));
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
        pos: &Position,
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
            let child = self.game.play(pos, m);
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
    fn quiet_coalition(&mut self, pos: &Position, ply: u32, (mut alpha, beta): (i32, i32)) -> i32 {
        let stand = -self.evaluate(pos);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        for (from, m) in self.replies(pos, true) {
            let after = self.turn_to_root(self.game.play(&from, &m));
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
    fn replies(&self, pos: &Position, captures_only: bool) -> Vec<(Position, Move)> {
        let mut out: Vec<(i32, Position, Move)> = Vec::new();
        for side in self.game.sides_in_game(pos).filter(|&s| s != self.root) {
            let mut from = pos.clone();
            from.to_move = side;
            from.en_passant = pos.en_passant.clone().filter(|_| pos.to_move == side);
            for m in self.game.legal_moves(&from) {
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

    /// `pos` with the root side to move ([`turned_to`]).
    fn turn_to_root(&self, pos: Position) -> Position {
        turned_to(self.root, pos)
    }

    /// The root side to move without a legal move: checkmated or stalemated, scored by what
    /// the rules make of it (a side that leaves, or a game that ends).
    fn without_moves(&self, pos: &Position, side: Side, ply: u32) -> i32 {
        let rules = &self.game.variant.rules;
        let mated = self.game.in_check(pos, side);
        if mated && (rules.checkmate_wins || rules.leaving.checkmate) {
            return -MATE + ply as i32;
        }
        if rules.leaving.stalemate {
            return -MATE + ply as i32;
        }
        0
    }

    /// The piece a move takes, if any.
    fn captured(&self, pos: &Position, m: &Move) -> Option<usize> {
        let at = m.en_passant_victim.unwrap_or(m.to);
        match pos.squares[at.index()] {
            Some((side, p)) if side != pos.to_move => Some(p.index()),
            _ => None,
        }
    }

    /// Captures and promotions first, the most valuable victim by the least valuable piece;
    /// then the rest in the order generated.
    fn order(&self, pos: &Position, moves: &mut [Move]) {
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
    fn evaluate(&self, pos: &Position) -> i32 {
        evaluate(self.game, self.eval, self.root, pos)
    }
}

/// `pos` with `side` to move (when it is still in the game): after an opponent's reply the
/// searching side moves again, whoever's turn it would be.
fn turned_to(side: Side, mut pos: Position) -> Position {
    if !pos.is_out(side) && pos.to_move != side {
        pos.to_move = side;
        pos.en_passant = None;
    }
    pos
}

/// A position's value for `root`, in a game of more than two sides: each side's material and
/// mobility, `root`'s less the strongest opponent's still in the game.
pub(super) fn evaluate(game: Game, eval: &Evaluator, root: Side, pos: &Position) -> i32 {
    let v = game.variant;
    let mut worth = [0i32; Side::MAX];
    for (cell, sq) in pos.squares.iter().enumerate() {
        let Some((side, piece)) = *sq else { continue };
        if pos.is_out(side) || v.piece(piece).royal {
            continue;
        }
        let reach = game.reach(pos, CellId(cell as u16));
        worth[side.index()] += eval.value(piece.index()) + MOBILITY * reach as i32;
    }
    for side in v.side_ids().filter(|&s| !pos.is_out(s)) {
        for piece in v.piece_ids() {
            worth[side.index()] +=
                i32::from(pos.hands[side][piece.index()]) * eval.value(piece.index());
        }
    }
    let opponents: Vec<Side> = v
        .side_ids()
        .filter(|&s| s != root && !pos.is_out(s))
        .collect();
    let strongest = opponents
        .iter()
        .map(|s| worth[s.index()])
        .max()
        .unwrap_or(0);
    let gone = (v.sides().len() - 1 - opponents.len()) as i32;
    (worth[root.index()] - strongest + OPPONENT * gone).clamp(-(MATE_BOUND - 1), MATE_BOUND - 1)
}
