//! The slow reference walker: destinations computed straight from the movement rules and
//! the geometry, with no tables. It exists only to prove [`super::compile`] right, so it
//! describes rays on triangle boards their own way, from the shapes of the cells:
//!
//! - a **row** (face to face, even hours) is the lattice strip the cell lies in, between the
//!   two lattice lines parallel to the hour, taken in order along the hour;
//! - a **face-point line** (odd hours) and a **same-colour** ray (even hours) land on the
//!   cells whose centroid lies on the ray from the cell's centroid;
//! - a **king step** at an hour goes to the cell that shares a corner and whose centroid
//!   lies in that direction;
//! - a **face-first** (**point-first**) line is the face-point line, kept only when its
//!   first cell shares two corners (one corner) with the cell it leaves.
//!
//! A board of triangles in rows is the lattice turned a quarter turn clockwise, so its hour
//! `h` is the lattice's hour `h - 3`.
//!
//! On hex boards a ray lands on `from + k v` for the hour's unit vector `v`.

use super::{setup_cell, AddDestination, Condition, Destinations, Surroundings};
use crate::geometry::board::{Board, CellId};
use crate::geometry::{Coord, Grid, Hour, Lay, Orientation, RayKind};
use crate::variant::{
    Beyond, Frame, Guard, Leap, Mode, MoveRule, Movement, MultiStepFrom, Occupant, PieceId, Side,
    Variant,
};

/// Destinations of `piece` for `side` on `cell` given occupied cells: every landing cell
/// reachable with every cell strictly before it on its line empty. From an off-board cell
/// every destination is an entry. A movement with conditions tested on the board (`when
/// unmoved`, `unless enemy at ...`) gives its cells as [`Condition::Guarded`].
pub fn destinations(
    variant: &Variant,
    piece: PieceId,
    side: Side,
    cell: CellId,
    occupied: &dyn Fn(CellId) -> bool,
) -> Destinations {
    walk_rules(variant, piece, side, cell, occupied, None)
}

/// As [`destinations`], with the conditions tested on the board evaluated in `surroundings`.
pub fn destinations_in(
    variant: &Variant,
    piece: PieceId,
    side: Side,
    cell: CellId,
    surroundings: &Surroundings,
) -> Destinations {
    let occupied = |c: CellId| (surroundings.occupant)(c).is_some();
    walk_rules(variant, piece, side, cell, &occupied, Some(surroundings))
}

/// Whether a movement's conditions tested on the board hold for a piece of `side` at `from`:
/// its moved state, and for each `WHO at CELLS` whether such a piece stands on one of the
/// cells, found by walking each cell's path of hours from `from`.
fn guard_holds(variant: &Variant, side: Side, from: Coord, g: &Guard, s: &Surroundings) -> bool {
    let board = &variant.board;
    if g.unmoved.is_some_and(|u| u != s.unmoved) {
        return false;
    }
    g.occupants.iter().all(|test| {
        let found = test.cells.iter().any(|leap| {
            leap_steps(board, leap, variant.frame(side), from)
                .and_then(|steps| steps.last().copied())
                .and_then(|at| board.at(at))
                .and_then(|c| (s.occupant)(c))
                .is_some_and(|owner| match test.who {
                    Occupant::Enemy => owner != side,
                    Occupant::Friend => owner == side,
                    Occupant::Piece => true,
                })
        });
        found == test.present
    })
}

