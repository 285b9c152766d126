//! `hexv man`: a page for hexv and for every subcommand (nested ones too), each with its
//! options, examples and cross-references, printed one at a time or written into a directory.

use std::collections::BTreeSet;

use crate::cli::run;
use crate::support::scratch;

/// A page's roff as a reader sees its words: escapes and font changes taken out.
fn plain(roff: &str) -> String {
    roff.replace(r"\fB", "")
        .replace(r"\fI", "")
        .replace(r"\fR", "")
        .replace(r"\*(Aq", "'")
        .replace(r"\-", "-")
        .replace(r"\&", "")
}

/// The lines of a section (`.SH NAME` or `.SH "NAME"`) up to the next one.
fn section<'a>(page: &'a str, name: &str) -> Vec<&'a str> {
    let heads = [format!(".SH {name}"), format!(".SH \"{name}\"")];
    page.lines()
        .skip_while(|l| !heads.iter().any(|h| l == h))
        .skip(1)
        .take_while(|l| !l.starts_with(".SH"))
        .collect()
}

/// The tags of a section's `.TP` paragraphs (the line after each `.TP`).
fn tags(lines: &[&str]) -> Vec<String> {
    lines
        .windows(2)
        .filter(|w| w[0] == ".TP")
        .map(|w| w[1].to_owned())
        .collect()
}

/// The page names a SEE ALSO section gives: `hexv-check(1), hexv(1)` -> `hexv-check`, `hexv`.
fn see_also(page: &str) -> Vec<String> {
    section(page, "SEE ALSO")
        .join(" ")
        .split(", ")
        .map(|name| {
            name.trim()
                .strip_suffix("(1)")
                .unwrap_or_else(|| panic!("not a page reference: {name}"))
                .to_owned()
        })
        .collect()
}

/// The words that ask for a page: `hexv-pgn-check` -> `pgn`, `check`.
fn words(page_name: &str) -> Vec<&str> {
    page_name
        .strip_prefix("hexv-")
        .unwrap_or_else(|| panic!("{page_name}"))
        .split('-')
        .collect()
}

/// `hexv man WORDS...`, checked to succeed, as plain text.
fn page(page_name: &str) -> String {
    let mut args = vec!["man"];
    if page_name != "hexv" {
        args.extend(words(page_name));
    }
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "hexv {args:?}: {err}");
    assert!(err.is_empty(), "{err}");
    plain(&out)
}

/// Every page, found from the main page's subcommand list and each page's own, recursively:
/// `hexv`, `hexv-check`, ..., `hexv-pgn`, `hexv-pgn-check`, ...
fn all_pages() -> Vec<String> {
    let mut pages = vec!["hexv".to_owned()];
    let mut i = 0;
    while i < pages.len() {
        let text = page(&pages[i]);
        for tag in tags(&section(&text, "SUBCOMMANDS")) {
            let name = tag
                .strip_suffix("(1)")
                .unwrap_or_else(|| panic!("{tag}"))
                .to_owned();
            assert!(!pages.contains(&name), "{name} listed twice");
            pages.push(name);
        }
        i += 1;
    }
    pages
}

