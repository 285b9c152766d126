//! `hexv play FILE [--position POS]`: two people at one terminal. The board is shown after
//! every move (with the hands); a move is typed in the notation of docs/notation.md, and an
//! illegal one is refused with the reason. Check, mate and the result are announced.
//! Commands: `help`, `moves` lists the legal moves, `undo` takes the last move back, `resign`
//! and `quit` end the game. With `--engine` one side is played by the search; with `--save`
//! the game is kept as PGN.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hexv::game::san::Letters;
use hexv::game::{result_text, AnyEngine, Game, GameEnd, Move, Outcome, Position};
use hexv::geometry::board::CellId;
use hexv::geometry::Grid;
use hexv::pgn::write_game;
use hexv::render::{ascii, diagram};
use hexv::search::{Limits, Searcher};
use hexv::variant::{Score, Side, Variant};

use super::terminal::{self, Line};
use super::{output, start_from, Status};

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
    #[command(flatten)]
    weights: super::weights::Choice,
    /// Your side against the engine: white or black, or a side the variant's `sides` line
    /// names (the engine plays every other side).
    #[arg(long, default_value = "white", requires = "engine")]
    side: String,
    /// The engine's time per move in milliseconds (default 1000).
    #[arg(long, value_name = "MS", requires = "engine", conflicts_with = "depth")]
    movetime: Option<u64>,
    /// The engine's search depth per move instead of a time.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64), requires = "engine")]
    depth: Option<u32>,
    /// Keep the game in this PGN file, rewritten after every move (so an interrupted game is
    /// kept too) with its result at the end; moves in short algebraic notation.
    #[arg(long, value_name = "FILE.pgn")]
    save: Option<PathBuf>,
    /// With --save: the piece letters written (own, en, hu).
    #[arg(long, default_value = "own", requires = "save")]
    letters: String,
}

/// How the board is drawn: with colours or not, and the last move to mark.
struct Look<'a> {
    colour: bool,
    last: Option<&'a Move>,
}

/// Draws the position: each piece by its symbol (the last move's destination as `[N]` where
/// the symbol leaves room, its origin as `.`), the coordinates, and the hands. In colour,
/// Black's pieces are magenta and White's bold, the last move's two cells are in reverse
/// video and a royal piece in check has a red background.
fn show(game: &Game, pos: &Position, look: &Look) {
    let v = game.variant;
    let width = match v.board().grid {
        Grid::Hex(_) => 3,
        Grid::Triangle(_) => 2,
    };
    let mut labels = diagram::position_labels(v, pos);
    let (from, to) = look.last.map_or((None, None), |m| (m.from, Some(m.to)));
    if let Some(symbol) = to.and_then(|c| labels.get_mut(&c)) {
        if symbol.chars().count() + 2 <= width {
            *symbol = format!("[{symbol}]");
        }
    }
    if let Some(c) = from.filter(|c| !labels.contains_key(c)) {
        labels.insert(c, if width >= 3 { "." } else { ":" }.to_string());
    }
    let checked = game.in_check(pos, pos.to_move);
    let ink = |c: CellId| -> Option<(String, String)> {
        let mut codes: Vec<&str> = Vec::new();
        if let Some((side, piece)) = pos.squares.get(c.index()).copied().flatten() {
            // Bold, magenta, then cyan, green, yellow and blue for more sides.
            codes.push(["1", "1;35", "1;36", "1;32", "1;33", "1;34"][side.index() % Side::MAX]);
            if checked && side == pos.to_move && v.piece(piece).royal {
                codes.push("97;41");
            }
        }
        if from == Some(c) || to == Some(c) {
            codes.push("7");
        }
        (look.colour && !codes.is_empty()).then(|| terminal::sgr(&codes.join(";")))
    };
    let label = |c: CellId| labels.get(&c).cloned().unwrap_or_default();
    out!("{}", ascii::render_inked(v.board(), &label, true, &ink));
    for line in diagram::hands(v, pos) {
        outln!("{line}");
    }
}

