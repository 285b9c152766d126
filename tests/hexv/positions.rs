//! Positions as text (docs/positions.md): printed and read back unchanged for every variant,
//! at the start and along random games; mistakes located (by characters); impossible
//! positions refused; the start texts checked by hand.

use hexv::game::fast::FastEngine;
use hexv::game::Engine;
use hexv::game::{EnPassant, Game, Position};
use hexv::variant::Side;

use crate::support::{cell, game, load, piece, position, variant_files, Rng};

#[test]
fn glinski_start_by_hand() {
    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    // File by file, bottom to top, from the setup (the Glinski text): a (6 cells) is empty; b: P b1,
    // p b7; c: R c1 P c2, four empty, p c7 r c8; d: N d1, d2 empty, P d3, three empty, p d7,
    // d8 empty, n d9; e: Q e1, two, P e4, two, p e7, two, q e10; f: B f1-f3, f4, P f5, f6,
    // p f7, f8, b f9-f11; g like e with the king; h like d; i like c; k like b; l empty.
    let text = game.position_text(&game.start_position());
    assert_eq!(
        text,
        "6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - - - 0"
    );
}

#[test]
fn every_variant_round_trips_along_random_games() {
    for path in variant_files() {
        let (v, t) = load(&path);
        let game = Game::new(&v, &t);
        let mut rng = Rng(0xC0FFEE);
        for _ in 0..6 {
            let mut pos = game.start_position();
            for _ in 0..40 {
                let text = game.position_text(&pos);
                let back = game
                    .parse_position(&text)
                    .unwrap_or_else(|e| panic!("{}: {}", path.display(), e.show(&text)));
                assert_eq!(back, pos, "{}: {text}", path.display());
                let moves = game.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos = game.play(&pos, &moves[rng.below(moves.len())]);
            }
        }
    }
}

#[test]
fn hands_en_passant_and_unmoved_pieces_are_written() {
    let (v, t) = load("variants/hex-shogi-41.hexv");
    let game = Game::new(&v, &t);
    let mut pos: Position = game.empty_position(Side::BLACK);
    pos.squares[cell(&v, "3i").index()] = Some((Side::WHITE, piece(&v, "K")));
    pos.squares[cell(&v, "7a").index()] = Some((Side::BLACK, piece(&v, "K")));
    pos.squares[cell(&v, "5e").index()] = Some((Side::WHITE, piece(&v, "+P")));
    pos.hands[Side::WHITE][piece(&v, "P").index()] = 2;
    pos.hands[Side::BLACK][piece(&v, "S").index()] = 1;
    let text = game.position_text(&pos);
    assert!(text.contains("(+P)"), "{text}");
    assert!(text.ends_with(" b PPs - - 0"), "{text}");
    assert_eq!(game.parse_position(&text), Ok(pos));

    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    let after = game
        .play_moves(&game.start_position(), "e4-e6")
        .expect("legal");
    let text = game.position_text(&after);
    assert!(text.ends_with(" b - e5@e6 - 1"), "{text}");
    let (v, t) = load("variants/koval.hexv");
    let game = Game::new(&v, &t);
    let text = game.position_text(&game.start_position());
    // Kings and rooks that may castle, in the board's order (column by column, bottom to
    // top; column 4 is numbered downward, so 42 comes before 31).
    assert!(text.ends_with(" w - - 1,9,42,31,64,72 0"), "{text}");
}

