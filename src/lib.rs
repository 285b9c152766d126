//! hexv: a rules interpreter and DSL for chess variants on hexagonal and triangular boards.
//!
//! A variant is a `.hexv` text: the board, the pieces' movements, promotion, hands and drops,
//! the setup and the game-end rules (the language is documented in `docs/language.md`). hexv
//! reads it in stages, each depending only on the ones before it (`ARCHITECTURE.md`):
//!
//! | stage | module | gives |
//! |---|---|---|
//! | read | [`source`] | a [`SourceFile`], and [`Span`]s into it |
//! | parse and check | [`check`] | a checked [`Variant`], or [`Diagnostic`]s |
//! | compile | [`compile`] | the [`MoveTables`]; [`compile::walk`] says what an entry means |
//! | play | [`game`] | [`Position`]s, legal [`Move`]s, the end of the game, perft |
//! | analyse | [`analyse`] | the checks that need legal moves, the summary |
//! | render | [`render`] | tables as text and JSON, ASCII and SVG diagrams, the rules page |
//! | records | [`pgn`] | games read from and written to PGN, moves in short algebraic notation ([`game::san`]) |
//!
//! [`load()`] runs check, compile and analyse in one call; a clean file gives a [`Compiled`]
//! variant, from which a [`Game`] (the reference rules) or an [`AnyEngine`] (the 128-bit engine
//! where the board fits, else the reference engine, behind the one [`Engine`] interface)
//! plays:
//!
//! ```
//! use hexv::{load, SourceFile};
//!
//! let text = r#"
//! variant "Mini"
//! board { cells flat; shape hexagon 3; names files a b c d e }
//! symmetry mirror
//! piece King K { royal; step all }
//! piece Rook R { ride orthogonal }
//! setup { K c1; R b1 }
//! "#;
//! let loaded = load(&SourceFile::new("mini.hexv", text));
//! let mini = loaded.compiled.expect("a clean variant");
//! let game = mini.game();
//! let start = game.start_position();
//! let moves: Vec<String> = game
//!     .legal_moves(&start)
//!     .iter()
//!     .map(|m| game.format_move(&start, m))
//!     .collect();
//! assert_eq!(moves.len(), 10);
//! assert!(moves.contains(&"b1-b3".to_string()));
//! assert_eq!(mini.engine().perft(&start, 2), 75);
//!
//! // Mistakes are values, located in the source: nothing panics, nothing prints.
//! let typo = load(&SourceFile::new("typo.hexv", &text.replace("ride orthogonal", "ride orthogonl")));
//! assert!(typo.has_errors());
//! assert_eq!(typo.diagnostics[0].code, "hexv::resolve::unknown_direction");
//! assert_eq!(typo.diagnostics[0].help.as_deref(), Some("did you mean `orthogonal`?"));
//! ```
//!
//! Features: `cli` (default) builds the `hexv` command and turns on `fancy`, the graphical
//! rendering of diagnostics with their source excerpt (`diagnostic::render_all`), and `lsp`,
//! the language server's logic (`lsp`: a `Session` that answers the protocol's messages,
//! whose transport is `hexv lsp`'s). Without them (`default-features = false`) the library
//! has no terminal dependency and builds for `wasm32-unknown-unknown`.
//!
//! Parsing sets pest's call limit, a process-wide setting of the `pest` crate, to 20 000 000
//! calls before every parse: a program that also parses other grammars with pest shares it.

#![warn(missing_docs)]

pub mod analyse;
pub mod check;
pub mod compile;
pub mod diagnostic;
pub mod game;
pub mod geometry;
pub mod load;
#[cfg(feature = "lsp")]
pub mod lsp;
pub mod pgn;
pub mod render;
pub mod rng;
pub mod search;
pub mod source;
pub(crate) mod syntax;
pub mod uci;
pub mod variant;

pub use compile::MoveTables;
pub use diagnostic::{Diagnostic, Severity};
pub use game::{AnyEngine, Engine, Game, GameEnd, Move, Outcome, Position};
pub use geometry::board::{Board, CellId};
pub use load::{load, Compiled, Loaded};
pub use source::{SourceError, SourceFile, Span};
/// The canonical layout of a `.hexv` file (`hexv fmt`).
pub use syntax::format;
pub use variant::{PieceId, Side, Variant};
