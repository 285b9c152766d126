//! The fast engine: the same rules as [`Game`], on 128-bit cell sets.
//!
//! Every shipped board has at most 128 cells (off-board cells included), so a set of cells is
//! one `u128`. The tables are recompiled for it (`tables`): a piece's one-cell moves become
//! masks, and each cell gets a tree of the ways it can be attacked, so a check test looks at a
//! handful of cells instead of every piece on the board. Positions are copied, not undone:
//! a state is a few hundred bytes. The engine is driven only by the compiled variant and is
//! proven equal to the reference engine ([`Game`]) by the tests, move list for move list.

mod checks;
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

/// A piece on a cell: 0 for empty, else `1 + piece * N + side` in a game of `N` sides (at
/// most `N`, for the engine of more sides).
type Code = u8;

#[inline(always)]
fn code<const N: usize>(side: Side, piece: u8) -> Code {
    1 + piece * N as u8 + side.index() as u8
}

#[inline(always)]
pub(crate) fn piece_of<const N: usize>(code: Code) -> u8 {
    (code - 1) / N as u8
}

#[inline(always)]
pub(crate) fn side_of<const N: usize>(code: Code) -> Side {
    let index = (code - 1) % N as u8;
    if N == 2 {
        // Two sides: the constants, which the check tests compare without a lookup.
        if index == 0 {
            Side::WHITE
        } else {
            Side::BLACK
        }
    } else {
        Side::new(usize::from(index)).unwrap_or(Side::WHITE)
    }
}

/// Who stands where: what a check test reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Occupancy<const N: usize> {
    pub(crate) squares: [Code; 128],
    pub(crate) occupied: [CellSet; N],
    /// Cells of royal pieces, per side.
    pub(crate) royals: [CellSet; N],
    /// Cells of the pieces that have not moved (what castling and `when unmoved` read).
    pub(crate) unmoved: CellSet,
}

impl<const N: usize> Occupancy<N> {
    fn empty() -> Occupancy<N> {
        Occupancy {
            squares: [0; 128],
            occupied: [0; N],
            royals: [0; N],
            unmoved: 0,
        }
    }

    #[inline(always)]
    fn all(&self) -> CellSet {
        self.occupied.iter().fold(0, |all, &set| all | set)
    }

    /// The cells of every piece but `side`'s: what its pieces may capture (the pieces a side
    /// out of the game left standing included).
    #[inline(always)]
    pub(crate) fn theirs(&self, side: Side) -> CellSet {
        if N == 2 {
            self.occupied[side.opponent().index()]
        } else {
            self.all() & !self.occupied[side.index()]
        }
    }

    /// Takes whatever stands on `cell` off the board.
    fn remove(&mut self, cell: u8) -> Code {
        let c = std::mem::take(&mut self.squares[cell as usize]);
        if c != 0 {
            let s = side_of::<N>(c).index();
            self.occupied[s] &= !bit(cell);
            self.royals[s] &= !bit(cell);
        }
        c
    }

    fn put(&mut self, cell: u8, c: Code, royal: bool) {
        self.remove(cell);
        self.squares[cell as usize] = c;
        let s = side_of::<N>(c).index();
        self.occupied[s] |= bit(cell);
        if royal {
            self.royals[s] |= bit(cell);
        }
    }
}

/// A position of the fast engine (see [`crate::game::Position`], which it converts to and
/// from), in a game of two sides or, with `N` = [`Side::MAX`], of more.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State<const N: usize = 2> {
    pub(crate) board: Occupancy<N>,
    pub(crate) to_move: Side,
    /// The cells of the en-passant right (empty when there is none) and its victim's cell.
    pub(crate) en_passant: CellSet,
    pub(crate) en_passant_victim: u8,
    /// Per side, the pieces of each kind in hand (kinds past [`HAND_KINDS`] are never held:
    /// a variant with drops and more kinds is left to the reference engine).
    pub(crate) hands: [[u16; HAND_KINDS]; N],
    pub(crate) quiet_plies: u32,
    /// The Zobrist key ([`crate::game::zobrist`]), kept up to date by [`FastEngine::play`].
    pub(crate) zobrist: u64,
    /// The sides that have left the game, a bit each (more than two sides only): their
    /// pieces, where they stay, are obstacles that attack nothing.
    pub(crate) out: u8,
}

