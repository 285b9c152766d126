//! `hexv doc`: the rules page of every shipped variant, read back with an XML parser (the
//! page is well-formed XML as well as HTML): its title and sources, the setup picture, one
//! section per piece with its description and its diagram, the rules, and no script.

use std::collections::BTreeSet;

use crate::cli::run;
use crate::support::scratch;
use crate::support::{load, variant_files};

/// The page of a variant, written by the CLI.
fn page(path: &std::path::Path) -> String {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("v");
    let dir = scratch(&format!("doc-{stem}"));
    let file = path.to_str().expect("utf-8 path");
    let (code, stdout, stderr) = run(&["doc", file, "-o", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let written = dir.join("index.html");
    assert_eq!(stdout.trim(), written.display().to_string());
    std::fs::read_to_string(written).expect("index.html written")
}

/// The page read as XML.
fn parse(page: &str) -> roxmltree::Document<'_> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    roxmltree::Document::parse_with_options(page, options).expect("well-formed")
}

fn text_of(node: roxmltree::Node) -> String {
    node.descendants()
        .filter(|n| n.is_text())
        .filter(|n| !n.ancestors().any(|a| a.tag_name().name() == "svg"))
        .filter_map(|n| n.text())
        .collect()
}

#[test]
fn every_variant_has_a_rules_page() {
    for path in variant_files() {
        let (v, _) = load(&path);
        let html = page(&path);
        assert!(!html.contains("<script"), "{}: no script", path.display());
        let options = roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        };
        let doc = roxmltree::Document::parse_with_options(&html, options)
            .unwrap_or_else(|e| panic!("{}: well-formed: {e}", path.display()));
        // Nothing is fetched: the only URLs are the XML namespaces.
        let urls = html.matches("http").count();
        let namespaces = html.matches("xmlns=\"http").count();
        assert_eq!(urls, namespaces, "{}: no external file", path.display());
        let title = doc
            .descendants()
            .find(|n| n.tag_name().name() == "title")
            .and_then(|n| n.text())
            .unwrap_or_default();
        assert!(title.starts_with(&v.meta().name), "{title}");
        // One article per piece, each with its words and its picture.
        let articles: Vec<roxmltree::Node> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("piece-section"))
            .collect();
        assert_eq!(articles.len(), v.pieces().len(), "{}", path.display());
        for (a, p) in articles.iter().zip(v.pieces()) {
            let heading = format!("{} ({})", p.name, p.symbol);
            assert!(text_of(*a).contains(&heading), "{heading}");
            assert!(a.descendants().any(|n| n.tag_name().name() == "svg"));
            assert!(
                a.descendants()
                    .filter(|n| n.tag_name().name() == "li")
                    .count()
                    >= 1
            );
        }
        // The start position: every piece of the setup drawn on the board picture.
        let board = doc
            .descendants()
            .find(|n| n.attribute("id") == Some("board"))
            .expect("a board section");
        let drawn: Vec<_> = board
            .descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.starts_with("piece "))
            })
            .collect();
        assert_eq!(
            drawn.len(),
            v.side_ids().map(|side| v.setup(side).len()).sum::<usize>()
        );
        // Each side's pieces in their own colour: as many fills as sides.
        let fills: std::collections::BTreeSet<&str> =
            drawn.iter().filter_map(|n| n.attribute("fill")).collect();
        assert_eq!(fills.len(), v.sides().len(), "{fills:?}");
        for s in &v.meta().sources {
            assert!(html.contains(&s.replace('&', "&amp;")), "{s}");
        }
        assert!(doc
            .descendants()
            .any(|n| n.attribute("id") == Some("rules")));
    }
}

