//! The variant as the editor sees it: its diagnostics (as `hexv check --json` writes them),
//! and its board drawn and measured.

use hexv::diagnostic::JsonDiagnostic;
use hexv::render::diagram::setup_drawing;
use hexv::render::svg;
use hexv::render::tables::{to_json as tables_json, Selection};
use serde_json::{json, Value};
use wasm_bindgen::prelude::wasm_bindgen;

use crate::cache::{compiled, loaded, source_file};
use crate::reply::to_json;

/// The diagnostics of `source`: `{ok, errors, warnings, diagnostics: [{code, severity,
/// message, help, spans: [{start, end, line, column, end_line, end_column, label, primary,
/// text}]}]}`, spans in bytes of the source (and lines and columns from 1), in `hexv check`'s
/// order.
#[wasm_bindgen]
pub fn check(source: &str) -> String {
    let loaded = loaded(source);
    let file = source_file(source);
    let diagnostics: Vec<JsonDiagnostic> = loaded
        .diagnostics
        .iter()
        .map(|d| JsonDiagnostic::new(d, &file))
        .collect();
    let errors = loaded.diagnostics.iter().filter(|d| d.is_error()).count();
    to_json(Ok(json!({
        "errors": errors,
        "warnings": loaded.diagnostics.len() - errors,
        "diagnostics": diagnostics,
    })))
}

/// The board of a clean `source`: `{ok, name, svg, board, pieces}`, where `svg` draws the
/// start position, `board` is the `board` object of `hexv table --json` (grid, cells with
/// names, coordinates and the centres the SVG uses, off-board cells, lines) and `pieces` lists
/// `{symbol, name, royal}`.
#[wasm_bindgen]
pub fn board(source: &str) -> String {
    let loaded = loaded(source);
    to_json(compiled(&loaded).map(|c| {
        let v = c.variant();
        let name = &v.meta().name;
        let picture = svg::render(
            v.board(),
            &format!("{name}: start position"),
            &setup_drawing(v),
        );
        json!({
            "name": name,
            "svg": picture,
            "board": geometry(c),
            "pieces": v.pieces().iter().map(|p| json!({
                "symbol": p.symbol,
                "name": p.name,
                "royal": p.royal,
            })).collect::<Vec<_>>(),
        })
    }))
}

/// The board part of the tables' JSON, with the moves of a single piece from a single cell
/// asked for (the least the format allows), so the geometry has one definition: the
/// library's.
fn geometry(c: &hexv::Compiled) -> Value {
    let v = c.variant();
    let selection = Selection {
        piece: v.piece_ids().next(),
        side: Some(hexv::Side::WHITE),
        cell: v.board().cells().next(),
    };
    let doc: Value =
        serde_json::from_str(&tables_json(v, c.tables(), &selection)).unwrap_or(Value::Null);
    doc.get("board").cloned().unwrap_or(Value::Null)
}
