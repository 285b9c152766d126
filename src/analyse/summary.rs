//! The short summary `hexv check` prints for a clean file.

use std::fmt;

use serde::Serialize;

use crate::compile::MoveTables;
use crate::diagnostic::ordinal;
use crate::game::Game;
use crate::geometry::board::CellId;
use crate::variant::{LeftPieces, PieceId, Score, Side, Variant};

/// What [`summarize`] gathers; `Display` prints it as `hexv check` does.
#[derive(Debug, Serialize)]
pub struct Summary {
    /// The variant's name (empty when the file gives none).
    pub name: String,
    /// The `inventor` line, if any.
    pub inventor: Option<String>,
    /// The `year` line, if any.
    pub year: Option<i64>,
    /// Cells of the board proper (off-board cells not counted).
    pub cells: usize,
    /// The grid: "flat hex", "pointy hex" or "triangle".
    pub cell_shape: &'static str,
    /// Cells per colour class, with the class's name.
    pub colours: Vec<(String, usize)>,
    /// Names of the off-board cells pieces enter from.
    pub off_board: Vec<String>,
    /// Every piece type, in id order.
    pub pieces: Vec<PieceSummary>,
    /// The rules, one short phrase each.
    pub rules: Vec<String>,
    /// Each side's name and pieces at the start, in turn order.
    pub setup: Vec<(String, usize)>,
    /// Each side's pieces in hand at the start, in turn order (all 0 unless the setup has
    /// `hand` lines: then left out of the JSON).
    #[serde(skip_serializing_if = "no_hands")]
    pub in_hand: Vec<usize>,
    /// The first side's legal moves in the start position.
    pub start_moves: usize,
}

/// One piece type's line of the summary.
#[derive(Debug, Serialize)]
pub struct PieceSummary {
    /// Its symbol.
    pub symbol: String,
    /// Its name.
    pub name: String,
    /// Declared `royal`.
    pub royal: bool,
    /// Never changes colour, as found on the compiled tables (declared or not).
    pub colour_bound: bool,
    /// Fewest distinct destinations on an empty board (White), and a cell where it happens.
    pub fewest: (usize, String),
    /// Most distinct destinations on an empty board (White), and a cell where it happens.
    pub most: (usize, String),
}

/// What `hexv check` says of a clean variant: the board, each piece's reach, the rules and
/// the number of legal moves at the start.
pub fn summarize(variant: &Variant, tables: &MoveTables) -> Summary {
    let board = &variant.board;
    let colours = board
        .colour_sizes()
        .into_iter()
        .enumerate()
        .map(|(i, n)| (variant.colour_name(i), n))
        .collect();
    let pieces = variant
        .piece_ids()
        .map(|id| {
            let p = variant.piece(id);
            let counts: Vec<(usize, CellId)> = board
                .cells()
                .map(|c| (tables.empty_board_destinations(id, Side::WHITE, c).len(), c))
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
                colour_bound: super::lints::colour_change(variant, tables, id).is_none(),
                fewest: (fewest.0, board.name(fewest.1).to_string()),
                most: (most.0, board.name(most.1).to_string()),
            }
        })
        .collect();
    let off_board = board
        .off_board_cells()
        .map(|c| board.name(c).to_string())
        .collect();
    let game = Game::new(variant, tables);
    let start_moves = game.legal_moves(&game.start_position()).len();
    Summary {
        name: variant.meta.name.clone(),
        inventor: variant.meta.inventor.clone(),
        year: variant.meta.year,
        cells: board.len(),
        cell_shape: board.grid.name(),
        colours,
        off_board,
        pieces,
        rules: describe_rules(variant),
        setup: variant
            .side_ids()
            .map(|side| (variant.side_title(side), variant.setup[side].len()))
            .collect(),
        in_hand: variant
            .side_ids()
            .map(|side| variant.start_hand(side).len())
            .collect(),
        start_moves,
    }
}

