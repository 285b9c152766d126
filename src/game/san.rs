//! Short algebraic notation (SAN) for any variant: `Nf3`, `exd5`, `Hh1f4`, `e11=Q`, `P*5e`.
//!
//! A move is written as its piece's letter (a [`Letters`] map, or the variant's own
//! symbols), the departure only as far as needed to tell it apart from the other legal moves
//! of the same letter to the same cell (file, then rank, then the whole cell), `x` for a
//! capture, the destination, `=X` for a promotion and `+` / `#` after a check or a mate. A
//! piece whose symbol is `P` has no letter; its captures name the file it leaves (`fxe5`).
//! Drops are `X*cell` with the piece's letter, or its symbol when the map gives none.
//! A castling is written as the variant says (`written "R0-0"` in its castling block; `O` and
//! `0` read alike), or else as the king's move. The file of a cell is the first run of letters or of digits
//! of its name and the rank the rest (`e10`: `e`, `10`; shogi's `5e`: `5`, `e`); a name
//! with no such split (Koval's `42`) has only the whole cell.
//!
//! Reading is lenient: `x`, `:` or nothing for captures, a promotion with or without `=`,
//! trailing `+`, `#`, `!`, `?` and `e.p.`, and a departure by file, rank or cell. A text
//! resolves to exactly one legal move, or to a [`SanError`] saying why not.

use std::fmt;

use super::{Game, Move, Position};
use crate::geometry::board::CellId;
use crate::variant::{Piece, PieceId};

/// The longest move text read (readings try every cut of the text, so a long one would be
/// slow); the longest real move is a few letters and two cell names.
const MAX_LEN: usize = 48;

/// The letters pieces are written with: a map from the variant's symbols to letters, and the
/// variant's own symbol for every piece the map does not name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letters {
    map: Vec<(&'static str, &'static str)>,
}

impl Letters {
    /// The variant's own symbols; only `P` is written without a letter.
    pub fn own() -> Letters {
        Letters {
            map: vec![("P", "")],
        }
    }

    /// English letters, which are the symbols of the shipped chess variants.
    pub fn english() -> Letters {
        Letters::own()
    }

    /// Hungarian letters: K király (king), V vezér (queen), B bástya (rook), F futó (bishop),
    /// H huszár (knight); pawns without a letter.
    pub fn hungarian() -> Letters {
        Letters {
            map: vec![
                ("P", ""),
                ("K", "K"),
                ("Q", "V"),
                ("R", "B"),
                ("B", "F"),
                ("N", "H"),
            ],
        }
    }

    /// The maps a record's letters are detected among, by name, in the order tried: `own`
    /// (which `en` equals for the shipped variants) and `hu`.
    pub fn detectable() -> [(&'static str, Letters); 2] {
        [("own", Letters::own()), ("hu", Letters::hungarian())]
    }

    /// A map by its command-line name: `en`, `hu` or `own`.
    pub fn by_name(name: &str) -> Option<Letters> {
        match name {
            "en" => Some(Letters::english()),
            "hu" => Some(Letters::hungarian()),
            "own" => Some(Letters::own()),
            _ => None,
        }
    }

    /// The letter a piece is written with in a move (empty for pawns).
    pub fn letter<'p>(&self, piece: &'p Piece) -> &'p str {
        match self.map.iter().find(|(symbol, _)| *symbol == piece.symbol) {
            Some((_, letter)) => letter,
            None => &piece.symbol,
        }
    }

    /// The letter of a piece in a drop or a promotion: never empty.
    fn named_letter<'p>(&self, piece: &'p Piece) -> &'p str {
        match self.letter(piece) {
            "" => &piece.symbol,
            letter => letter,
        }
    }

    /// The pieces a letter may stand for: the map's letters first, then the own symbols
    /// that are no letter of the map.
    fn pieces_for(&self, game: &Game, letter: &str) -> Vec<PieceId> {
        let pieces: Vec<PieceId> = game.variant.piece_ids().collect();
        let mapped: Vec<PieceId> = pieces
            .iter()
            .copied()
            .filter(|p| self.letter(game.variant.piece(*p)) == letter)
            .collect();
        if !mapped.is_empty() {
            return mapped;
        }
        let taken = self.map.iter().any(|(_, l)| *l == letter);
        pieces
            .into_iter()
            .filter(|p| !taken && game.variant.piece(*p).symbol == letter)
            .collect()
    }
}

