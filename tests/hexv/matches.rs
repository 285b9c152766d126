//! `hexv match`: two engines in pairs of games, refereed by hexv. Two hexv engines at fixed
//! depths (so every game is the same on every run), and stand-in engines written as shell
//! scripts that lie, die or dawdle, to see the referee forfeit them.

use crate::cli::run;
use crate::support::scratch;

const MINI: &str = "variants/mini-hexchess.hexv";

/// A UCI engine as a shell script that answers the handshake and then does `on_go`.
fn script_engine(dir: &std::path::Path, name: &str, on_go: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    let text = format!(
        "while read -r line; do\n  case \"$line\" in\n    uci) echo \"id name {name}\"; echo uciok;;\n    isready) echo readyok;;\n    go*) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, text).expect("written");
    format!("sh {}", path.display())
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Two pairs between equal engines: four games, each opening played with either colour, the
/// counts adding up, and the PGN file replaying whole with its results.
#[test]
fn a_match_plays_pairs_and_writes_its_games() {
    let dir = scratch("match-pgn");
    let pgn = dir.join("games.pgn");
    let pgn = pgn.to_str().expect("UTF-8");
    let (code, out, stderr) = run(&[
        "match", MINI, "--limit", "depth=1", "--pairs", "2", "--pgn", pgn, "--format", "json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let r = json(&out);
    assert_eq!(
        (r["pairs"].as_u64(), r["games"].as_u64()),
        (Some(2), Some(4))
    );
    let (w, d, l) = (
        r["wins"].as_u64().unwrap(),
        r["draws"].as_u64().unwrap(),
        r["losses"].as_u64().unwrap(),
    );
    assert_eq!(w + d + l, 4);
    let bins: u64 = r["pentanomial"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap())
        .sum();
    assert_eq!(bins, 2);
    assert_eq!(r["first_limit"], "depth=1");
    let text = std::fs::read_to_string(pgn).expect("the games were written");
    assert_eq!(text.matches("[Event \"hexv match\"]").count(), 4);
    // Each pair's two games: the first engine White in one, Black in the other.
    assert_eq!(text.matches("[White \"first\"]").count(), 2);
    assert_eq!(text.matches("[Round \"2\"]").count(), 2);
    let (code, checked, stderr) = run(&["pgn", "check", pgn, "--variant", MINI]);
    assert_eq!(code, 0, "{checked}{stderr}");
    assert!(
        checked.contains("4 games read, 4 replay to the end, 0 moves unresolved"),
        "{checked}"
    );
    // The same file again without --force: refused, the games kept.
    let (code, _, stderr) = run(&[
        "match", MINI, "--limit", "depth=1", "--pairs", "1", "--pgn", pgn,
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(std::fs::read_to_string(pgn).unwrap(), text);
}

/// A clock: both engines told their time left and the increment, no game lost on time.
#[test]
fn a_match_on_the_clock_keeps_time() {
    let (code, out, stderr) = run(&[
        "match",
        MINI,
        "--limit",
        "tc=1+0.02",
        "--pairs",
        "1",
        "--time-margin",
        "2000",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let r = json(&out);
    assert_eq!(r["games"], 2, "{r}");
    assert_eq!(r["forfeits"]["first"], 0, "{r}");
    assert_eq!(r["forfeits"]["second"], 0, "{r}");
    assert_eq!(r["first_limit"], "tc=1+0.02");
    // One pair gives no variance: the interval is unbounded (JSON: null).
    assert!(r["elo_low"].is_null() && r["elo_high"].is_null(), "{r}");
}

/// The SPRT stops a match once it decides: a depth-3 engine against a depth-1 one is
/// stronger (H1 accepted), the other way round weaker (H0 accepted), long before the limit.
#[test]
fn the_sprt_decides_and_stops_the_match() {
    let decide = |first: &str, second: &str| {
        let (code, out, stderr) = run(&[
            "match",
            MINI,
            "--first-limit",
            first,
            "--second-limit",
            second,
            "--pairs",
            "200",
            "--sprt",
            "0,50",
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{stderr}");
        json(&out)
    };
    let stronger = decide("depth=3", "depth=1");
    assert_eq!(stronger["sprt"]["verdict"], "H1 accepted", "{stronger}");
    assert!(stronger["pairs"].as_u64().unwrap() < 200);
    assert!(
        stronger["sprt"]["llr"].as_f64().unwrap() >= stronger["sprt"]["upper"].as_f64().unwrap()
    );
    assert!(stronger["elo_low"].as_f64().unwrap() > 0.0, "{stronger}");
    let weaker = decide("depth=1", "depth=3");
    assert_eq!(weaker["sprt"]["verdict"], "H0 accepted", "{weaker}");
    assert!(weaker["score"].as_f64().unwrap() < 0.5);
}

/// An engine that answers with a move that is not legal, one that dies when asked to move,
/// and one that overruns its time all lose every game by forfeit; each is started again for
/// the next game, and the report counts the forfeits.
#[test]
fn the_referee_forfeits_illegal_moves_deaths_and_time_losses() {
    let dir = scratch("match-forfeits");
    let cases = [
        ("liar", "echo 'bestmove zz1zz2'", "illegal move"),
        ("quitter", "exit 3", "its engine failed"),
        ("dawdler", "sleep 1; echo 'bestmove 0000'", "lost on time"),
    ];
    for (name, on_go, why) in cases {
        let pgn = dir.join(format!("{name}.pgn"));
        let (code, out, stderr) = run(&[
            "match",
            MINI,
            "--second",
            &script_engine(&dir, name, on_go),
            "--second-name",
            name,
            "--limit",
            "movetime=50",
            "--first-limit",
            "depth=1",
            "--time-margin",
            "100",
            "--pairs",
            "2",
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{name}: {stderr}");
        assert!(out.contains("first scores 100.0%: 4 wins"), "{name}: {out}");
        assert!(
            out.contains(&format!("forfeits: first 0, {name} 4")),
            "{name}: {out}"
        );
        let games = std::fs::read_to_string(&pgn).unwrap();
        assert_eq!(games.matches(why).count(), 4, "{name}: {games}");
    }
}

/// Wrong engines, limits, SPRT bounds, books and outputs are refused before a game is played.
#[test]
fn a_match_refuses_what_it_cannot_play() {
    let dir = scratch("match-refusals");
    let book = dir.join("book.txt");
    std::fs::write(&book, "# openings\nc2-c3 d5-d4\nc2-c3 c2-c3\n").unwrap();
    let book = book.to_str().unwrap();
    let cases: [(&[&str], &str); 7] = [
        (
            &["--second", "/no/such/engine"],
            "cannot start `/no/such/engine`",
        ),
        (&["--first-limit", "speed=3"], "`speed` is not a limit"),
        (&["--sprt", "5,0"], "elo0 (5) must be below elo1 (0)"),
        (
            &["--sprt", "0,5", "--alpha", "0.9"],
            "alpha (0.9) must lie between 0 and 0.5",
        ),
        (&["--book", book], "book.txt:3: "),
        (&["--pgn", MINI], "--pgn"),
        (&["--book", book, "--pgn", book], "--pgn"),
    ];
    for (extra, expected) in cases {
        let mut args = vec!["match", MINI, "--limit", "depth=1", "--pairs", "1"];
        args.extend_from_slice(extra);
        let (code, out, stderr) = run(&args);
        assert_eq!(code, 2, "{extra:?}: {out}{stderr}");
        assert!(stderr.contains(expected), "{extra:?}: {stderr}");
        assert!(out.is_empty(), "{extra:?}: {out}");
    }
    assert!(
        std::fs::read_to_string(book)
            .unwrap()
            .starts_with("# openings"),
        "the book is untouched"
    );
    assert!(
        std::fs::read_to_string(crate::support::root().join(MINI))
            .unwrap()
            .contains("variant"),
        "the variant file is untouched"
    );
}

/// A book's openings are played in order, each by both colours.
#[test]
fn a_book_gives_each_pair_its_opening() {
    let dir = scratch("match-book");
    let book = dir.join("book.txt");
    // Two openings, the second in the compact notation other engines write.
    std::fs::write(&book, "c2-c3 d5-d4   # a comment\n\nc2c3 e5e4\n").unwrap();
    let pgn = dir.join("games.pgn");
    let (code, _, stderr) = run(&[
        "match",
        MINI,
        "--limit",
        "depth=1",
        "--pairs",
        "3",
        "--book",
        book.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let games = std::fs::read_to_string(&pgn).unwrap();
    let openings: Vec<&str> = games
        .split("[Event")
        .skip(1)
        .map(|g| {
            let moves = g.split("\n\n").nth(1).unwrap_or("");
            if moves.starts_with("1. c3 d4") {
                "first"
            } else if moves.starts_with("1. c3 e4") {
                "second"
            } else {
                "other"
            }
        })
        .collect();
    // Pairs 1 and 3 play the first line, pair 2 the second.
    assert_eq!(
        openings,
        ["first", "first", "second", "second", "first", "first"],
        "{games}"
    );
}
