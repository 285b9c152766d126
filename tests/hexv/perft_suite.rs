//! The tricky-position suite, `tests/data/perft-suite.txt` (docs/perft.md, "The
//! tricky-position suite"): positions chosen to exercise every rule, each tagged with what it
//! exercises, with counts from the reference engine confirmed by the fast one
//! (`examples/perft_suite.rs` made them). Every test run counts every position with the fast
//! engine to depth 3, and from the JSON alone (`tools/json_perft.py`, no hexv code) to depth
//! 2; the ignored tests count every listed depth with both engines, and depth 3 from the JSON.

use std::collections::HashMap;
use std::process::{Command, Stdio};

use hexv::game::AnyEngine;
use hexv::Game;

use crate::perft::{read_cases, Case};
use crate::support::{game, root, variant_files};

const SUITE: &str = "tests/data/perft-suite.txt";

/// What each shipped variant's tags must mention: its rules, each of them exercised by at
/// least one position (the words are those `examples/perft_suite.rs` writes; `A & B`: one tag
/// mentions both).
const EVERY_VARIANT: &[&str] = &["check by", "double check", "pin: ", "checkmate: "];
const CHESS: &[&str] = &[
    "promotion forced: Pawn by a move & a far corner",
    "promotion forced: Pawn by a move & a far-edge side cell",
    "promotion forced: Pawn by capture & a far corner",
    "promotion forced: Pawn by capture & a far-edge side cell",
    "stalemate: ",
    "checkmate in one",
];
const EN_PASSANT: &[&str] = &["e.p. ", "is illegal: it exposes the king"];
const CASTLING: &[&str] = &[
    "castling legal: ",
    "refused: a piece between king and rook",
    "refused: the king is in check",
    "refused: the king passes an attacked cell",
    "refused: the king's destination is attacked",
    "castling refused: the king on",
    "castling refused: the rook on",
    "though the rook stands on or passes an attacked cell",
];
const SHOGI: &[&str] = &[
    "drop: ",
    "drop in check",
    "no Pawn drop where an own Pawn could capture",
    "no Pawn drop giving check",
    "drop where it would have no move",
    "promotion optional: ",
    "into the zone",
    "out of the zone",
    "promotion forced (no move from there): Pawn",
    "promotion forced (no move from there): Lance",
    "promotion forced (no move from there): Knight",
    "move-limit: 99",
    "move-limit: 100",
];
const HEX_CHESS_LINES: &[&str] = &[
    "check by & along a diagonal line",
    "check by & along an orthogonal line",
    "check by Knight",
    "pin: & along a diagonal line",
    "pin: & along an orthogonal line",
];

