//! The fast engine: the same rules as [`Game`], on 128-bit cell sets.
//!
//! Every shipped board has at most 128 cells (off-board cells included), so a set of cells is
//! one `u128`. The tables are recompiled for it (`tables`): a piece's one-cell moves become
//! masks, and each cell gets a tree of the ways it can be attacked, so a check test looks at a
//! handful of cells instead of every piece on the board. Positions are copied, not undone:
//! a state is a few hundred bytes. The engine is driven only by the compiled variant and is
//! proven equal to the reference engine ([`Game`]) by the tests, move list for move list.

mod exchange;
mod interface;
mod movegen;
pub(crate) mod tables;

use tables::{bit, cells, CellSet, FastTables, Node};

use super::engine::Engine;
use super::zobrist::Zobrist;
use super::{Game, Move};
use crate::geometry::board::CellId;
use crate::variant::{Occupant, Side};

/// Kinds of pieces a fast state keeps hand counts for: every kind of every shipped drop
/// variant (Hex Shogi has 14), in 64 bytes of every copied state; a drop variant with more
/// kinds is left to the reference engine.
pub(crate) const HAND_KINDS: usize = 16;

/// No cell, no piece, no castling: the `u8` fields' "none".
const NONE: u8 = u8::MAX;

/// A cell of a move as the fast engine numbers it (every cell of its boards fits a `u8`).
#[inline(always)]
fn cell8(c: CellId) -> u8 {
    c.0 as u8
}

/// A move's cell number, or [`NONE`] for none.
#[inline(always)]
fn cell8_or_none(c: Option<CellId>) -> u8 {
    c.map_or(NONE, cell8)
}

/// A cell number of the fast engine as a move holds it.
#[inline(always)]
fn cell_id(c: u8) -> CellId {
    CellId(u16::from(c))
}

/// A piece on a cell: 0 for empty, else `1 + piece * 2 + side`.
type Code = u8;

fn code(side: Side, piece: u8) -> Code {
    1 + piece * 2 + side.index() as u8
}

pub(crate) fn piece_of(code: Code) -> u8 {
    (code - 1) / 2
}

pub(crate) fn side_of(code: Code) -> Side {
    if (code - 1).is_multiple_of(2) {
        Side::WHITE
    } else {
        Side::BLACK
    }
}

/// Who stands where: what a check test reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Occupancy {
    pub(crate) squares: [Code; 128],
    pub(crate) occupied: [CellSet; 2],
    /// Cells of royal pieces, per side.
    pub(crate) royals: [CellSet; 2],
    /// Cells of the pieces that have not moved (what castling and `when unmoved` read).
    pub(crate) unmoved: CellSet,
}

impl Occupancy {
    fn empty() -> Occupancy {
        Occupancy {
            squares: [0; 128],
            occupied: [0; 2],
            royals: [0; 2],
            unmoved: 0,
        }
    }

    fn all(&self) -> CellSet {
        self.occupied[0] | self.occupied[1]
    }

    /// Takes whatever stands on `cell` off the board.
    fn remove(&mut self, cell: u8) -> Code {
        let c = std::mem::take(&mut self.squares[cell as usize]);
        if c != 0 {
            let s = side_of(c).index();
            self.occupied[s] &= !bit(cell);
            self.royals[s] &= !bit(cell);
        }
        c
    }

    fn put(&mut self, cell: u8, c: Code, royal: bool) {
        self.remove(cell);
        self.squares[cell as usize] = c;
        let s = side_of(c).index();
        self.occupied[s] |= bit(cell);
        if royal {
            self.royals[s] |= bit(cell);
        }
    }
}

/// A position of the fast engine (see [`crate::game::Position`], which it converts to and from).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) board: Occupancy,
    pub(crate) to_move: Side,
    /// The cells of the en-passant right (empty when there is none) and its victim's cell.
    pub(crate) en_passant: CellSet,
    pub(crate) en_passant_victim: u8,
    /// Per side, the pieces of each kind in hand (kinds past [`HAND_KINDS`] are never held:
    /// a variant with drops and more kinds is left to the reference engine).
    pub(crate) hands: [[u16; HAND_KINDS]; 2],
    pub(crate) quiet_plies: u32,
    /// The Zobrist key ([`crate::game::zobrist`]), kept up to date by [`FastEngine::play`].
    pub(crate) zobrist: u64,
}

// A state is copied at every move played: it stays small.
const _: () = assert!(std::mem::size_of::<State>() <= 304);

