//! The slow reference walker: destinations computed straight from the movement rules and
//! coordinates, with no tables. It exists only to prove [`super::compile`] right.

use super::{AddDestination, Condition, Destinations};
use crate::geometry::board::CellId;
use crate::geometry::{Coord, Hour};
use crate::variant::{Mode, Movement, PieceId, Side, Variant};

/// Destinations of `piece` for `side` on `cell` given occupied cells: every landing cell
/// reachable with every cell strictly before it on its line empty.
pub fn destinations(
    variant: &Variant,
    piece: PieceId,
    side: Side,
    cell: CellId,
    occupied: &dyn Fn(CellId) -> bool,
) -> Destinations {
    let board = &variant.board;
    let o = board.orientation;
    let from = board.coord(cell);
    let mut out = Destinations::new();
    // The k-th landing cell along v, if every earlier landing cell is on the board and empty.
    let landing = |v: Coord, k: i32| -> Option<CellId> {
        for j in 1..k {
            let c = board.at(from + v.scale(j))?;
            if occupied(c) {
                return None;
            }
        }
        board.at(from + v.scale(k))
    };
    let reach = board.len() as i32;
    for m in &variant.piece(piece).movements {
        match m {
            Movement::Ride { hours, max, mode } => {
                for h in hours.iter() {
                    let v = Variant::orient(side, o.vector(h));
                    let limit = max.map_or(reach, |m| (m as i32).min(reach));
                    for k in 1..=limit {
                        if let Some(c) = landing(v, k) {
                            out.add(c, None, *mode);
                        }
                    }
                }
            }
            Movement::Leap { vectors, mode } => {
                for v in vectors {
                    if let Some(c) = board.at(from + Variant::orient(side, *v)) {
                        out.add(c, None, *mode);
                    }
                }
            }
            Movement::MultiStep { max, zone } => {
                if !variant.zone(*zone).cells[side].contains(&cell) {
                    continue;
                }
                let v = Variant::orient(side, o.vector(Hour::TWELVE));
                for k in 1..=(*max as i32).min(reach) {
                    if let Some(c) = landing(v, k) {
                        out.add(c, Some(Condition::MultiStep), Mode::MOVE_ONLY);
                    }
                }
            }
        }
    }
    for c in &variant.castlings {
        if c.side == side && c.king == piece && c.king_from == cell {
            out.add(c.king_to, Some(Condition::Castling), Mode::MOVE_ONLY);
        }
    }
    out
}
