//! The one integration-test binary: every module below is a group of tests.

mod support;

mod ascii;
mod boards;
mod chessagon;
mod cli;
mod conditions;
mod dagger;
mod de_vasa;
mod diagrams;
mod doc;
mod engine;
mod fast_engine;
mod fixtures;
mod game_end;
mod games;
mod hex_shogi;
mod hexchess_diff;
mod koval;
mod language;
mod mccooey;
mod mini_hexchess;
mod movement_kinds;
mod notation;
mod perft;
mod positions;
mod properties;
mod robustness;
mod rule_support;
mod rules_matrix;
mod search;
mod shafran;
mod snapshots_diagrams;
mod strength;
mod svg;
mod tables;
