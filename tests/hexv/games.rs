//! Replays 392 recorded Glinski games (tests/data/glinski-games.txt, see tests/data/README.md):
//! every recorded move must be exactly one of the engine's legal moves, and no position
//! reached may leave the side that just moved in check.

use hexv::game::{Game, Move, Position};
use hexv::variant::Variant;

use crate::support::{cell, load};

/// One recorded move: `f5f6`, `e10f11q`.
struct Recorded<'a> {
    text: &'a str,
    from: &'a str,
    to: &'a str,
    promotion: Option<String>,
}

/// Splits `e10f11q` into `e10`, `f11`, `Q`.
fn parse(text: &str) -> Recorded<'_> {
    let bytes = text.as_bytes();
    let cell_end = |start: usize| {
        assert!(
            bytes.get(start).is_some_and(u8::is_ascii_lowercase),
            "bad move {text}"
        );
        let mut i = start + 1;
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        assert!(i > start + 1, "bad move {text}");
        i
    };
    let mid = cell_end(0);
    let end = cell_end(mid);
    let promotion = match &text[end..] {
        "" => None,
        p if p.len() == 1 && "qrbn".contains(p) => Some(p.to_ascii_uppercase()),
        p => panic!("bad promotion {p:?} in {text}"),
    };
    Recorded {
        text,
        from: &text[..mid],
        to: &text[mid..end],
        promotion,
    }
}

/// The legal move the record means; panics unless exactly one matches.
fn resolve(v: &Variant, legal: &[Move], r: &Recorded, at: &str) -> Move {
    let (from, to) = (cell(v, r.from), cell(v, r.to));
    let matches: Vec<&Move> = legal
        .iter()
        .filter(|m| m.from == Some(from) && m.to == to)
        .filter(|m| m.promotion.map(|p| v.piece(p).symbol.clone()) == r.promotion)
        .collect();
    assert_eq!(
        matches.len(),
        1,
        "{at}: {} matches {} of {} legal moves",
        r.text,
        matches.len(),
        legal.len()
    );
    *matches[0]
}

#[test]
fn recorded_games_are_legal() {
    let (v, t) = load("variants/glinski.hexv");
    let game = Game::new(&v, &t);
    let text = std::fs::read_to_string(crate::support::root().join("tests/data/glinski-games.txt"))
        .expect("tests/data/glinski-games.txt");
    let (mut games, mut moves) = (0, 0);
    let (mut promotions, mut en_passant) = (0, 0);
    for (line_no, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        games += 1;
        let mut pos: Position = game.start_position();
        for (ply, token) in line.split_whitespace().enumerate() {
            let at = format!("game {} (line {}), ply {}", games, line_no + 1, ply + 1);
            let legal = game.legal_moves(&pos);
            let mv = resolve(&v, &legal, &parse(token), &at);
            promotions += usize::from(mv.promotion.is_some());
            en_passant += usize::from(mv.en_passant_victim.is_some());
            pos = game.play(&pos, &mv);
            assert!(
                !game.in_check(&pos, pos.to_move.opponent()),
                "{at}: after {token} the side that moved is in check"
            );
            moves += 1;
        }
    }
    assert_eq!(games, 392);
    assert_eq!(moves, 29_861);
    // The records exercise the special moves: 20 tokens carry a promotion letter
    // (`grep -o '[a-l][0-9]*[a-l][0-9]*[qrbn]'`), and some captures are en passant.
    assert_eq!(promotions, 20);
    eprintln!("{games} games, {moves} moves, {promotions} promotions, {en_passant} e.p.");
    assert!(en_passant > 0);
}

#[test]
fn move_parser() {
    let r = parse("e10f11q");
    assert_eq!(
        (r.from, r.to, r.promotion.as_deref()),
        ("e10", "f11", Some("Q"))
    );
    let r = parse("f5f6");
    assert_eq!((r.from, r.to, r.promotion), ("f5", "f6", None));
}