#[test]
fn mistakes_are_located() {
    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    let start = game.position_text(&game.start_position());
    let err = |text: &str| game.parse_position(text).unwrap_err();
    assert_eq!(
        err("6/P5p w").message,
        "the board has 11 lines, but 2 are written"
    );
    let e = err(&start.replacen("Q2P", "Z2P", 1));
    assert_eq!(e.offset, start.find("Q2P").unwrap());
    assert!(e.message.contains("no piece has the symbol `Z`"));
    let e = err(&start.replacen("6/", "7/", 1));
    assert_eq!(
        (e.offset, e.message.as_str()),
        (0, "this line has 6 cells, but 7 are written")
    );
    let e = err(&start.replace(" w ", " x "));
    assert_eq!(e.message, "the side to move is `w` or `b`");
    let e = err(&start.replace(" - - - 0", " - e5@e12 - 0"));
    assert_eq!(e.message, "there is no cell `e12`");
    assert_eq!(
        err("").message.split(' ').take(3).collect::<Vec<_>>(),
        ["a", "position", "has"]
    );
    let e = err(&start.replacen("Q2P", "(Q2P", 1));
    assert_eq!(e.message, "a `(` is not closed");
    // A hand of 1001 pawns is refused at the 1001st, before any count could overflow.
    let game = crate::support::game("variants/hex-shogi-41.hexv");
    let start = game.position_text(&game.start_position());
    let hand = "P".repeat(1001);
    let text = start.replace(" w - ", &format!(" w {hand} "));
    let e = game.parse_position(&text).unwrap_err();
    assert_eq!(e.message, "more than 1000 pieces of a kind in hand");
    assert_eq!(e.offset, text.find(" w ").unwrap() + 3 + 1000);
}

/// The character offset of the first `pattern` in `text` (tests build texts whose offsets
/// differ from byte offsets).
fn char_at(text: &str, pattern: &str) -> usize {
    let byte = text.find(pattern).expect("the pattern is in the text");
    text[..byte].chars().count()
}

#[test]
fn offsets_and_the_caret_count_characters_not_bytes() {
    let game = game("variants/glinski.hexv");
    let board = game.position_text(&game.start_position());
    let board = board.split(' ').next().expect("a board field");
    // Non-ASCII white space separates fields (a no-break space is 2 bytes in UTF-8, an
    // ideographic space 3), so each error below stands characters, not bytes, into the text.
    for (text, bad, message) in [
        (
            format!("{board}\u{a0}w\u{3000}-\u{a0}é5@e6"),
            "é",
            "there is no cell `é5`",
        ),
        (
            format!("{board}\u{3000}ß"),
            "ß",
            "the side to move is `w` or `b`",
        ),
        (
            format!("{board}\u{a0}b\u{a0}-\u{a0}e5,ß@e6"),
            "ß",
            "there is no cell `ß`",
        ),
        (
            format!("{board}\u{a0}w\u{a0}-\u{a0}-\u{a0}ä,é"),
            "ä",
            "there is no cell `ä`",
        ),
    ] {
        let e = game.parse_position(&text).unwrap_err();
        assert_eq!(e.message, message, "{text}");
        assert_eq!(e.offset, char_at(&text, bad), "{text}");
        assert!(
            e.offset < text.find(bad).unwrap(),
            "bytes and characters differ"
        );
        let shown = e.show(&text);
        let (first, caret) = shown.split_once('\n').expect("two lines");
        assert_eq!(first, text);
        let caret_column = caret.chars().position(|c| c == '^').expect("a caret");
        assert_eq!(
            first.chars().nth(caret_column),
            bad.chars().next(),
            "{shown}"
        );
        assert_eq!(
            caret.chars().skip(caret_column).collect::<String>(),
            format!("^ {message}")
        );
    }
    // A piece in a line after a non-ASCII character of an earlier, bad, parenthesised symbol:
    // the line offsets count characters too.
    let text = board.replacen("6/", "(é)5/", 1).replacen("/6", "/7", 1) + " w";
    let e = game.parse_position(&text).unwrap_err();
    assert_eq!(
        (e.offset, e.message.as_str()),
        (
            0,
            "no piece has the symbol `é` (White's upper case, Black's lower case)"
        )
    );
    let text = board.replacen("/6", "/(é)5", 1) + "\u{a0}w";
    let e = game.parse_position(&text).unwrap_err();
    assert_eq!(e.offset, char_at(&text, "(é)"));
}

