//! A variant test's own model of its board, written from the rule text and never from hexv:
//! cells as integer pairs, their names, which pairs are cells, and the half turn that gives
//! Black's cells from White's. The variants' tests derive a piece's moves on an empty board
//! from it (steps and rays along vectors) and hold hexv's tables to them.
//!
//! The checks the hexagonal chess variants' modules share (brusky.rs, de_vasa.rs, shafran.rs,
//! mini_hexchess.rs) are here too, each taking the module's model and what differs: the board
//! named and coloured as the model says ([`assert_board`]), the armies, Black's White's turned
//! ([`assert_armies`]), and a piece's empty-board moves from every cell
//! ([`assert_on_every_cell`]), for Glinski's King, Rook, Bishop, Queen and Knight from the
//! model's vectors ([`assert_glinski_pieces_on_every_cell`]), or from one cell as written out
//! by hand ([`assert_moves_from`], [`assert_glinski_pieces_from`]); and what the boards named
//! by file and rank share: the vectors ([`FILE_RANK`]: Brusky's, de Vasa's, Shafran's) and the
//! pawn ([`pawn_at_11_and_1`]: Brusky's, de Vasa's).

use std::collections::BTreeSet;

use hexv::compile::MoveTables;
use hexv::variant::{Side, Variant};

use crate::rule_support::{assert_setup, union};
use crate::support::{cell, empty_destinations, names, piece, set};

/// A cell in a test's own coordinates.
pub type Xy = (i32, i32);

/// `c` moved `k` times by `d`.
pub fn plus((x, y): Xy, (dx, dy): Xy, k: i32) -> Xy {
    (x + k * dx, y + k * dy)
}

/// A board as a test models it.
pub trait BoardModel {
    /// True for the pairs that are cells.
    fn on_board(&self, c: Xy) -> bool;
    /// The cell's name, as the rule text writes it.
    fn nm(&self, c: Xy) -> String;
    /// The cell of a name.
    fn fr(&self, name: &str) -> Xy;
    /// The cell the board's half turn (or mirror) sends `c` to: Black's for White's.
    fn turn(&self, c: Xy) -> Xy;

    /// The board cell `k` times `d` from `c`, if there is one.
    fn cell_at(&self, c: Xy, d: Xy, k: i32) -> Option<String> {
        let t = plus(c, d, k);
        self.on_board(t).then(|| self.nm(t))
    }

    /// Cells one step along each vector that are on the board.
    fn steps(&self, c: Xy, vs: &[Xy]) -> BTreeSet<String> {
        crate::rule_support::along(c, vs, Some(1), |c, d, k| self.cell_at(c, d, k))
    }

    /// Cells along each vector to the edge of an empty board.
    fn rays(&self, c: Xy, vs: &[Xy]) -> BTreeSet<String> {
        crate::rule_support::along(c, vs, None, |c, d, k| self.cell_at(c, d, k))
    }

    /// The board cells exactly `k` steps along each vector (a pawn's two-cell move).
    fn cells_at(&self, c: Xy, vs: &[Xy], k: i32) -> BTreeSet<String> {
        vs.iter().filter_map(|d| self.cell_at(c, *d, k)).collect()
    }

    /// The turned image of a set of cell names (Black's cells for White's).
    fn turned(&self, cells: &str) -> BTreeSet<String> {
        cells
            .split_whitespace()
            .map(|c| self.nm(self.turn(self.fr(c))))
            .collect()
    }
}

/// A board whose cells are named by a file letter and a rank number from 1, modelled as
/// `(file index, rank)`.
pub struct FileRank {
    /// The file letters, in order.
    pub files: &'static str,
    /// True for the pairs that are cells.
    pub cells: fn(Xy) -> bool,
    /// The half turn.
    pub half_turn: fn(Xy) -> Xy,
}

impl BoardModel for FileRank {
    fn on_board(&self, c: Xy) -> bool {
        (self.cells)(c)
    }

    fn nm(&self, (f, r): Xy) -> String {
        format!("{}{}", &self.files[f as usize..f as usize + 1], r)
    }

    fn fr(&self, name: &str) -> Xy {
        let f = self.files.find(&name[..1]).expect("a file letter") as i32;
        (f, name[1..].parse().expect("a rank"))
    }

    fn turn(&self, c: Xy) -> Xy {
        (self.half_turn)(c)
    }
}

/// `1` for White, `-1` for Black: a White vector times it is the side's (Black's hours are
/// White's turned, vectors negated).
pub fn sign(side: Side) -> i32 {
    match side {
        Side::WHITE => 1,
        _ => -1,
    }
}

