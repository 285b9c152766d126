//! `hexv moves FILE [--moves "m1 m2 ..."]`: the legal moves, one per line.

use std::path::PathBuf;

use hexv::game::Game;

use super::{load_variant, position_after, Status};

#[derive(clap::Args)]
pub struct Args {
    /// Variant file (.hexv).
    file: PathBuf,
    /// Moves to play from the start first, e.g. "f5-f7 f7-f6".
    #[arg(long)]
    moves: Option<String>,
}

pub fn run(args: &Args) -> Status {
    let (v, t) = match load_variant(&args.file) {
        Ok(loaded) => loaded,
        Err(s) => return s,
    };
    let (v, t) = (&v, &t);
    let game = Game::new(v, t);
    let pos = match position_after(&game, args.moves.as_deref()) {
        Ok(p) => p,
        Err(s) => return s,
    };
    let mut moves: Vec<String> = game
        .legal_moves(&pos)
        .iter()
        .map(|m| game.format_move(&pos, m))
        .collect();
    moves.sort();
    for m in &moves {
        outln!("{m}");
    }
    Status::Ok
}
