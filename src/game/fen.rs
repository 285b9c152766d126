//! Positions as text (FEN-like, for any board): the pieces cell by cell, the side to move,
//! the hands, the en-passant right, the unmoved pieces and the count toward the move limit.
//! Documented in docs/positions.md. Glinski's start:
//!
//! ```text
//! 6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - - - 0
//! ```
//!
//! The board field lists the board's lines in order (files bottom to top on flat hex and
//! triangle boards, ranks left to right on pointy ones) separated by `/`, then, when the board
//! has off-board cells, one more line for them in the order they are declared. In a line a
//! piece is its symbol, upper case for White and lower case for Black, in parentheses when it
//! is longer than one character (`(+P)`), and a number counts empty cells.

use std::fmt;

use super::{EnPassant, Game, Position};
use crate::geometry::board::CellId;
use crate::variant::{PieceId, Side};

/// The most pieces of one kind a hand may hold in a position text: far more than any board
/// has, and captures can add to it without overflowing.
const MAX_IN_HAND: u16 = 1000;

/// Why a position text was refused: where (a character offset into the text) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// 0-based character offset into the text.
    pub offset: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: {}", self.offset + 1, self.message)
    }
}

impl std::error::Error for PositionError {}

impl PositionError {
    /// The text with a caret under the place of the error, for a terminal. The caret stands
    /// under the `offset`-th character: the padding has one character for each before it, a
    /// space, or the same character when it is white space (a tab lines up in a terminal too).
    pub fn show(&self, text: &str) -> String {
        let pad: String = text
            .chars()
            .chain(std::iter::repeat(' '))
            .take(self.offset)
            .map(|c| {
                if c.is_whitespace() && c != '\n' && c != '\r' {
                    c
                } else {
                    ' '
                }
            })
            .collect();
        format!("{text}\n{pad}^ {}", self.message)
    }
}

pub(super) fn err(offset: usize, message: impl Into<String>) -> PositionError {
    PositionError {
        offset,
        message: message.into(),
    }
}

