//! The built-in weights reproduce the evaluation as it was before weights existed: a copy of
//! that evaluation, kept here unchanged, against [`Evaluator::new`] and
//! [`Evaluator::with_weights`] with [`Weights::default_for`], on every position of random
//! games in several variants, with both engines.

use super::Weights;
use crate::compile::MoveTables;
use crate::game::fast::FastEngine;
use crate::game::Engine;
use crate::game::Game;
use crate::game::Reference;
use crate::geometry::board::CellId;
use crate::load::load;
use crate::rng::Rng;
use crate::search::terms::{royal_start, steps_to, weighted_reach};
use crate::search::Evaluator;
use crate::source::SourceFile;
use crate::variant::{PieceId, Side, Variant};

/// The evaluation before weights: its tables and its sum, as they were written.
struct Old {
    cells: usize,
    pieces: usize,
    value: Vec<i32>,
    middle: Vec<i32>,
    ending: Vec<i32>,
    start_material: i32,
    shelter: Vec<Vec<u16>>,
    royal: Vec<bool>,
    hands: bool,
}

impl Old {
    fn new(v: &Variant, t: &MoveTables) -> Old {
        let cells = v.board().total();
        let pieces = v.pieces().len();
        let board_cells: Vec<CellId> = v.board().cells().collect();
        let reach = |p: PieceId, side: Side, c: CellId| -> f64 { weighted_reach(t, p, side, c) };
        let colours = v.board().colour_count() > 1;
        let mut value = vec![0; pieces];
        let mut mobility = vec![0.0; pieces];
        for p in v.piece_ids() {
            let total: f64 = board_cells.iter().map(|&c| reach(p, Side::WHITE, c)).sum();
            let m = (total / board_cells.len().max(1) as f64).max(0.25);
            mobility[p.index()] = m;
            let bound = colours && crate::analyse::colour_change(v, t, p).is_none();
            let factor = if bound { 0.85 } else { 1.0 };
            value[p.index()] = match (v.piece(p).royal, v.piece(p).value) {
                (true, _) => 0,
                (false, Some(given)) => given as i32,
                (false, None) => (76.0 * m.powf(2.0 / 3.0) * factor).round() as i32,
            };
        }
        let mut middle = vec![0; pieces * 2 * cells];
        let mut ending = vec![0; pieces * 2 * cells];
        let mut shelter = vec![Vec::new(); 2 * cells];
        for p in v.piece_ids() {
            let piece = v.piece(p);
            for side in Side::BOTH {
                let promotion_gain = piece
                    .promotion
                    .as_ref()
                    .map(|pr| {
                        let best = pr.to.iter().map(|q| value[q.index()]).max().unwrap_or(0);
                        (best - value[p.index()]).max(0)
                    })
                    .unwrap_or(0);
                let distance = piece
                    .promotion
                    .as_ref()
                    .map(|pr| steps_to(t, p, side, &v.zone(pr.zone).cells[side], cells));
                let start = royal_start(v, p, side);
                let start_distance = start.map(|s| steps_to(t, p, side, &[s], cells));
                for c in v.board().cells() {
                    let i = (p.index() * 2 + side.index()) * cells + c.index();
                    let here = reach(p, side, c);
                    let m = mobility[p.index()];
                    if piece.royal {
                        let away = start_distance
                            .as_ref()
                            .and_then(|d| d[c.index()])
                            .unwrap_or(0)
                            .min(5) as i32;
                        middle[i] = -8 * away;
                        ending[i] = ((here - m) * 5.0).round() as i32;
                        shelter[side.index() * cells + c.index()] = t
                            .empty_board_destinations(p, side, c)
                            .into_iter()
                            .map(|d| d.index() as u16)
                            .collect();
                    } else {
                        let centre = value[p.index()] as f64 * 0.15 * (here - m) / (m + 1.0);
                        let advance = distance
                            .as_ref()
                            .and_then(|d| d[c.index()])
                            .map(|d| promotion_gain as f64 * 0.5 / ((1 + d) * (1 + d)) as f64)
                            .unwrap_or(0.0);
                        middle[i] = (centre + advance).round() as i32;
                        ending[i] = (centre + 1.5 * advance).round() as i32;
                    }
                }
            }
        }
        let start_material = Side::BOTH
            .iter()
            .flat_map(|&s| v.setup(s).iter().map(|(p, _)| p).chain(v.start_hand(s)))
            .map(|p| value[p.index()])
            .sum::<i32>()
            .max(1);
        Old {
            cells,
            pieces,
            value,
            middle,
            ending,
            start_material,
            shelter,
            royal: v.pieces().iter().map(|p| p.royal).collect(),
            hands: v.rules().has_hands(),
        }
    }

