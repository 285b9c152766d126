//! Playing a variant: positions, legal moves, perft.
//!
//! This is the straightforward engine: it walks the compiled tables for every piece. It is
//! the semantic reference for move generation (check, en passant, promotion); a faster
//! bitboard engine can be proven against it.

pub mod notation;

use crate::compile::{Condition, MoveTables};
use crate::geometry::board::CellId;
use crate::variant::{PieceId, Side, Variant};

/// The right to capture en passant on the next move only.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// The cells the multi-step passed over.
    pub cells: Vec<CellId>,
    /// Where the piece that may be taken stands.
    pub victim: CellId,
}

/// A position: who stands where, who moves, and the en-passant right.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub squares: Vec<Option<(Side, PieceId)>>,
    pub to_move: Side,
    pub en_passant: Option<EnPassant>,
    /// One flag per castling option of the variant: neither its king nor its rook has moved
    /// (or been captured).
    pub castling_rights: Vec<bool>,
}

/// A move: from, to, promotion, and the cell of a piece taken en passant.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: CellId,
    pub to: CellId,
    pub promotion: Option<PieceId>,
    pub en_passant_victim: Option<CellId>,
    /// Cells passed over by a multi-step (the en-passant right it creates).
    pub passed: Vec<CellId>,
    /// The castling option this king move performs (the rook moves too).
    pub castling: Option<usize>,
}

/// A variant ready to play: the variant and its compiled tables.
pub struct Game<'a> {
    pub variant: &'a Variant,
    pub tables: &'a MoveTables,
}

impl<'a> Game<'a> {
    pub fn new(variant: &'a Variant, tables: &'a MoveTables) -> Self {
        Game { variant, tables }
    }

    /// The setup, White to move.
    pub fn start_position(&self) -> Position {
        let mut squares = vec![None; self.variant.board.len()];
        for side in Side::BOTH {
            for &(p, c) in &self.variant.setup[side] {
                squares[c.index()] = Some((side, p));
            }
        }
        Position {
            squares,
            to_move: Side::White,
            en_passant: None,
            castling_rights: vec![true; self.variant.castlings.len()],
        }
    }

