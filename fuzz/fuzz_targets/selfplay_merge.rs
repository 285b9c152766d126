//! `hexv selfplay --merge` from raw bytes: the first byte selects a shipped variant (its high
//! bit: whether the variant is given, so that moves are replayed); the rest is split at zero
//! bytes into up to eight record files, each read in bounded lines and merged by
//! `hexv::search::records::RecordMerge`, as the command does, stopping at the first fault.
//!
//! Properties: nothing panics; every game counted has White's score from 0 to 1, a known
//! ending, and with the variant a start and moves that replay; a repeat points to a game
//! counted before; only a line without its end is left out as cut; the merged games are those
//! counted, each once, and their report's figures are finite and in range.
#![no_main]

use hexv::search::arena::{GameRecord, Report, ENDING_WORDS};
use hexv::search::records::{RecordMerge, Taken};
use hexv::source::BoundedLines;
use libfuzzer_sys::fuzz_target;

/// The longest line read here (the command's is 16 MiB).
const MAX_LINE: u64 = 1 << 16;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let game = hexv_fuzz::shipped(selector & 0x7f).game();
    let given = (selector & 0x80 != 0).then_some(&game);
    let mut merge = RecordMerge::new(given);
    let mut counted: Vec<((usize, usize), GameRecord)> = Vec::new();
    'inputs: for (input, bytes) in rest.split(|&b| b == 0).take(8).enumerate() {
        for (n, line) in BoundedLines::new(bytes, MAX_LINE) {
            let Ok(line) = line else {
                return;
            };
            match merge.take(input, &line) {
                Ok(Taken::Counted) => {
                    let text = std::str::from_utf8(&line.bytes).expect("a counted line is text");
                    let r: GameRecord = serde_json::from_str(text).expect("a counted record reads");
                    assert!((0.0..=1.0).contains(&r.white), "{text}");
                    assert!(ENDING_WORDS.contains(&r.ending.as_str()), "{text}");
                    assert!(r.opening_plies <= r.moves.len());
                    if let Some(game) = given {
                        let mut pos = game.parse_position(&r.start).expect("the start replays");
                        for m in &r.moves {
                            let mv = game.parse_move(&pos, m).expect("the moves replay");
                            pos = game.play(&pos, &mv);
                        }
                    }
                    counted.push(((input, n), r));
                }
                Ok(Taken::Repeat { first }) => {
                    assert!(
                        counted.iter().any(|(at, _)| *at == first),
                        "a repeat of a game not counted"
                    );
                }
                Ok(Taken::Cut) => {
                    assert!(!line.complete, "a whole line left out as cut");
                    continue 'inputs;
                }
                Ok(Taken::Blank) => {}
                Err(fault) => {
                    assert_eq!(fault.at, Some((input, n)));
                    return;
                }
            }
        }
    }
    let Ok(merged) = merge.finish() else {
        return;
    };
    assert_eq!(merged.records.len(), counted.len());
    for (record, (_, expected)) in merged.records.iter().zip(&counted) {
        assert_eq!(record, expected);
    }
    assert_eq!(merged.replayed, given.is_some());
    if given.is_some() && !merged.records.is_empty() {
        assert_eq!(merged.variant, game.variant.meta().name);
    }
    let report = Report::of(&merged.records);
    assert_eq!(report.games, counted.len());
    assert!((0.0..=1.0).contains(&report.white_score));
    assert!(report.confidence_95.is_finite() && report.confidence_95 >= 0.0);
    assert_eq!(report.wins + report.draws + report.losses, report.games);
});
