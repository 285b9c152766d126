//! The PGN writer: the seven-tag roster, the variant's tags, a set-up start as `FEN` in
//! hexv's position text, and the moves in short algebraic notation wrapped at 80 columns.

use crate::game::san::Letters;
use crate::game::{Game, Move, Position};
use crate::variant::{Side, Variant};

/// The widest movetext line written.
const WIDTH: usize = 80;

/// The tags every PGN game carries first, in this order (`?` when unknown).
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The tag that names `side`'s player: the roster's `White` and `Black` for the first two
/// sides, whatever their names, and the side's name in title case for each further side
/// (`Red`; a character a tag name cannot hold becomes `_`).
pub fn player_tag(variant: &Variant, side: Side) -> String {
    match side.index() {
        0 => "White".to_string(),
        1 => "Black".to_string(),
        _ => variant
            .side_title(side)
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect(),
    }
}

/// A game in PGN: `tags` (name, value) fill the roster and follow it (`Variant` defaults to
/// the variant's name; `Result` is `result`); with more than two sides each further side's
/// player tag ([`player_tag`]) follows `Variant`; `moves` are played from `start`, written
/// with `letters`; when `start` is not the setup, `SetUp` and `FEN` tags give it.
pub fn write_game(
    game: &Game,
    tags: &[(String, String)],
    start: &Position,
    moves: &[Move],
    result: &str,
    letters: &Letters,
) -> String {
    write_game_annotated(game, tags, start, moves, &[], result, letters)
}

/// [`write_game`] with a comment after each move that has one: `comments[i]`, when given,
/// follows `moves[i]` in braces (a `}` in it becomes `)`, which would end it early).
pub fn write_game_annotated(
    game: &Game,
    tags: &[(String, String)],
    start: &Position,
    moves: &[Move],
    comments: &[Option<String>],
    result: &str,
    letters: &Letters,
) -> String {
    let given = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| out.push_str(&tag_line(name, value));
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
    let players: Vec<String> = game
        .variant
        .side_ids()
        .skip(2)
        .map(|side| player_tag(game.variant, side))
        .collect();
    for name in &players {
        tag(name, given(name).unwrap_or("?"));
    }
    let set_up = *start != game.start_position();
    if set_up {
        tag("SetUp", "1");
        tag("FEN", &game.position_text(start));
    }
    let written = |n: &str| {
        ROSTER.contains(&n)
            || n == "Variant"
            || players.iter().any(|p| p == n)
            || (set_up && (n == "SetUp" || n == "FEN"))
    };
    for (name, value) in tags.iter().filter(|(n, _)| !written(n)) {
        tag(name, value);
    }
    out.push('\n');
    out.push_str(&movetext(game, start, (moves, comments), result, letters));
    out
}

/// A tag pair's line, `[Name "value"]` and a line break.
pub(super) fn tag_line(name: &str, value: &str) -> String {
    format!("[{name} \"{}\"]\n", escape(value))
}

/// A tag value with `\` and `"` escaped and line breaks made spaces.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// The moves with their numbers and the result, wrapped at [`WIDTH`] columns. A number
/// opens each round of turns: `12.` before the first side's move, `12...` when the round (or
/// the record) opens with another side's, as when the first side has left the game.
fn movetext(
    game: &Game,
    start: &Position,
    (moves, comments): (&[Move], &[Option<String>]),
    result: &str,
    letters: &Letters,
) -> String {
    let mut tokens = Vec::new();
    let mut pos = start.clone();
    let mut number = 1;
    let mut round_opens = true;
    let mut after_comment = false;
    for (i, mv) in moves.iter().enumerate() {
        let san = game.format_san(&pos, mv, letters);
        // After a comment the number is given again, as PGN writers do.
        tokens.push(if round_opens && pos.to_move == Side::WHITE {
            format!("{number}. {san}")
        } else if round_opens || after_comment {
            format!("{number}... {san}")
        } else {
            san
        });
        after_comment = false;
        if let Some(Some(text)) = comments.get(i) {
            tokens.push(format!("{{{}}}", text.replace('}', ")")));
            after_comment = true;
        }
        let mover = pos.to_move;
        pos = game.play(&pos, mv);
        // The turn passes back to an earlier side (or the same): a new round.
        round_opens = pos.to_move.index() <= mover.index();
        if round_opens {
            number += 1;
        }
    }
    tokens.push(result.to_string());
    wrap(&tokens)
}

/// Movetext tokens joined by spaces into lines of at most [`WIDTH`] columns (a longer token
/// stands alone on its line), ending with a line break. A `(` token is joined to the token
/// after it and a `)` to the one before; a `;` comment ends its line.
pub(super) fn wrap(tokens: &[String]) -> String {
    let mut joined: Vec<String> = Vec::with_capacity(tokens.len());
    let mut open = String::new();
    for token in tokens {
        match token.as_str() {
            "(" => open.push('('),
            ")" => match joined.last_mut() {
                Some(last) if open.is_empty() && !last.starts_with(';') => last.push(')'),
                _ => joined.push(format!("{})", std::mem::take(&mut open))),
            },
            _ => joined.push(format!("{}{token}", std::mem::take(&mut open))),
        }
    }
    if !open.is_empty() {
        joined.push(open);
    }
    let mut out = String::new();
    let mut column = 0;
    for token in &joined {
        let width = token.chars().count();
        if column > 0 && column + 1 + width > WIDTH {
            out.push('\n');
            column = 0;
        } else if column > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(token);
        column += width;
        if token.starts_with(';') {
            out.push('\n');
            column = 0;
        }
    }
    if column > 0 || out.is_empty() {
        out.push('\n');
    }
    out
}
