//! `hexv perft --split-at / --units / --merge` and `--suite`: work split into units, counted
//! in parts (as on several machines), and merged gives the direct count for every shipped
//! variant; the merge refuses a unit counted twice, a missing one and one of another
//! variant file; a suite reports each count that differs with its line.

use crate::cli::run;
use crate::support::scratch;
use crate::support::{root, variant_files};

/// The lines of a units file split into `parts` files, round robin.
fn deal(text: &str, parts: usize, dir: &std::path::Path) -> Vec<String> {
    let mut bins = vec![String::new(); parts];
    for (i, line) in text.lines().enumerate() {
        bins[i % parts].push_str(line);
        bins[i % parts].push('\n');
    }
    bins.iter()
        .enumerate()
        .map(|(i, b)| {
            let path = dir.join(format!("part{i}.jsonl"));
            std::fs::write(&path, b).expect("written");
            path.to_string_lossy().into_owned()
        })
        .collect()
}

#[test]
fn split_count_and_merge_give_the_direct_count() {
    for path in variant_files() {
        let file = path.to_str().expect("UTF-8");
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("v");
        let dir = scratch(&format!("units-{stem}"));
        let (code, direct, stderr) = run(&["perft", file, "--depth", "3", "--threads", "1"]);
        assert_eq!(code, 0, "{stderr}");
        let (code, units, stderr) = run(&["perft", file, "--depth", "3", "--split-at", "2"]);
        assert_eq!(code, 0, "{stderr}");
        let units_path = dir.join("units.jsonl");
        std::fs::write(&units_path, &units).expect("written");
        let mut results = Vec::new();
        for (i, part) in deal(&units, 3, &dir).iter().enumerate() {
            let (code, out, stderr) = run(&["perft", file, "--units", part]);
            assert_eq!(code, 0, "{stderr}");
            let r = dir.join(format!("result{i}.jsonl"));
            std::fs::write(&r, out).expect("written");
            results.push(r.to_string_lossy().into_owned());
        }
        let mut args = vec!["perft", "--merge", units_path.to_str().expect("UTF-8")];
        args.extend(results.iter().map(String::as_str));
        let (code, merged, stderr) = run(&args);
        assert_eq!(
            (code, merged.as_str()),
            (0, direct.as_str()),
            "{file}: {stderr}"
        );
        // Positions reached by several sequences are one unit with a weight.
        let weights: u64 = units
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
                v["weight"].as_u64().expect("weight")
            })
            .sum();
        let (_, at_two, _) = run(&["perft", file, "--depth", "2", "--threads", "1"]);
        assert_eq!(weights.to_string(), at_two.trim(), "{file}");
    }
}

#[test]
fn merge_refuses_missing_repeated_and_foreign_units() {
    let dir = scratch("units-refused");
    let (_, units, _) = run(&[
        "perft",
        "variants/glinski.hexv",
        "--depth",
        "3",
        "--split-at",
        "1",
    ]);
    let units_path = dir.join("units.jsonl");
    std::fs::write(&units_path, &units).expect("written");
    let units_arg = units_path.to_str().expect("UTF-8");
    let (_, results, _) = run(&["perft", "variants/glinski.hexv", "--units", units_arg]);
    let lines: Vec<&str> = results.lines().collect();
    assert_eq!(lines.len(), 51);
    let write = |name: &str, body: String| {
        let p = dir.join(name);
        std::fs::write(&p, body).expect("written");
        p.to_string_lossy().into_owned()
    };
    let all = write("all.jsonl", results.clone());
    let (code, out, _) = run(&["perft", "--merge", units_arg, &all]);
    assert_eq!((code, out.as_str()), (0, "137858\n"));
    // One unit missing.
    let short = write("short.jsonl", lines[1..].join("\n"));
    let (code, _, stderr) = run(&["perft", "--merge", units_arg, &short]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("1 of 51 units have no result (units 0)"),
        "{stderr}"
    );
    // One unit counted twice.
    let again = write("again.jsonl", lines[0].to_string());
    let (code, _, stderr) = run(&["perft", "--merge", units_arg, &all, &again]);
    assert_eq!(code, 1);
    assert!(stderr.contains("unit 0 was counted twice"), "{stderr}");
    // Another variant's file: its units are skipped when counting, and not merged.
    let (code, other, stderr) = run(&["perft", "variants/mccooey.hexv", "--units", units_arg]);
    assert_eq!((code, other.as_str()), (0, ""));
    assert!(
        stderr.contains("51 units are for another variant file"),
        "{stderr}"
    );
    // Garbage is refused with its place.
    let bad = write(
        "bad.jsonl",
        "{\"format\": \"hexv-perft-result-2\", \"unit\": \"x\"}\n".into(),
    );
    let (code, _, stderr) = run(&["perft", "--merge", units_arg, &bad]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("bad.jsonl:1: `unit` is not a whole number"),
        "{stderr}"
    );
    let binary = write("binary.jsonl", "\u{1}\u{2}not json\n".into());
    let (code, _, stderr) = run(&["perft", "--merge", units_arg, &binary]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("binary.jsonl:1: not a JSON object"),
        "{stderr}"
    );
    let (code, _, stderr) = run(&[
        "perft",
        "variants/glinski.hexv",
        "--depth",
        "2",
        "--split-at",
        "3",
    ]);
    assert_eq!(code, 2, "{stderr}");
}

