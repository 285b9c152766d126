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
    let cases: [(&[&str], &str); 9] = [
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
        (
            &["--draw", "score=x"],
            "--draw `score=x`: `x` is not a whole number",
        ),
        (
            &["--resign", "movecount=2,margin=5"],
            "--resign: `margin` is not one of movecount, score",
        ),
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

const WELLISCH: &str = "variants/wellisch.hexv";

/// Three sides: a round plays one opening three times, the first engine once in each seat and
/// the second in the other two; the report counts rounds, the even share and each seat, and
/// the PGN names every seat's player and replays whole.
#[test]
fn a_match_of_three_sides_plays_rounds_with_the_first_engine_in_every_seat() {
    let dir = scratch("match-three");
    let pgn = dir.join("games.pgn");
    let pgn = pgn.to_str().expect("UTF-8");
    let (code, out, stderr) = run(&[
        "match",
        WELLISCH,
        "--first-limit",
        "depth=2",
        "--second-limit",
        "depth=1",
        "--rounds",
        "2",
        "--max-plies",
        "40",
        "--pgn",
        pgn,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let r = json(&out);
    assert_eq!(
        (
            r["rounds"].as_u64(),
            r["games"].as_u64(),
            r["seats"].as_u64()
        ),
        (Some(2), Some(6), Some(3)),
        "{r}"
    );
    assert!(
        r.get("pairs").is_none() && r.get("pentanomial").is_none(),
        "{r}"
    );
    assert!((r["even_share"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-12);
    let bins: Vec<u64> = r["round_points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap())
        .collect();
    assert_eq!(bins.len(), 7, "0 to 3 points in halves");
    assert_eq!(bins.iter().sum::<u64>(), 2);
    let (w, d, l) = (
        r["wins"].as_u64().unwrap(),
        r["draws"].as_u64().unwrap(),
        r["losses"].as_u64().unwrap(),
    );
    assert_eq!(w + d + l, 6);
    // The score is the mean of the seats' scores (each seat played twice).
    let seats = r["seat_scores"].as_object().expect("by seat");
    let names: Vec<&str> = seats.keys().map(String::as_str).collect();
    assert_eq!(names.len(), 3);
    for side in ["white", "black", "red"] {
        assert!(seats[side].is_f64(), "{r}");
    }
    let mean = seats.values().map(|v| v.as_f64().unwrap()).sum::<f64>() / 3.0;
    assert!((mean - r["score"].as_f64().unwrap()).abs() < 1e-9, "{r}");
    let text = std::fs::read_to_string(pgn).expect("the games were written");
    assert_eq!(text.matches("[Event \"hexv match\"]").count(), 6);
    for tag in ["White", "Black", "Red"] {
        assert_eq!(
            text.matches(&format!("[{tag} \"first\"]")).count(),
            2,
            "the first engine in the {tag} seat once a round: {text}"
        );
        assert_eq!(text.matches(&format!("[{tag} \"second\"]")).count(), 4);
    }
    let (code, checked, stderr) = run(&["pgn", "check", pgn, "--variant", WELLISCH]);
    assert_eq!(code, 0, "{checked}{stderr}");
    assert!(
        checked.contains("6 games read, 6 replay to the end, 0 moves unresolved"),
        "{checked}"
    );
    // The text report: the seats and the rounds by half points.
    let (code, out, stderr) = run(&[
        "match",
        WELLISCH,
        "--limit",
        "depth=1",
        "--rounds",
        "1",
        "--max-plies",
        "6",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        out.contains("in one seat of 3, second (depth=1) in the others, 1 round (3 games)"),
        "{out}"
    );
    // Six plies end every game at the ply limit with all three sides in: a third each.
    assert!(
        out.contains("first scores 33.3% (an even share is 33.3%): 0 wins, 3 shared, 0 losses"),
        "{out}"
    );
    assert!(
        out.contains("first by seat: white 33.3%, black 33.3%, red 33.3%"),
        "{out}"
    );
    assert!(
        out.contains("rounds by points (0, 1/2, 1, 3/2, 2, 5/2, 3): 0 0 1 0 0 0 0"),
        "{out}"
    );
}

/// A forfeit in a game of three sides: the engine at fault scores nothing, the other engine's
/// seats share the point; each seat keeps its own clock, sent by the sides' names.
#[test]
fn a_three_sided_match_forfeits_and_keeps_every_seats_clock() {
    let dir = scratch("match-three-forfeits");
    let liar = script_engine(&dir, "liar", "echo 'bestmove zz1zz2'");
    let pgn = dir.join("liar.pgn");
    let (code, out, stderr) = run(&[
        "match",
        WELLISCH,
        "--first",
        &liar,
        "--first-name",
        "liar",
        "--limit",
        "depth=1",
        "--rounds",
        "1",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        out.contains("liar scores 0.0% (an even share is 33.3%): 0 wins, 0 shared, 3 losses"),
        "{out}"
    );
    assert!(out.contains("forfeits: liar 3, second 0"), "{out}");
    let games = std::fs::read_to_string(&pgn).unwrap();
    // White's, Black's and Red's forfeits: the other two seats halve the point.
    for result in ["0-1/2-1/2", "1/2-0-1/2", "1/2-1/2-0"] {
        assert_eq!(
            games.matches(&format!("[Result \"{result}\"]")).count(),
            1,
            "{games}"
        );
    }
    // The second engine writes down every `go` it is sent and gives no move: it forfeits
    // its first turn, as Black in the first game, which the first engine opens as White.
    let log = dir.join("go.txt");
    let logger = script_engine(
        &dir,
        "logger",
        &format!("echo \"$line\" >> {}; echo 'bestmove 0000'", log.display()),
    );
    let (code, out, stderr) = run(&[
        "match",
        WELLISCH,
        "--second",
        &logger,
        "--limit",
        "tc=1+0.02",
        "--first-limit",
        "depth=1",
        "--second-limit",
        "tc=1+0.02",
        "--rounds",
        "1",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(out.contains("first scores 100.0%"), "{out}");
    let said = std::fs::read_to_string(&log).unwrap();
    let first = said.lines().next().expect("a go line");
    assert_eq!(
        first, "go time white 0 inc white 20 time black 1000 inc black 20 time red 1000 inc red 20",
        "the depth-limited first engine has no clock; both of the second's seats start at 1 s"
    );
}

/// `--balanced`: a match from even random openings plays its pairs; it cannot be given with a
/// book, and its depth not without it.
#[test]
fn a_match_from_balanced_openings() {
    let dir = scratch("match-balanced");
    let pgn = dir.join("games.pgn");
    let pgn = pgn.to_str().expect("UTF-8");
    let (code, out, stderr) = run(&[
        "match",
        MINI,
        "--limit",
        "depth=1",
        "--pairs",
        "2",
        "--random-plies",
        "6",
        "--balanced",
        "40",
        "--balance-depth",
        "3",
        "--pgn",
        pgn,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(json(&out)["games"].as_u64(), Some(4));
    let text = std::fs::read_to_string(pgn).expect("the games were written");
    assert_eq!(text.matches("[OpeningPlies \"6\"]").count(), 4);
    let book = dir.join("book.txt");
    std::fs::write(&book, "e2e3\n").expect("written");
    let (code, _, stderr) = run(&[
        "match",
        MINI,
        "--balanced",
        "40",
        "--book",
        book.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--book"), "{stderr}");
    let (code, _, stderr) = run(&["match", MINI, "--balance-depth", "3"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--balanced"), "{stderr}");
}

/// `--resign`: games both engines score won by 400 centipawns for two moves in a row end
/// there, scored to the side they agree on; `--draw` from move 1 with any score within
/// bounds ends every game at the opening's second engine move. Fixed depths: the same games
/// on every run.
#[test]
fn a_match_adjudicates_on_the_engines_scores() {
    let dir = scratch("match-adjudicate");
    let pgn = dir.join("won.pgn");
    let pgn = pgn.to_str().expect("UTF-8");
    let (code, out, stderr) = run(&[
        "match",
        MINI,
        "--limit",
        "depth=4",
        "--pairs",
        "4",
        "--resign",
        "movecount=2,score=400",
        "--pgn",
        pgn,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let r = json(&out);
    let adjudicated = r["endings"]["adjudicated-win"].as_u64().unwrap_or(0);
    assert!(adjudicated >= 2, "{out}");
    let text = std::fs::read_to_string(pgn).expect("the games were written");
    let games: Vec<&str> = text.split("[Event ").skip(1).collect();
    let won: Vec<&&str> = games
        .iter()
        .filter(|g| g.contains("adjudication: both engines scored it won by"))
        .collect();
    assert_eq!(won.len() as u64, adjudicated);
    for g in won {
        let white = g.contains("won by white");
        let result = if white { "1-0" } else { "0-1" };
        assert!(g.contains(&format!("[Result \"{result}\"]")), "{g}");
    }
    let (code, checked, stderr) = run(&["pgn", "check", pgn, "--variant", MINI]);
    assert_eq!(code, 0, "{checked}{stderr}");
    // Each engine move is commented with its score, depth and time (`{+1.77/4 0.002s}`);
    // the opening's four random moves are not.
    for g in &games {
        let movetext = g.split("\n\n").nth(1).expect("movetext");
        let comments: Vec<&str> = movetext
            .split('{')
            .skip(1)
            .map(|c| c.split('}').next().unwrap())
            .collect();
        let before_first = movetext.split('{').next().unwrap();
        assert!(before_first.contains("3. "), "{g}");
        assert!(!comments.is_empty(), "{g}");
        for c in comments {
            let (score, time) = c.split_once(' ').expect("score and time");
            let (value, depth) = score.split_once('/').expect("score/depth");
            assert_eq!(depth, "4", "{c}");
            assert!(
                value.starts_with(['+', '-'])
                    && value[1..].replace(['.', 'M'], "").parse::<u32>().is_ok(),
                "{c}"
            );
            assert!(
                time.ends_with('s') && time[..time.len() - 1].parse::<f64>().is_ok(),
                "{c}"
            );
        }
    }

    let (code, out, stderr) = run(&[
        "match",
        MINI,
        "--limit",
        "depth=2",
        "--pairs",
        "2",
        "--draw",
        "movenumber=1,movecount=1,score=100000",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let r = json(&out);
    assert_eq!(r["draws"].as_u64(), Some(4), "{out}");
    assert_eq!(r["endings"]["adjudicated-draw"].as_u64(), Some(4), "{out}");
    // Four random plies and two engine moves a game.
    assert_eq!(r["mean_plies"].as_f64(), Some(6.0), "{out}");

    let (code, _, stderr) = run(&["match", WELLISCH, "--draw", "--pairs", "1"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("--draw adjudicates games of two sides; Wellisch"),
        "{stderr}"
    );
}
