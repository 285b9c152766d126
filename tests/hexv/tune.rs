//! Evaluation weights and `hexv tune`: the weights file's mistakes located and never a panic,
//! a written file read back, the engine loading a variant's sibling weights (and the `Weights`
//! option choosing), and tuning a small variant: deterministic for a seed, the training error
//! lowered, the file it writes loaded by the engine, no input overwritten. Each test works in
//! a folder of its own.

use std::path::Path;

use hexv::rng::Rng;
use hexv::search::weights::file::{parse, write, WeightsError};
use hexv::search::Weights;

use crate::cli::run;
use crate::peer::Peer;
use crate::support::{game, root, scratch};

/// The shipped Mini Hexchess copied into `dir` (its weights files are the test's own).
fn mini_in(dir: &Path) -> String {
    let text = std::fs::read_to_string(root().join("variants/mini-hexchess.hexv")).expect("read");
    let path = dir.join("mini-hexchess.hexv");
    std::fs::write(&path, text).expect("written");
    path.to_str().expect("UTF-8").to_string()
}

/// The mistakes of a weights file for Mini Hexchess, as `LINE:COLUMN: message`.
fn mistakes(text: &[u8]) -> Vec<String> {
    let game = game("variants/mini-hexchess.hexv");
    match parse(text, game.variant, game.tables) {
        Ok(_) => Vec::new(),
        Err(errors) => errors.iter().map(WeightsError::to_string).collect(),
    }
}

const HEADER: &str = "hexv 0.1.0\nvariant Mini Hexchess\n";

#[test]
fn weights_file_mistakes_are_located() {
    let cases: [(&str, &[&str]); 21] = [
        ("drawish 250\n", &[]),
        (
            "drawish 1001\n",
            &["3:9: `1001` is out of range: from 0 to 1000"],
        ),
        ("piece Rook 500 520\n", &[]),
        ("cell King d1 12 -5\ncell Pawn d3 -7 30\n", &[]),
        (
            "cell Kong d1 1 1\n",
            &["3:6: unknown piece `Kong`; the pieces are `King`"],
        ),
        (
            "cell Pawn d9 1 1\n",
            &["3:11: `d9` is not a cell of the board"],
        ),
        (
            "cell Pawn d3 1001 0\n",
            &["3:14: `1001` is out of range: from -1000 to 1000"],
        ),
        (
            "cell Pawn d3 1\n",
            &["3:1: `cell PIECE CELL` needs 4 value(s)"],
        ),
        (
            "cell Pawn d3 1 2\ncell Pawn d3 3 4\n",
            &["4:1: `cell Pawn d3` is given twice (first on line 3)"],
        ),
        ("piece Rokk 500 520\n", &["3:7: unknown piece `Rokk`"]),
        ("piece King 500 500\n", &["3:7: `King` is royal"]),
        (
            "piece Rook 99999999999999999999999 1\n",
            &["3:12: `99999999999999999999999` is out of range: from 0 to 10000"],
        ),
        ("tempo ten\n", &["3:7: `ten` is not a whole number"]),
        (
            "tempo 5\n  tempo 6\n",
            &["4:3: `tempo` is given twice (first on line 3)"],
        ),
        ("tempo 5 6\n", &["3:9: unexpected `6` after `tempo`"]),
        ("centre 150\n", &["3:1: unknown weight `centre`"]),
        ("shelter\n", &["3:1: `shelter` needs 1 value(s)"]),
        ("search-rfp-margin 150\nsearch-lmr-divisor 300\n", &[]),
        (
            "search-rfp-margin 5000\n",
            &["3:19: `5000` is out of range: from 0 to 2000"],
        ),
        (
            "search-lmr 10\n",
            &["3:1: unknown search number `search-lmr`; they are search-rfp-depth, search-rfp-margin,"],
        ),
        (
            "search-null-divisor 0\n",
            &["3:21: `0` is out of range: from 1 to 64"],
        ),
    ];
    for (body, want) in cases {
        let got = mistakes(format!("{HEADER}{body}").as_bytes());
        assert_eq!(got.len(), want.len(), "{body:?}: {got:?}");
        for (g, w) in got.iter().zip(want) {
            assert!(g.starts_with(w), "{body:?}: {g} is not {w}");
        }
    }
    // The header: both lines, and the right variant.
    let got = mistakes(b"tempo 5\n");
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got[0].contains("`hexv VERSION` is missing"), "{got:?}");
    let got = mistakes(b"hexv 0.1.0\nvariant Glinski's Hexagonal Chess # not this one\n");
    assert_eq!(
        got,
        ["2:1: these weights are for `Glinski's Hexagonal Chess`, not `Mini Hexchess`"]
    );
    // Not text, and too large.
    let got = mistakes(b"hexv 0.1.0\nvariant Mini \xff Hexchess\n");
    assert_eq!(got, ["2:14: not UTF-8 text"]);
    let got = mistakes(&vec![b'#'; 100_000]);
    assert_eq!(got.len(), 1);
    assert!(
        got[0].starts_with("1:1: the file is larger than"),
        "{got:?}"
    );
}

