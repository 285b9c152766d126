//! Move generation on cell sets, with the reference engine's rules (`game/movegen.rs`): a cell
//! a piece reaches along two rays is one move; stepping onto a passed cell with and without
//! the en-passant capture are two; a plain move to a cell beats a multi-step to it.

use super::tables::{
    bit, cells, falling_reach, rising_reach, CellSet, PromotionMasks, Ray, Resolve,
};
use super::{cell8, cell_id, code, FastEngine, State, NONE};
use crate::compile::Passed;
use crate::game::Move;
use crate::variant::PieceId;
use crate::variant::Side;

impl<const N: usize> FastEngine<'_, N> {
    /// The legal moves: piece moves, drops, castlings.
    ///
    /// A move is tested for leaving the king attacked only when it could: when the king is
    /// in check already, when a royal piece moves (or one is made by promotion), when a
    /// piece is taken en passant, or when the piece is pinned. Any other move only puts a
    /// piece somewhere or takes one, which never uncovers an attack, unless some piece
    /// captures by hopping (a piece put down can be its screen): then every move is tested.
    pub(crate) fn list_legal(&self, s: &State<N>, out: &mut Vec<Move>) {
        out.clear();
        if self.game_over(s) {
            return;
        }
        if self.placing(s) {
            self.drops(s, &mut |m| out.push(m));
            self.retain_legal(s, out);
            return;
        }
        let mut own = s.board.occupied[s.to_move.index()];
        while own != 0 {
            let from = own.trailing_zeros() as u8;
            own &= own - 1;
            self.piece_moves(s, from, &mut |m| out.push(m));
        }
        self.drops(s, &mut |m| out.push(m));
        self.promotions_in_place(s, &mut |m| out.push(m));
        self.retain_legal(s, out);
        self.castlings(s, &mut |m| out.push(m));
    }

    /// Keeps the moves of `out` (piece moves and drops) that leave no royal piece attacked,
    /// testing only those that could (see [`FastEngine::list_legal`]).
    fn retain_legal(&self, s: &State<N>, out: &mut Vec<Move>) {
        // With `royal captured` a royal piece may be left attacked: every move is legal.
        if self.t.royal_captured {
            return;
        }
        let side = s.to_move;
        let (every_move, pinned) = self.tests_needed(s);
        // Where every attack is in the trees, the sole royal piece's step is tested on the
        // board as it stands, its cell counted empty, without a copy of the board.
        let in_trees = !(self.t.hoppers || self.t.guarded_captures || !self.t.facing.is_empty());
        out.retain(|m| {
            let royal = self.t.royal_mover[self.kind(m.piece.index(), side)];
            let risky = every_move
                || m.en_passant_victim.is_some()
                || m.from.is_some_and(|f| pinned & bit(cell8(f)) != 0)
                || royal;
            if !risky {
                return true;
            }
            match m.from {
                Some(from)
                    if royal
                        && in_trees
                        && m.en_passant_victim.is_none()
                        && m.promotion.is_none()
                        && m.castling.is_none()
                        && self.sole_royal(s, m.piece.0) =>
                {
                    let (from, to) = (cell8(from), cell8(m.to));
                    !self
                        .opponents(s.out, side)
                        .any(|them| self.attacked_after_leaving(&s.board, to, them, from))
                }
                _ => self.keeps_royals_safe(s, m),
            }
        });
    }

    /// The legal move whose [`Move::pack`] is `packed`, if there is one: looked for among the
    /// moves of the one piece it names (or the drops, or the castlings) and tested alone, so
    /// the search can try its table's move without listing every move.
    pub(crate) fn find_legal(&self, s: &State<N>, packed: u64) -> Option<Move> {
        if self.game_over(s) {
            return None;
        }
        let (from, castling) = (packed & 0xffff, packed >> 48 & 0xff);
        let placing = self.placing(s);
        let mut found = None;
        {
            let mut keep = |m: Move| {
                if m.pack() == packed {
                    found = Some(m);
                }
            };
            if castling != 0xff {
                // Castlings are listed legal.
                if !placing {
                    self.castlings(s, &mut keep);
                }
                return found;
            }
            if from == 0xffff {
                self.drops(s, &mut keep);
            } else if !placing {
                let from = u8::try_from(from)
                    .ok()
                    .filter(|&c| usize::from(c) < self.t.cells)?;
                if s.board.occupied[s.to_move.index()] & bit(from) == 0 {
                    return None;
                }
                self.piece_moves(s, from, &mut keep);
                self.promotions_in_place(s, &mut keep);
            }
        }
        let m = found?;
        (self.t.royal_captured || self.keeps_royals_safe(s, &m)).then_some(m)
    }

    /// The legal captures (en passant included) and promotions: what quiescence searches,
    /// without listing the quiet moves it would throw away. The same moves, in another order,
    /// as [`FastEngine::list_legal`] keeps when filtered to those that capture or promote.
    pub(crate) fn list_tactical(&self, s: &State<N>, out: &mut Vec<Move>) {
        out.clear();
        // A placement neither captures nor promotes.
        if self.placing(s) || self.game_over(s) {
            return;
        }
        let mut own = s.board.occupied[s.to_move.index()];
        while own != 0 {
            let from = own.trailing_zeros() as u8;
            own &= own - 1;
            self.piece_moves_of(s, from, true, &mut |m| out.push(m));
        }
        self.promotions_in_place(s, &mut |m| out.push(m));
        self.retain_legal(s, out);
    }

    /// The number of legal moves, the legal move list's length, without building
    /// the list: where no move of a piece needs a test, its moves are counted from the sets
    /// of cells it reaches (what perft does at its last ply).
    pub fn count_legal(&self, s: &State<N>) -> u64 {
        let side = s.to_move;
        if self.game_over(s) {
            return 0;
        }
        // With `royal captured` no move needs a test.
        let free = self.t.royal_captured;
        let (every_move, pinned) = if free {
            (false, 0)
        } else {
            self.tests_needed(s)
        };
        // Moves counted from sets, and moves tested one by one.
        let (mut n, mut safe) = (0, 0);
        let mut tested = |m: Move| safe += u64::from(free || self.keeps_royals_safe(s, &m));
        let placing = self.placing(s);
        let mut own = if placing {
            0
        } else {
            s.board.occupied[side.index()]
        };
        while own != 0 {
            let from_bit = own & own.wrapping_neg();
            let from = own.trailing_zeros() as u8;
            own ^= from_bit;
            let piece = super::piece_of::<N>(s.board.squares[from as usize]);
            let royal_mover = !free && self.t.royal_mover[self.kind(piece as usize, side)];
            if every_move || royal_mover || pinned & from_bit != 0 {
                if !every_move && royal_mover && self.sole_royal(s, piece) {
                    if let Some(k) = self.count_royal_steps(s, from, piece) {
                        n += k;
                        continue;
                    }
                }
                self.piece_moves(s, from, &mut tested);
                continue;
            }
            let found = self.targets(s, s.to_move, from, piece, None);
            let plain = found.quiet | found.captures;
            let passing = found.passing_to & !found.quiet;
            let counted = self.count_promotions(s, piece, from, plain | passing);
            for to in cells(found.en_passant) {
                self.push_promotions(
                    &mut tested,
                    s,
                    self.plain(from, to, piece, s.en_passant_victim, Passed::NONE),
                );
            }
            n += counted;
        }
        let mut drop_or_promote = |m: Move| {
            if every_move || (!free && self.t.royal_mover[self.kind(m.piece.index(), side)]) {
                tested(m);
            } else {
                n += 1;
            }
        };
        self.drops(s, &mut drop_or_promote);
        if !placing {
            self.promotions_in_place(s, &mut drop_or_promote);
        }
        if !placing {
            self.castlings(s, &mut |_| n += 1);
        }
        n + safe
    }

    /// True when nobody moves: a royal piece was taken where that ends the game
    /// ([`FastEngine::royal_taken`]), or, with more than two sides, one side is left.
    #[inline]
    pub(crate) fn game_over(&self, s: &State<N>) -> bool {
        (N > 2 && self.sides_in_game(s) < 2) || self.royal_taken(s)
    }

    /// How many sides have not left the game.
    pub(crate) fn sides_in_game(&self, s: &State<N>) -> u32 {
        self.sides() as u32 - s.out.count_ones()
    }

    /// Where taking a royal piece ends the game, true once a side in the game has fewer
    /// royal pieces, on the board or still to be placed, than its setup gives it: one was
    /// taken, the game is over, nobody moves.
    pub(crate) fn royal_taken(&self, s: &State<N>) -> bool {
        self.t.royal_ends
            && self
                .side_ids()
                .any(|side| s.out >> side.index() & 1 == 0 && self.lost_royal(s, side))
    }

    /// True when `side` has fewer royal pieces, on the board or in hand, than its setup
    /// gives it.
    pub(crate) fn lost_royal(&self, s: &State<N>, side: Side) -> bool {
        let held: u32 = s.hands[side.index()]
            .iter()
            .enumerate()
            .filter(|(p, _)| self.t.royal.get(*p).copied().unwrap_or(false))
            .map(|(_, n)| u32::from(*n))
            .sum();
        s.board.royals[side.index()].count_ones() + held < self.t.setup_royals[side.index()]
    }

    /// True in a placement phase while the side to move holds pieces: its moves are their
    /// placements only.
    #[inline]
    pub(crate) fn placing(&self, s: &State<N>) -> bool {
        self.t.placement.is_some() && s.hands[s.to_move.index()].iter().any(|&n| n > 0)
    }

    /// True when `piece` is royal, does not promote, and is the side to move's only royal
    /// piece: its moves are safe when their destination is not attacked.
    fn sole_royal(&self, s: &State<N>, piece: u8) -> bool {
        let side = s.to_move;
        self.t.royal[piece as usize]
            && self.t.promotions[self.kind(piece as usize, side)].is_none()
            && s.board.royals[side.index()].count_ones() == 1
    }

    /// The legal moves of the side's only royal piece, on `from`, counted by testing each
    /// destination for attacks with `from` left empty; `None` when some move is more than a
    /// step or a capture there (it takes en passant or gives an en-passant right).
    fn count_royal_steps(&self, s: &State<N>, from: u8, piece: u8) -> Option<u64> {
        let found = self.targets(s, s.to_move, from, piece, None);
        if found.en_passant != 0 || found.passing_to != 0 {
            return None;
        }
        let side = s.to_move;
        Some(
            cells(found.quiet | found.captures)
                .filter(|&to| {
                    !self
                        .opponents(s.out, side)
                        .any(|them| self.attacked_after_leaving(&s.board, to, them, from))
                })
                .count() as u64,
        )
    }

    /// Whether moves must be tested for leaving a royal piece attacked: every move (in
    /// check, or where the pin test does not see every attack: hoppers, whose screen a
    /// piece put down can become, captures under conditions, facing lines), or only those
    /// of the pinned pieces returned.
    fn tests_needed(&self, s: &State<N>) -> (bool, CellSet) {
        if self.t.hoppers || self.t.guarded_captures || !self.t.facing.is_empty() {
            (true, 0)
        } else {
            self.check_and_pins(&s.board, s.out, s.to_move)
        }
    }

    /// True when the side to move has no royal piece attacked after `m`.
    fn keeps_royals_safe(&self, s: &State<N>, m: &Move) -> bool {
        !self.side_in_check(&self.board_after(&s.board, s.to_move, m), s.out, s.to_move)
    }

    /// How many moves a piece of `piece` makes from `from` to the cells `to` (no en-passant
    /// capture among them): one each, or as many as [`FastEngine::push_promotions`] would add.
    fn count_promotions(&self, s: &State<N>, piece: u8, from: u8, to: CellSet) -> u64 {
        let Some(promo) = &self.t.promotions[self.kind(piece as usize, s.to_move)] else {
            return u64::from(to.count_ones());
        };
        let choices = u64::from(self.promotion_choices(s, promo).count_ones());
        let count = |set: CellSet| u64::from(set.count_ones());
        // `captured wait` with nothing lost: a move that must promote is made unpromoted.
        let unpromoted_too = promo.waits && choices == 0;
        if !promo.optional {
            // Forced: inside the zone only the promotions (or the waiting move).
            let inside = count(to & promo.zone);
            return count(to & !promo.zone) + inside * choices.max(u64::from(unpromoted_too));
        }
        // Optional: the move itself unless the piece would be dead there (or waits), and the
        // promotions wherever it starts or ends in the zone.
        let may = if promo.zone & bit(from) != 0 {
            to
        } else {
            to & promo.zone
        };
        let dead = if unpromoted_too {
            0
        } else {
            count(may & promo.dead)
        };
        count(to) - dead + count(may) * choices
    }

    /// A move of the piece on `from` without promotion or castling.
    fn plain(&self, from: u8, to: u8, piece: u8, victim: u8, passed: Passed) -> Move {
        Move {
            from: Some(cell_id(from)),
            to: cell_id(to),
            piece: PieceId(piece),
            promotion: None,
            en_passant_victim: (victim != NONE).then(|| cell_id(victim)),
            passed,
            castling: None,
        }
    }

    /// The moves of the piece on `from` that obey its movement (they may leave its king
    /// attacked).
    fn piece_moves(&self, s: &State<N>, from: u8, emit: &mut impl FnMut(Move)) {
        self.piece_moves_of(s, from, false, emit);
    }

    /// [`FastEngine::piece_moves`], or with `tactical` only its captures and promotions (the
    /// quiet moves looked at only for a piece that may promote).
    #[inline(always)]
    fn piece_moves_of(&self, s: &State<N>, from: u8, tactical: bool, emit: &mut impl FnMut(Move)) {
        let side = s.to_move;
        let piece = super::piece_of::<N>(s.board.squares[from as usize]);
        let promotes = self.t.promotions[self.kind(piece as usize, side)].is_some();
        if tactical && !promotes {
            let Targets {
                captures,
                en_passant,
                ..
            } = self.targets(s, s.to_move, from, piece, None);
            for to in cells(captures) {
                emit(self.plain(from, to, piece, NONE, Passed::NONE));
            }
            for to in cells(en_passant) {
                emit(self.plain(from, to, piece, s.en_passant_victim, Passed::NONE));
            }
            return;
        }
        let emit = &mut |m: Move| {
            let captures = m.en_passant_victim.is_some() || s.board.squares[m.to.index()] != 0;
            if !tactical || captures || m.promotion.is_some() {
                emit(m);
            }
        };
        let mut passing = Passing::default();
        let Targets {
            quiet,
            captures,
            en_passant,
            ..
        } = self.targets(s, s.to_move, from, piece, Some(&mut passing));
        for to in cells(quiet | captures) {
            self.push_promotions(emit, s, self.plain(from, to, piece, NONE, Passed::NONE));
        }
        for to in cells(en_passant) {
            self.push_promotions(
                emit,
                s,
                self.plain(from, to, piece, s.en_passant_victim, Passed::NONE),
            );
        }
        // Runs are numbered in the order of their cells: the reference engine's order.
        let passing = passing.as_sorted();
        for (i, &(to, passed)) in passing.iter().enumerate() {
            // Of the moves to one cell, the one whose run comes first (as the reference keeps).
            if i > 0 && passing[i - 1].0 == to {
                continue;
            }
            if quiet & bit(to) == 0 {
                self.push_promotions(emit, s, self.plain(from, to, piece, NONE, passed));
            }
        }
    }

    /// Where the piece `piece` on `from` goes, as sets of cells; the moves that give an
    /// en-passant right are also listed with the cells they pass when `passing` is given.
    #[inline(always)]
    fn targets(
        &self,
        s: &State<N>,
        side: Side,
        from: u8,
        piece: u8,
        mut passing: Option<&mut Passing>,
    ) -> Targets {
        let slot = self.t.slot(piece, side, from);
        let all = s.board.all();
        let theirs = s.board.theirs(side);
        let can_ep = self.t.can_en_passant[piece as usize] && s.en_passant != 0;
        let (rising, falling) = self.t.slides_of(slot);
        // The plain slides move and capture: they reach both kinds of cells.
        let slides = slide_reach(rising, falling, all);
        let captures = slot.step_captures | slides;
        let mut found = Targets {
            quiet: (slot.step_moves | slides) & !all,
            captures: captures & theirs,
            en_passant: if can_ep {
                captures & s.en_passant & !all
            } else {
                0
            },
            passing_to: 0,
        };
        let unmoved = || s.board.unmoved & bit(from) != 0;
        for ray in self.t.rays_of(slot) {
            if ray.unmoved_only && !unmoved() {
                continue;
            }
            self.walk_ray(
                s,
                side,
                ray,
                CellSet::MAX,
                can_ep,
                &mut found,
                passing.as_deref_mut(),
            );
        }
        for ray in self.t.guarded_rays_of(slot) {
            if (ray.unmoved_only && !unmoved())
                || !self.guard_holds(&s.board, ray.guard, from, side)
            {
                continue;
            }
            let land = self.t.guards[ray.guard as usize].land;
            self.walk_ray(
                s,
                side,
                ray,
                land,
                can_ep,
                &mut found,
                passing.as_deref_mut(),
            );
        }
        found
    }

    /// Adds to `found` where a piece of the side to move goes along `ray`, landing only on
    /// `land` (`to ZONE`; every cell otherwise, a constant the compiler folds away), and to
    /// `passing` (when given) each move that gives an en-passant right.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn walk_ray(
        &self,
        s: &State<N>,
        side: Side,
        ray: &Ray,
        land: CellSet,
        can_ep: bool,
        found: &mut Targets,
        mut passing: Option<&mut Passing>,
    ) {
        let all = s.board.all();
        let theirs = s.board.theirs(side);
        match ray.resolve {
            Resolve::Bits => {
                let reach = ray.slide(all);
                let empty = reach & !all & land;
                if ray.captures {
                    // The only occupied cell reached is the blocker.
                    found.captures |= reach & theirs & land;
                    if can_ep {
                        found.en_passant |= empty & s.en_passant;
                    }
                }
                if ray.moves {
                    found.quiet |= empty;
                }
                return;
            }
            Resolve::MultiStepBits if passing.is_none() && land == CellSet::MAX => {
                // The first cell is a plain move; every later one passes the cells before.
                let empty = ray.slide(all) & !all;
                let first = bit(self.t.ray_cells[ray.start as usize]);
                found.quiet |= empty & first;
                found.passing_to |= empty & !first;
                return;
            }
            _ => {}
        }
        for landing in ray
            .walk
            .landings(self.t.ray_path(ray), |c| all & bit(c) != 0)
        {
            let (to, b) = (landing.cell, bit(landing.cell));
            if land & b == 0 {
                // Not a landing (`to ZONE`), though it may have blocked the ray.
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
                let passed = match ray.passed {
                    u32::MAX => Passed::NONE,
                    base => self.game.tables.passed_at(base, landing.index),
                };
                if passed.is_none() {
                    found.quiet |= b;
                } else {
                    found.passing_to |= b;
                    if let Some(list) = passing.as_deref_mut() {
                        list.push((to, passed));
                    }
                }
            }
        }
    }

    /// How many cells the piece on `from` moves or captures to by its movement, for its own
    /// side whoever is to move (en passant, pins and checks aside): its mobility.
    pub(crate) fn piece_reach(&self, s: &State<N>, from: u8) -> u32 {
        let code = s.board.squares[from as usize];
        if code == 0 {
            return 0;
        }
        let side = super::side_of::<N>(code);
        let found = self.targets(s, side, from, super::piece_of::<N>(code), None);
        (found.quiet | found.captures | found.passing_to).count_ones()
    }

    /// `mv` with its promotion choices (see the reference engine's `push_promotions`).
    fn push_promotions(&self, emit: &mut impl FnMut(Move), s: &State<N>, mv: Move) {
        let Some(promo) = &self.t.promotions[self.kind(mv.piece.index(), s.to_move)] else {
            emit(mv);
            return;
        };
        let to = bit(cell8(mv.to));
        let ends_in = promo.zone & to != 0;
        let (may, must) = if promo.optional {
            let starts_in = mv.from.is_some_and(|f| promo.zone & bit(cell8(f)) != 0);
            let may = starts_in || ends_in;
            (may, may && promo.dead & to != 0)
        } else {
            (ends_in, ends_in)
        };
        // Only a move that may promote looks at the choices (`must` implies `may`).
        let choices = if may {
            self.promotion_choices(s, promo)
        } else {
            0
        };
        // `captured wait` with nothing lost: the move is made unpromoted.
        if !must || (promo.waits && choices == 0) {
            emit(mv);
        }
        if may {
            for (i, &target) in promo.to.iter().enumerate() {
                if choices & (1 << i) != 0 {
                    emit(Move {
                        promotion: Some(PieceId(target)),
                        ..mv
                    });
                }
            }
        }
    }

    /// `captured wait`: the side to move's pieces that stand where they must promote, having
    /// entered unpromoted, promote there as a move once their side has lost a piece they
    /// may become (the reference engine's `promotions_in_place`).
    fn promotions_in_place(&self, s: &State<N>, emit: &mut impl FnMut(Move)) {
        if !self.t.waits {
            return;
        }
        let side = s.to_move;
        let own = s.board.occupied[side.index()];
        for piece in 0..self.t.royal.len() {
            let Some(promo) = &self.t.promotions[self.kind(piece, side)] else {
                continue;
            };
            if !promo.waits {
                continue;
            }
            let forced = if promo.optional {
                promo.zone & promo.dead
            } else {
                promo.zone
            };
            let mine = code::<N>(side, piece as u8);
            let mut standing = cells(own & forced)
                .filter(|&c| s.board.squares[c as usize] == mine)
                .peekable();
            // The choices are counted only where a piece stands waiting.
            if standing.peek().is_none() {
                continue;
            }
            let choices = self.promotion_choices(s, promo);
            for cell in standing {
                for (i, &target) in promo.to.iter().enumerate() {
                    if choices & (1 << i) != 0 {
                        emit(Move {
                            promotion: Some(PieceId(target)),
                            ..self.plain(cell, cell, piece as u8, NONE, Passed::NONE)
                        });
                    }
                }
            }
        }
    }

    /// The pieces of `promo.to` the side to move may promote to, one bit each in their
    /// order: all, or with `captured` those it has fewer of (on the board and in hand) than
    /// its setup places.
    fn promotion_choices(&self, s: &State<N>, promo: &PromotionMasks) -> u64 {
        let all = u64::MAX >> (64 - promo.to.len());
        if promo.setup.is_empty() {
            return all;
        }
        let side = s.to_move.index();
        let mut choices = 0;
        for (i, (&target, &placed)) in promo.to.iter().zip(&promo.setup).enumerate() {
            let on_board = cells(s.board.occupied[side])
                .filter(|&c| super::piece_of::<N>(s.board.squares[c as usize]) == target)
                .count();
            let held = s.hands[side]
                .get(target as usize)
                .map_or(0, |&n| usize::from(n));
            if on_board + held < placed {
                choices |= 1 << i;
            }
        }
        choices
    }

    /// Drops from the hand on every cell their rules allow (they may leave the king
    /// attacked).
    fn drops(&self, s: &State<N>, emit: &mut impl FnMut(Move)) {
        if !self.t.drops {
            return;
        }
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
            let no_mate = self.t.no_mate[piece];
            let slot = self.kind(piece, side) * self.t.cells;
            for to in cells(self.t.drop_cells[self.kind(piece, side)] & empty) {
                if defenders != 0 && self.attacked_by(&s.board, to, side, defenders) {
                    continue;
                }
                if let Some(lines) = self.t.drop_lines.get(slot + to as usize) {
                    let mine = code::<N>(side, piece as u8);
                    let held = |line: CellSet| {
                        cells(line & s.board.occupied[side.index()])
                            .filter(|&c| s.board.squares[c as usize] == mine)
                            .count() as u32
                    };
                    if lines.iter().any(|&(room, line)| held(line) > room) {
                        continue;
                    }
                }
                let mv = Move::drop_move(PieceId(piece as u8), cell_id(to));
                if no_check && self.checks_an_opponent(s, &self.board_after(&s.board, side, &mv)) {
                    continue;
                }
                if no_mate && self.drop_mates(s, &mv) {
                    continue;
                }
                emit(mv);
            }
        }
    }

    /// True when a side other than the mover of `s`, still in the game, is in check on
    /// `board` (the board after the mover's move).
    fn checks_an_opponent(&self, s: &State<N>, board: &super::Occupancy<N>) -> bool {
        self.opponents(s.out, s.to_move)
            .any(|other| self.side_in_check(board, s.out, other))
    }

    /// Whether the drop `mv` mates: the next side to move in check without a legal move
    /// (the reference engine's test; a drop leaving the mover's royal attacked is not
    /// tested).
    fn drop_mates(&self, s: &State<N>, mv: &Move) -> bool {
        let board = self.board_after(&s.board, s.to_move, mv);
        let next_side = if N == 2 {
            s.to_move.opponent()
        } else {
            self.make(s, mv).to_move
        };
        if !self.side_in_check(&board, s.out, next_side)
            || self.side_in_check(&board, s.out, s.to_move)
        {
            return false;
        }
        let next = self.make(s, mv);
        let mut replies = Vec::new();
        self.list_legal(&next, &mut replies);
        replies.is_empty()
    }

    /// Castlings available now: king and rook unmoved on their cells, the cells between
    /// empty, the king not attacked on its start, its way or its destination, and no royal
    /// piece attacked afterwards.
    fn castlings(&self, s: &State<N>, emit: &mut impl FnMut(Move)) {
        let side = s.to_move;
        let b = &s.board;
        for (i, c) in self.game.variant.castlings.iter().enumerate() {
            let (k, r) = (c.king_from.0 as u8, c.rook_from.0 as u8);
            let ready = c.side == side
                && b.squares[k as usize] == code::<N>(side, c.king.0)
                && b.squares[r as usize] == code::<N>(side, c.rook.0)
                && s.board.unmoved & bit(k) != 0
                && s.board.unmoved & bit(r) != 0
                && c.empty.iter().all(|x| b.squares[x.index()] == 0);
            if !ready
                || std::iter::once(&c.king_from)
                    .chain(&c.passage)
                    .any(|x| self.attacked_by_opponent(b, s.out, x.0 as u8, side))
            {
                continue;
            }
            let mv = Move::castling_move(i, c);
            // The rook's new cell may leave a second royal piece attacked, which `royal
            // captured` allows.
            if self.t.royal_captured
                || !self.side_in_check(&self.board_after(b, side, &mv), s.out, side)
            {
                emit(mv);
            }
        }
    }
}

