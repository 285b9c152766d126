//! `hexv play FILE [--position POS]`: two people at one terminal. The board is shown after
//! every move (with the hands); a move is typed in the notation of docs/notation.md, and an
//! illegal one is refused with the reason. Check, mate and the result are announced.
//! Commands: `help`, `moves` lists the legal moves, `undo` takes the last move back, `resign`
//! and `quit` end the game. With `--engine` one side is played by the search.

use std::io::BufRead;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hexv::game::{Game, GameEnd, Outcome, Position};
use hexv::render::{ascii, diagram};
use hexv::search::{Limits, Searcher};
use hexv::variant::Side;

use super::{load_variant, start_from, Status};

#[derive(clap::Args)]
pub struct Args {
    /// Variant file (.hexv).
    file: PathBuf,
    /// Start from this position (docs/positions.md) instead of the setup.
    #[arg(long)]
    position: Option<String>,
    /// Play against the engine.
    #[arg(long)]
    engine: bool,
    /// Your side against the engine.
    #[arg(long, value_enum, default_value_t = SideArg::White, requires = "engine")]
    side: SideArg,
    /// The engine's time per move in milliseconds (default 1000).
    #[arg(long, value_name = "MS", requires = "engine", conflicts_with = "depth")]
    movetime: Option<u64>,
    /// The engine's search depth per move instead of a time.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64), requires = "engine")]
    depth: Option<u32>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum SideArg {
    White,
    Black,
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

fn show(game: &Game, pos: &Position) {
    let v = game.variant;
    let labels = diagram::position_labels(v, pos);
    let text = ascii::render_with(
        v.board(),
        &|c| labels.get(&c).cloned().unwrap_or_default(),
        true,
    );
    out!("{text}");
    for line in diagram::hands(v, pos) {
        outln!("{line}");
    }
}

fn announce(outcome: &Outcome, loser: Side) {
    let how = match outcome.end {
        GameEnd::Checkmate => format!("Checkmate: {} wins.", side_name(loser.opponent())),
        GameEnd::Stalemate => format!("{} is stalemated.", side_name(loser)),
        GameEnd::Repetition => "The same position for the last time: a draw.".to_string(),
        GameEnd::MoveLimit => "The move limit is reached: a draw.".to_string(),
    };
    outln!("{how}");
    outln!("Result: {}", outcome.result());
}

pub fn run(args: &Args) -> Status {
    let compiled = match load_variant(&args.file) {
        Ok(compiled) => compiled,
        Err(s) => return s,
    };
    let (v, game) = (compiled.variant(), compiled.game());
    let start = match start_from(&game, args.position.as_deref(), None) {
        Ok(p) => p,
        Err(s) => return s,
    };
    let mut history = vec![start];
    outln!(
        "{} — type a move (e.g. as `hexv moves` lists them), or `help`.",
        v.meta().name
    );
    // The engine's side and searcher, when playing against it.
    let human = match args.side {
        SideArg::White => Side::White,
        SideArg::Black => Side::Black,
    };
    let limits = match (args.movetime, args.depth) {
        (_, Some(d)) => Limits::depth(d),
        (Some(ms), None) => Limits::movetime(Duration::from_millis(ms)),
        (None, None) => Limits::movetime(Duration::from_millis(1000)),
    };
    let mut searcher = args.engine.then(|| Searcher::new(game));
    let stop = AtomicBool::new(false);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    // The board is shown when the position changes, not after a refused move.
    let mut changed = true;
    loop {
        let pos = history
            .last()
            .cloned()
            .unwrap_or_else(|| game.start_position());
        let mover = side_name(pos.to_move);
        if changed {
            show(&game, &pos);
            if let Some(outcome) = game.outcome(&history) {
                announce(&outcome, pos.to_move);
                return Status::Ok;
            }
            if game.in_check(&pos, pos.to_move) {
                outln!("{mover} is in check.");
            }
        }
        changed = false;
        if let Some(searcher) = searcher.as_mut().filter(|_| pos.to_move != human) {
            outln!("{mover} (hexv) thinks...");
            let result = searcher.search(&history, &limits, &stop, &mut |_| {});
            let Some(mv) = result.best else {
                // No legal move: the game's end was announced above.
                return Status::Ok;
            };
            let written = game.format_move(&pos, &mv);
            let next = game.play(&pos, &mv);
            let check = check_mark(&game, &next);
            history.push(next);
            outln!("{mover} plays {written}{check} ({}).", result.info.score);
            changed = true;
            continue;
        }
        out!("{} to move> ", mover);
        let line = match read_line(&mut input) {
            Line::Text(line) => line,
            Line::Refused(why) => {
                outln!("Refused: {why}");
                continue;
            }
            Line::End => {
                outln!();
                outln!("Game left unfinished.");
                return Status::Ok;
            }
        };
        match line.trim() {
            "" => {}
            "quit" => {
                outln!("Game left unfinished.");
                return Status::Ok;
            }
            "resign" => {
                outln!("{mover} resigns.");
                let result = if pos.to_move == Side::White {
                    "0-1"
                } else {
                    "1-0"
                };
                outln!("Result: {result}");
                return Status::Ok;
            }
            "moves" => {
                let mut moves: Vec<String> = game
                    .legal_moves(&pos)
                    .iter()
                    .map(|m| game.format_move(&pos, m))
                    .collect();
                moves.sort();
                outln!("{}", moves.join(" "));
            }
            "help" => {
                outln!("Type a move as `hexv moves` lists them (f5-f6, e4xd5, f10-f11=Q, P*5e).");
                outln!("  moves   the legal moves");
                outln!(
                    "  undo    take back the last move (against the engine: yours and its reply)"
                );
                outln!("  resign  give up the game");
                outln!("  quit    leave the game unfinished");
            }
            "undo" => {
                // Against the engine, back to the human's previous turn.
                let plies = if searcher.is_some() { 2 } else { 1 };
                if history.len() > plies {
                    history.truncate(history.len() - plies);
                    changed = true;
                } else {
                    outln!("Nothing to undo.");
                }
            }
            text => match game.parse_move(&pos, text) {
                Ok(mv) => {
                    let written = game.format_move(&pos, &mv);
                    let next = game.play(&pos, &mv);
                    let check = check_mark(&game, &next);
                    history.push(next);
                    outln!("{mover} plays {written}{check}.");
                    changed = true;
                }
                Err(e) => outln!("Refused: {e}"),
            },
        }
    }
}

/// `#` after a move that mates, `+` after one that gives check.
fn check_mark(game: &Game, after: &Position) -> &'static str {
    if !game.in_check(after, after.to_move) {
        ""
    } else if game.legal_moves(after).is_empty() {
        "#"
    } else {
        "+"
    }
}

/// Longest input line read, in bytes: a move is a few characters; a longer line is skipped
/// without being kept, so a gigabyte line costs no memory.
const MAX_LINE_BYTES: usize = 1024;

/// One line of the players' input.
enum Line {
    Text(String),
    /// A line that is too long or not UTF-8: refused, and the game goes on.
    Refused(String),
    /// The input ended (or could not be read).
    End,
}

/// Reads one line, keeping at most [`MAX_LINE_BYTES`] of it.
fn read_line(input: &mut impl BufRead) -> Line {
    let mut kept = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return Line::End,
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE_BYTES.saturating_sub(kept.len());
        too_long |= chunk.len() > room;
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Line::End;
    }
    if too_long {
        return Line::Refused(format!("the line is longer than {MAX_LINE_BYTES} bytes"));
    }
    match String::from_utf8(kept) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::Refused("the line is not UTF-8 text".to_string()),
    }
}
