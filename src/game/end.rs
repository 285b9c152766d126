//! The end of the game: checkmate, stalemate with the variant's scoring, repetition, the
//! move limit, the material and the impasse. The one place that defines it: the referee, the front ends
//! and the search all ask these functions, over either engine.

use super::engine::{Engine, Reference};
use super::{Game, Position};
use crate::variant::{Score, Side, Variant};

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position has occurred as many times as the rules say.
    Repetition,
    /// Each side has made the rules' number of moves without a capture.
    MoveLimit,
    /// Neither side has a piece of the types the rules' `draw-without` names.
    Material,
    /// Every other side has left the game (more than two sides).
    LastSide,
    /// A royal piece was taken (`royal captured`): the side that took it wins.
    RoyalCaptured,
    /// Every royal piece stands in its side's impasse zone: scored on points (`impasse`).
    Impasse,
}

impl GameEnd {
    /// The end in a few words, to follow "the game ends by".
    pub fn phrase(self) -> &'static str {
        match self {
            GameEnd::Checkmate => "checkmate",
            GameEnd::Stalemate => "stalemate",
            GameEnd::Repetition => "repetition",
            GameEnd::MoveLimit => "the move limit",
            GameEnd::Material => "lack of material",
            GameEnd::LastSide => "the other sides leaving",
            GameEnd::RoyalCaptured => "the capture of a royal piece",
            GameEnd::Impasse => "an impasse",
        }
    }
}

/// How a game ended and what it is worth to each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Why the game is over.
    pub end: GameEnd,
    /// White's score (the first side's; in a game of two sides Black's is one minus it).
    pub white: Score,
    /// Every side's score, in turn order.
    pub scores: Scores,
}

/// Each side's score in a finished game, in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scores {
    values: [Score; Side::MAX],
    sides: u8,
}

impl Scores {
    /// The scores of `sides` sides, `score(side)` each.
    fn of(sides: usize, score: impl Fn(Side) -> Score) -> Scores {
        let mut values = [Score::LOSS; Side::MAX];
        for (i, v) in values.iter_mut().enumerate().take(sides) {
            *v = Side::new(i).map_or(Score::LOSS, &score);
        }
        Scores {
            values,
            sides: sides.min(Side::MAX) as u8,
        }
    }

    /// `side`'s score (a loss for a side the game does not have).
    pub fn get(&self, side: Side) -> Score {
        if side.index() < usize::from(self.sides) {
            self.values[side.index()]
        } else {
            Score::LOSS
        }
    }

    /// The scores in turn order.
    pub fn iter(&self) -> impl Iterator<Item = Score> + '_ {
        self.values[..usize::from(self.sides)].iter().copied()
    }
}

impl Outcome {
    /// "1-0", "0-1", "1/2-1/2", "3/4-1/4"; with more sides each side's score in turn order,
    /// "0-1-0", "1/3-1/3-1/3".
    pub fn result(&self) -> String {
        let scores: Vec<Score> = self.scores.iter().collect();
        scores_result_text(&scores)
    }

    /// An outcome of a game of more than two sides, `score(side)` for each.
    fn of_many(end: GameEnd, sides: usize, score: impl Fn(Side) -> Score) -> Outcome {
        let scores = Scores::of(sides, score);
        Outcome {
            end,
            white: scores.get(Side::WHITE),
            scores,
        }
    }
}

/// A result written from every side's score in turn order: with two sides as
/// [`result_text`] writes White's ("1-0", "1/2-1/2"), with more each side's ("0-1-0",
/// "1/3-1/3-1/3").
pub fn scores_result_text(scores: &[Score]) -> String {
    match scores {
        [white, _] => result_text(*white),
        _ => {
            let parts: Vec<String> = scores.iter().copied().map(score_text).collect();
            parts.join("-")
        }
    }
}

/// One side's score as a result writes it, read back: `0`, `1` or `n/d` with `n` at most `d`.
pub fn read_score(text: &str) -> Option<Score> {
    let (numerator, denominator) = match text {
        "0" => (0, 1),
        "1" => (1, 1),
        _ => {
            let (n, d) = text.split_once('/')?;
            (n.parse().ok()?, d.parse().ok()?)
        }
    };
    (denominator > 0 && numerator <= denominator).then_some(Score {
        numerator,
        denominator,
    })
}

