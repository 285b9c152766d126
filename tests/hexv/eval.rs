//! The incremental evaluation: the sums the search keeps up to date move by move
//! (`Evaluator::after_move`) are the sums computed from scratch, and so is the value, in
//! random games of every shipped variant on both engines; the games' moves include every
//! kind that changes more than two cells or a hand (castling, en passant, promotion, drops
//! and captures to the hand), so each update path is exercised.

use hexv::game::{AnyEngine, Engine, Game, Move, Reference};
use hexv::search::Evaluator;

use crate::support::{game, position, variant_names, Rng};

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
        if g.variant.sides().len() > 2 {
            // The sums are the two-sided search's; more sides are evaluated from scratch
            // (search/many.rs).
            continue;
        }
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

/// A piece's reach, what mobility counts, is the cells it moves or captures to as the board
/// stands: on Glinski's board, from the centre f6, a lone Rook reaches 30 cells (six lines of
/// five), a Bishop 12 (six diagonals of two), a Knight 12 and a Queen 42; a Pawn of its own two
/// cells up the Rook's file takes 4 of them, an enemy one there 3 (it may be taken). Both
/// engines count alike, and with mobility weights the freer Rook is worth more than the
/// built-in formula says, which counts no reach.
#[test]
fn reach_counts_the_cells_a_piece_moves_or_captures_to() {
    let g = game("variants/glinski.hexv");
    let fast = hexv::game::fast::FastEngine::new(g).expect("the board fits");
    let (v, t) = (g.variant, g.tables);
    let f6 = v.board().find("f6").expect("f6");
    let reach = |pos: &hexv::game::Position| {
        let r = g.reach(pos, f6);
        assert_eq!(fast.reach(&fast.state(pos), f6.index()), r);
        r
    };
    const WHITE: hexv::Side = hexv::Side::WHITE;
    const BLACK: hexv::Side = hexv::Side::BLACK;
    for (key, want) in [("R", 30), ("B", 12), ("N", 12), ("Q", 42)] {
        let pos = position(v, t, WHITE, &[(WHITE, key, "f6")]);
        assert_eq!(reach(&pos), want, "{key}");
    }
    let free = position(v, t, WHITE, &[(WHITE, "R", "f6")]);
    let blocked = position(v, t, WHITE, &[(WHITE, "R", "f6"), (WHITE, "P", "f8")]);
    let attacking = position(v, t, WHITE, &[(WHITE, "R", "f6"), (BLACK, "P", "f8")]);
    assert_eq!((reach(&blocked), reach(&attacking)), (26, 27));
    let mut weights = hexv::search::Weights::default_for(v, t);
    weights.mobility = [150, 250];
    let mobile = Evaluator::with_weights(v, t, &weights);
    let formula = Evaluator::new(v, t);
    let reference = Reference::new(g);
    let gain = |e: &Evaluator| e.evaluate(&reference, &free) - e.evaluate(&reference, &blocked);
    assert!(
        gain(&mobile) > gain(&formula),
        "{} {}",
        gain(&mobile),
        gain(&formula)
    );
}

/// Weights at the ends of their ranges, which a weights file may give (mobility, material
/// and every scale at their largest, then at their smallest), evaluate every position of
/// random games on both engines without an overflow and within the evaluation's bounds.
#[test]
fn extreme_weights_evaluate_without_overflow() {
    use hexv::search::Weights;
    for path in [
        "variants/mini-hexchess.hexv",
        "variants/glinski.hexv",
        "variants/hex-shogi-41.hexv",
    ] {
        let g = game(path);
        let (v, t) = (g.variant, g.tables);
        let fast = AnyEngine::new(g);
        for high in [true, false] {
            let mut w = Weights::default_for(v, t);
            for m in &mut w.material {
                *m = [Weights::MATERIAL.max; 2];
            }
            for (_, range, place) in w.scalars_mut() {
                *place = if high { range.max } else { range.min };
            }
            let cell = if high {
                Weights::CELL.max
            } else {
                Weights::CELL.min
            };
            w.cells.iter_mut().for_each(|c| *c = [cell; 2]);
            let eval = Evaluator::with_weights(v, t, &w);
            evaluate_random_games(&g, &fast, &eval, path);
        }
    }
    // A piece worth the most a file may say (`value 100000`) with mobility at its largest.
    let text = std::fs::read_to_string(crate::support::root().join("variants/mini-hexchess.hexv"))
        .expect("read");
    let text = text.replacen("piece Rook R {", "piece Rook R {\n  value 100000", 1);
    let compiled = crate::support::check_text("heavy.hexv", &text)
        .compiled
        .expect("a clean variant");
    let g = compiled.game();
    let mut w = Weights::default_for(g.variant, g.tables);
    w.mobility = [Weights::PER_MILLE.max; 2];
    let eval = Evaluator::with_weights(g.variant, g.tables, &w);
    evaluate_random_games(&g, &AnyEngine::new(g), &eval, "a heavy Rook");
}

