//! What a movement diagram shows: the piece's destinations from one cell, drawn from the
//! compiled tables, so a wrong table shows as a wrong picture.

use std::collections::BTreeMap;

use crate::compile::{Condition, MoveTables};
use crate::game::Position;
use crate::geometry::board::CellId;
use crate::variant::{PieceId, Side, Variant};

use super::figures::{side_colours, Figure, PieceLook};
use super::svg::Highlight;

/// How a destination is marked, as in the rule texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// Moves there and captures there: `*`.
    Both,
    /// Moves there only: `o`.
    MoveOnly,
    /// Captures there only: `x`.
    CaptureOnly,
    /// Only under a condition (a multi-step, a castling): `+`.
    Conditional,
}

impl Mark {
    /// The mark's character in text drawings: `*`, `o`, `x`, `+`.
    pub fn symbol(self) -> char {
        match self {
            Mark::Both => '*',
            Mark::MoveOnly => 'o',
            Mark::CaptureOnly => 'x',
            Mark::Conditional => '+',
        }
    }
}

/// The marks of `piece` (of `side`) standing on `at`, with pieces on `blockers`: each ray stops
/// at its first blocker (which it may capture).
pub fn marks(
    tables: &MoveTables,
    piece: PieceId,
    side: Side,
    at: CellId,
    blockers: &[CellId],
) -> BTreeMap<CellId, Mark> {
    let mut modes: BTreeMap<CellId, (bool, bool, bool)> = BTreeMap::new();
    for e in tables.entries(piece, side, at) {
        if e.walk.hops() && blockers.is_empty() {
            // Without pieces a hopper lands nowhere: mark where it can with one to jump.
            for r in tables.reach(e) {
                modes.entry(r.cell).or_default().2 = true;
            }
            continue;
        }
        // Entries from off-board cells are the piece's ordinary moves; those with conditions
        // (multi-steps, castling, `when` / `unless` clauses tested on the board) are marked
        // apart.
        let conditional =
            e.when.is_some_and(|w| w != Condition::Entry) || tables.guard(e).is_some();
        for landing in tables.landings(e, |c| blockers.contains(&c)) {
            let c = landing.cell;
            if landing.occupied {
                // An occupied cell: only a capture can land there.
                if e.mode.captures && !conditional {
                    modes.entry(c).or_default().1 = true;
                }
                continue;
            }
            let m = modes.entry(c).or_default();
            if conditional {
                m.2 = true;
            } else {
                m.0 |= e.mode.moves;
                m.1 |= e.mode.captures;
            }
        }
    }
    modes
        .into_iter()
        .map(|(c, (moves, captures, conditional))| {
            let mark = match (moves, captures) {
                (true, true) => Mark::Both,
                (true, false) => Mark::MoveOnly,
                (false, true) => Mark::CaptureOnly,
                (false, false) if conditional => Mark::Conditional,
                (false, false) => Mark::Both,
            };
            (c, mark)
        })
        .collect()
}

/// The label of every cell in a piece diagram: the piece's symbol on its cell, marks on
/// destinations, `#` on blockers (`#x` where the piece can capture the blocker).
pub fn piece_labels(
    variant: &Variant,
    tables: &MoveTables,
    piece: PieceId,
    side: Side,
    at: CellId,
    blockers: &[CellId],
) -> BTreeMap<CellId, String> {
    piece_drawing(variant, tables, piece, side, at, blockers)
        .into_iter()
        .map(|(c, d)| {
            let mark = d.mark.map(|m| m.symbol().to_string()).unwrap_or_default();
            let label = match (d.piece, d.blocker) {
                (Some(look), _) => look.symbol,
                (None, true) => format!("#{mark}"),
                (None, false) => mark,
            };
            (c, label)
        })
        .collect()
}

/// The labels of the start position: White's symbols in upper case, Black's in lower case.
pub fn setup_labels(variant: &Variant) -> BTreeMap<CellId, String> {
    let mut labels = BTreeMap::new();
    for side in variant.side_ids() {
        for &(p, c) in &variant.setup[side] {
            labels.insert(c, symbol_for(variant, side, p));
        }
    }
    labels
}

/// The labels of a position: White's symbols in upper case, Black's in lower case (more
/// sides: each symbol with its side's number).
pub fn position_labels(variant: &Variant, pos: &Position) -> BTreeMap<CellId, String> {
    pos.squares
        .iter()
        .enumerate()
        .filter_map(|(i, sq)| {
            let (side, p) = (*sq)?;
            Some((CellId(i as u16), symbol_for(variant, side, p)))
        })
        .collect()
}

