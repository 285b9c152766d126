//! Compilation: a checked [`Variant`] → dense, cell-indexed [`MoveTables`].
//!
//! For every piece, side and cell (off-board cells included) the tables hold the piece's
//! *entries*: one per ray or leap, each a path of landing cells in order (a piece on any cell
//! of a path blocks the rest of it), a mode (move / capture) and an optional condition. They
//! also hold, per piece and side, the *dead* cells (where the piece has no move at all on an
//! empty board: it may not be dropped there and must promote on arriving there) and the cells
//! it may be dropped on. They are proven equal to the slow [`reference`](mod@reference) walker by
//! the tests.

mod passed;
pub mod reference;
pub mod walk;

use std::collections::{BTreeMap, BTreeSet};

use crate::geometry::board::{Board, CellId};
use crate::geometry::{Coord, Grid, Hour, RayKind, UNIT};
use crate::variant::{
    Beyond, Frame, Guard, Leap, Mode, MoveRule, Movement, MultiStepFrom, Occupant, PieceId, Side,
    Variant,
};
pub use passed::Passed;
use passed::PassedRuns;
pub use walk::{Landing, Landings, Reach, Walk};

/// Why an entry is not always available.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Condition {
    /// A multi-step from one of the piece's start cells: move only over empty cells, and it
    /// gives the opponent an en-passant right on the cells passed over.
    MultiStep,
    /// A multi-step of a piece that has not moved yet (otherwise as [`Condition::MultiStep`]).
    UnmovedMultiStep,
    /// A multi-step from a start cell marked `no-en-passant`: as [`Condition::MultiStep`],
    /// but the cells passed over give no right.
    MultiStepNoEnPassant,
    /// An unmoved piece's multi-step marked `no-en-passant`.
    UnmovedMultiStepNoEnPassant,
    /// The king's move of a castling option (the engine adds the rook's move and checks
    /// the conditions: unmoved pieces, empty cells, no attacked cell on the king's way).
    Castling,
    /// A move from an off-board cell onto the board: the piece enters the game.
    Entry,
    /// A drop of a piece from the hand (only in the JSON view: drops are not entries).
    Drop,
    /// A movement whose `when` / `unless` clauses are tested on the board (whether the
    /// piece has moved, who stands where): only in [`MoveTables::destinations`], which does
    /// not look at them. Entries keep their clauses ([`MoveTables::guard`]).
    Guarded,
}

impl Condition {
    /// The `"when"` string of the JSON format.
    pub fn as_str(self) -> &'static str {
        match self {
            Condition::MultiStep => "multi-step",
            Condition::UnmovedMultiStep => "unmoved-multi-step",
            Condition::MultiStepNoEnPassant => "multi-step-no-en-passant",
            Condition::UnmovedMultiStepNoEnPassant => "unmoved-multi-step-no-en-passant",
            Condition::Castling => "castling",
            Condition::Entry => "entry",
            Condition::Drop => "drop",
            Condition::Guarded => "guarded",
        }
    }

    /// True for a multi-step of any kind.
    pub fn is_multi_step(self) -> bool {
        self.gives_en_passant() || self.is_multi_step_without_en_passant()
    }

    /// True for a multi-step only a piece that has not moved yet may make.
    pub fn is_unmoved_multi_step(self) -> bool {
        matches!(
            self,
            Condition::UnmovedMultiStep | Condition::UnmovedMultiStepNoEnPassant
        )
    }

    /// True for a multi-step whose cells passed over give the opponent an en-passant right.
    pub fn gives_en_passant(self) -> bool {
        matches!(self, Condition::MultiStep | Condition::UnmovedMultiStep)
    }

    fn is_multi_step_without_en_passant(self) -> bool {
        matches!(
            self,
            Condition::MultiStepNoEnPassant | Condition::UnmovedMultiStepNoEnPassant
        )
    }

    /// The condition of a multi-step: from a zone or unmoved, giving en passant or not.
    pub fn multi_step(unmoved: bool, en_passant: bool) -> Condition {
        match (unmoved, en_passant) {
            (false, true) => Condition::MultiStep,
            (true, true) => Condition::UnmovedMultiStep,
            (false, false) => Condition::MultiStepNoEnPassant,
            (true, false) => Condition::UnmovedMultiStepNoEnPassant,
        }
    }
}