impl State {
    /// The position's 64-bit Zobrist key ([`crate::game::zobrist`]).
    pub fn zobrist_key(&self) -> u64 {
        self.zobrist
    }

    /// The position's 128-bit key for the perft table (see [`crate::game::perft`]): the same
    /// features as the reference engine's key, so both engines key a position alike.
    pub fn key(&self, seed: u64) -> u128 {
        use crate::game::zobrist::{feature, hand_feature, piece_feature};
        let mut k = feature(seed, 1 << 40 | self.to_move.index() as u64);
        let mut bits = self.board.occupied[0] | self.board.occupied[1];
        while bits != 0 {
            let cell = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let code = self.board.squares[cell];
            k ^= feature(
                seed,
                piece_feature(cell, side_of(code).index(), piece_of(code) as usize),
            );
        }
        let mut unmoved = self.board.unmoved;
        while unmoved != 0 {
            let cell = unmoved.trailing_zeros() as u64;
            unmoved &= unmoved - 1;
            k ^= feature(seed, 4 << 40 | cell);
        }
        if self.en_passant != 0 {
            k ^= feature(seed, 2 << 40 | u64::from(self.en_passant_victim));
            let mut passed = self.en_passant;
            while passed != 0 {
                let cell = passed.trailing_zeros() as u64;
                passed &= passed - 1;
                k ^= feature(seed, 5 << 40 | cell);
            }
        }
        for side in Side::BOTH {
            for (piece, &n) in self.hands[side.index()].iter().enumerate() {
                if n > 0 {
                    k ^= feature(seed, hand_feature(side.index(), piece, n));
                }
            }
        }
        k
    }
}

/// The fast engine for one variant.
pub struct FastEngine<'a> {
    pub(crate) game: Game<'a>,
    pub(crate) t: FastTables,
    keys: Zobrist,
}

