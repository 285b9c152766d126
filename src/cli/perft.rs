//! `hexv perft FILE --depth N [--position POS] [--moves "..."] [--divide]`: leaf counts; the total is the last
//! line of stdout.

use std::path::PathBuf;

use hexv::game::fast::Fastest;

use super::{at_position, Status};

/// Deepest perft accepted (the count grows about fifty-fold per ply).
const MAX_DEPTH: u32 = 12;

#[derive(clap::Args)]
pub struct Args {
    /// Variant file (.hexv).
    file: PathBuf,
    /// Plies to search.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_DEPTH as i64))]
    depth: u32,
    /// Start from this position (docs/positions.md) instead of the setup.
    #[arg(long)]
    position: Option<String>,
    /// Moves to play first, e.g. "f5-f7 f7-f6".
    #[arg(long)]
    moves: Option<String>,
    /// Print each legal move with its count first.
    #[arg(long)]
    divide: bool,
}

pub fn run(args: &Args) -> Status {
    at_position(
        &args.file,
        args.position.as_deref(),
        args.moves.as_deref(),
        |game, pos| {
            let engine = Fastest::new(*game);
            if args.divide && args.depth > 0 {
                let mut lines: Vec<(String, u64)> = engine
                    .legal_moves(pos)
                    .iter()
                    .map(|m| {
                        (
                            game.format_move(pos, m),
                            engine.perft(&game.play(pos, m), args.depth - 1),
                        )
                    })
                    .collect();
                lines.sort();
                let total: u64 = lines.iter().map(|(_, n)| n).sum();
                for (m, n) in &lines {
                    outln!("{m}: {n}");
                }
                outln!();
                outln!("{total}");
            } else {
                outln!("{}", engine.perft(pos, args.depth));
            }
            Status::Ok
        },
    )
}
