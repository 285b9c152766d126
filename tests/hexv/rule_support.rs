//! Helpers the variants' rule tests share (the rule case runner, the variants' modules, the
//! rules matrix): positions written as piece lists, moves and refusals in notation,
//! who stands where, the end of the game.

use std::collections::BTreeSet;

use hexv::game::{Game, GameEnd, Position};
use hexv::variant::Side;

use crate::support::{cell, piece};

/// A position from `"K e1 r a6 ..."` (upper case White), with the castling pieces on the
/// cells of `unmoved` marked as not moved. Written as text and read back, so hexv's checks
/// of a position accept it, and held to the fast engine as well.
pub fn at(game: &Game, to_move: Side, pieces: &str, unmoved: &str) -> Position {
    let v = game.variant;
    let mut pos = game.empty_position(to_move);
    let words: Vec<&str> = pieces.split_whitespace().collect();
    assert_eq!(words.len() % 2, 0, "{pieces}");
    for pair in words.chunks(2) {
        let side = if pair[0].chars().all(|c| c.is_ascii_uppercase()) {
            Side::WHITE
        } else {
            Side::BLACK
        };
        let p = piece(v, &pair[0].to_uppercase());
        pos.squares[cell(v, pair[1]).index()] = Some((side, p));
    }
    for c in unmoved.split_whitespace() {
        pos.unmoved[cell(v, c).index()] = true;
    }
    let text = game.position_text(&pos);
    let back = game
        .parse_position(&text)
        .unwrap_or_else(|e| panic!("{}", e.show(&text)));
    assert_eq!(back, pos, "{text}");
    crate::fast_engine::engines_agree(game, &pos, &text);
    pos
}

/// Every legal move, in notation.
pub fn all_moves(game: &Game, pos: &Position) -> BTreeSet<String> {
    game.legal_moves(pos)
        .iter()
        .map(|m| game.format_move(pos, m))
        .collect()
}

/// The legal moves from `from`, in notation.
pub fn moves_from(game: &Game, pos: &Position, from: &str) -> BTreeSet<String> {
    all_moves(game, pos)
        .into_iter()
        .filter(|m| {
            m.strip_prefix(from)
                .is_some_and(|rest| rest.starts_with('-') || rest.starts_with('x'))
        })
        .collect()
}

/// The union of move sets.
pub fn union(sets: &[BTreeSet<String>]) -> BTreeSet<String> {
    sets.iter().flatten().cloned().collect()
}

/// The position after `moves` (they must be legal).
pub fn play(game: &Game, pos: &Position, moves: &str) -> Position {
    game.play_moves(pos, moves)
        .unwrap_or_else(|(i, e)| panic!("move {i}: {e}"))
}

/// Why `text` is refused as a move here.
pub fn refusal(game: &Game, pos: &Position, text: &str) -> String {
    game.parse_move(pos, text)
        .expect_err("the move must be refused")
        .to_string()
}

/// Who stands on a cell: `"K"` White's king, `"k"` Black's, `""` nobody.
pub fn on(game: &Game, pos: &Position, name: &str) -> String {
    let v = game.variant;
    match pos.squares[cell(v, name).index()] {
        None => String::new(),
        Some((Side::WHITE, p)) => v.piece(p).symbol.clone(),
        Some((_, p)) => v.piece(p).symbol.to_lowercase(),
    }
}

/// How the game has ended in `pos`, with the result, or `None`.
pub fn ending(game: &Game, pos: &Position) -> Option<(GameEnd, String)> {
    game.outcome(std::slice::from_ref(pos))
        .map(|o| (o.end, o.result()))
}

/// The cells `k` steps along each vector from `c`, `k` = 1, 2, ... while `at` names a board
/// cell there, at most `max` steps: a variant test's own geometry's view of a piece's moves on
/// an empty board (`Some(1)` for a stepper, `None` for a rider).
pub fn along<C: Copy>(
    c: C,
    vs: &[C],
    max: Option<i32>,
    at: impl Fn(C, C, i32) -> Option<String>,
) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for &d in vs {
        let mut k = 1;
        while max.is_none_or(|m| k <= m) {
            let Some(name) = at(c, d, k) else { break };
            out.insert(name);
            k += 1;
        }
    }
    out
}

/// Asserts that `side`'s setup puts each piece of `army` (`(key, "cell cell ...")`) exactly on
/// those cells and nothing else anywhere; returns how many pieces that is.
pub fn assert_setup(v: &hexv::variant::Variant, side: Side, army: &[(&str, &str)]) -> usize {
    let mut count = 0;
    for (key, cells) in army {
        let p = piece(v, key);
        let placed = crate::support::names(
            v,
            v.setup(side)
                .iter()
                .filter(|(q, _)| *q == p)
                .map(|(_, c)| *c),
        );
        assert_eq!(placed, crate::support::set(cells), "{side:?} {key}");
        count += placed.len();
    }
    assert_eq!(
        v.setup(side).len(),
        count,
        "{side:?}: pieces beyond the list"
    );
    count
}
