//! `hexv pgn check FILE.pgn [--variant FILE.hexv] [--letters auto|hu|en|own]`: replays every game
//! and names each move that resolves to no single legal move, and each result the final
//! position contradicts. `hexv pgn convert FILE.pgn [--to short|long] [--to-letters L]`:
//! the games with their moves rewritten. Files are read a few games at a time
//! ([`pgn::GameChunks`]), so a database of any size is read in the memory of one game; each
//! game may hold up to [`pgn::MAX_GAME_BYTES`] (the environment variable
//! `HEXV_PGN_GAME_BYTES` lowers that, for tests).

use std::fs::File;
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};

use hexv::game::san::Letters;
use hexv::load::Compiled;
use hexv::pgn::{self, Notation, PgnGame};
use hexv::source::{io_reason, SourceFile, Span};

use super::{output, Status};

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Replay every game; report each move that is illegal, ambiguous or has an unknown
    /// piece letter (exit 1 when there is one, 2 when the file cannot be read to its end).
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
    /// The piece letters of the moves read: `auto` (detected for each game among own and
    /// hu), `own`, `en`, `hu` (long and compact notation are read as well).
    #[arg(long, default_value = "auto")]
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
    /// The piece letters of the moves: `auto` (detected for each game: the variant's own
    /// symbols or hu), `own` (the variant's symbols), `en`, `hu` (K V B F H).
    #[arg(long, default_value = "auto")]
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

/// How the piece letters of a record's moves are read: one map for every game, or the map
/// that reads each game (a file written with Hungarian letters reads as it is).
#[derive(Clone)]
pub enum Reading {
    /// Detected for each game among [`Letters::detectable`].
    Detect,
    /// The map named.
    Map(Letters),
}

impl Reading {
    /// `auto` or a map's name, or the usage error printed.
    pub fn named(name: &str) -> Result<Reading, Status> {
        if name == "auto" {
            return Ok(Reading::Detect);
        }
        Letters::by_name(name).map(Reading::Map).ok_or_else(|| {
            eprintln!("error: unknown letters `{name}`: use auto, own, en or hu");
            Status::UsageOrIo
        })
    }

    /// `record` replayed, the letters it was read with, and their name when they were
    /// detected and are not the variant's own.
    fn replay(
        &self,
        game: &hexv::game::Game,
        record: &PgnGame,
    ) -> Result<(pgn::Replay, Letters, Option<&'static str>), hexv::game::PositionError> {
        match self {
            Reading::Map(letters) => {
                Ok((pgn::replay(game, record, letters)?, letters.clone(), None))
            }
            Reading::Detect => {
                let choices = Letters::detectable();
                let maps: Vec<Letters> = choices.iter().map(|(_, l)| l.clone()).collect();
                let (replay, i) = pgn::replay_detecting(game, record, &maps)?;
                let (name, letters) = choices[i].clone();
                Ok((replay, letters, (i > 0).then_some(name)))
            }
        }
    }
}

/// The environment variable that lowers the bound on one game's bytes, for tests (a file
/// past a small bound is quick to write).
const GAME_BYTES_VARIABLE: &str = "HEXV_PGN_GAME_BYTES";

/// The bound on one game's bytes: [`pgn::MAX_GAME_BYTES`], or less when
/// [`GAME_BYTES_VARIABLE`] says so.
fn game_bytes() -> u64 {
    std::env::var(GAME_BYTES_VARIABLE)
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .filter(|&n| n > 0)
        .map_or(pgn::MAX_GAME_BYTES, |n| n.min(pgn::MAX_GAME_BYTES))
}

/// A PGN file read a few games at a time ([`pgn::GameChunks`]), so that a file of any size
/// is read in the memory of its largest game; a pipe or `/dev/stdin` is read once, as it
/// comes. A chunk that cannot be read ends it, the reason printed with its place.
struct Records {
    name: String,
    chunks: pgn::GameChunks<BufReader<File>>,
}

impl Records {
    /// Opens the file (a directory is refused), the reason printed when it cannot be.
    fn open(path: &Path) -> Result<Records, Status> {
        let name = path.display().to_string();
        let fail = |why: String| {
            eprintln!("error: {why}");
            Status::UsageOrIo
        };
        let cannot = |e: std::io::Error| fail(format!("cannot read `{name}`: {}", io_reason(&e)));
        if std::fs::metadata(path).map_err(cannot)?.is_dir() {
            return Err(fail(format!("`{name}` is a directory, not a PGN file")));
        }
        let file = File::open(path).map_err(cannot)?;
        Ok(Records {
            chunks: pgn::GameChunks::new(BufReader::new(file), game_bytes()),
            name,
        })
    }

