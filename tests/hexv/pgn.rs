//! Game records: short algebraic notation (`hexv::game::san`) and PGN (`hexv::pgn`), on the
//! published Glinski tournament records (tests/data/glinski-games-hu.pgn) and on random
//! games of every shipped variant.

use hexv::game::san::{Letters, SanError};
use hexv::game::{Game, Move, Position};
use hexv::pgn::{self, PgnErrorKind, PgnFile};
use hexv::source::SourceFile;

use crate::support::{game, root, variant_files, Rng};

fn tournament_text() -> String {
    std::fs::read_to_string(root().join("tests/data/glinski-games-hu.pgn"))
        .expect("tests/data/glinski-games-hu.pgn")
}

/// `FILE:LINE:COLUMN` of a byte offset, as `hexv pgn check` shows it.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    SourceFile::new("games.pgn", text).line_col(offset)
}

fn glinski() -> Game<'static> {
    game("variants/glinski.hexv")
}

/// The long notation of the moves a replay resolved.
pub fn long_moves(game: &Game, start: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|m| {
            let text = game.format_move(&pos, m);
            pos = game.play(&pos, m);
            text
        })
        .collect()
}

#[test]
fn every_tournament_game_is_read_and_replays_up_to_its_one_slip() {
    let text = tournament_text();
    let file = pgn::read(&text);
    // 395 tag sections (`grep -c '^\[White ' ` gives 395; the data README's 394 counts the
    // `[Variant` lines, and one game, GameID 209, has none): the header of GameID 15 is
    // written twice and GameID 6's moves were commented out by the collector, so two games
    // have no moves.
    assert_eq!(file.games.len(), 395);
    let empty: Vec<usize> = (0..file.games.len())
        .filter(|i| file.games[*i].line.moves.is_empty())
        .map(|i| i + 1)
        .collect();
    assert_eq!(empty, [20, 218]);
    // What cannot be read: the result of GameID 140 (Rudolf - Botkó, 1984) written `ź-ź` (a
    // mangled `½-½`, line 2662) is an error, and the `====` line between two games (line
    // 3297) is skipped.
    let located: Vec<(bool, usize, usize)> = file
        .errors
        .iter()
        .map(|e| {
            let (l, c) = line_col(&text, e.span.start);
            (e.is_warning(), l, c)
        })
        .collect();
    assert_eq!(located, [(false, 2662, 12), (true, 3297, 1)]);
    assert_eq!(
        &text[file.errors[0].span.start..file.errors[0].span.end],
        "ź-ź"
    );

    let game = glinski();
    let mut unresolved = Vec::new();
    for (i, record) in file.games.iter().enumerate() {
        let replay = pgn::replay(&game, record, &Letters::hungarian()).expect("no FEN");
        match replay.unresolved {
            None => assert_eq!(replay.moves.len(), record.line.moves.len()),
            Some(u) => unresolved.push((i + 1, record.line.moves[u.index].clone(), u)),
        }
    }
    // One move of the 395 records names no single legal move.
    assert_eq!(unresolved.len(), 1);
    let (number, written, u) = &unresolved[0];
    // Game 358 (GameID 62, Szőke - Kövér, 1986), 55.Kf7: before it White has K d6, pawns
    // f5 g4 h3 i3; Black K b4, pawns f6 g6 g7 i4. f7 is a diagonal step of the king from d6,
    // but Black's pawn on g7 takes towards White's side on f7 (its 8 o'clock neighbour,
    // as f5's 10 o'clock neighbour is e5: "3.fxe" of game 384 takes there), so the king
    // would stand in check: a slip in the record (Black's answer "Kd5+" from b4 is no king
    // move either).
    assert_eq!(*number, 358);
    assert_eq!(written.text, "Kf7");
    assert_eq!(line_col(&text, written.span.start), (7458, 41));
    assert_eq!(u.index, 108);
    assert!(matches!(&u.error, SanError::Illegal { reason, .. } if reason.contains("attacked")));
}