/// One ray or leap from a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    start: u32,
    len: u16,
    /// How the path is walked ([`walk`] says where it lands).
    pub walk: Walk,
    /// Whether the entry moves, captures or both.
    pub mode: Mode,
    /// When the entry is available; `None` for always.
    pub when: Option<Condition>,
    /// For a step marked `en-passant`: the range in `between_cells` of the cells it passes
    /// between.
    between: Option<(u32, u8)>,
    /// The conditions tested on the board (`when unmoved`, `unless enemy at ...`): an index
    /// into the tables' guards ([`MoveTables::guard`]).
    guard: Option<u32>,
    /// `to ZONE`: the cells the entry may land on, an index into the tables' landing sets
    /// ([`MoveTables::may_land`]); `None` for every cell of the path.
    land: Option<u32>,
    /// For an entry that creates an en-passant right: where its landings' runs of passed
    /// cells start in the tables' list ([`MoveTables::passed_run`]).
    passed: Option<u32>,
}

impl Entry {
    /// For an entry that creates an en-passant right, where its landings' runs of passed
    /// cells start ([`MoveTables::passed_at`]).
    pub(crate) fn passed_base(&self) -> Option<u32> {
        self.passed
    }
}

/// The conditions of an entry that are tested on the board, its relative cells made
/// absolute (cells off the board dropped: nothing stands there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryGuard {
    /// `when unmoved` (`Some(true)`) or `unless unmoved` (`Some(false)`).
    pub unmoved: Option<bool>,
    /// Each `when|unless WHO at CELLS`: whose piece, the cells, and whether one must stand
    /// there (`when`) or none may (`unless`).
    pub occupants: Vec<(Occupant, Vec<CellId>, bool)>,
}

impl EntryGuard {
    /// Whether the conditions hold for a piece of `mover` that has (not) moved, given who
    /// stands on each cell.
    pub fn holds(
        &self,
        mover: Side,
        unmoved: bool,
        occupant: impl Fn(CellId) -> Option<Side>,
    ) -> bool {
        self.unmoved.is_none_or(|u| u == unmoved)
            && self.occupants.iter().all(|(who, cells, present)| {
                let found = cells
                    .iter()
                    .any(|c| occupant(*c).is_some_and(|owner| who.matches(mover, owner)));
                found == *present
            })
    }
}

/// What the conditions of a movement read on the board: who stands on each cell, and whether
/// the moving piece has moved.
pub struct Surroundings<'a> {
    /// The side whose piece stands on a cell, if any.
    pub occupant: &'a dyn Fn(CellId) -> Option<Side>,
    /// The moving piece has not moved yet.
    pub unmoved: bool,
}

/// Every piece's entries from every cell, for every side, in flat arrays.
#[derive(Clone, Debug)]
pub struct MoveTables {
    cells: usize,
    /// How many sides the game has.
    sides: usize,
    /// `offsets[slot]..offsets[slot + 1]` are the entries of slot
    /// `(piece * sides + side) * cells + cell`.
    offsets: Vec<u32>,
    entries: Vec<Entry>,
    path_cells: Vec<CellId>,
    between_cells: Vec<CellId>,
    /// Per slot: the piece has no move there on an empty board.
    dead: Vec<bool>,
    /// Per `piece * sides + side`: the board cells a piece in hand may be dropped on (every cell
    /// where it is not dead), or placed on (the side's cells of the placement zone).
    drop_cells: Vec<Vec<CellId>>,
    /// The entries' conditions tested on the board.
    guards: Vec<EntryGuard>,
    /// Per `to ZONE` movement and side: which cells its entries may land on.
    land_sets: Vec<Vec<bool>>,
    /// `facing DIRECTIONS`: per `side * cells + cell`, the lines along which a royal piece of
    /// the side standing there may not see an enemy royal piece (empty without the rule).
    facing: Vec<Vec<Vec<CellId>>>,
    /// `drop at-most N per-line ...`: per `(piece * sides + side) * cells + cell`, each line
    /// through the cell (the cell left out) with the most pieces of the type it may hold
    /// before a drop there (N - 1); empty when no piece has such a rule.
    drop_lines: Vec<Vec<(u32, Vec<CellId>)>>,
    /// The runs of cells moves pass over or between, numbered ([`Passed`]).
    passed_runs: PassedRuns,
}

impl MoveTables {
    /// How many sides the tables are for.
    pub fn sides(&self) -> usize {
        self.sides
    }

    fn slot(&self, piece: PieceId, side: Side, cell: CellId) -> usize {
        (piece.index() * self.sides + side.index()) * self.cells + cell.index()
    }

