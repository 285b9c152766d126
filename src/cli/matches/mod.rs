//! `hexv match FILE.hexv`: two engines (any UCI-speaking commands; by default this hexv's
//! own engine twice, each with its own options) play pairs of games from the same openings
//! with the colours swapped, refereed by hexv on the variant's rules. With more than two
//! sides a round plays each opening once with the first engine in every seat, the second
//! engine in the others. The report gives the first engine's score, its Elo with a 95%
//! interval and, with `--sprt`, the test's verdict; the match stops as soon as the test
//! decides (`hexv::search::sprt`).

mod adjudicate;
mod client;
mod referee;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use hexv::game::san::Letters;
use hexv::game::{Game, Move};
use hexv::search::arena::{balanced_opening, random_opening, Balance, Rng};
use hexv::search::sprt::{Rounds, Sprt, Verdict};
use hexv::variant::{Score, Side};

use super::{output, Status};
use adjudicate::{DrawRule, ResignRule, Verdict as Adjudged};
use client::{Client, EngineSpec};
use referee::{End, Finished, Limit, Rules};

#[derive(clap::Args)]
pub struct Args {
    /// Variant file (.hexv).
    file: PathBuf,
    /// The first engine's command (default: this hexv's `engine`); quoted words are kept
    /// together, as a shell would.
    #[arg(long, value_name = "COMMAND")]
    first: Option<String>,
    /// The second engine's command (default: this hexv's `engine`).
    #[arg(long, value_name = "COMMAND")]
    second: Option<String>,
    /// An option for the first engine, `NAME=VALUE` (sent as `setoption`); repeatable.
    #[arg(long, value_name = "NAME=VALUE")]
    first_option: Vec<String>,
    /// An option for the second engine; repeatable.
    #[arg(long, value_name = "NAME=VALUE")]
    second_option: Vec<String>,
    /// The first engine's name in the report and the games (default: `first`).
    #[arg(long, default_value = "first")]
    first_name: String,
    /// The second engine's name (default: `second`).
    #[arg(long, default_value = "second")]
    second_name: String,
    /// Both engines' limit: movetime=MS, depth=N, nodes=N or tc=SECONDS+INCREMENT.
    #[arg(long, default_value = "movetime=100")]
    limit: String,
    /// The first engine's limit, if not --limit (e.g. four times the second's time).
    #[arg(long)]
    first_limit: Option<String>,
    /// The second engine's limit, if not --limit.
    #[arg(long)]
    second_limit: Option<String>,
    /// Pairs of games to play at most (each opening with either colour); with more than two
    /// sides, rounds (each opening with the first engine in every seat).
    #[arg(long, visible_alias = "rounds", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pairs: u64,
    /// Pairs (rounds) played at once, each by its own two engine processes.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    concurrency: u64,
    /// Random moves opening every pair or round (unless --book).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(0..=100))]
    random_plies: u64,
    /// Only even random openings: each pair's random opening is drawn again (up to 100
    /// times) until a search of --balance-depth plies scores it within CP centipawns of
    /// even, so that fewer pairs are won by the same colour twice.
    #[arg(long, value_name = "CP", conflicts_with = "book", value_parser = clap::value_parser!(u32).range(0..=100_000))]
    balanced: Option<u32>,
    /// Plies of the search that scores a random opening for --balanced.
    #[arg(long, default_value_t = 8, requires = "balanced", value_parser = clap::value_parser!(u32).range(1..=20))]
    balance_depth: u32,
    /// Openings, one a line: moves from the start (long, compact or short notation); `#`
    /// starts a comment. Pair (round) i plays line i (from the first again when they run
    /// out).
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies after the opening at which a game is scored a draw.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_plies: u64,
    /// Adjudicate a draw once the game has `movenumber` moves and both engines have scored
    /// each of the last `movecount` moves within `score` centipawns of even (their last
    /// exact `info ... score`); `--draw` alone: movenumber=40,movecount=8,score=10. Two
    /// sides only.
    #[arg(long, value_name = "movenumber=N,movecount=N,score=CP", num_args = 0..=1, default_missing_value = "")]
    draw: Option<String>,
    /// Adjudicate a win once both engines have scored each of the last `movecount` moves at
    /// least `score` centipawns in the same side's favour (a mate beyond any); `--resign`
    /// alone: movecount=3,score=600. Two sides only.
    #[arg(long, value_name = "movecount=N,score=CP", num_args = 0..=1, default_missing_value = "")]
    resign: Option<String>,
    /// Run the SPRT and stop when it decides: `elo0,elo1` (alpha and beta by --alpha, --beta).
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// The SPRT's chance of accepting elo1 when elo0 is true.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The SPRT's chance of accepting elo0 when elo1 is true.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Milliseconds an engine may overstep a movetime or its clock before it loses on time.
    #[arg(long, default_value_t = 200)]
    time_margin: u64,
    /// Seconds an engine with a depth or node limit may take for one move.
    #[arg(long, default_value_t = 60)]
    move_timeout: u64,
    /// Write every game to this PGN file as it ends.
    #[arg(long, value_name = "FILE.pgn")]
    pgn: Option<PathBuf>,
    /// Replace an existing --pgn file that holds games.
    #[arg(long)]
    force: bool,
    /// The report as text or JSON.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

/// One game of a pair or round, as the main thread receives it.
struct Played {
    pair: usize,
    /// The first engine's seat.
    first_seat: Side,
    opening: Vec<Move>,
    finished: Result<Finished, String>,
}

/// What the match needs to play a pair.
struct Setup<'g> {
    game: Game<'g>,
    variant: &'g Path,
    engines: [EngineSpec; 2],
    rules: Rules,
    openings: Openings<'g>,
}

