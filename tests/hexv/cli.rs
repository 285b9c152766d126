//! The `hexv` binary: exit codes, stdout and stderr, snapshotted with `NO_COLOR=1`.

use std::process::Command;

use crate::support::{root, scratch};

/// Runs hexv in the repository root and returns its exit status, stdout and stderr.
pub fn run(args: &[&str]) -> (i32, String, String) {
    run_with_input(args, b"")
}

/// Runs hexv in the repository root with `input` on its stdin (written from a thread of its
/// own, so a child that prints before it has read everything cannot block the test) and
/// returns its exit status, stdout and stderr.
pub fn run_with_input(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut all = vec![env!("CARGO_BIN_EXE_hexv")];
    all.extend_from_slice(args);
    run_with_input_in(&all, input)
}

/// Runs `program ARGS...` (the first word) as [`run_with_input`] runs hexv.
pub fn run_with_input_in(command: &[&str], input: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(command[0])
        .args(&command[1..])
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hexv runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // A child that ends before reading all of it closes the pipe: not the test's concern.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("hexv ends");
    writer.join().expect("the input is written");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `hexv selfplay VARIANT --games GAMES --depth 1 --jobs 1 --max-plies PLIES EXTRA...`: a
/// few quick games on one thread, as the self-play tests play them.
pub fn quick_selfplay(
    variant: &str,
    games: &str,
    plies: &str,
    extra: &[&str],
) -> (i32, String, String) {
    let mut args = vec![
        "selfplay",
        variant,
        "--games",
        games,
        "--depth",
        "1",
        "--jobs",
        "1",
        "--max-plies",
        plies,
    ];
    args.extend_from_slice(extra);
    run(&args)
}

fn transcript(args: &[&str]) -> String {
    let (code, stdout, stderr) = run(args);
    format!(
        "$ hexv {}\nexit {code}\n--- stdout\n{stdout}--- stderr\n{stderr}",
        args.join(" ")
    )
}

#[test]
fn check_glinski_prints_the_summary() {
    let (code, stdout, stderr) = run(&["check", "variants/glinski.hexv"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert!(stdout.contains("91 flat hex cells, 3 colours (30 colour 1, 31 colour 2, 30 colour 3)"));
    assert!(stdout.contains("B Bishop  colour-bound; 10 (a1) / 14"));
    assert!(stdout.contains("White has 51 legal moves"));
    insta::assert_snapshot!(transcript(&["check", "variants/glinski.hexv"]));
}

#[test]
fn check_reports_errors_with_exit_1() {
    let dir = scratch("errors");
    let path = dir.join("bad.hexv");
    let text = std::fs::read_to_string(root().join("variants/glinski.hexv"))
        .unwrap()
        .replace("K g1", "K g12")
        .replace(
            "promote in far-edge to Q R B N",
            "promote in far-edge to Q R B Nite",
        );
    std::fs::write(&path, text).unwrap();
    let (code, stdout, stderr) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
    assert!(stderr.contains("hexv::resolve::unknown_cell"), "{stderr}");
    assert!(stderr.contains("hexv::resolve::unknown_piece"), "{stderr}");
    assert!(stderr.contains("2 errors"), "{stderr}");
    // Diagnostics are sorted by position: the promotion (line 48) before the setup (line 53).
    let promote = stderr.find("unknown piece").unwrap();
    let cell = stderr.find("no cell `g12`").unwrap();
    assert!(promote < cell);
}

#[test]
fn check_json_lists_diagnostics_with_lines_and_columns() {
    let dir = scratch("json");
    let path = dir.join("bad.hexv");
    let text = std::fs::read_to_string(root().join("variants/glinski.hexv"))
        .unwrap()
        .replace("ride orthogonal\n", "ride orthogonl\n");
    std::fs::write(&path, text).unwrap();
    let (code, stdout, _) = run(&["check", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("valid JSON");
    let d = &json[0];
    assert_eq!(d["code"], "hexv::resolve::unknown_direction");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["help"], "did you mean `orthogonal`?");
    assert_eq!(d["spans"][0]["text"], "orthogonl");
    assert_eq!(d["spans"][0]["line"], 32);
    assert_eq!(d["spans"][0]["column"], 8);
    assert_eq!(d["spans"][0]["primary"], true);
    let (code, stdout, _) = run(&["check", "--format", "json", "variants/glinski.hexv"]);
    assert_eq!((code, stdout.trim()), (0, "[]"));
}

#[test]
fn io_and_usage_errors_exit_2() {
    insta::assert_snapshot!("missing_file", transcript(&["check", "no/such/file.hexv"]));
    insta::assert_snapshot!("directory", transcript(&["check", "variants"]));
    let (code, _, stderr) = run(&["check"]);
    assert_eq!(code, 2, "{stderr}");
    let (code, _, _) = run(&["frobnicate"]);
    assert_eq!(code, 2);
    let (code, _, stderr) = run(&["table", "variants/glinski.hexv", "--piece", "Nite"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no piece `Nite`"), "{stderr}");
    let (code, _, stderr) = run(&["table", "variants/glinski.hexv", "--cell", "ff6"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no cell `ff6`"), "{stderr}");
    assert!(stderr.contains("did you mean `f6`?"), "{stderr}");
}

#[test]
fn not_utf8_is_an_input_error() {
    let dir = scratch("binary");
    let path = dir.join("garbage.hexv");
    std::fs::write(&path, [b'b', b'o', 0xff, 0xfe, 0, 1, 2]).unwrap();
    let (code, _, stderr) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("is not UTF-8 text: invalid byte at line 1, column 3"),
        "{stderr}"
    );
}

#[test]
fn worst_status_wins_over_several_files() {
    let (code, stdout, _) = run(&["check", "variants/glinski.hexv", "no/such.hexv"]);
    assert_eq!(code, 2);
    assert!(stdout.contains("variants/glinski.hexv: ok"));
}

#[test]
fn table_text_for_one_piece_and_cell() {
    insta::assert_snapshot!(transcript(&[
        "table",
        "variants/glinski.hexv",
        "--piece",
        "N",
        "--cell",
        "f6"
    ]));
    insta::assert_snapshot!(transcript(&[
        "table",
        "variants/glinski.hexv",
        "--piece",
        "P",
        "--side",
        "black",
        "--cell",
        "c7"
    ]));
}

#[test]
fn table_json_has_the_documented_shape() {
    let (code, stdout, _) = run(&["table", "variants/glinski.hexv", "--format", "json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("valid JSON");
    assert_eq!(json["format"], "hexv-tables-2");
    assert_eq!(json["variant"], "Glinski's Hexagonal Chess");
    assert_eq!(json["cells"].as_array().unwrap().len(), 91);
    let pieces = json["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 6);
    let rook = pieces.iter().find(|p| p["symbol"] == "R").unwrap();
    assert_eq!(rook["name"], "Rook");
    let from_f6 = rook["moves"]["white"]["f6"].as_array().unwrap();
    assert_eq!(from_f6.len(), 6);
    let up = from_f6.iter().find(|e| e["path"][0] == "f7").unwrap();
    assert_eq!(
        up["path"],
        serde_json::json!(["f7", "f8", "f9", "f10", "f11"])
    );
    assert_eq!(up["move"], true);
    assert_eq!(up["capture"], true);
    assert!(up.get("when").is_none());
    let pawn = pieces.iter().find(|p| p["symbol"] == "P").unwrap();
    let double = pawn["moves"]["white"]["e4"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["when"] == "multi-step")
        .expect("double step from a start cell");
    assert_eq!(double["path"], serde_json::json!(["e5", "e6"]));
    assert_eq!(
        (double["move"].as_bool(), double["capture"].as_bool()),
        (Some(true), Some(false))
    );
    // Black's pawns move down.
    let black = pawn["moves"]["black"]["e7"].as_array().unwrap();
    assert!(black
        .iter()
        .any(|e| e["path"] == serde_json::json!(["e6", "e5"]) && e["when"] == "multi-step"));
}

#[test]
fn table_json_selection() {
    let (code, stdout, _) = run(&[
        "table",
        "variants/glinski.hexv",
        "--format",
        "json",
        "--piece",
        "King",
        "--side",
        "white",
        "--cell",
        "a1",
    ]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let king = &json["pieces"][0];
    assert_eq!(king["symbol"], "K");
    assert!(king["moves"].get("black").is_none());
    let entries = king["moves"]["white"]["a1"].as_array().unwrap();
    let mut cells: Vec<&str> = entries
        .iter()
        .map(|e| e["path"][0].as_str().unwrap())
        .collect();
    cells.sort();
    // Edge neighbours a2 b1 b2; diagonals b3 (1 o'clock) and c2 (3 o'clock).
    assert_eq!(cells, ["a2", "b1", "b2", "b3", "c2"]);
    // The selection restricts only the pieces and their moves: the rest of the variant is
    // whole (hexv-tables-2, tests/hexv/json_variant.rs).
    assert_eq!(json["pieces"].as_array().unwrap().len(), 1);
    assert_eq!(king["moves"]["white"].as_object().unwrap().len(), 1);
    assert_eq!(json["cells"].as_array().unwrap().len(), 91);
    assert_eq!(json["board"]["cells"].as_array().unwrap().len(), 91);
    assert_eq!(json["setup"]["white"].as_object().unwrap().len(), 18);
    assert_eq!(json["zones"].as_object().unwrap().len(), 2);
}

#[test]
fn perft_prints_the_total_last() {
    let (code, stdout, _) = run(&["perft", "variants/glinski.hexv", "--depth", "2"]);
    assert_eq!((code, stdout.as_str()), (0, "2586\n"));
    let (code, stdout, _) = run(&["perft", "variants/glinski.hexv", "--depth", "2", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.last(), Some(&"2586"));
    let per_move: Vec<(&str, u64)> = lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .map(|(m, n)| (m, n.parse().expect("count")))
        .collect();
    assert_eq!(per_move.len(), 51);
    assert_eq!(per_move.iter().map(|(_, n)| n).sum::<u64>(), 2586);
    // The k-pawn's double step neither blocks nor opens a Black line: Black keeps 51 replies.
    assert!(per_move.contains(&("k1-k3", 51)));
}

/// `--threads`, `--hash` and `--verify` give the same counts; `--format json` gives the total
/// and each move's count for another program to diff against its own.
#[test]
fn perft_threads_table_and_json() {
    for extra in [
        &["--threads", "1"][..],
        &["--threads", "3", "--hash", "2"],
        &["--verify"],
    ] {
        let mut args = vec!["perft", "variants/glinski.hexv", "--depth", "3"];
        args.extend_from_slice(extra);
        let (code, stdout, stderr) = run(&args);
        assert_eq!(
            (code, stdout.as_str()),
            (0, "137858\n"),
            "{extra:?}: {stderr}"
        );
    }
    let (code, stdout, stderr) = run(&[
        "perft",
        "variants/glinski.hexv",
        "--depth",
        "3",
        "--threads",
        "2",
        "--hash",
        "1",
        "--verify",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("one JSON object");
    assert_eq!(json["format"], "hexv-perft-1");
    assert_eq!(json["depth"], 3);
    assert_eq!(json["total"], 137_858);
    assert_eq!(json["threads"], 2);
    assert_eq!(json["hash_mb"], 1);
    assert_eq!(json["verified"], true);
    let moves = json["moves"].as_object().expect("moves");
    assert_eq!(moves.len(), 51);
    assert_eq!(
        moves
            .values()
            .map(|n| n.as_u64().expect("a count"))
            .sum::<u64>(),
        137_858
    );
    // The same counts as `--divide`'s lines.
    let (_, divided, _) = run(&["perft", "variants/glinski.hexv", "--depth", "3", "--divide"]);
    for line in divided.lines().filter(|l| l.contains(": ")) {
        let (m, n) = line.split_once(": ").expect("MOVE: COUNT");
        assert_eq!(moves[m].as_u64(), Some(n.parse().expect("count")), "{m}");
    }
    // Bad values are refused before counting.
    for bad in [
        &["--threads", "0"][..],
        &["--hash", "999999999"],
        &["--format", "xml"],
    ] {
        let mut args = vec!["perft", "variants/glinski.hexv", "--depth", "1"];
        args.extend_from_slice(bad);
        let (code, _, stderr) = run(&args);
        assert_eq!(code, 2, "{bad:?}: {stderr}");
    }
}

/// `--time-limit` ends a count that would take hours with exit status 3 and says how far it
/// got; piped, no progress is drawn (stderr holds only the message), and a count within its
/// limit is the same as without one.
#[test]
fn perft_stops_at_its_time_limit() {
    let (code, stdout, stderr) = run(&[
        "perft",
        "variants/glinski.hexv",
        "--depth",
        "9",
        "--time-limit",
        "0.2",
    ]);
    assert_eq!(code, 3, "{stderr}");
    assert_eq!(stdout, "");
    assert!(
        stderr.starts_with("error: the time limit was reached after "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let (code, stdout, stderr) = run(&[
        "perft",
        "variants/glinski.hexv",
        "--depth",
        "3",
        "--time-limit",
        "3600",
    ]);
    assert_eq!(
        (code, stdout.as_str(), stderr.as_str()),
        (0, "137858\n", "")
    );
    let (code, _, stderr) = run(&[
        "perft",
        "variants/glinski.hexv",
        "--depth",
        "2",
        "--time-limit",
        "0",
    ]);
    assert_eq!(code, 2, "{stderr}");
    // At depth 1 `--divide` lists every move with its one leaf.
    let (_, stdout, _) = run(&["perft", "variants/dagger.hexv", "--depth", "1", "--divide"]);
    assert_eq!(stdout.lines().filter(|l| l.ends_with(": 1")).count(), 13);
}

#[test]
fn perft_and_moves_after_moves() {
    let (code, stdout, _) = run(&[
        "perft",
        "variants/glinski.hexv",
        "--depth",
        "1",
        "--moves",
        "e4-e6 d7-d5",
    ]);
    assert_eq!(code, 0);
    let (_, listed, _) = run(&["moves", "variants/glinski.hexv", "--moves", "e4-e6 d7-d5"]);
    assert_eq!(
        stdout.trim().parse::<usize>().unwrap(),
        listed.lines().count()
    );
    assert!(listed.lines().any(|m| m == "e6xd6"), "en passant is listed");
    let (code, _, stderr) = run(&["moves", "variants/glinski.hexv", "--moves", "e4-e6 e4-e5"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: move 2: the side to move has no piece on `e4`\n"
    );
    let (code, _, _) = run(&["perft", "variants/glinski.hexv", "--depth", "99"]);
    assert_eq!(code, 2);
}

#[test]
fn diagram_draws_like_the_rule_text() {
    // Reviewed against the Glinski text's KING drawing: the same 12 cells around f6.
    insta::assert_snapshot!(transcript(&[
        "diagram",
        "variants/glinski.hexv",
        "--piece",
        "K",
        "--at",
        "f6"
    ]));
    // Reviewed against the Glinski text's opening setup (which writes Black in upper case; hexv
    // writes White in upper case, as FEN does).
    insta::assert_snapshot!(transcript(&["diagram", "variants/glinski.hexv", "--setup"]));
    let (code, _, stderr) = run(&[
        "diagram",
        "variants/glinski.hexv",
        "--piece",
        "K",
        "--at",
        "ff6",
    ]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("no cell `ff6` on the board (did you mean `f6`?)"),
        "{stderr}"
    );
    let (code, _, _) = run(&["diagram", "variants/glinski.hexv", "--piece", "K"]);
    assert_eq!(code, 2, "--piece needs --at");
}

/// `hexv diagram` labels the files and ranks: the king put on an edge cell stands on the
/// line of its rank's number and above its file's letter (Glinski's a1, Brusky's d8 at the
/// top of the turned board, Chessagon's corner d1); `--no-coordinates` leaves the drawing
/// alone.
#[test]
fn diagram_coordinates_name_the_cell_of_the_piece() {
    for (file, at, rank, file_letter) in [
        ("variants/glinski.hexv", "a1", "1", "a"),
        ("variants/glinski.hexv", "f11", "11", "f"),
        ("variants/brusky.hexv", "d8", "8", "d"),
        ("variants/chessagon.hexv", "d1", "1", "d"),
    ] {
        // A pointy board turned, so its files are the drawing's columns.
        let turned = file.contains("brusky").then_some("--turned");
        let mut args = vec!["diagram", file, "--piece", "K", "--at", at];
        args.extend(turned);
        let (code, out, _) = run(&args);
        assert_eq!(code, 0, "{out}");
        let lines: Vec<&str> = out.lines().collect();
        let (row, col) = lines
            .iter()
            .enumerate()
            .find_map(|(r, l)| l.find('K').map(|c| (r, c)))
            .expect("the king is drawn");
        assert_eq!(
            lines[row].split_whitespace().next(),
            Some(rank),
            "{file} {at}:\n{out}"
        );
        let under: String = lines[lines.len() - 1]
            .chars()
            .skip(col)
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        assert_eq!(under, file_letter, "{file} {at}:\n{out}");
        let (_, plain, _) = run(&[
            "diagram",
            file,
            "--piece",
            "K",
            "--at",
            at,
            "--no-coordinates",
        ]);
        assert!(
            plain
                .lines()
                .all(|l| !l.split_whitespace().any(|w| w == rank)),
            "{file} {at}: no labels without coordinates:\n{plain}"
        );
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    // Like `hexv table ... | head -c 10`: the JSON is far larger than a pipe's buffer.
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexv"))
        .args(["table", "variants/glinski.hexv", "--format", "json"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hexv runs");
    let mut stdout = child.stdout.take().expect("piped");
    let mut first = [0u8; 10];
    stdout.read_exact(&mut first).expect("some output");
    drop(stdout);
    let out = child.wait_with_output().expect("hexv ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn table_json_lists_entries_from_off_board_cells_and_drops() {
    let (code, stdout, _) = run(&[
        "table",
        "variants/dagger.hexv",
        "--format",
        "json",
        "--piece",
        "N",
        "--side",
        "white",
    ]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        json["off_board"],
        serde_json::json!(["a0", "a2", "n0", "n2"])
    );
    assert_eq!(json["cells"].as_array().unwrap().len(), 39);
    let from_a0 = json["pieces"][0]["moves"]["white"]["a0"]
        .as_array()
        .unwrap();
    let mut entries: Vec<(String, bool, bool)> = from_a0
        .iter()
        .map(|e| {
            assert_eq!(e["when"], "entry");
            (
                e["path"][0].as_str().unwrap().to_string(),
                e["move"].as_bool().unwrap(),
                e["capture"].as_bool().unwrap(),
            )
        })
        .collect();
    entries.sort();
    // Seed 002: from "a0" a knight moves or captures to d1, d2 or c3; it may also be placed
    // on the empty back cell a1 (never a capture there).
    let e = |c: &str, capture| (c.to_string(), true, capture);
    assert_eq!(
        entries,
        [e("a1", false), e("c3", true), e("d1", true), e("d2", true)]
    );

    let (code, stdout, _) = run(&[
        "table",
        "variants/hex-shogi-91.hexv",
        "--format",
        "json",
        "--piece",
        "N",
        "--side",
        "white",
    ]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert!(json.get("off_board").is_none());
    let drops = json["pieces"][0]["moves"]["white"]["(hand)"]
        .as_array()
        .unwrap();
    assert!(drops.iter().all(|e| e["when"] == "drop"
        && e["move"] == true
        && e["capture"] == false
        && e["path"].as_array().unwrap().len() == 1));
    // A knight may be dropped anywhere but the last two ranks (a, b): 91 - 6 - 7 cells.
    assert_eq!(drops.len(), 78);
    assert!(!drops.iter().any(|e| {
        let c = e["path"][0].as_str().unwrap();
        c.ends_with('a') || c.ends_with('b')
    }));
    // Promoted pieces are never in a hand.
    let (_, stdout, _) = run(&[
        "table",
        "variants/hex-shogi-91.hexv",
        "--format",
        "json",
        "--piece",
        "+N",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert!(json["pieces"][0]["moves"]["white"].get("(hand)").is_none());
}

/// Runs `hexv play` with the given lines typed in: its exit status and what it printed.
pub fn play(args: &[&str], typed: &str) -> (i32, String) {
    play_bytes(args, typed.as_bytes())
}

fn play_bytes(args: &[&str], typed: &[u8]) -> (i32, String) {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let (code, stdout, _) = run_with_input(&all, typed);
    (code, stdout)
}

#[test]
fn play_refuses_illegal_moves_and_announces_the_end() {
    // Black's king on a1, White's on a3, White's queen on b4: b4-a2 mates (the queen, guarded
    // by the king, takes a2, b1, b2, b3 and c2 from the king).
    let (code, out) = play(
        &[
            "variants/glinski.hexv",
            "--position",
            "k1K3/3Q3/8/9/10/11/10/9/8/7/6 w",
        ],
        "e4-e7\nb4-a2\n",
    );
    // The exit status tells the result: White won.
    assert_eq!(code, 10, "{out}");
    assert!(
        out.contains("Refused: the side to move has no piece on `e4`"),
        "{out}"
    );
    // Mate is marked after the move.
    assert!(out.contains("White plays b4-a2#."), "{out}");
    assert!(out.contains("Checkmate: White wins.\nResult: 1-0"), "{out}");
    // The board is drawn with its coordinates, twice: at the start and after the mate.
    assert_eq!(out.matches("  a   b   c   d   e").count(), 2, "{out}");

    // Check is announced, a move into check refused, and the game can be left.
    let (code, out) = play(
        &["variants/glinski.hexv"],
        "f5-f6\ne7-e6\nmoves\nundo\nundo\nquit\n",
    );
    assert_eq!(code, 0, "a game left unfinished: {out}");
    assert!(out.contains("White plays f5-f6."), "{out}");
    assert!(out.contains("Black plays e7-e6."), "{out}");
    assert!(out.contains("Game left unfinished."), "{out}");
    let (code, out) = play(&["variants/koval.hexv"], "resign\n");
    assert!(out.contains("White resigns.\nResult: 0-1"), "{out}");
    assert_eq!(code, 11, "Black won: {out}");
    // A stalemate in Glinski's rules is worth 3/4 to the stalemating side: more than half,
    // so the status is White's. Black's king on a1, White's king on a3 and queen on a4:
    // a4-e4 leaves the king no move and no check.
    let (code, out) = play(
        &[
            "variants/glinski.hexv",
            "--position",
            "k1KQ2/7/8/9/10/11/10/9/8/7/6 w",
        ],
        "a4-e4\n",
    );
    assert!(out.contains("Black is stalemated."), "{out}");
    assert!(out.contains("Result: 3/4-1/4"), "{out}");
    assert_eq!(code, 10, "{out}");
}

/// A line of a million characters and a line that is not UTF-8 are refused, and the game
/// goes on (a non-UTF-8 line used to end it silently; a long line was kept four times over).
#[test]
fn play_refuses_overlong_and_non_utf8_lines_and_goes_on() {
    let mut typed = "x".repeat(1_000_000).into_bytes();
    typed.extend_from_slice(b"\n\xff\xfe f5-f6\nf5-f6\nquit\n");
    let (_, out) = play_bytes(&["variants/glinski.hexv"], &typed);
    assert!(
        out.contains("Refused: the line is longer than 1024 bytes"),
        "{}",
        &out[..out.len().min(2000)]
    );
    assert!(out.contains("Refused: the line is not UTF-8 text"), "{out}");
    assert!(out.contains("White plays f5-f6."), "{out}");
    assert!(out.contains("Game left unfinished."), "{out}");
}

/// `hexv play --engine`: the engine answers each move with a legal one, `undo` takes back
/// both, and `help` lists the commands.
#[test]
fn play_against_the_engine() {
    let (_, out) = play_bytes(
        &["variants/glinski.hexv", "--engine", "--depth", "2"],
        b"help\nf5-f6\nundo\ne4-e5\nquit\n",
    );
    assert!(out.contains("  undo    take back the last move"), "{out}");
    let replies: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("Black plays "))
        .collect();
    assert_eq!(replies.len(), 2, "{out}");
    // Each reply is legal after the human's move (the first was taken back by `undo`).
    let game = crate::support::game("variants/glinski.hexv");
    for (human, reply) in ["f5-f6", "e4-e5"].iter().zip(&replies) {
        let reply = reply
            .split(' ')
            .next()
            .unwrap()
            .trim_end_matches(['.', '+']);
        let pos = game.play_moves(&game.start_position(), human).unwrap();
        assert!(game.parse_move(&pos, reply).is_ok(), "{human} {reply}");
    }
    assert!(out.contains("Black (hexv) thinks..."), "{out}");
    // As Black: the engine opens.
    let (_, out) = play_bytes(
        &[
            "variants/glinski.hexv",
            "--engine",
            "--side",
            "black",
            "--depth",
            "1",
        ],
        b"quit\n",
    );
    assert!(out.contains("White plays "), "{out}");
}

/// The board drawn after `mover plays MOVE.`, up to the next prompt.
fn drawing_after<'a>(out: &'a str, echo: &str) -> &'a str {
    let from = out.find(echo).expect("the move is echoed") + echo.len();
    let rest = &out[from..];
    &rest[..rest.find(" to move>").expect("a prompt follows")]
}

/// After each move the board marks it: `[P]` where the piece landed and `.` where it came
/// from (on triangle boards, with two characters a cell, `:` where it came from).
#[test]
fn play_marks_the_last_move_on_the_board() {
    use hexv::render::ascii;
    let game = crate::support::game("variants/glinski.hexv");
    let board = game.variant.board();
    let (_, out) = play(&["variants/glinski.hexv"], "f5-f6\ne7-e6\nquit\n");
    let marked = |drawing: &str, label: &str| -> Vec<String> {
        ascii::read(board, drawing)
            .into_iter()
            .filter(|(_, l)| l == label)
            .map(|(c, _)| board.name(c).to_string())
            .collect()
    };
    let after_white = drawing_after(&out, "White plays f5-f6.");
    assert_eq!(marked(after_white, "[P]"), ["f6"], "{after_white}");
    assert_eq!(marked(after_white, "."), ["f5"], "{after_white}");
    let after_black = drawing_after(&out, "Black plays e7-e6.");
    assert_eq!(marked(after_black, "[p]"), ["e6"], "{after_black}");
    assert_eq!(marked(after_black, "."), ["e7"], "{after_black}");
    assert!(marked(after_black, "[P]").is_empty(), "only the last move");

    let game = crate::support::game("variants/chessagon.hexv");
    let board = game.variant.board();
    let first = game.legal_moves(&game.start_position())[0];
    let written = game.format_move(&game.start_position(), &first);
    let (_, out) = play(&["variants/chessagon.hexv"], &format!("{written}\nquit\n"));
    let drawing = drawing_after(&out, &format!("White plays {written}."));
    let from: Vec<_> = ascii::read(board, drawing)
        .into_iter()
        .filter(|(_, l)| l == ":")
        .map(|(c, _)| c)
        .collect();
    assert_eq!(
        from,
        [first.from.expect("a move on the board")],
        "{drawing}"
    );
}

#[test]
fn completions_and_the_manual_are_generated() {
    let (code, script, _) = run(&["completions", "bash"]);
    assert_eq!(code, 0);
    for word in ["check", "fmt", "diagram", "selfplay", "--check", "--format"] {
        assert!(script.contains(word), "bash completion lacks {word}");
    }
    // The script is valid bash.
    let dir = scratch("completions");
    let path = dir.join("hexv.bash");
    std::fs::write(&path, &script).expect("write");
    let syntax = std::process::Command::new("bash")
        .arg("-n")
        .arg(&path)
        .status()
        .expect("bash runs");
    assert!(syntax.success());
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let (code, script, _) = run(&["completions", shell]);
        assert_eq!(code, 0, "{shell}");
        assert!(script.contains("selfplay"), "{shell}");
    }
    let (code, _, stderr) = run(&["completions", "tcsh"]);
    assert_eq!(code, 2, "{stderr}");
    let (code, page, _) = run(&["man"]);
    assert_eq!(code, 0);
    assert!(page.contains(".TH hexv 1"), "{page}");
    for word in ["check", "fmt", "perft", "engine"] {
        assert!(page.contains(word), "the manual lacks {word}");
    }
}

#[test]
fn analyse_with_threads_reports_every_depth_and_a_legal_move() {
    let (code, stdout, stderr) = run(&[
        "analyse",
        "variants/mini-hexchess.hexv",
        "--depth",
        "8",
        "--threads",
        "2",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let depths: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("depth "))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(depths, ["1", "2", "3", "4", "5", "6", "7", "8"], "{stdout}");
    let best = stdout
        .lines()
        .last()
        .unwrap()
        .strip_prefix("best ")
        .unwrap();
    let game = crate::support::game("variants/mini-hexchess.hexv");
    assert!(
        game.parse_move(&game.start_position(), best).is_ok(),
        "{best}"
    );
    // No thread at all is not a number of threads.
    let (code, _, stderr) = run(&["analyse", "variants/mini-hexchess.hexv", "--threads", "0"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--threads"), "{stderr}");
}
