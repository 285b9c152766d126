//! Games of three sides exchanged: PGN with a player tag per further side, a move number per
//! round of turns and a score per side, written, read back and checked; self-play records
//! merged with each seat's score checked against the result; the engine protocol with a clock
//! per side.

use hexv::game::san::Letters;

use crate::cli::{run, run_with_input};
use crate::sides::{with_rules, BLACK_MATED_NEXT, THREE};
use crate::support::{root, scratch};

#[test]
fn a_game_where_a_side_leaves_is_written_and_read_back() {
    let c = with_rules("checkmate out");
    let game = c.game();
    let start = game
        .parse_position(BLACK_MATED_NEXT)
        .expect("a legal position");
    // White mates Black, who leaves; Red and White go on, White's turn opening each round.
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for text in ["f10-f11", "l1-k2", "b1-b2", "k2-l1"] {
        let mv = game.parse_move(&pos, text).expect("a legal move");
        pos = game.play(&pos, &mv);
        moves.push(mv);
    }
    let tags = [("Red", "Ada"), ("White", "Bea")].map(|(n, v)| (n.to_string(), v.to_string()));
    let text = hexv::pgn::write_game(&game, &tags, &start, &moves, "*", &Letters::own());
    assert!(text.contains("[White \"Bea\"]\n[Black \"?\"]\n"), "{text}");
    assert!(
        text.contains("[Variant \"Three sides\"]\n[Red \"Ada\"]\n[SetUp \"1\"]\n"),
        "{text}"
    );
    assert!(text.ends_with("\n\n1. Rf11# Kk2 2. Rbb2 Kl1 *\n"), "{text}");
    let file = hexv::pgn::read(&text);
    assert_eq!(file.errors, []);
    let replay = hexv::pgn::replay(&game, &file.games[0], &Letters::own()).expect("its FEN reads");
    assert_eq!(replay.unresolved, None);
    assert_eq!(replay.moves, moves);
    assert!(replay.end.same_for_repetition(&pos));
}

#[test]
fn the_last_side_left_wins_in_the_record_and_a_wrong_result_is_found() {
    let c = with_rules("checkmate out");
    let game = c.game();
    // As in `the_last_side_in_the_game_wins`: Black is out, f11-l6 mates Red, White is left.
    let start = game
        .parse_position("6/7/8/9/4(1R)5/(1K)9(1R)/10/9/8/4(1R)2/(3K)5 white/black")
        .expect("a legal position");
    let mv = game.parse_move(&start, "f11-l6").expect("a legal move");
    let mut lines = Vec::new();
    for result in ["1-0-0", "0-0-1"] {
        let text = hexv::pgn::write_game(&game, &[], &start, &[mv], result, &Letters::own());
        let file = hexv::pgn::read(&text);
        assert_eq!(file.errors, [], "{text}");
        assert_eq!(
            file.games[0].result.as_ref().map(|r| r.text.as_str()),
            Some(result),
            "a result of three sides is read as one: {text}"
        );
        let replay = hexv::pgn::replay(&game, &file.games[0], &Letters::own()).expect("FEN");
        lines.push(hexv::pgn::result_disagrees(&game, &replay, result).map(|(r, _)| r));
    }
    assert_eq!(lines, [None, Some("1-0-0".to_string())]);
}

