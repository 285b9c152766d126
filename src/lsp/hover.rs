//! Hover texts: a piece's movement diagram and description (or, for a piece whose block has
//! an error, that error), a cell's coordinates, colour and zones, a zone's cells, a direction
//! set's hours on the file's board drawn around a cell, and a keyword's section of the
//! language reference (docs/language.md, built into the library).

use super::model::View;
use crate::geometry::board::{self, Board};
use crate::geometry::directions::{self, DirSet};
use crate::geometry::{triangle, Grid, Lay, Orientation, RayKind};
use crate::render::{ascii, describe, diagram, html};

/// The language reference, whose sections are the keywords' hover texts.
const LANGUAGE: &str = include_str!("../../docs/language.md");

/// Most lines of a reference section shown on hover; the rest is one click away in the docs.
const SECTION_LINES: usize = 40;

/// The word hovered and where it stands.
pub(super) struct Hovered<'a> {
    pub word: &'a str,
    /// The first word of its statement (`step` for every word of `step 12 move-only`).
    pub head: &'a str,
    /// The first word of the head of the block it is in (`piece`, `board`, ...), `""` at the
    /// top level.
    pub block: &'a str,
    /// The words (and marks) of its statement before it.
    pub before: &'a [&'a str],
}

/// The statements whose numbers are clock hours, not cells.
const HOUR_STATEMENTS: &[&str] = &[
    "step",
    "ride",
    "leap",
    "hop",
    "cannon",
    "multi-step",
    "facing",
    "directions",
    "drop",
];

/// The hover text of a word, or `None` when the word means nothing hexv can explain.
pub(super) fn hover(text: &str, view: Option<View>, at: &Hovered) -> Option<String> {
    let word = at.word;
    let is_hour = word.parse::<u8>().is_ok_and(|h| (1..=12).contains(&h));
    // In a movement line a number is an hour, but for a count (`multi-step 2`, `max 3`,
    // `at-most 2`) or a vector's component (`(1, 2)`).
    let movement = HOUR_STATEMENTS.contains(&at.head) && at.block != "board";
    let count = matches!(at.before, [_] if at.head == "multi-step")
        || matches!(at.before.last(), Some(&("max" | "at-most")))
        || (at.head == "drop" && !at.before.contains(&"per-line"));
    let opened = |o: &str, c: &str| {
        at.before.iter().filter(|w| **w == o).count()
            > at.before.iter().filter(|w| **w == c).count()
    };
    let number = word.bytes().all(|b| b.is_ascii_digit());
    if movement && number && (count || opened("(", ")")) {
        return None;
    }
    let hour_here = is_hour && movement;
    if let Some(view) = view.filter(|_| !hour_here) {
        if let Some(h) = piece_cell_or_zone(text, view, word) {
            return Some(h);
        }
    }
    let grid = view
        .map(|v| v.variant.board().grid)
        .or_else(|| grid_written(text));
    if !is_hour || hour_here {
        if let Some(h) = direction(text, grid, word) {
            return Some(h);
        }
    }
    keyword(word, at.head, at.block)
}