/// Evaluates every position of a random game on both engines: the same value, within bounds.
fn evaluate_random_games(g: &Game, fast: &AnyEngine, eval: &Evaluator, what: &str) {
    let reference = Reference::new(*g);
    let mut rng = Rng::new(5);
    let mut pos = g.start_position();
    for _ in 0..60 {
        let e = eval.evaluate(&reference, &pos);
        assert!(e.abs() <= 30_000, "{what}: {e}");
        hexv::with_engine!(fast, f => assert_eq!(eval.evaluate(f, &f.state(&pos)), e));
        let legal = g.legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        pos = g.play(&pos, &legal[rng.below(legal.len())]);
    }
}

/// Per-cell weights are White's, and Black's pieces read them on the cells answering to
/// White's: Mini Hexchess's Black army is White's turned half round (d3 answers to d5),
/// Glinski's mirrored (c2 to c7), as their published setups say. So weights on every cell
/// leave the symmetric start position's value as it was, and a weight on one cell counts for
/// whichever side has its pawn there.
#[test]
fn per_cell_weights_are_white_s_and_answer_to_black_s_cells() {
    use hexv::search::Weights;
    use hexv::variant::Side;
    for (path, white, black) in [
        ("variants/mini-hexchess.hexv", "d3", "d5"),
        ("variants/glinski.hexv", "c2", "c7"),
    ] {
        let g = game(path);
        let (v, t) = (g.variant, g.tables);
        let reference = Reference::new(g);
        let plain = Evaluator::with_weights(v, t, &Weights::default_for(v, t));
        let mut w = Weights::default_for(v, t);
        let mut rng = Rng::new(3);
        for c in &mut w.cells {
            *c = [rng.below(200) as i32 - 100, rng.below(200) as i32 - 100];
        }
        let start = g.start_position();
        let e = Evaluator::with_weights(v, t, &w);
        assert_eq!(
            e.evaluate(&reference, &start),
            plain.evaluate(&reference, &start),
            "{path}: the start is symmetric"
        );
        let mut w = Weights::default_for(v, t);
        let pawn = v.find_piece("P").expect("a pawn");
        let at = v.board().find(white).expect("a cell");
        w.cells[pawn.index() * v.board().total() + at.index()] = [40, 40];
        let e = Evaluator::with_weights(v, t, &w);
        let kings =
            |cells: [&'static str; 2]| [(Side::WHITE, "K", cells[0]), (Side::BLACK, "K", cells[1])];
        let royal = if path.contains("mini") {
            ["d2", "d6"]
        } else {
            ["g1", "g10"]
        };
        for (side, cell) in [(Side::WHITE, white), (Side::BLACK, black)] {
            let mut pieces = kings(royal).to_vec();
            pieces.push((side, "P", cell));
            let pos = crate::support::position_of(&g, &pieces, side);
            assert_eq!(
                e.evaluate(&reference, &pos) - plain.evaluate(&reference, &pos),
                40,
                "{path}: {side:?}'s pawn on {cell}"
            );
        }
    }
}

/// The drawish-ending weight scales the value only where the side ahead has no promoting
/// piece and less than half again its cheapest other piece more (Mini Hexchess: the bishop,
/// 228, so 342): a lone knight, or a knight against a pawn, is scaled; a rook (430), or a
/// knight with a pawn, is not.
#[test]
fn the_drawish_weight_scales_only_endings_the_side_ahead_cannot_win() {
    use hexv::search::Weights;
    use hexv::variant::Side;
    let g = game("variants/mini-hexchess.hexv");
    let (v, t) = (g.variant, g.tables);
    let reference = Reference::new(g);
    let plain = Evaluator::with_weights(v, t, &Weights::default_for(v, t));
    let mut w = Weights::default_for(v, t);
    w.drawish = 250;
    let drawish = Evaluator::with_weights(v, t, &w);
    let kings = [(Side::WHITE, "K", "d2"), (Side::BLACK, "K", "d6")];
    type Pieces<'a> = &'a [(Side, &'a str, &'a str)];
    let cases: [(Pieces, Side, bool); 5] = [
        (&[(Side::WHITE, "N", "a1")], Side::WHITE, true),
        (&[(Side::WHITE, "N", "a1")], Side::BLACK, true),
        (
            &[(Side::WHITE, "N", "a1"), (Side::BLACK, "P", "f5")],
            Side::WHITE,
            true,
        ),
        (&[(Side::WHITE, "R", "a1")], Side::WHITE, false),
        (
            &[(Side::WHITE, "N", "a1"), (Side::WHITE, "P", "b1")],
            Side::WHITE,
            false,
        ),
    ];
    for (more, to_move, scaled) in cases {
        let mut pieces = kings.to_vec();
        pieces.extend_from_slice(more);
        let pos = crate::support::position_of(&g, &pieces, to_move);
        let (full, kept) = (
            plain.evaluate(&reference, &pos),
            drawish.evaluate(&reference, &pos),
        );
        assert!(full.abs() > 100, "{more:?}: {full}");
        let want = if scaled { full * 250 / 1000 } else { full };
        assert_eq!(kept, want, "{more:?} with {to_move:?} to move");
    }
}