/// The tournament file's games that `glinski-games.txt` holds, in order: all but the two
/// without moves (20, 218) and game 196 (GameID 209), which has no `Variant` tag.
fn converted_games() -> Vec<usize> {
    (1..=395).filter(|n| ![20, 196, 218].contains(n)).collect()
}

#[test]
fn tournament_games_agree_with_the_from_to_records() {
    let text = tournament_text();
    let file = pgn::read(&text);
    let converted = std::fs::read_to_string(root().join("tests/data/glinski-games.txt"))
        .expect("tests/data/glinski-games.txt");
    let lines: Vec<&str> = converted.lines().collect();
    let numbers = converted_games();
    assert_eq!(lines.len(), numbers.len());
    let game = glinski();
    let mut longer = Vec::new();
    for (line, number) in lines.iter().zip(numbers) {
        let record = &file.games[number - 1];
        let replay = pgn::replay(&game, record, &Letters::hungarian()).expect("no FEN");
        let mine = long_moves(&game, &replay.start, &replay.moves);
        let theirs: Vec<&str> = line.split_whitespace().collect();
        assert!(
            mine.len() >= theirs.len(),
            "game {number}: {} moves resolved, the from-to record has {}",
            mine.len(),
            theirs.len()
        );
        for (ply, (a, b)) in mine.iter().zip(&theirs).enumerate() {
            let compact: String = a.chars().filter(|c| !"-x=".contains(*c)).collect();
            assert_eq!(
                compact.to_lowercase(),
                **b,
                "game {number}, ply {}",
                ply + 1
            );
        }
        if mine.len() > theirs.len() {
            longer.push((number, theirs.len()));
        }
    }
    // The from-to records stop at pawn captures written with files only, which this reader
    // resolves: 15.ixk of game 13, 3.fxe of game 384 (GameID 300: after 1.g6 Hg9 2.Hi3 e5
    // the only White pawn on file f, f5, takes e5), 1...fxe of games 387 and 390 (GameIDs
    // 314 and 3: after 1.e6 Black's f7 takes e6, and 2.Vxe6 retakes there).
    assert_eq!(longer, [(13, 28), (384, 4), (387, 1), (390, 1)]);
}

/// The games the collector commented out (the `; ` lines), each with its note saying at
/// which move the record fails.
#[test]
fn the_collectors_notes_name_the_moves_that_fail() {
    let text = tournament_text();
    let commented: String = text
        .lines()
        .filter_map(|l| l.strip_prefix(';'))
        .map(|l| format!("{}\n", l.strip_prefix(' ').unwrap_or(l)))
        .collect();
    let file = pgn::read(&commented);
    let game = glinski();
    let failure = |white: &str, black: &str| {
        let record = file
            .games
            .iter()
            .find(|g| g.tag("White") == Some(white) && g.tag("Black") == Some(black))
            .unwrap_or_else(|| panic!("{white} - {black}"));
        let replay = pgn::replay(&game, record, &Letters::hungarian()).expect("no FEN");
        let u = replay.unresolved.expect("the record fails");
        (record.line.moves[u.index].text.clone(), u.index, u.error)
    };
    // "Commented out due to error at move 35. Bg7": no rook reaches g7 (the only legal move
    // there of a rook is k7-g7, so the record may have meant Bkg7).
    let (text, index, error) = failure("Rudolf László", "Halas János");
    assert_eq!((text.as_str(), index), ("Bg7", 68));
    assert!(matches!(&error, SanError::Illegal { near, .. } if near == &["k7-g7"]));
    // "ambiguity at 14. ... Be8": Black's rooks on c8 and h9 both reach e8, c8 along the
    // 4 o'clock line through d8 (left of file f a cell's 4 o'clock neighbour keeps its rank
    // number), h9 along the 8 o'clock line through g9 and f9 (f9's 8 o'clock neighbour is
    // e8), the cells between being empty.
    let (text, index, error) = failure("Rudolf László", "Hermesz Antal");
    assert_eq!((text.as_str(), index), ("Be8", 27));
    assert_eq!(error.candidates(), ["c8-e8", "h9-e8"]);
    // "ambiguity at move 10.Hxg2": White's knights on d1 and i3 both take on g2.
    let (text, index, error) = failure("Rudolf László", "Ambrus Lajos");
    assert_eq!((text.as_str(), index), ("Hxg2", 18));
    assert_eq!(error.candidates(), ["d1xg2", "i3xg2"]);
    // "ambiguity at move 24.Be3": White's rooks on e4 (one step down its file) and g4
    // (along the 8 o'clock line through f4).
    let (text, index, error) = failure("Rudolf László", "Putzer András");
    assert_eq!((text.as_str(), index), ("Be3", 46));
    assert_eq!(error.candidates(), ["e4-e3", "g4-e3"]);
    // "error at move 54.Hh4": no knight of White's reaches h4.
    let (text, index, error) = failure("Rudolf László", "Bank László");
    assert_eq!((text.as_str(), index), ("Hh4", 106));
    assert!(matches!(error, SanError::Illegal { .. }));
}