    /// The reason a chunk could not be read, printed where it is.
    fn report(&self, error: &pgn::ChunkError) {
        let name = &self.name;
        match error {
            pgn::ChunkError::GameTooLarge { first_line, max } => eprintln!(
                "{name}:{first_line}:1: error: the game from here is larger than {max} bytes, \
                 the most one game may hold: the file is read no further"
            ),
            pgn::ChunkError::NotText { line, column } => eprintln!(
                "{name}:{line}:{column}: error: a byte that is not UTF-8 text: the file is read \
                 no further"
            ),
            pgn::ChunkError::Io(e) => eprintln!("error: cannot read `{name}`: {}", io_reason(e)),
        }
    }
}

impl Iterator for Records {
    type Item = Result<Part, Status>;

    fn next(&mut self) -> Option<Self::Item> {
        let chunk = self.chunks.next()?;
        Some(match chunk {
            Ok(chunk) => Ok(Part::read(&self.name, chunk)),
            Err(e) => {
                self.report(&e);
                Err(Status::UsageOrIo)
            }
        })
    }
}

/// One chunk of a PGN file read: its games and syntax errors, their spans counted from the
/// chunk's start, and where the chunk is, to locate them in the file.
struct Part {
    source: SourceFile,
    first_line: usize,
    parsed: pgn::PgnFile,
}

impl Part {
    fn read(name: &str, chunk: pgn::Chunk) -> Part {
        Part {
            parsed: pgn::read(&chunk.text),
            source: SourceFile::new(name, chunk.text),
            first_line: chunk.first_line,
        }
    }

    /// Prints the errors (and warnings) found within `span`, or all of them; true when one
    /// is an error.
    fn print_errors(&self, within: Option<Span>) -> bool {
        let inside = |e: &&pgn::PgnError| {
            within.is_none_or(|s| s.start <= e.span.start && e.span.start < s.end)
        };
        let mut faulty = false;
        for e in self.parsed.errors.iter().filter(inside) {
            let severity = if e.is_warning() { "warning" } else { "error" };
            faulty |= !e.is_warning();
            eprintln!("{}: {severity}: {}", self.at(e.span.start), e.kind);
        }
        faulty
    }

    /// `file:line:column` of a byte offset in the chunk (a chunk begins at a line's start,
    /// so only the line moves).
    fn at(&self, offset: usize) -> String {
        let (line, column) = self.source.line_col(offset);
        format!(
            "{}:{}:{column}",
            self.source.name(),
            self.first_line + line - 1
        )
    }

