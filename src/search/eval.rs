//! The evaluation, derived from the compiled variant alone (docs/engine.md gives the formulas):
//!
//! - **material**: the file's `value N` for the piece if it has one; otherwise a piece is
//!   worth `76 · m^(2/3)` centipawns, where `m` is its mobility: the
//!   average, over the board's cells, of the cells it reaches on an empty board (a cell it may
//!   only move to, or only capture on, counts one half; a hopper's cell, reached only with a
//!   piece to jump, one half again). So a piece with one forward move and
//!   two forward captures (`m` = 2 near the start, about 1.5 on average) is worth about 100,
//!   and a hex queen about 900. A piece that never changes colour on a board of several
//!   colours loses 15%. Royal pieces have no material value: they are never captured;
//! - **placement**: a piece gains (or loses) in proportion to how much more (or less) it
//!   reaches from its cell than on average; a promoting piece gains as it nears its
//!   promotion zone; a royal piece prefers its start cell while there is material on the
//!   board, and the cells that reach most in the ending;
//! - **hands**: a piece in hand is worth 10% more than on the board (it may go anywhere);
//! - **mobility** (off unless a weights file sets it): each piece that neither is royal nor
//!   promotes gains in proportion to the cells it reaches beyond half its empty-board reach,
//!   its pieces and the board as they stand ([`crate::game::Engine::reach`]);
//! - **passed pieces** (off unless a weights file sets it): a promoting piece that no
//!   promoting piece of the opponent stands before or can take on its way to the zone gains
//!   a part of its promotion's value, the more the nearer it is;
//! - **royal safety**: own pieces next to a royal piece, while there is material;
//! - a small bonus for the side to move.
//!
//! Every number these terms are scaled by is a [`Weights`] field: the built-in formula's
//! by default ([`Evaluator::new`]), or tuned ones ([`Evaluator::with_weights`]).

use super::terms::{Terms, MAX_PASSED_CELLS};
use super::weights::Weights;
use crate::compile::MoveTables;
use crate::game::{zobrist, Engine, Move};
use crate::variant::{Side, Variant};

/// The largest placement term of one piece on one cell, in centipawns: with the weights'
/// ranges it keeps every sum of [`Evaluator::evaluate`] far from overflow.
const MAX_PLACEMENT: i32 = 10_000;
/// The evaluation never reaches the mate scores.
const MAX_SCORE: i32 = 30_000;

/// The seed of the structure keys ([`Accumulator::structure`]), apart from the position
/// keys' seeds.
const STRUCTURE_SEED: u64 = 0x5eed_0f9a_77e7_5a11;

/// The evaluation tables of one variant.
#[derive(Clone, Debug)]
pub struct Evaluator {
    cells: usize,
    pieces: usize,
    /// Material of each piece type, `[middle game, ending]` (0 for royal pieces).
    material: Vec<[i32; 2]>,
    /// Each piece type's value by the formula: what the phase is measured in, whatever the
    /// weights, so that tuned material does not move the phase.
    phase_value: Vec<i32>,
    /// Per (piece, side, cell): placement bonus with all material on the board, and in the
    /// ending.
    middle: Vec<i32>,
    ending: Vec<i32>,
    /// Material of both sides' non-royal pieces in the start position (the phase's scale).
    start_material: i32,
    /// Per (side, cell) of a royal piece: the cells next to it (its own one-cell moves).
    shelter: Vec<Vec<u16>>,
    hands: bool,
    /// Per piece type: tenths of a centipawn per cell it reaches, `[middle game, ending]`
    /// (0 for royal and promoting pieces, whose reach says little), within
    /// ±[`MAX_PLACEMENT`].
    mobility: Vec<[i32; 2]>,
    /// Per piece type: the reach, in tenths of a cell, it is measured from (half its
    /// empty-board reach).
    mobility_base: Vec<i32>,
    /// Whether any piece type has a mobility weight.
    any_mobility: bool,
    /// Per piece type: whether it promotes.
    promotes: Vec<bool>,
    /// Per (piece, side, cell): a random key for a promoting piece there, 0 for any other:
    /// [`Accumulator::structure`] is their XOR.
    structure_keys: Vec<u64>,
    /// Per (piece, side, cell): a passed piece's bonus, `[middle game, ending]`; empty when
    /// the weights leave the term out.
    passed: Vec<[i32; 2]>,
    /// The spans that tell passed pieces ([`Terms::passed_span`]) and their words each.
    span: Vec<u64>,
    span_words: usize,
    /// Tenths of a centipawn per own piece next to a royal piece.
    shelter_weight: i32,
    /// Per mille of a piece's value when in hand.
    hand_weight: i32,
    tempo: i32,
    /// Per mille of the value kept when the side ahead [cannot win](Evaluator::cannot_win)
    /// (1000: the term is off).
    drawish: i32,
    /// The least material advantage, without promoting pieces, that wins: half again the
    /// cheapest piece that neither is royal nor promotes.
    winning_margin: i32,
}

