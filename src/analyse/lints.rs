//! The checks that need the compiled tables or legal moves: colour-bound declarations and a
//! start position with a royal piece en prise (errors); pieces that never move, are never used
//! or get stuck, and a start position with no legal move (warnings).

use std::collections::VecDeque;

use crate::check::codes;
use crate::check::Spans;
use crate::compile::MoveTables;
use crate::diagnostic::{Diagnostic, Span};
use crate::game::Game;
use crate::geometry::board::CellId;
use crate::variant::{PieceId, Side, Variant};

/// A clean variant, its tables, and where its parts are written.
pub struct Context<'a> {
    pub variant: &'a Variant,
    pub tables: &'a MoveTables,
    pub spans: &'a Spans,
}

impl Context<'_> {
    /// Errors first; the warnings only when there are none, so one mistake is one message.
    pub fn run(&self, diags: &mut Vec<Diagnostic>) {
        let tables = self.tables;
        self.colour_bound(tables, diags);
        self.royal_en_prise(tables, diags);
        if diags.iter().any(Diagnostic::is_error) {
            return;
        }
        self.piece_warnings(tables, diags);
        self.conditions_never_hold(diags);
        self.unused_zones(diags);
        self.second_royal(diags);
        self.pawns_stepping_back(diags);
        self.capturable_at_start(tables, diags);
        self.no_start_moves(tables, diags);
    }

    fn colour_bound(&self, tables: &MoveTables, diags: &mut Vec<Diagnostic>) {
        self.colour_bound_of(tables, &vec![true; self.spans.pieces.len()], diags);
    }

    /// The false `colour-bound` declarations among the pieces marked in `which`.
    pub fn colour_bound_of(
        &self,
        tables: &MoveTables,
        which: &[bool],
        diags: &mut Vec<Diagnostic>,
    ) {
        let v = self.variant;
        for (i, spans) in self.spans.pieces.iter().enumerate() {
            let piece = PieceId(i as u8);
            let (Some(decl), Some(true)) = (spans.colour_bound, which.get(i)) else {
                continue;
            };
            if let Some((from, to)) = colour_change(v, tables, piece) {
                diags.push(
                    Diagnostic::error(
                        codes::NOT_COLOUR_BOUND,
                        format!("piece `{}` is not colour-bound", v.piece(piece).name),
                    )
                    .at(decl, "declared here")
                    .help(format!(
                        "from `{}` it moves to `{}`, a cell of another colour; remove `colour-bound` or the move",
                        v.board.name(from),
                        v.board.name(to)
                    )),
                );
            }
        }
    }

    fn piece_warnings(&self, tables: &MoveTables, diags: &mut Vec<Diagnostic>) {
        let v = self.variant;
        let promoted_to: Vec<PieceId> = v
            .pieces
            .iter()
            .filter_map(|p| p.promotion.as_ref())
            .flat_map(|p| p.to.iter().copied())
            .collect();
        for (i, spans) in self.spans.pieces.iter().enumerate() {
            let piece = PieceId(i as u8);
            let p = v.piece(piece);
            if p.movements.is_empty() {
                diags.push(
                    Diagnostic::warning(
                        codes::IMMOBILE_PIECE,
                        format!("piece `{}` has no moves", p.name),
                    )
                    .at(spans.name, "never moves")
                    .help("add a `step`, `ride` or `leap` line"),
                );
                continue;
            }
            let placed = v.side_ids().any(|s| v.setup_count(s, piece) > 0);
            if !placed && !promoted_to.contains(&piece) {
                diags.push(
                    Diagnostic::warning(
                        codes::UNUSED_PIECE,
                        format!("piece `{}` is never placed and never promoted to", p.name),
                    )
                    .at(spans.name, "unused")
                    .help("add it to the setup or to a `promote` list, or remove it"),
                );
                continue;
            }
            for side in v.side_ids() {
                let stuck = stuck_cells(v, tables, piece, side);
                if !stuck.is_empty() {
                    let names: Vec<String> = stuck
                        .iter()
                        .take(6)
                        .map(|c| format!("`{}`", v.board.name(*c)))
                        .collect();
                    let more = if stuck.len() > 6 {
                        format!(" and {} more", stuck.len() - 6)
                    } else {
                        String::new()
                    };
                    diags.push(
                        Diagnostic::warning(
                            codes::STUCK_PIECE,
                            format!("{}'s `{}` can reach cells where it can never move", side.title(), p.name),
                        )
                        .at(spans.name, format!("stuck on {}{more}", names.join(" ")))
                        .help("promote the piece there (`promote in ZONE to ...`) or give it a move from those cells"),
                    );
                    break;
                }
            }
        }
    }

    /// A movement line whose `when` / `unless` clauses leave it no cell to be used from
    /// (`when unmoved` for a piece never set up, `from` a zone and `unless from` another
    /// covering it, `to` cells it never reaches, `when enemy at` cells off the board).
    fn conditions_never_hold(&self, diags: &mut Vec<Diagnostic>) {
        let v = self.variant;
        for (i, spans) in self.spans.pieces.iter().enumerate() {
            let piece = PieceId(i as u8);
            let p = v.piece(piece);
            // A line gives one movement per kind of direction: it is reported when none of
            // them ever applies.
            let mut lines: Vec<(Span, bool)> = Vec::new();
            for (rule, span) in p.movements.iter().zip(&spans.movements) {
                if rule.guard.is_always() {
                    continue;
                }
                let applies = crate::compile::rule_ever_applies(v, piece, rule);
                match lines.iter_mut().find(|(s, _)| s == span) {
                    Some(line) => line.1 |= applies,
                    None => lines.push((*span, applies)),
                }
            }
            for (span, _) in lines.into_iter().filter(|(_, applies)| !applies) {
                diags.push(
                    Diagnostic::warning(
                        codes::CONDITION_NEVER_HOLDS,
                        format!("`{}` can never make this move: its conditions never hold", p.name),
                    )
                    .at(span, "used from no cell, by neither side")
                    .help("check the line's `when` and `unless` clauses: a piece is unmoved only on its setup cells, and `from`/`to` take the side's cells of the zone"),
                );
            }
        }
    }

    /// A zone no piece nor rule reads (promotion, multi-step, confinement, `from`/`to`
    /// clauses, placement, impasse): most likely a misspelt or forgotten reference.
    fn unused_zones(&self, diags: &mut Vec<Diagnostic>) {
        use crate::variant::{Movement, MultiStepFrom};
        let v = self.variant;
        let mut used = vec![false; v.zones.len()];
        for p in &v.pieces {
            let mut mark = |z: crate::variant::ZoneId| used[z.0 as usize] = true;
            if let Some(pr) = &p.promotion {
                mark(pr.zone);
            }
            if let Some(z) = p.confined {
                mark(z);
            }
            for rule in &p.movements {
                if let Movement::MultiStep {
                    from: MultiStepFrom::Zone(z),
                    ..
                } = rule.movement
                {
                    mark(z);
                }
                for (z, _) in rule.guard.from.iter().chain(&rule.guard.to) {
                    mark(*z);
                }
            }
        }
        // The rules read zones too: where pieces are placed, and where an impasse is.
        let rules = &v.rules;
        let by_rules = rules.placement.map(|p| p.zone).into_iter();
        for z in by_rules.chain(rules.impasse.as_ref().map(|i| i.zone)) {
            used[z.0 as usize] = true;
        }
        for (i, span) in self.spans.zones.iter().enumerate() {
            if !used.get(i).copied().unwrap_or(true) {
                diags.push(
                    Diagnostic::warning(
                        codes::UNUSED_ZONE,
                        format!("zone `{}` is never used", v.zones[i].name),
                    )
                    .at(*span, "no piece reads it")
                    .help("use it (`promote in`, `multi-step ... from`, `confined to`, `when from`, `when to`) or remove it"),
                );
            }
        }
    }

    /// A side set up with two or more royal pieces: checkmate then needs every one attacked
    /// and stuck at once, which is rarely what a rule text means.
    fn second_royal(&self, diags: &mut Vec<Diagnostic>) {
        let v = self.variant;
        for side in v.side_ids() {
            let royals: Vec<usize> = v.setup[side]
                .iter()
                .enumerate()
                .filter(|(_, (p, _))| v.piece(*p).royal)
                .map(|(i, _)| i)
                .collect();
            let (Some(&first), Some(&second)) = (royals.first(), royals.get(1)) else {
                continue;
            };
            let span = |i: usize| self.spans.setup.cells[side].get(i).copied();
            let (Some(at), Some(before)) = (span(second), span(first)) else {
                continue;
            };
            diags.push(
                Diagnostic::warning(
                    codes::SECOND_ROYAL,
                    format!("{} has {} royal pieces", v.side_title(side), royals.len()),
                )
                .at(at, "another royal piece")
                .also(before, "the first")
                .help("a side is checkmated only when all its royal pieces are attacked and none can escape: keep one royal piece, or drop `royal` from the others"),
            );
            // The other sides' copies by the symmetry would say the same again.
            if v.side_ids()
                .skip(1)
                .all(|s| self.spans.setup.block[s].is_none())
            {
                break;
            }
        }
    }

    /// A pawn-like piece (it promotes, and makes a multi-step or moves and captures
    /// differently) with a line that takes it back toward its own side (within 60 degrees of
    /// straight back): pawns only advance, so such a line is most likely a wrong hour (`step 6`
    /// for `step 12`).
    fn pawns_stepping_back(&self, diags: &mut Vec<Diagnostic>) {
        let v = self.variant;
        let grid = v.board.grid;
        // Backward: more than 120 degrees from straight ahead, so the flat board's edge steps
        // at 4 and 8 o'clock (a pawn's sideways move there) are not.
        let backward = |from: CellId, to: CellId| {
            let (x0, y0) = grid.centre(v.board.coord(from));
            let (x1, y1) = grid.centre(v.board.coord(to));
            let (dx, dy) = (x1 - x0, y1 - y0);
            dy < 0.0 && 3.0 * dy * dy > dx * dx + 1e-9
        };
        for (i, spans) in self.spans.pieces.iter().enumerate() {
            let piece = PieceId(i as u8);
            let p = v.piece(piece);
            if !p.is_pawn_like() {
                continue;
            }
            let mut reported: Vec<Span> = Vec::new();
            for (rule, span) in p.movements.iter().zip(&spans.movements) {
                if reported.contains(span) {
                    continue;
                }
                // White's frame: backward is down the board.
                let back = v.board.all_cells().find_map(|from| {
                    crate::compile::rule_landings(v, piece, rule, Side::WHITE, from)
                        .into_iter()
                        .find(|to| backward(from, *to))
                        .map(|to| (from, to))
                });
                let Some((from, to)) = back else {
                    continue;
                };
                reported.push(*span);
                diags.push(
                    Diagnostic::warning(
                        codes::PAWN_STEPS_BACK,
                        format!(
                            "`{}` moves like a pawn but this line takes it backward",
                            p.name
                        ),
                    )
                    .at(*span, format!("White's {} could go from `{}` to `{}`", p.name, v.board.name(from), v.board.name(to)))
                    .help("a pawn-like piece (it promotes and moves and captures differently, or makes a multi-step) usually only advances: check the line's hours (12 is straight ahead, in White's frame)"),
                );
            }
        }
    }

    /// A piece the side to move can capture with its first move through the armies (the
    /// capturing move leaps over a piece or passes between two): the start position then
    /// leaves a piece en prise behind the lines, which is rarely intended (a setup cell or a
    /// movement written wrong). Captures along an open line are left alone: on small test
    /// boards the armies simply face each other.
    fn capturable_at_start(&self, tables: &MoveTables, diags: &mut Vec<Diagnostic>) {
        let v = self.variant;
        let game = Game::new(v, tables);
        let pos = game.start_position();
        let mover = pos.to_move;
        let captures: Vec<crate::game::Move> = game
            .legal_moves(&pos)
            .into_iter()
            .filter(|m| {
                m.castling.is_none()
                    && pos.squares[m.to.index()].is_some_and(|(s, _)| s != mover)
                    && m.from.is_some_and(|f| through_pieces(v, &pos, f, m.to))
            })
            .collect();
        let Some(first) = captures.first() else {
            return;
        };
        let Some((victim, _)) = pos.squares[first.to.index()] else {
            return;
        };
        let written = |side: Side, cell: CellId| {
            v.setup[side]
                .iter()
                .position(|(_, c)| *c == cell)
                .and_then(|i| self.spans.setup.cells[side].get(i).copied())
        };
        let name = |side: Side, cell: CellId| {
            let piece =
                pos.squares[cell.index()].map_or("piece", |(_, p)| v.piece(p).name.as_str());
            format!(
                "{}'s {} on `{}`",
                v.side_title(side),
                piece,
                v.board.name(cell)
            )
        };
        let mut victims: Vec<CellId> = captures.iter().map(|m| m.to).collect();
        victims.sort_unstable();
        victims.dedup();
        let attacker = first.from.map(|f| name(mover, f)).unwrap_or_default();
        let more = match victims.len() {
            1 => String::new(),
            n => format!(" ({} pieces can be captured in all)", n),
        };
        let mut d = Diagnostic::warning(
            codes::CAPTURABLE_AT_START,
            format!(
                "{mover} can capture on its first move: {attacker} takes {}{more}",
                name(victim, first.to),
                mover = v.side_title(mover)
            ),
        );
        // Black's setup derived by the symmetry is written as White's: point at the line
        // that places the piece, whichever side's it is.
        let victim_span = written(victim, first.to).unwrap_or(self.spans.anchor);
        let derived = victim != Side::WHITE && self.spans.setup.block[victim].is_none();
        let taken = if derived {
            format!(
                "{}'s copy of this, on `{}`, is taken",
                v.side_title(victim),
                v.board.name(first.to)
            )
        } else {
            "the piece taken".to_string()
        };
        d = d.at(victim_span, taken);
        if let Some(s) = first
            .from
            .and_then(|f| written(mover, f))
            .filter(|s| *s != victim_span)
        {
            d = d.also(s, "the piece that takes it");
        }
        diags.push(d.help("if the rules do not mean the game to open with a capture, check the setup's cells and the pieces' lines"));
    }

    /// A royal piece the first mover can capture: an error, since no legal game reaches such
    /// a position (the side that just moved would have left its royal piece attacked).
    fn royal_en_prise(&self, tables: &MoveTables, diags: &mut Vec<Diagnostic>) {
        let v = self.variant;
        let game = Game::new(v, tables);
        let pos = game.start_position();
        let mover = pos.to_move;
        // Where a piece of `side` standing on `cell` is written (Black's may be derived).
        let written = |side: Side, cell: CellId| {
            v.setup[side]
                .iter()
                .position(|(_, c)| *c == cell)
                .map(|i| self.spans.setup.cells[side][i])
        };
        for victim in v.side_ids().filter(|&s| s != mover) {
            self.royal_of_en_prise(&game, (&pos, mover, victim), written, diags);
        }
    }

    /// [`Lints::royal_en_prise`] for the royal pieces of one side, `victim`, at the start.
    fn royal_of_en_prise(
        &self,
        game: &Game,
        (pos, mover, victim): (&crate::game::Position, Side, Side),
        written: impl Fn(Side, CellId) -> Option<Span>,
        diags: &mut Vec<Diagnostic>,
    ) {
        let v = self.variant;
        // The label at the royal piece's setup line: the side's may be the first side's line
        // turned by the symmetry.
        let derived = victim != Side::WHITE && self.spans.setup.block[victim].is_none();
        let label_at = |royal: CellId, what: &str| {
            if derived {
                format!(
                    "{}'s copy of this, on `{}`, {what}",
                    v.side_title(victim),
                    v.board.name(royal)
                )
            } else {
                what.to_string()
            }
        };
        for royal in game.royals(pos, victim) {
            let span = written(victim, royal).unwrap_or(self.spans.anchor);
            if game.attacked(pos, royal, mover) {
                let label = label_at(royal, "is attacked at the start");
                let attacker = game
                    .pseudo_legal_moves(pos)
                    .into_iter()
                    .find(|m| m.to == royal)
                    .and_then(|m| m.from.and_then(|f| written(mover, f)));
                let mut d = Diagnostic::error(
                    codes::KING_EN_PRISE,
                    format!(
                        "in the setup {} can capture {}'s royal piece on `{}`",
                        v.side_title(mover),
                        v.side_title(victim),
                        v.board.name(royal)
                    ),
                )
                .at(span, label);
                if let Some(s) = attacker.filter(|s| *s != span) {
                    d = d.also(s, "this piece attacks it");
                }
                diags.push(d.help("move the royal piece, or shield it with another piece"));
            } else if game.faces_royal(pos, victim, royal) {
                let label = label_at(royal, "faces the enemy royal piece at the start");
                diags.push(
                    Diagnostic::error(
                        codes::KING_EN_PRISE,
                        format!(
                            "in the setup the royal pieces face each other: {}'s on `{}` sees {}'s on an open line",
                            v.side_title(victim),
                            v.board.name(royal),
                            v.side_title(mover)
                        ),
                    )
                    .at(span, label)
                    .help("the rules' `facing` forbids it: put a piece between them, or move one"),
                );
            }
        }
    }

    /// A start where the first mover has no legal move: legal, but the game is over at once.
    fn no_start_moves(&self, tables: &MoveTables, diags: &mut Vec<Diagnostic>) {
        let v = self.variant;
        let game = Game::new(v, tables);
        let pos = game.start_position();
        let mover = pos.to_move;
        if game.legal_moves(&pos).is_empty() {
            diags.push(
                Diagnostic::warning(
                    codes::NO_START_MOVES,
                    format!(
                        "{} has no legal move in the start position",
                        v.side_title(mover)
                    ),
                )
                .at(
                    self.spans.setup.block[Side::WHITE].unwrap_or(self.spans.anchor),
                    "this setup",
                )
                .help("check the setup and the pieces' moves"),
            );
        }
    }
}

