//! The bindings give the library's answers, for every shipped variant: the same diagnostics,
//! the same legal moves (counted by both engines), the board's cells, a playable start; and
//! refused inputs come back as error values.

use std::path::PathBuf;

use hexv::game::san::Letters;
use hexv::{load, SourceFile};
use hexv_wasm as web;
use serde_json::Value;

fn reply(text: String) -> Value {
    serde_json::from_str(&text).expect("every reply is JSON")
}

fn variants() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the shipped variants")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "hexv"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the shipped variants are found");
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (
                name,
                std::fs::read_to_string(&p).expect("a readable variant"),
            )
        })
        .collect()
}

#[test]
fn every_shipped_variant_checks_as_the_library_does() {
    for (name, source) in variants() {
        let r = reply(web::check(&source));
        assert_eq!(r["ok"], true, "{name}");
        assert_eq!(r["errors"], 0, "{name}: {r}");
        let loaded = load(&SourceFile::new("variant.hexv", &source));
        let codes: Vec<&str> = loaded.diagnostics.iter().map(|d| d.code).collect();
        let got: Vec<&str> = r["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].as_str().unwrap())
            .collect();
        assert_eq!(got, codes, "{name}");
    }
}

#[test]
fn every_shipped_board_is_drawn_and_measured() {
    for (name, source) in variants() {
        let r = reply(web::board(&source));
        assert_eq!(r["ok"], true, "{name}: {r}");
        let loaded = load(&SourceFile::new("variant.hexv", &source));
        let compiled = loaded.compiled.unwrap();
        let board = compiled.variant().board();
        let cells = r["board"]["cells"].as_array().unwrap();
        assert_eq!(cells.len(), board.len(), "{name}");
        for cell in cells {
            let id = board
                .find(cell["name"].as_str().unwrap())
                .expect("a cell of the board");
            assert!(!board.is_off_board(id), "{name}");
            assert!(cell["x"].is_f64() && cell["y"].is_f64(), "{name}");
        }
        let svg = r["svg"].as_str().unwrap();
        assert!(svg.starts_with("<svg"), "{name}");
        assert!(svg.matches("data-cell=").count() >= board.len(), "{name}");
        assert_eq!(
            r["pieces"].as_array().unwrap().len(),
            compiled.variant().pieces().len(),
            "{name}"
        );
    }
}

#[test]
fn legal_moves_are_the_engines_own_at_the_start_and_one_ply_later() {
    for (name, source) in variants() {
        let loaded = load(&SourceFile::new("variant.hexv", &source));
        let compiled = loaded.compiled.unwrap();
        let game = compiled.game();
        let start = game.start_position();
        let start_text = reply(web::start_position(&source))["position"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(start_text, game.position_text(&start), "{name}");
        let r = reply(web::legal_moves(&source, &start_text));
        let moves = r["moves"].as_array().unwrap();
        assert_eq!(
            moves.len(),
            compiled.engine().legal_moves(&start).len(),
            "{name}"
        );
        assert_eq!(moves.len(), game.legal_moves(&start).len(), "{name}");
        // Every move plays, written in short notation as the library writes it, and the
        // position after the first has the library's count.
        for m in moves {
            let text = m["text"].as_str().unwrap();
            let played = reply(web::play(&source, &start_text, text));
            assert_eq!(played["ok"], true, "{name} {m}: {played}");
            let mv = game.parse_move(&start, text).unwrap();
            assert_eq!(played["move"], game.format_move(&start, &mv), "{name}");
            assert_eq!(
                played["san"],
                game.format_san(&start, &mv, &Letters::own()),
                "{name}"
            );
        }
        let first = moves[0]["text"].as_str().unwrap();
        let after = reply(web::play(&source, &start_text, first));
        let after_text = after["position"].as_str().unwrap();
        let pos = game.parse_position(after_text).unwrap();
        let r = reply(web::legal_moves(&source, after_text));
        assert_eq!(
            r["moves"].as_array().unwrap().len(),
            compiled.engine().legal_moves(&pos).len(),
            "{name}"
        );
        let drawn = reply(web::position_svg(&source, after_text));
        assert_eq!(drawn["ok"], true, "{name}: {drawn}");
        let board = compiled.variant().board();
        assert!(drawn["svg"].as_str().unwrap().matches("data-cell=").count() >= board.len());
        let end = reply(web::game_end(&source, &start_text, first));
        assert_eq!(end["over"], false, "{name}: {end}");
        assert_eq!(end["position"], after["position"], "{name}");
    }
}

#[test]
fn the_engine_answers_with_a_legal_move() {
    for (name, source) in variants() {
        let start = reply(web::start_position(&source))["position"]
            .as_str()
            .unwrap()
            .to_string();
        let r = reply(web::best_move(&source, "", &start, "", 2, 0));
        assert_eq!(r["ok"], true, "{name}: {r}");
        let best = r["best"].as_str().expect("a move");
        // The engine's move goes through `play` as a player's does, so it is listed in short
        // notation too.
        let played = reply(web::play(&source, &start, best));
        assert_eq!(played["ok"], true, "{name}");
        assert!(
            played["san"].as_str().is_some_and(|s| !s.is_empty()),
            "{name}: {played}"
        );
    }
}

/// Glinski's board with a king and a queen against a king, White to move; `stalemate` is
/// what its rules score a stalemate.
fn king_and_queen(stalemate: &str) -> String {
    format!(
        "variant \"King and queen\"\n\
         board {{\n  cells flat\n  shape hexagon 6\n  names files a b c d e f g h i k l\n}}\n\
         piece King K {{\n  royal\n  step orthogonal diagonal\n}}\n\
         piece Queen Q {{\n  ride orthogonal diagonal\n}}\n\
         setup {{\n  K f8\n  Q e1\n}}\n\
         setup black {{\n  K f11\n}}\n\
         rules {{\n  checkmate win\n  stalemate {stalemate}\n}}\n"
    )
}

/// The playground reads a move typed in any of hexv's three forms (issue 32): long, compact
/// and short name Glinski's opening pawn step alike, in `play` and in a game's moves.
#[test]
fn a_move_is_read_in_the_long_the_compact_and_the_short_form() {
    let source = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants/glinski.hexv"),
    )
    .expect("Glinski");
    let start = reply(web::start_position(&source))["position"]
        .as_str()
        .expect("a start")
        .to_string();
    let long = reply(web::play(&source, &start, "f5-f6"));
    for text in ["f5f6", "f6", " f6 "] {
        let r = reply(web::play(&source, &start, text));
        assert_eq!(r["ok"], true, "{text}: {r}");
        assert_eq!(r["position"], long["position"], "{text}");
        assert_eq!(r["move"], "f5-f6", "{text}");
    }
    let end = reply(web::game_end(&source, &start, "f5f6 c7-c6 Ndf4"));
    assert_eq!(end["ok"], true, "{end}");
    // A refusal says which forms are read.
    let r = reply(web::play(&source, &start, "hello"));
    let message = r["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("compact"), "{r}");
}

/// A mate played from the start is written `Qe9#`, and the game's end comes with its
/// result in words for the page's banner.
#[test]
fn a_mate_is_written_in_short_notation_and_its_result_in_words() {
    let source = king_and_queen("1/2");
    assert_eq!(reply(web::check(&source))["errors"], 0, "{source}");
    let start = reply(web::start_position(&source))["position"]
        .as_str()
        .expect("a start")
        .to_string();
    let mate = reply(web::play(&source, &start, "e1-e9"));
    assert_eq!(
        (&mate["move"], &mate["san"]),
        (&"e1-e9".into(), &"Qe9#".into())
    );
    let end = reply(web::game_end(&source, &start, "e1-e9"));
    assert_eq!(end["over"], true, "{end}");
    assert_eq!(end["result"], "1-0");
    assert_eq!(end["reason"], "checkmate");
    assert_eq!(end["headline"], "White wins by checkmate");
}

/// A stalemate in words: a draw where the rules score it 1/2, each side's share where they
/// give the stalemating side more (Glinski's 3/4).
#[test]
fn a_stalemate_is_said_as_a_draw_or_as_each_sides_share() {
    // Black's king on f11, White's on f8 and queen on d8: Black to move has no move and is
    // not in check.
    let stalemated = "6/7/8/7Q1/10/7K2k/10/9/8/7/6 b";
    for (rule, result, headline) in [
        ("1/2", "1/2-1/2", "Draw by stalemate"),
        (
            "3/4",
            "3/4-1/4",
            "By stalemate, White scores 3/4 and Black 1/4",
        ),
    ] {
        let source = king_and_queen(rule);
        let end = reply(web::game_end(&source, stalemated, ""));
        assert_eq!(end["over"], true, "{end}");
        assert_eq!(end["reason"], "stalemate", "{end}");
        assert_eq!(end["result"], result, "{end}");
        assert_eq!(end["headline"], headline, "{end}");
    }
}

#[test]
fn a_piece_diagram_marks_the_library_marks() {
    let source = variants()
        .into_iter()
        .find(|(n, _)| n == "glinski.hexv")
        .unwrap()
        .1;
    let r = reply(web::piece_moves(&source, "N", "f6"));
    assert_eq!(r["ok"], true, "{r}");
    // A knight in the middle of Glinski's board leaps to 12 cells.
    assert_eq!(r["marks"].as_array().unwrap().len(), 12, "{r}");
    assert!(r["svg"].as_str().unwrap().starts_with("<svg"));
    assert_eq!(
        reply(web::piece_moves(&source, "Z", "f6"))["error"]["kind"],
        "piece"
    );
    assert_eq!(
        reply(web::piece_moves(&source, "N", "z99"))["error"]["kind"],
        "cell"
    );
}

#[test]
fn a_typo_gives_its_located_diagnostic() {
    let (_, source) = variants().into_iter().next().unwrap();
    let at = source
        .find("orthogonal")
        .expect("a variant with an orthogonal ride");
    let typo = source.replacen("orthogonal", "orthogonl", 1);
    let r = reply(web::check(&typo));
    assert!(r["errors"].as_u64().unwrap() >= 1, "{r}");
    let d = &r["diagnostics"][0];
    assert_eq!(d["code"], "hexv::resolve::unknown_direction", "{d}");
    assert_eq!(d["help"], "did you mean `orthogonal`?");
    let span = &d["spans"][0];
    assert_eq!(span["start"].as_u64().unwrap() as usize, at, "{d}");
    assert_eq!(
        span["end"].as_u64().unwrap() as usize,
        at + "orthogonl".len()
    );
    // A source with errors has no board, position or moves, but says why.
    for r in [
        web::board(&typo),
        web::start_position(&typo),
        web::legal_moves(&typo, ""),
    ] {
        let r = reply(r);
        assert_eq!(r["ok"], false);
        assert_eq!(r["error"]["kind"], "source");
    }
}

#[test]
fn bad_inputs_are_error_values() {
    let (_, source) = variants().into_iter().next().unwrap();
    let start = reply(web::start_position(&source))["position"]
        .as_str()
        .unwrap()
        .to_string();
    for junk in [
        "",
        "\u{0}",
        "}}}{{{",
        "variant",
        "variant \"x\"\nboard {",
        &"{".repeat(10_000),
    ] {
        assert_eq!(reply(web::check(junk))["ok"], true);
        assert_eq!(reply(web::board(junk))["ok"], false);
    }
    let r = reply(web::legal_moves(&source, "not a position"));
    assert_eq!(r["error"]["kind"], "position", "{r}");
    assert!(r["error"]["offset"].is_u64(), "{r}");
    for bad in ["", "zz", "a1-a1", "e4-e5-e6", "Q*a1", "\u{0}"] {
        let r = reply(web::play(&source, &start, bad));
        assert_eq!(r["error"]["kind"], "move", "{bad}: {r}");
    }
    assert_eq!(
        reply(web::game_end(&source, &start, "nonsense"))["error"]["kind"],
        "move"
    );
    assert_eq!(
        reply(web::best_move(&source, "", "???", "", 1, 0))["error"]["kind"],
        "position"
    );
}

#[test]
fn a_captured_piece_is_in_the_hand_and_may_be_dropped() {
    let (_, source) = variants()
        .into_iter()
        .find(|(name, _)| name == "hex-shogi-41.hexv")
        .expect("Hex Shogi 41 is shipped");
    let loaded = load(&SourceFile::new("variant.hexv", &source));
    let compiled = loaded.compiled.unwrap();
    let game = compiled.game();
    let v = compiled.variant();
    let mut pos = reply(web::start_position(&source))["position"]
        .as_str()
        .unwrap()
        .to_string();
    // The engine's own game (depth 2 for both sides) until the side to move holds a piece.
    for _ in 0..40 {
        let drawn = reply(web::position_svg(&source, &pos));
        let to_move = drawn["to_move"].as_str().unwrap().to_string();
        let mine = drawn["hand"]
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["side"] == to_move.as_str())
            .unwrap()["pieces"]
            .clone();
        if let Some(held) = mine.as_array().unwrap().first() {
            let symbol = held["symbol"].as_str().unwrap();
            let library = game.parse_position(&pos).unwrap();
            let piece = v.find_piece(symbol).unwrap();
            assert_eq!(
                held["count"],
                library.hands[library.to_move][piece.index()],
                "{pos}"
            );
            let moves = reply(web::legal_moves(&source, &pos));
            let drop = moves["moves"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["drop"] == true && m["piece"] == symbol)
                .expect("the held piece has a drop");
            assert!(drop["from"].is_null(), "{drop}");
            let played = reply(web::play(&source, &pos, drop["text"].as_str().unwrap()));
            assert_eq!(played["ok"], true, "{played}");
            return;
        }
        let best = reply(web::best_move(&source, "", &pos, "", 2, 0));
        let best = best["best"].as_str().expect("a move").to_string();
        pos = reply(web::play(&source, &pos, &best))["position"]
            .as_str()
            .unwrap()
            .to_string();
    }
    panic!("no piece reached a hand in 40 plies");
}

/// The engine searches the game's history, not only its last position: its answer after a
/// repeated knight shuffle is the library's search over the same positions, and a move of
/// the history that is not legal is refused.
#[test]
fn the_engine_searches_the_games_history() {
    use std::sync::atomic::AtomicBool;

    use hexv::search::{Limits, Searcher};

    let (_, source) = variants()
        .into_iter()
        .find(|(name, _)| name == "glinski.hexv")
        .expect("Glinski");
    let start = reply(web::start_position(&source))["position"]
        .as_str()
        .unwrap()
        .to_string();
    let moves = "d1-f4 d9-f8 f4-d1 f8-d9 d1-f4 d9-f8 f4-d1";
    let r = reply(web::best_move(&source, "", &start, moves, 3, 0));
    assert_eq!(r["ok"], true, "{r}");

    let file = SourceFile::new("variant.hexv", &source);
    let loaded = load(&file);
    let compiled = loaded.compiled.as_ref().expect("Glinski compiles");
    let game = compiled.game();
    let mut history = vec![game.start_position()];
    for text in moves.split_whitespace() {
        let pos = history.last().unwrap().clone();
        let m = game.parse_move(&pos, text).expect("legal");
        history.push(game.play(&pos, &m));
    }
    let expected = Searcher::with_hash(game, 8).search(
        &history,
        &Limits::depth(3),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    let last = history.last().unwrap();
    assert_eq!(
        r["best"].as_str(),
        expected
            .best
            .as_ref()
            .map(|m| game.format_move(last, m))
            .as_deref()
    );
    assert_eq!(r["nodes"].as_u64(), Some(expected.info.nodes));

    let bad = reply(web::best_move(&source, "", &start, "d1-f4 d1-f4", 2, 0));
    assert_eq!(bad["error"]["kind"], "move", "{bad}");
}

#[test]
fn the_engine_plays_with_the_variants_weights_file() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    let source = std::fs::read_to_string(dir.join("mini-hexchess.hexv")).expect("shipped");
    let weights = std::fs::read_to_string(dir.join("mini-hexchess.weights")).expect("shipped");
    let start = reply(web::start_position(&source))["position"]
        .as_str()
        .unwrap()
        .to_string();
    let built_in = reply(web::best_move(&source, "", &start, "", 6, 0));
    let weighted = reply(web::best_move(&source, &weights, &start, "", 6, 0));
    assert_eq!(
        (built_in["ok"].clone(), weighted["ok"].clone()),
        (true.into(), true.into())
    );
    // Mobility changes the evaluation, so the same depth searches another tree.
    assert_ne!(
        built_in["nodes"], weighted["nodes"],
        "{built_in} {weighted}"
    );
    let bad = reply(web::best_move(
        &source,
        "hexv 0.1.0\nvariant Mini Hexchess\ntempo x\n",
        &start,
        "",
        2,
        0,
    ));
    assert_eq!(bad["ok"], false);
    assert_eq!(bad["error"]["kind"], "weights");
    let message = bad["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("3:7") && message.contains("`x`"),
        "{message}"
    );
}

/// The three-sided fixture: White, Black and Red, each army turned by a third of a turn.
#[test]
fn three_sides_are_drawn_and_played_each_side_in_its_turn() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/valid/three_sides.hexv");
    let source = std::fs::read_to_string(path).expect("the fixture");
    assert_eq!(reply(web::check(&source))["ok"], true);
    assert_eq!(reply(web::board(&source))["ok"], true);
    let start = reply(web::start_position(&source));
    assert_eq!(start["sides"], serde_json::json!(["white", "black", "red"]));
    let mut position = start["position"].as_str().expect("a position").to_string();
    let mut played = Vec::new();
    // Each side has 11 moves at the start of its first turn (docs/perft.md, "Three sides"),
    // and the engine chooses one of them; the reply names the side that moved.
    for side in ["white", "black", "red"] {
        let drawn = reply(web::position_svg(&source, &position));
        assert_eq!(drawn["to_move"], side);
        assert_eq!(drawn["hand"].as_array().map(Vec::len), Some(3));
        let legal = reply(web::legal_moves(&source, &position));
        let legal: Vec<&str> = legal["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m["text"].as_str().expect("a text"))
            .collect();
        assert_eq!(legal.len(), 11, "{side}");
        let best = reply(web::best_move(
            &source,
            "",
            start["position"].as_str().unwrap(),
            &played.join(" "),
            2,
            0,
        ));
        let best = best["best"].as_str().expect("a move").to_string();
        assert!(legal.contains(&best.as_str()), "{side}: {best}");
        let after = reply(web::play(&source, &position, &best));
        assert_eq!(after["side"], side);
        position = after["position"].as_str().expect("a position").to_string();
        played.push(best);
    }
    let end = reply(web::game_end(
        &source,
        start["position"].as_str().unwrap(),
        &played.join(" "),
    ));
    assert_eq!(end["over"], false, "{end}");
    assert_eq!(end["position"].as_str(), Some(position.as_str()));
}

/// With three sides the headline names the winner, or the sides that share a draw: Red (two
/// rooks, its king on f9) to move against White's king on f11, Black out of the game.
#[test]
fn three_sides_results_are_said_in_words() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/valid/three_sides.hexv");
    let source = std::fs::read_to_string(path).expect("the fixture");
    let position = "(3R)(3R)4/7/8/9/10/8(3K)1(1K)/10/9/8/7/6 red/black - - - 0";
    for (mv, result, headline) in [
        ("a1-l6", "0-0-1", "Red wins by checkmate"),
        (
            "a1-b1",
            "1/2-0-1/2",
            "Draw between White and Red by stalemate",
        ),
    ] {
        let end = reply(web::game_end(&source, position, mv));
        assert_eq!(end["over"], true, "{mv}: {end}");
        assert_eq!(end["result"], result, "{mv}: {end}");
        assert_eq!(end["headline"], headline, "{mv}: {end}");
    }
}
