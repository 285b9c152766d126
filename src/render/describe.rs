//! Pieces and rules in words, for the rules page: generated from the checked variant and its
//! tables, so the words cannot drift from what hexv plays.

use crate::analyse::colour_change;
use crate::compile::MoveTables;
use crate::geometry::directions::{builtin, DirSet};
use crate::geometry::{Grid, RayKind};
use crate::variant::{
    Beyond, Guard, Leap, Mode, Movement, MultiStepFrom, NoneCaptured, Occupant, PieceId, Variant,
};

/// The built-in direction names tried when describing a set of hours, with their words.
const PHRASES: [(&str, &str); 22] = [
    ("all", "in every direction"),
    ("orthogonal", "orthogonally"),
    ("diagonal", "diagonally"),
    ("face-point", "along face-point lines"),
    ("forward", "forward in every direction"),
    ("backward", "backward in every direction"),
    ("sideways", "sideways"),
    ("forward-orthogonal", "forward orthogonally"),
    ("forward-diagonal", "forward diagonally"),
    ("forward-face-point", "forward along face-point lines"),
    ("backward-orthogonal", "backward orthogonally"),
    ("backward-diagonal", "backward diagonally"),
    ("backward-face-point", "backward along face-point lines"),
    ("sideways-orthogonal", "sideways orthogonally"),
    ("sideways-diagonal", "sideways diagonally"),
    ("sideways-face-point", "sideways along face-point lines"),
    (
        "face-first",
        "along the lines leaving its cell across a side",
    ),
    (
        "point-first",
        "along the lines leaving its cell across a corner",
    ),
    (
        "forward-face-first",
        "forward along the lines leaving its cell across a side",
    ),
    (
        "forward-point-first",
        "forward along the lines leaving its cell across a corner",
    ),
    (
        "backward-face-first",
        "backward along the lines leaving its cell across a side",
    ),
    (
        "backward-point-first",
        "backward along the lines leaving its cell across a corner",
    ),
];