/// What each side holds in hand, as "White's hand: P P N" lines (none when both are empty).
pub fn hands(variant: &Variant, pos: &Position) -> Vec<String> {
    variant
        .side_ids()
        .filter_map(|side| {
            let held: Vec<String> = variant
                .piece_ids()
                .flat_map(|p| {
                    let n = pos.hands[side][p.index()] as usize;
                    std::iter::repeat_n(variant.piece(p).symbol.clone(), n)
                })
                .collect();
            (!held.is_empty())
                .then(|| format!("{}'s hand: {}", variant.side_title(side), held.join(" ")))
        })
        .collect()
}

/// A piece's label: in upper case for White and lower case for Black; with more than two
/// sides, the symbol and the side's number in the turn order (`K1`, `P3`).
pub fn piece_label(variant: &Variant, side: Side, p: PieceId) -> String {
    symbol_for(variant, side, p)
}

/// See [`piece_label`].
fn symbol_for(variant: &Variant, side: Side, p: PieceId) -> String {
    let s = &variant.piece(p).symbol;
    if variant.sides().len() > 2 {
        return format!("{s}{}", side.index() + 1);
    }
    if side == Side::WHITE {
        s.to_uppercase()
    } else {
        s.to_lowercase()
    }
}

/// How `side`'s `piece` is drawn: its figure (a tile for every piece of a variant whose
/// captured pieces change sides, as shogi's), its symbol, its side's colours, and the way
/// its side faces (a tile points there).
pub fn piece_look(variant: &Variant, side: Side, piece: PieceId) -> PieceLook {
    let def = variant.piece(piece);
    PieceLook {
        figure: Figure::for_piece(def, variant.rules().captures_to_hand),
        symbol: def.symbol.clone(),
        title: format!("{} {}", variant.side_title(side), def.name),
        colours: side_colours(side.index(), variant.side_name(side)),
        facing: f64::from(variant.frame(side).hours()) * 30.0,
        promoted: def.demotes_to.is_some(),
    }
}

/// A position as drawing instructions for [`super::svg`].
pub fn position_drawing(
    variant: &Variant,
    pos: &Position,
) -> BTreeMap<CellId, super::svg::CellDrawing> {
    pos.squares
        .iter()
        .enumerate()
        .filter_map(|(i, sq)| {
            let (side, p) = (*sq)?;
            let drawing = super::svg::CellDrawing {
                piece: Some(piece_look(variant, side, p)),
                ..Default::default()
            };
            Some((CellId(i as u16), drawing))
        })
        .collect()
}

/// [`position_drawing`] with the cells of the move that led to it (`last`: where it came
/// from and went to) and of the royal pieces in check (`checked`) marked.
pub fn position_drawing_marked(
    variant: &Variant,
    pos: &Position,
    last: &[CellId],
    checked: &[CellId],
) -> BTreeMap<CellId, super::svg::CellDrawing> {
    let mut cells = position_drawing(variant, pos);
    for &c in last {
        cells.entry(c).or_default().highlight = Some(Highlight::LastMove);
    }
    for &c in checked {
        cells.entry(c).or_default().highlight = Some(Highlight::Check);
    }
    cells
}

/// The same diagram as drawing instructions for [`super::svg`].
pub fn piece_drawing(
    variant: &Variant,
    tables: &MoveTables,
    piece: PieceId,
    side: Side,
    at: CellId,
    blockers: &[CellId],
) -> BTreeMap<CellId, super::svg::CellDrawing> {
    let mut cells: BTreeMap<CellId, super::svg::CellDrawing> = BTreeMap::new();
    for (c, m) in marks(tables, piece, side, at, blockers) {
        cells.entry(c).or_default().mark = Some(m);
    }
    for &b in blockers {
        cells.entry(b).or_default().blocker = true;
    }
    cells.entry(at).or_default().piece = Some(piece_look(variant, side, piece));
    cells
}

/// The start position as drawing instructions for [`super::svg`].
pub fn setup_drawing(variant: &Variant) -> BTreeMap<CellId, super::svg::CellDrawing> {
    let mut cells: BTreeMap<CellId, super::svg::CellDrawing> = BTreeMap::new();
    for side in variant.side_ids() {
        for &(p, c) in &variant.setup[side] {
            cells.entry(c).or_default().piece = Some(piece_look(variant, side, p));
        }
    }
    cells
}
