//! The `hexv` command: parses arguments, dispatches, prints, returns an exit code
//! (0 ok, 1 the input has errors, 2 usage or I/O error, 3 stopped by a time limit; `play`
//! tells the result with 10, 11 or 12).

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

mod cli;

#[derive(Parser)]
#[command(
    name = "hexv",
    version,
    about = "Rules interpreter for hex and triangle chess variants"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check variant files: report every mistake, then summarise each clean file.
    Check(cli::check::Args),
    /// Print a variant's compiled move tables (text or JSON).
    Table(cli::table::Args),
    /// Draw a piece's moves from a cell, or a position, as ASCII or SVG.
    Diagram(cli::diagram::Args),
    /// Write a variant's rules page (HTML, with its pictures) into a directory.
    Doc(cli::doc::Args),
    /// Rewrite variant files in the canonical layout (or, with --check, list those that differ).
    Fmt(cli::fmt::Args),
    /// List the legal moves of the start position (after `--moves`).
    Moves(cli::moves::Args),
    /// Read game records (PGN): `hexv pgn check FILE.pgn` replays every game.
    Pgn(cli::pgn::Args),
    /// Play a game at the terminal, two people taking turns.
    Play(cli::play::Args),
    /// Count the positions N plies ahead (perft), optionally per move.
    Perft(cli::perft::Args),
    /// Search a position: the best line and its score at each depth.
    Analyse(cli::analyse::Args),
    /// Speak the UCI engine protocol on stdin and stdout (docs/engine.md).
    Engine(cli::engine::Args),
    /// Play the engine against itself and report the variant's balance.
    Selfplay(cli::selfplay::Args),
    /// Fit the evaluation's weights to games of the engine (or PGN files) and write them.
    Tune(cli::tune::Args),
    /// Play two engines against each other in pairs of games, refereed by hexv; Elo and SPRT.
    Match(cli::matches::Args),
    /// Speak the Language Server Protocol on stdin and stdout (for editors).
    Lsp(cli::lsp::Args),
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) of hexv or of a subcommand (`hexv man check | man -l -`),
    /// or write every page into a directory (--dir).
    Man(cli::man::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let status = match cli.command {
        Command::Check(args) => cli::check::run(&args),
        Command::Table(args) => cli::table::run(&args),
        Command::Moves(args) => cli::moves::run(&args),
        Command::Diagram(args) => cli::diagram::run(&args),
        Command::Doc(args) => cli::doc::run(&args),
        Command::Fmt(args) => cli::fmt::run(&args),
        Command::Perft(args) => cli::perft::run(&args),
        Command::Play(args) => cli::play::run(&args),
        Command::Pgn(args) => cli::pgn::run(&args),
        Command::Analyse(args) => cli::analyse::run(&args),
        Command::Engine(args) => cli::engine::run(&args),
        Command::Selfplay(args) => cli::selfplay::run(&args),
        Command::Match(args) => cli::matches::run(&args),
        Command::Tune(args) => cli::tune::run(&args),
        Command::Lsp(args) => cli::lsp::run(&args),
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "hexv", &mut out);
            write_stdout(&out)
        }
        Command::Man(args) => cli::man::run(&args, Cli::command()),
    };
    ExitCode::from(status as u8)
}

/// Writes generated text to standard output (a closed pipe is no error).
fn write_stdout(bytes: &[u8]) -> cli::Status {
    use std::io::Write;
    match std::io::stdout().write_all(bytes) {
        Ok(()) => cli::Status::Ok,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => cli::Status::Ok,
        Err(e) => {
            eprintln!("error: cannot write: {e}");
            cli::Status::UsageOrIo
        }
    }
}
