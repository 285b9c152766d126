//! The fast engine (`game::fast`, 128-bit cell sets) against the reference engine (`Game`):
//! in every position of random games of every shipped variant, and in positions made to
//! stress the rules, the two list the same legal moves and play them to the same positions,
//! and the fast engine's Zobrist key, kept up to date in play, is the key computed afresh.

use std::collections::BTreeSet;

use hexv::game::fast::FastEngine;
use hexv::game::Engine;
use hexv::game::{Game, Move, Position, Reference};
use hexv::geometry::board::CellId;
use hexv::variant::{PieceId, Side};

use crate::support::{check_text, load, movement_files, root, variant_files, Rng};

/// Runs `$body` with `$e` bound to the fast engine of `$game`: the one of two sides, or the
/// one of more (every shipped board fits one of them).
macro_rules! with_fast {
    ($game:expr, $e:ident => $body:expr) => {
        match FastEngine::new($game) {
            Some(engine) => {
                let $e = &engine;
                $body
            }
            None => {
                let engine = FastEngine::for_more_sides($game)
                    .expect("every shipped board fits the engine of two sides or of more");
                let $e = &engine;
                $body
            }
        }
    };
}

/// Compares the two engines in one position; returns the reference's moves.
fn agree<const N: usize>(engine: &FastEngine<N>, pos: &Position, context: &str) -> Vec<Move> {
    let game = &engine.game();
    let reference: Vec<Move> = game.legal_moves(pos);
    let state = engine.state(pos);
    assert_eq!(engine.position(&state), *pos, "{context}: state round trip");
    let fast = engine.legal_moves(&state);
    let fast_moves: Vec<Move> = fast.clone();
    let a: BTreeSet<&Move> = reference.iter().collect();
    let b: BTreeSet<&Move> = fast_moves.iter().collect();
    assert_eq!(
        a,
        b,
        "{context}: {}\nonly reference: {:?}\nonly fast: {:?}",
        game.position_text(pos),
        a.difference(&b)
            .map(|m| game.format_move(pos, m))
            .collect::<Vec<_>>(),
        b.difference(&a)
            .map(|m| game.format_move(pos, m))
            .collect::<Vec<_>>(),
    );
    assert_eq!(fast.len(), reference.len(), "{context}: duplicate moves");
    assert_eq!(
        engine.count_legal(&state),
        reference.len() as u64,
        "{context}: the count without a list: {}",
        game.position_text(pos)
    );
    assert_eq!(
        state.zobrist_key(),
        engine.scratch_key(&state),
        "{context}: the key of a state read from a position"
    );
    // The captures and promotions quiescence searches: the legal moves that capture or
    // promote, none missing and none more.
    let mut tactical = Vec::new();
    engine.tactical_moves_into(&state, &mut tactical);
    let tactical: BTreeSet<Move> = tactical.into_iter().collect();
    let capturing: BTreeSet<Move> = reference
        .iter()
        .filter(|m| {
            m.promotion.is_some()
                || m.en_passant_victim.is_some()
                || (m.castling.is_none() && pos.squares[m.to.index()].is_some())
        })
        .cloned()
        .collect();
    assert_eq!(
        tactical, capturing,
        "{context}: the captures and promotions"
    );
    let passed = engine.pass(&state);
    assert_eq!(
        passed.zobrist_key(),
        engine.scratch_key(&passed),
        "{context}: a pass's key"
    );
    // Behind the one interface, the two engines say the same of the position: its keys,
    // whose move it is, check, the pieces, each move's facts and the outcome.
    let reference_engine = Reference::new(*game);
    assert_eq!(
        reference_engine.key(pos),
        engine.key(&state),
        "{context}: the 64-bit key"
    );
    for seed in [1, 0x5eed] {
        assert_eq!(
            reference_engine.perft_key(pos, seed),
            engine.perft_key(&state, seed),
            "{context}: the perft key"
        );
    }
    assert_eq!(reference_engine.in_check(pos), engine.in_check(&state));
    for side in game.variant.side_ids() {
        assert_eq!(
            reference_engine.is_out(pos, side),
            engine.is_out(&state, side),
            "{context}: whether {side:?} is out"
        );
    }
    let mut pieces = (Vec::new(), Vec::new());
    reference_engine.for_each_piece(pos, |c, s, p| pieces.0.push((c, s, p)));
    engine.for_each_piece(&state, |c, s, p| pieces.1.push((c, s, p)));
    pieces.0.sort();
    pieces.1.sort();
    assert_eq!(pieces.0, pieces.1, "{context}: the pieces");
    // Each piece's reach, the evaluation's mobility, whoever is to move.
    for &(cell, _, _) in &pieces.0 {
        assert_eq!(
            reference_engine.reach(pos, cell),
            engine.reach(&state, cell),
            "{context}: the reach of the piece on {}",
            game.variant.board().name(hexv::CellId(cell as u16))
        );
    }
    for side in game.variant.side_ids() {
        let mut royals = (Vec::new(), Vec::new());
        reference_engine.for_each_royal(pos, side, |c, p| royals.0.push((c, p)));
        engine.for_each_royal(&state, side, |c, p| royals.1.push((c, p)));
        royals.0.sort();
        royals.1.sort();
        assert_eq!(royals.0, royals.1, "{context}: {side:?}'s royal pieces");
    }
    let keys = [engine.key(&state)];
    assert_eq!(
        reference_engine.outcome(pos, &keys),
        engine.outcome(&state, &keys),
        "{context}: the outcome"
    );
    let packed: BTreeSet<u64> = fast.iter().map(Move::pack).collect();
    assert_eq!(
        packed.len(),
        fast.len(),
        "{context}: packed moves are distinct"
    );
    table_moves_found(engine, pos, &fast, context);
    let waiting_in_check = game
        .variant
        .side_ids()
        .filter(|&side| side != pos.to_move)
        .any(|side| engine.in_check(&engine.with_to_move(&state, side)));
    for (fm, m) in fast.iter().zip(&fast_moves) {
        assert_eq!(
            reference_engine.facts(pos, m),
            engine.facts(&state, fm),
            "{context}: the facts of {}",
            game.format_move(pos, m)
        );
        let next = engine.play(&state, fm);
        // In a position a game reaches, the side that just moved is not in check (some of
        // the random positions break that, and `gives_check` may then answer otherwise).
        if !waiting_in_check {
            assert_eq!(
                engine.gives_check(&state, fm, &next),
                engine.in_check(&next),
                "{context}: whether {} gives check",
                game.format_move(pos, m)
            );
        }
        // The cells a move touches: the same on both engines, and every cell it changes.
        let mut touched = (Vec::new(), Vec::new());
        reference_engine.for_each_touched(pos, m, |c| touched.0.push(c));
        engine.for_each_touched(&state, fm, |c| touched.1.push(c));
        touched.0.sort();
        touched.1.sort();
        assert_eq!(touched.0, touched.1, "{context}: the cells {m:?} touches");
        let after = game.play(pos, m);
        // A move that sends a side out of the game (more than two sides) also changes
        // the cells of that side's pieces.
        let someone_left = after.out != pos.out;
        for c in (0..pos.squares.len()).filter(|_| !someone_left) {
            assert!(
                pos.squares[c] == after.squares[c] || touched.0.contains(&c),
                "{context}: {} changes cell {c}, not among those it touches",
                game.format_move(pos, m)
            );
        }
        // The key kept up to date in play is the key computed from every feature.
        assert_eq!(
            next.zobrist_key(),
            engine.scratch_key(&next),
            "{context}: the key after {}",
            game.format_move(pos, m)
        );
        let played = engine.position(&next);
        assert_eq!(
            played,
            game.play(pos, m),
            "{context}: after {}",
            game.format_move(pos, m)
        );
    }
    reference
}

