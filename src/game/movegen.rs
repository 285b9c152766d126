//! Move generation: walking the tables for every piece of the side to move, promotion
//! choices, en passant, castling, drops from the hand, and the legality filter.

use super::{Game, Move, Position};
use crate::compile::{Condition, Passed};
use crate::geometry::board::CellId;
use crate::variant::{NoneCaptured, PieceId, Promotion, Side};

impl Game<'_> {
    /// Moves that obey the pieces' movement but may leave the mover's royal piece attacked
    /// (castling and drops excluded: they have their own generators). A cell one piece
    /// reaches along two rays is one move; moving onto a passed cell with and without the
    /// en-passant capture are two.
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
            let unmoved = pos.unmoved[from.index()];
            let occupant = |c: CellId| pos.squares[c.index()].map(|(s, _)| s);
            for e in self.tables.entries(piece, side, from) {
                match e.when {
                    Some(Condition::Castling) => continue,
                    Some(c) if c.is_unmoved_multi_step() && !pos.unmoved[from.index()] => continue,
                    _ if !self.tables.guard_holds(e, side, unmoved, occupant) => continue,
                    _ => {}
                }
                let occupied = |c: CellId| pos.squares[c.index()].is_some();
                for landing in self.tables.landings(e, occupied) {
                    let (to, k) = (landing.cell, landing.index);
                    // The passed cells in cell order: the same right whichever way the
                    // move went.
                    let mv = |victim: Option<CellId>, passed: Passed| Move {
                        from: Some(from),
                        to,
                        piece,
                        promotion: None,
                        en_passant_victim: victim,
                        passed,
                        castling: None,
                    };
                    match pos.squares[to.index()] {
                        None => {
                            let ep = pos
                                .en_passant
                                .as_ref()
                                .filter(|ep| can_ep && e.mode.captures && ep.cells.contains(&to));
                            // Onto a cell the opponent's last move passed: the en-passant
                            // capture. A piece that may also move there without capturing
                            // (Dagger's pawn) has both moves, `FROMxTO` and `FROM-TO`.
                            if let Some(ep) = ep {
                                self.push_promotions(
                                    &mut out,
                                    pos,
                                    mv(Some(ep.victim), Passed::NONE),
                                );
                            }
                            if e.mode.moves {
                                let passed = self.tables.passed_run(e, k);
                                self.push_promotions(&mut out, pos, mv(None, passed));
                            }
                        }
                        Some((owner, _)) => {
                            if owner != side && e.mode.captures {
                                self.push_promotions(&mut out, pos, mv(None, Passed::NONE));
                            }
                        }
                    }
                }
            }
        }
        out.sort();
        out.dedup_by(|a, b| {
            (a.from, a.to, a.promotion, a.en_passant_victim)
                == (b.from, b.to, b.promotion, b.en_passant_victim)
        });
        out
    }

    /// How many cells the piece on `from` moves or captures to by its movement, for its own
    /// side whoever is to move (en passant, castling and royal safety aside): its mobility,
    /// as the evaluation counts it. 0 for an empty cell.
    pub fn reach(&self, pos: &Position, from: CellId) -> u32 {
        let Some((side, piece)) = pos.squares[from.index()] else {
            return 0;
        };
        let unmoved = pos.unmoved[from.index()];
        let occupant = |c: CellId| pos.squares[c.index()].map(|(s, _)| s);
        let occupied = |c: CellId| pos.squares[c.index()].is_some();
        let mut reached = vec![false; pos.squares.len()];
        for e in self.tables.entries(piece, side, from) {
            match e.when {
                Some(Condition::Castling) => continue,
                Some(c) if c.is_unmoved_multi_step() && !unmoved => continue,
                _ if !self.tables.guard_holds(e, side, unmoved, occupant) => continue,
                _ => {}
            }
            for landing in self.tables.landings(e, occupied) {
                let to = landing.cell;
                let counts = match occupant(to) {
                    None => e.mode.moves,
                    Some(owner) => owner != side && e.mode.captures,
                };
                reached[to.index()] |= counts;
            }
        }
        reached.iter().filter(|&&r| r).count() as u32
    }

    /// True when a side other than `side` is in check in `pos`.
    fn checks_an_opponent(&self, pos: &Position, side: Side) -> bool {
        self.variant
            .side_ids()
            .any(|other| other != side && !pos.is_out(other) && self.in_check(pos, other))
    }

    /// Adds `mv` with the promotion choices the piece has on it: on arriving in the zone
    /// (chess) it must promote; with optional promotion (shogi) it may when the move starts
    /// or ends in the zone, and must when it would have no move from its new cell. Only to
    /// pieces its side has lost (`captured`), with none lost a move that must promote is not
    /// made, or with `wait` it is made unpromoted.
    fn push_promotions(&self, out: &mut Vec<Move>, pos: &Position, mv: Move) {
        let mover = pos.to_move;
        let v = self.variant;
        let promo = v
            .piece(mv.piece)
            .promotion
            .as_ref()
            .filter(|p| !p.to.is_empty());
        let Some(promo) = promo else {
            out.push(mv);
            return;
        };
        let zone = &v.zone(promo.zone).cells[mover];
        let ends_in = zone.contains(&mv.to);
        let (may, must) = if promo.optional {
            let starts_in = mv.from.is_some_and(|f| zone.contains(&f));
            let may = starts_in || ends_in;
            (may, may && self.tables.is_dead(mv.piece, mover, mv.to))
        } else {
            (ends_in, ends_in)
        };
        let choices = || {
            promo
                .to
                .iter()
                .filter(|&&t| self.may_promote_to(pos, promo, t))
        };
        let waits = promo.captured_only == Some(NoneCaptured::Wait);
        if !must || (waits && choices().next().is_none()) {
            out.push(mv);
        }
        if may {
            for &target in choices() {
                out.push(Move {
                    promotion: Some(target),
                    ..mv
                });
            }
        }
    }

    /// Whether the side to move may promote to `target`: always, or with `captured` when it
    /// has fewer of them on the board and in hand than its setup places.
    fn may_promote_to(&self, pos: &Position, promo: &Promotion, target: PieceId) -> bool {
        if promo.captured_only.is_none() {
            return true;
        }
        let side = pos.to_move;
        let on_board = pos
            .squares
            .iter()
            .filter(|sq| **sq == Some((side, target)))
            .count();
        let held = usize::from(pos.hands[side][target.index()]);
        on_board + held < self.variant.setup_count(side, target)
    }

    /// `captured wait`: a piece that entered where it must promote unpromoted, its side
    /// having lost none of its pieces, promotes there as its move once one is lost.
    pub(crate) fn promotions_in_place(&self, pos: &Position) -> Vec<Move> {
        let v = self.variant;
        let side = pos.to_move;
        let mut out = Vec::new();
        for (i, sq) in pos.squares.iter().enumerate() {
            let Some((s, piece)) = *sq else { continue };
            let promo = v.piece(piece).promotion.as_ref();
            let Some(promo) =
                promo.filter(|p| s == side && p.captured_only == Some(NoneCaptured::Wait))
            else {
                continue;
            };
            let cell = CellId(i as u16);
            let forced = v.zone(promo.zone).cells[side].contains(&cell)
                && (!promo.optional || self.tables.is_dead(piece, side, cell));
            if !forced {
                continue;
            }
            for &target in promo
                .to
                .iter()
                .filter(|&&t| self.may_promote_to(pos, promo, t))
            {
                out.push(Move {
                    from: Some(cell),
                    to: cell,
                    piece,
                    promotion: Some(target),
                    en_passant_victim: None,
                    passed: Passed::NONE,
                    castling: None,
                });
            }
        }
        out
    }

    /// Moves that do not leave the mover's royal pieces attacked: piece moves, castling and
    /// drops (in a placement phase, while the mover holds pieces: only their placements). With `royal captured`, every move; none once the game is over by a royal piece
    /// taken or, with more than two sides, when one side is left.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let royal_captured = self.variant.rules.royal_captured;
        // The game is over: a royal piece taken, or (more sides) the last side left in.
        let last_side = self.variant.sides.len() > 2 && self.sides_in_game(pos).nth(1).is_none();
        if last_side || self.royal_taken(pos) {
            return Vec::new();
        }
        let legal = |m: &Move| royal_captured || !self.in_check(&self.make(pos, m), pos.to_move);
        if self.placing(pos) {
            return self.drops(pos).into_iter().filter(legal).collect();
        }
        let mut moves: Vec<Move> = self
            .pseudo_legal_moves(pos)
            .into_iter()
            .chain(self.drops(pos))
            .chain(self.promotions_in_place(pos))
            .filter(legal)
            .collect();
        moves.extend(self.castling_moves(pos));
        moves
    }

    /// Drops from the side to move's hand: every empty cell where the piece is not dead,
    /// less the cells its drop rules forbid. May leave the mover's royal piece attacked.
    pub fn drops(&self, pos: &Position) -> Vec<Move> {
        let v = self.variant;
        let side = pos.to_move;
        let mut out = Vec::new();
        for piece in v.piece_ids() {
            if pos.hands[side][piece.index()] == 0 {
                continue;
            }
            let rules = &v.piece(piece).drops;
            for &to in self.tables.drop_cells(piece, side) {
                if pos.squares[to.index()].is_some()
                    || self.defended_by(pos, side, &rules.not_defended_by, to)
                    || self.line_full(pos, side, piece, to)
                {
                    continue;
                }
                let mv = Move::drop_move(piece, to);
                if (rules.no_check || rules.no_mate) && self.drop_checks(pos, &mv) {
                    continue;
                }
                out.push(mv);
            }
        }
        out
    }

    /// True when a drop of `piece` by `side` on `cell` would put more of the type on a line
    /// than one of its `at-most` rules allows.
    pub(super) fn line_full(
        &self,
        pos: &Position,
        side: Side,
        piece: PieceId,
        cell: CellId,
    ) -> bool {
        self.tables
            .drop_lines(piece, side, cell)
            .iter()
            .any(|(room, line)| {
                let held = line
                    .iter()
                    .filter(|c| pos.squares[c.index()] == Some((side, piece)))
                    .count();
                held as u32 > *room
            })
    }

    /// Whether the drop `mv` gives the check its piece's `no-check` rule forbids, or the
    /// mate its `no-mate` rule forbids: the side to move next in check without a legal move.
    /// A drop that leaves the mover's own royal piece attacked is not tested for mate (it is
    /// illegal anyway), which keeps the test from recursing through such drops.
    pub(super) fn drop_checks(&self, pos: &Position, mv: &Move) -> bool {
        let after = self.make(pos, mv);
        let rules = &self.variant.piece(mv.piece).drops;
        if rules.no_check && self.checks_an_opponent(&after, pos.to_move) {
            return true;
        }
        rules.no_mate
            && self.in_check(&after, after.to_move)
            && !self.in_check(&after, pos.to_move)
            && self.legal_moves(&after).is_empty()
    }

    /// True when a piece of `side` of one of these types could capture on `cell`.
    pub(super) fn defended_by(
        &self,
        pos: &Position,
        side: Side,
        types: &[PieceId],
        cell: CellId,
    ) -> bool {
        !types.is_empty()
            && pos.squares.iter().enumerate().any(|(i, sq)| {
                matches!(sq, Some((s, p)) if *s == side && types.contains(p))
                    && self.attacks_from(pos, CellId(i as u16), cell)
            })
    }

    /// Castling moves available now: king and rook stand unmoved on their cells, the cells
    /// between are empty, and the king is not attacked on its start, its way or its
    /// destination.
    pub fn castling_moves(&self, pos: &Position) -> Vec<Move> {
        let side = pos.to_move;
        let rights = self.castling_rights(pos);
        let mut out = Vec::new();
        for (i, c) in self.variant.castlings.iter().enumerate() {
            let ready = c.side == side
                && rights[i]
                && c.empty.iter().all(|x| pos.squares[x.index()].is_none());
            if !ready {
                continue;
            }
            let safe = std::iter::once(&c.king_from)
                .chain(&c.passage)
                .all(|x| !self.attacked_by_opponent(pos, *x, side));
            let mv = Move::castling_move(i, c);
            // The rook's new cell could uncover an attack on a second royal piece (which
            // `royal captured` allows, as any other move that leaves one attacked).
            let uncovers =
                !self.variant.rules.royal_captured && self.in_check(&self.make(pos, &mv), side);
            if safe && !uncovers {
                out.push(mv);
            }
        }
        out
    }
}
