//! The evaluation, derived from the compiled variant alone (docs/engine.md gives the formulas):
//!
//! - **material**: the file's `value N` for the piece if it has one; otherwise a piece is
//!   worth `76 · m^(2/3)` centipawns, where `m` is its mobility: the
//!   average, over the board's cells, of the cells it reaches on an empty board (a cell it may
//!   only move to, or only capture on, counts one half; a hopper's cell, reached only with a
//!   piece to jump, one half again). So a piece with one forward move and
//!   two forward captures (`m` = 2 near the start, about 1.5 on average) is worth about 100,
//!   and a hex queen about 900. A piece that never changes colour on a board of several
//!   colours loses 15%. Royal pieces have no material value: they are never captured;
//! - **placement**: a piece gains (or loses) in proportion to how much more (or less) it
//!   reaches from its cell than on average; a promoting piece gains as it nears its
//!   promotion zone; a royal piece prefers its start cell while there is material on the
//!   board, and the cells that reach most in the ending;
//! - **hands**: a piece in hand is worth 10% more than on the board (it may go anywhere);
//! - **royal safety**: own pieces next to a royal piece, while there is material;
//! - a small bonus for the side to move.

use std::collections::VecDeque;

use crate::compile::MoveTables;
use crate::game::Engine;
use crate::geometry::board::CellId;
use crate::variant::{PieceId, Side, Variant};

/// Centipawns of a piece with mobility 1 (the formula's constant).
const SCALE: f64 = 76.0;
/// Bonus of the side to move.
const TEMPO: i32 = 10;
/// Per own piece next to a royal piece, at full material.
const SHELTER: i32 = 6;

/// The evaluation tables of one variant.
#[derive(Clone, Debug)]
pub struct Evaluator {
    cells: usize,
    pieces: usize,
    /// Material value of each piece type (0 for royal pieces).
    value: Vec<i32>,
    /// Per (piece, side, cell): placement bonus with all material on the board, and in the
    /// ending.
    middle: Vec<i32>,
    ending: Vec<i32>,
    /// Material of both sides' non-royal pieces in the start position (the phase's scale).
    start_material: i32,
    /// Per (side, cell) of a royal piece: the cells next to it (its own one-cell moves).
    shelter: Vec<Vec<u16>>,
    royal: Vec<bool>,
    hands: bool,
}

impl Evaluator {
    /// Builds the tables from the variant and its compiled moves.
    pub fn new(v: &Variant, t: &MoveTables) -> Evaluator {
        let cells = v.board().total();
        let pieces = v.pieces().len();
        let board_cells: Vec<CellId> = v.board().cells().collect();
        let reach = |p: PieceId, side: Side, c: CellId| -> f64 { weighted_reach(t, p, side, c) };
        let colours = v.board().colour_count() > 1;
        let mut value = vec![0; pieces];
        let mut mobility = vec![0.0; pieces];
        for p in v.piece_ids() {
            let total: f64 = board_cells.iter().map(|&c| reach(p, Side::White, c)).sum();
            let m = (total / board_cells.len().max(1) as f64).max(0.25);
            mobility[p.index()] = m;
            let bound = colours && crate::analyse::colour_change(v, t, p).is_none();
            let factor = if bound { 0.85 } else { 1.0 };
            value[p.index()] = match (v.piece(p).royal, v.piece(p).value) {
                (true, _) => 0,
                (false, Some(given)) => given as i32,
                (false, None) => (SCALE * m.powf(2.0 / 3.0) * factor).round() as i32,
            };
        }
        let mut middle = vec![0; pieces * 2 * cells];
        let mut ending = vec![0; pieces * 2 * cells];
        let mut shelter = vec![Vec::new(); 2 * cells];
        for p in v.piece_ids() {
            let piece = v.piece(p);
            for side in Side::BOTH {
                let promotion_gain = piece
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
                let start = royal_start(v, p, side);
                let start_distance = start.map(|s| steps_to(t, p, side, &[s], cells));
                for c in v.board().cells() {
                    let i = (p.index() * 2 + side.index()) * cells + c.index();
                    let here = reach(p, side, c);
                    let m = mobility[p.index()];
                    if piece.royal {
                        let away = start_distance
                            .as_ref()
                            .and_then(|d| d[c.index()])
                            .unwrap_or(0)
                            .min(5) as i32;
                        middle[i] = -8 * away;
                        ending[i] = ((here - m) * 5.0).round() as i32;
                        shelter[side.index() * cells + c.index()] = t
                            .empty_board_destinations(p, side, c)
                            .into_iter()
                            .map(|d| d.index() as u16)
                            .collect();
                    } else {
                        let centre = value[p.index()] as f64 * 0.15 * (here - m) / (m + 1.0);
                        let advance = distance
                            .as_ref()
                            .and_then(|d| d[c.index()])
                            .map(|d| promotion_gain as f64 * 0.5 / ((1 + d) * (1 + d)) as f64)
                            .unwrap_or(0.0);
                        middle[i] = (centre + advance).round() as i32;
                        ending[i] = (centre + 1.5 * advance).round() as i32;
                    }
                }
            }
        }
        let start_material = Side::BOTH
            .iter()
            .flat_map(|&s| v.setup(s).iter())
            .map(|(p, _)| value[p.index()])
            .sum::<i32>()
            .max(1);
        Evaluator {
            cells,
            pieces,
            value,
            middle,
            ending,
            start_material,
            shelter,
            royal: v.pieces().iter().map(|p| p.royal).collect(),
            hands: v.rules().captures_to_hand,
        }
    }

