//! The one integration-test binary: every module below is a group of tests.

mod support;

mod cli;
mod diagrams;
mod fixtures;
mod perft;
mod robustness;
mod tables;
