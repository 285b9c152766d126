//! `hexv selfplay FILE --games N (--movetime MS | --depth N | --nodes N) [--jobs J]
//! [--random-plies K] [--seed S] [--max-plies P] [--out games.jsonl] [--pgn games.pgn]
//! [--format text|json]`:
//! the engine against itself from random openings, and the balance report (White's score
//! with its 95% confidence interval, draws, endings, lengths). `hexv selfplay --merge A B ...`
//! reports on recorded games instead.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use hexv::game::san::Letters;
use hexv::game::Game;
use hexv::search::arena::{play_game_seated, random_opening, GameRecord, Player, Report, Rng};
use hexv::search::records::{RecordMerge, Taken, MAX_RECORD_LINE};
use hexv::search::{Limits, Weights};
use hexv::source::{BoundedLines, InputFault};

use super::{output, Status};

#[derive(clap::Args)]
pub struct Args {
    /// Variant file (.hexv); not needed with --merge.
    #[arg(required_unless_present = "merge")]
    file: Option<PathBuf>,
    /// Games to play, each from its own random opening.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// Milliseconds per move.
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "nodes"])]
    movetime: Option<u64>,
    /// Plies of search per move.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64), conflicts_with = "nodes")]
    depth: Option<u32>,
    /// Positions searched per move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Games played at once (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: Option<u64>,
    /// Random moves opening every game.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(0..=100))]
    random_plies: u64,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies after which a game is scored a draw.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_plies: u64,
    /// Write every game, one JSON object per line.
    #[arg(long, value_name = "PATH")]
    out: Option<PathBuf>,
    /// Write every game to this PGN file as well (short algebraic notation, each game
    /// flushed as it ends).
    #[arg(long, value_name = "FILE.pgn")]
    pgn: Option<PathBuf>,
    /// Replace an existing --out or --pgn file (by default one with records in it is refused).
    #[arg(long)]
    force: bool,
    /// The report as text or JSON.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Report on games recorded by --out (of one variant) instead of playing; with the
    /// variant file, every game's moves are replayed and checked.
    #[arg(long, num_args = 1.., value_name = "JSONL")]
    merge: Vec<PathBuf>,
    #[command(flatten)]
    weights: super::weights::Choice,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

pub fn run(args: &Args) -> Status {
    if !args.merge.is_empty() {
        return merge(args);
    }
    let Some(file) = &args.file else {
        return Status::UsageOrIo;
    };
    let compiled = match super::load_variant(file) {
        Ok(c) => c,
        Err(s) => return s,
    };
    let game = compiled.game();
    let weights = match args.weights.resolve(file, &game) {
        Ok(w) => w,
        Err(status) => return status,
    };
    let limits = match (args.movetime, args.depth, args.nodes) {
        (Some(ms), _, _) => Limits::movetime(Duration::from_millis(ms)),
        (_, Some(d), _) => Limits::depth(d),
        (_, _, Some(n)) => Limits::nodes(n),
        _ => {
            eprintln!("error: give the engine a limit: --movetime MS, --depth N or --nodes N");
            return Status::UsageOrIo;
        }
    };
    let outputs: Vec<(&str, &std::path::Path)> = [("--out", &args.out), ("--pgn", &args.pgn)]
        .into_iter()
        .filter_map(|(option, p)| p.as_deref().map(|p| (option, p)))
        .collect();
    if !output::outputs_allowed(&outputs, &[("variant file", Some(file))]) {
        return Status::UsageOrIo;
    }
    let (mut out, mut pgn_out) = match (
        created(args.out.as_deref(), args.force),
        created(args.pgn.as_deref(), args.force),
    ) {
        (Ok(out), Ok(pgn)) => (out, pgn),
        _ => return Status::UsageOrIo,
    };
    let what = match (args.movetime, args.depth, args.nodes) {
        (Some(ms), _, _) => format!("{ms} ms a move"),
        (_, Some(d), _) => format!("depth {d}"),
        (_, _, Some(n)) => format!("{n} nodes a move"),
        _ => String::new(),
    };
    let jobs = args.jobs.map(|j| j as usize).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let total = args.games as usize;
    // Each game is written (and flushed) as it ends, so a run cut short keeps its games.
    let mut record_game = |r: &GameRecord| -> std::io::Result<()> {
        if let Some(w) = out.as_mut() {
            let line = serde_json::to_string(r).expect("a record serialises");
            writeln!(w, "{line}").and_then(|()| w.flush())?;
        }
        if let Some(w) = pgn_out.as_mut() {
            let text = pgn_game(&game, r, &what);
            writeln!(w, "{text}").and_then(|()| w.flush())?;
        }
        Ok(())
    };
    let records = match play_all(
        game,
        (&limits, weights.as_ref()),
        args,
        jobs.min(total),
        &mut record_game,
    ) {
        Ok(records) => records,
        Err(e) => {
            eprintln!("error: cannot write the games: {e}");
            return Status::UsageOrIo;
        }
    };
    let v = compiled.variant();
    let seat_names: Vec<String> = v.side_ids().map(|s| v.side_title(s)).collect();
    report((&v.meta().name, &seat_names), &what, &records, args.format);
    Status::Ok
}

