//! One module per subcommand. Each returns an [`Status`]; only this layer prints.

/// `print!` to stdout that never panics: a closed pipe (`hexv ... | head`) ends the
/// program quietly instead of panicking as `print!` does.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::emit(&format!($($arg)*))
    };
}

/// `println!` to stdout that never panics (see [`out!`]).
macro_rules! outln {
    () => {
        $crate::cli::emit("\n")
    };
    ($($arg:tt)*) => {
        $crate::cli::emit(&format!("{}\n", format!($($arg)*)))
    };
}

pub mod analyse;
pub mod check;
pub mod diagram;
pub mod doc;
pub mod engine;
pub mod fmt;
pub mod lsp;
pub mod man;
pub mod matches;
pub mod moves;
pub mod output;
pub mod perft;
pub mod pgn;
pub mod play;
pub mod selfplay;
pub mod table;
pub mod terminal;
pub mod tune;
pub mod weights;

use std::io::IsTerminal;
use std::path::Path;

use hexv::diagnostic::{render_all, Diagnostic, RenderOptions};
use hexv::load::{load, Compiled};
use hexv::source::{SourceError, SourceFile};

/// Exit status of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Ok = 0,
    InputErrors = 1,
    UsageOrIo = 2,
    /// A time limit ended the work before it was done.
    Stopped = 3,
    /// `hexv play`: the game ended and White scored more than half (won, or 3/4 by a stalemate).
    WhiteScoredMore = 10,
    /// `hexv play`: the game ended and Black scored more than half.
    BlackScoredMore = 11,
    /// `hexv play`: the game ended with the point shared equally (a draw).
    EqualShares = 12,
}

/// How diagnostics are drawn on stderr: colour only on a terminal without `NO_COLOR`.
pub fn render_options() -> RenderOptions {
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    RenderOptions { colour, width: 100 }
}

/// Reads a file, printing the reason and giving the status when it cannot be read.
pub fn read(path: &Path) -> Result<SourceFile, Status> {
    SourceFile::read(path).map_err(|e| {
        eprintln!("error: {e}");
        status_of(&e)
    })
}

fn status_of(e: &SourceError) -> Status {
    if e.is_content_error() {
        Status::InputErrors
    } else {
        Status::UsageOrIo
    }
}

/// Prints a file's diagnostics to stderr.
pub fn print_diagnostics(diagnostics: &[Diagnostic], file: &SourceFile) {
    if !diagnostics.is_empty() {
        eprint!("{}", render_all(diagnostics, file, render_options()));
    }
}

/// Reads and checks a variant for a command that needs a clean one; prints the diagnostics.
pub fn load_variant(path: &Path) -> Result<Compiled, Status> {
    let file = read(path)?;
    let loaded = load(&file);
    print_diagnostics(&loaded.diagnostics, &file);
    loaded.compiled.ok_or(Status::InputErrors)
}

/// Reads and checks a variant for a command that plays games on it (with the engine, or
/// by the end rules): refuses, saying why, a variant the games cannot be played on yet.
pub fn load_playable(path: &Path) -> Result<Compiled, Status> {
    let compiled = load_variant(path)?;
    refuse_unplayable(path, compiled.variant())?;
    Ok(compiled)
}

/// Prints why games cannot be played on the variant yet, if they cannot.
pub fn refuse_unplayable(path: &Path, v: &hexv::variant::Variant) -> Result<(), Status> {
    match hexv::search::unsupported(v) {
        None => Ok(()),
        Some(why) => {
            eprintln!(
                "error: {}: {why} (`hexv check`, `table`, `diagram`, `doc`, `moves`, `perft`, `play`, `analyse`, `selfplay`, `pgn`, `engine` and `match` take any number of sides)",
                path.display()
            );
            Err(Status::InputErrors)
        }
    }
}

/// The position a command starts from: `--position` (a position text, docs/positions.md)
/// or the start, then `--moves` played from it. Prints the reason when either is refused.
pub fn start_from(
    game: &hexv::game::Game,
    position: Option<&str>,
    moves: Option<&str>,
) -> Result<hexv::game::Position, Status> {
    start_and_last(game, position, moves).map(|(pos, _)| pos)
}

/// [`start_from`], with the last of the moves (`None` without any), which pictures mark.
pub fn start_and_last(
    game: &hexv::game::Game,
    position: Option<&str>,
    moves: Option<&str>,
) -> Result<(hexv::game::Position, Option<hexv::game::Move>), Status> {
    let pos = match position {
        None => game.start_position(),
        Some(text) => game.parse_position(text).map_err(|e| {
            eprintln!("error: this position cannot be read\n{}", e.show(text));
            Status::UsageOrIo
        })?,
    };
    match moves {
        None => Ok((pos, None)),
        Some(list) => game.play_moves_last(&pos, list).map_err(|(n, e)| {
            eprintln!("error: move {n}: {e}");
            Status::UsageOrIo
        }),
    }
}

/// The variant file and the position a command works on: `FILE [--position POS] [--moves
/// "..."]` (shared by `moves`, `perft` and `analyse`).
#[derive(clap::Args)]
pub struct At {
    /// Variant file (.hexv).
    file: std::path::PathBuf,
    /// Start from this position (docs/positions.md) instead of the setup.
    #[arg(long)]
    position: Option<String>,
    /// Moves to play first, e.g. "f5-f7 f7-f6".
    #[arg(long)]
    moves: Option<String>,
}

impl At {
    /// The variant file.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// Loads a clean variant, reaches the position, and runs `f` on it.
    pub fn run(
        &self,
        f: impl FnOnce(&hexv::game::Game, &hexv::game::Position) -> Status,
    ) -> Status {
        let compiled = match load_variant(&self.file) {
            Ok(compiled) => compiled,
            Err(s) => return s,
        };
        let game = compiled.game();
        match start_from(&game, self.position.as_deref(), self.moves.as_deref()) {
            Ok(pos) => f(&game, &pos),
            Err(s) => s,
        }
    }
}

/// Writes to stdout; when the reader has gone away (a closed pipe) the program stops with
/// status 0, and any other write error with status 2.
pub fn emit(text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        let code = if e.kind() == std::io::ErrorKind::BrokenPipe {
            0
        } else {
            2
        };
        std::process::exit(code);
    }
}
