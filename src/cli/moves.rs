//! `hexv moves FILE [--position POS] [--moves "m1 m2 ..."]`: the legal moves, one per line.

use std::path::PathBuf;

use hexv::game::fast::Fastest;

use super::{at_position, Status};

#[derive(clap::Args)]
pub struct Args {
    /// Variant file (.hexv).
    file: PathBuf,
    /// Start from this position (docs/positions.md) instead of the setup.
    #[arg(long)]
    position: Option<String>,
    /// Moves to play first, e.g. "f5-f7 f7-f6".
    #[arg(long)]
    moves: Option<String>,
}

pub fn run(args: &Args) -> Status {
    at_position(
        &args.file,
        args.position.as_deref(),
        args.moves.as_deref(),
        |game, pos| {
            let mut moves: Vec<String> = Fastest::new(*game)
                .legal_moves(pos)
                .iter()
                .map(|m| game.format_move(pos, m))
                .collect();
            moves.sort();
            for m in &moves {
                outln!("{m}");
            }
            Status::Ok
        },
    )
}
