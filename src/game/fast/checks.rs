//! Whether a move gives check, answered without a check test for most moves: in a game of
//! two sides where every attack is in the attack trees, the side to move's opponent is never
//! in check before its move (no move leaves its own royal piece attacked), so a move checks
//! only if its piece lands where its type attacks a royal piece from, or it opens a line
//! to one (it leaves, or takes en passant from, a cell some attack passes over).

use super::tables::{bit, cells, CellSet, FastTables};
use super::{cell8, FastEngine, State};
use crate::game::Move;

impl FastTables {
    /// Fills the sets [`FastEngine::gives_check`] reads, when the quick answer holds: two
    /// sides, royal pieces never left attacked, no attack outside the trees (hoppers'
    /// screens, captures with conditions, facing lines), no placement phase (whose
    /// placements may leave the same side to move).
    pub(super) fn compile_check_sets(&mut self, pieces: usize) {
        let holds = self.sides == 2
            && !self.royal_captured
            && !self.hoppers
            && !self.guarded_captures
            && self.facing.is_empty()
            && self.placement.is_none()
            && pieces <= 64;
        if !holds {
            return;
        }
        self.check_kinds = pieces;
        for &(start, end) in &self.trees {
            let nodes = &self.nodes[start as usize..end as usize];
            let mut from_cells = vec![0; pieces];
            let mut lines: CellSet = 0;
            for (i, n) in nodes.iter().enumerate() {
                for (piece, set) in from_cells.iter_mut().enumerate() {
                    if n.pieces >> piece & 1 != 0 {
                        *set |= bit(n.cell);
                    }
                }
                // A node with a subtree: an attack passes over its cell.
                if n.skip as usize > start as usize + i + 1 {
                    lines |= bit(n.cell);
                }
            }
            self.checking_cells.extend(from_cells);
            self.line_cells.push(lines);
        }
    }
}

impl<const N: usize> FastEngine<'_, N> {
    /// Whether the side to move in `s` gives check by `m`, `child` the position after it.
    pub(crate) fn gives_check(&self, s: &State<N>, m: &Move, child: &State<N>) -> bool {
        let kinds = self.t.check_kinds;
        if kinds == 0 || m.castling.is_some() {
            return self.side_in_check(&child.board, child.out, child.to_move);
        }
        let mover = s.to_move;
        let piece = m.promotion.unwrap_or(m.piece).index();
        let to = bit(cell8(m.to));
        let opened =
            m.from.map_or(0, |f| bit(cell8(f))) | m.en_passant_victim.map_or(0, |v| bit(cell8(v)));
        let may_check = cells(s.board.royals[mover.opponent().index()]).any(|royal| {
            let k = mover.index() * self.t.cells + royal as usize;
            self.t.checking_cells[k * kinds + piece] & to != 0 || self.t.line_cells[k] & opened != 0
        });
        may_check && self.side_in_check(&child.board, child.out, child.to_move)
    }
}
