//! Weights files (`hexv::search::weights::file`): any bytes are refused with located
//! mistakes or read; weights read, written back and read again are the same weights, and
//! evaluate the start position within the evaluation's bounds.
#![no_main]

use hexv::search::weights::file::{parse, write};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, bytes)) = data.split_first() else {
        return;
    };
    let compiled = hexv_fuzz::shipped(selector);
    let (v, t) = (compiled.variant(), compiled.tables());
    match parse(bytes, v, t) {
        Ok(weights) => {
            let text = write(&weights, v, &["written back".to_string()]);
            let again = parse(text.as_bytes(), v, t).expect("written weights read back");
            assert_eq!(again, weights, "written weights read back the same");
            let game = compiled.game();
            let eval = hexv::search::Evaluator::with_weights(v, t, &weights);
            let value = eval.evaluate(&hexv::game::Reference::new(game), &game.start_position());
            assert!(value.abs() <= 30_000, "{value}");
        }
        Err(errors) => {
            assert!(!errors.is_empty());
            let lines = 1 + bytes.iter().filter(|&&b| b == b'\n').count();
            for e in &errors {
                assert!(e.line >= 1 && e.line <= lines, "{e:?} in {lines} lines");
                assert!(e.column >= 1, "{e:?}");
                assert!(!e.message.is_empty());
            }
        }
    }
});
