//! Helpers shared by the test modules.

#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use hexv::compile::MoveTables;
use hexv::game::{Game, Position};
use hexv::geometry::board::CellId;
use hexv::load::{load as load_file, Compiled, Loaded};
use hexv::source::SourceFile;
use hexv::variant::{PieceId, Side, Variant};

/// A folder of one test's own under the system's temporary folder, with a unique name, removed
/// when the value is dropped: tests never share a file, whatever their order or threads.
pub struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

/// A new [`Scratch`] folder, its name starting `hexv-NAME-` (for a person looking at `/tmp`).
pub fn scratch(name: &str) -> Scratch {
    tempfile::Builder::new()
        .prefix(&format!("hexv-{name}-"))
        .tempdir()
        .map(Scratch)
        .expect("a temporary folder")
}

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `.hexv` files of a directory of the repository, sorted.
fn hexv_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "hexv"))
        .collect();
    files.sort();
    files
}

/// Every shipped variant file.
pub fn variant_files() -> Vec<PathBuf> {
    hexv_files("variants")
}

/// The shipped variant files as the data files name them: relative to the repository root.
pub fn variant_names() -> Vec<String> {
    variant_files()
        .iter()
        .map(|path| {
            path.strip_prefix(root())
                .expect("under the repository")
                .to_string_lossy()
                .to_string()
        })
        .collect()
}

/// The shipped variants and the valid fixtures: every file whose tables and engines are held
/// to the reference walker and to each other (the fixtures carry movement kinds no shipped
/// variant uses yet).
pub fn movement_files() -> Vec<PathBuf> {
    let mut files = variant_files();
    files.extend(hexv_files("tests/fixtures/valid"));
    files
}

/// Checks, compiles and analyses a text, as `hexv check` does.
pub fn check_text(name: &str, text: &str) -> Loaded {
    load_file(&SourceFile::new(name, text))
}

/// Loads and checks a file that must be clean.
pub fn compiled(path: impl AsRef<Path>) -> Compiled {
    let path = root().join(path);
    let file = SourceFile::read(&path).expect("variant file is readable");
    let checked = load_file(&file);
    let errors: Vec<_> = checked
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    assert!(
        errors.is_empty(),
        "{} has errors: {errors:#?}",
        path.display()
    );
    checked.compiled.expect("clean")
}

/// A clean file's variant and tables.
pub fn load(path: impl AsRef<Path>) -> (Variant, MoveTables) {
    compiled(path).into_parts()
}

/// The reference engine of a shipped variant, checked and compiled once per test run and
/// shared by every test that plays it: the set-up of a rule test in one line.
pub fn game(path: &str) -> Game<'static> {
    static LOADED: OnceLock<Mutex<HashMap<String, &'static Compiled>>> = OnceLock::new();
    let mut loaded = LOADED
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let compiled = *loaded
        .entry(path.to_string())
        .or_insert_with(|| Box::leak(Box::new(compiled(path))));
    compiled.game()
}

pub fn cell(v: &Variant, name: &str) -> CellId {
    v.board()
        .find(name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}

pub fn piece(v: &Variant, key: &str) -> PieceId {
    v.find_piece(key)
        .unwrap_or_else(|| panic!("no piece {key}"))
}

/// Names of a set of cells, sorted.
pub fn names(v: &Variant, cells: impl IntoIterator<Item = CellId>) -> BTreeSet<String> {
    cells
        .into_iter()
        .map(|c| v.board().name(c).to_string())
        .collect()
}

pub fn set(names: &str) -> BTreeSet<String> {
    names.split_whitespace().map(str::to_string).collect()
}

/// Distinct destinations (any mode, any condition) on an empty board.
pub fn empty_destinations(
    v: &Variant,
    t: &MoveTables,
    piece: PieceId,
    side: Side,
    from: CellId,
) -> BTreeSet<String> {
    names(v, t.empty_board_destinations(piece, side, from))
}

/// The seeded generator of the tests' random inputs: the library's own, `Rng(state)` starting
/// at that exact state.
pub use hexv::rng::Rng;

/// An empty position with `to_move` to move and the given pieces (off-board cells allowed).
pub fn position(
    v: &Variant,
    t: &MoveTables,
    to_move: Side,
    pieces: &[(Side, &str, &str)],
) -> Position {
    let mut pos = Game::new(v, t).empty_position(to_move);
    for &(side, key, at) in pieces {
        pos.squares[cell(v, at).index()] = Some((side, piece(v, key)));
    }
    pos
}

/// Destination cells of the legal moves from `from`.
pub fn legal_from(game: &Game, pos: &Position, from: &str) -> BTreeSet<String> {
    let from = cell(game.variant, from);
    names(
        game.variant,
        game.legal_moves(pos)
            .into_iter()
            .filter(|m| m.from == Some(from))
            .map(|m| m.to),
    )
}

/// The legal castlings, written as the king's move.
pub fn castlings(game: &Game, pos: &Position) -> BTreeSet<String> {
    game.legal_moves(pos)
        .iter()
        .filter(|m| m.castling.is_some())
        .map(|m| game.format_move(pos, m))
        .collect()
}

/// A position of only the pieces given (`(side, symbol or name, cell)`), nothing unmoved and
/// nothing in hand, `to_move` to move: a position built for a test, not read (so not refused
/// for being one no game reaches).
pub fn position_of(game: &Game, pieces: &[(Side, &str, &str)], to_move: Side) -> Position {
    let v = game.variant;
    let mut pos = game.start_position();
    pos.squares.iter_mut().for_each(|sq| *sq = None);
    pos.unmoved.iter_mut().for_each(|u| *u = false);
    for &(side, symbol, cell) in pieces {
        let piece = v.find_piece(symbol).expect("a piece");
        let cell = v.board().find(cell).expect("a cell");
        pos.squares[cell.index()] = Some((side, piece));
    }
    pos.to_move = to_move;
    pos
}

/// The JSON table (`hexv table FILE --format json`) of a file, and in it the piece whose
/// symbol is `symbol`.
pub fn table_and_piece(file: &str, symbol: &str) -> (String, serde_json::Value) {
    let (code, json, err) = crate::cli::run(&["table", file, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let table: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let piece = table["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .find(|p| p["symbol"] == symbol)
        .unwrap_or_else(|| panic!("no piece {symbol}"))
        .clone();
    (json, piece)
}

/// The rules page `hexv doc FILE` writes (its index.html), in a scratch folder of its own.
pub fn rules_page(file: &str) -> String {
    let dir = scratch("rules-page");
    let (code, _, err) = crate::cli::run(&["doc", file, "-o", dir.to_str().expect("UTF-8")]);
    assert_eq!(code, 0, "{err}");
    std::fs::read_to_string(dir.join("index.html")).expect("the rules page")
}
