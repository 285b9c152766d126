//! hexv in the browser: the library's checker, board drawing, move generation and search as
//! plain functions for JavaScript (`web/` is the page that calls them).
//!
//! Every function takes strings and numbers and returns one JSON text, so the boundary stays
//! thin and each function can be tested natively against the library (the tests of this crate
//! do, for every shipped variant). A reply is `{"ok": true, ...}` with the function's fields,
//! or `{"ok": false, "error": {"kind", "message", "offset"?}}`: no input makes a function
//! panic, as a panic in WebAssembly would take the whole page down. The logic stays in `hexv`;
//! this crate only converts.
//!
//! Each call names its variant by its source text: the last source loaded is kept
//! ([`cache`]), so a game's calls load it once.

mod cache;
mod check;
mod diagram;
mod engine;
mod play;
mod reply;

pub use check::{board, check};
pub use diagram::piece_moves;
pub use engine::best_move;
pub use play::{game_end, legal_moves, play, position_svg, start_position};