#[test]
fn short_notation_reads_the_usual_ways_of_writing() {
    let game = glinski();
    let hu = Letters::hungarian();
    let start = game.start_position();
    let read = |pos: &Position, text: &str| {
        game.parse_san(pos, text, &hu)
            .map(|m| game.format_move(pos, &m))
    };
    assert_eq!(read(&start, "Hdf4").as_deref(), Ok("d1-f4"));
    assert_eq!(read(&start, "Hd1f4!?").as_deref(), Ok("d1-f4"));
    assert_eq!(read(&start, "Hdf4+").as_deref(), Ok("d1-f4"));
    // Both knights reach f4.
    assert!(matches!(
        read(&start, "Hf4"),
        Err(SanError::Ambiguous { candidates, .. }) if candidates == ["d1-f4", "h1-f4"]
    ));
    // The variant's own symbols are read where no Hungarian letter is the same (`Nf4`).
    assert_eq!(read(&start, "Nhf4").as_deref(), Ok("h1-f4"));
    assert!(matches!(
        read(&start, "Zf4"),
        Err(SanError::UnknownLetter { letter, .. }) if letter == "Z"
    ));
    assert!(matches!(read(&start, "e7"), Err(SanError::Illegal { .. })));
    assert!(matches!(read(&start, "zz"), Err(SanError::Malformed(_))));
    // A very long token is refused at once (reading tries every cut of a text).
    let long = "e4".repeat(100_000);
    assert!(matches!(read(&start, &long), Err(SanError::Malformed(_))));
    let pos = game.play_moves(&start, "e4-e6 d7-d5").expect("legal moves");
    // En passant, with `x`, `:` or nothing, and with `e.p.`.
    for text in ["exd6", "e:d6", "exd6 e.p.", "ed6"] {
        assert_eq!(read(&pos, text).as_deref(), Ok("e6xd6"), "{text}");
    }
}