/// The search's table move found without the list ([`Engine::legal_move`]): every legal
/// move by its packed form, and nothing for the packed moves that are not legal here: the
/// opponent's moves, and the side's own moves with the opponent's pieces but its royal ones
/// taken off (moves those pieces block, a royal piece stepping into their attacks, a pinned
/// piece leaving its line).
fn table_moves_found<const N: usize>(
    engine: &FastEngine<N>,
    pos: &Position,
    legal: &[Move],
    context: &str,
) {
    let game = engine.game();
    let state = engine.state(pos);
    let mut candidates: Vec<Move> = legal.to_vec();
    candidates.extend(engine.legal_moves(&engine.pass(&state)));
    let mut bare = pos.clone();
    for sq in bare.squares.iter_mut() {
        if sq
            .is_some_and(|(side, p)| side != pos.to_move && !game.variant.pieces()[p.index()].royal)
        {
            *sq = None;
        }
    }
    candidates.extend(engine.legal_moves(&engine.state(&bare)));
    for m in &candidates {
        let packed = m.pack();
        let expected = legal.iter().find(|l| l.pack() == packed).copied();
        assert_eq!(
            engine.legal_move(&state, packed),
            expected,
            "{context}: the table move {m:?} in {}",
            game.position_text(pos)
        );
    }
}

