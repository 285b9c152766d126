//! Move generation on cell sets, with the reference engine's rules (`game/movegen.rs`): a cell
//! a piece reaches along two rays is one move; stepping onto a passed cell with and without
//! the en-passant capture are two; a plain move to a cell beats a multi-step to it.

use super::tables::{bit, cells, CellSet, Ray};
use super::{code, Engine, FastMove, State, NONE};
use crate::variant::Side;

impl Engine<'_> {
    /// The legal moves: piece moves, drops, castlings.
    ///
    /// A move is tested for leaving the king attacked only when it could: when the king is
    /// in check already, when a royal piece moves (or one is made by promotion), when a
    /// piece is taken en passant, or when the piece is pinned. Any other move only puts a
    /// piece somewhere or takes one, which never uncovers an attack, unless some piece
    /// captures by hopping (a piece put down can be its screen): then every move is tested.
    pub fn legal_moves_into(&self, s: &State, out: &mut Vec<FastMove>) {
        out.clear();
        let side = s.to_move;
        // With hoppers (a piece put down can become a screen), captures under conditions or
        // facing lines (which the pin test does not see) every move is tested, so the pins
        // are not needed.
        let (every_move, pinned) =
            if self.t.hoppers || self.t.guarded_captures || !self.t.facing.is_empty() {
                (true, 0)
            } else {
                self.check_and_pins(&s.board, side)
            };
        let royal = |p: u8| p != NONE && self.t.royal[p as usize];
        let risky = |m: &FastMove| {
            every_move
                || m.victim != NONE
                || (m.from != NONE && pinned & bit(m.from) != 0)
                || royal(m.piece)
                || royal(m.promotion)
        };
        let mut own = s.board.occupied[side.index()];
        while own != 0 {
            let from = own.trailing_zeros() as u8;
            own &= own - 1;
            self.piece_moves(s, from, out);
        }
        self.drops(s, out);
        out.retain(|m| !risky(m) || !self.in_check(&self.board_after(&s.board, side, m), side));
        self.castlings(s, out);
    }

    /// The moves of the piece on `from` that obey its movement (they may leave its king
    /// attacked).
    fn piece_moves(&self, s: &State, from: u8, out: &mut Vec<FastMove>) {
        let side = s.to_move;
        let piece = super::piece_of(s.board.squares[from as usize]);
        let slot = self.t.slot(piece, side, from);
        let all = s.board.all();
        let theirs = s.board.occupied[side.opponent().index()];
        let can_ep = self.t.can_en_passant[piece as usize] && s.en_passant != 0;
        let mut found = Found {
            quiet: slot.step_moves & !all,
            captures: slot.step_captures & theirs,
            en_passant: if can_ep {
                slot.step_captures & s.en_passant & !all
            } else {
                0
            },
            passing: Vec::new(),
        };
        let unmoved = s.board.unmoved & bit(from) != 0;
        for ray in self.t.rays_of(slot) {
            if ray.unmoved_only && !unmoved {
                continue;
            }
            self.walk_ray(s, ray, CellSet::MAX, can_ep, &mut found);
        }
        for ray in self.t.guarded_rays_of(slot) {
            if (ray.unmoved_only && !unmoved) || !self.guard_holds(&s.board, ray.guard, from, side)
            {
                continue;
            }
            let land = self.t.guards[ray.guard as usize].land;
            self.walk_ray(s, ray, land, can_ep, &mut found);
        }
        let Found {
            quiet,
            captures,
            en_passant,
            mut passing,
        } = found;
        let plain = |to: u8, victim: u8, passed: CellSet| FastMove {
            from,
            to,
            piece,
            promotion: NONE,
            victim,
            castling: NONE,
            passed,
        };
        for to in cells(quiet | captures) {
            self.push_promotions(out, side, plain(to, NONE, 0));
        }
        for to in cells(en_passant) {
            self.push_promotions(out, side, plain(to, s.en_passant_victim, 0));
        }
        passing.sort_by_key(|&(to, passed)| (to, first_cells(passed)));
        passing.dedup_by_key(|p| p.0);
        for (to, passed) in passing {
            if quiet & bit(to) == 0 {
                self.push_promotions(out, side, plain(to, NONE, passed));
            }
        }
    }

    /// Adds to `found` where a piece of the side to move goes along `ray`, landing only on
    /// `land` (`to ZONE`; every cell otherwise, a constant the compiler folds away).
    #[inline(always)]
    fn walk_ray(&self, s: &State, ray: &Ray, land: CellSet, can_ep: bool, found: &mut Found) {
        let all = s.board.all();
        let theirs = s.board.occupied[s.to_move.opponent().index()];
        let mut passed_over: CellSet = 0;
        for landing in ray
            .walk
            .landings(self.t.ray_path(ray), |c| all & bit(c) != 0)
        {
            let (to, b) = (landing.cell, bit(landing.cell));
            if land & b == 0 {
                // Not a landing (`to ZONE`), though it may have blocked the ray.
                if !landing.occupied {
                    passed_over |= b;
                }
                continue;
            }
            if landing.occupied {
                if ray.captures && theirs & b != 0 {
                    found.captures |= b;
                }
                continue;
            }
            if ray.captures && can_ep && s.en_passant & b != 0 {
                found.en_passant |= b;
            }
            if ray.moves {
                let passed = if ray.multi_step {
                    passed_over
                } else {
                    ray.between
                };
                if passed == 0 {
                    found.quiet |= b;
                } else {
                    found.passing.push((to, passed));
                }
            }
            passed_over |= b;
        }
    }

    /// `mv` with its promotion choices (see the reference engine's `push_promotions`).
    fn push_promotions(&self, out: &mut Vec<FastMove>, side: Side, mv: FastMove) {
        let Some(promo) = &self.t.promotions[mv.piece as usize * 2 + side.index()] else {
            out.push(mv);
            return;
        };
        let ends_in = promo.zone & bit(mv.to) != 0;
        let (may, must) = if promo.optional {
            let starts_in = mv.from != NONE && promo.zone & bit(mv.from) != 0;
            let may = starts_in || ends_in;
            (may, may && promo.dead & bit(mv.to) != 0)
        } else {
            (ends_in, ends_in)
        };
        if !must {
            out.push(mv);
        }
        if may {
            for &target in &promo.to {
                out.push(FastMove {
                    promotion: target,
                    ..mv
                });
            }
        }
    }

    /// Drops from the hand on every cell their rules allow (they may leave the king
    /// attacked).
    fn drops(&self, s: &State, out: &mut Vec<FastMove>) {
        let side = s.to_move;
        let hand = &s.hands[side.index()];
        let empty = !s.board.all();
        let kinds = self.t.royal.len();
        for (piece, &held) in hand.iter().enumerate().take(kinds) {
            if held == 0 {
                continue;
            }
            let defenders = self.t.not_defended_by[piece];
            let no_check = self.t.no_check[piece];
            for to in cells(self.t.drop_cells[piece * 2 + side.index()] & empty) {
                if defenders != 0 && self.attacked_by(&s.board, to, side, defenders) {
                    continue;
                }
                let mv = FastMove {
                    from: NONE,
                    to,
                    piece: piece as u8,
                    promotion: NONE,
                    victim: NONE,
                    castling: NONE,
                    passed: 0,
                };
                if no_check
                    && self.in_check(&self.board_after(&s.board, side, &mv), side.opponent())
                {
                    continue;
                }
                out.push(mv);
            }
        }
    }

    /// Castlings available now: king and rook unmoved on their cells, the cells between
    /// empty, the king not attacked on its start, its way or its destination, and no royal
    /// piece attacked afterwards.
    fn castlings(&self, s: &State, out: &mut Vec<FastMove>) {
        let side = s.to_move;
        let them = side.opponent();
        let b = &s.board;
        for (i, c) in self.game.variant.castlings.iter().enumerate() {
            let (k, r) = (c.king_from.0 as u8, c.rook_from.0 as u8);
            let ready = c.side == side
                && b.squares[k as usize] == code(side, c.king.0)
                && b.squares[r as usize] == code(side, c.rook.0)
                && s.board.unmoved & bit(k) != 0
                && s.board.unmoved & bit(r) != 0
                && c.empty.iter().all(|x| b.squares[x.index()] == 0);
            if !ready
                || std::iter::once(&c.king_from)
                    .chain(&c.passage)
                    .any(|x| self.attacked(b, x.0 as u8, them))
            {
                continue;
            }
            let mv = FastMove {
                from: k,
                to: c.king_to.0 as u8,
                piece: c.king.0,
                promotion: NONE,
                victim: NONE,
                castling: i as u8,
                passed: 0,
            };
            if !self.in_check(&self.board_after(b, side, &mv), side) {
                out.push(mv);
            }
        }
    }
}

/// Where a piece's moves go, gathered ray by ray.
struct Found {
    quiet: CellSet,
    captures: CellSet,
    en_passant: CellSet,
    /// Moves that give an en-passant right: (to, passed), kept apart.
    passing: Vec<(u8, CellSet)>,
}

/// A set's cells in order, to compare sets the way the reference engine compares lists.
fn first_cells(set: CellSet) -> Vec<u8> {
    cells(set).collect()
}
