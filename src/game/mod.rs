//! Playing a variant: positions, legal moves, perft, the end of the game.
//!
//! This is the straightforward engine: it walks the compiled tables for every piece. It is
//! the semantic reference for move generation (check, en passant, promotion, castling,
//! drops, entries from off-board cells); a faster engine is proven against it.

pub mod end;
pub mod engine;
pub mod fast;
mod fen;
mod movegen;
pub mod notation;
pub mod perft;
pub mod perft_units;
pub mod read;
pub mod san;
#[cfg(test)]
mod sides_tests;
mod validate;
pub mod zobrist;

pub use end::{
    adds_up_to_one, read_result, read_score, result_text, scores_result_text, GameEnd, Outcome,
};
pub use engine::{AnyEngine, Engine, MoveFacts, Reference};
pub use fen::PositionError;

use crate::compile::{MoveTables, Passed};
use crate::geometry::board::CellId;
use crate::variant::{BySide, Castling, LeftPieces, PieceId, Side, Variant};

/// The right to capture en passant on the next move only.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// The cells the move passed over or between, in cell order.
    pub cells: Vec<CellId>,
    /// Where the piece that may be taken stands.
    pub victim: CellId,
}

/// A position: who stands where (off-board cells included), who moves, what is in hand,
/// the en-passant right, which pieces have not moved, and the count toward the move limit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Per cell id (off-board cells included): the side and piece standing there.
    pub squares: Vec<Option<(Side, PieceId)>>,
    /// The side whose turn it is.
    pub to_move: Side,
    /// The en-passant right the last move created, if any.
    pub en_passant: Option<EnPassant>,
    /// Per cell: the piece there has not moved since the start. Kept only for pieces whose
    /// rules depend on it (castling kings and rooks, unmoved multi-steps), so positions that
    /// differ in nothing else compare equal.
    pub unmoved: Vec<bool>,
    /// Per side, the number of pieces of each type in hand.
    pub hands: BySide<Vec<u16>>,
    /// Plies since the last capture (or move of a piece that resets the move limit).
    pub quiet_plies: u32,
    /// The sides that have left the game, one bit per side (bit 0 the first side): never in
    /// a game of two sides.
    pub out: u8,
}

impl Position {
    /// True when `side` has left the game.
    pub fn is_out(&self, side: Side) -> bool {
        self.out & (1 << side.index()) != 0
    }

    /// True when `other` is the same position for repetition: everything equal but the
    /// move-limit count. (The engines compare Zobrist keys; this is the exact test.)
    pub fn same_for_repetition(&self, other: &Position) -> bool {
        self.squares == other.squares
            && self.to_move == other.to_move
            && self.en_passant == other.en_passant
            && self.unmoved == other.unmoved
            && self.hands == other.hands
            && self.out == other.out
    }
}

/// A move: from (or a drop from the hand), to, promotion, and what else it does. Both
/// engines make and read this one small `Copy` value; the cells a move passes (its
/// en-passant right) are a number the compiled tables resolve ([`MoveTables::passed_cells`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stood; `None` for a drop from the hand.
    pub from: Option<CellId>,
    /// Where the piece lands (for a castling, the king's destination).
    pub to: CellId,
    /// The piece that moves or is dropped, as it was before the move.
    pub piece: PieceId,
    /// The piece it becomes, when the move promotes.
    pub promotion: Option<PieceId>,
    /// Where a piece taken en passant stood.
    pub en_passant_victim: Option<CellId>,
    /// Cells passed over or between (the en-passant right the move creates), in cell order.
    pub passed: Passed,
    /// The castling option this king move performs (the rook moves too): an index into
    /// the variant's castlings.
    pub castling: Option<u16>,
}

// A move is copied into every node's list: it stays small.
const _: () = assert!(std::mem::size_of::<Move>() <= 24);

impl Move {
    /// True for a drop from the hand.
    pub fn is_drop(&self) -> bool {
        self.from.is_none()
    }

