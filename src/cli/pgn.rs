//! `hexv pgn check FILE.pgn [--variant FILE.hexv] [--letters hu|en|own]`: replays every game
//! and names each move that resolves to no single legal move, and each result the final
//! position contradicts. `hexv pgn convert FILE.pgn [--to short|long] [--to-letters L]`:
//! the games with their moves rewritten.

use std::path::{Path, PathBuf};

use hexv::game::san::Letters;
use hexv::load::Compiled;
use hexv::pgn::{self, Notation, PgnGame};
use hexv::source::SourceFile;

use super::{output, Status};

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
    /// Rewrite every game's moves in short notation with other letters, or in hexv's long
    /// notation, keeping tags, comments, NAGs and variations (exit 1 when a move cannot be
    /// read: it and the rest of its line are kept as written).
    Convert(ConvertArgs),
}

#[derive(clap::Args)]
struct ConvertArgs {
    /// The PGN file.
    file: PathBuf,
    /// The variant (.hexv); without it, the `Variant` tag names a shipped variant.
    #[arg(long)]
    variant: Option<PathBuf>,
    /// The piece letters of the moves read (long notation is read as well).
    #[arg(long, default_value = "own")]
    letters: String,
    /// The notation written: `short` (SAN) or `long` (hexv's from-to notation).
    #[arg(long, value_enum, default_value_t = To::Short)]
    to: To,
    /// The piece letters written in short notation (default: those read).
    #[arg(long)]
    to_letters: Option<String>,
    /// Write to this file instead of stdout.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum To {
    Short,
    Long,
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
        Command::Convert(convert) => run_convert(convert),
    }
}

/// The letter map named on the command line, or the usage error printed.
fn letters_named(name: &str) -> Result<Letters, Status> {
    Letters::by_name(name).ok_or_else(|| {
        eprintln!("error: unknown letters `{name}`: use own, en or hu");
        Status::UsageOrIo
    })
}

/// A PGN file read, its syntax errors printed (`faulty` when one is not a warning).
struct Opened {
    file: SourceFile,
    parsed: pgn::PgnFile,
    faulty: bool,
}

impl Opened {
    fn read(path: &Path) -> Result<Opened, Status> {
        let file = SourceFile::read_records(path).map_err(|e| {
            eprintln!("error: {e}");
            Status::UsageOrIo
        })?;
        let parsed = pgn::read(file.text());
        let faulty = parsed.errors.iter().any(|e| !e.is_warning());
        Ok(Opened {
            file,
            parsed,
            faulty,
        })
    }

    /// Prints the errors (and warnings) found within `span`, or all of them.
    fn print_errors(&self, within: Option<hexv::source::Span>) {
        let inside = |e: &&pgn::PgnError| {
            within.is_none_or(|s| s.start <= e.span.start && e.span.start < s.end)
        };
        for e in self.parsed.errors.iter().filter(inside) {
            let severity = if e.is_warning() { "warning" } else { "error" };
            eprintln!("{}: {severity}: {}", self.at(e.span.start), e.kind);
        }
    }

    /// `file:line:column` of a byte offset.
    fn at(&self, offset: usize) -> String {
        let (line, column) = self.file.line_col(offset);
        format!("{}:{line}:{column}", self.file.name())
    }
}

/// "White - Black" of a record.
fn players(record: &PgnGame) -> String {
    format!(
        "{} - {}",
        record.tag("White").unwrap_or("?"),
        record.tag("Black").unwrap_or("?")
    )
}

