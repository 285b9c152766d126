//! A piece's movement diagram, as `hexv diagram --piece P --at CELL` draws it: the page shows
//! it when a piece of the list is hovered.

use hexv::render::diagram::{marks, piece_drawing, Mark};
use hexv::render::svg;
use hexv::Side;
use serde_json::json;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::cache::{compiled, loaded};
use crate::reply::{to_json, Failure};

/// White's `piece` (a symbol or name) standing alone on `cell` in a clean `source`:
/// `{ok, svg, marks: [{cell, mark}]}`, `mark` being `both` (moves and captures there), `move`,
/// `capture` or `conditional` (a multi-step, a castling, a guarded move).
#[wasm_bindgen]
pub fn piece_moves(source: &str, piece: &str, cell: &str) -> String {
    let loaded = loaded(source);
    to_json(compiled(&loaded).and_then(|c| {
        let v = c.variant();
        let p = v
            .find_piece(piece)
            .ok_or_else(|| Failure::new("piece", format!("no piece `{piece}` in this variant")))?;
        let at = v.board().find(cell).ok_or_else(|| {
            Failure::new("cell", format!("there is no cell `{cell}` on the board"))
        })?;
        let title = format!(
            "{}: {} on {}",
            v.meta().name,
            v.piece(p).name,
            v.board().name(at)
        );
        let drawing = piece_drawing(v, c.tables(), p, Side::WHITE, at, &[]);
        let marked: Vec<_> = marks(c.tables(), p, Side::WHITE, at, &[])
            .into_iter()
            .map(|(cell, m)| json!({ "cell": v.board().name(cell), "mark": mark_name(m) }))
            .collect();
        Ok(json!({ "svg": svg::render(v.board(), &title, &drawing), "marks": marked }))
    }))
}

/// The mark's name in the reply.
fn mark_name(m: Mark) -> &'static str {
    match m {
        Mark::Both => "both",
        Mark::MoveOnly => "move",
        Mark::CaptureOnly => "capture",
        Mark::Conditional => "conditional",
    }
}