/// Asserts that hexv's board is the model's: `cells` (the model's cells, each named once) are
/// its cells by name, the names of `not_cells` name none, hexv's colours are the model's
/// `colour` classes (the same for a pair of cells exactly when the classes are), the three
/// classes have `sizes` cells (in ascending order) in the model and in hexv, and the model's
/// half turn maps the board onto itself.
pub fn assert_board(
    v: &Variant,
    model: &impl BoardModel,
    cells: &[Xy],
    not_cells: &[&str],
    colour: impl Fn(Xy) -> i32,
    sizes: [usize; 3],
) {
    let board = v.board();
    let expected: BTreeSet<String> = cells.iter().map(|c| model.nm(*c)).collect();
    assert_eq!(
        expected.len(),
        cells.len(),
        "the model names each cell once"
    );
    assert_eq!(board.len(), cells.len());
    assert_eq!(names(v, board.cells()), expected);
    for name in not_cells {
        assert_eq!(board.find(name), None, "{name} is not a cell");
    }
    let mut model_sizes = [0; 3];
    for &c in cells {
        model_sizes[colour(c) as usize] += 1;
        for &d in cells {
            let (a, b) = (model.nm(c), model.nm(d));
            let same = board.colour(cell(v, &a)) == board.colour(cell(v, &b));
            assert_eq!(same, colour(c) == colour(d), "{a} {b}");
        }
    }
    model_sizes.sort();
    assert_eq!(model_sizes, sizes, "the model's colour classes");
    let mut board_sizes = board.colour_sizes();
    board_sizes.sort();
    assert_eq!(board_sizes, sizes, "hexv's colour classes");
    assert!(
        cells.iter().all(|c| model.on_board(model.turn(*c))),
        "the half turn maps the board onto itself"
    );
}

/// Asserts that each side's setup is its army (`(key, "cell cell ...")`: each piece exactly on
/// its cells, `count` pieces in all, nothing else) and that Black's army is White's turned by
/// the model, piece by piece.
pub fn assert_armies(
    v: &Variant,
    model: &impl BoardModel,
    white: &[(&str, &str)],
    black: &[(&str, &str)],
    count: usize,
) {
    for (side, army) in [(Side::WHITE, white), (Side::BLACK, black)] {
        assert_eq!(assert_setup(v, side, army), count, "{side:?}");
    }
    for (key, cells) in white {
        let (_, black_cells) = black
            .iter()
            .find(|(k, _)| k == key)
            .expect("the same pieces");
        assert_eq!(model.turned(cells), set(black_cells), "{key}");
    }
}

/// Asserts a piece's moves on an empty board from a cell, as a test writes them out by hand:
/// each `(key, side, from, "cell cell ...")`.
pub fn assert_moves_from(v: &Variant, t: &MoveTables, cases: &[(&str, Side, &str, &str)]) {
    for (key, side, from, cells) in cases {
        let got = empty_destinations(v, t, piece(v, key), *side, cell(v, from));
        assert_eq!(got, set(cells), "{key} {side:?} from {from}");
    }
}

/// White's moves of Glinski's pieces from one cell of an empty board, as a test writes them
/// out by hand (each rider's cells with their number, which checks the list itself), and the
/// test's other moves written out so (the pawns', a corner's).
pub struct FromCell<'a> {
    /// The cell.
    pub from: &'a str,
    /// The King's twelve cells, or fewer near the edge.
    pub king: &'a str,
    /// The Rook's cells, and how many.
    pub rook: (&'a str, usize),
    /// The Bishop's cells, and how many.
    pub bishop: (&'a str, usize),
    /// Whether the variant has the Queen (the Rook's cells and the Bishop's).
    pub queen: bool,
    /// The Knight's cells.
    pub knight: &'a str,
    /// Other moves, as [`assert_moves_from`] takes them.
    pub also: &'a [(&'a str, Side, &'a str, &'a str)],
}

/// Asserts the moves of a [`FromCell`]: White's King, Rook, Bishop, Queen (if the variant has
/// one) and Knight from its cell, after the number of each rider's cells, then its other moves.
pub fn assert_glinski_pieces_from(v: &Variant, t: &MoveTables, cells: &FromCell) {
    let ((rook, rooks), (bishop, bishops)) = (cells.rook, cells.bishop);
    assert_eq!(set(rook).len(), rooks, "the Rook's cells");
    assert_eq!(set(bishop).len(), bishops, "the Bishop's cells");
    let both = format!("{rook} {bishop}");
    let from = cells.from;
    let mut rows = vec![
        ("K", Side::WHITE, from, cells.king),
        ("R", Side::WHITE, from, rook),
        ("B", Side::WHITE, from, bishop),
        ("N", Side::WHITE, from, cells.knight),
    ];
    if cells.queen {
        rows.push(("Q", Side::WHITE, from, &both));
    }
    rows.extend_from_slice(cells.also);
    assert_moves_from(v, t, &rows);
}

