//! The engine protocol: UCI, with the conventions engines use for user-defined variants
//! (docs/engine.md). A front end like the command line or a fuzz target hands it a reader
//! and a writer; every reply is one flushed line, malformed input gets an `info string`
//! reply and is otherwise ignored, and the search runs on its own thread so `stop` and
//! `isready` are answered while it thinks (any other command stops it first).

use std::io::{BufRead, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::thread::ScopedJoinHandle;
use std::time::Duration;

use crate::game::{Game, Move, Position};
use crate::load::{load, Compiled};
use crate::search::weights::file::choose;
use crate::search::{Info, Limits, SearchScore, Searcher, Weights, DEFAULT_HASH_MB, MAX_THREADS};
use crate::source::SourceFile;

/// The longest input line read; longer lines are refused whole.
pub const MAX_LINE: usize = 1 << 20;
/// The largest transposition table accepted, in MB.
pub const MAX_HASH_MB: usize = 4096;

/// How moves are written in `bestmove` and `pv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Notation {
    /// hexv's own (`f5-f7`, `e4xd5`, `P*5e`, `f10-f11=Q`), on request.
    Hexv,
    /// From and to cells run together, a promotion's letter lower case (`f5f7`, `f10f11q`,
    /// drops `P@5e`): the form GUIs and other hex engines expect, so the default.
    Compact,
}

/// Where output goes: one line at a time, flushed, from either thread.
struct Out<W: Write> {
    writer: Mutex<W>,
}

impl<W: Write> Out<W> {
    /// Writes one line; control characters (from echoed input) are written as `?`, so a
    /// line is always one line and never moves a terminal's cursor.
    fn line(&self, text: &str) {
        let text: String = text
            .chars()
            .map(|c| if c.is_control() { '?' } else { c })
            .collect();
        let mut w = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        // A reader that went away is not an error of ours: keep reading until `quit` or the
        // end of the input.
        let _ = writeln!(w, "{text}").and_then(|()| w.flush());
    }
}

/// Serves the protocol until `quit` or the end of `input`. `variant` is loaded first when
/// given (as `setoption name VariantPath value FILE` would).
pub fn serve<R: BufRead, W: Write + Send>(mut input: R, output: W, variant: Option<&Path>) {
    let out = Out {
        writer: Mutex::new(output),
    };
    let mut path = variant.map(|p| p.display().to_string());
    let mut settings = Settings {
        hash_mb: DEFAULT_HASH_MB,
        threads: 1,
        notation: Notation::Compact,
        pruning: true,
        weights: None,
        pending_weights: None,
    };
    loop {
        let compiled = match &path {
            Some(p) => load_variant(p, &out),
            None => None,
        };
        match session(
            compiled.as_ref(),
            path.as_deref(),
            &mut input,
            &out,
            &mut settings,
        ) {
            Next::Quit => return,
            Next::Variant(p) => path = Some(p),
        }
    }
}

/// A searcher with the settings' table size and pruning, and the weights chosen.
fn new_searcher<'a>(
    game: Game<'a>,
    settings: &Settings,
    weights: Option<&Weights>,
) -> Searcher<'a> {
    let mut searcher = Searcher::with_hash(game, settings.hash_mb);
    searcher.set_pruning(settings.pruning);
    searcher.set_threads(settings.threads);
    if let Some(w) = weights {
        searcher.set_weights(w);
    }
    searcher
}

/// The weights `settings` choose for the variant at `path` (`None`: the built-in formula's):
/// `info string weights FILE` when a file is used, else the reason it cannot be, one `info
/// string error:` line per mistake.
fn weights_for<W: Write>(
    compiled: &Compiled,
    path: Option<&str>,
    choice: Option<&str>,
    out: &Out<W>,
) -> Result<Option<Weights>, ()> {
    let found = choose(
        path.map(Path::new),
        choice,
        compiled.variant(),
        compiled.tables(),
    );
    match found {
        Ok(Some((w, file))) => {
            out.line(&format!("info string weights {}", file.display()));
            Ok(Some(w))
        }
        Ok(None) => Ok(None),
        Err(e) => {
            for line in e.to_string().lines() {
                out.line(&format!("info string error: {line}"));
            }
            Err(())
        }
    }
}

/// Options that outlive a variant change.
struct Settings {
    hash_mb: usize,
    /// Threads searching each position.
    threads: usize,
    notation: Notation,
    /// The search's pruning by the static value (for matches that measure it).
    pruning: bool,
    /// The `Weights` option: a weights file, `default`, or `None` for the variant's sibling
    /// `.weights` file when there is one.
    weights: Option<String>,
    /// A `Weights` option just given, applied once checked against the variant.
    pending_weights: Option<Option<String>>,
}