#[test]
fn descriptions_say_what_the_rules_say() {
    let glinski = page(std::path::Path::new("variants/glinski.hexv"));
    for phrase in [
        "Rides any distance orthogonally.",
        "Rides any distance diagonally.",
        "Never leaves its colour.",
        "Leaps to 12 cells around it, jumping over anything in between.",
        "Steps one cell at 12 o'clock",
        "Promotes to Queen, Rook, Bishop or Knight on reaching <code>far-edge</code>.",
        "Stalemate is worth 3/4 to the stalemating side.",
    ] {
        assert!(glinski.contains(phrase), "Glinski: {phrase}");
    }
    let shogi = page(std::path::Path::new("variants/hex-shogi-91.hexv"));
    for phrase in [
        "Steps one cell orthogonally and forward diagonally.",
        "Steps one cell diagonally and forward orthogonally.",
        "Leaps to 4 cells around it",
        "May not be dropped where its owner could capture with a Pawn.",
        "A drop of it may not give check.",
        "Captured, it goes to the hand as a Pawn.",
        "Draw on the 3rd repetition.",
    ] {
        assert!(shogi.contains(phrase), "Hex Shogi: {phrase}");
    }
    let koval = page(std::path::Path::new("variants/koval.hexv"));
    assert!(
        koval.contains("White castles 42-63, the Rook going 64-43 (written <code>R0-0</code>)."),
        "Koval's castling and how its text writes it"
    );
    let dagger = page(std::path::Path::new("variants/dagger.hexv"));
    assert!(dagger.contains("Off the board, beside it: a0, a2, n0, n2."));
    let chessagon = page(std::path::Path::new("variants/chessagon.hexv"));
    let expected: BTreeSet<&str> = [
        "Rides any distance along face-point lines.",
        "Steps one cell in every direction.",
        "White castles e1-g3, the Rook going g3-f2.",
    ]
    .into_iter()
    .collect();
    for phrase in expected {
        assert!(chessagon.contains(phrase), "Chessagon: {phrase}");
    }
}

/// The zones the rules name, each side's cells in words and tinted on a board of their own.
#[test]
fn the_page_lists_and_draws_the_zones() {
    let page = page(std::path::Path::new("variants/glinski.hexv"));
    assert!(page.contains(
        "<p><code>pawn-start</code>: White b1 c2 d3 e4 f5 g4 h3 i2 k1; Black b7 c7 d7 e7 f7 g7 h7 i7 k7.</p>"
    ));
    assert!(page.contains("<p><code>far-edge</code>: White a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6; Black a1 b1 c1 d1 e1 f1 g1 h1 i1 k1 l1.</p>"));
    // No name is shown with its backquotes.
    assert!(!page.contains('`'));
    let doc = parse(&page);
    let zone = |id: &str| {
        doc.descendants()
            .find(|n| n.attribute("id") == Some(id))
            .unwrap_or_else(|| panic!("{id}"))
    };
    // Tinted cells (polygons), legend swatches aside: 9 start cells a side; 11 far-edge cells.
    let tinted = |id: &str, class: &str| {
        zone(id)
            .descendants()
            .filter(|n| n.tag_name().name() == "polygon" && n.attribute("class") == Some(class))
            .count()
    };
    assert_eq!(tinted("zone-pawn-start", "zone white"), 9);
    assert_eq!(tinted("zone-pawn-start", "zone black"), 9);
    assert_eq!(tinted("zone-far-edge", "zone white"), 11);
    assert_eq!(tinted("zone-far-edge", "zone black"), 11);
}

/// A pawn is drawn three times: from the middle, from a start cell where its multi-step shows
/// (f5, nearest the middle of Glinski's start cells: diamonds on f6 and f7), and from a cell one
/// move short of its promotion zone (tinted).
#[test]
fn the_pawn_is_drawn_where_its_multi_step_and_promotion_show() {
    let page = page(std::path::Path::new("variants/glinski.hexv"));
    let doc = parse(&page);
    let pawn = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("piece-5"))
        .expect("the pawn's article");
    let titles: Vec<&str> = pawn
        .descendants()
        .filter(|n| n.tag_name().name() == "title")
        .filter(|n| n.parent().is_some_and(|p| p.tag_name().name() == "svg"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(titles, ["Pawn on f6", "Pawn on f5", "Pawn on d8"]);
    assert!(text_of(pawn).contains("From its start cell f5: the diamonds are its multi-step."));
    assert!(page.contains("From d8: on the tinted cells (zone <code>far-edge</code>) it promotes."));
    // Only pawn-like pieces get the extra figures.
    let rook = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("piece-2"))
        .expect("the rook's article");
    assert_eq!(
        rook.descendants()
            .filter(|n| n.tag_name().name() == "figure")
            .count(),
        1
    );
}

