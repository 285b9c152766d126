//! Ending a game before the rules do, on the engines' own scores (`--draw`, `--resign`), as
//! engine testers do to spend their time on games still open: a draw once both engines have
//! long scored the position about even, a win once both have long agreed on the winner. A
//! game of two sides only: with more, "even" and "ahead" need every seat's view.

use hexv::variant::Side;

/// A score an engine reported (its last `info ... score`) for the side it moved for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reported {
    /// `score cp N`.
    Centipawns(i32),
    /// `score mate N`: the mover mates in N moves (N > 0) or is mated (N < 0).
    Mate(i32),
}

/// What a mate counts as beside centipawns: beyond any threshold a user can give.
const MATE_CENTIPAWNS: i64 = 1_000_000;

impl Reported {
    /// The score of an `info` line, when it has an exact one (`lowerbound` and `upperbound`
    /// scores, from a search still narrowing its window, are not the engine's view).
    pub fn of_info(line: &str) -> Option<Reported> {
        let mut words = line.split_whitespace();
        if words.next() != Some("info") {
            return None;
        }
        let words: Vec<&str> = words.collect();
        // `info string` is free text, whatever its words.
        if words.first() == Some(&"string") {
            return None;
        }
        let at = words.iter().position(|w| *w == "score")?;
        if words[at + 1..]
            .iter()
            .take(3)
            .any(|w| *w == "lowerbound" || *w == "upperbound")
        {
            return None;
        }
        let value = words.get(at + 2)?.parse::<i32>().ok()?;
        match *words.get(at + 1)? {
            "cp" => Some(Reported::Centipawns(value)),
            "mate" => Some(Reported::Mate(value)),
            _ => None,
        }
    }

    /// The search depth an `info` line gives (read beside its score, [`Reported::of_info`]).
    pub fn depth_of_info(line: &str) -> Option<u32> {
        let mut words = line.split_whitespace();
        if words.next() != Some("info") {
            return None;
        }
        let mut words = words.skip_while(|w| *w != "depth");
        words.next()?;
        words.next()?.parse().ok()
    }

    /// As cutechess-cli writes a score in its PGN comments, for the side to move: pawns
    /// with two decimals (`+0.32`), or `+M3` / `-M2` for a mate in moves.
    pub fn pgn_text(self) -> String {
        match self {
            Reported::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "+" };
                let cp = cp.unsigned_abs();
                format!("{sign}{}.{:02}", cp / 100, cp % 100)
            }
            Reported::Mate(n) if n > 0 => format!("+M{n}"),
            Reported::Mate(n) => format!("-M{}", n.unsigned_abs()),
        }
    }

    fn centipawns(self) -> i64 {
        match self {
            Reported::Centipawns(cp) => i64::from(cp),
            Reported::Mate(n) if n < 0 => -MATE_CENTIPAWNS,
            // `mate 0` is the mover mated: some engines say so in a mated position.
            Reported::Mate(0) => -MATE_CENTIPAWNS,
            Reported::Mate(_) => MATE_CENTIPAWNS,
        }
    }
}

/// `--draw`: a draw once the game has `from_move` moves and both engines have scored every
/// one of the last `moves` moves each within `within` centipawns of even.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub from_move: u32,
    pub moves: u32,
    pub within: u32,
}

/// `--resign`: a win once both engines have scored every one of the last `moves` moves each
/// at least `margin` centipawns in the same side's favour (the loser's engine agreeing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub moves: u32,
    pub margin: u32,
}

impl DrawRule {
    /// Reads `movenumber=N,movecount=N,score=CP` (any of them left out keeps its default:
    /// 40, 8, 10), the words of cutechess-cli's `-draw`.
    pub fn parse(text: &str) -> Result<DrawRule, String> {
        let mut rule = DrawRule {
            from_move: 40,
            moves: 8,
            within: 10,
        };
        for (key, value) in pairs(text, "--draw")? {
            match key {
                "movenumber" => rule.from_move = value,
                "movecount" => rule.moves = value.max(1),
                "score" => rule.within = value,
                other => return Err(unknown(other, "--draw", "movenumber, movecount, score")),
            }
        }
        Ok(rule)
    }
}

