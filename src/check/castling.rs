//! Castling options: resolved against the board and the setup (pass 4), Black's derived by
//! the symmetry when not given.

use super::codes;
use super::resolve::Resolver;
use crate::diagnostic::{Diagnostic, Span};
use crate::geometry::board::CellId;
use crate::geometry::{Grid, Hour, RayKind};
use crate::syntax::ast;
use crate::variant::{BySide, Castling, PieceId, Placements, Side};

impl Resolver<'_> {
    /// Resolves the castling blocks (Black's derived by the symmetry when not given) and
    /// checks each option against the board and the setup. When checkmate wins and a side's
    /// setup has no royal piece at all, the options that move one are not reported: the one
    /// cause is reported once, as that side's missing royal piece (`NO_ROYAL`).
    pub fn castlings(
        &mut self,
        blocks: &[&ast::CastlingBlock],
        setup: &BySide<Placements>,
        checkmate_wins: bool,
    ) -> Option<Vec<Castling>> {
        let royal_missing = BySide::from_values(
            setup
                .iter()
                .map(|placed| checkmate_wins && !placed.iter().any(|(p, _)| self.is_royal(*p)))
                .collect(),
        );
        let mut out = Vec::new();
        let mut ok = true;
        let mut given: BySide<Option<Span>> = BySide::from_values(vec![None; self.sides.count()]);
        for b in blocks {
            let Some(side) = self.side(b.side.as_ref()) else {
                ok = false;
                continue;
            };
            if let Some(first) = given[side] {
                let title = self.sides.title(side);
                self.diags.push(
                    Diagnostic::error(
                        codes::DUPLICATE_STATEMENT,
                        format!("two castling blocks for {title}"),
                    )
                    .at(b.keyword, "second block")
                    .also(first, "first block")
                    .help("merge the two blocks into one"),
                );
                ok = false;
                continue;
            }
            given[side] = Some(b.keyword);
            let mut spans: Vec<(CellId, CellId, Span)> = Vec::new();
            let mut written: Vec<(&str, Span)> = Vec::new();
            for option in &b.options {
                if let Some(w) = &option.written {
                    if !self.castling_notation(w, side, &written) {
                        ok = false;
                    }
                    written.push((&w.node, w.span));
                }
                let Some(c) = self.castling(option, side, setup, royal_missing[side]) else {
                    ok = false;
                    continue;
                };
                // The king's move names the castling: two options with one king move would
                // be one move played twice (and written alike).
                if let Some(&(_, _, first)) = spans
                    .iter()
                    .find(|(from, to, _)| (*from, *to) == (c.king_from, c.king_to))
                {
                    self.diags.push(
                        Diagnostic::error(
                            codes::DUPLICATE_STATEMENT,
                            format!(
                                "{} has two castlings with the king's move `{}` -> `{}`",
                                self.sides.title(side),
                                option.king_from.node,
                                option.king_to.node
                            ),
                        )
                        .at(option.span, "again here")
                        .also(first, "first here")
                        .help("keep one of the two options"),
                    );
                    ok = false;
                    continue;
                }
                spans.push((c.king_from, c.king_to, option.span));
                out.push(c);
            }
            if !b.bad.is_empty() {
                ok = false;
            }
        }
        if let Some(white) = given[Side::WHITE] {
            for side in self.sides.ids().skip(1) {
                if given[side].is_some() {
                    continue;
                }
                let turned = |cells: &[CellId]| self.derive(side, cells);
                let derived: Option<Vec<Castling>> = out
                    .iter()
                    .filter(|c| c.side == Side::WHITE)
                    .map(|c| {
                        let ends = turned(&[c.king_from, c.king_to, c.rook_from, c.rook_to])?;
                        Some(Castling {
                            side,
                            king_from: ends[0],
                            king_to: ends[1],
                            rook_from: ends[2],
                            rook_to: ends[3],
                            empty: turned(&c.empty)?,
                            passage: turned(&c.passage)?,
                            ..c.clone()
                        })
                    })
                    .collect();
                let Some(derived) = derived else {
                    ok = false;
                    self.no_black(white, "the castling block");
                    break;
                };
                for c in derived
                    .iter()
                    .filter(|c| !(royal_missing[side] && self.is_royal(c.king)))
                {
                    if !self.holds(setup, side, c.king, c.king_from)
                        || !self.holds(setup, side, c.rook, c.rook_from)
                    {
                        ok = false;
                        let (title, word) =
                            (self.sides.title(side), &self.sides.infos[side.index()].name);
                        self.diags.push(
                            Diagnostic::error(codes::CASTLING, format!("{title}'s castling, derived by the symmetry, does not match {title}'s setup"))
                                .at(white, format!("{}'s castling", self.sides.title(Side::WHITE)))
                                .help(format!("give {title}'s castling explicitly with `castling {word} {{ ... }}`")),
                        );
                        break;
                    }
                }
                out.extend(derived);
            }
        }
        ok.then_some(out)
    }

    /// A castling's `written` notation: one word, and no other castling of the side written
    /// alike (a record could not tell them apart). False when it is refused.
    fn castling_notation(
        &mut self,
        w: &ast::Spanned<String>,
        side: Side,
        earlier: &[(&str, Span)],
    ) -> bool {
        if w.node.is_empty() || w.node.chars().any(|c| c.is_whitespace() || c.is_control()) {
            self.diags.push(
                Diagnostic::error(
                    codes::CASTLING,
                    "a castling is written as one word without spaces",
                )
                .at(w.span, "how records write this castling")
                .help("write it as the rule text does, e.g. `written \"O-O\"`"),
            );
            return false;
        }
        if let Some(&(_, first)) = earlier.iter().find(|(text, _)| *text == w.node) {
            self.diags.push(
                Diagnostic::error(
                    codes::DUPLICATE_STATEMENT,
                    format!(
                        "{} has two castlings written `{}`",
                        self.sides.title(side),
                        w.node
                    ),
                )
                .at(w.span, "again here")
                .also(first, "first here")
                .help("give each castling its own notation, or leave one out (it is then written as the king's move)"),
            );
            return false;
        }
        true
    }

    fn is_royal(&self, piece: PieceId) -> bool {
        self.royal_declared
            .get(piece.index())
            .copied()
            .unwrap_or(false)
    }

    fn holds(&self, setup: &BySide<Placements>, side: Side, piece: PieceId, cell: CellId) -> bool {
        setup[side].contains(&(piece, cell))
    }

    fn castling(
        &mut self,
        o: &ast::CastlingOption,
        side: Side,
        setup: &BySide<Placements>,
        royal_missing: bool,
    ) -> Option<Castling> {
        let king = self.piece_ref(&o.king);
        let rook = self.piece_ref(&o.rook);
        let cells: Vec<Option<CellId>> = [&o.king_from, &o.king_to, &o.rook_from, &o.rook_to]
            .iter()
            .map(|n| self.board_cell(n, "castling"))
            .collect();
        let (Some(king), Some(rook), [Some(kf), Some(kt), Some(rf), Some(rt)]) =
            (king, rook, cells.as_slice())
        else {
            return None;
        };
        let (kf, kt, rf, rt) = (*kf, *kt, *rf, *rt);
        let who = self.sides.title(side);
        let mut ok = true;
        for (piece, cell, name) in [(king, kf, &o.king_from), (rook, rf, &o.rook_from)] {
            if !self.holds(setup, side, piece, cell) {
                ok = false;
                if royal_missing && self.is_royal(piece) {
                    continue;
                }
                let symbol = &o.king.node;
                let wanted = if piece == king { symbol } else { &o.rook.node };
                self.diags.push(
                    Diagnostic::error(
                        codes::CASTLING,
                        format!("{who}'s setup has no `{wanted}` on `{}`", name.node),
                    )
                    .at(name.span, format!("no `{wanted}` here at the start"))
                    .help("castle with pieces that stand on these cells in the setup"),
                );
            }
        }
        // The four cells lie on one straight ray from the king (along a row, a line or a
        // same-colour ray on triangle boards). The king may land on the rook's start (the
        // rook moves over it), but not where the rook lands; the rook may land on the king's
        // start (the two change places, Wellisch's castling).
        let board = self.board;
        let start = board.coord(kf);
        let kinds = match board.grid {
            Grid::Hex(_) => vec![RayKind::Line],
            Grid::Triangle(_) => vec![RayKind::Line, RayKind::SameColour],
        };
        let line = Hour::all()
            .flat_map(|h| kinds.iter().map(move |k| (h, *k)))
            .find_map(|(h, kind)| {
                let mut cells = Vec::new();
                let mut at = start;
                loop {
                    at = board.grid.ray_step(at, h, kind);
                    match board.at(at) {
                        Some(c) => cells.push(c),
                        None => break,
                    }
                }
                let index = |c: CellId| cells.iter().position(|x| *x == c);
                // The rook's landing: a cell of the ray, or (`None`) the king's start.
                let rook_to = if rt == kf {
                    Some(None)
                } else {
                    index(rt).map(Some)
                };
                match (index(kt), index(rf), rook_to) {
                    (Some(a), Some(b), Some(c)) if c.is_none_or(|c| c != a && c != b) => {
                        Some((cells.clone(), a, b, c))
                    }
                    _ => None,
                }
            });
        let Some((cells, k, r, t)) = line else {
            self.diags.push(
                Diagnostic::error(codes::CASTLING, "the king's and the rook's cells are not on one line")
                    .at(o.span, "not on a line from the king")
                    .help("the king's destination, the rook's start and the rook's destination must lie on one straight line from the king's start"),
            );
            return None;
        };
        let far = k.max(r).max(t.unwrap_or(0));
        let empty = cells[..=far].iter().copied().filter(|c| *c != rf).collect();
        let passage = cells[..=k].to_vec();
        ok.then_some(Castling {
            side,
            king,
            king_from: kf,
            king_to: kt,
            rook,
            rook_from: rf,
            rook_to: rt,
            empty,
            passage,
            notation: o.written.as_ref().map(|w| w.node.clone()),
        })
    }
}
