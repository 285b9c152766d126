//! Perft from the start position, depths 1 to 3, for every shipped variant. docs/perft.md
//! derives every number by hand and checks depth 3 with an independent counter
//! (tools/perft_check.py); Glinski's also match the published counts (51, 2 586, 137 858,
//! 7 282 418), which agree with the `hexchess` crate (https://crates.io/crates/hexchess), an
//! independent Glinski implementation that `cargo bench` (benches/perft.rs) runs to depth 4
//! and that tests/hexv/hexchess_diff.rs compares move lists with.

use crate::support::load;

/// Leaf counts at depths 1, 2 and 3 from the start of `file`.
fn perft_1_to_3(file: &str) -> [u64; 3] {
    let (v, t) = load(file);
    let game = hexv::game::Game::new(&v, &t);
    let start = game.start_position();
    [1, 2, 3].map(|d| game.perft(&start, d))
}

#[test]
fn glinski_perft_1_to_3() {
    // docs/perft.md#glinskis-hexagonal-chess
    assert_eq!(perft_1_to_3("variants/glinski.hexv"), [51, 2_586, 137_858]);
}

#[test]
fn mccooey_perft_1_to_3() {
    // docs/perft.md#mccooeys-hexagonal-chess
    assert_eq!(perft_1_to_3("variants/mccooey.hexv"), [31, 947, 33_307]);
}

#[test]
fn koval_perft_1_to_3() {
    // docs/perft.md#kovals-hexagonal-chess
    assert_eq!(perft_1_to_3("variants/koval.hexv"), [22, 484, 11_667]);
}

#[test]
fn dagger_perft_1_to_3() {
    // docs/perft.md#dagger-chess
    assert_eq!(perft_1_to_3("variants/dagger.hexv"), [13, 166, 2_580]);
}

#[test]
fn chessagon_perft_1_to_3() {
    // docs/perft.md#chessagon
    assert_eq!(
        perft_1_to_3("variants/chessagon.hexv"),
        [50, 2_492, 124_374]
    );
}

#[test]
fn hex_shogi_41_perft_1_to_3() {
    // docs/perft.md#hex-shogi-41
    assert_eq!(perft_1_to_3("variants/hex-shogi-41.hexv"), [13, 169, 2_790]);
}

#[test]
fn hex_shogi_81_perft_1_to_3() {
    // docs/perft.md#hex-shogi-81
    assert_eq!(
        perft_1_to_3("variants/hex-shogi-81.hexv"),
        [46, 2_116, 95_151]
    );
}

#[test]
fn hex_shogi_91_perft_1_to_3() {
    // docs/perft.md#hex-shogi-91
    assert_eq!(
        perft_1_to_3("variants/hex-shogi-91.hexv"),
        [45, 2_024, 92_922]
    );
}

#[test]
#[ignore = "slow in debug builds: run with `cargo test --release -- --ignored`"]
fn glinski_perft_4() {
    let (v, t) = load("variants/glinski.hexv");
    let game = hexv::game::Game::new(&v, &t);
    assert_eq!(game.perft(&game.start_position(), 4), 7_282_418);
}