/// A move of the piece (either side) to a cell of another colour, if there is one.
pub fn colour_change(v: &Variant, tables: &MoveTables, piece: PieceId) -> Option<(CellId, CellId)> {
    for side in v.side_ids() {
        for from in v.board.cells() {
            for e in tables.entries(piece, side, from) {
                // Every cell it can land on on some board (a hopper's need a piece to jump).
                if let Some(to) = tables
                    .reach(e)
                    .map(|r| r.cell)
                    .find(|c| v.board.colour(*c) != v.board.colour(from))
                {
                    return Some((from, to));
                }
            }
        }
    }
    None
}

/// Cells the piece can reach on an empty board (from its setup cells, or from the cells
/// where it appears by promotion) where it has no move and does not promote.
fn stuck_cells(v: &Variant, tables: &MoveTables, piece: PieceId, side: Side) -> Vec<CellId> {
    let mut starts: Vec<CellId> = v.setup[side]
        .iter()
        .filter(|(p, _)| *p == piece)
        .map(|(_, c)| *c)
        .collect();
    // A piece placed before play may stand on any cell of its side's placement zone.
    if let Some(placement) = v.rules.placement {
        if v.start_hand(side).contains(&piece) {
            starts.extend(&v.zone(placement.zone).cells[side]);
        }
    }
    for other in &v.pieces {
        if let Some(promo) = &other.promotion {
            if promo.to.contains(&piece) {
                starts.extend(v.zone(promo.zone).cells[side].iter().copied());
            }
        }
    }
    let promotes_at = |c: CellId| {
        v.piece(piece)
            .promotion
            .as_ref()
            .is_some_and(|p| !p.to.is_empty() && v.zone(p.zone).cells[side].contains(&c))
    };
    let mut seen = vec![false; v.board.total()];
    let mut queue: VecDeque<CellId> = VecDeque::new();
    for s in starts {
        if !seen[s.index()] {
            seen[s.index()] = true;
            queue.push_back(s);
        }
    }
    let mut stuck = Vec::new();
    while let Some(c) = queue.pop_front() {
        if promotes_at(c) {
            continue;
        }
        let reach = tables.empty_board_destinations(piece, side, c);
        if reach.is_empty() {
            stuck.push(c);
        }
        for d in reach {
            if !seen[d.index()] {
                seen[d.index()] = true;
                queue.push_back(d);
            }
        }
    }
    stuck.sort();
    stuck
}

