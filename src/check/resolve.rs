//! Resolving names: directions, zones, pieces, setup and rules become ids and cells.

use std::collections::{HashMap, HashSet};

use super::codes;
use super::sides::{self, Sides};
use super::statements::{self, misplaced, Block};
use super::suggest::{closest, did_you_mean};
use crate::diagnostic::{Diagnostic, Label, Span};
use crate::geometry::board::{Board, CellId, Symmetry};
use crate::geometry::directions::{self, DirSet, HourSet, BUILTIN_NAMES};
use crate::geometry::{Grid, Hour, Lay, Orientation};
use crate::syntax::ast::{self, Direction, Name, Number};
use crate::variant::{BySide, PieceId, Placements, Side, Zone, ZoneId};

/// Most piece types in one variant.
pub const MAX_PIECES: usize = 64;

/// "the board's cells are named like `a1`, `a2`, `a3`" (help when no name is close).
pub fn cell_name_examples(names: &[String]) -> String {
    let sample: Vec<String> = names.iter().take(3).map(|s| format!("`{s}`")).collect();
    format!("the board's cells are named like {}", sample.join(", "))
}

/// Where each setup placement is written.
#[derive(Clone, Debug, Default)]
pub struct SetupSpans {
    /// One per placed piece, parallel to the variant's setup lists.
    pub cells: BySide<Vec<Span>>,
    /// The `setup` keyword of each side's block (Black's may be derived from White's).
    pub block: BySide<Option<Span>>,
    /// One per piece of each side's hand at the start, parallel to the variant's lists (a
    /// derived side's are the first side's).
    pub hand: BySide<Vec<Span>>,
}

/// Each side's placements and hand at the start, as the setup blocks give or derive them.
pub type ResolvedSetup = (BySide<Placements>, BySide<Vec<PieceId>>, SetupSpans);

/// The words after a direction list (modes, limits, conditions), offered when a misspelt one
/// was read as a direction.
const LIST_ENDERS: [&str; 11] = [
    "move-only",
    "capture-only",
    "en-passant",
    "max",
    "from",
    "unmoved",
    "to",
    "at",
    "when",
    "unless",
    "lame",
];

pub struct Resolver<'a> {
    pub board: &'a Board,
    pub symmetry: Option<(Symmetry, Span)>,
    /// The sides, and how the symmetry derives each one's cells from the first side's.
    pub sides: Sides,
    pub diags: &'a mut Vec<Diagnostic>,
    user_directions: HashMap<String, DirSet>,
    zone_ids: HashMap<String, ZoneId>,
    /// Where each resolved zone is named, in id order.
    pub zone_spans: Vec<Span>,
    /// Where the rules' `placement` line is, if they have one.
    pub placement_span: Option<Span>,
    piece_keys: HashMap<String, PieceId>,
    /// Per declared piece, in id order: whether its block says `royal`.
    pub royal_declared: Vec<bool>,
    /// Direction sets and zones that are defined but could not be resolved (already
    /// reported): using them is not reported again as "unknown".
    broken_directions: HashSet<String>,
    broken_zones: HashSet<String>,
    /// The diagnostic saying Black's cells are missing, once made: later places add a label
    /// to it instead of repeating it.
    no_black: Option<usize>,
}

impl<'a> Resolver<'a> {
    pub fn new(
        board: &'a Board,
        symmetry: Option<(Symmetry, Span)>,
        sides: Sides,
        diags: &'a mut Vec<Diagnostic>,
    ) -> Self {
        Resolver {
            board,
            symmetry,
            sides,
            diags,
            user_directions: HashMap::new(),
            zone_ids: HashMap::new(),
            zone_spans: Vec::new(),
            placement_span: None,
            piece_keys: HashMap::new(),
            royal_declared: Vec::new(),
            broken_directions: HashSet::new(),
            broken_zones: HashSet::new(),
            no_black: None,
        }
    }

    pub(super) fn grid(&self) -> Grid {
        self.board.grid
    }