impl ResignRule {
    /// Reads `movecount=N,score=CP` (defaults 3 and 600), the words of cutechess-cli's
    /// `-resign`.
    pub fn parse(text: &str) -> Result<ResignRule, String> {
        let mut rule = ResignRule {
            moves: 3,
            margin: 600,
        };
        for (key, value) in pairs(text, "--resign")? {
            match key {
                "movecount" => rule.moves = value.max(1),
                "score" => rule.margin = value,
                other => return Err(unknown(other, "--resign", "movecount, score")),
            }
        }
        Ok(rule)
    }
}

/// `key=value` pairs separated by commas, each value a whole number up to a million.
fn pairs<'t>(text: &'t str, option: &str) -> Result<Vec<(&'t str, u32)>, String> {
    text.split(',')
        .filter(|part| !part.trim().is_empty())
        .map(|part| {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("{option} `{part}`: write KEY=NUMBER"))?;
            let number = value
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= 1_000_000)
                .ok_or_else(|| {
                    format!("{option} `{part}`: `{value}` is not a whole number up to 1000000")
                })?;
            Ok((key.trim(), number))
        })
        .collect()
}

fn unknown(key: &str, option: &str, known: &str) -> String {
    format!("{option}: `{key}` is not one of {known}")
}

/// How an adjudicated game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Draw,
    Win(Side),
}

/// Watches the engines' scores move by move.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    draw: Option<DrawRule>,
    resign: Option<ResignRule>,
    /// Plies in a row scored within the draw rule's bound.
    even: u32,
    /// Plies in a row scored at least the resign rule's margin for one side, and which.
    ahead: (u32, Option<Side>),
}

impl Adjudicator {
    pub fn new(draw: Option<DrawRule>, resign: Option<ResignRule>) -> Adjudicator {
        Adjudicator {
            draw,
            resign,
            even: 0,
            ahead: (0, None),
        }
    }

