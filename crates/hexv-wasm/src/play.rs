//! A game in the page: positions travel as hexv's position text (`hexv play`'s and the UCI
//! front end's), moves as hexv's long algebraic notation, so the page keeps no board model of
//! its own.

use hexv::game::san::Letters;
use hexv::game::GameEnd;
use hexv::render::diagram::{hands, position_drawing_marked};
use hexv::render::svg;
use hexv::variant::Score;
use hexv::{Compiled, Game, Move, Outcome, Position, Side, Variant};
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

/// Plays `move_text` in `position`, read as every hexv front end reads a move
/// ([`Game::read_move`]: long `e4-e5`, `f10-f11=Q`, `P*e5`; compact `e4e5`; short `e5`, `Nf3`):
/// `{ok, position, move, san, side, from, to}` with the position after it, the move as hexv
/// writes it, the same move in short algebraic notation with the variant's own letters (`Nf3`,
/// `exd5`, `Qe9#`: what players read in the page's move list), the side that made it and the
/// cells it went from (`null` for a drop) and to, which the page marks; or a failure of kind
/// `move` saying why it was refused.
#[wasm_bindgen]
pub fn play(source: &str, position_text: &str, move_text: &str) -> String {
    let loaded = loaded(source);
    to_json(compiled(&loaded).and_then(|c| {
        let game = c.game();
        let pos = position(&game, position_text)?;
        let m = game
            .read_move(&pos, move_text, &Letters::own())
            .map_err(|e| Failure::new("move", e.to_string()))?;
        let after = game.play(&pos, &m);
        let cell = |id| game.variant.board().name(id);
        Ok(json!({
            "position": game.position_text(&after),
            "move": game.format_move(&pos, &m),
            "san": game.format_san(&pos, &m, &Letters::own()),
            "side": game.variant.side_name(pos.to_move),
            "from": m.from.map(cell),
            "to": cell(m.to),
        }))
    }))
}

/// The positions of a game that started at `position_text` and went on with `moves` (in any
/// form [`Game::read_move`] reads, separated by spaces), the start first: what repetitions
/// are counted on.
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
            .read_move(&pos, text, &Letters::own())
            .map_err(|e| Failure::new("move", format!("move {}: {e}", i + 1)))?;
        history.push(game.play(&pos, &m));
    }
    Ok(history)
}

/// The state of the game that started at `position` and went on with `moves` (long algebraic,
/// separated by spaces): `{ok, position, over, result, reason, headline}`. `result` is "1-0",
/// "0-1", "1/2-1/2" (or the variant's score) when the game is over, `reason` one of
/// `checkmate`, `stalemate`, `repetition`, `move-limit`, `material`, `last-side` (a game of
/// more sides won by the last side left in it), `royal-capture` or `impasse`; with more than
/// two sides `result` gives every side's score, `0-1-0`. `headline` says the result in words
/// for the page's banner ("White wins by checkmate", "Draw by stalemate"). The positions are
/// replayed so repetitions count.
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
                "headline": headline(c.variant(), &o),
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

/// How the game ended, as a headline says it after the result ("White wins by checkmate").
fn how(end: GameEnd) -> &'static str {
    match end {
        GameEnd::Checkmate => "by checkmate",
        GameEnd::Stalemate => "by stalemate",
        GameEnd::Repetition => "by repetition",
        GameEnd::MoveLimit => "by the move limit",
        GameEnd::Material => "by lack of material",
        GameEnd::LastSide => "as the last side left",
        GameEnd::RoyalCaptured => "by taking a royal piece",
        GameEnd::Impasse => "by impasse",
    }
}

/// A score as a result writes it: "1", "1/2", "3/4".
fn points(s: Score) -> String {
    match (s.numerator, s.denominator) {
        (0, _) => "0".to_string(),
        (n, d) if n == d => "1".to_string(),
        (n, d) => format!("{n}/{d}"),
    }
}

/// Names joined as a sentence lists them: "White", "White and Red", "White, Black and Red".
fn listed(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The result of a finished game in words, for the banner the page shows at the end: the
/// winner and how ("White wins by checkmate", "Red wins as the last side left"), a draw and
/// why ("Draw by stalemate"; "Draw between Black and Red by repetition" when the other sides
/// lost), or each side's share when the rules split the point otherwise ("By stalemate,
/// White scores 3/4 and Black 1/4").
fn headline(v: &Variant, o: &Outcome) -> String {
    let sides: Vec<(Side, Score)> = v.side_ids().map(|s| (s, o.score_of(s))).collect();
    // Scores compared as fractions (in u64, so the products cannot overflow).
    let above = |a: Score, b: Score| {
        u64::from(a.numerator) * u64::from(b.denominator)
            > u64::from(b.numerator) * u64::from(a.denominator)
    };
    let best = sides
        .iter()
        .map(|&(_, s)| s)
        .fold(Score::LOSS, |m, s| if above(s, m) { s } else { m });
    let top: Vec<String> = sides
        .iter()
        .filter(|&&(_, s)| !above(best, s))
        .map(|&(side, _)| v.side_title(side))
        .collect();
    let how = how(o.end);
    if top.len() == 1 && best.numerator == best.denominator {
        format!("{} wins {how}", top[0])
    } else if top.len() == sides.len() {
        format!("Draw {how}")
    } else if top.len() > 1 {
        format!("Draw between {} {how}", listed(&top))
    } else {
        let shares: Vec<String> = sides
            .iter()
            .enumerate()
            .map(|(i, &(side, s))| {
                let verb = if i == 0 { " scores" } else { "" };
                format!("{}{verb} {}", v.side_title(side), points(s))
            })
            .collect();
        let mut letters = how.chars();
        let capital: String = letters
            .next()
            .map(char::to_uppercase)
            .into_iter()
            .flatten()
            .collect();
        format!("{capital}{}, {}", letters.as_str(), listed(&shares))
    }
}
