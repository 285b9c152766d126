//! What the search needs of a rules engine, implemented by both: the fast 128-bit engine for
//! boards that fit, the reference engine for any other board. The search is written once,
//! generic over this trait, and never sees a variant's name or cells.

use super::tt::scratch_key;
use crate::game::fast::{piece_of, side_of, Engine, FastMove, State};
use crate::game::zobrist::Zobrist;
use crate::game::{Game, Move, Position};
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

/// A rules engine the search can drive.
pub trait Playable {
    /// A position in the engine's own form.
    type State: Clone;
    /// A move in the engine's own form.
    type Move: Clone + PartialEq + std::fmt::Debug;

    /// The reference engine (for notation and the game's end).
    fn game(&self) -> Game<'_>;
    /// The variant played.
    fn variant(&self) -> &Variant {
        self.game().variant
    }
    /// The engine's form of a position.
    fn state(&self, pos: &Position) -> Self::State;
    /// The reference form of a move.
    fn to_reference(&self, m: &Self::Move) -> Move;
    /// Every legal move of the side to move, appended to `out`.
    fn legal_moves(&self, s: &Self::State, out: &mut Vec<Self::Move>);
    /// The legal captures and promotions, in `out` (emptied first): what quiescence searches.
    fn tactical_moves(&self, s: &Self::State, out: &mut Vec<Self::Move>) {
        out.clear();
        self.legal_moves(s, out);
        out.retain(|m| {
            let f = self.facts(s, m);
            f.captured.is_some() || f.promotion.is_some()
        });
    }
    /// The position after a legal move.
    fn play(&self, s: &Self::State, m: &Self::Move) -> Self::State;
    /// The position with the other side to move and no en-passant right (a null move).
    fn pass(&self, s: &Self::State) -> Self::State;
    /// True when the side to move has a royal piece attacked.
    fn in_check(&self, s: &Self::State) -> bool;
    /// True when a piece of `by` could capture on `cell`.
    fn attacked(&self, s: &Self::State, cell: usize, by: Side) -> bool;
    /// The side to move.
    fn to_move(&self, s: &Self::State) -> Side;
    /// Plies since the last capture or move of a piece that resets the move limit.
    fn quiet_plies(&self, s: &Self::State) -> u32;
    /// Calls `f(cell, side, piece)` for every piece on the board (off-board cells included).
    fn for_each_piece<F: FnMut(usize, Side, usize)>(&self, s: &Self::State, f: F);
    /// The piece on a cell.
    fn at(&self, s: &Self::State, cell: usize) -> Option<(Side, usize)>;
    /// How many of `piece` `side` holds in hand.
    fn hand(&self, s: &Self::State, side: Side, piece: usize) -> u16;
    /// Calls `f(cell)` for the en-passant cells, then `g(cell)` for the unmoved pieces: what
    /// besides the pieces tells two positions apart.
    fn for_each_mark<F: FnMut(usize), G: FnMut(usize)>(&self, s: &Self::State, f: F, g: G);
    /// What a legal move of the side to move in `s` does.
    fn facts(&self, s: &Self::State, m: &Self::Move) -> MoveFacts;
    /// The position's Zobrist key under `keys` (the variant's): kept in the state by an
    /// engine that updates it as it plays, else computed.
    fn key(&self, s: &Self::State, keys: &Zobrist) -> u64;
}

impl<'a> Playable for Engine<'a> {
    type State = State;
    type Move = FastMove;

