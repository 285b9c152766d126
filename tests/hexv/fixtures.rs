//! Fixtures: every `tests/fixtures/invalid/*.hexv` holds one deliberate mistake and must
//! produce diagnostics, which are rendered (no colour, width 100) and snapshotted; every
//! `tests/fixtures/valid/*.hexv` must check with no diagnostic at all. The targeted tests
//! below pin the code, severity, labelled source text and help of the important mistakes.

use std::collections::BTreeSet;
use std::path::Path;

use hexv::check::codes;
use hexv::diagnostic::{render_all, Diagnostic, RenderOptions, Severity};
use hexv::load::{load as check, Loaded as Checked};
use hexv::source::SourceFile;

use crate::support::root;

/// Reads a fixture, naming it by its path from the repository root with forward slashes so
/// rendered snapshots are the same on every machine.
fn read(path: &Path) -> SourceFile {
    let root = root().canonicalize().expect("repository root exists");
    let full = path.canonicalize().expect("fixture exists");
    let relative = full.strip_prefix(&root).unwrap_or(&full);
    let name: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let text = std::fs::read_to_string(&full).expect("fixture is UTF-8 text");
    SourceFile::new(name.join("/"), text)
}

/// Checks `tests/fixtures/invalid/NAME.hexv`.
fn invalid(name: &str) -> (SourceFile, Checked) {
    let file = read(&root().join(format!("tests/fixtures/invalid/{name}.hexv")));
    let checked = check(&file);
    (file, checked)
}

fn render(checked: &Checked, file: &SourceFile) -> String {
    render_all(
        &checked.diagnostics,
        file,
        RenderOptions {
            colour: false,
            width: 100,
        },
    )
}

fn primary(d: &Diagnostic) -> &hexv::diagnostic::Label {
    d.labels
        .iter()
        .find(|l| l.primary)
        .unwrap_or_else(|| panic!("no primary label: {d:#?}"))
}

/// The source text under each secondary label, in order.
fn secondary_texts<'a>(file: &'a SourceFile, d: &Diagnostic) -> Vec<&'a str> {
    d.labels
        .iter()
        .filter(|l| !l.primary)
        .map(|l| file.slice(l.span))
        .collect()
}

/// Asserts the fixture yields exactly one diagnostic with this code, severity, text under
/// the primary label and help; returns it for further checks.
fn expect_one(
    name: &str,
    code: &str,
    severity: Severity,
    text: &str,
    help: &str,
) -> (SourceFile, Diagnostic) {
    let (file, checked) = invalid(name);
    assert_eq!(
        checked.diagnostics.len(),
        1,
        "{name}: expected one diagnostic, got\n{}",
        render(&checked, &file)
    );
    let d = checked.diagnostics[0].clone();
    assert_eq!(d.code, code, "{name}");
    assert_eq!(d.severity, severity, "{name}");
    assert_eq!(file.slice(primary(&d).span), text, "{name}: primary label");
    assert_eq!(d.help.as_deref(), Some(help), "{name}: help");
    (file, d)
}

/// Each diagnostic's code and the source text under its primary label, in order.
fn codes_and_texts<'a>(file: &'a SourceFile, checked: &Checked) -> Vec<(&'static str, &'a str)> {
    checked
        .diagnostics
        .iter()
        .map(|d| (d.code, file.slice(primary(d).span)))
        .collect()
}

/// The line (1-based) of the primary label.
fn line_of(file: &SourceFile, d: &Diagnostic) -> usize {
    file.line_col(primary(d).span.start).0
}

// ---------------------------------------------------------------------------------------------
// Every fixture

