//! The search (issue 13): mates found, free pieces taken, the variant's stalemate score
//! respected, and never an illegal move. Positions are built from seeded random placements
//! and kept only when a brute-force solver (the legal moves, tried exhaustively) proves what
//! they hold, so the expected answers do not come from the search being tested.

use std::sync::atomic::AtomicBool;

use hexv::game::AnyEngine;
use hexv::game::{Game, Move, Position};
use hexv::geometry::board::CellId;
use hexv::search::{Limits, SearchResult, SearchScore, Searcher, Weights};
use hexv::variant::{PieceId, Side};

use crate::support::{game, Rng};

/// Searches a position alone (no earlier history) to a fixed depth.
fn search(game: &Game, pos: &Position, depth: u32) -> SearchResult {
    let stop = AtomicBool::new(false);
    Searcher::new(*game).search(
        std::slice::from_ref(pos),
        &Limits::depth(depth),
        &stop,
        &mut |_| {},
    )
}

/// The side to move is checkmated.
fn mated(game: &Game, fast: &AnyEngine, pos: &Position) -> bool {
    fast.legal_moves(pos).is_empty() && game.in_check(pos, pos.to_move)
}

/// The side to move has no legal move and is not in check.
fn stalemated(game: &Game, fast: &AnyEngine, pos: &Position) -> bool {
    fast.legal_moves(pos).is_empty() && !game.in_check(pos, pos.to_move)
}

/// Every move that stalemates the other side.
fn stalemating_moves(game: &Game, fast: &AnyEngine, pos: &Position) -> Vec<Move> {
    fast.legal_moves(pos)
        .into_iter()
        .filter(|m| stalemated(game, fast, &game.play(pos, m)))
        .collect()
}

/// Every move that mates at once.
fn mates_in_one(game: &Game, fast: &AnyEngine, pos: &Position) -> Vec<Move> {
    fast.legal_moves(pos)
        .into_iter()
        .filter(|m| mated(game, fast, &game.play(pos, m)))
        .collect()
}

/// Every move after which each reply allows a mate at once (mates in one excluded).
fn mates_in_two(game: &Game, fast: &AnyEngine, pos: &Position) -> Vec<Move> {
    fast.legal_moves(pos)
        .into_iter()
        .filter(|m| {
            let after = game.play(pos, m);
            let replies = fast.legal_moves(&after);
            !replies.is_empty()
                && replies
                    .iter()
                    .all(|r| !mates_in_one(game, fast, &game.play(&after, r)).is_empty())
        })
        .collect()
}

/// What a random placement holds.
struct Placement {
    /// White's non-royal pieces.
    pieces: usize,
    /// Black's non-royal pieces.
    black: usize,
    /// Pieces put in White's hand, when the variant has hands.
    in_hand: usize,
    /// Cells White's pieces may also stand on (off-board cells, for Dagger's knights).
    extra_cells: Vec<CellId>,
}

/// A random legal position with White to move: both royal pieces and a few others.
fn random_position(game: &Game, rng: &mut Rng, p: &Placement) -> Option<Position> {
    let v = game.variant;
    let cells: Vec<CellId> = v.board().cells().collect();
    let royal = v.piece_ids().find(|&q| v.piece(q).royal)?;
    let others: Vec<PieceId> = v.piece_ids().filter(|&q| !v.piece(q).royal).collect();
    let mut pos = game.empty_position(Side::WHITE);
    let put = |pos: &mut Position, rng: &mut Rng, side: Side, piece: PieceId, extra: bool| {
        let pool: Vec<CellId> = if extra && !p.extra_cells.is_empty() {
            p.extra_cells.clone()
        } else {
            cells.clone()
        };
        for _ in 0..20 {
            let c = pool[rng.below(pool.len())];
            if pos.squares[c.index()].is_none() {
                pos.squares[c.index()] = Some((side, piece));
                return;
            }
        }
    };
    put(&mut pos, rng, Side::WHITE, royal, false);
    put(&mut pos, rng, Side::BLACK, royal, false);
    for i in 0..p.pieces {
        let piece = others[rng.below(others.len())];
        put(&mut pos, rng, Side::WHITE, piece, i == 0);
    }
    for _ in 0..p.black {
        let piece = others[rng.below(others.len())];
        put(&mut pos, rng, Side::BLACK, piece, false);
    }
    for _ in 0..p.in_hand {
        let piece = others[rng.below(others.len())];
        if v.in_hand_as(piece) == piece {
            pos.hands[Side::WHITE][piece.index()] += 1;
        }
    }
    // Only positions a game could reach: the position text reads back.
    game.parse_position(&game.position_text(&pos)).ok()
}

