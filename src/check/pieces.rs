//! Resolving `piece` blocks: movements, promotion and drop rules (pass 4), then what links
//! pieces to each other: `like` (a piece with another's movements) and, when captures go to
//! the hand, what each promoted piece demotes to.

use super::codes;
use super::resolve::Resolver;
use crate::diagnostic::{Diagnostic, Span};
use crate::geometry::directions::{DirSet, HourSet};
use crate::geometry::{all_images, Coord, Grid, Hour, Lay};
use crate::syntax::ast::{self, DropRule, LeapSymmetry, MultiStepFrom, Number, PieceStmt};
use crate::variant::{
    Beyond, BySide, Frame, Glyph, Guard, Leap, LineLimit, Mode, MoveRule, Movement,
    MultiStepFrom as From, NoneCaptured, Occupant, OccupantTest, Piece, PieceId, Placements,
    Promotion,
};

/// Longest ride limit and multi-step accepted (boards have at most 1024 cells).
const MAX_DISTANCE: i64 = 1000;
/// Largest leap component accepted.
const MAX_LEAP: i64 = 1000;

/// Where a piece's parts are written, for diagnostics after resolution.
#[derive(Clone, Debug)]
pub struct PieceSpans {
    /// The piece's name in its `piece` line.
    pub name: Span,
    /// The `colour-bound` line, if any.
    pub colour_bound: Option<Span>,
    /// The `royal` line, if any.
    pub royal: Option<Span>,
    /// The `promote` line, if any.
    pub promote: Option<Span>,
    /// The pieces named by `like` lines, where each is named.
    pub likes: Vec<(PieceId, Span)>,
    /// The first `drop` line.
    pub drop: Option<Span>,
    /// The `value` line, if any.
    pub value: Option<Span>,
    /// The `confined` line, if any.
    pub confined: Option<Span>,
    /// The `glyph` line, if any.
    pub glyph: Option<Span>,
    /// The line of each of the piece's own movements, in order (`like` lines' copies,
    /// added after them, have none).
    pub movements: Vec<Span>,
}

/// The largest `value` (a thousand pawns).
const MAX_VALUE: i64 = 100_000;

/// A piece being resolved from its block, statement by statement.
struct Draft {
    piece: Piece,
    spans: PieceSpans,
    /// The first `drop no-check` line, to report a second one.
    no_check: Option<Span>,
    /// The first `drop no-mate` line, likewise.
    no_mate: Option<Span>,
}

/// What a movement may do: move, capture, or (unless the line says otherwise) both.
fn mode_of(mode: &Option<ast::Spanned<ast::Mode>>) -> Mode {
    match mode.as_ref().map(|m| m.node) {
        None => Mode::BOTH,
        Some(ast::Mode::MoveOnly) => Mode::MOVE_ONLY,
        Some(ast::Mode::CaptureOnly) => Mode::CAPTURE_ONLY,
    }
}