impl Evaluator {
    /// The evaluation of the built-in formula.
    pub fn new(v: &Variant, t: &MoveTables) -> Evaluator {
        let terms = Terms::new(v, t);
        Evaluator::from_terms(&terms, &Weights::from_terms(&terms))
    }

    /// The evaluation with these weights (a piece type they lack keeps the formula's value).
    pub fn with_weights(v: &Variant, t: &MoveTables, weights: &Weights) -> Evaluator {
        Evaluator::from_terms(&Terms::new(v, t), weights)
    }

    /// The evaluation from already derived terms.
    pub fn from_terms(terms: &Terms, w: &Weights) -> Evaluator {
        let (cells, pieces) = (terms.cells, terms.pieces);
        let material: Vec<[i32; 2]> = (0..pieces)
            .map(|p| match (terms.royal[p], w.material.get(p)) {
                (true, _) => [0, 0],
                (false, Some(m)) => *m,
                (false, None) => [terms.value[p]; 2],
            })
            .collect();
        let per_mille = |x: i32| x as f64 / 1000.0;
        let tenths = |x: i32| x as f64 / 10.0;
        let mut middle = vec![0; pieces * 2 * cells];
        let mut ending = vec![0; pieces * 2 * cells];
        for p in 0..pieces {
            let m = terms.mobility[p];
            let value = terms.value[p] as f64;
            for side in 0..2 {
                let gain = terms.gain[p * 2 + side] as f64;
                for c in (0..cells).filter(|&c| terms.on_board[c]) {
                    let i = terms.index(p, side, c);
                    let here = terms.reach[i];
                    let (mid, end) = if terms.royal[p] {
                        let away = terms.away[i] as i32;
                        (
                            (-(w.royal_home * away) as f64 / 10.0).round(),
                            ((here - m) * tenths(w.royal_ending)).round(),
                        )
                    } else {
                        // Written as the formula always was, so the default weights give
                        // the very same numbers.
                        let centre = |scale: i32| value * per_mille(scale) * (here - m) / (m + 1.0);
                        let (advance, advance_end) = match terms.to_promotion[i] {
                            Some(d) => {
                                let square = ((1 + d) * (1 + d)) as f64;
                                let mid = gain * per_mille(w.advance[0]) / square;
                                let end = if w.advance[0] != 0 {
                                    w.advance[1] as f64 / w.advance[0] as f64 * mid
                                } else {
                                    gain * per_mille(w.advance[1]) / square
                                };
                                (mid, end)
                            }
                            None => (0.0, 0.0),
                        };
                        (
                            (centre(w.centre[0]) + advance).round(),
                            (centre(w.centre[1]) + advance_end).round(),
                        )
                    };
                    let bound = MAX_PLACEMENT as f64;
                    let [cell_mid, cell_end] = terms
                        .white_cell(side, c)
                        .and_then(|white| w.cells.get(p * cells + white))
                        .copied()
                        .unwrap_or([0, 0]);
                    let within = |x: f64, extra: i32| {
                        (x.clamp(-bound, bound) as i32 + extra).clamp(-MAX_PLACEMENT, MAX_PLACEMENT)
                    };
                    middle[i] = within(mid, cell_mid);
                    ending[i] = within(end, cell_end);
                }
            }
        }
        // Tenths of a centipawn per cell: the scale times the weight's per mille, times 10.
        let mobility: Vec<[i32; 2]> = (0..pieces)
            .map(|p| {
                let scale = terms.mobility_scale(p);
                let bound = f64::from(MAX_PLACEMENT);
                w.mobility.map(|per_mille| {
                    (scale * f64::from(per_mille) / 100.0)
                        .round()
                        .clamp(-bound, bound) as i32
                })
            })
            .collect();
        let mobility_base = (0..pieces)
            .map(|p| (terms.mobility[p] * 5.0).round() as i32)
            .collect();
        let any_mobility = mobility.iter().any(|w| *w != [0, 0]);
        let passed = if w.passed != [0, 0] && terms.span_words > 0 {
            let mut out = vec![[0, 0]; pieces * 2 * cells];
            for p in (0..pieces).filter(|&p| terms.promotes[p]) {
                for side in 0..2 {
                    for c in (0..cells).filter(|&c| terms.on_board[c]) {
                        let x = terms.passed(p, side, c);
                        let bound = f64::from(MAX_PLACEMENT);
                        out[terms.index(p, side, c)] = w
                            .passed
                            .map(|pm| (x * per_mille(pm)).round().clamp(-bound, bound) as i32);
                    }
                }
            }
            out
        } else {
            Vec::new()
        };
        let structure_keys = (0..pieces * 2 * cells)
            .map(|i| {
                if terms.promotes[i / (2 * cells)] {
                    zobrist::mix(STRUCTURE_SEED, i as u64)
                } else {
                    0
                }
            })
            .collect();
        Evaluator {
            promotes: terms.promotes.clone(),
            structure_keys,
            span: if passed.is_empty() {
                Vec::new()
            } else {
                terms.passed_span.clone()
            },
            span_words: terms.span_words,
            passed,
            mobility,
            mobility_base,
            any_mobility,
            cells,
            pieces,
            material,
            phase_value: terms.value.clone(),
            middle,
            ending,
            start_material: terms.start_material,
            shelter: terms.shelter.clone(),
            hands: terms.hands,
            shelter_weight: w.shelter,
            hand_weight: w.hand,
            tempo: w.tempo,
            drawish: w.drawish,
            winning_margin: (0..pieces)
                .filter(|&p| !terms.royal[p] && !terms.promotes[p])
                .map(|p| terms.value[p] * 3 / 2)
                .min()
                .unwrap_or(0),
        }
    }

