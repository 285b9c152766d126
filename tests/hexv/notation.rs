//! Move notation: printing, parsing, and the reasons given for refused moves.

use hexv::game::notation::MoveError;
use hexv::game::Game;

use crate::support::load;

#[test]
fn moves_round_trip_through_notation() {
    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    let pos = game
        .play_moves(&game.start_position(), "e4-e6 d7-d5")
        .expect("legal");
    for mv in game.legal_moves(&pos) {
        let text = game.format_move(&pos, &mv);
        assert_eq!(game.parse_move(&pos, &text), Ok(mv), "{text}");
    }
}

#[test]
fn en_passant_is_written_as_a_capture() {
    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    // Black's d-pawn passes d6, which White's pawn on e6 attacks.
    let pos = game
        .play_moves(&game.start_position(), "e4-e6 d7-d5")
        .expect("legal");
    let ep = game.parse_move(&pos, "e6xd6").expect("en passant");
    assert_eq!(ep.en_passant_victim, v.board().find("d5"));
    let after = game.play(&pos, &ep);
    assert_eq!(after.squares[v.board().find("d5").unwrap().index()], None);
    // The right lasts one move only.
    let later = game
        .play_moves(&game.start_position(), "e4-e6 d7-d5 b1-b2 c7-c6")
        .expect("legal");
    assert!(matches!(
        game.parse_move(&later, "e6xd6"),
        Err(MoveError::Illegal { .. })
    ));
}

/// The recorded games, each as a list of (from, to, promotion letter).
fn recorded_games() -> Vec<Vec<(String, String, String)>> {
    let text = std::fs::read_to_string(crate::support::root().join("tests/data/glinski-games.txt"))
        .expect("games");
    text.lines()
        .map(|line| {
            line.split_whitespace()
                .map(|m| {
                    // FROM and TO are a file letter and a rank number each.
                    let split = 1 + m[1..]
                        .find(|c: char| c.is_ascii_alphabetic())
                        .expect("two cells");
                    let (from, rest) = m.split_at(split);
                    let end = rest.trim_end_matches(|c: char| "qrbn".contains(c)).len();
                    (
                        from.to_string(),
                        rest[..end].to_string(),
                        rest[end..].to_uppercase(),
                    )
                })
                .collect()
        })
        .collect()
}

#[test]
fn promotion_must_be_named() {
    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    let games = recorded_games();
    let (index, game_moves) = games
        .iter()
        .flat_map(|g| g.iter().position(|(_, _, p)| !p.is_empty()).map(|i| (i, g)))
        .next()
        .expect("a recorded promotion");
    let mut pos = game.start_position();
    for (from, to, _) in &game_moves[..index] {
        let mv = game
            .parse_move(&pos, &format!("{from}-{to}"))
            .or_else(|_| game.parse_move(&pos, &format!("{from}x{to}")));
        pos = game.play(&pos, &mv.expect("recorded move is legal"));
    }
    let (from, to, promo) = &game_moves[index];
    let sep = if pos.squares[v.board().find(to).unwrap().index()].is_some() {
        'x'
    } else {
        '-'
    };
    let bare = format!("{from}{sep}{to}");
    assert_eq!(
        game.parse_move(&pos, &bare).unwrap_err().to_string(),
        format!("`{bare}` is illegal: the Pawn must promote: add =Q, =R, =B, =N")
    );
    let mv = game
        .parse_move(&pos, &format!("{bare}={promo}"))
        .expect("promotion");
    assert_eq!(mv.promotion, v.find_piece(promo));
    let king = format!("{bare}=K");
    assert_eq!(
        game.parse_move(&pos, &king).unwrap_err().to_string(),
        format!("`{king}` is illegal: the Pawn cannot promote to King here")
    );
}

#[test]
fn a_move_into_check_is_refused_with_the_reason() {
    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    // Walk the first recorded games until a move is pseudo-legal but exposes the king.
    for moves in recorded_games().iter().take(20) {
        let mut pos = game.start_position();
        for (from, to, promo) in moves {
            let legal = game.legal_moves(&pos);
            if let Some(bad) = game
                .pseudo_legal_moves(&pos)
                .into_iter()
                .find(|m| !legal.contains(m))
            {
                let text = game.format_move(&pos, &bad);
                assert_eq!(
                    game.parse_move(&pos, &text).unwrap_err().to_string(),
                    format!("`{text}` is illegal: it leaves the mover's royal piece attacked")
                );
                return;
            }
            let mv = *legal
                .iter()
                .find(|m| {
                    m.from.is_some_and(|f| v.board().name(f) == from)
                        && v.board().name(m.to) == to
                        && m.promotion == v.find_piece(promo)
                })
                .expect("recorded move is legal");
            pos = game.play(&pos, &mv);
        }
    }
    panic!("no pinned or checked position in the first games");
}

#[test]
fn refusals_say_why() {
    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    let start = game.start_position();
    let err = |text: &str| game.parse_move(&start, text).unwrap_err().to_string();
    assert_eq!(err("e4"), "`e4` is not a move: write FROM-TO, FROMxTO for a capture, =X to promote, X*TO to drop (e.g. `e4-e5`, `f10-f11=Q`, `P*e5`)");
    assert_eq!(err("e4-e12"), "there is no cell `e12` on the board");
    assert_eq!(err("e5-e6"), "the side to move has no piece on `e5`");
    assert_eq!(err("e7-e6"), "the side to move has no piece on `e7`");
    assert_eq!(
        err("e4-e7"),
        "`e4-e7` is illegal: the Pawn on `e4` cannot move to `e7`"
    );
    assert_eq!(
        err("e4xe5"),
        "`e4xe5` is illegal: `e5` is empty, so the move is written `e4-e5`"
    );
    assert_eq!(err("e4-e5=Z"), "no piece has the symbol or name `Z`");
    assert_eq!(err("Z*e5"), "no piece has the symbol or name `Z`");
    assert_eq!(
        err("P*e5"),
        "`P*e5` is illegal: the side to move has no Pawn in hand"
    );
    assert_eq!(err("P*"), "`P*` is not a move: write FROM-TO, FROMxTO for a capture, =X to promote, X*TO to drop (e.g. `e4-e5`, `f10-f11=Q`, `P*e5`)");
}

/// Cell names may hold `-` and `x` (`x1`, `b-x`): a printed move such as `b-xxx1` or
/// `x-2-b-x` used to be cut at its first `-` or `x` and could not be read back. Every move of
/// a board named that way, and of every shipped variant along its legal moves, reads back as
/// itself.
#[test]
fn moves_between_cells_named_with_dashes_and_xs_read_back() {
    let text = "variant \"Odd names\"\n\
        board {\n cells flat\n shape hexagon 2\n names list x1 x-2 b-x ax x 2x-x b\n}\n\
        symmetry rotate\n\
        piece King K {\n royal\n step all\n}\n\
        piece Rook R {\n ride orthogonal\n}\n\
        setup {\n K x1\n R b-x\n}\n";
    let checked = crate::support::check_text("odd.hexv", text);
    assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
    let odd = checked.compiled.expect("clean");
    let game = odd.game();
    let start = game.start_position();
    let moves = game.legal_moves(&start);
    assert!(!moves.is_empty());
    let mut printed = Vec::new();
    for m in &moves {
        let written = game.format_move(&start, m);
        assert_eq!(
            game.parse_move(&start, &written).as_ref(),
            Ok(m),
            "{written}"
        );
        printed.push(written);
    }
    assert!(
        printed.iter().any(|m| m.matches(['-', 'x']).count() > 1),
        "some move needs the names read right: {printed:?}"
    );
}
