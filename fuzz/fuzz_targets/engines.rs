//! The two engines on positions the fuzzer builds piece by piece (any pieces on any cells,
//! either side to move, some in hand): the same legal moves, the same perft(2).
#![no_main]

use hexv::{CellId, PieceId, Side};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let compiled = hexv_fuzz::shipped(selector);
    let (v, game) = (compiled.variant(), compiled.game());
    let to_move = if selector & 0x80 == 0 {
        Side::WHITE
    } else {
        Side::BLACK
    };
    let mut pos = game.empty_position(to_move);
    let cells = pos.squares.len();
    let kinds = v.pieces().len();
    // Three bytes a piece: the cell, the piece (its high bit: Black), a hand count.
    for chunk in rest.chunks_exact(3).take(48) {
        let cell = chunk[0] as usize % cells;
        let side = if chunk[1] & 0x80 == 0 {
            Side::WHITE
        } else {
            Side::BLACK
        };
        let piece = PieceId((chunk[1] as usize % kinds) as u8);
        pos.squares[CellId(cell as u16).index()] = Some((side, piece));
        if v.rules().captures_to_hand && chunk[2] < 16 {
            pos.hands[side][piece.index()] += 1;
        }
    }
    let fastest = hexv_fuzz::shipped_fastest(selector);
    hexv_fuzz::engines_agree_with(&game, fastest, &pos);
    assert_eq!(
        fastest.perft(&pos, 2),
        game.perft(&pos, 2),
        "{}",
        game.position_text(&pos)
    );
});
