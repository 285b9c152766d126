//! Perft from the positions of `tests/data/perft.txt`: every variant's start, with the counts
//! docs/perft.md derives by hand (depths 1 to 3, confirmed by tools/perft_check.py) and
//! Glinski's depth 4, which agrees with the `hexchess` crate (https://crates.io/crates/hexchess),
//! an independent Glinski implementation that `cargo bench` runs to depth 4 and that
//! tests/hexv/hexchess_diff.rs compares move lists with.

use hexv::game::fast::Engine;

use crate::support::{load, root};

const DATA: &str = "tests/data/perft.txt";

/// Depths up to this one are also counted by the slow reference engine in every test run.
const REFERENCE_DEPTH: u32 = 3;

/// One line of the data file.
struct Case {
    file: String,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(root().join(DATA)).expect(DATA);
    let cases: Vec<Case> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(';').map(str::trim).collect();
            let [file, position, counts] = fields[..] else {
                panic!("{DATA}: `{line}` is not FILE; POSITION; COUNTS");
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
            }
        })
        .collect();
    assert!(cases.len() >= 8, "{DATA} lists every shipped variant");
    cases
}

/// Counts every position of the data file, with the fast engine at every depth and the
/// reference engine up to `max_reference_depth`.
fn check_counts(max_reference_depth: u32) {
    for case in cases() {
        let (v, t) = load(&case.file);
        let game = hexv::game::Game::new(&v, &t);
        let pos = game
            .parse_position(&case.position)
            .unwrap_or_else(|e| panic!("{}: {}", case.file, e.show(&case.position)));
        let engine = Engine::new(game).expect("every shipped board fits the fast engine");
        let state = engine.state(&pos);
        for &(depth, count) in &case.counts {
            let context = format!("{} at depth {depth}", case.file);
            assert_eq!(engine.perft(&state, depth), count, "fast engine, {context}");
            if depth <= max_reference_depth {
                assert_eq!(
                    game.perft(&pos, depth),
                    count,
                    "reference engine, {context}"
                );
            }
        }
    }
}

#[test]
fn perft_counts_of_the_data_file() {
    check_counts(REFERENCE_DEPTH);
}

#[test]
fn every_shipped_variant_has_its_start_in_the_data_file() {
    let listed: Vec<String> = cases().into_iter().map(|c| c.file).collect();
    for path in crate::support::variant_files() {
        let file = path
            .strip_prefix(root())
            .expect("under the repository")
            .to_string_lossy()
            .to_string();
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