    /// The material value of a piece type in the middle game, in centipawns (0 for a royal
    /// piece): what the search orders and prunes captures by.
    pub fn value(&self, piece: usize) -> i32 {
        self.material[piece][0]
    }

    /// The position's value for the side to move, in centipawns, computed from scratch. With
    /// more than two sides it is the multi-player search's value (the side's material and
    /// mobility less its strongest opponent's): the terms below are of two.
    pub fn evaluate<E: Engine>(&self, engine: &E, s: &E::State) -> i32 {
        if engine.variant().sides().len() > 2 {
            return super::many::evaluate(engine, self, engine.to_move(s), s);
        }
        self.evaluate_with(engine, s, &self.accumulate(engine, s))
    }

    /// The sums over the pieces on the board of `s`: what [`Evaluator::after_move`] keeps up
    /// to date move by move.
    pub fn accumulate<E: Engine>(&self, engine: &E, s: &E::State) -> Accumulator {
        let mut acc = Accumulator::default();
        engine.for_each_piece(s, |cell, side, piece| {
            self.add(&mut acc, cell, side, piece, 1)
        });
        acc
    }

    /// The sums of `child`, the position after the move `m` in `s`, from those of `s`: only
    /// the cells the move touches are looked at.
    pub fn after_move<E: Engine>(
        &self,
        engine: &E,
        acc: &Accumulator,
        (s, m, child): (&E::State, &Move, &E::State),
    ) -> Accumulator {
        let mut next = *acc;
        engine.for_each_touched(s, m, |cell| {
            let (before, after) = (engine.at(s, cell), engine.at(child, cell));
            if before != after {
                if let Some((side, piece)) = before {
                    self.add(&mut next, cell, side, piece, -1);
                }
                if let Some((side, piece)) = after {
                    self.add(&mut next, cell, side, piece, 1);
                }
            }
        });
        next
    }

    /// Adds (`sign` 1) or takes away (-1) a piece's material and placement.
    fn add(&self, acc: &mut Accumulator, cell: usize, side: Side, piece: usize, sign: i32) {
        let k = side.index();
        let [mid, end] = self.material[piece];
        acc.material[k][0] += sign * mid;
        acc.material[k][1] += sign * end;
        acc.phase_material += sign * self.phase_value[piece];
        acc.worth[k] += sign * self.phase_value[piece];
        acc.promoting[k] += sign * i32::from(self.promotes[piece]);
        let i = (piece * 2 + k) * self.cells + cell;
        acc.middle[k] += sign * self.middle[i];
        acc.ending[k] += sign * self.ending[i];
        acc.structure ^= self.structure_keys[i];
    }