impl Game<'_> {
    /// A piece as written in a position: its symbol, upper case for White, lower case for
    /// Black, in parentheses when longer than one character.
    fn piece_token(&self, side: Side, p: PieceId) -> String {
        let s = &self.variant.piece(p).symbol;
        if self.many_sides() {
            return format!("({}{s})", side.index() + 1);
        }
        let s = if side == Side::WHITE {
            s.to_uppercase()
        } else {
            s.to_lowercase()
        };
        if s.chars().count() == 1 {
            s
        } else {
            format!("({s})")
        }
    }

    /// The cells of the board field, line by line (off-board cells last, as one line).
    fn position_lines(&self) -> Vec<Vec<CellId>> {
        let board = &self.variant.board;
        let mut lines = board.lines();
        let outside: Vec<CellId> = board.off_board_cells().collect();
        if !outside.is_empty() {
            lines.push(outside);
        }
        lines
    }

    /// The position as text.
    pub fn position_text(&self, pos: &Position) -> String {
        let board = &self.variant.board;
        let lines: Vec<String> = self
            .position_lines()
            .iter()
            .map(|line| {
                let mut out = String::new();
                let mut empty = 0;
                for c in line {
                    match pos.squares[c.index()] {
                        None => empty += 1,
                        Some((side, p)) => {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push_str(&self.piece_token(side, p));
                        }
                    }
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                }
                out
            })
            .collect();
        let to_move = if self.many_sides() {
            let v = self.variant;
            let out: Vec<&str> = v
                .side_ids()
                .filter(|&x| pos.is_out(x))
                .map(|x| v.side_name(x))
                .collect();
            let mut text = v.side_name(pos.to_move).to_string();
            if !out.is_empty() {
                text = format!("{text}/{}", out.join(","));
            }
            text
        } else if pos.to_move == Side::WHITE {
            "w".to_string()
        } else {
            "b".to_string()
        };
        let mut hands = String::new();
        for side in self.variant.side_ids() {
            for p in self.variant.piece_ids() {
                for _ in 0..pos.hands[side][p.index()] {
                    hands.push_str(&self.piece_token(side, p));
                }
            }
        }
        let ep = match &pos.en_passant {
            None => "-".to_string(),
            Some(ep) => {
                let cells: Vec<&str> = ep.cells.iter().map(|c| board.name(*c)).collect();
                format!("{}@{}", cells.join(","), board.name(ep.victim))
            }
        };
        let unmoved: Vec<&str> = board
            .all_cells()
            .filter(|c| pos.unmoved[c.index()] && pos.squares[c.index()].is_some())
            .map(|c| board.name(c))
            .collect();
        format!(
            "{} {to_move} {} {ep} {} {}",
            lines.join("/"),
            if hands.is_empty() { "-" } else { &hands },
            if unmoved.is_empty() {
                "-".to_string()
            } else {
                unmoved.join(",")
            },
            pos.quiet_plies
        )
    }

    /// Reads a position; the error says where the text is wrong and why. A text that reads
    /// but describes a position no game can reach (a side without its royal piece, the side
    /// not to move in check, an en-passant right no move gives) is refused too.
    pub fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let fields = fields(text);
        if fields.len() < 2 || fields.len() > 6 {
            return Err(err(
                0,
                format!(
                    "a position has 2 to 6 fields (board, side to move, hands, en passant, unmoved pieces, quiet moves), not {}",
                    fields.len()
                ),
            ));
        }
        let mut pos = self.empty_position(Side::WHITE);
        self.read_board(&mut pos, fields[0])?;
        // Side to move.
        let (o, side) = fields[1];
        pos.to_move = if self.many_sides() {
            self.read_sides(&mut pos, (o, side))?
        } else {
            match side {
                "w" => Side::WHITE,
                "b" => Side::BLACK,
                _ => return Err(err(o, "the side to move is `w` or `b`")),
            }
        };
        if let Some(&field) = fields.get(2) {
            self.read_hands(&mut pos, field)?;
        }
        let en_passant = match fields.get(3) {
            Some(&field) => self.read_en_passant(&mut pos, field)?,
            None => None,
        };
        if let Some(&field) = fields.get(4) {
            self.read_unmoved(&mut pos, field)?;
        }
        if let Some(&(o, quiet)) = fields.get(5) {
            pos.quiet_plies = quiet
                .parse()
                .map_err(|_| err(o, "the count of quiet moves is a number"))?;
        }
        self.check_position(&pos, fields[0].0, fields[1].0, en_passant.as_ref())?;
        Ok(pos)
    }

    /// The board field: line by line, each piece on its cell; a number counts empty cells.
    fn read_board(
        &self,
        pos: &mut Position,
        (b0, board_text): (usize, &str),
    ) -> Result<(), PositionError> {
        let board = &self.variant.board;
        let lines = self.position_lines();
        let written: Vec<(usize, &str)> = {
            let mut out = Vec::new();
            let mut at = b0;
            for part in board_text.split('/') {
                out.push((at, part));
                at += part.chars().count() + 1;
            }
            out
        };
        if written.len() != lines.len() {
            return Err(err(
                b0,
                format!(
                    "the board has {} lines{}, but {} are written",
                    lines.len(),
                    if board.off_board_cells().next().is_some() {
                        " (the last for its off-board cells)"
                    } else {
                        ""
                    },
                    written.len()
                ),
            ));
        }
        for ((offset, part), cells) in written.iter().zip(&lines) {
            // Cells written so far: never more than the line has, so it cannot overflow.
            let mut k: usize = 0;
            for (o, token) in tokens(part).map_err(|o| err(offset + o, "a `(` is not closed"))? {
                let at = offset + o;
                match token {
                    Token::Empty(digits) => {
                        // Digits only, so the parse fails only when the count overflows.
                        let total = digits.parse::<usize>().ok().and_then(|n| k.checked_add(n));
                        match total {
                            Some(t) if t <= cells.len() => k = t,
                            Some(t) => {
                                return Err(err(
                                    at,
                                    format!(
                                        "this line has {} cells, but {t} are written",
                                        cells.len()
                                    ),
                                ))
                            }
                            None => {
                                return Err(err(
                                    at,
                                    format!(
                                        "this line has {} cells, but the count {digits} is larger",
                                        cells.len()
                                    ),
                                ))
                            }
                        }
                    }
                    Token::Piece(s) => {
                        let Some(&cell) = cells.get(k) else {
                            return Err(err(at, "more cells than the line has"));
                        };
                        pos.squares[cell.index()] = Some(self.read_piece(&s, at)?);
                        k += 1;
                    }
                }
            }
            if k != cells.len() {
                return Err(err(
                    *offset,
                    format!("this line has {} cells, but {k} are written", cells.len()),
                ));
            }
        }
        Ok(())
    }

    /// The hands field: every piece in hand, one symbol each (upper case White's), or `-`.
    fn read_hands(
        &self,
        pos: &mut Position,
        (o, hands): (usize, &str),
    ) -> Result<(), PositionError> {
        if hands == "-" {
            return Ok(());
        }
        let v = self.variant;
        if !v.rules.has_hands() {
            return Err(err(
                o,
                "this variant has no hands (its rules have no `captures to-hand`): write `-`",
            ));
        }
        for (i, token) in tokens(hands).map_err(|i| err(o + i, "a `(` is not closed"))? {
            match token {
                Token::Piece(s) => {
                    let (side, p) = self.read_piece(&s, o + i)?;
                    let piece = v.piece(p);
                    if v.rules.placement.is_some() {
                        let placed = v.start_hand(side).iter().filter(|q| **q == p).count();
                        let held = &mut pos.hands[side][p.index()];
                        if usize::from(*held) >= placed {
                            return Err(err(
                                o + i,
                                format!(
                                    "{} places {placed} `{}` before play: a hand holds only pieces still to be placed",
                                    v.side_title(side),
                                    piece.symbol
                                ),
                            ));
                        }
                        *held += 1;
                        continue;
                    }
                    // With `royal captured` a royal piece taken goes to the hand as any
                    // other (`captures to-hand`): the position where the game ended.
                    if piece.royal && !v.rules.royal_captured {
                        return Err(err(
                            o + i,
                            format!("`{s}` is royal: it is never captured, so never in hand"),
                        ));
                    }
                    let as_held = v.in_hand_as(p);
                    if as_held != p {
                        return Err(err(
                            o + i,
                            format!(
                                "a captured `{}` goes to hand as `{}`: write that",
                                piece.name,
                                v.piece(as_held).name
                            ),
                        ));
                    }
                    let held = &mut pos.hands[side][p.index()];
                    if *held >= MAX_IN_HAND {
                        return Err(err(
                            o + i,
                            format!("more than {MAX_IN_HAND} pieces of a kind in hand"),
                        ));
                    }
                    *held += 1;
                }
                Token::Empty(_) => return Err(err(o + i, "a hand lists pieces, one symbol each")),
            }
        }
        Ok(())
    }

    /// The en-passant field, `PASSED,...@VICTIM` or `-`; with where each cell is written,
    /// for [`Game::check_position`].
    fn read_en_passant(
        &self,
        pos: &mut Position,
        (o, ep): (usize, &str),
    ) -> Result<Option<EnPassantText>, PositionError> {
        if ep == "-" {
            return Ok(None);
        }
        let board = &self.variant.board;
        let Some((passed, victim)) = ep.split_once('@') else {
            return Err(err(
                o,
                "write the en-passant right as CELL,...@VICTIM, or -",
            ));
        };
        let cell = |name: &str, at: usize| {
            board
                .find(name)
                .ok_or_else(|| err(at, format!("there is no cell `{name}`")))
        };
        let mut cells: Vec<(CellId, usize)> = Vec::new();
        let mut at = o;
        for name in passed.split(',') {
            let c = cell(name, at)?;
            if cells.iter().any(|&(seen, _)| seen == c) {
                return Err(err(at, format!("`{name}` is listed twice")));
            }
            cells.push((c, at));
            at += name.chars().count() + 1;
        }
        let victim_at = o + passed.chars().count() + 1;
        let victim = cell(victim, victim_at)?;
        let mut sorted: Vec<CellId> = cells.iter().map(|&(c, _)| c).collect();
        // Kept in cell order, as the engines keep them, so equal rights compare equal.
        sorted.sort();
        pos.en_passant = Some(EnPassant {
            cells: sorted,
            victim,
        });
        Ok(Some(EnPassantText {
            at: o,
            cells,
            victim_at,
        }))
    }

    /// The unmoved field: cells, comma separated, each holding a piece, or `-`.
    fn read_unmoved(
        &self,
        pos: &mut Position,
        (o, unmoved): (usize, &str),
    ) -> Result<(), PositionError> {
        if unmoved == "-" {
            return Ok(());
        }
        let board = &self.variant.board;
        let mut at = o;
        for name in unmoved.split(',') {
            let c = board
                .find(name)
                .ok_or_else(|| err(at, format!("there is no cell `{name}`")))?;
            if pos.squares[c.index()].is_none() {
                return Err(err(
                    at,
                    format!("`{name}` is empty: no piece there to be unmoved"),
                ));
            }
            if pos.unmoved[c.index()] {
                return Err(err(at, format!("`{name}` is listed twice")));
            }
            if let Some((_, p)) = pos.squares[c.index()] {
                if !self.variant.tracks_unmoved(p) {
                    return Err(err(
                        at,
                        format!(
                            "the `{}` on `{name}` needs no unmoved mark (only castling kings and rooks and pieces with an unmoved multi-step do): leave it out",
                            self.variant.piece(p).name
                        ),
                    ));
                }
            }
            pos.unmoved[c.index()] = true;
            at += name.chars().count() + 1;
        }
        Ok(())
    }

    fn read_piece(&self, s: &str, at: usize) -> Result<(Side, PieceId), PositionError> {
        let v = self.variant;
        if self.many_sides() {
            return self.read_numbered_piece(s, at);
        }
        let white = v.pieces.iter().position(|p| p.symbol == s);
        let black = v
            .pieces
            .iter()
            .position(|p| p.symbol.to_lowercase() == s && p.symbol != s);
        match (white, black) {
            (Some(i), _) => Ok((Side::WHITE, PieceId(i as u8))),
            (None, Some(i)) => Ok((Side::BLACK, PieceId(i as u8))),
            _ => Err(err(
                at,
                format!("no piece has the symbol `{s}` (White's upper case, Black's lower case)"),
            )),
        }
    }
}

