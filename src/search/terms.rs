//! What the evaluation derives from the compiled variant before any weight is applied: each
//! piece's value by the mobility formula, its reach from every cell, how far it is from its
//! promotion zone, and for royal pieces how far from their start and which cells shelter them.
//! The evaluator multiplies these by [`super::Weights`]; the tuner reads them as features.

use std::collections::VecDeque;

use crate::compile::MoveTables;
use crate::geometry::board::CellId;
use crate::variant::{PieceId, Side, Variant};

/// Centipawns of a piece with mobility 1 (the formula's constant).
const SCALE: f64 = 76.0;
/// What a piece that never changes colour keeps of its value, on a board of several colours.
const COLOUR_BOUND: f64 = 0.85;
/// The royal middle-game term counts at most this many moves from the start cell.
pub const MAX_AWAY: u32 = 5;

/// The variant's unweighted evaluation terms (docs/engine.md, "The evaluation").
#[derive(Clone, Debug)]
pub struct Terms {
    /// Cells of the board, off-board cells included (the tables' stride).
    pub cells: usize,
    /// Piece types.
    pub pieces: usize,
    /// Each piece type's value by the formula, or the file's `value N` (0 for royal pieces).
    pub value: Vec<i32>,
    /// Each piece type's mean empty-board reach (at least 1/4).
    pub mobility: Vec<f64>,
    /// Whether each piece type is royal.
    pub royal: Vec<bool>,
    /// Whether each cell is on the board (off-board cells get no placement term).
    pub on_board: Vec<bool>,
    /// Per (piece, side, cell) at [`Terms::index`]: the weighted reach from that cell.
    pub reach: Vec<f64>,
    /// Per (piece, side): its best promotion's value above its own (0 if it cannot promote).
    pub gain: Vec<i32>,
    /// Per (piece, side, cell): the moves to its promotion zone on an empty board.
    pub to_promotion: Vec<Option<u32>>,
    /// Per (piece, side, cell) of a royal piece: moves from its start cell, at most
    /// [`MAX_AWAY`].
    pub away: Vec<u32>,
    /// Per (side, cell) of a royal piece: the cells next to it (its own one-cell moves).
    pub shelter: Vec<Vec<u16>>,
    /// Material of both sides' non-royal pieces in the start position (the phase's scale).
    pub start_material: i32,
    /// Whether captured pieces go to the hand.
    pub hands: bool,
}

impl Terms {
    /// Centipawns of piece type `p`'s formula value per cell of its mean empty-board reach:
    /// what mobility is counted in; 0 for royal pieces and pieces that promote, whose reach
    /// says little of their worth.
    pub fn mobility_scale(&self, p: usize) -> f64 {
        let promotes = self.gain[p * 2] != 0 || self.gain[p * 2 + 1] != 0;
        if self.royal[p] || promotes {
            0.0
        } else {
            f64::from(self.value[p]) / self.mobility[p]
        }
    }

    /// Derives the terms from the variant and its compiled moves.
    pub fn new(v: &Variant, t: &MoveTables) -> Terms {
        let cells = v.board().total();
        let pieces = v.pieces().len();
        let board_cells: Vec<CellId> = v.board().cells().collect();
        let colours = v.board().colour_count() > 1;
        let mut value = vec![0; pieces];
        let mut mobility = vec![0.0; pieces];
        for p in v.piece_ids() {
            let total: f64 = board_cells
                .iter()
                .map(|&c| weighted_reach(t, p, Side::WHITE, c))
                .sum();
            let m = (total / board_cells.len().max(1) as f64).max(0.25);
            mobility[p.index()] = m;
            let bound = colours && crate::analyse::colour_change(v, t, p).is_none();
            let factor = if bound { COLOUR_BOUND } else { 1.0 };
            value[p.index()] = match (v.piece(p).royal, v.piece(p).value) {
                (true, _) => 0,
                (false, Some(given)) => given as i32,
                (false, None) => (SCALE * m.powf(2.0 / 3.0) * factor).round() as i32,
            };
        }
        let mut on_board = vec![false; cells];
        for c in &board_cells {
            on_board[c.index()] = true;
        }
        let mut reach = vec![0.0; pieces * 2 * cells];
        let mut gain = vec![0; pieces * 2];
        let mut to_promotion = vec![None; pieces * 2 * cells];
        let mut away = vec![0; pieces * 2 * cells];
        let mut shelter = vec![Vec::new(); 2 * cells];
        for p in v.piece_ids() {
            let piece = v.piece(p);
            for side in Side::BOTH {
                gain[p.index() * 2 + side.index()] = piece
                    .promotion
                    .as_ref()
                    .map(|pr| {
                        let best = pr.to.iter().map(|q| value[q.index()]).max().unwrap_or(0);
                        (best - value[p.index()]).max(0)
                    })
                    .unwrap_or(0);
                let distance = piece
                    .promotion
                    .as_ref()
                    .map(|pr| steps_to(t, p, side, &v.zone(pr.zone).cells[side], cells));
                let start_distance =
                    royal_start(v, p, side).map(|s| steps_to(t, p, side, &[s], cells));
                for &c in &board_cells {
                    let i = Terms::index_of(cells, p.index(), side.index(), c.index());
                    reach[i] = weighted_reach(t, p, side, c);
                    to_promotion[i] = distance.as_ref().and_then(|d| d[c.index()]);
                    if piece.royal {
                        away[i] = start_distance
                            .as_ref()
                            .and_then(|d| d[c.index()])
                            .unwrap_or(0)
                            .min(MAX_AWAY);
                        shelter[side.index() * cells + c.index()] = t
                            .empty_board_destinations(p, side, c)
                            .into_iter()
                            .map(|d| d.index() as u16)
                            .collect();
                    }
                }
            }
        }
        let start_material = v
            .side_ids()
            .flat_map(|s| v.setup(s).iter().map(|(p, _)| p).chain(v.start_hand(s)))
            .map(|p| value[p.index()])
            .sum::<i32>()
            .max(1);
        Terms {
            cells,
            pieces,
            value,
            mobility,
            royal: v.pieces().iter().map(|p| p.royal).collect(),
            on_board,
            reach,
            gain,
            to_promotion,
            away,
            shelter,
            start_material,
            hands: v.rules().has_hands(),
        }
    }

