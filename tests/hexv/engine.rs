//! `hexv engine`: UCI over pipes, as a GUI drives it (a transcript), and bad input answered
//! without a crash.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::peer::Peer;
use crate::support::{game, root};

/// A running `hexv engine ARGS...`.
fn engine(args: &[&str]) -> Peer {
    let mut all = vec!["engine"];
    all.extend_from_slice(args);
    Peer::start(&all)
}

#[test]
fn a_gui_session_over_pipes() {
    let mut e = engine(&[]);
    e.send("uci");
    let hello = e.until("uciok");
    assert!(hello[0].starts_with("id name hexv "), "{hello:?}");
    assert!(hello
        .iter()
        .any(|l| l.starts_with("option name VariantPath type string")));
    assert!(hello
        .iter()
        .any(|l| l.starts_with("option name Hash type spin")));
    // No variant yet: `go` still answers.
    e.send("go depth 1");
    assert_eq!(e.until("bestmove").last().unwrap(), "bestmove (none)");
    e.send("setoption name VariantPath value variants/glinski.hexv");
    e.send("isready");
    assert_eq!(
        e.until("readyok"),
        [
            "info string variant variants/glinski.hexv",
            "info string weights variants/glinski.weights",
            "readyok"
        ]
    );
    e.send("ucinewgame");
    // Moves in both notations: hexv's and the compact one.
    e.send("position startpos moves f5-f6 c7c6");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(lines[0].starts_with("info depth 1 "), "{lines:?}");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 3, "{lines:?}");
    for (i, info) in infos.iter().enumerate() {
        let words: Vec<&str> = info.split(' ').collect();
        assert_eq!(words[2], (i + 1).to_string(), "{info}");
        for key in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
            assert!(words.contains(&key), "{key} in {info}");
        }
    }
    // The answer is a legal move of the position reached, in the compact form GUIs expect.
    let game = game("variants/glinski.hexv");
    let pos = game
        .play_moves(&game.start_position(), "f5-f6 c7-c6")
        .expect("legal");
    let best = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
    let compact: Vec<String> = game
        .legal_moves(&pos)
        .iter()
        .map(|m| hexv::uci::compact_move(&game, &pos, m))
        .collect();
    assert!(compact.contains(&best), "{best} among {compact:?}");
    // A position text, hexv's notation on request, a time limit kept.
    e.send("setoption name Notation value hexv");
    e.send(&format!(
        "position fen {}",
        game.position_text(&game.start_position())
    ));
    let started = Instant::now();
    e.send("go movetime 200");
    let lines = e.until("bestmove");
    assert!(started.elapsed() < Duration::from_millis(1500));
    let best = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
    let start = game.start_position();
    assert!(
        game.parse_move(&start, &best).is_ok(),
        "hexv's long form: {best}"
    );
    // Without the pruning by the static value (for matches that measure it): still a legal
    // move, and the same depth costs more nodes.
    let nodes_at_depth_6 = |e: &mut Peer| {
        e.send("ucinewgame");
        e.send("position startpos");
        e.send("go depth 6");
        let lines = e.until("bestmove");
        let info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth 6 "))
            .expect("an info line at depth 6");
        let words: Vec<&str> = info.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "nodes").expect("nodes");
        let best = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
        let start = game.start_position();
        assert!(hexv::uci::read_move(&game, &start, &best).is_ok(), "{best}");
        words[at + 1].parse::<u64>().expect("a count")
    };
    let pruned = nodes_at_depth_6(&mut e);
    e.send("setoption name Pruning value false");
    let unpruned = nodes_at_depth_6(&mut e);
    assert!(
        unpruned > pruned,
        "{unpruned} nodes without pruning, {pruned} with"
    );
    e.send("setoption name Pruning value true");
    // Infinite: nothing until `stop`; `isready` is answered meanwhile.
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("stop");
    e.until("bestmove");
    e.send("quit");
    let status = e.wait();
    assert!(status.success());
}