/// Random legal games of every shipped variant: every legal move along them written in
/// SAN and read back is the same move, and the games go through PGN unchanged.
#[test]
fn every_variant_round_trips_through_san_and_pgn() {
    let (mut drops, mut promotions, mut castlings) = (0, 0, 0);
    for path in variant_files() {
        let name = path
            .strip_prefix(root())
            .unwrap_or(&path)
            .to_string_lossy()
            .to_string();
        let game = game(&name);
        for seed in 0..2u64 {
            let mut rng = Rng(0x5A4E_0000 + seed * 7919 + name.len() as u64);
            let start = game.start_position();
            let mut pos = start.clone();
            let mut moves = Vec::new();
            for ply in 0..120 {
                let legal = game.legal_moves(&pos);
                if legal.is_empty() {
                    break;
                }
                let checked: Vec<&Move> = if ply % 4 == 0 {
                    legal.iter().collect()
                } else {
                    vec![&legal[rng.below(legal.len())]]
                };
                for mv in checked {
                    for letters in [Letters::own(), Letters::hungarian()] {
                        let san = game.format_san_among(&pos, mv, &legal, &letters);
                        let back = game.parse_san_among(&pos, &san, &legal, &letters);
                        assert_eq!(
                            back.as_ref(),
                            Ok(mv),
                            "{name}: {san} at {}",
                            game.position_text(&pos)
                        );
                    }
                    drops += usize::from(mv.is_drop());
                    promotions += usize::from(mv.promotion.is_some());
                    castlings += usize::from(mv.castling.is_some());
                }
                let mv = legal[rng.below(legal.len())];
                pos = game.play(&pos, &mv);
                moves.push(mv);
            }
            let tags = vec![
                ("White".to_string(), "Random \"A\"".to_string()),
                ("Black".to_string(), "Random B".to_string()),
                ("VariantFile".to_string(), name.clone()),
            ];
            let text = pgn::write_game(&game, &tags, &start, &moves, "*", &Letters::own());
            assert!(text.lines().all(|l| l.len() <= 80), "{name}:\n{text}");
            let file = pgn::read(&text);
            assert_eq!(file.errors, [], "{name}:\n{text}");
            let record = &file.games[0];
            assert_eq!(record.tag("White"), Some("Random \"A\""));
            assert_eq!(record.tag("VariantFile"), Some(name.as_str()));
            assert_eq!(
                record.tag("Variant"),
                Some(game.variant.meta().name.as_str())
            );
            assert_eq!(record.result.as_ref().map(|r| r.text.as_str()), Some("*"));
            let replay = pgn::replay(&game, record, &Letters::own()).expect("no FEN");
            assert_eq!(replay.unresolved, None, "{name}");
            assert_eq!(replay.moves, moves, "{name}");
        }
    }
    assert!(
        drops > 0 && promotions > 0 && castlings > 0,
        "{drops} drops, {promotions} promotions, {castlings} castlings"
    );
    eprintln!("{drops} drops, {promotions} promotions, {castlings} castlings");
}

/// A position of a random game where `side` may castle with its king landing on `king_to`,
/// and that castling.
fn a_castling(game: &Game, side: hexv::Side, king_to: &str) -> (Position, Move) {
    let to = game.variant.board().find(king_to).expect("a cell");
    for seed in 0..2000u64 {
        let mut rng = Rng(0xCA57 + seed);
        let mut pos = game.start_position();
        for _ in 0..80 {
            let legal = game.legal_moves(&pos);
            if let Some(c) = legal
                .iter()
                .find(|m| m.castling.is_some() && m.to == to && pos.to_move == side)
            {
                return (pos.clone(), *c);
            }
            if legal.is_empty() {
                break;
            }
            pos = game.play(&pos, &legal[rng.below(legal.len())]);
        }
    }
    panic!("no random game reached the castling");
}

/// A castling is written as the variant's text writes it when its castling block says so:
/// Koval's `R0-0` and `L0-0` [the text: "K42-63 & R64-43 for right side castling (R0-0)",
/// and for Black "K31-10 & R9-30 right side castling (R0-0)"], `O` and `0` read alike; a
/// castling that is not possible is refused with the reason. Without a notation (Brusky's),
/// a castling is the king's move.
#[test]
fn castlings_are_written_as_the_texts_write_them() {
    let koval = game("variants/koval.hexv");
    let pos = koval
        .play_moves(
            &koval.start_position(),
            "63-66 10-7 39-37 12-13 40-39 13-14 43-23 14-15",
        )
        .expect("legal moves");
    let castling = koval
        .legal_moves(&pos)
        .into_iter()
        .find(|m| m.castling.is_some())
        .expect("a castling");
    assert_eq!(koval.format_move(&pos, &castling), "42-63");
    let own = Letters::own();
    assert_eq!(koval.format_san(&pos, &castling, &own), "R0-0");
    for text in ["R0-0", "RO-O", "R0-0!"] {
        assert_eq!(
            koval.parse_san(&pos, text, &own).as_ref(),
            Ok(&castling),
            "{text}"
        );
    }
    // The king's move still reads as the castling.
    assert_eq!(koval.parse_san(&pos, "K63", &own), Ok(castling));
    match koval.parse_san(&pos, "L0-0", &own) {
        Err(SanError::Illegal { reason, .. }) => assert_eq!(
            reason,
            "the castling `L0-0` (the king from `42` to `19`) is not possible here"
        ),
        other => panic!("{other:?}"),
    }
    let (pos, black) = a_castling(&koval, hexv::Side::BLACK, "10");
    assert_eq!(koval.format_move(&pos, &black), "31-10");
    assert_eq!(koval.format_san(&pos, &black, &own), "R0-0");
    assert_eq!(koval.parse_san(&pos, "R0-0", &own), Ok(black));

    let brusky = game("variants/brusky.hexv");
    let (pos, short) = a_castling(&brusky, hexv::Side::WHITE, "h1");
    assert_eq!(brusky.format_san(&pos, &short, &own), "Kh1");
    assert_eq!(brusky.parse_san(&pos, "Kh1", &own), Ok(short));
}

