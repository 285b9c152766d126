//! The language server on a file with an error (issue 32): what still checks keeps its hover,
//! completion follows the cursor's context, directions and keywords explain themselves, and
//! the navigation requests answer, all driven with JSON-RPC messages through
//! `hexv::lsp::Session`. Expected values come from the variant files and docs/language.md.

use std::time::{Duration, Instant};

use hexv::lsp::lsp_server::{Message, Notification, Request, RequestId};
use hexv::lsp::Session;
use serde_json::{json, Value};

use crate::support::root;

const URI: &str = "file:///tmp/broken.hexv";

fn variant(name: &str) -> String {
    std::fs::read_to_string(root().join("variants").join(name)).expect("a shipped variant")
}

fn glinski() -> String {
    variant("glinski.hexv")
}

/// Glinski's file with one word changed: a misspelt direction in the Rook's block.
fn broken() -> String {
    let good = glinski();
    let bad = good.replacen(
        "piece Rook R {\n  ride orthogonal\n",
        "piece Rook R {\n  ride orthogonl\n",
        1,
    );
    assert_ne!(bad, good);
    bad
}

/// Opens (or replaces) the document: the diagnostics published.
fn open(session: &mut Session, text: &str) -> Vec<Value> {
    let out = session.handle(Message::Notification(Notification::new(
        "textDocument/didOpen".to_string(),
        json!({"textDocument": {"uri": URI, "languageId": "hexv", "version": 1, "text": text}}),
    )));
    let [Message::Notification(n)] = &out[..] else {
        panic!("{out:?}");
    };
    n.params["diagnostics"].as_array().expect("a list").clone()
}

/// A request's result (an error is a failure).
fn request(session: &mut Session, method: &str, params: Value) -> Value {
    let id = RequestId::from(1);
    let out = session.handle(Message::Request(Request::new(
        id.clone(),
        method.to_string(),
        params,
    )));
    let [Message::Response(response)] = &out[..] else {
        panic!("{out:?}");
    };
    assert_eq!(response.id, id);
    match &response.response_result {
        Ok(result) => result.clone(),
        Err(e) => panic!("{method}: {e:?}"),
    }
}

/// The (line, UTF-16 character) of the first `needle`, plus `extra` bytes.
fn position(text: &str, needle: &str, extra: usize) -> Value {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} in the text"))
        + extra;
    let line = text[..at].matches('\n').count();
    let start = text[..at].rfind('\n').map_or(0, |n| n + 1);
    json!({"line": line, "character": text[start..at].encode_utf16().count()})
}

/// The hover text at a place (`None` for a `null` answer).
fn hover(session: &mut Session, text: &str, needle: &str, extra: usize) -> Option<String> {
    let result = request(
        session,
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": position(text, needle, extra)}),
    );
    result["contents"]["value"].as_str().map(str::to_string)
}

/// The completion labels at a place, in the order the server sorts them.
fn completion(session: &mut Session, text: &str, needle: &str, extra: usize) -> Vec<String> {
    let result = request(
        session,
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": position(text, needle, extra)}),
    );
    let mut items: Vec<(String, String)> = result
        .as_array()
        .expect("a list")
        .iter()
        .map(|i| {
            let label = i["label"].as_str().expect("a label").to_string();
            let sort = i["sortText"].as_str().unwrap_or(&label).to_string();
            (sort, label)
        })
        .collect();
    items.sort();
    items.into_iter().map(|(_, l)| l).collect()
}

/// The file's statements `KEYWORD NAME ...` (comments left out): the names they define.
fn defined(text: &str, keyword: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let mut words = l.split('#').next()?.split_whitespace();
            (words.next()? == keyword).then(|| words.next().map(str::to_string))?
        })
        .collect()
}

/// The pieces' symbols, from the file's `piece NAME SYMBOL {` lines.
fn symbols(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            (words.next()? == "piece").then(|| words.nth(1).map(str::to_string))?
        })
        .collect()
}