    /// The entries of a piece of `side` standing on `cell` (off-board cells included).
    pub fn entries(&self, piece: PieceId, side: Side, cell: CellId) -> &[Entry] {
        let slot = self.slot(piece, side, cell);
        let (a, b) = (self.offsets[slot] as usize, self.offsets[slot + 1] as usize);
        &self.entries[a..b]
    }

    /// The cells of an entry's path, in order (where they can be landed on is
    /// [`MoveTables::landings`]' business).
    pub fn path(&self, entry: &Entry) -> &[CellId] {
        let s = entry.start as usize;
        &self.path_cells[s..s + entry.len as usize]
    }

    /// Where a move along `entry` may land when `occupied` says which cells hold a piece
    /// (the entry's conditions tested on the board aside: see [`MoveTables::guard`]).
    pub fn landings<F: FnMut(CellId) -> bool>(
        &self,
        entry: &Entry,
        occupied: F,
    ) -> impl Iterator<Item = Landing<CellId>> + use<'_, F> {
        let land = entry.land;
        entry
            .walk
            .landings(self.path(entry), occupied)
            .filter(move |l| self.may_land_in(land, l.cell))
    }

    /// Every cell `entry` can land on, each with the cells that must be empty for it.
    pub fn reach(&self, entry: &Entry) -> impl Iterator<Item = Reach<'_, CellId>> {
        let land = entry.land;
        entry
            .walk
            .reach(self.path(entry))
            .filter(move |r| self.may_land_in(land, r.cell))
    }

    /// True when a move along `entry` may end on `cell` (`to ZONE` aside, every cell of the
    /// path may).
    pub fn may_land(&self, entry: &Entry, cell: CellId) -> bool {
        self.may_land_in(entry.land, cell)
    }

    fn may_land_in(&self, land: Option<u32>, cell: CellId) -> bool {
        land.is_none_or(|i| self.land_sets[i as usize][cell.index()])
    }

    /// The lines from `cell` along which a royal piece of `side` there may not see an enemy
    /// royal piece with nothing between (`facing DIRECTIONS`; none without the rule).
    pub fn facing_lines(&self, side: Side, cell: CellId) -> &[Vec<CellId>] {
        self.facing
            .get(side.index() * self.cells + cell.index())
            .map_or(&[], Vec::as_slice)
    }

    /// The lines through `cell` that a drop of `piece` by `side` there must keep within its
    /// `at-most` limits: each with the most pieces of the type it may already hold (the
    /// cell itself left out); none when the piece has no such rule.
    pub fn drop_lines(&self, piece: PieceId, side: Side, cell: CellId) -> &[(u32, Vec<CellId>)] {
        self.drop_lines
            .get(self.slot(piece, side, cell))
            .map_or(&[], Vec::as_slice)
    }

    /// The conditions of `entry` tested on the board, if it has any.
    pub fn guard(&self, entry: &Entry) -> Option<&EntryGuard> {
        entry.guard.map(|i| &self.guards[i as usize])
    }

    /// True when the entry may be used by a piece of `mover` that has (not) moved: its
    /// conditions tested on the board hold, given who stands on each cell.
    pub fn guard_holds(
        &self,
        entry: &Entry,
        mover: Side,
        unmoved: bool,
        occupant: impl Fn(CellId) -> Option<Side>,
    ) -> bool {
        self.guard(entry)
            .is_none_or(|g| g.holds(mover, unmoved, occupant))
    }

    /// Distinct cells a piece reaches from `cell` on an empty board (every entry counted); a
    /// hopper's cells are those it reaches with a piece to jump.
    pub fn empty_board_destinations(
        &self,
        piece: PieceId,
        side: Side,
        cell: CellId,
    ) -> BTreeSet<CellId> {
        self.entries(piece, side, cell)
            .iter()
            .flat_map(|e| self.reach(e).map(|r| r.cell))
            .collect()
    }

    /// True when the entry's move gives the opponent an en-passant right.
    pub fn creates_en_passant(&self, entry: &Entry) -> bool {
        entry.between.is_some() || entry.when.is_some_and(Condition::gives_en_passant)
    }

    /// The cells a move along `entry` to its `k`-th landing cell passes over or between: the
    /// cells where the opponent may capture it en passant (empty for other entries).
    pub fn passed(&self, entry: &Entry, k: usize) -> &[CellId] {
        match entry.between {
            Some((s, n)) => &self.between_cells[s as usize..s as usize + n as usize],
            None if entry.when.is_some_and(Condition::gives_en_passant) => &self.path(entry)[..k],
            None => &[],
        }
    }

    /// The run of cells a move along `entry` to its `k`-th landing cell passes, numbered:
    /// [`MoveTables::passed`] sorted, as a move holds it.
    pub fn passed_run(&self, entry: &Entry, k: usize) -> Passed {
        entry
            .passed
            .map_or(Passed::NONE, |base| self.passed_runs.at(base, k))
    }

    /// The run passed on landing `k` of the entry whose base is `base`
    /// ([`Entry::passed_base`]): [`MoveTables::passed_run`] for engines that keep the base.
    pub(crate) fn passed_at(&self, base: u32, k: usize) -> Passed {
        self.passed_runs.at(base, k)
    }

    /// The cells of a numbered run, in cell order.
    pub fn passed_cells(&self, run: Passed) -> &[CellId] {
        self.passed_runs.cells(run)
    }

    /// How many numbered runs of passed cells there are, the empty one included: every
    /// [`Passed`] of these tables is below it.
    pub fn passed_runs(&self) -> usize {
        self.passed_runs.len()
    }

    /// True when the piece has no move from `cell` on an empty board: it may not be dropped
    /// there, and must promote when it arrives there if it can.
    pub fn is_dead(&self, piece: PieceId, side: Side, cell: CellId) -> bool {
        self.dead[self.slot(piece, side, cell)]
    }

    /// The cells a piece in `side`'s hand may be dropped on, before the rules that depend on
    /// the position (defended cells, check).
    pub fn drop_cells(&self, piece: PieceId, side: Side) -> &[CellId] {
        &self.drop_cells[piece.index() * self.sides + side.index()]
    }

    /// Destinations from `cell` given which cells are occupied: each landing cell with the
    /// union of the modes that reach it (per condition). A path stops at, and includes, the
    /// first occupied cell.
    pub fn destinations(
        &self,
        piece: PieceId,
        side: Side,
        cell: CellId,
        occupied: &dyn Fn(CellId) -> bool,
    ) -> Destinations {
        let mut out = Destinations::new();
        for e in self.entries(piece, side, cell) {
            let when = match (e.when, e.guard) {
                (None, Some(_)) => Some(Condition::Guarded),
                (when, _) => when,
            };
            for l in self.landings(e, occupied) {
                out.add(l.cell, when, e.mode);
            }
        }
        out
    }

    /// As [`MoveTables::destinations`], with the conditions tested on the board evaluated
    /// in `surroundings` (an entry whose conditions fail gives nothing).
    pub fn destinations_in(
        &self,
        piece: PieceId,
        side: Side,
        cell: CellId,
        surroundings: &Surroundings,
    ) -> Destinations {
        let mut out = Destinations::new();
        let occupied = |c: CellId| (surroundings.occupant)(c).is_some();
        for e in self.entries(piece, side, cell) {
            if !self.guard_holds(e, side, surroundings.unmoved, surroundings.occupant) {
                continue;
            }
            for l in self.landings(e, occupied) {
                out.add(l.cell, e.when, e.mode);
            }
        }
        out
    }
}