/// The long options `hexv WORDS --help` lists (the first on each option's line; an alias
/// such as match's `--rounds` is a second name, not an option of its own).
fn long_options(words: &[&str]) -> Vec<String> {
    let mut args = words.to_vec();
    args.push("--help");
    let (code, help, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    help.lines()
        .filter(|l| l.trim_start().starts_with('-'))
        .filter_map(|l| {
            let at = l.find("--")?;
            let name: String = l[at + 2..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            Some(format!("--{name}"))
        })
        .collect()
}

/// A command split into words as a shell would (double quotes only, as the examples use).
fn split(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in command.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

#[test]
fn every_subcommand_has_its_page_with_its_options_and_examples() {
    let pages = all_pages();
    // The top-level subcommands and pgn's two (clap's `help` gets none).
    for name in [
        "hexv-check",
        "hexv-pgn",
        "hexv-pgn-check",
        "hexv-pgn-convert",
        "hexv-man",
    ] {
        assert!(pages.iter().any(|p| p == name), "{name}: {pages:?}");
    }
    assert!(!pages.iter().any(|p| p.ends_with("-help")), "{pages:?}");
    assert!(pages.len() >= 20, "{pages:?}");
    for name in &pages[1..] {
        let words = words(name);
        let text = page(name);
        assert!(
            text.starts_with(".ie") && text.contains(&format!("\n.TH {name} 1 ")),
            "{name}: {text}"
        );
        let synopsis = section(&text, "SYNOPSIS").join(" ");
        assert!(
            synopsis.starts_with(&format!("hexv {}", words.join(" "))),
            "{name}: {synopsis}"
        );
        assert!(!section(&text, "NAME").is_empty(), "{name}");
        assert!(!section(&text, "DESCRIPTION").is_empty(), "{name}");
        let options = section(&text, "OPTIONS").join("\n");
        for option in long_options(&words) {
            assert!(options.contains(&option), "{name} lacks {option}:\n{text}");
        }
        let examples = tags(&section(&text, "EXAMPLES"));
        assert!(!examples.is_empty(), "{name} has no examples:\n{text}");
        let command = format!("hexv {}", words.join(" "));
        for example in &examples {
            assert!(
                *example == command || example.starts_with(&format!("{command} ")),
                "{name}: {example}"
            );
        }
        assert!(see_also(&text).contains(&"hexv".to_owned()), "{name}");
    }
}

#[test]
fn every_page_sees_pages_that_exist_and_the_main_page_all_of_them() {
    let pages = all_pages();
    let main = page("hexv");
    assert!(main.contains("\n.TH hexv 1 "), "{main}");
    let named: BTreeSet<String> = see_also(&main).into_iter().collect();
    let others: BTreeSet<String> = pages[1..].iter().cloned().collect();
    assert_eq!(named, others);
    assert!(!tags(&section(&main, "EXAMPLES")).is_empty(), "{main}");
    assert!(!section(&main, "EXIT STATUS").is_empty(), "{main}");
    for name in &pages[1..] {
        for other in see_also(&page(name)) {
            assert!(pages.contains(&other), "{name} names {other}");
            assert_ne!(&other, name);
        }
    }
    // A nested page and its parent point at each other.
    assert!(see_also(&page("hexv-pgn-check")).contains(&"hexv-pgn".to_owned()));
    assert!(see_also(&page("hexv-pgn")).contains(&"hexv-pgn-convert".to_owned()));
}

#[test]
fn a_page_is_also_asked_for_by_its_joined_name() {
    let (_, spaced, _) = run(&["man", "pgn", "check"]);
    for args in [&["man", "pgn-check"][..], &["man", "hexv-pgn-check"]] {
        let (code, joined, err) = run(args);
        assert_eq!(
            (code, joined.as_str()),
            (0, spaced.as_str()),
            "{args:?}: {err}"
        );
    }
    let (_, main, _) = run(&["man"]);
    assert_eq!(run(&["man", "hexv"]).1, main);
}

#[test]
fn dir_writes_every_page_as_a_file() {
    let tmp = scratch("man");
    let dir = tmp.join("share").join("man1");
    let dir_arg = dir.to_str().expect("a UTF-8 path");
    for round in 0..2 {
        // The second time every file is there already and is replaced.
        let (code, listed, err) = run(&["man", "--dir", dir_arg]);
        assert_eq!(code, 0, "round {round}: {err}");
        let files: BTreeSet<String> = std::fs::read_dir(&dir)
            .expect("the directory is made")
            .map(|e| e.expect("entry").file_name().into_string().expect("UTF-8"))
            .collect();
        let expected: BTreeSet<String> = all_pages().iter().map(|p| format!("{p}.1")).collect();
        assert_eq!(files, expected, "no temporary file left behind either");
        assert_eq!(listed.lines().count(), expected.len(), "{listed}");
        for name in all_pages() {
            let path = dir.join(format!("{name}.1"));
            assert!(listed.contains(path.to_str().unwrap()), "{listed}");
            let written = std::fs::read_to_string(&path).expect("readable");
            assert_eq!(plain(&written), page(&name), "{name}");
        }
    }
    // A page and --dir together are refused.
    let (code, _, err) = run(&["man", "check", "--dir", dir_arg]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn an_unknown_page_is_refused_with_the_known_ones() {
    for args in [
        &["man", "nosuch"][..],
        &["man", "pgn", "nosuch"],
        &["man", "help"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.starts_with("error: no manual page for `hexv "), "{err}");
        for known in ["check", "pgn check", "pgn convert", "man"] {
            assert!(err.contains(known), "{err} lacks {known}");
        }
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// The examples that only read the repository's files and print, run as written: each exits
/// 0, or 1 for a check that found errors in its input (the Hungarian game records have an
/// illegal move and a game without a variant), never 2 (a usage error).
#[test]
fn the_examples_that_only_print_run() {
    let printing = [
        "hexv-check",
        "hexv-table",
        "hexv-diagram",
        "hexv-moves",
        "hexv-fmt",
        "hexv-pgn",
        "hexv-pgn-check",
        "hexv-perft",
        "hexv-analyse",
    ];
    let mut ran = 0;
    for name in printing {
        for example in tags(&section(&page(name), "EXAMPLES")) {
            let writes = [
                "<",
                ">",
                "|",
                "*",
                " -o ",
                "--out",
                "--dir",
                "--save",
                "games.pgn",
            ];
            if writes.iter().any(|w| example.contains(w)) {
                continue;
            }
            let words = split(&example);
            let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            let (code, out, err) = run(&args);
            assert!(code == 0 || code == 1, "{example}: {code} {err}");
            assert!(!out.is_empty(), "{example}: {err}");
            ran += 1;
        }
    }
    assert!(ran >= 10, "{ran}");
}

/// groff reads every page without a warning (when it is installed).
#[test]
fn groff_reads_every_page_without_a_warning() {
    let Ok(probe) = std::process::Command::new("groff")
        .arg("--version")
        .output()
    else {
        eprintln!("groff is not installed: skipped");
        return;
    };
    assert!(probe.status.success());
    let tmp = scratch("man-groff");
    let (code, _, err) = run(&["man", "--dir", tmp.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    for name in all_pages() {
        let out = std::process::Command::new("groff")
            .args(["-man", "-Tutf8", "-ww", "-z"])
            .arg(tmp.join(format!("{name}.1")))
            .output()
            .expect("groff runs");
        assert!(out.status.success(), "{name}");
        assert!(
            out.stderr.is_empty(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
