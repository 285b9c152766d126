//! The incremental evaluation: the sums the search keeps up to date move by move
//! (`Evaluator::after_move`) are the sums computed from scratch, and so is the value, in
//! random games of every shipped variant on both engines; the games' moves include every
//! kind that changes more than two cells or a hand (castling, en passant, promotion, drops
//! and captures to the hand), so each update path is exercised.

use hexv::game::{AnyEngine, Engine, Game, Move, Reference};
use hexv::search::Evaluator;

use crate::support::{game, variant_names, Rng};

/// Which kinds of moves the games played.
#[derive(Default)]
struct Seen {
    castling: usize,
    en_passant: usize,
    promotion: usize,
    drop: usize,
}

/// Plays `games` random games of at most `plies` plies from the start with `engine`, holding
/// the incremental sums and value to the ones from scratch at every position. Castlings, en
/// passant captures and promotions are chosen half the time they are legal (random play
/// rarely finds them).
fn play_out<E: Engine>(
    engine: &E,
    eval: &Evaluator,
    rng: &mut Rng,
    (games, plies): (usize, usize),
    seen: &mut Seen,
) {
    let name = &engine.variant().meta().name;
    for _ in 0..games {
        let mut s = engine.start();
        let mut sums = eval.accumulate(engine, &s);
        for ply in 0..plies {
            let moves = engine.legal_moves(&s);
            if moves.is_empty() {
                break;
            }
            // Half the time, a move of the rarer kinds when there is one.
            let special = |r: &Move| {
                r.castling.is_some() || r.en_passant_victim.is_some() || r.promotion.is_some()
            };
            let specials: Vec<&Move> = moves.iter().filter(|m| special(m)).collect();
            let m = if !specials.is_empty() && rng.below(2) == 0 {
                specials[rng.below(specials.len())]
            } else {
                &moves[rng.below(moves.len())]
            };
            let reference = m;
            seen.castling += usize::from(reference.castling.is_some());
            seen.en_passant += usize::from(reference.en_passant_victim.is_some());
            seen.promotion += usize::from(reference.promotion.is_some());
            seen.drop += usize::from(reference.from.is_none());
            let child = engine.play(&s, m);
            sums = eval.after_move(engine, &sums, (&s, m, &child));
            s = child;
            assert_eq!(
                sums,
                eval.accumulate(engine, &s),
                "{name}, ply {ply}: the sums after {reference:?}"
            );
            assert_eq!(
                eval.evaluate_with(engine, &s, &sums),
                eval.evaluate(engine, &s),
                "{name}, ply {ply}"
            );
        }
    }
}

#[test]
fn the_sums_kept_move_by_move_are_the_sums_from_scratch() {
    let (mut fastest, mut reference) = (Seen::default(), Seen::default());
    for name in variant_names() {
        let g: Game = game(&name);
        let eval = Evaluator::new(g.variant, g.tables);
        let mut rng = Rng(0xE7A1_0000 + g.variant.board().total() as u64);
        let any = AnyEngine::new(g);
        hexv::with_engine!(&any, e => play_out(e, &eval, &mut rng, (6, 160), &mut fastest));
        play_out(
            &Reference::new(g),
            &eval,
            &mut rng,
            (3, 120),
            &mut reference,
        );
    }
    // On either engine, every kind of move that touches more than its two cells, or a hand,
    // was played.
    for (engine, seen) in [("fastest", fastest), ("reference", reference)] {
        assert!(seen.castling > 0, "{engine}: no castling was played");
        assert!(
            seen.en_passant > 0,
            "{engine}: no capture en passant was played"
        );
        assert!(seen.promotion > 0, "{engine}: no promotion was played");
        assert!(seen.drop > 0, "{engine}: no drop was played");
    }
}