/// The game-end and hand rules in words, for the summary.
pub fn describe_rules(v: &Variant) -> Vec<String> {
    let r = &v.rules;
    let symbols = |ids: &[PieceId]| -> String {
        let s: Vec<&str> = ids.iter().map(|p| v.piece(*p).symbol.as_str()).collect();
        s.join(" ")
    };
    let mut out = Vec::new();
    let many = v.sides().len() > 2;
    let left = match r.leaving.pieces {
        LeftPieces::Removed => "its pieces are removed",
        LeftPieces::Stay => "its pieces stay, never to move",
        LeftPieces::ToMater => {
            "its pieces pass to the side that mated it or took its royal piece (a mated royal piece is taken off)"
        }
    };
    if r.leaving.royal {
        out.push(format!(
            "royal pieces are captured, not mated: a move may leave one's own attacked, and a side whose royal piece is taken leaves the game ({left}); the last side in wins"
        ));
    } else if r.royal_captured {
        out.push(
            "royal pieces are captured, not mated: a move may leave one's own attacked, and the side that takes a royal piece wins"
                .to_string(),
        );
    } else if r.leaving.checkmate {
        out.push(format!(
            "a checkmated side, or one whose royal piece another takes, leaves the game ({left}); the last side in wins"
        ));
    } else if r.checkmate_wins && many {
        out.push(
            "checkmate wins for the side that moved last, as does taking a royal piece".to_string(),
        );
    } else if r.checkmate_wins {
        out.push("checkmate wins".to_string());
    }
    let phrase = |score: Score| match score.describe().as_str() {
        "draw" => "a draw".to_string(),
        "win" => "a win for the stalemating side".to_string(),
        "loss" => "a loss for the stalemating side".to_string(),
        fraction => format!("worth {fraction} to the stalemating side"),
    };
    let mut stalemate = if r.leaving.stalemate {
        format!("a stalemated side leaves the game ({left})")
    } else if many {
        "stalemate is a draw shared by the sides in the game".to_string()
    } else {
        format!("stalemate is {}", phrase(r.stalemate))
    };
    if let Some((other, pieces)) = &r.stalemate_with {
        stalemate.push_str(&format!(
            " ({} while it keeps {})",
            phrase(*other),
            symbols(pieces)
        ));
    }
    out.push(stalemate);
    if !v.castlings.is_empty() {
        out.push(format!("{} castling options", v.castlings.len()));
    }
    if r.captures_to_hand {
        out.push("captured pieces go to the captor's hand".to_string());
    }
    if let Some(p) = r.placement {
        let order = if p.sequential {
            "each side its whole hand in turn"
        } else {
            "one piece each in turn"
        };
        out.push(format!(
            "before play the pieces in hand are placed on `{}`, {order}",
            v.zone(p.zone).name
        ));
    }
    if let Some((n, score)) = r.repetition {
        out.push(match score.describe().as_str() {
            "draw" => format!("draw on the {} repetition", ordinal(n)),
            other => format!(
                "{other} for the side whose move makes the {} repetition",
                ordinal(n)
            ),
        });
    }
    if let Some(l) = &r.move_limit {
        let mut text = format!(
            "{} after {} moves each without a capture",
            l.score.describe(),
            l.moves
        );
        if !l.reset_by.is_empty() {
            text.push_str(&format!(" or a {} move", symbols(&l.reset_by)));
        }
        out.push(text);
    }
    if !r.facing.is_empty() {
        let hours: Vec<String> = r
            .facing
            .by_kind()
            .flat_map(|(_, hours)| hours.iter().map(|h| h.get().to_string()))
            .collect();
        out.push(format!(
            "royal pieces may not face each other on an open line at {} o'clock",
            hours.join(" or ")
        ));
    }
    if !r.draw_without.is_empty() {
        out.push(format!(
            "draw once neither side has {}",
            symbols(&r.draw_without)
        ));
    }
    if let Some(i) = &r.impasse {
        let worth: Vec<String> = v
            .piece_ids()
            .map(|p| (v.piece(p), i.worth(p, v.piece(p).royal)))
            .filter(|(piece, n)| *n != u32::from(!piece.royal))
            .map(|(piece, n)| format!("{} {n}", piece.symbol))
            .collect();
        let listed = if worth.is_empty() {
            String::new()
        } else {
            format!(", {}", worth.join(", "))
        };
        out.push(format!(
            "an impasse once both royal pieces stand in `{}`: fewer than {} points loses (a piece on the board or in hand is 1{listed}; royal pieces 0), else a draw",
            v.zone(i.zone).name,
            i.need
        ));
    }
    out
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
            "  board: {} {} cells, {} colours ({})",
            self.cells,
            self.cell_shape,
            self.colours.len(),
            colours.join(", ")
        )?;
        if !self.off_board.is_empty() {
            writeln!(
                f,
                "  off-board cells: {} (pieces enter the board from them)",
                self.off_board.join(" ")
            )?;
        }
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
        writeln!(f, "  rules: {}", self.rules.join("; "))?;
        let counts: Vec<String> = self
            .setup
            .iter()
            .map(|(side, n)| format!("{n} {side}"))
            .collect();
        let first = self
            .setup
            .first()
            .map_or("White", |(side, _)| side.as_str());
        let held = if self.in_hand.iter().any(|&n| n > 0) {
            let held: Vec<String> = self.in_hand.iter().map(usize::to_string).collect();
            format!(" and {} in hand", listed(&held))
        } else {
            String::new()
        };
        writeln!(
            f,
            "  setup: {} pieces{held}; {first} has {} legal moves",
            listed(&counts),
            self.start_moves
        )
    }
}

/// True when no side holds a piece at the start.
fn no_hands(held: &[usize]) -> bool {
    held.iter().all(|&n| n == 0)
}

/// "a, b and c".
fn listed(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ordinals() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 103]
            .into_iter()
            .map(crate::diagnostic::ordinal)
            .collect();
        assert_eq!(
            words,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd"]
        );
    }
}