/// Where the openings come from.
enum Openings<'g> {
    Random {
        game: Game<'g>,
        plies: usize,
        seed: u64,
        balance: Option<Balance>,
    },
    Book(Vec<Vec<Move>>),
}

impl Openings<'_> {
    fn of_pair(&self, pair: usize) -> Vec<Move> {
        match self {
            Openings::Random {
                game,
                plies,
                seed,
                balance,
            } => {
                let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(pair as u64));
                match balance {
                    Some(b) => balanced_opening(*game, *plies, *b, &mut rng).0.moves,
                    None => random_opening(*game, *plies, &mut rng).moves,
                }
            }
            Openings::Book(lines) => lines[pair % lines.len()].clone(),
        }
    }
}

pub fn run(args: &Args) -> Status {
    // Nothing is read before the output is known not to be an input.
    if let Some(path) = &args.pgn {
        let inputs = [
            ("variant file", Some(args.file.as_path())),
            ("book", args.book.as_deref()),
        ];
        if !output::outputs_allowed(&[("--pgn", path)], &inputs) {
            return Status::UsageOrIo;
        }
    }
    let compiled = match super::load_variant(&args.file) {
        Ok(c) => c,
        Err(s) => return s,
    };
    let game = compiled.game();
    let setup = match setup(args, game) {
        Ok(s) => s,
        Err(why) => {
            eprintln!("error: {why}");
            return Status::UsageOrIo;
        }
    };
    let sprt = match args
        .sprt
        .as_deref()
        .map(|s| sprt_of(s, args.alpha, args.beta))
    {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(why)) => {
            eprintln!("error: --sprt: {why}");
            return Status::UsageOrIo;
        }
    };
    let mut pgn = match args
        .pgn
        .as_deref()
        .map(|p| output::create_growing(p, args.force))
    {
        None => None,
        Some(Ok(f)) => Some(std::io::BufWriter::new(f)),
        Some(Err(e)) => {
            eprintln!("error: {e}");
            return Status::UsageOrIo;
        }
    };
    // Each engine must start before games are played: a wrong command fails at once.
    for spec in &setup.engines {
        if let Err(why) = Client::start(spec, setup.variant) {
            eprintln!("error: engine `{}`: {why}", spec.name);
            return Status::UsageOrIo;
        }
    }
    let mut tally = Tally::new(game.variant.sides().len());
    let mut write_failed = None;
    let total = args.pairs as usize;
    let shown = std::io::stderr().is_terminal();
    // The SPRT's verdict when it decided, and after how many pairs: pairs still being played
    // then are finished and counted, and may move the final LLR back inside its bounds.
    let mut decided = (Verdict::Continue, 0u64);
    play_rounds(&setup, total, args.concurrency as usize, |pair| {
        for g in &pair {
            if let Err(why) = &g.finished {
                eprintln!("warning: pair {}: a game was not played: {why}", g.pair + 1);
            }
            tally.game(g);
            if let (Some(w), None) = (pgn.as_mut(), &write_failed) {
                let text = pgn_game(&setup, g);
                if let Err(e) = writeln!(w, "{text}").and_then(|()| w.flush()) {
                    write_failed = Some(e);
                }
            }
        }
        tally.pair(&pair);
        if let Some(s) = &sprt {
            if decided.0 == Verdict::Continue {
                decided = (s.verdict(&tally.pairs), tally.pairs.n);
            }
        }
        if shown {
            eprint!("\r{}   ", progress(&tally, total, sprt.as_ref()));
        }
        decided.0 == Verdict::Continue && write_failed.is_none()
    });
    if shown {
        eprintln!();
    }
    if let Some(e) = write_failed {
        eprintln!("error: cannot write the games: {e}");
        return Status::UsageOrIo;
    }
    report(args, &setup, &tally, sprt.as_ref(), decided);
    Status::Ok
}

