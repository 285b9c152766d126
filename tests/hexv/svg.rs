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
