//! `hexv fmt`: the canonical layout keeps every statement's meaning (the same tables and the
//! same start position), every comment, and is reached in one pass; the shipped variants are
//! in it; `--check` and refusals behave as documented.

use hexv::format::format;
use hexv::render::tables::{to_json, Selection};
use hexv::source::SourceFile;
use hexv::{load, Game};

use crate::cli::run;
use crate::support::scratch;
use crate::support::{movement_files, root, variant_files};

/// The tables as JSON and the start position as text: what the file means.
fn meaning(file: &SourceFile) -> (String, String) {
    let loaded = load(file);
    let compiled = loaded.compiled.expect("a clean file");
    let (v, t) = (compiled.variant(), compiled.tables());
    let game = Game::new(v, t);
    (
        to_json(v, t, &Selection::default()),
        game.position_text(&game.start_position()),
    )
}

/// Every comment's text, in order.
fn comments(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.find('#').map(|i| l[i..].trim_end().to_string()))
        .collect()
}

#[test]
fn formatting_keeps_meaning_and_comments_and_is_idempotent() {
    for path in movement_files() {
        let file = SourceFile::read(&path).expect("readable");
        let once = format(&file).expect("no syntax error");
        let formatted = SourceFile::new(file.name(), once.clone());
        assert_eq!(
            format(&formatted).expect("still clean"),
            once,
            "{}: not idempotent",
            path.display()
        );
        assert_eq!(meaning(&file), meaning(&formatted), "{}", path.display());
        assert_eq!(comments(file.text()), comments(&once), "{}", path.display());
    }
}

#[test]
fn the_shipped_variants_are_formatted() {
    let files: Vec<String> = variant_files()
        .iter()
        .map(|p| p.to_str().expect("utf-8").to_string())
        .collect();
    let mut args = vec!["fmt", "--check"];
    args.extend(files.iter().map(String::as_str));
    let (code, stdout, stderr) = run(&args);
    assert_eq!((code, stdout.as_str()), (0, ""), "{stderr}");
}

#[test]
fn a_messy_file_is_laid_out() {
    let messy = "variant \"Tiny\"\nboard { cells flat; shape hexagon 2\n  names files a b c }\nsymmetry mirror\n\n\n\npiece King K { royal ; step orthogonal   # one step\n}\nsetup{K a1}\n";
    let want = format!(
        "variant  \"Tiny\"\nboard {{\n  cells flat\n  shape hexagon 2\n  names files a b c\n}}\nsymmetry mirror\n\npiece King K {{\n  royal\n{:<40}# one step\n}}\nsetup {{\n  K a1\n}}\n",
        "  step orthogonal"
    );
    let file = SourceFile::new("tiny.hexv", messy);
    assert_eq!(format(&file).expect("formats"), want);
}

#[test]
fn check_names_the_files_that_would_change_and_fmt_rewrites_them() {
    let dir = scratch("fmt");
    let path = dir.join("messy.hexv");
    let glinski = std::fs::read_to_string(root().join("variants/glinski.hexv")).expect("read");
    let messy = glinski
        .replace("  cells flat", "cells   flat ;")
        .replace("\n\n", "\n\n\n");
    std::fs::write(&path, &messy).expect("write");
    let p = path.to_str().expect("utf-8");
    let (code, stdout, _) = run(&["fmt", "--check", p]);
    assert_eq!((code, stdout.trim()), (1, p));
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        messy,
        "--check changed it"
    );
    let (code, stdout, _) = run(&["fmt", p]);
    assert_eq!((code, stdout.as_str()), (0, ""));
    assert_eq!(std::fs::read_to_string(&path).expect("read"), glinski);
}

#[test]
fn a_file_with_a_syntax_error_is_left_alone() {
    let dir = scratch("fmt-bad");
    let path = dir.join("bad.hexv");
    let text = "variant \"Bad\"\nboard {\n  cells flat\n  shape hexagon\n}\n";
    std::fs::write(&path, text).expect("write");
    let (code, _, stderr) = run(&["fmt", path.to_str().expect("utf-8")]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("not formatted: fix its syntax first"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
}

#[test]
fn standard_input_is_formatted_to_standard_output() {
    let fmt = |input: &[u8]| crate::cli::run_with_input(&["fmt", "-"], input);
    let (code, stdout, _) = fmt(b"rules{checkmate win;stalemate draw}");
    assert_eq!(
        (code, stdout.as_str()),
        (0, "rules {\n  checkmate win\n  stalemate draw\n}\n")
    );
    let (code, stdout, stderr) = fmt(b"\xff\xfe");
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert!(stderr.contains("not UTF-8"), "{stderr}");
}
