//! The search: the best move of a position for any variant, driven only by the compiled
//! variant. It sits beside [`crate::game`] and uses its move generation: the fast engine where
//! the board fits in 128-bit sets, the reference engine elsewhere. The evaluation is derived
//! from the move tables ([`eval`]); docs/engine.md describes both.

mod alphabeta;
pub mod arena;
mod clock;
mod correction;
pub mod eval;
mod many;
pub mod params;
pub mod records;
pub mod sprt;
pub mod terms;
mod tt;
pub mod tune;
pub mod weights;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use crate::game::{AnyEngine, Engine, Game, Move, Position};
use crate::variant::{Side, Variant};
use crate::with_engine;

use alphabeta::{Budget, Search, MATE, MATE_BOUND};
use clock::Instant;
pub use eval::{Accumulator, Evaluator};
pub use params::SearchParams;
use tt::Table;
pub use weights::Weights;

/// The transposition table's size unless told otherwise, in MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// The most threads a search uses (`Threads`).
pub const MAX_THREADS: usize = 256;
/// The most the search goes deep (a `depth` limit above it is cut to it).
pub const MAX_DEPTH: u32 = 64;

/// How long or how deep to search; all given limits hold, none means "until stopped".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Plies of full-width search.
    pub depth: Option<u32>,
    /// Positions visited.
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// Each side's remaining clock time, in turn order.
    pub time: [Option<Duration>; Side::MAX],
    /// Each side's increment per move, in turn order.
    pub increment: [Option<Duration>; Side::MAX],
    /// Moves until the next time control.
    pub moves_to_go: Option<u32>,
    /// Search until stopped, whatever else is given.
    pub infinite: bool,
    /// Only these moves at the root (UCI's `go searchmoves`); empty: every legal move.
    pub searchmoves: Vec<Move>,
    /// Look for a mate in this many moves (UCI's `go mate`): the search goes no deeper than
    /// such a mate needs and ends as soon as it finds one.
    pub mate: Option<u32>,
}

impl Limits {
    /// A fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A fixed time per move.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// A fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// The time to aim for (start no new iteration after it) and the time never to pass, for
    /// `side` to move.
    fn deadlines(&self, side: Side) -> (Option<Duration>, Option<Duration>) {
        if self.infinite {
            return (None, None);
        }
        // What answering takes after the search stops: printing, the pipe, the GUI.
        let overhead = Duration::from_millis(10);
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(t) = self.movetime {
            let t = t.saturating_sub(overhead.min(t / 10));
            soft = Some(t);
            hard = Some(t);
        }
        if let Some(left) = self.time.get(side.index()).copied().flatten() {
            let inc = self
                .increment
                .get(side.index())
                .copied()
                .flatten()
                .unwrap_or_default();
            let moves = self.moves_to_go.unwrap_or(30).clamp(1, 60);
            let usable = left.saturating_sub(overhead);
            let aim = (usable / moves + inc * 3 / 4).min(usable / 2);
            let limit = (aim * 3).min(usable * 2 / 3);
            soft = Some(soft.map_or(aim, |s| s.min(aim)));
            hard = Some(hard.map_or(limit, |h| h.min(limit)));
        }
        (soft, hard)
    }

    /// True when the search may stop early on its own judgement (a single legal move, a mate
    /// found): only when time, not depth or nodes, is what the caller asked to spend.
    fn timed(&self) -> bool {
        !self.infinite
            && self.depth.is_none()
            && self.nodes.is_none()
            && (self.movetime.is_some() || self.time.iter().any(Option::is_some))
    }

    /// The deepest iteration: the `depth` given, cut to what a `mate` limit needs (a mate in
    /// n moves is 2n - 1 plies), and to [`MAX_DEPTH`].
    fn max_depth(&self) -> u32 {
        let mate = self.mate.map(|n| n.saturating_mul(2).saturating_sub(1));
        let depth = match (self.depth, mate) {
            (Some(d), Some(m)) => d.min(m),
            (d, m) => d.or(m).unwrap_or(MAX_DEPTH),
        };
        depth.clamp(1, MAX_DEPTH)
    }