fn walk_rules(
    variant: &Variant,
    piece: PieceId,
    side: Side,
    cell: CellId,
    occupied: &dyn Fn(CellId) -> bool,
    surroundings: Option<&Surroundings>,
) -> Destinations {
    let board = &variant.board;
    let from = board.coord(cell);
    let mut out = Destinations::new();
    let entering = board.is_off_board(cell);
    let plain = if entering {
        Some(Condition::Entry)
    } else {
        None
    };
    let frame = variant.frame(side);
    // `confined to ZONE`: the cells outside the zone are as good as off the board.
    let zone = variant.piece(piece).confined.map(|z| variant.zone(z));
    let inside = |c: CellId| zone.is_none_or(|z| z.cells[side].contains(&c));
    // A ray's cells up to the zone's edge.
    let line = |h: Hour, kind: RayKind| -> Vec<CellId> {
        ray(board, from, frame.hour(h), kind)
            .into_iter()
            .take_while(|c| inside(*c))
            .collect()
    };
    // The landing cells of a ray up to `max`, stopping after the first occupied one.
    let walk = |h: Hour, kind: RayKind, max: Option<u32>| -> Vec<CellId> {
        let mut out = Vec::new();
        for c in line(h, kind) {
            if max.is_some_and(|m| out.len() as u32 >= m) {
                break;
            }
            out.push(c);
            if occupied(c) {
                break;
            }
        }
        out
    };
    // A confined piece outside its zone has no move (castling aside).
    let movements: &[MoveRule] = if inside(cell) {
        &variant.piece(piece).movements
    } else {
        &[]
    };
    for rule in movements {
        let g = &rule.guard;
        // Where the piece stands: `from ZONE`, and `when unmoved` (only on a setup cell).
        let stands = g
            .from
            .iter()
            .all(|(z, inside)| variant.zone(*z).cells[side].contains(&cell) == *inside)
            && g.pointing.iter().all(|(h, holds)| {
                points_at(board.grid, from, variant.frame(side).hour(*h)) == *holds
            });
        if !stands || (g.unmoved == Some(true) && !setup_cell(variant, piece, side, cell)) {
            continue;
        }
        let tested = g.unmoved.is_some() || !g.occupants.is_empty();
        let key = match surroundings {
            None if tested && plain.is_none() => Some(Condition::Guarded),
            Some(s) if !guard_holds(variant, side, from, g, s) => continue,
            _ => plain,
        };
        let mut mine = Destinations::new();
        match &rule.movement {
            Movement::Ride {
                hours,
                kind,
                max,
                mode,
                ..
            } => {
                for h in hours.iter() {
                    for c in walk(h, *kind, *max) {
                        mine.add(c, key, *mode);
                    }
                }
            }
            Movement::Leap { leaps, mode, lame } => {
                for leap in leaps {
                    let Some(steps) = leap_steps(board, leap, variant.frame(side), from) else {
                        continue;
                    };
                    let Some(&landing) = steps.last() else {
                        continue;
                    };
                    let Some(c) = board.at(landing).filter(|c| inside(*c)) else {
                        continue;
                    };
                    // Lame: every cell stepped through is on the board and empty (the start
                    // is left by the mover; the landing is judged as a landing).
                    let blocked = steps[..steps.len() - 1]
                        .iter()
                        .any(|&at| match board.at(at) {
                            None => true,
                            Some(x) => !inside(x) || (x != cell && x != c && occupied(x)),
                        });
                    if !*lame || !blocked {
                        mine.add(c, key, *mode);
                    }
                }
            }
            Movement::LeapRide { leaps, max, mode } => {
                for leap in leaps {
                    let mut at = from;
                    let mut seen = vec![cell];
                    let mut count = 0;
                    while max.is_none_or(|m| count < m) {
                        let Some(&next) = leap_steps(board, leap, variant.frame(side), at)
                            .and_then(|s| s.last().copied())
                            .as_ref()
                        else {
                            break;
                        };
                        let Some(c) = board.at(next).filter(|c| !seen.contains(c) && inside(*c))
                        else {
                            break;
                        };
                        mine.add(c, key, *mode);
                        seen.push(c);
                        count += 1;
                        at = next;
                        if occupied(c) {
                            break;
                        }
                    }
                }
            }
            Movement::Hop {
                hours,
                kind,
                beyond,
                mode,
            } => {
                for h in hours.iter() {
                    let line = line(h, *kind);
                    // The first piece on the line is jumped; nothing lands without one.
                    let Some(jumped) = line.iter().position(|&c| occupied(c)) else {
                        continue;
                    };
                    for &c in &line[jumped + 1..] {
                        mine.add(c, key, *mode);
                        if occupied(c) || *beyond == Beyond::Next {
                            break;
                        }
                    }
                }
            }
            Movement::MultiStep {
                max,
                hours,
                kind,
                from: start,
                en_passant,
            } => {
                let unmoved = match start {
                    MultiStepFrom::Zone(z) => {
                        if !variant.zone(*z).cells[side].contains(&cell) {
                            continue;
                        }
                        false
                    }
                    MultiStepFrom::Unmoved => {
                        if !setup_cell(variant, piece, side, cell) {
                            continue;
                        }
                        true
                    }
                };
                let when = Condition::multi_step(unmoved, *en_passant);
                let when = if entering { Condition::Entry } else { when };
                for h in hours.iter() {
                    // Only a line with room for two cells is a multi-step.
                    if ray(board, from, frame.hour(h), *kind).len() < 2 {
                        continue;
                    }
                    for c in walk(h, *kind, Some(*max)) {
                        mine.add(c, Some(when), Mode::MOVE_ONLY);
                    }
                }
            }
        }
        // `to ZONE`: only landings on the zone's cells count.
        for ((c, when), (moves, captures)) in mine {
            if g.to
                .iter()
                .all(|(z, inside)| variant.zone(*z).cells[side].contains(&c) == *inside)
            {
                out.add(c, when, Mode { moves, captures });
            }
        }
    }
    if let Some(c) = board.place_on(cell).filter(|c| inside(cell) && inside(*c)) {
        out.add(c, Some(Condition::Entry), Mode::MOVE_ONLY);
    }
    for c in &variant.castlings {
        if c.side == side && c.king == piece && c.king_from == cell {
            out.add(c.king_to, Some(Condition::Castling), Mode::MOVE_ONLY);
        }
    }
    out
}

