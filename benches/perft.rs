//! `cargo bench`: perft speed. Glinski's chess at depth 4 with hexv's fast engine, hexv's
//! reference engine and the `hexchess` crate (a hand-written Glinski engine on 128-bit
//! boards) in the same run; Glinski's depth 5 with `hexchess` and with hexv on one thread, on
//! every core and on every core with a table; then every shipped variant with both hexv
//! engines. With `HEXV_BENCH_DEPTH6=1` in the environment, also Glinski's depth 6 on every
//! core without and with a 1 GiB table (about ten minutes: not run by CI). Each figure at
//! depth 4 and below is the best of three runs (deeper: one run); counts must agree or the
//! bench fails. With `HEXV_BENCH_QUICK=1` (CI), every depth is one less and each figure one
//! run: the counts are still held to each other, in seconds.

use std::time::{Duration, Instant};

use hexchess::Hexchess;
use hexv::compile::MoveTables;
use hexv::game::fast::FastEngine;
use hexv::game::Engine;
use hexv::game::Game;
use hexv::load::load as load_file;
use hexv::source::SourceFile;
use hexv::variant::Variant;

/// True with `HEXV_BENCH_QUICK=1`: the small size CI runs.
fn quick() -> bool {
    std::env::var_os("HEXV_BENCH_QUICK").is_some_and(|v| v == "1")
}

/// Best time of three runs (one when quick) and the count they returned.
fn best(mut f: impl FnMut() -> u64) -> (Duration, u64) {
    let mut times = Vec::new();
    let mut count = 0;
    for _ in 0..if quick() { 1 } else { 3 } {
        let t = Instant::now();
        count = std::hint::black_box(f());
        times.push(t.elapsed());
    }
    (times.into_iter().min().expect("runs"), count)
}

fn hexchess_perft(game: &Hexchess, depth: u32) -> u64 {
    let moves = game.current_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = game.clone();
            next.apply_move_unsafe(m).expect("a legal move applies");
            hexchess_perft(&next, depth - 1)
        })
        .sum()
}

fn load(path: &str) -> (Variant, MoveTables) {
    let file = SourceFile::read(std::path::Path::new(path)).expect("variant file");
    load_file(&file)
        .compiled
        .expect("a clean variant")
        .into_parts()
}

fn rate(count: u64, time: Duration) -> String {
    format!("{:6.1} M leaves/s", count as f64 / time.as_secs_f64() / 1e6)
}

/// Glinski's perft at `depth`, once each: `hexchess`, and hexv on one thread, every core, every
/// core with a 256 MiB table.
fn scaling(engine: &FastEngine, start: &hexv::game::fast::State, depth: u32) {
    use hexv::game::perft::{perft, Options, Progress};
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let t = Instant::now();
    let n_theirs = hexchess_perft(&Hexchess::init(), depth);
    let theirs = t.elapsed();
    let run = |threads: usize, hash_mb: usize| {
        let options = Options {
            threads,
            hash_mb,
            ..Options::default()
        };
        let t = Instant::now();
        let n = perft(engine, start, depth, &options, &Progress::default()).expect("not stopped");
        (t.elapsed(), n.total)
    };
    let (one, n) = run(1, 0);
    let (all, n_all) = run(cores, 0);
    let (hashed, n_hashed) = run(cores, 256);
    assert_eq!(n, n_all, "threads change the count");
    assert_eq!(n, n_hashed, "the table changes the count");
    assert_eq!(n, n_theirs, "hexv and hexchess disagree");
    println!("Glinski perft({depth}) = {n}");
    println!("  hexchess 2        {theirs:>10.3?}  {}", rate(n, theirs));
    println!(
        "  1 thread          {one:>10.3?}  {}  ({:.2}x hexchess)",
        rate(n, one),
        theirs.as_secs_f64() / one.as_secs_f64()
    );
    println!(
        "  {cores} threads         {all:>10.3?}  {}  ({:.2}x)",
        rate(n, all),
        one.as_secs_f64() / all.as_secs_f64()
    );
    println!(
        "  {cores} threads, table  {hashed:>10.3?}  {}  ({:.2}x)",
        rate(n, hashed),
        one.as_secs_f64() / hashed.as_secs_f64()
    );
}

