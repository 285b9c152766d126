//! `hexv table`: the compiled move tables as text, or the whole variant in the documented
//! JSON format (`hexv-tables-2`, docs/tables-json.md): the board, the pieces' facts and their
//! move tables, the setup, zones, castlings and rules.

mod variant;

use std::fmt::Write as _;

use indexmap::IndexMap;
use serde::Serialize;

use crate::compile::{Condition, Entry, EntryGuard, MoveTables};
use crate::geometry::board::CellId;
use crate::variant::{PieceId, Side, Variant};

/// The key under which a piece's drops are listed (no cell can have this name: cell names
/// have no brackets).
const HAND: &str = "(hand)";

/// Which part of the tables to show; `None` means all.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Only this piece type.
    pub piece: Option<PieceId>,
    /// Only this side's entries.
    pub side: Option<Side>,
    /// Only entries from this cell.
    pub cell: Option<CellId>,
}

impl Selection {
    fn pieces<'v>(&self, v: &'v Variant) -> impl Iterator<Item = PieceId> + 'v {
        let only = self.piece;
        v.piece_ids().filter(move |p| only.is_none_or(|o| o == *p))
    }

    fn sides<'v>(&self, v: &'v Variant) -> impl Iterator<Item = Side> + 'v {
        let only = self.side;
        v.side_ids().filter(move |s| only.is_none_or(|o| o == *s))
    }

    /// The cells to show, off-board cells included.
    fn cells<'v>(&self, v: &'v Variant) -> impl Iterator<Item = CellId> + 'v {
        let only = self.cell;
        v.board
            .all_cells()
            .filter(move |c| only.is_none_or(|o| o == *c))
    }

    /// Whether to show the hand (drops): only when no cell is selected.
    fn hand(&self) -> bool {
        self.cell.is_none()
    }
}

#[derive(Serialize)]
struct JsonTables<'a> {
    format: &'static str,
    variant: &'a str,
    cells: Vec<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    off_board: Vec<&'a str>,
    /// Version 2's keys, before the (long) pieces.
    #[serde(flatten)]
    whole: variant::WholeVariant<'a>,
    pieces: Vec<JsonPiece<'a>>,
}

#[derive(Serialize)]
struct JsonPiece<'a> {
    symbol: &'a str,
    name: &'a str,
    #[serde(flatten)]
    facts: variant::PieceFacts<'a>,
    moves: IndexMap<&'a str, IndexMap<&'a str, Vec<JsonEntry<'a>>>>,
}

#[derive(Serialize)]
struct JsonEntry<'a> {
    path: Vec<&'a str>,
    #[serde(rename = "move")]
    moves: bool,
    capture: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    when: Option<&'static str>,
    /// How the path is walked, when it is not a slide (`"lame"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    walk: Option<&'static str>,
    /// For a step marked `en-passant`: the cells it passes between.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    en_passant: Vec<&'a str>,
    /// `to ZONE`: the cells of the path the piece may land on, when not all.
    #[serde(skip_serializing_if = "Option::is_none")]
    land: Option<Vec<&'a str>>,
    /// The conditions tested on the board (`when unmoved`, `unless enemy at ...`).
    #[serde(skip_serializing_if = "Option::is_none")]
    guard: Option<JsonGuard<'a>>,
}

#[derive(Serialize)]
struct JsonGuard<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    unmoved: Option<bool>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    occupants: Vec<JsonOccupant<'a>>,
}

#[derive(Serialize)]
struct JsonOccupant<'a> {
    who: &'static str,
    cells: Vec<&'a str>,
    present: bool,
}

fn json_guard<'a>(v: &'a Variant, g: &EntryGuard) -> JsonGuard<'a> {
    JsonGuard {
        unmoved: g.unmoved,
        occupants: g
            .occupants
            .iter()
            .map(|(who, cells, present)| JsonOccupant {
                who: who.as_str(),
                cells: cells.iter().map(|c| v.board.name(*c)).collect(),
                present: *present,
            })
            .collect(),
    }
}

/// The cells of an entry's path it may land on, when `to ZONE` leaves some out.
fn landable<'a>(v: &'a Variant, t: &MoveTables, e: &Entry) -> Option<Vec<&'a str>> {
    let path = t.path(e);
    path.iter().any(|c| !t.may_land(e, *c)).then(|| {
        path.iter()
            .filter(|c| t.may_land(e, **c))
            .map(|c| v.board.name(*c))
            .collect()
    })
}

/// The conditions of an entry in words, for the text view: "unmoved", "unless enemy at e5
/// g5", "land on f9 f10".
fn guard_notes(v: &Variant, t: &MoveTables, e: &Entry) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(cells) = landable(v, t, e) {
        notes.push(format!("land on {}", cells.join(" ")));
    }
    if let Some(g) = t.guard(e) {
        match g.unmoved {
            Some(true) => notes.push("when unmoved".into()),
            Some(false) => notes.push("unless unmoved".into()),
            None => {}
        }
        for (who, cells, present) in &g.occupants {
            let names: Vec<&str> = cells.iter().map(|c| v.board.name(*c)).collect();
            let word = if *present { "when" } else { "unless" };
            notes.push(format!("{word} {} at {}", who.as_str(), names.join(" ")));
        }
    }
    notes
}

fn json_entry<'a>(v: &'a Variant, t: &MoveTables, e: &Entry) -> JsonEntry<'a> {
    let en_passant = if e.when.is_some_and(|w| w.is_multi_step()) {
        Vec::new()
    } else {
        t.passed(e, 1).iter().map(|c| v.board.name(*c)).collect()
    };
    JsonEntry {
        path: t.path(e).iter().map(|c| v.board.name(*c)).collect(),
        moves: e.mode.moves,
        capture: e.mode.captures,
        when: e.when.map(|w| w.as_str()),
        walk: e.walk.as_str(),
        en_passant,
        land: landable(v, t, e),
        guard: t.guard(e).map(|g| json_guard(v, g)),
    }
}

