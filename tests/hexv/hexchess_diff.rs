//! hexv against an independent implementation: the `hexchess` crate (MIT, Glinski only).
//! Along random games from the start (fixed seeds), the two must list exactly the same legal
//! moves in every position, written from-to with a promotion letter (`g4g5`, `e10f11q`).

use std::collections::BTreeSet;

use hexchess::Hexchess;
use hexv::game::{Game, Move, Position};

use crate::support::{load, Rng};

/// A hexv move the way hexchess writes it.
fn written(game: &Game, mv: &Move) -> String {
    let board = &game.variant.board();
    let from = mv.from.map(|c| board.name(c)).unwrap_or("");
    let promotion = mv
        .promotion
        .map(|p| game.variant.piece(p).symbol.to_lowercase())
        .unwrap_or_default();
    format!("{from}{}{promotion}", board.name(mv.to))
}

fn hexv_moves(game: &Game, pos: &Position) -> BTreeSet<String> {
    game.legal_moves(pos)
        .iter()
        .map(|m| written(game, m))
        .collect()
}

#[test]
fn legal_moves_agree_with_hexchess_along_random_games() {
    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    let mut positions = 0;
    for seed in 1..=40u64 {
        let mut rng = Rng(0x5EED_0000 + seed);
        let mut pos = game.start_position();
        let mut other = Hexchess::init();
        for ply in 0..120 {
            let ours = hexv_moves(&game, &pos);
            let theirs: BTreeSet<String> = other
                .current_moves()
                .iter()
                .map(|m| m.to_string())
                .collect();
            assert_eq!(
                ours,
                theirs,
                "seed {seed}, ply {ply}: {}",
                game.position_text(&pos)
            );
            positions += 1;
            let moves = game.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mv = &moves[rng.below(moves.len())];
            other
                .apply_sequence(&written(&game, mv))
                .expect("hexchess accepts the move");
            pos = game.play(&pos, mv);
        }
    }
    assert!(positions > 2000, "only {positions} positions compared");
}