    /// The material value of a piece type, in centipawns (0 for a royal piece).
    pub fn value(&self, piece: usize) -> i32 {
        self.value[piece]
    }

    /// The position's value for the side to move, in centipawns. Allocates nothing: it runs
    /// at every node.
    pub fn evaluate<E: Engine>(&self, engine: &E, s: &E::State) -> i32 {
        let mut material = [0i32; 2];
        let mut middle = [0i32; 2];
        let mut ending = [0i32; 2];
        // Own pieces next to each side's royal pieces (scaled by the phase below).
        let mut guards = [0i32; 2];
        engine.for_each_piece(s, |cell, side, piece| {
            let k = side.index();
            material[k] += self.value[piece];
            let i = (piece * 2 + k) * self.cells + cell;
            middle[k] += self.middle[i];
            ending[k] += self.ending[i];
            if self.royal[piece] {
                for &n in &self.shelter[k * self.cells + cell] {
                    if engine.at(s, n as usize).is_some_and(|(o, _)| o == side) {
                        guards[k] += SHELTER;
                    }
                }
            }
        });
        let mut held = [0i32; 2];
        if self.hands {
            for side in Side::BOTH {
                for piece in 0..self.pieces {
                    let n = engine.hand(s, side, piece) as i32;
                    held[side.index()] += n * self.value[piece] * 11 / 10;
                }
            }
        }
        // Phase: 256 with the start's material on the board, 0 with none.
        let phase = ((material[0] + material[1]) * 256 / self.start_material).clamp(0, 256);
        let score = |k: usize| {
            material[k]
                + held[k]
                + (middle[k] * phase + ending[k] * (256 - phase)) / 256
                + guards[k] * phase / 256
        };
        let me = engine.to_move(s).index();
        score(me) - score(1 - me) + TEMPO
    }
}

/// Cells reached from `c` on an empty board, a cell only moved to or only captured on
/// counting one half; moves with conditions (multi-steps, castlings, entries) left out. A
/// hopper's cells (reached only with a piece to jump) count one half again.
fn weighted_reach(t: &MoveTables, p: PieceId, side: Side, c: CellId) -> f64 {
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
fn steps_to(
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
        let d = out[c].expect("queued cells have a distance");
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
fn royal_start(v: &Variant, p: PieceId, side: Side) -> Option<CellId> {
    if !v.piece(p).royal {
        return None;
    }
    v.setup(side).iter().find(|(q, _)| *q == p).map(|(_, c)| *c)
}