/// The built-in direction sets with directions on flat hexes, by docs/language.md's table
/// ("Built-in sets"): `sideways-orthogonal` and the `face-point` sets are empty there.
const FLAT_SETS: &[&str] = &[
    "all",
    "orthogonal",
    "diagonal",
    "forward",
    "backward",
    "sideways",
    "forward-orthogonal",
    "forward-diagonal",
    "backward-orthogonal",
    "backward-diagonal",
    "sideways-diagonal",
];

#[test]
fn a_sound_piece_keeps_its_diagram_while_another_block_has_an_error() {
    let good = glinski();
    let bad = broken();
    let mut clean = Session::new();
    assert_eq!(open(&mut clean, &good), Vec::<Value>::new());
    let mut session = Session::new();
    let diagnostics = open(&mut session, &bad);
    assert!(
        diagnostics
            .iter()
            .any(|d| d["message"].as_str().unwrap().contains("orthogonl")),
        "{diagnostics:?}"
    );
    // The Knight's block is sound: its hover is the clean file's, diagram and all.
    for (needle, extra) in [("piece Knight N", 6), ("\n  N d1", 3)] {
        let want = hover(&mut clean, &good, needle, extra).expect("a hover");
        let got = hover(&mut session, &bad, needle, extra).expect("a hover");
        assert!(
            want.contains("Knight (N)") && want.contains("```text"),
            "{want}"
        );
        assert_eq!(got, want, "{needle}");
    }
    // So are the Queen's, the Bishop's and the Pawn's.
    for needle in ["piece Queen Q", "piece Bishop B", "piece Pawn P"] {
        let want = hover(&mut clean, &good, needle, 6).expect("a hover");
        assert_eq!(hover(&mut session, &bad, needle, 6), Some(want), "{needle}");
    }
    // The Rook's is not drawn: its hover says why.
    let rook = hover(&mut session, &bad, "piece Rook R", 6).expect("a hover");
    assert!(rook.contains("Rook (R)"), "{rook}");
    assert!(rook.contains("orthogonl"), "{rook}");
    assert!(!rook.contains("```text"), "{rook}");
    // A cell shows as on the clean file: coordinates, colour, zones.
    for needle in ["= a6 b7", "K g1", "f5 g4"] {
        let want = hover(&mut clean, &good, needle, 2).expect("a hover");
        assert!(want.starts_with("cell **"), "{want}");
        assert_eq!(hover(&mut session, &bad, needle, 2), Some(want), "{needle}");
    }
    let a6 = hover(&mut session, &bad, "= a6 b7", 2).expect("a hover");
    assert!(a6.contains("`far-edge` (white)"), "{a6}");
}

