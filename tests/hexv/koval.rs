//! Koval's Hexagonal Chess (Max Koval, The Chess Variant Pages, 2021,
//! https://www.chessvariants.com/rules/kovals-hexagonal-chess): promotion cells, double-move
//! areas, the four castlings and their conditions, and the stalemate rule, all as the text
//! gives them.

use hexv::compile::Condition;
use hexv::game::{Game, Position};
use hexv::variant::{Score, Side};

use crate::support::{cell, load, names, piece, set};

/// White clears 43 (bishop) and 63 (knight) while Black shuffles a knight.
const CLEAR_RIGHT: &str = "63-66 10-7 39-37 12-13 40-39 13-14 43-23 14-15";

#[test]
fn promotion_cells_are_the_texts() {
    let (v, _) = load("variants/koval.hexv");
    let promo = v
        .piece(piece(&v, "P"))
        .promotion
        .clone()
        .expect("pawns promote");
    let zone = v.zone(promo.zone);
    assert_eq!(
        names(&v, zone.cells.white.clone()),
        set("9 10 30 31 53 54 72")
    );
    assert_eq!(
        names(&v, zone.cells.black.clone()),
        set("1 19 20 42 43 63 64")
    );
    let to: Vec<&str> = promo
        .to
        .iter()
        .map(|p| v.piece(*p).symbol.as_str())
        .collect();
    assert_eq!(to, ["Q", "R", "B", "N"]);
}

#[test]
fn double_moves_start_exactly_in_the_areas() {
    let (v, t) = load("variants/koval.hexv");
    let pawn = piece(&v, "P");
    let area = |side: Side| {
        names(
            &v,
            v.board().cells().filter(|c| {
                t.entries(pawn, side, *c)
                    .iter()
                    .any(|e| e.when == Some(Condition::MultiStep))
            }),
        )
    };
    assert_eq!(area(Side::White), set("2 17 18 22 39 40 45 61 62 65"));
    assert_eq!(area(Side::Black), set("8 11 12 28 33 34 51 55 56 71"));
    // The pawns start on their areas.
    let pawns = |side: Side| {
        names(
            &v,
            v.setup(side)
                .iter()
                .filter(|(p, _)| *p == pawn)
                .map(|(_, c)| *c),
        )
    };
    assert_eq!(pawns(Side::White), area(Side::White));
    assert_eq!(pawns(Side::Black), area(Side::Black));
}