    /// True when a piece of `by` could capture on `target` (ignoring whose turn it is).
    pub fn attacked(&self, pos: &Position, target: CellId, by: Side) -> bool {
        for (i, sq) in pos.squares.iter().enumerate() {
            let Some((side, piece)) = *sq else { continue };
            if side != by {
                continue;
            }
            let from = CellId(i as u16);
            for e in self.tables.entries(piece, side, from) {
                if !e.mode.captures {
                    continue;
                }
                for &c in self.tables.path(e) {
                    if c == target {
                        return true;
                    }
                    if pos.squares[c.index()].is_some() {
                        break;
                    }
                }
            }
        }
        false
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

    pub fn in_check(&self, pos: &Position, side: Side) -> bool {
        self.royals(pos, side)
            .into_iter()
            .any(|c| self.attacked(pos, c, side.opponent()))
    }

    /// Moves that obey the pieces' movement but may leave the mover's royal piece attacked.
    pub fn pseudo_legal_moves(&self, pos: &Position) -> Vec<Move> {
        let side = pos.to_move;
        let mut out = Vec::new();
        for (i, sq) in pos.squares.iter().enumerate() {
            let Some((s, piece)) = *sq else { continue };
            if s != side {
                continue;
            }
            let from = CellId(i as u16);
            let can_ep = self.variant.piece(piece).captures_en_passant();
            for e in self.tables.entries(piece, side, from) {
                if e.when == Some(Condition::Castling) {
                    continue;
                }
                let path = self.tables.path(e);
                for (k, &to) in path.iter().enumerate() {
                    match pos.squares[to.index()] {
                        None => {
                            if e.mode.moves {
                                let passed = if e.when == Some(Condition::MultiStep) {
                                    path[..k].to_vec()
                                } else {
                                    Vec::new()
                                };
                                self.push(&mut out, side, piece, from, to, None, passed);
                            } else if e.mode.captures && can_ep {
                                if let Some(ep) = &pos.en_passant {
                                    if ep.cells.contains(&to) {
                                        self.push(
                                            &mut out,
                                            side,
                                            piece,
                                            from,
                                            to,
                                            Some(ep.victim),
                                            Vec::new(),
                                        );
                                    }
                                }
                            }
                        }
                        Some((owner, _)) => {
                            if owner != side && e.mode.captures {
                                self.push(&mut out, side, piece, from, to, None, Vec::new());
                            }
                            break;
                        }
                    }
                }
            }
        }
        out.sort();
        out.dedup_by(|a, b| a.from == b.from && a.to == b.to && a.promotion == b.promotion);
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &self,
        out: &mut Vec<Move>,
        side: Side,
        piece: PieceId,
        from: CellId,
        to: CellId,
        en_passant_victim: Option<CellId>,
        passed: Vec<CellId>,
    ) {
        let side_zone = self
            .variant
            .piece(piece)
            .promotion
            .as_ref()
            .filter(|p| self.variant.zone(p.zone).cells[side].contains(&to));
        match side_zone {
            Some(promo) if !promo.to.is_empty() => {
                for &target in &promo.to {
                    out.push(Move {
                        from,
                        to,
                        promotion: Some(target),
                        en_passant_victim,
                        passed: passed.clone(),
                        castling: None,
                    });
                }
            }
            _ => out.push(Move {
                from,
                to,
                promotion: None,
                en_passant_victim,
                passed,
                castling: None,
            }),
        }
    }

    /// The position after a move (the move must come from this position's move list).
    pub fn play(&self, pos: &Position, mv: &Move) -> Position {
        let mut next = pos.clone();
        let mover = next.squares[mv.from.index()].take();
        if let Some(v) = mv.en_passant_victim {
            next.squares[v.index()] = None;
        }
        next.squares[mv.to.index()] = match (mover, mv.promotion) {
            (Some((side, _)), Some(p)) => Some((side, p)),
            (m, None) => m,
            (None, Some(_)) => None,
        };
        if let Some(c) = mv.castling.and_then(|i| self.variant.castlings.get(i)) {
            next.squares[c.rook_to.index()] = next.squares[c.rook_from.index()].take();
        }
        for (right, c) in next.castling_rights.iter_mut().zip(&self.variant.castlings) {
            let touched = [c.king_from, c.rook_from];
            if touched.contains(&mv.from) || touched.contains(&mv.to) {
                *right = false;
            }
        }
        next.en_passant = (!mv.passed.is_empty()).then(|| EnPassant {
            cells: mv.passed.clone(),
            victim: mv.to,
        });
        next.to_move = pos.to_move.opponent();
        next
    }

    /// Moves that do not leave the mover's royal pieces attacked, castling included.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut moves: Vec<Move> = self
            .pseudo_legal_moves(pos)
            .into_iter()
            .filter(|m| !self.in_check(&self.play(pos, m), pos.to_move))
            .collect();
        moves.extend(self.castling_moves(pos));
        moves
    }

    /// Castling moves available now: the right is kept, king and rook stand on their cells,
    /// the cells between are empty, and the king is not attacked on its start, its way or its
    /// destination.
    pub fn castling_moves(&self, pos: &Position) -> Vec<Move> {
        let side = pos.to_move;
        let mut out = Vec::new();
        for (i, c) in self.variant.castlings.iter().enumerate() {
            let ready = c.side == side
                && pos.castling_rights.get(i) == Some(&true)
                && pos.squares[c.king_from.index()] == Some((side, c.king))
                && pos.squares[c.rook_from.index()] == Some((side, c.rook))
                && c.empty.iter().all(|x| pos.squares[x.index()].is_none());
            if !ready {
                continue;
            }
            let safe = std::iter::once(&c.king_from)
                .chain(&c.passage)
                .all(|x| !self.attacked(pos, *x, side.opponent()));
            // The rook's new cell could uncover an attack on a second royal piece.
            let mv = Move {
                from: c.king_from,
                to: c.king_to,
                promotion: None,
                en_passant_victim: None,
                passed: Vec::new(),
                castling: Some(i),
            };
            if safe && !self.in_check(&self.play(pos, &mv), side) {
                out.push(mv);
            }
        }
        out
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