/// The first `count` random positions (seeded) that `keep` accepts.
fn find(
    game: &Game,
    placement: &Placement,
    count: usize,
    mut keep: impl FnMut(&Position) -> bool,
) -> Vec<Position> {
    let mut rng = Rng(0x5EED_0000_0000_0001);
    let mut found = Vec::new();
    for _ in 0..200_000 {
        if let Some(pos) = random_position(game, &mut rng, placement) {
            if keep(&pos) {
                found.push(pos);
                if found.len() == count {
                    break;
                }
            }
        }
    }
    assert_eq!(found.len(), count, "not enough positions found");
    found
}

fn plain(pieces: usize) -> Placement {
    Placement {
        pieces,
        black: pieces / 2,
        in_hand: 0,
        extra_cells: Vec::new(),
    }
}

/// The engine finds a mate in one wherever the solver proves there is one, in every variant.
#[test]
fn mates_in_one_are_found_in_every_variant() {
    for path in [
        "variants/glinski.hexv",
        "variants/mccooey.hexv",
        "variants/koval.hexv",
        "variants/dagger.hexv",
        "variants/chessagon.hexv",
        "variants/hex-shogi-41.hexv",
        "variants/hex-shogi-81.hexv",
        "variants/hex-shogi-91.hexv",
    ] {
        let game = game(path);
        let fast = AnyEngine::new(game);
        let positions = find(&game, &plain(3), 3, |pos| {
            !mates_in_one(&game, &fast, pos).is_empty()
        });
        for pos in positions {
            let mates = mates_in_one(&game, &fast, &pos);
            let result = search(&game, &pos, 2);
            let best = result.best.expect("a move");
            assert!(
                mates.contains(&best),
                "{path}: {} played {} instead of a mate ({})",
                game.position_text(&pos),
                game.format_move(&pos, &best),
                game.format_move(&pos, &mates[0])
            );
            assert_eq!(result.info.score, SearchScore::Mate(1), "{path}");
        }
    }
}

/// The search to depth 6 plays one of the mates in two the solver finds in `pos`, and
/// scores it as a mate in two.
fn assert_mate_in_two_found(game: &Game, fast: &AnyEngine, path: &str, pos: &Position) {
    let mates = mates_in_two(game, fast, pos);
    let result = search(game, pos, 6);
    let best = result.best.expect("a move");
    assert!(
        mates.contains(&best),
        "{path}: {} played {}",
        game.position_text(pos),
        game.format_move(pos, &best)
    );
    assert_eq!(result.info.score, SearchScore::Mate(2), "{path}");
}

/// Mates in two (and none in one), proven by the solver, in the main variants, found by depth
/// 6. (A search that prunes by the static value, as reverse futility does, may not see a
/// quiet mating net at depth 4, where a full-width search would.)
#[test]
fn mates_in_two_are_found() {
    for path in [
        "variants/glinski.hexv",
        "variants/koval.hexv",
        "variants/chessagon.hexv",
    ] {
        let game = game(path);
        let fast = AnyEngine::new(game);
        let positions = find(&game, &plain(2), 1, |pos| {
            // Cheap filters first: no mate in one, and a cramped royal piece.
            let replies_cramped = fast.legal_moves(pos).len() < 40;
            replies_cramped
                && mates_in_one(&game, &fast, pos).is_empty()
                && !mates_in_two(&game, &fast, pos).is_empty()
        });
        for pos in positions {
            assert_mate_in_two_found(&game, &fast, path, &pos);
        }
    }
}

/// Mates in two whose every first move is a check the defender can answer by taking the
/// checking piece (a sacrifice: the search prunes and reduces checks that lose their piece
/// in the exchange as quiet moves), found by depth 6 all the same.
#[test]
fn sacrificial_mates_in_two_are_found() {
    for path in ["variants/glinski.hexv", "variants/mini-hexchess.hexv"] {
        let game = game(path);
        let fast = AnyEngine::new(game);
        let positions = find(&game, &plain(4), 1, |pos| {
            if fast.legal_moves(pos).len() >= 40 || !mates_in_one(&game, &fast, pos).is_empty() {
                return false;
            }
            let mates = mates_in_two(&game, &fast, pos);
            !mates.is_empty()
                && mates.iter().all(|m| {
                    let after = game.play(pos, m);
                    game.in_check(&after, after.to_move)
                        && fast.legal_moves(&after).iter().any(|r| r.to == m.to)
                })
        });
        for pos in positions {
            assert_mate_in_two_found(&game, &fast, path, &pos);
        }
    }
}