/// True when pieces of this type can be in a hand: captures go to the hand, and it is what
/// a captured piece demotes to and not royal; or a side holds one at the start, to place.
fn droppable(v: &Variant, p: PieceId) -> bool {
    let captured = v.rules.captures_to_hand
        && !v.piece(p).royal
        && v.piece_ids()
            .any(|q| !v.piece(q).royal && v.in_hand_as(q) == p);
    let placed = v.rules.placement.is_some() && v.side_ids().any(|s| v.start_hand(s).contains(&p));
    captured || placed
}

/// The drops of a piece in hand as entries: one single-cell path per cell it may be dropped
/// on (before the rules that depend on the position).
fn drop_entries<'a>(v: &'a Variant, t: &MoveTables, p: PieceId, s: Side) -> Vec<JsonEntry<'a>> {
    t.drop_cells(p, s)
        .iter()
        .map(|c| JsonEntry {
            path: vec![v.board.name(*c)],
            moves: true,
            capture: false,
            when: Some(Condition::Drop.as_str()),
            walk: None,
            en_passant: Vec::new(),
            land: None,
            guard: None,
        })
        .collect()
}

/// The name of the JSON format [`to_json`] writes.
pub const JSON_FORMAT: &str = "hexv-tables-2";

/// The variant and its tables in the `hexv-tables-2` JSON format, pretty-printed. The
/// selection restricts the pieces and their `moves`; the board, setup and rules are always
/// whole.
pub fn to_json(v: &Variant, t: &MoveTables, sel: &Selection) -> String {
    let pieces = sel
        .pieces(v)
        .map(|p| {
            let piece = v.piece(p);
            let moves = sel
                .sides(v)
                .map(|s| {
                    let mut per_cell: IndexMap<&str, Vec<JsonEntry>> = sel
                        .cells(v)
                        .map(|c| {
                            let entries = t
                                .entries(p, s, c)
                                .iter()
                                .map(|e| json_entry(v, t, e))
                                .collect();
                            (v.board.name(c), entries)
                        })
                        .collect();
                    if sel.hand() && droppable(v, p) {
                        per_cell.insert(HAND, drop_entries(v, t, p, s));
                    }
                    (v.side_name(s), per_cell)
                })
                .collect();
            JsonPiece {
                symbol: &piece.symbol,
                name: &piece.name,
                facts: variant::piece_facts(v, t, p, droppable(v, p)),
                moves,
            }
        })
        .collect();
    let doc = JsonTables {
        format: JSON_FORMAT,
        variant: &v.meta.name,
        cells: v.board.names().iter().map(String::as_str).collect(),
        off_board: v.board.off_board_cells().map(|c| v.board.name(c)).collect(),
        whole: variant::whole_variant(v, t),
        pieces,
    };
    // Serialising strings, bools, finite numbers and maps with string keys cannot fail.
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// The tables as text: one line per cell, entries separated by `|`, each a path of landing
/// cells followed by its mode when it is not "move and capture".
pub fn to_text(v: &Variant, t: &MoveTables, sel: &Selection) -> String {
    let mut out = String::new();
    let width = v.board.names().iter().map(String::len).max().unwrap_or(1);
    for p in sel.pieces(v) {
        let piece = v.piece(p);
        for s in sel.sides(v) {
            let _ = writeln!(out, "{} {} ({})", piece.symbol, piece.name, v.side_name(s));
            for c in sel.cells(v) {
                let entries: Vec<String> = t
                    .entries(p, s, c)
                    .iter()
                    .map(|e| {
                        let path: Vec<&str> = t.path(e).iter().map(|c| v.board.name(*c)).collect();
                        let mut notes = Vec::new();
                        match (e.mode.moves, e.mode.captures) {
                            (true, false) => notes.push("move"),
                            (false, true) => notes.push("capture"),
                            _ => {}
                        }
                        if let Some(w) = e.when {
                            notes.push(w.as_str());
                        }
                        if let Some(w) = e.walk.as_str() {
                            notes.push(w);
                        }
                        let between = if e.when.is_some_and(|w| w.is_multi_step()) {
                            Vec::new()
                        } else {
                            t.passed(e, 1).iter().map(|c| v.board.name(*c)).collect()
                        };
                        let ep_note = format!("e.p. on {}", between.join(" "));
                        if !between.is_empty() {
                            notes.push(&ep_note);
                        }
                        let conditions = guard_notes(v, t, e);
                        notes.extend(conditions.iter().map(String::as_str));
                        if notes.is_empty() {
                            path.join(" ")
                        } else {
                            format!("{} ({})", path.join(" "), notes.join(", "))
                        }
                    })
                    .collect();
                let n = t.empty_board_destinations(p, s, c).len();
                let _ = writeln!(
                    out,
                    "  {:<width$} {:>3}: {}",
                    v.board.name(c),
                    n,
                    if entries.is_empty() {
                        "-".to_string()
                    } else {
                        entries.join(" | ")
                    }
                );
            }
            if sel.hand() && droppable(v, p) {
                let cells: Vec<&str> = t
                    .drop_cells(p, s)
                    .iter()
                    .map(|c| v.board.name(*c))
                    .collect();
                let verb = if v.rules.placement.is_some() {
                    "place"
                } else {
                    "drop"
                };
                let _ = writeln!(
                    out,
                    "  {HAND:<width$} {:>3}: {verb} on {}",
                    cells.len(),
                    cells.join(" ")
                );
            }
        }
    }
    out
}