/// Every side's score in a result, in turn order (`1-0`, `3/4-1/4`, `0-1-0`): two to six
/// scores, whatever their sum ([`adds_up_to_one`] tells).
pub fn read_result(text: &str) -> Option<Vec<Score>> {
    let scores: Vec<Score> = text.split('-').map(read_score).collect::<Option<_>>()?;
    (2..=6).contains(&scores.len()).then_some(scores)
}

/// True when the scores add up to exactly one point (over the product of the denominators:
/// six of at most 2^32 overflow nothing in u128).
pub fn adds_up_to_one(scores: &[Score]) -> bool {
    let common: u128 = scores.iter().map(|s| u128::from(s.denominator)).product();
    let total: u128 = scores
        .iter()
        .map(|s| u128::from(s.numerator) * (common / u128::from(s.denominator)))
        .sum();
    total == common
}

/// A score as a result writes it: "1", "0", "1/2".
fn score_text(s: Score) -> String {
    match (s.numerator, s.denominator) {
        (0, _) => "0".to_string(),
        (n, d) if n == d => "1".to_string(),
        (n, d) => format!("{n}/{d}"),
    }
}

/// A result written from White's score: "1-0", "0-1", "1/2-1/2", "3/4-1/4".
pub fn result_text(white: Score) -> String {
    let b = Score {
        numerator: white.denominator - white.numerator,
        denominator: white.denominator,
    };
    format!("{}-{}", score_text(white), score_text(b))
}

impl Outcome {
    /// What the game is worth to `side`.
    pub fn score_of(&self, side: Side) -> Score {
        self.scores.get(side)
    }
}

/// A score of White's as `side`'s.
fn for_side(side: Side, white: Score) -> Score {
    match side {
        Side::WHITE => white,
        _ => Score {
            numerator: white.denominator - white.numerator,
            denominator: white.denominator,
        },
    }
}

/// An outcome from the score of `side` (turned into White's).
fn outcome_for(end: GameEnd, side: Side, score: Score) -> Outcome {
    let white = for_side(side, score);
    Outcome {
        end,
        white,
        scores: Scores::of(2, |s| for_side(s, white)),
    }
}

/// A game of more than two sides that ends in a draw: the point shared equally by the sides
/// still in the game, nothing for those that left.
fn shared_draw<E: Engine>(e: &E, s: &E::State, end: GameEnd) -> Outcome {
    let v = e.variant();
    let left = v.side_ids().filter(|&x| !e.is_out(s, x)).count().max(1) as u32;
    Outcome::of_many(end, v.sides().len(), |x| {
        if e.is_out(s, x) {
            Score::LOSS
        } else {
            Score {
                numerator: 1,
                denominator: left,
            }
        }
    })
}

/// The side before the side to move in turn order that is still in the game: who moved last.
fn last_mover<E: Engine>(e: &E, s: &E::State) -> Side {
    e.variant()
        .side_in_game(e.to_move(s), false, |x| e.is_out(s, x))
}

/// A game of more than two sides won by the side that moved last (a mate, a royal piece
/// taken): the whole point to it, nothing to the others.
fn won_by_last_mover<E: Engine>(e: &E, s: &E::State, end: GameEnd) -> Outcome {
    let winner = last_mover(e, s);
    Outcome::of_many(end, e.variant().sides().len(), |x| {
        if x == winner {
            Score::WIN
        } else {
            Score::LOSS
        }
    })
}

/// True when the variant has more than two sides.
fn many<E: Engine>(e: &E) -> bool {
    e.variant().sides().len() > 2
}