    fn evaluate<P: Engine>(&self, engine: &P, s: &P::State) -> i32 {
        let mut material = [0i32; 2];
        let mut middle = [0i32; 2];
        let mut ending = [0i32; 2];
        let mut guards = [0i32; 2];
        engine.for_each_piece(s, |cell, side, piece| {
            let k = side.index();
            material[k] += self.value[piece];
            let i = (piece * 2 + k) * self.cells + cell;
            middle[k] += self.middle[i];
            ending[k] += self.ending[i];
            if self.royal[piece] {
                for &n in &self.shelter[k * self.cells + cell] {
                    if engine.at(s, n as usize).is_some_and(|(o, _)| o == side) {
                        guards[k] += 6;
                    }
                }
            }
        });
        let mut held = [0i32; 2];
        if self.hands {
            for side in Side::BOTH {
                for piece in 0..self.pieces {
                    let n = engine.hand(s, side, piece) as i32;
                    held[side.index()] += n * self.value[piece] * 11 / 10;
                }
            }
        }
        let phase = ((material[0] + material[1]) * 256 / self.start_material).clamp(0, 256);
        let score = |k: usize| {
            material[k]
                + held[k]
                + (middle[k] * phase + ending[k] * (256 - phase)) / 256
                + guards[k] * phase / 256
        };
        let me = engine.to_move(s).index();
        score(me) - score(1 - me) + 10
    }
}

#[test]
fn default_weights_evaluate_as_the_formula_always_did() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut positions = 0;
    for name in [
        "mini-hexchess",
        "glinski",
        "chessagon",
        "hex-shogi-41",
        "xiang-hex",
        "brusky",
    ] {
        let file = SourceFile::read(&root.join(format!("{name}.hexv"))).expect("a shipped file");
        let compiled = load(&file).compiled.expect("a clean variant");
        let (v, t) = (compiled.variant(), compiled.tables());
        let game = Game::new(v, t);
        let fast = FastEngine::new(game).expect("a small board");
        let reference = Reference::new(game);
        let old = Old::new(v, t);
        let new = Evaluator::new(v, t);
        let weighted = Evaluator::with_weights(v, t, &Weights::default_for(v, t));
        for p in 0..v.pieces().len() {
            assert_eq!(old.value[p], new.value(p), "{name}: value of piece {p}");
        }
        let mut rng = Rng::new(7);
        for _ in 0..12 {
            let mut pos = game.start_position();
            for _ in 0..120 {
                let want = old.evaluate(&reference, &pos);
                let s = fast.state(&pos);
                assert_eq!(new.evaluate(&reference, &pos), want, "{name}");
                assert_eq!(new.evaluate(&fast, &s), want, "{name}");
                assert_eq!(weighted.evaluate(&fast, &s), want, "{name}");
                positions += 1;
                let mut legal = Vec::new();
                Engine::legal_moves_into(&fast, &s, &mut legal);
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len())];
                pos = game.play(&pos, &m);
            }
        }
    }
    assert!(positions > 3000, "{positions} positions");
}