    /// After a move by `mover`, which leaves `plies` plies played since the game's start
    /// (opening included), the mover's engine having scored it `score` (`None`: no score,
    /// which breaks every run): the game's end, when the rules given call it.
    pub fn after_move(
        &mut self,
        plies: usize,
        mover: Side,
        score: Option<Reported>,
    ) -> Option<Verdict> {
        let Some(score) = score else {
            self.even = 0;
            self.ahead = (0, None);
            return None;
        };
        let white = if mover == Side::WHITE {
            score.centipawns()
        } else {
            -score.centipawns()
        };
        if let Some(rule) = self.draw {
            self.even = if white.abs() <= i64::from(rule.within) {
                self.even + 1
            } else {
                0
            };
            if self.even >= 2 * rule.moves && plies >= 2 * rule.from_move as usize {
                return Some(Verdict::Draw);
            }
        }
        if let Some(rule) = self.resign {
            let margin = i64::from(rule.margin);
            let leader = if white >= margin.max(1) {
                Some(Side::WHITE)
            } else if white <= -margin.max(1) {
                Some(Side::BLACK)
            } else {
                None
            };
            self.ahead = match (leader, self.ahead) {
                (None, _) => (0, None),
                (Some(side), (n, Some(before))) if side == before => (n + 1, Some(side)),
                (Some(side), _) => (1, Some(side)),
            };
            if let (n, Some(side)) = self.ahead {
                if n >= 2 * rule.moves {
                    return Some(Verdict::Win(side));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: Side = Side::WHITE;
    const B: Side = Side::BLACK;

    fn cp(n: i32) -> Option<Reported> {
        Some(Reported::Centipawns(n))
    }

    #[test]
    fn scores_are_read_from_info_lines() {
        let of = Reported::of_info;
        assert_eq!(
            of("info depth 9 seldepth 19 score cp 32 nodes 21398 pv e2e3"),
            cp(32)
        );
        assert_eq!(
            of("info depth 5 score mate -3 pv a1a2"),
            Some(Reported::Mate(-3))
        );
        assert_eq!(of("info depth 5 score cp 40 lowerbound nodes 9"), None);
        assert_eq!(of("info depth 5 score upperbound cp 40"), None);
        assert_eq!(of("info string score cp 5"), None);
        assert_eq!(of("info nodes 5"), None);
        assert_eq!(of("info depth 5 score cp x"), None);
        assert_eq!(of("bestmove e2e3"), None);
        let depth = Reported::depth_of_info;
        assert_eq!(depth("info depth 9 seldepth 19 score cp 32"), Some(9));
        assert_eq!(depth("info seldepth 19 depth 11 score cp 32"), Some(11));
        assert_eq!(depth("info nodes 5"), None);
        let text = |r: Reported| r.pgn_text();
        assert_eq!(text(Reported::Centipawns(32)), "+0.32");
        assert_eq!(text(Reported::Centipawns(-105)), "-1.05");
        assert_eq!(text(Reported::Centipawns(0)), "+0.00");
        assert_eq!(text(Reported::Mate(3)), "+M3");
        assert_eq!(text(Reported::Mate(-2)), "-M2");
        assert_eq!(text(Reported::Mate(0)), "-M0");
    }

    #[test]
    fn rules_read_their_words_and_defaults() {
        assert_eq!(
            DrawRule::parse("").unwrap(),
            DrawRule {
                from_move: 40,
                moves: 8,
                within: 10
            }
        );
        assert_eq!(
            DrawRule::parse("movenumber=30, score=5").unwrap(),
            DrawRule {
                from_move: 30,
                moves: 8,
                within: 5
            }
        );
        assert_eq!(
            ResignRule::parse("movecount=4,score=900").unwrap(),
            ResignRule {
                moves: 4,
                margin: 900
            }
        );
        for bad in ["movenumber", "score=-1", "moves=3", "score=99999999"] {
            assert!(DrawRule::parse(bad).is_err(), "{bad}");
        }
        assert!(ResignRule::parse("movenumber=3").is_err());
    }

    /// Two moves each within 10 centipawns from move 3: not before ply 6, and a score
    /// outside the bound starts the count again.
    #[test]
    fn a_draw_needs_both_engines_even_long_enough_late_enough() {
        let rule = DrawRule {
            from_move: 3,
            moves: 2,
            within: 10,
        };
        let mut a = Adjudicator::new(Some(rule), None);
        let plays = [(1, W, cp(5)), (2, B, cp(-10)), (3, W, cp(0)), (4, B, cp(3))];
        for (ply, side, score) in plays {
            assert_eq!(a.after_move(ply, side, score), None, "ply {ply}");
        }
        assert_eq!(a.after_move(5, W, cp(11)), None);
        for ply in 6..9 {
            let side = if ply % 2 == 0 { B } else { W };
            assert_eq!(a.after_move(ply, side, cp(-2)), None, "ply {ply}");
        }
        assert_eq!(a.after_move(9, W, cp(10)), Some(Verdict::Draw));
        // A move with no score breaks the run.
        let mut a = Adjudicator::new(Some(rule), None);
        for ply in 6..9 {
            a.after_move(ply, W, cp(0));
        }
        assert_eq!(a.after_move(9, W, None), None);
        assert_eq!(a.after_move(10, B, cp(0)), None);
    }

    /// Black's engine scoring -700 for Black and White's +650 for White: White leads by at
    /// least 600 in both views; a mate counts beyond any margin; a lead changing sides starts
    /// the count again.
    #[test]
    fn a_win_needs_both_engines_agreeing_on_the_winner() {
        let rule = ResignRule {
            moves: 2,
            margin: 600,
        };
        let mut a = Adjudicator::new(None, Some(rule));
        assert_eq!(a.after_move(11, W, cp(650)), None);
        assert_eq!(a.after_move(12, B, cp(-700)), None);
        assert_eq!(a.after_move(13, W, Some(Reported::Mate(4))), None);
        assert_eq!(a.after_move(14, B, cp(-599)), None);
        assert_eq!(a.after_move(15, W, cp(600)), None);
        assert_eq!(a.after_move(16, B, cp(-600)), None);
        assert_eq!(a.after_move(17, W, cp(600)), None);
        assert_eq!(
            a.after_move(18, B, Some(Reported::Mate(-1))),
            Some(Verdict::Win(W))
        );
        // Black ahead in White's view and then in Black's: the count restarts at the turn.
        let mut a = Adjudicator::new(None, Some(rule));
        assert_eq!(a.after_move(1, W, cp(-900)), None);
        assert_eq!(a.after_move(2, B, cp(900)), None);
        assert_eq!(a.after_move(3, W, cp(900)), None);
        for (ply, side, score) in [(4, B, cp(-900)), (5, W, cp(900))] {
            assert_eq!(a.after_move(ply, side, score), None);
        }
        assert_eq!(a.after_move(6, B, cp(-900)), Some(Verdict::Win(W)));
    }
}
