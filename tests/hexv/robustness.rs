//! Bad input of every kind gets diagnostics, never a panic, a hang or a huge allocation.

use hexv::load::load;
use hexv::source::{SourceError, SourceFile};

use crate::support::{check_text, root, variant_files, Rng};

fn glinski() -> String {
    std::fs::read_to_string(root().join("variants/glinski.hexv")).expect("readable")
}

fn codes(text: &str) -> Vec<&'static str> {
    check_text("t.hexv", text)
        .diagnostics
        .iter()
        .map(|d| d.code)
        .collect()
}

#[test]
fn every_prefix_of_a_real_file_is_handled() {
    let text = glinski();
    for end in (0..text.len()).filter(|i| text.is_char_boundary(*i)) {
        let checked = check_text("prefix.hexv", &text[..end]);
        // A strict prefix is never a complete variant unless it ends after the last block.
        if checked.compiled.is_none() {
            assert!(checked.has_errors(), "prefix {end} failed without an error");
        }
    }
}

#[test]
fn every_line_prefix_of_every_variant_is_handled() {
    for path in variant_files() {
        let text = std::fs::read_to_string(&path).expect("readable");
        let ends = text.match_indices('\n').map(|(i, _)| i);
        for end in ends {
            let checked = check_text("prefix.hexv", &text[..end]);
            if checked.compiled.is_none() {
                assert!(
                    checked.has_errors(),
                    "{}: prefix {end} failed without an error",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn random_line_deletions_and_swaps_never_panic() {
    for path in variant_files() {
        let text = std::fs::read_to_string(&path).expect("readable");
        mutate_lines(&text, 60);
    }
    mutate_lines(&glinski(), 300);
}

fn mutate_lines(text: &str, rounds: usize) {
    let lines: Vec<&str> = text.lines().collect();
    let mut rng = Rng(42);
    for _ in 0..rounds {
        let mut l = lines.clone();
        for _ in 0..3 {
            match rng.below(3) {
                0 if !l.is_empty() => {
                    let i = rng.below(l.len());
                    l.remove(i);
                }
                1 => {
                    let (i, j) = (rng.below(l.len()), rng.below(l.len()));
                    l.swap(i, j);
                }
                _ => {
                    let i = rng.below(l.len());
                    let j = rng.below(l.len());
                    let dup = l[j];
                    l.insert(i, dup);
                }
            }
        }
        let _ = check_text("mutated.hexv", &l.join("\n"));
    }
}

#[test]
fn token_soup_never_panics() {
    let words = [
        "board",
        "{",
        "}",
        "piece",
        "K",
        "King",
        "step",
        "ride",
        "leap",
        "(1,2)",
        "[12",
        "1]",
        "all",
        "orthogonal",
        "12",
        "max",
        "0",
        "99999999999999999999999",
        "setup",
        "zone",
        "=",
        "a1",
        "f6",
        "rules",
        "stalemate",
        "3/4",
        "checkmate",
        "win",
        "cells",
        "flat",
        "pointy",
        "shape",
        "hexagon",
        "6",
        "names",
        "files",
        "a",
        "b",
        "\n",
        "\n",
        ";",
        "\"",
        "#",
        "symmetry",
        "mirror",
        "promote",
        "in",
        "to",
        "multi-step",
        "from",
        "royal",
        "colour-bound",
        "-1",
        "x",
        "\u{0}",
        "é",
    ];
    let mut rng = Rng(7);
    for _ in 0..2000 {
        let n = rng.below(40);
        let text: Vec<&str> = (0..n).map(|_| words[rng.below(words.len())]).collect();
        let _ = check_text("soup.hexv", &text.join(" "));
    }
}

#[test]
fn absurd_board_sizes_are_refused_with_the_bound() {
    let text = glinski().replace("shape hexagon 6", "shape hexagon 100000");
    let checked = check_text("big.hexv", &text);
    let d = &checked.diagnostics[0];
    assert_eq!(d.code, "hexv::board::too_large");
    assert!(d.message.contains("1024"), "{}", d.message);
    for shape in [
        "shape rhombus 5000 x 5000",
        "shape columns 1000 1000",
        "shape hexagon 99999999999999999999999999",
    ] {
        let text = glinski().replace("shape hexagon 6", shape);
        assert_eq!(codes(&text)[0], "hexv::board::too_large", "{shape}");
    }
    // Triangles: a hexagon of side 13 has 1014, of side 14 1176 (over the bound).
    let chessagon =
        std::fs::read_to_string(root().join("variants/chessagon.hexv")).expect("readable");
    for (side, code) in [
        ("14", "hexv::board::too_large"),
        ("4294967296", "hexv::board::too_large"),
    ] {
        let text = chessagon.replace("shape hexagon 4 ", &format!("shape hexagon {side} "));
        assert_eq!(codes(&text)[0], code, "triangle hexagon {side}");
    }
}

#[test]
fn huge_numbers_elsewhere_are_located_errors() {
    for (from, to) in [
        ("leap [12 1] all", "leap (99999999999999999999, 1) all"),
        ("ride orthogonal\n", "ride orthogonal max 4294967296\n"),
        ("multi-step 2", "multi-step 100000"),
        ("year     1936", "year 123456789012345678901234567890"),
        ("stalemate 3/4", "stalemate 3/99999999999999999999999"),
    ] {
        let text = glinski().replacen(from, to, 1);
        assert_ne!(text, glinski(), "{from} not found");
        let checked = check_text("n.hexv", &text);
        assert!(checked.has_errors(), "{to}: {:?}", checked.diagnostics);
    }
}

#[test]
fn deep_nesting_is_refused_before_parsing() {
    let text = "{\n".repeat(100_000);
    assert_eq!(codes(&text), vec!["hexv::syntax::too_deep"]);
    // On one line, the line's length is reported first.
    let text = "{".repeat(100_000);
    assert_eq!(codes(&text), vec!["hexv::syntax::line_too_long"]);
    let text = format!("piece X X {}", "{".repeat(40));
    assert_eq!(codes(&text), vec!["hexv::syntax::too_deep"]);
}

#[test]
fn long_input_is_handled() {
    let line = "a".repeat(500_000);
    assert_eq!(codes(&line), vec!["hexv::syntax::line_too_long"]);
    let word = "a".repeat(5_000);
    assert_eq!(codes(&word), vec!["hexv::syntax::word_too_long"]);
    let many = "zone z = a1\n".repeat(20_000);
    assert!(check_text("many.hexv", &many).has_errors());
}

#[test]
fn binary_garbage_is_not_text() {
    let mut bytes = b"board {\n".to_vec();
    bytes.extend([0xff, 0xfe, 0x00, 0x80]);
    match SourceFile::from_bytes("bin.hexv".into(), bytes) {
        Err(SourceError::NotText { line, column, .. }) => assert_eq!((line, column), (2, 1)),
        other => panic!("expected NotText, got {other:?}"),
    }
    // Valid UTF-8 control characters are ordinary syntax errors.
    let checked = load(&SourceFile::new("ctl.hexv", "\u{0}\u{1}\u{7f}"));
    assert!(checked.has_errors());
}

#[test]
fn empty_and_comment_only_files_say_what_is_missing() {
    for text in ["", "\n\n", "# only a comment\n"] {
        let checked = check_text("empty.hexv", text);
        assert_eq!(
            checked.diagnostics.len(),
            1,
            "{text:?}: {:?}",
            checked.diagnostics
        );
        assert_eq!(checked.diagnostics[0].code, "hexv::names::missing");
    }
}

// ---------------------------------------------------------------------------------------
// Bounds on what is read and what is drawn (each input is built here, not stored)

/// Half a million lines of one unknown word reach the parser's step limit: one diagnostic at
/// the start of the file, not a syntax error on an innocent line.
#[test]
fn a_file_too_intricate_to_parse_is_one_diagnostic() {
    let text = "a\n".repeat(500_000);
    let checked = check_text("big.hexv", &text);
    assert_eq!(codes_of(&checked), ["hexv::syntax::too_complex"]);
    let d = &checked.diagnostics[0];
    assert_eq!(d.primary_span().map(|s| s.start), Some(0));
}

fn codes_of(loaded: &hexv::load::Loaded) -> Vec<&'static str> {
    loaded.diagnostics.iter().map(|d| d.code).collect()
}

/// A label past column 65 535 made the formatter panic when the diagnostic was drawn: lines
/// are at most 10 000 characters, so no label can start that far right, and the long line is
/// reported (and drawn) instead of what stands at its end.
#[test]
fn a_very_long_line_is_reported_and_drawn_without_panicking() {
    let text = glinski().replace("  K g1\n", &format!("  K g1{}\n", " zz9".repeat(20_000)));
    let file = SourceFile::new("long.hexv", text);
    let loaded = load(&file);
    assert_eq!(codes_of(&loaded), ["hexv::syntax::line_too_long"]);
    let (_, column) = file.line_col(loaded.diagnostics[0].primary_span().expect("a span").start);
    assert_eq!(column, 10_001);
    let drawn = hexv::diagnostic::render_all(&loaded.diagnostics, &file, Default::default());
    assert!(drawn.contains("longer than 10000 characters"));
}

/// Names printed with a width (the check summary, the table text) made the formatter panic
/// past 65 535 characters, and "did you mean" compared long names with every candidate:
/// words are at most 64 characters.
#[test]
fn long_names_are_refused_before_anything_prints_or_compares_them() {
    let long = "Q".repeat(65);
    for text in [
        glinski().replace("piece Queen Q {", &format!("piece Queen{long} Q {{")),
        glinski().replace("  K g1\n", &format!("  K g1 {long}\n")),
    ] {
        let loaded = check_text("names.hexv", &text);
        assert_eq!(codes_of(&loaded), ["hexv::syntax::word_too_long"]);
    }
    let sixty_four =
        glinski().replace("piece Queen Q {", &format!("piece {} Q {{", "Q".repeat(64)));
    assert!(!check_text("ok.hexv", &sixty_four).has_errors());
}

/// A hundred thousand unknown statements: 99 reported, the rest counted, each located from
/// the line index (not by rescanning the file) and drawn over one shared copy of the text.
#[test]
fn a_hundred_thousand_bad_lines_give_a_hundred_diagnostics() {
    let mut text = glinski();
    for i in 0..100_000 {
        text.push_str(&format!("x{i}\n"));
    }
    let file = SourceFile::new("bad.hexv", text);
    let loaded = load(&file);
    assert_eq!(loaded.diagnostics.len(), 100);
    let last = loaded.diagnostics.last().expect("the count");
    assert_eq!(last.code, "hexv::limits::too_many_diagnostics");
    assert_eq!(
        last.message,
        "99901 more problems (99901 errors) are not shown"
    );
    let json: Vec<_> = loaded
        .diagnostics
        .iter()
        .map(|d| hexv::diagnostic::JsonDiagnostic::new(d, &file))
        .collect();
    assert_eq!(json[98].spans[0].text, "x98");
    let glinski_lines = glinski().lines().count();
    assert_eq!(json[98].spans[0].line, glinski_lines + 99);
    let drawn = hexv::diagnostic::render_all(&loaded.diagnostics, &file, Default::default());
    assert_eq!(drawn.matches("hexv::syntax::unknown_statement").count(), 99);
}

/// Control characters never reach a terminal, an SVG picture or an HTML page: the file is
/// refused, and the diagnostic draws them as `?`.
#[test]
fn control_characters_are_refused_and_never_drawn() {
    let text = glinski().replace(
        "variant  \"Glinski's Hexagonal Chess\"",
        "variant \"Glinski\u{1b}[2J\u{7}\"",
    );
    let file = SourceFile::new("ctl.hexv", text);
    let loaded = load(&file);
    assert_eq!(codes_of(&loaded), ["hexv::syntax::control_character"]);
    let drawn = hexv::diagnostic::render_all(&loaded.diagnostics, &file, Default::default());
    assert!(
        !drawn.chars().any(|c| c.is_control() && c != '\n'),
        "{drawn:?}"
    );
    assert!(drawn.contains("Glinski?[2J?"));
    // A carriage return alone moves the cursor: drawn as `?` too (found by the fuzzer);
    // before a line feed it is a Windows line end and left alone.
    let text = glinski()
        .replacen("b1 c2", "b1\r c2", 1)
        .replace('\n', "\r\n");
    let file = SourceFile::new("cr.hexv", text);
    let loaded = load(&file);
    assert_eq!(codes_of(&loaded), ["hexv::syntax::control_character"]);
    let drawn = hexv::diagnostic::render_all(&loaded.diagnostics, &file, Default::default());
    assert!(drawn.contains("b1? c2"), "{drawn}");
}

/// A device or a pipe is read no further than one byte past the size limit (`/dev/zero`
/// never ends: it was read until the memory ran out).
#[test]
#[cfg(unix)]
fn an_endless_file_is_refused_at_the_size_limit() {
    match SourceFile::read(std::path::Path::new("/dev/zero")) {
        Err(SourceError::TooLarge { path }) => assert_eq!(path, "/dev/zero"),
        other => panic!("expected TooLarge, got {other:?}"),
    }
}

/// "Did you mean" skips candidates whose length alone puts them too far away.
#[test]
fn suggestions_still_find_near_names() {
    let text = glinski().replace("  K g1\n", "  K gg1\n");
    let loaded = check_text("typo.hexv", &text);
    let help = loaded.diagnostics[0].help.clone().unwrap_or_default();
    assert!(help.contains("`g1`"), "{help}");
}

// ---------------------------------------------------------------------------------------
// Statements that used to be accepted twice and silently change the game

fn koval() -> String {
    std::fs::read_to_string(root().join("variants/koval.hexv")).expect("readable")
}

/// A castling given twice generated its move twice (perft was inflated, and past 254
/// options the fast engine handed over silently): the second is a located error.
#[test]
fn a_castling_given_twice_is_refused() {
    let text = koval().replace(
        "  K 42 -> 19  R 1 -> 20  written \"L0-0\"   # left side castling\n",
        "  K 42 -> 19  R 1 -> 20\n  K 42 -> 19  R 1 -> 20\n",
    );
    let loaded = check_text("castling.hexv", &text);
    assert_eq!(codes_of(&loaded), ["hexv::names::duplicate_statement"]);
    assert_eq!(
        loaded.diagnostics[0].message,
        "White has two castlings with the king's move `42` -> `19`"
    );
    let labels: Vec<&str> = loaded.diagnostics[0]
        .labels
        .iter()
        .map(|l| l.text.as_str())
        .collect();
    assert_eq!(labels, ["again here", "first here"]);
}

/// How records write a castling is one word, and no two castlings of a side are written
/// alike (a record could not tell them apart).
#[test]
fn a_castlings_notation_is_one_word_of_its_own() {
    let same = koval().replace("written \"L0-0\"", "written \"R0-0\"");
    let loaded = check_text("castling.hexv", &same);
    assert_eq!(codes_of(&loaded), ["hexv::names::duplicate_statement"]);
    assert_eq!(
        loaded.diagnostics[0].message,
        "White has two castlings written `R0-0`"
    );
    for bad in ["", "R 0-0"] {
        let text = koval().replace("written \"L0-0\"", &format!("written \"{bad}\""));
        let loaded = check_text("castling.hexv", &text);
        assert_eq!(codes_of(&loaded), ["hexv::rules::castling"], "{bad:?}");
        assert_eq!(
            loaded.diagnostics[0].message,
            "a castling is written as one word without spaces"
        );
        let at = loaded.diagnostics[0].labels[0].span;
        assert_eq!(&text[at.start..at.end], format!("\"{bad}\""));
    }
    // `written` without its text is a located syntax error, not a panic.
    let text = koval().replace("written \"L0-0\"", "written");
    assert!(check_text("castling.hexv", &text).compiled.is_none());
}

/// A hundred thousand identical movement lines were all kept (gigabytes of tables): a line
/// whose movements the piece has already is dropped with a warning pointing at the first, and
/// the variant plays as without it.
#[test]
fn a_repeated_movement_line_is_dropped_with_a_warning() {
    let text = glinski().replace("piece Rook R {\n", "piece Rook R {\n  ride orthogonal\n");
    assert_ne!(text, glinski());
    let loaded = check_text("repeat.hexv", &text);
    assert_eq!(codes_of(&loaded), ["hexv::lint::redundant_movement"]);
    let d = &loaded.diagnostics[0];
    assert_eq!(
        d.message,
        "this line adds no movement: `Rook` has it already"
    );
    let labels: Vec<&str> = d.labels.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(labels, ["adds nothing", "already here"]);
    let compiled = loaded.compiled.expect("a warning only");
    let game = compiled.game();
    assert_eq!(game.perft(&game.start_position(), 2), 2_586);
    // Contained in an earlier line counts too: `ride all` has every diagonal ride.
    let text = glinski().replace(
        "  ride orthogonal diagonal\n",
        "  ride all\n  ride diagonal\n",
    );
    assert_ne!(text, glinski());
    assert_eq!(
        codes_of(&check_text("contained.hexv", &text)),
        ["hexv::lint::redundant_movement"]
    );
    // A line that adds something new is no repetition.
    let text = glinski().replace("piece Rook R {\n", "piece Rook R {\n  step diagonal\n");
    assert!(check_text("new.hexv", &text).diagnostics.is_empty());
}

/// Symbols differing only in case (`Ab`, `AB`) read as one piece in position texts, where
/// case tells the sides apart.
#[test]
fn symbols_that_differ_only_in_case_are_refused() {
    let text = glinski()
        .replace("piece Queen Q {", "piece Queen Qu {")
        .replace("piece Rook R {", "piece QRook QU {");
    let loaded = check_text("case.hexv", &text);
    assert!(
        codes_of(&loaded).contains(&"hexv::names::duplicate_symbol"),
        "{:?}",
        loaded.diagnostics
    );
    let d = loaded
        .diagnostics
        .iter()
        .find(|d| d.code == "hexv::names::duplicate_symbol")
        .expect("the clash");
    assert_eq!(d.message, "symbols `Qu` and `QU` differ only in case");
}