    /// Whether `score` ends a `mate` search: a mate for the side to move within its moves.
    pub fn mate_reached(&self, score: SearchScore) -> bool {
        matches!((self.mate, score), (Some(limit), SearchScore::Mate(n)) if n > 0 && n.unsigned_abs() <= limit)
    }

    /// The root's moves a `searchmoves` limit keeps (all when it names none of them).
    fn root_moves(&self, moves: &mut Vec<Move>) {
        if self.searchmoves.is_empty() {
            return;
        }
        let kept: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| self.searchmoves.contains(m))
            .collect();
        if !kept.is_empty() {
            *moves = kept;
        }
    }
}

/// A score for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchScore {
    /// Centipawns (100: about a pawn of the variant).
    Centipawns(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl SearchScore {
    fn from_internal(score: i32) -> SearchScore {
        if score >= MATE_BOUND {
            SearchScore::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            SearchScore::Mate(-(MATE + score) / 2)
        } else {
            SearchScore::Centipawns(score)
        }
    }
}

/// A finished iteration, as reported while the search goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Plies of full-width search.
    pub depth: u32,
    /// The deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// The score for the side to move.
    pub score: SearchScore,
    /// Positions visited so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The expected line, from the root.
    pub pv: Vec<Move>,
}

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let ms = self.time.as_millis().max(1) as u64;
        self.nodes.saturating_mul(1000) / ms
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best: Option<Move>,
    /// The last finished iteration (depth 0 and the static evaluation if none finished).
    pub info: Info,
}

/// A searcher for one variant: its engine, its evaluation and its transposition table, kept
/// between searches of the same game.
pub struct Searcher<'a> {
    /// The game, for the reference engine's search of more than two sides.
    game: Game<'a>,
    engine: AnyEngine<'a>,
    tt: Table,
    eval: Evaluator,
    /// Whether the search prunes by the static value (reverse futility, futility, late
    /// moves): on by default; off to measure what it gains (`setoption name Pruning`).
    pruning: bool,
    /// The search's margins and reductions (the weights file's, or the defaults).
    params: SearchParams,
    /// Threads searching each position (`setoption name Threads`): 1 by default.
    threads: usize,
}

/// Why a front end that records, matches or serves games of two sides (self-play, matches,
/// tuning, PGN, the engine protocol, the playground) cannot take this variant yet, if it
/// cannot: the search plays any number of sides, those front ends two.
pub fn unsupported(v: &Variant) -> Option<String> {
    let n = v.sides().len();
    (n != 2).then(|| format!("the variant has {n} sides, and this takes two sides so far"))
}

impl<'a> Searcher<'a> {
    /// A searcher with the default table size.
    pub fn new(game: Game<'a>) -> Searcher<'a> {
        Searcher::with_hash(game, DEFAULT_HASH_MB)
    }

    /// A searcher whose transposition table takes about `megabytes` MB.
    pub fn with_hash(game: Game<'a>, megabytes: usize) -> Searcher<'a> {
        Searcher {
            game,
            engine: AnyEngine::new(game),
            tt: Table::new(megabytes),
            eval: Evaluator::new(game.variant, game.tables),
            pruning: true,
            params: SearchParams::default(),
            threads: 1,
        }
    }

    /// Searches with `threads` threads from now on (Lazy SMP, docs/engine.md), at most
    /// [`MAX_THREADS`]; one in WebAssembly, which has no threads to start.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = if cfg!(target_arch = "wasm32") {
            1
        } else {
            threads.clamp(1, MAX_THREADS)
        };
    }

    /// Turns the pruning by the static value on or off.
    pub fn set_pruning(&mut self, on: bool) {
        self.pruning = on;
    }

    /// Evaluates with these weights from now on (the built-in formula's by default), and
    /// searches with their search numbers.
    pub fn set_weights(&mut self, weights: &Weights) {
        let game = self.engine.game();
        self.eval = Evaluator::with_weights(game.variant, game.tables, weights);
        self.params = weights.search;
    }

