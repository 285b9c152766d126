//! `hexv moves FILE [--position POS] [--moves "m1 m2 ..."]`: the legal moves, one per line.

use hexv::game::AnyEngine;

use super::Status;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    at: super::At,
}

pub fn run(args: &Args) -> Status {
    args.at.run(|game, pos| {
        let mut moves: Vec<String> = AnyEngine::new(*game)
            .legal_moves(pos)
            .iter()
            .map(|m| game.format_move(pos, m))
            .collect();
        moves.sort();
        for m in &moves {
            outln!("{m}");
        }
        Status::Ok
    })
}
