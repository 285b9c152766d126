//! Views of checked variants and compiled tables: text, JSON, ASCII and SVG diagrams.
//! Renderers never fail and never print; they return strings.

pub mod ascii;
pub mod describe;
pub mod diagram;
pub mod figures;
pub mod game_page;
pub mod html;
pub mod svg;
pub mod tables;