/// Xiang Hex's page: the conditions and the xiangqi rules in words, and each piece drawn where
/// it moves. The general, confined to its palace, has no move on the central cell e6; it is
/// drawn on e2, the middle of its palace (six moves); the mandarin on e3, the elephant on e5
/// (the cells nearest the middle where they have the most moves), the soldier on e6 itself.
#[test]
fn xiang_hex_page_draws_each_piece_where_it_moves() {
    let page = page(std::path::Path::new("variants/xiang-hex.hexv"));
    for title in [
        "General on e2",
        "Mandarin on e3",
        "Elephant on e5",
        "Soldier on e6",
        "Chariot on e6",
    ] {
        assert!(page.contains(title), "{title}");
    }
    for phrase in [
        "Steps one cell sideways diagonally and at 2 and 10 o'clock, from the cells of <code>across-river</code>.",
        "Loss for the side whose move makes the 3rd repetition.",
        "Royal pieces may not face each other on an open line at 12 o'clock.",
        "Draw once neither side has S H C A.",
    ] {
        assert!(page.contains(phrase), "{phrase}");
    }
}

/// The rules page's perft table gives the counts of tests/data/perft.txt (each variant's
/// first line there is its start, its counts derived by hand and by an independent counter)
/// for plies 1 to 3, for every shipped variant that file lists.
#[test]
fn rules_pages_give_the_start_perft_counts() {
    let listed = std::fs::read_to_string(crate::support::root().join("tests/data/perft.txt"))
        .expect("perft.txt");
    let mut checked = 0;
    for path in variant_files() {
        let rel = format!(
            "variants/{}",
            path.file_name()
                .and_then(|f| f.to_str())
                .unwrap_or_default()
        );
        let Some(line) = listed.lines().find(|l| l.starts_with(&format!("{rel};"))) else {
            continue;
        };
        let expected: Vec<(u32, u64)> = line
            .rsplit(';')
            .next()
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|e| {
                let (d, n) = e.split_once('=')?;
                Some((d.parse().ok()?, n.parse().ok()?))
            })
            .filter(|(d, _)| *d <= 3)
            .collect();
        let html = page(&path);
        let doc = parse(&html);
        let table = doc
            .descendants()
            .find(|n| n.attribute("id") == Some("perft"))
            .unwrap_or_else(|| panic!("{rel}: a perft section"));
        let rows: Vec<(u32, u64)> = table
            .descendants()
            .filter(|n| n.tag_name().name() == "tr")
            .filter_map(|tr| {
                let cells: Vec<String> = tr
                    .children()
                    .filter(|c| c.tag_name().name() == "td")
                    .map(text_of)
                    .collect();
                Some((cells.first()?.parse().ok()?, cells.get(1)?.parse().ok()?))
            })
            .collect();
        assert_eq!(rows, expected, "{rel}");
        checked += 1;
    }
    assert!(checked >= 10, "{checked} variants checked");
}

/// Glinski's page names the board's shades and the sides' colours, says what check,
/// checkmate and stalemate are, and shows how a move of the start is written long and short
/// (Glinski's rule text: 91 cells in three colours; the first move hexv lists, b1-b2, is the
/// a-side pawn's step, `b2` in short as a pawn's move).
#[test]
fn the_rules_page_names_colours_and_explains_the_end_and_the_notation() {
    let html = page(std::path::Path::new("variants/glinski.hexv"));
    for phrase in [
        "91 flat hex cells in 3 colours (30 light, 31 mid, 30 dark)",
        "White's in white, Black's in black",
        "White moves first; then Black and White alternate.",
        "no move may leave one's own royal piece in check",
        "has no legal move is checkmated",
        "is not in check but has no legal move is stalemated",
        "<li>White: King g1; Queen e1; Rook c1 i1; Bishop f1 f2 f3; Knight d1 h1; Pawn b1 c2 d3 e4 f5 g4 h3 i2 k1.</li>",
        "(<code>=Q</code>)",
        "White's first move <code>b1-b2</code> is written <code>b2</code> in short",
    ] {
        assert!(html.contains(phrase), "Glinski: {phrase}");
    }
    assert!(!html.contains("colour 1"), "shades named, not numbered");
    let shogi = page(std::path::Path::new("variants/hex-shogi-91.hexv"));
    assert!(shogi.contains("shogi pieces as tiles pointing at the opponent"));
    assert!(shogi.contains("a drop from the hand as the symbol"));
    let wellisch = page(std::path::Path::new("variants/wellisch.hexv"));
    assert!(wellisch.contains("White's in white, Black's in black, Red's in red"));
    assert!(wellisch.contains("White moves first; then Black, Red, each in turn"));
}
