//! The move tables recompiled for the fast engine: cells as bit positions of a `u128`, the
//! one-cell entries of a piece merged into masks, and per target cell a tree of the ways it
//! can be attacked (the capture entries read backwards), so that "is this cell attacked?"
//! looks only at the cells that matter.

use std::collections::BTreeMap;

use super::NONE;
use crate::compile::{Condition, MoveTables, Walk};
use crate::variant::{NoneCaptured, Occupant, Side, Variant};

/// Cells as bits: bit `i` is the cell with id `i`.
pub(crate) type CellSet = u128;

/// The bit of one cell.
pub(crate) fn bit(cell: u8) -> CellSet {
    1u128 << cell
}

/// The cells of a set, lowest id first.
pub(crate) fn cells(mut set: CellSet) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as u8;
            set &= set - 1;
            c
        })
    })
}

/// What a ray (or a conditional one-cell entry) does.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    /// Range in [`FastTables::ray_cells`].
    pub start: u32,
    pub len: u8,
    /// How the path is walked (the entry's).
    pub walk: Walk,
    pub moves: bool,
    pub captures: bool,
    /// Only while the piece has not moved.
    pub unmoved_only: bool,
    /// For a ray that gives an en-passant right: its entry's base in the tables' runs of
    /// passed cells ([`MoveTables::passed_at`]); `u32::MAX` otherwise.
    pub passed: u32,
    /// Its conditions (`to ZONE`, and those tested on the board): an index into
    /// [`FastTables::guards`], or `NO_GUARD`.
    pub guard: u32,
    /// The path's cells as a set.
    pub mask: CellSet,
    /// How its cells' ids run (what [`Ray::slide`] needs).
    pub order: Order,
    /// How the moves along it are found.
    pub resolve: Resolve,
}

/// How a path's cell ids run. Cells are numbered file by file, so every straight line of a
/// grid rises or falls: the first occupied cell along it is then the occupied cell of lowest
/// (highest) id, found with two bit operations instead of a walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    Rising,
    Falling,
    Mixed,
}

/// How the moves along a ray are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Resolve {
    /// A slide along a rising or falling path without an en-passant right: by bit operations.
    Bits,
    /// A multi-step along a rising or falling path that only moves: by bit operations when
    /// the moves are counted, not listed (each landing after the first gives a right).
    MultiStepBits,
    /// Cell by cell.
    Walk,
}

impl Resolve {
    fn of(walk: Walk, multi_step: bool, captures: bool, between: CellSet, order: Order) -> Self {
        match (walk, order) {
            (Walk::Slide, Order::Rising | Order::Falling) if between == 0 => {
                if !multi_step {
                    Resolve::Bits
                } else if !captures {
                    Resolve::MultiStepBits
                } else {
                    Resolve::Walk
                }
            }
            _ => Resolve::Walk,
        }
    }
}

impl Ray {
    /// For a path that rises or falls: the cells a slide along it reaches given the occupied
    /// cells `all`, those it lands on and then the first occupied one, if any.
    #[inline(always)]
    pub fn slide(&self, all: CellSet) -> CellSet {
        match self.order {
            Order::Rising => rising_reach(self.mask, all),
            _ => falling_reach(self.mask, all),
        }
    }
}

/// The cells of a line of rising ids up to and including its first occupied one (the
/// occupied cell of lowest id; every cell when none is). Without a branch.
#[inline(always)]
pub(crate) fn rising_reach(cells: CellSet, all: CellSet) -> CellSet {
    let blockers = cells & all;
    let first = blockers & blockers.wrapping_neg();
    cells & (first | first.wrapping_sub(1))
}

/// As [`rising_reach`] for a line of falling ids: its first occupied cell is the one of
/// highest id. Bit 0 stands in for "no blocker": every cell is at or above it.
#[inline(always)]
pub(crate) fn falling_reach(cells: CellSet, all: CellSet) -> CellSet {
    let first = 1u128 << (127 - ((cells & all) | 1).leading_zeros());
    cells & !(first - 1)
}

