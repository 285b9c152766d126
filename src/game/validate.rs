//! Positions that can be read but that no game reaches, refused after a position text is
//! read the way the checker refuses a setup (docs/positions.md, "Refused positions").

use super::fen::{err, EnPassantText};
use super::{EnPassant, Game, Position, PositionError};
use crate::geometry::board::CellId;
use crate::variant::{Movement, PieceId, Promotion};

impl Game<'_> {
    /// Refuses a position that was read but that no game can reach, the way the checker
    /// refuses a setup: the first problem found, at the field concerned (`board_at`, `side_at`:
    /// where the board and the side to move are written).
    pub(super) fn check_position(
        &self,
        pos: &Position,
        board_at: usize,
        side_at: usize,
        en_passant: Option<&EnPassantText>,
    ) -> Result<(), PositionError> {
        let v = self.variant;
        let board = &v.board;
        // Each side has its royal piece when checkmate wins (and, with more sides, taking one
        // does not end the game).
        let taken_ends = v.rules.royal_loss_ends(v.sides.len());
        if v.rules.checkmate_wins && !taken_ends && v.pieces.iter().any(|p| p.royal) {
            for side in self.sides_in_game(pos) {
                // A royal piece still to be placed is not missing.
                let to_place = v
                    .piece_ids()
                    .any(|p| v.piece(p).royal && pos.hands[side][p.index()] > 0);
                if self.royals(pos, side).is_empty() && !to_place {
                    return Err(err(
                        board_at,
                        format!(
                            "the board has no royal piece of {}'s: checkmate wins, so each side has one",
                            v.side_title(side)
                        ),
                    ));
                }
            }
        }
        // The side that just moved did not leave its royal piece attacked (the checker
        // refuses a setup that does so, so the start passes too; `royal captured` allows
        // it), nor facing an enemy royal piece on a `facing` line.
        let mover = pos.to_move;
        let last = self.previous_in_game(pos, mover);
        if let Some(&royal) = self
            .royals(pos, last)
            .iter()
            .find(|&&c| !v.rules.royal_captured && self.attacked_by_opponent(pos, c, last))
        {
            return Err(err(
                side_at,
                format!(
                    "it is {}'s turn, but {}'s royal piece on `{}` is attacked: no move leaves its own royal piece in check",
                    v.side_title(mover),
                    v.side_title(last),
                    board.name(royal)
                ),
            ));
        }
        if let Some(&royal) = self
            .royals(pos, last)
            .iter()
            .find(|&&c| self.faces_royal(pos, last, c))
        {
            return Err(err(
                side_at,
                format!(
                    "{}'s royal piece on `{}` faces an enemy royal piece on an open line: the rules' `facing` forbids it",
                    v.side_title(last),
                    board.name(royal)
                ),
            ));
        }
        // A side in the game whose royal piece was taken would have left already (`royal
        // captured out`, `checkmate out`).
        let leaving = v.rules.leaving;
        if v.rules.royal_loss_leaves() {
            let lost = self
                .sides_in_game(pos)
                .find(|&side| self.lost_royal(pos, side));
            if let Some(side) = lost {
                return Err(err(
                    board_at,
                    format!(
                        "{} has lost a royal piece and leaves the game by the rules: write it among the sides out (`/{}`)",
                        v.side_title(side),
                        v.side_name(side)
                    ),
                ));
            }
        }
        // A side to move that has no legal move and leaves by the rules would have left
        // already: play settles it at once.
        if leaving.any() && self.legal_moves(pos).is_empty() {
            let mated = self.in_check(pos, mover);
            if (mated && leaving.checkmate) || (!mated && leaving.stalemate) {
                return Err(err(
                    side_at,
                    format!(
                        "it is {}'s turn, but {} has no legal move and leaves the game by the rules: write the position after it left (`{}/{}`)",
                        v.side_title(mover),
                        v.side_title(mover),
                        v.side_name(self.next_in_game(pos, mover)),
                        v.side_name(mover)
                    ),
                ));
            }
        }
        let (Some(ep), Some(text)) = (&pos.en_passant, en_passant) else {
            return Ok(());
        };
        self.check_en_passant(pos, ep, text)
    }

    /// An en-passant right is one the last move gave: its victim is a piece of the side that
    /// just moved that gives such rights (or that such a piece promoted to), and some move of
    /// it to the victim's cell passed exactly the right's cells, board cells apart from the
    /// victim's, empty unless a step passed between them.
    fn check_en_passant(
        &self,
        pos: &Position,
        ep: &EnPassant,
        text: &EnPassantText,
    ) -> Result<(), PositionError> {
        let v = self.variant;
        let board = &v.board;
        let last = self.previous_in_game(pos, pos.to_move);
        let victim_name = board.name(ep.victim);
        let victim = match pos.squares[ep.victim.index()] {
            Some((side, p)) if side == last => p,
            _ => {
                return Err(err(
                    text.victim_at,
                    format!(
                        "the en-passant victim on `{victim_name}` must be a piece of {}'s, the side that just moved",
                        v.side_title(last)
                    ),
                ))
            }
        };
        // The pieces whose move could have left the victim there: itself, or a piece that
        // promoted to it (in chess on arriving in its zone, so the victim stands there); only
        // those that give en-passant rights.
        let givers: Vec<PieceId> = v
            .piece_ids()
            .filter(|&p| {
                let piece = v.piece(p);
                let promoted_to = |pr: &Promotion| {
                    pr.to.contains(&victim)
                        && (pr.optional || v.zone(pr.zone).cells[last].contains(&ep.victim))
                };
                piece.captures_en_passant()
                    && (p == victim || piece.promotion.as_ref().is_some_and(promoted_to))
            })
            .collect();
        if givers.is_empty() {
            return Err(err(
                text.victim_at,
                format!(
                    "the piece on `{victim_name}` cannot have given an en-passant right: only a multi-step or an `en-passant` step gives one"
                ),
            ));
        }
        // A diagonal `en-passant` step passes between two cells, whatever stands there; a
        // multi-step passes over empty cells only.
        let steps_between = givers.iter().any(|&p| {
            v.piece(p).movements.iter().any(|r| {
                matches!(
                    r.movement,
                    Movement::Ride {
                        en_passant: true,
                        ..
                    }
                )
            })
        });
        for &(c, at) in &text.cells {
            let name = board.name(c);
            if board.is_off_board(c) {
                return Err(err(
                    at,
                    format!("`{name}` is off the board: a move passes board cells only"),
                ));
            }
            if c == ep.victim {
                return Err(err(
                    at,
                    format!("`{name}` is the victim's cell, not a cell the move passed"),
                ));
            }
            if !steps_between && pos.squares[c.index()].is_some() {
                return Err(err(
                    at,
                    format!("`{name}` is not empty: the move that gave the right passed it"),
                ));
            }
        }
        let occupied = |c: CellId| pos.squares[c.index()].is_some();
        let given = board.all_cells().any(|from| {
            !occupied(from)
                && givers.iter().any(|&p| {
                    self.tables
                        .entries(p, last, from)
                        .iter()
                        .filter(|e| e.mode.moves && self.tables.creates_en_passant(e))
                        .any(|e| {
                            self.tables.landings(e, occupied).any(|l| {
                                let mut passed = self.tables.passed(e, l.index).to_vec();
                                passed.sort();
                                l.cell == ep.victim && passed == ep.cells
                            })
                        })
                })
        });
        if !given {
            return Err(err(
                text.at,
                format!("no move to `{victim_name}` passes exactly these cells"),
            ));
        }
        Ok(())
    }
}
