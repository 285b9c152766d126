//! The PGN writer: the seven-tag roster, the variant's tags, a set-up start as `FEN` in
//! hexv's position text, and the moves in short algebraic notation wrapped at 80 columns.

use crate::game::san::Letters;
use crate::game::{Game, Move, Position};
use crate::variant::Side;

/// The widest movetext line written.
const WIDTH: usize = 80;

/// The tags every PGN game carries first, in this order (`?` when unknown).
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// A game in PGN: `tags` (name, value) fill the roster and follow it (`Variant` defaults to
/// the variant's name; `Result` is `result`); `moves` are played from `start`, written with
/// `letters`; when `start` is not the setup, `SetUp` and `FEN` tags give it.
pub fn write_game(
    game: &Game,
    tags: &[(String, String)],
    start: &Position,
    moves: &[Move],
    result: &str,
    letters: &Letters,
) -> String {
    let given = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    };
    for name in ROSTER {
        let value = if name == "Result" {
            result
        } else {
            given(name).unwrap_or("?")
        };
        tag(name, value);
    }
    tag(
        "Variant",
        given("Variant").unwrap_or(&game.variant.meta().name),
    );
    let set_up = *start != game.start_position();
    if set_up {
        tag("SetUp", "1");
        tag("FEN", &game.position_text(start));
    }
    let written =
        |n: &str| ROSTER.contains(&n) || n == "Variant" || (set_up && (n == "SetUp" || n == "FEN"));
    for (name, value) in tags.iter().filter(|(n, _)| !written(n)) {
        tag(name, value);
    }
    out.push('\n');
    out.push_str(&movetext(game, start, moves, result, letters));
    out
}

/// A tag value with `\` and `"` escaped and line breaks made spaces.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// The moves with their numbers and the result, wrapped at [`WIDTH`] columns.
fn movetext(
    game: &Game,
    start: &Position,
    moves: &[Move],
    result: &str,
    letters: &Letters,
) -> String {
    let mut tokens = Vec::new();
    let mut pos = start.clone();
    let mut number = 1;
    for (i, mv) in moves.iter().enumerate() {
        let san = game.format_san(&pos, mv, letters);
        match pos.to_move {
            Side::White => tokens.push(format!("{number}. {san}")),
            Side::Black if i == 0 => tokens.push(format!("{number}... {san}")),
            Side::Black => tokens.push(san),
        }
        if pos.to_move == Side::Black {
            number += 1;
        }
        pos = game.play(&pos, mv);
    }
    tokens.push(result.to_string());
    let mut out = String::new();
    let mut column = 0;
    for token in tokens {
        if column > 0 && column + 1 + token.len() > WIDTH {
            out.push('\n');
            column = 0;
        } else if column > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(&token);
        column += token.len();
    }
    out.push('\n');
    out
}