fn run_convert(args: &ConvertArgs) -> Status {
    let reading = match letters_named(&args.letters) {
        Ok(l) => l,
        Err(s) => return s,
    };
    let to = match args.to {
        To::Long => Notation::Long,
        To::Short => match letters_named(args.to_letters.as_deref().unwrap_or(&args.letters)) {
            Ok(l) => Notation::Short(l),
            Err(s) => return s,
        },
    };
    if let Some(path) = &args.output {
        let inputs = [
            ("PGN file", Some(args.file.as_path())),
            ("variant file", args.variant.as_deref()),
        ];
        if !output::outputs_allowed(&[("--output", path)], &inputs) {
            return Status::UsageOrIo;
        }
    }
    let opened = match Opened::read(&args.file) {
        Ok(o) => o,
        Err(s) => return s,
    };
    opened.print_errors(None);
    let mut faulty = opened.faulty;
    let mut variants = Variants::default();
    let mut out = String::new();
    for (i, record) in opened.parsed.games.iter().enumerate() {
        let number = i + 1;
        // A game that cannot be converted is written as it was, so nothing is lost.
        let as_written = opened
            .file
            .text()
            .get(record.span.start..record.span.end)
            .unwrap_or_default();
        let failed = |why: String| {
            eprintln!(
                "{}: error: game {number} ({}): {why}; the game is kept as written",
                opened.at(record.span.start),
                players(record)
            );
        };
        if !out.is_empty() {
            out.push('\n');
        }
        let compiled = match variants.for_game(args.variant.as_deref(), record) {
            Ok(c) => c,
            Err(why) => {
                failed(why);
                faulty = true;
                out.push_str(as_written.trim_end());
                out.push('\n');
                continue;
            }
        };
        let converted = match pgn::convert(&compiled.game(), record, &reading, &to) {
            Ok(c) => c,
            Err(e) => {
                failed(format!("the FEN tag cannot be read: {e}"));
                faulty = true;
                out.push_str(as_written.trim_end());
                out.push('\n');
                continue;
            }
        };
        for (span, error) in &converted.unresolved {
            faulty = true;
            eprintln!(
                "{}: error: game {number} ({}): {}: {error}; kept as written from there",
                opened.at(span.start),
                players(record),
                error.kind()
            );
        }
        out.push_str(&converted.text);
    }
    let written = match &args.output {
        Some(path) => output::replace(path, out.as_bytes()).map_err(|e| {
            eprintln!("error: cannot write `{}`: {e}", path.display());
        }),
        None => {
            out!("{out}");
            Ok(())
        }
    };
    match (written, faulty) {
        (Err(()), _) => Status::UsageOrIo,
        (Ok(()), true) => Status::InputErrors,
        (Ok(()), false) => Status::Ok,
    }
}