/// Why a SAN text names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// No destination cell can be read in the text.
    Malformed(String),
    /// The text names a piece letter no piece has.
    UnknownLetter {
        /// The move as written.
        text: String,
        /// The letter that names no piece.
        letter: String,
    },
    /// No legal move matches the text.
    Illegal {
        /// The move as written.
        text: String,
        /// Why, in words.
        reason: String,
        /// Legal moves close to the text (the same piece to the same cell, or any piece to
        /// it), in long notation: what the record may have meant.
        near: Vec<String>,
    },
    /// More than one legal move matches the text.
    Ambiguous {
        /// The move as written.
        text: String,
        /// The moves it could be, in long notation.
        candidates: Vec<String>,
    },
}

impl SanError {
    /// A one-word kind: `malformed`, `unknown letter`, `illegal` or `ambiguous`.
    pub fn kind(&self) -> &'static str {
        match self {
            SanError::Malformed(_) => "malformed",
            SanError::UnknownLetter { .. } => "unknown letter",
            SanError::Illegal { .. } => "illegal",
            SanError::Ambiguous { .. } => "ambiguous",
        }
    }

    /// The moves worth showing with the error, in long notation.
    pub fn candidates(&self) -> &[String] {
        match self {
            SanError::Illegal { near, .. } => near,
            SanError::Ambiguous { candidates, .. } => candidates,
            _ => &[],
        }
    }
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Malformed(t) => write!(f, "`{t}` is not a move: no destination cell"),
            SanError::UnknownLetter { text, letter } => {
                write!(f, "`{text}`: no piece is written `{letter}`")
            }
            SanError::Illegal { text, reason, .. } => write!(f, "`{text}` is illegal: {reason}"),
            SanError::Ambiguous { text, candidates } => write!(
                f,
                "`{text}` is ambiguous: it could be {}",
                candidates.join(" or ")
            ),
        }
    }
}

impl std::error::Error for SanError {}

/// A cell name's file and rank (`e10` → `e`, `10`; `5e` → `5`, `e`), when it has both.
fn file_and_rank(name: &str) -> Option<(&str, &str)> {
    let first = name.chars().next()?;
    let split = name.find(|c: char| c.is_ascii_digit() != first.is_ascii_digit())?;
    let (file, rank) = name.split_at(split);
    let same = |c: char| c.is_ascii_digit() == rank.starts_with(|d: char| d.is_ascii_digit());
    rank.chars().all(same).then_some((file, rank))
}

/// True when a departure written `hint` (a file, a rank or a cell) names `from`.
fn departure_matches(name: &str, hint: &str) -> bool {
    hint.is_empty()
        || name == hint
        || file_and_rank(name).is_some_and(|(file, rank)| file == hint || rank == hint)
}

/// One way of reading a SAN text: which pieces, from where, to where, promoting to what.
struct Reading<'t> {
    letter: &'t str,
    pieces: Vec<PieceId>,
    departure: &'t str,
    /// The destination: one cell, or every cell of a file (`fxe`, a pawn capture written
    /// with the files only).
    to: Vec<CellId>,
    promotion: Option<Vec<PieceId>>,
    says_capture: bool,
}

