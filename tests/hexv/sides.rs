//! The `sides` line: names in turn order, each side's frame, setups and zones turned for each
//! side by `symmetry rotate`, and every mistake of it located. Expected cells and counts are
//! derived by hand from the fixture's board (Glinski's 91 cells: corners f1, l1, l6, f11, a6,
//! a1, a third of a turn taking f1 to a6 and l6).

use hexv::check::codes;
use hexv::diagnostic::Severity;
use hexv::render::tables::{to_json, Selection};
use hexv::variant::Side;

use crate::support::{check_text, compiled, names, root, set};

pub(crate) const THREE: &str = "tests/fixtures/valid/three_sides.hexv";

fn three_source() -> String {
    std::fs::read_to_string(root().join(THREE)).expect("fixture is readable")
}

/// The fixture with `from` replaced by `to` (which must occur).
fn edited(from: &str, to: &str) -> String {
    let text = three_source();
    assert!(text.contains(from), "`{from}` is not in the fixture");
    text.replacen(from, to, 1)
}

/// The one error of a text, as (code, the text under its primary label, message).
fn one_error(text: &str) -> (String, String, String) {
    let checked = check_text("sides.hexv", text);
    let errors: Vec<_> = checked
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1, "expected one error, got {errors:#?}");
    let d = errors[0];
    let span = d
        .labels
        .iter()
        .find(|l| l.primary)
        .expect("a primary label")
        .span;
    (
        d.code.to_string(),
        text[span.start..span.end].to_string(),
        d.message.clone(),
    )
}

#[test]
fn three_sides_take_turns_each_in_a_frame_turned_by_a_third() {
    let c = compiled(THREE);
    let v = c.variant();
    let sides: Vec<(&str, u8)> = v
        .sides()
        .iter()
        .map(|s| (s.name.as_str(), s.frame.hours()))
        .collect();
    assert_eq!(sides, [("white", 0), ("black", 4), ("red", 8)]);
    let white = Side::WHITE;
    let black = v.next_side(white);
    let red = v.next_side(black);
    assert_eq!(v.next_side(red), white);
    // The first side's king on f1, rooks e1 g1, pawns e2 f2 g2; a third of a turn (4 hours)
    // takes the bottom corner f1 to the corner a6, two thirds to l6.
    let placed = |side: Side, symbol: &str| {
        names(
            v,
            v.setup(side)
                .iter()
                .filter(|(p, _)| v.piece(*p).symbol == symbol)
                .map(|(_, c)| *c),
        )
    };
    assert_eq!(placed(white, "K"), set("f1"));
    assert_eq!(placed(black, "K"), set("a6"));
    assert_eq!(placed(red, "K"), set("l6"));
    assert_eq!(placed(black, "R"), set("a5 b7"));
    assert_eq!(placed(red, "R"), set("l5 k7"));
    // The far zone: the first side's two upper edges; Red's are the edges away from l6.
    let far = v
        .zones()
        .iter()
        .find(|z| z.name == "far")
        .expect("zone far");
    assert_eq!(
        names(v, far.cells[white].iter().copied()),
        set("a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6")
    );
    assert_eq!(
        names(v, far.cells[red].iter().copied()),
        set("a1 b1 c1 d1 e1 f1 a2 a3 a4 a5 a6")
    );
}

#[test]
fn every_side_moves_toward_its_own_front_and_perft_multiplies() {
    // Each army: the rooks slide along their edge (4 cells each: e1 to a1..d1, g1 to h1..l1),
    // each pawn steps ahead (3), the king is boxed in (its diagonals at 3 and 9 o'clock leave
    // the board): 11 moves. Every side keeps 11 at each of the first three plies: a Rook that
    // moves onto a corner the next army's Rook sees (`e1-a1`) can be taken there (`a5xa1`)
    // instead of moved to, which changes the moves, not their number.
    let c = compiled(THREE);
    let game = c.game();
    let start = game.start_position();
    assert_eq!(game.perft(&start, 1), 11);
    assert_eq!(game.perft(&start, 2), 121);
    assert_eq!(game.perft(&start, 3), 1331);
    let after = game
        .play_moves(&start, "e2-e3")
        .expect("White's pawn steps ahead");
    // Black's pawns stand at b5 b6 c7 (a third of a turn from e2 f2 g2) and step toward 4
    // o'clock, Black's ahead.
    let pawn = |m: &&hexv::game::Move| {
        m.from
            .and_then(|f| after.squares[f.index()])
            .is_some_and(|(_, p)| game.variant.piece(p).symbol == "P")
    };
    let black_pawn_steps: std::collections::BTreeSet<String> = game
        .legal_moves(&after)
        .iter()
        .filter(pawn)
        .map(|m| game.format_move(&after, m))
        .collect();
    // Black's 12 o'clock is the board's 4 o'clock: b5 to c5, b6 to c6, c7 to d7.
    assert_eq!(black_pawn_steps, set("b5-c5 b6-c6 c7-d7"));
}

