//! `hexv fmt FILE... [--check]`: rewrites variant files in the canonical layout
//! (`hexv::syntax::format`), or with `--check` names those that would change.

use std::io::Read;
use std::path::{Path, PathBuf};

use hexv::format::format;
use hexv::source::SourceFile;

use super::{output, print_diagnostics, read, Status};

#[derive(clap::Args)]
pub struct Args {
    /// Variant files (.hexv); `-` reads standard input and writes the result to standard
    /// output.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Change nothing: name each file that is not in the canonical layout, and exit with 1 if
    /// there is one.
    #[arg(long)]
    check: bool,
}

pub fn run(args: &Args) -> Status {
    let mut status = Status::Ok;
    for path in &args.files {
        status = status.max(if path == Path::new("-") {
            stdin(args.check)
        } else {
            one(path, args.check)
        });
    }
    status
}

/// Formats standard input onto standard output (with `--check`, only says whether it would
/// change).
fn stdin(check: bool) -> Status {
    let mut bytes = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
        eprintln!("error: cannot read standard input: {e}");
        return Status::UsageOrIo;
    }
    let Ok(text) = String::from_utf8(bytes) else {
        eprintln!("error: standard input is not UTF-8 text");
        return Status::InputErrors;
    };
    let file = SourceFile::new("<stdin>", text);
    match format(&file) {
        Ok(formatted) if check => {
            if formatted == file.text() {
                Status::Ok
            } else {
                outln!("<stdin>");
                Status::InputErrors
            }
        }
        Ok(formatted) => {
            out!("{formatted}");
            Status::Ok
        }
        Err(diagnostics) => {
            print_diagnostics(&diagnostics, &file);
            Status::InputErrors
        }
    }
}

fn one(path: &Path, check: bool) -> Status {
    let file = match read(path) {
        Ok(f) => f,
        Err(s) => return s,
    };
    let formatted = match format(&file) {
        Ok(f) => f,
        Err(diagnostics) => {
            print_diagnostics(&diagnostics, &file);
            eprintln!(
                "error: {} not formatted: fix its syntax first",
                path.display()
            );
            return Status::InputErrors;
        }
    };
    if formatted == file.text() {
        return Status::Ok;
    }
    if check {
        outln!("{}", path.display());
        return Status::InputErrors;
    }
    // A read-only file is the owner's choice: left as it is, and said so.
    if std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly()) {
        eprintln!(
            "error: {} is read-only: not formatted (hexv fmt - < FILE prints the formatted text)",
            path.display()
        );
        return Status::UsageOrIo;
    }
    // Replaced as a whole (written beside it and renamed over it, so an interrupted run loses
    // nothing), through a symbolic link to its target, keeping its permissions and links.
    match output::replace(path, formatted.as_bytes()) {
        Ok(()) => Status::Ok,
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", path.display());
            Status::UsageOrIo
        }
    }
}
