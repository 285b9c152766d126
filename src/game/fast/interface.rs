//! The fast engine behind the one engine interface ([`Engine`]).

use super::tables::{bit, cells};
use super::{
    cell8, cell8_or_none, code, piece_of, side_of, FastEngine, Occupancy, State, HAND_KINDS, NONE,
};
use crate::game::engine::{self, Engine, MoveFacts};
use crate::game::{EnPassant, Game, Move, Position};
use crate::geometry::board::CellId;
use crate::variant::{BySide, LeftPieces, PieceId, Side};

impl<const N: usize> Engine for FastEngine<'_, N> {
    type State = State<N>;

    fn game(&self) -> Game<'_> {
        self.game
    }

    /// The fast form of a position.
    fn state(&self, pos: &Position) -> State<N> {
        let mut board = Occupancy::empty();
        for (i, sq) in pos.squares.iter().enumerate() {
            if let Some((side, p)) = sq {
                board.put(i as u8, code::<N>(*side, p.0), self.t.royal[p.index()]);
            }
            if pos.unmoved[i] {
                board.unmoved |= bit(i as u8);
            }
        }
        let mut hands = [[0; HAND_KINDS]; N];
        for side in self.side_ids() {
            for (p, n) in pos.hands[side].iter().enumerate().take(HAND_KINDS) {
                hands[side.index()][p] = *n;
            }
        }
        let (en_passant, en_passant_victim) = match &pos.en_passant {
            Some(ep) => (
                // A set: OR, so a cell listed twice is still that cell (a sum would carry
                // into the next cell's bit).
                ep.cells.iter().fold(0, |set, c| set | bit(c.0 as u8)),
                ep.victim.0 as u8,
            ),
            None => (0, NONE),
        };
        let mut state = State {
            board,
            to_move: pos.to_move,
            en_passant,
            en_passant_victim,
            hands,
            quiet_plies: pos.quiet_plies,
            zobrist: 0,
            out: pos.out,
        };
        state.zobrist = self.scratch_key(&state);
        state
    }

    /// The state with the next side to move and no en-passant right (a null move).
    fn pass(&self, s: &State<N>) -> State<N> {
        let mut next = s.clone();
        next.to_move = self.side_in_game(s.out, s.to_move, true);
        next.zobrist ^= self.keys.to_move(s.to_move)
            ^ self.keys.to_move(next.to_move)
            ^ self.set_key(s.en_passant, |c| self.keys.en_passant(c));
        next.en_passant = 0;
        next.en_passant_victim = NONE;
        next
    }

    fn with_to_move(&self, s: &State<N>, side: Side) -> State<N> {
        let mut next = s.clone();
        if side != s.to_move {
            next.to_move = side;
            next.zobrist ^= self.keys.to_move(s.to_move)
                ^ self.keys.to_move(side)
                ^ self.set_key(s.en_passant, |c| self.keys.en_passant(c));
            next.en_passant = 0;
            next.en_passant_victim = NONE;
        }
        next
    }

    /// The reference form of a state (the inverse of [`FastEngine::state`]).
    fn position(&self, s: &State<N>) -> Position {
        let n = self.t.cells;
        let pieces = self.game.variant.pieces.len();
        let squares = (0..n)
            .map(|i| match s.board.squares[i] {
                0 => None,
                c => Some((side_of::<N>(c), PieceId(piece_of::<N>(c)))),
            })
            .collect();
        let hand = |side: Side| (0..pieces).map(|p| self.hand(s, side, p)).collect();
        Position {
            squares,
            to_move: s.to_move,
            en_passant: (s.en_passant != 0).then(|| EnPassant {
                cells: cells(s.en_passant).map(|c| CellId(c as u16)).collect(),
                victim: CellId(s.en_passant_victim as u16),
            }),
            unmoved: (0..n)
                .map(|i| s.board.unmoved & bit(i as u8) != 0)
                .collect(),
            hands: BySide::from_values(self.side_ids().map(hand).collect()),
            quiet_plies: s.quiet_plies,
            out: s.out,
        }
    }

    /// The state after a legal move: with more than two sides, each side after it that then
    /// has no legal move and leaves the game by the rules has left it (as the reference
    /// engine's `play`).
    fn play(&self, s: &State<N>, m: &Move) -> State<N> {
        let mut next = self.make(s, m);
        if N > 2 && self.game.variant.rules.leaving.any() {
            self.settle(&mut next, s.to_move);
        }
        next
    }

    /// As [`FastEngine::perft`], but gives up (`None`) as soon as `stop` says so. `stop` is
    /// asked once per node two or more plies from the leaves, so a deep count stops within
    /// a fraction of a second at a cost of about one clock reading per move generation.
    fn perft_until(&self, s: &State<N>, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
        match depth {
            0 => Some(1),
            1 => Some(self.count_legal(s)),
            _ => {
                // One move list per ply, reused by every node at that ply.
                let mut lists = vec![Vec::with_capacity(128); depth as usize - 1];
                self.perft_in(s, depth, &mut lists, stop)
            }
        }
    }

    fn legal_moves_into(&self, s: &State<N>, out: &mut Vec<Move>) {
        self.list_legal(s, out);
    }

    fn legal_move(&self, s: &State<N>, packed: u64) -> Option<Move> {
        self.find_legal(s, packed)
    }

    fn tactical_moves_into(&self, s: &State<N>, out: &mut Vec<Move>) {
        self.list_tactical(s, out);
    }

    fn exchange(&self, s: &State<N>, m: &Move, values: &[i32]) -> i32 {
        if N == 2 {
            FastEngine::exchange(self, s, m, values)
        } else {
            // The exchange on the attack trees alternates two sides: with more, the
            // estimate every engine has (one recapture seen).
            engine::one_recapture(self, s, m, values)
        }
    }

    fn least_attacker_value(
        &self,
        s: &State<N>,
        cell: usize,
        by: Side,
        values: &[i32],
    ) -> Option<i32> {
        if N != 2 {
            // The attack trees' walk in exchanges is for two sides (as `exchange`).
            return self.attacked(s, cell, by).then_some(i32::MAX);
        }
        let (_, piece) = self.least_attacker(&s.board, cell as u8, by, values)?;
        Some(if self.t.royal[piece as usize] {
            i32::MAX
        } else {
            values.get(piece as usize).copied().unwrap_or(0)
        })
    }

    fn is_out(&self, s: &State<N>, side: Side) -> bool {
        s.out >> side.index() & 1 != 0
    }

    fn key(&self, s: &State<N>) -> u64 {
        s.zobrist
    }

    fn perft_key(&self, s: &State<N>, seed: u64) -> u128 {
        s.key(seed)
    }

    fn in_check(&self, s: &State<N>) -> bool {
        self.side_in_check(&s.board, s.out, s.to_move)
    }

    fn gives_check(&self, s: &State<N>, m: &Move, child: &State<N>) -> bool {
        FastEngine::gives_check(self, s, m, child)
    }

    fn attacked(&self, s: &State<N>, cell: usize, by: Side) -> bool {
        self.attacked_on(&s.board, cell as u8, by)
    }

    fn to_move(&self, s: &State<N>) -> Side {
        s.to_move
    }

    fn quiet_plies(&self, s: &State<N>) -> u32 {
        s.quiet_plies
    }

    fn for_each_piece<F: FnMut(usize, Side, usize)>(&self, s: &State<N>, mut f: F) {
        for side in self.side_ids() {
            let mut set = s.board.occupied[side.index()];
            while set != 0 {
                let cell = set.trailing_zeros() as usize;
                set &= set - 1;
                let code = s.board.squares[cell];
                f(cell, side, piece_of::<N>(code) as usize);
            }
        }
    }

    fn for_each_royal<F: FnMut(usize, usize)>(&self, s: &State<N>, side: Side, mut f: F) {
        let mut set = s.board.royals[side.index()];
        while set != 0 {
            let cell = set.trailing_zeros() as usize;
            set &= set - 1;
            f(cell, piece_of::<N>(s.board.squares[cell]) as usize);
        }
    }

    fn for_each_touched<F: FnMut(usize)>(&self, _: &State<N>, m: &Move, mut f: F) {
        let mut touched: [u8; 5] = [
            cell8_or_none(m.from),
            cell8(m.to),
            cell8_or_none(m.en_passant_victim),
            NONE,
            NONE,
        ];
        if let Some(i) = m.castling_index() {
            let c = &self.game.variant.castlings[i];
            touched[3] = cell8(c.rook_from);
            touched[4] = cell8(c.rook_to);
        }
        for (i, &cell) in touched.iter().enumerate() {
            if cell != NONE && !touched[..i].contains(&cell) {
                f(cell as usize);
            }
        }
    }

    fn reach(&self, s: &State<N>, cell: usize) -> u32 {
        self.piece_reach(s, cell as u8)
    }

    fn at(&self, s: &State<N>, cell: usize) -> Option<(Side, usize)> {
        decode::<N>(s.board.squares[cell])
    }

    fn hand(&self, s: &State<N>, side: Side, piece: usize) -> u16 {
        s.hands[side.index()].get(piece).copied().unwrap_or(0)
    }

    fn for_each_mark<F: FnMut(usize), G: FnMut(usize)>(&self, s: &State<N>, mut f: F, mut g: G) {
        let mut set = s.en_passant;
        while set != 0 {
            f(set.trailing_zeros() as usize);
            set &= set - 1;
        }
        let mut set = s.board.unmoved;
        while set != 0 {
            g(set.trailing_zeros() as usize);
            set &= set - 1;
        }
    }

    fn facts(&self, s: &State<N>, m: &Move) -> MoveFacts {
        let captured = m
            .victim_cell()
            .and_then(|c| decode::<N>(s.board.squares[c.index()]).map(|(_, p)| p));
        MoveFacts {
            piece: m.piece.index(),
            to: m.to.index(),
            captured,
            promotion: m.promotion.map(PieceId::index),
            drop: m.from.is_none(),
        }
    }
}