/// The counts of the independent counter, `python3 tools/perft_check.py three-sides 5` (its own
/// coordinates, third turns and generator, written from the fixture's rules), which agrees entry
/// by entry in `--divide` at depth 3, also after 24 plies that bring White's f pawn to f10 while
/// Black's and Red's rooks go to and fro: there `f10-f11=R` promotes on White's far edge.
#[test]
fn perft_agrees_with_the_independent_counter() {
    let c = compiled(THREE);
    let game = c.game();
    let start = game.start_position();
    assert_eq!(game.perft(&start, 4), 26_208);
    assert_eq!(game.perft(&start, 5), 506_004);
    let mut moves = Vec::new();
    for rank in 3..=10 {
        moves.push(format!("f{}-f{rank}", rank - 1));
        moves.extend(
            if rank % 2 == 1 {
                ["b7-c8", "l5-l4"]
            } else {
                ["c8-b7", "l4-l5"]
            }
            .map(String::from),
        );
    }
    let pos = game
        .play_moves(&start, &moves.join(" "))
        .expect("the moves are legal");
    assert_eq!(game.perft(&pos, 3), 1694);
    let promotion = game
        .legal_moves(&pos)
        .into_iter()
        .find(|m| game.format_move(&pos, m) == "f10-f11=R")
        .expect("the pawn promotes on the far edge");
    assert_eq!(game.perft(&game.play(&pos, &promotion), 2), 121);
}

#[test]
fn stated_frames_mean_the_equal_turns_and_two_named_sides_change_nothing() {
    let json = |text: &str| {
        let checked = check_text("sides.hexv", text);
        let c = checked.compiled.expect("clean");
        to_json(c.variant(), c.tables(), &Selection::default())
    };
    assert_eq!(
        json(&three_source()),
        json(&edited(
            "sides white black red",
            "sides white forward 12 black forward 4 red forward 8"
        ))
    );
    // Glinski's own file with its sides named as they always were: the same tables.
    let glinski = std::fs::read_to_string(root().join("variants/glinski.hexv")).expect("glinski");
    let named = glinski.replacen("symmetry mirror", "sides white black\nsymmetry mirror", 1);
    assert_ne!(named, glinski);
    assert_eq!(json(&glinski), json(&named));
}

#[test]
fn every_mistake_of_a_sides_line_is_located() {
    let cases: &[(&str, &str, &str, &str, &str)] = &[
        // (replace, with, code, text under the label, message)
        (
            "sides white black red",
            "sides white",
            codes::SIDES,
            "sides white",
            "1 side; a game has 2 to 6 sides",
        ),
        (
            "sides white black red",
            "sides a b c d e f g",
            codes::SIDES,
            "sides a b c d e f g",
            "7 sides; a game has 2 to 6 sides",
        ),
        (
            "sides white black red",
            "sides white red red",
            codes::SIDES,
            "red",
            "side `red` is named twice",
        ),
        (
            "sides white black red",
            "sides white black forward 4 red",
            codes::SIDES,
            "red",
            "side `red` does not say where its 12 o'clock points",
        ),
        (
            "sides white black red",
            "sides white black forward 3 red forward 8",
            codes::SIDES,
            "3",
            "side `black` faces hour 3, which no cell faces",
        ),
        (
            "sides white black red",
            "sides white forward 2 black forward 6 red forward 10",
            codes::SIDES,
            "2",
            "the first side's 12 o'clock is the board's own",
        ),
        (
            "sides white black red",
            "sides white black forward 14 red forward 8",
            codes::BAD_HOUR,
            "14",
            "directions are clock hours from 1 to 12",
        ),
        (
            "sides white black red",
            "sides white black red\nsides white black red",
            codes::DUPLICATE_STATEMENT,
            "sides",
            "the file has two `sides` lines",
        ),
        (
            "symmetry rotate",
            "symmetry mirror",
            codes::BOARD_SYMMETRY,
            "mirror",
            "`symmetry mirror` derives a second side, but the file has 3 sides",
        ),
        (
            "setup {",
            "setup blue {",
            codes::UNKNOWN_SIDE,
            "blue",
            "no side is called `blue`",
        ),
        (
            "symmetry rotate",
            "",
            codes::NO_BLACK,
            "far",
            "the other sides' cells are not given, and no `symmetry` line derives them",
        ),
        (
            "zone far = a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6",
            "zone far {\n  reed a1\n}",
            codes::UNKNOWN_STATEMENT,
            "reed",
            "unknown statement `reed` in a `zone` block",
        ),
    ];
    for (from, to, code, text, message) in cases {
        let (c, t, m) = one_error(&edited(from, to));
        assert_eq!(
            (c.as_str(), t.as_str(), m.as_str()),
            (*code, *text, *message),
            "`{to}`"
        );
    }
}