/// The engines, limits and openings the arguments name.
fn setup<'g>(args: &'g Args, game: Game<'g>) -> Result<Setup<'g>, String> {
    let default = || -> Result<Vec<String>, String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find hexv itself: {e}"))?;
        Ok(vec![exe.display().to_string(), "engine".to_string()])
    };
    let command = |given: &Option<String>, which: &str| -> Result<Vec<String>, String> {
        match given {
            None => default(),
            Some(text) => match shlex::split(text) {
                Some(words) if !words.is_empty() => Ok(words),
                _ => Err(format!("--{which}: `{text}` is not a command")),
            },
        }
    };
    let options = |given: &[String], which: &str| -> Result<Vec<(String, String)>, String> {
        given
            .iter()
            .map(|o| match o.split_once('=') {
                Some((n, v)) if !n.trim().is_empty() => {
                    Ok((n.trim().to_string(), v.trim().to_string()))
                }
                _ => Err(format!("--{which}-option `{o}`: write NAME=VALUE")),
            })
            .collect()
    };
    let engines = [
        EngineSpec {
            name: args.first_name.clone(),
            command: command(&args.first, "first")?,
            options: options(&args.first_option, "first")?,
        },
        EngineSpec {
            name: args.second_name.clone(),
            command: command(&args.second, "second")?,
            options: options(&args.second_option, "second")?,
        },
    ];
    let limit = |given: &Option<String>| Limit::parse(given.as_deref().unwrap_or(&args.limit));
    let two_sides = |option: &str| {
        if game.variant.sides().len() == 2 {
            Ok(())
        } else {
            Err(format!(
                "{option} adjudicates games of two sides; {} has {}",
                game.variant.meta().name,
                game.variant.sides().len()
            ))
        }
    };
    let draw = match &args.draw {
        Some(text) => two_sides("--draw").and_then(|()| DrawRule::parse(text).map(Some))?,
        None => None,
    };
    let resign = match &args.resign {
        Some(text) => two_sides("--resign").and_then(|()| ResignRule::parse(text).map(Some))?,
        None => None,
    };
    let rules = Rules {
        limits: [limit(&args.first_limit)?, limit(&args.second_limit)?],
        margin: Duration::from_millis(args.time_margin),
        move_timeout: Duration::from_secs(args.move_timeout.max(1)),
        max_plies: args.max_plies as usize,
        draw,
        resign,
    };
    let openings = match &args.book {
        None => Openings::Random {
            game,
            plies: args.random_plies as usize,
            seed: args.seed,
            balance: args.balanced.map(|within| Balance {
                within,
                depth: args.balance_depth,
            }),
        },
        Some(path) => Openings::Book(read_book(game, path)?),
    };
    Ok(Setup {
        game,
        variant: &args.file,
        engines,
        rules,
        openings,
    })
}