impl Resolver<'_> {
    fn distance(&mut self, n: &Number, what: &str, min: i64) -> Option<u32> {
        match n.node {
            Some(v) if (min..=MAX_DISTANCE).contains(&v) => Some(v as u32),
            _ => {
                self.diags.push(
                    Diagnostic::error(
                        codes::BAD_LIMIT,
                        format!("{what} must be between {min} and {MAX_DISTANCE}"),
                    )
                    .at(n.span, "out of range")
                    .help(if min > 1 {
                        format!("a {what} of 1 is a plain `step 12 move-only`")
                    } else {
                        "a ride goes at least 1 cell: leave out `max` for a ride without limit"
                            .to_string()
                    }),
                );
                None
            }
        }
    }

    /// The leaps of a `leap` line, expanded by their symmetry: axial vectors on hex boards
    /// (a path of hours is summed into one), paths of hours on triangle boards (walked step
    /// by step, so they mean the same from both kinds of triangle).
    ///
    /// With `keep_paths` (a lame leap, whose path cells matter) a path stays a path on hex
    /// boards too, and a vector is refused.
    fn leaps(&mut self, leaps: &ast::Leaps, keep_paths: bool) -> Option<Vec<Leap>> {
        let symmetry = leaps
            .symmetry
            .as_ref()
            .map_or(LeapSymmetry::None, |s| s.node);
        let mut out: Vec<Leap> = Vec::new();
        let mut ok = true;
        for l in &leaps.leaps {
            let base = match (&l.node, self.grid()) {
                (ast::Leap::Vector(..), _) if keep_paths => {
                    self.diags.push(
                        Diagnostic::error(codes::LEAP_FORM, "a lame leap needs a path of hours")
                            .at(l.span, "a vector has no path to block")
                            .help("write the leap as the king steps it takes, e.g. `leap [12 1] all lame`: a piece on a cell it steps through blocks it"),
                    );
                    None
                }
                (ast::Leap::Vector(a, b), Grid::Hex(_)) => self.leap_vector(a, b, l.span),
                (ast::Leap::Path(hours), Grid::Hex(_)) if keep_paths => {
                    let hours: Option<Vec<Hour>> = hours.iter().map(|h| self.hour(h)).collect();
                    hours.map(Leap::Path)
                }
                (ast::Leap::Path(hours), Grid::Hex(o)) => {
                    let hours: Option<Vec<Hour>> = hours.iter().map(|h| self.hour(h)).collect();
                    hours
                        .map(|hs| hs.iter().fold(Coord::ZERO, |v, h| v + o.vector(*h)))
                        .map(Leap::Vector)
                }
                (ast::Leap::Path(hours), Grid::Triangle(_)) => {
                    let hours: Option<Vec<Hour>> = hours.iter().map(|h| self.hour(h)).collect();
                    hours.map(Leap::Path)
                }
                (ast::Leap::Vector(..), Grid::Triangle(_)) => {
                    self.diags.push(
                        Diagnostic::error(codes::LEAP_FORM, "a leap by vector needs hex cells")
                            .at(l.span, "a vector on a triangle board")
                            .help("on a triangle board write a leap as a path of clock hours, walked one king step at a time, e.g. `leap [12 1] all` for Chessagon's knight"),
                    );
                    None
                }
            };
            let Some(base) = base else {
                ok = false;
                continue;
            };
            if !self.leap_lands(&base, l.span) {
                ok = false;
                continue;
            }
            for leap in images(self.grid(), &base, symmetry) {
                if !out.contains(&leap) {
                    out.push(leap);
                }
            }
        }
        ok.then_some(out)
    }

    fn leap_vector(&mut self, a: &Number, b: &Number, span: Span) -> Option<Leap> {
        let comp = |n: &Number| n.node.filter(|v| v.abs() <= MAX_LEAP).map(|v| v as i32);
        match (comp(a), comp(b)) {
            (Some(a), Some(b)) => Some(Leap::Vector(Coord::new(a, b))),
            _ => {
                self.diags.push(
                    Diagnostic::error(codes::OFF_BOARD_LEAP, "this leap is longer than any board")
                        .at(span, "too long")
                        .help(format!(
                            "leap components lie between -{MAX_LEAP} and {MAX_LEAP}"
                        )),
                );
                None
            }
        }
    }

    /// A leap must move the piece, and land on the board from some cell: anything else is a
    /// mistake, not a move.
    fn leap_lands(&mut self, leap: &Leap, span: Span) -> bool {
        let board = self.board;
        let landings: Vec<(Coord, Coord)> = board
            .cells()
            .map(|c| {
                let from = board.coord(c);
                (from, leap.target(board, Frame::FIRST, from))
            })
            .collect();
        if landings.iter().all(|(from, to)| from == to) {
            self.diags.push(
                Diagnostic::error(codes::ZERO_LEAP, "this leap ends where it starts")
                    .at(span, "leaps by zero")
                    .help("a leap must move the piece: check the vector or the hours of the path"),
            );
            return false;
        }
        if !landings.iter().any(|(_, to)| board.at(*to).is_some()) {
            let what = match leap {
                Leap::Vector(v) => format!("leap {v}"),
                Leap::Path(_) => "this leap".to_string(),
            };
            self.diags.push(
                Diagnostic::error(
                    codes::OFF_BOARD_LEAP,
                    format!("{what} leaves the board from every cell"),
                )
                .at(span, "never lands on the board")
                .help("use a shorter leap"),
            );
            return false;
        }
        true
    }

    /// Resolves a `piece` block. None when a statement is in error; every statement is still
    /// checked, so all the block's mistakes are reported at once.
    pub fn piece(&mut self, def: &ast::PieceDef) -> Option<(Piece, PieceSpans)> {
        let (piece, spans) =
            super::sketch::stand_in(&def.name.node, &def.symbol.node, def.name.span);
        let mut draft = Draft {
            piece,
            spans,
            no_check: None,
            no_mate: None,
        };
        let mut ok = true;
        // Where each movement was written, to point at the first of two identical lines.
        let mut written: Vec<Span> = Vec::new();
        for s in &def.statements {
            let before = draft.piece.movements.len();
            ok &= self.piece_stmt(s, &def.name.node, &mut draft);
            let Some(span) = movement_span(s) else {
                continue;
            };
            // Movements the piece has already (or ones that contain them) are dropped (a hundred thousand copies of a
            // line took gigabytes); a line that adds none gets a warning pointing at the first.
            let added = draft.piece.movements.split_off(before);
            let total = added.len();
            if let Some(i) = added.iter().find_map(|m| {
                (draft.piece.movements[..before].iter()).position(|o| en_passant_differs(o, m))
            }) {
                self.diags.push(
                    Diagnostic::error(
                        codes::EN_PASSANT,
                        format!(
                            "`{}` has this multi-step with and without en passant",
                            def.name.node
                        ),
                    )
                    .at(span, "the same advance here")
                    .also(written[i], "and here")
                    .help("write `no-en-passant` on both lines or on neither"),
                );
                ok = false;
            }
            let mut first = None;
            for m in added {
                match draft.piece.movements.iter().position(|o| o.covers(&m)) {
                    Some(i) if i < before => {
                        first.get_or_insert(written[i]);
                    }
                    Some(_) => {}
                    None => draft.piece.movements.push(m),
                }
            }
            let added = draft.piece.movements.len() - before;
            if let (true, 0, Some(first)) = (total > 0, added, first) {
                self.diags.push(
                    Diagnostic::warning(
                        codes::REDUNDANT_MOVEMENT,
                        format!(
                            "this line adds no movement: `{}` has it already",
                            def.name.node
                        ),
                    )
                    .at(span, "adds nothing")
                    .also(first, "already here")
                    .help("remove the line"),
                );
                continue;
            }
            written.resize(draft.piece.movements.len(), span);
        }
        draft.spans.movements = written;
        if let (Some(_), Some(value)) = (draft.spans.royal, draft.spans.value) {
            // A royal piece is never captured: a value could only mislead.
            self.diags.push(
                Diagnostic::error(
                    codes::ROYAL_VALUE,
                    format!("royal piece `{}` has a value", def.name.node),
                )
                .at(value, "never captured, so never counted")
                .help("remove the `value` line: the engine counts a royal piece's safety, not its material"),
            );
            ok = false;
        }
        ok.then_some((draft.piece, draft.spans))
    }

    /// Adds one statement of the block of `piece` to the draft; false when the statement is
    /// in error (its diagnostics are pushed).
    fn piece_stmt(&mut self, s: &PieceStmt, piece: &str, d: &mut Draft) -> bool {
        let movements = &mut d.piece.movements;
        match s {
            PieceStmt::Royal(span) => {
                self.once(&mut d.spans.royal, *span, "royal", piece);
                d.piece.royal = true;
                true
            }
            PieceStmt::Confined { zone, span } => {
                self.once(&mut d.spans.confined, *span, "confined", piece);
                match self.zone(zone) {
                    Some(z) => {
                        d.piece.confined = Some(z);
                        true
                    }
                    None => false,
                }
            }
            PieceStmt::Value { value, span } => {
                self.once(&mut d.spans.value, *span, "value", piece);
                match value.node {
                    Some(v) if (1..=MAX_VALUE).contains(&v) => {
                        d.piece.value = Some(v as u32);
                        true
                    }
                    _ => {
                        self.diags.push(
                            Diagnostic::error(
                                codes::BAD_LIMIT,
                                format!("a value must be between 1 and {MAX_VALUE}"),
                            )
                            .at(value.span, "out of range")
                            .help("a value is in hundredths of a pawn: `value 300` for a piece worth three pawns"),
                        );
                        false
                    }
                }
            }
            PieceStmt::Glyph { name, span } => {
                self.once(&mut d.spans.glyph, *span, "glyph", piece);
                match Glyph::from_word(&name.node) {
                    Some(g) => {
                        d.piece.glyph = Some(g);
                        true
                    }
                    None => {
                        let words = Glyph::ALL.map(Glyph::word);
                        let listed = words.map(|w| format!("`{w}`")).join(", ");
                        let help = match super::suggest::did_you_mean(&name.node, words) {
                            Some(guess) => guess,
                            None => format!("a glyph is one of {listed}"),
                        };
                        self.diags.push(
                            Diagnostic::error(
                                codes::UNKNOWN_GLYPH,
                                format!("there is no glyph `{}`", name.node),
                            )
                            .at(name.span, "not a glyph")
                            .help(help),
                        );
                        false
                    }
                }
            }
            PieceStmt::ColourBound(span) => {
                self.once(&mut d.spans.colour_bound, *span, "colour-bound", piece);
                d.piece.declared_colour_bound = true;
                true
            }
            PieceStmt::Step {
                directions,
                mode,
                en_passant,
                guards,
                ..
            } => {
                let mut made = Vec::new();
                let ok = self.step(directions, mode_of(mode), *en_passant, &mut made);
                self.guarded(made, guards, ok, movements)
            }
            PieceStmt::Ride {
                leaps: Some(leaps),
                max,
                mode,
                guards,
                ..
            } => {
                let mut made = Vec::new();
                let ok = self.leap_ride(leaps, max.as_ref(), mode_of(mode), &mut made);
                self.guarded(made, guards, ok, movements)
            }
            PieceStmt::Ride {
                directions,
                max,
                mode,
                guards,
                ..
            } => {
                let mut made = Vec::new();
                let ok = self.ride(directions, max.as_ref(), mode_of(mode), &mut made);
                self.guarded(made, guards, ok, movements)
            }
            PieceStmt::Leap {
                leaps,
                lame,
                mode,
                guards,
                ..
            } => {
                let mut made = Vec::new();
                let ok = self.leap(leaps, *lame, mode_of(mode), &mut made);
                self.guarded(made, guards, ok, movements)
            }
            PieceStmt::Hop {
                directions,
                beyond,
                mode,
                guards,
                ..
            } => {
                let mut made = Vec::new();
                let ok = self.hop(directions, *beyond, mode_of(mode), &mut made);
                self.guarded(made, guards, ok, movements)
            }
            PieceStmt::MultiStep {
                count,
                directions,
                from,
                no_en_passant,
                guards,
                ..
            } => {
                let mut made = Vec::new();
                let en_passant = no_en_passant.is_none();
                let ok = self.multi_step(count, directions, from, en_passant, &mut made);
                self.guarded(made, guards, ok, movements)
            }
            PieceStmt::Promote {
                zone,
                to,
                optional,
                captured,
                span,
            } => {
                let captured = captured.as_ref().map(|c| match c.node {
                    true => NoneCaptured::Wait,
                    false => NoneCaptured::Stop,
                });
                let how = (optional.is_some(), captured);
                self.promote(zone, to, how, *span, piece, d)
            }
            PieceStmt::Like(names) => self.like(names, &mut d.spans.likes),
            PieceStmt::Drop(rule) => self.drop_rule(rule, piece, d),
            PieceStmt::Bad(_) => false,
        }
    }

    /// Gives the movements of one line its `when` / `unless` clauses. The clauses are
    /// resolved even when the line is in error, so all its mistakes are reported at once.
    fn guarded(
        &mut self,
        made: Vec<Movement>,
        clauses: &[ast::Guard],
        ok: bool,
        out: &mut Vec<MoveRule>,
    ) -> bool {
        let guard = self.guard(clauses);
        match guard {
            Some(guard) if ok => {
                out.extend(made.into_iter().map(|movement| MoveRule {
                    movement,
                    guard: guard.clone(),
                }));
                true
            }
            _ => false,
        }
    }

    /// The hour of a `pointing` condition: one that triangles of this board point at (3 or
    /// 9 when they lie in columns, 12 or 6 in rows), the same for every side.
    fn apex_hour(&mut self, n: &Number) -> Option<Hour> {
        let h = self.hour(n)?;
        let (apexes, lay) = match self.grid() {
            Grid::Triangle(Lay::Columns) => ([3, 9], Lay::Columns),
            Grid::Triangle(Lay::Rows) => ([12, 6], Lay::Rows),
            Grid::Hex(_) => {
                self.diags.push(
                    Diagnostic::error(codes::BAD_HOUR, "`pointing` needs a board of triangles")
                        .at(n.span, format!("on a {} board", self.grid().name()))
                        .help("a hex cell has no apex; to pick cells, use `when from ZONE`"),
                );
                return None;
            }
        };
        if !apexes.contains(&h.get()) {
            let laid = match lay {
                Lay::Columns => "in columns",
                Lay::Rows => "in rows",
            };
            let [a, b] = apexes;
            self.diags.push(
                Diagnostic::error(
                    codes::BAD_HOUR,
                    format!("no triangle of this board points at {h} o'clock"),
                )
                .at(n.span, "no apex points here")
                .help(format!(
                    "triangles laid {laid} point at {a} or {b} o'clock (seen by the side that moves)"
                )),
            );
            return None;
        }
        Some(h)
    }

    /// The conditions of a line's `when` / `unless` clauses. A clause given twice, or both
    /// ways, is reported: the second adds nothing, or the line could never be used.
    fn guard(&mut self, clauses: &[ast::Guard]) -> Option<Guard> {
        let mut guard = Guard::default();
        let mut ok = true;
        // The first clause of each condition, to point at it from a repeat.
        let mut seen: Vec<(String, bool, Span)> = Vec::new();
        for clause in clauses {
            let key = match &clause.condition {
                ast::GuardCondition::Unmoved => {
                    guard.unmoved = Some(clause.holds);
                    "unmoved".to_string()
                }
                ast::GuardCondition::From(zone) => {
                    match self.zone(zone) {
                        Some(z) => guard.from.push((z, clause.holds)),
                        None => ok = false,
                    }
                    format!("from {}", zone.node)
                }
                ast::GuardCondition::Pointing(n) => {
                    match self.apex_hour(n) {
                        Some(h) => guard.pointing.push((h, clause.holds)),
                        None => ok = false,
                    }
                    format!("pointing {}", n.node.unwrap_or_default())
                }
                ast::GuardCondition::To(zone) => {
                    match self.zone(zone) {
                        Some(z) => guard.to.push((z, clause.holds)),
                        None => ok = false,
                    }
                    format!("to {}", zone.node)
                }
                ast::GuardCondition::Occupant { who, cells } => {
                    match self.relative_cells(cells) {
                        Some(cells) => guard.occupants.push(OccupantTest {
                            who: match who.node {
                                ast::Occupant::Enemy => Occupant::Enemy,
                                ast::Occupant::Friend => Occupant::Friend,
                                ast::Occupant::Piece => Occupant::Piece,
                            },
                            cells,
                            present: clause.holds,
                        }),
                        None => ok = false,
                    }
                    continue;
                }
            };
            match seen.iter().find(|(k, _, _)| *k == key) {
                Some((_, holds, first)) if *holds != clause.holds => {
                    self.diags.push(
                        Diagnostic::error(
                            codes::CONTRADICTORY_CONDITIONS,
                            format!("`when {key}` and `unless {key}` on one line"),
                        )
                        .at(clause.span, "contradicts")
                        .also(*first, "the other clause")
                        .help("the line could never be used: keep one of the two clauses"),
                    );
                    ok = false;
                }
                Some((_, _, first)) => {
                    self.diags.push(
                        Diagnostic::warning(
                            codes::REDUNDANT_MOVEMENT,
                            format!("`{key}` is tested twice on one line"),
                        )
                        .at(clause.span, "adds nothing")
                        .also(*first, "already here")
                        .help("remove the clause"),
                    );
                }
                None => seen.push((key, clause.holds, clause.span)),
            }
        }
        ok.then_some(guard)
    }

    /// The cells of a `WHO at CELLS` clause, relative to the piece: hours and paths of hours
    /// kept as paths (so they read back as written), vectors as vectors. Each must be off the
    /// piece's own cell and on the board from some cell.
    fn relative_cells(&mut self, cells: &[ast::Spanned<ast::Leap>]) -> Option<Vec<Leap>> {
        let mut out = Vec::new();
        let mut ok = true;
        for c in cells {
            let leap = match &c.node {
                ast::Leap::Vector(a, b) => self.leap_vector(a, b, c.span),
                ast::Leap::Path(hours) => {
                    let hours: Option<Vec<Hour>> = hours.iter().map(|h| self.hour(h)).collect();
                    hours.map(Leap::Path)
                }
            };
            match leap {
                Some(l) if self.leap_lands(&l, c.span) => out.push(l),
                _ => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// A `step` line: one single-cell ride per kind of direction. An `en-passant` step must
    /// pass cells, or there would be nothing to take en passant.
    fn step(
        &mut self,
        directions: &[ast::Direction],
        mode: Mode,
        en_passant: Option<Span>,
        out: &mut Vec<Movement>,
    ) -> bool {
        match self.hours(directions) {
            Some(dirs) if en_passant.is_some_and(|s| !self.passes_cells(dirs, s)) => false,
            Some(dirs) => {
                for (kind, hours) in dirs.by_kind() {
                    out.push(Movement::Ride {
                        hours,
                        kind,
                        max: Some(1),
                        mode,
                        en_passant: en_passant.is_some(),
                    })
                }
                true
            }
            None => false,
        }
    }

    /// A `ride` line: one ride per kind of direction, with the line's limit if it has one.
    fn ride(
        &mut self,
        directions: &[ast::Direction],
        max: Option<&Number>,
        mode: Mode,
        out: &mut Vec<Movement>,
    ) -> bool {
        let hours = self.hours(directions);
        let limit = match max {
            Some(n) => self.distance(n, "ride limit", 1).map(Some),
            None => Some(None),
        };
        let (Some(dirs), Some(max)) = (hours, limit) else {
            return false;
        };
        for (kind, hours) in dirs.by_kind() {
            out.push(Movement::Ride {
                hours,
                kind,
                max,
                mode,
                en_passant: false,
            })
        }
        true
    }

    /// A `leap` line: one movement with all its leaps. A `lame` line whose paths are all one
    /// step long has nothing to block it: a warning, and it is an ordinary leap.
    fn leap(
        &mut self,
        leaps: &ast::Leaps,
        lame: Option<Span>,
        mode: Mode,
        out: &mut Vec<Movement>,
    ) -> bool {
        let Some(resolved) = self.leaps(leaps, lame.is_some()) else {
            return false;
        };
        let lame = lame.filter(|&span| {
            let blockable = resolved
                .iter()
                .any(|l| matches!(l, Leap::Path(hours) if hours.len() > 1));
            if !blockable {
                self.diags.push(
                    Diagnostic::warning(
                        codes::LAME_UNBLOCKABLE,
                        "this lame leap has no cell to be blocked on",
                    )
                    .at(span, "every path is a single step")
                    .help("a lame leap is blocked on the cells its path steps through before landing: give a path of two or more hours, or leave out `lame`"),
                );
            }
            blockable
        });
        out.push(Movement::Leap {
            leaps: resolved,
            mode,
            lame: lame.is_some(),
        });
        true
    }

    /// A `hop` or `cannon` line: one hopper per kind of direction.
    fn hop(
        &mut self,
        directions: &[ast::Direction],
        beyond: ast::Beyond,
        mode: Mode,
        out: &mut Vec<Movement>,
    ) -> bool {
        let Some(dirs) = self.hours(directions) else {
            return false;
        };
        let beyond = match beyond {
            ast::Beyond::Next => Beyond::Next,
            ast::Beyond::Any => Beyond::Any,
        };
        for (kind, hours) in dirs.by_kind() {
            out.push(Movement::Hop {
                hours,
                kind,
                beyond,
                mode,
            })
        }
        true
    }

    /// A leap-rider's `ride` line: its leaps, repeated up to the line's limit.
    fn leap_ride(
        &mut self,
        leaps: &ast::Leaps,
        max: Option<&Number>,
        mode: Mode,
        out: &mut Vec<Movement>,
    ) -> bool {
        let resolved = self.leaps(leaps, false);
        let limit = match max {
            Some(n) => self.distance(n, "ride limit", 1).map(Some),
            None => Some(None),
        };
        let (Some(leaps), Some(max)) = (resolved, limit) else {
            return false;
        };
        out.push(Movement::LeapRide { leaps, max, mode });
        true
    }

    /// A `multi-step` line: one multi-step per kind of direction (straight ahead when the line
    /// names none), from a zone or from wherever the piece stands unmoved.
    fn multi_step(
        &mut self,
        count: &Number,
        directions: &[ast::Direction],
        from: &MultiStepFrom,
        en_passant: bool,
        out: &mut Vec<Movement>,
    ) -> bool {
        let max = self.distance(count, "multi-step", 2);
        let hours = if directions.is_empty() {
            Some(DirSet::lines(HourSet::of(&[12])))
        } else {
            self.hours(directions)
        };
        let from = match from {
            MultiStepFrom::Zone(zone) => self.zone(zone).map(From::Zone),
            MultiStepFrom::Unmoved(_) => Some(From::Unmoved),
        };
        let (Some(max), Some(dirs), Some(from)) = (max, hours, from) else {
            return false;
        };
        for (kind, hours) in dirs.by_kind() {
            out.push(Movement::MultiStep {
                max,
                hours,
                kind,
                from,
                en_passant,
            })
        }
        true
    }

    /// The `promote` line: its zone and the pieces to promote to. A piece promotes one way,
    /// so a second line is reported and otherwise ignored.
    fn promote(
        &mut self,
        zone: &ast::Name,
        to: &[ast::Name],
        (optional, captured_only): (bool, Option<NoneCaptured>),
        span: Span,
        piece: &str,
        d: &mut Draft,
    ) -> bool {
        if d.spans.promote.is_some() {
            self.once(&mut d.spans.promote, span, "promote", piece);
            return true;
        }
        d.spans.promote = Some(span);
        let zone = self.zone(zone);
        let mut targets = Vec::new();
        let ok = self.distinct_pieces(to, &mut targets);
        match zone {
            Some(zone) => {
                d.piece.promotion = Some(Promotion {
                    zone,
                    to: targets,
                    optional,
                    captured_only,
                });
                ok
            }
            None => false,
        }
    }

    /// A `like` line: the pieces named, with where, for `expand_likes` to copy their movements
    /// once every piece is resolved.
    fn like(&mut self, names: &[ast::Name], likes: &mut Vec<(PieceId, Span)>) -> bool {
        let mut ok = true;
        for n in names {
            match self.piece_ref(n) {
                Some(p) => likes.push((p, n.span)),
                None => ok = false,
            }
        }
        ok
    }

    /// A `drop` line: the pieces whose defence of a cell forbids a drop there, or `no-check`
    /// (said once). The first `drop` line is kept for diagnostics about the hand.
    fn drop_rule(&mut self, rule: &ast::Spanned<DropRule>, piece: &str, d: &mut Draft) -> bool {
        d.spans.drop.get_or_insert(rule.span);
        match &rule.node {
            DropRule::NotDefendedBy(names) => {
                self.distinct_pieces(names, &mut d.piece.drops.not_defended_by)
            }
            DropRule::NoCheck => {
                self.once(&mut d.no_check, rule.span, "drop no-check", piece);
                d.piece.drops.no_check = true;
                true
            }
            DropRule::NoMate => {
                self.once(&mut d.no_mate, rule.span, "drop no-mate", piece);
                d.piece.drops.no_mate = true;
                true
            }
            DropRule::LineLimit(count, directions) => {
                let at_most = match count.node {
                    Some(n) if (1..=MAX_DISTANCE).contains(&n) => Some(n as u32),
                    _ => {
                        self.diags.push(
                            Diagnostic::error(
                                codes::BAD_LIMIT,
                                format!("`at-most` must be between 1 and {MAX_DISTANCE}"),
                            )
                            .at(count.span, "out of range")
                            .help("shogi's one pawn per file is `drop at-most 1 per-line 12`"),
                        );
                        None
                    }
                };
                let (Some(at_most), Some(lines)) = (at_most, self.hours(directions)) else {
                    return false;
                };
                d.piece.drops.line_limits.push(LineLimit { at_most, lines });
                true
            }
        }
    }

    /// Adds the named pieces that `out` does not hold yet (naming a piece twice changes
    /// nothing); false when a name is no piece.
    fn distinct_pieces(&mut self, names: &[ast::Name], out: &mut Vec<PieceId>) -> bool {
        let mut ok = true;
        for n in names {
            match self.piece_ref(n) {
                Some(p) if !out.contains(&p) => out.push(p),
                Some(_) => {}
                None => ok = false,
            }
        }
        ok
    }

    /// An `en-passant` step must pass cells: on hex boards only a diagonal step (it passes
    /// between two cells) does. On triangle boards a double step is a `multi-step`.
    fn passes_cells(&mut self, dirs: DirSet, span: Span) -> bool {
        let Grid::Hex(o) = self.grid() else {
            self.diags.push(
                Diagnostic::error(
                    codes::EN_PASSANT,
                    "`en-passant` steps exist on hex boards only",
                )
                .at(span, "on a triangle board")
                .help("a move over cells that gives en passant is a `multi-step` (e.g. `multi-step 2 forward-face-point unmoved`)"),
            );
            return false;
        };
        match dirs.line.iter().find(|h| o.is_orthogonal(*h)) {
            None => true,
            Some(h) => {
                self.diags.push(
                    Diagnostic::error(
                        codes::EN_PASSANT,
                        format!("a step at {h} o'clock passes no cell, so it cannot be taken en passant"),
                    )
                    .at(span, "nothing to capture en passant on")
                    .help("mark only diagonal steps (they pass between two cells) `en-passant`; a longer straight move is a `multi-step`"),
                );
                false
            }
        }
    }

    fn once(&mut self, slot: &mut Option<Span>, span: Span, what: &str, piece: &str) {
        match slot {
            Some(first) => self.diags.push(
                Diagnostic::error(
                    codes::DUPLICATE_STATEMENT,
                    format!("piece `{piece}` says `{what}` twice"),
                )
                .at(span, "again here")
                .also(*first, "first here")
                .help(format!("keep one `{what}` line")),
            ),
            None => *slot = Some(span),
        }
    }
}

/// Gives each piece the movements of the pieces its `like` lines name, and theirs in turn.
/// A piece that is, through `like`, like itself is an error (reported once per cycle).
pub fn expand_likes(pieces: &mut [Piece], spans: &[PieceSpans], diags: &mut Vec<Diagnostic>) {
    let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
    // 0: not seen, 1: on the current path, 2: done.
    let mut state = vec![0u8; pieces.len()];
    let mut path = Vec::new();
    let mut cyclic = false;
    for start in 0..pieces.len() {
        find_cycles(
            start,
            spans,
            &names,
            &mut state,
            &mut path,
            &mut cyclic,
            diags,
        );
    }
    if cyclic {
        return;
    }
    let own: Vec<Vec<MoveRule>> = pieces.iter().map(|p| p.movements.clone()).collect();
    for (i, piece) in pieces.iter_mut().enumerate() {
        // Each `like` line in turn, with the pieces it brings in through theirs.
        for &(liked, span) in &spans[i].likes {
            let mut stack = vec![liked.index()];
            let mut clash = false;
            while let Some(other) = stack.pop() {
                for m in &own[other] {
                    clash |= piece.movements.iter().any(|o| en_passant_differs(o, m));
                    if !piece.movements.contains(m) {
                        piece.movements.push(m.clone());
                    }
                }
                stack.extend(spans[other].likes.iter().rev().map(|(p, _)| p.index()));
            }
            if clash {
                diags.push(
                    Diagnostic::error(
                        codes::EN_PASSANT,
                        format!(
                            "`{}` would have a multi-step with and without en passant",
                            piece.name
                        ),
                    )
                    .at(
                        span,
                        "brings in the same advance with the other en-passant rule",
                    )
                    .help("write `no-en-passant` on both multi-step lines or on neither"),
                );
            }
        }
    }
}

fn find_cycles(
    at: usize,
    spans: &[PieceSpans],
    names: &[&str],
    state: &mut [u8],
    path: &mut Vec<usize>,
    cyclic: &mut bool,
    diags: &mut Vec<Diagnostic>,
) {
    if state[at] != 0 {
        return;
    }
    state[at] = 1;
    path.push(at);
    for &(next, span) in &spans[at].likes {
        let next = next.index();
        if state[next] == 1 {
            *cyclic = true;
            let from = path.iter().position(|p| *p == next).unwrap_or(0);
            let chain: Vec<String> = path[from..]
                .iter()
                .chain(std::iter::once(&next))
                .map(|i| format!("`{}`", names[*i]))
                .collect();
            diags.push(
                Diagnostic::error(
                    codes::LIKE_CYCLE,
                    format!("piece `{}` is like itself", names[next]),
                )
                .at(span, format!("through {}", chain.join(" -> ")))
                .help("`like` copies another piece's movements: write the movements out in one of these pieces"),
            );
        } else {
            find_cycles(next, spans, names, state, path, cyclic, diags);
        }
    }
    path.pop();
    state[at] = 2;
}

/// When captures go to the hand, a captured promoted piece goes back as the piece it was
/// promoted from. That is known when exactly one piece type promotes to it and it is not in
/// the setup; anything else is an error, since hexv could not tell what to demote it to.
pub fn demotions(
    pieces: &mut [Piece],
    setup: &BySide<Placements>,
    spans: &[PieceSpans],
    diags: &mut Vec<Diagnostic>,
) {
    let n = pieces.len();
    for target in 0..n {
        let from: Vec<usize> = (0..n)
            .filter(|&p| {
                pieces[p]
                    .promotion
                    .as_ref()
                    .is_some_and(|pr| pr.to.contains(&PieceId(target as u8)))
            })
            .collect();
        let Some(&first) = from.first() else { continue };
        let placed = setup.iter().flatten().any(|(p, _)| p.index() == target);
        let name = pieces[target].name.clone();
        if from.len() > 1 {
            let mut d = Diagnostic::error(
                codes::AMBIGUOUS_DEMOTION,
                format!(
                    "captured pieces go to the hand, but `{name}` is promoted to from {} pieces",
                    from.len()
                ),
            )
            .at(spans[target].name, "which piece does it demote to?");
            for &p in &from {
                if let Some(s) = spans[p].promote {
                    d = d.also(s, format!("`{}` promotes to it", pieces[p].name));
                }
            }
            diags.push(d.help("give each promoting piece its own promoted piece (e.g. `piece Tokin +P { like Gold }`)"));
        } else if placed {
            diags.push(
                Diagnostic::error(
                    codes::AMBIGUOUS_DEMOTION,
                    format!("captured pieces go to the hand, but `{name}` is both in the setup and a promotion of `{}`", pieces[first].name),
                )
                .at(spans[target].name, "a captured one could be either")
                .help(format!("promote `{}` to a piece of its own that moves like `{name}` (`like {name}`)", pieces[first].name)),
            );
        } else {
            pieces[target].demotes_to = Some(PieceId(first as u8));
        }
    }
}

/// Drop rules without `captures to-hand` can never apply: the pieces never reach a hand.
pub fn drops_need_a_hand(pieces: &[Piece], spans: &[PieceSpans], diags: &mut Vec<Diagnostic>) {
    for (p, s) in pieces.iter().zip(spans) {
        if let Some(span) = s.drop {
            diags.push(
                Diagnostic::error(
                    codes::NO_HAND,
                    format!(
                        "piece `{}` has drop rules, but no piece is ever in a hand",
                        p.name
                    ),
                )
                .at(span, "never applies")
                .help("add `captures to-hand` to the `rules` block, or remove the `drop` lines"),
            );
        }
    }
}

/// A leap and its images under the symmetry word: `mirror` adds the left-right mirror
/// image, `all` the images under the 12 symmetries of the grid (6 turns, each mirrored).
fn images(grid: Grid, leap: &Leap, symmetry: LeapSymmetry) -> Vec<Leap> {
    match (leap, grid) {
        (Leap::Vector(v), Grid::Hex(o)) => {
            let vectors = match symmetry {
                LeapSymmetry::None => vec![*v],
                LeapSymmetry::Mirror => vec![*v, o.mirror_left_right(*v)],
                LeapSymmetry::All => all_images(o, *v),
            };
            vectors.into_iter().map(Leap::Vector).collect()
        }
        (Leap::Path(hours), _) => {
            // Turning by 60 degrees adds 2 to every hour; the mirror takes h to 12 - h.
            let turn = |k: u8| -> Vec<Hour> {
                hours
                    .iter()
                    .filter_map(|h| Hour::new((h.get() + 2 * k - 1) % 12 + 1))
                    .collect()
            };
            let mirror = |p: &[Hour]| -> Vec<Hour> {
                p.iter()
                    .filter_map(|h| Hour::new((11 - h.get() % 12) % 12 + 1))
                    .collect()
            };
            let turns: Vec<u8> = match symmetry {
                LeapSymmetry::All => (0..6).collect(),
                _ => vec![0],
            };
            let mut out = Vec::new();
            for k in turns {
                let p = turn(k);
                if symmetry != LeapSymmetry::None {
                    out.push(Leap::Path(mirror(&p)));
                }
                out.push(Leap::Path(p));
            }
            out
        }
        (other, _) => vec![other.clone()],
    }
}

/// The span of a movement statement (`step`, `ride`, `leap`, `multi-step`).
fn movement_span(s: &PieceStmt) -> Option<Span> {
    match s {
        PieceStmt::Step { span, .. }
        | PieceStmt::Ride { span, .. }
        | PieceStmt::Leap { span, .. }
        | PieceStmt::Hop { span, .. }
        | PieceStmt::MultiStep { span, .. } => Some(*span),
        _ => None,
    }
}

/// Whether two movement rules are multi-steps that share an advance (same start rule, kind,
/// an hour in common, the same conditions) but differ in the en-passant right it gives.
fn en_passant_differs(a: &MoveRule, b: &MoveRule) -> bool {
    match (&a.movement, &b.movement) {
        (
            Movement::MultiStep {
                hours,
                kind,
                from,
                en_passant,
                ..
            },
            Movement::MultiStep {
                hours: h,
                kind: k,
                from: f,
                en_passant: e,
                ..
            },
        ) => {
            (kind, from) == (k, f)
                && en_passant != e
                && !hours.intersect(*h).is_empty()
                && a.guard == b.guard
        }
        _ => false,
    }
}