/// Both engines list the same moves in `pos` and play them to the same positions (for the
/// rule tests' positions).
pub fn engines_agree(game: &Game, pos: &Position, context: &str) {
    with_fast!(*game, engine => {
        agree(engine, pos, context);
    })
}

#[test]
fn every_variant_agrees_along_random_games() {
    for path in movement_files() {
        let (v, t) = load(&path);
        with_fast!(Game::new(&v, &t), engine => random_games(engine, &path));
    }
}

/// Random games from the start, every position compared.
fn random_games<const N: usize>(engine: &FastEngine<N>, path: &std::path::Path) {
    let mut positions = 0;
    // Twelve games, and more where games are short (a king taken, with `royal
    // captured`, ends a random game early).
    for seed in 0..100u64 {
        if seed >= 12 && positions > 600 {
            break;
        }
        let mut rng = Rng(0xFA57_0000 + seed);
        let mut pos = engine.game().start_position();
        for ply in 0..160 {
            let context = format!("{} seed {seed} ply {ply}", path.display());
            let moves = agree(engine, &pos, &context);
            positions += 1;
            if moves.is_empty() {
                break;
            }
            pos = engine.game().play(&pos, &moves[rng.below(moves.len())]);
        }
    }
    assert!(positions > 600, "{}: {positions} positions", path.display());
}

#[test]
fn perft_agrees_on_every_variant() {
    for path in variant_files() {
        let (v, t) = load(&path);
        with_fast!(Game::new(&v, &t), engine => {
            let start = engine.game().start_position();
            let state = engine.state(&start);
            for depth in 1..=3 {
                assert_eq!(
                    engine.perft(&state, depth),
                    engine.game().perft(&start, depth),
                    "{} depth {depth}",
                    path.display()
                );
            }
        });
    }
}

/// Random positions: both sides' royal pieces and a dozen or two other pieces (off-board
/// cells included) on random cells, random hands where captures go to the hand, pieces on
/// their start cells left unmoved; or the start with half its pieces gone. Either side to
/// move, often after the other side's move that gives an en-passant right; then a few
/// random moves. Checks, double checks, pins, discovered checks and en-passant captures
/// come up far more often than in games from the start.
#[test]
fn every_variant_agrees_in_random_positions() {
    for path in variant_files() {
        let (v, t) = load(&path);
        with_fast!(Game::new(&v, &t), engine => random_positions(engine, &path));
    }
}