#[test]
fn a_board_without_the_third_turn_cannot_seat_three_sides_by_rotation() {
    // An 11 by 11 rhombus holds every cell the fixture names, but turns onto itself by half a
    // turn only.
    let text = edited("shape hexagon 6", "shape rhombus 11 x 11");
    let (code, label, message) = one_error(&text);
    assert_eq!(code, codes::BOARD_SYMMETRY);
    assert_eq!(label, "rotate");
    assert_eq!(message, "`symmetry rotate` does not fit this board");
}

#[test]
fn each_side_may_be_set_up_and_zoned_by_hand() {
    // No symmetry: each side's setup and zones given by name.
    let text = edited("symmetry rotate\n", "")
        .replace(
            "zone far = a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6",
            "zone far {\n  white a6 b7\n  black l1 k1\n  red a1 b1\n}",
        )
        .replacen(
            "setup {",
            "setup black {\n  K h9\n}\n\nsetup red {\n  K d9\n}\n\nsetup {",
            1,
        );
    let checked = check_text("sides.hexv", &text);
    let c = checked
        .compiled
        .unwrap_or_else(|| panic!("{:#?}", checked.diagnostics));
    let v = c.variant();
    let black = Side::new(1).expect("a second side");
    let red = Side::new(2).expect("a third side");
    assert_eq!(names(v, v.setup(black).iter().map(|(_, c)| *c)), set("h9"));
    assert_eq!(names(v, v.setup(red).iter().map(|(_, c)| *c)), set("d9"));
    let far = &v.zones()[0];
    assert_eq!(names(v, far.cells[red].iter().copied()), set("a1 b1"));
}