#[test]
fn completion_follows_the_context_on_a_broken_file() {
    let bad = broken();
    let mut session = Session::new();
    open(&mut session, &bad);
    // After `step `: the directions of flat hexes, first; never a top-level keyword.
    let labels = completion(&mut session, &bad, "step orthogonal diagonal", 5);
    assert!(!labels.contains(&"variant".to_string()), "{labels:?}");
    assert!(!labels.contains(&"board".to_string()), "{labels:?}");
    let sets: Vec<&str> = labels
        .iter()
        .take_while(|l| l.parse::<u8>().is_err())
        .map(String::as_str)
        .collect();
    let mut want = FLAT_SETS.to_vec();
    want.sort();
    let mut got = sets.clone();
    got.sort();
    assert_eq!(got, want, "{labels:?}");
    // Then the hours, 1 to 12 (every hour is one direction on hexes).
    let hours: Vec<String> = (1..=12).map(|h| h.to_string()).collect();
    assert_eq!(labels[sets.len()..sets.len() + 12], hours[..], "{labels:?}");
    // Typing a word does not change the context.
    let typing = bad.replacen("  step orthogonal diagonal", "  step orth", 1);
    let mut s2 = Session::new();
    open(&mut s2, &typing);
    let labels = completion(&mut s2, &typing, "step orth", 9);
    assert_eq!(labels[..sets.len()], labels_of(&sets)[..]);
    // The same after `ride ` in the broken block itself.
    let labels = completion(&mut session, &bad, "ride orthogonl", 5);
    assert!(labels.contains(&"orthogonal".to_string()), "{labels:?}");
    assert!(FLAT_SETS.contains(&labels[0].as_str()), "{labels:?}");

    // After `promote in `: the zones.
    let labels = completion(&mut session, &bad, "promote in far-edge", 11);
    assert_eq!(labels, defined(&bad, "zone"));
    // After `to `: the pieces, by symbol and name.
    let labels = completion(&mut session, &bad, "far-edge to Q", 12);
    let mut pieces = symbols(&bad);
    pieces.extend(defined(&bad, "piece"));
    assert_eq!(labels[..pieces.len()], pieces[..], "{labels:?}");
    assert!(!labels.contains(&"variant".to_string()));

    // In the board block, at a statement's start: the board's statements (docs/language.md,
    // "The board").
    let mut labels = completion(&mut session, &bad, "  shape hexagon 6", 2);
    labels.sort();
    let mut want = vec![
        "cells",
        "shape",
        "names",
        "remove",
        "cell",
        "off-board",
        "colours",
    ];
    want.sort();
    assert_eq!(labels, want);
    // After `cells `: the kinds of cells.
    let labels = completion(&mut session, &bad, "cells flat", 6);
    assert_eq!(labels, ["flat", "pointy", "triangle"]);
    // At the top level: the top-level statements and blocks.
    let labels = completion(&mut session, &bad, "symmetry mirror", 0);
    for keyword in [
        "variant", "board", "piece", "zone", "setup", "rules", "symmetry",
    ] {
        assert!(
            labels.contains(&keyword.to_string()),
            "{keyword}: {labels:?}"
        );
    }
    assert!(!labels.contains(&"step".to_string()), "{labels:?}");
    // In a piece block: the piece statements.
    let labels = completion(&mut session, &bad, "  leap [12 1] all", 2);
    for keyword in ["step", "ride", "leap", "promote", "multi-step", "royal"] {
        assert!(
            labels.contains(&keyword.to_string()),
            "{keyword}: {labels:?}"
        );
    }
    assert!(!labels.contains(&"board".to_string()), "{labels:?}");
    // After a setup line's piece: the board's cells (91 on Glinski's board).
    let labels = completion(&mut session, &bad, "  K g1", 4);
    assert_eq!(labels.len(), 91, "{labels:?}");
    assert!(labels.contains(&"f6".to_string()) && !labels.contains(&"j1".to_string()));
    // After `multi-step 2 from `: the zones.
    let labels = completion(&mut session, &bad, "from pawn-start", 5);
    assert_eq!(labels, defined(&bad, "zone"));
    // In the rules block: the rules' statements; after `stalemate `: its scores.
    let labels = completion(&mut session, &bad, "  checkmate win", 2);
    assert!(
        labels.contains(&"stalemate".to_string()) && labels.contains(&"repetition".to_string())
    );
    let labels = completion(&mut session, &bad, "stalemate 3/4", 10);
    assert_eq!(labels, ["win", "draw", "loss", "out"]);
    // In a comment: nothing.
    assert!(completion(&mut session, &bad, "# one step orthogonally", 11).is_empty());
}

