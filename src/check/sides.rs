//! The sides (pass 3, with the board): their names in turn order, each side's frame, and how
//! each side's cells follow from the first side's by the `symmetry` line.

use super::codes;
use super::suggest::closest;
use crate::diagnostic::{Diagnostic, Span};
use crate::geometry::board::{Board, CellId, Symmetry};
use crate::syntax::ast::{Name, SidesDef};
use crate::variant::{title_case, Frame, Side, SideInfo};

/// The sides of a variant as the checker resolves the rest of the file against them.
#[derive(Clone, Debug)]
pub struct Sides {
    /// Names and frames in turn order.
    pub infos: Vec<SideInfo>,
    /// Per side, where each of the first side's cells lands for it, when the `symmetry` line
    /// derives that side (the first side's map is never used).
    maps: Vec<Option<Vec<CellId>>>,
    /// Whether a `sides` line named them (otherwise they are White and Black).
    pub declared: bool,
}

impl Sides {
    /// How many sides play.
    pub fn count(&self) -> usize {
        self.infos.len()
    }

    /// Every side, in turn order.
    pub fn ids(&self) -> impl Iterator<Item = Side> {
        (0..self.infos.len()).filter_map(Side::new)
    }

    /// The side named `name`, if there is one.
    pub fn find(&self, name: &str) -> Option<Side> {
        self.infos
            .iter()
            .position(|s| s.name == name)
            .and_then(Side::new)
    }

    /// The side's name at the start of a sentence ("White", "Red").
    pub fn title(&self, side: Side) -> String {
        let name = self
            .infos
            .get(side.index())
            .map_or(side.name(), |s| s.name.as_str());
        title_case(name)
    }

    /// `side`'s cells for the first side's `cells`, when the symmetry derives that side.
    pub fn derive(&self, side: Side, cells: &[CellId]) -> Option<Vec<CellId>> {
        let map = self.maps.get(side.index())?.as_ref()?;
        Some(cells.iter().map(|c| map[c.index()]).collect())
    }

    /// The sides' names as a list for help texts: "`white`, `red` and `blue`".
    pub fn listed(&self) -> String {
        let names: Vec<String> = self.infos.iter().map(|s| format!("`{}`", s.name)).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.join(""),
        }
    }
}

/// The sides of the file: its `sides` line, or White and Black; `None` when the line is
/// wrong (reported: nothing per side can be resolved against it).
pub fn resolve(
    def: Option<&SidesDef>,
    symmetry: Option<(Symmetry, Span)>,
    board: &Board,
    diags: &mut Vec<Diagnostic>,
) -> Option<Sides> {
    let Some(def) = def else {
        return Some(two(symmetry, board, diags));
    };
    let infos = declared(def, diags)?;
    let mut maps = vec![None; infos.len()];
    match symmetry {
        None => {}
        Some((Symmetry::Mirror, span)) if infos.len() != 2 => {
            diags.push(
                Diagnostic::error(
                    codes::BOARD_SYMMETRY,
                    format!(
                        "`symmetry mirror` derives a second side, but the file has {} sides",
                        infos.len()
                    ),
                )
                .at(span, "declared here")
                .also(def.keyword, "the sides")
                .help("write `symmetry rotate` to turn the first side's setup and zones by each side's frame, or give every side's explicitly"),
            );
            return None;
        }
        Some((Symmetry::Mirror, span)) => {
            let who = format!("{}'s", title_case(&infos[1].name));
            maps[1] = Some(fitted(
                board.symmetry_map(Symmetry::Mirror),
                (span, "mirror", &who),
                diags,
            )?);
        }
        Some((Symmetry::Rotate, span)) => {
            for (k, info) in infos.iter().enumerate().skip(1) {
                let who = format!("{}'s", title_case(&info.name));
                let turned = board.turn_map(info.frame.hours());
                maps[k] = Some(fitted(turned, (span, "rotate", &who), diags)?);
            }
        }
    }
    Some(Sides {
        infos,
        maps,
        declared: true,
    })
}

/// White and Black, Black's cells derived by the symmetry line if there is one.
fn two(symmetry: Option<(Symmetry, Span)>, board: &Board, diags: &mut Vec<Diagnostic>) -> Sides {
    let map = symmetry.and_then(|(kind, span)| {
        let word = match kind {
            Symmetry::Mirror => "mirror",
            Symmetry::Rotate => "rotate",
        };
        fitted(board.symmetry_map(kind), (span, word, "Black's"), diags)
    });
    Sides {
        infos: SideInfo::two(),
        maps: vec![None, map],
        declared: false,
    }
}

