//! Views of checked variants and compiled tables: text and JSON. Renderers never fail and
//! never print; they return strings or values.

pub mod ascii;
pub mod diagram;
pub mod svg;
pub mod tables;