/// Landing cells keyed by (cell, condition), with the union of modes.
pub type Destinations = BTreeMap<(CellId, Option<Condition>), (bool, bool)>;

trait AddDestination {
    fn add(&mut self, cell: CellId, when: Option<Condition>, mode: Mode);
}

impl AddDestination for Destinations {
    fn add(&mut self, cell: CellId, when: Option<Condition>, mode: Mode) {
        let e = self.entry((cell, when)).or_insert((false, false));
        e.0 |= mode.moves;
        e.1 |= mode.captures;
    }
}

/// The two cells a diagonal (vertex) step passes between: its neighbouring edge steps.
/// Straight steps pass none.
pub fn between(v: Coord) -> Vec<Coord> {
    match UNIT.iter().position(|u| *u == v) {
        Some(i) if i % 2 == 1 => vec![UNIT[i - 1], UNIT[(i + 1) % 12]],
        _ => Vec::new(),
    }
}

/// Compiles every piece's movement into tables, or stops as soon as they would hold more
/// than [`MAX_PATH_CELLS`] cells, before they fill the memory.
pub fn compile(variant: &Variant) -> Result<MoveTables, TablesTooLarge> {
    let board = &variant.board;
    let cells = board.total();
    let mut t = MoveTables::empty(cells, variant.sides().len());
    for piece in variant.piece_ids() {
        let rules = &variant.piece(piece).movements;
        for side in variant.side_ids() {
            // `to ZONE`: per movement, the cells it may land on.
            let lands: Vec<Option<u32>> = rules
                .iter()
                .map(|r| t.land_set(variant, &r.guard, side))
                .collect();
            // `confined to ZONE`: which cells the piece may land on or pass through.
            let inside = variant.piece(piece).confined.map(|z| {
                let mut inside = vec![false; cells];
                for c in &variant.zone(z).cells[side] {
                    inside[c.index()] = true;
                }
                inside
            });
            for cell in board.all_cells() {
                let first = t.entries.len();
                for (rule, land) in rules.iter().zip(&lands) {
                    if !holds_on(variant, piece, side, cell, &rule.guard) {
                        continue;
                    }
                    let start = t.entries.len();
                    add_movement(&mut t, variant, piece, &rule.movement, side, cell);
                    t.restrict(start, variant, side, cell, rule, *land);
                }
                if let Some(to) = board.place_on(cell) {
                    t.push_path(&[to], Mode::MOVE_ONLY, None);
                }
                if let Some(inside) = &inside {
                    t.confine(first, cell, inside);
                }
                if board.is_off_board(cell) {
                    for e in &mut t.entries[first..] {
                        e.when = Some(Condition::Entry);
                    }
                }
                t.dead.push(t.entries.len() == first);
                for c in variant
                    .castlings
                    .iter()
                    .filter(|c| c.side == side && c.king == piece && c.king_from == cell)
                {
                    t.push_path(&[c.king_to], Mode::MOVE_ONLY, Some(Condition::Castling));
                }
                t.offsets.push(t.entries.len() as u32);
                if t.path_cells.len() > MAX_PATH_CELLS {
                    return Err(TablesTooLarge {
                        piece,
                        cells: t.path_cells.len(),
                    });
                }
            }
            // A placement puts a piece on any cell of its side's zone; a drop of a captured
            // piece goes anywhere it is not dead.
            let drops = match variant.rules.placement {
                Some(p) => {
                    let mut cells = variant.zone(p.zone).cells[side].clone();
                    cells.sort();
                    cells.dedup();
                    cells
                }
                None => board
                    .cells()
                    .filter(|c| !t.dead[t.slot(piece, side, *c)])
                    .collect(),
            };
            t.drop_cells.push(drops);
        }
    }
    let facing = variant.rules.facing;
    if !facing.is_empty() {
        for side in variant.side_ids() {
            for cell in board.all_cells() {
                let lines = facing
                    .by_kind()
                    .flat_map(|(kind, hours)| {
                        hours.iter().map(move |h| {
                            ray_cells(board, cell, variant.frame(side).hour(h), kind, u32::MAX)
                        })
                    })
                    .filter(|line| !line.is_empty())
                    .collect();
                t.facing.push(lines);
            }
        }
    }
    if variant
        .pieces
        .iter()
        .any(|p| !p.drops.line_limits.is_empty())
    {
        for piece in variant.piece_ids() {
            for side in variant.side_ids() {
                for cell in board.all_cells() {
                    let lines = drop_lines(variant, piece, side, cell);
                    t.drop_lines.push(lines);
                }
            }
        }
    }
    PassedRuns::number(&mut t);
    Ok(t)
}