/// Every coordinate a leap steps on from `from`, its landing last (a vector is one jump);
/// `None` when a king step has no neighbour there.
fn leap_steps(board: &Board, leap: &Leap, frame: Frame, from: Coord) -> Option<Vec<Coord>> {
    match leap {
        Leap::Vector(v) => Some(vec![from + frame.vector(*v)]),
        Leap::Path(hours) => {
            let mut at = from;
            let mut out = Vec::new();
            for h in hours {
                at = king_neighbour(board.grid, at, frame.hour(*h))?;
                out.push(at);
            }
            Some(out)
        }
    }
}

/// The primitive direction of each hour: on hex boards the unit step, on triangle boards
/// (in tripled barycentric coordinates) the direction of the centroid line, which happens to
/// be the same vector: `(0,1)` at 12, `(1,1)` at 1, `(1,0)` at 2, `(2,-1)` at 3, ...
fn direction(h: Hour) -> Coord {
    Orientation::Flat.vector(h)
}

/// The board cells of a ray from `from`, in order, up to the first coordinates that are not
/// a board cell.
fn ray(board: &Board, from: Coord, h: Hour, kind: RayKind) -> Vec<CellId> {
    let lattice: Vec<Coord> = match board.grid {
        Grid::Hex(o) => {
            let v = o.vector(h);
            (1..=board.len() as i32)
                .map(|k| from + v.scale(k))
                .collect()
        }
        Grid::Triangle(lay) => {
            let h = lattice_hour(lay, h);
            let cells = if kind == RayKind::Line && h.get().is_multiple_of(2) {
                row(board, from, h)
            } else {
                centred(board, from, h)
            };
            let wanted_corners = match kind {
                RayKind::FaceFirst => 2,
                RayKind::PointFirst => 1,
                RayKind::Line | RayKind::SameColour => return on_board(board, cells),
            };
            let first = cells.first().copied();
            if first.is_some_and(|n| shared_corners(from, n) == wanted_corners) {
                cells
            } else {
                Vec::new()
            }
        }
    };
    on_board(board, lattice)
}

/// The cells of a line up to the first coordinates that are not a board cell.
fn on_board(board: &Board, line: Vec<Coord>) -> Vec<CellId> {
    line.into_iter().map_while(|c| board.at(c)).collect()
}

/// The lattice's hour for an hour on a board of triangles laid so.
fn lattice_hour(lay: Lay, h: Hour) -> Hour {
    match lay {
        Lay::Columns => h,
        Lay::Rows => h.turned_by(9),
    }
}

/// The corners of a triangle, tripled: a right-pointing `(X, Y)` has `(X-1, Y-1) (X+2, Y-1)
/// (X-1, Y+2)`, a left-pointing one `(X+1, Y-2) (X-2, Y+1) (X+1, Y+1)`.
fn corners(t: Coord) -> [Coord; 3] {
    let o = if t.a.rem_euclid(3) == 1 {
        [(-1, -1), (2, -1), (-1, 2)]
    } else {
        [(1, -2), (-2, 1), (1, 1)]
    };
    o.map(|(x, y)| t + Coord::new(x, y))
}

