//! Move notation: long algebraic, `FROM-TO`, captures `FROMxTO`, promotion `=X`
//! (`e10-e11=Q`, `f10xe10=N`), drops `X*TO` (`P*5e`). Entries from off-board cells are
//! ordinary moves from the off-board cell (`a0-d1`). Parsing checks the move against the
//! legal moves and says why an illegal one is illegal.

use std::fmt;

use super::{Game, Move, Position};

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not of the form `FROM-TO`, `FROMxTO`, optionally `=X`, or `X*TO`.
    Malformed(String),
    /// A cell name (given) that is not on the board.
    UnknownCell(String),
    /// A promotion or drop naming no piece by symbol or name.
    UnknownPiece(String),
    /// The side to move has no piece on the from cell (given).
    NoPieceToMove(String),
    /// The piece cannot go there (the reason is a sentence).
    Illegal {
        /// The move as written.
        text: String,
        /// Why it is illegal.
        reason: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(t) => write!(f, "`{t}` is not a move: write FROM-TO, FROMxTO for a capture, =X to promote, X*TO to drop (e.g. `e4-e5`, `f10-f11=Q`, `P*e5`)"),
            MoveError::UnknownCell(c) => write!(f, "there is no cell `{c}` on the board"),
            MoveError::UnknownPiece(p) => write!(f, "no piece has the symbol or name `{p}`"),
            MoveError::NoPieceToMove(c) => write!(f, "the side to move has no piece on `{c}`"),
            MoveError::Illegal { text, reason } => write!(f, "`{text}` is illegal: {reason}"),
        }
    }
}

impl std::error::Error for MoveError {}