/// The outcome at `s`, `keys` being the keys of the game's positions from its start (the
/// key of `s` last), or `None` while the game goes on: no legal move, then repetition, then
/// the move limit and the material, in that order.
pub fn outcome<E: Engine>(e: &E, s: &E::State, keys: &[u64]) -> Option<Outcome> {
    if many(e) {
        let v = e.variant();
        let mut left = v.side_ids().filter(|&x| !e.is_out(s, x));
        if let (Some(winner), None) = (left.next(), left.next()) {
            return Some(Outcome::of_many(GameEnd::LastSide, v.sides().len(), |x| {
                if x == winner {
                    Score::WIN
                } else {
                    Score::LOSS
                }
            }));
        }
    }
    let mut moves = Vec::new();
    e.legal_moves_into(s, &mut moves);
    if moves.is_empty() {
        return Some(without_moves(e, s, e.in_check(s)));
    }
    if let (Some((times, _)), Some(last)) = (e.variant().rules.repetition, keys.last()) {
        let seen = keys.iter().filter(|k| *k == last).count();
        if seen >= times as usize {
            if many(e) {
                return Some(shared_draw(e, s, GameEnd::Repetition));
            }
            return Some(repetition(e.variant(), e.to_move(s)));
        }
    }
    by_count(e, s)
}

/// True when taking a royal piece ends the game ([`crate::variant::Rules::royal_loss_ends`])
/// and a side has fewer royal pieces on the board than its setup gives it: one was taken, the
/// game is over, and no side has a move.
pub fn royal_taken<E: Engine>(e: &E, s: &E::State) -> bool {
    let v = e.variant();
    // Where the side leaves instead, the game goes on.
    if !v.rules.royal_loss_ends(v.sides().len()) {
        return false;
    }
    let mut royals = [0usize; Side::MAX];
    e.for_each_piece(s, |_, owner, piece| {
        if v.pieces[piece].royal {
            royals[owner.index()] += 1;
        }
    });
    // A royal piece still to be placed has not been taken.
    for side in v.side_ids() {
        for p in v.piece_ids() {
            if v.pieces[p.index()].royal && v.start_hand(side).contains(&p) {
                royals[side.index()] += usize::from(e.hand(s, side, p.index()));
            }
        }
    }
    v.side_ids()
        .any(|side| !e.is_out(s, side) && royals[side.index()] < v.setup_royals(side))
}

/// The outcome of a position whose side to move has no legal move: with `royal captured`, a
/// loss when one of its royal pieces was taken (the side that took it wins); checkmate when in
/// check (if the rules say so), else stalemate with the variant's score (which may depend on
/// what the stalemating side keeps).
pub fn without_moves<E: Engine>(e: &E, s: &E::State, in_check: bool) -> Outcome {
    let rules = &e.variant().rules;
    let mover = e.to_move(s);
    if royal_taken(e, s) {
        // Only the side that moved last can have taken it.
        if many(e) {
            return won_by_last_mover(e, s, GameEnd::RoyalCaptured);
        }
        return outcome_for(GameEnd::RoyalCaptured, mover.opponent(), Score::WIN);
    }
    if many(e) {
        // The mover cannot leave (play would have sent it out): a checkmate wins for the
        // side that moved last; anything else is a draw shared by the sides left.
        if in_check && rules.checkmate_wins {
            return won_by_last_mover(e, s, GameEnd::Checkmate);
        }
        return shared_draw(e, s, GameEnd::Stalemate);
    }
    if in_check && rules.checkmate_wins {
        return outcome_for(GameEnd::Checkmate, mover.opponent(), Score::WIN);
    }
    let stalemater = mover.opponent();
    let mut score = rules.stalemate;
    if let Some((other, pieces)) = &rules.stalemate_with {
        let mut keeps = false;
        e.for_each_piece(s, |_, side, piece| {
            keeps |= side == stalemater && pieces.iter().any(|p| p.index() == piece);
        });
        if keeps {
            score = *other;
        }
    }
    outcome_for(GameEnd::Stalemate, stalemater, score)
}

/// What repeating a position gives, `mover` being the side to move in it: the rules' score
/// for the side whose move repeated it (a draw when the rules name none).
pub fn repetition(v: &Variant, mover: Side) -> Outcome {
    let score = v.rules.repetition.map_or(Score::DRAW, |(_, score)| score);
    outcome_for(GameEnd::Repetition, mover.opponent(), score)
}