/// The openings of a book file: each line's moves from the start, every one legal.
fn read_book(game: Game, path: &Path) -> Result<Vec<Vec<Move>>, String> {
    let file = hexv::source::SourceFile::read_regular(path).map_err(|e| e.to_string())?;
    let mut lines = Vec::new();
    for (n, line) in file.text().lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut pos = game.start_position();
        let mut moves = Vec::new();
        for word in line.split_whitespace() {
            let m = hexv::uci::read_move(&game, &pos, word)
                .map_err(|why| format!("{}:{}: {why}", path.display(), n + 1))?;
            pos = game.play(&pos, &m);
            moves.push(m);
        }
        if game.outcome(&[pos]).is_some() {
            return Err(format!(
                "{}:{}: the opening ends the game",
                path.display(),
                n + 1
            ));
        }
        lines.push(moves);
    }
    if lines.is_empty() {
        return Err(format!("{}: no openings", path.display()));
    }
    Ok(lines)
}

/// `elo0,elo1` with the error rates.
fn sprt_of(text: &str, alpha: f64, beta: f64) -> Result<Sprt, String> {
    let (a, b) = text
        .split_once(',')
        .ok_or_else(|| format!("`{text}`: write ELO0,ELO1, e.g. 0,5"))?;
    let number = |v: &str| {
        v.trim()
            .parse::<f64>()
            .map_err(|_| format!("`{v}` is not a number"))
    };
    Sprt::new(number(a)?, number(b)?, alpha, beta)
}