#[test]
fn threads_search_together_and_a_node_limit_stays_the_same_every_time() {
    let mut e = engine(&["variants/mini-hexchess.hexv"]);
    e.send("uci");
    let hello = e.until("uciok");
    assert!(
        hello
            .iter()
            .any(|l| l == "option name Threads type spin default 1 min 1 max 256"),
        "{hello:?}"
    );
    let game = game("variants/mini-hexchess.hexv");
    let start = game.start_position();
    let legal: Vec<String> = game
        .legal_moves(&start)
        .iter()
        .map(|m| hexv::uci::compact_move(&game, &start, m))
        .collect();
    // The last info line's nodes and the best move of a search from the start.
    let search = |e: &mut Peer, go: &str| {
        e.send("ucinewgame");
        e.send("position startpos");
        e.send(go);
        let lines = e.until("bestmove");
        let best = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
        assert!(legal.contains(&best), "{go}: {best} among {legal:?}");
        let depths: Vec<u32> = lines
            .iter()
            .filter(|l| l.starts_with("info depth "))
            .map(|l| l.split(' ').nth(2).unwrap().parse().unwrap())
            .collect();
        let nodes = lines
            .iter()
            .rev()
            .find_map(|l| {
                let words: Vec<&str> = l.split(' ').collect();
                let at = words.iter().position(|w| *w == "nodes")?;
                words[at + 1].parse::<u64>().ok()
            })
            .expect("an info line with nodes");
        (best, depths, nodes)
    };
    let (_, one_depths, one_thread) = search(&mut e, "go depth 7");
    e.send("setoption name Threads value 3");
    let (_, depths, _) = search(&mut e, "go depth 7");
    // Every iteration of the main thread is reported, in order, up to the depth asked.
    assert_eq!(depths, (1..=7).collect::<Vec<u32>>());
    assert_eq!(depths, one_depths);
    // A node limit is searched on one thread: the same nodes and move as with one thread.
    let a = search(&mut e, "go nodes 20000");
    e.send("setoption name Threads value 1");
    let b = search(&mut e, "go nodes 20000");
    assert_eq!((a.0, a.2), (b.0, b.2));
    assert!(one_thread > 0);
    // A time limit is kept with several threads as with one.
    e.send("setoption name Threads value 2");
    let started = Instant::now();
    search(&mut e, "go movetime 200");
    assert!(started.elapsed() < Duration::from_millis(1500));
    // Out of range: kept within 1..=256, no error; not a number: an error, nothing changed.
    for (input, reply) in [
        ("setoption name Threads value 0", None),
        ("setoption name Threads value 99999999999999999999999", None),
        ("setoption name Threads value -4", None),
        (
            "setoption name Threads value many",
            Some("info string error: `Threads` is a number of threads, not `many`"),
        ),
    ] {
        e.send(input);
        e.send("isready");
        let lines = e.until("readyok");
        match reply {
            Some(reply) => assert_eq!(lines[0], reply, "{input}"),
            None => assert_eq!(lines, ["readyok"], "{input}"),
        }
        if !input.contains("9999") {
            search(&mut e, "go depth 4");
        }
    }
    e.send("quit");
    assert!(e.wait().success());
}

