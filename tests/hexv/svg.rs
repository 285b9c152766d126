//! SVG diagrams: valid XML, one polygon per cell in the board's colours, one mark per
//! destination with a shape per kind, deterministic output.

use hexv::render::{diagram, svg};
use hexv::variant::Side;

use crate::support::{cell, load, piece};

fn piece_svg(path: &str, key: &str, from: &str, blockers: &[&str]) -> String {
    let (v, t) = load(path);
    let blockers: Vec<_> = blockers.iter().map(|b| cell(&v, b)).collect();
    let drawing = diagram::piece_drawing(
        &v,
        &t,
        piece(&v, key),
        Side::WHITE,
        cell(&v, from),
        &blockers,
    );
    svg::render(v.board(), "test", &drawing)
}

fn count_class(doc: &roxmltree::Document, class: &str) -> usize {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == class))
        })
        .count()
}

#[test]
fn glinski_knight_is_valid_svg_with_every_cell_and_mark() {
    let text = piece_svg("variants/glinski.hexv", "N", "f6", &[]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(count_class(&doc, "cell"), 91);
    let names: std::collections::BTreeSet<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-cell"))
        .collect();
    assert_eq!(names.len(), 91);
    // 12 knight destinations, all move-and-capture discs, plus one in the legend.
    assert_eq!(count_class(&doc, "both"), 13);
    assert_eq!(count_class(&doc, "piece"), 1);
    // Three shades for the three colours.
    let fills: std::collections::BTreeSet<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .filter_map(|n| n.attribute("fill"))
        .collect();
    assert_eq!(fills.len(), 3);
}

#[test]
fn mark_kinds_have_their_own_shapes() {
    let text = piece_svg("variants/glinski.hexv", "P", "e4", &["e6"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    // e5 move only; d4 f5 capture only; e6 is a blocker the push cannot take.
    assert_eq!(
        count_class(&doc, "move"),
        2,
        "one ring on e5, one in the legend"
    );
    assert_eq!(
        count_class(&doc, "capture"),
        3,
        "crosses on d4 and f5, one in the legend"
    );
    assert_eq!(count_class(&doc, "blocker"), 1);
    let text = piece_svg("variants/glinski.hexv", "P", "e4", &[]);
    let doc = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(
        count_class(&doc, "conditional"),
        2,
        "the double step to e6, and the legend"
    );
    assert_eq!(
        text,
        piece_svg("variants/glinski.hexv", "P", "e4", &[]),
        "deterministic"
    );
}

#[test]
fn setup_drawing_escapes_its_title() {
    let (v, _) = load("variants/koval.hexv");
    let text = svg::render(v.board(), "Koval & co <setup>", &diagram::setup_drawing(&v));
    let doc = roxmltree::Document::parse(&text).expect("titles are escaped");
    assert_eq!(count_class(&doc, "cell"), 72);
    assert_eq!(count_class(&doc, "piece"), 40);
    let title = doc
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text());
    assert_eq!(title, Some("Koval & co <setup>"));
}

/// Triangle boards: one three-cornered polygon per triangle in two shades (48 of each on
/// Chessagon's board), every triangle's outline sharing its corners with its neighbours, and
/// the knight's ring of 12 marks.
#[test]
fn chessagon_knight_is_drawn_on_triangles() {
    let text = piece_svg("variants/chessagon.hexv", "N", "d7", &[]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let cells: Vec<roxmltree::Node> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .collect();
    assert_eq!(cells.len(), 96);
    let corners = |n: &roxmltree::Node| -> Vec<String> {
        n.attribute("points")
            .unwrap_or("")
            .split(' ')
            .map(str::to_string)
            .collect()
    };
    assert!(cells.iter().all(|n| corners(n).len() == 3));
    let mut by_fill = std::collections::BTreeMap::new();
    for n in &cells {
        *by_fill
            .entry(n.attribute("fill").unwrap_or(""))
            .or_insert(0) += 1;
    }
    assert_eq!(by_fill.values().copied().collect::<Vec<_>>(), [48, 48]);
    // d1 and e1 (White's corner) share their vertical side: two corners in common.
    let outline = |name: &str| {
        cells
            .iter()
            .find(|n| n.attribute("data-cell") == Some(name))
            .map(corners)
            .expect("drawn")
    };
    let (d1, e1) = (outline("d1"), outline("e1"));
    assert_eq!(d1.iter().filter(|p| e1.contains(p)).count(), 2);
    assert_eq!(
        count_class(&doc, "both"),
        13,
        "12 ring cells and the legend"
    );
    assert_eq!(count_class(&doc, "piece"), 1);
}

/// A few SVG pictures, snapshotted (deterministic output) and looked at as PNGs when accepted:
/// Glinski's knight on f6 (the Glinski text's knight diagram), Chessagon's knight on d7 (the ring of
/// 12 light triangles around a dark one), Dagger's start position (the knights in hand on
/// dashed off-board cells beside the kings, as the Dagger text imagines them).
#[test]
fn svg_snapshots() {
    insta::assert_snapshot!(
        "glinski-knight-f6",
        piece_svg("variants/glinski.hexv", "N", "f6", &[])
    );
    insta::assert_snapshot!(
        "chessagon-knight-d7",
        piece_svg("variants/chessagon.hexv", "N", "d7", &[])
    );
    let (v, _) = load("variants/dagger.hexv");
    let setup = svg::render(
        v.board(),
        "Dagger Chess: start position",
        &diagram::setup_drawing(&v),
    );
    insta::assert_snapshot!("dagger-setup", setup);
}

/// A position's picture marks the last move's two cells and a royal piece in check: after
/// Fxi3+ of the 1981 Hungarian game (its sixth ply), the bishop's cells f9 and i3 are tinted,
/// White's king on g1 stands on the check's disc; the black bishop is drawn as a figure in
/// Black's colours. The README's and docs/geometry.md's picture is this output.
#[test]
fn a_game_position_marks_the_last_move_and_the_check() {
    let (code, svg, stderr) = crate::cli::run(&[
        "diagram",
        "variants/glinski.hexv",
        "--pgn",
        "tests/data/glinski-games-hu.pgn",
        "--game",
        "13",
        "--ply",
        "6",
        "--letters",
        "hu",
        "--format",
        "svg",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let (v, _) = load("variants/glinski.hexv");
    let at = |name: &str| hexv::render::svg::centre(v.board(), cell(&v, name));
    let tinted: Vec<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("last-move"))
        .map(|n| n.attribute("points").unwrap().to_string())
        .collect();
    assert_eq!(tinted.len(), 2, "{tinted:?}");
    for (name, points) in ["f9", "i3"].iter().zip(&tinted) {
        let (x, y) = at(name);
        let first: Vec<f64> = points
            .split(' ')
            .next()
            .unwrap()
            .split(',')
            .map(|n| n.parse().unwrap())
            .collect();
        // A flat hexagon's first corner: the centre plus the circumradius to the right.
        assert!(
            (first[0] - x - 24.0).abs() < 0.01 && (first[1] - y).abs() < 0.01,
            "{name}: {points}"
        );
    }
    let checks: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("check"))
        .collect();
    assert_eq!(checks.len(), 1);
    let (gx, _) = at("g1");
    let cx: f64 = checks[0].attribute("cx").unwrap().parse().unwrap();
    assert!((cx - gx).abs() < 0.01, "the check's disc is on g1");
    let bishop_on_i3 = doc
        .descendants()
        .find(|n| {
            n.attribute("class") == Some("piece bishop")
                && n.attribute("transform")
                    .is_some_and(|t| t.starts_with(&format!("translate({:.2} ", at("i3").0)))
        })
        .expect("a bishop figure on i3");
    assert_eq!(bishop_on_i3.attribute("fill"), Some("#262626"));
    let shipped =
        std::fs::read_to_string(crate::support::root().join("docs/pictures/glinski-game.svg"))
            .expect("the picture");
    assert_eq!(
        svg, shipped,
        "docs/pictures/glinski-game.svg is this output: regenerate it"
    );
}

/// Each side's pieces in their own colours on the start pictures, and the shapes by kind:
/// figures for Glinski's pieces, tiles for Hex Shogi's (Black's turned half round), discs for
/// Xiang Hex's, three colours for Wellisch's three sides.
#[test]
fn start_pictures_draw_figures_tiles_and_discs_in_side_colours() {
    for (path, kind, fills) in [
        ("variants/glinski.hexv", "knight", 2),
        ("variants/hex-shogi-91.hexv", "tile", 2),
        ("variants/xiang-hex.hexv", "disc", 2),
        ("variants/wellisch.hexv", "rook", 3),
    ] {
        let (v, _) = load(path);
        let svg = svg::render(v.board(), "start", &diagram::setup_drawing(&v));
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        let pieces: Vec<_> = doc
            .descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.starts_with("piece "))
            })
            .collect();
        let setup: usize = v.side_ids().map(|s| v.setup(s).len()).sum();
        assert_eq!(pieces.len(), setup, "{path}");
        let colours: std::collections::BTreeSet<&str> =
            pieces.iter().filter_map(|n| n.attribute("fill")).collect();
        assert_eq!(colours.len(), fills, "{path}: {colours:?}");
        assert!(
            pieces
                .iter()
                .any(|n| n.attribute("class") == Some(&format!("piece {kind}"))),
            "{path}: no {kind}"
        );
        let written = pieces
            .iter()
            .filter(|n| n.descendants().any(|d| d.tag_name().name() == "text"))
            .count();
        let by_letter = matches!(kind, "tile" | "disc");
        assert_eq!(written, if by_letter { setup } else { 0 }, "{path}");
    }
    let (v, _) = load("variants/hex-shogi-91.hexv");
    let svg = svg::render(v.board(), "start", &diagram::setup_drawing(&v));
    let turned = svg.matches("rotate(180 50 50)").count();
    assert_eq!(
        turned,
        v.setup(Side::BLACK).len(),
        "Black's tiles point down"
    );
}

#[test]
fn glyph_lines_choose_the_figures_over_the_names() {
    let (v, _) = load("tests/fixtures/valid/glyphs.hexv");
    let svg = svg::render(v.board(), "start", &diagram::setup_drawing(&v));
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let mut figures: Vec<(String, String)> = doc
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.starts_with("piece "))
        })
        .map(|n| {
            let title = n
                .children()
                .find(|c| c.tag_name().name() == "title")
                .and_then(|t| t.text())
                .unwrap_or_default()
                .to_string();
            (title, n.attribute("class").unwrap_or_default().to_string())
        })
        .collect();
    figures.sort();
    figures.dedup();
    let want = [
        ("Black Chariot", "piece rook"),
        ("Black Horse", "piece knight"),
        ("Black King", "piece disc"),
        ("Black Pawn", "piece tile"),
        ("White Chariot", "piece rook"),
        ("White Horse", "piece knight"),
        ("White King", "piece disc"),
        ("White Pawn", "piece tile"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(t, c)| (t.to_string(), c.to_string()))
        .collect();
    assert_eq!(figures, want);
    // Black's five Pawns' tiles point down; nothing else is turned.
    assert_eq!(svg.matches("rotate(180 50 50)").count(), 5);
}
