//! Language constructs no shipped hex variant exercises fully, checked on small variants
//! written here: multi-steps of unmoved pieces along given directions (with en passant),
//! `like` chains, a move limit reset by a piece's moves, and the JSON view of entries from
//! off-board cells and of drops.

use hexv::compile::{Condition, MoveTables};
use hexv::game::{Game, Position};
use hexv::variant::{Side, Variant};

use crate::support::{cell, check_text, empty_destinations, legal_from, names, piece, set};

/// A clean variant from source text.
fn variant(text: &str) -> (Variant, MoveTables) {
    let checked = check_text("test.hexv", text);
    assert!(!checked.has_errors(), "{:#?}", checked.diagnostics);
    checked.compiled.unwrap().into_parts()
}

/// Pawns that may step two cells at 10 or 2 o'clock while unmoved (flat 37-cell board).
const UNMOVED: &str = "variant \"Unmoved pawns\"
board {
  cells flat
  shape hexagon 4
  names files a b c d e f g
}
symmetry mirror
zone far = a4 b5 c6 d7 e6 f5 g4
piece King K {
  royal
  step orthogonal diagonal
}
piece Pawn P {
  step 12 move-only
  step 10 2 capture-only
  multi-step 2 10 2 unmoved
  promote in far to K
}
setup {
  K d1
  P c2 d2 e2
}
";

#[test]
fn unmoved_multi_steps_start_only_on_setup_cells() {
    let (v, t) = variant(UNMOVED);
    let pawn = piece(&v, "P");
    for side in Side::BOTH {
        let starts = names(
            &v,
            v.board().cells().filter(|c| {
                t.entries(pawn, side, *c)
                    .iter()
                    .any(|e| e.when == Some(Condition::UnmovedMultiStep))
            }),
        );
        let setup = names(
            &v,
            v.setup(side)
                .iter()
                .filter(|(p, _)| *p == pawn)
                .map(|(_, c)| *c),
        );
        assert_eq!(starts, setup, "{side:?}");
    }
    // From d2: 10 o'clock is c2 then b2, 2 o'clock e2 then f2 (flat board: files a-g).
    let e: Vec<(Vec<String>, Option<Condition>)> = t
        .entries(pawn, Side::WHITE, cell(&v, "d2"))
        .iter()
        .filter(|e| e.when.is_some())
        .map(|e| {
            let path = t.path(e).iter().map(|c| v.board().name(*c).to_string());
            (path.collect(), e.when)
        })
        .collect();
    let when = Some(Condition::UnmovedMultiStep);
    assert_eq!(
        e,
        [
            (vec!["e2".to_string(), "f2".to_string()], when),
            (vec!["c2".to_string(), "b2".to_string()], when),
        ]
    );
}

#[test]
fn a_pawn_that_moved_onto_a_start_cell_has_no_double_step() {
    let (v, t) = variant(UNMOVED);
    let game = Game::new(&v, &t);
    let mut pos = game.start_position();
    // The c2 pawn is replaced by a Black pawn, which the d2 pawn takes (10 o'clock).
    pos.squares[cell(&v, "c2").index()] = Some((Side::BLACK, piece(&v, "P")));
    pos.unmoved[cell(&v, "c2").index()] = false;
    let pos = game.play_moves(&pos, "d2xc2 d6-d5").expect("legal");
    assert_eq!(legal_from(&game, &pos, "c2"), set("c3"));
    // An unmoved pawn still has both double steps (e2: over f2 to g2, over d3 to c3).
    assert_eq!(legal_from(&game, &pos, "e2"), set("e3 f2 g2 d3 c3"));
}

