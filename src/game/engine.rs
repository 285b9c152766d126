//! One interface over hexv's two rules engines, so that perft, the search, the arena and
//! every front end are written once: the reference engine ([`Reference`], which walks the
//! compiled tables and is the semantic reference) and the fast engine
//! ([`FastEngine`], 128-bit sets, for boards that fit). [`AnyEngine`] is the fastest engine a
//! variant allows.
//!
//! The interface names sides only through values it is given or returns (whose turn it is,
//! whose a piece is, who attacks a cell), never as "the two players": a game with more sides
//! changes the side type, not this trait.

use super::end::{self, Outcome};
use super::fast::FastEngine;
use super::perft::{self, Counted, Options, Progress};
use super::zobrist::Zobrist;
use super::{Game, Move, Position};
use crate::geometry::board::CellId;
use crate::variant::{PieceId, Side, Variant};

/// What a move does, in plain numbers: enough to order moves and to evaluate captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// The piece that moves (or is dropped).
    pub piece: usize,
    /// The cell it lands on.
    pub to: usize,
    /// The piece it captures, if any.
    pub captured: Option<usize>,
    /// The piece it becomes, if it promotes.
    pub promotion: Option<usize>,
    /// True for a drop from the hand.
    pub drop: bool,
}

impl MoveFacts {
    /// True for a capture or a promotion: what quiescence searches.
    pub fn tactical(&self) -> bool {
        self.captured.is_some() || self.promotion.is_some()
    }
}

/// A rules engine: positions in its own form, moves in the one form both engines share
/// ([`Move`]), and everything perft, the search and the referee ask of the rules.
pub trait Engine: Sync {
    /// A position in the engine's own form.
    type State: Clone + Send + Sync;

    /// The game played (the variant, its tables and the reference rules, for notation).
    fn game(&self) -> Game<'_>;
    /// The variant played.
    fn variant(&self) -> &Variant {
        self.game().variant
    }
    /// The engine's form of a position.
    fn state(&self, pos: &Position) -> Self::State;
    /// The start position in the engine's form.
    fn start(&self) -> Self::State {
        self.state(&self.game().start_position())
    }
    /// The reference form of a position (the inverse of [`Engine::state`]).
    fn position(&self, s: &Self::State) -> Position;