/// Why a session ended.
enum Next {
    Quit,
    /// `setoption name VariantPath` named another file.
    Variant(String),
}

/// Loads a variant file, reporting why not as `info string` lines.
fn load_variant<W: Write>(path: &str, out: &Out<W>) -> Option<Compiled> {
    let file = match SourceFile::read_regular(Path::new(path)) {
        Ok(f) => f,
        Err(e) => {
            out.line(&format!("info string error: {e}"));
            return None;
        }
    };
    let loaded = load(&file);
    for d in loaded.diagnostics.iter().filter(|d| d.is_error()) {
        let at = d
            .primary_span()
            .map(|s| {
                let (line, col) = file.line_col(s.start);
                format!("{}:{line}:{col}: ", file.name())
            })
            .unwrap_or_default();
        out.line(&format!(
            "info string error: {at}{} [{}]",
            d.message, d.code
        ));
    }
    let compiled = loaded.compiled?;
    out.line(&format!("info string variant {}", file.name()));
    Some(compiled)
}

/// Reads one line of at most [`MAX_LINE`] bytes; `None` at the end of the input.
fn read_line<R: BufRead>(input: &mut R) -> Option<Result<String, String>> {
    let mut bytes = Vec::new();
    let mut limited = (&mut *input).take(MAX_LINE as u64 + 1);
    match limited.read_until(b'\n', &mut bytes) {
        Ok(0) => return None,
        Ok(_) => {}
        Err(e) => return Some(Err(format!("input: {e}"))),
    }
    if bytes.len() > MAX_LINE && !bytes.ends_with(b"\n") {
        // Skip the rest of the line.
        let mut rest = Vec::new();
        loop {
            rest.clear();
            match (&mut *input).take(1 << 16).read_until(b'\n', &mut rest) {
                Ok(0) => break,
                Ok(_) if rest.ends_with(b"\n") => break,
                Ok(_) => {}
                Err(_) => break,
            }
        }
        return Some(Err(format!("a line longer than {MAX_LINE} bytes")));
    }
    match String::from_utf8(bytes) {
        Ok(s) => Some(Ok(s.trim_end_matches(['\n', '\r']).to_string())),
        Err(_) => Some(Err("a line that is not UTF-8".to_string())),
    }
}

