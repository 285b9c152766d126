//! Compilation: a checked [`Variant`] → dense, cell-indexed [`MoveTables`].
//!
//! For every piece, side and cell the tables hold the piece's *entries*: one per ray or leap,
//! each a path of landing cells in order (a piece on any cell of a path blocks the rest of
//! it), a mode (move / capture) and an optional condition. They are proven equal to the slow
//! [`reference`] walker by the tests.

pub mod reference;

use std::collections::BTreeMap;

use crate::geometry::board::{Board, CellId};
use crate::geometry::Coord;
use crate::variant::{Mode, Movement, PieceId, Side, Variant};

/// Why an entry is not always available.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Condition {
    /// A multi-step from one of the piece's start cells: move only over empty cells, and it
    /// gives the opponent an en-passant right on the cells passed over.
    MultiStep,
    /// The king's move of a castling option (the engine adds the rook's move and checks
    /// the conditions: unmoved pieces, empty cells, no attacked cell on the king's way).
    Castling,
}

impl Condition {
    /// The `"when"` string of the JSON format.
    pub fn as_str(self) -> &'static str {
        match self {
            Condition::MultiStep => "multi-step",
            Condition::Castling => "castling",
        }
    }
}

/// One ray or leap from a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    start: u32,
    len: u16,
    pub mode: Mode,
    pub when: Option<Condition>,
}

/// Every piece's entries from every cell, for both sides, in flat arrays.
#[derive(Clone, Debug)]
pub struct MoveTables {
    cells: usize,
    /// `offsets[slot]..offsets[slot + 1]` are the entries of slot `(piece * 2 + side) * cells + cell`.
    offsets: Vec<u32>,
    entries: Vec<Entry>,
    path_cells: Vec<CellId>,
}

impl MoveTables {
    pub fn entries(&self, piece: PieceId, side: Side, cell: CellId) -> &[Entry] {
        let slot = (piece.index() * 2 + side.index()) * self.cells + cell.index();
        let (a, b) = (self.offsets[slot] as usize, self.offsets[slot + 1] as usize);
        &self.entries[a..b]
    }

    /// The landing cells of an entry, in order.
    pub fn path(&self, entry: &Entry) -> &[CellId] {
        let s = entry.start as usize;
        &self.path_cells[s..s + entry.len as usize]
    }

    /// Destinations from `cell` given which cells are occupied: each landing cell with the
    /// union of the modes that reach it (per condition). A path stops at, and includes, the
    /// first occupied cell.
    pub fn destinations(
        &self,
        piece: PieceId,
        side: Side,
        cell: CellId,
        occupied: &dyn Fn(CellId) -> bool,
    ) -> Destinations {
        let mut out = Destinations::new();
        for e in self.entries(piece, side, cell) {
            for &c in self.path(e) {
                out.add(c, e.when, e.mode);
                if occupied(c) {
                    break;
                }
            }
        }
        out
    }
}

/// Landing cells keyed by (cell, condition), with the union of modes.
pub type Destinations = BTreeMap<(CellId, Option<Condition>), (bool, bool)>;

trait AddDestination {
    fn add(&mut self, cell: CellId, when: Option<Condition>, mode: Mode);
}

impl AddDestination for Destinations {
    fn add(&mut self, cell: CellId, when: Option<Condition>, mode: Mode) {
        let e = self.entry((cell, when)).or_insert((false, false));
        e.0 |= mode.moves;
        e.1 |= mode.captures;
    }
}

/// Compiles every piece's movement into tables.
pub fn compile(variant: &Variant) -> MoveTables {
    let board = &variant.board;
    let cells = board.len();
    let mut t = MoveTables {
        cells,
        offsets: vec![0],
        entries: Vec::new(),
        path_cells: Vec::new(),
    };
    for piece in variant.piece_ids() {
        for side in Side::BOTH {
            for cell in board.cells() {
                for m in &variant.piece(piece).movements {
                    add_movement(&mut t, variant, m, side, cell);
                }
                for c in variant
                    .castlings
                    .iter()
                    .filter(|c| c.side == side && c.king == piece && c.king_from == cell)
                {
                    let start = t.path_cells.len() as u32;
                    t.path_cells.push(c.king_to);
                    t.entries.push(Entry {
                        start,
                        len: 1,
                        mode: Mode::MOVE_ONLY,
                        when: Some(Condition::Castling),
                    });
                }
                t.offsets.push(t.entries.len() as u32);
            }
        }
    }
    t
}

fn add_movement(t: &mut MoveTables, variant: &Variant, m: &Movement, side: Side, cell: CellId) {
    let board = &variant.board;
    let o = board.orientation;
    match m {
        Movement::Ride { hours, max, mode } => {
            for h in hours.iter() {
                let v = Variant::orient(side, o.vector(h));
                push_ray(t, board, cell, v, max.unwrap_or(u32::MAX), *mode, None);
            }
        }
        Movement::Leap { vectors, mode } => {
            for &v in vectors {
                push_ray(t, board, cell, Variant::orient(side, v), 1, *mode, None);
            }
        }
        Movement::MultiStep { max, zone } => {
            if variant.zone(*zone).cells[side].contains(&cell) {
                let ahead = o.vector(crate::geometry::Hour::TWELVE);
                let v = Variant::orient(side, ahead);
                push_ray(
                    t,
                    board,
                    cell,
                    v,
                    *max,
                    Mode::MOVE_ONLY,
                    Some(Condition::MultiStep),
                );
            }
        }
    }
}

/// Walks `v` from `cell` (at most `max` landings) and records the path if it is not empty.
fn push_ray(
    t: &mut MoveTables,
    board: &Board,
    cell: CellId,
    v: Coord,
    max: u32,
    mode: Mode,
    when: Option<Condition>,
) {
    let start = t.path_cells.len();
    let mut at = board.coord(cell);
    let mut n = 0;
    while n < max {
        at = at + v;
        match board.at(at) {
            Some(c) => t.path_cells.push(c),
            None => break,
        }
        n += 1;
    }
    let len = t.path_cells.len() - start;
    if len > 0 {
        t.entries.push(Entry {
            start: start as u32,
            len: len as u16,
            mode,
            when,
        });
    }
}
