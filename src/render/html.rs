//! The rules page (`hexv doc`): one self-contained HTML file for a variant, with the board
//! and setup as a picture, every piece's moves from a central cell with its description, and
//! the rules. No script, no external file: it opens from disk. The markup is well-formed XML
//! as well, so tests can read it with an XML parser.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::svg::escape;
use super::{describe, diagram, figures, svg};
use crate::analyse::{describe_rules, Summary};
use crate::compile::MoveTables;
use crate::geometry::board::{Board, CellId};
use crate::variant::{PieceId, Side, Variant, ZoneId};

/// The board cell nearest the middle of the board (where piece diagrams are drawn from).
pub fn central_cell(board: &Board) -> Option<CellId> {
    board.cells().min_by_key(|c| from_middle(board, *c))
}

/// How far a cell lies from the middle of the board (a squared distance, scaled).
fn from_middle(board: &Board, c: CellId) -> i64 {
    let n = board.len() as i64;
    let (sa, sb) = board.cells().fold((0i64, 0i64), |(a, b), c| {
        let p = board.coord(c);
        (a + p.a as i64, b + p.b as i64)
    });
    let p = board.coord(c);
    let (da, db) = (p.a as i64 * n - sa, p.b as i64 * n - sb);
    da * da + db * db + da * db
}

/// Where a piece's diagram is drawn from: the central cell, unless the piece has no move
/// there (a general confined to its palace); then the cell where it has the most moves,
/// the nearest the middle among those.
fn diagram_cell(v: &Variant, t: &MoveTables, piece: PieceId) -> Option<CellId> {
    let board = &v.board;
    let reach = |c: CellId| t.empty_board_destinations(piece, Side::WHITE, c).len();
    let centre = central_cell(board)?;
    if reach(centre) > 0 {
        return Some(centre);
    }
    board
        .cells()
        .max_by_key(|c| (reach(*c), std::cmp::Reverse(from_middle(board, *c))))
}

/// One figure of a piece: its moves from `at` on an empty board, with White's cells of
/// `zone` tinted.
fn piece_figure(
    out: &mut String,
    v: &Variant,
    t: &MoveTables,
    piece: PieceId,
    at: CellId,
    zone: Option<ZoneId>,
    caption: &str,
) {
    let mut drawing = diagram::piece_drawing(v, t, piece, Side::WHITE, at, &[]);
    if let Some(z) = zone {
        for &c in &v.zone(z).cells[Side::WHITE] {
            drawing.entry(c).or_default().zone = Some(svg::ZoneCell::White);
        }
    }
    let title = format!("{} on {}", v.piece(piece).name, v.board.name(at));
    let picture = svg::render(&v.board, &title, &drawing);
    let _ = writeln!(
        out,
        "<figure>{picture}<figcaption>{caption}</figcaption></figure>"
    );
}

/// White's setup cell of a piece, nearest the middle, where it has a multi-step.
fn multi_step_cell(v: &Variant, t: &MoveTables, piece: PieceId) -> Option<CellId> {
    v.setup[Side::WHITE]
        .iter()
        .filter(|(p, _)| *p == piece)
        .map(|(_, c)| *c)
        .filter(|c| {
            t.entries(piece, Side::WHITE, *c)
                .iter()
                .any(|e| e.when.is_some_and(|w| w.is_multi_step()))
        })
        .min_by_key(|c| from_middle(&v.board, *c))
}

/// A cell, nearest the middle, from which the piece reaches its promotion zone on an empty
/// board (not itself in the zone), with the zone.
fn promotion_cell(v: &Variant, t: &MoveTables, piece: PieceId) -> Option<(CellId, ZoneId)> {
    let zone = v.piece(piece).promotion.as_ref()?.zone;
    let cells = &v.zone(zone).cells[Side::WHITE];
    let at = v
        .board
        .cells()
        .filter(|c| !cells.contains(c))
        .filter(|c| {
            t.empty_board_destinations(piece, Side::WHITE, *c)
                .iter()
                .any(|d| cells.contains(d))
        })
        .min_by_key(|c| from_middle(&v.board, *c))?;
    Some((at, zone))
}