#[test]
fn selfplay_records_of_three_sides_read_back_and_merge_checked() {
    let dir = scratch("sides-records");
    let (out, pgn) = (dir.join("games.jsonl"), dir.join("games.pgn"));
    let file = root().join(THREE);
    let file = file.to_str().expect("a UTF-8 path");
    let (code, _, err) = run(&[
        "selfplay",
        file,
        "--games",
        "3",
        "--depth",
        "1",
        "--max-plies",
        "40",
        "--jobs",
        "1",
        "--out",
        out.to_str().expect("UTF-8"),
        "--pgn",
        pgn.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 0, "{err}");
    let written = std::fs::read_to_string(&pgn).expect("the PGN is written");
    assert_eq!(
        written.matches("[Red \"hexv (depth 1)\"]").count(),
        3,
        "{written}"
    );
    let (code, said, err) = run(&[
        "pgn",
        "check",
        pgn.to_str().expect("UTF-8"),
        "--variant",
        file,
    ]);
    assert_eq!(code, 0, "{said}{err}");
    assert!(said.contains("3 games read, 3 replay to the end"), "{said}");
    let (code, said, err) = run(&["selfplay", file, "--merge", out.to_str().expect("UTF-8")]);
    assert_eq!(code, 0, "{err}");
    assert!(said.contains("Three sides: 3 games, merged"), "{said}");
    assert!(said.contains("White ") && said.contains(", Red "), "{said}");
    // A record whose scores were changed from its result's is refused at its line.
    let records = std::fs::read_to_string(&out).expect("the records");
    let first = records.lines().next().expect("a record");
    let value: serde_json::Value = serde_json::from_str(first).expect("JSON");
    let mut forged = value.clone();
    let scores = forged["scores"].as_array_mut().expect("three scores");
    scores.rotate_left(1);
    let forged_path = dir.join("forged.jsonl");
    let text = format!("{first}\n{forged}\n");
    std::fs::write(&forged_path, text).expect("written");
    let (code, _, err) = run(&["selfplay", "--merge", forged_path.to_str().expect("UTF-8")]);
    assert_eq!(code, 1);
    assert!(err.contains("forged.jsonl:2: the result"), "{err}");
}

#[test]
fn a_game_at_the_terminal_is_saved_and_undo_goes_back_to_the_persons_turn() {
    let dir = scratch("sides-play");
    let saved = dir.join("game.pgn");
    let saved_arg = saved.to_str().expect("UTF-8");
    let file = root().join(THREE);
    let file = file.to_str().expect("a UTF-8 path");
    // People at every seat: three moves, one round.
    let (code, _, err) = run_with_input(
        &["play", file, "--save", saved_arg],
        b"e2-e3\nb5-c5\nk5-i5\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&saved).expect("saved");
    assert!(text.contains("[Red \"?\"]"), "{text}");
    assert!(text.ends_with("\n\n1. e3 c5 i5 *\n"), "{text}");
    // Red against two engines: Red moves, both engines reply, `undo` takes back all three.
    let (code, out, err) = run_with_input(
        &[
            "play", file, "--engine", "--side", "red", "--depth", "1", "--save", saved_arg,
        ],
        b"k5-i5\nundo\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Red plays k5-i5"), "{out}");
    assert!(!out.contains("Nothing to undo"), "{out}");
    let text = std::fs::read_to_string(&saved).expect("saved");
    assert!(
        text.contains("[White \"hexv (depth 1)\"]\n[Black \"hexv (depth 1)\"]"),
        "{text}"
    );
    assert!(text.contains("[Red \"?\"]"), "{text}");
    let movetext = text.rsplit("\n\n").next().expect("movetext");
    assert_eq!(
        movetext.split_whitespace().count(),
        4,
        "`1.`, White's and Black's moves and `*`: {movetext}"
    );
}

#[test]
fn the_engine_protocol_searches_for_the_side_to_move_with_its_own_clock() {
    let file = root().join(THREE);
    let file = file.to_str().expect("a UTF-8 path");
    let session = format!(
        "uci\nsetoption name VariantPath value {file}\nisready\n\
         position startpos moves e2-e3\ngo depth 2\n\
         position startpos moves e2e3 b5c5\ngo time white 1000 time black 1000 time red 60000 inc red 100 movestogo 40\n\
         go time blue 10\ngo time red\nquit\n"
    );
    let (code, out, err) = run_with_input(&["engine"], session.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("info string variant"), "{out}");
    let best: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    // Every `go` is answered, the two with a mistake too (after saying what is wrong).
    assert_eq!(best.len(), 4, "{out}");
    // Each answer is a legal move of the side to move, in the compact form: Black's, then
    // Red's (three times).
    let c = crate::support::compiled(THREE);
    let game = c.game();
    let black_to_move = game
        .play_moves(&game.start_position(), "e2-e3")
        .expect("legal");
    let red_to_move = game.play_moves(&black_to_move, "b5-c5").expect("legal");
    let positions = [
        black_to_move,
        red_to_move.clone(),
        red_to_move.clone(),
        red_to_move,
    ];
    for (pos, answer) in positions.iter().zip(&best) {
        let legal: Vec<String> = game
            .legal_moves(pos)
            .iter()
            .map(|m| hexv::uci::compact_move(&game, pos, m))
            .collect();
        assert!(
            legal.iter().any(|m| m == answer),
            "{answer} among {legal:?}"
        );
    }
    assert!(
        out.contains("info string error: `go time blue`: the sides are white, black, red"),
        "{out}"
    );
    assert!(
        out.contains("info string error: `go time` needs a number"),
        "{out}"
    );
}
