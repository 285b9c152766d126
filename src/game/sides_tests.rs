//! The reference engine with three sides: Glinski's board with three seats a third of a turn
//! apart (each side's setup, zones and frame the first side's turned), the turn passing round
//! the table, a royal piece attacked by either opponent in check, and each side's pieces
//! moving in its own frame.

use super::{Game, Position};
use crate::compile::{compile, MoveTables};
use crate::geometry::board::CellId;
use crate::geometry::Hour;
use crate::load::load;
use crate::source::SourceFile;
use crate::variant::{PieceId, Side, Variant};

const RED: Side = Side::BLACK;

fn blue() -> Side {
    Side::new(2).expect("a third side")
}

/// Glinski with white (forward 12 o'clock), red (4) and blue (8), in that turn order.
fn three_sided() -> (Variant, MoveTables) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/glinski.hexv");
    let file = SourceFile::read(&path).expect("a shipped file");
    let compiled = load(&file).compiled.expect("a clean variant");
    let v = compiled
        .variant()
        .with_turned_sides(&[("white", 0), ("red", 4), ("blue", 8)])
        .expect("the hexagon turns by thirds");
    let t = compile(&v).expect("tables");
    (v, t)
}

fn piece(v: &Variant, symbol: &str) -> PieceId {
    v.find_piece(symbol).expect("a Glinski piece")
}

fn cell(v: &Variant, name: &str) -> CellId {
    v.board().find(name).expect("a Glinski cell")
}

/// `f1` and its images a third and two thirds of a turn round: each side's home cell.
fn homes(v: &Variant) -> [CellId; 3] {
    let f1 = cell(v, "f1");
    let third = v.board().turn_map(4).expect("turns");
    let two_thirds = v.board().turn_map(8).expect("turns");
    [f1, third[f1.index()], two_thirds[f1.index()]]
}

/// Each side's king on its home cell, `to_move` to move.
fn kings(game: &Game, to_move: Side) -> Position {
    let v = game.variant;
    let mut pos = game.empty_position(to_move);
    for (side, home) in v.side_ids().zip(homes(v)) {
        pos.squares[home.index()] = Some((side, piece(v, "K")));
    }
    pos
}

#[test]
fn the_turn_passes_round_the_table() {
    let (v, t) = three_sided();
    let game = Game::new(&v, &t);
    assert_eq!(v.side_ids().collect::<Vec<_>>(), [Side::WHITE, RED, blue()]);
    let mut pos = kings(&game, Side::WHITE);
    for expected in [RED, blue(), Side::WHITE, RED] {
        let m = game.legal_moves(&pos)[0];
        pos = game.play(&pos, &m);
        assert_eq!(pos.to_move, expected);
    }
    assert_eq!(v.previous_side(Side::WHITE), blue());
    // Far apart, the kings' moves do not meet within three plies: each side has the same
    // count by symmetry, and the tree is its cube.
    let start = kings(&game, Side::WHITE);
    let n = game.perft(&start, 1);
    assert!(n >= 3, "{n}");
    assert_eq!(game.perft(&kings(&game, RED), 1), n);
    assert_eq!(game.perft(&start, 3), n * n * n);
    // The engine of two sides refuses four; the fast engine of more counts the same.
    assert!(crate::game::fast::FastEngine::new(game).is_none());
    let fast = crate::game::fast::FastEngine::for_more_sides(game).expect("four sides fit");
    let state = crate::game::Engine::state(&fast, &start);
    assert_eq!(crate::game::Engine::perft(&fast, &state, 3), n * n * n);
}

#[test]
fn either_opponent_gives_check() {
    let (v, t) = three_sided();
    let game = Game::new(&v, &t);
    let rook = piece(&v, "R");
    // Blue's rook up White's king's file, f1 to f9, nothing between.
    let mut pos = kings(&game, Side::WHITE);
    pos.squares[cell(&v, "f9").index()] = Some((blue(), rook));
    assert!(game.attacked(&pos, cell(&v, "f1"), blue()));
    assert!(!game.attacked(&pos, cell(&v, "f1"), RED));
    assert!(game.in_check(&pos, Side::WHITE));
    // Every legal move leaves the file or blocks it, which the king alone cannot: it leaves.
    for m in game.legal_moves(&pos) {
        let after = game.play(&pos, &m);
        assert!(!game.in_check(&after, Side::WHITE), "{m:?}");
        assert_ne!(v.board().name(m.to), "f2");
    }
    // Red's rook there checks as well.
    pos.squares[cell(&v, "f9").index()] = Some((RED, rook));
    assert!(game.in_check(&pos, Side::WHITE));
}

#[test]
fn each_side_moves_in_its_own_frame() {
    let (v, t) = three_sided();
    let game = Game::new(&v, &t);
    let centre = cell(&v, "f6");
    let grid = v.board().grid;
    let at = |c: CellId, hour: u8| {
        let to = grid.king_step(v.board().coord(c), Hour::new(hour).expect("an hour"));
        v.board().at(to).expect("on the board")
    };
    // A pawn steps to its own 12 o'clock: White's 12, Red's 4, Blue's 8.
    for (side, forward) in [(Side::WHITE, 12), (RED, 4), (blue(), 8)] {
        let mut pos = kings(&game, side);
        pos.squares[centre.index()] = Some((side, piece(&v, "P")));
        let steps: Vec<CellId> = game
            .legal_moves(&pos)
            .iter()
            .filter(|m| m.from == Some(centre))
            .map(|m| m.to)
            .collect();
        assert_eq!(steps, [at(centre, forward)], "{side:?}");
    }
    // The derived setups are the first side's turned: Red's king stands where White's does,
    // a third of a turn round.
    let king = piece(&v, "K");
    let home = |side: Side| {
        v.setup(side)
            .iter()
            .find(|(p, _)| *p == king)
            .map(|(_, c)| *c)
            .expect("a king")
    };
    let third = v.board().turn_map(4).expect("turns");
    assert_eq!(home(RED), third[home(Side::WHITE).index()]);
}