#[test]
fn bad_input_gets_an_info_string_and_the_engine_goes_on() {
    let mut e = engine(&["variants/glinski.hexv"]);
    assert_eq!(e.line(), "info string variant variants/glinski.hexv");
    assert_eq!(e.line(), "info string weights variants/glinski.weights");
    for (input, reply) in [
        ("bogus", "info string unknown command: bogus"),
        // Echoed input never carries a control character to the GUI's terminal.
        ("bogus\u{1b}[31m", "info string unknown command: bogus?[31m"),
        (
            "position startpos moves f5-f6 z9z9",
            "info string error: move 2: `z9z9` is not a move: write it long",
        ),
        (
            "position fen nonsense",
            "info string error: this position cannot be read:",
        ),
        ("position", "info string error: write `position startpos`"),
        ("go depth x", "info string error: `go depth` needs a number"),
        (
            "go fast",
            "info string error: unknown `go` parameter `fast`",
        ),
        (
            "setoption name Hash value lots",
            "info string error: `Hash` is a number of MB, not `lots`",
        ),
        (
            "setoption name Colour value blue",
            "info string error: unknown option `Colour`",
        ),
        (
            "setoption name Pruning value maybe",
            "info string error: `Pruning` is `true` or `false`, not `maybe`",
        ),
    ] {
        e.send(input);
        let line = e.line();
        assert!(line.starts_with(reply), "{input}: {line}");
        // A `go` with a mistake still searches (a second, bounded by nothing else) and
        // answers with one best move.
        if input.starts_with("go") {
            let rest = e.until("bestmove");
            assert_eq!(
                rest[0],
                "info string error: no limit could be read: searching for 1000 ms"
            );
            assert!(rest.last().unwrap().len() > "bestmove ".len(), "{rest:?}");
            assert_ne!(rest.last().unwrap(), "bestmove (none)");
        }
    }
    // Binary garbage and a line that is not UTF-8.
    e.write(b"\xff\xfe\x00garbage\n");
    assert_eq!(e.line(), "info string error: a line that is not UTF-8");
    // A variant file with errors: located diagnostics, and no variant.
    e.send("setoption name VariantPath value tests/fixtures/invalid/hour_13.hexv");
    let line = e.line();
    assert!(
        line.starts_with("info string error: tests/fixtures/invalid/hour_13.hexv:"),
        "{line}"
    );
    e.send("isready");
    e.until("readyok");
    e.send("go depth 1");
    assert_eq!(e.until("bestmove").last().unwrap(), "bestmove (none)");
    // The end of the input ends the engine.
    let status = e.wait();
    assert!(status.success());
}

/// A `VariantPath` (or the file argument) naming a pipe or a device is refused at once with
/// the reason, never read: a FIFO would block the engine, `/dev/stdin` would swallow the GUI's
/// next commands as variant text (issue 27). The engine answers `isready` right after.
#[test]
#[cfg(unix)]
fn a_variant_path_that_is_no_regular_file_is_refused_without_blocking() {
    let dir = crate::support::scratch("engine-fifo");
    let fifo = dir.join("variant.fifo");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let mut e = engine(&["variants/glinski.hexv"]);
    assert_eq!(e.line(), "info string variant variants/glinski.hexv");
    assert_eq!(e.line(), "info string weights variants/glinski.weights");
    for path in [fifo.to_str().unwrap(), "/dev/stdin"] {
        e.send(&format!("setoption name VariantPath value {path}"));
        assert_eq!(
            e.line(),
            format!(
                "info string error: `{path}` is not a regular file (a pipe or a device): give \
                 the path of a variant file"
            )
        );
        e.send("isready");
        assert_eq!(e.until("readyok").last().unwrap(), "readyok");
    }
    e.send("quit");
    assert!(e.wait().success());
}

/// Every `go` gets its `bestmove`, whatever its numbers: a time past u64 is the largest time, a
/// negative one none (issue 27: `go movetime 18446744073709551615` was refused as "needs a
/// number" and left the GUI waiting).
#[test]
fn go_reads_numbers_of_any_size() {
    let mut e = engine(&["variants/mini-hexchess.hexv"]);
    e.line();
    for go in [
        "go depth 2 movetime 18446744073709551615",
        "go depth 2 movetime 99999999999999999999999999",
        "go depth 2 wtime 18446744073709551616 btime -5 winc 1",
        "go depth 2 nodes 18446744073709551615",
    ] {
        e.send("position startpos");
        e.send(go);
        let lines = e.until("bestmove");
        assert!(
            !lines.iter().any(|l| l.contains("error")),
            "{go}: {lines:?}"
        );
        assert_ne!(lines.last().unwrap(), "bestmove (none)", "{go}");
    }
    e.send("go depth x");
    assert_eq!(e.line(), "info string error: `go depth` needs a number");
    assert_ne!(e.until("bestmove").last().unwrap(), "bestmove (none)");
    e.send("quit");
    assert!(e.wait().success());
}