impl Game<'_> {
    /// The side-to-move field of a variant of more than two sides: the side to move, then
    /// maybe `/` and the sides out of the game, comma separated (`red/black`). Marks those
    /// out in `pos`.
    fn read_sides(
        &self,
        pos: &mut Position,
        (o, text): (usize, &str),
    ) -> Result<Side, PositionError> {
        let v = self.variant;
        let names: Vec<String> = v
            .side_ids()
            .map(|s| format!("`{}`", v.side_name(s)))
            .collect();
        let find = |name: &str| v.side_ids().find(|&s| v.side_name(s) == name);
        let (mover, out) = text.split_once('/').unwrap_or((text, ""));
        let to_move = find(mover).ok_or_else(|| {
            err(
                o,
                format!("the side to move is one of {}", names.join(", ")),
            )
        })?;
        let mut at = o + mover.chars().count() + 1;
        for name in out.split(',').filter(|_| !out.is_empty()) {
            let side = find(name).ok_or_else(|| {
                err(
                    at,
                    format!(
                        "after `/` come the sides out of the game, each one of {}",
                        names.join(", ")
                    ),
                )
            })?;
            if side == to_move {
                return Err(err(
                    at,
                    format!("`{name}` is to move, so it is in the game"),
                ));
            }
            pos.out |= 1 << side.index();
            at += name.chars().count() + 1;
        }
        if v.side_ids().filter(|&s| !pos.is_out(s)).count() < 2 {
            return Err(err(o, "a game goes on while two sides or more are in it"));
        }
        Ok(to_move)
    }

    /// Whether the variant has more than two sides: its pieces are then written with their
    /// side's number, `(2K)`, and the side to move by its name.
    fn many_sides(&self) -> bool {
        self.variant.sides().len() > 2
    }

    /// A piece of a variant of more than two sides: its side's number (1 for the first) and
    /// its symbol, as in `(2K)` or `(3+P)`.
    fn read_numbered_piece(&self, s: &str, at: usize) -> Result<(Side, PieceId), PositionError> {
        let v = self.variant;
        let digits = s.chars().take_while(char::is_ascii_digit).count();
        let side = s[..digits]
            .parse::<usize>()
            .ok()
            .filter(|&n| (1..=v.sides().len()).contains(&n))
            .and_then(|n| Side::new(n - 1));
        let piece = v.pieces.iter().position(|p| p.symbol == s[digits..]);
        match (side, piece) {
            (Some(side), Some(i)) => Ok((side, PieceId(i as u8))),
            _ => Err(err(
                at,
                format!(
                    "`{s}` is not a piece: with {} sides a piece is written in parentheses as its side's number (1 for {}) and its symbol, e.g. `(2{})`",
                    v.sides().len(),
                    v.side_name(Side::WHITE),
                    v.pieces.first().map_or("K", |p| p.symbol.as_str())
                ),
            )),
        }
    }
}