const STYLE: &str = "body{font-family:Georgia,serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f1f1f;line-height:1.45}\
h1{margin-bottom:0.2rem}.meta{color:#555;margin-top:0}\
h2{border-bottom:1px solid #ccc;padding-bottom:0.2rem;margin-top:2rem}\
#perft table{border-collapse:collapse}#perft th,#perft td{padding:0.15rem 1rem;text-align:right;border-bottom:1px solid #ddd;font-variant-numeric:tabular-nums}\
.piece-section{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:flex-start;border-bottom:1px dotted #ddd;padding:1rem 0}\
.piece-section .words{flex:1 1 18rem}.piece-section figure{margin:0}svg{max-width:100%;height:auto}\
.piece-section svg{width:26rem}#board svg{width:34rem}.zone-section svg{width:22rem}\
figcaption{font-size:0.85rem;color:#555}footer{margin-top:3rem;font-size:0.8rem;color:#777}";

/// The whole page.
pub fn rules_page(v: &Variant, t: &MoveTables, summary: &Summary) -> String {
    let name = if v.meta.name.is_empty() {
        "Unnamed variant"
    } else {
        v.meta.name.as_str()
    };
    let mut out = String::new();
    let _ = writeln!(out, "<!DOCTYPE html>");
    let _ = writeln!(
        out,
        r#"<html lang="en" xmlns="http://www.w3.org/1999/xhtml">"#
    );
    let _ = writeln!(
        out,
        r#"<head><meta charset="utf-8"/><title>{} — rules</title><style>{STYLE}</style></head>"#,
        escape(name)
    );
    let _ = writeln!(out, "<body>");
    let _ = writeln!(out, "<header><h1>{}</h1>", escape(name));
    let by = match (&v.meta.inventor, v.meta.year) {
        (Some(i), Some(y)) => format!("Invented by {}, {y}.", escape(i)),
        (Some(i), None) => format!("Invented by {}.", escape(i)),
        (None, Some(y)) => format!("Invented in {y}."),
        (None, None) => String::new(),
    };
    let _ = writeln!(out, r#"<p class="meta">{by}</p></header>"#);
    if !v.meta.sources.is_empty() || !v.meta.notes.is_empty() {
        let _ = writeln!(out, r#"<section id="sources"><h2>Sources</h2><ul>"#);
        for s in &v.meta.sources {
            let _ = writeln!(out, "<li>{}</li>", escape(s));
        }
        for n in &v.meta.notes {
            let _ = writeln!(out, "<li>Note: {}</li>", escape(n));
        }
        let _ = writeln!(out, "</ul></section>");
    }
    board_section(&mut out, v, t, summary, name);
    zones_section(&mut out, v);
    pieces_section(&mut out, v, t);
    let _ = writeln!(out, r#"<section id="rules"><h2>Rules</h2><ul>"#);
    let _ = writeln!(out, "<li>{}</li>", escape(&turn_order(v)));
    for sentence in game_end_terms(v) {
        let _ = writeln!(out, "<li>{}</li>", escape(sentence));
    }
    for r in describe_rules(v) {
        let mut r = r;
        if let Some(first) = r.get(0..1) {
            r = first.to_uppercase() + &r[1..];
        }
        let _ = writeln!(out, "<li>{}.</li>", prose(&r));
    }
    if v.rules.placement.is_some() {
        let held: Vec<String> = v
            .side_ids()
            .map(|side| {
                let symbols: Vec<&str> = v
                    .start_hand(side)
                    .iter()
                    .map(|p| v.piece(*p).symbol.as_str())
                    .collect();
                format!("{} {}", v.side_title(side), symbols.join(" "))
            })
            .collect();
        let _ = writeln!(
            out,
            "<li>At the start the players hold these pieces in hand: {}. A player holding pieces puts one on an empty cell of its zone as the whole of its turn (written like a drop, <code>SYMBOL*CELL</code>); no other move is made until its hand is empty.</li>",
            escape(&held.join("; "))
        );
    }
    if v.rules.captures_to_hand {
        let _ = writeln!(out, "<li>Instead of moving, a player may drop a piece from the hand on an empty cell where it has a move; a drop never promotes.</li>");
    }
    let _ = writeln!(out, "</ul></section>");
    notation_section(&mut out, v, t);
    perft_section(&mut out, v, t);
    let _ = writeln!(
        out,
        "<footer>Generated by hexv from the variant's .hexv file: every picture and every sentence comes from the compiled rules.</footer>"
    );
    let _ = writeln!(out, "</body></html>");
    out
}

/// How the pieces are drawn, in words: the kinds of figure the variant's pieces get.
fn figure_kinds(v: &Variant) -> String {
    use figures::Figure;
    let kinds: Vec<Figure> = v
        .piece_ids()
        .map(|p| Figure::for_piece(v.piece(p), v.rules.captures_to_hand))
        .collect();
    let mut words = Vec::new();
    let chess = kinds
        .iter()
        .filter(|k| !matches!(k, Figure::Tile | Figure::Disc))
        .count();
    if chess > 0 {
        words.push("chess pieces as figures");
    }
    if kinds.contains(&Figure::Tile) {
        words.push("shogi pieces as tiles pointing at the opponent, with their symbol");
    }
    if kinds.contains(&Figure::Disc) {
        words.push(if words.is_empty() {
            "pieces as discs with their symbol"
        } else {
            "other pieces as discs with their symbol"
        });
    }
    words.join("; ")
}

/// Who moves first and in what order, in a sentence.
fn turn_order(v: &Variant) -> String {
    let titles: Vec<String> = v.side_ids().map(|s| v.side_title(s)).collect();
    match titles.as_slice() {
        [first, second] => format!("{first} moves first; then {second} and {first} alternate."),
        [first, rest @ ..] => format!(
            "{first} moves first; then {}, each in turn, round and round.",
            rest.join(", ")
        ),
        [] => String::new(),
    }
}

/// What check, checkmate and stalemate mean, in sentences, for a variant whose royal
/// pieces are mated (none when they are captured instead, or the variant has none).
fn game_end_terms(v: &Variant) -> Vec<&'static str> {
    let royal = v.piece_ids().any(|p| v.piece(p).royal);
    if !royal || v.rules.royal_captured || v.rules.leaving.royal {
        return Vec::new();
    }
    vec![
        "A royal piece is in check when an enemy piece could take it on the next move; no move may leave one's own royal piece in check.",
        "A side to move whose royal piece is in check and that has no legal move is checkmated.",
        "A side to move that is not in check but has no legal move is stalemated.",
    ]
}

/// How moves are written (docs/notation.md), with a move of the start position in each
/// form the variant's moves take.
fn notation_section(out: &mut String, v: &Variant, t: &MoveTables) {
    let game = crate::game::Game::new(v, t);
    let start = game.start_position();
    let moves = game.legal_moves(&start);
    let _ = writeln!(
        out,
        r#"<section id="notation"><h2>How moves are written</h2><ul>"#
    );
    let promoted = v
        .piece_ids()
        .find_map(|p| v.piece(p).promotion.as_ref()?.to.first().copied())
        .map(|p| v.piece(p).symbol.as_str());
    let dropped = v
        .piece_ids()
        .find(|p| !v.piece(*p).royal)
        .map(|p| v.piece(p).symbol.as_str());
    let centre = central_cell(&v.board).map_or("", |c| v.board.name(c));
    let mut forms = vec![
        "<code>FROM-TO</code>".to_string(),
        "a capture <code>FROMxTO</code>".to_string(),
    ];
    if let Some(symbol) = promoted {
        forms.push(format!(
            "a promotion followed by <code>=</code> and the new piece's symbol (<code>={}</code>)",
            escape(symbol)
        ));
    }
    if let (Some(symbol), true) = (
        dropped,
        v.rules.captures_to_hand || v.rules.placement.is_some(),
    ) {
        forms.push(format!(
            "a drop from the hand as the symbol, <code>*</code> and the cell (<code>{}*{}</code>)",
            escape(symbol),
            escape(centre)
        ));
    }
    let _ = writeln!(
        out,
        "<li>A move is written with the cells' names: {}.</li>",
        forms.join(", ")
    );
    let _ = writeln!(out, "<li>The short form names the piece by its symbol and the cell it goes to (a pawn-like piece by the cell alone), with as much of the start cell as tells two pieces apart; <code>+</code> marks check and <code>#</code> checkmate.</li>");
    let _ = writeln!(
        out,
        "<li>Engines and GUIs also read the compact form: the two cells run together{}.</li>",
        if promoted.is_some() {
            ", a promotion's symbol in lower case after them"
        } else {
            ""
        }
    );
    if let Some(m) = moves.first() {
        let long = game.format_move(&start, m);
        let short = game.format_san(&start, m, &crate::game::san::Letters::own());
        let _ = writeln!(
            out,
            "<li>For example, {}'s first move <code>{}</code> is written <code>{}</code> in short.</li>",
            escape(&v.side_title(start.to_move)),
            escape(&long),
            escape(&short)
        );
    }
    let _ = writeln!(out, "</ul></section>");
}

/// Deepest ply counted for the rules page's perft table: cheap enough to count whenever a
/// page is written.
const PERFT_DEPTH: u32 = 3;

/// The start position's perft counts, for authors of other programs to check theirs by.
fn perft_section(out: &mut String, v: &Variant, t: &MoveTables) {
    let engine = crate::game::AnyEngine::new(crate::game::Game::new(v, t));
    let start = engine.game().start_position();
    let _ = writeln!(
        out,
        r#"<section id="perft"><h2>For implementers: perft</h2><p>The number of positions reached from the start position after each number of plies (<code>hexv perft</code>), counted by hexv:</p><table><tr><th>plies</th><th>positions</th></tr>"#
    );
    for depth in 1..=PERFT_DEPTH {
        let _ = writeln!(
            out,
            "<tr><td>{depth}</td><td>{}</td></tr>",
            engine.perft(&start, depth)
        );
    }
    let _ = writeln!(out, "</table></section>");
}

/// A generated sentence as HTML: escaped, with each name written between backquotes
/// (`palace`) set as code rather than shown with its backquotes.
fn prose(sentence: &str) -> String {
    let parts: Vec<String> = sentence.split('`').map(escape).collect();
    if parts.len().is_multiple_of(2) {
        // An unpaired backquote: keep the text as it is.
        return escape(sentence);
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if i % 2 == 1 {
                format!("<code>{p}</code>")
            } else {
                p.clone()
            }
        })
        .collect()
}

/// The zones the rules name (promotion zones, start cells, palaces): each side's cells, in
/// words and drawn on the board.
fn zones_section(out: &mut String, v: &Variant) {
    if v.zones.is_empty() {
        return;
    }
    let _ = writeln!(out, r#"<section id="zones"><h2>Zones</h2>"#);
    for z in &v.zones {
        let names = |side: Side| -> String {
            z.cells[side]
                .iter()
                .map(|c| v.board.name(*c))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let drawing: BTreeMap<CellId, svg::CellDrawing> = v
            .board
            .cells()
            .filter_map(|c| {
                // The first side's cells, and the other sides' (Black's in a game of two).
                let first = z.cells[Side::WHITE].contains(&c);
                let others = v.side_ids().skip(1).any(|side| z.cells[side].contains(&c));
                let zone = if v.sides().len() > 2 {
                    svg::ZoneCell::of_many(first, others)
                } else {
                    svg::ZoneCell::of(first, others)
                }?;
                Some((
                    c,
                    svg::CellDrawing {
                        zone: Some(zone),
                        ..Default::default()
                    },
                ))
            })
            .collect();
        let picture = svg::render(&v.board, &format!("zone {}", z.name), &drawing);
        let per_side: Vec<String> = v
            .side_ids()
            .map(|side| format!("{} {}", v.side_title(side), names(side)))
            .collect();
        let _ = writeln!(
            out,
            r#"<article class="zone-section" id="zone-{}"><p><code>{}</code>: {}.</p><figure>{picture}</figure></article>"#,
            escape(&z.name),
            escape(&z.name),
            escape(&per_side.join("; "))
        );
    }
    let _ = writeln!(out, "</section>");
}

fn board_section(out: &mut String, v: &Variant, t: &MoveTables, s: &Summary, name: &str) {
    let _ = writeln!(out, r#"<section id="board"><h2>Board and setup</h2>"#);
    let shades = svg::shade_names(v.board.grid);
    let colours: Vec<String> = s
        .colours
        .iter()
        .enumerate()
        .map(|(i, (_, n))| {
            let word = v
                .colour_named(i)
                .unwrap_or(shades[i % shades.len()])
                .to_string();
            format!("{n} {word}")
        })
        .collect();
    let drawn_in: Vec<String> = v
        .side_ids()
        .map(|side| {
            format!(
                "{}'s in {}",
                v.side_title(side),
                figures::side_colour_name(side.index(), v.side_name(side))
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "<p>{} {} cells in {} colours ({}). {} pieces a side, each side's drawn in its colour ({}): {}.</p>",
        s.cells,
        s.cell_shape,
        s.colours.len(),
        escape(&colours.join(", ")),
        s.setup.first().map_or(0, |(_, n)| *n),
        escape(&drawn_in.join(", ")),
        figure_kinds(v)
    );
    let _ = writeln!(out, r#"<ul class="setup">"#);
    for side in v.side_ids() {
        let mut by_piece: BTreeMap<PieceId, Vec<&str>> = BTreeMap::new();
        for (piece, cell) in v.setup(side) {
            by_piece
                .entry(*piece)
                .or_default()
                .push(v.board.name(*cell));
        }
        let listed: Vec<String> = by_piece
            .iter()
            .map(|(p, cells)| format!("{} {}", v.piece(*p).name, cells.join(" ")))
            .collect();
        let _ = writeln!(
            out,
            "<li>{}: {}.</li>",
            escape(&v.side_title(side)),
            escape(&listed.join("; "))
        );
    }
    let _ = writeln!(out, "</ul>");
    if !s.off_board.is_empty() {
        let _ = writeln!(
            out,
            "<p>Off the board, beside it: {}. The pieces there are in the game but not yet on the board: they enter it by their ordinary moves, may not be captured, and nothing moves onto these cells.</p>",
            escape(&s.off_board.join(", "))
        );
    }
    let game = crate::game::Game::new(v, t);
    let drawing = diagram::position_drawing(v, &game.start_position());
    let picture = svg::render(&v.board, &format!("{name}: start position"), &drawing);
    let _ = writeln!(
        out,
        "<figure>{picture}<figcaption>The start position; White has {} legal moves.</figcaption></figure>",
        s.start_moves
    );
    let _ = writeln!(out, "</section>");
}

fn pieces_section(out: &mut String, v: &Variant, t: &MoveTables) {
    let _ = writeln!(out, r#"<section id="pieces"><h2>Pieces</h2>"#);
    for id in v.piece_ids() {
        let p = v.piece(id);
        let _ = writeln!(
            out,
            r#"<article class="piece-section" id="piece-{}"><div class="words"><h3>{} ({})</h3><ul>"#,
            id.index(),
            escape(&p.name),
            escape(&p.symbol)
        );
        for sentence in describe::piece(v, t, id) {
            let _ = writeln!(out, "<li>{}</li>", prose(&sentence));
        }
        let _ = writeln!(out, "</ul></div>");
        let main = diagram_cell(v, t, id);
        if let Some(at) = main {
            let caption = format!(
                "White's {} on {}, on an empty board.",
                escape(&p.name),
                escape(v.board.name(at))
            );
            piece_figure(out, v, t, id, at, None, &caption);
        }
        // A pawn's multi-step and promotion rarely show from the middle of the board: draw
        // it again from a start cell, and from a cell one move short of promotion.
        if p.is_pawn_like() {
            if let Some(at) = multi_step_cell(v, t, id).filter(|c| Some(*c) != main) {
                let caption = format!(
                    "From its start cell {}: the diamonds are its multi-step.",
                    escape(v.board.name(at))
                );
                piece_figure(out, v, t, id, at, None, &caption);
            }
            if let Some((at, zone)) = promotion_cell(v, t, id).filter(|(c, _)| Some(*c) != main) {
                let caption = format!(
                    "From {}: on the tinted cells (zone <code>{}</code>) it promotes.",
                    escape(v.board.name(at)),
                    escape(&v.zone(zone).name)
                );
                piece_figure(out, v, t, id, at, Some(zone), &caption);
            }
        }
        let _ = writeln!(out, "</article>");
    }
    let _ = writeln!(out, "</section>");
}