    /// Every legal move of the side to move, in `out` (emptied first).
    fn legal_moves_into(&self, s: &Self::State, out: &mut Vec<Move>);
    /// Every legal move of the side to move.
    fn legal_moves(&self, s: &Self::State) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(s, &mut out);
        out
    }
    /// The legal move whose [`Move::pack`] is `packed`, if the side to move has one: the
    /// search's table move, tried before every move is listed. This default lists them.
    fn legal_move(&self, s: &Self::State, packed: u64) -> Option<Move> {
        self.legal_moves(s).into_iter().find(|m| m.pack() == packed)
    }
    /// The legal captures and promotions, in `out` (emptied first): what quiescence searches.
    fn tactical_moves_into(&self, s: &Self::State, out: &mut Vec<Move>) {
        self.legal_moves_into(s, out);
        out.retain(|m| self.facts(s, m).tactical());
    }
    /// The position after a legal move.
    fn play(&self, s: &Self::State, m: &Move) -> Self::State;
    /// The position with the next side to move and no en-passant right (a null move).
    fn pass(&self, s: &Self::State) -> Self::State;
    /// The position with `side` to move, the en-passant right kept only when `side` was to
    /// move already: what a search of more sides plays an opponent's reply from, whoever's
    /// turn it is.
    fn with_to_move(&self, s: &Self::State, side: Side) -> Self::State;

    /// The position's 64-bit Zobrist key ([`crate::game::zobrist`]): what the search's table
    /// and repetition compare. Not the move-limit count.
    fn key(&self, s: &Self::State) -> u64;
    /// A 128-bit key of everything the moves depend on, mixed with `seed`: what perft's
    /// table stores, where a false match of a 64-bit key would be a real risk over billions
    /// of lookups.
    fn perft_key(&self, s: &Self::State, seed: u64) -> u128;

    /// True when the side to move has a royal piece attacked.
    fn in_check(&self, s: &Self::State) -> bool;
    /// Whether `m`, played in `s`, leaves the side to move in `child` (the position after
    /// it) in check: [`Engine::in_check`] of `child`, which an engine may answer from the
    /// move without a test on the board.
    fn gives_check(&self, _s: &Self::State, _m: &Move, child: &Self::State) -> bool {
        self.in_check(child)
    }
    /// True when a piece of `by` could capture on `cell`.
    fn attacked(&self, s: &Self::State, cell: usize, by: Side) -> bool;
    /// The side to move.
    fn to_move(&self, s: &Self::State) -> Side;
    /// True when `side` has left the game (more than two sides only).
    fn is_out(&self, _s: &Self::State, _side: Side) -> bool {
        false
    }
    /// Plies since the last capture or move of a piece that resets the move limit.
    fn quiet_plies(&self, s: &Self::State) -> u32;
    /// Calls `f(cell, side, piece)` for every piece on the board (off-board cells included).
    fn for_each_piece<F: FnMut(usize, Side, usize)>(&self, s: &Self::State, f: F);
    /// Calls `f(cell, piece)` for every royal piece of `side` on the board: what the
    /// evaluation's royal safety reads without walking every piece.
    fn for_each_royal<F: FnMut(usize, usize)>(&self, s: &Self::State, side: Side, mut f: F) {
        let pieces = self.variant().pieces();
        self.for_each_piece(s, |cell, owner, piece| {
            if owner == side && pieces[piece].royal {
                f(cell, piece);
            }
        });
    }
    /// Calls `f(cell)` once for each cell a legal move of the side to move may change (where
    /// the piece starts and lands, a piece taken en passant, a castling rook's two cells):
    /// the cells an incremental evaluation compares before and after the move. With more
    /// than two sides, a move that sends a side out of the game also changes the cells of
    /// that side's pieces, which are not among these.
    fn for_each_touched<F: FnMut(usize)>(&self, _s: &Self::State, m: &Move, f: F) {
        touched_cells(self.variant(), m, f);
    }
    /// How many cells the piece on `cell` moves or captures to by its movement, for its own
    /// side whoever is to move (en passant, castling, pins and checks aside): the
    /// evaluation's mobility. 0 for an empty cell.
    fn reach(&self, s: &Self::State, cell: usize) -> u32;
    /// The piece on a cell.
    fn at(&self, s: &Self::State, cell: usize) -> Option<(Side, usize)>;
    /// How many of `piece` `side` holds in hand.
    fn hand(&self, s: &Self::State, side: Side, piece: usize) -> u16;
    /// Calls `f(cell)` for the en-passant cells, then `g(cell)` for the cells marked unmoved: what
    /// besides the pieces tells two positions apart.
    fn for_each_mark<F: FnMut(usize), G: FnMut(usize)>(&self, s: &Self::State, f: F, g: G);
    /// What a legal move of the side to move in `s` does.
    fn facts(&self, s: &Self::State, m: &Move) -> MoveFacts;

    /// What a legal move wins for the side to move once the pieces attacking its cell have
    /// been exchanged there, least valuable first, each side stopping when it would lose
    /// (static exchange evaluation), by the piece values `values`: an estimate for ordering
    /// and pruning, never for legality. This default sees one recapture.
    fn exchange(&self, s: &Self::State, m: &Move, values: &[i32]) -> i32
    where
        Self: Sized,
    {
        one_recapture(self, s, m, values)
    }

    /// The value (by `values`; a royal piece's `i32::MAX`) of the least valuable piece of
    /// `by` that could capture on `cell`, or `None` when none could: what tells a piece
    /// threatened by a lesser one. This default, for engines that do not know the
    /// attackers, answers `i32::MAX` for any attacked cell.
    fn least_attacker_value(
        &self,
        s: &Self::State,
        cell: usize,
        by: Side,
        _values: &[i32],
    ) -> Option<i32> {
        self.attacked(s, cell, by).then_some(i32::MAX)
    }

    /// Number of leaf positions `depth` moves ahead.
    fn perft(&self, s: &Self::State, depth: u32) -> u64 {
        self.perft_until(s, depth, &|| false)
            .expect("a count that is never stopped ends")
    }
    /// As [`Engine::perft`], but gives up (`None`) as soon as `stop` says so.
    fn perft_until(&self, s: &Self::State, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64>;

    /// The outcome when the game is over at `s`, `keys` being the keys of the game's
    /// positions from its start (the key of `s` last), or `None` while it goes on: the rules
    /// of [`crate::game::end`].
    fn outcome(&self, s: &Self::State, keys: &[u64]) -> Option<Outcome>
    where
        Self: Sized,
    {
        end::outcome(self, s, keys)
    }
}