/// How the ids of a path's cells run.
fn order_of(cells: &[u8]) -> Order {
    if cells.windows(2).all(|w| w[0] < w[1]) {
        Order::Rising
    } else if cells.windows(2).all(|w| w[0] > w[1]) {
        Order::Falling
    } else {
        Order::Mixed
    }
}

/// A ray without conditions tested on the board.
pub(crate) const NO_GUARD: u32 = u32::MAX;

/// A movement's conditions, on cell sets.
#[derive(Clone, Debug)]
pub(crate) struct Guard {
    /// The cells it may land on (`to ZONE`; every cell otherwise).
    pub land: CellSet,
    /// `when unmoved` / `unless unmoved`.
    pub unmoved: Option<bool>,
    /// Per `WHO at CELLS`: whose piece, the cells, whether one must stand there.
    pub occupants: Vec<(Occupant, CellSet, bool)>,
}

/// A capture whose conditions are tested on the board, read backwards from its target: kept
/// out of the attack trees and tried one by one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GuardedAttack {
    /// The attacker's cell and type.
    pub from: u8,
    pub piece: u8,
    /// The cells that must be empty.
    pub clear: CellSet,
    /// The cell that must be occupied (a hopper's screen), or `NONE`.
    pub screen: u8,
    /// An index into [`FastTables::guards`].
    pub guard: u32,
}

/// One piece's moves from one cell for one side.
#[derive(Clone, Debug, Default)]
pub(crate) struct Slot {
    /// One-cell entries without conditions, merged: move only, capture only, both.
    pub step_moves: CellSet,
    pub step_captures: CellSet,
    /// Range in [`FastTables::rays`] of the rays without conditions but `unmoved_only`, then
    /// the end of the rays with them (`to ZONE`, `when` / `unless` clauses), which follow.
    pub rays: (u32, u32),
    pub guarded_end: u32,
    /// Ranges in [`FastTables::slides`] of the plain slides that move and capture (riders'
    /// lines), their cells of rising ids, then of falling ids: found with bit operations
    /// (see [`Order`]) and merged into one set before anything else is looked at.
    pub rising: (u32, u32),
    pub falling_end: u32,
}

/// A node of an attack tree: when `cell` is occupied by a piece of the attacking side whose
/// type is in `pieces`, the target is attacked; an occupied cell blocks the nodes below it.
/// A `screen` node is the other way round: the nodes below it count only while its cell is
/// occupied (the piece a hopper jumps), and it attacks nothing itself.
/// Trees are stored in preorder; `skip` is the index after the node's subtree.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub cell: u8,
    pub screen: bool,
    pub skip: u32,
    pub pieces: u64,
    /// The cells of the attackers in its subtree (itself included): when none holds a piece
    /// of the attacking side, a walk skips the subtree.
    pub attackers: CellSet,
}

/// The promotion a piece has, as masks.
#[derive(Clone, Debug, Default)]
pub(crate) struct PromotionMasks {
    pub zone: CellSet,
    /// Cells where the piece has no move (it must promote there under optional promotion).
    pub dead: CellSet,
    pub to: Vec<u8>,
    pub optional: bool,
    /// `captured`: per piece of `to`, how many the side's setup places (it may promote to
    /// one while it has fewer); empty when the promotion is to any of them.
    pub setup: Vec<usize>,
    /// `captured wait`: with none lost, a move that must promote is made unpromoted, and
    /// the piece promotes where it stands once one is.
    pub waits: bool,
}

