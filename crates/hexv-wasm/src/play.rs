//! A game in the page: positions travel as hexv's position text (`hexv play`'s and the UCI
//! front end's), moves as hexv's long algebraic notation, so the page keeps no board model of
//! its own.

use hexv::game::GameEnd;
use hexv::render::diagram::{hands, position_drawing_marked};
use hexv::render::svg;
use hexv::{Compiled, Game, Move, Position};
use serde_json::{json, Value};
use wasm_bindgen::prelude::wasm_bindgen;

use crate::cache::{compiled, loaded};
use crate::reply::{to_json, Failure};

/// Reads a position text of this variant, or says where it is wrong.
pub(crate) fn position(game: &Game, text: &str) -> Result<Position, Failure> {
    game.parse_position(text)
        .map_err(|e| Failure::new("position", e.message).at(e.offset))
}

/// The start position of a clean `source` and its sides' names in turn order: `{ok, position,
/// sides}` (`["white", "black"]` unless the variant names others).
#[wasm_bindgen]
pub fn start_position(source: &str) -> String {
    let loaded = loaded(source);
    to_json(compiled(&loaded).map(|c| {
        let game = c.game();
        let v = game.variant;
        let sides: Vec<&str> = v.side_ids().map(|s| v.side_name(s)).collect();
        json!({ "position": game.position_text(&game.start_position()), "sides": sides })
    }))
}

/// `position` drawn: `{ok, svg, hands, hand, to_move}`, `hands` being the lines `hexv diagram
/// --position` prints below the board (empty without hands), `hand` the same as data for the
/// page's hand buttons (`[{side, pieces: [{symbol, count}]}]`, every side, pieces held only).
/// Every cell of the SVG carries `data-cell` with its name, for the page's clicks; a royal
/// piece in check is marked.
#[wasm_bindgen]
pub fn position_svg(source: &str, position_text: &str) -> String {
    let loaded = loaded(source);
    to_json(compiled(&loaded).and_then(|c| {
        let v = c.variant();
        let game = c.game();
        let pos = position(&game, position_text)?;
        let to_move = v.side_name(pos.to_move);
        let title = format!("{}: {to_move} to move", v.meta().name);
        let drawing = position_drawing_marked(v, &pos, &[], &game.royals_in_check(&pos));
        Ok(json!({
            "svg": svg::render(v.board(), &title, &drawing),
            "hands": hands(v, &pos),
            "hand": held(v, &pos),
            "to_move": to_move,
        }))
    }))
}

/// Each side's hand as data: the page draws a button per piece held, a click on which offers
/// that piece's drops.
fn held(v: &hexv::Variant, pos: &Position) -> Value {
    let sides: Vec<Value> = v
        .side_ids()
        .map(|side| {
            let pieces: Vec<Value> = v
                .piece_ids()
                .filter(|p| pos.hands[side][p.index()] > 0)
                .map(
                    |p| json!({ "symbol": v.piece(p).symbol, "count": pos.hands[side][p.index()] }),
                )
                .collect();
            json!({ "side": v.side_name(side), "pieces": pieces })
        })
        .collect();
    Value::Array(sides)
}

/// A move as the page needs it to offer it on a click: its text, the cells it goes from
/// (none for a drop) and to, and the piece it moves, promotes to or drops.
fn move_json(c: &Compiled, pos: &Position, m: &Move) -> Value {
    let game = c.game();
    let v = c.variant();
    let cell = |id| v.board().name(id);
    json!({
        "text": game.format_move(pos, m),
        "from": m.from.map(cell),
        "to": cell(m.to),
        "piece": v.piece(m.piece).symbol,
        "promotion": m.promotion.map(|p| &v.piece(p).symbol),
        "drop": m.is_drop(),
        "castling": m.castling.is_some(),
    })
}

