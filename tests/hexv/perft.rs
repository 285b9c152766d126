//! Perft from the positions of `tests/data/perft.txt`: every variant's start, with the counts
//! docs/perft.md derives by hand (depths 1 to 3, confirmed by tools/perft_check.py) and
//! Glinski's depth 4, which agrees with the `hexchess` crate (https://crates.io/crates/hexchess),
//! an independent Glinski implementation that `cargo bench` runs to depth 4 and that
//! tests/hexv/hexchess_diff.rs compares move lists with.

use hexv::game::fast::FastEngine;
use hexv::game::{AnyEngine, Position};
use hexv::game::{Engine, Reference};

use crate::support::{load, root};

const DATA: &str = "tests/data/perft.txt";

/// Depths up to this one are also counted by the slow reference engine in every test run.
const REFERENCE_DEPTH: u32 = 3;

/// One line of a perft data file: `FILE; POSITION; COUNTS`, and in the tricky-position suite
/// (`tests/data/perft-suite.txt`) a fourth field, the tag.
pub struct Case {
    pub file: String,
    pub position: String,
    pub counts: Vec<(u32, u64)>,
    pub tag: Option<String>,
}

/// The lines of a perft data file (`data` relative to the repository root), comments and
/// blank lines left out.
pub fn read_cases(data: &str) -> Vec<Case> {
    let text = std::fs::read_to_string(root().join(data)).expect(data);
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(';').map(str::trim).collect();
            let (file, position, counts, tag) = match fields[..] {
                [file, position, counts] => (file, position, counts, None),
                [file, position, counts, tag] => (file, position, counts, Some(tag.to_string())),
                _ => panic!("{data}: `{line}` is not FILE; POSITION; COUNTS[; TAG]"),
            };
            let counts = counts
                .split_whitespace()
                .map(|c| {
                    let (d, n) = c.split_once('=').expect("DEPTH=COUNT");
                    (d.parse().expect("a depth"), n.parse().expect("a count"))
                })
                .collect();
            Case {
                file: file.to_string(),
                position: position.to_string(),
                counts,
                tag,
            }
        })
        .collect()
}

fn cases() -> Vec<Case> {
    let cases = read_cases(DATA);
    assert!(cases.len() >= 8, "{DATA} lists every shipped variant");
    cases
}

/// Calls `f` with the case's position and the fastest engine the variant allows: the fast
/// engine, or the reference engine for a variant the fast one refuses (more than two sides).
pub fn with_position(case: &Case, f: impl FnOnce(&Position, &AnyEngine)) {
    let (v, t) = load(&case.file);
    let game = hexv::game::Game::new(&v, &t);
    let pos = game
        .parse_position(&case.position)
        .unwrap_or_else(|e| panic!("{}: {}", case.file, e.show(&case.position)));
    f(&pos, &AnyEngine::new(game));
}

/// Counts every position of the data file, with the fastest engine at every depth and the
/// reference engine up to `max_reference_depth`.
fn check_counts(max_reference_depth: u32) {
    for case in cases() {
        with_position(&case, |pos, engine| {
            let game = engine.game();
            for &(depth, count) in &case.counts {
                let context = format!("{} at depth {depth}", case.file);
                assert_eq!(engine.perft(pos, depth), count, "fastest engine, {context}");
                if depth <= max_reference_depth {
                    assert_eq!(game.perft(pos, depth), count, "reference engine, {context}");
                }
            }
        });
    }
}

#[test]
fn perft_counts_of_the_data_file() {
    check_counts(REFERENCE_DEPTH);
}

#[test]
fn every_shipped_variant_has_its_start_in_the_data_file() {
    let listed: Vec<String> = cases().into_iter().map(|c| c.file).collect();
    for file in crate::support::variant_names() {
        let case = cases().into_iter().find(|c| c.file == file);
        let case = case.unwrap_or_else(|| panic!("{file} is not in {DATA} (listed: {listed:?})"));
        let (v, t) = load(&file);
        let game = hexv::game::Game::new(&v, &t);
        assert_eq!(
            case.position,
            game.position_text(&game.start_position()),
            "{file}: the data file lists its start position"
        );
    }
}