enum Token<'a> {
    /// A count of empty cells, as written (digits only).
    Empty(&'a str),
    Piece(String),
}

/// The fields of a position text, each with its character offset.
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut fields = Vec::new();
    // (character offset, byte offset) where the current field starts.
    let mut start = None;
    for (i, (b, ch)) in text.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((i, b)),
            (true, Some((s, sb))) => {
                fields.push((s, &text[sb..b]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((s, sb)) = start {
        fields.push((s, &text[sb..]));
    }
    fields
}

/// The tokens of a line: runs of digits (empty cells), single characters and parenthesised
/// symbols (pieces), each with its character offset. The error is the character offset of an
/// unclosed `(`.
fn tokens(text: &str) -> Result<Vec<(usize, Token<'_>)>, usize> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let byte = |i: usize| chars.get(i).map_or(text.len(), |&(b, _)| b);
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i].1;
        if ch.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].1.is_ascii_digit() {
                i += 1;
            }
            out.push((start, Token::Empty(&text[byte(start)..byte(i)])));
        } else if ch == '(' {
            let close = chars[i..].iter().position(|(_, c)| *c == ')').ok_or(i)?;
            let s: String = chars[i + 1..i + close].iter().map(|(_, c)| c).collect();
            out.push((i, Token::Piece(s)));
            i += close + 1;
        } else {
            out.push((i, Token::Piece(ch.to_string())));
            i += 1;
        }
    }
    Ok(out)
}

/// Where the cells of an en-passant field are written (character offsets): the field, each
/// passed cell in the order written, the victim.
pub(super) struct EnPassantText {
    pub(super) at: usize,
    pub(super) cells: Vec<(CellId, usize)>,
    pub(super) victim_at: usize,
}