/// Random positions ([`every_variant_agrees_in_random_positions`]), every one compared.
fn random_positions<const N: usize>(engine: &FastEngine<N>, path: &std::path::Path) {
    let v = engine.game().variant;
    let game = &engine.game();
    let mut rng = Rng(0xD1CE_0000 + v.board().total() as u64);
    let (mut checks, mut positions, mut en_passant) = (0, 0, 0);
    for trial in 0..300 {
        let mut pos = if trial % 2 == 0 {
            random_position(game, &mut rng)
        } else {
            thinned_start(game, &mut rng)
        };
        if rng.below(2) == 0 {
            pos = with_en_passant_right(game, pos, &mut rng);
        }
        for ply in 0..4 {
            let context = format!("{} trial {trial} ply {ply}", path.display());
            checks += usize::from(game.in_check(&pos, pos.to_move));
            positions += 1;
            let moves = agree(engine, &pos, &context);
            en_passant += moves
                .iter()
                .filter(|m| m.en_passant_victim.is_some())
                .count();
            if moves.is_empty() {
                break;
            }
            pos = game.play(&pos, &moves[rng.below(moves.len())]);
        }
    }
    assert!(
        checks * 20 > positions,
        "{}: only {checks} checks in {positions} positions",
        path.display()
    );
    let has_en_passant = v.piece_ids().any(|p| v.piece(p).captures_en_passant());
    assert!(
        !has_en_passant || en_passant > 40,
        "{}: only {en_passant} en-passant captures",
        path.display()
    );
}

/// `promote ... captured wait` (the promotion fixture with `wait`): in random positions, where
/// pawns stand on the far edge with their side's pieces lost or not, and along random games,
/// both engines list the same moves, the entries unpromoted and the promotions in place among
/// them.
#[test]
fn a_waiting_promotion_agrees_in_random_positions_and_games() {
    let path = root().join("tests/fixtures/valid/promote_captured.hexv");
    let text = std::fs::read_to_string(&path)
        .expect("the fixture")
        .replace("to R B N captured", "to R B N captured wait");
    let compiled = check_text("wait.hexv", &text)
        .compiled
        .expect("the waiting fixture checks");
    let engine = FastEngine::new(compiled.game()).expect("the fast engine plays `wait`");
    let game = &engine.game();
    let pawn = game.variant.find_piece("P").expect("P");
    let promotion = game
        .variant
        .piece(pawn)
        .promotion
        .as_ref()
        .expect("P promotes");
    let far_edge = &game.variant.zone(promotion.zone).cells;
    let (mut in_place, mut entered) = (0, 0);
    let mut count = |pos: &Position, moves: &[Move]| {
        in_place += moves.iter().filter(|m| m.in_place()).count();
        entered += moves
            .iter()
            .filter(|m| m.piece == pawn && !m.in_place() && m.promotion.is_none())
            .filter(|m| far_edge[pos.to_move].contains(&m.to))
            .count();
    };
    let mut rng = Rng(0x0A17_0000);
    for trial in 0..400 {
        let mut pos = if trial % 2 == 0 {
            random_position(game, &mut rng)
        } else {
            thinned_start(game, &mut rng)
        };
        for ply in 0..4 {
            let moves = agree(&engine, &pos, &format!("wait: trial {trial} ply {ply}"));
            count(&pos, &moves);
            if moves.is_empty() {
                break;
            }
            pos = game.play(&pos, &moves[rng.below(moves.len())]);
        }
    }
    for seed in 0..12u64 {
        let mut pos = game.start_position();
        for ply in 0..160 {
            let moves = agree(&engine, &pos, &format!("wait: seed {seed} ply {ply}"));
            count(&pos, &moves);
            if moves.is_empty() {
                break;
            }
            pos = game.play(&pos, &moves[rng.below(moves.len())]);
        }
    }
    assert!(in_place > 20, "only {in_place} promotions in place");
    assert!(entered > 20, "only {entered} pawn moves without promotion");
}

/// The start with about half the pieces (royal ones excepted) taken off, either side to
/// move: pawns stay unmoved on their start cells and lines open at once.
fn thinned_start(game: &Game, rng: &mut Rng) -> Position {
    let v = game.variant;
    let mut pos = game.start_position();
    for sq in pos.squares.iter_mut() {
        if sq.is_some_and(|(_, p)| !v.piece(p).royal) && rng.below(2) == 0 {
            *sq = None;
        }
    }
    pos.to_move = any_side(game, rng);
    pos
}

/// A side of the game, at random.
fn any_side(game: &Game, rng: &mut Rng) -> Side {
    Side::new(rng.below(game.variant.sides().len())).expect("a side of the game")
}

