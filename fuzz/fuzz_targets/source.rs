//! A variant source through check, compile, analysis and every renderer: no panic, and what
//! is written for other programs is well-formed (JSON parses, SVG and HTML are XML).
#![no_main]

use hexv::render::{diagram, html, svg, tables};
use hexv::SourceFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(file) = SourceFile::from_bytes("fuzz.hexv".into(), data.to_vec()) else {
        return;
    };
    let loaded = hexv::load(&file);
    for d in &loaded.diagnostics {
        let json = hexv::diagnostic::JsonDiagnostic::new(d, &file);
        let text = serde_json::to_string(&json).expect("a diagnostic serialises");
        serde_json::from_str::<serde_json::Value>(&text).expect("JSON parses");
    }
    let drawn = hexv::diagnostic::render_all(&loaded.diagnostics, &file, Default::default());
    // Nothing drawn may move a terminal's cursor or change its colours: no control character
    // but line ends and tabs, a carriage return only before a line feed.
    let safe = drawn.char_indices().all(|(i, c)| {
        !c.is_control()
            || matches!(c, '\n' | '\t')
            || (c == '\r' && drawn[i + 1..].starts_with('\n'))
    });
    assert!(safe, "{drawn:?}");
    let Some(compiled) = &loaded.compiled else {
        return;
    };
    let (v, t) = (compiled.variant(), compiled.tables());
    let all = tables::Selection::default();
    serde_json::from_str::<serde_json::Value>(&tables::to_json(v, t, &all)).expect("JSON tables");
    let _ = tables::to_text(v, t, &all);
    let _ = compiled.summary().to_string();
    let picture = svg::render(v.board(), &v.meta().name, &diagram::setup_drawing(v));
    roxmltree::Document::parse(&picture).expect("the SVG is XML");
    let page = html::rules_page(v, t, &compiled.summary());
    // The page starts with `<!DOCTYPE html>`: a DTD the parser must be allowed to skip.
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    roxmltree::Document::parse_with_options(&page, options).expect("the rules page is XML");
    let game = compiled.game();
    let start = game.start_position();
    hexv_fuzz::engines_agree(&game, &start);
    hexv_fuzz::moves_read_back(&game, &start);
    let text = game.position_text(&start);
    assert_eq!(game.parse_position(&text).as_ref(), Ok(&start), "{text}");
});