#[test]
fn run_length_counts_that_overflow_are_refused_at_the_count() {
    let game = game("variants/glinski.hexv");
    let start = game.position_text(&game.start_position());
    assert!(start.starts_with("6/P5p/"), "{start}");
    // File a has 6 cells. Each line: what is written instead of `6`, where the error stands
    // in that line, the message. `1P18446744073709551615P4` once wrapped to 6 cells in release
    // builds (a pawn read onto a2 twice) and panicked with overflow checks.
    for (line, at, message) in [
        (
            "99999999999999999999",
            0,
            "this line has 6 cells, but the count 99999999999999999999 is larger",
        ),
        (
            "18446744073709551617",
            0,
            "this line has 6 cells, but the count 18446744073709551617 is larger",
        ),
        (
            "1P18446744073709551615P4",
            2,
            "this line has 6 cells, but the count 18446744073709551615 is larger",
        ),
        (
            "1P18446744073709551614P3",
            2,
            "this line has 6 cells, but the count 18446744073709551614 is larger",
        ),
        ("P5P", 2, "more cells than the line has"),
        ("2P4", 2, "this line has 6 cells, but 7 are written"),
    ] {
        let text = start.replacen("6/", &format!("{line}/"), 1);
        let e = game.parse_position(&text).unwrap_err();
        assert_eq!((e.offset, e.message.as_str()), (at, message), "{text}");
    }
    // The same in the last line, far into the text.
    let text = start.replacen("/6 ", "/4P18446744073709551617 ", 1);
    let e = game.parse_position(&text).unwrap_err();
    assert_eq!(e.offset, text.find("18446744073709551617").unwrap());
}

#[test]
fn cells_listed_twice_are_refused() {
    let game = game("variants/glinski.hexv");
    let after = game
        .play_moves(&game.start_position(), "e4-e6")
        .expect("legal");
    let text = game.position_text(&after);
    assert!(text.ends_with(" b - e5@e6 - 1"), "{text}");
    for (right, twice) in [("e5,e5@e6", 3), ("e5,d5,e5@e6", 6)] {
        let text = text.replace(" e5@e6 ", &format!(" {right} "));
        let e = game.parse_position(&text).unwrap_err();
        assert_eq!(e.message, "`e5` is listed twice", "{text}");
        assert_eq!(e.offset, text.find(right).unwrap() + twice, "{text}");
    }
    let game = crate::support::game("variants/koval.hexv");
    let text = game.position_text(&game.start_position());
    let text = text.replace(" 1,9,42,31,64,72 ", " 1,9,42,31,9,64,72 ");
    let e = game.parse_position(&text).unwrap_err();
    assert_eq!(e.message, "`9` is listed twice");
    assert_eq!(e.offset, text.find(",9,64").unwrap() + 1);
}

#[test]
fn the_fast_engine_reads_an_en_passant_right_as_a_set() {
    // Dagger's d2-f2 passes between e1 and e2: a right of two cells, both occupied.
    let game = game("variants/dagger.hexv");
    let engine = FastEngine::new(game).expect("Dagger fits the fast engine");
    let after = game
        .play_moves(&game.start_position(), "d2-f2")
        .expect("legal");
    let text = game.position_text(&after);
    assert!(text.contains(" e1,e2@f2 "), "{text}");
    let read = game.parse_position(&text).expect("a right the move gave");
    assert_eq!(read, after);
    assert_eq!(engine.position(&engine.state(&read)), read);
    // A cell listed twice (no text gives one now) is still one cell for the fast engine:
    // the cell set is an OR of the cells' bits, not their sum (which read e1 twice as the
    // next cell).
    let v = game.variant;
    let mut twice: Position = read.clone();
    twice.en_passant = Some(EnPassant {
        cells: vec![cell(v, "e1"), cell(v, "e1")],
        victim: cell(v, "f2"),
    });
    let back = engine.position(&engine.state(&twice));
    assert_eq!(
        back.en_passant,
        Some(EnPassant {
            cells: vec![cell(v, "e1")],
            victim: cell(v, "f2"),
        })
    );
}

#[test]
fn a_side_without_its_royal_piece_is_refused() {
    let game = game("variants/glinski.hexv");
    let start = game.position_text(&game.start_position());
    // File g: K g1, two empty, P g4, two, p g7, two, k g10.
    for (from, to, side) in [
        ("K2P2p2k", "3P2p2k", "White"),
        ("K2P2p2k", "K2P2p3", "Black"),
    ] {
        let text = start.replacen(from, to, 1);
        let e = game.parse_position(&text).unwrap_err();
        assert_eq!(
            (e.offset, e.message),
            (
                0,
                format!(
                    "the board has no royal piece of {side}'s: checkmate wins, so each side has one"
                )
            ),
            "{text}"
        );
    }
}