#[test]
fn a_multi_step_along_a_direction_gives_en_passant_on_the_passed_cell() {
    let (v, t) = variant(UNMOVED);
    let game = Game::new(&v, &t);
    let pawn = piece(&v, "P");
    // A Black pawn that could capture on f2, the cell e2-g2 passes.
    let f2 = cell(&v, "f2");
    let catcher = v
        .board()
        .cells()
        .find(|c| {
            t.entries(pawn, Side::BLACK, *c)
                .iter()
                .any(|e| e.mode.captures && !e.mode.moves && t.path(e) == [f2])
        })
        .expect("some Black pawn cell attacks f2");
    let mut pos = game.empty_position(Side::WHITE);
    let put = |pos: &mut Position, side: Side, key: &str, at: &str| {
        pos.squares[cell(&v, at).index()] = Some((side, piece(&v, key)));
    };
    put(&mut pos, Side::WHITE, "K", "a1");
    put(&mut pos, Side::BLACK, "K", "a4");
    put(&mut pos, Side::WHITE, "P", "e2");
    pos.unmoved[cell(&v, "e2").index()] = true;
    pos.squares[catcher.index()] = Some((Side::BLACK, pawn));
    let after = game.play_moves(&pos, "e2-g2").expect("the double step");
    assert_eq!(
        after
            .en_passant
            .as_ref()
            .map(|ep| names(&v, ep.cells.clone())),
        Some(set("f2"))
    );
    let ep = game
        .legal_moves(&after)
        .into_iter()
        .find(|m| m.from == Some(catcher) && m.to == f2)
        .expect("the en-passant capture");
    assert_eq!(ep.en_passant_victim, Some(cell(&v, "g2")));
    let taken = game.play(&after, &ep);
    assert_eq!(taken.squares[cell(&v, "g2").index()], None);
    assert_eq!(
        game.format_move(&after, &ep),
        format!("{}xf2", v.board().name(catcher))
    );
}

#[test]
fn like_follows_chains_and_copies_only_movements() {
    let (v, t) = variant(
        "variant \"Likes\"
board {
  cells flat
  shape hexagon 4
  names files a b c d e f g
}
symmetry mirror
zone far = a4 b5 c6 d7 e6 f5 g4
piece King K {
  royal
  step orthogonal
}
piece Walker W {
  step 12
  promote in far to K
}
piece Runner R {
  like Walker
  step 6
}
piece Champion C {
  like Runner
  step diagonal
}
setup {
  K d1
  C a1
  R g1
  W d2
}
",
    );
    let from = cell(&v, "d4");
    let champion = empty_destinations(&v, &t, piece(&v, "C"), Side::WHITE, from);
    let mut expected = empty_destinations(&v, &t, piece(&v, "R"), Side::WHITE, from);
    assert_eq!(expected, set("d5 d3"));
    // The six diagonal neighbours of the centre d4 = (0,0): (1,1) e5, (2,-1) f3, (1,-2) e2,
    // (-1,-1) c2, (-2,1) b3, (-1,2) c5.
    expected.extend(set("e5 f3 e2 c2 b3 c5"));
    assert_eq!(champion, expected);
    assert!(
        v.piece(piece(&v, "R")).promotion.is_none(),
        "promotion is not copied"
    );
}

#[test]
fn a_move_limit_restarts_on_captures_and_on_the_reset_pieces_moves() {
    let (v, t) = variant(
        "variant \"Fifty\"
board {
  cells flat
  shape hexagon 4
  names files a b c d e f g
}
symmetry mirror
zone far = a4 b5 c6 d7 e6 f5 g4
piece King K {
  royal
  step orthogonal diagonal
}
piece Pawn P {
  step 12
  promote in far to K
}
setup {
  K d1
  P a1 g1
}
rules {
  move-limit 2 draw reset-by P
}
",
    );
    let game = Game::new(&v, &t);
    let start = game.start_position();
    let plies = |moves: &str| game.play_moves(&start, moves).expect("legal").quiet_plies;
    assert_eq!(plies("d1-e1"), 1);
    assert_eq!(plies("d1-e1 d7-e6"), 2);
    assert_eq!(
        plies("d1-e1 d7-e6 a1-a2"),
        0,
        "a pawn move restarts the count"
    );
    let mut history = vec![start.clone()];
    for m in ["d1-e1", "d7-e6", "e1-d1", "e6-d7"] {
        let next = game.play_moves(history.last().unwrap(), m).expect("legal");
        history.push(next);
    }
    let end = game
        .outcome(&history)
        .expect("two moves each without a capture");
    assert_eq!(end.end, hexv::game::GameEnd::MoveLimit);
    assert_eq!(end.result(), "1/2-1/2");
    assert_eq!(game.outcome(&history[..4]), None);
}
