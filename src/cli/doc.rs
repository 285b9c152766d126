//! `hexv doc FILE -o DIR`: the variant's rules page, `DIR/index.html`.
//! `hexv doc [FILE] --pgn GAMES.pgn --game N -o DIR`: a page that steps through a recorded
//! game, `DIR/game-N.html`.

use std::path::{Path, PathBuf};

use hexv::render::game_page::{game_page, GameSheet};
use hexv::render::html::rules_page;

use super::{output, read, Status};

#[derive(clap::Args)]
pub struct Args {
    /// Variant file (.hexv); with --pgn it may be left out when the game's `Variant` tag
    /// names a shipped variant.
    #[arg(required_unless_present = "pgn")]
    file: Option<PathBuf>,
    /// The directory to write the page into (made if missing).
    #[arg(short, long)]
    output: PathBuf,
    /// Write a page for a game recorded in this PGN file instead: the board, the moves, and
    /// buttons (or the arrow keys) to step through them.
    #[arg(long, value_name = "GAMES.pgn")]
    pgn: Option<PathBuf>,
    /// With --pgn: the game's number in the file, from 1.
    #[arg(long, default_value_t = 1, requires = "pgn", value_parser = clap::value_parser!(u64).range(1..))]
    game: u64,
    /// With --pgn: the piece letters of its moves as read and written (auto: detected;
    /// own, en, hu).
    #[arg(long, default_value = "auto", requires = "pgn")]
    letters: String,
}

pub fn run(args: &Args) -> Status {
    if let Some(pgn) = &args.pgn {
        return run_game(args, pgn);
    }
    let Some(path) = &args.file else {
        return Status::UsageOrIo;
    };
    let file = match read(path) {
        Ok(f) => f,
        Err(s) => return s,
    };
    let loaded = hexv::load::load(&file);
    super::print_diagnostics(&loaded.diagnostics, &file);
    let Some(compiled) = &loaded.compiled else {
        return Status::InputErrors;
    };
    let page = rules_page(compiled.variant(), compiled.tables(), &compiled.summary());
    write_page(args, "index.html", &page)
}

/// `--pgn`: the game's page.
fn run_game(args: &Args, pgn: &Path) -> Status {
    let recorded = match super::pgn::recorded_game(
        pgn,
        args.game as usize,
        args.file.as_deref(),
        &args.letters,
    ) {
        Ok(g) => g,
        Err(s) => return s,
    };
    let game = recorded.compiled.game();
    let record = &recorded.record;
    let mut tags: Vec<(String, String)> = record
        .tags
        .iter()
        .map(|t| (t.name.clone(), t.value.clone()))
        .collect();
    if let Some(result) = &record.result {
        if !tags.iter().any(|(n, _)| n == "Result") {
            tags.push(("Result".to_string(), result.text.clone()));
        }
    }
    let comments: Vec<Vec<String>> = record
        .line
        .moves
        .iter()
        .take(recorded.replay.moves.len())
        .map(|m| m.comments.iter().map(|c| c.text.clone()).collect())
        .collect();
    let sheet = GameSheet {
        tags: &tags,
        start: &recorded.replay.start,
        moves: &recorded.replay.moves,
        comments: &comments,
        letters: &recorded.letters,
        note: recorded.stopped.as_deref(),
    };
    let page = game_page(&game, &sheet);
    write_page(args, &format!("game-{}.html", args.game), &page)
}

/// Writes `DIR/name` (making DIR; never onto the variant or PGN file read, an existing page
/// replaced as a whole) and prints its path.
fn write_page(args: &Args, name: &str, page: &str) -> Status {
    let path = args.output.join(name);
    let inputs = [
        ("variant file", args.file.as_deref()),
        ("PGN file", args.pgn.as_deref()),
    ];
    if !output::outputs_allowed(&[("the page", &path)], &inputs) {
        return Status::UsageOrIo;
    }
    let written = std::fs::create_dir_all(&args.output)
        .and_then(|()| output::replace(&path, page.as_bytes()));
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