#[test]
fn the_four_castlings_of_the_text() {
    let (v, t) = load("variants/koval.hexv");
    let listed: Vec<(Side, String)> = v
        .castlings()
        .iter()
        .map(|c| {
            let n = |x| v.board().name(x);
            (
                c.side,
                format!(
                    "K{}-{} R{}-{}",
                    n(c.king_from),
                    n(c.king_to),
                    n(c.rook_from),
                    n(c.rook_to)
                ),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            (Side::White, "K42-63 R64-43".to_string()),
            (Side::White, "K42-19 R1-20".to_string()),
            (Side::Black, "K31-10 R9-30".to_string()),
            (Side::Black, "K31-54 R72-53".to_string()),
        ]
    );
    // The king's table lists each as a conditional entry.
    let king = piece(&v, "K");
    let castles = |side: Side, from: &str| {
        names(
            &v,
            t.entries(king, side, cell(&v, from))
                .iter()
                .filter(|e| e.when == Some(Condition::Castling))
                .flat_map(|e| t.path(e).to_vec()),
        )
    };
    assert_eq!(castles(Side::White, "42"), set("63 19"));
    assert_eq!(castles(Side::Black, "31"), set("10 54"));
}

fn after(game: &Game, moves: &str) -> Position {
    game.play_moves(&game.start_position(), moves)
        .expect("legal moves")
}

fn can_castle(game: &Game, pos: &Position, text: &str) -> bool {
    game.legal_moves(pos)
        .iter()
        .any(|m| m.castling.is_some() && game.format_move(pos, m) == text)
}

#[test]
fn castling_moves_king_and_rook() {
    let (v, t) = load("variants/koval.hexv");
    let game = Game::new(&v, &t);
    assert!(
        !can_castle(&game, &game.start_position(), "42-63"),
        "43 and 63 are occupied"
    );
    let pos = after(&game, CLEAR_RIGHT);
    assert!(can_castle(&game, &pos, "42-63"));
    let castled = game.play_moves(&pos, "42-63").expect("castling");
    let on =
        |c: &str| castled.squares[cell(&v, c).index()].map(|(s, p)| (s, v.piece(p).symbol.clone()));
    assert_eq!(on("63"), Some((Side::White, "K".into())));
    assert_eq!(on("43"), Some((Side::White, "R".into())));
    assert_eq!((on("42"), on("64")), (None, None));
    // Both of White's rights are gone (the king moved); Black's remain.
    assert_eq!(game.castling_rights(&castled), [false, false, true, true]);
}

#[test]
fn castling_needs_unmoved_king_and_rook() {
    let (v, t) = load("variants/koval.hexv");
    let game = Game::new(&v, &t);
    let king_went_back = after(&game, &format!("{CLEAR_RIGHT} 42-43 7-10 43-42 10-7"));
    assert!(!can_castle(&game, &king_went_back, "42-63"));
    let rook_went_back = after(&game, &format!("{CLEAR_RIGHT} 64-63 7-10 63-64 10-7"));
    assert!(!can_castle(&game, &rook_went_back, "42-63"));
    // The other rook's castling is untouched by the first rook's moves.
    assert_eq!(
        game.castling_rights(&rook_went_back),
        [false, true, true, true]
    );
}

#[test]
fn castling_is_refused_out_of_through_or_into_attack() {
    let (v, t) = load("variants/koval.hexv");
    let game = Game::new(&v, &t);
    let pos = after(&game, CLEAR_RIGHT);
    for target in ["42", "43", "63"] {
        // Put a Black rook where it attacks `target` along a line that is otherwise empty,
        // by editing the position: the castling must disappear.
        let mut attacked = pos.clone();
        let rook = (Side::Black, piece(&v, "R"));
        let spot = v
            .board()
            .cells()
            .find(|c| {
                attacked.squares[c.index()].is_none() && {
                    let mut trial = pos.clone();
                    trial.squares[c.index()] = Some(rook);
                    game.attacked(&trial, cell(&v, target), Side::Black)
                        && !game.attacked(&pos, cell(&v, target), Side::Black)
                }
            })
            .expect("a cell from which a rook attacks the target");
        attacked.squares[spot.index()] = Some(rook);
        assert!(
            !can_castle(&game, &attacked, "42-63"),
            "{target} attacked from {}",
            v.board().name(spot)
        );
    }
}

#[test]
fn stalemate_is_a_win_unless_queen_rook_or_pawn_remain() {
    let (v, _) = load("variants/koval.hexv");
    assert_eq!(v.rules().stalemate, Score::WIN);
    let (score, pieces) = v.rules().stalemate_with.clone().expect("the exception");
    assert_eq!(score, Score::DRAW);
    let symbols: Vec<&str> = pieces.iter().map(|p| v.piece(*p).symbol.as_str()).collect();
    assert_eq!(symbols, ["Q", "R", "P"]);
}

#[test]
fn refused_castlings_say_which_condition_failed() {
    let (v, t) = load("variants/koval.hexv");
    let game = Game::new(&v, &t);
    let refuse = |moves: &str| {
        let pos = after(&game, moves);
        game.parse_move(&pos, "42-63").unwrap_err().to_string()
    };
    assert_eq!(
        refuse(""),
        "`42-63` is illegal: castling is not allowed: `43` is not empty"
    );
    assert_eq!(
        refuse(&format!("{CLEAR_RIGHT} 42-43 7-10 43-42 10-7")),
        "`42-63` is illegal: castling is not allowed: the king or the rook on `64` has moved"
    );
    // A Black piece (edited in) that attacks 63 but neither 42 nor 43: the king may not land.
    let mut pos = after(&game, CLEAR_RIGHT);
    let mut found = None;
    for key in ["N", "B", "R", "Q"] {
        let attacker = (Side::Black, piece(&v, key));
        for c in v.board().cells() {
            if found.is_some() || pos.squares[c.index()].is_some() {
                continue;
            }
            let mut trial = pos.clone();
            trial.squares[c.index()] = Some(attacker);
            let hits = |x: &str| game.attacked(&trial, cell(&v, x), Side::Black);
            if hits("63") && !hits("42") && !hits("43") {
                found = Some((c, attacker));
            }
        }
    }
    let (spot, rook) = found.expect("a cell attacking 63 only");
    pos.squares[spot.index()] = Some(rook);
    assert_eq!(
        game.parse_move(&pos, "42-63").unwrap_err().to_string(),
        "`42-63` is illegal: castling is not allowed: the king would pass or land on `63`, which is attacked"
    );
}
