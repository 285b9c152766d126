//! What the fuzz targets share: the shipped variants, checked and compiled once, and the
//! properties every target asserts.

use std::sync::OnceLock;

use hexv::game::AnyEngine;
use hexv::{Compiled, Game, Position, SourceFile};

/// The shipped variants' sources, compiled in so a target needs no file.
const SHIPPED: [(&str, &str); 16] = [
    ("glinski.hexv", include_str!("../../variants/glinski.hexv")),
    ("mccooey.hexv", include_str!("../../variants/mccooey.hexv")),
    ("koval.hexv", include_str!("../../variants/koval.hexv")),
    ("dagger.hexv", include_str!("../../variants/dagger.hexv")),
    (
        "chessagon.hexv",
        include_str!("../../variants/chessagon.hexv"),
    ),
    (
        "hex-shogi-41.hexv",
        include_str!("../../variants/hex-shogi-41.hexv"),
    ),
    (
        "hex-shogi-81.hexv",
        include_str!("../../variants/hex-shogi-81.hexv"),
    ),
    (
        "hex-shogi-91.hexv",
        include_str!("../../variants/hex-shogi-91.hexv"),
    ),
    ("shafran.hexv", include_str!("../../variants/shafran.hexv")),
    (
        "mini-hexchess.hexv",
        include_str!("../../variants/mini-hexchess.hexv"),
    ),
    ("de-vasa.hexv", include_str!("../../variants/de-vasa.hexv")),
    ("brusky.hexv", include_str!("../../variants/brusky.hexv")),
    (
        "xiang-hex.hexv",
        include_str!("../../variants/xiang-hex.hexv"),
    ),
    // Three sides: the targets build and read positions of them as of two (Red's pieces
    // come from moves and position texts), and must hold the same properties.
    ("wellisch.hexv", include_str!("../../variants/wellisch.hexv")),
    // A placement phase: positions whose moves are placements from the hand.
    (
        "starchess.hexv",
        include_str!("../../variants/starchess.hexv"),
    ),
    // Triangles in rows, and lines and leaps that depend on the way a cell points.
    (
        "triangular-chess.hexv",
        include_str!("../../variants/triangular-chess.hexv"),
    ),
];

/// The file name and source text of the shipped variant a selector byte names.
pub fn shipped_source(selector: u8) -> (&'static str, &'static str) {
    SHIPPED[selector as usize % SHIPPED.len()]
}

/// The file of the shipped variant a selector byte names, written once to a temporary
/// directory (the engine protocol loads variants by path).
pub fn shipped_path(selector: u8) -> &'static std::path::Path {
    static WRITTEN: OnceLock<Vec<std::path::PathBuf>> = OnceLock::new();
    let all = WRITTEN.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("hexv-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        SHIPPED
            .iter()
            .map(|(name, text)| {
                let path = dir.join(name);
                std::fs::write(&path, text).expect("written");
                path
            })
            .collect()
    });
    &all[selector as usize % all.len()]
}

/// A target's input read as a selector byte (a shipped variant) and UTF-8 text.
pub fn selected(data: &[u8]) -> Option<(u8, &str)> {
    let (&selector, rest) = data.split_first()?;
    Some((selector, std::str::from_utf8(rest).ok()?))
}

/// The shipped variant a selector byte names.
pub fn shipped(selector: u8) -> &'static Compiled {
    static LOADED: OnceLock<Vec<Compiled>> = OnceLock::new();
    let all = LOADED.get_or_init(|| {
        SHIPPED
            .iter()
            .map(|(name, text)| {
                hexv::load(&SourceFile::new(*name, *text))
                    .compiled
                    .expect("a shipped variant is clean")
            })
            .collect()
    });
    &all[selector as usize % all.len()]
}

/// The fast engine of a shipped variant, built once (building it takes milliseconds).
pub fn shipped_fastest(selector: u8) -> &'static AnyEngine<'static> {
    static BUILT: OnceLock<Vec<AnyEngine<'static>>> = OnceLock::new();
    let all = BUILT.get_or_init(|| {
        (0..SHIPPED.len() as u8)
            .map(|i| shipped(i).engine())
            .collect()
    });
    &all[selector as usize % all.len()]
}

/// The legal moves of both engines, written and sorted: they must be the same.
pub fn engines_agree(game: &Game, pos: &Position) {
    engines_agree_with(game, &AnyEngine::new(*game), pos);
}

/// As [`engines_agree`], with the fast engine already built.
pub fn engines_agree_with(game: &Game, fastest: &AnyEngine, pos: &Position) {
    let written = |moves: Vec<hexv::Move>| {
        let mut w: Vec<String> = moves.iter().map(|m| game.format_move(pos, m)).collect();
        w.sort();
        w
    };
    assert_eq!(
        written(game.legal_moves(pos)),
        written(fastest.legal_moves(pos)),
        "{}",
        game.position_text(pos)
    );
    // Each piece's reach (the evaluation's mobility).
    for (cell, square) in pos.squares.iter().enumerate() {
        if square.is_some() {
            assert_eq!(
                game.reach(pos, hexv::CellId(cell as u16)),
                fastest.reach(pos, cell),
                "the reach from cell {cell} in {}",
                game.position_text(pos)
            );
        }
    }
}

/// Every legal move, written, reads back as itself.
pub fn moves_read_back(game: &Game, pos: &Position) {
    for m in game.legal_moves(pos) {
        let text = game.format_move(pos, &m);
        assert_eq!(game.parse_move(pos, &text).as_ref(), Ok(&m), "{text}");
    }
}
