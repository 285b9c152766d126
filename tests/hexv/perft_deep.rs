//! The published deep perft table, `tests/data/perft-deep.txt` (docs/perft.md, "Deep
//! counts"): every shipped variant's start to depth 5 or more (Glinski's to 6 or more), each
//! deep count made twice with two key seeds. Every test run checks that the table covers every
//! variant as deep as promised, that it agrees with the hand-derived counts of
//! `tests/data/perft.txt` where both give a depth, and recounts each entry of at most
//! `SHALLOW` leaves; the rest is an ignored test (a quarter of an hour on two cores).

use crate::perft::{read_cases, with_position, Case};
use crate::support::{load, root};
use hexv::game::Engine;

const DEEP: &str = "tests/data/perft-deep.txt";

/// Entries up to this many leaves are recounted in every test run.
const SHALLOW: u64 = 2_000_000;

fn deepest(case: &Case) -> u32 {
    case.counts.iter().map(|&(d, _)| d).max().unwrap_or(0)
}

/// Counts the entries of the table that `select` picks, with the fast engine (on every core
/// with a 1 GiB table when `deep`).
fn recount(select: impl Fn(u64) -> bool, deep: bool) -> usize {
    use hexv::game::perft::{perft, Options, Progress};
    let options = if deep {
        Options {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            hash_mb: 1024,
            ..Options::default()
        }
    } else {
        Options::default()
    };
    let mut counted = 0;
    for case in read_cases(DEEP) {
        with_position(&case, |pos, any| {
            hexv::with_engine!(any, engine => {
                let state = engine.state(pos);
                for &(depth, count) in case.counts.iter().filter(|&&(_, n)| select(n)) {
                    let n = perft(engine, &state, depth, &options, &Progress::default())
                        .expect("not stopped");
                    assert_eq!(n.total, count, "{} at depth {depth}", case.file);
                    counted += 1;
                }
            });
        });
    }
    counted
}

#[test]
fn the_deep_table_covers_every_variant_from_its_start() {
    let cases = read_cases(DEEP);
    for file in crate::support::variant_names() {
        let case = cases
            .iter()
            .find(|c| c.file == file)
            .unwrap_or_else(|| panic!("{file} is not in {DEEP}"));
        let (v, t) = load(&file);
        let game = hexv::game::Game::new(&v, &t);
        assert_eq!(
            case.position,
            game.position_text(&game.start_position()),
            "{file}: the table gives the start"
        );
        let depths: Vec<u32> = case.counts.iter().map(|&(d, _)| d).collect();
        assert_eq!(
            depths,
            (1..=deepest(case)).collect::<Vec<_>>(),
            "{file}: every depth from 1"
        );
        let promised = if file.ends_with("glinski.hexv") { 6 } else { 5 };
        assert!(
            deepest(case) >= promised,
            "{file}: depth {} < {promised}",
            deepest(case)
        );
    }
}

#[test]
fn the_deep_table_agrees_with_the_hand_derived_counts() {
    let hand = read_cases("tests/data/perft.txt");
    let mut compared = 0;
    for case in read_cases(DEEP) {
        let start = hand
            .iter()
            .find(|h| h.file == case.file && h.position == case.position)
            .unwrap_or_else(|| panic!("{}: its start is in perft.txt", case.file));
        for (depth, count) in &start.counts {
            let deep = case.counts.iter().find(|(d, _)| d == depth);
            assert_eq!(
                deep.map(|&(_, n)| n),
                Some(*count),
                "{} depth {depth}",
                case.file
            );
            compared += 1;
        }
    }
    assert!(compared >= 3 * 13, "only {compared} counts compared");
}

/// Each JSON file gives the deepest count of its variant's line, its first moves are the
/// start's legal moves in hexv's notation, and their counts add up to the total.
#[test]
fn the_per_move_counts_add_up_to_the_deepest_count() {
    let cases = read_cases(DEEP);
    let dir = root().join("tests/data/perft-deep");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/data/perft-deep") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a JSON file");
        let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let file = json["variant"].as_str().expect("variant");
        let case = cases
            .iter()
            .find(|c| c.file == file)
            .expect("listed in the table");
        let depth = json["depth"].as_u64().expect("depth") as u32;
        let total = json["total"].as_u64().expect("total");
        assert_eq!(json["format"], "hexv-perft-1", "{}", path.display());
        assert_eq!(json["verified"], true, "{}", path.display());
        assert_eq!(
            depth,
            deepest(case),
            "{}: the deepest depth",
            path.display()
        );
        assert_eq!(
            Some(total),
            case.counts
                .iter()
                .find(|(d, _)| *d == depth)
                .map(|&(_, n)| n),
            "{}",
            path.display()
        );
        let moves = json["moves"].as_object().expect("moves");
        let sum: u64 = moves.values().map(|n| n.as_u64().expect("a count")).sum();
        assert_eq!(
            sum,
            total,
            "{}: the first moves' counts add up",
            path.display()
        );
        let (v, t) = load(file);
        let game = hexv::game::Game::new(&v, &t);
        let start = game.start_position();
        let mut legal: Vec<String> = game
            .legal_moves(&start)
            .iter()
            .map(|m| game.format_move(&start, m))
            .collect();
        legal.sort();
        let mut listed: Vec<String> = moves.keys().cloned().collect();
        listed.sort();
        assert_eq!(listed, legal, "{}: the first moves", path.display());
        files += 1;
    }
    assert_eq!(files, cases.len(), "one JSON file per variant");
}

#[test]
fn the_deep_tables_shallow_entries_recount() {
    let counted = recount(|n| n <= SHALLOW, false);
    assert!(counted >= 3 * 13, "only {counted} entries recounted");
}

/// Every entry, or with `HEXV_DEEP_LEAVES=N` in the environment those of at most N leaves (CI's
/// budget: `.ci/run`).
#[test]
#[ignore = "a quarter of an hour on two cores: `cargo test --release --test hexv -- --ignored perft_deep`"]
fn the_deep_tables_every_entry_recounts() {
    let budget = match std::env::var("HEXV_DEEP_LEAVES") {
        Ok(n) => n.parse().expect("HEXV_DEEP_LEAVES is a number of leaves"),
        Err(_) => u64::MAX,
    };
    let counted = recount(|n| n <= budget, true);
    assert!(counted > 3 * 13, "only {counted} entries recounted");
}