/// Each shipped variant and what its tags must mention besides [`EVERY_VARIANT`].
fn expected_tags() -> Vec<(&'static str, Vec<&'static str>)> {
    let with = |parts: &[&[&'static str]]| parts.concat();
    let limit = &["move-limit: 99", "move-limit: 100", "repetition: "][..];
    // Shafran, De Vasa and Brusky: chess with en passant, castling and the move limit.
    let castling_chess = with(&[CHESS, EN_PASSANT, CASTLING, HEX_CHESS_LINES, limit]);
    vec![
        (
            "glinski",
            with(&[CHESS, EN_PASSANT, HEX_CHESS_LINES, &["zone pawn-start"]]),
        ),
        (
            "mccooey",
            with(&[CHESS, EN_PASSANT, HEX_CHESS_LINES, &["zone pawn-start"]]),
        ),
        (
            "koval",
            with(&[
                CHESS,
                EN_PASSANT,
                CASTLING,
                HEX_CHESS_LINES,
                &["zone double-move"],
            ]),
        ),
        (
            "dagger",
            with(&[
                EN_PASSANT,
                HEX_CHESS_LINES,
                &[
                    "(en-passant step)",
                    "promotion forced: Pawn by a move to n1",
                    "promotion forced: Pawn by capture to n1",
                    "entry: the Knight enters by a leap",
                    "entry: the Knight enters with a capture",
                    "entry: the Knight placed on its back cell",
                    "may not be placed on a1, which is taken",
                    "stalemate: ",
                ],
            ]),
        ),
        (
            "chessagon",
            with(&[
                EN_PASSANT,
                CASTLING,
                limit,
                &[
                    "(unmoved multi-step)",
                    "promotion forced: Pawn by a move",
                    "promotion forced: Pawn by capture",
                    "refused: the rook's move uncovers a check",
                    "check by & along a diagonal line",
                    "check by & along an orthogonal line",
                    "check by & along a face-point line",
                    "check by Knight",
                    "pin: & along a diagonal line",
                    "pin: & along an orthogonal line",
                    "pin: & along a face-point line",
                    "stalemate: ",
                ],
            ]),
        ),
        ("hex-shogi-41", with(&[SHOGI, HEX_CHESS_LINES])),
        ("hex-shogi-81", with(&[SHOGI, HEX_CHESS_LINES])),
        ("hex-shogi-91", with(&[SHOGI, HEX_CHESS_LINES])),
        (
            "shafran",
            with(&[
                &castling_chess,
                &["multi-step of up to 3", "multi-step of up to 2"],
            ]),
        ),
        ("mini-hexchess", with(&[CHESS, HEX_CHESS_LINES])),
        ("de-vasa", castling_chess.clone()),
        (
            "brusky",
            with(&[
                &castling_chess,
                &[
                    "may not advance: an enemy stands on a forward neighbour",
                    "a capture it has only from zone pawn-start",
                ],
            ]),
        ),
        (
            "xiang-hex",
            vec![
                "check by Cannon over a screen",
                "check by Horse",
                "check by Chariot along an orthogonal line",
                "check by Soldier",
                "a capture it has only from zone across-river",
                "pin: the Mandarin on",
                "by a Cannon over a screen",
                "stands between the facing generals",
                "facing: & is refused",
                "by a Horse",
                "(lame leap)",
                "stalemate: ",
                "repetition: ",
            ],
        ),
        (
            // A pawn promotes by capture only on the far edge's side cells: the corners 10
            // and 34 lie beyond the far edge's ends, which no capture reaches.
            "starchess",
            vec![
                "placement: ",
                "promotion forced: Pawn by a move & a far corner",
                "promotion forced: Pawn by a move & a far-edge side cell",
                "promotion forced: Pawn by capture & a far-edge side cell",
                "stalemate: ",
                "checkmate in one",
                "check by Knight",
                "check by Rook along an orthogonal line",
            ],
        ),
        (
            // Triangles in rows: the Rook's and Bishop's lines leave a cell across a side or
            // a corner; a pawn with no cell ahead advances by its capture move.
            "triangular-chess",
            with(&[
                CHESS,
                EN_PASSANT,
                CASTLING,
                limit,
                &[
                    "check by & along a face-first line",
                    "check by & along a point-first line",
                    "check by Knight",
                    "check by Unicorn",
                    "pin: & along a face-first line",
                    "pin: & along a point-first line",
                    "no cell ahead) takes on d8",
                    "zone no-step-ahead) moves",
                ],
            ]),
        ),
        (
            // Three sides: a mated side leaves at once (no position is a checkmate), as does
            // one whose King a third side takes; castling exchanges the King and a Rook.
            "wellisch",
            with(&[
                CHESS,
                &CASTLING[..CASTLING.len() - 1],
                &[
                    "check by Rook along an orthogonal line",
                    "check by Knight",
                    "check by Queen",
                    "pin: & along an orthogonal line",
                    "leaves: & mates",
                    "leaves: & takes the royal piece of",
                    "promotion waits: ",
                    "promotion in place: ",
                    "move-limit: 149",
                    "move-limit: 150",
                    "repetition: ",
                ],
            ]),
        ),
    ]
}

fn suite() -> Vec<Case> {
    read_cases(SUITE)
}

/// The fastest engine of each variant file (the fast engine of two sides or of more; the
/// reference engine for a board over 128 cells), built once.
fn engines(cases: &[Case]) -> HashMap<String, (Game<'static>, AnyEngine<'static>)> {
    let mut out = HashMap::new();
    for case in cases {
        out.entry(case.file.clone()).or_insert_with(|| {
            let g = game(&case.file);
            (g, AnyEngine::new(g))
        });
    }
    out
}

/// Counts every position with the fast engine to `fast_depth` and with the reference engine
/// to `reference_depth`.
fn check_counts(fast_depth: u32, reference_depth: u32) {
    let cases = suite();
    let engines = engines(&cases);
    for case in &cases {
        let (game, engine) = &engines[&case.file];
        let pos = game
            .parse_position(&case.position)
            .unwrap_or_else(|e| panic!("{}: {}", case.file, e.show(&case.position)));
        assert_eq!(
            game.position_text(&pos),
            case.position,
            "{}: the position is written as hexv writes it",
            case.file
        );
        for &(depth, count) in &case.counts {
            let context = || format!("{}; {} at depth {depth}", case.file, case.position);
            if depth <= fast_depth {
                assert_eq!(
                    engine.perft(&pos, depth),
                    count,
                    "fastest engine, {}",
                    context()
                );
            }
            if depth <= reference_depth {
                assert_eq!(
                    game.perft(&pos, depth),
                    count,
                    "reference engine, {}",
                    context()
                );
            }
        }
    }
}

#[test]
fn suite_counts_to_depth_3_with_the_fast_engine() {
    check_counts(3, 0);
}

#[test]
#[ignore = "slow in debug builds: run with `cargo test --release -- --ignored`"]
fn suite_counts_at_every_depth_with_both_engines() {
    check_counts(u32::MAX, u32::MAX);
}

/// At least 200 positions, each with a tag and depths 1 to 3 (4 where the count is below
/// about two million), every shipped variant among them, no position twice.
#[test]
fn suite_has_every_variant_and_depths_1_to_3() {
    let cases = suite();
    assert!(cases.len() >= 200, "{SUITE}: {} positions", cases.len());
    for case in &cases {
        let depths: Vec<u32> = case.counts.iter().map(|(d, _)| *d).collect();
        assert!(
            depths == [1, 2, 3] || depths == [1, 2, 3, 4],
            "{}; {}: depths {depths:?}",
            case.file,
            case.position
        );
        let four = case.counts.get(3).map(|(_, n)| *n);
        assert!(
            four.is_none_or(|n| n <= 2_000_000),
            "{}: depth 4 is large",
            case.file
        );
        assert!(
            case.tag.as_ref().is_some_and(|t| !t.is_empty()),
            "{}; {}: every position says what it exercises",
            case.file,
            case.position
        );
    }
    let mut seen = std::collections::HashSet::new();
    for case in &cases {
        assert!(
            seen.insert((&case.file, &case.position)),
            "{}; {} is listed twice",
            case.file,
            case.position
        );
    }
    for file in crate::support::variant_names() {
        let n = cases.iter().filter(|c| c.file == file).count();
        assert!(n >= 10, "{SUITE}: {file} has {n} positions");
    }
}

/// Every rule of every shipped variant is exercised: the tags of each variant's positions
/// mention each of its rules (the list above), and no variant goes unlisted.
#[test]
fn suite_tags_cover_every_rule_of_every_variant() {
    let cases = suite();
    let expected = expected_tags();
    let mut missing = Vec::new();
    for path in variant_files() {
        let stem = path
            .file_stem()
            .expect("a file")
            .to_string_lossy()
            .to_string();
        let (_, wanted) = expected
            .iter()
            .find(|(v, _)| *v == stem)
            .unwrap_or_else(|| panic!("{stem} has no list of expected tags"));
        let tags: Vec<&str> = cases
            .iter()
            .filter(|c| c.file == format!("variants/{stem}.hexv"))
            .filter_map(|c| c.tag.as_deref())
            .collect();
        // Where a mated side leaves the game at once, no position is a checkmate.
        let leaves = crate::support::compiled(&path)
            .variant()
            .rules()
            .leaving
            .checkmate;
        let every = EVERY_VARIANT
            .iter()
            .filter(|w| !(leaves && **w == "checkmate: "));
        for word in every.chain(wanted) {
            if !tags
                .iter()
                .any(|t| word.split(" & ").all(|part| t.contains(part)))
            {
                missing.push(format!("{stem}: `{word}`"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{SUITE}: no position's tag mentions these:\n{}",
        missing.join("\n")
    );
}

/// The suite's lines whose count at `depth` is at most `max` leaves.
fn lines_up_to(depth: u32, max: u64) -> String {
    let text = std::fs::read_to_string(root().join(SUITE)).expect(SUITE);
    let key = format!("{depth}=");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter(|line| {
            line.split(';').nth(2).is_some_and(|counts| {
                counts.split_whitespace().any(|c| {
                    c.strip_prefix(&key)
                        .and_then(|n| n.parse::<u64>().ok())
                        .is_some_and(|n| n <= max)
                })
            })
        })
        .map(|line| format!("{line}\n"))
        .collect()
}

/// Counts the suite from each variant's JSON alone with `tools/json_perft.py --suite` to
/// `depth`, the 13 scripts side by side; each must report no mismatch. With
/// `HEXV_PYTHON_LEAVES=N` in the environment, only the positions of at most N leaves at that
/// depth (CI's budget: `.ci/run`).
fn json_alone(test: &str, depth: u32) {
    if !crate::json_variant::python_available(test) {
        return;
    }
    let dir = crate::support::scratch(&format!("perft-suite-json-{depth}"));
    let suite = match std::env::var("HEXV_PYTHON_LEAVES") {
        Err(_) => root().join(SUITE),
        Ok(max) => {
            let max = max
                .parse()
                .expect("HEXV_PYTHON_LEAVES is a number of leaves");
            let lines = lines_up_to(depth, max);
            assert!(
                lines.lines().count() >= 100,
                "the budget leaves too few positions"
            );
            let path = dir.join("suite.txt");
            std::fs::write(&path, lines).expect("the suite is written");
            path
        }
    };
    // The script plays two sides (tools/perft_check.py counts Wellisch's suite lines).
    let children: Vec<(String, std::process::Child)> = variant_files()
        .iter()
        .filter(|path| crate::support::compiled(path).variant().sides().len() == 2)
        .map(|path| {
            let file = format!("variants/{}", path.file_name().unwrap().to_string_lossy());
            let json = dir.join(file.replace('/', "_") + ".json");
            let text = crate::json_variant::table_json(&file).1;
            std::fs::write(&json, text).expect("the JSON is written");
            let child = Command::new("python3")
                .arg(root().join("tools/json_perft.py"))
                .arg(&json)
                .args(["--depth", &depth.to_string(), "--suite"])
                .arg(&suite)
                .args(["--variant-file", &file])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("python3 runs");
            (file, child)
        })
        .collect();
    for (file, child) in children {
        let out = child.wait_with_output().expect("the script ends");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains(", 0 mismatches"),
            "{file}: the JSON alone counts differently:\n{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn json_alone_counts_the_suite_to_depth_2() {
    json_alone("json_alone_counts_the_suite_to_depth_2", 2);
}

/// About four minutes of Python (CI: the positions up to `HEXV_PYTHON_LEAVES` leaves).
#[test]
#[ignore = "slow: four minutes of Python"]
fn json_alone_counts_the_suite_to_depth_3() {
    json_alone("json_alone_counts_the_suite_to_depth_3", 3);
}
