//! `hexv perft FILE --depth N [--position POS] [--moves "..."] [--divide] [--time-limit S]`:
//! leaf counts; the total is the last line of stdout. On a terminal the progress (moves done
//! at the root, leaves so far, leaves per second) is shown on stderr; piped, nothing is.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use hexv::game::fast::Fastest;

use super::Status;

/// Deepest perft accepted (the count grows about fifty-fold per ply).
const MAX_DEPTH: u32 = 12;

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
            let started = Instant::now();
            let deadline = args.time_limit.map(|limit| started + limit);
            let stop = || deadline.is_some_and(|d| Instant::now() >= d);
            if args.depth == 0 {
                outln!("{}", engine.perft(pos, 0));
                return Status::Ok;
            }
            // Counted move by move at the root: the unit of progress and of `--divide`.
            let moves = engine.legal_moves(pos);
            let shown = std::io::stderr().is_terminal();
            let mut lines: Vec<(String, u64)> = Vec::new();
            let mut total = 0u64;
            for (i, m) in moves.iter().enumerate() {
                let Some(n) = engine.perft_until(&game.play(pos, m), args.depth - 1, &stop) else {
                    if shown {
                        eprintln!();
                    }
                    eprintln!(
                        "error: the time limit was reached after {i} of {} moves at the root ({total} leaves counted)",
                        moves.len()
                    );
                    return Status::Stopped;
                };
                total += n;
                lines.push((game.format_move(pos, m), n));
                if shown {
                    let secs = started.elapsed().as_secs_f64().max(1e-9);
                    eprint!(
                        "\r{}/{} moves, {total} leaves, {:.1} M leaves/s ",
                        i + 1,
                        moves.len(),
                        total as f64 / secs / 1e6
                    );
                }
            }
            if shown {
                eprintln!();
            }
            if args.divide {
                lines.sort();
                for (m, n) in &lines {
                    outln!("{m}: {n}");
                }
                outln!();
            }
            outln!("{total}");
            Status::Ok
        },
    )
}