/// Plays every game on `jobs` threads, handing each record to `sink` as its game ends; the
/// records in game order. When `sink` fails, no new game starts and its error is returned.
fn play_all(
    game: Game,
    (limits, weights): (&Limits, Option<&Weights>),
    args: &Args,
    jobs: usize,
    sink: &mut dyn FnMut(&GameRecord) -> std::io::Result<()>,
) -> std::io::Result<Vec<GameRecord>> {
    let total = args.games as usize;
    let next = AtomicUsize::new(0);
    let mut failed = None;
    let (send, receive) = mpsc::channel::<GameRecord>();
    let started = Instant::now();
    let shown = std::io::stderr().is_terminal();
    let mut records = Vec::with_capacity(total);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let send = send.clone();
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total {
                    return;
                }
                let record = play_one(game, (limits, weights), args, i);
                if send.send(record).is_err() {
                    return;
                }
            });
        }
        drop(send);
        for record in receive {
            if let Err(e) = sink(&record) {
                // The games being played end; no other starts.
                next.store(total, Ordering::Relaxed);
                failed = Some(e);
                break;
            }
            records.push(record);
            if shown {
                let done = records.len();
                let score = Report::of(&records);
                let eta = started.elapsed().as_secs_f64() / done as f64 * (total - done) as f64;
                eprint!(
                    "\r{done}/{total} games, White {:.1}%, {:.0} s left   ",
                    score.white_score * 100.0,
                    eta
                );
            }
        }
        if shown {
            eprintln!();
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    records.sort_by_key(|r| r.game);
    Ok(records)
}

/// The file an option names, made for writing (see [`output::create_growing`]); the reason
/// printed when it cannot be.
fn created(
    path: Option<&std::path::Path>,
    force: bool,
) -> Result<Option<std::io::BufWriter<std::fs::File>>, ()> {
    let Some(path) = path else { return Ok(None) };
    match output::create_growing(path, force) {
        Ok(f) => Ok(Some(std::io::BufWriter::new(f))),
        Err(e) => {
            eprintln!("error: {e}");
            Err(())
        }
    }
}

/// A played game in PGN: the engine on both sides, the game's number as its round, how it
/// ended and how many opening plies were random as tags.
fn pgn_game(game: &Game, record: &GameRecord, what: &str) -> String {
    // The record's moves were written from legal moves of this very game, so they read back.
    let start = game
        .parse_position(&record.start)
        .unwrap_or_else(|_| game.start_position());
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    for text in &record.moves {
        let Ok(mv) = game.parse_move(&pos, text) else {
            break;
        };
        pos = game.play(&pos, &mv);
        moves.push(mv);
    }
    let engine = format!("hexv ({what})");
    let mut tags: Vec<(String, String)> = [
        ("Event", "hexv selfplay".to_string()),
        ("Round", (record.game + 1).to_string()),
    ]
    .map(|(n, v)| (n.to_string(), v))
    .to_vec();
    tags.extend(
        game.variant
            .side_ids()
            .map(|side| (hexv::pgn::player_tag(game.variant, side), engine.clone())),
    );
    tags.extend(
        [
            ("Termination", record.ending.clone()),
            ("RandomOpeningPlies", record.opening_plies.to_string()),
        ]
        .map(|(n, v)| (n.to_string(), v)),
    );
    hexv::pgn::write_game(game, &tags, &start, &moves, &record.result, &Letters::own())
}