/// Serves commands with one variant (or none) until `quit` or a new variant.
fn session<R: BufRead, W: Write + Send>(
    compiled: Option<&Compiled>,
    path: Option<&str>,
    input: &mut R,
    out: &Out<W>,
    settings: &mut Settings,
) -> Next {
    let game = compiled.map(|c| c.game());
    // A weights file that cannot be used is reported; the built-in formula plays meanwhile.
    let mut weights = compiled
        .and_then(|c| weights_for(c, path, settings.weights.as_deref(), out).ok())
        .flatten();
    let mut searcher = game.map(|g| new_searcher(g, settings, weights.as_ref()));
    let mut history: Vec<Position> = game.map(|g| vec![g.start_position()]).unwrap_or_default();
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let mut running: Option<ScopedJoinHandle<'_, Searcher<'_>>> = None;
        loop {
            let line = match read_line(input) {
                None => {
                    stop.store(true, Ordering::Relaxed);
                    finish(&mut running, &mut searcher);
                    return Next::Quit;
                }
                Some(Err(e)) => {
                    out.line(&format!("info string error: {e}"));
                    continue;
                }
                Some(Ok(line)) => line,
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some((&command, args)) = words.split_first() else {
                continue;
            };
            match command {
                "isready" => out.line("readyok"),
                "stop" => stop.store(true, Ordering::Relaxed),
                "quit" => {
                    stop.store(true, Ordering::Relaxed);
                    finish(&mut running, &mut searcher);
                    return Next::Quit;
                }
                "uci" => {
                    out.line(&format!("id name hexv {}", env!("CARGO_PKG_VERSION")));
                    out.line("id author the hexv developers");
                    out.line(&format!(
                        "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
                    ));
                    out.line(&format!(
                        "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
                    ));
                    out.line(&format!(
                        "option name VariantPath type string default {}",
                        path.unwrap_or("<empty>")
                    ));
                    out.line(
                        "option name Notation type combo default compact var compact var hexv",
                    );
                    out.line("option name Pruning type check default true");
                    out.line("option name Weights type string default <empty>");
                    out.line("uciok");
                }
                _ => {
                    // Everything else ends a running search first, as `stop` would (a GUI
                    // sends `stop` first; input that does not cannot leave us waiting).
                    if running.is_some() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    finish(&mut running, &mut searcher);
                    match command {
                        "setoption" => match setoption(args, settings) {
                            Ok(Some(p)) => return Next::Variant(p),
                            Ok(None) => {
                                if let (Some(g), Some(c)) = (game, compiled) {
                                    // A refused weights file leaves the weights as they were.
                                    if let Some(choice) = settings.pending_weights.take() {
                                        if let Ok(w) = weights_for(c, path, choice.as_deref(), out) {
                                            weights = w;
                                            settings.weights = choice;
                                        }
                                    }
                                    searcher = Some(new_searcher(g, settings, weights.as_ref()));
                                } else if let Some(choice) = settings.pending_weights.take() {
                                    settings.weights = choice;
                                }
                            }
                            Err(e) => out.line(&format!("info string error: {e}")),
                        },
                        "ucinewgame" => {
                            if let (Some(g), Some(s)) = (game, searcher.as_mut()) {
                                s.clear();
                                history = vec![g.start_position()];
                            }
                        }
                        "position" => match (game, position(game, args)) {
                            (Some(_), Ok(h)) => history = h,
                            (None, _) => out.line("info string error: no variant: setoption name VariantPath value FILE"),
                            (Some(_), Err(e)) => out.line(&format!("info string error: {e}")),
                        },
                        "go" => {
                            let sides: Vec<&str> = game.map_or_else(Vec::new, |g| {
                                g.variant.side_ids().map(|s| g.variant.side_name(s)).collect()
                            });
                            let root = history.last();
                            let read = |text: &str| match (game, root) {
                                (Some(g), Some(pos)) => read_move(&g, pos, text),
                                _ => Err("no variant".to_string()),
                            };
                            let (limits, errors) = go_limits(args, &sides, &read);
                            for e in errors {
                                out.line(&format!("info string error: {e}"));
                            }
                            let (Some(g), Some(mut s)) = (game, searcher.take()) else {
                                out.line("info string error: no variant: setoption name VariantPath value FILE");
                                out.line("bestmove (none)");
                                continue;
                            };
                            stop.store(false, Ordering::Relaxed);
                            let history = history.clone();
                            let notation = settings.notation;
                            let stop = &stop;
                            running = Some(scope.spawn(move || {
                                think(&g, &mut s, &history, &limits, stop, out, notation);
                                s
                            }));
                        }
                        other => out.line(&format!("info string unknown command: {other}")),
                    }
                }
            }
        }
    })
}

/// Waits for a running search and takes the searcher back.
fn finish<'s, 'a>(
    running: &mut Option<ScopedJoinHandle<'s, Searcher<'a>>>,
    searcher: &mut Option<Searcher<'a>>,
) {
    if let Some(handle) = running.take() {
        if let Ok(s) = handle.join() {
            *searcher = Some(s);
        }
    }
}

/// Runs one search and prints its `info` lines and the `bestmove`.
fn think<W: Write>(
    game: &Game,
    searcher: &mut Searcher,
    history: &[Position],
    limits: &Limits,
    stop: &AtomicBool,
    out: &Out<W>,
    notation: Notation,
) {
    let root = history
        .last()
        .cloned()
        .unwrap_or_else(|| game.start_position());
    let result = searcher.search(history, limits, stop, &mut |info| {
        out.line(&info_line(game, &root, info, notation));
    });
    // In infinite mode the answer waits for `stop`.
    if limits.infinite {
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    if let Some(n) = limits
        .mate
        .filter(|_| !limits.mate_reached(result.info.score))
    {
        out.line(&format!("info string no mate in {n} found"));
    }
    let best = match &result.best {
        Some(m) => write_move(game, &root, m, notation),
        None => "(none)".to_string(),
    };
    let ponder = result
        .info
        .pv
        .get(1)
        .filter(|_| result.info.pv.first() == result.best.as_ref())
        .map(|m| {
            let after = game.play(&root, &result.info.pv[0]);
            format!(" ponder {}", write_move(game, &after, m, notation))
        })
        .unwrap_or_default();
    out.line(&format!("bestmove {best}{ponder}"));
}

/// `info depth .. seldepth .. score cp ..|mate .. nodes .. nps .. time .. pv ..`.
fn info_line(game: &Game, root: &Position, info: &Info, notation: Notation) -> String {
    let score = match info.score {
        SearchScore::Centipawns(cp) => format!("cp {cp}"),
        SearchScore::Mate(n) => format!("mate {n}"),
    };
    let mut at = root.clone();
    let pv: Vec<String> = info
        .pv
        .iter()
        .map(|m| {
            let text = write_move(game, &at, m, notation);
            at = game.play(&at, m);
            text
        })
        .collect();
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.nodes,
        info.nps(),
        info.time.as_millis(),
        pv.join(" ")
    )
}

