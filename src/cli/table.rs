//! `hexv table FILE [--piece S] [--side white|black] [--cell NAME] [--format text|json]`

use std::path::PathBuf;

use clap::ValueEnum;
use hexv::check::suggest::closest;
use hexv::render::tables::{to_json, to_text, Selection};
use hexv::variant::Side;

use super::{print_diagnostics, read, Status};

#[derive(clap::Args)]
pub struct Args {
    /// Variant file (.hexv).
    file: PathBuf,
    /// Only this piece (symbol or name).
    #[arg(long)]
    piece: Option<String>,
    /// Only this side.
    #[arg(long, value_enum)]
    side: Option<SideArg>,
    /// Only moves from this cell.
    #[arg(long)]
    cell: Option<String>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
enum SideArg {
    White,
    Black,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

pub fn run(args: &Args) -> Status {
    let file = match read(&args.file) {
        Ok(f) => f,
        Err(s) => return s,
    };
    let loaded = hexv::load::load(&file);
    print_diagnostics(&loaded.diagnostics, &file);
    let Some(compiled) = &loaded.compiled else {
        return Status::InputErrors;
    };
    let (v, t) = (compiled.variant(), compiled.tables());
    let mut sel = Selection {
        side: args.side.map(|s| match s {
            SideArg::White => Side::WHITE,
            SideArg::Black => Side::BLACK,
        }),
        ..Selection::default()
    };
    if let Some(p) = &args.piece {
        match v.find_piece(p) {
            Some(id) => sel.piece = Some(id),
            None => {
                let keys = v
                    .pieces()
                    .iter()
                    .flat_map(|p| [p.symbol.as_str(), p.name.as_str()]);
                let hint = closest(p, keys)
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                eprintln!("error: no piece `{p}` in {}{hint}", file.name());
                return Status::UsageOrIo;
            }
        }
    }
    if let Some(c) = &args.cell {
        match v.board().find(c) {
            Some(id) => sel.cell = Some(id),
            None => {
                let hint = closest(c, v.board().names().iter().map(String::as_str))
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                eprintln!("error: no cell `{c}` on the board of {}{hint}", file.name());
                return Status::UsageOrIo;
            }
        }
    }
    match args.format {
        Format::Json => outln!("{}", to_json(v, t, &sel)),
        Format::Text => out!("{}", to_text(v, t, &sel)),
    }
    Status::Ok
}