/// A piece's diagram and description (or why it is not drawn), a cell's coordinates, colour
/// and zones, or a zone's cells.
fn piece_cell_or_zone(text: &str, view: View, word: &str) -> Option<String> {
    let v = view.variant;
    if let Some(b) = view.broken(word) {
        let mut lines: Vec<String> = b
            .errors
            .iter()
            .map(|(message, at)| {
                let line = super::Lines::new(text).position(*at).line + 1;
                format!("- line {line}: {message}")
            })
            .collect();
        lines.extend(
            b.like
                .iter()
                .map(|l| format!("- it moves like `{l}`, whose block has an error")),
        );
        return Some(format!(
            "**{} ({})**: not drawn while its block has an error:\n\n{}",
            b.name,
            b.symbol,
            lines.join("\n")
        ));
    }
    if let Some(piece) = v.find_piece(word) {
        let p = v.piece(piece);
        let t = view.tables()?;
        let at = html::central_cell(v.board())?;
        let labels = diagram::piece_labels(v, t, piece, crate::Side::WHITE, at, &[]);
        let picture = ascii::render(v.board(), &|c| labels.get(&c).cloned().unwrap_or_default());
        let words: Vec<String> = describe::piece(v, t, piece)
            .into_iter()
            .map(|s| format!("- {s}"))
            .collect();
        return Some(format!(
            "**{} ({})**, from {}:\n\n```text\n{}```\n\n{}",
            p.name,
            p.symbol,
            v.board().name(at),
            picture,
            words.join("\n")
        ));
    }
    if let Some(cell) = v.board().find(word) {
        let c = v.board().coord(cell);
        let zones: Vec<String> = v
            .zones()
            .iter()
            .filter_map(|z| {
                let sides: Vec<&str> = v
                    .side_ids()
                    .filter(|s| z.cells[*s].contains(&cell))
                    .map(|s| s.name())
                    .collect();
                (!sides.is_empty()).then(|| format!("`{}` ({})", z.name, sides.join(", ")))
            })
            .collect();
        let colour = v.board().colour(cell) + 1;
        return Some(format!(
            "cell **{word}**: coordinates ({}, {}), colour {colour}{}",
            c.a,
            c.b,
            if zones.is_empty() {
                String::new()
            } else {
                format!(", in {}", zones.join(", "))
            }
        ));
    }
    if let Some(z) = v.zones().iter().find(|z| z.name == word) {
        let sides: Vec<String> = v
            .side_ids()
            .map(|s| {
                let cells: Vec<&str> = z.cells[s].iter().map(|c| v.board().name(*c)).collect();
                format!("- {}: {}", s.name(), cells.join(" "))
            })
            .collect();
        return Some(format!("zone **{word}**\n\n{}", sides.join("\n")));
    }
    None
}

/// The board's kind of cells from its `cells` line, for a file that does not check.
pub(super) fn grid_written(text: &str) -> Option<Grid> {
    text.lines().find_map(|line| {
        let mut words = line.split('#').next()?.split_whitespace();
        (words.next()? == "cells").then_some(())?;
        match words.next()? {
            "flat" => Some(Grid::Hex(Orientation::Flat)),
            "pointy" => Some(Grid::Hex(Orientation::Pointy)),
            "triangle" if words.next() == Some("rows") => Some(Grid::Triangle(Lay::Rows)),
            "triangle" => Some(Grid::Triangle(Lay::Columns)),
            _ => None,
        }
    })
}

/// A direction set's hours (a built-in set, the file's own `directions` set, or one hour) on
/// the board's grid (on every grid when the file names none), and, on one grid, drawn: each
/// hour on the first cell its line reaches from a cell.
fn direction(text: &str, grid: Option<Grid>, word: &str) -> Option<String> {
    let grids = match grid {
        Some(g) => vec![g],
        None => vec![
            Grid::Hex(Orientation::Flat),
            Grid::Hex(Orientation::Pointy),
            Grid::Triangle(Lay::Columns),
        ],
    };
    let sets: Option<Vec<(Grid, DirSet)>> = grids
        .iter()
        .map(|g| set_of(text, *g, word, 0).map(|s| (*g, s)))
        .collect();
    let sets = sets?;
    let what = if directions::BUILTIN_NAMES.contains(&word) {
        format!("direction set **{word}**")
    } else if directions::builtin(sets[0].0, word).is_some() {
        format!("direction **{word}**")
    } else {
        format!("direction set **{word}** of this file")
    };
    let lines: Vec<String> = sets
        .iter()
        .map(|(g, set)| format!("- {}: {}", cells_of(*g), hours(*set)))
        .collect();
    let mut out = format!(
        "{what} (hours as seen by the side that moves: 12 straight ahead, 6 straight back)\n\n{}",
        lines.join("\n")
    );
    if let [(g, set)] = sets[..] {
        if let Some((picture, from)) = drawing(g, set) {
            out.push_str(&format!(
                "\n\n```text\n{picture}```\n\nEach hour is written on the first cell its line reaches from `@`{from} (on the next where two lines share one), for the first side (12 is up)."
            ));
        }
    }
    Some(out)
}

