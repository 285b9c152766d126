//! Xiangqi's end rules on Glinski's board (tests/fixtures/valid/facing_kings.hexv): the kings
//! may not face each other on an open file (`facing 12`), the side whose move makes the third
//! repetition loses (`repetition 3 loss`), and the game is drawn once neither side has a rook,
//! a cannon or a pawn (`draw-without R C P`). Geometry as in conditions.rs: from e1 the king
//! steps to e2 (12 o'clock), f2 (2 o'clock, towards file f: up a rank) and f1 (4 o'clock);
//! Black's palace is White's mirrored (e9 e10 f9 f10 f11 g9 g10).

use hexv::game::{GameEnd, Position};
use hexv::variant::Side;

use crate::rule_support::{at, ending, moves_from, play};
use crate::support::{game, set};

const FILE: &str = "tests/fixtures/valid/facing_kings.hexv";

#[test]
fn a_king_may_not_step_onto_an_open_file_facing_the_other() {
    let g = game(FILE);
    // Black's king on f11, the f file empty: f1 and f2 face it, e2 does not.
    let pos = at(&g, Side::WHITE, "K e1 k f11", "");
    assert_eq!(moves_from(&g, &pos, "e1"), set("e1-e2"));
    // With a piece anywhere between them on the file, they do not face each other.
    let pos = at(&g, Side::WHITE, "K e1 k f11 p f7", "");
    assert_eq!(moves_from(&g, &pos, "e1"), set("e1-e2 e1-f2 e1-f1"));
}

#[test]
fn the_piece_between_the_kings_is_held_on_the_file() {
    let g = game(FILE);
    // White's pawn on f6 stands between the kings: it may advance to f7 (still between), but
    // not take the pawn on e6 (10 o'clock from f6), which would open the file.
    let pos = at(&g, Side::WHITE, "K f1 k f11 P f6 p e6", "");
    assert_eq!(moves_from(&g, &pos, "f6"), set("f6-f7"));
    // Without Black's king on the file, the capture is allowed.
    let pos = at(&g, Side::WHITE, "K f1 k g10 P f6 p e6", "");
    assert_eq!(moves_from(&g, &pos, "f6"), set("f6-f7 f6xe6"));
}

#[test]
fn facing_kings_are_an_impossible_position() {
    let g = game(FILE);
    let mut pos = g.empty_position(Side::WHITE);
    for (side, key, cell) in [(Side::WHITE, "K", "f1"), (Side::BLACK, "K", "f11")] {
        let v = g.variant;
        pos.squares[crate::support::cell(v, cell).index()] =
            Some((side, crate::support::piece(v, key)));
    }
    // Either king "attacks" the other: Black, not to move, stands in check.
    assert!(g.in_check(&pos, Side::BLACK) && g.in_check(&pos, Side::WHITE));
    let text = g.position_text(&pos);
    assert!(g.parse_position(&text).is_err(), "{text}");
}

#[test]
fn the_side_that_repeats_the_position_a_third_time_loses() {
    let g = game(FILE);
    let start = g.start_position();
    // The rooks on a1 and a6 step up and back: the start position is back after four plies
    // and a third time after eight, reached by Black's move.
    let plies = "a1-a2 a6-a5 a2-a1 a5-a6 a1-a2 a6-a5 a2-a1 a5-a6";
    let mut history: Vec<Position> = vec![start.clone()];
    for mv in plies.split_whitespace() {
        let last = history.last().expect("a position").clone();
        assert!(g.outcome(&history).is_none(), "over before {mv}");
        history.push(play(&g, &last, mv));
    }
    let outcome = g
        .outcome(&history)
        .expect("the third repetition ends the game");
    assert_eq!(outcome.end, GameEnd::Repetition);
    assert_eq!(outcome.result(), "1-0");
    // One ply earlier, White's repetition of the position after a1-a2 was only its second.
    assert!(g.outcome(&history[..8]).is_none());
}

#[test]
fn without_rooks_cannons_or_pawns_the_game_is_drawn() {
    let g = game(FILE);
    let pos = at(&g, Side::WHITE, "K e1 k g10 A g1 a e10", "");
    assert_eq!(
        ending(&g, &pos),
        Some((GameEnd::Material, "1/2-1/2".to_string()))
    );
    // A single pawn of either side keeps the game going.
    let pos = at(&g, Side::WHITE, "K e1 k g10 A g1 p b5", "");
    assert_eq!(ending(&g, &pos), None);
}