    /// The king's move of castling option `index` (`c`), as both engines make it.
    pub fn castling_move(index: usize, c: &Castling) -> Move {
        Move {
            from: Some(c.king_from),
            to: c.king_to,
            piece: c.king,
            promotion: None,
            en_passant_victim: None,
            passed: Passed::NONE,
            castling: Some(index as u16),
        }
    }

    /// A promotion where the piece stands (`captured wait`): it takes nothing.
    pub fn in_place(&self) -> bool {
        self.from == Some(self.to)
    }

    /// The cell whose piece the move takes, if it takes one: the en-passant victim's, or
    /// the landing cell unless the move castles or promotes in place.
    pub fn victim_cell(&self) -> Option<CellId> {
        match (self.en_passant_victim, self.castling) {
            (Some(v), _) => Some(v),
            (None, Some(_)) => None,
            (None, None) if self.in_place() => None,
            (None, None) => Some(self.to),
        }
    }

    /// A drop of `piece` from the hand on `to`.
    pub fn drop_move(piece: PieceId, to: CellId) -> Move {
        Move {
            from: None,
            to,
            piece,
            promotion: None,
            en_passant_victim: None,
            passed: Passed::NONE,
            castling: None,
        }
    }

    /// The castling option this move performs, as an index into the variant's castlings.
    pub fn castling_index(&self) -> Option<usize> {
        self.castling.map(usize::from)
    }

    /// The move as a nonzero number, distinct for the moves of one position: what the
    /// search's table stores instead of the move. (Two moves of a position never differ
    /// only in the cells they pass, and an en-passant capture's victim is the position's.)
    pub fn pack(&self) -> u64 {
        let from = self.from.map_or(0xffff, |c| u64::from(c.0));
        let promotion = self.promotion.map_or(0xff, |p| u64::from(p.0));
        let castling = self.castling.map_or(0xff, |c| u64::from(c.min(0xfe)));
        1 << 63
            | from
            | u64::from(self.to.0) << 16
            | u64::from(self.piece.0) << 32
            | promotion << 40
            | castling << 48
            | u64::from(self.en_passant_victim.is_some()) << 56
    }
}

/// A variant ready to play: the variant and its compiled tables.
#[derive(Clone, Copy)]
pub struct Game<'a> {
    /// The checked variant.
    pub variant: &'a Variant,
    /// Its compiled tables.
    pub tables: &'a MoveTables,
}

impl<'a> Game<'a> {
    /// A game of `variant`; `tables` must be compiled from it.
    pub fn new(variant: &'a Variant, tables: &'a MoveTables) -> Self {
        Game { variant, tables }
    }

    /// The setup, the first side to move, the hands the setup gives (empty but for a
    /// placement phase or a game of drops that starts with pieces in hand).
    pub fn start_position(&self) -> Position {
        let v = self.variant;
        let cells = v.board.total();
        let mut squares = vec![None; cells];
        let mut unmoved = vec![false; cells];
        for side in v.side_ids() {
            for &(p, c) in &v.setup[side] {
                squares[c.index()] = Some((side, p));
                unmoved[c.index()] = v.tracks_unmoved(p);
            }
        }
        let hands = v
            .side_ids()
            .map(|side| {
                let mut hand = vec![0; v.pieces.len()];
                for p in v.start_hand(side) {
                    hand[p.index()] += 1;
                }
                hand
            })
            .collect();
        Position {
            squares,
            to_move: Side::WHITE,
            en_passant: None,
            unmoved,
            hands: BySide::from_values(hands),
            quiet_plies: 0,
            out: 0,
        }
    }

    /// An empty board with empty hands, `to_move` to move (to set up positions piece by
    /// piece; a piece placed later counts as moved).
    pub fn empty_position(&self, to_move: Side) -> Position {
        let mut pos = self.start_position();
        pos.squares.iter_mut().for_each(|s| *s = None);
        pos.unmoved.iter_mut().for_each(|u| *u = false);
        for side in self.variant.side_ids() {
            pos.hands[side].iter_mut().for_each(|n| *n = 0);
        }
        pos.to_move = to_move;
        pos
    }