/// The lines through `cell` of the piece's `drop at-most` rules, as [`MoveTables::drop_lines`]
/// keeps them: a line runs both ways along a direction (so 12 and 6 are one line).
fn drop_lines(
    variant: &Variant,
    piece: PieceId,
    side: Side,
    cell: CellId,
) -> Vec<(u32, Vec<CellId>)> {
    let board = &variant.board;
    let frame = variant.frame(side);
    let mut out: Vec<(u32, Vec<CellId>)> = Vec::new();
    for limit in &variant.piece(piece).drops.line_limits {
        for (kind, hours) in limit.lines.by_kind() {
            for h in hours.iter() {
                let h = frame.hour(h);
                let mut line = ray_cells(board, cell, h, kind, u32::MAX);
                line.extend(ray_cells(board, cell, h.turned_by(6), kind, u32::MAX));
                line.sort();
                let entry = (limit.at_most - 1, line);
                // A line of no other cell never holds too many.
                if !entry.1.is_empty() && !out.contains(&entry) {
                    out.push(entry);
                }
            }
        }
    }
    out
}

/// Most landing cells the tables of one variant may hold: a hundred times those of the
/// largest shipped variant, and few enough that the tables (and their JSON) stay within
/// tens of megabytes.
pub const MAX_PATH_CELLS: usize = 8_000_000;