/// A PGN game from a set-up position keeps it in its `FEN` tag.
#[test]
fn a_set_up_start_is_written_as_fen() {
    let game = glinski();
    let start = game
        .play_moves(&game.start_position(), "e4-e6")
        .expect("legal");
    let moves = vec![game.legal_moves(&start)[0]];
    let text = pgn::write_game(&game, &[], &start, &moves, "*", &Letters::own());
    assert!(text.contains("[SetUp \"1\"]"), "{text}");
    assert!(text.contains("1... "), "{text}");
    let record = &pgn::read(&text).games[0];
    assert_eq!(record.tag("FEN"), Some(game.position_text(&start).as_str()));
    let replay = pgn::replay(&game, record, &Letters::own()).expect("FEN reads");
    assert_eq!((replay.start, replay.moves), (start, moves));
}

/// Comments after moves: in braces (a `}` inside made `)`), the next move numbered again
/// after one, read back as the moves' comments, the game replaying whole.
#[test]
fn a_game_is_written_with_comments_after_its_moves() {
    let game = glinski();
    let start = game.start_position();
    let mut moves = Vec::new();
    let mut pos = start.clone();
    for text in ["e4-e5", "e7-e6", "f5-f6"] {
        let m = game.read_move(&pos, text, &Letters::own()).expect("legal");
        pos = game.play(&pos, &m);
        moves.push(m);
    }
    let comments = [Some("+0.10/3 x}y 0.5s".to_string()), None, None];
    let text =
        pgn::write_game_annotated(&game, &[], &start, &moves, &comments, "*", &Letters::own());
    assert!(
        text.contains("1. e5 {+0.10/3 x)y 0.5s} 1... e6 2. f6 *"),
        "{text}"
    );
    let record = &pgn::read(&text).games[0];
    assert_eq!(record.line.moves[0].comments[0].text, "+0.10/3 x)y 0.5s");
    assert!(record.line.moves[1].comments.is_empty());
    let replay = pgn::replay(&game, record, &Letters::own()).expect("replays");
    assert_eq!(replay.moves, moves);
    // Without comments the writer's text is the plain one.
    assert_eq!(
        pgn::write_game_annotated(&game, &[], &start, &moves, &[], "*", &Letters::own()),
        pgn::write_game(&game, &[], &start, &moves, "*", &Letters::own())
    );
}