#[test]
#[ignore = "slow in debug builds: run with `cargo test --release -- --ignored`"]
fn perft_counts_with_the_reference_engine_at_every_depth() {
    check_counts(u32::MAX);
}

/// Threads and the table change nothing: every position of the data file counted with three
/// threads and a small table (1 MiB, so slots are overwritten and shared by many positions),
/// with two key seeds, at each listed depth up to 3 (the reference engine up to 2), gives the listed count,
/// and the count below each root move equals the plain count below that move.
#[test]
fn threads_and_the_table_give_the_same_counts() {
    use hexv::game::perft::{perft, Options, Progress};
    let threaded = Options {
        threads: 3,
        hash_mb: 1,
        ..Options::default()
    };
    let other_seed = Options {
        seed: 7,
        threads: 2,
        ..threaded
    };
    for case in cases() {
        let (v, t) = load(&case.file);
        let game = hexv::game::Game::new(&v, &t);
        let pos = game.parse_position(&case.position).expect("a position");
        let any = AnyEngine::new(game);
        hexv::with_engine!(&any, engine => {
            let state = engine.state(&pos);
            for &(depth, count) in case.counts.iter().filter(|(d, _)| *d <= 3) {
                let context = format!("{} at depth {depth}", case.file);
                for options in [&threaded, &other_seed] {
                    let fast = perft(engine, &state, depth, options, &Progress::default())
                        .expect("not stopped");
                    assert_eq!(fast.total, count, "fastest engine, {context}");
                    // Each engine lists its moves in its own order.
                    let plain: Vec<u64> = engine
                        .legal_moves(&state)
                        .iter()
                        .map(|m| engine.perft(&engine.play(&state, m), depth - 1))
                        .collect();
                    assert_eq!(fast.per_move, plain, "fastest engine per move, {context}");
                    if depth > 2 {
                        continue; // the reference engine is slow in debug builds
                    }
                    let reference = perft(
                        &Reference::new(game),
                        &pos,
                        depth,
                        options,
                        &Progress::default(),
                    )
                    .expect("not stopped");
                    assert_eq!(reference.total, count, "reference engine, {context}");
                    let plain: Vec<u64> = game
                        .legal_moves(&pos)
                        .iter()
                        .map(|m| game.perft(&game.play(&pos, m), depth - 1))
                        .collect();
                    assert_eq!(reference.per_move, plain, "reference per move, {context}");
                }
            }
        });
    }
}

/// A count stopped from outside ends with `None`, not with a partial total.
#[test]
fn a_stopped_count_gives_no_total() {
    use hexv::game::perft::{perft, Options, Progress};
    let (v, t) = load("variants/glinski.hexv");
    let game = hexv::game::Game::new(&v, &t);
    let engine = FastEngine::new(game).expect("fits");
    let state = engine.state(&game.start_position());
    let progress = Progress::default();
    progress
        .stop
        .store(true, std::sync::atomic::Ordering::Relaxed);
    for hash_mb in [0, 1] {
        let options = Options {
            threads: 2,
            hash_mb,
            ..Options::default()
        };
        assert_eq!(perft(&engine, &state, 4, &options, &progress), None);
    }
}

/// The table is used: Mini Hexchess's perft(6) finds counts in it (transpositions from three
/// plies on, such as two moves of White's played in either order), and gives the same count
/// as without it (1 220 292, counted single-threaded without a table).
#[test]
fn the_table_finds_transpositions() {
    use hexv::game::perft::{perft, Options, Progress};
    let (v, t) = load("variants/mini-hexchess.hexv");
    let game = hexv::game::Game::new(&v, &t);
    let engine = FastEngine::new(game).expect("fits");
    let state = engine.state(&game.start_position());
    let progress = Progress::default();
    let options = Options {
        threads: 2,
        hash_mb: 4,
        ..Options::default()
    };
    let counted = perft(&engine, &state, 6, &options, &progress).expect("not stopped");
    assert_eq!(counted.total, engine.perft(&state, 6));
    assert_eq!(counted.total, 1_220_292);
    assert!(progress.hits.load(std::sync::atomic::Ordering::Relaxed) > 100);
}
