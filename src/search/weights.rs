//! The evaluation's tunable numbers: each piece type's material in the middle game and in
//! the ending, and one scale per placement term. All are whole numbers in fixed units, so the
//! evaluation stays integer; [`Weights::default_for`] gives the numbers of the built-in
//! formula, which reproduce it exactly. `hexv tune` fits them to games; a `.weights` file
//! beside the variant keeps them ([`mod@file`]).

pub mod file;

use super::params::SearchParams;
use super::terms::Terms;
use crate::compile::MoveTables;
use crate::variant::Variant;

/// The weights of one variant's evaluation (units in the field docs; docs/engine.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per piece type: its material in centipawns, `[middle game, ending]` (royal pieces
    /// keep 0: they are never captured).
    pub material: Vec<[i32; 2]>,
    /// Centre, per mille of a piece's value per unit of relative reach, `[middle, ending]`.
    pub centre: [i32; 2],
    /// Promotion advance, per mille of the promotion's gain at the zone's edge (falling with
    /// the square of the moves to it), `[middle, ending]`.
    pub advance: [i32; 2],
    /// Royal piece away from its start cell, tenths of a centipawn lost per move (middle).
    pub royal_home: i32,
    /// Royal piece in the ending, tenths of a centipawn per cell it reaches above average.
    pub royal_ending: i32,
    /// Own piece next to a royal piece, tenths of a centipawn (middle).
    pub shelter: i32,
    /// A piece in hand, per mille of its middle-game material.
    pub hand: i32,
    /// The side to move's bonus, centipawns.
    pub tempo: i32,
    /// Mobility: per mille of a piece's formula value over its mean empty-board reach, per
    /// cell it reaches beyond half that reach, `[middle, ending]` (royal and promoting pieces
    /// aside). 0 in the built-in formula: reach costs a move walk per piece and node, which
    /// pays only on some boards; a weights file turns it on.
    pub mobility: [i32; 2],
    /// Passed promoting piece (no promoting piece of the opponent can stop or take it on its
    /// way): per mille of its promotion's gain over one more than its moves to the zone,
    /// `[middle, ending]`. 0 in the built-in formula; a weights file turns it on.
    pub passed: [i32; 2],
    /// Per mille of the evaluation kept when the side ahead has no promoting piece and is
    /// ahead by less than half again its cheapest other piece (a lone minor piece rarely
    /// wins). 1000 in the built-in formula: the term is off. Not one of the
    /// [`Weights::scalars`]: the evaluation is not linear in it, so the tuner keeps it.
    pub drawish: i32,
    /// Per (piece, cell) of White's frame at `piece * cells + cell`: centipawns added to
    /// the piece's placement there, `[middle, ending]`; Black's piece reads the cell its own
    /// answers to ([`Terms::white_cell`]). All 0 in the built-in formula: the formula
    /// derives placement from reach; `hexv tune --cells` fits what it misses.
    pub cells: Vec<[i32; 2]>,
    /// The search's margins and reductions: not the evaluation's, but tuned per variant in
    /// the same file (the defaults unless it sets them).
    pub search: SearchParams,
}

/// The range a weight may take: what keeps every sum of the evaluation far from overflow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// The least value.
    pub min: i32,
    /// The greatest value.
    pub max: i32,
}

impl Weights {
    /// Material values, centipawns.
    pub const MATERIAL: Range = Range {
        min: 0,
        max: 10_000,
    };
    /// Centre and advance, per mille.
    pub const PER_MILLE: Range = Range {
        min: -10_000,
        max: 10_000,
    };
    /// Royal, shelter (tenths) and tempo (centipawns).
    pub const SMALL: Range = Range {
        min: -1_000,
        max: 1_000,
    };
    /// The share of the evaluation kept in a drawish ending, per mille.
    pub const DRAWISH: Range = Range { min: 0, max: 1000 };
    /// Per-cell placement, centipawns.
    pub const CELL: Range = Range {
        min: -1_000,
        max: 1_000,
    };
    /// Hand, per mille.
    pub const HAND: Range = Range {
        min: 0,
        max: 10_000,
    };

    /// The built-in formula's weights: what the evaluation used before any tuning.
    pub fn default_for(v: &Variant, t: &MoveTables) -> Weights {
        Weights::from_terms(&Terms::new(v, t))
    }

    /// The built-in weights from already derived terms.
    pub fn from_terms(terms: &Terms) -> Weights {
        Weights {
            material: terms.value.iter().map(|&v| [v, v]).collect(),
            centre: [150, 150],
            advance: [500, 750],
            royal_home: 80,
            royal_ending: 50,
            shelter: 60,
            hand: 1100,
            tempo: 10,
            mobility: [0, 0],
            passed: [0, 0],
            drawish: 1000,
            cells: vec![[0, 0]; terms.pieces * terms.cells],
            search: SearchParams::default(),
        }
    }

    /// Every scalar weight with its name in the file and its value, in the file's order.
    pub fn scalars(&self) -> [(&'static str, i32); 13] {
        let mut copy = self.clone();
        copy.scalars_mut().map(|(name, _, w)| (name, *w))
    }

    /// Every scalar weight with its name in the file, its range and a mutable place.
    pub fn scalars_mut(&mut self) -> [(&'static str, Range, &mut i32); 13] {
        let [cm, ce] = &mut self.centre;
        let [am, ae] = &mut self.advance;
        let [mm, me] = &mut self.mobility;
        let [pm, pe] = &mut self.passed;
        [
            ("centre-middle", Weights::PER_MILLE, cm),
            ("centre-ending", Weights::PER_MILLE, ce),
            ("advance-middle", Weights::PER_MILLE, am),
            ("advance-ending", Weights::PER_MILLE, ae),
            ("royal-home", Weights::SMALL, &mut self.royal_home),
            ("royal-ending", Weights::SMALL, &mut self.royal_ending),
            ("shelter", Weights::SMALL, &mut self.shelter),
            ("hand", Weights::HAND, &mut self.hand),
            ("tempo", Weights::SMALL, &mut self.tempo),
            ("mobility-middle", Weights::PER_MILLE, mm),
            ("mobility-ending", Weights::PER_MILLE, me),
            ("passed-middle", Weights::PER_MILLE, pm),
            ("passed-ending", Weights::PER_MILLE, pe),
        ]
    }
}

#[cfg(test)]
mod tests;