    fn game(&self) -> Game<'_> {
        self.game
    }

    fn state(&self, pos: &Position) -> State {
        Engine::state(self, pos)
    }

    fn to_reference(&self, m: &FastMove) -> Move {
        self.to_move(m)
    }

    fn legal_moves(&self, s: &State, out: &mut Vec<FastMove>) {
        self.legal_moves_into(s, out);
    }

    fn tactical_moves(&self, s: &State, out: &mut Vec<FastMove>) {
        self.tactical_moves_into(s, out);
    }

    fn play(&self, s: &State, m: &FastMove) -> State {
        Engine::play(self, s, m)
    }

    fn pass(&self, s: &State) -> State {
        Engine::pass(self, s)
    }

    fn in_check(&self, s: &State) -> bool {
        Engine::in_check(self, &s.board, s.to_move)
    }

    fn attacked(&self, s: &State, cell: usize, by: Side) -> bool {
        Engine::attacked(self, &s.board, cell as u8, by)
    }

    fn to_move(&self, s: &State) -> Side {
        s.to_move
    }

    fn quiet_plies(&self, s: &State) -> u32 {
        s.quiet_plies
    }

    fn for_each_piece<F: FnMut(usize, Side, usize)>(&self, s: &State, mut f: F) {
        for side in Side::BOTH {
            let mut set = s.board.occupied[side.index()];
            while set != 0 {
                let cell = set.trailing_zeros() as usize;
                set &= set - 1;
                let (_, piece) = decode(s.board.squares[cell]).expect("an occupied cell");
                f(cell, side, piece);
            }
        }
    }

    fn at(&self, s: &State, cell: usize) -> Option<(Side, usize)> {
        decode(s.board.squares[cell])
    }

    fn hand(&self, s: &State, side: Side, piece: usize) -> u16 {
        s.hands[side.index()][piece]
    }

    fn for_each_mark<F: FnMut(usize), G: FnMut(usize)>(&self, s: &State, mut f: F, mut g: G) {
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

    fn facts(&self, s: &State, m: &FastMove) -> MoveFacts {
        let none = u8::MAX;
        let captured = if m.victim != none {
            decode(s.board.squares[m.victim as usize]).map(|(_, p)| p)
        } else if m.castling != none {
            None
        } else {
            decode(s.board.squares[m.to as usize]).map(|(_, p)| p)
        };
        MoveFacts {
            piece: m.piece as usize,
            to: m.to as usize,
            captured,
            promotion: (m.promotion != none).then_some(m.promotion as usize),
            drop: m.from == none,
        }
    }

    fn key(&self, s: &State, _keys: &Zobrist) -> u64 {
        s.zobrist_key()
    }
}

/// The side and piece of a fast-engine cell code (0 is empty).
fn decode(code: u8) -> Option<(Side, usize)> {
    (code != 0).then(|| (side_of(code), piece_of(code) as usize))
}

impl<'a> Playable for Game<'a> {
    type State = Position;
    type Move = Move;

    fn game(&self) -> Game<'_> {
        *self
    }

    fn state(&self, pos: &Position) -> Position {
        pos.clone()
    }

    fn to_reference(&self, m: &Move) -> Move {
        m.clone()
    }

    fn legal_moves(&self, s: &Position, out: &mut Vec<Move>) {
        out.extend(Game::legal_moves(self, s));
    }

    fn play(&self, s: &Position, m: &Move) -> Position {
        Game::play(self, s, m)
    }

    fn pass(&self, s: &Position) -> Position {
        let mut next = s.clone();
        next.to_move = s.to_move.opponent();
        next.en_passant = None;
        next
    }

    fn in_check(&self, s: &Position) -> bool {
        Game::in_check(self, s, s.to_move)
    }

    fn attacked(&self, s: &Position, cell: usize, by: Side) -> bool {
        Game::attacked(self, s, CellId(cell as u16), by)
    }

    fn to_move(&self, s: &Position) -> Side {
        s.to_move
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
            if *unmoved && s.squares[cell].is_some() {
                g(cell);
            }
        }
    }

    fn facts(&self, s: &Position, m: &Move) -> MoveFacts {
        let victim: Option<CellId> = match (m.en_passant_victim, m.castling) {
            (Some(v), _) => Some(v),
            (None, Some(_)) => None,
            (None, None) => Some(m.to),
        };
        MoveFacts {
            piece: m.piece.index(),
            to: m.to.index(),
            captured: victim.and_then(|c| s.squares[c.index()].map(|(_, p)| p.index())),
            promotion: m.promotion.map(PieceId::index),
            drop: m.from.is_none(),
        }
    }

    fn key(&self, s: &Position, keys: &Zobrist) -> u64 {
        scratch_key(keys, self, s)
    }
}