/// What a move wins when one recapture is seen: the default [`Engine::exchange`], and the
/// fast engine's with more than two sides.
pub(crate) fn one_recapture<E: Engine>(e: &E, s: &E::State, m: &Move, values: &[i32]) -> i32 {
    let value = |p: usize| values.get(p).copied().unwrap_or(0);
    let f = e.facts(s, m);
    let landed = f.promotion.unwrap_or(f.piece);
    let gain = f.captured.map_or(0, value) + value(landed) - value(f.piece);
    let (mover, after) = (e.to_move(s), e.play(s, m));
    let sides = e.variant().side_ids();
    if sides
        .filter(|&by| by != mover)
        .any(|by| e.attacked(&after, f.to, by))
    {
        gain - value(landed)
    } else {
        gain
    }
}

/// The reference engine with its keys: [`Game`]'s rules behind the [`Engine`] interface.
#[derive(Clone)]
pub struct Reference<'a> {
    game: Game<'a>,
    keys: Zobrist,
}

impl<'a> Reference<'a> {
    /// The reference engine of a game.
    pub fn new(game: Game<'a>) -> Reference<'a> {
        Reference {
            game,
            keys: Zobrist::new(game.variant),
        }
    }
}

/// The key of a position from scratch: its pieces, hands, en-passant cells, unmoved pieces
/// and the side to move (not the move-limit count). The fast engine keeps the same key up to
/// date as it plays; this is the reference engine's, and the check of it.
pub fn scratch_key<E: Engine>(z: &Zobrist, engine: &E, s: &E::State) -> u64 {
    let mut k = 0;
    engine.for_each_piece(s, |cell, side, piece| k ^= z.piece(cell, side, piece));
    for side in engine.variant().side_ids() {
        for piece in 0..engine.variant().pieces().len() {
            k ^= z.hand(side, piece, engine.hand(s, side, piece) as usize);
        }
    }
    let (mut passed, mut unmoved) = (0, 0);
    engine.for_each_mark(
        s,
        |cell| passed ^= z.en_passant(cell),
        |cell| unmoved ^= z.unmoved(cell),
    );
    for side in engine.variant().side_ids() {
        if engine.is_out(s, side) {
            k ^= z.out(side);
        }
    }
    k ^ passed ^ unmoved ^ z.to_move(engine.to_move(s))
}

/// Calls `f(cell)` once for each cell a reference move may change ([`Engine::for_each_touched`]).
fn touched_cells<F: FnMut(usize)>(v: &Variant, m: &Move, mut f: F) {
    let rook = m.castling_index().map(|i| &v.castlings[i]);
    let cells = [
        m.from,
        Some(m.to),
        m.en_passant_victim,
        rook.map(|c| c.rook_from),
        rook.map(|c| c.rook_to),
    ];
    for (i, cell) in cells.iter().enumerate() {
        if let Some(c) = cell.filter(|c| !cells[..i].contains(&Some(*c))) {
            f(c.index());
        }
    }
}

impl Engine for Reference<'_> {
    type State = Position;