/// Compilation stopped: the tables would hold more than [`MAX_PATH_CELLS`] cells (a huge
/// board with many long-range pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablesTooLarge {
    /// The piece being compiled when the limit was passed.
    pub piece: PieceId,
    /// The cells held by then.
    pub cells: usize,
}

/// True when some piece of type `piece` could use `rule` somewhere: its conditions leave it
/// an entry on some cell for some side, and none of its `when WHO at CELLS` clauses looks only
/// off the board. (What the checker warns about when a line's conditions never hold.)
pub fn rule_ever_applies(variant: &Variant, piece: PieceId, rule: &MoveRule) -> bool {
    let mut t = MoveTables::empty(variant.board.total(), variant.sides().len());
    variant.side_ids().any(|side| {
        let land = t.land_set(variant, &rule.guard, side);
        variant.board.all_cells().any(|cell| {
            if !holds_on(variant, piece, side, cell, &rule.guard) {
                return false;
            }
            t.entries.clear();
            t.guards.clear();
            add_movement(&mut t, variant, piece, &rule.movement, side, cell);
            t.restrict(0, variant, side, cell, rule, land);
            !t.entries.is_empty()
                && t.guards.iter().all(|g| {
                    g.occupants
                        .iter()
                        .all(|(_, cells, present)| !present || !cells.is_empty())
                })
        })
    })
}