/// The position after a move of the side not to move that gives an en-passant right, if
/// it has one, with a piece that may take en passant put where it can.
fn with_en_passant_right(game: &Game, pos: Position, rng: &mut Rng) -> Position {
    let mut before = pos.clone();
    before.to_move = game.variant.previous_side(pos.to_move);
    let passing: Vec<Move> = game
        .legal_moves(&before)
        .into_iter()
        .filter(|m| !m.passed.is_none())
        .collect();
    if passing.is_empty() {
        return pos;
    }
    let mut after = game.play(&before, &passing[rng.below(passing.len())]);
    let passed = &after.en_passant.as_ref().expect("a passing move").cells;
    let side = after.to_move;
    let mut spots = Vec::new();
    for p in game.variant.piece_ids() {
        if !game.variant.piece(p).captures_en_passant() {
            continue;
        }
        for c in game.variant.board().cells() {
            let reaches =
                game.tables.entries(p, side, c).iter().any(|e| {
                    e.mode.captures && game.tables.path(e).iter().any(|x| passed.contains(x))
                });
            if reaches && after.squares[c.index()].is_none() {
                spots.push((p, c));
            }
        }
    }
    if !spots.is_empty() {
        let (p, c) = spots[rng.below(spots.len())];
        after.squares[c.index()] = Some((side, p));
    }
    after
}

fn random_position(game: &Game, rng: &mut Rng) -> Position {
    let v = game.variant;
    let mut pos = game.empty_position(any_side(game, rng));
    let total = v.board().total();
    let place = |pos: &mut Position, side: Side, piece: PieceId, rng: &mut Rng| {
        for _ in 0..50 {
            let c = rng.below(total);
            if pos.squares[c].is_none() {
                pos.squares[c] = Some((side, piece));
                pos.unmoved[c] =
                    v.tracks_unmoved(piece) && v.setup(side).contains(&(piece, CellId(c as u16)));
                return;
            }
        }
    };
    let (royal, other): (Vec<PieceId>, Vec<PieceId>) =
        v.piece_ids().partition(|p| v.piece(*p).royal);
    for side in v.side_ids() {
        for &p in &royal {
            place(&mut pos, side, p, rng);
        }
    }
    for _ in 0..8 + rng.below(20) {
        let side = any_side(game, rng);
        place(&mut pos, side, other[rng.below(other.len())], rng);
    }
    if v.rules().captures_to_hand {
        for side in v.side_ids() {
            for _ in 0..rng.below(4) {
                let p = v.in_hand_as(other[rng.below(other.len())]);
                pos.hands[side][p.index()] += 1;
            }
        }
    }
    pos
}

/// A board of more than 128 cells does not fit the fast engine's sets: `FastEngine::new` says
/// so, and the command line counts with the reference engine instead. On a hexagon of side 8
/// (169 cells, axial |a|, |b|, |a+b| <= 7) the king on cell 1, the bottom of the left column
/// (-7, 0), has three edge neighbours on the board, (-7, 1) (-6, 0) (-6, -1), and two
/// diagonal ones, (-6, 1) (-5, -1): five moves.
#[test]
fn boards_over_128_cells_use_the_reference_engine() {
    let text = "variant \"Big board\"\n\
        board {\n cells flat\n shape hexagon 8\n names snake\n}\n\
        symmetry rotate\n\
        piece King K {\n royal\n step all\n}\n\
        setup {\n K 1\n}\n\
        rules {\n checkmate win\n stalemate draw\n castling none\n}\n";
    let checked = crate::support::check_text("big.hexv", text);
    let (v, t) = checked.compiled.expect("clean").into_parts();
    assert_eq!(v.board().total(), 169);
    let game = Game::new(&v, &t);
    assert!(FastEngine::new(game).is_none());
    let dir = crate::support::scratch("big");
    let path = dir.join("big.hexv");
    std::fs::write(&path, text).expect("temp file");
    let (code, stdout, _) =
        crate::cli::run(&["perft", path.to_str().expect("UTF-8"), "--depth", "1"]);
    assert_eq!(code, 0);
    assert_eq!(stdout.trim(), "5");
}

