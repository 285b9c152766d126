//! Game records beyond reading: converting between notations and letter sets
//! (`hexv::pgn::convert`, `hexv pgn convert`), results checked against the final position,
//! and the commands that write or draw PGN games (`play --save`, `selfplay --pgn`,
//! `diagram --pgn`, `doc --pgn`).

use hexv::game::san::Letters;
use hexv::game::{Game, GameEnd, Move, Position};
use hexv::pgn::{self, Notation, PgnGame};

use crate::cli::run;
use crate::support::scratch;
use crate::support::{game, root, variant_files, Rng};

fn tournament_text() -> String {
    std::fs::read_to_string(root().join("tests/data/glinski-games-hu.pgn"))
        .expect("tests/data/glinski-games-hu.pgn")
}

/// The moves a record replays to, in long notation.
fn replayed(game: &Game, record: &PgnGame, letters: &Letters) -> Vec<String> {
    let replay = pgn::replay(game, record, letters).expect("FEN reads");
    crate::pgn::long_moves(game, &replay.start, &replay.moves)
}

/// Every tournament game converted from Hungarian letters to long notation, and from there
/// to English letters, replays to the same moves; the one slip (55.Kf7 of game 358) and
/// everything after it are kept as written.
#[test]
fn tournament_games_convert_to_long_and_back_to_the_same_moves() {
    let glinski = game("variants/glinski.hexv");
    let text = tournament_text();
    let file = pgn::read(&text);
    let (hu, en) = (Letters::hungarian(), Letters::english());
    let mut unresolved = Vec::new();
    for (i, record) in file.games.iter().enumerate() {
        let long = pgn::convert(&glinski, record, &hu, &Notation::Long).expect("no FEN");
        for (span, _) in &long.unresolved {
            unresolved.push((i + 1, &text[span.start..span.end]));
        }
        let reread = pgn::read(&long.text);
        assert_eq!(reread.errors, [], "game {}:\n{}", i + 1, long.text);
        let long_record = &reread.games[0];
        assert_eq!(long_record.tags, {
            // Tags are kept in order with their values (only their spans move).
            let mut tags = record.tags.clone();
            for (t, r) in tags.iter_mut().zip(&long_record.tags) {
                t.span = r.span;
            }
            tags
        });
        let original = replayed(&glinski, record, &hu);
        assert_eq!(
            replayed(&glinski, long_record, &hu),
            original,
            "game {}",
            i + 1
        );
        assert_eq!(
            long_record.line.moves.len(),
            record.line.moves.len(),
            "game {}",
            i + 1
        );
        let english =
            pgn::convert(&glinski, long_record, &en, &Notation::Short(en.clone())).expect("no FEN");
        let english_record = &pgn::read(&english.text).games[0];
        assert_eq!(replayed(&glinski, english_record, &en), original);
        // Comments (their line breaks rewrapped) and results survive both conversions.
        let comments = |r: &PgnGame| -> Vec<String> {
            r.line
                .moves
                .iter()
                .flat_map(|m| m.comments.iter())
                .map(|c| c.text.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect()
        };
        assert_eq!(comments(english_record), comments(record), "game {}", i + 1);
        // Draws written as words (`remi`) become the standard `1/2-1/2`.
        let standard = |r: &pgn::GameResult| match r.text.as_str() {
            "remi" | "½-½" => "1/2-1/2".to_string(),
            other => other.to_string(),
        };
        assert_eq!(
            english_record.result.as_ref().map(|r| r.text.clone()),
            record.result.as_ref().map(standard)
        );
    }
    assert_eq!(unresolved, [(358, "Kf7")]);
}

/// A record's variations are replayed from the position they branch from, and its NAGs,
/// comments and move numbers are kept.
#[test]
fn variations_nags_and_comments_survive_conversion() {
    let glinski = game("variants/glinski.hexv");
    let text = "[Event \"E\"]\n\n{start} 1. e5 $1 {good} (1. d5 {side} d6 $2) 1... Ndf8 \
                (1... e6 2. Ndf4 (2. Ne2)) 2. d5 1/2-1/2 {after}\n";
    let record = &pgn::read(text).games[0];
    let out = pgn::convert(&glinski, record, &Letters::own(), &Notation::Long).expect("no FEN");
    assert_eq!(out.unresolved, []);
    assert_eq!(
        out.text,
        "[Event \"E\"]\n\n{start} 1. e4-e5 $1 {good} (1. d3-d5 {side} 1... d7-d6 $2) 1... d9-f8 \
         (1...\ne7-e6 2. d1-f4 (2. h1-e2)) 2. d3-d5 1/2-1/2 {after}\n"
    );
    // And back to short notation with Hungarian letters.
    let long = &pgn::read(&out.text).games[0];
    let hu = pgn::convert(
        &glinski,
        long,
        &Letters::own(),
        &Notation::Short(Letters::hungarian()),
    )
    .expect("no FEN");
    assert_eq!(
        hu.text,
        "[Event \"E\"]\n\n{start} 1. e5 $1 {good} (1. d5 {side} 1... d6 $2) 1... Hdf8 (1... e6 \
         2. Hdf4 (2.\nHe2)) 2. d5 1/2-1/2 {after}\n"
    );
}

/// A move that does not resolve is reported where it is written and kept, with the rest of
/// its line, as written.
#[test]
fn an_unresolved_move_and_the_rest_of_its_line_are_kept() {
    let glinski = game("variants/glinski.hexv");
    let text = "1. e5 Qz9 2. Nf4 (2. d5) 2... e6 *\n";
    // Qz9: no cell z9; the moves after it cannot be known, so they stay as they are.
    let record = &pgn::read(text).games[0];
    let out = pgn::convert(&glinski, record, &Letters::own(), &Notation::Long).expect("no FEN");
    assert_eq!(out.text, "1. e4-e5 Qz9 2. Nf4 (2. d5) 2... e6 *\n");
    let spans: Vec<&str> = out
        .unresolved
        .iter()
        .map(|(s, _)| &text[s.start..s.end])
        .collect();
    assert_eq!(spans, ["Qz9"]);
}

/// Random games of every shipped variant written in long notation read back to the same
/// moves, drops and promotions included.
#[test]
fn random_games_of_every_variant_round_trip_through_long_notation() {
    for path in variant_files() {
        let name = path
            .strip_prefix(root())
            .unwrap_or(&path)
            .to_string_lossy()
            .to_string();
        let game = game(&name);
        let mut rng = Rng(0x10_4E6 + name.len() as u64);
        let start = game.start_position();
        let (mut pos, mut moves) = (start.clone(), Vec::new());
        for _ in 0..150 {
            let legal = game.legal_moves(&pos);
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            pos = game.play(&pos, &mv);
            moves.push(mv);
        }
        let short = pgn::write_game(&game, &[], &start, &moves, "*", &Letters::own());
        let record = &pgn::read(&short).games[0];
        let long = pgn::convert(&game, record, &Letters::own(), &Notation::Long).expect("no FEN");
        assert_eq!(long.unresolved, [], "{name}");
        let back =
            pgn::replay(&game, &pgn::read(&long.text).games[0], &Letters::own()).expect("no FEN");
        assert_eq!((back.unresolved, back.moves), (None, moves), "{name}");
    }
}

/// A random Mini Hexchess game that ends in checkmate, with its moves.
fn a_mated_game(game: &Game) -> (Position, Vec<Move>) {
    for seed in 0..500u64 {
        let mut rng = Rng(0xA7E + seed);
        let start = game.start_position();
        let mut history = vec![start.clone()];
        let mut moves = Vec::new();
        for _ in 0..300 {
            let pos = history.last().expect("a position").clone();
            if let Some(outcome) = game.outcome(&history) {
                if outcome.end == GameEnd::Checkmate {
                    return (start, moves);
                }
                break;
            }
            let legal = game.legal_moves(&pos);
            let mv = legal[rng.below(legal.len())];
            history.push(game.play(&pos, &mv));
            moves.push(mv);
        }
    }
    panic!("no random game ended in checkmate");
}

/// The recorded result must be the rules' when the last position ends the game; `*` and
/// results of games that are not over agree with anything.
#[test]
fn a_result_the_final_position_contradicts_is_found() {
    let mini = game("variants/mini-hexchess.hexv");
    let (start, moves) = a_mated_game(&mini);
    let winner = if moves.len() % 2 == 1 { "1-0" } else { "0-1" };
    let loser = if winner == "1-0" { "0-1" } else { "1-0" };
    let record_with = |result: &str| {
        let text = pgn::write_game(&mini, &[], &start, &moves, result, &Letters::own());
        assert!(text.contains('#'), "{text}");
        pgn::read(&text).games.remove(0)
    };
    for (written, disagrees) in [
        (winner, false),
        ("*", false),
        (loser, true),
        ("1/2-1/2", true),
    ] {
        let record = record_with(written);
        let replay = pgn::replay(&mini, &record, &Letters::own()).expect("no FEN");
        let found = pgn::result_disagrees(&mini, &replay, written);
        assert_eq!(
            found,
            disagrees.then(|| (winner.to_string(), GameEnd::Checkmate)),
            "{written}"
        );
    }
    // Before the mate, the game is not over: any result stands (a resignation).
    let mut early = record_with(loser);
    early.line.moves.pop();
    let replay = pgn::replay(&mini, &early, &Letters::own()).expect("no FEN");
    assert_eq!(pgn::result_disagrees(&mini, &replay, loser), None);

    // `hexv pgn check` reports it at the result token and exits 1.
    let dir = scratch("pgn-result");
    let path = dir.join("wrong.pgn");
    let text = pgn::write_game(&mini, &[], &start, &moves, loser, &Letters::own());
    std::fs::write(&path, &text).unwrap();
    let (code, stdout, _) = run(&["pgn", "check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{stdout}");
    let offset = text.rfind(loser).expect("the result");
    let (line, column) = hexv::source::SourceFile::new("wrong.pgn", &text).line_col(offset);
    assert!(
        stdout.contains(&format!(
            "wrong.pgn:{line}:{column}: game 1 (? - ?): the result {loser} is not the rules' {winner}: the game ends by checkmate"
        )),
        "{stdout}"
    );
    assert!(stdout.ends_with(", 1 wrong result\n"), "{stdout}");
}

#[test]
fn pgn_convert_writes_every_game_and_keeps_what_it_cannot_read() {
    let dir = scratch("pgn-convert");
    let long = dir.join("long.pgn");
    let (code, _, stderr) = run(&[
        "pgn",
        "convert",
        "tests/data/glinski-games-hu.pgn",
        "--letters",
        "hu",
        "--to",
        "long",
        "-o",
        long.to_str().unwrap(),
    ]);
    // Exit 1: game 196 names no variant, game 358 has an illegal move; both kept.
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("game 196 (Rudolf László - Nyilas László): no `Variant` tag: give the variant with --variant FILE.hexv; the game is kept as written"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "glinski-games-hu.pgn:7458:41: error: game 358 (Szőke Gyula - Kövér Imre): illegal:"
        ),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&long).unwrap();
    let file = pgn::read(&text);
    assert_eq!(file.games.len(), 395);
    assert!(text.contains("1. e4-e5 d9-f8 2. d3-d5 g7-g5"), "{text}");
    // Game 196 as it was written.
    assert!(file.games[195].line.moves[0].text.chars().all(|c| c != '-'));
    // Back to Hungarian short notation: the same moves as the original file.
    let (code, stdout, _) = run(&[
        "pgn",
        "convert",
        long.to_str().unwrap(),
        "--variant",
        "variants/glinski.hexv",
        "--to-letters",
        "hu",
    ]);
    assert_eq!(code, 1, "the slip of game 358 stays");
    let back = pgn::read(&stdout);
    let original = pgn::read(&tournament_text());
    let glinski = game("variants/glinski.hexv");
    let hu = Letters::hungarian();
    for (a, b) in back.games.iter().zip(&original.games) {
        assert_eq!(replayed(&glinski, a, &hu), replayed(&glinski, b, &hu));
    }
    let (code, _, stderr) = run(&[
        "pgn",
        "convert",
        long.to_str().unwrap(),
        "--to-letters",
        "xx",
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown letters `xx`"), "{stderr}");
}

/// `hexv diagram --pgn` draws a recorded game's position: the same drawing as the position
/// reached by its moves in long notation, under a title naming the players and the move.
#[test]
fn diagram_draws_a_recorded_position() {
    let glinski = game("variants/glinski.hexv");
    let record = pgn::read(&tournament_text()).games.remove(1);
    let moves = replayed(&glinski, &record, &Letters::hungarian());
    let pgn_args = [
        "diagram",
        "--pgn",
        "tests/data/glinski-games-hu.pgn",
        "--game",
        "2",
    ];
    let (code, stdout, stderr) =
        run(&[&pgn_args[..], &["--ply", "19", "--letters", "hu"]].concat());
    assert_eq!(code, 0, "{stderr}");
    let (title, drawing) = stdout.split_once('\n').expect("a title");
    assert_eq!(title, "Marek Mackowiak - Rudolf László: after 10. H1f4");
    let played = moves[..19].join(" ");
    let (_, by_moves, _) = run(&[
        "diagram",
        "variants/glinski.hexv",
        "--position",
        "--moves",
        &played,
    ]);
    assert_eq!(drawing, by_moves);
    // Syntax errors elsewhere in the file are not this game's: none is printed.
    assert_eq!(stderr, "");

    let (code, _, stderr) = run(&[&pgn_args[..], &["--ply", "29", "--letters", "hu"]].concat());
    assert_eq!(code, 2);
    assert!(
        stderr.contains("game 2 has 28 plies: --ply 29 is past its end"),
        "{stderr}"
    );
    let (code, _, stderr) = run(&[
        "diagram",
        "--pgn",
        "tests/data/glinski-games-hu.pgn",
        "--game",
        "400",
    ]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("no game 400 in `tests/data/glinski-games-hu.pgn`: it holds 395 games"),
        "{stderr}"
    );
    // Game 358 stops at its slip: drawn up to the move before, with a warning.
    let (code, stdout, stderr) = run(&[
        "diagram",
        "--pgn",
        "tests/data/glinski-games-hu.pgn",
        "--game",
        "358",
        "--letters",
        "hu",
        "--format",
        "svg",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("warning: game 358: The record stops resolving at `Kf7`"),
        "{stderr}"
    );
    assert!(stdout.starts_with("<svg"), "{stdout}");
    assert!(
        stdout.contains("Szőke Gyula - Kövér Imre: after 54... "),
        "{stdout}"
    );
}

/// `hexv doc --pgn` writes one self-contained page with every move of the game listed.
#[test]
fn doc_writes_a_game_page() {
    let dir = scratch("game-page");
    let (code, stdout, stderr) = run(&[
        "doc",
        "--pgn",
        "tests/data/glinski-games-hu.pgn",
        "--game",
        "2",
        "--letters",
        "hu",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let path = dir.join("game-2.html");
    assert_eq!(stdout.trim(), path.to_str().unwrap());
    let page = std::fs::read_to_string(&path).unwrap();
    assert_eq!(page.matches(r#"<span class="move">"#).count(), 28);
    assert!(page.contains(r#"<span class="move">H1f4</span>"#), "{page}");
    assert!(page.contains("<h1>Marek Mackowiak – Rudolf László</h1>"));
    // Self-contained: no file or address is loaded.
    assert!(!page.contains("src=") && !page.contains("href="), "{page}");
    // The board can be flipped for Black's player: a button, pressed or not, with the script
    // that turns the board and the key that presses it.
    assert!(
        page.contains(r#"<button id="flip" type="button" aria-pressed="false""#)
            && page.contains(">Flip board</button>"),
        "{page}"
    );
    assert!(
        page.contains("window.hexvFlip"),
        "the turning script is inline"
    );
    assert!(page.contains("hexvFlip.turn(svg,flipped)"), "{page}");
    assert!(page.contains("e.key==='f'"), "the F key flips");
}

/// `hexv play --save` keeps the game as PGN after every move: read back, it is the game
/// played (moves typed in long and in short notation, an undo taken back), with its result.
#[test]
fn play_saves_the_game_and_it_reads_back() {
    use crate::cli::play;
    let dir = scratch("play-save");
    let path = dir.join("game.pgn");
    let saved = path.to_str().unwrap();
    let (code, out) = play(
        &["variants/glinski.hexv", "--save", saved, "--letters", "hu"],
        "e4-e5\nNdf8\nf5-f6\nundo\nNdf4\ne7-e6\nresign\n",
    );
    assert_eq!(code, 11, "{out}");
    let text = std::fs::read_to_string(&path).unwrap();
    let file = pgn::read(&text);
    assert_eq!(file.errors, []);
    let record = &file.games[0];
    assert_eq!(record.tag("Event"), Some("hexv play"));
    assert_eq!(record.tag("VariantFile"), Some("variants/glinski.hexv"));
    assert_eq!(record.tag("Result"), Some("0-1"));
    assert!(text.contains("1. e5 Hdf8 2. Hdf4 e6 0-1"), "{text}");
    let glinski = game("variants/glinski.hexv");
    assert_eq!(
        replayed(&glinski, record, &Letters::hungarian()),
        ["e4-e5", "d9-f8", "d1-f4", "e7-e6"]
    );

    // Against the engine, quit midway: the game so far, result `*`, the engine named.
    let (code, out) = play(
        &[
            "variants/mini-hexchess.hexv",
            "--engine",
            "--depth",
            "1",
            "--save",
            saved,
        ],
        "moves\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    let first = out
        .split_whitespace()
        .find(|w| w.contains('-'))
        .expect("a legal move listed");
    let (_, out) = play(
        &[
            "variants/mini-hexchess.hexv",
            "--engine",
            "--depth",
            "1",
            "--save",
            saved,
        ],
        &format!("{first}\nquit\n"),
    );
    let record = pgn::read(&std::fs::read_to_string(&path).unwrap())
        .games
        .remove(0);
    assert_eq!(record.tag("Black"), Some("hexv (depth 1)"), "{out}");
    assert_eq!(record.tag("Result"), Some("*"));
    let mini = game("variants/mini-hexchess.hexv");
    let moves = replayed(&mini, &record, &Letters::own());
    assert_eq!(moves.len(), 2, "{out}");
    assert_eq!(moves[0], first);
    assert!(out.contains(&format!("Black plays {}", moves[1])), "{out}");

    // An unwritable path is refused before the game starts.
    let (code, out) = play(
        &[
            "variants/glinski.hexv",
            "--save",
            "/nonexistent-dir/game.pgn",
        ],
        "e4-e5\n",
    );
    assert_eq!(code, 2, "{out}");
}

/// `hexv selfplay --pgn` writes every game; each reads back to its JSON record's moves and
/// result, and its result agrees with the final position.
#[test]
fn selfplay_writes_every_game_as_pgn() {
    let dir = scratch("selfplay-pgn");
    let (pgn_path, jsonl) = (dir.join("games.pgn"), dir.join("games.jsonl"));
    let (code, _, stderr) = crate::cli::quick_selfplay(
        "variants/mini-hexchess.hexv",
        "3",
        "60",
        &[
            "--out",
            jsonl.to_str().unwrap(),
            "--pgn",
            pgn_path.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let file = pgn::read(&std::fs::read_to_string(&pgn_path).unwrap());
    assert_eq!(file.errors, []);
    let records: Vec<serde_json::Value> = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!((file.games.len(), records.len()), (3, 3));
    let mini = game("variants/mini-hexchess.hexv");
    for pgn_game in &file.games {
        let round: u64 = pgn_game.tag("Round").unwrap().parse().unwrap();
        let json = records
            .iter()
            .find(|r| r["game"].as_u64() == Some(round - 1))
            .expect("the JSON record of that game");
        let moves: Vec<String> = json["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        assert_eq!(replayed(&mini, pgn_game, &Letters::own()), moves);
        let result = json["result"].as_str().unwrap();
        assert_eq!(
            pgn_game.result.as_ref().map(|r| r.text.as_str()),
            Some(result)
        );
        assert_eq!(pgn_game.tag("Termination"), json["ending"].as_str());
        let replay = pgn::replay(&mini, pgn_game, &Letters::own()).unwrap();
        assert_eq!(pgn::result_disagrees(&mini, &replay, result), None);
    }
}

/// A game with nothing in it (no tag, move or result: stray text read as a game) is
/// converted to a game still, `*` (found by the `pgn` fuzz target).
#[test]
fn an_empty_game_stays_a_game() {
    let glinski = game("variants/glinski.hexv");
    let file = pgn::read("[Varian\0[Variantt ");
    assert_eq!(file.games.len(), 1);
    let record = &file.games[0];
    assert!(record.tags.is_empty() && record.line.moves.is_empty() && record.result.is_none());
    let out = pgn::convert(&glinski, record, &Letters::own(), &Notation::Long).expect("no FEN");
    assert_eq!(out.text, "*\n");
    assert_eq!(pgn::read(&out.text).games.len(), 1);
}

/// A draw written as a word (`remi`, `½-½`) is converted to the standard `1/2-1/2`; a game
/// with only such a result stays a game (found by the `pgn` fuzz target).
#[test]
fn results_written_as_words_become_standard() {
    let glinski = game("variants/glinski.hexv");
    for (text, expected) in [
        (
            "[Event \"E\"]\n\n1. e5 remi\n",
            "[Event \"E\"]\n\n1. e4-e5 1/2-1/2\n",
        ),
        (
            "[Event \"E\"]\n\n1. e5 ½-½\n",
            "[Event \"E\"]\n\n1. e4-e5 1/2-1/2\n",
        ),
    ] {
        let record = &pgn::read(text).games[0];
        let out = pgn::convert(&glinski, record, &Letters::own(), &Notation::Long).expect("no FEN");
        assert_eq!(out.text, expected);
    }
}

/// A game-record file is not held to a variant file's 1 MiB (issue 27: a real database was
/// refused with the variant file's message): it is read a few games at a time, of any size.
#[test]
fn records_larger_than_a_variant_file_are_read() {
    let dir = scratch("pgn-large");
    let path = dir.join("many.pgn");
    let game = "[Variant \"Glinski\"]\n\n1. f5-f6 e7-e6 *\n\n";
    let copies = (1 << 20) / game.len() + 100;
    std::fs::write(&path, game.repeat(copies)).expect("written");
    assert!(std::fs::metadata(&path).unwrap().len() > 1 << 20);
    let (code, stdout, stderr) = run(&["pgn", "check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.ends_with(&format!(
            "{copies} games read, {copies} replay to the end, 0 moves unresolved\n"
        )),
        "{stdout}"
    );
}

/// A move number too large to keep is an error, never written as another number (issue 27:
/// `99999999999999999999999.` became `4294967295.` with exit 0).
#[test]
fn a_move_number_too_large_is_refused() {
    let dir = scratch("pgn-number");
    let path = dir.join("big.pgn");
    std::fs::write(
        &path,
        "[Variant \"Glinski\"]\n\n99999999999999999999999. f5-f6 *\n",
    )
    .expect("written");
    let (code, stdout, stderr) = run(&["pgn", "convert", path.to_str().unwrap(), "--to", "long"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stderr.contains("big.pgn:3:1: error: move number larger than 4294967295"),
        "{stderr}"
    );
    assert!(!stdout.contains("4294967295."), "{stdout}");
}

/// `hexv ARGS` with each game's bytes bounded by `bound` (`HEXV_PGN_GAME_BYTES`, the test's
/// way to lower the 16 MiB), stopped with a failure past `limit`: its status, stdout, stderr.
fn run_bounded(
    bound: Option<u64>,
    args: &[&str],
    limit: std::time::Duration,
) -> (i32, String, String) {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut command = Command::new(env!("CARGO_BIN_EXE_hexv"));
    command
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(bound) = bound {
        command.env("HEXV_PGN_GAME_BYTES", bound.to_string());
    }
    let mut child = command.spawn().expect("hexv runs");
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr")));
    let deadline = std::time::Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().expect("waited") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("hexv {args:?} ran past {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    (
        status.code().unwrap_or(-1),
        stdout.join().expect("stdout read"),
        stderr.join().expect("stderr read"),
    )
}

/// How long a bounded run may take before it counts as a hang: far past any honest run (the
/// file read three times over takes about half a minute in a debug build on an idle machine),
/// so a loaded machine never trips it; a guard against hangs, not a speed test.
const HANG_GUARD: std::time::Duration = std::time::Duration::from_secs(600);

/// The published games three times over, each game's bytes bounded far below the file's size
/// so that it is read a few games at a time: the same totals as three copies, every game
/// numbered across the file, every place on its line in the whole file; converted, the same
/// text as three conversions of one copy.
#[test]
fn a_file_of_many_games_reads_as_its_parts() {
    let dir = scratch("pgn-many");
    let one = tournament_text();
    let lines = one.matches('\n').count();
    let path = dir.join("thrice.pgn");
    std::fs::write(&path, one.repeat(3)).expect("written");
    let thrice = path.to_str().unwrap();
    // The largest chunk: the last game with the collectors' notes after it and before the
    // first game of the next copy (`;` lines, about 20 KiB).
    let bound = 32 << 10;
    assert!(one.len() > 8 * bound as usize);

    let (code, stdout, stderr) = run_bounded(
        Some(bound),
        &["pgn", "check", thrice, "--letters", "hu"],
        HANG_GUARD,
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stdout.ends_with("1185 games read, 1179 replay to the end, 3 moves unresolved\n"),
        "{stdout}"
    );
    for copy in 0..3 {
        let (game, line) = (358 + 395 * copy, 7458 + lines * copy);
        assert!(
            stdout.contains(&format!(
                "thrice.pgn:{line}:41: game {game} (Szőke Gyula - Kövér Imre), move 55. Kf7: illegal:"
            )),
            "{stdout}"
        );
        let (game, line) = (196 + 395 * copy, 2662 + lines * copy);
        assert!(
            stderr.contains(&format!(
                "game {game} (Rudolf László - Nyilas László): no `Variant` tag"
            )),
            "{stderr}"
        );
        assert!(
            stderr.contains(&format!("thrice.pgn:{line}:12: error:")),
            "{stderr}"
        );
    }

    let (_, once, _) = run(&[
        "pgn",
        "convert",
        "tests/data/glinski-games-hu.pgn",
        "--letters",
        "hu",
        "--to",
        "long",
    ]);
    let out = dir.join("long.pgn");
    let (code, _, stderr) = run_bounded(
        Some(bound),
        &[
            "pgn",
            "convert",
            thrice,
            "--letters",
            "hu",
            "--to",
            "long",
            "-o",
            out.to_str().unwrap(),
        ],
        HANG_GUARD,
    );
    assert_eq!(code, 1, "{stderr}");
    let written = std::fs::read_to_string(&out).expect("written");
    assert_eq!(written, [once.as_str(), &once, &once].join("\n"));
    // The second game of the second copy, drawn as the second game alone; the games counted
    // to the end when there is no such game.
    let (code, stdout, stderr) = run_bounded(
        Some(bound),
        &[
            "diagram",
            "--pgn",
            thrice,
            "--game",
            "397",
            "--letters",
            "hu",
            "--ply",
            "19",
        ],
        HANG_GUARD,
    );
    assert_eq!(code, 0, "{stderr}");
    let (_, alone, _) = run(&[
        "diagram",
        "--pgn",
        "tests/data/glinski-games-hu.pgn",
        "--game",
        "2",
        "--letters",
        "hu",
        "--ply",
        "19",
    ]);
    assert!(
        alone.starts_with("Marek Mackowiak - Rudolf László: after 10. H1f4\n"),
        "{alone}"
    );
    let (code, _, stderr) = run_bounded(
        Some(bound),
        &["diagram", "--pgn", thrice, "--game", "1186"],
        HANG_GUARD,
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("it holds 1185 games"), "{stderr}");
    assert_eq!(stdout, alone);
}

/// A game larger than the bound ends the reading where it begins: the games before it are
/// checked, the file and line are named, and the status is 2, the file not read to its end
/// (as for bytes that are not UTF-8: exit 1 is for a file read whole); a conversion to a file
/// leaves the file as it was.
#[test]
fn a_game_over_the_bound_is_located() {
    let dir = scratch("pgn-bound");
    let path = dir.join("big.pgn");
    let small = "[Variant \"Glinski\"]\n\n1. f5-f6 e7-e6 *\n\n";
    let big = format!(
        "[Variant \"Glinski\"]\n\n1. f5-f6 {{{}}} e7-e6 *\n\n",
        "long comment ".repeat(500)
    );
    std::fs::write(&path, [small, small, &big, small].concat()).expect("written");
    let big_path = path.to_str().unwrap();
    let (code, stdout, stderr) = run_bounded(Some(4096), &["pgn", "check", big_path], HANG_GUARD);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(
        stderr.contains("big.pgn:9:1: error: the game from here is larger than 4096 bytes"),
        "{stderr}"
    );
    assert!(!stdout.contains("games read"), "{stdout}");
    // Within the bound, it reads.
    let (code, stdout, _) = run_bounded(Some(8192), &["pgn", "check", big_path], HANG_GUARD);
    assert_eq!(code, 0);
    assert!(stdout.ends_with("4 games read, 4 replay to the end, 0 moves unresolved\n"));

    let out = dir.join("out.pgn");
    std::fs::write(&out, "kept\n").expect("written");
    let (code, _, stderr) = run_bounded(
        Some(4096),
        &["pgn", "convert", big_path, "-o", out.to_str().unwrap()],
        HANG_GUARD,
    );
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "kept\n");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "no temporary file left: {names:?}");
}

/// A device without line ends is refused at the bound, not read until memory runs out; a
/// directory is refused; standard input is read as it comes.
#[test]
fn devices_directories_and_pipes() {
    let (code, _, stderr) = run_bounded(None, &["pgn", "check", "/dev/zero"], HANG_GUARD);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("/dev/zero:1:1: error: the game from here is larger than 16777216 bytes"),
        "{stderr}"
    );
    let dir = scratch("pgn-dir");
    let (code, _, stderr) = run(&["pgn", "check", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("is a directory, not a PGN file"),
        "{stderr}"
    );
    let (code, stdout, stderr) = crate::cli::run_with_input(
        &["pgn", "check", "/dev/stdin"],
        "[Variant \"Glinski\"]\n\n1. f5-f6 *\n\n[Variant \"Glinski\"]\n\n1. e4-e5 *\n".as_bytes(),
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "2 games read, 2 replay to the end, 0 moves unresolved\n"
    );
}

/// The published tournament file, written with Hungarian letters, reads as it is: each game's
/// letters are detected (issue 32), and the check finds what `--letters hu` finds, saying
/// which letters it used. Letters named on the command line that a game does not use get a
/// hint; a conversion without `--letters` writes the letters it detected.
#[test]
fn pgn_detects_the_letters_a_file_uses() {
    let file = "tests/data/glinski-games-hu.pgn";
    let (code, detected, _) = run(&["pgn", "check", file]);
    let (named_code, named, _) = run(&["pgn", "check", file, "--letters", "hu"]);
    assert_eq!(code, named_code);
    // 395 games: game 196 has no Variant tag, and the two that `--letters own` replays to the
    // end (below) are read with the variant's own letters: 392 read as Hungarian.
    let note = "392 games read with the `hu` piece letters, detected (`--letters` chooses)\n";
    assert!(detected.contains(note), "{detected}");
    assert_eq!(detected.replace(note, ""), named);
    assert!(
        named.ends_with("395 games read, 393 replay to the end, 1 move unresolved\n"),
        "{named}"
    );
    let (_, own, _) = run(&["pgn", "check", file, "--letters", "own"]);
    assert!(
        own.contains("hint: `--letters auto` (the default) detects the letters each game uses"),
        "{own}"
    );
    assert!(
        own.ends_with("395 games read, 2 replay to the end, 392 moves unresolved\n"),
        "{own}"
    );
    // Converting keeps the letters read; the same as naming them.
    let (_, auto, _) = run(&["pgn", "convert", file]);
    let (_, hu, _) = run(&["pgn", "convert", file, "--letters", "hu"]);
    assert_eq!(auto, hu);
    assert!(auto.contains("H1f4"), "Hungarian letters written");
}
