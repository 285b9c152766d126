//! One game between two engines, refereed by hexv: the moves are checked against the
//! variant's rules, the clocks kept, and the game ended by the rules, by a ply limit, or by a
//! forfeit (an illegal move, a lost clock, an engine that dies or falls silent). In a game of
//! more than two sides the first engine plays one seat and the second every other, each seat
//! on its own clock.

use std::time::Duration;

use hexv::game::{AnyEngine, Game, Move, Position};
use hexv::search::arena::Ending;
use hexv::variant::{Score, Side};

use super::adjudicate::{Adjudicator, DrawRule, Reported, ResignRule, Verdict};
use super::client::{describe, Client, Failure, Reply};

/// How long an engine may think, as `go` is told.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// `go movetime`.
    MoveTime(Duration),
    /// `go depth`.
    Depth(u32),
    /// `go nodes`.
    Nodes(u64),
    /// A clock: time for the game and an increment a move.
    Clock {
        /// At the start.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
}

impl Limit {
    /// Reads `movetime=MS`, `depth=N`, `nodes=N` or `tc=SECONDS+INCREMENT` (`tc=10+0.1`).
    pub fn parse(text: &str) -> Result<Limit, String> {
        let (kind, value) = text.split_once('=').ok_or_else(|| {
            format!("`{text}`: write movetime=MS, depth=N, nodes=N or tc=SECONDS+INCREMENT")
        })?;
        let number = |v: &str| {
            v.trim()
                .parse::<u64>()
                .map_err(|_| format!("`{text}`: `{v}` is not a whole number"))
        };
        let seconds = |v: &str| {
            v.trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s <= 1e6)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| format!("`{text}`: `{v}` is not a number of seconds"))
        };
        match kind.trim() {
            "movetime" => Ok(Limit::MoveTime(Duration::from_millis(
                number(value)?.max(1),
            ))),
            "depth" => Ok(Limit::Depth(number(value)?.clamp(1, 64) as u32)),
            "nodes" => Ok(Limit::Nodes(number(value)?.max(1))),
            "tc" => {
                let (base, increment) = value.split_once('+').unwrap_or((value, "0"));
                Ok(Limit::Clock {
                    base: seconds(base)?,
                    increment: seconds(increment)?,
                })
            }
            other => Err(format!(
                "`{other}` is not a limit: movetime, depth, nodes or tc"
            )),
        }
    }

    /// The limit as written on the command line and in reports.
    pub fn describe(&self) -> String {
        match self {
            Limit::MoveTime(t) => format!("movetime={}", t.as_millis()),
            Limit::Depth(d) => format!("depth={d}"),
            Limit::Nodes(n) => format!("nodes={n}"),
            Limit::Clock { base, increment } => {
                format!("tc={}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
        }
    }
}

/// The referee's settings.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Each engine's limit, the first engine's first.
    pub limits: [Limit; 2],
    /// Time an engine may overstep a movetime or its clock before it loses.
    pub margin: Duration,
    /// How long an engine with a depth or node limit may take for a move.
    pub move_timeout: Duration,
    /// Plies after which the game is scored a draw.
    pub max_plies: usize,
    /// A draw on the engines' scores (`--draw`), two sides only.
    pub draw: Option<DrawRule>,
    /// A win on the engines' scores (`--resign`), two sides only.
    pub resign: Option<ResignRule>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// By the variant's rules (checkmate, stalemate, repetition, ...): its word.
    Rules(&'static str),
    /// The ply limit.
    PlyLimit,
    /// Ended on the engines' scores (`--draw`, `--resign`).
    Adjudicated(Verdict),
    /// An engine lost by forfeit: `side` is the seat it was to move in, `why` the reason.
    Forfeit {
        /// The side that forfeited.
        side: Side,
        /// What it did.
        why: String,
    },
}

/// What the referee saw of one engine move, for the PGN's comments.
#[derive(Clone, Copy, Debug)]
pub struct MoveNote {
    /// The engine's last exact score, for the side that moved.
    pub score: Option<Reported>,
    /// The depth it was searched to.
    pub depth: Option<u32>,
    /// The time the move took.
    pub took: Duration,
}

impl MoveNote {
    /// `+0.32/14 0.041s`, as cutechess-cli comments its moves (`0.041s` without a score).
    pub fn comment(&self) -> String {
        let time = format!("{:.3}s", self.took.as_secs_f64());
        match (self.score, self.depth) {
            (Some(s), Some(d)) => format!("{}/{d} {time}", s.pgn_text()),
            (Some(s), None) => format!("{} {time}", s.pgn_text()),
            (None, _) => time,
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The moves after the opening's.
    pub moves: Vec<Move>,
    /// What each of those moves' engines said of it.
    pub notes: Vec<MoveNote>,
    /// Every side's score, in turn order.
    pub scores: Vec<Score>,
    /// Why it ended.
    pub end: End,
    /// Whether an engine died or fell silent (it must be started again).
    pub engine_broke: [bool; 2],
}

/// Plays one game from `opening` (moves from the start), `engines[0]` in the seat
/// `first_seat` and `engines[1]` in every other. The engines were told `ucinewgame` by the
/// caller.
pub fn play(
    game: &Game,
    opening: &[Move],
    engines: &mut [Client; 2],
    first_seat: Side,
    rules: &Rules,
) -> Finished {
    let engine = AnyEngine::new(*game);
    let mut history: Vec<Position> = vec![game.start_position()];
    let mut written: Vec<String> = Vec::new();
    for m in opening {
        let pos = history.last().expect("never empty");
        written.push(hexv::uci::compact_move(game, pos, m));
        history.push(game.play(pos, m));
    }
    // The engine index of each side.
    let engine_of = |side: Side| usize::from(side != first_seat);
    // Each seat's clock (the second engine's seats each have their own).
    let mut clocks: [Option<Duration>; Side::MAX] = [None; Side::MAX];
    for side in game.variant.side_ids() {
        clocks[side.index()] = match rules.limits[engine_of(side)] {
            Limit::Clock { base, .. } => Some(base),
            _ => None,
        };
    }
    let mut keys: Vec<u64> = history.iter().map(|p| engine.key(p)).collect();
    let mut moves = Vec::new();
    let mut notes = Vec::new();
    let mut adjudicator = Adjudicator::new(rules.draw, rules.resign);
    let mut broke = [false, false];
    let end = loop {
        let last = history.last().expect("never empty");
        if let Some(outcome) = engine.outcome_after(last, &keys) {
            let finished = Finished {
                moves,
                notes,
                scores: outcome.scores.iter().collect(),
                end: End::Rules(Ending::Rules(outcome.end).word()),
                engine_broke: broke,
            };
            return finished;
        }
        if history.len() > rules.max_plies + opening.len() {
            break End::PlyLimit;
        }
        let pos = history.last().expect("never empty").clone();
        let side = pos.to_move;
        let e = engine_of(side);
        let limit = rules.limits[e];
        let (go, timeout) = match limit {
            Limit::MoveTime(t) => (format!("go movetime {}", t.as_millis()), t + rules.margin),
            Limit::Depth(d) => (format!("go depth {d}"), rules.move_timeout),
            Limit::Nodes(n) => (format!("go nodes {n}"), rules.move_timeout),
            Limit::Clock { increment, .. } => (
                go_on_the_clock(game, &clocks, increment),
                clocks[side.index()].unwrap_or_default() + rules.margin,
            ),
        };
        let position = if written.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", written.join(" "))
        };
        let forfeit = |why: String| End::Forfeit { side, why };
        let Reply {
            text,
            took,
            score,
            depth,
        } = match engines[e].best_move(&position, &go, timeout) {
            Ok(r) => r,
            Err(f) => {
                broke[e] = true;
                let why = match f {
                    Failure::TimedOut => "lost on time (no move)".to_string(),
                    other => format!("its engine failed: {}", describe(other)),
                };
                break forfeit(why);
            }
        };
        if let Limit::Clock { increment, .. } = limit {
            let left = clocks[side.index()].unwrap_or_default();
            if took > left + rules.margin {
                break forfeit(format!(
                    "lost on time ({} ms used, {} ms left)",
                    took.as_millis(),
                    left.as_millis()
                ));
            }
            clocks[side.index()] = Some(left.saturating_sub(took) + increment);
        }
        let Some(text) = text else {
            break forfeit("gave no move in a position with legal moves".to_string());
        };
        let m = match hexv::uci::read_move(game, &pos, &text) {
            Ok(m) => m,
            Err(why) => break forfeit(format!("played an illegal move: {why}")),
        };
        written.push(hexv::uci::compact_move(game, &pos, &m));
        let next = game.play(&pos, &m);
        keys.push(engine.key(&next));
        history.push(next);
        moves.push(m);
        notes.push(MoveNote { score, depth, took });
        // The rules first: a move that ends the game is scored by them, not adjudicated.
        let last = history.last().expect("never empty");
        if engine.outcome_after(last, &keys).is_none() {
            if let Some(verdict) = adjudicator.after_move(history.len() - 1, side, score) {
                break End::Adjudicated(verdict);
            }
        }
    };
    let last = history.last().expect("never empty");
    let scores = match &end {
        End::Forfeit { side, .. } => forfeit_scores(game, engine_of(*side), engine_of),
        End::Adjudicated(Verdict::Win(winner)) => game
            .variant
            .side_ids()
            .map(|s| {
                if s == *winner {
                    Score::WIN
                } else {
                    Score::LOSS
                }
            })
            .collect(),
        _ => ply_limit_scores(game, last),
    };
    Finished {
        moves,
        notes,
        scores,
        end,
        engine_broke: broke,
    }
}

/// `go` on the clock: with two sides `wtime btime winc binc`, as every UCI engine reads it;
/// with more each seat's clock by its side's name (`time red MS inc red MS`, docs/engine.md),
/// every seat's increment the mover's.
fn go_on_the_clock(game: &Game, clocks: &[Option<Duration>], increment: Duration) -> String {
    let left = |side: Side| clocks[side.index()].unwrap_or_default().as_millis();
    let inc = increment.as_millis();
    if game.variant.sides().len() == 2 {
        return format!(
            "go wtime {} btime {} winc {inc} binc {inc}",
            left(Side::WHITE),
            left(Side::BLACK),
        );
    }
    let mut go = "go".to_string();
    for side in game.variant.side_ids() {
        let name = game.variant.side_name(side);
        go += &format!(" time {name} {} inc {name} {inc}", left(side));
    }
    go
}

/// A forfeit's scores: nothing to the seat that forfeited and whole games lost by the engine
/// `loser`, so the point goes to the other engine's seats, shared when it holds several.
fn forfeit_scores(game: &Game, loser: usize, engine_of: impl Fn(Side) -> usize) -> Vec<Score> {
    let winners = game
        .variant
        .side_ids()
        .filter(|&s| engine_of(s) != loser)
        .count()
        .max(1) as u32;
    game.variant
        .side_ids()
        .map(|s| {
            if engine_of(s) == loser {
                Score::LOSS
            } else {
                Score {
                    numerator: 1,
                    denominator: winners,
                }
            }
        })
        .collect()
}

/// The ply limit's scores: a draw; with more sides the point shared by the sides still in
/// the game, as the rules share a draw.
fn ply_limit_scores(game: &Game, last: &Position) -> Vec<Score> {
    if game.variant.sides().len() == 2 {
        return vec![Score::DRAW; 2];
    }
    let left = game.sides_in_game(last).count().max(1) as u32;
    game.variant
        .side_ids()
        .map(|side| {
            if last.is_out(side) {
                Score::LOSS
            } else {
                Score {
                    numerator: 1,
                    denominator: left,
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_and_write_back() {
        for text in [
            "movetime=100",
            "depth=3",
            "nodes=5000",
            "tc=10+0.1",
            "tc=60+0",
        ] {
            assert_eq!(Limit::parse(text).unwrap().describe(), text);
        }
        assert_eq!(
            Limit::parse("tc=5").unwrap(),
            Limit::Clock {
                base: Duration::from_secs(5),
                increment: Duration::ZERO
            }
        );
        for bad in ["movetime", "depth=x", "tc=-1+0", "tc=1+nan", "speed=3"] {
            assert!(Limit::parse(bad).is_err(), "{bad}");
        }
    }
}
