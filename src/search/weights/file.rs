//! The weights file: `variants/NAME.weights` beside `variants/NAME.hexv`, written by
//! `hexv tune` and read by every command that runs the engine (docs/engine.md, "Weights
//! files"). One weight a line, `name value`; `#` starts a comment:
//!
//! ```text
//! hexv 0.1.0
//! variant Mini Hexchess
//! piece Rook 610 640
//! centre-middle 150
//! tempo 10
//! cell King d1 12 -5
//! ```
//!
//! A weight left out keeps the built-in formula's number. Reading never panics: every
//! mistake is a located [`WeightsError`], all of them reported at once.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::{Range, Weights};
use crate::compile::MoveTables;
use crate::search::terms::Terms;
use crate::search::SearchParams;
use crate::variant::Variant;

/// The largest weights file read, in bytes (a file has a few dozen short lines).
pub const MAX_BYTES: usize = 64 * 1024;

/// One mistake of a weights file, located (line and column count from 1; the column in
/// characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsError {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// What is wrong, one line.
    pub message: String,
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// Why a weights file could not be used: it could not be read, or what it says is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The file could not be read (the path and the reason).
    Io(String),
    /// Its mistakes, in file order.
    Invalid(String, Vec<WeightsError>),
}

impl fmt::Display for LoadError {
    /// One line per mistake, `PATH:LINE:COLUMN: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(reason) => write!(f, "{reason}"),
            LoadError::Invalid(path, errors) => {
                for (i, e) in errors.iter().enumerate() {
                    let end = if i + 1 < errors.len() { "\n" } else { "" };
                    write!(f, "{path}:{e}{end}")?;
                }
                Ok(())
            }
        }
    }
}

/// The weights file beside a variant file: the same name with `.weights` for `.hexv`.
pub fn sibling(variant_path: &Path) -> PathBuf {
    variant_path.with_extension("weights")
}

/// Reads and parses a weights file for this variant. Only a regular file is read (a pipe
/// or a device would be waited on), at most [`MAX_BYTES`] of it.
pub fn load(path: &Path, v: &Variant, t: &MoveTables) -> Result<Weights, LoadError> {
    let shown = path.display().to_string();
    let io = |e: std::io::Error| LoadError::Io(format!("cannot read `{shown}`: {e}"));
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(LoadError::Io(format!("`{shown}` is not a regular file")));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_BYTES as u64 + 1).read_to_end(&mut bytes))
        .map_err(io)?;
    parse(&bytes, v, t).map_err(|errors| LoadError::Invalid(shown, errors))
}

/// Parses a weights file's bytes for this variant: the weights it gives over the built-in
/// formula's, or every mistake found.
pub fn parse(bytes: &[u8], v: &Variant, t: &MoveTables) -> Result<Weights, Vec<WeightsError>> {
    let at = |line, column, message: String| WeightsError {
        line,
        column,
        message,
    };
    if bytes.len() > MAX_BYTES {
        return Err(vec![at(
            1,
            1,
            format!("the file is larger than {MAX_BYTES} bytes: not a weights file"),
        )]);
    }
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
            let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let column = 1 + String::from_utf8_lossy(&good[start..]).chars().count();
            return Err(vec![at(line, column, "not UTF-8 text".to_string())]);
        }
    };
    let terms = Terms::new(v, t);
    let mut reader = Reader {
        weights: Weights::from_terms(&terms),
        symmetric: !terms.black_image.is_empty(),
        v,
        seen: Vec::new(),
        errors: Vec::new(),
        header: [None, None],
    };
    for (n, raw) in text.lines().enumerate() {
        reader.line(n + 1, raw);
    }
    for (seen, what) in reader.header.iter().zip(["hexv VERSION", "variant NAME"]) {
        if seen.is_none() {
            reader.errors.push(at(
                1,
                1,
                format!("not a weights file: the line `{what}` is missing"),
            ));
        }
    }
    if reader.errors.is_empty() {
        Ok(reader.weights)
    } else {
        reader.errors.sort_by_key(|e| (e.line, e.column));
        Err(reader.errors)
    }
}