/// Words for a set of directions: the built-in names it is made of (largest first), then
/// any hours left over.
fn directions(grid: Grid, set: DirSet) -> String {
    let mut left = set;
    let mut parts: Vec<&str> = Vec::new();
    loop {
        let best = PHRASES
            .iter()
            .filter_map(|(name, words)| {
                let named = builtin(grid, name)?;
                let inside = !named.is_empty() && left.includes(named);
                inside.then_some((named.len(), named, *words))
            })
            .max_by_key(|(size, _, _)| *size);
        let Some((_, named, words)) = best else { break };
        parts.push(words);
        left = left.difference(named);
    }
    let mut words: Vec<String> = parts.iter().map(|p| p.to_string()).collect();
    for (kind, hours) in left.by_kind() {
        let list: Vec<String> = hours.iter().map(|h| h.to_string()).collect();
        let at = match list.as_slice() {
            [] => continue,
            [one] => format!("at {one} o'clock"),
            [rest @ .., last] => format!("at {} and {last} o'clock", rest.join(", ")),
        };
        words.push(match kind {
            RayKind::SameColour if grid.is_triangle() => format!("{at} to cells of its own colour"),
            RayKind::FaceFirst => format!("{at} where that line leaves its cell across a side"),
            RayKind::PointFirst => format!("{at} where that line leaves its cell across a corner"),
            _ => at,
        });
    }
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A movement's `when` / `unless` clauses as words after its sentence: ", only while it has
/// not moved, and not while an enemy piece stands at 11 or 1 o'clock from it".
fn guard_words(v: &Variant, g: &Guard) -> String {
    let mut words: Vec<String> = Vec::new();
    match g.unmoved {
        Some(true) => words.push("only while it has not moved".into()),
        Some(false) => words.push("only once it has moved".into()),
        None => {}
    }
    for (z, inside) in &g.from {
        let not = if *inside { "" } else { "not " };
        words.push(format!("{not}from the cells of `{}`", v.zone(*z).name));
    }
    for (z, inside) in &g.to {
        let not = if *inside { "" } else { "not " };
        words.push(format!("{not}to the cells of `{}`", v.zone(*z).name));
    }
    for (h, holds) in &g.pointing {
        let only = if *holds { "only" } else { "not" };
        words.push(format!("{only} from a triangle pointing at {h} o'clock"));
    }
    for test in &g.occupants {
        let who = match test.who {
            Occupant::Enemy => "an enemy piece",
            Occupant::Friend => "one of its own pieces",
            Occupant::Piece => "a piece",
        };
        let cells: Vec<String> = test.cells.iter().map(relative_cell).collect();
        let (lead, cells) = match cells.as_slice() {
            [one] => ("the cell", one.clone()),
            _ => (
                "one of the cells",
                either(&cells.iter().map(String::as_str).collect::<Vec<_>>()),
            ),
        };
        let when = if test.present {
            "only while"
        } else {
            "not while"
        };
        words.push(format!("{when} {who} stands on {lead} {cells} from it"));
    }
    match words.as_slice() {
        [] => String::new(),
        [one] => format!(", {one}"),
        [rest @ .., last] => format!(", {}, and {last}", rest.join(", ")),
    }
}

/// A cell relative to a piece: "at 11 o'clock", "[12 1] away", "(1, 2) away".
fn relative_cell(leap: &Leap) -> String {
    match leap {
        Leap::Path(hours) if hours.len() == 1 => format!("at {} o'clock", hours[0].get()),
        Leap::Path(hours) => {
            let hs: Vec<String> = hours.iter().map(|h| h.get().to_string()).collect();
            format!("[{}] away", hs.join(" "))
        }
        Leap::Vector(c) => format!("{c} away"),
    }
}

/// "a, b or c".
fn either(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn mode_words(mode: Mode) -> &'static str {
    match (mode.moves, mode.captures) {
        (true, false) => ", without capturing",
        (false, true) => ", only to capture",
        _ => "",
    }
}

/// One sentence per movement, promotion, drop rule and property of a piece.
pub fn piece(v: &Variant, t: &MoveTables, id: PieceId) -> Vec<String> {
    let p = v.piece(id);
    let grid = v.board.grid;
    let mut out = Vec::new();
    if p.royal && v.rules.royal_captured {
        out.push("Royal: it may be left attacked, and taking it wins.".to_string());
    } else if p.royal {
        out.push("Royal: it may not be left attacked, and checkmating it wins.".to_string());
    }
    // Rides that differ only in their kind of ray (a triangle King's `step all`) read as one.
    let mut rides: Vec<(Option<u32>, Mode, bool, &Guard, DirSet)> = Vec::new();
    for rule in &p.movements {
        if let Movement::Ride {
            hours,
            kind,
            max,
            mode,
            en_passant,
        } = &rule.movement
        {
            let set = DirSet::of_kind(*kind, *hours);
            let g = &rule.guard;
            match rides
                .iter_mut()
                .find(|r| (r.0, r.1, r.2, r.3) == (*max, *mode, *en_passant, g))
            {
                Some(r) => r.4 = r.4.union(set),
                None => rides.push((*max, *mode, *en_passant, g, set)),
            }
        }
    }
    for (max, mode, en_passant, guard, set) in rides {
        let dirs = directions(grid, set);
        let verb = match max {
            None => format!("Rides any distance {dirs}"),
            Some(1) => format!("Steps one cell {dirs}"),
            Some(n) => format!("Rides up to {n} cells {dirs}"),
        };
        let ep = if en_passant {
            "; an enemy pawn may take it en passant on the cells it passes between"
        } else {
            ""
        };
        out.push(format!(
            "{verb}{}{ep}{}.",
            mode_words(mode),
            guard_words(v, guard)
        ));
    }
    for rule in &p.movements {
        let sentence = match &rule.movement {
            Movement::Ride { .. } => continue,
            Movement::Leap { leaps, mode, lame } => {
                let paths = leaps.iter().any(|l| matches!(l, Leap::Path(_)));
                let how = if *lame {
                    "stepping through the cells of its path, and blocked by a piece on any of them"
                } else if paths {
                    "walking its path of steps"
                } else {
                    "jumping over anything in between"
                };
                format!(
                    "Leaps to {} cells around it, {how}{}.",
                    leaps.len(),
                    mode_words(*mode)
                )
            }
            Movement::LeapRide { leaps, max, mode } => {
                let how_far = match max {
                    None => "any number of times".to_string(),
                    Some(1) => "once".to_string(),
                    Some(n) => format!("up to {n} times"),
                };
                format!(
                    "Leaps again and again the same way, by any of its {} leaps, {how_far}: over anything in between, stopping at the first piece it lands on{}.",
                    leaps.len(),
                    mode_words(*mode)
                )
            }
            Movement::Hop {
                hours,
                kind,
                beyond,
                mode,
            } => {
                let dirs = directions(grid, DirSet::of_kind(*kind, *hours));
                match beyond {
                    Beyond::Next => format!(
                        "Hops {dirs} over the first piece on its line, of either side, to the cell just beyond it{}.",
                        mode_words(*mode)
                    ),
                    _ => format!(
                        "Jumps {dirs} over exactly one piece, of either side, to any cell beyond it up to the next piece{}.",
                        mode_words(*mode)
                    ),
                }
            }
            Movement::MultiStep {
                max,
                hours,
                kind,
                from,
                en_passant,
            } => {
                let dirs = directions(grid, DirSet::of_kind(*kind, *hours));
                let when = match from {
                    MultiStepFrom::Zone(z) => format!("from the cells of `{}`", v.zone(*z).name),
                    MultiStepFrom::Unmoved => "while it has not moved".to_string(),
                };
                let right = if *en_passant {
                    "the opponent may take it en passant on a cell it passed"
                } else {
                    "no en-passant capture on the cells it passed"
                };
                format!(
                    "May advance up to {max} cells {dirs} over empty cells {when}, without capturing; {right}."
                )
            }
        };
        // The clauses go before the full stop (and before a multi-step's en-passant note).
        let clauses = guard_words(v, &rule.guard);
        out.push(match sentence.split_once(';') {
            Some((head, tail)) if !clauses.is_empty() => format!("{head}{clauses};{tail}"),
            _ => match sentence.strip_suffix('.') {
                Some(head) => format!("{head}{clauses}."),
                None => sentence,
            },
        });
    }
    if let Some(z) = p.confined {
        out.push(format!(
            "Never leaves `{}`, not even in passing.",
            v.zone(z).name
        ));
    }
    if colour_change(v, t, id).is_none() {
        out.push("Never leaves its colour.".to_string());
    }
    if let Some(promo) = &p.promotion {
        let to: Vec<&str> = promo.to.iter().map(|q| v.piece(*q).name.as_str()).collect();
        let zone = &v.zone(promo.zone).name;
        out.push(if promo.optional {
            format!(
                "May promote to {} on a move that starts or ends in `{zone}`; must where it would have no move.",
                either(&to)
            )
        } else {
            format!("Promotes to {} on reaching `{zone}`.", either(&to))
        });
        match promo.captured_only {
            None => {}
            Some(NoneCaptured::Stop) => out.push(
                "Only to a piece its side has lost (fewer of it on the board and in hand than its setup places); with none lost, it may not make a move that must promote.".to_string(),
            ),
            Some(NoneCaptured::Wait) => out.push(
                "Only to a piece its side has lost (fewer of it on the board and in hand than its setup places); with none lost, it makes such a move unpromoted and waits, promoting where it stands as a later move once one is lost.".to_string(),
            ),
        }
    }
    if let Some(base) = p.demotes_to {
        out.push(format!(
            "Captured, it goes to the hand as a {}.",
            v.piece(base).name
        ));
    }
    if !p.drops.not_defended_by.is_empty() {
        let by: Vec<&str> = p
            .drops
            .not_defended_by
            .iter()
            .map(|q| v.piece(*q).name.as_str())
            .collect();
        out.push(format!(
            "May not be dropped where its owner could capture with a {}.",
            either(&by)
        ));
    }
    if p.drops.no_check {
        out.push("A drop of it may not give check.".to_string());
    }
    if p.drops.no_mate {
        out.push("A drop of it may not give checkmate.".to_string());
    }
    for limit in &p.drops.line_limits {
        let most = match limit.at_most {
            1 => format!("a second {}", p.name),
            n => format!("more than {n} {}s", p.name),
        };
        out.push(format!(
            "May not be dropped where a line through its cell ({}, both ways) would then hold {most} of its owner's.",
            directions(v.board.grid, limit.lines)
        ));
    }
    for c in v.castlings.iter().filter(|c| c.king == id) {
        let n = |x| v.board.name(x);
        let written = c
            .notation
            .as_ref()
            .map(|w| format!(" (written `{w}`)"))
            .unwrap_or_default();
        out.push(format!(
            "{} castles {}-{}, the {} going {}-{}{written}.",
            if c.side == crate::variant::Side::WHITE {
                "White"
            } else {
                "Black"
            },
            n(c.king_from),
            n(c.king_to),
            v.piece(c.rook).name,
            n(c.rook_from),
            n(c.rook_to)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::directions::HourSet;
    use crate::geometry::{Lay, Orientation};

    fn lines(hours: &[u8]) -> DirSet {
        DirSet::lines(HourSet::of(hours))
    }

    #[test]
    fn directions_by_name_or_hours() {
        let flat = Grid::Hex(Orientation::Flat);
        let pointy = Grid::Hex(Orientation::Pointy);
        assert_eq!(
            directions(flat, lines(&[2, 4, 6, 8, 10, 12])),
            "orthogonally"
        );
        assert_eq!(directions(flat, lines(&[10, 2])), "at 2 and 10 o'clock");
        assert_eq!(directions(flat, lines(&[12])), "at 12 o'clock");
        // Hex Shogi's Gold and Silver.
        assert_eq!(
            directions(pointy, lines(&[1, 3, 5, 7, 9, 11, 10, 12, 2])),
            "orthogonally and forward diagonally"
        );
        assert_eq!(
            directions(pointy, lines(&[2, 4, 6, 8, 10, 12, 11, 1])),
            "diagonally and forward orthogonally"
        );
        let columns = Grid::Triangle(Lay::Columns);
        let bishop = DirSet::of_kind(RayKind::SameColour, HourSet::of(&[10, 12, 2]));
        assert_eq!(directions(columns, bishop), "forward diagonally");
        assert_eq!(
            directions(columns, lines(&[11, 1])),
            "forward along face-point lines"
        );
        let king = builtin(columns, "all").unwrap();
        assert_eq!(directions(columns, king), "in every direction");
        // Dekle's rook and bishop, and a rook limited to one hour.
        let rows = Grid::Triangle(Lay::Rows);
        let rook = builtin(rows, "face-first").unwrap();
        assert_eq!(
            directions(rows, rook),
            "along the lines leaving its cell across a side"
        );
        let ahead = DirSet::of_kind(RayKind::PointFirst, HourSet::of(&[12]));
        assert_eq!(
            directions(rows, ahead),
            "at 12 o'clock where that line leaves its cell across a corner"
        );
        assert_eq!(
            directions(rows, builtin(rows, "forward-face-point").unwrap()),
            "forward along face-point lines"
        );
        assert_eq!(
            either(&["Queen", "Rook", "Bishop"]),
            "Queen, Rook or Bishop"
        );
    }
}
