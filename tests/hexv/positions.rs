//! Positions as text (docs/positions.md): printed and read back unchanged for every variant,
//! at the start and along random games; mistakes located; the start texts checked by hand.

use hexv::game::{Game, Position};
use hexv::variant::Side;

use crate::support::{cell, load, piece, variant_files, Rng};

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
    let mut pos: Position = game.empty_position(Side::Black);
    pos.squares[cell(&v, "3i").index()] = Some((Side::White, piece(&v, "K")));
    pos.squares[cell(&v, "7a").index()] = Some((Side::Black, piece(&v, "K")));
    pos.squares[cell(&v, "5e").index()] = Some((Side::White, piece(&v, "+P")));
    pos.hands.white[piece(&v, "P").index()] = 2;
    pos.hands.black[piece(&v, "S").index()] = 1;
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
    let hand = "P".repeat(1001);
    let text = start.replace(" w - ", &format!(" w {hand} "));
    let e = err(&text);
    assert_eq!(e.message, "more than 1000 pieces of a kind in hand");
    assert_eq!(e.offset, text.find(" w ").unwrap() + 3 + 1000);
}
