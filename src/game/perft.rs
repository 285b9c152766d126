//! Perft at scale: the tree split over threads (tasks at the root, or one ply deeper when the
//! root has few moves, taken from a shared queue), and a lossless transposition table of
//! counts keyed by 128-bit Zobrist-style keys, so that a collision is not a practical risk.
//! Either engine plugs in through [`Engine`]; `--verify` runs twice with two key seeds.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::engine::Engine;

/// How to count.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Threads to count with (1: the caller's thread alone).
    pub threads: usize,
    /// Size of the transposition table in MiB (0: none).
    pub hash_mb: usize,
    /// The key seed (two runs with different seeds verify each other).
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: 1,
            hash_mb: 0,
            seed: 0x9e37_79b9_7f4a_7c15,
        }
    }
}

/// The outcome of a count: the total and the count below each root move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// Leaves `depth` plies ahead.
    pub total: u64,
    /// Per root move (in the engine's order), the leaves below it; empty at depth 0.
    pub per_move: Vec<u64>,
}

/// Progress shared with an observer while a count runs (another thread may read it).
#[derive(Debug, Default)]
pub struct Progress {
    /// Tasks finished.
    pub done: AtomicUsize,
    /// Tasks in all (known once the work is split).
    pub tasks: AtomicUsize,
    /// Leaves counted in finished tasks.
    pub leaves: AtomicU64,
    /// Counts found in the table instead of counted again.
    pub hits: AtomicU64,
    /// Set to stop the count early.
    pub stop: AtomicBool,
}

/// One slot of the table: three words written together; a reader accepts it only when
/// `a ^ c` and `b ^ c` give its key (a slot torn by two writers fails that test).
struct Slot {
    a: AtomicU64,
    b: AtomicU64,
    c: AtomicU64,
}

/// The transposition table: (key, depth) → count, always replacing. Counts are exact, so a
/// hit is as good as a count; only a false key match could make it wrong.
struct CountTable {
    slots: Vec<Slot>,
}

/// Counts above 2^56 do not fit beside the depth; they are not stored.
const COUNT_BITS: u32 = 56;

impl CountTable {
    fn new(mb: usize) -> Option<CountTable> {
        if mb == 0 {
            return None;
        }
        let n = (mb.saturating_mul(1 << 20) / std::mem::size_of::<Slot>()).max(1);
        let slots = (0..n)
            .map(|_| Slot {
                a: AtomicU64::new(0),
                b: AtomicU64::new(0),
                c: AtomicU64::new(0),
            })
            .collect();
        Some(CountTable { slots })
    }

    fn slot(&self, key: u128) -> &Slot {
        &self.slots[(key as u64 % self.slots.len() as u64) as usize]
    }

    fn get(&self, key: u128, depth: u32) -> Option<u64> {
        let s = self.slot(key);
        let (a, b, c) = (
            s.a.load(Ordering::Relaxed),
            s.b.load(Ordering::Relaxed),
            s.c.load(Ordering::Relaxed),
        );
        let found = ((b ^ c) as u128) << 64 | (a ^ c) as u128;
        (c != 0 && found == key && (c >> COUNT_BITS) as u32 == depth)
            .then_some(c & ((1 << COUNT_BITS) - 1))
    }

    fn put(&self, key: u128, depth: u32, count: u64) {
        if count >> COUNT_BITS != 0 || depth > 255 {
            return;
        }
        let c = u64::from(depth) << COUNT_BITS | count;
        let s = self.slot(key);
        s.a.store(key as u64 ^ c, Ordering::Relaxed);
        s.b.store((key >> 64) as u64 ^ c, Ordering::Relaxed);
        s.c.store(c, Ordering::Relaxed);
    }
}

/// A unit of work: a position some plies below the root, the root move it descends from,
/// and how many plies remain.
struct Task<P> {
    pos: P,
    root_move: usize,
    depth: u32,
}

/// Counts the leaves `depth` plies below `pos`, with the threads and table of `options`;
/// `None` when `progress.stop` was set before the count finished.
pub fn perft<E: Engine>(
    engine: &E,
    pos: &E::State,
    depth: u32,
    options: &Options,
    progress: &Progress,
) -> Option<Counted> {
    if depth == 0 {
        return Some(Counted {
            total: engine.perft(pos, 0),
            per_move: Vec::new(),
        });
    }
    let roots = children(engine, pos);
    // Every root move has its count, zero for one with no reply below the split.
    let root_moves = roots.len();
    let mut tasks: Vec<Task<E::State>> = Vec::new();
    // Enough tasks to keep every thread busy to the end: split one ply deeper when the root
    // has fewer than eight moves a thread.
    let deeper = options.threads > 1 && depth >= 3 && roots.len() < 8 * options.threads;
    for (i, child) in roots.into_iter().enumerate() {
        if deeper {
            for grandchild in children(engine, &child) {
                tasks.push(Task {
                    pos: grandchild,
                    root_move: i,
                    depth: depth - 2,
                });
            }
            // A root move with no reply is a leaf only at depth 1 (not split then).
        } else {
            tasks.push(Task {
                pos: child,
                root_move: i,
                depth: depth - 1,
            });
        }
    }
    progress.tasks.store(tasks.len(), Ordering::Relaxed);
    let table = CountTable::new(options.hash_mb);
    let results: Vec<AtomicU64> = (0..root_moves).map(|_| AtomicU64::new(0)).collect();
    let next = AtomicUsize::new(0);
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(task) = tasks.get(i) else { break };
        let Some(n) = count(
            engine,
            &task.pos,
            task.depth,
            table.as_ref(),
            options.seed,
            progress,
        ) else {
            break;
        };
        results[task.root_move].fetch_add(n, Ordering::Relaxed);
        progress.leaves.fetch_add(n, Ordering::Relaxed);
        progress.done.fetch_add(1, Ordering::Relaxed);
    };
    let threads = options.threads.max(1);
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(work);
            }
        });
    }
    if progress.stop.load(Ordering::Relaxed) && progress.done.load(Ordering::Relaxed) < tasks.len()
    {
        return None;
    }
    let per_move: Vec<u64> = results.iter().map(|r| r.load(Ordering::Relaxed)).collect();
    Some(Counted {
        total: per_move.iter().sum(),
        per_move,
    })
}

/// The recursive count below one task, with the table at nodes two or more plies from the
/// leaves; `None` once stopped.
fn count<E: Engine>(
    engine: &E,
    pos: &E::State,
    depth: u32,
    table: Option<&CountTable>,
    seed: u64,
    progress: &Progress,
) -> Option<u64> {
    if depth <= 1 {
        return Some(engine.perft(pos, depth));
    }
    let Some(table) = table else {
        return engine.perft_until(pos, depth, &|| progress.stop.load(Ordering::Relaxed));
    };
    if progress.stop.load(Ordering::Relaxed) {
        return None;
    }
    let key = Some((table, engine.perft_key(pos, seed)));
    if let Some((t, k)) = key {
        if let Some(n) = t.get(k, depth) {
            progress.hits.fetch_add(1, Ordering::Relaxed);
            return Some(n);
        }
    }
    let mut total = 0;
    for child in children(engine, pos) {
        total += count(engine, &child, depth - 1, Some(table), seed, progress)?;
    }
    if let Some((t, k)) = key {
        t.put(k, depth, total);
    }
    Some(total)
}

/// The positions after each legal move, in the engine's move order.
fn children<E: Engine>(engine: &E, pos: &E::State) -> Vec<E::State> {
    engine
        .legal_moves(pos)
        .iter()
        .map(|m| engine.play(pos, m))
        .collect()
}
