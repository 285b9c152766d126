//! The engine's move: hexv's search (iterative deepening alpha-beta over the fast engine
//! where the board fits), limited by depth or time. The page runs it in a Web Worker
//! (web/src/engine.js), so a long search never blocks the page.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hexv::search::weights::file::parse;
use hexv::search::{line_text, Limits, SearchScore, Searcher};
use serde_json::json;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::cache::{compiled, loaded};
use crate::play::history;
use crate::reply::to_json;

/// The transposition table's size in the browser, in MB: small, as each call builds its own.
const HASH_MB: usize = 8;

/// The best move of the game that started at `position_text` and went on with `moves` (long
/// algebraic, separated by spaces; the search counts repetitions over them, as `game_end`
/// does), in a clean `source`, searching `depth` plies when `depth` is above 0, else for
/// `millis` milliseconds (at least 1): `{ok, best, score, depth, nodes, millis, line}`.
/// `weights` is the text of the variant's weights file (docs/engine.md, "Weights files"),
/// empty for the built-in evaluation; a weights file with mistakes is a failure of kind
/// `weights`, its first mistake located.
/// `best` is null only when the side to move has no legal move; `score` is `{cp}` in
/// centipawns or `{mate}` in moves, for the side to move.
#[wasm_bindgen]
pub fn best_move(
    source: &str,
    weights: &str,
    position_text: &str,
    moves: &str,
    depth: u32,
    millis: u32,
) -> String {
    let loaded = loaded(source);
    to_json(compiled(&loaded).and_then(|c| {
        let game = c.game();
        let history = history(&game, position_text, moves)?;
        let Some(pos) = history.last() else {
            return Err(crate::reply::Failure::new("position", "no position"));
        };
        let limits = if depth > 0 {
            Limits::depth(depth)
        } else {
            Limits::movetime(Duration::from_millis(u64::from(millis.max(1))))
        };
        let mut searcher = Searcher::with_hash(game, HASH_MB);
        if !weights.is_empty() {
            let read = parse(weights.as_bytes(), c.variant(), c.tables()).map_err(|errors| {
                let first = errors.first().map_or(String::new(), |e| e.to_string());
                crate::reply::Failure::new("weights", format!("the weights file: {first}"))
            })?;
            searcher.set_weights(&read);
        }
        let stop = AtomicBool::new(false);
        let result = searcher.search(&history, &limits, &stop, &mut |_| {});
        let score = match result.info.score {
            SearchScore::Centipawns(cp) => json!({ "cp": cp }),
            SearchScore::Mate(n) => json!({ "mate": n }),
        };
        Ok(json!({
            "best": result.best.as_ref().map(|m| game.format_move(pos, m)),
            "score": score,
            "depth": result.info.depth,
            "nodes": result.info.nodes,
            "millis": result.info.time.as_millis() as u64,
            "line": line_text(&game, pos, &result.info.pv),
        }))
    }))
}