/// A move in the compact form other hex engines and GUIs use (`f5f7`, `f10f11q`, `P@5e`).
pub fn compact_move(game: &Game, pos: &Position, m: &Move) -> String {
    write_move(game, pos, m, Notation::Compact)
}

/// A move in the chosen notation.
fn write_move(game: &Game, pos: &Position, m: &Move, notation: Notation) -> String {
    match notation {
        Notation::Hexv => game.format_move(pos, m),
        Notation::Compact => {
            let board = game.variant.board();
            match m.from {
                None => format!(
                    "{}@{}",
                    game.variant.piece(m.piece).symbol,
                    board.name(m.to)
                ),
                Some(from) => {
                    let promotion = m
                        .promotion
                        .map(|p| game.variant.piece(p).symbol.to_lowercase())
                        .unwrap_or_default();
                    format!("{}{}{promotion}", board.name(from), board.name(m.to))
                }
            }
        }
    }
}

/// Reads a move in any form hexv reads: the compact form (`f5f7`, `f10f11q`, `P@5e`),
/// hexv's long form or short algebraic notation ([`Game::read_move`]).
pub fn read_move(game: &Game, pos: &Position, text: &str) -> Result<Move, String> {
    game.read_move(pos, text, &crate::game::san::Letters::own())
        .map_err(|e| e.to_string())
}

/// `position startpos | fen TEXT [moves m1 m2 ...]`: the game from its given start.
fn position(game: Option<Game>, args: &[&str]) -> Result<Vec<Position>, String> {
    let Some(game) = game else {
        return Err("no variant".to_string());
    };
    let split = args.iter().position(|w| *w == "moves");
    let (head, moves) = match split {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let start = match head.split_first() {
        Some((&"startpos", [])) => game.start_position(),
        Some((&"fen", text)) if !text.is_empty() => {
            let text = text.join(" ");
            game.parse_position(&text)
                .map_err(|e| format!("this position cannot be read: {}", e.message))?
        }
        _ => {
            return Err(
                "write `position startpos` or `position fen TEXT`, then maybe `moves ...`"
                    .to_string(),
            )
        }
    };
    let mut history = vec![start];
    for (i, text) in moves.iter().enumerate() {
        let pos = history.last().expect("the start at least");
        let m = read_move(&game, pos, text).map_err(|e| format!("move {}: {e}", i + 1))?;
        let next = game.play(pos, &m);
        history.push(next);
    }
    Ok(history)
}

/// The words `go` takes before a value or as a flag: they end a `searchmoves` list.
const GO_WORDS: &[&str] = &[
    "infinite",
    "ponder",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "time",
    "inc",
    "mate",
    "searchmoves",
];

/// How long a `go` whose limits could not all be read searches when nothing it could read
/// bounds the search: it must still answer, and a GUI waits for that answer.
const FALLBACK_MOVETIME: Duration = Duration::from_secs(1);

/// The limits of a `go` command and the mistakes in it, each a sentence; `sides` are the
/// variant's side names in turn order, which `time NAME MS` and `inc NAME MS` name, and `read`
/// reads a `searchmoves` move. A mistake skips its word and the search goes on with the rest,
/// so every `go` is answered by one `bestmove`.
fn go_limits(
    args: &[&str],
    sides: &[&str],
    read: &dyn Fn(&str) -> Result<Move, String>,
) -> (Limits, Vec<String>) {
    let mut limits = Limits::default();
    let mut errors = Vec::new();
    let mut words = args.iter().peekable();
    // Any whole number: a negative one counts as 0 and one past u64 as u64::MAX (a GUI's
    // clock may run negative; an "unlimited" time may be written as the largest number).
    let number = |name: &str, value: Option<&&str>| -> Result<u64, String> {
        value
            .and_then(|v| whole_number(v))
            .ok_or_else(|| format!("`go {name}` needs a number"))
    };
    let ms = |v: u64| Some(Duration::from_millis(v));
    while let Some(&word) = words.next() {
        let read_one: Result<(), String> = (|| {
            match word {
                "infinite" => limits.infinite = true,
                "ponder" => {}
                "depth" => limits.depth = Some(number(word, words.next())?.clamp(1, 64) as u32),
                "nodes" => limits.nodes = Some(number(word, words.next())?.max(1)),
                "movetime" => limits.movetime = ms(number(word, words.next())?),
                "wtime" => limits.time[0] = ms(number(word, words.next())?),
                "btime" => limits.time[1] = ms(number(word, words.next())?),
                "winc" => limits.increment[0] = ms(number(word, words.next())?),
                "binc" => limits.increment[1] = ms(number(word, words.next())?),
                "movestogo" => {
                    limits.moves_to_go = Some(number(word, words.next())?.min(1000) as u32)
                }
                "mate" => limits.mate = Some(number(word, words.next())?.clamp(1, 32) as u32),
                // Any side's clock, by its name: a game of more sides has more clocks.
                "time" | "inc" => {
                    let name = words
                        .next()
                        .ok_or_else(|| format!("`go {word}` needs a side and a number"))?;
                    let side = sides.iter().position(|s| s == name).ok_or_else(|| {
                        format!("`go {word} {name}`: the sides are {}", sides.join(", "))
                    })?;
                    let value = ms(number(word, words.next())?);
                    match word {
                        "time" => limits.time[side] = value,
                        _ => limits.increment[side] = value,
                    }
                }
                "searchmoves" => {
                    let mut wrong = Vec::new();
                    while let Some(text) = words.next_if(|w| !GO_WORDS.contains(w)) {
                        match read(text) {
                            Ok(m) => limits.searchmoves.push(m),
                            Err(e) => wrong.push(format!("`{text}`: {e}")),
                        }
                    }
                    if !wrong.is_empty() {
                        return Err(format!("`go searchmoves` skips {}", wrong.join("; ")));
                    }
                }
                other => return Err(format!("unknown `go` parameter `{other}`")),
            }
            Ok(())
        })();
        if let Err(e) = read_one {
            errors.push(e);
        }
    }
    let bounded = limits.infinite
        || limits.depth.is_some()
        || limits.nodes.is_some()
        || limits.movetime.is_some()
        || limits.mate.is_some()
        || limits.time.iter().any(Option::is_some);
    if !errors.is_empty() && !bounded {
        limits.movetime = Some(FALLBACK_MOVETIME);
        errors.push(format!(
            "no limit could be read: searching for {} ms",
            FALLBACK_MOVETIME.as_millis()
        ));
    }
    (limits, errors)
}

/// A whole number, saturated to `0..=u64::MAX`; `None` for anything else.
fn whole_number(text: &str) -> Option<u64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(if negative {
        0
    } else {
        digits.parse().unwrap_or(u64::MAX)
    })
}