/// Everything the fast engine reads, indexed by `piece * sides + side` and then by cell.
#[derive(Clone, Debug)]
pub(crate) struct FastTables {
    pub cells: usize,
    /// The number of sides of the game.
    pub sides: usize,
    /// Per run of passed cells ([`crate::compile::Passed`]): its cells as a set (the
    /// en-passant right a move passing them gives).
    pub passed_sets: Vec<CellSet>,
    pub slots: Vec<Slot>,
    pub rays: Vec<Ray>,
    pub ray_cells: Vec<u8>,
    /// The cells of the plain slides of every slot (see [`Slot::rising`]).
    pub slides: Vec<CellSet>,
    /// Per `side * cells + target`: the range in `nodes` of the tree of attacks by `side`.
    pub trees: Vec<(u32, u32)>,
    /// Per `side * cells + target`: every cell an attacker of `side` could stand on.
    pub attacker_cells: Vec<CellSet>,
    pub nodes: Vec<Node>,
    /// Per `piece * sides + side`.
    pub promotions: Vec<Option<PromotionMasks>>,
    /// Per `piece * sides + side`: the piece is royal or may promote to a royal piece, so each of
    /// its moves may leave its own royal pieces attacked.
    pub royal_mover: Vec<bool>,
    pub drop_cells: Vec<CellSet>,
    /// Some piece may be dropped somewhere (else the hands are not looked at).
    pub drops: bool,
    /// Some promotion waits (`captured wait`): pieces may promote where they stand.
    pub waits: bool,
    /// `placement`: whether it is `sequential`; `None` without a placement phase.
    pub placement: Option<bool>,
    /// `royal captured`: every move is legal (no test for a royal piece left attacked).
    pub royal_captured: bool,
    /// Taking a royal piece ends the game (`royal captured`, or `checkmate wins` with more
    /// than two sides, where a side may be left in check by another's move): it is over
    /// once a side in the game has fewer royal pieces (on the board or still in hand) than
    /// its setup gives it.
    pub royal_ends: bool,
    /// Per side: the royal pieces its setup gives it.
    pub setup_royals: [u32; Side::MAX],
    /// Per piece: the piece types in bits whose capture on a cell forbids a drop there.
    pub not_defended_by: Vec<u64>,
    pub no_check: Vec<bool>,
    /// Per piece: `drop no-mate`.
    pub no_mate: Vec<bool>,
    /// Per `(piece * sides + side) * cells + cell`: the lines of the piece's `drop at-most`
    /// rules through the cell, each with the most pieces of the type it may already hold
    /// (empty when no piece has such a rule).
    pub drop_lines: Vec<Vec<(u32, CellSet)>>,
    pub royal: Vec<bool>,
    pub can_en_passant: Vec<bool>,
    /// Per piece: the type it joins the captor's hand as.
    pub in_hand_as: Vec<u8>,
    /// Per piece: its moves reset the move-limit count.
    pub resets_count: Vec<bool>,
    /// Some piece captures by hopping: a move can then put a king in check by becoming a
    /// screen, so every move is tested (the pin test covers only uncovered lines).
    pub hoppers: bool,
    /// The conditions of rays and guarded captures.
    pub guards: Vec<Guard>,
    /// Per `side * cells + target`: the captures on it with conditions tested on the board.
    pub guarded_attacks: Vec<Vec<GuardedAttack>>,
    /// Some capture has conditions tested on the board: the pin test does not see it, so
    /// every move is tested.
    pub guarded_captures: bool,
    /// `facing DIRECTIONS`: per `side * cells + cell`, the lines a royal piece there may not
    /// see an enemy royal along (every move is then tested: the pin test does not see them).
    pub facing: Vec<Vec<Vec<u8>>>,
    /// The kinds of pieces [`FastTables::checking_cells`] has sets for: 0 where a move's
    /// check is always tested on the board ([`FastTables::compile_check_sets`]).
    pub check_kinds: usize,
    /// Per `(side * cells + target) * check_kinds + piece`: the cells from which a piece
    /// of that type attacks the target on an empty board.
    pub checking_cells: Vec<CellSet>,
    /// Per `side * cells + target`: the cells an attack of `side` on the target passes over.
    pub line_cells: Vec<CellSet>,
}

/// The largest board (off-board cells included) the cell sets hold.
pub(crate) const MAX_CELLS: usize = 128;

impl FastTables {
    pub fn slot(&self, piece: u8, side: Side, cell: u8) -> &Slot {
        &self.slots[(piece as usize * self.sides + side.index()) * self.cells + cell as usize]
    }