fn run_check(args: &CheckArgs) -> Status {
    let letters = match letters_named(&args.letters) {
        Ok(l) => l,
        Err(s) => return s,
    };
    let opened = match Opened::read(&args.file) {
        Ok(o) => o,
        Err(s) => return s,
    };
    opened.print_errors(None);
    let (parsed, at) = (&opened.parsed, |offset| opened.at(offset));
    // Syntax errors and games that cannot be replayed make the input faulty (exit 1), as
    // unresolved moves do; only a file that cannot be read at all exits 2.
    let mut faulty = opened.faulty;
    let mut variants = Variants::default();
    let (mut complete, mut unresolved, mut wrong_results) = (0, 0, 0);
    for (i, record) in parsed.games.iter().enumerate() {
        let number = i + 1;
        let players = players(record);
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
            None => {
                complete += 1;
                if let Some(written) = written_result(record) {
                    if let Some((expected, end)) = pgn::result_disagrees(&game, &replay, &written) {
                        faulty = true;
                        wrong_results += 1;
                        let offset = record
                            .result
                            .as_ref()
                            .map_or(record.span.end, |r| r.span.start);
                        outln!(
                            "{}: game {number} ({players}): the result {written} is not the rules' {expected}: the game ends by {}",
                            at(offset),
                            end.phrase()
                        );
                    }
                }
            }
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
    let results = if wrong_results > 0 {
        format!(
            ", {}",
            plural(wrong_results, "wrong result", "wrong results")
        )
    } else {
        String::new()
    };
    outln!(
        "{} read, {complete} replay to the end, {} unresolved{results}",
        plural(parsed.games.len(), "game", "games"),
        plural(unresolved, "move", "moves")
    );
    if faulty || unresolved > 0 {
        Status::InputErrors
    } else {
        Status::Ok
    }
}

/// The result a record gives (its result token, else its `Result` tag) as a score token:
/// `remi` is a draw.
fn written_result(record: &PgnGame) -> Option<String> {
    let text = record
        .result
        .as_ref()
        .map(|r| r.text.as_str())
        .or_else(|| record.tag("Result"))?;
    Some(match text {
        "remi" => "1/2-1/2".to_string(),
        other => other.to_string(),
    })
}

/// One game of a PGN file, replayed on its variant, for the commands that show it.
pub struct RecordedGame {
    /// Its variant.
    pub compiled: Compiled,
    /// The record as read.
    pub record: PgnGame,
    /// Its moves as far as they resolve.
    pub replay: pgn::Replay,
    /// The piece letters its moves are written with.
    pub letters: Letters,
    /// Where the record stops resolving, if it does: the move, why, and where it is written.
    pub stopped: Option<String>,
}

/// Game `number` (from 1) of the PGN file `path`, on `variant` or the shipped variant its
/// `Variant` tag names, its moves read with the letters named `letters`. A move that does
/// not resolve is reported on stderr; the game is replayed up to it.
pub fn recorded_game(
    path: &Path,
    number: usize,
    variant: Option<&Path>,
    letters: &str,
) -> Result<RecordedGame, Status> {
    let letters = letters_named(letters)?;
    let opened = Opened::read(path)?;
    let count = opened.parsed.games.len();
    let Some(record) = number
        .checked_sub(1)
        .and_then(|i| opened.parsed.games.get(i))
    else {
        eprintln!(
            "error: no game {number} in `{}`: it holds {}",
            path.display(),
            match count {
                1 => "1 game".to_string(),
                n => format!("{n} games"),
            }
        );
        return Err(Status::UsageOrIo);
    };
    opened.print_errors(Some(record.span));
    let at = opened.at(record.span.start);
    let variant_path = variant_path(variant, record).map_err(|why| {
        eprintln!("{at}: error: game {number}: {why}");
        Status::UsageOrIo
    })?;
    let compiled = super::load_variant(&variant_path)?;
    let replay = pgn::replay(&compiled.game(), record, &letters).map_err(|e| {
        eprintln!("{at}: error: game {number}: the FEN tag cannot be read: {e}");
        Status::InputErrors
    })?;
    let stopped = replay.unresolved.as_ref().map(|u| {
        let written = &record.line.moves[u.index];
        format!(
            "The record stops resolving at `{}` ({}): {}",
            written.text,
            opened.at(written.span.start),
            u.error
        )
    });
    if let Some(why) = &stopped {
        eprintln!("warning: game {number}: {why}; shown up to the move before");
    }
    Ok(RecordedGame {
        compiled,
        record: record.clone(),
        replay,
        letters,
        stopped,
    })
}

/// The variants the games are played in, each loaded once.
#[derive(Default)]
struct Variants {
    loaded: Vec<(PathBuf, Compiled)>,
}

impl Variants {
    /// The game's variant: `--variant`, else the shipped variant its `Variant` tag names.
    fn for_game(&mut self, given: Option<&Path>, record: &PgnGame) -> Result<&Compiled, String> {
        let path = variant_path(given, record)?;
        if let Some(i) = self.loaded.iter().position(|(p, _)| *p == path) {
            return Ok(&self.loaded[i].1);
        }
        let compiled = super::load_variant(&path)
            .map_err(|_| format!("the variant `{}` cannot be used", path.display()))?;
        self.loaded.push((path, compiled));
        Ok(&self.loaded[self.loaded.len() - 1].1)
    }
}

/// The variant file of a game: the one given, else the shipped variant its `Variant` tag
/// names.
fn variant_path(given: Option<&Path>, record: &PgnGame) -> Result<PathBuf, String> {
    match given {
        Some(p) => Ok(p.to_path_buf()),
        None => {
            let tag = record
                .tag("Variant")
                .ok_or("no `Variant` tag: give the variant with --variant FILE.hexv")?;
            shipped_variant(tag).ok_or_else(|| {
                format!("no shipped variant is named `{tag}`: give it with --variant FILE.hexv")
            })
        }
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
