//! What the evaluation derives from the compiled variant before any weight is applied: each
//! piece's value by the mobility formula, its reach from every cell, how far it is from its
//! promotion zone, and for royal pieces how far from their start and which cells shelter them.
//! The evaluator multiplies these by [`super::Weights`]; the tuner reads them as features.

use std::collections::VecDeque;

use crate::compile::MoveTables;
use crate::geometry::board::{CellId, Symmetry};
use crate::variant::{PieceId, Side, Variant};

/// Centipawns of a piece with mobility 1 (the formula's constant).
const SCALE: f64 = 76.0;
/// What a piece that never changes colour keeps of its value, on a board of several colours.
const COLOUR_BOUND: f64 = 0.85;
/// The royal middle-game term counts at most this many moves from the start cell.
pub const MAX_AWAY: u32 = 5;
/// Passed pieces are told apart on boards of at most this many cells (off-board ones
/// included): the evaluation keeps the promoting pieces' cells in a fixed bit set.
pub const MAX_PASSED_CELLS: usize = 512;

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
    /// Per piece type: whether it promotes (for either side).
    pub promotes: Vec<bool>,
    /// Words of each bit set in [`Terms::passed_span`] (0: no piece promotes, or the board
    /// is too large to tell passed pieces apart).
    pub span_words: usize,
    /// Per (piece, side, cell) at [`Terms::index`] of a promoting piece, [`Terms::span_words`]
    /// words each: the cells no promoting piece of the opponent may stand on for it to be
    /// passed: its shortest routes to the zone by its moves, and the cells from which such a
    /// piece captures on them or on its own cell.
    pub passed_span: Vec<u64>,
    /// Per (piece, side, cell) of a promoting piece: its moves to the zone by moves alone
    /// (not captures), on an empty board; empty with no spans.
    pub passed_distance: Vec<Option<u32>>,
    /// Per cell: the cell of White's frame that a Black piece standing on it answers to,
    /// under the symmetry Black's setup was derived by (a half turn when the file wrote it
    /// out): what per-cell weights, written for White, are read through for Black. Empty
    /// when the board has no such symmetry or the variant has more than two sides.
    pub black_image: Vec<usize>,
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
        let promotes: Vec<bool> = v.pieces().iter().map(|p| p.promotion.is_some()).collect();
        let span_words = if promotes.contains(&true) && cells <= MAX_PASSED_CELLS {
            cells.div_ceil(64)
        } else {
            0
        };
        let (passed_span, passed_distance) = passed_spans(v, t, &promotes, span_words);
        let kind = v.symmetry().unwrap_or(Symmetry::Rotate);
        let black_image = match v.board().symmetry_map(kind) {
            Ok(map) if v.sides().len() == 2 => map.iter().map(|c| c.index()).collect(),
            _ => Vec::new(),
        };
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
            promotes,
            span_words,
            passed_span,
            passed_distance,
            black_image,
        }
    }

    /// The cell of White's frame that `side`'s piece on `cell` answers to: itself for White,
    /// its [`Terms::black_image`] for Black; `None` without one.
    pub fn white_cell(&self, side: usize, cell: usize) -> Option<usize> {
        match side {
            0 => Some(cell),
            1 => self.black_image.get(cell).copied(),
            _ => None,
        }
    }

    /// The span of (piece, side, cell): [`Terms::passed_span`]'s words for it.
    pub fn span(&self, piece: usize, side: usize, cell: usize) -> &[u64] {
        let i = self.index(piece, side, cell) * self.span_words;
        &self.passed_span[i..i + self.span_words]
    }

    /// The unweighted passed term of a promoting piece with no opposing promoting piece in
    /// its span: its promotion's gain over `1 + d`, `d` its moves (not captures) to the
    /// zone (0 in it, or where no move leads there).
    pub fn passed(&self, piece: usize, side: usize, cell: usize) -> f64 {
        match self.passed_distance.get(self.index(piece, side, cell)) {
            Some(&Some(d)) if d > 0 => self.gain[piece * 2 + side] as f64 / f64::from(1 + d),
            _ => 0.0,
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

/// The spans of [`Terms::passed_span`], `words` words each, and the distances of
/// [`Terms::passed_distance`] (none when `words` is 0).
fn passed_spans(
    v: &Variant,
    t: &MoveTables,
    promotes: &[bool],
    words: usize,
) -> (Vec<u64>, Vec<Option<u32>>) {
    let (cells, pieces) = (v.board().total(), v.pieces().len());
    if words == 0 {
        return (Vec::new(), Vec::new());
    }
    let mut distances = vec![None; pieces * 2 * cells];
    let board: Vec<CellId> = v.board().cells().collect();
    let set = |bits: &mut [u64], c: usize| bits[c / 64] |= 1 << (c % 64);
    // Per (piece, side, cell) of a promoting piece: the cells it captures on, empty board.
    let mut captures = vec![0u64; pieces * 2 * cells * words];
    for p in v.piece_ids().filter(|p| promotes[p.index()]) {
        for side in Side::BOTH {
            for &c in &board {
                let i = Terms::index_of(cells, p.index(), side.index(), c.index()) * words;
                for e in t.entries(p, side, c) {
                    if e.when.is_none() && e.mode.captures && !e.walk.hops() {
                        for r in t.reach(e) {
                            set(&mut captures[i..i + words], r.cell.index());
                        }
                    }
                }
            }
        }
    }
    let mut spans = vec![0u64; pieces * 2 * cells * words];
    for p in v.piece_ids().filter(|p| promotes[p.index()]) {
        let Some(promotion) = v.piece(p).promotion.as_ref() else {
            continue;
        };
        for side in Side::BOTH {
            let enemy = side.opponent();
            // The cells a plain move (not a capture) of the piece goes to from each cell.
            let moves_from = |x: CellId| -> Vec<CellId> {
                t.entries(p, side, x)
                    .iter()
                    .filter(|e| e.when.is_none() && e.mode.moves && !e.walk.hops())
                    .flat_map(|e| t.reach(e).map(|r| r.cell))
                    .collect()
            };
            let zone = &v.zone(promotion.zone).cells[side];
            let distance = moves_to(cells, &board, zone, &moves_from);
            for &c in &board {
                let i = Terms::index_of(cells, p.index(), side.index(), c.index());
                distances[i] = distance[c.index()];
                let Some(d) = distance[c.index()].filter(|&d| d > 0) else {
                    continue;
                };
                // The shortest routes by moves (not captures) to the zone.
                let mut route = vec![0u64; words];
                let mut frontier = vec![c];
                for left in (0..d).rev() {
                    let mut next = Vec::new();
                    for &x in &frontier {
                        for y in moves_from(x) {
                            if distance[y.index()] == Some(left) && !next.contains(&y) {
                                next.push(y);
                                set(&mut route, y.index());
                            }
                        }
                    }
                    frontier = next;
                }
                let mut watched = route.clone();
                set(&mut watched, c.index());
                let span = &mut spans[i * words..(i + 1) * words];
                span.copy_from_slice(&route);
                for q in v.piece_ids().filter(|q| promotes[q.index()]) {
                    for &y in &board {
                        let j = Terms::index_of(cells, q.index(), enemy.index(), y.index()) * words;
                        let hits = captures[j..j + words]
                            .iter()
                            .zip(&watched)
                            .any(|(a, b)| a & b != 0);
                        if hits {
                            set(span, y.index());
                        }
                    }
                }
            }
        }
    }
    (spans, distances)
}

/// Per cell: the fewest moves (by `moves_from`) to any of `targets`.
fn moves_to(
    cells: usize,
    board: &[CellId],
    targets: &[CellId],
    moves_from: &dyn Fn(CellId) -> Vec<CellId>,
) -> Vec<Option<u32>> {
    let mut back: Vec<Vec<CellId>> = vec![Vec::new(); cells];
    for &from in board {
        for to in moves_from(from) {
            back[to.index()].push(from);
        }
    }
    let mut out = vec![None; cells];
    let mut queue: VecDeque<CellId> = targets.iter().copied().collect();
    for t in targets {
        out[t.index()] = Some(0);
    }
    while let Some(c) = queue.pop_front() {
        let Some(d) = out[c.index()] else { continue };
        for &from in &back[c.index()] {
            if out[from.index()].is_none() {
                out[from.index()] = Some(d + 1);
                queue.push_back(from);
            }
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::load;
    use crate::source::SourceFile;

    /// Mini Hexchess's pawn moves straight up its file and captures on the forward
    /// diagonals, at 11 and 1 o'clock, a Black pawn at 5 and 7 (variants/mini-hexchess.hexv):
    /// one file over and a cell and a half down, so a Black pawn on c(n+1) or e(n+1) takes
    /// on dn. A White pawn on d3 is passed when no Black pawn stands on d4 to d7 (its route
    /// to the zone, d7 the far edge), nor on c4-c6 or e4-e6, from which one takes on d3 to
    /// d5 (the c and e files end at 6: nothing takes on d6 or d7).
    #[test]
    fn a_pawns_span_is_its_route_and_the_cells_that_take_on_it() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
        let file = SourceFile::read(&root.join("mini-hexchess.hexv")).expect("shipped");
        let compiled = load(&file).compiled.expect("a clean variant");
        let (v, t) = (compiled.variant(), compiled.tables());
        let terms = Terms::new(v, t);
        let pawn = v
            .piece_ids()
            .find(|&p| v.piece(p).symbol == "P")
            .expect("a pawn");
        let d3 = v.board().find("d3").expect("d3");
        let span = terms.span(pawn.index(), Side::WHITE.index(), d3.index());
        let mut cells: Vec<&str> = v
            .board()
            .cells()
            .filter(|c| span[c.index() / 64] >> (c.index() % 64) & 1 != 0)
            .map(|c| v.board().name(c))
            .collect();
        cells.sort_unstable();
        let expected = ["c4", "c5", "c6", "d4", "d5", "d6", "d7", "e4", "e5", "e6"];
        assert_eq!(cells, expected);
        // Four moves from the zone (d4 to d7): its gain (a rook's value less its own) over
        // five.
        let gain = terms.gain[pawn.index() * 2];
        assert!(gain > 0);
        let passed = terms.passed(pawn.index(), 0, d3.index());
        assert!((passed - f64::from(gain) / 5.0).abs() < 1e-9, "{passed}");
        // In the zone there is nothing left to pass.
        let d7 = v.board().find("d7").expect("d7");
        assert_eq!(terms.passed(pawn.index(), 0, d7.index()), 0.0);
    }
}