/// Dagger's knights start off the board: a mate in one by a knight entering the game.
#[test]
fn a_mate_by_a_knight_entering_dagger() {
    let game = game("variants/dagger.hexv");
    let fast = AnyEngine::new(game);
    let v = game.variant;
    let off: Vec<CellId> = v.board().off_board_cells().collect();
    let placement = Placement {
        pieces: 3,
        black: 1,
        in_hand: 0,
        extra_cells: off.clone(),
    };
    let positions = find(&game, &placement, 2, |pos| {
        let mates = mates_in_one(&game, &fast, pos);
        !mates.is_empty()
            && mates
                .iter()
                .all(|m| m.from.is_some_and(|f| off.contains(&f)))
    });
    for pos in positions {
        let best = search(&game, &pos, 2).best.expect("a move");
        assert!(
            best.from.is_some_and(|f| off.contains(&f)),
            "{}: {}",
            game.position_text(&pos),
            game.format_move(&pos, &best)
        );
        assert!(mated(&game, &fast, &game.play(&pos, &best)));
    }
}

/// Hex Shogi: a mate in one that only a drop from the hand gives.
#[test]
fn a_drop_mate_in_hex_shogi() {
    let game = game("variants/hex-shogi-41.hexv");
    let fast = AnyEngine::new(game);
    let placement = Placement {
        pieces: 2,
        black: 1,
        in_hand: 2,
        extra_cells: Vec::new(),
    };
    let positions = find(&game, &placement, 2, |pos| {
        let mates = mates_in_one(&game, &fast, pos);
        !mates.is_empty() && mates.iter().all(Move::is_drop)
    });
    for pos in positions {
        let best = search(&game, &pos, 2).best.expect("a move");
        assert!(best.is_drop(), "{}", game.position_text(&pos));
        assert!(mated(&game, &fast, &game.play(&pos, &best)));
    }
}

/// A piece that can be taken for nothing is taken: White has a royal piece and one other that
/// does not promote, Black a royal piece and the free one, so nothing is better.
#[test]
fn a_free_piece_is_taken() {
    for path in ["variants/glinski.hexv", "variants/chessagon.hexv"] {
        let game = game(path);
        let fast = AnyEngine::new(game);
        let searcher = Searcher::new(game);
        let value = |p: PieceId| searcher.evaluator().value(p.index());
        // Exactly one capture wins a piece worth a knight or more that nothing defends.
        let free = |pos: &Position| -> Vec<Move> {
            fast.legal_moves(pos)
                .into_iter()
                .filter(|m| {
                    let Some((_, taken)) = pos.squares[m.to.index()] else {
                        return false;
                    };
                    let after = game.play(pos, m);
                    value(taken) >= 250 && !fast.legal_moves(&after).iter().any(|r| r.to == m.to)
                })
                .collect()
        };
        let one_each = Placement {
            pieces: 1,
            black: 1,
            in_hand: 0,
            extra_cells: Vec::new(),
        };
        let promotes = |pos: &Position| {
            pos.squares
                .iter()
                .flatten()
                .any(|(side, p)| *side == Side::WHITE && game.variant.piece(*p).promotion.is_some())
        };
        let positions = find(&game, &one_each, 3, |pos| {
            free(pos).len() == 1 && !promotes(pos) && !game.in_check(pos, Side::WHITE)
        });
        for pos in positions {
            let best = search(&game, &pos, 3).best.expect("a move");
            assert_eq!(
                Some(&best),
                free(&pos).first(),
                "{path}: {} played {}",
                game.position_text(&pos),
                game.format_move(&pos, &best)
            );
        }
    }
}