/// True when a corner of the triangle `c` lies at the hour from its centroid (where its
/// apex points); never on a hex board.
fn points_at(grid: Grid, c: Coord, h: Hour) -> bool {
    let Grid::Triangle(lay) = grid else {
        return false;
    };
    let d = direction(lattice_hour(lay, h));
    corners(c).iter().any(|p| {
        let v = *p - c;
        v.a * d.b - v.b * d.a == 0 && v.a * d.a + v.b * d.b > 0
    })
}

/// How many corners two triangles share: two across a side, one across a corner.
fn shared_corners(a: Coord, b: Coord) -> usize {
    corners(a).iter().filter(|p| corners(b).contains(p)).count()
}

/// Every triangle of the lattice in a box around the board (a margin of one cell).
fn lattice(board: &Board) -> Vec<Coord> {
    let coords: Vec<Coord> = board.cells().map(|c| board.coord(c)).collect();
    let (Some(x0), Some(x1), Some(y0), Some(y1)) = (
        coords.iter().map(|c| c.a).min(),
        coords.iter().map(|c| c.a).max(),
        coords.iter().map(|c| c.b).min(),
        coords.iter().map(|c| c.b).max(),
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for x in x0 - 6..=x1 + 6 {
        for y in y0 - 6..=y1 + 6 {
            let c = Coord::new(x, y);
            if board.grid.is_cell(c) {
                out.push(c);
            }
        }
    }
    out
}

/// The cells after `from` in its row along an even hour: the lattice strip between the two
/// lattice lines parallel to the hour (constant `X / 3` for 12 and 6, `Y / 3` for 2 and 8,
/// `(X + Y) / 3` for 4 and 10), ordered along the hour.
fn row(board: &Board, from: Coord, h: Hour) -> Vec<Coord> {
    let strip = |c: Coord| match h.get() % 6 {
        0 => c.a.div_euclid(3),
        2 => c.b.div_euclid(3),
        _ => (c.a + c.b).div_euclid(3),
    };
    let d = direction(h);
    // Position along the hour: for 12/6 the height X + 2Y, otherwise X (which grows along
    // 2 and 4 o'clock), signed by the direction.
    let along = |c: Coord| {
        let p = if h.get().is_multiple_of(6) {
            c.a + 2 * c.b
        } else {
            c.a
        };
        let sign = if h.get().is_multiple_of(6) { d.b } else { d.a };
        p * sign
    };
    let mut cells: Vec<Coord> = lattice(board)
        .into_iter()
        .filter(|c| strip(*c) == strip(from) && along(*c) > along(from))
        .collect();
    cells.sort_by_key(|c| along(*c));
    cells
}

/// The cells whose centroid lies on the ray from `from` at the hour, nearest first.
fn centred(board: &Board, from: Coord, h: Hour) -> Vec<Coord> {
    let d = direction(h);
    let mut cells: Vec<(i32, Coord)> = lattice(board)
        .into_iter()
        .filter_map(|c| {
            let v = c - from;
            let cross = v.a * d.b - v.b * d.a;
            let scale = if d.a != 0 { v.a / d.a } else { v.b / d.b };
            (cross == 0 && scale > 0).then_some((scale, c))
        })
        .collect();
    cells.sort();
    cells.into_iter().map(|(_, c)| c).collect()
}

/// The neighbour at an hour. Hex: one unit step. Triangles: the cell that shares a corner
/// with `c` and whose centroid lies in that direction (found by the triangles' corners).
fn king_neighbour(grid: Grid, c: Coord, h: Hour) -> Option<Coord> {
    let Grid::Triangle(lay) = grid else {
        return Some(grid.king_step(c, h));
    };
    let vertices = corners;
    let d = direction(lattice_hour(lay, h));
    let mut found = None;
    for x in -4..=4 {
        for y in -4..=4 {
            let n = c + Coord::new(x, y);
            let v = n - c;
            let touches = vertices(n).iter().any(|p| vertices(c).contains(p));
            let cross = v.a * d.b - v.b * d.a;
            let ahead = v.a * d.a + v.b * d.b > 0;
            if n != c && grid.is_cell(n) && touches && cross == 0 && ahead {
                found = Some(n);
            }
        }
    }
    found
}