/// The ends that need no move list: the move limit reached, or no material left to win
/// with.
pub fn by_count<E: Engine>(e: &E, s: &E::State) -> Option<Outcome> {
    let rules = &e.variant().rules;
    if let Some(limit) = &rules.move_limit {
        if e.quiet_plies(s) >= e.variant().sides().len() as u32 * limit.moves {
            if many(e) {
                return Some(shared_draw(e, s, GameEnd::MoveLimit));
            }
            return Some(outcome_for(GameEnd::MoveLimit, Side::WHITE, limit.score));
        }
    }
    if let Some(outcome) = impasse(e, s) {
        return Some(outcome);
    }
    if !lacks_material(e, s) {
        return None;
    }
    Some(if many(e) {
        shared_draw(e, s, GameEnd::Material)
    } else {
        outcome_for(GameEnd::Material, Side::WHITE, Score::DRAW)
    })
}

/// With `impasse`, once every royal piece of both sides (each has one at least) stands on its
/// side's cells of the zone: a loss for a side with fewer points than the rules need, else a
/// draw; `None` before.
pub fn impasse<E: Engine>(e: &E, s: &E::State) -> Option<Outcome> {
    let v = e.variant();
    let rule = v.rules.impasse.as_ref()?;
    let zone = v.zone(rule.zone);
    for side in [Side::WHITE, Side::BLACK] {
        let cells = &zone.cells[side];
        let (mut royals, mut inside) = (0, 0);
        e.for_each_royal(s, side, |cell, _| {
            royals += 1;
            inside += usize::from(cells.iter().any(|c| c.index() == cell));
        });
        if royals == 0 || inside < royals {
            return None;
        }
    }
    let points = impasse_points(e, s);
    let short = |side: Side| points[side.index()] < rule.need;
    let white = match (short(Side::WHITE), short(Side::BLACK)) {
        (true, false) => Score::LOSS,
        (false, true) => Score::WIN,
        _ => Score::DRAW,
    };
    Some(outcome_for(GameEnd::Impasse, Side::WHITE, white))
}

/// Each side's points under the `impasse` rule: its pieces on the board and in hand.
pub fn impasse_points<E: Engine>(e: &E, s: &E::State) -> [u32; Side::MAX] {
    let v = e.variant();
    let mut points = [0; Side::MAX];
    let Some(rule) = &v.rules.impasse else {
        return points;
    };
    let worth =
        |piece: usize| rule.worth(crate::variant::PieceId(piece as u8), v.pieces[piece].royal);
    e.for_each_piece(s, |_, side, piece| points[side.index()] += worth(piece));
    for side in v.side_ids() {
        for piece in 0..v.pieces.len() {
            points[side.index()] += worth(piece) * u32::from(e.hand(s, side, piece));
        }
    }
    points
}

/// True when the rules say `draw-without PIECES` and neither side has one of them (on the
/// board or in hand).
pub fn lacks_material<E: Engine>(e: &E, s: &E::State) -> bool {
    let pieces = &e.variant().rules.draw_without;
    if pieces.is_empty() {
        return false;
    }
    let mut found = false;
    e.for_each_piece(s, |_, _, piece| {
        found |= pieces.iter().any(|p| p.index() == piece)
    });
    !found
        && e.variant()
            .side_ids()
            .all(|side| pieces.iter().all(|p| e.hand(s, side, p.index()) == 0))
}

impl Game<'_> {
    /// The outcome when the game is over after `history` (the positions from the start, the
    /// current one last), or `None` while it goes on ([`outcome`], by the reference engine).
    pub fn outcome(&self, history: &[Position]) -> Option<Outcome> {
        let pos = history.last()?;
        let engine = Reference::new(*self);
        let keys: Vec<u64> = history.iter().map(|p| engine.key(p)).collect();
        outcome(&engine, pos, &keys)
    }

    /// True when the rules say `draw-without PIECES` and neither side has one of them (on
    /// the board or in hand).
    pub fn lacks_material(&self, pos: &Position) -> bool {
        lacks_material(&Reference::new(*self), pos)
    }
}
