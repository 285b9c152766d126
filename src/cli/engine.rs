//! `hexv engine [FILE]`: the engine protocol (UCI, docs/engine.md) on stdin and stdout.

use std::path::PathBuf;

use super::Status;

#[derive(clap::Args)]
pub struct Args {
    /// Variant file (.hexv); or later `setoption name VariantPath value FILE`.
    file: Option<PathBuf>,
}

pub fn run(args: &Args) -> Status {
    let stdin = std::io::stdin();
    hexv::uci::serve(stdin.lock(), std::io::stdout(), args.file.as_deref());
    Status::Ok
}
