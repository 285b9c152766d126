//! Rules that need the whole variant before it is compiled (pass 5): no two pieces on one
//! cell, and a royal piece for each side when checkmate wins. The rules that need the
//! compiled tables or legal moves are [`crate::analyse`]'s.

use std::collections::HashMap;

use super::codes;
use super::pieces::PieceSpans;
use super::resolve::SetupSpans;
use crate::diagnostic::{Diagnostic, Span};
use crate::geometry::board::CellId;
use crate::variant::{Side, Variant};

pub struct Context<'a> {
    pub variant: &'a Variant,
    pub setup: &'a SetupSpans,
    pub pieces: &'a [PieceSpans],
    pub checkmate: Option<Span>,
    /// The rules' `placement` line, if any.
    pub placement: Option<Span>,
    pub anchor: Span,
}

impl Context<'_> {
    /// Whether `side`'s setup is the first side's by the symmetry.
    fn derived(&self, side: Side) -> bool {
        side != Side::WHITE && self.setup.block[side].is_none()
    }

    /// Every problem of the setup's cells and royal pieces.
    pub fn check(&self, diags: &mut Vec<Diagnostic>) {
        self.setup_collisions(diags);
        self.royals(diags);
        self.confinement(diags);
        self.captured_promotions(diags);
        self.placement(diags);
    }

    /// With `captures to-hand` and no placement, the pieces held at the start are dropped as
    /// captured ones are: each must be what a captured piece goes to the hand as (not royal,
    /// not promoted), or no position could hold it.
    fn droppable_hands(&self, diags: &mut Vec<Diagnostic>) {
        let v = self.variant;
        for side in v.side_ids() {
            if side != Side::WHITE && self.derived(side) {
                continue;
            }
            for (i, &piece) in v.start_hand(side).iter().enumerate() {
                let p = v.piece(piece);
                let why = if p.royal {
                    "a royal piece is never captured, so never dropped".to_string()
                } else if v.in_hand_as(piece) != piece {
                    format!(
                        "a captured `{}` goes to the hand as `{}`",
                        p.symbol,
                        v.piece(v.in_hand_as(piece)).symbol
                    )
                } else {
                    continue;
                };
                diags.push(
                    Diagnostic::error(
                        codes::PLACEMENT,
                        format!("{} holds a `{}` at the start: {why}", v.side_title(side), p.symbol),
                    )
                    .at(self.setup.hand[side][i], "not a piece a hand holds")
                    .help("put it on the board in the setup, or place the hand before play with `placement in ZONE` (without `captures to-hand`)"),
                );
            }
        }
    }

    /// Pieces in hand at the start need a way onto the board, a placement phase needs pieces
    /// to place, and each side's part of its zone room for them.
    fn placement(&self, diags: &mut Vec<Diagnostic>) {
        let v = self.variant;
        let holder = v.side_ids().find(|&s| !v.start_hand(s).is_empty());
        match (v.rules.placement, self.placement, holder) {
            (None, _, Some(side)) if !v.rules.captures_to_hand => {
                let span = self.setup.hand[side][0];
                diags.push(
                    Diagnostic::error(
                        codes::PLACEMENT,
                        format!(
                            "{} holds pieces at the start, and no rule puts them on the board",
                            v.side_title(side)
                        ),
                    )
                    .at(span, "in hand at the start")
                    .help("add `placement in ZONE` to the rules to place them before play, or `captures to-hand` to drop them as captured pieces are"),
                );
            }
            (None, _, Some(_)) => self.droppable_hands(diags),
            (Some(_), Some(line), None) => diags.push(
                Diagnostic::error(codes::PLACEMENT, "a placement phase with nothing to place")
                    .at(line, "no side holds a piece at the start")
                    .help("give each side the pieces it places with `hand PIECE ...` in its setup"),
            ),
            (Some(p), Some(line), Some(_)) => {
                let zone = v.zone(p.zone);
                let taken: Vec<CellId> = v
                    .side_ids()
                    .flat_map(|s| v.setup[s].iter().map(|(_, c)| *c))
                    .collect();
                for side in v.side_ids() {
                    let held = v.start_hand(side).len();
                    let free = zone.cells[side]
                        .iter()
                        .filter(|c| !taken.contains(c))
                        .count();
                    if held <= free {
                        continue;
                    }
                    let mut d = Diagnostic::error(
                        codes::PLACEMENT,
                        format!(
                            "{} places {held} pieces on `{}`, where {free} cells are free",
                            v.side_title(side),
                            zone.name
                        ),
                    )
                    .at(line, "placed here");
                    if let Some(&hand) = self.setup.hand[side].first() {
                        d = d.also(hand, "the pieces to place");
                    }
                    diags.push(d.help(format!(
                        "add cells to `{}`, or hold fewer pieces at the start",
                        zone.name
                    )));
                    // A side derived by the symmetry has the same shortfall: said once.
                    break;
                }
            }
            _ => {}
        }
    }

    /// A promotion only to lost pieces names only pieces some side's setup places: another
    /// could never be chosen.
    fn captured_promotions(&self, diags: &mut Vec<Diagnostic>) {
        let v = self.variant;
        for id in v.piece_ids() {
            let piece = v.piece(id);
            let Some(promo) = piece
                .promotion
                .as_ref()
                .filter(|p| p.captured_only.is_some())
            else {
                continue;
            };
            let Some(line) = self.pieces[id.index()].promote else {
                continue;
            };
            for &to in &promo.to {
                if v.side_ids().any(|side| v.setup_count(side, to) > 0) {
                    continue;
                }
                diags.push(
                    Diagnostic::error(
                        codes::PROMOTE_CAPTURED,
                        format!(
                            "`{}` promotes only to pieces its side has lost, and no setup places a `{}`: it could never promote to one",
                            piece.symbol,
                            v.piece(to).symbol
                        ),
                    )
                    .at(line, "only to lost pieces")
                    .help(format!(
                        "place a `{}` in the setup, or take it out of the promotion",
                        v.piece(to).symbol
                    )),
                );
            }
        }
    }

    /// A piece confined to a zone must start in it (Black's copy of a White piece placed by
    /// the symmetry is reported with White's).
    fn confinement(&self, diags: &mut Vec<Diagnostic>) {
        let v = self.variant;
        let mut white_outside = Vec::new();
        for side in v.side_ids() {
            let derived = self.derived(side);
            for (i, &(piece, cell)) in v.setup[side].iter().enumerate() {
                let Some(zone) = v.piece(piece).confined else {
                    continue;
                };
                let zone = v.zone(zone);
                if zone.cells[side].contains(&cell) || (derived && white_outside.contains(&i)) {
                    continue;
                }
                if side == Side::WHITE {
                    white_outside.push(i);
                }
                let p = v.piece(piece);
                let mut d = Diagnostic::error(
                    codes::OUTSIDE_CONFINEMENT,
                    format!(
                        "{}'s `{}` starts on `{}`, outside `{}`, the zone it is confined to",
                        v.side_title(side),
                        p.symbol,
                        v.board.name(cell),
                        zone.name
                    ),
                )
                .at(self.setup.cells[side][i], "outside its zone");
                if let Some(line) = self.pieces[piece.index()].confined {
                    d = d.also(line, "confined here");
                }
                diags.push(d.help(format!(
                    "place it on a cell of `{}`, or add the cell to the zone",
                    zone.name
                )));
            }
        }
    }

    fn setup_collisions(&self, diags: &mut Vec<Diagnostic>) {
        let v = self.variant;
        let mut taken: HashMap<CellId, (Side, usize)> = HashMap::new();
        for side in v.side_ids() {
            let derived = self.derived(side);
            for (i, &(piece, cell)) in v.setup[side].iter().enumerate() {
                let span = self.setup.cells[side][i];
                let Some(&(first_side, j)) = taken.get(&cell) else {
                    taken.insert(cell, (side, i));
                    continue;
                };
                let first_span = self.setup.cells[first_side][j];
                let name = v.board.name(cell);
                if derived && first_side == side {
                    // The image of a clash within the first side's setup, reported there.
                    continue;
                }
                let d = if derived {
                    let (title, other) = (v.side_title(side), v.side_title(first_side));
                    let d = Diagnostic::error(
                        codes::CELL_TAKEN,
                        format!(
                            "{title}'s `{}`, placed by the symmetry, lands on `{name}` where {other} already stands",
                            v.piece(piece).symbol
                        ),
                    );
                    let d = if span == first_span {
                        d.at(
                            span,
                            format!("this cell is its own image: {title}'s copy lands here too"),
                        )
                    } else {
                        d.at(span, format!("{title}'s copy of this lands on `{name}`"))
                            .also(first_span, format!("{other}'s piece on `{name}`"))
                    };
                    d.help(format!(
                        "give {title}'s setup explicitly with `setup {} {{ ... }}`, or move {}'s pieces",
                        v.side_name(side),
                        v.side_title(Side::WHITE)
                    ))
                } else {
                    Diagnostic::error(codes::CELL_TAKEN, format!("two pieces on `{name}`"))
                        .at(span, "second piece here")
                        .also(first_span, "first piece here")
                        .help("place each piece on its own cell")
                };
                diags.push(d);
            }
        }
    }

    fn royals(&self, diags: &mut Vec<Diagnostic>) {
        let v = self.variant;
        if !v.rules.checkmate_wins && !v.rules.royal_captured {
            return;
        }
        if !v.pieces.iter().any(|p| p.royal) {
            let span = self.checkmate.unwrap_or(self.anchor);
            let (message, label) = if v.rules.royal_captured {
                (
                    "capturing a royal piece wins, but no piece is royal",
                    "needs a royal piece",
                )
            } else {
                (
                    "checkmate wins, but no piece is royal",
                    "checkmate needs a royal piece",
                )
            };
            diags.push(
                Diagnostic::error(codes::NO_ROYAL, message)
                    .at(span, label)
                    .help("add `royal` to the king's `piece` block"),
            );
            return;
        }
        let missing = |side: Side| v.setup_royals(side) == 0;
        // Black's setup derived by the symmetry lacks what White's lacks: one cause, said once.
        let derived: Vec<Side> = v.side_ids().filter(|&s| self.derived(s)).collect();
        for side in v.side_ids() {
            if !missing(side) || (derived.contains(&side) && missing(Side::WHITE)) {
                continue;
            }
            let span = self.setup.block[side]
                .or(self.setup.block[Side::WHITE])
                .unwrap_or(self.anchor);
            let copies: Vec<String> = derived
                .iter()
                .filter(|&&s| missing(s))
                .map(|&s| v.side_title(s))
                .collect();
            let message = if side == Side::WHITE && !copies.is_empty() {
                let (verb, whose) = if copies.len() == 1 {
                    ("has", "setup is")
                } else {
                    ("have", "setups are")
                };
                format!(
                    "{} has no royal piece in the setup (nor {verb} {}, whose {whose} {}'s by the symmetry)",
                    v.side_title(side),
                    copies.join(" and "),
                    v.side_title(side)
                )
            } else {
                format!("{} has no royal piece in the setup", v.side_title(side))
            };
            diags.push(
                Diagnostic::error(codes::NO_ROYAL, message)
                    .at(span, "this setup")
                    .help("place the royal piece (the king) in the setup"),
            );
        }
    }
}