#[test]
fn any_bytes_give_weights_or_located_mistakes() {
    let game = game("variants/mini-hexchess.hexv");
    let mut rng = Rng::new(11);
    let words: [&[u8]; 12] = [
        b"hexv ",
        b"variant Mini Hexchess",
        b"piece ",
        b"Rook ",
        b"tempo ",
        b"cell ",
        b"d4 ",
        b"-",
        b"9",
        b"\n",
        b"#",
        b"\xc3",
    ];
    for _ in 0..2000 {
        let mut bytes = Vec::new();
        for _ in 0..rng.below(40) {
            if rng.below(4) == 0 {
                bytes.push(rng.next_u64() as u8);
            } else {
                bytes.extend_from_slice(words[rng.below(words.len())]);
            }
        }
        let lines = bytes.split(|&b| b == b'\n').count();
        if let Err(errors) = parse(&bytes, game.variant, game.tables) {
            assert!(!errors.is_empty());
            for e in errors {
                assert!(e.line >= 1 && e.line <= lines && e.column >= 1, "{e}");
            }
        }
    }
}

#[test]
fn a_written_weights_file_reads_back() {
    for name in ["mini-hexchess", "glinski", "hex-shogi-41"] {
        let game = game(&format!("variants/{name}.hexv"));
        let mut w = Weights::default_for(game.variant, game.tables);
        w.tempo = 17;
        w.centre = [-40, 900];
        w.mobility = [150, 250];
        if let Some(m) = w.material.iter_mut().find(|m| m[0] > 0) {
            *m = [123, 456];
        }
        w.drawish = 300;
        // Per-cell weights of the first piece (royal in some variants) on a few cells.
        let cells = game.variant.board().total();
        for c in game.variant.board().cells().step_by(7) {
            w.cells[c.index()] = [c.index() as i32 - 20, -3];
            w.cells[cells + c.index()] = [0, 1000];
        }
        let text = write(&w, game.variant, &["a comment".to_string()]);
        assert!(
            !text.contains("search-"),
            "the default search numbers are not written"
        );
        w.search.rfp_margin = 150;
        w.search.lmr_base = -20;
        let text = write(&w, game.variant, &["a comment".to_string()]);
        assert!(text.contains("\nsearch-rfp-margin 150\n"), "{text}");
        assert!(text.contains("\nsearch-lmr-base -20\n"), "{text}");
        assert!(text.contains("\nsearch-aspiration 30\n"), "{text}");
        assert!(text.contains("\ncell "), "{name}: {text}");
        assert!(text.starts_with("# a comment\nhexv "), "{text}");
        let read = parse(text.as_bytes(), game.variant, game.tables).expect("reads back");
        assert_eq!(read, w, "{name}");
    }
}