#[test]
fn commands_serve_three_sides_and_tuning_refuses_them() {
    use crate::cli::{run, run_with_input};
    let file = root().join(THREE);
    let file = file.to_str().expect("a UTF-8 path");
    // Tuning takes two sides.
    let (code, _, err) = run_with_input(&["tune", file, "--games", "1"], b"");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("the variant has 3 sides"), "{err}");
    // Self-play reports each seat's score, and each game's scores make one point.
    let (code, out, err) = run(&[
        "selfplay",
        file,
        "--games",
        "4",
        "--depth",
        "1",
        "--max-plies",
        "60",
        "--jobs",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("White ") && out.contains(", Black ") && out.contains(", Red "),
        "{out}"
    );
    assert!(out.contains("an even share is 33.3%"), "{out}");
    let (code, json, err) = run(&[
        "selfplay",
        file,
        "--games",
        "4",
        "--depth",
        "1",
        "--max-plies",
        "60",
        "--jobs",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&json).expect("a JSON report");
    let seats = report["seats"].as_array().expect("a score per seat");
    assert_eq!(seats.len(), 3);
    let total: f64 = seats
        .iter()
        .map(|s| s["score"].as_f64().expect("a score"))
        .sum();
    assert!(
        (total - 1.0).abs() < 1e-9,
        "the seats share one point a game: {total}"
    );
    for args in [
        vec!["check", file],
        vec!["table", file, "--format", "json"],
        vec!["moves", file],
        vec!["perft", file, "--depth", "2"],
        vec!["diagram", file, "--position"],
        vec!["analyse", file, "--depth", "2"],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
    let (_, out, _) = run(&["perft", file, "--depth", "3"]);
    assert!(out.contains("1331"), "{out}");
    // People at every seat: White, Black and Red move in turn.
    let (code, out, err) = run_with_input(&["play", file], b"e2-e3\nb5-c5\nk5-i5\nquit\n");
    assert_eq!(code, 0, "{err}");
    for said in [
        "White plays e2-e3.",
        "Black plays b5-c5.",
        "Red plays k5-i5.",
    ] {
        assert!(out.contains(said), "{out}");
    }
    // A person as Red against two engines: they move first, then Red is asked.
    let (code, out, err) = run_with_input(
        &["play", file, "--engine", "--side", "red", "--depth", "1"],
        b"quit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("White (hexv) thinks") && out.contains("Black (hexv) thinks"),
        "{out}"
    );
    assert!(out.contains("Red to move>"), "{out}");
    let (code, _, err) = run(&["play", file, "--engine", "--side", "blue"]);
    assert_eq!(code, 2);
    assert!(err.contains("the sides are white, black, red"), "{err}");
}

/// The fixture with a `rules` block.
pub(crate) fn with_rules(rules: &str) -> hexv::Compiled {
    let text = format!("{}\nrules {{\n{rules}\n}}\n", three_source());
    let checked = check_text("sides.hexv", &text);
    checked
        .compiled
        .unwrap_or_else(|| panic!("{:#?}", checked.diagnostics))
}

/// White to move: White's rooks on b1 and c1 hold the b and c files, the rook on e5 the line
/// e5-d5-c5-b5-a5; `f10-f11` then checks Black's king on a6 along the top edge (f11 e10 d9 c8
/// b7 a6), and every cell it could go to (a5, b5, b6, b7, c7) is attacked: checkmate. Red's
/// king waits in its corner, l1.
pub(crate) const BLACK_MATED_NEXT: &str =
    "5(2K)/(1R)6/(1R)7/9/4(1R)5/(1K)8(1R)1/10/9/8/7/(3K)5 white";

#[test]
fn a_mated_side_leaves_and_its_pieces_go_as_the_rules_say() {
    for (rules, black_king_after) in [
        ("checkmate out", None),
        ("checkmate out\neliminated remove", None),
        ("checkmate out\neliminated stay", Some("black")),
        // To the mater: the royal piece is taken, the rest (here nothing) changes sides.
        ("checkmate out\neliminated to-mater", None),
    ] {
        let c = with_rules(rules);
        let game = c.game();
        let before = game
            .parse_position(BLACK_MATED_NEXT)
            .expect("a legal position");
        let after = game.play_moves(&before, "f10-f11").expect("a legal move");
        let black = Side::new(1).expect("Black");
        let red = Side::new(2).expect("Red");
        assert!(after.is_out(black), "{rules}");
        assert_eq!(after.to_move, red, "{rules}: Black is skipped");
        let a6 = game.variant.board().find("a6").expect("a6");
        assert_eq!(
            after.squares[a6.index()].map(|(s, _)| game.variant.side_name(s)),
            black_king_after,
            "{rules}"
        );
        // Red's king in the corner l1: k2, k3 and l2 (k1 is on the e5 rook's line).
        let moves: std::collections::BTreeSet<String> = game
            .legal_moves(&after)
            .iter()
            .map(|m| game.format_move(&after, m))
            .collect();
        assert_eq!(moves, set("l1-k2 l1-k3 l1-l2"), "{rules}");
        assert_eq!(
            game.outcome(&[before.clone(), after.clone()]),
            None,
            "{rules}"
        );
        let text = game.position_text(&after);
        assert!(text.contains(" red/black "), "{text}");
        assert!(game
            .parse_position(&text)
            .is_ok_and(|p| p.same_for_repetition(&after)));
    }
}

#[test]
fn the_last_side_in_the_game_wins() {
    let c = with_rules("checkmate out");
    let game = c.game();
    // Black is out; White's rook on k5 holds the k file, the one on e5 the line to i2 and
    // k1; f11-l6 checks Red's king on l1 along the l file and leaves it no cell (k1 k2 k3 l2
    // i2): Red leaves, and White is the last side in.
    let before = game
        .parse_position("6/7/8/9/4(1R)5/(1K)9(1R)/10/9/8/4(1R)2/(3K)5 white/black")
        .expect("a legal position");
    let after = game.play_moves(&before, "f11-l6").expect("a legal move");
    let outcome = game.outcome(&[before, after]).expect("the game is over");
    assert_eq!(outcome.end, hexv::game::GameEnd::LastSide);
    assert_eq!(outcome.result(), "1-0-0");
}

#[test]
fn without_out_the_first_mate_wins_and_a_stalemate_is_shared() {
    let c = with_rules("checkmate win");
    let game = c.game();
    let before = game
        .parse_position(BLACK_MATED_NEXT)
        .expect("a legal position");
    let after = game.play_moves(&before, "f10-f11").expect("a legal move");
    let outcome = game.outcome(&[before, after]).expect("checkmate");
    assert_eq!(outcome.end, hexv::game::GameEnd::Checkmate);
    assert_eq!(outcome.result(), "1-0-0", "White moved last and mated");
    // The same corner without the checking rook, Black to move: no move and no check.
    let stalemated = game
        .parse_position("5(2K)/(1R)6/(1R)7/9/4(1R)5/(1K)10/10/9/8/7/(3K)5 black")
        .expect("a legal position");
    let outcome = game.outcome(&[stalemated]).expect("stalemate");
    assert_eq!(outcome.end, hexv::game::GameEnd::Stalemate);
    assert_eq!(outcome.result(), "1/3-1/3-1/3");
}

#[test]
fn a_position_that_play_would_have_settled_is_refused() {
    let c = with_rules("checkmate out");
    let game = c.game();
    let mated = "5(2K)/(1R)6/(1R)7/9/4(1R)5/(1K)9(1R)/10/9/8/7/(3K)5 black";
    let e = game
        .parse_position(mated)
        .expect_err("Black would have left");
    assert!(
        e.message
            .contains("Black has no legal move and leaves the game"),
        "{}",
        e.message
    );
    for (text, why) in [
        (
            "6/7/8/9/10/(1K)10/10/9/8/7/(3K)5 red/red",
            "`red` is to move",
        ),
        (
            "6/7/8/9/10/(1K)10/10/9/8/7/6 white/black,red",
            "two sides or more",
        ),
        (
            "6/7/8/9/10/(1K)10/10/9/8/7/(3K)5 white/blue",
            "the sides out of the game",
        ),
    ] {
        let e = game.parse_position(text).expect_err(text);
        assert!(e.message.contains(why), "{text}: {}", e.message);
    }
    // Perft goes through the leaving: after f10-f11 it is Red's turn, with 3 moves.
    let before = game
        .parse_position(BLACK_MATED_NEXT)
        .expect("a legal position");
    let after = game.play_moves(&before, "f10-f11").expect("a legal move");
    assert_eq!(game.perft(&after, 1), 3);
}

#[test]
fn leaving_rules_are_refused_where_they_cannot_apply() {
    let glinski = std::fs::read_to_string(root().join("variants/glinski.hexv")).expect("glinski");
    let two = glinski.replacen("checkmate win", "checkmate out", 1);
    assert_ne!(two, glinski);
    let (code, label, _) = one_error(&two);
    assert_eq!((code.as_str(), label.as_str()), (codes::SIDES_RULE, "out"));
    for (rules, label) in [
        ("stalemate 3/4", "3/4"),
        ("repetition 3 loss", "3"),
        ("eliminated stay", "stay"),
        ("checkmate out\nstalemate draw but win with R", "draw"),
    ] {
        let text = format!("{}\nrules {{\n{rules}\n}}\n", three_source());
        let (code, at, _) = one_error(&text);
        assert_eq!(
            (code.as_str(), at.as_str()),
            (codes::SIDES_RULE, label),
            "{rules}"
        );
    }
}

/// The best move the search finds at `depth` in `text` under `rules`.
fn best(
    rules: &str,
    text: &str,
    depth: u32,
) -> (hexv::Compiled, hexv::game::Position, hexv::game::Move) {
    use hexv::search::{Limits, Searcher};
    let c = with_rules(rules);
    let pos = c.game().parse_position(text).expect("a legal position");
    let mut searcher = Searcher::new(c.game());
    let stop = std::sync::atomic::AtomicBool::new(false);
    let result = searcher.search(
        std::slice::from_ref(&pos),
        &Limits::depth(depth),
        &stop,
        &mut |_| {},
    );
    let m = result.best.expect("a move");
    assert!(c.game().legal_moves(&pos).contains(&m), "a legal move");
    (c, pos, m)
}

#[test]
fn the_search_of_three_sides_mates_and_takes_what_is_free() {
    // Best-Reply Search: White mates Black at once, whether that ends the game or sends
    // Black out of it.
    for rules in ["checkmate out", "checkmate win"] {
        let (c, pos, m) = best(rules, BLACK_MATED_NEXT, 2);
        let game = c.game();
        let after = game.play(&pos, &m);
        let over = game.outcome(&[pos.clone(), after.clone()]);
        let black = Side::new(1).expect("Black");
        assert!(
            after.is_out(black) || over.is_some_and(|o| o.result() == "1-0-0"),
            "{rules}: {}",
            game.format_move(&pos, &m)
        );
    }
    // Red's rook on h9 stands alone on the f11 rook's edge line: White takes it.
    let (c, pos, m) = best(
        "checkmate out",
        "6/7/8/9/10/(1K)9(1R)/10/8(3R)/8/7/(3K)5 white/black",
        2,
    );
    assert_eq!(c.game().format_move(&pos, &m), "f11xh9");
}

#[test]
fn the_search_of_three_sides_plays_only_legal_moves_in_every_seat() {
    use hexv::search::{Limits, Searcher};
    let c = with_rules("checkmate out\neliminated stay");
    let game = c.game();
    let mut searcher = Searcher::new(game);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut history = vec![game.start_position()];
    let mut seats = std::collections::BTreeSet::new();
    for _ in 0..24 {
        let pos = history.last().expect("a position").clone();
        if game.outcome(&history).is_some() {
            break;
        }
        let result = searcher.search(&history, &Limits::depth(2), &stop, &mut |_| {});
        let m = result.best.expect("a move while the game goes on");
        assert!(
            game.legal_moves(&pos).contains(&m),
            "{}",
            game.position_text(&pos)
        );
        seats.insert(pos.to_move);
        history.push(game.play(&pos, &m));
    }
    assert_eq!(seats.len(), 3, "every side moved");
}

/// Who plays a seat in the measured games.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Player {
    /// A uniformly random legal move.
    Random,
    /// The most valuable capture (ties and quiet positions at random).
    Greedy,
    /// Best-Reply Search to this depth.
    Search(u32),
}

/// One game of the three-sided fixture (`checkmate out`) from `opening` random plies, each
/// seat played by `players`; every side's score (an unfinished game after 240 plies shares the
/// point among the sides still in it).
fn measured_game(c: &hexv::Compiled, players: [Player; 3], seed: u64) -> [f64; 3] {
    use hexv::rng::Rng;
    use hexv::search::{Limits, Searcher};
    let game = c.game();
    let mut rng = Rng(seed);
    let mut searcher = Searcher::new(game);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut history = vec![game.start_position()];
    for ply in 0..240 {
        if let Some(o) = game.outcome(&history) {
            let s = |i: usize| {
                let x = o.score_of(Side::new(i).expect("a side"));
                f64::from(x.numerator) / f64::from(x.denominator)
            };
            return [s(0), s(1), s(2)];
        }
        let pos = history.last().expect("a position").clone();
        let moves = game.legal_moves(&pos);
        let player = if ply < 4 {
            Player::Random
        } else {
            players[pos.to_move.index()]
        };
        let m = match player {
            Player::Random => moves[rng.below(moves.len())],
            Player::Greedy => {
                let value = |m: &hexv::game::Move| {
                    pos.squares[m.to.index()]
                        .filter(|(s, _)| *s != pos.to_move)
                        .map_or(0, |(_, p)| {
                            if game.variant.piece(p).royal {
                                50
                            } else {
                                1 + p.index() as i32
                            }
                        })
                };
                let top = moves.iter().map(value).max().unwrap_or(0);
                let best: Vec<_> = moves.iter().filter(|m| value(m) == top).collect();
                *best[rng.below(best.len())]
            }
            Player::Search(d) => searcher
                .search(&history, &Limits::depth(d), &stop, &mut |_| {})
                .best
                .expect("a move while the game goes on"),
        };
        history.push(game.play(&pos, &m));
    }
    let last = history.last().expect("a position");
    let left = game.sides_in_game(last).count() as f64;
    let share = |i: usize| {
        if last.is_out(Side::new(i).expect("a side")) {
            0.0
        } else {
            1.0 / left
        }
    };
    [share(0), share(1), share(2)]
}

/// The search in every seat against two random players, two greedy players, and the search a
/// ply shallower: its mean score in each seat (a third is an even share). Run with
/// `cargo test --release --test hexv -- --ignored many_sides_strength --nocapture`; the
/// search's depth is 2, or `HEXV_MANY_SIDES_DEPTH` (3 gives the table against depth 2).
#[test]
#[ignore = "plays 180 games; run by CI's deep checks and for the figures in README"]
fn many_sides_strength() {
    let c = with_rules("checkmate out");
    let games = 20;
    let depth: u32 = std::env::var("HEXV_MANY_SIDES_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .filter(|d| (2..=4).contains(d))
        .unwrap_or(2);
    let shallower = format!("depth {}", depth - 1);
    let mut table = Vec::new();
    for (name, other) in [
        ("random", Player::Random),
        ("greedy", Player::Greedy),
        (shallower.as_str(), Player::Search(depth - 1)),
    ] {
        let mut row = Vec::new();
        for seat in 0..3 {
            let mut players = [other; 3];
            players[seat] = Player::Search(depth);
            let total: f64 = (0..games)
                .map(|g| measured_game(&c, players, 0x5EA7_0000 + (seat * 1000 + g) as u64)[seat])
                .sum();
            row.push(total / games as f64);
        }
        println!(
            "depth {depth} against two {name:<8} players: White {:.2}, Black {:.2}, Red {:.2} ({games} games a seat; an even share is 0.33)",
            row[0], row[1], row[2]
        );
        table.push(row);
    }
    // From every seat the search scores well above an even share against random and greedy
    // players (at depth 2 it mates seldom: many games end unfinished, the point shared), and
    // above its share against a shallower search. Measured: 0.56 0.65 0.58, 0.53 0.57 0.52,
    // 0.33 0.52 0.47.
    for row in &table[..2] {
        assert!(row.iter().all(|&s| s > 0.45), "{table:?}");
    }
    assert!(table[2].iter().sum::<f64>() / 3.0 > 0.36, "{table:?}");
}

#[test]
fn position_texts_of_three_sides_read_back_or_are_refused_in_place() {
    use hexv::rng::Rng;
    let c = with_rules("checkmate out\neliminated stay");
    let game = c.game();
    let seeds = [
        game.position_text(&game.start_position()),
        "5(2K)/(1R)6/(1R)7/9/4(1R)5/(1K)9(1R)/10/9/8/7/(3K)5 red/black - - - 1".to_string(),
    ];
    let alphabet: Vec<char> = "()/ ,-0123456789KRPkrp+whiteblackred@".chars().collect();
    let mut rng = Rng(0x51DE5);
    let mut read = 0;
    for i in 0..3000 {
        let mut text: Vec<char> = seeds[i % seeds.len()].chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(text.len() + 1);
            match rng.below(3) {
                0 if at < text.len() => {
                    text.remove(at);
                }
                1 if at < text.len() => text[at] = alphabet[rng.below(alphabet.len())],
                _ => text.insert(at, alphabet[rng.below(alphabet.len())]),
            }
        }
        let text: String = text.into_iter().collect();
        match game.parse_position(&text) {
            Ok(pos) => {
                read += 1;
                let printed = game.position_text(&pos);
                let again = game.parse_position(&printed).expect(&printed);
                assert!(again.same_for_repetition(&pos), "{text} -> {printed}");
                assert!(!game.legal_moves(&pos).is_empty() || game.outcome(&[pos]).is_some());
            }
            Err(e) => assert!(e.offset <= text.chars().count(), "{e:?} in {text:?}"),
        }
    }
    assert!(read > 10, "some mutations read: {read}");
}