#[test]
fn the_side_not_to_move_in_check_is_refused() {
    let game = game("variants/glinski.hexv");
    let v = game.variant;
    let (white, black) = (Side::WHITE, Side::BLACK);
    // White's rook on g5 attacks Black's king on g10 along the file.
    let pos = position(
        v,
        game.tables,
        black,
        &[(white, "K", "g1"), (white, "R", "g5"), (black, "K", "g10")],
    );
    let text = game.position_text(&pos);
    assert_eq!(game.parse_position(&text), Ok(pos.clone()));
    let text = text.replace(" b ", " w ");
    let e = game.parse_position(&text).unwrap_err();
    assert_eq!(
        e.message,
        "it is White's turn, but Black's royal piece on `g10` is attacked: no move leaves its own royal piece in check"
    );
    assert_eq!(e.offset, text.find(" w ").unwrap() + 1);
    // Shielded, the same position is fine.
    let text = game.position_text(&position(
        v,
        game.tables,
        white,
        &[
            (white, "K", "g1"),
            (white, "R", "g5"),
            (black, "P", "g7"),
            (black, "K", "g10"),
        ],
    ));
    assert!(game.parse_position(&text).is_ok(), "{text}");
}

#[test]
fn en_passant_rights_no_move_gives_are_refused() {
    let game = game("variants/glinski.hexv");
    let after = game
        .play_moves(&game.start_position(), "e4-e6")
        .expect("legal");
    let text = game.position_text(&after);
    assert!(text.ends_with(" b - e5@e6 - 1"), "{text}");
    // File d: N d1, d2 empty, P d3, d4-d6 empty; file e after e4-e6: Q e1, e2-e5 empty, P e6,
    // p e7, e8 e9 empty, q e10.
    for (right, at, message) in [
        (
            "e5@e7",
            "e7",
            "the en-passant victim on `e7` must be a piece of White's, the side that just moved",
        ),
        (
            "e5@e8",
            "e8",
            "the en-passant victim on `e8` must be a piece of White's, the side that just moved",
        ),
        // A knight: a pawn may become one, but only at the far edge.
        (
            "d2@d1",
            "d1",
            "the piece on `d1` cannot have given an en-passant right: only a multi-step or an `en-passant` step gives one",
        ),
        (
            "e5,e6@e6",
            "e6@",
            "`e6` is the victim's cell, not a cell the move passed",
        ),
        (
            "e7@e6",
            "e7",
            "`e7` is not empty: the move that gave the right passed it",
        ),
        ("d5@e6", "d5", "no move to `e6` passes exactly these cells"),
        (
            "e4,e5@e6",
            "e4",
            "no move to `e6` passes exactly these cells",
        ),
    ] {
        let text = text.replace(" e5@e6 ", &format!(" {right} "));
        let e = game.parse_position(&text).unwrap_err();
        assert_eq!(e.message, message, "{text}");
        let field = text.find(right).unwrap();
        assert_eq!(e.offset, field + right.find(at).unwrap(), "{text}");
    }

    // Dagger: a step passes between cells whatever stands there (e1 and e2 hold White's
    // pawns after d2-f2), but never off the board.
    let game = crate::support::game("variants/dagger.hexv");
    let after = game
        .play_moves(&game.start_position(), "d2-f2")
        .expect("legal");
    let text = game.position_text(&after);
    assert_eq!(game.parse_position(&text), Ok(after));
    let bad = text.replace(" e1,e2@f2 ", " a0,e2@f2 ");
    let e = game.parse_position(&bad).unwrap_err();
    assert_eq!(
        (e.offset, e.message.as_str()),
        (
            bad.find("a0,").unwrap(),
            "`a0` is off the board: a move passes board cells only"
        )
    );
}

