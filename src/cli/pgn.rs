//! `hexv pgn check FILE.pgn [--variant FILE.hexv] [--letters hu|en|own]`: replays every game
//! and names each move that resolves to no single legal move.

use std::path::{Path, PathBuf};

use hexv::game::san::Letters;
use hexv::load::Compiled;
use hexv::pgn::{self, PgnGame};
use hexv::source::SourceFile;

use super::Status;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Replay every game; report each move that is illegal, ambiguous or has an unknown
    /// piece letter (exit 1 when there is one, 2 when the file cannot be read).
    Check(CheckArgs),
}

#[derive(clap::Args)]
struct CheckArgs {
    /// The PGN file.
    file: PathBuf,
    /// The variant (.hexv); without it, the `Variant` tag names a shipped variant.
    #[arg(long)]
    variant: Option<PathBuf>,
    /// The piece letters of the moves: `own` (the variant's symbols), `en`, `hu` (K V B F H).
    #[arg(long, default_value = "own")]
    letters: String,
}

pub fn run(args: &Args) -> Status {
    match &args.command {
        Command::Check(check) => run_check(check),
    }
}

fn run_check(args: &CheckArgs) -> Status {
    let Some(letters) = Letters::by_name(&args.letters) else {
        eprintln!(
            "error: unknown letters `{}`: use own, en or hu",
            args.letters
        );
        return Status::UsageOrIo;
    };
    let file = match SourceFile::read(&args.file) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return Status::UsageOrIo;
        }
    };
    let parsed = pgn::read(file.text());
    let name = file.name().to_string();
    let at = |offset: usize| {
        let (line, column) = file.line_col(offset);
        format!("{name}:{line}:{column}")
    };
    // Syntax errors and games that cannot be replayed make the input faulty (exit 1), as
    // unresolved moves do; only a file that cannot be read at all exits 2.
    let mut faulty = false;
    for e in &parsed.errors {
        let severity = if e.is_warning() { "warning" } else { "error" };
        faulty |= !e.is_warning();
        eprintln!("{}: {severity}: {}", at(e.span.start), e.kind);
    }
    let mut variants = Variants::default();
    let (mut complete, mut unresolved) = (0, 0);
    for (i, record) in parsed.games.iter().enumerate() {
        let number = i + 1;
        let players = format!(
            "{} - {}",
            record.tag("White").unwrap_or("?"),
            record.tag("Black").unwrap_or("?")
        );
        let compiled = match variants.for_game(args.variant.as_deref(), record) {
            Ok(c) => c,
            Err(why) => {
                eprintln!(
                    "{}: error: game {number} ({players}): {why}",
                    at(record.span.start)
                );
                faulty = true;
                continue;
            }
        };
        let game = compiled.game();
        let replay = match pgn::replay(&game, record, &letters) {
            Ok(r) => r,
            Err(e) => {
                eprintln!(
                    "{}: error: game {number} ({players}): the FEN tag cannot be read: {e}",
                    at(record.span.start)
                );
                faulty = true;
                continue;
            }
        };
        match &replay.unresolved {
            None => complete += 1,
            Some(u) => {
                unresolved += 1;
                let written = &record.line.moves[u.index];
                let ply = u.index + usize::from(replay.start.to_move == hexv::Side::Black);
                let side = if ply % 2 == 0 { "." } else { "..." };
                outln!(
                    "{}: game {number} ({players}), move {}{side} {}: {}: {}",
                    at(written.span.start),
                    ply / 2 + 1,
                    written.text,
                    u.error.kind(),
                    u.error
                );
                if !u.error.candidates().is_empty() {
                    outln!("  candidates: {}", u.error.candidates().join(", "));
                }
            }
        }
    }
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    outln!(
        "{} read, {complete} replay to the end, {} unresolved",
        plural(parsed.games.len(), "game", "games"),
        plural(unresolved, "move", "moves")
    );
    if faulty || unresolved > 0 {
        Status::InputErrors
    } else {
        Status::Ok
    }
}

/// The variants the games are played in, each loaded once.
#[derive(Default)]
struct Variants {
    loaded: Vec<(PathBuf, Compiled)>,
}

impl Variants {
    /// The game's variant: `--variant`, else the shipped variant its `Variant` tag names.
    fn for_game(&mut self, given: Option<&Path>, record: &PgnGame) -> Result<&Compiled, String> {
        let path = match given {
            Some(p) => p.to_path_buf(),
            None => {
                let tag = record
                    .tag("Variant")
                    .ok_or("no `Variant` tag: give the variant with --variant FILE.hexv")?;
                shipped_variant(tag).ok_or_else(|| {
                    format!("no shipped variant is named `{tag}`: give it with --variant FILE.hexv")
                })?
            }
        };
        if let Some(i) = self.loaded.iter().position(|(p, _)| *p == path) {
            return Ok(&self.loaded[i].1);
        }
        let compiled = super::load_variant(&path)
            .map_err(|_| format!("the variant `{}` cannot be used", path.display()))?;
        self.loaded.push((path, compiled));
        Ok(&self.loaded[self.loaded.len() - 1].1)
    }
}

/// The shipped variant file a `Variant` tag names: its file name (`Glinski` →
/// `glinski.hexv`) or the `variant` line's name, letters compared without case, spaces or
/// punctuation, or the name's first word (`Glinski's Hexagonal Chess` for `Glinski`).
fn shipped_variant(tag: &str) -> Option<PathBuf> {
    let key = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let wanted = key(tag);
    let dirs = [
        PathBuf::from("variants"),
        Path::new(env!("CARGO_MANIFEST_DIR")).join("variants"),
    ];
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "hexv"))
            .collect();
        files.sort();
        let found = files.into_iter().find(|p| {
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let declared = std::fs::read_to_string(p).ok().and_then(|text| {
                text.lines()
                    .find_map(|l| l.trim().strip_prefix("variant").map(str::to_string))
            });
            let declared = declared.unwrap_or_default().replace('"', "");
            let first_word = declared
                .split_whitespace()
                .next()
                .unwrap_or("")
                .trim_end_matches("'s");
            key(stem) == wanted || key(&declared) == wanted || key(first_word) == wanted
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