/// A merge believes no result blindly (issue 27): results of a depth-4 split merged against a
/// depth-5 units file, a result line of an older hexv (no depth, no position key), and a unit
/// of weight 0 are refused, naming the file and line.
#[test]
fn merge_refuses_results_of_another_split_and_units_of_weight_0() {
    let dir = scratch("units-forged");
    let split = |depth: &str| {
        let (_, units, _) = run(&[
            "perft",
            "variants/mini-hexchess.hexv",
            "--depth",
            depth,
            "--split-at",
            "1",
        ]);
        let path = dir.join(format!("units-{depth}.jsonl"));
        std::fs::write(&path, &units).expect("written");
        (path.to_string_lossy().into_owned(), units)
    };
    let (units4, _) = split("4");
    let (units5, text5) = split("5");
    let (_, results4, _) = run(&["perft", "variants/mini-hexchess.hexv", "--units", &units4]);
    let results4_path = dir.join("results-4.jsonl");
    std::fs::write(&results4_path, &results4).expect("written");
    let results4_path = results4_path.to_string_lossy().into_owned();
    let (code, out, _) = run(&["perft", "--merge", &units4, &results4_path]);
    assert_eq!((code, out.as_str()), (0, "7534\n"));
    let (code, out, stderr) = run(&["perft", "--merge", &units5, &results4_path]);
    assert_eq!((code, out.as_str()), (1, ""), "{stderr}");
    assert!(
        stderr.contains("results-4.jsonl:1: unit 0 was counted from another position or depth"),
        "{stderr}"
    );
    // A result line without depth and position key, as an older hexv wrote them.
    let old = dir.join("old.jsonl");
    std::fs::write(
        &old,
        results4.replace("hexv-perft-result-2", "hexv-perft-result-1"),
    )
    .unwrap();
    let (code, _, stderr) = run(&["perft", "--merge", &units4, old.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("old.jsonl:1: expected a `hexv-perft-result-2` line"),
        "{stderr}"
    );
    // A unit whose weight was set to 0.
    let first = text5.lines().next().expect("a unit");
    let weight = serde_json::from_str::<serde_json::Value>(first).unwrap()["weight"].clone();
    let zero = dir.join("zero.jsonl");
    std::fs::write(
        &zero,
        text5.replacen(&format!("\"weight\":{weight}"), "\"weight\":0", 1),
    )
    .unwrap();
    let (code, _, stderr) = run(&["perft", "--merge", zero.to_str().unwrap(), &results4_path]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("zero.jsonl:1: unit 0 has weight 0"),
        "{stderr}"
    );
}

#[test]
fn a_suite_reports_each_count_that_differs() {
    // The data file is a suite: every count as expected.
    let data = root().join("tests/data/perft.txt");
    let (code, out, stderr) = run(&["perft", "--suite", data.to_str().expect("UTF-8")]);
    assert_eq!(code, 0, "{stderr}");
    assert!(out.ends_with("counts: all as expected\n"), "{out}");
    // A wrong count is named with its line, variant, tag, depth and both numbers.
    let dir = scratch("suite-wrong");
    let suite = dir.join("suite.txt");
    let start = "6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - - - 0";
    std::fs::write(
        &suite,
        format!(
            "# a comment\nvariants/glinski.hexv; {start}; 1=51 2=2587; the start, one count wrong\n"
        ),
    )
    .expect("written");
    let (code, out, _) = run(&["perft", "--suite", suite.to_str().expect("UTF-8")]);
    assert_eq!(code, 1);
    assert!(
        out.contains(":2: variants/glinski.hexv (the start, one count wrong): depth 2: expected 2587, counted 2586"),
        "{out}"
    );
    assert!(out.ends_with("1 positions, 2 counts: 1 differ\n"), "{out}");
    // A line that is not a suite line is refused with its place.
    std::fs::write(&suite, "variants/glinski.hexv; 6/6 w\n").expect("written");
    let (code, _, stderr) = run(&["perft", "--suite", suite.to_str().expect("UTF-8")]);
    assert_eq!(code, 2);
    assert!(stderr.contains("suite.txt:1: expected"), "{stderr}");
}