/// Whether the straight line between two cells' centres crosses a cell that holds a piece, or
/// runs between cells that all hold pieces (a hex diagonal between two pawns): the capture
/// goes through the armies rather than along an open line.
fn through_pieces(v: &Variant, pos: &crate::game::Position, from: CellId, to: CellId) -> bool {
    let grid = v.board.grid;
    let centres: Vec<(CellId, (f64, f64))> = v
        .board
        .cells()
        .map(|c| (c, grid.centre(v.board.coord(c))))
        .collect();
    let (x0, y0) = grid.centre(v.board.coord(from));
    let (x1, y1) = grid.centre(v.board.coord(to));
    const SAMPLES: u32 = 96;
    (1..SAMPLES).any(|k| {
        let t = f64::from(k) / f64::from(SAMPLES);
        let (x, y) = (x0 + t * (x1 - x0), y0 + t * (y1 - y0));
        let dist = |(cx, cy): (f64, f64)| (cx - x).powi(2) + (cy - y).powi(2);
        let nearest = centres
            .iter()
            .map(|(_, p)| dist(*p))
            .fold(f64::INFINITY, f64::min);
        let cells: Vec<CellId> = centres
            .iter()
            .filter(|(_, p)| dist(*p) <= nearest + 1e-6)
            .map(|(c, _)| *c)
            .collect();
        !cells.iter().any(|c| *c == from || *c == to)
            && cells.iter().all(|c| pos.squares[c.index()].is_some())
    })
}