/// The legal moves of `position` in a clean `source`: `{ok, moves: [{text, from, to, piece,
/// promotion, drop, castling}]}`, from the fast engine (which falls back to the reference one
/// on boards it does not hold).
#[wasm_bindgen]
pub fn legal_moves(source: &str, position_text: &str) -> String {
    let loaded = loaded(source);
    to_json(compiled(&loaded).and_then(|c| {
        let pos = position(&c.game(), position_text)?;
        let moves: Vec<Value> = c
            .engine()
            .legal_moves(&pos)
            .iter()
            .map(|m| move_json(c, &pos, m))
            .collect();
        Ok(json!({ "moves": moves }))
    }))
}

/// Plays `move_text` (long algebraic, e.g. `e4-e5`, `f10-f11=Q`, `P*e5`) in `position`:
/// `{ok, position, move, side, from, to}` with the position after it, the move as hexv writes
/// it, the side that made it and the cells it went from (`null` for a drop) and to, which the
/// page marks; or a failure of kind `move` saying why it was refused.
#[wasm_bindgen]
pub fn play(source: &str, position_text: &str, move_text: &str) -> String {
    let loaded = loaded(source);
    to_json(compiled(&loaded).and_then(|c| {
        let game = c.game();
        let pos = position(&game, position_text)?;
        let m = game
            .parse_move(&pos, move_text.trim())
            .map_err(|e| Failure::new("move", e.to_string()))?;
        let after = game.play(&pos, &m);
        let cell = |id| game.variant.board().name(id);
        Ok(json!({
            "position": game.position_text(&after),
            "move": game.format_move(&pos, &m),
            "side": game.variant.side_name(pos.to_move),
            "from": m.from.map(cell),
            "to": cell(m.to),
        }))
    }))
}

/// The positions of a game that started at `position_text` and went on with `moves` (long
/// algebraic, separated by spaces), the start first: what repetitions are counted on.
pub(crate) fn history(
    game: &Game,
    position_text: &str,
    moves: &str,
) -> Result<Vec<Position>, Failure> {
    let mut history = vec![position(game, position_text)?];
    for (i, text) in moves.split_whitespace().enumerate() {
        let pos = history
            .last()
            .cloned()
            .unwrap_or_else(|| game.start_position());
        let m = game
            .parse_move(&pos, text)
            .map_err(|e| Failure::new("move", format!("move {}: {e}", i + 1)))?;
        history.push(game.play(&pos, &m));
    }
    Ok(history)
}

/// The state of the game that started at `position` and went on with `moves` (long algebraic,
/// separated by spaces): `{ok, position, over, result, reason}`. `result` is "1-0",
/// "0-1", "1/2-1/2" (or the variant's score) when the game is over, `reason` one of
/// `checkmate`, `stalemate`, `repetition`, `move-limit`, `material` or `last-side` (a game of
/// more sides won by the last side left in it); with more than two sides `result` gives every
/// side's score, `0-1-0`. The positions are replayed so repetitions count.
#[wasm_bindgen]
pub fn game_end(source: &str, position_text: &str, moves: &str) -> String {
    let loaded = loaded(source);
    to_json(compiled(&loaded).and_then(|c| {
        let game = c.game();
        let history = history(&game, position_text, moves)?;
        let last = history
            .last()
            .map(|p| game.position_text(p))
            .unwrap_or_default();
        Ok(match c.engine().outcome(&history) {
            None => json!({ "position": last, "over": false }),
            Some(o) => json!({
                "position": last,
                "over": true,
                "result": o.result(),
                "reason": reason(o.end),
            }),
        })
    }))
}

/// The end's name in the reply.
fn reason(end: GameEnd) -> &'static str {
    match end {
        GameEnd::Checkmate => "checkmate",
        GameEnd::Stalemate => "stalemate",
        GameEnd::Repetition => "repetition",
        GameEnd::MoveLimit => "move-limit",
        GameEnd::Material => "material",
        GameEnd::LastSide => "last-side",
        GameEnd::RoyalCaptured => "royal-capture",
        GameEnd::Impasse => "impasse",
    }
}