    /// Per castling option: its king and rook stand unmoved on their start cells.
    pub fn castling_rights(&self, pos: &Position) -> Vec<bool> {
        self.variant
            .castlings
            .iter()
            .map(|c| {
                pos.squares[c.king_from.index()] == Some((c.side, c.king))
                    && pos.squares[c.rook_from.index()] == Some((c.side, c.rook))
                    && pos.unmoved[c.king_from.index()]
                    && pos.unmoved[c.rook_from.index()]
            })
            .collect()
    }

    /// True when the piece on `from` could capture on `target` now (the cells before it on
    /// the way are empty), whoever's turn it is.
    pub fn attacks_from(&self, pos: &Position, from: CellId, target: CellId) -> bool {
        let Some((side, piece)) = pos.squares[from.index()] else {
            return false;
        };
        let unmoved = pos.unmoved[from.index()];
        let occupant = |c: CellId| pos.squares[c.index()].map(|(s, _)| s);
        self.tables
            .entries(piece, side, from)
            .iter()
            .filter(|e| e.mode.captures && self.tables.guard_holds(e, side, unmoved, occupant))
            .any(|e| {
                self.tables
                    .landings(e, |c| pos.squares[c.index()].is_some())
                    .any(|l| l.cell == target)
            })
    }

    /// True when a piece of `by` could capture on `target` (ignoring whose turn it is).
    /// Pieces on off-board cells attack the cells they could enter on with a capture.
    pub fn attacked(&self, pos: &Position, target: CellId, by: Side) -> bool {
        pos.squares.iter().enumerate().any(|(i, sq)| {
            matches!(sq, Some((s, _)) if *s == by)
                && self.attacks_from(pos, CellId(i as u16), target)
        })
    }

    /// True when taking a royal piece ends the game
    /// ([`crate::variant::Rules::royal_loss_ends`]) and a side in the game has fewer royal
    /// pieces on the board than its setup gives it: one was taken, and the game is over.
    pub fn royal_taken(&self, pos: &Position) -> bool {
        let v = self.variant;
        // Where the side leaves instead (`settle`), the game goes on.
        v.rules.royal_loss_ends(v.sides.len())
            && self
                .sides_in_game(pos)
                .any(|side| self.lost_royal(pos, side))
    }

    /// True when `side` has fewer royal pieces on the board than its setup places: with
    /// `royal captured`, one was taken.
    pub(crate) fn lost_royal(&self, pos: &Position, side: Side) -> bool {
        let v = self.variant;
        let held: usize = v
            .piece_ids()
            .filter(|p| v.piece(*p).royal && v.start_hand(side).contains(p))
            .map(|p| usize::from(pos.hands[side][p.index()]))
            .sum();
        self.royals(pos, side).len() + held < v.setup_royals(side)
    }

    /// True in a placement phase while the side to move holds pieces: its move is to place
    /// one.
    pub fn placing(&self, pos: &Position) -> bool {
        self.variant.rules.placement.is_some() && pos.hands[pos.to_move].iter().any(|&n| n > 0)
    }

    /// Cells of `side`'s royal pieces.
    pub fn royals(&self, pos: &Position, side: Side) -> Vec<CellId> {
        pos.squares
            .iter()
            .enumerate()
            .filter_map(|(i, sq)| match sq {
                Some((s, p)) if *s == side && self.variant.piece(*p).royal => {
                    Some(CellId(i as u16))
                }
                _ => None,
            })
            .collect()
    }

    /// The cells of the royal pieces in check (attacked, or facing an enemy royal piece on an
    /// open line) of every side still in the game, for pictures that mark them.
    pub fn royals_in_check(&self, pos: &Position) -> Vec<CellId> {
        self.sides_in_game(pos)
            .flat_map(|side| {
                self.royals(pos, side).into_iter().filter(move |&c| {
                    self.attacked_by_opponent(pos, c, side) || self.faces_royal(pos, side, c)
                })
            })
            .collect()
    }