/// The map, or the diagnostic saying the symmetry line (at `span`, its `word`) does not fit
/// the board, so that `whose` setup and zones must be given.
fn fitted(
    map: Result<Vec<CellId>, String>,
    (span, word, whose): (Span, &str, &str),
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<CellId>> {
    map.map_err(|why| {
        diags.push(
            Diagnostic::error(
                codes::BOARD_SYMMETRY,
                format!("`symmetry {word}` does not fit this board"),
            )
            .at(span, "declared here")
            .help(format!(
                "{why}; give {whose} setup and zones explicitly instead"
            )),
        );
    })
    .ok()
}

/// The sides a `sides` line declares, with their frames; `None` after reporting what is wrong.
fn declared(def: &SidesDef, diags: &mut Vec<Diagnostic>) -> Option<Vec<SideInfo>> {
    let before = diags.len();
    let n = def.sides.len();
    if !(2..=Side::MAX).contains(&n) {
        diags.push(
            Diagnostic::error(
                codes::SIDES,
                format!(
                    "{n} side{}; a game has 2 to {} sides",
                    if n == 1 { "" } else { "s" },
                    Side::MAX
                ),
            )
            .at(def.span, "the sides")
            .help("name every side that plays, in turn order: `sides white black red`"),
        );
        return None;
    }
    for (i, side) in def.sides.iter().enumerate() {
        if let Some(first) = def.sides[..i]
            .iter()
            .find(|s| s.name.node == side.name.node)
        {
            diags.push(
                Diagnostic::error(
                    codes::SIDES,
                    format!("side `{}` is named twice", side.name.node),
                )
                .at(side.name.span, "again here")
                .also(first.name.span, "first here")
                .help("give every side its own name"),
            );
        }
    }
    let frames = frames(def, diags)?;
    (diags.len() == before).then(|| {
        def.sides
            .iter()
            .zip(frames)
            .map(|(s, frame)| SideInfo {
                name: s.name.node.clone(),
                frame,
            })
            .collect()
    })
}

/// Each side's frame: as stated (`forward HOUR`), or equal parts of a turn.
fn frames(def: &SidesDef, diags: &mut Vec<Diagnostic>) -> Option<Vec<Frame>> {
    let n = def.sides.len();
    let stated = def
        .sides
        .iter()
        .skip(1)
        .filter(|s| s.forward.is_some())
        .count();
    if stated == 0 && def.sides[0].forward.is_none() {
        // Equal parts of a turn, each a turn of the grid (a sixth of a turn or more).
        if !12_usize.is_multiple_of(n) || !(12 / n).is_multiple_of(2) {
            diags.push(
                Diagnostic::error(
                    codes::SIDES,
                    format!("{n} sides cannot face the board by equal turns of the grid"),
                )
                .at(def.span, "the sides")
                .help("cells turn onto cells by sixths of a turn only: say where each side's 12 o'clock points, e.g. `sides white forward 12 red forward 4 ...`"),
            );
            return None;
        }
        return Some(
            (0..n)
                .map(|k| Frame::turned_by((k * 12 / n) as u8))
                .collect(),
        );
    }
    if stated != n - 1 {
        let missing = def.sides.iter().skip(1).find(|s| s.forward.is_none());
        if let Some(m) = missing {
            diags.push(
                Diagnostic::error(
                    codes::SIDES,
                    format!("side `{}` does not say where its 12 o'clock points", m.name.node),
                )
                .at(m.name.span, "no `forward` hour")
                .help("say it for every side after the first (`red forward 4`), or for none to turn them by equal parts"),
            );
            return None;
        }
    }
    let mut frames = Vec::new();
    let mut ok = true;
    for (k, side) in def.sides.iter().enumerate() {
        let Some(hour) = &side.forward else {
            frames.push(Frame::FIRST);
            continue;
        };
        let h = hour.node.filter(|h| (1..=12).contains(h));
        match h {
            Some(h) if k == 0 && h != 12 => {
                ok = false;
                diags.push(
                    Diagnostic::error(
                        codes::SIDES,
                        "the first side's 12 o'clock is the board's own",
                    )
                    .at(hour.span, "must be 12")
                    .help("hours are written in the first side's frame: leave its `forward` out or write 12, and turn the others from it"),
                );
            }
            Some(h) if h % 2 != 0 => {
                ok = false;
                diags.push(
                    Diagnostic::error(
                        codes::SIDES,
                        format!("side `{}` faces hour {h}, which no cell faces", side.name.node),
                    )
                    .at(hour.span, "an odd hour")
                    .help("cells turn onto cells by sixths of a turn: a side's 12 o'clock points at an even hour"),
                );
            }
            Some(h) => frames.push(Frame::turned_by(h as u8)),
            None => {
                ok = false;
                diags.push(
                    Diagnostic::error(codes::BAD_HOUR, "directions are clock hours from 1 to 12")
                        .at(hour.span, "no such hour")
                        .help("the hour, on the first side's clock, that this side's 12 o'clock points at"),
                );
            }
        }
    }
    ok.then_some(frames)
}

/// The side a block line or header names (the first side when it names none), or the
/// diagnostic saying no side is called so.
pub fn named(sides: &Sides, name: Option<&Name>) -> Result<Side, Diagnostic> {
    let Some(name) = name else {
        return Ok(Side::WHITE);
    };
    sides.find(&name.node).ok_or_else(|| {
        let names: Vec<&str> = sides.infos.iter().map(|s| s.name.as_str()).collect();
        Diagnostic::error(
            codes::UNKNOWN_SIDE,
            format!("no side is called `{}`", name.node),
        )
        .at(name.span, "not a side")
        .suggest(
            closest(&name.node, names.iter().copied()),
            if sides.declared {
                format!("the sides are {}", sides.listed())
            } else {
                format!(
                    "the sides are {}; a `sides` line at the top level names more",
                    sides.listed()
                )
            },
        )
    })
}
