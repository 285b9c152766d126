//! Perft from the start position, against the published counts (shared/design/variants.md:
//! two independent implementations agree on 51, 2 586, 137 858, 7 282 418).

use crate::support::load;

#[test]
fn glinski_perft_1_to_3() {
    let (v, t) = load("variants/glinski.hexv");
    let game = hexv::game::Game::new(&v, &t);
    let start = game.start_position();
    assert_eq!(game.perft(&start, 1), 51);
    assert_eq!(game.perft(&start, 2), 2_586);
    assert_eq!(game.perft(&start, 3), 137_858);
}

#[test]
#[ignore = "slow in debug builds: run with `cargo test --release -- --ignored`"]
fn glinski_perft_4() {
    let (v, t) = load("variants/glinski.hexv");
    let game = hexv::game::Game::new(&v, &t);
    assert_eq!(game.perft(&game.start_position(), 4), 7_282_418);
}