/// Game `i`: its own random opening, then the engine on both sides. (With the same engine on
/// both sides, an opening played again with the colours swapped would be the same game at a
/// fixed depth or node count: every game gets a new opening instead.)
fn play_one(
    game: Game,
    (limits, weights): (&Limits, Option<&Weights>),
    args: &Args,
    i: usize,
) -> GameRecord {
    let mut rng = Rng::new(args.seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
    let opening = random_opening(game, args.random_plies as usize, &mut rng);
    let engine = Player::Engine(limits.clone());
    let seats: Vec<&Player> = game.variant.side_ids().map(|_| &engine).collect();
    let played = play_game_seated(
        game,
        &opening.history,
        &seats,
        args.max_plies as usize,
        &mut rng,
        weights,
    );
    let fraction = |s: &hexv::variant::Score| s.numerator as f64 / s.denominator.max(1) as f64;
    let many = played.scores.len() > 2;
    let mut at = game.start_position();
    let moves: Vec<String> = opening
        .moves
        .iter()
        .chain(&played.moves)
        .map(|m| {
            let text = game.format_move(&at, m);
            at = game.play(&at, m);
            text
        })
        .collect();
    GameRecord {
        variant: game.variant.meta().name.clone(),
        game: i,
        start: game.position_text(&game.start_position()),
        moves,
        opening_plies: opening.moves.len(),
        result: hexv::game::scores_result_text(&played.scores),
        white: fraction(&played.white),
        scores: if many {
            played.scores.iter().map(fraction).collect()
        } else {
            Vec::new()
        },
        ending: played.ending.word().to_string(),
    }
}

/// `--merge`: the report of recorded games, each checked before it counts
/// ([`RecordMerge`]): its values in range and consistent, the same game once however often
/// it is given, and with the variant file its moves replayed.
fn merge(args: &Args) -> Status {
    let compiled = match &args.file {
        Some(file) => match super::load_variant(file) {
            Ok(c) => Some(c),
            Err(s) => return s,
        },
        None => None,
    };
    let game = compiled.as_ref().map(|c| c.game());
    let mut merge = RecordMerge::new(game.as_ref());
    let place = |fault: &InputFault| match fault.at {
        Some((input, line)) => format!("{}:{line}: ", args.merge[input].display()),
        None => String::new(),
    };
    for (input, path) in args.merge.iter().enumerate() {
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", path.display());
                return Status::UsageOrIo;
            }
        };
        let lines = BoundedLines::new(std::io::BufReader::new(file), MAX_RECORD_LINE);
        for (n, line) in lines {
            let line = match line {
                Ok(line) => line,
                Err(e) => {
                    eprintln!("error: {}:{n}: {e}", path.display());
                    return Status::InputErrors;
                }
            };
            match merge.take(input, &line) {
                Ok(Taken::Cut) => eprintln!(
                    "warning: {}:{n}: the last line is cut short; its game is left out",
                    path.display()
                ),
                Ok(Taken::Repeat { first: (i, first) }) => eprintln!(
                    "warning: {}:{n}: the same game as {}:{first}: counted once",
                    path.display(),
                    args.merge[i].display()
                ),
                Ok(Taken::Blank | Taken::Counted) => {}
                Err(fault) => {
                    eprintln!("error: {}{}", place(&fault), fault.message);
                    return Status::InputErrors;
                }
            }
        }
    }
    let merged = match merge.finish() {
        Ok(m) => m,
        Err(fault) => {
            eprintln!("error: {}{}", place(&fault), fault.message);
            return Status::InputErrors;
        }
    };
    let seat_names: Vec<String> = game.as_ref().map_or_else(Vec::new, |g| {
        g.variant
            .side_ids()
            .map(|s| g.variant.side_title(s))
            .collect()
    });
    report(
        (&merged.variant, &seat_names),
        "merged",
        &merged.records,
        args.format,
    );
    if merged.repeats > 0 {
        eprintln!(
            "note: {} records repeated a game and were counted once",
            merged.repeats
        );
    }
    if merged.cut > 0 {
        eprintln!("note: {} cut-short last lines were left out", merged.cut);
    }
    if !merged.replayed && !merged.records.is_empty() {
        eprintln!(
            "note: the {} games' moves were not replayed: give the variant file to check them",
            merged.records.len()
        );
    }
    Status::Ok
}

/// The balance report; `seat_names` name the seats of a game of more than two sides.
fn report(
    (name, seat_names): (&str, &[String]),
    what: &str,
    records: &[GameRecord],
    format: Format,
) {
    let r = Report::of(records);
    match format {
        Format::Json => outln!(
            "{}",
            serde_json::to_string_pretty(&r).expect("a report serialises")
        ),
        Format::Text if !r.seats.is_empty() => {
            outln!("{name}: {} games, {what}", r.games);
            let seats: Vec<String> = r
                .seats
                .iter()
                .enumerate()
                .map(|(k, seat)| {
                    let who = seat_names
                        .get(k)
                        .cloned()
                        .unwrap_or_else(|| format!("seat {}", k + 1));
                    format!(
                        "{who} {:.1}% ± {:.1}%",
                        seat.score * 100.0,
                        seat.confidence_95 * 100.0
                    )
                })
                .collect();
            outln!(
                "{} (95% confidence; an even share is {:.1}%)",
                seats.join(", "),
                100.0 / r.seats.len() as f64
            );
            endings_and_lengths(&r);
        }
        Format::Text => {
            outln!("{name}: {} games, {what}", r.games);
            outln!(
                "White scores {:.1}% ± {:.1}% (95% confidence): {} wins, {} draws, {} losses",
                r.white_score * 100.0,
                r.confidence_95 * 100.0,
                r.wins,
                r.draws,
                r.losses
            );
            outln!(
                "draws {:.1}%",
                100.0 * r.draws as f64 / r.games.max(1) as f64
            );
            endings_and_lengths(&r);
        }
    }
}

/// The report's last lines: how the games ended and how long they were.
fn endings_and_lengths(r: &Report) {
    let endings: Vec<String> = r.endings.iter().map(|(e, n)| format!("{e} {n}")).collect();
    outln!("endings: {}", endings.join(", "));
    outln!(
        "length: median {} plies, mean {:.1}",
        r.median_plies,
        r.mean_plies
    );
}