/// The moves of one piece that give an en-passant right: their cells and the runs they pass.
/// A few at most (a pawn's double step), kept on the stack: listing them allocates nothing.
#[derive(Default)]
struct Passing {
    inline: [(u8, Passed); PASSING_INLINE],
    len: usize,
    /// Past [`PASSING_INLINE`] moves (a long multi-step), all of them.
    spilled: Vec<(u8, Passed)>,
}

/// Moves that give an en-passant right kept on the stack per piece.
const PASSING_INLINE: usize = 8;

impl Passing {
    fn push(&mut self, item: (u8, Passed)) {
        if self.len < PASSING_INLINE {
            self.inline[self.len] = item;
            self.len += 1;
        } else {
            if self.spilled.is_empty() {
                self.spilled.extend_from_slice(&self.inline);
            }
            self.spilled.push(item);
        }
    }

    /// The moves by cell, then by the run passed (runs are numbered in the order of their
    /// cells: the reference engine's order).
    fn as_sorted(&mut self) -> &[(u8, Passed)] {
        let items = if self.spilled.is_empty() {
            &mut self.inline[..self.len]
        } else {
            &mut self.spilled[..]
        };
        items.sort_unstable();
        items
    }
}

/// Where a piece's moves go, gathered ray by ray.
#[derive(Clone, Copy)]
struct Targets {
    quiet: CellSet,
    captures: CellSet,
    en_passant: CellSet,
    /// The cells of the moves that give an en-passant right (not plain moves).
    passing_to: CellSet,
}

