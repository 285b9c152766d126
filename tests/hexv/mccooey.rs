//! McCooey's Hexagonal Chess, after McCooey's own description as The Chess Variant Pages'
//! "Hexagonal chess" page mentions it
//! (https://www.chessvariants.com/hexagonal.dir/hexagonal.html): Glinski's board with
//! McCooey's setup (the one in variants/mccooey.hexv); pawns capture on the forward diagonals
//! and the f-pawn never steps two.

use hexv::compile::Condition;
use hexv::game::Game;
use hexv::variant::Side;

use crate::support::{cell, load, names, piece, set};

#[test]
fn setup_matches_the_rules_for_both_sides() {
    let (v, _) = load("variants/mccooey.hexv");
    let on = |side: Side, sym: &str| {
        let p = piece(&v, sym);
        names(
            &v,
            v.setup(side)
                .iter()
                .filter(|(q, _)| *q == p)
                .map(|(_, c)| *c),
        )
    };
    assert_eq!(on(Side::WHITE, "K"), set("g1"));
    assert_eq!(on(Side::WHITE, "Q"), set("e1"));
    assert_eq!(on(Side::WHITE, "R"), set("d1 h1"));
    assert_eq!(on(Side::WHITE, "N"), set("e2 g2"));
    assert_eq!(on(Side::WHITE, "B"), set("f1 f2 f3"));
    assert_eq!(on(Side::WHITE, "P"), set("c1 d2 e3 f4 g3 h2 i1"));
    assert_eq!(on(Side::BLACK, "K"), set("g10"));
    assert_eq!(on(Side::BLACK, "Q"), set("e10"));
    assert_eq!(on(Side::BLACK, "R"), set("d9 h9"));
    assert_eq!(on(Side::BLACK, "N"), set("e9 g9"));
    assert_eq!(on(Side::BLACK, "B"), set("f9 f10 f11"));
    assert_eq!(on(Side::BLACK, "P"), set("c8 d8 e8 f8 g8 h8 i8"));
}

#[test]
fn pawns_capture_on_the_forward_diagonals() {
    let (v, t) = load("variants/mccooey.hexv");
    let pawn = piece(&v, "P");
    let captures = |side: Side, from: &str| {
        let cells = t
            .entries(pawn, side, cell(&v, from))
            .iter()
            .filter(|e| e.mode.captures)
            .flat_map(|e| t.path(e).to_vec());
        names(&v, cells)
    };
    // 11 and 1 o'clock from f4 pass between e4/f5 and f5/g4.
    assert_eq!(captures(Side::WHITE, "f4"), set("e5 g5"));
    assert_eq!(captures(Side::WHITE, "f6"), set("e7 g7"));
    assert_eq!(captures(Side::BLACK, "f8"), set("e6 g6"));
}

#[test]
fn the_f_pawn_never_steps_two() {
    let (v, t) = load("variants/mccooey.hexv");
    let pawn = piece(&v, "P");
    let doubles = |side: Side| {
        let cells = v.board().cells().filter(|c| {
            t.entries(pawn, side, *c)
                .iter()
                .any(|e| e.when == Some(Condition::MultiStep))
        });
        names(&v, cells)
    };
    assert_eq!(doubles(Side::WHITE), set("c1 d2 e3 g3 h2 i1"));
    assert_eq!(doubles(Side::BLACK), set("c8 d8 e8 g8 h8 i8"));
}

/// Derived by hand: 6 pawns with a single and a double step and the f-pawn's single step
/// (13); knights e2 -> b1 c3 d4 f5 g4 and g2 -> e4 f5 h4 i3 k1 (10); the bishop on f3 along
/// 11 and 1 o'clock to the edge, b7..e4 and g4..k7 (8); every other piece is boxed in.
#[test]
fn white_has_31_moves_at_the_start() {
    let (v, t) = load("variants/mccooey.hexv");
    let game = Game::new(&v, &t);
    let start = game.start_position();
    let moves = game.legal_moves(&start);
    assert_eq!(moves.len(), 31);
    let by = |sym: &str| {
        let p = piece(&v, sym);
        moves
            .iter()
            .filter(|m| m.from.and_then(|f| start.squares[f.index()]) == Some((Side::WHITE, p)))
            .count()
    };
    assert_eq!((by("P"), by("N"), by("B")), (13, 10, 8));
}