impl<'a> FastEngine<'a> {
    /// The engine for a game, or `None` when the board is too large for 128-bit sets or the
    /// game has more than two sides.
    pub fn new(game: Game<'a>) -> Option<FastEngine<'a>> {
        let t = FastTables::new(game.variant, game.tables)?;
        let keys = Zobrist::new(game.variant);
        Some(FastEngine { game, t, keys })
    }

    /// The state's Zobrist key computed from all its features (what [`FastEngine::play`] keeps
    /// up to date move by move).
    pub fn scratch_key(&self, s: &State) -> u64 {
        let z = &self.keys;
        let mut k = 0;
        let mut occupied = s.board.occupied[0] | s.board.occupied[1];
        while occupied != 0 {
            let cell = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            k ^= self.cell_key(s.board.squares[cell], cell);
        }
        for side in Side::BOTH {
            for (piece, n) in s.hands[side.index()].iter().enumerate() {
                k ^= z.hand(side, piece, *n as usize);
            }
        }
        k ^= self.set_key(s.en_passant, |c| z.en_passant(c));
        k ^= self.set_key(s.board.unmoved, |c| z.unmoved(c));
        if s.to_move == Side::BLACK {
            k ^= z.black();
        }
        k
    }

    /// The key of a cell's content (0 when empty).
    #[inline]
    fn cell_key(&self, code: Code, cell: usize) -> u64 {
        if code == 0 {
            0
        } else {
            self.keys
                .piece(cell, side_of(code), piece_of(code) as usize)
        }
    }

    /// The XOR of a key per cell of a set.
    #[inline]
    fn set_key(&self, mut set: CellSet, key: impl Fn(usize) -> u64) -> u64 {
        let mut k = 0;
        while set != 0 {
            k ^= key(set.trailing_zeros() as usize);
            set &= set - 1;
        }
        k
    }

    /// True when a piece of `by` whose type is in `types` could capture on `target`.
    pub(crate) fn attacked_by(&self, b: &Occupancy, target: u8, by: Side, types: u64) -> bool {
        let k = by.index() * self.t.cells + target as usize;
        if self.t.attacker_cells[k] & b.occupied[by.index()] == 0 {
            return false;
        }
        if self.t.guarded_captures && self.attacked_under_conditions(b, k, by, types) {
            return true;
        }
        let (start, end) = self.t.trees[k];
        let nodes = &self.t.nodes[..end as usize];
        if self.t.hoppers {
            return attacked_over_screens(b, nodes, start as usize, by, types);
        }
        attacked_in_tree(b, nodes, start as usize, by, types, NONE)
    }

    /// Whether a piece of `by` could capture on `target` once the piece on `vacated` has
    /// left it: a royal piece's step tested without copying the board. For variants whose
    /// attacks are all in the trees (no hoppers, no captures under conditions).
    pub(crate) fn attacked_after_leaving(
        &self,
        b: &Occupancy,
        target: u8,
        by: Side,
        vacated: u8,
    ) -> bool {
        let k = by.index() * self.t.cells + target as usize;
        if self.t.attacker_cells[k] & b.occupied[by.index()] == 0 {
            return false;
        }
        let (start, end) = self.t.trees[k];
        attacked_in_tree(
            b,
            &self.t.nodes[..end as usize],
            start as usize,
            by,
            u64::MAX,
            vacated,
        )
    }

    /// The captures with conditions tested on the board that reach target `k` (the side's
    /// index times the cells, plus the target): kept out of the trees, tried one by one. Out
    /// of line: most variants have none, and their check test stays small.
    #[inline(never)]
    fn attacked_under_conditions(&self, b: &Occupancy, k: usize, by: Side, types: u64) -> bool {
        let all = b.all();
        self.t.guarded_attacks[k].iter().any(|a| {
            types >> a.piece & 1 != 0
                && b.squares[a.from as usize] == code(by, a.piece)
                && a.clear & all == 0
                && (a.screen == NONE || all & bit(a.screen) != 0)
                && self.guard_holds(b, a.guard, a.from, by)
        })
    }

    /// Whether the conditions `guard` (an index into the guards) hold for the piece of `side`
    /// on `from`. Out of line, so the move generator's loop stays as small as without them.
    #[inline(never)]
    pub(crate) fn guard_holds(&self, b: &Occupancy, guard: u32, from: u8, side: Side) -> bool {
        let g = &self.t.guards[guard as usize];
        let unmoved = b.unmoved & bit(from) != 0;
        g.unmoved.is_none_or(|u| u == unmoved)
            && g.occupants.iter().all(|&(who, cells, present)| {
                let (own, theirs) = (
                    b.occupied[side.index()],
                    b.occupied[side.opponent().index()],
                );
                let holders = match who {
                    Occupant::Enemy => theirs,
                    Occupant::Friend => own,
                    Occupant::Piece => own | theirs,
                };
                (holders & cells != 0) == present
            })
    }

    /// Whether `side`'s royal pieces are attacked, and which of `side`'s pieces are pinned:
    /// they alone stand between a royal piece and an attacker of the other side. Not for
    /// variants with hoppers (whose trees have screen nodes).
    pub(crate) fn check_and_pins(&self, b: &Occupancy, side: Side) -> (bool, CellSet) {
        let by = side.opponent();
        let mut checked = false;
        let mut pinned = 0;
        for royal in cells(b.royals[side.index()]) {
            let (start, end) = self.t.trees[by.index() * self.t.cells + royal as usize];
            self.walk_pins(b, by, start, end, NONE, &mut checked, &mut pinned);
        }
        (checked, pinned)
    }

    /// Walks the nodes `start..end` (sibling subtrees) with at most one of the defender's
    /// pieces passed (`blocker`). Trees without screen nodes only: with hoppers every move
    /// is tested instead.
    #[allow(clippy::too_many_arguments)]
    fn walk_pins(
        &self,
        b: &Occupancy,
        by: Side,
        start: u32,
        end: u32,
        blocker: u8,
        checked: &mut bool,
        pinned: &mut CellSet,
    ) {
        let mut i = start;
        let theirs = b.occupied[by.index()];
        while i < end {
            let n = self.t.nodes[i as usize];
            if n.attackers & theirs == 0 {
                i = n.skip;
                continue;
            }
            let c = b.squares[n.cell as usize];
            if c == 0 {
                self.walk_pins(b, by, i + 1, n.skip, blocker, checked, pinned);
            } else if side_of(c) == by {
                if n.pieces >> piece_of(c) & 1 != 0 {
                    match blocker {
                        NONE => *checked = true,
                        cell => *pinned |= bit(cell),
                    }
                }
            } else if blocker == NONE {
                self.walk_pins(b, by, i + 1, n.skip, n.cell, checked, pinned);
            }
            i = n.skip;
        }
    }

    pub(crate) fn attacked_on(&self, b: &Occupancy, target: u8, by: Side) -> bool {
        self.attacked_by(b, target, by, u64::MAX)
    }

    /// True when one of `side`'s royal pieces is attacked, or faces an enemy royal piece on
    /// an open `facing` line.
    pub(crate) fn side_in_check(&self, b: &Occupancy, side: Side) -> bool {
        cells(b.royals[side.index()]).any(|c| {
            self.attacked_on(b, c, side.opponent())
                || (!self.t.facing.is_empty() && self.faces_royal(b, side, c))
        })
    }

    /// True when the royal piece of `side` on `cell` sees an enemy royal piece along one of
    /// the `facing` lines.
    fn faces_royal(&self, b: &Occupancy, side: Side, cell: u8) -> bool {
        let all = b.all();
        let enemy_royals = b.royals[side.opponent().index()];
        self.t.facing[side.index() * self.t.cells + cell as usize]
            .iter()
            .any(|line| {
                line.iter()
                    .find(|&&c| all & bit(c) != 0)
                    .is_some_and(|&c| enemy_royals & bit(c) != 0)
            })
    }

    /// The board after a move (what a check test needs), from the mover's side.
    fn board_after(&self, b: &Occupancy, side: Side, m: &Move) -> Occupancy {
        let mut n = *b;
        let to = cell8(m.to);
        n.unmoved &= !(bit(to) | m.from.map_or(0, |f| bit(cell8(f))));
        let rook = m.castling_index().map(|i| {
            let c = &self.game.variant.castlings[i];
            n.unmoved &= !bit(cell8(c.rook_from));
            (n.remove(cell8(c.rook_from)), cell8(c.rook_to))
        });
        if let Some(victim) = m.en_passant_victim {
            n.remove(cell8(victim));
        }
        if let Some(from) = m.from {
            n.remove(cell8(from));
        }
        let piece = m.promotion.unwrap_or(m.piece).0;
        n.put(to, code(side, piece), self.t.royal[piece as usize]);
        if let Some((r, to)) = rook {
            if r != 0 {
                n.put(to, r, self.t.royal[piece_of(r) as usize]);
            }
        }
        n
    }

    /// Perft below `s` with `lists[depth - 2]` as this node's move list and the lists before
    /// it for the nodes below; the last ply is counted, not listed.
    fn perft_in(
        &self,
        s: &State,
        depth: u32,
        lists: &mut [Vec<Move>],
        stop: &dyn Fn() -> bool,
    ) -> Option<u64> {
        if depth == 1 {
            return Some(self.count_legal(s));
        }
        if stop() {
            return None;
        }
        let (moves, below) = lists.split_last_mut()?;
        self.list_legal(s, moves);
        let mut total = 0;
        for m in moves.iter() {
            total += self.perft_in(&self.play(s, m), depth - 1, below, stop)?;
        }
        Some(total)
    }
}

/// The walk of an attack tree (its nodes from `start` to the end of `nodes`): whether a piece
/// of `by` whose type is in `types` attacks its target, the cell `vacated` (or none, `NONE`)
/// counted as empty.
#[inline(always)]
fn attacked_in_tree(
    b: &Occupancy,
    nodes: &[Node],
    start: usize,
    by: Side,
    types: u64,
    vacated: u8,
) -> bool {
    let theirs = b.occupied[by.index()];
    let mut i = start;
    while i < nodes.len() {
        let n = nodes[i];
        if n.attackers & theirs == 0 {
            i = n.skip as usize;
            continue;
        }
        let c = if n.cell == vacated {
            0
        } else {
            b.squares[n.cell as usize]
        };
        if c == 0 {
            i += 1;
            continue;
        }
        if side_of(c) == by && (n.pieces & types) >> piece_of(c) & 1 != 0 {
            return true;
        }
        i = n.skip as usize;
    }
    false
}

/// [`FastEngine::attacked_by`]'s walk where some piece captures by hopping: a screen node lets
/// the walk on only while its cell is occupied (kept apart so other variants pay nothing).
fn attacked_over_screens(
    b: &Occupancy,
    nodes: &[Node],
    start: usize,
    by: Side,
    types: u64,
) -> bool {
    let mut i = start;
    while i < nodes.len() {
        let n = nodes[i];
        let c = b.squares[n.cell as usize];
        // A plain node lets the walk on while empty; a screen only while occupied.
        if (c == 0) != n.screen {
            i += 1;
            continue;
        }
        if c != 0 && side_of(c) == by && (n.pieces & types) >> piece_of(c) & 1 != 0 {
            return true;
        }
        i = n.skip as usize;
    }
    false
}
