//! PGN files read and replayed on a shipped variant (the selector byte also picks the letters:
//! the variant's own or the Hungarian map). Properties: reading never fails as a whole; every
//! error and every game lies inside the text, on character boundaries, errors in file order;
//! every game replays up to its first unresolved move; the moves replayed, written as PGN by
//! hexv and read again, replay to the same moves and the same end; a game converted to long
//! notation (comments, NAGs and variations kept) reads as one game whose main line replays as
//! far and to the same moves; read a few games at a time (`pgn::GameChunks`), the file reads
//! as it does whole.
#![no_main]

use hexv::game::san::Letters;
use hexv::pgn::{self, Notation};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((selector, text)) = hexv_fuzz::selected(data) else {
        return;
    };
    // The high bit picks the letters, the rest the variant (the seeds' Glinski games were
    // replayed on another variant while the whole byte chose it).
    let game = hexv_fuzz::shipped(selector & 0x7f).game();
    let letters = if selector & 0x80 == 0 {
        Letters::own()
    } else {
        Letters::hungarian()
    };
    let file = pgn::read(text);
    let inside = |span: hexv::source::Span| {
        span.start <= span.end
            && span.end <= text.len()
            && text.is_char_boundary(span.start)
            && text.is_char_boundary(span.end)
    };
    for e in &file.errors {
        assert!(inside(e.span), "{e:?} outside the text");
    }
    assert!(
        file.errors
            .windows(2)
            .all(|w| w[0].span.start <= w[1].span.start),
        "errors out of order"
    );
    // Read a few games at a time, the file reads the same: with a bound no chunk can pass,
    // and with a small one, where a chunk past it is an error, nothing else.
    let whole_bound = text.len() as u64 + 1;
    assert_eq!(
        pgn::read_chunked(text, whole_bound).expect("no chunk is larger than the file"),
        file,
        "read in chunks"
    );
    match pgn::read_chunked(text, 256) {
        Ok(chunked) => assert_eq!(chunked, file, "read in chunks of 256 bytes"),
        Err(pgn::ChunkError::GameTooLarge { .. }) => {}
        Err(e) => panic!("text read in chunks: {e}"),
    }
    for record in file.games.iter().take(8) {
        assert!(inside(record.span), "a game outside the text");
        let Ok(replayed) = pgn::replay(&game, record, &letters) else {
            continue;
        };
        let written = pgn::write_game(&game, &[], &replayed.start, &replayed.moves, "*", &letters);
        let again = pgn::read(&written);
        assert_eq!(
            again.games.len(),
            1,
            "hexv's PGN reads as one game:\n{written}"
        );
        let back = pgn::replay(&game, &again.games[0], &letters).expect("hexv's FEN reads back");
        assert!(
            back.unresolved.is_none(),
            "hexv's PGN replays whole:\n{written}"
        );
        assert_eq!(
            back.moves, replayed.moves,
            "the moves read back:\n{written}"
        );
        assert_eq!(back.end, replayed.end);

        let converted = pgn::convert(&game, record, &letters, &Notation::Long)
            .expect("the FEN read above reads again");
        let long = pgn::read(&converted.text);
        assert_eq!(
            long.games.len(),
            1,
            "a converted game reads as one game:\n{}",
            converted.text
        );
        let long_replay =
            pgn::replay(&game, &long.games[0], &letters).expect("the FEN is kept as it was");
        assert_eq!(
            long_replay.moves, replayed.moves,
            "the long notation replays to the same moves:\n{}",
            converted.text
        );
    }
});