    /// The text of a record, as written.
    fn text(&self, span: Span) -> &str {
        self.source.slice(span)
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
    let reading = match Reading::named(&args.letters) {
        Ok(l) => l,
        Err(s) => return s,
    };
    // The letters written: those named, else those read (for each game, when detected).
    let to = match (args.to, &args.to_letters) {
        (To::Long, _) => Some(Notation::Long),
        (To::Short, Some(name)) => match letters_named(name) {
            Ok(l) => Some(Notation::Short(l)),
            Err(s) => return s,
        },
        (To::Short, None) => match &reading {
            Reading::Map(l) => Some(Notation::Short(l.clone())),
            Reading::Detect => None,
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
    let records = match Records::open(&args.file) {
        Ok(r) => r,
        Err(s) => return s,
    };
    let mut out = match Output::open(args.output.as_deref()) {
        Ok(o) => o,
        Err(s) => return s,
    };
    let mut faulty = false;
    let mut variants = Variants::default();
    let mut number = 0;
    for part in records {
        // A file read only in part replaces no file (the new one is dropped).
        let part = match part {
            Ok(p) => p,
            Err(s) => return s,
        };
        faulty |= part.print_errors(None);
        for record in &part.parsed.games {
            number += 1;
            let (text, kept) = converted(args, &reading, &to, &mut variants, &part, number, record);
            faulty |= kept;
            if let Err(s) = out.game(&text) {
                return s;
            }
        }
    }
    match (out.finish(), faulty) {
        (Err(s), _) => s,
        (Ok(()), true) => Status::InputErrors,
        (Ok(()), false) => Status::Ok,
    }
}

/// Game `number` rewritten, its errors printed; true when some of it (or all, when its
/// variant or FEN cannot be read) is kept as written.
fn converted(
    args: &ConvertArgs,
    reading: &Reading,
    to: &Option<Notation>,
    variants: &mut Variants,
    part: &Part,
    number: usize,
    record: &PgnGame,
) -> (String, bool) {
    // A game that cannot be converted is written as it was, so nothing is lost.
    let as_written = || format!("{}\n", part.text(record.span).trim_end());
    let failed = |why: String| {
        eprintln!(
            "{}: error: game {number} ({}): {why}; the game is kept as written",
            part.at(record.span.start),
            players(record)
        );
        (as_written(), true)
    };
    let compiled = match variants.for_game(args.variant.as_deref(), record) {
        Ok(c) => c,
        Err(why) => return failed(why),
    };
    let game = compiled.game();
    let letters = match reading.replay(&game, record) {
        Ok((_, letters, _)) => letters,
        Err(e) => return failed(format!("the FEN tag cannot be read: {e}")),
    };
    let to = to
        .clone()
        .unwrap_or_else(|| Notation::Short(letters.clone()));
    let converted = match pgn::convert(&game, record, &letters, &to) {
        Ok(c) => c,
        Err(e) => return failed(format!("the FEN tag cannot be read: {e}")),
    };
    for (span, error) in &converted.unresolved {
        eprintln!(
            "{}: error: game {number} ({}): {}: {error}; kept as written from there",
            part.at(span.start),
            players(record),
            error.kind()
        );
    }
    let kept = !converted.unresolved.is_empty();
    (converted.text, kept)
}

/// Where `convert` writes its games as they come: stdout, or a file replaced at the end.
struct Output {
    file: Option<(PathBuf, output::Replacement)>,
    /// Whether anything was written (games are separated by a blank line).
    started: bool,
}

impl Output {
    fn open(path: Option<&Path>) -> Result<Output, Status> {
        let file = match path {
            None => None,
            Some(path) => Some((
                path.to_path_buf(),
                output::Replacement::new(path).map_err(|e| cannot_write(path, &e))?,
            )),
        };
        Ok(Output {
            file,
            started: false,
        })
    }

    /// Writes a game's text, after a blank line when it is not the first.
    fn game(&mut self, text: &str) -> Result<(), Status> {
        let separator = if self.started { "\n" } else { "" };
        self.started |= !text.is_empty();
        match &mut self.file {
            None => {
                out!("{separator}{text}");
                Ok(())
            }
            Some((path, file)) => file
                .write_all(separator.as_bytes())
                .and_then(|()| file.write_all(text.as_bytes()))
                .map_err(|e| cannot_write(path, &e)),
        }
    }

    /// Puts the file written in place.
    fn finish(self) -> Result<(), Status> {
        match self.file {
            None => Ok(()),
            Some((path, file)) => file.finish().map_err(|e| cannot_write(&path, &e)),
        }
    }
}

fn cannot_write(path: &Path, e: &std::io::Error) -> Status {
    eprintln!("error: cannot write `{}`: {e}", path.display());
    Status::UsageOrIo
}

fn run_check(args: &CheckArgs) -> Status {
    let letters = match Reading::named(&args.letters) {
        Ok(l) => l,
        Err(s) => return s,
    };
    let records = match Records::open(&args.file) {
        Ok(r) => r,
        Err(s) => return s,
    };
    let mut tally = Tally::default();
    let mut variants = Variants::default();
    for part in records {
        let part = match part {
            Ok(p) => p,
            Err(s) => return s,
        };
        tally.faulty |= part.print_errors(None);
        for record in &part.parsed.games {
            tally.games += 1;
            check_game(args, &letters, &mut variants, &part, record, &mut tally);
        }
    }
    tally.report()
}

/// What `check` has found so far.
#[derive(Default)]
struct Tally {
    games: usize,
    complete: usize,
    unresolved: usize,
    wrong_results: usize,
    /// Syntax errors and games that cannot be replayed make the input faulty (exit 1), as
    /// unresolved moves do; only a file that cannot be read to its end exits 2.
    faulty: bool,
    /// Games read with detected letters other than the variant's own, by the letters' name.
    detected: std::collections::BTreeMap<&'static str, usize>,
    /// Unresolved moves whose letter no piece has, under letters named on the command line.
    unknown_letters: usize,
}

impl Tally {
    /// Prints the last line; the status.
    fn report(&self) -> Status {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let results = if self.wrong_results > 0 {
            format!(
                ", {}",
                plural(self.wrong_results, "wrong result", "wrong results")
            )
        } else {
            String::new()
        };
        for (name, n) in &self.detected {
            outln!(
                "{} read with the `{name}` piece letters, detected (`--letters` chooses)",
                plural(*n, "game", "games")
            );
        }
        if self.unknown_letters > 0 {
            outln!("hint: `--letters auto` (the default) detects the letters each game uses");
        }
        outln!(
            "{} read, {} replay to the end, {} unresolved{results}",
            plural(self.games, "game", "games"),
            self.complete,
            plural(self.unresolved, "move", "moves")
        );
        if self.faulty || self.unresolved > 0 {
            Status::InputErrors
        } else {
            Status::Ok
        }
    }
}

/// Replays game `tally.games` of the file and reports what does not resolve.
fn check_game(
    args: &CheckArgs,
    letters: &Reading,
    variants: &mut Variants,
    part: &Part,
    record: &PgnGame,
    tally: &mut Tally,
) {
    let number = tally.games;
    let players = players(record);
    let at = |offset| part.at(offset);
    let compiled = match variants.for_game(args.variant.as_deref(), record) {
        Ok(c) => c,
        Err(why) => {
            eprintln!(
                "{}: error: game {number} ({players}): {why}",
                at(record.span.start)
            );
            tally.faulty = true;
            return;
        }
    };
    let game = compiled.game();
    let replay = match letters.replay(&game, record) {
        Ok((r, _, detected)) => {
            if let Some(name) = detected {
                *tally.detected.entry(name).or_default() += 1;
            }
            r
        }
        Err(e) => {
            eprintln!(
                "{}: error: game {number} ({players}): the FEN tag cannot be read: {e}",
                at(record.span.start)
            );
            tally.faulty = true;
            return;
        }
    };
    match &replay.unresolved {
        None => {
            tally.complete += 1;
            let Some(written) = written_result(record) else {
                return;
            };
            if let Some((expected, end)) = pgn::result_disagrees(&game, &replay, &written) {
                tally.faulty = true;
                tally.wrong_results += 1;
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
        Some(u) => {
            tally.unresolved += 1;
            if matches!(letters, Reading::Map(_))
                && matches!(u.error, hexv::game::san::SanError::UnknownLetter { .. })
            {
                tally.unknown_letters += 1;
            }
            let written = &record.line.moves[u.index];
            let ply = u.index + usize::from(replay.start.to_move == hexv::Side::BLACK);
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
    /// The record as read (its spans count from the start of the part of the file read with
    /// it, not of the file).
    pub record: PgnGame,
    /// Its moves as far as they resolve.
    pub replay: pgn::Replay,
    /// The piece letters its moves are written with.
    pub letters: Letters,
    /// Where the record stops resolving, if it does: the move, why, and where it is written.
    pub stopped: Option<String>,
}

/// Game `number` (from 1) of the PGN file `path`, on `variant` or the shipped variant its
/// `Variant` tag names, its moves read with the letters named `letters` (`auto`: detected). A move that does
/// not resolve is reported on stderr; the game is replayed up to it.
pub fn recorded_game(
    path: &Path,
    number: usize,
    variant: Option<&Path>,
    letters: &str,
) -> Result<RecordedGame, Status> {
    let reading = Reading::named(letters)?;
    let (part, index) = find_game(path, number)?;
    let record = &part.parsed.games[index];
    part.print_errors(Some(record.span));
    let at = part.at(record.span.start);
    let variant_path = variant_path(variant, record).map_err(|why| {
        eprintln!("{at}: error: game {number}: {why}");
        Status::UsageOrIo
    })?;
    let compiled = super::load_variant(&variant_path)?;
    let (replay, letters, _) = reading.replay(&compiled.game(), record).map_err(|e| {
        eprintln!("{at}: error: game {number}: the FEN tag cannot be read: {e}");
        Status::InputErrors
    })?;
    let stopped = replay.unresolved.as_ref().map(|u| {
        let written = &record.line.moves[u.index];
        format!(
            "The record stops resolving at `{}` ({}): {}",
            written.text,
            part.at(written.span.start),
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

/// The part of the file that holds game `number` (from 1), and the game's index in it: the
/// file is read no further. When there is no such game, the whole file is read to count them.
fn find_game(path: &Path, number: usize) -> Result<(Part, usize), Status> {
    let mut count = 0;
    for part in Records::open(path)? {
        let part = part?;
        let here = part.parsed.games.len();
        if let Some(index) = number.checked_sub(count + 1).filter(|&i| i < here) {
            return Ok((part, index));
        }
        count += here;
    }
    eprintln!(
        "error: no game {number} in `{}`: it holds {}",
        path.display(),
        match count {
            1 => "1 game".to_string(),
            n => format!("{n} games"),
        }
    );
    Err(Status::UsageOrIo)
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