fn labels_of(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

#[test]
fn a_direction_hover_gives_its_hours_and_draws_them() {
    let bad = broken();
    let mut session = Session::new();
    open(&mut session, &bad);
    // docs/language.md: on flat hexes `orthogonal` is 2 4 6 8 10 12, `diagonal` the odd hours.
    let value = hover(&mut session, &bad, "ride orthogonal diagonal", 6).expect("a hover");
    assert!(value.contains("direction set **orthogonal**"), "{value}");
    assert!(
        value.contains("- flat hexes: hours 2 4 6 8 10 12"),
        "{value}"
    );
    // Drawn: the six hours around `@`, each on its own cell.
    let picture = value
        .split("```text\n")
        .nth(1)
        .and_then(|p| p.split("```").next())
        .expect("a drawing");
    assert_eq!(picture.matches('@').count(), 1, "{picture}");
    for hour in ["2", "4", "6", "8", "10", "12"] {
        assert!(
            picture
                .split(|c: char| !c.is_ascii_digit())
                .any(|w| w == hour),
            "{hour}: {picture}"
        );
    }
    for hour in ["1", "3", "5", "7", "9", "11"] {
        assert!(
            !picture
                .split(|c: char| !c.is_ascii_digit())
                .any(|w| w == hour),
            "{hour}: {picture}"
        );
    }
    let value = hover(&mut session, &bad, "ride orthogonal diagonal", 18).expect("a hover");
    assert!(
        value.contains("- flat hexes: hours 1 3 5 7 9 11"),
        "{value}"
    );
    // A bare hour in a movement line is a direction; in a setup line a number would be a cell.
    let value = hover(&mut session, &bad, "step 12 move-only", 5).expect("a hover");
    assert!(
        value.contains("direction **12**") && value.contains("hours 12"),
        "{value}"
    );
    // The file's own sets (docs/language.md's examples): their hours, drawn, and offered
    // after `step ` with the built-in ones.
    let own = bad.replacen(
        "piece King K {",
        "directions pawn-captures = 10 2\ndirections gold = orthogonal forward-diagonal\n\npiece King K {",
        1,
    );
    let mut session = Session::new();
    open(&mut session, &own);
    let value = hover(&mut session, &own, "directions pawn-captures", 11).expect("a hover");
    assert!(
        value.starts_with("direction set **pawn-captures** of this file")
            && value.contains("- flat hexes: hours 2 10")
            && value.contains("```text"),
        "{value}"
    );
    let value = hover(&mut session, &own, "directions gold", 11).expect("a hover");
    assert!(
        value.contains("- flat hexes: hours 1 2 4 6 8 10 11 12"),
        "{value}"
    );
    let labels = completion(&mut session, &own, "step orthogonal diagonal", 5);
    let hour = labels.iter().position(|l| l == "1").expect("the hours");
    assert!(
        labels[..hour].contains(&"pawn-captures".to_string()),
        "{labels:?}"
    );
    assert!(labels[..hour].contains(&"gold".to_string()), "{labels:?}");
    // Koval names its cells by numbers: in a movement line a number is an hour (or a count),
    // elsewhere a cell.
    let koval = variant("koval.hexv");
    let mut numbered = Session::new();
    open(&mut numbered, &koval);
    let value = hover(&mut numbered, &koval, "step 12 move-only", 5).expect("a hover");
    assert!(value.starts_with("direction **12**"), "{value}");
    let value = hover(&mut numbered, &koval, "leap [12 1]", 6).expect("a hover");
    assert!(value.starts_with("direction **12**"), "{value}");
    let value = hover(&mut numbered, &koval, "  K 42", 4).expect("a hover");
    assert!(value.starts_with("cell **42**"), "{value}");
    let value = hover(&mut numbered, &koval, "double-move = 2 ", 14).expect("a hover");
    assert!(value.starts_with("cell **2**"), "{value}");
    assert_eq!(hover(&mut numbered, &koval, "multi-step 2", 11), None);
    // On a pointy board (Dagger) the orthogonals are the odd hours.
    let dagger = variant("dagger.hexv");
    let mut pointy = Session::new();
    open(&mut pointy, &dagger);
    let at = dagger.find("orthogonal").expect("a direction");
    let value = hover(&mut pointy, &dagger, &dagger[at..], 0).expect("a hover");
    assert!(
        value.contains("- pointy hexes: hours 1 3 5 7 9 11"),
        "{value}"
    );
}

/// The heading of the section of docs/language.md that starts with `prefix`.
fn heading(prefix: &str) -> String {
    let docs = std::fs::read_to_string(root().join("docs/language.md")).expect("the docs");
    docs.lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("{prefix}"))
        .trim_start_matches('#')
        .trim()
        .to_string()
}