    /// The evaluation in use.
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Resizes the transposition table (forgetting it).
    pub fn set_hash(&mut self, megabytes: usize) {
        self.tt = Table::new(megabytes);
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The static evaluation of a position for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        with_engine!(&self.engine, e => self.eval.evaluate(e, &e.state(pos)))
    }

    /// Searches the last position of `history` (the game from its start, or from a given
    /// position) within `limits`, or until `stop` is set; `info` hears of every finished
    /// iteration. The move returned is always legal.
    pub fn search(
        &mut self,
        history: &[Position],
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        if self.game.variant.sides().len() > 2 {
            let eval = &self.eval;
            return with_engine!(&self.engine, e => many::run_many(e, eval, history, limits, stop, info));
        }
        let (eval, tt) = (&self.eval, &mut self.tt);
        let how = (eval, self.pruning, &self.params, self.threads);
        with_engine!(&self.engine, e => run(e, how, tt, history, limits, stop, info))
    }
}

/// Iterative deepening with one engine.
fn run<P: Engine + Sync>(
    engine: &P,
    (eval, pruning, params, threads): (&Evaluator, bool, &SearchParams, usize),
    tt: &mut Table,
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
    let root = engine.state(pos);
    let (soft, hard) = limits.deadlines(pos.to_move);
    let keys: Vec<u64> = history
        .iter()
        .map(|p| engine.key(&engine.state(p)))
        .collect();
    let mut moves = Vec::new();
    engine.legal_moves_into(&root, &mut moves);
    limits.root_moves(&mut moves);
    let static_eval = eval.evaluate(engine, &root);
    let mut result = SearchResult {
        best: None,
        info: Info {
            score: SearchScore::Centipawns(static_eval),
            ..empty_info(started)
        },
    };
    if moves.is_empty() {
        return result;
    }
    // Until an iteration finishes, the best guess is the best capture or promotion.
    let facts: Vec<(i32, usize)> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let f = engine.facts(&root, m);
            let gain =
                f.captured.map_or(0, |p| eval.value(p)) + f.promotion.map_or(0, |p| eval.value(p));
            (-gain, i)
        })
        .collect();
    let mut sorted = facts;
    sorted.sort();
    let mut moves: Vec<Move> = sorted.iter().map(|&(_, i)| moves[i]).collect();
    result.best = Some(moves[0]);
    if moves.len() == 1 && limits.timed() {
        return result;
    }
    tt.new_search();
    let tt: &Table = tt;
    let hard = hard.and_then(|h| started.checked_add(h));
    let max_depth = limits.max_depth();
    // A search limited by nodes stays on one thread, so that it is the same every time.
    let threads = if limits.nodes.is_some() { 1 } else { threads };
    // Set when the main thread has finished, which ends the helpers' searches.
    let done = AtomicBool::new(false);
    let helper_nodes = AtomicU64::new(0);
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|k| {
                let budget = Budget {
                    hard,
                    nodes: None,
                    stop: &done,
                    shared_nodes: Some(&helper_nodes),
                };
                let (keys, mut moves) = (keys.clone(), moves.clone());
                let root = &root;
                scope.spawn(move || {
                    let mut search = Search::new(engine, eval, tt, budget, keys, params);
                    search.pruning = pruning;
                    help(
                        &mut search,
                        root,
                        &mut moves,
                        max_depth,
                        params,
                        k as u32 % 2,
                    );
                    search.nodes
                })
            })
            .collect();
        let budget = Budget {
            hard,
            nodes: limits.nodes,
            stop,
            shared_nodes: None,
        };
        let mut search = Search::new(engine, eval, tt, budget, keys, params);
        search.pruning = pruning;
        let mut last_score = None;
        for depth in 1..=max_depth {
            let window = (last_score, params.aspiration);
            let Some(it) = aspiration(&mut search, &root, depth, &mut moves, window) else {
                break;
            };
            last_score = Some(it.score);
            let info = Info {
                depth: it.depth,
                seldepth: it.seldepth.max(it.depth),
                score: SearchScore::from_internal(it.score),
                nodes: search.nodes + helper_nodes.load(Ordering::Relaxed),
                time: started.elapsed(),
                pv: it.pv.clone(),
            };
            // A partly searched iteration still counts when it found a move at least as good
            // as the last finished one (the last best move is searched first).
            result.best = it.pv.first().copied();
            report(&info);
            result.info = info;
            if search.stopped || limits.mate_reached(result.info.score) {
                break;
            }
            let mate_found =
                matches!(result.info.score, SearchScore::Mate(n) if (n.unsigned_abs() * 2) < depth);
            if limits.timed() && (soft.is_some_and(|s| started.elapsed() >= s) || mate_found) {
                break;
            }
        }
        done.store(true, Ordering::Relaxed);
        let helped: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
        result.info.nodes = search.nodes + helped;
    });
    result.info.time = started.elapsed();
    result
}