/// The first word of `bestmove MOVE [ponder ...]`.
fn best_of(lines: &[String]) -> String {
    let last = lines.last().expect("a bestmove line");
    last.split(' ').nth(1).unwrap_or_default().to_string()
}

/// `go searchmoves` keeps the search to the moves it names (in any notation), and one it
/// cannot read is skipped with a reason; `go mate N` finds a mate in N and says so (issue 32).
#[test]
fn go_searchmoves_and_mate() {
    let mut e = engine(&["variants/glinski.hexv"]);
    e.line();
    e.send("position startpos");
    e.send("go depth 3 searchmoves f5f6 e4-e5");
    let best = best_of(&e.until("bestmove"));
    assert!(["f5f6", "e4e5"].contains(&best.as_str()), "{best}");
    // One move named: that one (the b-pawn's step, which no search prefers at the start).
    e.send("go depth 2 searchmoves b1b2");
    assert_eq!(best_of(&e.until("bestmove")), "b1b2");
    e.send("go depth 2 searchmoves z9z9");
    let lines = e.until("bestmove");
    assert!(
        lines[0].starts_with("info string error: `go searchmoves` skips `z9z9`"),
        "{lines:?}"
    );
    assert_ne!(best_of(&lines), "(none)");
    // Dagger's checkmate in one from the perft suite (tests/data/perft-suite.txt): g5-k3.
    let mut e = engine(&["variants/dagger.hexv"]);
    e.line();
    e.send("position fen 1/2/3/4/3/4/4R/2K1/3/3k/3/2/1/4 w - - - 15");
    e.send("go mate 1");
    let lines = e.until("bestmove");
    assert_eq!(best_of(&lines), "g5k3", "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    e.send("quit");
    assert!(e.wait().success());
}

/// `hexv selfplay`: the report, every game recorded and replayable to the ending it states,
/// and `--merge` reporting on the records alone.
#[test]
fn selfplay_reports_and_records_every_game() {
    let dir = crate::support::scratch("selfplay");
    let out = dir.join("games.jsonl");
    let out_text = out.to_str().unwrap();
    let (code, stdout, stderr) = crate::cli::run(&[
        "selfplay",
        "variants/dagger.hexv",
        "--games",
        "4",
        "--depth",
        "1",
        "--jobs",
        "2",
        "--max-plies",
        "60",
        "--out",
        out_text,
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with("Dagger Chess: 4 games, depth 1\nWhite scores "),
        "{stdout}"
    );
    assert!(stdout.contains("(95% confidence)"), "{stdout}");
    let game = game("variants/dagger.hexv");
    let records = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = records.lines().collect();
    assert_eq!(lines.len(), 4);
    // Each game is written as it ends, so two threads may finish out of order.
    let mut numbers: Vec<u64> = lines
        .iter()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["game"]
                .as_u64()
                .unwrap()
        })
        .collect();
    numbers.sort();
    assert_eq!(numbers, [0, 1, 2, 3]);
    for line in &lines {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(r["opening_plies"], 4);
        let moves: Vec<&str> = r["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let mut history = vec![game.start_position()];
        for m in &moves {
            let pos = history.last().unwrap();
            let mv = game.parse_move(pos, m).expect("a legal move");
            history.push(game.play(pos, &mv));
        }
        let ending = r["ending"].as_str().unwrap();
        match game.outcome(&history) {
            Some(o) => {
                assert_eq!(r["result"], o.result());
                assert_ne!(ending, "ply-limit");
            }
            None => assert_eq!((ending, moves.len()), ("ply-limit", 60)),
        }
    }
    // The same report from the records.
    let (code, merged, _) = crate::cli::run(&["selfplay", "--merge", out_text]);
    assert_eq!(code, 0);
    assert_eq!(
        merged.lines().skip(1).collect::<Vec<_>>(),
        stdout.lines().skip(1).collect::<Vec<_>>()
    );
    // A line that is not a record is refused with its place.
    std::fs::write(&out, format!("{}\nnot json\n", lines[0])).unwrap();
    let (code, _, stderr) = crate::cli::run(&["selfplay", "--merge", out_text]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("games.jsonl:2: not a game record"),
        "{stderr}"
    );
}

/// A record file that cannot be written stops the run with the reason (no game is lost
/// silently): `/dev/full` takes nothing.
#[test]
#[cfg(target_os = "linux")]
fn selfplay_stops_when_its_records_cannot_be_written() {
    let (code, stdout, stderr) =
        crate::cli::quick_selfplay("variants/dagger.hexv", "3", "20", &["--out", "/dev/full"]);
    assert_eq!(code, 2, "{stdout}");
    assert!(stderr.contains("error: cannot write the games"), "{stderr}");
    assert!(stdout.is_empty(), "no report of a run cut short: {stdout}");
}

/// A run cut short keeps the games it finished: each record is written as its game ends.
#[test]
fn selfplay_cut_short_keeps_its_finished_games() {
    let dir = crate::support::scratch("selfplay-cut");
    let out = dir.join("games.jsonl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexv"))
        .args(["selfplay", "variants/dagger.hexv", "--games", "100000"])
        .args(["--depth", "1", "--jobs", "1", "--max-plies", "20", "--out"])
        .arg(&out)
        .current_dir(root())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("hexv runs");
    let deadline = Instant::now() + Duration::from_secs(60);
    let complete_lines = || {
        std::fs::read_to_string(&out)
            .map(|t| t.matches('\n').count())
            .unwrap_or(0)
    };
    while complete_lines() < 3 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().expect("killed");
    child.wait().expect("ended");
    let text = std::fs::read_to_string(&out).unwrap();
    let kept: Vec<&str> = text.lines().collect();
    assert!(
        kept.len() >= 3,
        "games written while the run went on: {text}"
    );
    for line in kept {
        let r: serde_json::Value = serde_json::from_str(line).expect("a whole record");
        assert_eq!(r["variant"], "Dagger Chess");
    }
}