#[test]
fn comments_variations_and_nags_are_kept() {
    let text =
        "[Event \"E\"]\n\n{start} 1. e5 $1 {good} (1. d5 ; side\n) 1... Hdf8 2. d5 e.p. 1/2-1/2\n";
    let file = pgn::read(text);
    assert_eq!(file.errors, []);
    let g = &file.games[0];
    assert_eq!(g.line.leading_comments[0].text, "start");
    let first = &g.line.moves[0];
    assert_eq!(
        (first.text.as_str(), first.number, first.nags.as_slice()),
        ("e5", Some(1), &[1u16][..])
    );
    assert_eq!(first.comments[0].text, "good");
    assert_eq!(first.variations[0].moves[0].text, "d5");
    assert_eq!(first.variations[0].moves[0].comments[0].text, "side");
    assert_eq!(g.line.moves[2].text, "d5 e.p.");
    assert_eq!(&text[first.span.start..first.span.end], "e5");
    assert_eq!(g.result.as_ref().map(|r| r.text.as_str()), Some("1/2-1/2"));
}

/// The first error's kind and where it starts.
fn first_error(text: &str) -> (PgnErrorKind, (usize, usize)) {
    let file: PgnFile = pgn::read(text);
    let e = file
        .errors
        .into_iter()
        .find(|e| !e.is_warning())
        .unwrap_or_else(|| panic!("no error in {text:?}"));
    (e.kind, line_col(text, e.span.start))
}

#[test]
fn bad_input_gives_located_errors() {
    assert_eq!(
        first_error("1. e5 {never closed\n2. d5"),
        (PgnErrorKind::UnterminatedComment, (1, 7))
    );
    assert_eq!(
        first_error("1. e5 (1. d5 d6\n2. f5 *"),
        (PgnErrorKind::UnterminatedVariation, (1, 7))
    );
    assert_eq!(
        first_error("[Event \"E\"\n\n1. e5 *"),
        (PgnErrorKind::UnterminatedTag, (1, 1))
    );
    assert_eq!(
        first_error("[Event \"E\"]\n\n1. e5 2. *"),
        (PgnErrorKind::MoveNumberWithoutMove, (3, 7))
    );
    assert_eq!(
        first_error("1. e5 ) *"),
        (PgnErrorKind::UnopenedVariation, (1, 7))
    );
    let deep = format!("1. e5 {}", "(".repeat(10_000));
    // In file order the unterminated first `(` comes before the one nested too deep.
    let kinds: Vec<PgnErrorKind> = pgn::read(&deep)
        .errors
        .into_iter()
        .map(|e| e.kind)
        .collect();
    assert_eq!(first_error(&deep).0, PgnErrorKind::UnterminatedVariation);
    assert!(kinds.contains(&PgnErrorKind::NestedTooDeep), "{kinds:?}");
    // An unknown letter is a value of the replay, located by the move's span.
    let text = "1. Zf3 *";
    let record = &pgn::read(text).games[0];
    let replay = pgn::replay(&glinski(), record, &Letters::hungarian()).expect("no FEN");
    let u = replay.unresolved.expect("unknown letter");
    assert!(matches!(u.error, SanError::UnknownLetter { .. }));
    assert_eq!(record.line.moves[u.index].span.start, 3);
}

#[test]
fn binary_garbage_never_panics() {
    let game = glinski();
    let mut rng = Rng(0xBAD_0001);
    for _ in 0..200 {
        let len = rng.below(400);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let pick = rng.below(4);
                if pick == 0 {
                    b"[]{}()$;.\"*x=+#\n 1e5Hdf4"[rng.below(24)]
                } else {
                    rng.below(256) as u8
                }
            })
            .collect();
        let text = String::from_utf8_lossy(&bytes);
        let file = pgn::read(&text);
        for e in &file.errors {
            assert!(e.span.start <= e.span.end && e.span.end <= text.len());
        }
        for record in &file.games {
            for m in &record.line.moves {
                assert_eq!(&text[m.span.start..m.span.end], m.text);
            }
            let _ = pgn::replay(&game, record, &Letters::hungarian());
        }
    }
}

