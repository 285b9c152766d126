//! Static exchange evaluation (`Engine::exchange`), the fast engine's, held to the exchange
//! played out by the reference engine: on the captured cell, each side in turn captures with
//! its least valuable piece that can, or stops when that would lose, in random positions of
//! several variants (no royal pieces, so every capture is legal and none is pinned).

use hexv::game::fast::FastEngine;
use hexv::game::{Engine, Game, Move, Position, Reference};
use hexv::geometry::board::CellId;
use hexv::search::Evaluator;
use hexv::variant::Side;

use crate::support::{game, Rng};

/// The captures onto `cell` of the side to move, none of them promoting; `None` when one
/// promotes (the exchange leaves promotions of recapturing pieces out).
fn captures_onto(game: &Game, pos: &Position, cell: CellId) -> Option<Vec<Move>> {
    let moves: Vec<Move> = game
        .legal_moves(pos)
        .into_iter()
        .filter(|m| m.to == cell && m.from.is_some() && pos.squares[cell.index()].is_some())
        .collect();
    (!moves.iter().any(|m| m.promotion.is_some())).then_some(moves)
}

/// What the side to move gains on `cell` from here, stopping when it likes: the lowest and
/// the highest over the choices among equally valuable capturing pieces.
fn played_out(game: &Game, pos: &Position, cell: CellId, values: &[i32]) -> Option<(i32, i32)> {
    let caps = captures_onto(game, pos, cell)?;
    let value = |m: &Move| values[m.piece.index()];
    let Some(least) = caps.iter().map(value).min() else {
        return Some((0, 0));
    };
    let captured = values[pos.squares[cell.index()]
        .expect("a capture's cell")
        .1
        .index()];
    let (mut lo, mut hi) = (i32::MAX, i32::MIN);
    for m in caps.iter().filter(|m| value(m) == least) {
        let (l, h) = played_out(game, &game.play(pos, m), cell, values)?;
        lo = lo.min(captured - h);
        hi = hi.max(captured - l);
    }
    Some((lo.max(0), hi.max(0)))
}

/// The evaluation's value of each piece type, what exchanges are counted in.
fn piece_values(g: &Game) -> Vec<i32> {
    let eval = Evaluator::new(g.variant, g.tables);
    let values = g.variant.piece_ids().map(|p| eval.value(p.index()));
    values.collect()
}

/// A random position without royal pieces: a dozen to thirty pieces of either side.
fn random_army(game: &Game, rng: &mut Rng) -> Position {
    let v = game.variant;
    let mut pos = game.empty_position(Side::BOTH[rng.below(2)]);
    let pieces: Vec<_> = v.piece_ids().filter(|p| !v.piece(*p).royal).collect();
    let cells: Vec<CellId> = v.board().cells().collect();
    for _ in 0..12 + rng.below(18) {
        let c = cells[rng.below(cells.len())];
        let side = Side::BOTH[rng.below(2)];
        pos.squares[c.index()] = Some((side, pieces[rng.below(pieces.len())]));
    }
    pos
}

#[test]
fn the_exchange_is_the_one_played_out_least_valuable_first() {
    for path in [
        "variants/glinski.hexv",
        "variants/mini-hexchess.hexv",
        "variants/shafran.hexv",
        "variants/chessagon.hexv",
        "variants/xiang-hex.hexv",
    ] {
        let g = game(path);
        let fast = FastEngine::new(g).expect("the board fits");
        let reference = Reference::new(g);
        let values = piece_values(&g);
        let mut rng = Rng(0x5EE5_0000 + g.variant.board().total() as u64);
        let (mut checked, mut losing) = (0, 0);
        for _ in 0..150 {
            let pos = random_army(&g, &mut rng);
            let state = fast.state(&pos);
            for m in fast.legal_moves(&state) {
                let r = m;
                let Some(victim) = pos.squares[r.to.index()] else {
                    continue;
                };
                if r.promotion.is_some() || r.castling.is_some() || r.en_passant_victim.is_some() {
                    continue;
                }
                let after = g.play(&pos, &r);
                let Some((lo, hi)) = played_out(&g, &after, r.to, &values) else {
                    continue;
                };
                let captured = values[victim.1.index()];
                let see = fast.exchange(&state, &m, &values);
                let text = g.format_move(&pos, &r);
                assert!(
                    captured - hi <= see && see <= captured - lo,
                    "{path}: {text} in {}: exchange {see}, played out {}..{}",
                    g.position_text(&pos),
                    captured - hi,
                    captured - lo
                );
                // The reference engine's estimate sees one recapture: never above the exchange
                // when the first recapture is the least valuable.
                let one = reference.exchange(&pos, &r, &values);
                assert!(
                    one <= captured,
                    "{path}: {text}: {one} above the victim's value"
                );
                checked += 1;
                losing += usize::from(see < 0);
            }
        }
        assert!(checked > 200, "{path}: only {checked} captures checked");
        assert!(
            losing > 10,
            "{path}: only {losing} losing captures among {checked}"
        );
    }
}

/// `Engine::least_attacker_value`, the fast engine's, held to the reference engine's legal
/// moves: for every piece in random positions, the cheapest piece of the other side that has a
/// capture onto its cell (`None` when none has), and the reference engine's own answer
/// (`i32::MAX`, "attacked", exactly when some piece captures there).
#[test]
fn the_least_attacker_is_the_cheapest_piece_that_captures_there() {
    for path in [
        "variants/glinski.hexv",
        "variants/mini-hexchess.hexv",
        "variants/shafran.hexv",
        "variants/chessagon.hexv",
    ] {
        let g = game(path);
        let fast = FastEngine::new(g).expect("the board fits");
        let reference = Reference::new(g);
        let values = piece_values(&g);
        let mut rng = Rng(0x1EA5_7000 + g.variant.board().total() as u64);
        let (mut attacked, mut free) = (0, 0);
        for _ in 0..60 {
            let mut pos = random_army(&g, &mut rng);
            for by in Side::BOTH {
                pos.to_move = by;
                let moves = g.legal_moves(&pos);
                let state = fast.state(&pos);
                for cell in g.variant.board().cells() {
                    if pos.squares[cell.index()].is_none_or(|(owner, _)| owner == by) {
                        continue;
                    }
                    let expected = moves
                        .iter()
                        .filter(|m| m.to == cell && m.from.is_some())
                        .map(|m| values[m.piece.index()])
                        .min();
                    let got = fast.least_attacker_value(&state, cell.index(), by, &values);
                    let text = g.position_text(&pos);
                    assert_eq!(got, expected, "{path}: {cell:?} by {by:?} in {text}");
                    let said = reference.least_attacker_value(&pos, cell.index(), by, &values);
                    assert_eq!(said, expected.map(|_| i32::MAX), "{path}: {text}");
                    attacked += usize::from(expected.is_some());
                    free += usize::from(expected.is_none());
                }
            }
        }
        assert!(attacked > 100 && free > 100, "{path}: {attacked} {free}");
    }
}