/// `selfplay --merge` believes no record blindly (issue 27): the same game given twice (one
/// file twice, or a line copied) counts once; a score out of range, a result that is not the
/// score's, an ending not in the list, a garbage start or an illegal move (with the variant
/// file) is refused with its place; a cut last line is left out and the whole games kept;
/// a line without end (`/dev/zero`) is refused at a bound, not read into memory.
#[test]
fn merging_records_checks_them() {
    let dir = crate::support::scratch("selfplay-merge");
    let out = dir.join("games.jsonl");
    let out_text = out.to_str().unwrap().to_string();
    let (code, _, stderr) = crate::cli::quick_selfplay(
        "variants/mini-hexchess.hexv",
        "3",
        "40",
        &["--out", &out_text],
    );
    assert_eq!(code, 0, "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    let games = |stdout: &str| stdout.lines().next().unwrap_or("").to_string();
    let merge = |files: &[&str]| {
        let mut args = vec!["selfplay", "--merge"];
        args.extend_from_slice(files);
        crate::cli::run(&args)
    };
    // The same file twice, and a line copied within a file.
    let (code, stdout, stderr) = merge(&[&out_text, &out_text]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(games(&stdout), "Mini Hexchess: 3 games, merged");
    assert!(
        stderr.contains("note: 3 records repeated a game and were counted once"),
        "{stderr}"
    );
    let write = |name: &str, body: String| {
        let p = dir.join(name);
        std::fs::write(&p, body).unwrap();
        p.to_str().unwrap().to_string()
    };
    let copied = write("copied.jsonl", format!("{text}{}\n", lines[0]));
    let (_, stdout, stderr) = merge(&[&copied]);
    assert_eq!(games(&stdout), "Mini Hexchess: 3 games, merged", "{stderr}");
    // Values out of range or inconsistent, each refused at its line.
    let record: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    let with = |field: &str, value: serde_json::Value| {
        let mut r = record.clone();
        r[field] = value;
        r.to_string()
    };
    for (name, line, error) in [
        (
            "huge",
            with("white", serde_json::json!(1e308)),
            "White's score 1e308 is not from 0 to 1",
        ),
        (
            "negative",
            with("white", serde_json::json!(-5)),
            "White's score -5.0 is not from 0 to 1",
        ),
        (
            "ending",
            with("ending", serde_json::json!("resigned")),
            "`resigned` is not an ending",
        ),
        (
            "result",
            with("result", serde_json::json!("won")),
            "`won` is not a result",
        ),
    ] {
        let path = write(&format!("{name}.jsonl"), format!("{}\n{line}\n", lines[1]));
        let (code, _, stderr) = merge(&[&path]);
        assert_eq!(code, 1, "{name}: {stderr}");
        assert!(
            stderr.contains(&format!("{name}.jsonl:2: {error}")),
            "{name}: {stderr}"
        );
    }
    let mut r = record.clone();
    r["result"] = serde_json::json!("1-0");
    r["white"] = serde_json::json!(0.0);
    let path = write("mismatch.jsonl", format!("{r}\n"));
    let (code, _, stderr) = merge(&[&path]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("the result 1-0 gives White 1, the record says 0"),
        "{stderr}"
    );
    // Moves and the start, replayed with the variant file; without it, the report says so.
    let mut r = record.clone();
    r["moves"][0] = serde_json::json!("a1-a9");
    let illegal = write("illegal.jsonl", format!("{r}\n"));
    let (code, _, stderr) = merge(&[&illegal]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("note: the 1 games' moves were not replayed"),
        "{stderr}"
    );
    let (code, _, stderr) = crate::cli::run(&[
        "selfplay",
        "variants/mini-hexchess.hexv",
        "--merge",
        &illegal,
    ]);
    assert_eq!(code, 1);
    assert!(stderr.contains("illegal.jsonl:1: move 1:"), "{stderr}");
    let garbage = write(
        "garbage.jsonl",
        format!("{}\n", with("start", serde_json::json!("zz"))),
    );
    let (code, _, stderr) = crate::cli::run(&[
        "selfplay",
        "variants/mini-hexchess.hexv",
        "--merge",
        &garbage,
    ]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("garbage.jsonl:1: the start cannot be read"),
        "{stderr}"
    );
    let (code, stdout, stderr) = crate::cli::run(&[
        "selfplay",
        "variants/mini-hexchess.hexv",
        "--merge",
        &out_text,
    ]);
    assert_eq!(
        (code, games(&stdout).as_str()),
        (0, "Mini Hexchess: 3 games, merged"),
        "{stderr}"
    );
    // A cut last line: the whole games are kept.
    let cut = write(
        "cut.jsonl",
        format!("{}\n{}\n{}", lines[0], lines[1], &lines[2][..20]),
    );
    let (code, stdout, stderr) = merge(&[&cut]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(games(&stdout), "Mini Hexchess: 2 games, merged");
    assert!(
        stderr.contains("cut.jsonl:3: the last line is cut short"),
        "{stderr}"
    );
    // A line without end.
    #[cfg(unix)]
    {
        let (code, _, stderr) = merge(&["/dev/zero"]);
        assert_eq!(code, 1);
        assert!(
            stderr.contains("/dev/zero:1: a line longer than"),
            "{stderr}"
        );
    }
}