/// The state of one parse.
struct Reader<'v> {
    weights: Weights,
    /// Whether Black's cells answer to White's (per-cell weights are written for White).
    symmetric: bool,
    v: &'v Variant,
    /// The entries given so far and their lines (duplicates are refused).
    seen: Vec<(String, usize)>,
    errors: Vec<WeightsError>,
    /// The lines of the `hexv` and `variant` headers.
    header: [Option<usize>; 2],
}

/// A word of a line and its column (in characters, from 1).
type Word<'a> = (usize, &'a str);

impl Reader<'_> {
    fn error(&mut self, line: usize, column: usize, message: String) {
        self.errors.push(WeightsError {
            line,
            column,
            message,
        });
    }

    fn line(&mut self, n: usize, raw: &str) {
        let text = raw.split('#').next().unwrap_or("");
        let words = words(text);
        let Some(&(column, key)) = words.first() else {
            return;
        };
        let args = &words[1..];
        let entry = match key {
            "piece" => match args.first() {
                Some(&(_, name)) => format!("piece {name}"),
                None => key.to_string(),
            },
            "cell" => match (args.first(), args.get(1)) {
                (Some(&(_, name)), Some(&(_, cell))) => format!("cell {name} {cell}"),
                _ => key.to_string(),
            },
            _ => key.to_string(),
        };
        if let Some((_, first)) = self.seen.iter().find(|(e, _)| *e == entry) {
            let first = *first;
            self.error(
                n,
                column,
                format!("`{entry}` is given twice (first on line {first})"),
            );
            return;
        }
        self.seen.push((entry, n));
        match key {
            "hexv" => {
                self.header[0] = Some(n);
                self.count(n, column, key, args, 1);
            }
            "variant" => {
                self.header[1] = Some(n);
                let name = text
                    .trim_start()
                    .strip_prefix("variant")
                    .unwrap_or("")
                    .trim();
                if name != self.v.meta().name {
                    let shown = if name.is_empty() { "no variant" } else { name };
                    self.error(
                        n,
                        column,
                        format!(
                            "these weights are for `{shown}`, not `{}`",
                            self.v.meta().name
                        ),
                    );
                }
            }
            "piece" => self.piece(n, column, args),
            "cell" => self.cell(n, column, args),
            "drawish" => {
                if self.count(n, column, key, args, 1) {
                    if let Some(value) = self.number(n, args[0], Weights::DRAWISH) {
                        self.weights.drawish = value;
                    }
                }
            }
            _ if key.starts_with("search-") => self.search(n, column, key, args),
            _ => self.scalar(n, column, key, args),
        }
    }

    /// `search-NAME VALUE` for one of the search's numbers.
    fn search(&mut self, n: usize, column: usize, key: &str, args: &[Word]) {
        let names = self.weights.search.named().map(|(s, _)| s);
        let Some(i) = names.iter().position(|s| *s == key) else {
            let message = format!(
                "unknown search number `{key}`; they are {}",
                names.join(", ")
            );
            self.error(n, column, message);
            return;
        };
        self.assign(n, column, key, args, |w| {
            let (_, range, slot) = w.search.named_mut().into_iter().nth(i).expect("an index");
            (range, slot)
        });
    }

    /// `KEY VALUE`: the one value, within the range of the weight `place` finds, put there.
    fn assign(
        &mut self,
        n: usize,
        column: usize,
        key: &str,
        args: &[Word],
        place: impl Fn(&mut Weights) -> (Range, &mut i32),
    ) {
        if !self.count(n, column, key, args, 1) {
            return;
        }
        let range = place(&mut self.weights).0;
        if let Some(value) = self.number(n, args[0], range) {
            *place(&mut self.weights).1 = value;
        }
    }

    /// The piece type named `name`, or the mistake reported (the names listed are the
    /// royal pieces too when `royal` may be named).
    fn piece_named(&mut self, n: usize, (column, name): Word, royal: bool) -> Option<usize> {
        let v = self.v;
        let found = v.pieces().iter().position(|p| p.name == name);
        if found.is_none() {
            let names: Vec<String> = v
                .pieces()
                .iter()
                .filter(|p| royal || !p.royal)
                .map(|p| format!("`{}`", p.name))
                .collect();
            self.error(
                n,
                column,
                format!(
                    "unknown piece `{name}`; the pieces are {}",
                    names.join(", ")
                ),
            );
        }
        found
    }

    /// `cell PIECE CELL MIDDLE ENDING`: centipawns for the piece on that cell (White's; Black's
    /// on the cell answering to it).
    fn cell(&mut self, n: usize, column: usize, args: &[Word]) {
        if !self.count(n, column, "cell PIECE CELL", args, 4) {
            return;
        }
        let Some(piece) = self.piece_named(n, args[0], true) else {
            return;
        };
        let (cell_column, name) = args[1];
        let board = self.v.board();
        let Some(cell) = board.find(name).filter(|&c| !board.is_off_board(c)) else {
            self.error(
                n,
                cell_column,
                format!("`{name}` is not a cell of the board"),
            );
            return;
        };
        if !self.symmetric {
            self.error(
                n,
                column,
                "per-cell weights are written for White and read turned for Black: this \
                 variant's board gives Black no cell answering to White's"
                    .to_string(),
            );
            return;
        }
        let middle = self.number(n, args[2], Weights::CELL);
        let ending = self.number(n, args[3], Weights::CELL);
        let cells = self.v.board().total();
        if let (Some(m), Some(e)) = (middle, ending) {
            self.weights.cells[piece * cells + cell.index()] = [m, e];
        }
    }

    /// `piece NAME MIDDLE ENDING`.
    fn piece(&mut self, n: usize, column: usize, args: &[Word]) {
        if !self.count(n, column, "piece NAME", args, 3) {
            return;
        }
        let (name_column, name) = args[0];
        let v = self.v;
        let Some(index) = self.piece_named(n, args[0], false) else {
            return;
        };
        if v.pieces()[index].royal {
            self.error(
                n,
                name_column,
                format!("`{name}` is royal: it has no material value"),
            );
            return;
        }
        let middle = self.number(n, args[1], Weights::MATERIAL);
        let ending = self.number(n, args[2], Weights::MATERIAL);
        if let (Some(m), Some(e)) = (middle, ending) {
            self.weights.material[index] = [m, e];
        }
    }

    /// `NAME VALUE` for one of the scalar weights.
    fn scalar(&mut self, n: usize, column: usize, key: &str, args: &[Word]) {
        let names: Vec<&str> = self.weights.scalars().iter().map(|(s, _)| *s).collect();
        let Some(i) = names.iter().position(|s| *s == key) else {
            self.error(
                n,
                column,
                format!(
                    "unknown weight `{key}`; a line is `hexv`, `variant`, `piece`, `cell`, `drawish`, or one of {}",
                    names.join(", ")
                ),
            );
            return;
        };
        self.assign(n, column, key, args, |w| {
            let (_, range, slot) = w.scalars_mut().into_iter().nth(i).expect("an index");
            (range, slot)
        });
    }

    /// True when the line has `want` words after its key; else the mistake is reported.
    fn count(&mut self, n: usize, column: usize, key: &str, args: &[Word], want: usize) -> bool {
        if args.len() == want {
            return true;
        }
        let (column, what) = match args.get(want) {
            Some(&(c, extra)) => (c, format!("unexpected `{extra}` after `{key}`")),
            None => (column, format!("`{key}` needs {want} value(s)")),
        };
        self.error(n, column, what);
        false
    }

    /// A whole number within `range`, or the mistake reported.
    fn number(&mut self, n: usize, (column, word): Word, range: Range) -> Option<i32> {
        let digits = word.strip_prefix('-').unwrap_or(word);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            self.error(n, column, format!("`{word}` is not a whole number"));
            return None;
        }
        match word.parse::<i64>() {
            Ok(x) if (i64::from(range.min)..=i64::from(range.max)).contains(&x) => Some(x as i32),
            _ => {
                let shown: String = word.chars().take(24).collect();
                let more = if word.chars().count() > 24 { "..." } else { "" };
                self.error(
                    n,
                    column,
                    format!(
                        "`{shown}{more}` is out of range: from {} to {}",
                        range.min, range.max
                    ),
                );
                None
            }
        }
    }
}

