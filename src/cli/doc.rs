//! `hexv doc FILE -o DIR`: the variant's rules page, `DIR/index.html`.

use std::path::PathBuf;

use hexv::render::html::rules_page;

use super::{read, Status};

#[derive(clap::Args)]
pub struct Args {
    /// Variant file (.hexv).
    file: PathBuf,
    /// The directory to write `index.html` into (made if missing).
    #[arg(short, long)]
    output: PathBuf,
}

pub fn run(args: &Args) -> Status {
    let file = match read(&args.file) {
        Ok(f) => f,
        Err(s) => return s,
    };
    let loaded = hexv::load::load(&file);
    super::print_diagnostics(&loaded.diagnostics, &file);
    let Some(compiled) = &loaded.compiled else {
        return Status::InputErrors;
    };
    let page = rules_page(compiled.variant(), compiled.tables(), &compiled.summary());
    let path = args.output.join("index.html");
    let written = std::fs::create_dir_all(&args.output).and_then(|()| std::fs::write(&path, page));
    match written {
        Ok(()) => {
            outln!("{}", path.display());
            Status::Ok
        }
        Err(e) => {
            eprintln!("error: cannot write `{}`: {e}", path.display());
            Status::UsageOrIo
        }
    }
}
