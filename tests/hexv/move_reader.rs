//! One move reader (issue 32): every command that reads a move takes hexv's long form, the
//! compact form and short algebraic notation alike; an ambiguous short move names its
//! candidates; a badly written one says which forms are read.

use hexv::game::read::ReadError;
use hexv::game::san::Letters;

use crate::cli::{run, run_with_input};
use crate::peer::Peer;
use crate::support::game;

/// Glinski's opening pawn step f5-f6 (the rule text: a pawn steps one cell straight ahead),
/// in the three forms.
const FORMS: [&str; 3] = ["f5-f6", "f5f6", "f6"];

#[test]
fn the_library_reads_the_three_forms_as_one_move() {
    let g = game("variants/glinski.hexv");
    let start = g.start_position();
    let long = g.parse_move(&start, "f5-f6").expect("legal");
    for text in FORMS {
        assert_eq!(
            g.read_move(&start, text, &Letters::own()),
            Ok(long),
            "{text}"
        );
    }
    // With the piece's letter in front of the long form (the Queen on e1 steps to e2).
    let queen = g.parse_move(&start, "e1-e2").expect("legal");
    assert_eq!(g.read_move(&start, "Qe1-e2", &Letters::own()), Ok(queen));
}

#[test]
fn moves_and_diagram_take_every_form() {
    for text in FORMS {
        let (code, out, err) = run(&["moves", "variants/glinski.hexv", "--moves", text]);
        assert_eq!(code, 0, "{text}: {err}");
        let (_, expected, _) = run(&["moves", "variants/glinski.hexv", "--moves", "f5-f6"]);
        assert_eq!(out, expected, "{text}");
        let (code, out, err) = run(&[
            "diagram",
            "variants/glinski.hexv",
            "--position",
            "--moves",
            text,
        ]);
        assert_eq!(code, 0, "{text}: {err}");
        let (_, expected, _) = run(&[
            "diagram",
            "variants/glinski.hexv",
            "--position",
            "--moves",
            "f5-f6",
        ]);
        assert_eq!(out, expected, "{text}");
    }
}