    pub fn rays_of(&self, slot: &Slot) -> &[Ray] {
        &self.rays[slot.rays.0 as usize..slot.rays.1 as usize]
    }

    /// The rays with conditions of a slot (most slots have none).
    pub fn guarded_rays_of(&self, slot: &Slot) -> &[Ray] {
        &self.rays[slot.rays.1 as usize..slot.guarded_end as usize]
    }

    /// The slot's plain slides: those of rising ids, those of falling ids.
    pub fn slides_of(&self, slot: &Slot) -> (&[CellSet], &[CellSet]) {
        let (start, mid) = (slot.rising.0 as usize, slot.rising.1 as usize);
        (
            &self.slides[start..mid],
            &self.slides[mid..slot.falling_end as usize],
        )
    }

    pub fn ray_path(&self, ray: &Ray) -> &[u8] {
        &self.ray_cells[ray.start as usize..ray.start as usize + ray.len as usize]
    }

    /// Builds the fast tables, or `None` when the board has more cells than a `u128` holds
    /// (or, unlikely, the variant more than 64 kinds of pieces, more than the state's hands
    /// keep with drops, more castlings than a byte numbers, or more kinds than a cell's
    /// byte codes for `most_sides` sides).
    pub fn new(variant: &Variant, tables: &MoveTables, most_sides: usize) -> Option<FastTables> {
        let cells = variant.board.total();
        // Cells, pieces and castlings are bytes in a fast move, with 255 for "none".
        let hand_kinds = if variant.rules.has_hands() {
            super::HAND_KINDS
        } else {
            64
        };
        let sides = variant.sides().len();
        // A cell's code is `1 + piece * most_sides + side`, at most 255.
        if cells > MAX_CELLS
            || variant.pieces.len() > hand_kinds
            || variant.castlings.len() >= 255
            || sides > most_sides
            || variant.pieces.len() * most_sides > 255
        {
            return None;
        }
        let mut c = FastTables {
            cells,
            sides,
            passed_sets: (0..tables.passed_runs())
                .map(|i| {
                    let run = tables.passed_cells(crate::compile::Passed(i as u32));
                    run.iter().fold(0, |set, c| set | bit(c.0 as u8))
                })
                .collect(),
            slots: Vec::new(),
            rays: Vec::new(),
            ray_cells: Vec::new(),
            slides: Vec::new(),
            trees: Vec::new(),
            attacker_cells: Vec::new(),
            nodes: Vec::new(),
            promotions: Vec::new(),
            royal_mover: Vec::new(),
            drop_cells: Vec::new(),
            drops: false,
            waits: false,
            placement: variant.rules.placement.map(|p| p.sequential),
            royal_captured: variant.rules.royal_captured,
            royal_ends: variant.rules.royal_loss_ends(sides),
            setup_royals: std::array::from_fn(|i| {
                Side::new(i)
                    .filter(|_| i < sides)
                    .map_or(0, |side| variant.setup_royals(side) as u32)
            }),
            not_defended_by: Vec::new(),
            no_check: Vec::new(),
            no_mate: Vec::new(),
            drop_lines: Vec::new(),
            royal: Vec::new(),
            can_en_passant: Vec::new(),
            in_hand_as: Vec::new(),
            resets_count: Vec::new(),
            hoppers: false,
            guards: Vec::new(),
            guarded_attacks: Vec::new(),
            guarded_captures: false,
            facing: Vec::new(),
            check_kinds: 0,
            checking_cells: Vec::new(),
            line_cells: Vec::new(),
        };
        c.compile_moves(variant, tables);
        c.compile_attacks(variant, tables);
        c.compile_pieces(variant, tables);
        c.drops = c.drop_cells.iter().any(|&cells| cells != 0);
        c.waits = c.promotions.iter().flatten().any(|p| p.waits);
        if variant
            .pieces
            .iter()
            .any(|p| !p.drops.line_limits.is_empty())
        {
            for piece in variant.piece_ids() {
                for side in variant.side_ids() {
                    for cell in variant.board.all_cells() {
                        c.drop_lines.push(
                            tables
                                .drop_lines(piece, side, cell)
                                .iter()
                                .map(|(room, line)| {
                                    (*room, line.iter().fold(0, |set, c| set | bit(c.0 as u8)))
                                })
                                .collect(),
                        );
                    }
                }
            }
        }
        if !variant.rules.facing.is_empty() {
            for side in variant.side_ids() {
                for cell in variant.board.all_cells() {
                    c.facing.push(
                        tables
                            .facing_lines(side, cell)
                            .iter()
                            .map(|line| line.iter().map(|x| x.0 as u8).collect())
                            .collect(),
                    );
                }
            }
        }
        c.compile_check_sets(variant.pieces.len());
        Some(c)
    }

