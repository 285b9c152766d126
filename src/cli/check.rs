//! `hexv check FILE...`

use std::path::PathBuf;

use clap::ValueEnum;
use hexv::diagnostic::JsonDiagnostic;

use super::{print_diagnostics, read, Status};

#[derive(clap::Args)]
pub struct Args {
    /// Variant files (.hexv).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// `human`: rendered diagnostics on stderr and a summary on stdout; `json`: one JSON
    /// array of diagnostics on stdout.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Json,
}

pub fn run(args: &Args) -> Status {
    let mut status = Status::Ok;
    let mut json = Vec::new();
    for (i, path) in args.files.iter().enumerate() {
        let file = match read(path) {
            Ok(f) => f,
            Err(s) => {
                status = status.max(s);
                continue;
            }
        };
        let checked = hexv::load::load(&file);
        if checked.has_errors() {
            status = status.max(Status::InputErrors);
        }
        match args.format {
            Format::Json => json.extend(
                checked
                    .diagnostics
                    .iter()
                    .map(|d| JsonDiagnostic::new(d, &file)),
            ),
            Format::Human => {
                print_diagnostics(&checked.diagnostics, &file);
                if let Some(compiled) = &checked.compiled {
                    if i > 0 {
                        outln!();
                    }
                    outln!("{}: ok", file.name());
                    out!("{}", compiled.summary());
                } else {
                    let errors = checked.diagnostics.iter().filter(|d| d.is_error()).count();
                    eprintln!(
                        "{}: {errors} error{}",
                        file.name(),
                        if errors == 1 { "" } else { "s" }
                    );
                }
            }
        }
    }
    if let Format::Json = args.format {
        outln!(
            "{}",
            serde_json::to_string_pretty(&json).unwrap_or_else(|_| "[]".into())
        );
    }
    status
}