    /// The index of (piece, side, cell) in the per-cell tables.
    pub fn index(&self, piece: usize, side: usize, cell: usize) -> usize {
        Terms::index_of(self.cells, piece, side, cell)
    }

    fn index_of(cells: usize, piece: usize, side: usize, cell: usize) -> usize {
        (piece * 2 + side) * cells + cell
    }

    /// The unweighted centre term of a non-royal piece: its value times how much more than
    /// on average it reaches from here, relative to its mobility (the centre weight's unit).
    pub fn centre(&self, piece: usize, side: usize, cell: usize) -> f64 {
        let m = self.mobility[piece];
        let here = self.reach[self.index(piece, side, cell)];
        self.value[piece] as f64 * (here - m) / (m + 1.0)
    }

    /// The unweighted promotion term: the gain over `(1 + d)²`, `d` the moves to the zone.
    pub fn advance(&self, piece: usize, side: usize, cell: usize) -> f64 {
        match self.to_promotion[self.index(piece, side, cell)] {
            Some(d) => self.gain[piece * 2 + side] as f64 / ((1 + d) * (1 + d)) as f64,
            None => 0.0,
        }
    }
}

/// Cells reached from `c` on an empty board, a cell only moved to or only captured on
/// counting one half; moves with conditions (multi-steps, castlings, entries) left out. A
/// hopper's cells (reached only with a piece to jump) count one half again.
pub(super) fn weighted_reach(t: &MoveTables, p: PieceId, side: Side, c: CellId) -> f64 {
    // Per cell: (moves, captures) by plain walks, then by hops.
    let mut cells: std::collections::BTreeMap<CellId, [(bool, bool); 2]> = Default::default();
    for e in t.entries(p, side, c).iter().filter(|e| e.when.is_none()) {
        for r in t.reach(e) {
            let m = &mut cells.entry(r.cell).or_default()[usize::from(e.walk.hops())];
            m.0 |= e.mode.moves;
            m.1 |= e.mode.captures;
        }
    }
    let weight = |(moves, captures): (bool, bool)| -> f64 {
        match (moves, captures) {
            (true, true) => 1.0,
            (false, false) => 0.0,
            _ => 0.5,
        }
    };
    cells
        .values()
        .map(|[plain, hop]| weight(*plain).max(weight(*hop) / 2.0))
        .sum()
}

/// Per cell: the fewest moves of `p` on an empty board to any of `targets` (`None` where
/// none is reachable).
pub(super) fn steps_to(
    t: &MoveTables,
    p: PieceId,
    side: Side,
    targets: &[CellId],
    cells: usize,
) -> Vec<Option<u32>> {
    let next: Vec<Vec<CellId>> = (0..cells)
        .map(|c| {
            t.empty_board_destinations(p, side, CellId(c as u16))
                .into_iter()
                .collect()
        })
        .collect();
    // Backwards from the targets: a cell is one move further than a cell it moves to.
    let mut back: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (from, tos) in next.iter().enumerate() {
        for to in tos {
            back[to.index()].push(from);
        }
    }
    let mut out = vec![None; cells];
    let mut queue = VecDeque::new();
    for t in targets {
        if out[t.index()].is_none() {
            out[t.index()] = Some(0);
            queue.push_back(t.index());
        }
    }
    while let Some(c) = queue.pop_front() {
        let Some(d) = out[c] else { continue };
        for &from in &back[c] {
            if out[from].is_none() {
                out[from] = Some(d + 1);
                queue.push_back(from);
            }
        }
    }
    out
}

/// The cell a royal piece of `side` starts on, if it is royal and in the setup.
pub(super) fn royal_start(v: &Variant, p: PieceId, side: Side) -> Option<CellId> {
    if !v.piece(p).royal {
        return None;
    }
    v.setup(side).iter().find(|(q, _)| *q == p).map(|(_, c)| *c)
}