#[test]
fn invalid_fixture() {
    insta::glob!("../fixtures/invalid", "*.hexv", |path| {
        let file = read(path);
        let first_line = file.text().lines().next().unwrap_or("");
        assert!(
            first_line.starts_with("# "),
            "{}: must begin with a `#` comment saying what is wrong",
            file.name()
        );
        let checked = check(&file);
        assert!(
            !checked.diagnostics.is_empty(),
            "{}: no diagnostic",
            file.name()
        );
        for d in &checked.diagnostics {
            assert!(
                d.primary_span().is_some(),
                "{}: unlabelled {d:?}",
                file.name()
            );
            assert!(d.help.is_some(), "{}: no help in {d:?}", file.name());
        }
        let starts: Vec<usize> = checked
            .diagnostics
            .iter()
            .filter_map(|d| d.primary_span().map(|s| s.start))
            .collect();
        assert!(
            starts.windows(2).all(|w| w[0] <= w[1]),
            "{}: diagnostics not sorted by position",
            file.name()
        );
        // Errors never come with a compiled variant; warnings alone do.
        assert_eq!(
            checked.compiled.is_some(),
            !checked.has_errors(),
            "{}",
            file.name()
        );
        let description = first_line.trim_start_matches("# ").to_string();
        insta::with_settings!({ description => description, omit_expression => true }, {
            insta::assert_snapshot!(render(&checked, &file));
        });
    });
}

#[test]
fn valid_fixtures_check_cleanly() {
    insta::glob!("../fixtures/valid", "*.hexv", |path| {
        let file = read(path);
        let checked = check(&file);
        assert!(
            checked.diagnostics.is_empty(),
            "{} should have no diagnostics:\n{}",
            file.name(),
            render(&checked, &file)
        );
        assert!(checked.compiled.is_some(), "{}: no variant", file.name());
    });
}

/// Every code in src/check/codes.rs and src/syntax/errors.rs is produced by some invalid
/// fixture and documented in docs/diagnostics.md.
/// (code, test) for the codes a fixture cannot produce: the test builds the input.
const PROVEN_BY_GENERATED_INPUT: &[(&str, &str)] = &[(
    "hexv::syntax::too_complex",
    "robustness::a_file_too_intricate_to_parse_is_one_diagnostic",
)];