/// The cells one movement line can land on for a piece of `side` on `cell`, on a board where
/// every cell it may need occupied is (hoppers' screens), with its `from`, `to` and `unmoved`
/// conditions applied: what the lints read to judge a single line.
pub fn rule_landings(
    variant: &Variant,
    piece: PieceId,
    rule: &MoveRule,
    side: Side,
    cell: CellId,
) -> Vec<CellId> {
    if !holds_on(variant, piece, side, cell, &rule.guard) {
        return Vec::new();
    }
    let mut t = MoveTables::empty(variant.board.total(), variant.sides().len());
    let land = t.land_set(variant, &rule.guard, side);
    add_movement(&mut t, variant, piece, &rule.movement, side, cell);
    t.restrict(0, variant, side, cell, rule, land);
    let mut out: Vec<CellId> = t
        .entries
        .iter()
        .flat_map(|e| t.reach(e).map(|r| r.cell))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// True when a movement's conditions that depend only on where the piece stands hold for a
/// piece of `side` on `cell`: `from ZONE`, `pointing HOUR`, and `when unmoved` (only a setup
/// cell can hold an unmoved piece).
fn holds_on(variant: &Variant, piece: PieceId, side: Side, cell: CellId, guard: &Guard) -> bool {
    guard
        .from
        .iter()
        .all(|(z, inside)| variant.zone(*z).cells[side].contains(&cell) == *inside)
        && (guard.unmoved != Some(true) || setup_cell(variant, piece, side, cell))
        && guard.pointing.iter().all(|(h, holds)| {
            let board = &variant.board;
            let apex = match board.grid {
                Grid::Triangle(lay) => Some(lay.apex_hour(board.coord(cell))),
                Grid::Hex(_) => None,
            };
            (apex == Some(variant.frame(side).hour(*h).get())) == *holds
        })
}

impl MoveTables {
    /// Tables for a board of `cells` cells, with nothing in them yet.
    fn empty(cells: usize, sides: usize) -> MoveTables {
        MoveTables {
            cells,
            sides,
            offsets: vec![0],
            entries: Vec::new(),
            path_cells: Vec::new(),
            between_cells: Vec::new(),
            dead: Vec::new(),
            drop_cells: Vec::new(),
            guards: Vec::new(),
            land_sets: Vec::new(),
            facing: Vec::new(),
            drop_lines: Vec::new(),
            passed_runs: PassedRuns::default(),
        }
    }

    /// The landing set of a movement with `to ZONE` clauses, for `side`.
    fn land_set(&mut self, variant: &Variant, guard: &Guard, side: Side) -> Option<u32> {
        if guard.to.is_empty() {
            return None;
        }
        let set = variant
            .board
            .all_cells()
            .map(|c| {
                guard
                    .to
                    .iter()
                    .all(|(z, inside)| variant.zone(*z).cells[side].contains(&c) == *inside)
            })
            .collect();
        self.land_sets.push(set);
        Some(self.land_sets.len() as u32 - 1)
    }

    /// Gives the entries from `start` on (one movement's, from `cell`) the movement's
    /// conditions: the landing set of `to ZONE` (a path is cut after its last cell the piece
    /// may land on, and an entry that may land nowhere is dropped), and the conditions
    /// tested on the board, their cells made absolute.
    fn restrict(
        &mut self,
        start: usize,
        variant: &Variant,
        side: Side,
        cell: CellId,
        rule: &MoveRule,
        land: Option<u32>,
    ) {
        if let Some(land) = land {
            let mut kept = start;
            for i in start..self.entries.len() {
                let mut e = self.entries[i];
                e.land = Some(land);
                let last = self.reach(&e).map(|r| r.index).max();
                if let Some(last) = last {
                    if e.walk != Walk::Lame {
                        e.len = last as u16 + 1;
                    }
                    self.entries[kept] = e;
                    kept += 1;
                }
            }
            self.entries.truncate(kept);
        }
        let g = &rule.guard;
        if self.entries.len() == start || !g.tested_in_play() {
            return;
        }
        let board = &variant.board;
        let from = board.coord(cell);
        let occupants = g
            .occupants
            .iter()
            .map(|test| {
                let mut cells: Vec<CellId> = test
                    .cells
                    .iter()
                    .filter_map(|l| board.at(l.target(board, variant.frame(side), from)))
                    .collect();
                cells.sort();
                cells.dedup();
                (test.who, cells, test.present)
            })
            .collect();
        self.guards.push(EntryGuard {
            unmoved: g.unmoved,
            occupants,
        });
        let index = self.guards.len() as u32 - 1;
        for e in &mut self.entries[start..] {
            e.guard = Some(index);
        }
    }

    /// Keeps of the entries from `first` on what stays inside the zone: nothing from a cell
    /// outside it, a lame leap only when every cell of its path is inside, and of any other
    /// path the cells before the first one outside (a piece may not pass outside either).
    fn confine(&mut self, first: usize, cell: CellId, inside: &[bool]) {
        if !inside[cell.index()] {
            self.entries.truncate(first);
            return;
        }
        let mut kept = first;
        for i in first..self.entries.len() {
            let mut e = self.entries[i];
            let path = self.path(&e);
            let within = path.iter().take_while(|c| inside[c.index()]).count();
            e.len = match e.walk {
                Walk::Lame if within < path.len() => 0,
                _ => within as u16,
            };
            if e.len > 0 {
                self.entries[kept] = e;
                kept += 1;
            }
        }
        self.entries.truncate(kept);
    }

    fn push_path(&mut self, path: &[CellId], mode: Mode, when: Option<Condition>) {
        self.push_walk(path, Walk::Slide, mode, when);
    }

    fn push_walk(&mut self, path: &[CellId], walk: Walk, mode: Mode, when: Option<Condition>) {
        self.entries.push(Entry {
            start: self.path_cells.len() as u32,
            len: path.len() as u16,
            walk,
            mode,
            when,
            between: None,
            guard: None,
            land: None,
            passed: None,
        });
        self.path_cells.extend_from_slice(path);
    }
}

fn add_movement(
    t: &mut MoveTables,
    variant: &Variant,
    piece: PieceId,
    m: &Movement,
    side: Side,
    cell: CellId,
) {
    let board = &variant.board;
    match m {
        Movement::Ride {
            hours,
            kind,
            max,
            mode,
            en_passant,
        } => {
            for h in hours.iter() {
                let h = variant.frame(side).hour(h);
                let limit = max.unwrap_or(u32::MAX);
                let pushed = push_ray(t, board, cell, h, *kind, limit, *mode, None);
                if pushed && *en_passant {
                    // Only hex steps are marked en-passant: the step is a unit vector.
                    let from = board.coord(cell);
                    let v = board.grid.ray_step(from, h, *kind) - from;
                    let start = t.between_cells.len() as u32;
                    t.between_cells
                        .extend(between(v).into_iter().filter_map(|b| board.at(from + b)));
                    let n = (t.between_cells.len() as u32 - start) as u8;
                    if let Some(e) = t.entries.last_mut() {
                        e.between = Some((start, n));
                    }
                }
            }
        }
        Movement::Leap {
            leaps,
            mode,
            lame: false,
        } => {
            let from = board.coord(cell);
            for leap in leaps {
                if let Some(to) = board.at(leap.target(board, variant.frame(side), from)) {
                    t.push_path(&[to], *mode, None);
                }
            }
        }
        Movement::Leap {
            leaps,
            mode,
            lame: true,
        } => {
            for leap in leaps {
                if let Some(path) = lame_path(board, leap, variant.frame(side), cell) {
                    t.push_walk(&path, Walk::Lame, *mode, None);
                }
            }
        }
        Movement::LeapRide { leaps, max, mode } => {
            for leap in leaps {
                let mut path = Vec::new();
                let mut at = board.coord(cell);
                while (path.len() as u32) < max.unwrap_or(u32::MAX) {
                    at = leap.target(board, variant.frame(side), at);
                    match board.at(at) {
                        // On triangle boards a path repeated need not go straight on: a
                        // line that comes back to a cell it passed ends there.
                        Some(c) if c != cell && !path.contains(&c) => path.push(c),
                        _ => break,
                    }
                }
                if !path.is_empty() {
                    t.push_path(&path, *mode, None);
                }
            }
        }
        Movement::Hop {
            hours,
            kind,
            beyond,
            mode,
        } => {
            let walk = match beyond {
                Beyond::Next => Walk::Hurdle,
                _ => Walk::Screen,
            };
            for h in hours.iter() {
                let path = ray_cells(board, cell, variant.frame(side).hour(h), *kind, u32::MAX);
                // A hopper needs a cell to jump and one to land on.
                if path.len() >= 2 {
                    t.push_walk(&path, walk, *mode, None);
                }
            }
        }
        Movement::MultiStep {
            max,
            hours,
            kind,
            from,
            en_passant,
        } => {
            let when = match from {
                MultiStepFrom::Zone(z) if variant.zone(*z).cells[side].contains(&cell) => {
                    Condition::multi_step(false, *en_passant)
                }
                MultiStepFrom::Zone(_) => return,
                MultiStepFrom::Unmoved if setup_cell(variant, piece, side, cell) => {
                    Condition::multi_step(true, *en_passant)
                }
                MultiStepFrom::Unmoved => return,
            };
            for h in hours.iter() {
                let h = variant.frame(side).hour(h);
                // A line with one cell on the board is only the plain step.
                let from = board.coord(cell);
                let first = board.grid.ray_step(from, h, *kind);
                if board.at(board.grid.ray_step(first, h, *kind)).is_some() {
                    push_ray(t, board, cell, h, *kind, *max, Mode::MOVE_ONLY, Some(when));
                }
            }
        }
    }
}

/// A lame leap's path from `cell`: the board cells its hours step through (the start, which
/// the piece leaves, and the landing left out), then the landing; `None` when a step or the
/// landing is off the board.
fn lame_path(board: &Board, leap: &Leap, frame: Frame, cell: CellId) -> Option<Vec<CellId>> {
    let from = board.coord(cell);
    let to = board.at(leap.target(board, frame, from))?;
    let mut path = Vec::new();
    for at in leap.visited(board, frame, from) {
        let c = board.at(at)?;
        if c != cell && c != to && !path.contains(&c) {
            path.push(c);
        }
    }
    path.push(to);
    Some(path)
}

/// True when `side` places `piece` on `cell` at the start: the only cells where the piece
/// can stand unmoved.
pub fn setup_cell(variant: &Variant, piece: PieceId, side: Side, cell: CellId) -> bool {
    variant.setup[side].contains(&(piece, cell))
}

/// Walks a ray from `cell` (at most `max` landings) and records the path if it is not empty.
#[allow(clippy::too_many_arguments)]
fn push_ray(
    t: &mut MoveTables,
    board: &Board,
    cell: CellId,
    hour: Hour,
    kind: RayKind,
    max: u32,
    mode: Mode,
    when: Option<Condition>,
) -> bool {
    let path = ray_cells(board, cell, hour, kind, max);
    if path.is_empty() {
        return false;
    }
    t.push_path(&path, mode, when);
    true
}

/// The board cells of a ray from `cell`, at most `max` of them.
fn ray_cells(board: &Board, cell: CellId, hour: Hour, kind: RayKind, max: u32) -> Vec<CellId> {
    let mut path = Vec::new();
    let mut at = board.coord(cell);
    if !board.grid.ray_starts(at, hour, kind) {
        return path;
    }
    while (path.len() as u32) < max {
        at = board.grid.ray_step(at, hour, kind);
        match board.at(at) {
            Some(c) => path.push(c),
            None => break,
        }
    }
    path
}