#[test]
fn a_keyword_hover_gives_its_section_of_the_reference() {
    let bad = broken();
    let mut session = Session::new();
    open(&mut session, &bad);
    for (needle, extra, section) in [
        ("ride orthogonl", 1, "### `ride DIRECTIONS"),
        ("step 12 move-only", 1, "### `step DIRECTIONS"),
        ("leap [12 1] all", 1, "### `leap LEAPS"),
        ("multi-step 2", 1, "### `multi-step N"),
        ("promote in far-edge", 1, "### `promote in ZONE"),
        // A word of a statement opens the statement's section.
        ("promote in far-edge", 8, "### `promote in ZONE"),
        ("far-edge to Q", 9, "### `promote in ZONE"),
        ("colour-bound", 1, "### `colour-bound`"),
        ("royal\n", 1, "### `royal`"),
        ("move-only", 1, "### Modes"),
        ("capture-only", 1, "### Modes"),
        ("cells flat", 1, "### `cells"),
        ("shape hexagon", 1, "### `shape`"),
        ("shape hexagon", 7, "### `shape`"),
        ("names files", 7, "### `names`"),
        ("variant  \"", 1, "## Metadata"),
        ("inventor", 1, "## Metadata"),
        ("symmetry mirror", 1, "## Symmetry"),
        ("zone pawn-start", 1, "## Zones"),
        ("piece King", 1, "## Pieces"),
        ("setup {", 1, "## Setup"),
        ("stalemate 3/4", 1, "## Rules"),
        ("checkmate win", 10, "## Rules"),
        ("castling none", 1, "## Rules"),
    ] {
        let value = hover(&mut session, &bad, needle, extra)
            .unwrap_or_else(|| panic!("{needle:?} +{extra}: no hover"));
        let want = heading(section);
        assert!(
            value.starts_with(&format!("{want}\n")),
            "{needle:?} +{extra}: {want:?}\n{value}"
        );
    }
}

#[test]
fn navigation_answers_on_a_broken_file() {
    let bad = broken();
    let mut session = Session::new();
    open(&mut session, &bad);
    let doc = json!({"uri": URI});
    // Go to the definition of a zone, of a piece by its symbol, of the broken Rook.
    for (from, to) in [
        (("in far-edge", 3), ("zone far-edge", 5)),
        (("\n  N d1", 3), ("piece Knight", 6)),
        (("\n  R c1", 3), ("piece Rook", 6)),
    ] {
        let def = request(
            &mut session,
            "textDocument/definition",
            json!({"textDocument": doc, "position": position(&bad, from.0, from.1)}),
        );
        assert_eq!(
            def["range"]["start"],
            position(&bad, to.0, to.1),
            "{from:?}"
        );
    }
    // The Rook's references: every word `Rook` or `R` outside comments.
    let uses = bad
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .filter(|w| *w == "R" || *w == "Rook")
        .count();
    let refs = request(
        &mut session,
        "textDocument/references",
        json!({"textDocument": doc, "position": position(&bad, "piece Rook", 6),
               "context": {"includeDeclaration": true}}),
    );
    assert_eq!(refs.as_array().expect("a list").len(), uses);
    // The outline: every piece and zone of the file.
    let symbols = request(
        &mut session,
        "textDocument/documentSymbol",
        json!({"textDocument": doc}),
    );
    let names: Vec<String> = symbols
        .as_array()
        .expect("a list")
        .iter()
        .map(|s| s["name"].as_str().expect("a name").to_string())
        .collect();
    let mut want = defined(&bad, "zone");
    want.extend(defined(&bad, "piece"));
    let mut got = names.clone();
    got.sort();
    want.sort();
    assert_eq!(got, want);
}

/// An error in a zone breaks what uses the zone (the Pawn's promotion), not the other pieces;
/// the cells keep their hover, without the broken zone.
#[test]
fn an_error_in_a_zone_breaks_only_what_uses_it() {
    let good = glinski();
    let bad = good.replacen("= a6 b7 c8", "= a6 b7 zz8", 1);
    let mut clean = Session::new();
    open(&mut clean, &good);
    let mut session = Session::new();
    assert!(!open(&mut session, &bad).is_empty());
    let pawn = hover(&mut session, &bad, "piece Pawn", 6).expect("a hover");
    assert!(
        pawn.contains("Pawn (P)") && !pawn.contains("```text"),
        "{pawn}"
    );
    let want = hover(&mut clean, &good, "piece Knight", 6);
    assert_eq!(hover(&mut session, &bad, "piece Knight", 6), want);
    let cell = hover(&mut session, &bad, "= a6 b7", 2).expect("a hover");
    assert!(cell.starts_with("cell **a6**"), "{cell}");
    assert!(!cell.contains("far-edge"), "{cell}");
    // A misspelt piece in the setup breaks no piece at all.
    let bad = good.replacen("  B f1 f2 f3", "  Bishp f1 f2 f3", 1);
    open(&mut session, &bad);
    let want = hover(&mut clean, &good, "piece Bishop", 6);
    assert!(want.as_ref().is_some_and(|w| w.contains("```text")));
    assert_eq!(hover(&mut session, &bad, "piece Bishop", 6), want);
}