/// The directions a word names on a grid: a built-in set, an hour (`12`, `12-orthogonal`), or
/// a `directions NAME = ...` set of the file (what of it resolves).
fn set_of(text: &str, grid: Grid, word: &str, depth: usize) -> Option<DirSet> {
    if let Some(set) = directions::builtin(grid, word) {
        return Some(set);
    }
    if depth > 8 {
        return None;
    }
    let items = own_set(text, word)?;
    Some(
        items
            .iter()
            .filter_map(|w| set_of(text, grid, w, depth + 1))
            .fold(DirSet::EMPTY, DirSet::union),
    )
}

/// The words after `=` of the file's `directions NAME = ...` line.
fn own_set<'a>(text: &'a str, name: &str) -> Option<Vec<&'a str>> {
    let scan = super::scan::Scan::new(text);
    let toks = &scan.toks;
    (0..toks.len()).find_map(|i| {
        let starts = i == 0 || toks[i - 1].ends_statement();
        if !starts || scan.str(toks[i]) != "directions" {
            return None;
        }
        let (_, end) = scan.statement(i);
        let words = scan.words(i, end);
        (words.get(1) == Some(&name) && words.get(2) == Some(&"=")).then(|| words[3..].to_vec())
    })
}

/// A small board of the grid with the first cell of each direction of `set` from its middle
/// cell marked with the hour, and what that middle cell is (on triangles, where it points).
fn drawing(grid: Grid, set: DirSet) -> Option<(String, String)> {
    let coords = match grid {
        Grid::Hex(_) => board::hexagon(3),
        Grid::Triangle(_) => triangle::hexagon(2),
    };
    let named = coords
        .into_iter()
        .enumerate()
        .map(|(i, c)| (c, format!("c{i}")))
        .collect();
    let small = Board::new(grid, named);
    let centre = html::central_cell(&small)?;
    let from = small.coord(centre);
    let mut labels = std::collections::HashMap::new();
    labels.insert(centre, "@".to_string());
    for (kind, hours) in set.by_kind() {
        for h in hours.iter() {
            if !grid.ray_starts(from, h, kind) {
                continue;
            }
            // The first cell of the line that no other hour is written on (two rows of a
            // triangle board share their first cell).
            let mut at = from;
            while let Some(c) = small.at(grid.ray_step(at, h, kind)) {
                at = small.coord(c);
                if let std::collections::hash_map::Entry::Vacant(e) = labels.entry(c) {
                    e.insert(h.get().to_string());
                    break;
                }
            }
        }
    }
    let picture = ascii::render_with(
        &small,
        &|c| labels.get(&c).cloned().unwrap_or_default(),
        false,
    );
    let note = match grid {
        Grid::Triangle(lay) => format!(
            " (a triangle whose point is at {} o'clock)",
            lay.apex_hour(from)
        ),
        Grid::Hex(_) => String::new(),
    };
    Some((picture, note))
}

fn cells_of(grid: Grid) -> &'static str {
    match grid {
        Grid::Hex(Orientation::Flat) => "flat hexes",
        Grid::Hex(Orientation::Pointy) => "pointy hexes",
        Grid::Triangle(Lay::Columns) => "triangles",
        Grid::Triangle(Lay::Rows) => "triangles in rows",
    }
}

/// "hours 2 4 6 8 10 12", with the triangle Bishop's same-colour rays apart.
fn hours(set: DirSet) -> String {
    let parts: Vec<String> = set
        .by_kind()
        .map(|(kind, h)| {
            let list: Vec<String> = h.iter().map(|x| x.get().to_string()).collect();
            match kind {
                RayKind::Line => format!("hours {}", list.join(" ")),
                RayKind::SameColour => {
                    format!("hours {} along same-coloured cells", list.join(" "))
                }
                RayKind::FaceFirst => {
                    format!(
                        "hours {} where the line leaves across a side",
                        list.join(" ")
                    )
                }
                RayKind::PointFirst => {
                    format!(
                        "hours {} where the line leaves across a corner",
                        list.join(" ")
                    )
                }
            }
        })
        .collect();
    if parts.is_empty() {
        "no direction on this board (an error where it is used)".to_string()
    } else {
        parts.join("; ")
    }
}