#[test]
fn pgn_check_names_the_faulty_record_and_exits_1() {
    use crate::cli::run;
    use crate::support::scratch;
    // The Variant tag names the shipped variant; Hungarian letters.
    let (code, stdout, stderr) = run(&[
        "pgn",
        "check",
        "tests/data/glinski-games-hu.pgn",
        "--letters",
        "hu",
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stdout.contains("tests/data/glinski-games-hu.pgn:7458:41: game 358 (Szőke Gyula - Kövér Imre), move 55. Kf7: illegal:"),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("395 games read, 393 replay to the end, 1 move unresolved\n"),
        "{stdout}"
    );
    // Game 196 (GameID 209) has no Variant tag, and line 2662 an unreadable result.
    assert!(
        stderr.contains("game 196 (Rudolf László - Nyilas László): no `Variant` tag"),
        "{stderr}"
    );
    assert!(
        stderr.contains("glinski-games-hu.pgn:2662:12: error:"),
        "{stderr}"
    );

    let dir = scratch("pgn");
    let clean = dir.join("clean.pgn");
    std::fs::write(&clean, "[Variant \"Glinski\"]\n\n1. Ndf4 e6 2. e5 *\n").unwrap();
    let (code, stdout, _) = run(&["pgn", "check", clean.to_str().unwrap()]);
    assert_eq!(
        (code, stdout.as_str()),
        (0, "1 game read, 1 replay to the end, 0 moves unresolved\n")
    );
    let ambiguous = dir.join("ambiguous.pgn");
    std::fs::write(&ambiguous, "1. Nf4 *\n").unwrap();
    let (code, stdout, _) = run(&[
        "pgn",
        "check",
        ambiguous.to_str().unwrap(),
        "--variant",
        "variants/glinski.hexv",
    ]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("ambiguous.pgn:1:4: game 1 (? - ?), move 1. Nf4: ambiguous:"),
        "{stdout}"
    );
    assert!(stdout.contains("  candidates: d1-f4, h1-f4\n"), "{stdout}");
    let binary = dir.join("binary.pgn");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x80]).unwrap();
    let (code, _, stderr) = run(&[
        "pgn",
        "check",
        binary.to_str().unwrap(),
        "--variant",
        "variants/glinski.hexv",
    ]);
    assert_eq!(code, 2, "{stderr}");
}

/// The records' own check marks: every move written with `+` gives check, and the one
/// written with `#` (47.Bg9# of GameID 212, line 3187) mates.
#[test]
fn the_records_check_and_mate_marks_agree_with_the_positions() {
    let text = tournament_text();
    let file = pgn::read(&text);
    let game = glinski();
    let (mut checks, mut mates, mut wrong) = (0, 0, Vec::new());
    for (i, record) in file.games.iter().enumerate() {
        let replay = pgn::replay(&game, record, &Letters::hungarian()).expect("no FEN");
        let mut pos = replay.start.clone();
        for (written, mv) in record.line.moves.iter().zip(&replay.moves) {
            pos = game.play(&pos, mv);
            let in_check = game.in_check(&pos, pos.to_move);
            let mated = in_check && game.legal_moves(&pos).is_empty();
            let marked_mate = written.text.contains('#');
            let marked_check = written.text.contains('+');
            checks += usize::from(marked_check);
            mates += usize::from(marked_mate);
            if (marked_check && !in_check) || (marked_mate && !mated) {
                wrong.push((i + 1, written.text.clone()));
            }
        }
    }
    // The file has 757 `+` outside its `;` lines (`grep -o '[A-Za-z0-9]*+'`): one is in the
    // comment `{ Fxi6+ }` and three (Kd5+, f6+, g6+) follow game 358's slip.
    assert_eq!((checks, mates), (753, 1));
    assert_eq!(wrong, []);
}

/// A move number left without its move is reported where it stands, before the text after
/// it that is not movetext (found by the `pgn` fuzz target: the two came out of order).
#[test]
fn errors_come_in_file_order() {
    let file = hexv::pgn::read("1. e4 e5 2.   ]] 3. f4 *\n");
    let starts: Vec<usize> = file.errors.iter().map(|e| e.span.start).collect();
    assert!(starts.len() >= 2, "{:?}", file.errors);
    assert!(starts.windows(2).all(|w| w[0] <= w[1]), "{starts:?}");
}