/// Where nothing can be resolved (an error in the board, a brace missing), hover falls back to
/// the definition's line and completion to what the text says: no panic, no error.
#[test]
fn with_nothing_to_resolve_the_text_still_answers() {
    let good = glinski();
    let no_board = good.replacen("shape hexagon 6", "shape hexagon 0", 1);
    let no_brace = good.replacen("  castling none\n}", "  castling none\n", 1);
    let mut session = Session::new();
    assert!(!open(&mut session, &no_board).is_empty());
    // The board does not check: nothing resolves against it, and the hover is the line.
    let value = hover(&mut session, &no_board, "piece Knight", 6);
    assert_eq!(value.as_deref(), Some("`piece Knight N {`"));
    for bad in [no_board, no_brace] {
        let mut session = Session::new();
        assert!(!open(&mut session, &bad).is_empty());
        let value = hover(&mut session, &bad, "piece Knight", 6).expect("a hover");
        assert!(value.contains("Knight"), "{value}");
        let labels = completion(&mut session, &bad, "step orthogonal diagonal", 5);
        let mut sets: Vec<&str> = labels
            .iter()
            .take_while(|l| l.parse::<u8>().is_err())
            .map(String::as_str)
            .collect();
        sets.sort();
        let mut want = FLAT_SETS.to_vec();
        want.sort();
        assert_eq!(sets, want);
        let value = hover(&mut session, &bad, "ride orthogonal", 6).expect("a hover");
        assert!(value.contains("hours 2 4 6 8 10 12"), "{value}");
    }
}

/// A piece that moves `like` a broken one is not drawn either (Hex Shogi's Dragon King moves
/// like the Rook), and says why; the other promoted pieces keep their diagrams.
#[test]
fn a_piece_like_a_broken_one_is_not_drawn() {
    let good = variant("hex-shogi-91.hexv");
    let bad = good.replacen(
        "piece Rook R {\n  ride orthogonal",
        "piece Rook R {\n  ride orthogonl",
        1,
    );
    assert_ne!(bad, good);
    let mut clean = Session::new();
    open(&mut clean, &good);
    let mut session = Session::new();
    open(&mut session, &bad);
    let dragon = hover(&mut session, &bad, "piece DragonKing", 6).expect("a hover");
    assert!(
        dragon.contains("DragonKing (+R)") && dragon.contains("`Rook`") && !dragon.contains("```"),
        "{dragon}"
    );
    for needle in [
        "piece DragonHorse",
        "piece Tokin",
        "piece Bishop",
        "piece Knight",
    ] {
        let want = hover(&mut clean, &good, needle, 6).expect("a hover");
        assert!(want.contains("```text"), "{want}");
        assert_eq!(hover(&mut session, &bad, needle, 6), Some(want), "{needle}");
    }
}

/// An error in a block's head (a symbol given twice) cuts the whole block out, and what
/// named it (the setup line, the Pawn's promotion) with it; the rest is drawn.
#[test]
fn an_error_in_a_block_head_cuts_the_block() {
    let good = glinski();
    let bad = good.replacen("piece Knight N {", "piece Knight B {", 1);
    let mut clean = Session::new();
    open(&mut clean, &good);
    let mut session = Session::new();
    open(&mut session, &bad);
    let knight = hover(&mut session, &bad, "piece Knight", 6).expect("a hover");
    assert!(
        knight.contains("Knight (B)") && !knight.contains("```"),
        "{knight}"
    );
    let pawn = hover(&mut session, &bad, "piece Pawn", 6).expect("a hover");
    assert!(pawn.contains("Pawn (P)") && !pawn.contains("```"), "{pawn}");
    for needle in ["piece Queen", "piece Rook", "piece King"] {
        let want = hover(&mut clean, &good, needle, 6).expect("a hover");
        assert_eq!(hover(&mut session, &bad, needle, 6), Some(want), "{needle}");
    }
}

