//! `hexv perft FILE --depth N [--position POS] [--moves "..."] [--divide] [--threads N]
//! [--hash MB] [--verify] [--format text|json] [--time-limit S]`: leaf counts over every core
//! (the tree split at the root, or a ply deeper), with an optional lossless table; the total
//! is the last line of text output. On a terminal the progress (tasks done, leaves so far,
//! leaves per second, time left) is shown on stderr; piped, nothing is.

use std::io::IsTerminal;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use hexv::game::fast::Fastest;
use hexv::game::perft::{Counted, Options, Progress};

use super::Status;

/// Deepest perft accepted (the count grows about fifty-fold per ply).
const MAX_DEPTH: u32 = 12;

/// The largest table, in MiB (64 GiB).
const MAX_HASH_MB: u64 = 65_536;

/// The key seed of `--verify`'s second run (the first uses the default).
const SECOND_SEED: u64 = 0x2545_f491_4f6c_dd1d;

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// The total on the last line (with `--divide`, each move's count first).
    Text,
    /// One JSON object: the depth, the total, each move's count, threads, table, time.
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    at: super::At,
    /// Plies to search.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_DEPTH as i64))]
    depth: u32,
    /// Print each legal move with its count first.
    #[arg(long)]
    divide: bool,
    /// Threads to count with (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// A table of counts of this many MiB, shared by the threads (0: none).
    #[arg(long, value_name = "MB", default_value_t = 0,
          value_parser = clap::value_parser!(u64).range(0..=MAX_HASH_MB))]
    hash: u64,
    /// Count twice with two key seeds (and a table of 64 MiB unless --hash gives one) and
    /// fail if the counts differ.
    #[arg(long)]
    verify: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Give up after this many seconds (exit status 3), e.g. 60 or 0.5.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time_limit: Option<Duration>,
}

/// A positive number of seconds, at most a year.
fn seconds(text: &str) -> Result<Duration, String> {
    let s: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(s > 0.0 && s <= 365.0 * 86_400.0) {
        return Err(format!(
            "`{text}`: give a time from 0 to a year, in seconds"
        ));
    }
    Ok(Duration::from_secs_f64(s))
}

pub fn run(args: &Args) -> Status {
    args.at.run(|game, pos| {
        let engine = Fastest::new(*game);
        let threads = args.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            |n| n as usize,
        );
        let hash_mb = match (args.hash, args.verify) {
            (0, true) => 64,
            (mb, _) => mb as usize,
        };
        let options = Options {
            threads,
            hash_mb,
            ..Options::default()
        };
        let started = Instant::now();
        let deadline = args.time_limit.map(|limit| started + limit);
        let Some(counted) = count(&engine, pos, args.depth, &options, deadline) else {
            return Status::Stopped;
        };
        if args.verify {
            let second = Options {
                seed: SECOND_SEED,
                ..options
            };
            let Some(again) = count(&engine, pos, args.depth, &second, deadline) else {
                return Status::Stopped;
            };
            if again != counted {
                eprintln!(
                    "error: the two counts differ ({} with the first key seed, {} with the second): a key collision or a fault in the table",
                    counted.total, again.total
                );
                return Status::InputErrors;
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        let mut lines: Vec<(String, u64)> = engine
            .legal_moves(pos)
            .iter()
            .map(|m| game.format_move(pos, m))
            .zip(counted.per_move.iter().copied())
            .collect();
        lines.sort();
        match args.format {
            Format::Text => {
                if args.divide {
                    for (m, n) in &lines {
                        outln!("{m}: {n}");
                    }
                    outln!();
                }
                outln!("{}", counted.total);
            }
            Format::Json => {
                let moves: serde_json::Map<String, serde_json::Value> = lines
                    .into_iter()
                    .map(|(m, n)| (m, serde_json::Value::from(n)))
                    .collect();
                let json = serde_json::json!({
                    "format": "hexv-perft-1",
                    "depth": args.depth,
                    "total": counted.total,
                    "moves": moves,
                    "threads": threads,
                    "hash_mb": hash_mb,
                    "verified": args.verify,
                    "seconds": (seconds * 1000.0).round() / 1000.0,
                });
                outln!("{json}");
            }
        }
        Status::Ok
    })
}

/// One count, with its progress on a terminal and the time limit watched by this thread
/// while the workers count; `None` (reported) when the time ran out.
fn count(
    engine: &Fastest,
    pos: &hexv::game::Position,
    depth: u32,
    options: &Options,
    deadline: Option<Instant>,
) -> Option<Counted> {
    let progress = Progress::default();
    let shown = std::io::stderr().is_terminal();
    let started = Instant::now();
    let result = std::thread::scope(|s| {
        let worker = s.spawn(|| engine.perft_with(pos, depth, options, &progress));
        while !worker.is_finished() {
            std::thread::sleep(Duration::from_millis(100));
            if deadline.is_some_and(|d| Instant::now() >= d) {
                progress.stop.store(true, Ordering::Relaxed);
            }
            if shown {
                show(&progress, started);
            }
        }
        worker.join().ok().flatten()
    });
    if shown {
        eprintln!();
    }
    if result.is_none() {
        eprintln!(
            "error: the time limit was reached after {} of {} tasks ({} leaves counted)",
            progress.done.load(Ordering::Relaxed),
            progress.tasks.load(Ordering::Relaxed),
            progress.leaves.load(Ordering::Relaxed)
        );
    }
    result
}

/// One progress line: tasks done, leaves, leaves per second, and the time left at the rate so
/// far.
fn show(progress: &Progress, started: Instant) {
    let done = progress.done.load(Ordering::Relaxed);
    let tasks = progress.tasks.load(Ordering::Relaxed);
    let leaves = progress.leaves.load(Ordering::Relaxed);
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let left = if done > 0 && tasks > done {
        format!(
            ", about {:.0} s left",
            secs * (tasks - done) as f64 / done as f64
        )
    } else {
        String::new()
    };
    eprint!(
        "\r{done}/{tasks} tasks, {leaves} leaves, {:.1} M leaves/s{left}   ",
        leaves as f64 / secs / 1e6
    );
}