    fn game(&self) -> Game<'_> {
        self.game
    }

    fn state(&self, pos: &Position) -> Position {
        pos.clone()
    }

    fn position(&self, s: &Position) -> Position {
        s.clone()
    }

    fn for_each_touched<F: FnMut(usize)>(&self, _s: &Position, m: &Move, f: F) {
        touched_cells(self.game.variant, m, f);
    }

    fn legal_moves_into(&self, s: &Position, out: &mut Vec<Move>) {
        out.clear();
        out.extend(self.game.legal_moves(s));
    }

    fn play(&self, s: &Position, m: &Move) -> Position {
        self.game.play(s, m)
    }

    fn pass(&self, s: &Position) -> Position {
        let mut next = s.clone();
        next.to_move = self.game.next_in_game(s, s.to_move);
        next.en_passant = None;
        next
    }

    fn with_to_move(&self, s: &Position, side: Side) -> Position {
        let mut next = s.clone();
        if side != s.to_move {
            next.to_move = side;
            next.en_passant = None;
        }
        next
    }

    fn key(&self, s: &Position) -> u64 {
        scratch_key(&self.keys, self, s)
    }

    fn perft_key(&self, pos: &Position, seed: u64) -> u128 {
        use super::zobrist::{feature, hand_feature, piece_feature};
        let mut k = feature(seed, 1 << 40 | pos.to_move.index() as u64);
        for (i, sq) in pos.squares.iter().enumerate() {
            if let Some((side, piece)) = sq {
                k ^= feature(seed, piece_feature(i, side.index(), piece.index()));
            }
            if pos.unmoved.get(i).copied().unwrap_or(false) {
                k ^= feature(seed, 4 << 40 | i as u64);
            }
        }
        if let Some(ep) = &pos.en_passant {
            k ^= feature(seed, 2 << 40 | ep.victim.index() as u64);
            for c in &ep.cells {
                k ^= feature(seed, 5 << 40 | c.index() as u64);
            }
        }
        for side in self.variant().side_ids() {
            for (piece, n) in pos.hands[side].iter().enumerate() {
                if *n > 0 {
                    k ^= feature(seed, hand_feature(side.index(), piece, *n));
                }
            }
            if pos.is_out(side) {
                k ^= feature(seed, 6 << 40 | side.index() as u64);
            }
        }
        k
    }

    fn in_check(&self, s: &Position) -> bool {
        self.game.in_check(s, s.to_move)
    }

    fn attacked(&self, s: &Position, cell: usize, by: Side) -> bool {
        self.game.attacked(s, CellId(cell as u16), by)
    }

    fn to_move(&self, s: &Position) -> Side {
        s.to_move
    }

    fn is_out(&self, s: &Position, side: Side) -> bool {
        s.is_out(side)
    }

    fn quiet_plies(&self, s: &Position) -> u32 {
        s.quiet_plies
    }

    fn for_each_piece<F: FnMut(usize, Side, usize)>(&self, s: &Position, mut f: F) {
        for (cell, sq) in s.squares.iter().enumerate() {
            if let Some((side, piece)) = sq {
                f(cell, *side, piece.index());
            }
        }
    }

    fn reach(&self, s: &Position, cell: usize) -> u32 {
        self.game.reach(s, CellId(cell as u16))
    }

    fn at(&self, s: &Position, cell: usize) -> Option<(Side, usize)> {
        s.squares[cell].map(|(side, p)| (side, p.index()))
    }

    fn hand(&self, s: &Position, side: Side, piece: usize) -> u16 {
        s.hands[side][piece]
    }

    fn for_each_mark<F: FnMut(usize), G: FnMut(usize)>(&self, s: &Position, mut f: F, mut g: G) {
        if let Some(ep) = &s.en_passant {
            ep.cells.iter().for_each(|c| f(c.index()));
        }
        for (cell, unmoved) in s.unmoved.iter().enumerate() {
            if *unmoved {
                g(cell);
            }
        }
    }

    fn facts(&self, s: &Position, m: &Move) -> MoveFacts {
        let victim = m.victim_cell();
        MoveFacts {
            piece: m.piece.index(),
            to: m.to.index(),
            captured: victim.and_then(|c| s.squares[c.index()].map(|(_, p)| p.index())),
            promotion: m.promotion.map(PieceId::index),
            drop: m.from.is_none(),
        }
    }

    fn perft(&self, s: &Position, depth: u32) -> u64 {
        self.game.perft(s, depth)
    }

    fn perft_until(&self, s: &Position, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
        self.game.perft_until(s, depth, stop)
    }
}