/// `setoption name NAME [value VALUE]`: `Ok(Some(path))` when the variant changes.
fn setoption(args: &[&str], settings: &mut Settings) -> Result<Option<String>, String> {
    let text = args.join(" ");
    let rest = text
        .strip_prefix("name ")
        .ok_or("write `setoption name NAME value VALUE`")?;
    let (name, value) = match rest.split_once(" value ") {
        Some((n, v)) => (n.trim(), v.trim()),
        None => (rest.trim(), ""),
    };
    match name.to_ascii_lowercase().as_str() {
        "variantpath" => {
            if value.is_empty() {
                return Err("`VariantPath` needs a file".to_string());
            }
            Ok(Some(value.to_string()))
        }
        "hash" => {
            let mb: usize = value
                .parse()
                .map_err(|_| format!("`Hash` is a number of MB, not `{value}`"))?;
            settings.hash_mb = mb.clamp(1, MAX_HASH_MB);
            Ok(None)
        }
        "threads" => {
            let n = whole_number(value)
                .ok_or_else(|| format!("`Threads` is a number of threads, not `{value}`"))?;
            settings.threads = n.clamp(1, MAX_THREADS as u64) as usize;
            Ok(None)
        }
        "weights" => {
            settings.pending_weights = Some(match value {
                "" | "<empty>" => None,
                given => Some(given.to_string()),
            });
            Ok(None)
        }
        "pruning" => {
            settings.pruning = match value {
                "true" => true,
                "false" => false,
                _ => return Err(format!("`Pruning` is `true` or `false`, not `{value}`")),
            };
            Ok(None)
        }
        "notation" => {
            settings.notation = match value {
                "hexv" => Notation::Hexv,
                "compact" => Notation::Compact,
                _ => return Err(format!("`Notation` is `hexv` or `compact`, not `{value}`")),
            };
            Ok(None)
        }
        _ => Err(format!("unknown option `{name}`")),
    }
}