/// Glinski's perft(6) on every core, without and with a 1 GiB table: what the table saves
/// on a deep count.
fn deep_table(engine: &FastEngine, start: &hexv::game::fast::State) {
    use hexv::game::perft::{perft, Options, Progress};
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let depth = 6;
    let run = |hash_mb: usize| {
        let options = Options {
            threads: cores,
            hash_mb,
            ..Options::default()
        };
        let t = Instant::now();
        let n = perft(engine, start, depth, &options, &Progress::default()).expect("not stopped");
        (t.elapsed(), n.total)
    };
    let (plain, n) = run(0);
    let (hashed, n_hashed) = run(1024);
    assert_eq!(n, n_hashed, "the table changes the count");
    println!("Glinski perft({depth}) = {n}");
    println!(
        "  {cores} threads         {plain:>10.3?}  {}",
        rate(n, plain)
    );
    println!(
        "  {cores} threads, table  {hashed:>10.3?}  {}  ({:.2}x)",
        rate(n, hashed),
        plain.as_secs_f64() / hashed.as_secs_f64()
    );
}

fn main() {
    // `cargo test` runs benches with `--bench` absent: skip the slow work there.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    let engine = FastEngine::new(game).expect("Glinski's board fits");
    let start = engine.state(&game.start_position());
    let less = u32::from(quick());
    let depth = 4 - less;
    let (fast, n_fast) = best(|| engine.perft(&start, depth));
    let (theirs, n_theirs) = best(|| hexchess_perft(&Hexchess::init(), depth));
    let (reference, n_ref) = best(|| game.perft(&game.start_position(), depth));
    assert_eq!(n_fast, n_theirs, "hexv and hexchess disagree");
    assert_eq!(n_fast, n_ref, "hexv's engines disagree");
    println!("Glinski perft({depth}) = {n_fast}");
    println!("  hexv fast engine  {fast:>10.3?}  {}", rate(n_fast, fast));
    println!(
        "  hexchess 2        {theirs:>10.3?}  {}",
        rate(n_fast, theirs)
    );
    println!(
        "  hexv reference    {reference:>10.3?}  {}",
        rate(n_fast, reference)
    );
    println!(
        "  hexv fast is {:.2}x as fast as hexchess",
        theirs.as_secs_f64() / fast.as_secs_f64()
    );
    println!();
    scaling(&engine, &start, 5 - less);
    println!();
    if std::env::var_os("HEXV_BENCH_DEPTH6").is_some_and(|v| v == "1") {
        deep_table(&engine, &start);
        println!();
    }
    let depth = 3 - less;
    println!("every variant, perft({depth}) from the start: fast / reference engine");
    let mut files: Vec<_> = std::fs::read_dir("variants")
        .expect("variants/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "hexv"))
        .collect();
    files.sort();
    for path in files {
        let (v, t) = load(path.to_str().expect("UTF-8 path"));
        let game = Game::new(&v, &t);
        let Some(engine) = FastEngine::new(game) else {
            // More than two sides: the reference engine's alone (no ratio to give).
            println!(
                "  {:<24} the reference engine's (more than two sides)",
                path.file_name().and_then(|f| f.to_str()).unwrap_or("?")
            );
            continue;
        };
        let start = game.start_position();
        let state = engine.state(&start);
        let (fast, n) = best(|| engine.perft(&state, depth));
        let (reference, n_ref) = best(|| game.perft(&start, depth));
        assert_eq!(n, n_ref, "{}", path.display());
        println!(
            "  {:<24} {n:>8}  {fast:>9.3?} {reference:>9.3?}  ({:.1}x)",
            path.file_name().and_then(|f| f.to_str()).unwrap_or("?"),
            reference.as_secs_f64() / fast.as_secs_f64()
        );
    }
}