/// Asserts that the piece `key`'s moves on an empty board, for both sides and from every cell
/// of `cells`, are `expected(side, cell)`.
pub fn assert_on_every_cell(
    v: &Variant,
    t: &MoveTables,
    model: &impl BoardModel,
    cells: &[Xy],
    key: &str,
    expected: impl Fn(Side, Xy) -> BTreeSet<String>,
) {
    let p = piece(v, key);
    for side in Side::BOTH {
        for &c in cells {
            let name = model.nm(c);
            let got = empty_destinations(v, t, p, side, cell(v, &name));
            assert_eq!(got, expected(side, c), "{key} {name} {side:?}");
        }
    }
}

/// The vectors of Glinski's pieces in a model: the six edge neighbours, the six diagonal
/// steps, the twelve knight leaps.
pub struct Vectors<'a> {
    /// The edge neighbours (the Rook's lines, one step of the King's).
    pub edges: &'a [Xy],
    /// The diagonal steps (the Bishop's lines, the King's other steps).
    pub diagonals: &'a [Xy],
    /// The Knight's leaps.
    pub knight: &'a [Xy],
}

/// Glinski's vectors on a board whose cells are `(file index, rank)` and whose edge neighbours
/// are the next cell up the file `(0, 1)`, the next along the rank `(1, 0)` and the one
/// touching both, their sum `(1, 1)`, and these negated: Brusky's and de Vasa's boards (files
/// climbing to 11 o'clock, ranks to 3) and Shafran's (files up to 12 o'clock, ranks to 4), as
/// their module comments derive them. A diagonal step is the sum of the two edge steps it
/// passes between; a knight leap is two edge steps and one more turned 60 degrees.
pub const FILE_RANK: Vectors<'static> = Vectors {
    edges: &[(1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0), (0, 1)],
    diagonals: &[(2, 1), (1, -1), (-1, -2), (-2, -1), (-1, 1), (1, 2)],
    knight: &[
        (3, 2),
        (2, 3),
        (3, 1),
        (2, -1),
        (1, -2),
        (-1, -3),
        (-2, -3),
        (-3, -2),
        (-3, -1),
        (-2, 1),
        (-1, 2),
        (1, 3),
    ],
};

/// Asserts Glinski's pieces of `pieces` (of `K R B Q N`) on every cell, for both sides: the
/// King one step along every edge and diagonal, and from its start cell its castling cells
/// (`castlings`: `(side, king's cell, "cell cell ...")`); the Rook along the edges, the Bishop
/// along the diagonals and the Queen along both, each to the edge of the empty board; the
/// Knight's leaps.
pub fn assert_glinski_pieces_on_every_cell(
    v: &Variant,
    t: &MoveTables,
    model: &impl BoardModel,
    cells: &[Xy],
    vectors: &Vectors,
    pieces: &str,
    castlings: &[(Side, &str, &str)],
) {
    let all: Vec<Xy> = vectors
        .edges
        .iter()
        .chain(vectors.diagonals)
        .copied()
        .collect();
    for key in pieces.split_whitespace() {
        let expected = |side: Side, c: Xy| match key {
            "K" => {
                let mut king = model.steps(c, &all);
                for (s, from, to) in castlings {
                    if *s == side && model.nm(c) == *from {
                        king.extend(set(to));
                    }
                }
                king
            }
            "R" => model.rays(c, vectors.edges),
            "B" => model.rays(c, vectors.diagonals),
            // The Queen is the Rook and the Bishop.
            "Q" => union(&[
                model.rays(c, vectors.edges),
                model.rays(c, vectors.diagonals),
            ]),
            "N" => model.steps(c, vectors.knight),
            other => panic!("`{other}` is not one of Glinski's K R B Q N"),
        };
        assert_on_every_cell(v, t, model, cells, key, expected);
    }
}

/// The pawn of Brusky's and de Vasa's boards ([`FILE_RANK`], files at 11 o'clock) on an empty
/// board, White's: one cell to 11 o'clock `(0, 1)` or 1 o'clock `(1, 1)`, from its start rank
/// also two cells along either, and captures at 10 `(-1, 1)` and 2 o'clock `(2, 1)`; Black's
/// turned (the vectors negated).
pub fn pawn_at_11_and_1(
    model: &impl BoardModel,
    side: Side,
    c: Xy,
    start_rank: i32,
) -> BTreeSet<String> {
    let s = sign(side);
    let pushes = [(0, s), (s, s)];
    let mut pawn = model.steps(c, &[pushes[0], pushes[1], (-s, s), (2 * s, s)]);
    if c.1 == start_rank {
        pawn.extend(model.cells_at(c, &pushes, 2));
    }
    pawn
}