/// Glinski's stalemate is worth 3/4 to the side that gives it: a side with less material
/// stalemates when it can (and is not mated for it); where stalemate is a draw (Chessagon) a
/// side with more material does not.
#[test]
fn stalemate_is_scored_by_the_variant() {
    let game = game("variants/glinski.hexv");
    let fast = AnyEngine::new(game);
    let searcher = Searcher::new(game);
    let stalemating = |pos: &Position| stalemating_moves(&game, &fast, pos);
    let behind = |pos: &Position| searcher.evaluate(pos) < -150;
    let positions = find(&game, &plain(2), 2, |pos| {
        !stalemating(pos).is_empty() && mates_in_one(&game, &fast, pos).is_empty() && behind(pos)
    });
    for pos in positions {
        let result = search(&game, &pos, 3);
        let best = result.best.expect("a move");
        assert!(
            stalemating(&pos).contains(&best),
            "{}: {}",
            game.position_text(&pos),
            game.format_move(&pos, &best)
        );
        // 3/4 of the point: about +1.9 pawns.
        assert_eq!(result.info.score, SearchScore::Centipawns(191));
    }
    let game = crate::support::game("variants/chessagon.hexv");
    let fast = AnyEngine::new(game);
    let searcher = Searcher::new(game);
    let stalemating = |pos: &Position| stalemating_moves(&game, &fast, pos);
    let positions = find(&game, &plain(3), 2, |pos| {
        let moves = fast.legal_moves(pos).len();
        let stalemates = stalemating(pos).len();
        stalemates > 0 && moves > stalemates + 2 && searcher.evaluate(pos) > 300
    });
    for pos in positions {
        let best = search(&game, &pos, 3).best.expect("a move");
        assert!(
            !stalemating(&pos).contains(&best),
            "{}: {}",
            game.position_text(&pos),
            game.format_move(&pos, &best)
        );
    }
}

/// In random positions of every variant reached by random games, every move the search
/// returns (at several limits) is legal.
#[test]
fn the_search_never_returns_an_illegal_move() {
    for path in crate::support::variant_files() {
        let path = path
            .strip_prefix(crate::support::root())
            .expect("in the repo");
        let game = game(path.to_str().expect("UTF-8"));
        let fast = AnyEngine::new(game);
        let mut rng = Rng(0xFEED_0000_0000_0003);
        let mut searcher = Searcher::new(game);
        for _ in 0..3 {
            let mut history = vec![game.start_position()];
            for ply in 0..40 {
                let pos = history.last().expect("a position").clone();
                let legal = fast.legal_moves(&pos);
                if legal.is_empty() {
                    break;
                }
                if ply % 10 == 9 {
                    let stop = AtomicBool::new(false);
                    let limits = if ply % 20 == 9 {
                        Limits::depth(2)
                    } else {
                        Limits::nodes(500)
                    };
                    let result = searcher.search(&history, &limits, &stop, &mut |_| {});
                    let best = result.best.expect("a move in a position with moves");
                    assert!(legal.contains(&best), "{}", game.position_text(&pos));
                }
                history.push(game.play(&pos, &legal[rng.below(legal.len())]));
            }
        }
    }
}

/// The evaluation treats the sides alike: every variant's start (each setup is the first
/// side's mirrored or turned) is worth the same to every side to move: with two sides the
/// tempo bonus, with more (whose evaluation weighs the mover against its strongest opponent,
/// search/many.rs) nothing.
#[test]
fn the_start_is_balanced_for_every_side_to_move() {
    for path in crate::support::variant_files() {
        let path = path
            .strip_prefix(crate::support::root())
            .expect("in the repo");
        let game = game(path.to_str().expect("UTF-8"));
        let searcher = Searcher::new(game);
        let mut pos = game.start_position();
        let values: Vec<i32> = game
            .variant
            .side_ids()
            .map(|side| {
                pos.to_move = side;
                searcher.evaluate(&pos)
            })
            .collect();
        let even = if values.len() == 2 { 10 } else { 0 };
        assert!(
            values.iter().all(|&v| v == even),
            "{}: {values:?}",
            path.display()
        );
    }
}

