//! Merging self-play records made on several machines (`hexv selfplay --merge`): no record is
//! believed blindly. Each line is checked before it counts (White's score from 0 to 1 and the
//! result's, a known ending, and with the variant its start and moves replayed); the same game
//! given twice counts once; a cut last line is left out and the whole games kept.

use std::collections::HashMap;

use super::arena::{GameRecord, ENDING_WORDS};
use crate::game::{adds_up_to_one, read_result, read_score, Game};
use crate::source::{InputFault, Line};
use crate::variant::Score;

/// The longest record line read (a game of 100 000 plies is about a megabyte).
pub const MAX_RECORD_LINE: u64 = 16 << 20;

/// What became of one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    /// An empty line.
    Blank,
    /// A new game, counted.
    Counted,
    /// A game already read at this input and line, counted once.
    Repeat {
        /// Its first input and line.
        first: (usize, usize),
    },
    /// A last line without its end that is not a whole record: left out.
    Cut,
}

/// The games merged so far.
pub struct RecordMerge<'g> {
    game: Option<&'g Game<'g>>,
    records: Vec<GameRecord>,
    seen: HashMap<String, (usize, usize)>,
    repeats: usize,
    cut: usize,
    /// The number of sides of the games counted so far.
    sides: Option<usize>,
}

/// The merge's outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The games' variant ("no games" when there are none).
    pub variant: String,
    /// Each game once, in the order first read.
    pub records: Vec<GameRecord>,
    /// Records that repeated a game.
    pub repeats: usize,
    /// Cut last lines left out.
    pub cut: usize,
    /// Whether the moves were replayed (the variant was given).
    pub replayed: bool,
}

impl<'g> RecordMerge<'g> {
    /// A merge that replays every game on `game` when it is given.
    pub fn new(game: Option<&'g Game<'g>>) -> Self {
        RecordMerge {
            game,
            records: Vec::new(),
            seen: HashMap::new(),
            repeats: 0,
            cut: 0,
            sides: None,
        }
    }

    /// Takes one line of input `input`.
    pub fn take(&mut self, input: usize, line: &Line) -> Result<Taken, InputFault> {
        let fault = |message: String| InputFault::at(input, line.number, message);
        let text = match std::str::from_utf8(&line.bytes) {
            Ok(t) => t,
            Err(_) if !line.complete => return Ok(self.cut()),
            Err(e) => return Err(fault(format!("not a game record: not UTF-8 ({e})"))),
        };
        if text.trim().is_empty() {
            return Ok(Taken::Blank);
        }
        let record = match serde_json::from_str::<GameRecord>(text) {
            Ok(r) => r,
            // A last line without its end: a run cut while writing; the games before it are whole.
            Err(_) if !line.complete => return Ok(self.cut()),
            Err(e) => return Err(fault(format!("not a game record: {e}"))),
        };
        record_is_sound(&record, self.game).map_err(fault)?;
        let sides = record.scores.len().max(2);
        match self.sides {
            Some(n) if n != sides => {
                return Err(fault(format!(
                    "a game of {sides} sides among games of {n} sides"
                )))
            }
            _ => self.sides = Some(sides),
        }
        let key = format!(
            "{}\u{0}{}\u{0}{}\u{0}{}",
            record.variant,
            record.start,
            record.moves.join(" "),
            record.result
        );
        if let Some(&first) = self.seen.get(&key) {
            self.repeats += 1;
            return Ok(Taken::Repeat { first });
        }
        self.seen.insert(key, (input, line.number));
        self.records.push(record);
        Ok(Taken::Counted)
    }

    fn cut(&mut self) -> Taken {
        self.cut += 1;
        Taken::Cut
    }

    /// The games, when they are all of one variant (and of the given variant's).
    pub fn finish(self) -> Result<Merged, InputFault> {
        let variants: std::collections::BTreeSet<&str> =
            self.records.iter().map(|r| r.variant.as_str()).collect();
        if variants.len() > 1 {
            return Err(InputFault::whole(format!(
                "the files hold games of several variants: {}",
                variants.into_iter().collect::<Vec<_>>().join(", ")
            )));
        }
        let variant = variants
            .into_iter()
            .next()
            .unwrap_or("no games")
            .to_string();
        if let (Some(game), false) = (self.game, self.records.is_empty()) {
            let given = &game.variant.meta().name;
            if *given != variant {
                return Err(InputFault::whole(format!(
                    "the games are of {variant}, the variant file is {given}"
                )));
            }
        }
        Ok(Merged {
            variant,
            records: self.records,
            repeats: self.repeats,
            cut: self.cut,
            replayed: self.game.is_some(),
        })
    }
}