impl Game<'_> {
    /// True when the move takes a piece.
    fn is_capture(&self, pos: &Position, mv: &Move) -> bool {
        mv.en_passant_victim.is_some()
            || pos.squares[mv.to.index()].is_some_and(|(side, _)| side != pos.to_move)
    }

    /// The move in short algebraic notation with the given letters, `legal` being the legal
    /// moves of `pos` (so that a list of moves is written with one move generation each).
    pub fn format_san_among(
        &self,
        pos: &Position,
        mv: &Move,
        legal: &[Move],
        letters: &Letters,
    ) -> String {
        let v = self.variant;
        let board = &v.board;
        let piece = v.piece(mv.piece);
        let mut s = String::new();
        match (mv.from, self.castling_notation(mv)) {
            (_, Some(written)) => s.push_str(written),
            (None, None) => {
                s.push_str(letters.named_letter(piece));
                s.push('*');
                s.push_str(board.name(mv.to));
            }
            (Some(from), None) => {
                let letter = letters.letter(piece);
                let capture = self.is_capture(pos, mv);
                let from_name = board.name(from);
                let rivals: Vec<&str> = legal
                    .iter()
                    .filter(|m| {
                        m.from.is_some_and(|f| f != from)
                            && m.to == mv.to
                            && m.promotion == mv.promotion
                            && letters.letter(v.piece(m.piece)) == letter
                    })
                    .filter_map(|m| m.from.map(|f| board.name(f)))
                    .collect();
                let (file, rank) = file_and_rank(from_name).unwrap_or((from_name, from_name));
                let pawn_capture = letter.is_empty() && capture;
                let departure = if rivals.is_empty() && !pawn_capture {
                    ""
                } else {
                    let hints: &[&str] = if pawn_capture {
                        &[file, from_name]
                    } else {
                        &[file, rank, from_name]
                    };
                    hints
                        .iter()
                        .copied()
                        .find(|h| {
                            departure_matches(from_name, h)
                                && !rivals.iter().any(|r| departure_matches(r, h))
                        })
                        .unwrap_or(from_name)
                };
                let promotion = mv
                    .promotion
                    .map(|p| format!("={}", letters.named_letter(v.piece(p))))
                    .unwrap_or_default();
                let to = board.name(mv.to);
                let mark = if capture { "x" } else { "" };
                s = format!("{letter}{departure}{mark}{to}{promotion}");
                // Names that run together (Koval's `2` and `3` make `23`) are kept apart
                // by writing the whole departure and `-` or `x`.
                if self.parse_san_among(pos, &s, legal, letters).as_ref() != Ok(mv) {
                    let mark = if capture { "x" } else { "-" };
                    s = format!("{letter}{from_name}{mark}{to}{promotion}");
                }
            }
        }
        s.push_str(self.check_suffix(pos, mv));
        s
    }

    /// What a move's text ends with: `#` when it mates the side to move next (which, in a
    /// game of more sides whose rules send a mated side out, then leaves), `+` when it checks
    /// that side, or with more than two sides any side left in the game; else nothing.
    pub fn check_suffix(&self, pos: &Position, mv: &Move) -> &'static str {
        // Before the sides with no move leave (with two sides, the position after it).
        let made = self.make(pos, mv);
        if self.in_check(&made, made.to_move) {
            return if self.legal_moves(&made).is_empty() {
                "#"
            } else {
                "+"
            };
        }
        if self.variant.sides.len() > 2 {
            let next = self.play(pos, mv);
            let checked = self
                .sides_in_game(&next)
                .any(|side| side != pos.to_move && self.in_check(&next, side));
            if checked {
                return "+";
            }
        }
        ""
    }

    /// The move in short algebraic notation with the given letters.
    pub fn format_san(&self, pos: &Position, mv: &Move, letters: &Letters) -> String {
        self.format_san_among(pos, mv, &self.legal_moves(pos), letters)
    }

    /// Reads a SAN text and returns the one legal move it names.
    pub fn parse_san(
        &self,
        pos: &Position,
        text: &str,
        letters: &Letters,
    ) -> Result<Move, SanError> {
        self.parse_san_among(pos, text, &self.legal_moves(pos), letters)
    }

    /// How records write a castling move, when the variant says (`written "R0-0"`).
    fn castling_notation(&self, mv: &Move) -> Option<&str> {
        let i = mv.castling_index()?;
        self.variant.castlings.get(i)?.notation.as_deref()
    }

    /// The castling of the side to move that `body` names by its notation (`O` and `0` read
    /// alike), if any: its legal move, or why it cannot be played.
    fn castling_written(
        &self,
        pos: &Position,
        text: &str,
        body: &str,
        legal: &[Move],
    ) -> Option<Result<Move, SanError>> {
        let same = |a: &str, b: &str| a.replace('0', "O") == b.replace('0', "O");
        let (index, castling) = self.variant.castlings.iter().enumerate().find(|(_, c)| {
            c.side == pos.to_move
                && c.notation
                    .as_deref()
                    .is_some_and(|n| same(strip_annotations(n), body))
        })?;
        let found = legal
            .iter()
            .find(|m| m.castling_index() == Some(index))
            .copied();
        Some(found.ok_or_else(|| SanError::Illegal {
            text: text.to_string(),
            reason: format!(
                "the castling `{}` (the king from `{}` to `{}`) is not possible here",
                castling.notation.as_deref().unwrap_or_default(),
                self.variant.board.name(castling.king_from),
                self.variant.board.name(castling.king_to)
            ),
            near: Vec::new(),
        }))
    }

    /// [`Game::parse_san`] with the legal moves of `pos` given.
    pub fn parse_san_among(
        &self,
        pos: &Position,
        text: &str,
        legal: &[Move],
        letters: &Letters,
    ) -> Result<Move, SanError> {
        let body = strip_annotations(text);
        if body.len() > MAX_LEN {
            return Err(SanError::Malformed(text.to_string()));
        }
        if let Some((letter, to)) = body.split_once('*') {
            return self.resolve_drop(text, letter, to, legal, letters);
        }
        if let Some(castling) = self.castling_written(pos, text, body, legal) {
            return castling;
        }
        let readings = self.readings(body, letters);
        if readings.is_empty() {
            return Err(self.unreadable(text, body, letters));
        }
        // Readings with a shorter departure come first: Koval's `23` is the move to 23,
        // not the move from 2 to 3 (the writer checks that what it writes reads back).
        let mut found: Vec<&Move> = Vec::new();
        let mut must_promote = false;
        let mut lengths: Vec<usize> = readings.iter().map(|r| r.departure.len()).collect();
        lengths.sort_unstable();
        lengths.dedup();
        for length in lengths {
            for r in readings.iter().filter(|r| r.departure.len() == length) {
                let (chosen, promotes) = self.matches(pos, r, legal);
                must_promote |= promotes;
                for m in chosen {
                    if !found.contains(&m) {
                        found.push(m);
                    }
                }
            }
            if !found.is_empty() {
                break;
            }
        }
        match found.as_slice() {
            [one] => Ok(**one),
            [] => Err(self.illegal(pos, text, &readings, legal, must_promote)),
            many => Err(SanError::Ambiguous {
                text: text.to_string(),
                candidates: many.iter().map(|m| self.format_move(pos, m)).collect(),
            }),
        }
    }

    /// The legal moves a reading names, and whether it names only promoting moves without
    /// saying to what.
    fn matches<'m>(&self, pos: &Position, r: &Reading, legal: &'m [Move]) -> (Vec<&'m Move>, bool) {
        let matching: Vec<&Move> = legal
            .iter()
            .filter(|m| {
                m.from
                    .is_some_and(|f| departure_matches(self.variant.board.name(f), r.departure))
                    && r.to.contains(&m.to)
                    && r.pieces.contains(&m.piece)
            })
            .collect();
        let mut chosen: Vec<&Move> = matching
            .iter()
            .copied()
            .filter(|m| match &r.promotion {
                Some(ps) => m.promotion.is_some_and(|p| ps.contains(&p)),
                None => m.promotion.is_none(),
            })
            .collect();
        let must_promote = r.promotion.is_none() && chosen.is_empty() && !matching.is_empty();
        // Onto a cell a piece may reach with and without an en-passant capture (Dagger's
        // pawns), `x` chooses.
        let capture_says = |m: &&Move| self.is_capture(pos, m) == r.says_capture;
        if chosen.iter().any(capture_says) && !chosen.iter().all(capture_says) {
            chosen.retain(capture_says);
        }
        (chosen, must_promote)
    }

    /// Every way to cut `body` into letter, departure, capture mark, destination and
    /// promotion that names known pieces and cells.
    fn readings<'t>(&self, body: &'t str, letters: &Letters) -> Vec<Reading<'t>> {
        let board = &self.variant.board;
        let mut out = Vec::new();
        let cuts: Vec<usize> = (0..=body.len())
            .filter(|i| body.is_char_boundary(*i))
            .collect();
        for (a, &start) in cuts.iter().enumerate() {
            for &end in &cuts[a + 1..] {
                let Some(to) = board.find(&body[start..end]) else {
                    continue;
                };
                if board.is_off_board(to) {
                    continue;
                }
                let Some(promotion) = self.promotion_of(&body[end..], letters) else {
                    continue;
                };
                let mut head = &body[..start];
                let mut says_capture = false;
                if let Some(h) = head.strip_suffix(['x', ':']) {
                    head = h;
                    says_capture = true;
                } else if let Some(h) = head.strip_suffix('-') {
                    head = h;
                }
                self.add_readings(
                    &mut out,
                    head,
                    vec![to],
                    promotion.clone(),
                    says_capture,
                    letters,
                );
            }
        }
        if out.is_empty() {
            // A capture written with files only: `fxe` is the pawn of file f taking on file e.
            if let Some((head, file)) = body.rsplit_once(['x', ':']) {
                let to: Vec<CellId> = board
                    .cells()
                    .filter(|c| file_and_rank(board.name(*c)).is_some_and(|(f, _)| f == file))
                    .collect();
                if !to.is_empty() {
                    self.add_readings(&mut out, head, to, None, true, letters);
                }
            }
        }
        out
    }

    /// The readings of a head (letter and departure) before a destination.
    fn add_readings<'t>(
        &self,
        out: &mut Vec<Reading<'t>>,
        head: &'t str,
        to: Vec<CellId>,
        promotion: Option<Vec<PieceId>>,
        says_capture: bool,
        letters: &Letters,
    ) {
        for (letter, departure) in letter_cuts(head) {
            let pieces = letters.pieces_for(self, letter);
            if pieces.is_empty() || !self.names_departure(departure) {
                continue;
            }
            out.push(Reading {
                letter,
                pieces,
                departure,
                to: to.clone(),
                promotion: promotion.clone(),
                says_capture,
            });
        }
    }

    /// True when `hint` is empty or some cell's name, file or rank.
    fn names_departure(&self, hint: &str) -> bool {
        let board = &self.variant.board;
        hint.is_empty()
            || board
                .cells()
                .chain(board.off_board_cells())
                .any(|c| departure_matches(board.name(c), hint))
    }

    /// What follows the destination: nothing (`Some(None)`), or a promotion `=X`, `X`, `(X)`
    /// or `/X` naming pieces; `None` when it is none of these.
    fn promotion_of(&self, rest: &str, letters: &Letters) -> Option<Option<Vec<PieceId>>> {
        if rest.is_empty() {
            return Some(None);
        }
        let letter = rest
            .strip_prefix(['=', '/'])
            .or_else(|| rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')))
            .unwrap_or(rest);
        let mut pieces = letters.pieces_for(self, letter);
        if pieces.is_empty() {
            pieces = self.variant.find_piece(letter).into_iter().collect();
        }
        (!pieces.is_empty()).then_some(Some(pieces))
    }

    /// Resolves a drop `X*cell`.
    fn resolve_drop(
        &self,
        text: &str,
        letter: &str,
        to: &str,
        legal: &[Move],
        letters: &Letters,
    ) -> Result<Move, SanError> {
        let v = self.variant;
        let mut pieces = letters.pieces_for(self, letter);
        if let Some(p) = v.find_piece(letter) {
            pieces.push(p);
        }
        if pieces.is_empty() {
            return Err(SanError::UnknownLetter {
                text: text.to_string(),
                letter: letter.to_string(),
            });
        }
        let Some(to_id) = v.board.find(to) else {
            return Err(SanError::Malformed(text.to_string()));
        };
        legal
            .iter()
            .find(|m| m.is_drop() && m.to == to_id && pieces.contains(&m.piece))
            .cloned()
            .ok_or_else(|| SanError::Illegal {
                text: text.to_string(),
                reason: format!(
                    "no {} may be dropped on `{to}` now",
                    v.piece(pieces[0]).name
                ),
                near: Vec::new(),
            })
    }

    /// The error for a text with no reading: an unknown letter when it begins with one and
    /// a cell can be read after it, else malformed.
    fn unreadable(&self, text: &str, body: &str, letters: &Letters) -> SanError {
        let letter_len = body
            .find(|c: char| !(c.is_ascii_uppercase() || c == '+'))
            .unwrap_or(body.len());
        let letter = &body[..letter_len];
        if !letter.is_empty() && letters.pieces_for(self, letter).is_empty() {
            let rest = &body[letter_len..];
            if !self.readings(rest, letters).is_empty() {
                return SanError::UnknownLetter {
                    text: text.to_string(),
                    letter: letter.to_string(),
                };
            }
        }
        SanError::Malformed(text.to_string())
    }

    /// The error for a text that reads but names no legal move, with the moves close to it.
    fn illegal(
        &self,
        pos: &Position,
        text: &str,
        readings: &[Reading],
        legal: &[Move],
        must_promote: bool,
    ) -> SanError {
        let v = self.variant;
        let first = &readings[0];
        let to_name = match first.to.as_slice() {
            [one] => v.board.name(*one).to_string(),
            more => {
                let name = more.first().map_or("", |c| v.board.name(*c));
                format!("file {}", file_and_rank(name).map_or(name, |(f, _)| f))
            }
        };
        let name = &v.piece(first.pieces[0]).name;
        let long = |m: &Move| self.format_move(pos, m);
        let same_piece: Vec<String> = legal
            .iter()
            .filter(|m| {
                readings
                    .iter()
                    .any(|r| r.to.contains(&m.to) && r.pieces.contains(&m.piece))
            })
            .map(long)
            .collect();
        let reason = if must_promote {
            format!("the {name} must promote on `{to_name}`")
        } else if !same_piece.is_empty() {
            format!(
                "no {name} from `{}` can move to `{to_name}`",
                first.departure
            )
        } else if self.pinned_only(pos, readings) {
            format!("a {name} moving to `{to_name}` would leave the mover's royal piece attacked")
        } else {
            let letter = if first.letter.is_empty() {
                String::new()
            } else {
                format!(" (`{}`)", first.letter)
            };
            format!("no {name}{letter} can move to `{to_name}`")
        };
        let near = if same_piece.is_empty() {
            legal
                .iter()
                .filter(|m| readings.iter().any(|r| r.to.contains(&m.to)))
                .map(long)
                .collect()
        } else {
            same_piece
        };
        SanError::Illegal {
            text: text.to_string(),
            reason,
            near,
        }
    }

    /// True when some piece of the readings could make the move but for leaving its own
    /// royal piece attacked.
    fn pinned_only(&self, pos: &Position, readings: &[Reading]) -> bool {
        self.pseudo_legal_moves(pos).iter().any(|m| {
            readings.iter().any(|r| {
                r.to.contains(&m.to)
                    && r.pieces.contains(&m.piece)
                    && m.from
                        .is_some_and(|f| departure_matches(self.variant.board.name(f), r.departure))
            })
        })
    }
}