#[test]
fn an_en_passant_victim_may_have_promoted_on_arrival() {
    // Dagger's pawn steps two ranks ahead anywhere, so l2-n1 gives a right and promotes:
    // the victim is the piece it became, which has no en-passant move of its own.
    let game = game("variants/dagger.hexv");
    let v = game.variant;
    let (white, black) = (Side::WHITE, Side::BLACK);
    let pos = position(
        v,
        game.tables,
        white,
        &[(white, "K", "a1"), (white, "P", "l2"), (black, "K", "k1")],
    );
    let moves = game.legal_moves(&pos);
    let step = moves
        .iter()
        .find(|m| !m.passed.is_none() && m.promotion == Some(piece(v, "R")))
        .unwrap_or_else(|| panic!("a promoting step among {moves:?}"));
    let after = game.play(&pos, step);
    let text = game.position_text(&after);
    assert!(text.contains("@n1 "), "{text}");
    assert_eq!(game.parse_position(&text), Ok(after));
}

/// A position where the side that just moved left its royal piece attacked is refused, and
/// so is a setup like that (the checker's `king_capturable` error), so no game starts there.
#[test]
fn a_royal_piece_en_prise_is_refused_in_setups_and_position_texts() {
    let path = "tests/fixtures/invalid/king_capturable_at_start.hexv";
    let text = std::fs::read_to_string(crate::support::root().join(path)).expect(path);
    let loaded = crate::support::check_text(path, &text);
    assert!(loaded.compiled.is_none(), "the setup is refused");
    assert!(loaded
        .diagnostics
        .iter()
        .any(|d| d.code == hexv::check::codes::KING_EN_PRISE));
    // The same placement as a position text of Glinski's: White's rook on g9 attacks Black's
    // king on g10, White to move.
    let game = crate::support::game("variants/glinski.hexv");
    let pos = crate::support::position(
        game.variant,
        game.tables,
        Side::WHITE,
        &[
            (Side::WHITE, "K", "g1"),
            (Side::WHITE, "R", "g9"),
            (Side::BLACK, "K", "g10"),
        ],
    );
    let err = game.parse_position(&game.position_text(&pos)).unwrap_err();
    assert!(
        err.message
            .contains("Black's royal piece on `g10` is attacked"),
        "{err:?}"
    );
}

/// A hand in a variant without hands, a royal or promoted piece in hand, and an unmoved mark on
/// a piece whose rules ignore it were all accepted, making positions no game reaches (and
/// positions equal in play that compared unequal).
#[test]
fn hands_and_unmoved_marks_only_where_the_rules_have_them() {
    let refused = |path: &str, from: &str, to: &str, message: &str, at: &str| {
        let game = game(path);
        let start = game.position_text(&game.start_position());
        let text = start.replacen(from, to, 1);
        assert_ne!(text, start);
        let e = game.parse_position(&text).unwrap_err();
        assert_eq!(e.message, message, "{text}");
        assert_eq!(e.offset, text.rfind(at).unwrap(), "{text}");
    };
    refused(
        "variants/glinski.hexv",
        " w - ",
        " w P ",
        "this variant has no hands (its rules have no `captures to-hand`): write `-`",
        "P",
    );
    refused(
        "variants/glinski.hexv",
        " - 0",
        " g1 0",
        "the `King` on `g1` needs no unmoved mark (only castling kings and rooks and pieces with an unmoved multi-step do): leave it out",
        "g1",
    );
    refused(
        "variants/hex-shogi-41.hexv",
        " w - ",
        " w Pk ",
        "`k` is royal: it is never captured, so never in hand",
        "k",
    );
    refused(
        "variants/hex-shogi-41.hexv",
        " w - ",
        " w P(+P) ",
        "a captured `Tokin` goes to hand as `Pawn`: write that",
        "(+P)",
    );
    // What the rules allow still reads: pawns in hand in Hex Shogi, Koval's castling pieces.
    let game = game("variants/hex-shogi-41.hexv");
    let text = game
        .position_text(&game.start_position())
        .replacen(" w - ", " w PPs ", 1);
    assert_eq!(
        game.position_text(&game.parse_position(&text).unwrap()),
        text
    );
    let game = crate::support::game("variants/koval.hexv");
    let text = game.position_text(&game.start_position());
    assert!(text.contains(" 1,9,42,31,64,72 "));
    assert!(game.parse_position(&text).is_ok());
}