/// Not a test of speed (timings are not asserted): prints, for every shipped variant, the time
/// an edit costs the server, median and worst of 20, from `didChange` to its diagnostics and
/// then a hover on a piece and a completion, on the clean file and on the file with an error
/// added to its first piece's block. Run it in release mode:
/// `cargo test --release --test hexv lsp_broken::edit_latency -- --ignored --nocapture`.
#[test]
#[ignore]
fn edit_latency() {
    const EDITS: usize = 20;
    let mut files: Vec<_> = std::fs::read_dir(root().join("variants"))
        .expect("variants")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "hexv"))
        .collect();
    files.sort();
    println!(
        "{:<24} {:>20} {:>20}",
        "variant", "clean: median worst", "broken: median worst"
    );
    for path in files {
        let good = std::fs::read_to_string(&path).expect("readable");
        let first = good.find("\npiece ").expect("a piece") + 1;
        let first_end = first + good[first..].find('\n').expect("a line");
        let bad = format!(
            "{}\n  step nowhere{}",
            &good[..first_end],
            &good[first_end..]
        );
        let last = good.rfind("\npiece ").expect("a piece") + 7;
        let step = good.contains("\n  step ");
        let mut row = Vec::new();
        for text in [&good, &bad] {
            let mut session = Session::new();
            open(&mut session, text);
            let mut times: Vec<Duration> = (0..EDITS)
                .map(|i| {
                    let edited = format!("{text}# edit {i}\n");
                    let t = Instant::now();
                    let out = session.handle(Message::Notification(Notification::new(
                        "textDocument/didChange".to_string(),
                        json!({"textDocument": {"uri": URI, "version": i + 2},
                               "contentChanges": [{"text": edited}]}),
                    )));
                    assert_eq!(out.len(), 1);
                    let offset = if std::ptr::eq(text, &bad) {
                        last + bad.len() - good.len()
                    } else {
                        last
                    };
                    let value = hover(&mut session, &edited, &edited[offset..], 0);
                    assert!(value.is_some_and(|v| v.contains("```text")), "{path:?}");
                    if step {
                        let labels = completion(&mut session, &edited, "\n  step ", 8);
                        assert!(!labels.is_empty(), "{path:?}");
                    }
                    t.elapsed()
                })
                .collect();
            times.sort();
            row.push(format!(
                "{:>8.2} ms {:>7.2} ms",
                times[EDITS / 2].as_secs_f64() * 1e3,
                times[EDITS - 1].as_secs_f64() * 1e3
            ));
        }
        println!(
            "{:<24} {} {}",
            path.file_name().and_then(|n| n.to_str()).unwrap_or("?"),
            row[0],
            row[1]
        );
    }
}

/// Hover and completion at every third place of every shipped variant and every fixture,
/// valid or not: always one answer, never an error, never a panic.
#[test]
fn every_place_of_every_fixture_gets_an_answer() {
    let mut files = Vec::new();
    for dir in ["variants", "tests/fixtures/invalid", "tests/fixtures/valid"] {
        for entry in std::fs::read_dir(root().join(dir)).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|e| e == "hexv") {
                files.push(path);
            }
        }
    }
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let mut session = Session::new();
        open(&mut session, &text);
        for (line, content) in text.split('\n').enumerate() {
            for character in (0..=content.encode_utf16().count()).step_by(3) {
                for method in ["textDocument/hover", "textDocument/completion"] {
                    let out = session.handle(Message::Request(Request::new(
                        RequestId::from(1),
                        method.to_string(),
                        json!({"textDocument": {"uri": URI},
                               "position": {"line": line, "character": character}}),
                    )));
                    let [Message::Response(response)] = &out[..] else {
                        panic!("{path:?} {line}:{character}: {out:?}");
                    };
                    assert!(
                        response.response_result.is_ok(),
                        "{path:?} {line}:{character} {method}: {response:?}"
                    );
                }
            }
        }
    }
}