/// The exit status that tells the result: 10 when White scored more, 11 when Black did,
/// 12 for equal shares (a draw); 0 in a game of more sides.
fn result_status(outcome: &Outcome) -> Status {
    if outcome.scores.iter().count() > 2 {
        return Status::Ok;
    }
    two_sided_status(outcome.white)
}

/// [`result_status`] of a two-sided game from White's score.
fn two_sided_status(white: Score) -> Status {
    let (won, half) = (2 * white.numerator, white.denominator);
    match won.cmp(&half) {
        std::cmp::Ordering::Greater => Status::WhiteScoredMore,
        std::cmp::Ordering::Less => Status::BlackScoredMore,
        std::cmp::Ordering::Equal => Status::EqualShares,
    }
}

fn announce(v: &Variant, outcome: &Outcome, loser: Side) {
    let name = |side: Side| v.side_title(side);
    let winners: Vec<String> = v
        .side_ids()
        .filter(|&x| outcome.score_of(x) == Score::WIN)
        .map(name)
        .collect();
    let how = match outcome.end {
        GameEnd::Checkmate if v.sides().len() > 2 => {
            format!("{} is checkmated: {} wins.", name(loser), winners.join(""))
        }
        GameEnd::Checkmate => format!("Checkmate: {} wins.", name(loser.opponent())),
        GameEnd::RoyalCaptured => format!("A royal piece is taken: {} wins.", winners.join("")),
        GameEnd::LastSide => format!(
            "{} is the last side in the game and wins.",
            winners.join("")
        ),
        GameEnd::Stalemate if v.sides().len() > 2 => {
            format!(
                "{} is stalemated: a draw among the sides left.",
                name(loser)
            )
        }
        GameEnd::Stalemate => format!("{} is stalemated.", name(loser)),
        GameEnd::Repetition if 2 * outcome.white.numerator == outcome.white.denominator => {
            "The same position for the last time: a draw.".to_string()
        }
        GameEnd::Repetition if v.sides().len() > 2 => {
            "The same position for the last time: a draw among the sides left.".to_string()
        }
        GameEnd::Repetition => format!(
            "{} repeated the position for the last time and loses.",
            name(loser.opponent())
        ),
        GameEnd::MoveLimit => "The move limit is reached: a draw.".to_string(),
        GameEnd::Material => {
            "Neither side has a piece that can still win the game: a draw.".to_string()
        }
        GameEnd::Impasse if winners.is_empty() => {
            "Impasse: both sides have the points they need, or neither: a draw.".to_string()
        }
        GameEnd::Impasse => format!(
            "Impasse: {} has too few points and loses.",
            v.side_ids()
                .filter(|&x| outcome.score_of(x) == Score::LOSS)
                .map(name)
                .collect::<String>()
        ),
    };
    outln!("{how}");
    outln!("Result: {}", outcome.result());
}