/// Words whose section is not found by their own name: a heading that starts so.
const SECTION_OF: &[(&[&str], &str)] = &[
    (
        &["variant", "inventor", "year", "source", "note"],
        "## Metadata",
    ),
    (
        &["when", "unless", "enemy", "friend", "pointing"],
        "### Conditions",
    ),
    (&["move-only", "capture-only"], "### Modes"),
    (
        &[
            "checkmate",
            "stalemate",
            "repetition",
            "move-limit",
            "reset-by",
            "facing",
            "draw-without",
            "impasse",
            "need",
            "counting",
            "eliminated",
        ],
        "## Rules",
    ),
    (&["captures", "to-hand"], "## Hands and drops"),
    (
        &["placement", "alternate", "sequential"],
        "### Placement phase",
    ),
    (&["written"], "## Castling"),
    (&["hand"], "## Setup"),
    (&["colours"], "### Colours"),
    (&["starting"], "### `shape`"),
    (&["place-on"], "### Off-board cells"),
    (&["en-passant"], "### `step"),
    (&["max"], "### `ride"),
    (&["lame"], "### `leap"),
    (&["optional", "wait"], "### `promote"),
    (&["white", "black"], "## Sides"),
];

/// The section of the language reference that documents a keyword, found in this order:
/// - in the `rules` block, the rules (the placement phase, the hand for their statements);
/// - a section the keyword is known to belong to ([`SECTION_OF`]);
/// - a section whose heading quotes a form that starts with it (`### `step DIRECTIONS ...``);
/// - the section of its statement's first word (`to` in a `promote` line);
/// - the section of its block (setup, castling, zone);
/// - a section whose title names it (`## Setup` for `setup`).
fn keyword(word: &str, head: &str, block: &str) -> Option<String> {
    if !super::KEYWORDS.contains(&word) {
        return None;
    }
    let sections = sections();
    let titled = |title: &str| sections.iter().find(|(h, _)| h.starts_with(title));
    let known = |w: &str| {
        SECTION_OF
            .iter()
            .find(|(words, _)| words.contains(&w))
            .and_then(|(_, title)| titled(title))
    };
    let quoted = |w: &str| {
        sections.iter().find(|(h, _)| {
            h.split('`')
                .skip(1)
                .step_by(2)
                .any(|q| q.split_whitespace().next() == Some(w))
        })
    };
    let in_block = match block {
        "rules" => match head {
            "placement" => titled("### Placement phase"),
            "captures" => titled("## Hands and drops"),
            _ => titled("## Rules"),
        },
        _ => None,
    };
    let by_title = || {
        sections.iter().find(|(h, _)| {
            h.trim_start_matches('#')
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .any(|w| {
                    let w = w.to_ascii_lowercase();
                    w == word || w.strip_suffix('s') == Some(word)
                })
        })
    };
    let found = in_block
        .or_else(|| known(word))
        .or_else(|| quoted(word))
        .or_else(|| {
            (head != word && super::KEYWORDS.contains(&head))
                .then(|| known(head).or_else(|| quoted(head)))
                .flatten()
        })
        .or_else(|| match block {
            "setup" => titled("## Setup"),
            "castling" => titled("## Castling"),
            "zone" => titled("## Zones"),
            _ => None,
        })
        .or_else(by_title)?;
    let (heading, body) = found;
    let mut lines: Vec<&str> = body.lines().collect();
    let cut = lines.len() > SECTION_LINES;
    lines.truncate(SECTION_LINES);
    let mut out = format!(
        "{}\n{}",
        heading.trim_start_matches('#').trim(),
        lines.join("\n").trim_end()
    );
    if cut {
        out.push_str("\n\n(more in docs/language.md)");
    }
    Some(out)
}

/// The reference's sections: each `##` or `###` heading with the text up to the next one.
fn sections() -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    let mut starts: Vec<usize> = LANGUAGE
        .match_indices('\n')
        .map(|(i, _)| i + 1)
        .filter(|&i| LANGUAGE[i..].starts_with("##"))
        .collect();
    starts.push(LANGUAGE.len());
    for w in starts.windows(2) {
        let section = &LANGUAGE[w[0]..w[1]];
        let (heading, body) = section.split_once('\n').unwrap_or((section, ""));
        out.push((heading, body));
    }
    out
}