/// Every other command that reads a move, driven with the three forms: the same answer.
#[test]
fn every_command_takes_every_form() {
    let glinski = "variants/glinski.hexv";
    for args in [
        vec!["analyse", glinski, "--depth", "2", "--moves"],
        vec!["perft", glinski, "--depth", "2", "--moves"],
    ] {
        let with = |text: &str| {
            let mut all = args.clone();
            all.push(text);
            run(&all)
        };
        let (code, expected, err) = with("f5-f6");
        assert_eq!(code, 0, "{args:?}: {err}");
        for text in FORMS {
            let (code, out, err) = with(text);
            assert_eq!(code, 0, "{args:?} {text}: {err}");
            // The time a search took may differ: compare what it found.
            let found = |s: &str| -> Vec<String> {
                s.lines()
                    .filter(|l| !l.contains("time") && !l.contains("nps"))
                    .map(String::from)
                    .collect()
            };
            assert_eq!(found(&out), found(&expected), "{args:?} {text}");
        }
    }
    // A game record's moves, and a match's opening book, in each form.
    let dir = crate::support::scratch("three-forms");
    for text in FORMS {
        let pgn = dir.join(format!("{text}.pgn"));
        std::fs::write(
            &pgn,
            format!("[Variant \"Glinski\"]\n\n1. {text} c7-c6 *\n"),
        )
        .expect("written");
        let (code, out, err) = run(&["pgn", "check", pgn.to_str().unwrap()]);
        assert_eq!(code, 0, "{text}: {out}{err}");
        assert!(
            out.ends_with("1 game read, 1 replay to the end, 0 moves unresolved\n"),
            "{out}"
        );
        let book = dir.join(format!("{text}.book"));
        std::fs::write(&book, format!("{text} c7c6\n")).expect("written");
        let games = dir.join(format!("{text}-games.pgn"));
        let (code, _, err) = run(&[
            "match",
            glinski,
            "--limit",
            "depth=1",
            "--pairs",
            "1",
            "--max-plies",
            "4",
            "--book",
            book.to_str().unwrap(),
            "--pgn",
            games.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{text}: {err}");
        let played = std::fs::read_to_string(&games).expect("the games");
        // Both games open with the book's moves, written in short notation.
        assert_eq!(played.matches("1. f6 c6").count(), 2, "{text}:\n{played}");
    }
}

#[test]
fn play_takes_every_form() {
    for text in FORMS {
        let input = format!("{text}\nquit\n");
        let (code, out, err) = run_with_input(&["play", "variants/glinski.hexv"], input.as_bytes());
        assert_eq!(code, 0, "{text}: {err}");
        assert!(out.contains("f5-f6"), "{text}: the move played:\n{out}");
        assert!(!out.contains("is not a move"), "{text}:\n{out}");
    }
}

#[test]
fn the_engine_takes_every_form() {
    for text in FORMS {
        let mut e = Peer::start(&["engine", "variants/glinski.hexv"]);
        assert_eq!(e.line(), "info string variant variants/glinski.hexv");
        assert_eq!(e.line(), "info string weights variants/glinski.weights");
        e.send(&format!("position startpos moves {text}"));
        e.send("isready");
        assert_eq!(e.until("readyok"), ["readyok"], "{text}: no error");
        e.send("quit");
    }
}

/// Two pieces of one kind that can go to one cell: the refusal names both and the ways to
/// tell them apart, each of which then reads.
#[test]
fn an_ambiguous_short_move_names_its_candidates() {
    let g = game("variants/glinski.hexv");
    // Glinski's start with its centre pawns gone forward: find a cell two White knights
    // reach, from the legal moves.
    let pos = g
        .play_moves(&g.start_position(), "e4-e5 e7-e6 g4-g5 g7-g6")
        .expect("legal");
    let legal = g.legal_moves(&pos);
    let knight = |m: &&hexv::game::Move| g.variant.piece(m.piece).name == "Knight";
    let shared = legal.iter().filter(knight).find_map(|m| {
        let others: Vec<_> = legal
            .iter()
            .filter(knight)
            .filter(|o| o.to == m.to && o.from != m.from)
            .collect();
        (!others.is_empty()).then_some(m.to)
    });
    let to = shared.expect("two knights share a cell");
    let cell = g.variant.board().name(to);
    let text = format!("N{cell}");
    match g.read_move(&pos, &text, &Letters::own()) {
        Err(ReadError::Ambiguous {
            message,
            candidates,
            ..
        }) => {
            assert_eq!(candidates.len(), 2, "{message}");
            assert!(
                message.starts_with(&format!("two Knights can go to {cell}: ")),
                "{message}"
            );
            for c in &candidates {
                let from = c.split(['-', 'x']).next().unwrap_or_default();
                assert!(message.contains(from), "{message} names {from}");
                // Its long form with the letter in front reads as that move.
                let lettered = format!("N{c}");
                let m = g
                    .read_move(&pos, &lettered, &Letters::own())
                    .expect("reads");
                assert_eq!(&g.format_move(&pos, &m), c);
            }
        }
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn a_badly_written_move_says_which_forms_are_read() {
    let g = game("variants/glinski.hexv");
    let start = g.start_position();
    let err = g
        .read_move(&start, "hello", &Letters::own())
        .expect_err("no move");
    let message = err.to_string();
    for form in ["long", "short", "compact", "`e4-e5`", "`Nf3`", "`e4e5`"] {
        assert!(message.contains(form), "{message}");
    }
    // The queen's long move with its letter: `Qe1-e5` is read as e1-e5, which is illegal at
    // the start (e2 .. e4 hold pieces), so the reason is the long move's.
    let err = g
        .read_move(&start, "Qe1-e5", &Letters::own())
        .expect_err("blocked");
    assert!(!err.to_string().contains("no cell `Qe1`"), "{err}");
    // A lettered long move whose piece has another letter says so.
    let err = g
        .read_move(&start, "Nf5-f6", &Letters::own())
        .expect_err("a pawn, not a knight");
    assert!(err.to_string().contains("Pawn"), "{err}");
}