    fn compile_moves(&mut self, variant: &Variant, tables: &MoveTables) {
        for piece in variant.piece_ids() {
            for side in variant.side_ids() {
                for cell in variant.board.all_cells() {
                    let first = self.rays.len() as u32;
                    let mut slot = Slot::default();
                    let mut guarded: Vec<(Ray, Vec<u8>)> = Vec::new();
                    let mut falling: Vec<CellSet> = Vec::new();
                    let slides_start = self.slides.len() as u32;
                    for e in tables.entries(piece, side, cell) {
                        let path = tables.path(e);
                        let between: CellSet = if e.when.is_some_and(Condition::is_multi_step) {
                            0
                        } else {
                            tables.passed(e, 0).iter().map(|c| bit(c.0 as u8)).sum()
                        };
                        let plain = matches!(e.when, None | Some(Condition::Entry))
                            && tables.guard(e).is_none();
                        // `to ZONE` alone is settled here: the masks hold only the cells
                        // it may land on.
                        match e.when {
                            Some(Condition::Castling) => continue,
                            // Targets that nothing can block are bits of the masks.
                            _ if plain && between == 0 && e.walk.is_unblockable(path) => {
                                for r in tables.reach(e) {
                                    let b = bit(r.cell.0 as u8);
                                    if e.mode.moves {
                                        slot.step_moves |= b;
                                    }
                                    if e.mode.captures {
                                        slot.step_captures |= b;
                                    }
                                }
                            }
                            _ => {
                                let guard = self.guard_of(tables, e);
                                let cells: Vec<u8> = path.iter().map(|c| c.0 as u8).collect();
                                let multi_step = e.when.is_some_and(Condition::gives_en_passant);
                                let ray = Ray {
                                    start: 0,
                                    len: path.len() as u8,
                                    walk: e.walk,
                                    moves: e.mode.moves,
                                    captures: e.mode.captures,
                                    unmoved_only: e
                                        .when
                                        .is_some_and(Condition::is_unmoved_multi_step),
                                    passed: e.passed_base().unwrap_or(u32::MAX),
                                    guard,
                                    mask: cells.iter().fold(0, |set, &c| set | bit(c)),
                                    order: order_of(&cells),
                                    resolve: Resolve::of(
                                        e.walk,
                                        multi_step,
                                        e.mode.captures,
                                        between,
                                        order_of(&cells),
                                    ),
                                };
                                let slide = plain && guard == NO_GUARD && ray.moves && ray.captures;
                                let slide = slide && ray.resolve == Resolve::Bits;
                                if slide && ray.order == Order::Rising {
                                    self.slides.push(ray.mask);
                                } else if slide && ray.order == Order::Falling {
                                    falling.push(ray.mask);
                                } else if guard == NO_GUARD {
                                    self.push_ray(ray, cells);
                                } else {
                                    guarded.push((ray, cells));
                                }
                            }
                        }
                    }
                    let plain_end = self.rays.len() as u32;
                    for (ray, cells) in guarded {
                        self.push_ray(ray, cells);
                    }
                    slot.rays = (first, plain_end);
                    slot.rising = (slides_start, self.slides.len() as u32);
                    self.slides.extend(falling);
                    slot.falling_end = self.slides.len() as u32;
                    slot.guarded_end = self.rays.len() as u32;
                    self.slots.push(slot);
                }
            }
        }
    }