    /// The position's value for the side to move, in centipawns, `acc` being its sums
    /// ([`Evaluator::accumulate`]). Allocates nothing: it runs at every node.
    pub fn evaluate_with<E: Engine>(&self, engine: &E, s: &E::State, acc: &Accumulator) -> i32 {
        // Own pieces next to each side's royal pieces (scaled by the phase below).
        let mut guards = [0i32; 2];
        for side in Side::BOTH {
            let k = side.index();
            engine.for_each_royal(s, side, |cell, _| {
                for &n in &self.shelter[k * self.cells + cell] {
                    if engine.at(s, n as usize).is_some_and(|(o, _)| o == side) {
                        guards[k] += 1;
                    }
                }
            });
        }
        let mut held = [0i32; 2];
        if self.hands {
            for side in Side::BOTH {
                for piece in 0..self.pieces {
                    let n = i64::from(engine.hand(s, side, piece));
                    let worth =
                        n * i64::from(self.material[piece][0]) * i64::from(self.hand_weight);
                    held[side.index()] += (worth / 1000) as i32;
                }
            }
        }
        // In hundredths of a centipawn, 64-bit: extreme weights must not overflow.
        let mut mobile = [[0i64; 2]; 2];
        if self.any_mobility {
            engine.for_each_piece(s, |cell, side, piece| {
                let [mid, end] = self.mobility[piece];
                if mid != 0 || end != 0 {
                    let more = i64::from(engine.reach(s, cell)) * 10
                        - i64::from(self.mobility_base[piece]);
                    mobile[side.index()][0] += i64::from(mid) * more;
                    mobile[side.index()][1] += i64::from(end) * more;
                }
            });
        }
        let passed = self.passed_sums(engine, s);
        // Phase: 256 with the start's material on the board, 0 with none.
        let phase = (acc.phase_material * 256 / self.start_material).clamp(0, 256);
        let bound = i64::from(MAX_SCORE);
        let mobility = |k: usize| {
            let [mid, end] = mobile[k];
            let blended = (mid * i64::from(phase) + end * i64::from(256 - phase)) / 25600;
            blended.clamp(-bound, bound) as i32
        };
        let score = |k: usize| {
            (acc.material[k][0] * phase + acc.material[k][1] * (256 - phase)) / 256
                + held[k]
                + (acc.middle[k] * phase + acc.ending[k] * (256 - phase)) / 256
                + guards[k] * self.shelter_weight * phase / 2560
                + mobility(k)
                + (passed[k][0] * phase + passed[k][1] * (256 - phase)) / 256
        };
        let me = engine.to_move(s).index();
        let value = score(me) - score(1 - me) + self.tempo;
        let ahead = if value > 0 { me } else { 1 - me };
        let value = if self.drawish < 1000 && self.cannot_win(acc, ahead) {
            value * self.drawish / 1000
        } else {
            value
        };
        value.clamp(-MAX_SCORE, MAX_SCORE)
    }

    /// Whether the side ahead has no promoting piece and less than
    /// [`Evaluator::winning_margin`] more material than the other: an ending it most likely
    /// cannot win (a lone minor piece). Never in variants with hands.
    fn cannot_win(&self, acc: &Accumulator, ahead: usize) -> bool {
        !self.hands
            && acc.promoting[ahead] == 0
            && acc.worth[ahead] - acc.worth[1 - ahead] < self.winning_margin
    }

    /// Each side's passed pieces' bonuses, `[middle game, ending]`: one walk over the pieces
    /// to find the promoting ones, then a test of each one's span. Nothing without the term.
    fn passed_sums<E: Engine>(&self, engine: &E, s: &E::State) -> [[i32; 2]; 2] {
        let mut sums = [[0; 2]; 2];
        if self.passed.is_empty() {
            return sums;
        }
        let mut promoting = [[0u64; MAX_PASSED_CELLS / 64]; 2];
        engine.for_each_piece(s, |cell, side, piece| {
            // Two sides: the only evaluation of more is the multi-player search's.
            if self.promotes[piece] && side.index() < 2 {
                promoting[side.index()][cell / 64] |= 1 << (cell % 64);
            }
        });
        let words = self.span_words;
        engine.for_each_piece(s, |cell, side, piece| {
            if !self.promotes[piece] || side.index() >= 2 {
                return;
            }
            let k = side.index();
            let i = (piece * 2 + k) * self.cells + cell;
            let span = &self.span[i * words..(i + 1) * words];
            let stopped = span.iter().zip(&promoting[1 - k]).any(|(a, b)| a & b != 0);
            if !stopped {
                sums[k][0] += self.passed[i][0];
                sums[k][1] += self.passed[i][1];
            }
        });
        sums
    }
}

/// The evaluation's sums over the pieces on the board, per side: material (middle game,
/// ending), placement (middle game, ending) and the material the phase is measured in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accumulator {
    material: [[i32; 2]; 2],
    middle: [i32; 2],
    ending: [i32; 2],
    phase_material: i32,
    /// Per side: the formula's material of its pieces and how many of them promote (what
    /// tells an ending the side ahead cannot win).
    worth: [i32; 2],
    promoting: [i32; 2],
    /// The XOR of the keys of the promoting pieces (the pawns) on their cells: which
    /// structure the position has, what the search's correction of the static value is
    /// kept by.
    structure: u64,
}

impl Accumulator {
    /// The key of the promoting pieces' placement (pawn structure).
    pub fn structure(&self) -> u64 {
        self.structure
    }
}
