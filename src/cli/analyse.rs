//! `hexv analyse FILE [--position POS] [--moves ...] [--depth N | --movetime MS | --nodes N]
//! [--threads N]`:
//! the engine's best line and score, one line per finished depth.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hexv::search::{line_text, Limits, Searcher};

use super::Status;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    at: super::At,
    /// Search this many plies deep.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Search for this many milliseconds (the default is 3000 when no limit is given).
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Search this many positions (on one thread, whatever --threads says).
    #[arg(long)]
    nodes: Option<u64>,
    /// Threads searching together (Lazy SMP over one shared table).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=hexv::search::MAX_THREADS as i64))]
    threads: u32,
    #[command(flatten)]
    weights: super::weights::Choice,
}

pub fn run(args: &Args) -> Status {
    args.at.run(|game, pos| {
        let mut limits = Limits {
            depth: args.depth,
            nodes: args.nodes,
            movetime: args.movetime.map(Duration::from_millis),
            ..Limits::default()
        };
        if limits == Limits::default() {
            limits.movetime = Some(Duration::from_millis(3000));
        }
        let weights = match args.weights.resolve(args.at.file(), game) {
            Ok(w) => w,
            Err(status) => return status,
        };
        let mut searcher = Searcher::new(*game);
        searcher.set_threads(args.threads as usize);
        if let Some(w) = &weights {
            searcher.set_weights(w);
        }
        let stop = AtomicBool::new(false);
        let result = searcher.search(std::slice::from_ref(pos), &limits, &stop, &mut |info| {
            outln!(
                "depth {:>2}  score {:>7}  nodes {:>10}  nps {:>8}  time {:>6} ms  pv {}",
                info.depth,
                info.score.to_string(),
                info.nodes,
                info.nps(),
                info.time.as_millis(),
                line_text(game, pos, &info.pv).join(" ")
            );
        });
        match result.best {
            Some(best) => {
                outln!("best {}", game.format_move(pos, &best));
                Status::Ok
            }
            None => {
                let end = game
                    .outcome(std::slice::from_ref(pos))
                    .map(|o| format!("{:?}, {}", o.end, o.result()))
                    .unwrap_or_default();
                outln!("no legal move ({end})");
                Status::Ok
            }
        }
    })
}