#[test]
fn every_code_has_a_fixture_and_documentation() {
    let mut declared = BTreeSet::new();
    for source in ["src/check/codes.rs", "src/syntax/errors.rs"] {
        let text = std::fs::read_to_string(root().join(source)).expect("source is readable");
        for piece in text.split('"').skip(1).step_by(2) {
            if piece.starts_with("hexv::") && piece.matches("::").count() == 2 {
                declared.insert(piece.to_string());
            }
        }
    }
    assert!(declared.len() >= 40, "found only {declared:?}");
    let mut produced = BTreeSet::new();
    let dir = root().join("tests/fixtures/invalid");
    for entry in std::fs::read_dir(&dir).expect("fixtures exist") {
        let path = entry.expect("readable entry").path();
        if path.extension().is_some_and(|e| e == "hexv") {
            for d in check(&read(&path)).diagnostics {
                produced.insert(d.code.to_string());
            }
        }
    }
    // Codes whose input is too large for a fixture, proven by a test that builds it.
    for (code, test) in PROVEN_BY_GENERATED_INPUT {
        let (file, name) = test.split_once("::").expect("file::test");
        let source = std::fs::read_to_string(root().join(format!("tests/hexv/{file}.rs")))
            .expect("the test's file");
        assert!(source.contains(&format!("fn {name}()")), "no test {test}");
        produced.insert(code.to_string());
    }
    let missing: Vec<_> = declared.difference(&produced).collect();
    assert!(missing.is_empty(), "codes without a fixture: {missing:?}");
    let docs = std::fs::read_to_string(root().join("docs/diagnostics.md")).expect("docs exist");
    let undocumented: Vec<_> = declared
        .iter()
        .filter(|c| !docs.contains(&format!("`{c}`")))
        .collect();
    assert!(
        undocumented.is_empty(),
        "codes missing from docs/diagnostics.md: {undocumented:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Syntax

#[test]
fn unclosed_block_points_at_its_brace() {
    let (file, d) = expect_one(
        "unclosed_block",
        "hexv::syntax::unclosed_block",
        Severity::Error,
        "{",
        "add `}` at the end of the block",
    );
    let line = file.text().lines().nth(line_of(&file, &d) - 1).unwrap();
    assert_eq!(line, "piece Rook R {");
}

#[test]
fn stray_closing_brace() {
    let (file, d) = expect_one(
        "stray_closing_brace",
        "hexv::syntax::unexpected_brace",
        Severity::Error,
        "}",
        "remove this `}` or add the `{` it should close",
    );
    // The second of two `}` in a row: the one after the King's block.
    let before = &file.text()[..primary(&d).span.start];
    assert!(
        before.ends_with("  step orthogonal diagonal\n}\n"),
        "{before}"
    );
}

#[test]
fn unterminated_string_runs_to_the_end_of_its_line() {
    expect_one(
        "unterminated_string",
        "hexv::syntax::unterminated_string",
        Severity::Error,
        "\"Trimmed Glinski",
        "end the string with `\"` on the same line",
    );
}

#[test]
fn junk_after_a_statement_reports_the_whole_line() {
    expect_one(
        "junk_after_statement",
        codes::MALFORMED,
        Severity::Error,
        "step 12 move-only please",
        "write it as: step DIRECTION ... [move-only | capture-only] [en-passant] [when|unless unmoved | from ZONE | to ZONE | pointing HOUR | enemy|friend|piece at CELL ...] ...",
    );
}

#[test]
fn text_after_a_closing_brace() {
    expect_one(
        "text_after_block",
        "hexv::syntax::unexpected",
        Severity::Error,
        "Rook",
        "a block ends its line: put what follows the `}` on a new line",
    );
}

#[test]
fn unknown_statements_suggest_the_keyword() {
    let (_, d) = expect_one(
        "unknown_statement_in_piece",
        codes::UNKNOWN_STATEMENT,
        Severity::Error,
        "ryal",
        "did you mean `royal`?",
    );
    assert_eq!(d.message, "unknown statement `ryal` in a `piece` block");
    let (_, d) = expect_one(
        "unknown_top_level_statement",
        codes::UNKNOWN_STATEMENT,
        Severity::Error,
        "pieec",
        "did you mean `piece`?",
    );
    assert_eq!(d.message, "unknown statement `pieec` at the top level");
    expect_one(
        "zone_block_misspelled_side",
        codes::UNKNOWN_STATEMENT,
        Severity::Error,
        "whit",
        "did you mean `white`?",
    );
}

#[test]
fn statements_in_the_wrong_block_say_where_they_belong() {
    let (_, d) = expect_one(
        "statement_in_wrong_block",
        codes::MISPLACED,
        Severity::Error,
        "symmetry",
        "move this line to the top level",
    );
    assert_eq!(d.message, "`symmetry` does not belong in a `board` block");
    expect_one(
        "piece_statement_in_setup",
        codes::MISPLACED,
        Severity::Error,
        "promote",
        "move this line into a `piece` block",
    );
}

#[test]
fn absurd_numbers() {
    expect_one(
        "hexagon_too_large",
        codes::BOARD_TOO_LARGE,
        Severity::Error,
        "100000",
        "hexv boards have at most 1024 cells",
    );
    expect_one(
        "number_with_30_digits",
        codes::BOARD_TOO_LARGE,
        Severity::Error,
        "600000000000000000000000000000",
        "hexv boards have at most 1024 cells",
    );
    expect_one(
        "year_with_30_digits",
        codes::BAD_NUMBER,
        Severity::Error,
        "123456789012345678901234567890",
        "write the year the variant was invented, e.g. `year 1936`",
    );
}

// ---------------------------------------------------------------------------------------------
// Names

#[test]
fn duplicate_piece_names_and_symbols_point_at_both() {
    let (file, d) = expect_one(
        "duplicate_piece_name",
        codes::DUPLICATE_PIECE,
        Severity::Error,
        "Rook",
        "rename one of the two pieces or remove one",
    );
    assert_eq!(secondary_texts(&file, &d), ["Rook"]);
    assert!(d.labels[1].span.start < d.labels[0].span.start);
    let (file, d) = expect_one(
        "duplicate_symbol",
        codes::DUPLICATE_SYMBOL,
        Severity::Error,
        "R",
        "rename one of the two symbols or remove one",
    );
    assert_eq!(secondary_texts(&file, &d), ["R"]);
    assert_eq!(line_of(&file, &d), 24);
}

#[test]
fn missing_board_and_setup_point_at_the_variant_line() {
    let (_, d) = expect_one(
        "missing_board",
        codes::MISSING,
        Severity::Error,
        "variant \"Trimmed Glinski\"",
        "add `board { cells flat; shape hexagon 6; names files a b c d e f g h i k l }`",
    );
    assert_eq!(d.message, "the variant has no board");
    let (_, d) = expect_one(
        "missing_setup",
        codes::MISSING,
        Severity::Error,
        "variant \"Trimmed Glinski\"",
        "add `setup { SYMBOL CELL ... }` with White's pieces",
    );
    assert_eq!(d.message, "the variant has no setup");
}

// ---------------------------------------------------------------------------------------------
// Board

#[test]
fn board_orientation_mismatch() {
    expect_one(
        "shape_ranks_on_flat_cells",
        codes::BOARD_ORIENTATION,
        Severity::Error,
        "ranks 6 7 8 9 10 11 10 9 8 7 6",
        "use `cells pointy` (ranks are straight only when cells stand on a corner), or `shape columns`",
    );
}

#[test]
fn a_repeated_file_letter_is_one_diagnostic() {
    let (_, d) = expect_one(
        "duplicate_file_letter",
        codes::DUPLICATE_CELL,
        Severity::Error,
        "files a b c d e f g h h k l",
        "give every file (or rank) its own letter, and every cell its own name",
    );
    assert_eq!(
        d.message,
        "two cells are named `h1` (and 7 more repeated names)"
    );
}

#[test]
fn a_symmetry_the_board_lacks_is_reported_once() {
    let (_, d) = expect_one(
        "remove_breaks_symmetry",
        codes::BOARD_SYMMETRY,
        Severity::Error,
        "mirror",
        "the board has no middle line to mirror in; give Black's setup and zones explicitly instead",
    );
    assert_eq!(d.message, "`symmetry mirror` does not fit this board");
}

// ---------------------------------------------------------------------------------------------
// References

#[test]
fn unknown_pieces() {
    // A one-letter symbol is not "close" to another one-letter symbol: no guess.
    expect_one(
        "unknown_piece_in_setup",
        codes::UNKNOWN_PIECE,
        Severity::Error,
        "Q",
        "define the piece with `piece NAME SYMBOL { ... }`",
    );
    expect_one(
        "misspelled_piece_in_setup",
        codes::UNKNOWN_PIECE,
        Severity::Error,
        "Rokk",
        "did you mean `Rook`?",
    );
    let (file, d) = expect_one(
        "promotion_to_undefined_piece",
        codes::UNKNOWN_PIECE,
        Severity::Error,
        "Q",
        "define the piece with `piece NAME SYMBOL { ... }`",
    );
    let line = file.text().lines().nth(line_of(&file, &d) - 1).unwrap();
    assert_eq!(line.trim(), "promote in far-edge to Q R B");
}

#[test]
fn unknown_cells_suggest_near_names() {
    expect_one(
        "unknown_cell_in_setup",
        codes::UNKNOWN_CELL,
        Severity::Error,
        "f55",
        "did you mean `f5`?",
    );
    expect_one(
        "zone_cell_off_board",
        codes::UNKNOWN_CELL,
        Severity::Error,
        "f12",
        "did you mean `f10` or `f11`?",
    );
    // Too many equally near names to guess among.
    expect_one(
        "setup_cell_off_board",
        codes::UNKNOWN_CELL,
        Severity::Error,
        "i0",
        "the board's cells are named like `a1`, `a2`, `a3`",
    );
}

#[test]
fn unknown_directions_and_zones() {
    expect_one(
        "misspelled_direction",
        codes::UNKNOWN_DIRECTION,
        Severity::Error,
        "orthogonl",
        "did you mean `orthogonal`?",
    );
    expect_one(
        "misspelled_glyph",
        codes::UNKNOWN_GLYPH,
        Severity::Error,
        "bishp",
        "did you mean `bishop`?",
    );
    expect_one(
        "unknown_zone",
        codes::UNKNOWN_ZONE,
        Severity::Error,
        "pawn-strat",
        "did you mean `pawn-start`?",
    );
}

// ---------------------------------------------------------------------------------------------
// Rules

#[test]
fn directions_that_do_not_exist() {
    let (_, d) = expect_one(
        "sideways_orthogonal_on_flat_board",
        codes::EMPTY_DIRECTIONS,
        Severity::Error,
        "sideways-orthogonal",
        "on flat boards the sideways hours 3 and 9 are diagonal",
    );
    assert_eq!(
        d.message,
        "`sideways-orthogonal` has no directions on a flat hex board"
    );
    expect_one(
        "hour_13",
        codes::BAD_HOUR,
        Severity::Error,
        "13",
        "12 is straight ahead, 3 to the mover's right, 6 straight back",
    );
}

#[test]
fn leaps_that_do_not_move_or_never_land() {
    let help = "a leap must move the piece: check the vector or the hours of the path";
    expect_one(
        "leap_by_zero_vector",
        codes::ZERO_LEAP,
        Severity::Error,
        "(0,0)",
        help,
    );
    expect_one(
        "leap_path_back_to_start",
        codes::ZERO_LEAP,
        Severity::Error,
        "[12 6]",
        help,
    );
    let (_, d) = expect_one(
        "leap_off_board",
        codes::OFF_BOARD_LEAP,
        Severity::Error,
        "(40,0)",
        "use a shorter leap",
    );
    assert_eq!(d.message, "leap (40,0) leaves the board from every cell");
}

#[test]
fn limits_and_scores() {
    expect_one(
        "multi_step_1",
        codes::BAD_LIMIT,
        Severity::Error,
        "1",
        "a multi-step of 1 is a plain `step 12 move-only`",
    );
    expect_one(
        "stalemate_five_quarters",
        codes::BAD_SCORE,
        Severity::Error,
        "5/4",
        "write the stalemating side's score, e.g. `3/4` (Glinski)",
    );
}

#[test]
fn checkmate_without_a_royal_piece() {
    let (_, d) = expect_one(
        "no_royal_piece",
        codes::NO_ROYAL,
        Severity::Error,
        "win",
        "add `royal` to the king's `piece` block",
    );
    assert_eq!(d.message, "checkmate wins, but no piece is royal");
}

#[test]
fn two_pieces_on_one_cell_is_reported_once() {
    // Black's mirrored setup repeats the clash; only White's is reported.
    let (file, d) = expect_one(
        "two_pieces_on_one_cell",
        codes::CELL_TAKEN,
        Severity::Error,
        "c1",
        "place each piece on its own cell",
    );
    assert_eq!(secondary_texts(&file, &d), ["c1"]);
    assert_eq!(line_of(&file, &d), 39);
}

#[test]
fn false_colour_bound_declaration() {
    let (_, d) = expect_one(
        "rook_declared_colour_bound",
        codes::NOT_COLOUR_BOUND,
        Severity::Error,
        "colour-bound",
        "from `a1` it moves to `b2`, a cell of another colour; remove `colour-bound` or the move",
    );
    assert_eq!(d.message, "piece `Rook` is not colour-bound");
}

#[test]
fn missing_symmetry_is_one_diagnostic_for_every_place() {
    let (file, d) = expect_one(
        "no_symmetry_for_black",
        codes::NO_BLACK,
        Severity::Error,
        "pawn-start",
        "add `symmetry mirror` or `symmetry rotate` at the top level, or give Black's cells explicitly",
    );
    assert_eq!(secondary_texts(&file, &d), ["far-edge", "setup"]);
}

// ---------------------------------------------------------------------------------------------
// Warnings

#[test]
fn warnings_still_compile_the_variant() {
    for (name, code, text) in [
        ("pawn_without_promotion", codes::STUCK_PIECE, "Pawn"),
        ("piece_never_used", codes::UNUSED_PIECE, "Queen"),
        ("piece_without_moves", codes::IMMOBILE_PIECE, "Wall"),
        ("no_legal_move_at_start", codes::NO_START_MOVES, "setup"),
        (
            "redundant_movement",
            codes::REDUNDANT_MOVEMENT,
            "ride orthogonal",
        ),
    ] {
        let (file, checked) = invalid(name);
        assert_eq!(checked.diagnostics.len(), 1, "{name}");
        let d = &checked.diagnostics[0];
        assert_eq!((d.code, d.severity), (code, Severity::Warning), "{name}");
        assert_eq!(file.slice(primary(d).span), text, "{name}");
        assert!(checked.compiled.is_some(), "{name}: warnings only");
    }
}

/// No legal game reaches a position where the side that just moved left its royal piece
/// attacked, so a setup like that is refused (found by the property tests: the game went on
/// with the king captured).
#[test]
fn capturable_king_names_the_attacker() {
    let (file, d) = expect_one(
        "king_capturable_at_start",
        codes::KING_EN_PRISE,
        Severity::Error,
        "g1",
        "move the royal piece, or shield it with another piece",
    );
    let checked = invalid("king_capturable_at_start").1;
    assert!(checked.compiled.is_none());
    assert_eq!(
        d.message,
        "in the setup White can capture Black's royal piece on `g10`"
    );
    // Black's king is White's `K g1` mirrored; White's rook on g9 attacks it.
    assert_eq!(secondary_texts(&file, &d), ["g9"]);
}

// ---------------------------------------------------------------------------------------------
// Several mistakes

#[test]
fn independent_mistakes_are_all_reported_in_order() {
    let glinski = std::fs::read_to_string(root().join("variants/glinski.hexv")).unwrap();
    let text = glinski
        .replace("  ride orthogonal\n}", "  ride orthogonl\n}")
        .replace("from pawn-start", "from pawn-strat")
        .replace("  K g1\n", "  K g1\n  Z a1\n");
    assert_ne!(text, glinski);
    let file = SourceFile::new("three-mistakes.hexv", text);
    let checked = check(&file);
    let found = codes_and_texts(&file, &checked);
    assert_eq!(
        found,
        [
            (codes::UNKNOWN_DIRECTION, "orthogonl"),
            (codes::UNKNOWN_ZONE, "pawn-strat"),
            (codes::UNKNOWN_PIECE, "Z"),
        ]
    );
    let starts: Vec<usize> = checked
        .diagnostics
        .iter()
        .map(|d| primary(d).span.start)
        .collect();
    assert!(starts.windows(2).all(|w| w[0] < w[1]), "{starts:?}");
    assert!(checked.compiled.is_none());
}

/// README's "every mistake at once": a line the grammar cannot read does not stop the
/// checker; the statements around it are still resolved and their mistakes reported.
#[test]
fn mistakes_past_a_syntax_error_are_reported_too() {
    let (file, checked) = invalid("mistakes_past_a_syntax_error");
    let found = codes_and_texts(&file, &checked);
    assert_eq!(
        found,
        [
            (codes::UNKNOWN_STATEMENT, "rid"),
            (codes::UNKNOWN_DIRECTION, "diagonl"),
            (codes::UNKNOWN_CELL, "f12"),
        ]
    );
    assert!(checked.compiled.is_none());
}

/// What an unread line would have defined is not reported missing: a misspelt `piece` block
/// is one error, not also an unknown piece in the setup and the promotion.
#[test]
fn an_unread_block_hides_its_consequences() {
    expect_one(
        "misspelt_piece_block",
        codes::UNKNOWN_STATEMENT,
        Severity::Error,
        "pice",
        "did you mean `piece`?",
    );
    // A misspelt `royal` is one error, not also "no piece is royal".
    expect_one(
        "unknown_statement_in_piece",
        codes::UNKNOWN_STATEMENT,
        Severity::Error,
        "ryal",
        "did you mean `royal`?",
    );
    // An unread setup line hides the missing king it held, but not an unknown cell elsewhere.
    let glinski = std::fs::read_to_string(root().join("variants/glinski.hexv")).unwrap();
    let text = glinski
        .replace("  K g1\n", "  K: g1\n")
        .replace("  R c1 i1\n", "  R c1 i12\n");
    let file = SourceFile::new("setup.hexv", text);
    let checked = check(&file);
    let found = codes_and_texts(&file, &checked);
    assert_eq!(
        found,
        [(codes::MALFORMED, "K: g1"), (codes::UNKNOWN_CELL, "i12")]
    );
}

/// A list carried on over lines is one mistake, labelled on each continuation line and on the
/// statement it continues.
#[test]
fn a_list_continued_on_the_next_lines_is_one_error() {
    let (file, d) = expect_one(
        "list_continued_on_next_line",
        codes::CONTINUED_LINE,
        Severity::Error,
        "g10 h9 i8",
        "join these lines to the `zone` line: a line may be up to 10 000 characters long",
    );
    assert_eq!(
        d.message,
        "this `zone` line goes on over 2 more lines, but a statement ends at the end of its line"
    );
    assert_eq!(
        secondary_texts(&file, &d),
        ["k7 l6", "zone far-edge = a6 b7 c8 d9 e10 f11"]
    );
    // A direction list carried on inside a piece block; a misspelt keyword on the next line is
    // still explained as a misspelling, not as a continuation.
    let glinski = std::fs::read_to_string(root().join("variants/glinski.hexv")).unwrap();
    let text = glinski.replace(
        "  ride orthogonal diagonal\n",
        "  ride orthogonal\n    diagonal\n  rid orthogonal\n",
    );
    let file = SourceFile::new("queen.hexv", text);
    let checked = check(&file);
    let found = codes_and_texts(&file, &checked);
    assert_eq!(
        found,
        [
            (codes::CONTINUED_LINE, "diagonal"),
            (codes::UNKNOWN_STATEMENT, "rid")
        ]
    );
}

/// A setup without its king: one error for the cause, none for the castling lines that move
/// the king, none for Black's setup derived from White's.
#[test]
fn a_missing_king_is_reported_once_not_per_castling() {
    let (_, d) = expect_one(
        "king_missing_with_castlings",
        codes::NO_ROYAL,
        Severity::Error,
        "setup",
        "place the royal piece (the king) in the setup",
    );
    assert_eq!(
        d.message,
        "White has no royal piece in the setup (nor has Black, whose setup is White's by the symmetry)"
    );
}

/// Names that run short say where: which file and which cell of it; letters that run short
/// say which file has none; letters left over are pointed at.
#[test]
fn names_that_run_short_say_where() {
    let (_, d) = expect_one(
        "names_list_too_short",
        codes::BOARD_NAMES,
        Severity::Error,
        "c1",
        "list one name per cell, file by file (flat) or rank by rank (pointy)",
    );
    assert_eq!(
        d.message,
        "the board has 9 cells but 7 names are listed: the names run out at the 2nd cell from the bottom of the 3rd file from the left; 2 cells have no name"
    );
    let (_, d) = expect_one(
        "file_letters_too_few",
        codes::BOARD_NAMES,
        Severity::Error,
        "files a b c d e f h i k l",
        "give one letter per file, from left to right",
    );
    assert!(
        d.message
            .ends_with(": they name the first 10 files from the left; the 11th (6 cells) has none"),
        "{}",
        d.message
    );
    let glinski = std::fs::read_to_string(root().join("variants/glinski.hexv")).unwrap();
    let text = glinski.replace(
        "names files a b c d e f g h i k l",
        "names files a b c d e f g h i k l m n",
    );
    let file = SourceFile::new("letters.hexv", text);
    let checked = check(&file);
    let [d] = checked.diagnostics.as_slice() else {
        panic!("{:?}", checked.diagnostics)
    };
    assert_eq!(
        d.message,
        "the board has 11 files (columns) but 13 letters are given: the last 2 letters name no file"
    );
    assert_eq!(file.slice(primary(d).span), "m n");
}

/// A pawn-like piece stepping straight back is reported with an example move; the sideways
/// edge steps of a flat board (4 and 8 o'clock) are not backward (conditions.hexv's pawn
/// steps 4 8 and checks cleanly).
#[test]
fn a_pawn_stepping_back_is_a_warning() {
    let (_, d) = expect_one(
        "pawn_steps_back",
        codes::PAWN_STEPS_BACK,
        Severity::Warning,
        "step 12 6 move-only",
        "a pawn-like piece (it promotes and moves and captures differently, or makes a multi-step) usually only advances: check the line's hours (12 is straight ahead, in White's frame)",
    );
    assert_eq!(
        d.message,
        "`Pawn` moves like a pawn but this line takes it backward"
    );
    assert_eq!(primary(&d).text, "White's Pawn could go from `a2` to `a1`");
}

/// A first-move capture through the armies names the taker and the piece taken; Glinski's own
/// setup (no such capture) checks cleanly.
#[test]
fn a_piece_capturable_at_the_start_is_a_warning() {
    let (file, d) = expect_one(
        "capturable_at_start",
        codes::CAPTURABLE_AT_START,
        Severity::Warning,
        "i2",
        "if the rules do not mean the game to open with a capture, check the setup's cells and the pieces' lines",
    );
    assert_eq!(
        d.message,
        "White can capture on its first move: White's Queen on `e2` takes Black's Pawn on `i7`"
    );
    assert_eq!(secondary_texts(&file, &d), ["e2"]);
    let glinski = SourceFile::new(
        "glinski.hexv",
        std::fs::read_to_string(root().join("variants/glinski.hexv")).unwrap(),
    );
    assert!(check(&glinski).diagnostics.is_empty());
}

#[test]
fn diagnostics_are_sorted_even_when_found_out_of_order() {
    // Zones are resolved before pieces, pieces before the setup, but a setup written first
    // is still reported first.
    let glinski = std::fs::read_to_string(root().join("variants/glinski.hexv")).unwrap();
    let setup_start = glinski.find("setup {").unwrap();
    let rules_start = glinski.find("rules {").unwrap();
    let setup = &glinski[setup_start..rules_start];
    let moved = format!(
        "{}{}",
        setup.replace("  K g1\n", "  K g1\n  Z a1\n"),
        glinski.replace(setup, "").replace("e10 f11", "e10 f12")
    );
    let file = SourceFile::new("moved.hexv", moved);
    let checked = check(&file);
    let texts: Vec<&str> = checked
        .diagnostics
        .iter()
        .map(|d| file.slice(primary(d).span))
        .collect();
    assert_eq!(texts, ["Z", "f12"]);
}

/// One run reports every mistake (issue 32): a block never closed does not hide an unknown
/// zone, an unknown side, nor a false `colour-bound` in a sound piece whose tables are built
/// while other pieces and the setup are in error.
#[test]
fn every_mistake_of_a_file_comes_in_one_run() {
    let (file, checked) = invalid("four_mistakes_at_once");
    let found: Vec<(&str, &str)> = checked
        .diagnostics
        .iter()
        .map(|d| (d.code, file.slice(primary(d).span)))
        .collect();
    assert_eq!(
        found,
        [
            (codes::NOT_COLOUR_BOUND, "colour-bound"),
            ("hexv::syntax::unclosed_block", "{"),
            (codes::UNKNOWN_ZONE, "egde"),
            (codes::UNKNOWN_SIDE, "red"),
        ],
        "{}",
        render(&checked, &file)
    );
    // The block left open is the Knight's, on its `piece` line.
    let unclosed = &checked.diagnostics[1];
    let line = file.line_col(primary(unclosed).span.start).0;
    assert!(file
        .text()
        .lines()
        .nth(line - 1)
        .unwrap()
        .starts_with("piece Knight N {"));
}

/// A `}` that closes nothing hides nothing either: the unknown zone after it is reported in
/// the same run, at its place in the file as written.
#[test]
fn a_stray_brace_hides_no_other_mistake() {
    let text = std::fs::read_to_string(root().join("variants/glinski.hexv"))
        .expect("Glinski")
        .replace("  ride orthogonal\n}\n", "  ride orthogonal\n}\n}\n")
        .replace("promote in far-edge", "promote in egde");
    let file = SourceFile::new("stray.hexv", text);
    let checked = check(&file);
    let found: Vec<(&str, &str)> = checked
        .diagnostics
        .iter()
        .map(|d| (d.code, file.slice(primary(d).span)))
        .collect();
    assert_eq!(
        found,
        [
            ("hexv::syntax::unexpected_brace", "}"),
            (codes::UNKNOWN_ZONE, "egde"),
        ]
    );
}
