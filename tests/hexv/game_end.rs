//! The end of the game under each variant's rules: checkmate, Glinski's 3/4 stalemate
//! (the Glinski text), Koval's stalemate that is a draw while the stalemating side keeps a queen, rook
//! or pawn and a win otherwise (the Koval text), Chessagon's repetition and fifty-move draws (chess
//! conventions). Each position is explained cell by cell.

use hexv::game::{Game, GameEnd, Position};
use hexv::variant::{Score, Side};

use crate::support::{cell, load, piece};

/// An empty board with Black to move and the given pieces.
fn position(game: &Game, pieces: &[(Side, &str, &str)]) -> Position {
    let v = game.variant;
    let mut pos = game.empty_position(Side::BLACK);
    for &(side, key, at) in pieces {
        pos.squares[cell(v, at).index()] = Some((side, piece(v, key)));
    }
    pos
}

const W: Side = Side::WHITE;
const B: Side = Side::BLACK;

#[test]
fn glinski_checkmate_in_the_corner() {
    // Black's king on a1 has five neighbours: a2 b1 b2 (edges), b3 c2 (diagonals). The queen
    // on a2 checks it and, guarded by the king on a3, cannot be taken; she also covers b1
    // (diagonal), b2 and b3 (edges) and c2 (along the edge line through b2).
    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    let pos = position(&game, &[(B, "K", "a1"), (W, "K", "a3"), (W, "Q", "a2")]);
    assert!(game.in_check(&pos, B));
    let end = game.outcome(&[pos]).expect("the game is over");
    assert_eq!(end.end, GameEnd::Checkmate);
    assert_eq!(end.white, Score::WIN);
    assert_eq!(end.result(), "1-0");
}

#[test]
fn glinski_stalemate_scores_three_quarters_to_the_stalemating_side() {
    // The king on a3 covers a2, b2 and b3; the queen on d2 covers b1 (one diagonal step at 9
    // o'clock) and c2 (one edge step at 10 o'clock) but does not attack a1: Black, to move,
    // has no legal move and is not in check.
    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    let pos = position(&game, &[(B, "K", "a1"), (W, "K", "a3"), (W, "Q", "d2")]);
    assert!(!game.in_check(&pos, B));
    assert!(game.legal_moves(&pos).is_empty());
    let end = game.outcome(&[pos]).expect("the game is over");
    assert_eq!(end.end, GameEnd::Stalemate);
    assert_eq!(
        end.white,
        Score {
            numerator: 3,
            denominator: 4
        }
    );
    assert_eq!(end.result(), "3/4-1/4");
}

/// Koval's king in the corner cell 1 (column 1 counts 1-9 upward, column 2 counts 10-19
/// downward): its neighbours are 2 and 17 18 19 21. The white king on 3 guards 2, 17 and 18.
fn koval_stalemate(game: &Game, others: &[(Side, &str, &str)]) -> Position {
    let mut pieces = vec![(B, "K", "1"), (W, "K", "3")];
    pieces.extend_from_slice(others);
    let pos = position(game, &pieces);
    assert!(
        !game.in_check(&pos, B),
        "not a stalemate: Black is in check"
    );
    assert!(game.legal_moves(&pos).is_empty(), "Black can move");
    pos
}

#[test]
fn koval_stalemate_is_a_draw_while_the_stalemating_side_keeps_a_queen() {
    // The queen on 41 (column 4, two cells above its bottom cell 42) covers 19 and 21.
    let (v, t) = load("variants/koval.hexv");
    let game = Game::new(&v, &t);
    let pos = koval_stalemate(&game, &[(W, "Q", "41")]);
    let end = game.outcome(&[pos]).expect("the game is over");
    assert_eq!(end.end, GameEnd::Stalemate);
    assert_eq!(end.white, Score::DRAW);
}

#[test]
fn koval_stalemate_without_queen_rook_or_pawn_wins() {
    // The bishop on 2 (guarded by the king on 3) covers 19 diagonally; the knight on 38
    // covers 21. White has no queen, rook or pawn left: the stalemate wins for White.
    let (v, t) = load("variants/koval.hexv");
    let game = Game::new(&v, &t);
    let pos = koval_stalemate(&game, &[(W, "B", "2"), (W, "N", "38")]);
    let end = game
        .outcome(std::slice::from_ref(&pos))
        .expect("the game is over");
    assert_eq!(end.end, GameEnd::Stalemate);
    assert_eq!(end.white, Score::WIN);
    // The same with a White pawn somewhere harmless: a draw again.
    let mut with_pawn = pos;
    with_pawn.squares[cell(&v, "65").index()] = Some((W, piece(&v, "P")));
    assert!(game.legal_moves(&with_pawn).is_empty());
    assert_eq!(
        game.outcome(&[with_pawn]).map(|o| o.white),
        Some(Score::DRAW)
    );
}

#[test]
fn a_game_in_progress_has_no_outcome() {
    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    assert_eq!(game.outcome(&[game.start_position()]), None);
    assert_eq!(game.outcome(&[]), None);
}

/// Chessagon's file takes chess's conventions (its comments say so; the text is silent): the third
/// occurrence of a position is a draw. Both knights go out and back twice: the start
/// position stands again after plies 4 and 8, so the game goes on until ply 8 ends it.
#[test]
fn chessagon_third_repetition_is_a_draw() {
    let (v, t) = load("variants/chessagon.hexv");
    let game = Game::new(&v, &t);
    let mut history = vec![game.start_position()];
    let out_and_back = "c3-d5 c13-d11 d5-c3 d11-c13";
    for (ply, m) in format!("{out_and_back} {out_and_back}")
        .split_whitespace()
        .enumerate()
    {
        assert_eq!(game.outcome(&history), None, "before ply {}", ply + 1);
        let next = game
            .play_moves(history.last().expect("history"), m)
            .expect("legal");
        history.push(next);
    }
    let end = game.outcome(&history).expect("the third occurrence");
    assert_eq!((end.end, end.white), (GameEnd::Repetition, Score::DRAW));
}

/// And fifty moves by each side without a capture or a pawn move draw: with 99 quiet plies
/// behind, a knight move is the hundredth and ends the game; a pawn move instead starts the
/// count again, and so does a capture.
#[test]
fn chessagon_fifty_moves_without_capture_or_pawn_move_is_a_draw() {
    let (v, t) = load("variants/chessagon.hexv");
    let game = Game::new(&v, &t);
    let mut start = game.start_position();
    start.quiet_plies = 99;
    assert_eq!(game.outcome(std::slice::from_ref(&start)), None);
    let knight = game.play_moves(&start, "c3-d5").expect("legal");
    assert_eq!(knight.quiet_plies, 100);
    let end = game
        .outcome(&[start.clone(), knight])
        .expect("the move limit");
    assert_eq!((end.end, end.white), (GameEnd::MoveLimit, Score::DRAW));
    let pawn = game.play_moves(&start, "a4-a5").expect("legal");
    assert_eq!(pawn.quiet_plies, 0);
    assert_eq!(game.outcome(&[start.clone(), pawn]), None);
    // A capture: White's knight goes c3-d5-d8, onto a cell Black's knight on d11 reaches
    // (its leaps from d11 include d8), and Black takes it.
    let mut quiet = start.clone();
    quiet.quiet_plies = 90;
    let capture = game
        .play_moves(&quiet, "c3-d5 c13-d11 d5-d8 d11xd8")
        .expect("legal");
    assert_eq!(capture.quiet_plies, 0);
}