/// The side and piece of a cell code (0 is empty).
fn decode<const N: usize>(code: u8) -> Option<(Side, usize)> {
    (code != 0).then(|| (side_of::<N>(code), piece_of::<N>(code) as usize))
}

impl<const N: usize> FastEngine<'_, N> {
    /// The state after a legal move, the turn passed to the next side in the game, before
    /// any side leaves: what legality is tested on.
    pub(crate) fn make(&self, s: &State<N>, m: &Move) -> State<N> {
        let side = s.to_move;
        let captured = m.victim_cell().map_or(0, |c| s.board.squares[c.index()]);
        let mut next = s.clone();
        next.board = self.board_after(&s.board, side, m);
        let z = &self.keys;
        // The key changes by the cells the move touches (each once), the unmoved marks it
        // clears, the hands it changes, the en-passant cells and the side to move.
        let mut key = s.zobrist;
        self.for_each_touched(s, m, |c| {
            key ^= self.cell_key(s.board.squares[c], c) ^ self.cell_key(next.board.squares[c], c);
        });
        key ^= self.set_key(s.board.unmoved ^ next.board.unmoved, |c| z.unmoved(c));
        let passed = self.t.passed_sets[m.passed.index()];
        key ^= self.set_key(s.en_passant ^ passed, |c| z.en_passant(c));
        if m.from.is_none() {
            let held = &mut next.hands[side.index()][m.piece.index()];
            let before = *held as usize;
            *held = held.saturating_sub(1);
            key ^= z.hand(side, m.piece.index(), before)
                ^ z.hand(side, m.piece.index(), *held as usize);
        }
        if captured != 0 && self.game.variant.rules.captures_to_hand {
            let piece = self.t.in_hand_as[piece_of::<N>(captured) as usize] as usize;
            let held = &mut next.hands[side.index()][piece];
            key ^= z.hand(side, piece, *held as usize);
            *held += 1;
            key ^= z.hand(side, piece, *held as usize);
        }
        next.to_move = match self.t.placement {
            Some(sequential) if m.from.is_none() => {
                self.game.variant.after_placement(side, sequential, |o| {
                    s.out >> o.index() & 1 == 0 && next.hands[o.index()].iter().any(|&n| n > 0)
                })
            }
            _ => self.side_in_game(s.out, side, true),
        };
        key ^= z.to_move(side) ^ z.to_move(next.to_move);
        next.zobrist = key;
        let resets = captured != 0
            || self.t.resets_count[m.piece.index()]
            || (m.from.is_none() && self.t.placement.is_some());
        next.quiet_plies = if resets {
            0
        } else {
            s.quiet_plies.saturating_add(1)
        };
        next.en_passant = passed;
        next.en_passant_victim = if passed != 0 { cell8(m.to) } else { NONE };
        next
    }

    /// The sides that leave the game after `mover`'s move, one after the other (the
    /// reference engine's `settle`): each side whose royal piece it took where that sends
    /// a side out, then each side to move without a legal move that the rules send out,
    /// while two or more remain. The key is then computed afresh (a rare event).
    fn settle(&self, s: &mut State<N>, mover: Side) {
        let rules = &self.game.variant.rules;
        let before = (s.out, s.to_move);
        if rules.royal_loss_leaves() {
            let lost: Vec<Side> = self
                .side_ids()
                .filter(|&side| s.out >> side.index() & 1 == 0 && self.lost_royal(s, side))
                .collect();
            for side in lost {
                self.eliminate(s, side, mover);
                if s.to_move == side {
                    s.to_move = self.side_in_game(s.out, side, true);
                }
            }
        }
        for _ in 0..self.sides() {
            let side = s.to_move;
            // Whether the side would leave without a move is asked first: it is cheaper than
            // looking for a move, which most positions have.
            let leaves = if self.side_in_check(&s.board, s.out, side) {
                rules.leaving.checkmate
            } else {
                rules.leaving.stalemate
            };
            if !leaves || self.sides_in_game(s) < 2 || self.count_legal(s) != 0 {
                break;
            }
            self.eliminate(s, side, mover);
            s.to_move = self.side_in_game(s.out, side, true);
        }
        if (s.out, s.to_move) != before {
            s.zobrist = self.scratch_key(s);
        }
    }

    /// `side` leaves the game, its pieces removed, left standing or handed to `mater` (its
    /// royal pieces then removed), as the reference engine's `eliminate`.
    fn eliminate(&self, s: &mut State<N>, side: Side, mater: Side) {
        s.out |= 1 << side.index();
        let pieces = self.game.variant.rules.leaving.pieces;
        for cell in cells(s.board.occupied[side.index()]) {
            let piece = piece_of::<N>(s.board.squares[cell as usize]);
            match pieces {
                LeftPieces::Removed => {
                    s.board.remove(cell);
                }
                // Left standing as they are, their marks too.
                LeftPieces::Stay => continue,
                LeftPieces::ToMater if self.t.royal[piece as usize] => {
                    s.board.remove(cell);
                }
                LeftPieces::ToMater => s.board.put(cell, code::<N>(mater, piece), false),
            }
            s.board.unmoved &= !bit(cell);
        }
        if pieces != LeftPieces::Stay {
            let held = std::mem::take(&mut s.hands[side.index()]);
            if pieces == LeftPieces::ToMater {
                for (mine, theirs) in s.hands[mater.index()].iter_mut().zip(held) {
                    *mine = mine.saturating_add(theirs);
                }
            }
        }
    }
}