/// `value N` in a piece block replaces the value the engine derives (and is refused on a royal
/// piece, and out of range).
#[test]
fn a_value_line_sets_the_engines_value() {
    let text = std::fs::read_to_string(crate::support::root().join("variants/glinski.hexv"))
        .expect("glinski");
    let with_value = text.replace("piece Knight N {\n", "piece Knight N {\n  value 425\n");
    assert_ne!(with_value, text);
    let compiled = crate::support::check_text("valued.hexv", &with_value)
        .compiled
        .expect("clean");
    let searcher = Searcher::new(compiled.game());
    let v = compiled.variant();
    let value = |s: &str| searcher.evaluator().value(v.find_piece(s).unwrap().index());
    assert_eq!(value("N"), 425);
    // The others keep their derived values.
    assert_eq!((value("Q"), value("P"), value("K")), (807, 91, 0));
    let out_of_range = text.replace("piece Knight N {\n", "piece Knight N {\n  value 0\n");
    let loaded = crate::support::check_text("zero.hexv", &out_of_range);
    let d = &loaded.diagnostics[0];
    assert_eq!(
        (d.code, d.message.as_str()),
        (
            "hexv::rules::bad_limit",
            "a value must be between 1 and 100000"
        )
    );
}

/// Chessagon's `repetition 3 draw` inside the search: a side far behind, with a move that
/// repeats a position for the third time, takes the draw.
/// A position with White far behind and a cycle of four quiet moves back to it, and the
/// game after going twice round the cycle and two more moves: White to move, and the cycle's
/// third move would make its position appear a third time.
fn repetition_ahead(file: &str) -> Vec<(Position, Vec<Position>)> {
    let game = game(file);
    let fast = AnyEngine::new(game);
    let searcher = Searcher::new(game);
    let quiet = |pos: &Position| -> Vec<Move> {
        fast.legal_moves(pos)
            .into_iter()
            .filter(|m| {
                m.from.is_some()
                    && pos.squares[m.to.index()].is_none()
                    && m.promotion.is_none()
                    && m.passed.is_none()
            })
            .collect()
    };
    // The move back from `m`'s cell to where it came from, if legal in `pos`.
    let back = |pos: &Position, m: &Move| -> Option<Move> {
        fast.legal_moves(pos)
            .into_iter()
            .find(|b| b.from == Some(m.to) && Some(b.to) == m.from && b.promotion.is_none())
    };
    // A cycle of four moves from a position where White is far behind.
    let cycle = |pos: &Position| -> Option<[Move; 4]> {
        if searcher.evaluate(pos) > -400 {
            return None;
        }
        for m in quiet(pos) {
            let a = game.play(pos, &m);
            for r in quiet(&a) {
                let b = game.play(&a, &r);
                let Some(m_back) = back(&b, &m) else { continue };
                let c = game.play(&b, &m_back);
                let Some(r_back) = back(&c, &r) else { continue };
                if game.play(&c, &r_back).same_for_repetition(pos) {
                    return Some([m, r, m_back, r_back]);
                }
            }
        }
        None
    };
    let placement = Placement {
        pieces: 1,
        black: 2,
        in_hand: 0,
        extra_cells: Vec::new(),
    };
    find(&game, &placement, 1, |pos| cycle(pos).is_some())
        .into_iter()
        .map(|start| {
            let moves = cycle(&start).expect("found");
            let mut history = vec![start.clone()];
            for m in moves.iter().cycle().take(10) {
                let pos = history.last().expect("a position");
                history.push(game.play(pos, m));
            }
            (start, history)
        })
        .collect()
}

#[test]
fn a_side_far_behind_takes_a_draw_by_repetition() {
    let game = game("variants/chessagon.hexv");
    for (start, mut history) in repetition_ahead("variants/chessagon.hexv") {
        let stop = AtomicBool::new(false);
        let result = Searcher::new(game).search(&history, &Limits::depth(3), &stop, &mut |_| {});
        let best = result.best.expect("a move");
        let pos = history.last().expect("a position").clone();
        history.push(game.play(&pos, &best));
        let outcome = game.outcome(&history);
        assert_eq!(
            outcome.map(|o| o.end),
            Some(hexv::game::GameEnd::Repetition),
            "{}: {}",
            game.position_text(&start),
            game.format_move(&pos, &best)
        );
        assert_eq!(result.info.score, SearchScore::Centipawns(0));
    }
}