    fn push_ray(&mut self, ray: Ray, cells: Vec<u8>) {
        self.rays.push(Ray {
            start: self.ray_cells.len() as u32,
            ..ray
        });
        self.ray_cells.extend(cells);
    }

    /// Reads every capture entry backwards: from the target, the cells before it on the path
    /// (nearest first) and then the attacker's cell. Paths that share their beginning share
    /// nodes, so a line of a rider becomes one chain with attackers all along it.
    fn compile_attacks(&mut self, variant: &Variant, tables: &MoveTables) {
        let mut guarded = vec![Vec::new(); self.sides * self.cells];
        for side in variant.side_ids() {
            // Per target: a trie from (parent node, cell) to node, with attacker types.
            let mut tries: Vec<Trie> = vec![Trie::default(); self.cells];
            for piece in variant.piece_ids() {
                for from in variant.board.all_cells() {
                    for e in tables.entries(piece, side, from) {
                        if !e.mode.captures || e.when == Some(Condition::Castling) {
                            continue;
                        }
                        if tables.guard(e).is_some() {
                            self.guarded_captures = true;
                            let guard = self.guard_of(tables, e);
                            for r in tables.reach(e) {
                                guarded[side.index() * self.cells + r.cell.index()].push(
                                    GuardedAttack {
                                        from: from.0 as u8,
                                        piece: piece.0,
                                        clear: r.clear().fold(0, |set, c| set | bit(c.0 as u8)),
                                        screen: r.screen_cell().map_or(NONE, |c| c.0 as u8),
                                        guard,
                                    },
                                );
                            }
                            continue;
                        }
                        self.hoppers |= e.walk.hops();
                        for r in tables.reach(e) {
                            // From the target back to the attacker: the cells before the
                            // landing, nearest first, then the attacker's own cell.
                            let back: Vec<(u8, bool)> = r
                                .before
                                .iter()
                                .enumerate()
                                .rev()
                                .map(|(i, c)| (c.0 as u8, r.screen == Some(i)))
                                .chain(std::iter::once((from.0 as u8, false)))
                                .collect();
                            tries[r.cell.index()].insert(&back, piece.0);
                        }
                    }
                }
            }
            for (target, trie) in tries.iter().enumerate() {
                let start = self.nodes.len() as u32;
                trie.flatten(ROOT, &mut self.nodes);
                self.trees.push((start, self.nodes.len() as u32));
                let others: CellSet = guarded[side.index() * self.cells + target]
                    .iter()
                    .fold(0, |set, a: &GuardedAttack| set | bit(a.from));
                self.attacker_cells.push(trie.attacker_cells() | others);
            }
        }
        self.guarded_attacks = guarded;
    }

    /// The fast form of an entry's conditions (`to ZONE`, and those tested on the board), or
    /// `NO_GUARD` when it has none.
    fn guard_of(&mut self, tables: &MoveTables, e: &crate::compile::Entry) -> u32 {
        let path = tables.path(e);
        let restricted = path.iter().any(|c| !tables.may_land(e, *c));
        let none = crate::compile::EntryGuard {
            unmoved: None,
            occupants: Vec::new(),
        };
        let g = match tables.guard(e) {
            Some(g) => g,
            None if restricted => &none,
            None => return NO_GUARD,
        };
        self.guards.push(Guard {
            land: if restricted {
                path.iter()
                    .filter(|c| tables.may_land(e, **c))
                    .fold(0, |set, c| set | bit(c.0 as u8))
            } else {
                CellSet::MAX
            },
            unmoved: g.unmoved,
            occupants: g
                .occupants
                .iter()
                .map(|(who, cells, present)| {
                    let set = cells.iter().fold(0, |set, c| set | bit(c.0 as u8));
                    (*who, set, *present)
                })
                .collect(),
        });
        self.guards.len() as u32 - 1
    }

