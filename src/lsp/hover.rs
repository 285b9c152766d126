//! Hover texts: a piece's movement diagram and description, a cell's coordinates, colour and
//! zones, a direction set's hours on the file's board, and a keyword's section of the
//! language reference (docs/language.md, built into the library).

use crate::geometry::directions::{self, DirSet};
use crate::geometry::{Grid, Lay, Orientation, RayKind};
use crate::load::Loaded;
use crate::render::{ascii, describe, diagram, html};

/// The language reference, whose sections are the keywords' hover texts.
const LANGUAGE: &str = include_str!("../../docs/language.md");

/// Most lines of a reference section shown on hover; the rest is one click away in the docs.
const SECTION_LINES: usize = 40;

/// The hover text of a word, or `None` when the word means nothing hexv can explain.
pub(super) fn hover(text: &str, loaded: &Loaded, word: &str) -> Option<String> {
    if let Some(compiled) = &loaded.compiled {
        if let Some(h) = piece_or_cell(compiled, word) {
            return Some(h);
        }
    }
    let grid = loaded
        .compiled
        .as_ref()
        .map(|c| c.variant().board().grid)
        .or_else(|| grid_written(text));
    direction(grid, word).or_else(|| keyword(word))
}

/// A piece's diagram and description, or a cell's coordinates,
/// colour and zones (when the file checks clean), or what a definition is.
fn piece_or_cell(compiled: &crate::load::Compiled, word: &str) -> Option<String> {
    let (v, t) = (compiled.variant(), compiled.tables());
    if let Some(piece) = v.find_piece(word) {
        let p = v.piece(piece);
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
    None
}

/// The board's kind of cells from its `cells` line, for a file that does not check.
fn grid_written(text: &str) -> Option<Grid> {
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

/// A built-in direction set's hours on the board's grid (on every grid when the file names
/// none), or the hour of `12-orthogonal`-style words.
fn direction(grid: Option<Grid>, word: &str) -> Option<String> {
    let grids = match grid {
        Some(g) => vec![g],
        None => vec![
            Grid::Hex(Orientation::Flat),
            Grid::Hex(Orientation::Pointy),
            Grid::Triangle(Lay::Columns),
        ],
    };
    let lines: Option<Vec<String>> = grids
        .iter()
        .map(|g| {
            directions::builtin(*g, word).map(|set| format!("- {}: {}", cells_of(*g), hours(set)))
        })
        .collect();
    let lines = lines?;
    Some(format!(
        "direction set **{word}** (hours as seen by the side that moves: 12 straight ahead, 6 straight back)\n\n{}",
        lines.join("\n")
    ))
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

/// The section of the language reference that a keyword opens: the first heading whose first
/// quoted word is the keyword (`### `step DIRECTIONS ...``), else one quoting a form that
/// starts with it, else one whose title names it (`## Setup` for `setup`).
fn keyword(word: &str) -> Option<String> {
    let word = word.to_ascii_lowercase();
    if word.len() < 2 || !word.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
        return None;
    }
    let sections = sections();
    let quoted = |h: &str| -> Vec<String> {
        h.split('`')
            .skip(1)
            .step_by(2)
            .filter_map(|q| q.split_whitespace().next().map(str::to_string))
            .collect()
    };
    let titled = |h: &str| {
        h.trim_start_matches('#')
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .any(|w| {
                let w = w.to_ascii_lowercase();
                w == word || w.strip_suffix('s') == Some(word.as_str())
            })
    };
    let found = sections
        .iter()
        .find(|(h, _)| quoted(h).first() == Some(&word))
        .or_else(|| sections.iter().find(|(h, _)| quoted(h).contains(&word)))
        .or_else(|| sections.iter().find(|(h, _)| titled(h)))?;
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