pub fn run(args: &Args) -> Status {
    let compiled = match super::load_variant(&args.file) {
        Ok(compiled) => compiled,
        Err(s) => return s,
    };
    let (v, game) = (compiled.variant(), compiled.game());
    let start = match start_from(&game, args.position.as_deref(), None) {
        Ok(p) => p,
        Err(s) => return s,
    };
    // The person's side against the engine.
    let human = match side_of(v, &args.side) {
        Ok(side) => side,
        Err(status) => return status,
    };
    let saver = match Saver::new(args, &game, &start, human) {
        Ok(s) => s,
        Err(s) => return s,
    };
    // The positions from the start (the current one last) and the moves between them.
    let mut history = vec![start];
    let mut played: Vec<Move> = Vec::new();
    outln!(
        "{} — type a move (e.g. as `hexv moves` lists them), or `help`.",
        v.meta().name
    );
    // The engine's searcher, when playing against it.
    let limits = match (args.movetime, args.depth) {
        (_, Some(d)) => Limits::depth(d),
        (Some(ms), None) => Limits::movetime(Duration::from_millis(ms)),
        (None, None) => Limits::movetime(Duration::from_millis(1000)),
    };
    let weights = match args.engine.then(|| args.weights.resolve(&args.file, &game)) {
        Some(Err(status)) => return status,
        Some(Ok(w)) => w,
        None => None,
    };
    let mut searcher = args.engine.then(|| {
        let mut s = Searcher::new(game);
        if let Some(w) = &weights {
            s.set_weights(w);
        }
        s
    });
    let engine = AnyEngine::new(game);
    let stop = AtomicBool::new(false);
    let mut input = terminal::Input::open();
    let colour = terminal::stdout_colour();
    // The board is shown when the position changes, not after a refused move.
    let mut changed = true;
    loop {
        let pos = history
            .last()
            .cloned()
            .unwrap_or_else(|| game.start_position());
        let mover = v.side_title(pos.to_move);
        if changed {
            let over = engine.outcome(&history);
            saver.save(
                &game,
                &played,
                &over.map_or("*".to_string(), |o| o.result()),
            );
            let look = Look {
                colour,
                last: played.last(),
            };
            show(&game, &pos, &look);
            if let Some(outcome) = over {
                announce(v, &outcome, pos.to_move);
                return result_status(&outcome);
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
            let check = game.check_suffix(&pos, &mv);
            history.push(next);
            played.push(mv);
            outln!("{mover} plays {written}{check} ({}).", result.info.score);
            changed = true;
            continue;
        }
        let line = match input.read(&format!("{mover} to move> ")) {
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
            "resign" if v.sides().len() > 2 => {
                outln!("Refused: with more than two sides a side cannot resign yet; `quit` leaves the game unfinished");
            }
            "resign" => {
                outln!("{mover} resigns.");
                let white = if pos.to_move == Side::WHITE {
                    Score::LOSS
                } else {
                    Score::WIN
                };
                saver.save(&game, &played, &result_text(white));
                outln!("Result: {}", result_text(white));
                return two_sided_status(white);
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
            "board" => changed = true,
            "help" => {
                outln!("Type a move as `hexv moves` lists them (f5-f6, e4xd5, f10-f11=Q, P*5e),");
                outln!("or in short algebraic notation with the pieces' symbols (Nf3, exd5).");
                outln!("  moves   the legal moves");
                outln!("  board   draw the board again");
                outln!(
                    "  undo    take back the last move (against the engine: yours and its reply)"
                );
                outln!("  resign  give up the game");
                outln!("  quit    leave the game unfinished");
                outln!("The last move is marked [N] where it landed and . where it came from.");
            }
            "undo" => match undo_plies(&history, searcher.is_some().then_some(human)) {
                Some(plies) => {
                    history.truncate(history.len() - plies);
                    played.truncate(played.len().saturating_sub(plies));
                    changed = true;
                }
                None => outln!("Nothing to undo."),
            },
            text => match read_move(&game, &pos, text) {
                Ok(mv) => {
                    let written = game.format_move(&pos, &mv);
                    let next = game.play(&pos, &mv);
                    let check = game.check_suffix(&pos, &mv);
                    outln!("{mover} plays {written}{check}.");
                    for side in v.side_ids().filter(|&x| next.is_out(x) && !pos.is_out(x)) {
                        outln!(
                            "{} has no legal move and leaves the game.",
                            v.side_title(side)
                        );
                    }
                    history.push(next);
                    played.push(mv);
                    changed = true;
                }
                Err(e) => outln!("Refused: {e}"),
            },
        }
    }
}

/// The legal move a typed text names: hexv's long notation, or else short algebraic
/// notation with the variant's own letters (`Nf3`). A text neither reads is refused with the
/// long reading's reason.
fn read_move(game: &Game, pos: &Position, text: &str) -> Result<Move, hexv::game::read::ReadError> {
    game.read_move(pos, text, &Letters::own())
}

/// `--save`: where the game is kept, and its tags.
struct Saver {
    path: Option<PathBuf>,
    tags: Vec<(String, String)>,
    start: Position,
    letters: Letters,
}

impl Saver {
    /// Checks the letters and that the file can be written (an empty game is written at
    /// once), so a typo in the path is found before the game, not after it.
    fn new(args: &Args, game: &Game, start: &Position, human: Side) -> Result<Saver, Status> {
        let letters = Letters::by_name(&args.letters).ok_or_else(|| {
            eprintln!(
                "error: unknown letters `{}`: use own, en or hu",
                args.letters
            );
            Status::UsageOrIo
        })?;
        let engine = |side: Side| {
            let who = match (args.movetime, args.depth) {
                (_, Some(d)) => format!("hexv (depth {d})"),
                (Some(ms), None) => format!("hexv ({ms} ms a move)"),
                (None, None) => "hexv (1000 ms a move)".to_string(),
            };
            (args.engine && human != side).then_some(who)
        };
        let mut tags = vec![
            ("Event".to_string(), "hexv play".to_string()),
            ("Date".to_string(), pgn_date(std::time::SystemTime::now())),
        ];
        for side in game.variant.side_ids() {
            if let Some(name) = engine(side) {
                tags.push((hexv::pgn::player_tag(game.variant, side), name));
            }
        }
        tags.push(("VariantFile".to_string(), args.file.display().to_string()));
        let saver = Saver {
            path: args.save.clone(),
            tags,
            start: start.clone(),
            letters,
        };
        if let Some(path) = &saver.path {
            let inputs = [("variant file", Some(args.file.as_path()))];
            if !output::outputs_allowed(&[("--save", path)], &inputs) {
                return Err(Status::UsageOrIo);
            }
            let text = write_game(game, &saver.tags, start, &[], "*", &saver.letters);
            output::replace(path, text.as_bytes()).map_err(|e| {
                eprintln!("error: cannot write `{}`: {e}", path.display());
                Status::UsageOrIo
            })?;
        }
        Ok(saver)
    }

    /// Rewrites the file with the moves so far and the result (`*` while the game goes on).
    fn save(&self, game: &Game, moves: &[Move], result: &str) {
        let Some(path) = &self.path else { return };
        let text = write_game(game, &self.tags, &self.start, moves, result, &self.letters);
        if let Err(e) = output::replace(path, text.as_bytes()) {
            eprintln!("warning: cannot write `{}`: {e}", path.display());
        }
    }
}

/// How many plies `undo` takes back: one, or against the engine (`human` given) back to the
/// person's previous turn, past every engine reply since (one with two sides, two with
/// three); `None` when there is nothing to take back.
fn undo_plies(history: &[Position], human: Option<Side>) -> Option<usize> {
    let Some(human) = human else {
        return (history.len() > 1).then_some(1);
    };
    // The person's earlier turns, latest first; the current position is theirs.
    (1..history.len()).find(|&plies| history[history.len() - 1 - plies].to_move == human)
}

/// The side `--side` names, or the error saying which sides there are.
fn side_of(v: &Variant, name: &str) -> Result<Side, Status> {
    v.side_ids()
        .find(|&s| v.side_name(s) == name)
        .ok_or_else(|| {
            let names: Vec<&str> = v.side_ids().map(|s| v.side_name(s)).collect();
            eprintln!("error: `--side {name}`: the sides are {}", names.join(", "));
            Status::UsageOrIo
        })
}

/// A PGN date, `YYYY.MM.DD` (UTC), of a moment.
fn pgn_date(at: std::time::SystemTime) -> String {
    let secs = at
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // Days since 1970-01-01 to a civil date (proleptic Gregorian calendar), by 400-year eras
    // of 146 097 days counted from 0000-03-01.
    let days = (secs / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::pgn_date;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn pgn_dates_are_civil_dates() {
        for (secs, date) in [
            (0, "1970.01.01"),
            (951_782_400, "2000.02.29"),
            (4_102_444_799, "2099.12.31"),
            (1_795_651_200, "2026.11.26"),
        ] {
            assert_eq!(pgn_date(UNIX_EPOCH + Duration::from_secs(secs)), date);
        }
    }
}
