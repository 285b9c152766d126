//! The short summary `hexv check` prints for a clean file.

use std::collections::BTreeSet;
use std::fmt;

use serde::Serialize;

use crate::compile::MoveTables;
use crate::game::Game;
use crate::geometry::board::CellId;
use crate::variant::{PieceId, Side, Variant};

#[derive(Debug, Serialize)]
pub struct Summary {
    pub name: String,
    pub inventor: Option<String>,
    pub year: Option<i64>,
    pub cells: usize,
    pub cell_shape: &'static str,
    /// Cells per colour class, with the class's name.
    pub colours: Vec<(String, usize)>,
    pub pieces: Vec<PieceSummary>,
    pub setup: [usize; 2],
    pub start_moves: usize,
}

#[derive(Debug, Serialize)]
pub struct PieceSummary {
    pub symbol: String,
    pub name: String,
    pub royal: bool,
    pub colour_bound: bool,
    /// Fewest distinct destinations on an empty board (White), and a cell where it happens.
    pub fewest: (usize, String),
    pub most: (usize, String),
}

/// Distinct cells a piece reaches from `cell` on an empty board (every entry counted).
pub fn empty_board_destinations(
    tables: &MoveTables,
    piece: PieceId,
    side: Side,
    cell: CellId,
) -> BTreeSet<CellId> {
    tables
        .entries(piece, side, cell)
        .iter()
        .flat_map(|e| tables.path(e).iter().copied())
        .collect()
}

pub fn summarize(variant: &Variant, tables: &MoveTables, colour_names: &[String]) -> Summary {
    let board = &variant.board;
    let colours = board
        .colour_sizes()
        .into_iter()
        .enumerate()
        .map(|(i, n)| {
            let name = colour_names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("colour {}", i + 1));
            (name, n)
        })
        .collect();
    let pieces = variant
        .piece_ids()
        .map(|id| {
            let p = variant.piece(id);
            let counts: Vec<(usize, CellId)> = board
                .cells()
                .map(|c| {
                    (
                        empty_board_destinations(tables, id, Side::White, c).len(),
                        c,
                    )
                })
                .collect();
            let fewest = counts
                .iter()
                .min_by_key(|(n, c)| (*n, *c))
                .copied()
                .unwrap_or((0, CellId(0)));
            let most = counts
                .iter()
                .max_by_key(|(n, c)| (*n, std::cmp::Reverse(*c)))
                .copied()
                .unwrap_or((0, CellId(0)));
            PieceSummary {
                symbol: p.symbol.clone(),
                name: p.name.clone(),
                royal: p.royal,
                colour_bound: super::lint::colour_change(variant, tables, id).is_none(),
                fewest: (fewest.0, board.name(fewest.1).to_string()),
                most: (most.0, board.name(most.1).to_string()),
            }
        })
        .collect();
    let game = Game::new(variant, tables);
    let start_moves = game.legal_moves(&game.start_position()).len();
    Summary {
        name: variant.meta.name.clone(),
        inventor: variant.meta.inventor.clone(),
        year: variant.meta.year,
        cells: board.len(),
        cell_shape: board.orientation.name(),
        colours,
        pieces,
        setup: [variant.setup.white.len(), variant.setup.black.len()],
        start_moves,
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = if self.name.is_empty() {
            "(unnamed variant)"
        } else {
            &self.name
        };
        write!(f, "{name}")?;
        match (&self.inventor, self.year) {
            (Some(i), Some(y)) => write!(f, " ({i}, {y})")?,
            (Some(i), None) => write!(f, " ({i})")?,
            (None, Some(y)) => write!(f, " ({y})")?,
            (None, None) => {}
        }
        writeln!(f)?;
        let colours: Vec<String> = self
            .colours
            .iter()
            .map(|(n, c)| format!("{c} {n}"))
            .collect();
        writeln!(
            f,
            "  board: {} {} hex cells, {} colours ({})",
            self.cells,
            self.cell_shape,
            self.colours.len(),
            colours.join(", ")
        )?;
        writeln!(
            f,
            "  pieces (destinations on an empty board, fewest / most):"
        )?;
        let width = self
            .pieces
            .iter()
            .map(|p| p.name.len() + p.symbol.len())
            .max()
            .unwrap_or(0)
            + 1;
        for p in &self.pieces {
            let label = format!("{} {}", p.symbol, p.name);
            let bound = if p.colour_bound {
                "colour-bound"
            } else {
                "changes colour"
            };
            let royal = if p.royal { "royal, " } else { "" };
            writeln!(
                f,
                "    {label:<width$}  {royal}{bound}; {} ({}) / {} ({})",
                p.fewest.0, p.fewest.1, p.most.0, p.most.1
            )?;
        }
        writeln!(
            f,
            "  setup: {} White and {} Black pieces; White has {} legal moves",
            self.setup[0], self.setup[1], self.start_moves
        )
    }
}