/// Plays pairs (rounds) on `concurrency` threads, each with its own two engines, handing
/// each to `done` as it ends; no new one starts once `done` says false.
fn play_rounds(
    setup: &Setup,
    total: usize,
    concurrency: usize,
    mut done: impl FnMut(Vec<Played>) -> bool,
) {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<Vec<Played>>();
    std::thread::scope(|scope| {
        for _ in 0..concurrency.min(total) {
            let send = send.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                let mut engines: Option<[Client; 2]> = None;
                loop {
                    let pair = next.fetch_add(1, Ordering::Relaxed);
                    if pair >= total || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let opening = setup.openings.of_pair(pair);
                    let games = setup
                        .game
                        .variant
                        .side_ids()
                        .map(|first_seat| Played {
                            pair,
                            first_seat,
                            opening: opening.clone(),
                            finished: play_one(setup, &mut engines, &opening, first_seat),
                        })
                        .collect();
                    if send.send(games).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        for pair in receive {
            if !done(pair) {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
}

/// One game, the first engine in `first_seat`, the engines (re)started as needed: an engine
/// that broke is started again for the next game.
fn play_one(
    setup: &Setup,
    engines: &mut Option<[Client; 2]>,
    opening: &[Move],
    first_seat: Side,
) -> Result<Finished, String> {
    let mut pair = match engines.take() {
        Some(e) => e,
        None => start_both(setup)?,
    };
    for (i, client) in pair.iter_mut().enumerate() {
        client
            .new_game()
            .map_err(|why| format!("engine `{}`: {why}", setup.engines[i].name))?;
    }
    let finished = referee::play(&setup.game, opening, &mut pair, first_seat, &setup.rules);
    if !finished.engine_broke.contains(&true) {
        *engines = Some(pair);
    }
    Ok(finished)
}

fn start_both(setup: &Setup) -> Result<[Client; 2], String> {
    let start = |i: usize| {
        Client::start(&setup.engines[i], setup.variant)
            .map_err(|why| format!("engine `{}`: {why}", setup.engines[i].name))
    };
    Ok([start(0)?, start(1)?])
}

/// The match so far.
struct Tally {
    pairs: Rounds,
    /// Games by how they ended.
    endings: std::collections::BTreeMap<String, usize>,
    /// Forfeits by engine (first, second).
    forfeits: [usize; 2],
    /// Games not played because an engine could not start or reset.
    unplayed: usize,
    plies: usize,
    games: usize,
    /// The first engine's points and games in each seat, in turn order.
    seats: Vec<(f64, usize)>,
}

impl Tally {
    fn new(seats: usize) -> Tally {
        Tally {
            pairs: Rounds::new(seats),
            endings: Default::default(),
            forfeits: [0, 0],
            unplayed: 0,
            plies: 0,
            games: 0,
            seats: vec![(0.0, 0); seats],
        }
    }

    fn game(&mut self, g: &Played) {
        match &g.finished {
            Ok(f) => {
                self.games += 1;
                self.plies += g.opening.len() + f.moves.len();
                let word = match &f.end {
                    End::Rules(word) => word.to_string(),
                    End::PlyLimit => "ply-limit".to_string(),
                    End::Adjudicated(Adjudged::Draw) => "adjudicated-draw".to_string(),
                    End::Adjudicated(Adjudged::Win(_)) => "adjudicated-win".to_string(),
                    End::Forfeit { side, .. } => {
                        let engine = usize::from(*side != g.first_seat);
                        self.forfeits[engine] += 1;
                        "forfeit".to_string()
                    }
                };
                *self.endings.entry(word).or_default() += 1;
                if let (Some(seat), Some(score)) =
                    (self.seats.get_mut(g.first_seat.index()), first_score(g))
                {
                    seat.0 += score;
                    seat.1 += 1;
                }
            }
            Err(_) => self.unplayed += 1,
        }
    }

    /// Counts a pair (round) when all its games were played.
    fn pair(&mut self, pair: &[Played]) {
        let scores: Option<Vec<f64>> = pair.iter().map(first_score).collect();
        if let Some(scores) = scores {
            self.pairs.add_round(&scores);
        }
    }
}

/// The first engine's score in a game it played, 0 to 1.
fn first_score(g: &Played) -> Option<f64> {
    g.finished.as_ref().ok().map(|f| {
        let s = f
            .scores
            .get(g.first_seat.index())
            .copied()
            .unwrap_or(Score::LOSS);
        s.numerator as f64 / s.denominator.max(1) as f64
    })
}

/// What a round is called: a pair with two sides.
fn round_word(seats: usize) -> &'static str {
    if seats == 2 {
        "pair"
    } else {
        "round"
    }
}

fn progress(t: &Tally, total: usize, sprt: Option<&Sprt>) -> String {
    let (elo, low, high) = t.pairs.elo();
    let mut line = format!(
        "{}/{total} {}s, first {:.1}%, Elo {} [{}, {}]",
        t.pairs.n,
        round_word(t.pairs.seats()),
        t.pairs.score() * 100.0,
        signed(elo),
        signed(low),
        signed(high)
    );
    if let Some(s) = sprt {
        let (lower, upper) = s.bounds();
        line += &format!(
            ", LLR {:.2} [{lower:.2}, {upper:.2}]",
            t.pairs.llr(s.elo0, s.elo1)
        );
    }
    line
}

/// An Elo difference with its sign, `+inf`/`-inf` at the ends.
fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // Adding +0 turns -0 into +0.
        format!("{:+.1}", elo + 0.0)
    }
}

/// A game in PGN: the engines, the pair (round) as its round, how it ended.
fn pgn_game(setup: &Setup, g: &Played) -> String {
    let game = &setup.game;
    let name_of = |side: Side| {
        let engine = usize::from(side != g.first_seat);
        setup.engines[engine].name.clone()
    };
    let (moves, result, termination) = match &g.finished {
        Ok(f) => {
            let why = match &f.end {
                End::Rules(word) => word.to_string(),
                End::PlyLimit => "ply limit".to_string(),
                End::Adjudicated(Adjudged::Draw) => {
                    "adjudication: both engines scored it even".to_string()
                }
                End::Adjudicated(Adjudged::Win(side)) => format!(
                    "adjudication: both engines scored it won by {}",
                    game.variant.side_name(*side)
                ),
                End::Forfeit { why, .. } => format!("forfeit: {why}"),
            };
            let mut all = g.opening.clone();
            all.extend(f.moves.iter().cloned());
            (all, hexv::game::scores_result_text(&f.scores), why)
        }
        Err(why) => (
            g.opening.clone(),
            "*".to_string(),
            format!("not played: {why}"),
        ),
    };
    // The engines' moves say their score, depth and time; the opening's nothing.
    let mut comments = vec![None; g.opening.len()];
    if let Ok(f) = &g.finished {
        comments.extend(f.notes.iter().map(|n| Some(n.comment())));
    }
    let limit = |i: usize| setup.rules.limits[i].describe();
    let mut tags: Vec<(String, String)> = [
        ("Event", "hexv match".to_string()),
        ("Round", (g.pair + 1).to_string()),
    ]
    .map(|(n, v)| (n.to_string(), v))
    .to_vec();
    tags.extend(
        game.variant
            .side_ids()
            .map(|side| (hexv::pgn::player_tag(game.variant, side), name_of(side))),
    );
    tags.extend(
        [
            ("Termination", termination),
            ("OpeningPlies", g.opening.len().to_string()),
            ("FirstLimit", limit(0)),
            ("SecondLimit", limit(1)),
        ]
        .map(|(n, v)| (n.to_string(), v)),
    );
    hexv::pgn::write_game_annotated(
        game,
        &tags,
        &game.start_position(),
        &moves,
        &comments,
        &result,
        &Letters::own(),
    )
}

fn report(args: &Args, setup: &Setup, t: &Tally, sprt: Option<&Sprt>, decided: (Verdict, u64)) {
    let p = &t.pairs;
    let (elo, low, high) = p.elo();
    let (llr, verdict) = match sprt {
        Some(s) => (Some(p.llr(s.elo0, s.elo1)), Some(decided.0)),
        None => (None, None),
    };
    let verdict_word = |v: Verdict| match v {
        Verdict::Continue => "undecided",
        Verdict::AcceptH1 => "H1 accepted",
        Verdict::AcceptH0 => "H0 accepted",
    };
    let names = [&setup.engines[0].name, &setup.engines[1].name];
    let seats = p.seats();
    let many = seats > 2;
    if args.format == Format::Json {
        let json = serde_json::json!({
            "variant": setup.game.variant.meta().name,
            "first": names[0], "second": names[1],
            "first_limit": setup.rules.limits[0].describe(),
            "second_limit": setup.rules.limits[1].describe(),
            "pairs": p.n, "games": t.games, "unplayed": t.unplayed,
            "wins": p.wins, "draws": p.draws, "losses": p.losses,
            "pentanomial": p.bins,
            "score": p.score(),
            "elo": finite(elo), "elo_low": finite(low), "elo_high": finite(high),
            "sprt": sprt.map(|s| serde_json::json!({
                "elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta,
                "llr": llr, "lower": s.bounds().0, "upper": s.bounds().1,
                "verdict": verdict.map(verdict_word),
                "decided_after_pairs": (decided.0 != Verdict::Continue).then_some(decided.1),
            })),
            "endings": t.endings,
            "forfeits": {"first": t.forfeits[0], "second": t.forfeits[1]},
            "mean_plies": t.plies as f64 / t.games.max(1) as f64,
        });
        if many {
            // Rounds of a game of more sides: their own names, the even share, each seat.
            let mut json = json;
            if let Some(map) = json.as_object_mut() {
                map.remove("pairs");
                map.remove("pentanomial");
                map.insert("rounds".into(), p.n.into());
                map.insert("seats".into(), seats.into());
                map.insert("even_share".into(), p.even_share().into());
                map.insert("round_points".into(), p.bins.clone().into());
                let by_seat: serde_json::Map<String, serde_json::Value> = seat_scores(setup, t)
                    .into_iter()
                    .map(|(side, score)| (side, score.into()))
                    .collect();
                map.insert("seat_scores".into(), by_seat.into());
                if let Some(sprt) = map.get_mut("sprt").and_then(|v| v.as_object_mut()) {
                    if let Some(after) = sprt.remove("decided_after_pairs") {
                        sprt.insert("decided_after_rounds".into(), after);
                    }
                }
            }
            outln!(
                "{}",
                serde_json::to_string_pretty(&json).expect("a report serialises")
            );
            return;
        }
        outln!(
            "{}",
            serde_json::to_string_pretty(&json).expect("a report serialises")
        );
        return;
    }
    let word = round_word(seats);
    let rounds = if p.n == 1 {
        format!("1 {word}")
    } else {
        format!("{} {word}s", p.n)
    };
    let engine = |i: usize| format!("{} ({})", names[i], setup.rules.limits[i].describe());
    let matched = if many {
        format!(
            "{} in one seat of {seats}, {} in the others",
            engine(0),
            engine(1)
        )
    } else {
        format!("{} against {}", engine(0), engine(1))
    };
    outln!(
        "{}: {matched}, {rounds} ({} games)",
        setup.game.variant.meta().name,
        t.games
    );
    let (even, shared) = if many {
        (
            format!(" (an even share is {:.1}%)", p.even_share() * 100.0),
            "shared",
        )
    } else {
        (String::new(), "draws")
    };
    outln!(
        "{} scores {:.1}%{even}: {} wins, {} {shared}, {} losses",
        names[0],
        p.score() * 100.0,
        p.wins,
        p.draws,
        p.losses
    );
    let counts: Vec<String> = p.bins.iter().map(u64::to_string).collect();
    if many {
        let by_seat: Vec<String> = seat_scores(setup, t)
            .iter()
            .map(|(side, score)| match score {
                Some(s) => format!("{side} {:.1}%", s * 100.0),
                None => format!("{side} -"),
            })
            .collect();
        outln!("{} by seat: {}", names[0], by_seat.join(", "));
        let halves: Vec<String> = (0..p.bins.len()).map(half_points).collect();
        outln!(
            "rounds by points ({}): {}",
            halves.join(", "),
            counts.join(" ")
        );
        outln!(
            "Elo {} [{}, {}] (95%; one against {} equal, Luce's model)",
            signed(elo),
            signed(low),
            signed(high),
            seats - 1
        );
    } else {
        outln!("pairs by points (0, 1/2, 1, 3/2, 2): {}", counts.join(" "));
        outln!(
            "Elo {} [{}, {}] (95%)",
            signed(elo),
            signed(low),
            signed(high)
        );
    }
    if let (Some(s), Some(llr), Some(v)) = (sprt, llr, verdict) {
        let (lower, upper) = s.bounds();
        outln!(
            "SPRT elo0 {} elo1 {} (alpha {}, beta {}): LLR {llr:.2} [{lower:.2}, {upper:.2}], {}",
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta,
            verdict_word(v)
        );
        if v != Verdict::Continue && decided.1 < p.n {
            outln!(
                "(decided after {} {word}s; the {} {word}s being played then were counted too)",
                decided.1,
                p.n - decided.1
            );
        }
    }
    let endings: Vec<String> = t.endings.iter().map(|(e, n)| format!("{e} {n}")).collect();
    outln!("endings: {}", endings.join(", "));
    if t.forfeits != [0, 0] {
        outln!(
            "forfeits: {} {}, {} {}",
            names[0],
            t.forfeits[0],
            names[1],
            t.forfeits[1]
        );
    }
    if t.unplayed > 0 {
        outln!(
            "games not played (an engine would not start): {}",
            t.unplayed
        );
    }
}

/// The first engine's mean score in each seat, by the seat's side name in turn order (`None`
/// for a seat with no game played).
fn seat_scores(setup: &Setup, t: &Tally) -> Vec<(String, Option<f64>)> {
    let v = setup.game.variant;
    v.side_ids()
        .map(|side| {
            let (points, games) = t.seats.get(side.index()).copied().unwrap_or((0.0, 0));
            let score = (games > 0).then(|| points / games as f64);
            (v.side_name(side).to_string(), score)
        })
        .collect()
}

/// Half points as a fraction: `0`, `1/2`, `1`, `3/2`, ...
fn half_points(halves: usize) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{halves}/2")
    }
}

/// A number JSON can hold (infinite Elo at a score of 0 or 1 becomes null).
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}