    fn compile_pieces(&mut self, variant: &Variant, tables: &MoveTables) {
        let mask = |cells: &mut dyn Iterator<Item = crate::geometry::board::CellId>| {
            cells.map(|c| bit(c.0 as u8)).fold(0, |a, b| a | b)
        };
        for piece in variant.piece_ids() {
            let p = variant.piece(piece);
            for side in variant.side_ids() {
                let promotion = p.promotion.as_ref().filter(|pr| !pr.to.is_empty());
                self.promotions.push(promotion.map(|pr| {
                    PromotionMasks {
                        zone: mask(&mut variant.zone(pr.zone).cells[side].iter().copied()),
                        dead: mask(
                            &mut variant
                                .board
                                .all_cells()
                                .filter(|c| tables.is_dead(piece, side, *c)),
                        ),
                        to: pr.to.iter().map(|t| t.0).collect(),
                        optional: pr.optional,
                        setup: match pr.captured_only {
                            Some(_) => pr
                                .to
                                .iter()
                                .map(|&t| variant.setup_count(side, t))
                                .collect(),
                            None => Vec::new(),
                        },
                        waits: pr.captured_only == Some(NoneCaptured::Wait),
                    }
                }));
                self.royal_mover.push(
                    p.royal
                        || promotion
                            .is_some_and(|pr| pr.to.iter().any(|t| variant.piece(*t).royal)),
                );
                self.drop_cells
                    .push(mask(&mut tables.drop_cells(piece, side).iter().copied()));
            }
            self.not_defended_by.push(
                p.drops
                    .not_defended_by
                    .iter()
                    .fold(0, |a, t| a | 1u64 << t.0),
            );
            self.no_check.push(p.drops.no_check);
            self.no_mate.push(p.drops.no_mate);
            self.royal.push(p.royal);
            self.can_en_passant.push(p.captures_en_passant());
            self.in_hand_as.push(variant.in_hand_as(piece).0);
            self.resets_count.push(
                variant
                    .rules
                    .move_limit
                    .as_ref()
                    .is_some_and(|l| l.reset_by.contains(&piece)),
            );
        }
    }
}

const ROOT: usize = 0;

/// A prefix tree of backward paths, built once per target cell.
#[derive(Clone, Debug)]
struct Trie {
    /// Per node: its (cell, screen), attacker types, and children in insertion order.
    nodes: Vec<((u8, bool), u64, Vec<usize>)>,
    index: BTreeMap<(usize, (u8, bool)), usize>,
}

impl Default for Trie {
    fn default() -> Self {
        Trie {
            nodes: vec![((0, false), 0, Vec::new())],
            index: BTreeMap::new(),
        }
    }
}

impl Trie {
    /// Adds a backward path of (cell, screen) steps whose last cell holds an attacker.
    fn insert(&mut self, steps: &[(u8, bool)], piece: u8) {
        let mut at = ROOT;
        for &step in steps {
            at = match self.index.get(&(at, step)) {
                Some(&n) => n,
                None => {
                    let n = self.nodes.len();
                    self.nodes.push((step, 0, Vec::new()));
                    self.nodes[at].2.push(n);
                    self.index.insert((at, step), n);
                    n
                }
            };
        }
        self.nodes[at].1 |= 1u64 << piece;
    }

    /// Writes the subtrees below `node` in preorder.
    fn flatten(&self, node: usize, out: &mut Vec<Node>) {
        for &child in &self.nodes[node].2 {
            let ((cell, screen), pieces, _) = self.nodes[child];
            let me = out.len();
            out.push(Node {
                cell,
                screen,
                skip: 0,
                pieces,
                attackers: 0,
            });
            self.flatten(child, out);
            out[me].skip = out.len() as u32;
            out[me].attackers = out[me..]
                .iter()
                .filter(|n| n.pieces != 0)
                .fold(0, |set, n| set | bit(n.cell));
        }
    }

    fn attacker_cells(&self) -> CellSet {
        self.nodes[1..]
            .iter()
            .filter(|n| n.1 != 0)
            .fold(0, |a, n| a | bit(n.0 .0))
    }
}