/// The quiet-move count of a position text may be any `u32`; playing on from the largest
/// keeps it there in both engines instead of overflowing.
#[test]
fn the_quiet_move_count_saturates() {
    let (v, t) = load("variants/glinski.hexv");
    let engine = FastEngine::new(Game::new(&v, &t)).expect("Glinski's board fits");
    let game = &engine.game();
    let text = game
        .position_text(&game.start_position())
        .replace(" - 0", &format!(" - {}", u32::MAX));
    let pos = game.parse_position(&text).expect("a valid text");
    let knight = game.parse_move(&pos, "d1-c3").expect("legal");
    assert_eq!(game.play(&pos, &knight).quiet_plies, u32::MAX);
    let state = engine.state(&pos);
    let fast = engine
        .legal_moves(&state)
        .into_iter()
        .find(|m| *m == knight)
        .expect("the same move");
    assert_eq!(
        engine.position(&engine.play(&state, &fast)).quiet_plies,
        u32::MAX
    );
}

/// A position built piece by piece may hold any kind in hand, even one play never puts there
/// (a promoted piece, a king): both engines read and drop it alike (found by the fuzzer).
#[test]
fn any_kind_in_hand_is_read_alike() {
    let (v, t) = load("variants/hex-shogi-91.hexv");
    let game = Game::new(&v, &t);
    let engine = FastEngine::new(game).expect("the board fits");
    let mut pos = game.start_position();
    for piece in v.piece_ids() {
        for side in Side::BOTH {
            pos.hands[side][piece.index()] = 1 + piece.index() as u16 % 3;
        }
    }
    let moves = agree(&engine, &pos, "every kind in hand");
    assert!(moves
        .iter()
        .any(|m| m.is_drop() && v.piece(m.piece).name == "DragonKing"));
}

/// More than two sides, where sides leave the game: Wellisch's rules (`checkmate out`,
/// `eliminated to-mater`) and the same board with the pieces of a leaving side removed or
/// left standing, stalemate sending a side out, and `royal captured out`. In random
/// positions, a side already out in some, both engines agree on every move, and sides were
/// seen to leave in each.
#[test]
fn sides_that_leave_the_game_agree_on_both_engines() {
    let text = std::fs::read_to_string(root().join("variants/wellisch.hexv")).expect("Wellisch");
    for (rules, seed) in [
        ("eliminated to-mater", 1),
        ("eliminated remove\n  stalemate out", 2),
        ("eliminated stay", 3),
        ("eliminated to-mater\n  royal captured out", 4),
    ] {
        let mut edited = text
            .replace("  stalemate draw\n", "")
            .replace("  eliminated to-mater", &format!("  {rules}"));
        if rules.contains("royal captured") {
            edited = edited.replace("  checkmate out\n", "");
        }
        let compiled = check_text("leaving.hexv", &edited)
            .compiled
            .unwrap_or_else(|| panic!("{rules}: the edited rules check"));
        let game = &compiled.game();
        let engine = FastEngine::for_more_sides(*game).expect("three sides fit");
        let mut rng = Rng(0x1EA7_0000 + seed);
        let (mut left, mut out_before) = (0, 0);
        for trial in 0..80 {
            let mut pos = random_position(game, &mut rng);
            if trial % 3 == 0 {
                // A side out already, its pieces gone or standing as the rules leave them.
                let side = any_side(game, &mut rng);
                let mover = game.variant.previous_side(side);
                game.eliminate(&mut pos, side, mover);
                if pos.to_move == side {
                    pos.to_move = game.next_in_game(&pos, side);
                }
                out_before += 1;
            }
            for ply in 0..6 {
                let context = format!("{rules}: trial {trial} ply {ply}");
                let moves = agree(&engine, &pos, &context);
                if moves.is_empty() {
                    break;
                }
                let next = game.play(&pos, &moves[rng.below(moves.len())]);
                left += usize::from(next.out != pos.out);
                pos = next;
            }
        }
        assert!(
            out_before > 20,
            "{rules}: {out_before} positions with a side out"
        );
        assert!(left > 3, "{rules}: only {left} moves sent a side out");
    }
}