/// The words of a line with their columns.
fn words(text: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    let mut column = 0;
    let mut start_column = 0;
    for (i, c) in text.char_indices() {
        column += 1;
        match (c.is_whitespace(), start) {
            (false, None) => {
                start = Some(i);
                start_column = column;
            }
            (true, Some(s)) => {
                out.push((start_column, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((start_column, &text[s..]));
    }
    out
}

/// The text of a weights file: the header, every non-royal piece's material, every scalar
/// weight; `comment` lines (each written after `# `) first.
pub fn write(weights: &Weights, v: &Variant, comment: &[String]) -> String {
    let mut out = String::new();
    for line in comment {
        out.push_str(&format!("# {line}\n"));
    }
    out.push_str(&format!("hexv {}\n", env!("CARGO_PKG_VERSION")));
    out.push_str(&format!("variant {}\n", v.meta().name));
    out.push_str("# piece NAME MIDDLE ENDING: material in centipawns\n");
    for (p, piece) in v.pieces().iter().enumerate() {
        if piece.royal {
            continue;
        }
        if let Some([m, e]) = weights.material.get(p) {
            out.push_str(&format!("piece {} {m} {e}\n", piece.name));
        }
    }
    out.push_str("# placement: centre and advance per mille, royal and shelter in tenths of a centipawn, hand per mille, tempo in centipawns, mobility and passed per mille\n");
    for (name, value) in weights.scalars() {
        out.push_str(&format!("{name} {value}\n"));
    }
    if weights.drawish != 1000 {
        out.push_str("# drawish: per mille of the value kept when the side ahead cannot win\n");
        out.push_str(&format!("drawish {}\n", weights.drawish));
    }
    if weights.search != SearchParams::default() {
        out.push_str("# search: its margins in centipawns, depths in plies, reductions in hundredths of a ply (docs/engine.md)\n");
        for (name, value) in weights.search.named() {
            out.push_str(&format!("{name} {value}\n"));
        }
    }
    let cells = v.board().total();
    let mut header = false;
    for (p, piece) in v.pieces().iter().enumerate() {
        for c in v.board().cells() {
            let Some(&[m, e]) = weights.cells.get(p * cells + c.index()) else {
                continue;
            };
            if m == 0 && e == 0 {
                continue;
            }
            if !header {
                out.push_str("# cell PIECE CELL MIDDLE ENDING: centipawns on White's cell (Black's answers to it)\n");
                header = true;
            }
            let name = v.board().name(c);
            out.push_str(&format!("cell {} {name} {m} {e}\n", piece.name));
        }
    }
    out
}

/// The weights an engine plays with: `choice` is a weights file's path, `default` for the
/// built-in formula, or `None` for the variant file's [`sibling`] when there is one. `None`
/// for the built-in formula; else the weights and the file they came from.
pub fn choose(
    variant_path: Option<&Path>,
    choice: Option<&str>,
    v: &Variant,
    t: &MoveTables,
) -> Result<Option<(Weights, PathBuf)>, LoadError> {
    let path = match (choice, variant_path) {
        (Some("default"), _) => return Ok(None),
        (Some(given), _) => PathBuf::from(given),
        (None, Some(variant)) if sibling(variant).exists() => sibling(variant),
        (None, _) => return Ok(None),
    };
    load(&path, v, t).map(|w| Some((w, path)))
}