/// The engine's score at depth 1 from the start, after `setup` lines.
fn score(variant: &str, setup: &[&str]) -> (Vec<String>, String) {
    let mut e = Peer::start(&["engine", variant]);
    for line in setup {
        e.send(line);
    }
    e.send("isready");
    let said: Vec<String> = e
        .until("readyok")
        .into_iter()
        .filter(|l| !l.starts_with("info string variant "))
        .collect();
    e.send("go depth 1");
    let info = e.until("bestmove");
    let cp = info
        .iter()
        .find_map(|l| l.split(" score cp ").nth(1))
        .and_then(|rest| rest.split(' ').next())
        .expect("a score")
        .to_string();
    e.send("quit");
    (said, cp)
}

#[test]
fn the_engine_loads_the_sibling_weights_and_the_option_chooses() {
    let dir = scratch("weights-engine");
    let variant = mini_in(&dir);
    let (said, built_in) = score(&variant, &[]);
    assert_eq!(
        said,
        ["readyok"],
        "no weights file: the formula, nothing said"
    );
    let weights = dir.join("mini-hexchess.weights");
    std::fs::write(&weights, format!("{HEADER}tempo 60\n")).expect("written");
    let (said, tuned) = score(&variant, &[]);
    assert_eq!(
        said,
        [
            format!("info string weights {}", weights.display()),
            "readyok".to_string()
        ]
    );
    assert_ne!(tuned, built_in, "the tempo weight counts");
    let (_, chosen) = score(&variant, &["setoption name Weights value default"]);
    assert_eq!(chosen, built_in, "Weights=default is the formula");
    // Another file by the option; a broken one is refused, the weights kept.
    let other = dir.join("other.weights");
    std::fs::write(&other, format!("{HEADER}tempo 60\npiece Bishop -1 0\n")).expect("written");
    let line = format!("setoption name Weights value {}", other.display());
    let (said, kept) = score(&variant, &["setoption name Weights value default", &line]);
    assert_eq!(
        said,
        [
            format!("info string weights {}", weights.display()),
            format!(
                "info string error: {}:4:14: `-1` is out of range: from 0 to 10000",
                other.display()
            ),
            "readyok".to_string()
        ]
    );
    assert_eq!(kept, built_in);
    // The command line: a broken sibling is an error (exit 2), `--weights default` is not.
    std::fs::write(&weights, format!("{HEADER}tempo\n")).expect("written");
    let (code, _, stderr) = run(&["analyse", &variant, "--depth", "1"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("mini-hexchess.weights:3:1: `tempo` needs 1 value(s)"),
        "{stderr}"
    );
    let (code, stdout, stderr) =
        run(&["analyse", &variant, "--depth", "1", "--weights", "default"]);
    assert_eq!(code, 0, "{stderr}");
    let cp: i32 = built_in.parse().expect("centipawns");
    let shown = hexv::search::SearchScore::Centipawns(cp).to_string();
    assert!(
        stdout.contains(&format!("score {shown:>7}")),
        "{stdout} {built_in}"
    );
}

/// `hexv tune` of Mini Hexchess with tiny settings; the report as JSON.
fn tune(variant: &str, out: &Path, threads: &str) -> serde_json::Value {
    let out = out.to_str().expect("UTF-8");
    let (code, stdout, stderr) = run(&[
        "tune",
        variant,
        "--games",
        "12",
        "--depth",
        "1",
        "--seed",
        "5",
        "--iterations",
        "150",
        "--threads",
        threads,
        "-o",
        out,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).expect("JSON")
}

#[test]
fn tuning_is_deterministic_lowers_the_error_and_the_engine_loads_its_file() {
    let dir = scratch("tune");
    let variant = mini_in(&dir);
    let (a, b) = (dir.join("a.weights"), dir.join("b.weights"));
    let first = tune(&variant, &a, "1");
    let second = tune(&variant, &b, "2");
    assert_eq!(first["report"], second["report"]);
    let text = std::fs::read_to_string(&a).expect("written");
    assert_eq!(text, std::fs::read_to_string(&b).expect("written"));
    assert!(text.contains("\nvariant Mini Hexchess\n"), "{text}");
    assert!(text.contains("\npiece Rook "), "{text}");
    let r = &first["report"];
    assert!(r["train_positions"].as_u64().unwrap() > 100, "{r}");
    let (before, after) = (r["before"]["train"].as_f64(), r["after"]["train"].as_f64());
    assert!(after.unwrap() < before.unwrap(), "{r}");
    // The engine plays with it.
    let line = format!("setoption name Weights value {}", a.display());
    let (said, _) = score(&variant, &[&line]);
    assert_eq!(said[0], format!("info string weights {}", a.display()));
}

#[test]
fn tuning_never_writes_onto_an_input_nor_an_existing_file_without_force() {
    let dir = scratch("tune-out");
    let variant = mini_in(&dir);
    let text = std::fs::read_to_string(&variant).expect("read");
    let (code, _, stderr) = run(&["tune", &variant, "--games", "1", "-o", &variant]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is the variant file"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&variant).expect("read"), text);
    let sibling = dir.join("mini-hexchess.weights");
    std::fs::write(&sibling, "kept\n").expect("written");
    let (code, _, stderr) = run(&["tune", &variant, "--games", "1"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("give --force"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&sibling).expect("read"), "kept\n");
    let args = [
        "tune",
        &variant,
        "--games",
        "10",
        "--depth",
        "1",
        "--iterations",
        "20",
        "--force",
    ];
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("written to"), "{stdout}");
    assert!(std::fs::read_to_string(&sibling)
        .expect("read")
        .contains("\nhexv "));
    // The weights a fit starts from are an input too: the sibling is not written over them.
    let before = std::fs::read_to_string(&sibling).expect("read");
    let start = sibling.to_str().expect("UTF-8");
    let (code, _, stderr) = run(&["tune", &variant, "--start", start, "--force"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--start weights file"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&sibling).expect("read"), before);
}

/// The variants whose weights file is Glinski's with only the variant line changed.
const GLINSKI_AS_IS: [&str; 4] = ["shafran", "de-vasa", "brusky", "koval"];

/// Glinski's shipped numbers, two SPSA rounds from the formula (stop 65), over `w`, which must
/// hold Glinski's pieces: King, Queen, Rook, Bishop, Knight, Pawn.
fn glinski_numbers(w: &mut Weights) {
    w.material = vec![
        [0, 0],
        [857, 1015],
        [477, 678],
        [327, 301],
        [311, 332],
        [83, 96],
    ];
    (w.centre, w.advance) = ([160, 141], [497, 902]);
    (w.royal_home, w.royal_ending, w.shelter) = (95, 48, 46);
    (w.tempo, w.drawish) = (12, 209);
}

/// Every weights file that ships beside a variant reads without a mistake; Mini Hexchess's
/// turns mobility on, Glinski's holds stop 65's two SPSA rounds, McCooey's stop 67's round, and
/// Shafran's, De Vasa's, Brusky's and Koval's Glinski's numbers as they are, each number in its
/// own place and the rest the built-in formula's (what their matches measured; README,
/// Strength).
#[test]
fn shipped_weights_files_read_for_their_variants() {
    let mut shipped = Vec::new();
    for entry in std::fs::read_dir(root().join("variants")).expect("variants") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "weights") {
            let stem = path.file_stem().expect("a name").to_str().expect("UTF-8");
            let game = game(&format!("variants/{stem}.hexv"));
            let text = std::fs::read(&path).expect("read");
            let w = parse(&text, game.variant, game.tables).expect("reads");
            shipped.push((stem.to_string(), w));
        }
    }
    let mini = shipped.iter().find(|(name, _)| name == "mini-hexchess");
    let (_, w) = mini.expect("Mini Hexchess ships weights");
    assert_ne!(w.mobility, [0, 0]);
    // Of the search's numbers, the two table-informed ones alone (stop 61).
    let mut search = hexv::search::SearchParams::default();
    assert_eq!((search.lmr_table_capture, search.null_table_guard), (0, 0));
    (search.lmr_table_capture, search.null_table_guard) = (1, 1);
    assert_eq!(w.search, search);
    let glinski = shipped.iter().find(|(name, _)| name == "glinski");
    let (_, w) = glinski.expect("Glinski ships weights");
    let game = game("variants/glinski.hexv");
    let mut expected = Weights::default_for(game.variant, game.tables);
    // The formula's material, Queen Rook Bishop Knight Pawn (King 0) in the variant's order,
    // and its placement: what the round started from.
    let names: Vec<&str> = game
        .variant
        .pieces()
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(names, ["King", "Queen", "Rook", "Bishop", "Knight", "Pawn"]);
    let formula = [
        [0, 0],
        [807, 807],
        [610, 610],
        [336, 336],
        [302, 302],
        [91, 91],
    ];
    assert_eq!(expected.material, formula);
    assert_eq!(
        (expected.centre, expected.advance),
        ([150, 150], [500, 750])
    );
    glinski_numbers(&mut expected);
    // Stop 79 turned `search-lmr-threat` on here; stop 80's second seed took it out again.
    assert_eq!(w.search, hexv::search::SearchParams::default());
    assert_eq!(*w, expected);
    // Variants with Glinski's pieces that ship Glinski's numbers as they are (stop 69).
    for stem in GLINSKI_AS_IS {
        let shipped = shipped.iter().find(|(name, _)| name == stem);
        let (_, w) = shipped.unwrap_or_else(|| panic!("{stem} ships weights"));
        let game = crate::support::game(&format!("variants/{stem}.hexv"));
        let mut expected = Weights::default_for(game.variant, game.tables);
        glinski_numbers(&mut expected);
        assert_eq!(*w, expected, "{stem}");
    }
    // McCooey's: one round from Glinski's (the same board and pieces), the rest the formula's.
    let mccooey = shipped.iter().find(|(name, _)| name == "mccooey");
    let (_, w) = mccooey.expect("McCooey ships weights");
    let mccooey = crate::support::game("variants/mccooey.hexv");
    let mut expected = Weights::default_for(mccooey.variant, mccooey.tables);
    expected.material = vec![
        [0, 0],
        [842, 1072],
        [489, 664],
        [359, 287],
        [305, 337],
        [77, 99],
    ];
    (expected.centre, expected.advance) = ([157, 149], [461, 747]);
    (expected.royal_home, expected.royal_ending, expected.shelter) = (100, 63, 43);
    (expected.tempo, expected.drawish) = (15, 251);
    assert_eq!(*w, expected);
}

/// The nodes `hexv analyse` reports for Mini Hexchess's start searched to depth 12 with the
/// weights file `weights`.
fn nodes_to_depth_12(variant: &str, weights: &Path) -> u64 {
    let weights = weights.to_str().expect("UTF-8");
    let (code, stdout, stderr) = run(&["analyse", variant, "--depth", "12", "--weights", weights]);
    assert_eq!(code, 0, "{stderr}");
    let last = stdout.lines().rfind(|l| l.starts_with("depth 12"));
    let line = last.unwrap_or_else(|| panic!("no depth 12 in {stdout}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "nodes").expect("nodes");
    words[at + 1].parse().expect("a count")
}

/// The table-informed search numbers of the shipped Mini Hexchess weights are read and change
/// the search: each turned off alone searches another tree to the same depth.
#[test]
fn the_table_informed_search_numbers_change_the_tree() {
    let dir = scratch("table-informed");
    let variant = mini_in(&dir);
    let shipped = std::fs::read_to_string(root().join("variants/mini-hexchess.weights"))
        .expect("the shipped weights");
    let both = nodes_to_depth_12(&variant, &root().join("variants/mini-hexchess.weights"));
    for line in ["search-lmr-table-capture 1", "search-null-table-guard 1"] {
        assert!(shipped.contains(line), "{line}");
        let off = dir.join("off.weights");
        let text = shipped.replace(line, &line.replace(" 1", " 0"));
        std::fs::write(&off, text).expect("written");
        assert_ne!(nodes_to_depth_12(&variant, &off), both, "{line} 0");
    }
}

/// `search-lmr-threat` is read and changes the search: Mini Hexchess's shipped weights with
/// it at 1 search another tree to the same depth than without it (0, the default).
#[test]
fn the_threat_reductions_change_the_tree() {
    let dir = scratch("threat-reductions");
    let variant = mini_in(&dir);
    let shipped_path = root().join("variants/mini-hexchess.weights");
    let shipped = std::fs::read_to_string(&shipped_path).expect("the shipped weights");
    assert!(!shipped.contains("search-lmr-threat"));
    let on = dir.join("threat.weights");
    std::fs::write(&on, format!("{shipped}search-lmr-threat 1\n")).expect("written");
    assert_ne!(
        nodes_to_depth_12(&variant, &on),
        nodes_to_depth_12(&variant, &shipped_path)
    );
}

/// `hexv tune --spsa` of Mini Hexchess from a start whose rook is worth 50 (a fifth of a
/// bishop, when the built-in formula gives it 430), moving only the rook's material; the
/// report as JSON.
fn spsa_from_cheap_rook(dir: &Path, out: &Path, threads: &str) -> serde_json::Value {
    let variant = mini_in(dir);
    let start = dir.join("cheap-rook.weights");
    std::fs::write(&start, format!("{HEADER}piece Rook 50 50\n")).expect("written");
    let (code, stdout, stderr) = run(&[
        "tune",
        &variant,
        "--spsa",
        "--start",
        start.to_str().expect("UTF-8"),
        "--params",
        "Rook:middle=100,Rook:ending=100",
        "--pairs",
        "16",
        "--batch",
        "4",
        "--nodes",
        "300",
        "--r-end",
        "0.05",
        "--seed",
        "1",
        "--threads",
        threads,
        "-o",
        out.to_str().expect("UTF-8"),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).expect("JSON")
}

/// SPSA plays the weights moved either way against each other and steps towards the
/// winner: a rook valued at 50 loses games to one valued more, so both its values rise.
/// The run is the same on one thread or two, writes a file the engine reads, and moves no
/// weight it was not given.
#[test]
fn spsa_raises_an_undervalued_rook_the_same_on_any_number_of_threads() {
    let dir = scratch("spsa");
    let (a, b) = (dir.join("a.weights"), dir.join("b.weights"));
    let first = spsa_from_cheap_rook(&dir, &a, "1");
    let second = spsa_from_cheap_rook(&dir, &b, "2");
    assert_eq!(first["report"], second["report"]);
    let text = std::fs::read_to_string(&a).expect("written");
    assert_eq!(text, std::fs::read_to_string(&b).expect("written"));
    let report = &first["report"];
    assert_eq!(report["pairs"], 16);
    assert_eq!(report["steps"], 4);
    let games = ["plus_wins", "draws", "minus_wins"].map(|k| report[k].as_u64().unwrap());
    assert_eq!(games.iter().sum::<u64>(), 32, "{report}");
    let moved = report["moved"].as_array().expect("a list");
    let names: Vec<&str> = moved.iter().map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Rook:middle", "Rook:ending"]);
    for m in moved {
        assert_eq!(m["start"], 50, "{m}");
        assert!(
            m["end"].as_i64().unwrap() >= 80,
            "the rook's value rises: {m}"
        );
    }
    // The file holds the tuned rook and the start's other weights (the built-in formula's).
    let game = game("variants/mini-hexchess.hexv");
    let tuned = parse(text.as_bytes(), game.variant, game.tables).expect("reads");
    let built_in = Weights::default_for(game.variant, game.tables);
    let rook = game.variant.pieces().iter().position(|p| p.name == "Rook");
    let rook = rook.expect("a rook");
    let end = |i: usize| moved[i]["end"].as_i64().unwrap() as i32;
    assert_eq!(tuned.material[rook], [end(0), end(1)]);
    let mut expected = built_in.clone();
    expected.material[rook] = tuned.material[rook];
    assert_eq!(tuned, expected);
    assert!(text.contains("tuned by `hexv tune --spsa` (16 pairs in 4 steps at 300 nodes"));
    assert!(text.contains("cheap-rook.weights`.\n"), "{text}");
}

#[test]
fn spsa_options_are_checked() {
    let dir = scratch("spsa-options");
    let variant = mini_in(&dir);
    let out = dir.join("out.weights");
    let out = out.to_str().expect("UTF-8");
    let cases: [(&[&str], &str); 8] = [
        (&["--spsa", "--params", "Queen:middle"], "no weight `Queen:middle` to tune; the weights of this variant are: Rook:middle, Rook:ending,"),
        (&["--spsa", "--params", "tempo,tempo"], "the weight `tempo` is named twice"),
        (&["--spsa", "--params", "search,search-aspiration"], "the weight `search-aspiration` is named twice"),
        (&["--spsa", "--params", "tempo=0.5"], "`tempo=0.5`: the perturbation after `=` is a number from 1 to 10000"),
        (&["--spsa", "--params", "tempo=x"], "a number from 1 to 10000"),
        (&["--spsa", "--r-end", "0"], "--r-end is a number above 0, at most 1"),
        (&["--pairs", "10"], "--spsa"),
        (&["--spsa", "--games", "10"], "cannot be used with"),
    ];
    for (extra, message) in cases {
        let mut args = vec!["tune", &variant, "-o", out];
        args.extend_from_slice(extra);
        let (code, _, stderr) = run(&args);
        assert_eq!(code, 2, "{extra:?}: {stderr}");
        assert!(stderr.contains(message), "{extra:?}: {stderr}");
        assert!(!Path::new(out).exists(), "{extra:?} wrote a file");
    }
    // Without --params: every piece's material, each scalar that is not 0 (the built-in
    // formula's mobility and passed pieces are off; Mini Hexchess has no hands) and drawish.
    let args = ["tune", &variant, "--spsa", "--pairs", "1", "--nodes", "50"];
    let (code, stdout, stderr) = run(&[&args[..], &["-o", out, "--format", "json"]].concat());
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    let moved = json["report"]["moved"].as_array().expect("a list");
    let names: Vec<&str> = moved.iter().map(|m| m["name"].as_str().unwrap()).collect();
    let expected = [
        "Rook:middle",
        "Rook:ending",
        "Bishop:middle",
        "Bishop:ending",
        "Knight:middle",
        "Knight:ending",
        "Pawn:middle",
        "Pawn:ending",
        "centre-middle",
        "centre-ending",
        "advance-middle",
        "advance-ending",
        "royal-home",
        "royal-ending",
        "shelter",
        "tempo",
        "drawish",
    ];
    assert_eq!(names, expected);
    // `search`: every one of the search's numbers, each with a perturbation of an eighth of
    // it (at least 1); the file written holds them.
    let args = [
        &args[..],
        &["--params", "search,tempo", "--force", "-o", out],
    ]
    .concat();
    let (code, stdout, stderr) = run(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    let moved = json["report"]["moved"].as_array().expect("a list");
    let names: Vec<&str> = moved.iter().map(|m| m["name"].as_str().unwrap()).collect();
    let expected = [
        "search-rfp-depth",
        "search-rfp-margin",
        "search-futility-depth",
        "search-futility-margin",
        "search-lmp-depth",
        "search-lmp-base",
        "search-null-base",
        "search-null-divisor",
        "search-lmr-base",
        "search-lmr-divisor",
        "search-aspiration",
        "search-delta-margin",
        "search-lmr-table-capture",
        "search-null-table-guard",
        "search-lmr-threat",
        "tempo",
    ];
    assert_eq!(names, expected);
    let text = std::fs::read_to_string(out).expect("written");
    let game = game("variants/mini-hexchess.hexv");
    let read = parse(text.as_bytes(), game.variant, game.tables).expect("reads back");
    for m in moved.iter().take(hexv::search::params::COUNT) {
        let name = m["name"].as_str().unwrap();
        let value = read
            .search
            .named()
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap()
            .1;
        assert_eq!(i64::from(value), m["end"].as_i64().unwrap(), "{name}");
    }
}