impl Game<'_> {
    /// The move in long algebraic notation.
    pub fn format_move(&self, pos: &Position, mv: &Move) -> String {
        let board = &self.variant.board;
        let Some(from) = mv.from else {
            return format!(
                "{}*{}",
                self.variant.piece(mv.piece).symbol,
                board.name(mv.to)
            );
        };
        let capture = mv.en_passant_victim.is_some()
            || pos.squares[mv.to.index()].is_some_and(|(side, _)| side != pos.to_move);
        let mut s = format!(
            "{}{}{}",
            board.name(from),
            if capture { 'x' } else { '-' },
            board.name(mv.to)
        );
        if let Some(p) = mv.promotion {
            s.push('=');
            s.push_str(&self.variant.piece(p).symbol);
        }
        s
    }

    /// Reads a move and returns the legal move it names.
    pub fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        let malformed = || MoveError::Malformed(text.to_string());
        if self.royal_taken(pos) {
            return Err(MoveError::Illegal {
                text: text.to_string(),
                reason: "the game is over: a royal piece has been taken".into(),
            });
        }
        if let Some((piece, to)) = text.split_once('*') {
            if piece.is_empty() || to.is_empty() {
                return Err(malformed());
            }
            return self.parse_drop(pos, text, piece, to);
        }
        if self.placing(pos) {
            return Err(MoveError::Illegal {
                text: text.to_string(),
                reason: format!(
                    "{} still holds pieces to place: its move is a placement, written SYMBOL*CELL",
                    self.variant.side_title(pos.to_move)
                ),
            });
        }
        let (body, promo) = match text.split_once('=') {
            Some((b, p)) => (b, Some(p)),
            None => (text, None),
        };
        if promo.is_some_and(str::is_empty) {
            return Err(malformed());
        }
        // Cell names may hold `-` and `x` themselves (`x1`, `a-b`): every place the text can
        // be cut into two known cells is a reading, and the first that names a legal move is
        // the move. Without a known pair, the first `-` (else `x`) says what is unknown.
        let board = &self.variant.board;
        let readings: Vec<(&str, &str, bool)> = body
            .char_indices()
            .filter(|(_, c)| matches!(c, '-' | 'x'))
            .map(|(i, c)| (&body[..i], &body[i + 1..], c == 'x'))
            .collect();
        let known: Vec<(&str, &str, bool)> = readings
            .iter()
            .copied()
            .filter(|(f, t, _)| board.find(f).is_some() && board.find(t).is_some())
            .collect();
        let tried = if known.is_empty() {
            let first = readings
                .iter()
                .find(|r| !r.2)
                .or(readings.first())
                .copied()
                .ok_or_else(malformed)?;
            vec![first]
        } else {
            known
        };
        let mut first_error = None;
        for (from, to, says_capture) in tried {
            match self.parse_piece_move(pos, text, from, to, says_capture, promo) {
                Ok(mv) => return Ok(mv),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        Err(first_error.unwrap_or_else(malformed))
    }

    /// Reads a piece's move once the text is cut into its two cells.
    fn parse_piece_move(
        &self,
        pos: &Position,
        text: &str,
        from: &str,
        to: &str,
        says_capture: bool,
        promo: Option<&str>,
    ) -> Result<Move, MoveError> {
        if from.is_empty() || to.is_empty() {
            return Err(MoveError::Malformed(text.to_string()));
        }
        let board = &self.variant.board;
        let from_id = board
            .find(from)
            .ok_or_else(|| MoveError::UnknownCell(from.into()))?;
        let to_id = board
            .find(to)
            .ok_or_else(|| MoveError::UnknownCell(to.into()))?;
        let promotion = match promo {
            Some(p) => Some(
                self.variant
                    .find_piece(p)
                    .ok_or_else(|| MoveError::UnknownPiece(p.into()))?,
            ),
            None => None,
        };
        let Some((side, piece)) = pos.squares[from_id.index()] else {
            return Err(MoveError::NoPieceToMove(from.into()));
        };
        if side != pos.to_move {
            return Err(MoveError::NoPieceToMove(from.into()));
        }
        let illegal = |reason: String| MoveError::Illegal {
            text: text.to_string(),
            reason,
        };
        let name = &self.variant.piece(piece).name;
        let candidates: Vec<Move> = self
            .pseudo_legal_moves(pos)
            .into_iter()
            .chain(self.castling_moves(pos))
            .chain(self.promotions_in_place(pos))
            .filter(|m| m.from == Some(from_id) && m.to == to_id)
            .collect();
        if candidates.is_empty() {
            if let Some(why) = self.why_no_castling(pos, from_id, to_id) {
                return Err(illegal(format!("castling is not allowed: {why}")));
            }
            if let Some(why) = self.why_conditions_fail(pos, from_id, to_id) {
                return Err(illegal(format!(
                    "the {name} on `{from}` cannot move to `{to}` now: {why}"
                )));
            }
            return Err(illegal(format!(
                "the {name} on `{from}` cannot move to `{to}`"
            )));
        }
        // Onto a cell an en-passant capture could take: `x` means the capture, `-` the
        // plain step when the piece has one (otherwise `-` is read as the capture).
        let mut candidates = candidates;
        candidates.sort_by_key(|m| m.en_passant_victim.is_some() != says_capture);
        let chosen = match promotion {
            Some(p) => candidates
                .iter()
                .find(|m| m.promotion == Some(p))
                .cloned()
                .ok_or_else(|| {
                    illegal(format!(
                        "the {name} cannot promote to {} here",
                        self.variant.piece(p).name
                    ))
                })?,
            None => match candidates.iter().find(|m| m.promotion.is_none()) {
                Some(m) => *m,
                None => {
                    let options: Vec<&str> = candidates
                        .iter()
                        .filter_map(|m| m.promotion.map(|p| self.variant.piece(p).symbol.as_str()))
                        .collect();
                    return Err(illegal(format!(
                        "the {name} must promote: add ={}",
                        options.join(", =")
                    )));
                }
            },
        };
        let is_capture = chosen.en_passant_victim.is_some()
            || pos.squares[to_id.index()].is_some_and(|(side, _)| side != pos.to_move);
        if says_capture && !is_capture {
            return Err(illegal(format!(
                "`{to}` is empty, so the move is written `{from}-{to}`"
            )));
        }
        if self.leaves_royal_attacked(pos, &chosen) {
            return Err(illegal("it leaves the mover's royal piece attacked".into()));
        }
        Ok(chosen)
    }

    /// True when the move would leave the mover's royal piece attacked and the rules refuse
    /// it for that (not with `royal captured`).
    fn leaves_royal_attacked(&self, pos: &Position, mv: &Move) -> bool {
        !self.variant.rules.royal_captured && self.in_check(&self.make(pos, mv), pos.to_move)
    }

    /// When a movement of the piece on `from` would reach `to` but for its `when` / `unless`
    /// clauses tested on the board, the first clause that fails, in words.
    fn why_conditions_fail(
        &self,
        pos: &Position,
        from: crate::geometry::board::CellId,
        to: crate::geometry::board::CellId,
    ) -> Option<String> {
        let (side, piece) = pos.squares[from.index()]?;
        let unmoved = pos.unmoved[from.index()];
        let occupant = |c: crate::geometry::board::CellId| pos.squares[c.index()].map(|(s, _)| s);
        let name =
            |c: &crate::geometry::board::CellId| format!("`{}`", self.variant.board.name(*c));
        for e in self.tables.entries(piece, side, from) {
            let Some(g) = self.tables.guard(e) else {
                continue;
            };
            let lands = self
                .tables
                .landings(e, |c| pos.squares[c.index()].is_some())
                .any(|l| {
                    l.cell == to
                        && match occupant(to) {
                            None => e.mode.moves,
                            Some(owner) => e.mode.captures && owner != side,
                        }
                });
            if !lands || g.holds(side, unmoved, occupant) {
                continue;
            }
            if g.unmoved.is_some_and(|u| u != unmoved) {
                return Some(if unmoved {
                    "it moves so only once it has moved".to_string()
                } else {
                    "only a piece that has not moved yet moves so".to_string()
                });
            }
            for (who, cells, present) in &g.occupants {
                let what = match who {
                    crate::variant::Occupant::Enemy => "an enemy piece",
                    crate::variant::Occupant::Friend => "one of its own pieces",
                    crate::variant::Occupant::Piece => "a piece",
                };
                let found: Vec<String> = cells
                    .iter()
                    .filter(|c| occupant(**c).is_some_and(|o| who.matches(side, o)))
                    .map(name)
                    .collect();
                if found.is_empty() == *present {
                    let names: Vec<String> = cells.iter().map(name).collect();
                    return Some(if *present {
                        format!("only while {what} stands on {}", names.join(" or "))
                    } else {
                        format!("{what} stands on {}", found.join(" and "))
                    });
                }
            }
        }
        None
    }

    /// When `from`-`to` is the king's move of a castling option of the side to move, the first
    /// condition that forbids it now.
    fn why_no_castling(
        &self,
        pos: &Position,
        from: crate::geometry::board::CellId,
        to: crate::geometry::board::CellId,
    ) -> Option<String> {
        let side = pos.to_move;
        let board = &self.variant.board;
        let (i, c) = self
            .variant
            .castlings
            .iter()
            .enumerate()
            .find(|(_, c)| c.side == side && c.king_from == from && c.king_to == to)?;
        let rook = board.name(c.rook_from);
        Some(if !self.castling_rights(pos)[i] {
            format!("the king or the rook on `{rook}` has moved")
        } else if pos.squares[c.rook_from.index()] != Some((side, c.rook)) {
            format!("there is no rook on `{rook}`")
        } else if let Some(x) = c.empty.iter().find(|x| pos.squares[x.index()].is_some()) {
            format!("`{}` is not empty", board.name(*x))
        } else if self.attacked_by_opponent(pos, c.king_from, side) {
            "the king is in check".to_string()
        } else if let Some(x) = c
            .passage
            .iter()
            .find(|x| self.attacked_by_opponent(pos, **x, side))
        {
            format!(
                "the king would pass or land on `{}`, which is attacked",
                board.name(*x)
            )
        } else {
            "it would leave a royal piece attacked".to_string()
        })
    }

    /// Reads a drop `X*TO` and returns it if legal, or says which rule forbids it.
    fn parse_drop(
        &self,
        pos: &Position,
        text: &str,
        piece: &str,
        to: &str,
    ) -> Result<Move, MoveError> {
        let v = self.variant;
        let piece_id = v
            .find_piece(piece)
            .ok_or_else(|| MoveError::UnknownPiece(piece.into()))?;
        let to_id = v
            .board
            .find(to)
            .filter(|c| !v.board.is_off_board(*c))
            .ok_or_else(|| MoveError::UnknownCell(to.into()))?;
        let side = pos.to_move;
        let illegal = |reason: String| MoveError::Illegal {
            text: text.to_string(),
            reason,
        };
        let name = &v.piece(piece_id).name;
        if pos.hands[side][piece_id.index()] == 0 {
            return Err(illegal(format!("the side to move has no {name} in hand")));
        }
        if let Some(mv) = self
            .drops(pos)
            .into_iter()
            .find(|m| m.piece == piece_id && m.to == to_id)
        {
            if self.leaves_royal_attacked(pos, &mv) {
                return Err(illegal("it leaves the mover's royal piece attacked".into()));
            }
            return Ok(mv);
        }
        let rules = &v.piece(piece_id).drops;
        let why = if pos.squares[to_id.index()].is_some() {
            format!("`{to}` is not empty")
        } else if let (Some(p), false) = (
            v.rules.placement,
            self.tables.drop_cells(piece_id, side).contains(&to_id),
        ) {
            format!(
                "`{to}` is not one of {}'s cells of `{}`, where it places",
                v.side_title(side),
                v.zone(p.zone).name
            )
        } else if !self.tables.drop_cells(piece_id, side).contains(&to_id) {
            format!("a {name} on `{to}` would have no move")
        } else if self.defended_by(pos, side, &rules.not_defended_by, to_id) {
            let by: Vec<&str> = rules
                .not_defended_by
                .iter()
                .map(|p| v.piece(*p).name.as_str())
                .collect();
            format!("`{to}` is defended by the mover's own {}", by.join(" or "))
        } else if self.line_full(pos, side, piece_id, to_id) {
            format!("a line through `{to}` holds as many of the mover's {name}s as it may")
        } else if rules.no_check {
            format!("a {name} may not be dropped to give check")
        } else {
            format!("a {name} may not be dropped to give checkmate")
        };
        Err(illegal(why))
    }

    /// Plays a list of moves separated by spaces from `pos`, each in any form
    /// [`Game::read_move`] reads (short moves with the variant's own letters).
    pub fn play_moves(
        &self,
        pos: &Position,
        moves: &str,
    ) -> Result<Position, (usize, super::read::ReadError)> {
        self.play_moves_last(pos, moves).map(|(pos, _)| pos)
    }

    /// [`Game::play_moves`], with the last move played (`None` for no moves), which pictures
    /// mark.
    pub fn play_moves_last(
        &self,
        pos: &Position,
        moves: &str,
    ) -> Result<(Position, Option<Move>), (usize, super::read::ReadError)> {
        let mut pos = pos.clone();
        let mut last = None;
        let letters = super::san::Letters::own();
        for (i, text) in moves.split_whitespace().enumerate() {
            let mv = self
                .read_move(&pos, text, &letters)
                .map_err(|e| (i + 1, e))?;
            pos = self.play(&pos, &mv);
            last = Some(mv);
        }
        Ok((pos, last))
    }
}
