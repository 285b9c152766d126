//! Resolving the `rules` block: how games end, and whether captures go to the hand.

use std::collections::HashMap;

use super::codes;
use super::resolve::Resolver;
use crate::diagnostic::{Diagnostic, Span};
use crate::syntax::ast::{self, EliminatedKind, Number, Outcome, RulesStmt, StalemateScore};
use crate::variant::{Impasse, LeftPieces, MoveLimit, PieceId, Placement, Rules, Score};

/// Largest repetition count and move limit accepted.
const MAX_COUNT: i64 = 10_000;

impl Resolver<'_> {
    pub fn rules(&mut self, blocks: &[&ast::RulesBlock]) -> Option<(Rules, Option<Span>)> {
        let mut rules = Rules::orthodox();
        let mut checkmate_span = None;
        let mut seen: HashMap<&'static str, Span> = HashMap::new();
        let mut ok = true;
        let mut eliminated = None;
        for b in blocks {
            for s in &b.statements {
                let (key, span) = match s {
                    RulesStmt::Checkmate(word, _) => ("checkmate", *word),
                    RulesStmt::Stalemate(s, _) => ("stalemate", s.span),
                    RulesStmt::CastlingNone(span) => ("castling", *span),
                    RulesStmt::CapturesToHand(span) => ("captures", *span),
                    RulesStmt::Repetition(n, _) => ("repetition", n.span),
                    RulesStmt::Facing(_, span) => ("facing", *span),
                    RulesStmt::DrawWithout(_, span) => ("draw-without", *span),
                    RulesStmt::MoveLimit(n, _) => ("move-limit", n.span),
                    RulesStmt::Eliminated(kind) => ("eliminated", kind.span),
                    RulesStmt::RoyalCaptured(span, _) => ("royal", *span),
                    RulesStmt::Impasse(i) => ("impasse", i.span),
                    RulesStmt::Placement(_, _, span) => ("placement", *span),
                    RulesStmt::Bad(_) => {
                        ok = false;
                        continue;
                    }
                };
                if let Some(first) = seen.get(key) {
                    self.diags.push(
                        Diagnostic::error(
                            codes::DUPLICATE_STATEMENT,
                            format!("the rules say `{key}` twice"),
                        )
                        .at(span, "again here")
                        .also(*first, "first here")
                        .help(format!("keep one `{key}` line")),
                    );
                    ok = false;
                    continue;
                }
                seen.insert(key, span);
                match s {
                    RulesStmt::Checkmate(word, out) => {
                        checkmate_span = Some(*word);
                        rules.checkmate_wins = true;
                        if *out {
                            ok &= self.out_needs_sides(*word, "checkmate");
                            rules.leaving.checkmate = true;
                        }
                    }
                    RulesStmt::Stalemate(score, unless)
                        if matches!(score.node, StalemateScore::Out) =>
                    {
                        ok &= self.out_needs_sides(score.span, "stalemate");
                        if let Some((other, _)) = unless {
                            ok = false;
                            self.two_sided_score(other.span, "a stalemate", "a stalemated side leaves the game whatever it keeps: remove the `but ...`");
                        }
                        rules.leaving.stalemate = true;
                    }
                    RulesStmt::Eliminated(kind) => {
                        eliminated = Some(kind.span);
                        rules.leaving.pieces = match kind.node {
                            EliminatedKind::Remove => LeftPieces::Removed,
                            EliminatedKind::Stay => LeftPieces::Stay,
                            EliminatedKind::ToMater => LeftPieces::ToMater,
                        };
                    }
                    RulesStmt::Stalemate(score, unless) => {
                        match self.score(score) {
                            Some(sc) => rules.stalemate = sc,
                            None => ok = false,
                        }
                        let shared = score.node == StalemateScore::Outcome(Outcome::Draw);
                        if self.sides.count() > 2 && (!shared || unless.is_some()) {
                            ok = false;
                            self.two_sided_score(score.span, "a stalemate", "write `stalemate draw` (shared by the sides left) or `stalemate out`");
                        }
                        if let Some((other, pieces)) = unless {
                            let other = self.score(other);
                            let ids: Vec<Option<PieceId>> =
                                pieces.iter().map(|p| self.piece_ref(p)).collect();
                            match (other, ids.iter().all(Option::is_some)) {
                                (Some(other), true) => {
                                    rules.stalemate_with =
                                        Some((other, ids.into_iter().flatten().collect()));
                                }
                                _ => ok = false,
                            }
                        }
                    }
                    RulesStmt::CapturesToHand(_) => rules.captures_to_hand = true,
                    RulesStmt::RoyalCaptured(span, out) => {
                        rules.royal_captured = true;
                        if *out {
                            ok &= self.out_needs_sides(*span, "royal captured");
                            rules.leaving.royal = true;
                        }
                    }
                    RulesStmt::Repetition(n, loses) => {
                        let score = if *loses { Score::LOSS } else { Score::DRAW };
                        if *loses && self.sides.count() > 2 {
                            ok = false;
                            self.two_sided_score(
                                n.span,
                                "a repetition",
                                "write `repetition N draw`: the point is shared by the sides left",
                            );
                        }
                        match self.count_at_least(n, 2, "repetition count") {
                            Some(t) => rules.repetition = Some((t, score)),
                            None => ok = false,
                        }
                    }
                    RulesStmt::Facing(dirs, _) => match self.hours(dirs) {
                        Some(set) => rules.facing = set,
                        None => ok = false,
                    },
                    RulesStmt::DrawWithout(pieces, _) => {
                        let ids: Vec<Option<PieceId>> =
                            pieces.iter().map(|p| self.piece_ref(p)).collect();
                        if ids.iter().all(Option::is_some) {
                            rules.draw_without = ids.into_iter().flatten().collect();
                        } else {
                            ok = false;
                        }
                    }
                    RulesStmt::MoveLimit(n, reset) => {
                        let moves = self.count_at_least(n, 1, "move limit");
                        let reset_by: Vec<Option<PieceId>> =
                            reset.iter().map(|p| self.piece_ref(p)).collect();
                        match (moves, reset_by.iter().all(Option::is_some)) {
                            (Some(moves), true) => {
                                rules.move_limit = Some(MoveLimit {
                                    moves,
                                    score: Score::DRAW,
                                    reset_by: reset_by.into_iter().flatten().collect(),
                                })
                            }
                            _ => ok = false,
                        }
                    }
                    RulesStmt::Impasse(i) => match self.impasse(i) {
                        Some(impasse) => rules.impasse = Some(impasse),
                        None => ok = false,
                    },
                    RulesStmt::Placement(zone, sequential, span) => match self.zone(zone) {
                        Some(zone) => {
                            self.placement_span = Some(*span);
                            rules.placement = Some(Placement {
                                zone,
                                sequential: *sequential,
                            })
                        }
                        None => ok = false,
                    },
                    _ => {}
                }
            }
        }
        if let Some(&royal) = seen.get("royal") {
            ok &= self.royal_captured_alone(royal, &seen);
            rules.checkmate_wins = false;
            // The line that makes royal pieces matter, as `checkmate win`'s does otherwise.
            checkmate_span = Some(royal);
        }
        if let (Some(&placement), Some(&captures)) = (seen.get("placement"), seen.get("captures")) {
            ok = false;
            self.diags.push(
                Diagnostic::error(codes::PLACEMENT, "a placement phase and `captures to-hand` cannot both hold")
                    .at(placement, "the hand is placed before play")
                    .also(captures, "captured pieces go to the hand")
                    .help("hexv places the hand of the setup only in games without drops: remove one of the two lines"),
            );
        }
        if let (Some(span), false) = (eliminated, rules.leaving.any()) {
            ok = false;
            self.diags.push(
                Diagnostic::error(codes::SIDES_RULE, "no side leaves the game, so no pieces are left behind")
                    .at(span, "never happens")
                    .help("`eliminated` says what becomes of a side that leaves: add `checkmate out` or `stalemate out`, or remove this line"),
            );
        }
        ok.then_some((rules, checkmate_span))
    }

    /// `royal captured` with no rule it contradicts (`seen`: the rules' lines by their word);
    /// false after saying which.
    fn royal_captured_alone(&mut self, royal: Span, seen: &HashMap<&'static str, Span>) -> bool {
        let mut alone = true;
        for (word, why, help) in [
            (
                "checkmate",
                "a royal piece that is captured is never mated",
                "remove the `checkmate` line: the side that takes a royal piece wins",
            ),
            (
                "facing",
                "`facing` refuses moves that leave royal pieces facing, as if attacked, and `royal captured` refuses none for an attack",
                "remove one of the two lines",
            ),
        ] {
            if let Some(&span) = seen.get(word) {
                alone = false;
                self.diags.push(
                    Diagnostic::error(
                        codes::ROYAL_CAPTURED,
                        format!("`royal captured` and `{word}` cannot both hold: {why}"),
                    )
                    .at(span, "contradicts `royal captured`")
                    .also(royal, "royal pieces are captured")
                    .help(help),
                );
            }
        }
        alone
    }

    /// The `impasse` line: its zone, the points needed and each listed piece's worth (two
    /// sides only: its result is one side's loss).
    fn impasse(&mut self, i: &ast::Impasse) -> Option<Impasse> {
        let mut ok = true;
        if self.sides.count() > 2 {
            ok = false;
            self.two_sided_score(
                i.span,
                "an impasse",
                "remove the `impasse` line: it scores a game of two sides",
            );
        }
        let zone = self.zone(&i.zone);
        let need = self.points(&i.need, 1, "number of points needed");
        let mut points = Vec::new();
        for (piece, n) in &i.points {
            let worth = self.points(n, 0, "piece's worth");
            match (self.piece_ref(piece), worth) {
                (Some(p), Some(w)) if !points.iter().any(|(q, _)| *q == p) => points.push((p, w)),
                (Some(_), Some(_)) => {
                    ok = false;
                    self.diags.push(
                        Diagnostic::error(
                            codes::DUPLICATE_STATEMENT,
                            format!("`impasse` gives `{}` points twice", piece.node),
                        )
                        .at(piece.span, "again here")
                        .help("give each piece its points once"),
                    );
                }
                _ => ok = false,
            }
        }
        let (Some(zone), Some(need), true) = (zone, need, ok) else {
            return None;
        };
        Some(Impasse { zone, need, points })
    }

    /// `checkmate out` / `stalemate out` need more than two sides; false after saying so.
    fn out_needs_sides(&mut self, span: Span, what: &str) -> bool {
        if self.sides.count() > 2 {
            return true;
        }
        self.diags.push(
            Diagnostic::error(
                codes::SIDES_RULE,
                format!("`{what} out` needs more than two sides"),
            )
            .at(span, "two sides")
            .help(match what {
                "royal captured" => "with two sides taking a royal piece ends the game: write `royal captured`, or name more sides with a `sides` line".to_string(),
                _ => format!(
                    "with two sides the {what} ends the game: write `{what} {}`, or name more sides with a `sides` line",
                    if what == "checkmate" { "win" } else { "draw" }
                ),
            }),
        );
        false
    }

    /// Reports a result for one side in a game of more than two, where only shared draws
    /// and leaving the game are defined.
    fn two_sided_score(&mut self, span: Span, what: &str, help: &str) {
        let n = self.sides.count();
        self.diags.push(
            Diagnostic::error(
                codes::SIDES_RULE,
                format!(
                    "with {n} sides {what} is a draw shared by the sides left, or a side leaving"
                ),
            )
            .at(span, "a result for two sides")
            .help(help),
        );
    }

    /// A count from `min` to [`MAX_COUNT`].
    fn count_at_least(&mut self, n: &Number, min: i64, what: &str) -> Option<u32> {
        self.in_range(
            n,
            min,
            &format!("a {what}"),
            "the usual values are `repetition 3 draw` and `move-limit 50 draw`",
        )
    }

    /// A number of the `impasse` line, from `min` to [`MAX_COUNT`].
    fn points(&mut self, n: &Number, min: i64, what: &str) -> Option<u32> {
        self.in_range(
            n,
            min,
            &format!("an impasse's {what}"),
            "shogi's is `impasse in camp need 24 counting R 5 B 5 +R 5 +B 5`",
        )
    }

    /// `n` when it lies from `min` to [`MAX_COUNT`], else `None` after saying so.
    fn in_range(&mut self, n: &Number, min: i64, what: &str, help: &str) -> Option<u32> {
        match n.node {
            Some(v) if (min..=MAX_COUNT).contains(&v) => Some(v as u32),
            _ => {
                self.diags.push(
                    Diagnostic::error(
                        codes::BAD_LIMIT,
                        format!("{what} lies between {min} and {MAX_COUNT}"),
                    )
                    .at(n.span, "out of range")
                    .help(help),
                );
                None
            }
        }
    }

    /// Repetitions and move limits end the game in a draw; nothing else is supported.
    fn score(&mut self, score: &ast::Spanned<StalemateScore>) -> Option<Score> {
        match &score.node {
            StalemateScore::Outcome(Outcome::Win) => Some(Score::WIN),
            StalemateScore::Outcome(Outcome::Draw) => Some(Score::DRAW),
            StalemateScore::Outcome(Outcome::Loss) => Some(Score::LOSS),
            StalemateScore::Out => Some(Score::DRAW),
            StalemateScore::Fraction(n, d) => match (n.node, d.node) {
                (Some(n), Some(d)) if d > 0 && n <= d && d <= 1000 => Some(Score {
                    numerator: n as u32,
                    denominator: d as u32,
                }),
                _ => {
                    self.diags.push(
                        Diagnostic::error(
                            codes::BAD_SCORE,
                            "a score is a fraction between 0 and 1",
                        )
                        .at(score.span, "not a score")
                        .help("write the stalemating side's score, e.g. `3/4` (Glinski)"),
                    );
                    None
                }
            },
        }
    }
}
