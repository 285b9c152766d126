//! `hexv perft FILE --depth N [--position POS] [--moves "..."] [--divide] [--threads N]
//! [--hash MB] [--verify] [--format text|json] [--time-limit S]`: leaf counts over every core
//! (the tree split at the root, or a ply deeper), with an optional lossless table; the total
//! is the last line of text output. On a terminal the progress (tasks done, leaves so far,
//! leaves per second, time left) is shown on stderr; piped, nothing is.
//!
//! Also: `--suite FILE` (positions with expected counts, mismatches reported) and work units
//! for many machines (`--split-at D`, `--units FILE`, `--merge UNITS RESULTS...`).

use std::io::IsTerminal;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use hexv::game::perft::{Counted, Options, Progress};
use hexv::game::AnyEngine;

use super::Status;

mod suite;
mod units;

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
    /// One JSON object a line (work units and their results).
    Jsonl,
}

#[derive(clap::Args)]
pub struct Args {
    /// Variant file (.hexv); not with --suite or --merge.
    #[arg(required_unless_present_any = ["suite", "merge"])]
    file: Option<std::path::PathBuf>,
    /// Start from this position (docs/positions.md) instead of the setup.
    #[arg(long)]
    position: Option<String>,
    /// Moves to play first, e.g. "f5-f7 f7-f6".
    #[arg(long)]
    moves: Option<String>,
    /// Plies to search.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_DEPTH as i64),
          required_unless_present_any = ["suite", "units", "merge"])]
    depth: Option<u32>,
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
    /// Output format (`jsonl`, one object a line, is what --split-at and --units write).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Give up after this many seconds (exit status 3), e.g. 60 or 0.5.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time_limit: Option<Duration>,
    /// Count every position of a suite file (`VARIANT; POSITION; 1=N 2=N ...; TAG` lines, as
    /// tests/data/perft-suite.txt) and report each count that differs.
    #[arg(long, value_name = "SUITE",
          conflicts_with_all = ["file", "position", "moves", "depth", "units", "merge", "split_at"])]
    suite: Option<std::path::PathBuf>,
    /// Write the positions this many plies ahead as work units (one JSON object a line), each
    /// to be counted `--depth` minus these plies further, with a hash of the variant file.
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64),
          requires = "depth", conflicts_with_all = ["units", "merge", "divide", "verify"])]
    split_at: Option<u32>,
    /// Count the work units of this file (`-`: standard input) for FILE's variant, writing one
    /// result a line; units of another variant file are skipped.
    #[arg(long, value_name = "UNITS", conflicts_with_all = ["position", "moves", "depth", "merge", "divide"])]
    units: Option<std::path::PathBuf>,
    /// Add up results: the units file, then the result files; every unit must be counted
    /// exactly once.
    #[arg(long, value_name = "FILE", num_args = 2..,
          conflicts_with_all = ["position", "moves", "depth", "divide", "verify"])]
    merge: Option<Vec<std::path::PathBuf>>,
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

impl Args {
    /// The counting options: threads (default every core) and table.
    fn options(&self) -> Options {
        let threads = self.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            |n| n as usize,
        );
        let hash_mb = match (self.hash, self.verify) {
            (0, true) => 64,
            (mb, _) => mb as usize,
        };
        Options {
            threads,
            hash_mb,
            ..Options::default()
        }
    }
}

pub fn run(args: &Args) -> Status {
    if let Some(path) = &args.suite {
        return suite::run(path, &args.options());
    }
    if let Some(files) = &args.merge {
        return units::merge(files);
    }
    let Some(file) = &args.file else {
        return Status::UsageOrIo;
    };
    let compiled = match super::load_variant(file) {
        Ok(compiled) => compiled,
        Err(s) => return s,
    };
    let game = compiled.game();
    if let Some(units) = &args.units {
        return units::count(&game, file, units, &args.options());
    }
    let pos = match super::start_from(&game, args.position.as_deref(), args.moves.as_deref()) {
        Ok(pos) => pos,
        Err(s) => return s,
    };
    let depth = args.depth.unwrap_or(0);
    if let Some(plies) = args.split_at {
        return units::split(&game, file, &pos, depth, plies);
    }
    count_one(args, &game, &pos, depth)
}

/// The ordinary count of one position.
fn count_one(
    args: &Args,
    game: &hexv::game::Game,
    pos: &hexv::game::Position,
    depth: u32,
) -> Status {
    {
        let engine = AnyEngine::new(*game);
        let options = args.options();
        let (threads, hash_mb) = (options.threads, options.hash_mb);
        let started = Instant::now();
        let deadline = args.time_limit.map(|limit| started + limit);
        let Some(counted) = count(&engine, pos, depth, &options, deadline) else {
            return Status::Stopped;
        };
        if args.verify {
            let second = Options {
                seed: SECOND_SEED,
                ..options
            };
            let Some(again) = count(&engine, pos, depth, &second, deadline) else {
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
            Format::Json | Format::Jsonl => {
                let moves: serde_json::Map<String, serde_json::Value> = lines
                    .into_iter()
                    .map(|(m, n)| (m, serde_json::Value::from(n)))
                    .collect();
                let json = serde_json::json!({
                    "format": "hexv-perft-1",
                    "depth": depth,
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
    }
}

/// One count, with its progress on a terminal and the time limit watched by this thread
/// while the workers count; `None` (reported) when the time ran out.
pub(super) fn count(
    engine: &AnyEngine,
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