/// A helper thread's search (Lazy SMP): iterative deepening over the table it shares with the
/// main thread, until the main thread is done. Its results in the table (other moves first,
/// every other helper a ply deeper than its turn) let the main thread cut its tree sooner.
fn help<P: Engine>(
    search: &mut Search<P>,
    root: &P::State,
    moves: &mut [Move],
    max_depth: u32,
    params: &SearchParams,
    ahead: u32,
) {
    let mut last_score = None;
    for depth in 1..=max_depth {
        let depth = (depth + ahead).min(max_depth);
        let window = (last_score, params.aspiration);
        match aspiration(search, root, depth, moves, window) {
            Some(it) if !search.stopped => last_score = Some(it.score),
            _ => return,
        }
    }
}

/// One iteration in a window around the last score (from depth 4), widened on the side the
/// score falls out of until it falls inside: most iterations end in the first, narrow one.
fn aspiration<P: Engine>(
    search: &mut Search<P>,
    root: &P::State,
    depth: u32,
    moves: &mut [Move],
    (last, mut delta): (Option<i32>, i32),
) -> Option<alphabeta::Iteration<Move>> {
    let Some(last) = last.filter(|s| depth >= 4 && s.abs() < MATE_BOUND) else {
        return search.root(root, depth, moves, (-MATE, MATE));
    };
    let (mut alpha, mut beta) = ((last - delta).max(-MATE), (last + delta).min(MATE));
    loop {
        let it = search.root(root, depth, moves, (alpha, beta))?;
        if search.stopped {
            // A partial iteration: its best move is good only if it beat the window's floor.
            return (it.score > alpha).then_some(it);
        }
        if it.score <= alpha {
            alpha = (alpha - delta).max(-MATE);
        } else if it.score >= beta {
            beta = (beta + delta).min(MATE);
        } else {
            return Some(it);
        }
        delta *= 2;
        if delta > 1000 {
            (alpha, beta) = (-MATE, MATE);
        }
    }
}

fn empty_info(started: Instant) -> Info {
    Info {
        depth: 0,
        seldepth: 0,
        score: SearchScore::Centipawns(0),
        nodes: 0,
        time: started.elapsed(),
        pv: Vec::new(),
    }
}

/// A line of moves from `pos`, each written in hexv's notation in the position it is played
/// from.
pub fn line_text(game: &Game, pos: &Position, line: &[Move]) -> Vec<String> {
    let mut at = pos.clone();
    line.iter()
        .map(|m| {
            let text = game.format_move(&at, m);
            at = game.play(&at, m);
            text
        })
        .collect()
}

impl std::fmt::Display for SearchScore {
    /// `+1.25`, `-0.40` (pawns), `#3` (mates in 3), `#-2` (is mated in 2).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchScore::Centipawns(cp) => {
                let sign = if *cp < 0 { "-" } else { "+" };
                write!(f, "{sign}{}.{:02}", cp.abs() / 100, cp.abs() % 100)
            }
            SearchScore::Mate(n) => write!(f, "#{n}"),
        }
    }
}