// A state is copied at every move played: it stays small.
const _: () = assert!(std::mem::size_of::<State>() <= 304);

impl<const N: usize> State<N> {
    /// The position's 64-bit Zobrist key ([`crate::game::zobrist`]).
    pub fn zobrist_key(&self) -> u64 {
        self.zobrist
    }

    /// The position's 128-bit key for the perft table (see [`crate::game::perft`]): the same
    /// features as the reference engine's key, so both engines key a position alike.
    pub fn key(&self, seed: u64) -> u128 {
        use crate::game::zobrist::{feature, hand_feature, piece_feature};
        let mut k = feature(seed, 1 << 40 | self.to_move.index() as u64);
        let mut bits = self.board.all();
        while bits != 0 {
            let cell = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let code = self.board.squares[cell];
            k ^= feature(
                seed,
                piece_feature(
                    cell,
                    side_of::<N>(code).index(),
                    piece_of::<N>(code) as usize,
                ),
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
        for (side, hand) in self.hands.iter().enumerate() {
            for (piece, &n) in hand.iter().enumerate() {
                if n > 0 {
                    k ^= feature(seed, hand_feature(side, piece, n));
                }
            }
            if self.out >> side & 1 != 0 {
                k ^= feature(seed, 6 << 40 | side as u64);
            }
        }
        k
    }
}

/// The fast engine for one variant: of two sides (`N` = 2), or of three to [`Side::MAX`]
/// sides (`N` = [`Side::MAX`], the sides the variant has in use).
pub struct FastEngine<'a, const N: usize = 2> {
    pub(crate) game: Game<'a>,
    pub(crate) t: FastTables,
    keys: Zobrist,
}

impl<'a> FastEngine<'a> {
    /// The engine for a game of two sides, or `None` when the board is too large for 128-bit
    /// sets or the game has more sides.
    pub fn new(game: Game<'a>) -> Option<FastEngine<'a>> {
        FastEngine::build(game)
    }
}

impl<'a> FastEngine<'a, { Side::MAX }> {
    /// The engine for a game of three or more sides, or `None` when the board is too large
    /// for 128-bit sets or the game has two sides.
    pub fn for_more_sides(game: Game<'a>) -> Option<FastEngine<'a, { Side::MAX }>> {
        FastEngine::build(game)
    }
}

impl<'a, const N: usize> FastEngine<'a, N> {
    /// The engine for a game, or `None` when the board is too large for 128-bit sets, or
    /// the game's number of sides is not this engine's (two for `N` = 2, three or more
    /// otherwise).
    fn build(game: Game<'a>) -> Option<FastEngine<'a, N>> {
        let sides = game.variant.sides().len();
        let fits = if N == 2 {
            sides == 2
        } else {
            sides > 2 && sides <= N
        };
        if !fits {
            return None;
        }
        let t = FastTables::new(game.variant, game.tables, N)?;
        let keys = Zobrist::new(game.variant);
        Some(FastEngine { game, t, keys })
    }

    /// The number of sides in the game (a constant with two).
    #[inline(always)]
    pub(crate) fn sides(&self) -> usize {
        if N == 2 {
            2
        } else {
            self.t.sides
        }
    }

    /// The index of `side`'s tables of `piece` (`piece * sides + side`).
    #[inline(always)]
    pub(crate) fn kind(&self, piece: usize, side: Side) -> usize {
        piece * self.sides() + side.index()
    }

    /// The sides of the game, in turn order.
    pub(crate) fn side_ids(&self) -> impl Iterator<Item = Side> {
        (0..self.sides()).filter_map(Side::new)
    }

    /// The side after `side` (or before it, `forward` false) that has not left the game.
    pub(crate) fn side_in_game(&self, out: u8, side: Side, forward: bool) -> Side {
        if N == 2 {
            return side.opponent();
        }
        self.game
            .variant
            .side_in_game(side, forward, |x| out >> x.index() & 1 != 0)
    }

    /// The state's Zobrist key computed from all its features (what [`FastEngine::play`] keeps
    /// up to date move by move).
    pub fn scratch_key(&self, s: &State<N>) -> u64 {
        let z = &self.keys;
        let mut k = 0;
        let mut occupied = s.board.all();
        while occupied != 0 {
            let cell = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            k ^= self.cell_key(s.board.squares[cell], cell);
        }
        for side in self.side_ids() {
            for (piece, n) in s.hands[side.index()].iter().enumerate() {
                k ^= z.hand(side, piece, *n as usize);
            }
            if s.out >> side.index() & 1 != 0 {
                k ^= z.out(side);
            }
        }
        k ^= self.set_key(s.en_passant, |c| z.en_passant(c));
        k ^= self.set_key(s.board.unmoved, |c| z.unmoved(c));
        k ^ z.to_move(s.to_move)
    }

    /// The key of a cell's content (0 when empty).
    #[inline]
    fn cell_key(&self, code: Code, cell: usize) -> u64 {
        if code == 0 {
            0
        } else {
            self.keys
                .piece(cell, side_of::<N>(code), piece_of::<N>(code) as usize)
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
    pub(crate) fn attacked_by(&self, b: &Occupancy<N>, target: u8, by: Side, types: u64) -> bool {
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
            return attacked_over_screens::<N>(b, nodes, start as usize, by, types);
        }
        attacked_in_tree::<N>(b, nodes, start as usize, by, types, NONE)
    }

    /// Whether a piece of `by` could capture on `target` once the piece on `vacated` has
    /// left it: a royal piece's step tested without copying the board. For variants whose
    /// attacks are all in the trees (no hoppers, no captures under conditions).
    pub(crate) fn attacked_after_leaving(
        &self,
        b: &Occupancy<N>,
        target: u8,
        by: Side,
        vacated: u8,
    ) -> bool {
        let k = by.index() * self.t.cells + target as usize;
        if self.t.attacker_cells[k] & b.occupied[by.index()] == 0 {
            return false;
        }
        let (start, end) = self.t.trees[k];
        attacked_in_tree::<N>(
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
    fn attacked_under_conditions(&self, b: &Occupancy<N>, k: usize, by: Side, types: u64) -> bool {
        let all = b.all();
        self.t.guarded_attacks[k].iter().any(|a| {
            types >> a.piece & 1 != 0
                && b.squares[a.from as usize] == code::<N>(by, a.piece)
                && a.clear & all == 0
                && (a.screen == NONE || all & bit(a.screen) != 0)
                && self.guard_holds(b, a.guard, a.from, by)
        })
    }

    /// Whether the conditions `guard` (an index into the guards) hold for the piece of `side`
    /// on `from`. Out of line, so the move generator's loop stays as small as without them.
    #[inline(never)]
    pub(crate) fn guard_holds(&self, b: &Occupancy<N>, guard: u32, from: u8, side: Side) -> bool {
        let g = &self.t.guards[guard as usize];
        let unmoved = b.unmoved & bit(from) != 0;
        g.unmoved.is_none_or(|u| u == unmoved)
            && g.occupants.iter().all(|&(who, cells, present)| {
                let (own, theirs) = (b.occupied[side.index()], b.theirs(side));
                let holders = match who {
                    Occupant::Enemy => theirs,
                    Occupant::Friend => own,
                    Occupant::Piece => own | theirs,
                };
                (holders & cells != 0) == present
            })
    }

    /// Whether `side`'s royal pieces are attacked by a side still in the game (`out` the
    /// sides that left), and which of `side`'s pieces are pinned: they alone stand between
    /// a royal piece and an attacker. Not for variants with hoppers (whose trees have screen
    /// nodes).
    pub(crate) fn check_and_pins(&self, b: &Occupancy<N>, out: u8, side: Side) -> (bool, CellSet) {
        let mut checked = false;
        let mut pinned = 0;
        for by in self.opponents(out, side) {
            for royal in cells(b.royals[side.index()]) {
                let (start, end) = self.t.trees[by.index() * self.t.cells + royal as usize];
                self.walk_pins(b, side, by, (start, end), NONE, &mut checked, &mut pinned);
            }
        }
        (checked, pinned)
    }

    /// The sides other than `side` still in the game (`out` the sides that left): those
    /// whose attacks a royal piece of `side` must not be left under.
    #[inline(always)]
    pub(crate) fn opponents(&self, out: u8, side: Side) -> impl Iterator<Item = Side> {
        let sides = self.sides();
        let first = if N == 2 { side.opponent().index() } else { 0 };
        let last = if N == 2 { first + 1 } else { sides };
        (first..last)
            .filter(move |&i| N == 2 || (i != side.index() && out >> i & 1 == 0))
            .filter_map(Side::new)
    }

    /// Walks the nodes `start..end` (sibling subtrees) with at most one of the defender's
    /// (`side`'s) pieces passed (`blocker`). Trees without screen nodes only: with hoppers
    /// every move is tested instead.
    #[allow(clippy::too_many_arguments)]
    fn walk_pins(
        &self,
        b: &Occupancy<N>,
        side: Side,
        by: Side,
        (start, end): (u32, u32),
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
                self.walk_pins(b, side, by, (i + 1, n.skip), blocker, checked, pinned);
            } else if side_of::<N>(c) == by {
                if n.pieces >> piece_of::<N>(c) & 1 != 0 {
                    match blocker {
                        NONE => *checked = true,
                        cell => *pinned |= bit(cell),
                    }
                }
            } else if blocker == NONE && (N == 2 || side_of::<N>(c) == side) {
                // A piece of a third side blocks the line: it pins nothing of `side`'s.
                self.walk_pins(b, side, by, (i + 1, n.skip), n.cell, checked, pinned);
            }
            i = n.skip;
        }
    }

    pub(crate) fn attacked_on(&self, b: &Occupancy<N>, target: u8, by: Side) -> bool {
        self.attacked_by(b, target, by, u64::MAX)
    }

    /// True when a side other than `side` still in the game attacks `target`.
    pub(crate) fn attacked_by_opponent(
        &self,
        b: &Occupancy<N>,
        out: u8,
        target: u8,
        side: Side,
    ) -> bool {
        self.opponents(out, side)
            .any(|by| self.attacked_on(b, target, by))
    }

    /// True when one of `side`'s royal pieces is attacked by a side still in the game, or
    /// faces the royal piece of one on an open `facing` line.
    pub(crate) fn side_in_check(&self, b: &Occupancy<N>, out: u8, side: Side) -> bool {
        cells(b.royals[side.index()]).any(|c| {
            self.attacked_by_opponent(b, out, c, side)
                || (!self.t.facing.is_empty() && self.faces_royal(b, out, side, c))
        })
    }

    /// True when the royal piece of `side` on `cell` sees the royal piece of a side still in
    /// the game along one of the `facing` lines.
    fn faces_royal(&self, b: &Occupancy<N>, out: u8, side: Side, cell: u8) -> bool {
        let all = b.all();
        let enemy_royals = self
            .opponents(out, side)
            .fold(0, |set, by| set | b.royals[by.index()]);
        self.t.facing[side.index() * self.t.cells + cell as usize]
            .iter()
            .any(|line| {
                line.iter()
                    .find(|&&c| all & bit(c) != 0)
                    .is_some_and(|&c| enemy_royals & bit(c) != 0)
            })
    }

    /// The board after a move (what a check test needs), from the mover's side.
    fn board_after(&self, b: &Occupancy<N>, side: Side, m: &Move) -> Occupancy<N> {
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
        n.put(to, code::<N>(side, piece), self.t.royal[piece as usize]);
        if let Some((r, to)) = rook {
            if r != 0 {
                n.put(to, r, self.t.royal[piece_of::<N>(r) as usize]);
            }
        }
        n
    }

    /// Perft below `s` with `lists[depth - 2]` as this node's move list and the lists before
    /// it for the nodes below; the last ply is counted, not listed.
    fn perft_in(
        &self,
        s: &State<N>,
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
fn attacked_in_tree<const N: usize>(
    b: &Occupancy<N>,
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
        if side_of::<N>(c) == by && (n.pieces & types) >> piece_of::<N>(c) & 1 != 0 {
            return true;
        }
        i = n.skip as usize;
    }
    false
}

/// [`FastEngine::attacked_by`]'s walk where some piece captures by hopping: a screen node lets
/// the walk on only while its cell is occupied (kept apart so other variants pay nothing).
fn attacked_over_screens<const N: usize>(
    b: &Occupancy<N>,
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
        if c != 0 && side_of::<N>(c) == by && (n.pieces & types) >> piece_of::<N>(c) & 1 != 0 {
            return true;
        }
        i = n.skip as usize;
    }
    false
}