/// The cells the slides `rising` and `falling` (cells of rising and of falling ids) reach on
/// a board whose occupied cells are `all`: along each, its cells up to and including the
/// first occupied one (the one of lowest id on a rising slide, of highest on a falling one).
/// Without branches.
#[inline(always)]
fn slide_reach(rising: &[CellSet], falling: &[CellSet], all: CellSet) -> CellSet {
    let up = rising
        .iter()
        .fold(0, |reach, &cells| reach | rising_reach(cells, all));
    falling
        .iter()
        .fold(up, |reach, &cells| reach | falling_reach(cells, all))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cells: &[u8]) -> CellSet {
        cells.iter().fold(0, |s, &c| s | bit(c))
    }

    #[test]
    fn passing_moves_come_out_sorted_on_the_stack_and_past_it() {
        for n in [0usize, 3, PASSING_INLINE, PASSING_INLINE + 5] {
            let mut passing = Passing::default();
            let items: Vec<(u8, Passed)> = (0..n)
                .map(|i| ((n - i) as u8 % 5, Passed((i as u32 * 7) % 11)))
                .collect();
            items.iter().for_each(|&item| passing.push(item));
            let mut expected = items.clone();
            expected.sort();
            assert_eq!(passing.as_sorted(), expected, "{n} moves");
        }
    }

    #[test]
    fn a_slide_reaches_up_to_its_first_occupied_cell() {
        // A rising path 3, 5, 9, 100 and a falling one 100, 9, 5, 3.
        let path = set(&[3, 5, 9, 100]);
        for (occupied, rising, falling) in [
            (set(&[]), set(&[3, 5, 9, 100]), set(&[3, 5, 9, 100])),
            (set(&[9]), set(&[3, 5, 9]), set(&[9, 100])),
            (set(&[5, 9]), set(&[3, 5]), set(&[9, 100])),
            (set(&[3]), set(&[3]), set(&[3, 5, 9, 100])),
            (set(&[100]), set(&[3, 5, 9, 100]), set(&[100])),
            // Cells off the path do not block it.
            (
                set(&[0, 4, 127]),
                set(&[3, 5, 9, 100]),
                set(&[3, 5, 9, 100]),
            ),
        ] {
            assert_eq!(slide_reach(&[path], &[], occupied), rising, "{occupied:b}");
            assert_eq!(slide_reach(&[], &[path], occupied), falling, "{occupied:b}");
        }
        // Two slides merge; bit 0 and bit 127 are ordinary cells.
        let low = set(&[0, 1]);
        let high = set(&[127, 126]);
        assert_eq!(
            slide_reach(&[low], &[high], set(&[1, 126])),
            set(&[0, 1, 126, 127])
        );
        assert_eq!(slide_reach(&[], &[low], set(&[0])), low);
    }
}