/// The fastest engine a variant allows: the fast engine where the board fits in 128-bit
/// sets, else the reference engine. What the command line, the engine protocol, the arena
/// and the browser use; code generic over [`Engine`] runs on either through
/// [`with_engine!`](crate::with_engine).
pub enum AnyEngine<'a> {
    /// The board fits: the fast engine.
    Fast(Box<FastEngine<'a>>),
    /// The board fits and the game has more than two sides: the fast engine for more.
    FastMany(Box<FastEngine<'a, { Side::MAX }>>),
    /// The board is too large for 128-bit sets: the reference engine.
    Reference(Box<Reference<'a>>),
}

/// Runs `$body` with `$e` bound to the engine inside an [`AnyEngine`] (a reference to a
/// type implementing [`Engine`]), whichever it is.
#[macro_export]
macro_rules! with_engine {
    ($any:expr, $e:ident => $body:expr) => {
        match $any {
            $crate::game::AnyEngine::Fast(boxed) => {
                let $e = boxed.as_ref();
                $body
            }
            $crate::game::AnyEngine::FastMany(boxed) => {
                let $e = boxed.as_ref();
                $body
            }
            $crate::game::AnyEngine::Reference(boxed) => {
                let $e = boxed.as_ref();
                $body
            }
        }
    };
}

impl<'a> AnyEngine<'a> {
    /// The fast engine for `game` when its board fits, else the reference engine.
    pub fn new(game: Game<'a>) -> AnyEngine<'a> {
        if let Some(engine) = FastEngine::new(game) {
            return AnyEngine::Fast(Box::new(engine));
        }
        match FastEngine::for_more_sides(game) {
            Some(engine) => AnyEngine::FastMany(Box::new(engine)),
            None => AnyEngine::Reference(Box::new(Reference::new(game))),
        }
    }

    /// The game played.
    pub fn game(&self) -> Game<'a> {
        match self {
            AnyEngine::Fast(e) => e.game,
            AnyEngine::FastMany(e) => e.game,
            AnyEngine::Reference(e) => e.game,
        }
    }

    /// True when the fast engine plays.
    pub fn is_fast(&self) -> bool {
        matches!(self, AnyEngine::Fast(_) | AnyEngine::FastMany(_))
    }

    /// The legal moves of the side to move in `pos`, in the engine's order.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        with_engine!(self, e => e.legal_moves(&e.state(pos)))
    }

    /// The 64-bit key of a position ([`Engine::key`]).
    pub fn key(&self, pos: &Position) -> u64 {
        with_engine!(self, e => e.key(&e.state(pos)))
    }

    /// How many cells the piece on `cell` reaches ([`Engine::reach`]).
    pub fn reach(&self, pos: &Position, cell: usize) -> u32 {
        with_engine!(self, e => e.reach(&e.state(pos), cell))
    }

    /// The outcome when the game is over after `history` (its positions from the start, the
    /// current one last), or `None` while it goes on.
    pub fn outcome(&self, history: &[Position]) -> Option<Outcome> {
        let pos = history.last()?;
        let keys: Vec<u64> = history.iter().map(|p| self.key(p)).collect();
        self.outcome_after(pos, &keys)
    }

    /// As [`AnyEngine::outcome`], `keys` being the keys ([`AnyEngine::key`]) of the game's
    /// positions, `pos`'s last: what a game loop keeps as it plays, so that asking after
    /// each move costs one key, not the whole history's.
    pub fn outcome_after(&self, pos: &Position, keys: &[u64]) -> Option<Outcome> {
        with_engine!(self, e => e.outcome(&e.state(pos), keys))
    }

    /// Number of leaf positions `depth` moves ahead of `pos`.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        with_engine!(self, e => e.perft(&e.state(pos), depth))
    }

    /// Perft with threads and a table ([`crate::game::perft`]): the total and the count below
    /// each move of [`AnyEngine::legal_moves`], in that order; `None` once `progress.stop`
    /// is set.
    pub fn perft_with(
        &self,
        pos: &Position,
        depth: u32,
        options: &Options,
        progress: &Progress,
    ) -> Option<Counted> {
        with_engine!(self, e => perft::perft(e, &e.state(pos), depth, options, progress))
    }

    /// As [`AnyEngine::perft`], but gives up (`None`) as soon as `stop` says so (a time
    /// budget, an interrupt).
    pub fn perft_until(&self, pos: &Position, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
        with_engine!(self, e => e.perft_until(&e.state(pos), depth, stop))
    }
}
