//! hexv: a rules interpreter and DSL for chess variants on hexagonal and triangular boards.
//!
//! Pipeline (see ARCHITECTURE.md): [`source`] → [`syntax`] → [`check`] → [`compile`] →
//! [`render`] / [`game`].

pub mod analyse;
pub mod check;
pub mod compile;
pub mod diagnostic;
pub mod game;
pub mod geometry;
pub mod load;
pub mod render;
pub mod source;
pub(crate) mod syntax;
pub mod variant;
