//! A labelled position and its evaluation terms summed for White (White's minus Black's):
//! the evaluation is linear in the weights over these (bar the hand, a product of two), so
//! the fit needs no engine once they are taken.

use crate::game::Position;
use crate::search::terms::Terms;
use crate::variant::Side;

/// A quiet position of a game, its label and its terms.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The game's number (every tenth game validates).
    pub game: usize,
    /// White's score in the game, 0 to 1.
    pub white: f64,
    /// The position.
    pub position: Position,
    /// The built-in evaluation of it, for White (what `K` is fitted with).
    pub base_eval: i32,
    /// Its terms.
    pub features: Features,
}

/// The unweighted terms of a position, White's minus Black's.
#[derive(Clone, Debug, Default)]
pub struct Features {
    /// +1 with White to move, -1 with Black.
    pub to_move: f64,
    /// The game's phase: 1 with the start's material on the board, 0 with none.
    pub phase: f64,
    /// Per piece type on the board with a difference: (piece, White's count minus Black's).
    pub board: Vec<(usize, f64)>,
    /// The same for the hands.
    pub hand: Vec<(usize, f64)>,
    /// Centre terms ([`Terms::centre`]) of the non-royal pieces.
    pub centre: f64,
    /// Promotion terms ([`Terms::advance`]).
    pub advance: f64,
    /// Moves of the royal pieces from their start cells.
    pub away: f64,
    /// Reach of the royal pieces above their average.
    pub reach: f64,
    /// Own pieces next to the royal pieces.
    pub guards: f64,
    /// Cells reached beyond half the empty-board reach, each piece's counted in
    /// [`Terms::mobility_scale`].
    pub mobility: f64,
    /// Passed terms ([`Terms::passed`]) of the promoting pieces no promoting piece of the
    /// opponent stands in the span of.
    pub passed: f64,
    /// Per piece on the board: (piece × cells + the cell of White's frame it answers to,
    /// +1 for White's, -1 for Black's); empty when the board gives Black no such cells.
    pub cells: Vec<(usize, f64)>,
}

/// The terms of `pos`; `reach(cell)` counts the cells the piece on `cell` reaches
/// ([`crate::game::Engine::reach`]).
pub fn features(terms: &Terms, pos: &Position, reach: impl Fn(usize) -> u32) -> Features {
    let mut f = Features {
        to_move: if pos.to_move == Side::WHITE {
            1.0
        } else {
            -1.0
        },
        ..Features::default()
    };
    let promoting = promoting_cells(terms, pos);
    let mut board = vec![0i32; terms.pieces];
    let mut phase_material = 0;
    for (cell, square) in pos.squares.iter().enumerate() {
        let Some((side, piece)) = square else {
            continue;
        };
        let (p, k) = (piece.index(), side.index());
        let sign = if *side == Side::WHITE { 1.0 } else { -1.0 };
        board[p] += if *side == Side::WHITE { 1 } else { -1 };
        phase_material += terms.value[p];
        if !terms.on_board[cell] {
            continue;
        }
        if let Some(white) = terms
            .white_cell(k, cell)
            .filter(|_| !terms.black_image.is_empty())
        {
            f.cells.push((p * terms.cells + white, sign));
        }
        let i = terms.index(p, k, cell);
        if terms.royal[p] {
            f.away += sign * f64::from(terms.away[i]);
            f.reach += sign * (terms.reach[i] - terms.mobility[p]);
            for &n in &terms.shelter[k * terms.cells + cell] {
                if pos.squares[n as usize].is_some_and(|(o, _)| o == *side) {
                    f.guards += sign;
                }
            }
        } else {
            f.centre += sign * terms.centre(p, k, cell);
            f.advance += sign * terms.advance(p, k, cell);
            let scale = terms.mobility_scale(p);
            if scale != 0.0 {
                let beyond = f64::from(reach(cell)) - (terms.mobility[p] * 5.0).round() / 10.0;
                f.mobility += sign * scale * beyond;
            }
            // Spans are of two sides (the tuner takes two).
            if terms.promotes[p] && terms.span_words > 0 && k < 2 {
                let span = terms.span(p, k, cell);
                let stopped = span.iter().zip(&promoting[1 - k]).any(|(a, b)| a & b != 0);
                if !stopped {
                    f.passed += sign * terms.passed(p, k, cell);
                }
            }
        }
    }
    f.phase = f64::from((phase_material * 256 / terms.start_material).clamp(0, 256)) / 256.0;
    f.board = nonzero(&board);
    if terms.hands {
        let hand: Vec<i32> = (0..terms.pieces)
            .map(|p| i32::from(pos.hands[Side::WHITE][p]) - i32::from(pos.hands[Side::BLACK][p]))
            .collect();
        f.hand = nonzero(&hand);
    }
    f
}

/// Per side: the cells of its promoting pieces, as the spans' bit sets.
fn promoting_cells(terms: &Terms, pos: &Position) -> [Vec<u64>; 2] {
    let mut out = [vec![0u64; terms.span_words], vec![0u64; terms.span_words]];
    if terms.span_words == 0 {
        return out;
    }
    for (cell, square) in pos.squares.iter().enumerate() {
        if let Some((side, piece)) = square {
            if terms.promotes[piece.index()] && side.index() < 2 {
                out[side.index()][cell / 64] |= 1 << (cell % 64);
            }
        }
    }
    out
}

fn nonzero(counts: &[i32]) -> Vec<(usize, f64)> {
    counts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n != 0)
        .map(|(p, &n)| (p, f64::from(n)))
        .collect()
}