/// The text without the annotations that follow a move: `e.p.`, `!`, `?`, `+`, `#`.
fn strip_annotations(text: &str) -> &str {
    let mut body = text.trim();
    loop {
        let before = body.len();
        for suffix in ["e.p.", "ep"] {
            if let Some(b) = body.strip_suffix(suffix) {
                if b.ends_with(|c: char| c.is_whitespace() || c.is_ascii_digit()) {
                    body = b.trim_end();
                }
            }
        }
        body = body.trim_end_matches(['!', '?', '+', '#']);
        if body.len() == before {
            return body;
        }
    }
}

/// The ways to cut a head (`Hh1`, `B`, `e`, `+R`) into a piece letter and a departure: the
/// letter is a run of capitals (with a leading `+`), or nothing for a pawn.
fn letter_cuts(head: &str) -> Vec<(&str, &str)> {
    let capitals = head
        .find(|c: char| !(c.is_ascii_uppercase() || c == '+'))
        .unwrap_or(head.len());
    (0..=capitals)
        .filter(|i| head.is_char_boundary(*i))
        .map(|i| head.split_at(i))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_and_ranks() {
        assert_eq!(file_and_rank("e10"), Some(("e", "10")));
        assert_eq!(file_and_rank("5e"), Some(("5", "e")));
        assert_eq!(file_and_rank("42"), None);
        assert_eq!(file_and_rank("a1b"), None);
    }

    #[test]
    fn annotations_are_stripped() {
        assert_eq!(strip_annotations("exd6 e.p."), "exd6");
        assert_eq!(strip_annotations("Vxe7+!?"), "Vxe7");
        assert_eq!(strip_annotations("e5#"), "e5");
    }

    #[test]
    fn letters_cut() {
        assert_eq!(letter_cuts("Hh1"), vec![("", "Hh1"), ("H", "h1")]);
        assert_eq!(letter_cuts("e"), vec![("", "e")]);
    }
}