    pub fn cell(&mut self, name: &Name) -> Option<CellId> {
        if let Some(c) = self.board.find(&name.node) {
            return Some(c);
        }
        let names = self.board.names().iter().map(String::as_str);
        let help = did_you_mean(&name.node, names)
            .unwrap_or_else(|| cell_name_examples(self.board.names()));
        self.diags.push(
            Diagnostic::error(
                codes::UNKNOWN_CELL,
                format!("there is no cell `{}` on the board", name.node),
            )
            .at(name.span, "not on the board")
            .help(help),
        );
        None
    }

    /// A cell of the board itself: an off-board cell is refused (`what` says where it
    /// was named, e.g. "a zone").
    pub(super) fn board_cell(&mut self, name: &Name, what: &str) -> Option<CellId> {
        let c = self.cell(name)?;
        if !self.board.is_off_board(c) {
            return Some(c);
        }
        self.diags.push(
            Diagnostic::error(
                codes::OFF_BOARD_CELL,
                format!(
                    "`{}` is an off-board cell, which {what} cannot use",
                    name.node
                ),
            )
            .at(name.span, "off the board")
            .help("off-board cells only hold pieces in the setup; name a cell of the board"),
        );
        None
    }

    /// Cells of the board itself (see [`Resolver::board_cell`]).
    pub(super) fn board_cells(&mut self, names: &[Name], what: &str) -> Option<Vec<CellId>> {
        let mut out = Vec::new();
        let mut ok = true;
        for n in names {
            match self.board_cell(n, what) {
                Some(c) => out.push(c),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// `side`'s cells from the first side's by the declared symmetry.
    pub(super) fn derive(&self, side: Side, first: &[CellId]) -> Option<Vec<CellId>> {
        self.sides.derive(side, first)
    }

    /// The side a block names (the first side when it names none); `None` after reporting
    /// that there is no such side.
    pub(super) fn side(&mut self, name: Option<&Name>) -> Option<Side> {
        sides::named(&self.sides, name)
            .map_err(|d| self.diags.push(d))
            .ok()
    }

    pub fn direction_set(&mut self, def: &ast::DirectionsDef) {
        match self.hours(&def.directions) {
            Some(hours) => {
                self.user_directions.insert(def.name.node.clone(), hours);
            }
            None => {
                self.broken_directions.insert(def.name.node.clone());
            }
        }
    }

    pub(super) fn hour(&mut self, n: &Number) -> Option<Hour> {
        let h = n
            .node
            .and_then(|v| u8::try_from(v).ok())
            .and_then(Hour::new);
        if h.is_none() {
            self.diags.push(
                Diagnostic::error(codes::BAD_HOUR, "directions are clock hours from 1 to 12")
                    .at(n.span, "no such hour")
                    .help("12 is straight ahead, 3 to the mover's right, 6 straight back"),
            );
        }
        h
    }

    /// A bare hour: its one kind of ray. On triangle boards an even hour names two
    /// (along the row, or to the same-coloured cell), which the file must choose between.
    fn bare_hour(&mut self, n: &Number) -> Option<DirSet> {
        let h = self.hour(n)?;
        if self.grid().hour_is_ambiguous(h) {
            let lines = if h.get() % 2 == 0 { "odd" } else { "even" };
            self.diags.push(
                Diagnostic::error(
                    codes::AMBIGUOUS_HOUR,
                    format!("on a triangle board hour {h} names two directions"),
                )
                .at(n.span, "which one?")
                .help(format!("write `{h}-orthogonal` (face to face along the row) or `{h}-diagonal` (to the same-coloured cell); {lines} hours are `face-point` lines")),
            );
            return None;
        }
        let mut set = HourSet::EMPTY;
        set.insert(h);
        Some(DirSet::lines(set))
    }

    /// Resolves a direction list; every name must exist and mean at least one direction.
    pub(super) fn hours(&mut self, dirs: &[Direction]) -> Option<DirSet> {
        let mut set = DirSet::EMPTY;
        let mut ok = true;
        for d in dirs {
            match d {
                Direction::Hour(n) => match self.bare_hour(n) {
                    Some(h) => set = set.union(h),
                    None => ok = false,
                },
                Direction::Named(name) => {
                    let found = self
                        .user_directions
                        .get(&name.node)
                        .copied()
                        .or_else(|| directions::builtin(self.grid(), &name.node));
                    match found {
                        Some(hours) if hours.is_empty() => {
                            ok = false;
                            let help = match self.grid() {
                                Grid::Hex(_) if name.node.contains("face-point") => {
                                    "`face-point` lines exist on triangle boards only: hex boards have `orthogonal` and `diagonal` rays"
                                }
                                Grid::Hex(_)
                                    if name.node.contains("face-first")
                                        || name.node.contains("point-first") =>
                                {
                                    "`face-first` and `point-first` lines exist on triangle boards only: hex boards have `orthogonal` and `diagonal` rays"
                                }
                                Grid::Hex(Orientation::Flat) => {
                                    "on flat boards the sideways hours 3 and 9 are diagonal"
                                }
                                Grid::Hex(Orientation::Pointy) => {
                                    "on pointy boards the sideways hours 3 and 9 are orthogonal"
                                }
                                Grid::Triangle(Lay::Columns) => {
                                    "on triangle boards the sideways hours 3 and 9 are `face-point` lines; rows and same-colour rays run along the even hours"
                                }
                                Grid::Triangle(Lay::Rows) => {
                                    "on triangles in rows the sideways hours 3 and 9 run along the rows and to same-coloured cells; `face-point` lines run along the even hours"
                                }
                            };
                            self.diags.push(
                                Diagnostic::error(
                                    codes::EMPTY_DIRECTIONS,
                                    format!(
                                        "`{}` has no directions on a {} board",
                                        name.node,
                                        self.grid().name()
                                    ),
                                )
                                .at(name.span, "no such direction here")
                                .help(help),
                            );
                        }
                        Some(hours) => set = set.union(hours),
                        None if self.broken_directions.contains(&name.node) => ok = false,
                        None => {
                            ok = false;
                            let candidates: Vec<&str> = BUILTIN_NAMES
                                .iter()
                                .copied()
                                .chain(self.user_directions.keys().map(String::as_str))
                                // The words that end a direction list: a misspelt one
                                // (`move_only`) is read as a direction.
                                .chain(LIST_ENDERS)
                                .collect();
                            let spelled = name.node.replace('_', "-");
                            let suggestion = candidates
                                .contains(&spelled.as_str())
                                .then_some(spelled.clone())
                                .or_else(|| {
                                    closest(&spelled, candidates.iter().copied())
                                        .map(str::to_string)
                                });
                            self.diags.push(
                                Diagnostic::error(codes::UNKNOWN_DIRECTION, format!("unknown direction `{}`", name.node))
                                    .at(name.span, "not a direction")
                                    .suggest(suggestion.as_deref(), "use a clock hour 1-12, a built-in set such as `orthogonal` or `forward-diagonal`, or a set from a `directions` line"),
                            );
                        }
                    }
                }
            }
        }
        ok.then_some(set)
    }

    pub fn zones(&mut self, defs: &[&ast::ZoneDef]) -> Vec<Zone> {
        let mut out = Vec::new();
        let first = Side::WHITE;
        for def in defs {
            let mut given: Vec<Option<Vec<CellId>>> = vec![None; self.sides.count()];
            let mut ok = true;
            for (side, names) in &def.sides {
                let cells = self.board_cells(names, "a zone");
                ok &= cells.is_some();
                match self.zone_side(side.as_ref()) {
                    Some(side) => given[side.index()] = cells,
                    None => ok = false,
                }
            }
            if !ok {
                self.broken_zones.insert(def.name.node.clone());
                continue;
            }
            let Some(own) = given[first.index()].clone() else {
                self.broken_zones.insert(def.name.node.clone());
                let title = self.sides.title(first);
                self.diags.push(
                    Diagnostic::error(
                        codes::MISSING,
                        format!("zone `{}` gives no cells for {title}", def.name.node),
                    )
                    .at(def.name.span, "this zone")
                    .help(format!(
                        "add a `{} CELL ...` line",
                        self.sides.infos[0].name
                    )),
                );
                continue;
            };
            let mut cells = Vec::new();
            for side in self.sides.ids() {
                let derived = self.derive(side, &own);
                match (given[side.index()].take(), derived) {
                    (Some(explicit), derived) => {
                        if let Some(derived) = derived.filter(|_| side != first) {
                            self.not_turned(def, side, &explicit, &derived);
                        }
                        cells.push(explicit);
                    }
                    (None, Some(derived)) => cells.push(derived),
                    (None, None) => {
                        self.no_black(def.name.span, &format!("zone `{}`", def.name.node));
                        break;
                    }
                }
            }
            if cells.len() != self.sides.count() {
                self.broken_zones.insert(def.name.node.clone());
                continue;
            }
            self.zone_ids
                .insert(def.name.node.clone(), ZoneId(out.len() as u16));
            self.zone_spans.push(def.name.span);
            out.push(Zone {
                name: def.name.node.clone(),
                cells: BySide::from_values(cells),
            });
        }
        out
    }

    /// The side a zone block's line names. A word that is no side is reported as the
    /// line's unknown statement, as any unreadable line of a block is.
    fn zone_side(&mut self, name: Option<&Name>) -> Option<Side> {
        let name = match name {
            Some(n) if self.sides.find(&n.node).is_none() => n,
            other => return self.side(other),
        };
        let names: Vec<&str> = self.sides.infos.iter().map(|s| s.name.as_str()).collect();
        let d = if self.sides.declared {
            Diagnostic::error(
                codes::UNKNOWN_STATEMENT,
                format!("unknown statement `{}` in a `zone` block", name.node),
            )
            .at(name.span, "unknown")
            .suggest(
                closest(&name.node, names.iter().copied()),
                format!(
                    "a line of a zone block names a side ({}), then its cells",
                    self.sides.listed()
                ),
            )
        } else {
            statements::unknown_statement(name, Block::Zone)
        };
        self.diags.push(d);
        None
    }

    /// Warns when a zone's cells given for `side` are not the first side's turned by the
    /// side's frame, in a variant whose `sides` and `symmetry rotate` say they are.
    fn not_turned(
        &mut self,
        def: &ast::ZoneDef,
        side: Side,
        explicit: &[CellId],
        turned: &[CellId],
    ) {
        let rotated = matches!(self.symmetry, Some((Symmetry::Rotate, _)));
        if !self.sides.declared || !rotated {
            return;
        }
        let set = |c: &[CellId]| c.iter().copied().collect::<std::collections::BTreeSet<_>>();
        if set(explicit) == set(turned) {
            return;
        }
        let span = def
            .sides
            .iter()
            .find(|(s, _)| {
                s.as_ref()
                    .is_some_and(|n| self.sides.find(&n.node) == Some(side))
            })
            .and_then(|(s, _)| s.as_ref().map(|n| n.span))
            .unwrap_or(def.name.span);
        let hours = self.sides.infos[side.index()].frame.hours();
        let names: Vec<&str> = turned.iter().map(|c| self.board.name(*c)).collect();
        self.diags.push(
            Diagnostic::warning(
                codes::ZONE_NOT_TURNED,
                format!(
                    "zone `{}`: {}'s cells are not the first side's turned by {} degrees",
                    def.name.node,
                    self.sides.title(side),
                    u32::from(hours) * 30
                ),
            )
            .at(span, "these cells")
            .help(format!(
                "`symmetry rotate` says the sides are turns of each other: the turned cells are {}; or leave the line out to derive them",
                names.join(" ")
            )),
        );
    }

    /// Reports that `what` gives the first side's cells only. Without a `symmetry` line this
    /// is one mistake however many zones and setups it touches, so later places become
    /// labels of the first diagnostic. With a `symmetry` that does not fit the board, that
    /// was already reported and nothing more is said.
    pub(super) fn no_black(&mut self, span: Span, what: &str) {
        if self.symmetry.is_some() {
            return;
        }
        let (first, others) = if self.sides.declared {
            (
                self.sides.title(Side::WHITE),
                "the other sides'".to_string(),
            )
        } else {
            ("White".to_string(), "Black's".to_string())
        };
        if let Some(d) = self.no_black.and_then(|i| self.diags.get_mut(i)) {
            d.message =
                format!("{others} cells are not given, and no `symmetry` line derives them");
            d.labels.push(Label {
                span,
                text: format!("{first}'s only"),
                primary: false,
            });
            return;
        }
        self.no_black = Some(self.diags.len());
        let (message, help) = if self.sides.declared {
            (
                format!("{what} gives {first}'s cells only"),
                "add `symmetry rotate` at the top level, or give every side's cells explicitly",
            )
        } else {
            (
                format!("{what} does not say where Black's cells are"),
                "add `symmetry mirror` or `symmetry rotate` at the top level, or give Black's cells explicitly",
            )
        };
        self.diags.push(
            Diagnostic::error(codes::NO_BLACK, message)
                .at(span, format!("{first}'s only"))
                .help(help),
        );
    }

    pub(super) fn zone(&mut self, name: &Name) -> Option<ZoneId> {
        if let Some(z) = self.zone_ids.get(&name.node) {
            return Some(*z);
        }
        if self.broken_zones.contains(&name.node) {
            return None;
        }
        let names: Vec<String> = self.zone_ids.keys().cloned().collect();
        let suggestion = closest(&name.node, names.iter().map(String::as_str)).map(str::to_string);
        self.diags.push(
            Diagnostic::error(codes::UNKNOWN_ZONE, format!("unknown zone `{}`", name.node))
                .at(name.span, "not defined")
                .suggest(
                    suggestion.as_deref(),
                    format!(
                        "define it at the top level: `zone {} = CELL ...`",
                        name.node
                    ),
                ),
        );
        None
    }

    pub fn declare_pieces(&mut self, defs: &[&ast::PieceDef]) {
        for (i, d) in defs.iter().enumerate() {
            let id = PieceId(i as u8);
            self.piece_keys.insert(d.symbol.node.clone(), id);
            self.piece_keys.entry(d.name.node.clone()).or_insert(id);
            self.royal_declared.push(
                d.statements
                    .iter()
                    .any(|s| matches!(s, ast::PieceStmt::Royal(_))),
            );
        }
    }

    pub fn piece_ref(&mut self, name: &Name) -> Option<PieceId> {
        if let Some(p) = self.piece_keys.get(&name.node) {
            return Some(*p);
        }
        let keys: Vec<String> = self.piece_keys.keys().cloned().collect();
        let suggestion = closest(&name.node, keys.iter().map(String::as_str)).map(str::to_string);
        self.diags.push(
            Diagnostic::error(
                codes::UNKNOWN_PIECE,
                format!("unknown piece `{}`", name.node),
            )
            .at(name.span, "no piece has this symbol or name")
            .suggest(
                suggestion.as_deref(),
                "define the piece with `piece NAME SYMBOL { ... }`",
            ),
        );
        None
    }

    pub fn setup(&mut self, blocks: &[&ast::SetupBlock], anchor: Span) -> Option<ResolvedSetup> {
        let n = self.sides.count();
        let mut given: Vec<Option<(Placements, Vec<Span>)>> = vec![None; n];
        let mut hands: Vec<Option<(Vec<PieceId>, Vec<Span>)>> = vec![None; n];
        let mut spans = SetupSpans {
            cells: BySide::from_values(vec![Vec::new(); n]),
            block: BySide::from_values(vec![None; n]),
            hand: BySide::from_values(vec![Vec::new(); n]),
        };
        let mut ok = true;
        // A block for a side that does not exist: the setup it holds may be the missing one.
        let mut unknown_side = false;
        for b in blocks {
            let Some(side) = self.side(b.side.as_ref()) else {
                ok = false;
                unknown_side = true;
                continue;
            };
            if let Some(first) = spans.block[side] {
                let title = self.sides.title(side);
                self.diags.push(
                    Diagnostic::error(
                        codes::DUPLICATE_STATEMENT,
                        format!("two setups for {title}"),
                    )
                    .at(b.keyword, "second setup")
                    .also(first, "first setup")
                    .help("merge the two blocks into one"),
                );
                ok = false;
                continue;
            }
            spans.block[side] = Some(b.keyword);
            let mut list = Vec::new();
            let mut cell_spans = Vec::new();
            for p in &b.placements {
                // A line that starts with a statement word (`promote ...`) is a misplaced
                // statement, not a piece on cells named `in`, `far-edge`, ...; and the cells
                // of an unknown piece are not checked, so one bad line is one diagnostic.
                let piece = if self.piece_keys.contains_key(&p.piece.node) {
                    self.piece_ref(&p.piece)
                } else if let Some(d) = misplaced(&p.piece, Block::Setup) {
                    self.diags.push(d);
                    None
                } else {
                    self.piece_ref(&p.piece)
                };
                let Some(piece) = piece else {
                    ok = false;
                    continue;
                };
                for c in &p.cells {
                    match self.cell(c) {
                        Some(cell) => {
                            list.push((piece, cell));
                            cell_spans.push(c.span);
                        }
                        None => ok = false,
                    }
                }
            }
            given[side.index()] = Some((list, cell_spans));
            let mut hand = (Vec::new(), Vec::new());
            for name in &b.hand {
                match self.piece_ref(name) {
                    Some(piece) => {
                        hand.0.push(piece);
                        hand.1.push(name.span);
                    }
                    None => ok = false,
                }
            }
            hands[side.index()] = Some(hand);
        }
        let Some((first, first_spans)) = given[0].take() else {
            let help = if self.sides.declared {
                format!(
                    "add `setup {{ SYMBOL CELL ... }}` with {}'s pieces",
                    self.sides.title(Side::WHITE)
                )
            } else {
                "add `setup { SYMBOL CELL ... }` with White's pieces".to_string()
            };
            if !unknown_side {
                self.diags.push(
                    Diagnostic::error(codes::MISSING, "the variant has no setup")
                        .at(anchor, "no setup in this file")
                        .help(help),
                );
            }
            return None;
        };
        let first_cells: Vec<CellId> = first.iter().map(|(_, c)| *c).collect();
        // A side whose setup is derived holds what the first side holds.
        let first_hand = hands[0].clone().unwrap_or_default();
        let held: Vec<(Vec<PieceId>, Vec<Span>)> = hands
            .into_iter()
            .map(|h| h.unwrap_or_else(|| first_hand.clone()))
            .collect();
        let mut placed = vec![first];
        let mut cell_spans = vec![first_spans.clone()];
        for side in self.sides.ids().skip(1) {
            let (list, list_spans) = match given[side.index()].take() {
                Some(b) => b,
                None => match self.derive(side, &first_cells) {
                    Some(cells) => {
                        let list = placed[0]
                            .iter()
                            .zip(cells)
                            .map(|((p, _), c)| (*p, c))
                            .collect();
                        (list, first_spans.clone())
                    }
                    None => {
                        if ok {
                            self.no_black(spans.block[Side::WHITE].unwrap_or(anchor), "the setup");
                        }
                        return None;
                    }
                },
            };
            placed.push(list);
            cell_spans.push(list_spans);
        }
        spans.cells = BySide::from_values(cell_spans);
        spans.hand = BySide::from_values(held.iter().map(|(_, s)| s.clone()).collect());
        let held = BySide::from_values(held.into_iter().map(|(h, _)| h).collect());
        ok.then_some((BySide::from_values(placed), held, spans))
    }
}
