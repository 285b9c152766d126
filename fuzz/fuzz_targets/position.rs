//! Position texts of the shipped variants: a text is refused with a located error or read;
//! what is read prints back to a text that reads as the same position, and both engines list
//! the same moves there.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((selector, text)) = hexv_fuzz::selected(data) else {
        return;
    };
    let game = hexv_fuzz::shipped(selector).game();
    match game.parse_position(text) {
        Ok(pos) => {
            let printed = game.position_text(&pos);
            assert_eq!(
                game.parse_position(&printed).as_ref(),
                Ok(&pos),
                "{printed}"
            );
            hexv_fuzz::engines_agree_with(&game, hexv_fuzz::shipped_fastest(selector), &pos);
        }
        Err(e) => assert!(e.offset <= text.chars().count(), "{e} in {text:?}"),
    }
});
