//! `cargo bench --bench search`: the search's speed on every shipped variant. For each, two
//! positions (the start, and the position after twelve plies of a seeded random game) are
//! searched to a fixed depth with a fresh transposition table; the figures are the nodes, the
//! time to that depth and the nodes per second (best of two runs). No timing is asserted. With
//! `HEXV_BENCH_QUICK=1` (CI), depth 3 and one run: every variant still searches.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use hexv::game::AnyEngine;
use hexv::load::load as load_file;
use hexv::search::arena::Rng;
use hexv::search::{Limits, Searcher};
use hexv::source::SourceFile;

const VARIANTS: [&str; 14] = [
    "glinski",
    "mccooey",
    "koval",
    "dagger",
    "chessagon",
    "hex-shogi-41",
    "hex-shogi-81",
    "hex-shogi-91",
    "shafran",
    "mini-hexchess",
    "de-vasa",
    "brusky",
    "xiang-hex",
    "triangular-chess",
];

/// The depth searched (deep enough that move ordering and pruning matter), and the runs whose
/// best time is given; less with `HEXV_BENCH_QUICK=1`; `HEXV_BENCH_DEPTH=N` searches to N.
fn size() -> (u32, usize) {
    let depth = std::env::var("HEXV_BENCH_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .filter(|d| (1..=64).contains(d));
    if std::env::var_os("HEXV_BENCH_QUICK").is_some_and(|v| v == "1") {
        (depth.unwrap_or(3), 1)
    } else {
        (depth.unwrap_or(6), 2)
    }
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let (depth, runs) = size();
    println!("search to depth {depth}, fresh 16 MB table, best of {runs} runs");
    println!(
        "{:<14} {:<8} {:>10} {:>9} {:>12}",
        "variant", "position", "nodes", "time", "nodes/s"
    );
    let (mut all_nodes, mut all_time) = (0u64, Duration::ZERO);
    for name in VARIANTS {
        let path = format!("variants/{name}.hexv");
        let file = SourceFile::read(std::path::Path::new(&path)).expect("variant file");
        let compiled = load_file(&file).compiled.expect("a clean variant");
        let game = compiled.game();
        let fast = AnyEngine::new(game);
        let start = game.start_position();
        let mut rng = Rng::new(7);
        let mut later = start.clone();
        for _ in 0..12 {
            let legal = fast.legal_moves(&later);
            if legal.is_empty() {
                break;
            }
            later = game.play(&later, &legal[rng.below(legal.len())]);
        }
        for (label, pos) in [("start", start), ("ply 12", later)] {
            let mut best: Option<(Duration, u64)> = None;
            for _ in 0..runs {
                let mut searcher = Searcher::new(game);
                let stop = AtomicBool::new(false);
                let t = Instant::now();
                let result = searcher.search(
                    std::slice::from_ref(&pos),
                    &Limits::depth(depth),
                    &stop,
                    &mut |_| {},
                );
                let took = t.elapsed();
                if best.is_none_or(|(b, _)| took < b) {
                    best = Some((took, result.info.nodes));
                }
            }
            let (time, nodes) = best.expect("a run");
            all_nodes += nodes;
            all_time += time;
            println!(
                "{name:<14} {label:<8} {nodes:>10} {:>7.3} s {:>10.0} k",
                time.as_secs_f64(),
                nodes as f64 / time.as_secs_f64() / 1e3
            );
        }
    }
    println!(
        "all            {:>19} {:>7.3} s {:>10.0} k",
        all_nodes,
        all_time.as_secs_f64(),
        all_nodes as f64 / all_time.as_secs_f64() / 1e3
    );
}