/// White's score in a result (`1-0`, `0-1`, `1/2-1/2`, `3/4-1/4`), if it is one.
pub fn white_score(result: &str) -> Option<f64> {
    let (white, _) = result.split_once('-')?;
    read_score(white).map(fraction)
}

/// A score as a fraction of the point.
fn fraction(s: Score) -> f64 {
    f64::from(s.numerator) / f64::from(s.denominator)
}

/// Every side's score in a result, in turn order: two to six scores adding up to one
/// (`1-0`, `1/2-1/2`, `0-1-0`, `1/3-1/3-1/3`), or `None`.
pub fn result_scores(result: &str) -> Option<Vec<f64>> {
    let scores = read_result(result).filter(|s| adds_up_to_one(s))?;
    Some(scores.into_iter().map(fraction).collect())
}

/// The ending words a record of `sides` sides may carry: [`ENDING_WORDS`], `royal-capture`
/// (`royal captured` variants), `impasse`, and `last-side` with more than two.
fn endings_of(sides: usize) -> Vec<&'static str> {
    let mut words = ENDING_WORDS.to_vec();
    words.push("royal-capture");
    words.push("impasse");
    if sides > 2 {
        words.push("last-side");
    }
    words
}

/// Why a record cannot be counted: White's score outside 0 to 1 or not the result's, the
/// sides' scores (more than two sides) not the result's, an ending not in the list, and with
/// the variant, another number of sides, a start or a move that does not read.
fn record_is_sound(r: &GameRecord, game: Option<&Game>) -> Result<(), String> {
    if !(0.0..=1.0).contains(&r.white) {
        return Err(format!("White's score {:?} is not from 0 to 1", r.white));
    }
    let result =
        result_scores(&r.result).ok_or_else(|| format!("`{}` is not a result", r.result))?;
    if (result[0] - r.white).abs() > 1e-9 {
        return Err(format!(
            "the result {} gives White {}, the record says {}",
            r.result, result[0], r.white
        ));
    }
    let sides = result.len();
    let listed = if sides > 2 { sides } else { 0 };
    let agree = r.scores.len() == listed
        && r.scores
            .iter()
            .zip(&result)
            .all(|(a, b)| (a - b).abs() < 1e-9);
    if !agree {
        return Err(format!(
            "the result {} gives the sides {}, the record's scores are {:?}",
            r.result,
            if listed == 0 {
                "no list (two sides)".to_string()
            } else {
                format!("{result:?}")
            },
            r.scores
        ));
    }
    let endings = endings_of(sides);
    if !endings.contains(&r.ending.as_str()) {
        return Err(format!(
            "`{}` is not an ending ({})",
            r.ending,
            endings.join(", ")
        ));
    }
    if r.opening_plies > r.moves.len() {
        return Err("more opening plies than moves".to_string());
    }
    if let Some(game) = game {
        let of_variant = game.variant.sides().len();
        if sides != of_variant {
            return Err(format!(
                "the result {} is of {sides} sides, the variant has {of_variant}",
                r.result
            ));
        }
        let mut pos = game
            .parse_position(&r.start)
            .map_err(|e| format!("the start cannot be read: {e}"))?;
        for (i, text) in r.moves.iter().enumerate() {
            let mv = game
                .parse_move(&pos, text)
                .map_err(|e| format!("move {}: {e}", i + 1))?;
            pos = game.play(&pos, &mv);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(number: usize, text: &str, complete: bool) -> Line {
        Line {
            number,
            bytes: text.as_bytes().to_vec(),
            complete,
        }
    }

    fn record(result: &str, white: f64) -> String {
        format!(
            r#"{{"variant":"V","game":0,"start":"s","moves":["a","b"],"opening_plies":1,"result":"{result}","white":{white},"ending":"checkmate"}}"#
        )
    }

    #[test]
    fn scores_are_read_from_results() {
        assert_eq!(white_score("1-0"), Some(1.0));
        assert_eq!(white_score("0-1"), Some(0.0));
        assert_eq!(white_score("1/2-1/2"), Some(0.5));
        assert_eq!(white_score("3/4-1/4"), Some(0.75));
        assert_eq!(white_score("5/4-0"), None, "more than a whole point");
        assert_eq!(white_score("1/0-0"), None);
        assert_eq!(white_score("*"), None);
    }

    #[test]
    fn a_game_counts_once_and_a_cut_line_is_left_out() {
        let mut merge = RecordMerge::new(None);
        let win = record("1-0", 1.0);
        assert_eq!(merge.take(0, &line(1, &win, true)), Ok(Taken::Counted));
        assert_eq!(merge.take(0, &line(2, "  ", true)), Ok(Taken::Blank));
        assert_eq!(
            merge.take(1, &line(1, &win, true)),
            Ok(Taken::Repeat { first: (0, 1) })
        );
        assert_eq!(merge.take(1, &line(2, &win[..20], false)), Ok(Taken::Cut));
        let merged = merge.finish().unwrap();
        assert_eq!(
            (merged.records.len(), merged.repeats, merged.cut),
            (1, 1, 1)
        );
        assert_eq!(merged.variant, "V");
        assert!(!merged.replayed);
    }

    #[test]
    fn inconsistent_records_are_refused_where_they_are() {
        let mut merge = RecordMerge::new(None);
        let e = merge
            .take(2, &line(7, &record("1-0", 0.0), true))
            .unwrap_err();
        assert_eq!(e.at, Some((2, 7)));
        assert_eq!(e.message, "the result 1-0 gives White 1, the record says 0");
        let e = merge
            .take(0, &line(1, &record("1-0", 1e308), true))
            .unwrap_err();
        assert!(e.message.contains("is not from 0 to 1"), "{}", e.message);
        let e = merge.take(0, &line(1, "{}", true)).unwrap_err();
        assert!(e.message.starts_with("not a game record"), "{}", e.message);
        let e = merge
            .take(0, &line(1, &record("1-1", 1.0), true))
            .unwrap_err();
        assert_eq!(e.message, "`1-1` is not a result", "two wins are no result");
    }

    /// A record of three sides: its result, White's score and the sides' scores.
    fn three_sided(result: &str, white: f64, scores: &str, ending: &str) -> String {
        format!(
            r#"{{"variant":"V","game":0,"start":"s","moves":["a"],"opening_plies":0,"result":"{result}","white":{white},"scores":{scores},"ending":"{ending}"}}"#
        )
    }

    #[test]
    fn results_of_more_sides_add_up_to_one() {
        assert_eq!(result_scores("0-1-0"), Some(vec![0.0, 1.0, 0.0]));
        assert_eq!(result_scores("1/2-1/2"), Some(vec![0.5, 0.5]));
        let third = 1.0 / 3.0;
        assert_eq!(result_scores("1/3-1/3-1/3"), Some(vec![third; 3]));
        for forged in [
            "1-1-0",
            "0-0-0",
            "1",
            "1-0-0-0-0-0-0",
            "1/2-1/2-1/2",
            "x-0-1",
        ] {
            assert_eq!(result_scores(forged), None, "{forged}");
        }
    }

    #[test]
    fn records_of_three_sides_are_checked_against_their_result() {
        let mut merge = RecordMerge::new(None);
        let won = three_sided("0-1-0", 0.0, "[0.0,1.0,0.0]", "last-side");
        assert_eq!(merge.take(0, &line(1, &won, true)), Ok(Taken::Counted));
        let cases = [
            (
                three_sided("0-1-0", 0.0, "[0.0,0.0,1.0]", "last-side"),
                "the result 0-1-0 gives the sides [0.0, 1.0, 0.0], the record's scores are [0.0, 0.0, 1.0]",
            ),
            (
                three_sided("0-1-0", 0.0, "[]", "checkmate"),
                "the result 0-1-0 gives the sides [0.0, 1.0, 0.0], the record's scores are []",
            ),
            (
                three_sided("1-0", 1.0, "[1.0,0.0]", "checkmate"),
                "the result 1-0 gives the sides no list (two sides), the record's scores are [1.0, 0.0]",
            ),
            (
                record("1-0", 1.0).replace("checkmate", "last-side"),
                "`last-side` is not an ending (checkmate, stalemate, repetition, move-limit, material, ply-limit, royal-capture, impasse)",
            ),
        ];
        for (text, why) in cases {
            let e = merge.take(0, &line(2, &text, true)).unwrap_err();
            assert_eq!(e.message, why);
        }
        let e = merge
            .take(1, &line(3, &record("1-0", 1.0), true))
            .unwrap_err();
        assert_eq!(e.message, "a game of 2 sides among games of 3 sides");
        assert_eq!(merge.finish().unwrap().records.len(), 1);
    }
}
