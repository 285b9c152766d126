//! Static exchange evaluation on the attack trees: what a capture wins once both sides have
//! recaptured on its cell with their least valuable attackers, each as long as it gains.
//! The search orders and prunes captures by it; it never decides legality, so it may be
//! approximate: captures under board conditions (`when`, `unless`) are left out, and a
//! recapturing piece does not promote.

use super::tables::{bit, Node};
use super::{cell8, piece_of, side_of, FastEngine, Occupancy, State};
use crate::game::Move;
use crate::variant::Side;

/// Longest exchange followed (each step one capture).
const MAX_EXCHANGE: usize = 32;

impl<const N: usize> FastEngine<'_, N> {
    /// The material `m` wins for the side to move after the best sequence of recaptures on
    /// its cell, by `values` (a royal piece's value is never counted: it is not captured).
    pub(crate) fn exchange(&self, s: &State<N>, m: &Move, values: &[i32]) -> i32 {
        if m.castling.is_some() {
            return 0;
        }
        let side = s.to_move;
        let value = |piece: u8| values.get(piece as usize).copied().unwrap_or(0);
        let to = cell8(m.to);
        let mut b = s.board;
        // Nothing is taken by a promotion where the piece stands (`captured wait`).
        let captured = m.victim_cell().map_or(0, |c| b.remove(cell8(c)));
        if let Some(from) = m.from {
            b.remove(cell8(from));
        }
        let mut gain = [0i32; MAX_EXCHANGE];
        gain[0] = if captured != 0 {
            value(piece_of::<N>(captured))
        } else {
            0
        };
        let mut on_target = m.piece.0;
        if let Some(promotion) = m.promotion {
            gain[0] += value(promotion.0) - value(m.piece.0);
            on_target = promotion.0;
        }
        let mut on_target_royal = self.t.royal[on_target as usize];
        let mut mover = side.opponent();
        let mut depth = 0;
        while depth + 1 < MAX_EXCHANGE {
            let Some((cell, piece)) = self.least_attacker(&b, to, mover, values) else {
                break;
            };
            // A royal piece is never captured: the exchange stops before it would be.
            if on_target_royal {
                break;
            }
            depth += 1;
            gain[depth] = value(on_target) - gain[depth - 1];
            b.remove(cell);
            // A royal piece may recapture only onto a cell the other side no longer attacks.
            if self.t.royal[piece as usize]
                && self
                    .least_attacker(&b, to, mover.opponent(), values)
                    .is_some()
            {
                depth -= 1;
                break;
            }
            on_target = piece;
            on_target_royal = self.t.royal[piece as usize];
            mover = mover.opponent();
        }
        while depth > 0 {
            gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
            depth -= 1;
        }
        gain[0]
    }

    /// The cell and type of the least valuable piece of `by` that captures on `target` by a
    /// path of the attack tree (screens included), on the board `b`.
    pub(crate) fn least_attacker(
        &self,
        b: &Occupancy<N>,
        target: u8,
        by: Side,
        values: &[i32],
    ) -> Option<(u8, u8)> {
        let k = by.index() * self.t.cells + target as usize;
        let theirs = b.occupied[by.index()];
        if self.t.attacker_cells[k] & theirs == 0 {
            return None;
        }
        let (start, end) = self.t.trees[k];
        let nodes: &[Node] = &self.t.nodes[..end as usize];
        let mut best: Option<(i32, u8, u8)> = None;
        let mut i = start as usize;
        while i < nodes.len() {
            let n = nodes[i];
            if n.attackers & theirs == 0 {
                i = n.skip as usize;
                continue;
            }
            let c = b.squares[n.cell as usize];
            // A plain node lets the walk on while empty; a screen only while occupied.
            if (c == 0) != n.screen {
                i += 1;
                continue;
            }
            if c != 0
                && !n.screen
                && side_of::<N>(c) == by
                && (n.pieces >> piece_of::<N>(c)) & 1 != 0
            {
                let piece = piece_of::<N>(c);
                let v = if self.t.royal[piece as usize] {
                    i32::MAX
                } else {
                    values.get(piece as usize).copied().unwrap_or(0)
                };
                if best.is_none_or(|(bv, _, _)| v < bv) {
                    best = Some((v, n.cell, piece));
                }
            }
            i = n.skip as usize;
        }
        debug_assert!(best.is_none_or(|(_, cell, _)| theirs & bit(cell) != 0));
        best.map(|(_, cell, piece)| (cell, piece))
    }
}
