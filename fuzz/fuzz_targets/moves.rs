//! Move lists from the start of a shipped variant: each text move is refused with a reason or
//! played; along the way every legal move, written, reads back as itself.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((selector, text)) = hexv_fuzz::selected(data) else {
        return;
    };
    let game = hexv_fuzz::shipped(selector).game();
    let mut pos = game.start_position();
    for word in text.split_whitespace().take(64) {
        match game.parse_move(&pos, word) {
            Ok(m) => {
                hexv_fuzz::moves_read_back(&game, &pos);
                pos = game.play(&pos, &m);
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
});
