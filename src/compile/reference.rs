//! The slow reference walker: destinations computed straight from the movement rules and
//! coordinates, with no tables. It exists only to prove [`super::compile`] right.

use super::{setup_cell, AddDestination, Condition, Destinations};
use crate::geometry::board::CellId;
use crate::geometry::Coord;
use crate::variant::{Mode, Movement, MultiStepFrom, PieceId, Side, Variant};

/// Destinations of `piece` for `side` on `cell` given occupied cells: every landing cell
/// reachable with every cell strictly before it on its line empty. From an off-board cell
/// every destination is an entry.
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
    let entering = board.is_off_board(cell);
    let plain = if entering {
        Some(Condition::Entry)
    } else {
        None
    };
    for m in &variant.piece(piece).movements {
        match m {
            Movement::Ride {
                hours, max, mode, ..
            } => {
                for h in hours.iter() {
                    let v = Variant::orient(side, o.vector(h));
                    let limit = max.map_or(reach, |m| (m as i32).min(reach));
                    for k in 1..=limit {
                        if let Some(c) = landing(v, k) {
                            out.add(c, plain, *mode);
                        }
                    }
                }
            }
            Movement::Leap { vectors, mode } => {
                for v in vectors {
                    if let Some(c) = board.at(from + Variant::orient(side, *v)) {
                        out.add(c, plain, *mode);
                    }
                }
            }
            Movement::MultiStep { max, hours, from } => {
                let when = match from {
                    MultiStepFrom::Zone(z) => {
                        if !variant.zone(*z).cells[side].contains(&cell) {
                            continue;
                        }
                        Condition::MultiStep
                    }
                    MultiStepFrom::Unmoved => {
                        if !setup_cell(variant, piece, side, cell) {
                            continue;
                        }
                        Condition::UnmovedMultiStep
                    }
                };
                let when = if entering { Condition::Entry } else { when };
                for h in hours.iter() {
                    let v = Variant::orient(side, o.vector(h));
                    for k in 1..=(*max as i32).min(reach) {
                        if let Some(c) = landing(v, k) {
                            out.add(c, Some(when), Mode::MOVE_ONLY);
                        }
                    }
                }
            }
        }
    }
    if let Some(c) = board.place_on(cell) {
        out.add(c, Some(Condition::Entry), Mode::MOVE_ONLY);
    }
    for c in &variant.castlings {
        if c.side == side && c.king == piece && c.king_from == cell {
            out.add(c.king_to, Some(Condition::Castling), Mode::MOVE_ONLY);
        }
    }
    out
}