/// Under `repetition 3 loss` the same cycle is a trap: the side far behind does not make the
/// third repetition, which would lose at once.
#[test]
fn a_side_far_behind_does_not_repeat_where_repeating_loses() {
    const FILE: &str = "tests/fixtures/valid/facing_kings.hexv";
    let game = game(FILE);
    for (start, mut history) in repetition_ahead(FILE) {
        let stop = AtomicBool::new(false);
        let result = Searcher::new(game).search(&history, &Limits::depth(3), &stop, &mut |_| {});
        let best = result.best.expect("a move");
        let pos = history.last().expect("a position").clone();
        history.push(game.play(&pos, &best));
        assert_ne!(
            game.outcome(&history).map(|o| o.end),
            Some(hexv::game::GameEnd::Repetition),
            "{}: {}",
            game.position_text(&start),
            game.format_move(&pos, &best)
        );
    }
}

/// `--balanced` openings: each one a search scores within the bound (the same score when
/// searched again, so the choice is reproducible), and where the plain random opening of the
/// same seed is lopsided, another one is drawn.
#[test]
fn balanced_openings_are_even_and_replace_lopsided_ones() {
    use hexv::search::arena::{balanced_opening, random_opening, Balance, Rng as ArenaRng};
    let game = game("variants/mini-hexchess.hexv");
    let balance = Balance {
        within: 40,
        depth: 4,
    };
    let score_of = |history: &[Position]| {
        let stop = AtomicBool::new(false);
        Searcher::with_hash(game, 1)
            .search(history, &Limits::depth(4), &stop, &mut |_| {})
            .info
            .score
    };
    let mut replaced = 0;
    for seed in 1..=6 {
        let (opening, score) = balanced_opening(game, 6, balance, &mut ArenaRng::new(seed));
        assert_eq!(opening.moves.len(), 6);
        assert_eq!(score_of(&opening.history), score, "seed {seed}");
        assert!(
            matches!(score, SearchScore::Centipawns(cp) if cp.abs() <= 40),
            "seed {seed}: {score:?}"
        );
        let plain = random_opening(game, 6, &mut ArenaRng::new(seed));
        let even = |s: SearchScore| matches!(s, SearchScore::Centipawns(cp) if cp.abs() <= 40);
        if !even(score_of(&plain.history)) {
            assert_ne!(plain.moves, opening.moves, "seed {seed}");
            replaced += 1;
        } else {
            // The first draw was even already: it is the one taken.
            assert_eq!(plain.moves, opening.moves, "seed {seed}");
        }
    }
    assert!(replaced > 0, "no seed's first draw was lopsided");
}

/// The nodes of a depth-`depth` search of `pos` with a fresh searcher set up by `setup`.
fn nodes_with(game: &Game, pos: &Position, depth: u32, setup: impl Fn(&mut Searcher)) -> u64 {
    let mut searcher = Searcher::new(*game);
    setup(&mut searcher);
    let stop = AtomicBool::new(false);
    let history = [pos.clone()];
    searcher
        .search(&history, &Limits::depth(depth), &stop, &mut |_| {})
        .info
        .nodes
}

/// The search's numbers come from the weights: reverse futility, futility and late-move
/// pruning at depth 0 prune nothing (a node that deep is quiescence), so the tree is the
/// one the search grows with its pruning turned off (not the one it grows with it); the
/// default numbers grow the tree of the built-in weights, and other margins another tree.
#[test]
fn the_search_prunes_by_the_weights_search_numbers() {
    for path in ["variants/mini-hexchess.hexv", "variants/glinski.hexv"] {
        let game = game(path);
        let pos = game.start_position();
        let depth = if path.contains("mini") { 9 } else { 5 };
        let built_in = Weights::default_for(game.variant, game.tables);
        let plain = nodes_with(&game, &pos, depth, |_| {});
        let same = nodes_with(&game, &pos, depth, |s| s.set_weights(&built_in));
        assert_eq!(same, plain, "{path}");
        let unpruned = nodes_with(&game, &pos, depth, |s| s.set_pruning(false));
        let mut no_depths = built_in.clone();
        no_depths.search.rfp_depth = 0;
        no_depths.search.futility_depth = 0;
        no_depths.search.lmp_depth = 0;
        let zero = nodes_with(&game, &pos, depth, |s| s.set_weights(&no_depths));
        assert_eq!(zero, unpruned, "{path}");
        assert_ne!(unpruned, plain, "{path}: the pruning changes the tree");
        let mut wide = built_in.clone();
        wide.search.aspiration = 5;
        wide.search.lmr_divisor = 150;
        let other = nodes_with(&game, &pos, depth, |s| s.set_weights(&wide));
        assert_ne!(other, plain, "{path}");
    }
}