    /// True when one of `side`'s royal pieces is attacked, or (`facing DIRECTIONS`) faces an
    /// enemy royal piece on an open line: either way no move may leave it so.
    pub fn in_check(&self, pos: &Position, side: Side) -> bool {
        self.royals(pos, side)
            .into_iter()
            .any(|c| self.attacked_by_opponent(pos, c, side) || self.faces_royal(pos, side, c))
    }

    /// True when a side other than `side`, still in the game, attacks `cell`.
    pub fn attacked_by_opponent(&self, pos: &Position, cell: CellId, side: Side) -> bool {
        self.variant
            .side_ids()
            .any(|by| by != side && !pos.is_out(by) && self.attacked(pos, cell, by))
    }

    /// The side after `side` in turn order that is still in the game.
    pub fn next_in_game(&self, pos: &Position, side: Side) -> Side {
        self.variant.side_in_game(side, true, |s| pos.is_out(s))
    }

    /// The side before `side` in turn order that is still in the game: who moved last.
    pub fn previous_in_game(&self, pos: &Position, side: Side) -> Side {
        self.variant.side_in_game(side, false, |s| pos.is_out(s))
    }

    /// The sides still in the game, in turn order.
    pub fn sides_in_game(&self, pos: &Position) -> impl Iterator<Item = Side> + use<'a> {
        let out = pos.out;
        self.variant
            .side_ids()
            .filter(move |s| out & (1 << s.index()) == 0)
    }

    /// True when the royal piece of `side` on `cell` sees an enemy royal piece along one of
    /// the `facing` lines, with nothing between them.
    pub fn faces_royal(&self, pos: &Position, side: Side, cell: CellId) -> bool {
        self.tables.facing_lines(side, cell).iter().any(|line| {
            line.iter()
                .find_map(|c| pos.squares[c.index()])
                .is_some_and(|(s, p)| s != side && !pos.is_out(s) && self.variant.piece(p).royal)
        })
    }

    /// The position after a move (the move must come from this position's move list): with
    /// more than two sides, each side after it that then has no legal move and leaves the
    /// game by the rules (`checkmate out`, `stalemate out`) has left it.
    pub fn play(&self, pos: &Position, mv: &Move) -> Position {
        let mut next = self.make(pos, mv);
        if self.variant.rules.leaving.any() {
            self.settle(&mut next, pos.to_move);
        }
        next
    }

    /// The sides that leave the game after `mover`'s move, one after the other: with `royal
    /// captured out` or `checkmate out` each side whose royal piece it took, then each side
    /// to move without a legal move that the rules send out, while two or more remain.
    fn settle(&self, pos: &mut Position, mover: Side) {
        let leaving = self.variant.rules.leaving;
        if self.variant.rules.royal_loss_leaves() {
            let lost: Vec<Side> = self
                .sides_in_game(pos)
                .filter(|&side| self.lost_royal(pos, side))
                .collect();
            for side in lost {
                self.eliminate(pos, side, mover);
                if pos.to_move == side {
                    pos.to_move = self.next_in_game(pos, side);
                }
            }
        }
        for _ in 0..self.variant.sides.len() {
            if self.sides_in_game(pos).count() < 2 || !self.legal_moves(pos).is_empty() {
                return;
            }
            let side = pos.to_move;
            let mated = self.in_check(pos, side);
            if !(if mated {
                leaving.checkmate
            } else {
                leaving.stalemate
            }) {
                return;
            }
            self.eliminate(pos, side, mover);
            pos.to_move = self.next_in_game(pos, side);
        }
    }

    /// `side` leaves the game, its pieces removed, left standing or handed to `mater` (its
    /// royal pieces then removed).
    pub fn eliminate(&self, pos: &mut Position, side: Side, mater: Side) {
        pos.out |= 1 << side.index();
        let pieces = self.variant.rules.leaving.pieces;
        for (cell, sq) in pos.squares.iter_mut().enumerate() {
            let Some((owner, piece)) = *sq else { continue };
            if owner != side {
                continue;
            }
            match pieces {
                LeftPieces::Removed => *sq = None,
                LeftPieces::Stay => continue,
                // The mated royal piece is taken; the rest of the army changes sides.
                LeftPieces::ToMater if self.variant.piece(piece).royal => *sq = None,
                LeftPieces::ToMater => *sq = Some((mater, piece)),
            }
            pos.unmoved[cell] = false;
        }
        if pieces != LeftPieces::Stay {
            let held = std::mem::replace(&mut pos.hands[side], vec![0; self.variant.pieces.len()]);
            if pieces == LeftPieces::ToMater {
                for (mine, theirs) in pos.hands[mater].iter_mut().zip(held) {
                    *mine = mine.saturating_add(theirs);
                }
            }
        }
    }

    /// The position after a move, the turn passed to the next side in the game: what
    /// legality is tested on.
    pub(crate) fn make(&self, pos: &Position, mv: &Move) -> Position {
        let v = self.variant;
        let side = pos.to_move;
        let mut next = pos.clone();
        let castling = mv.castling_index().and_then(|i| v.castlings.get(i));
        // The rook leaves first: the king may land on its start cell.
        let rook = castling.and_then(|c| {
            next.unmoved[c.rook_from.index()] = false;
            next.squares[c.rook_from.index()].take()
        });
        let captured = match mv.en_passant_victim {
            Some(victim) => next.squares[victim.index()].take(),
            None if mv.in_place() => None,
            None => next.squares[mv.to.index()],
        };
        match mv.from {
            Some(from) => {
                next.squares[from.index()] = None;
                next.unmoved[from.index()] = false;
            }
            None => {
                let held = &mut next.hands[side][mv.piece.index()];
                *held = held.saturating_sub(1);
            }
        }
        next.squares[mv.to.index()] = Some((side, mv.promotion.unwrap_or(mv.piece)));
        next.unmoved[mv.to.index()] = false;
        if let Some(c) = castling {
            next.squares[c.rook_to.index()] = rook;
        }
        if let Some((_, taken)) = captured {
            if v.rules.captures_to_hand {
                next.hands[side][v.in_hand_as(taken).index()] += 1;
            }
        }
        // A placement starts the count afresh: the limit counts the moves of play.
        let resets = captured.is_some()
            || (mv.is_drop() && v.rules.placement.is_some())
            || v.rules
                .move_limit
                .as_ref()
                .is_some_and(|l| l.reset_by.contains(&mv.piece));
        next.quiet_plies = if resets {
            0
        } else {
            pos.quiet_plies.saturating_add(1)
        };
        next.en_passant = (!mv.passed.is_none()).then(|| EnPassant {
            cells: self.tables.passed_cells(mv.passed).to_vec(),
            victim: mv.to,
        });
        next.to_move = match v.rules.placement {
            Some(p) if mv.is_drop() => v.after_placement(side, p.sequential, |s| {
                !next.is_out(s) && next.hands[s].iter().any(|&n| n > 0)
            }),
            _ => self.next_in_game(&next, side),
        };
        next
    }

    /// As [`Game::perft`], but gives up (`None`) as soon as `stop` says so; `stop` is asked
    /// once per node two or more plies from the leaves.
    pub fn perft_until(&self, pos: &Position, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
        if depth <= 1 {
            return Some(self.perft(pos, depth));
        }
        if stop() {
            return None;
        }
        let mut total = 0;
        for m in self.legal_moves(pos) {
            total += self.perft_until(&self.play(pos, &m), depth - 1, stop)?;
        }
        Some(total)
    }

    /// Number of leaf positions `depth` moves ahead.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves(pos);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| self.perft(&self.play(pos, m), depth - 1))
            .sum()
    }
}
