//! `hexv tune FILE [--spsa ...] [--games N] [--positions N] [--depth D | --nodes N] [--seed S]
//! [--from PGN...] [--cells | --cells-only] [--start WEIGHTS] [-o OUT] [--force] [--threads T] [--format text|json]`: fits the
//! evaluation's weights to games (Texel's method, `hexv::search::tune`) and writes them as a
//! weights file, by default the variant's sibling `NAME.weights`, which the engine then
//! loads.

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use hexv::game::san::Letters;
use hexv::game::Game;
use hexv::pgn::{read, replay};
use hexv::search::records::white_score;
use hexv::search::tune::spsa::{default_params, named_params, spsa, SpsaConfig, SpsaReport};
use hexv::search::tune::{play, tune, Config, Fit, GameLine, Progress, Tuned};
use hexv::search::weights::file::{load, sibling, write};
use hexv::search::{Limits, Weights};

use super::{output, Status};

/// The largest PGN file read.
const MAX_PGN_BYTES: u64 = 1 << 30;

#[derive(clap::Args)]
pub struct Args {
    /// Variant file (.hexv).
    file: PathBuf,
    /// Games of self-play to learn from (unless --from).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// The most quiet positions kept (a seeded choice when there are more).
    #[arg(long, default_value_t = 200_000, value_parser = clap::value_parser!(u64).range(10..=100_000_000))]
    positions: u64,
    /// Plies of search per move of self-play (default 3).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64), conflicts_with = "nodes")]
    depth: Option<u32>,
    /// Positions searched per move of self-play.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Random moves opening every game of self-play.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(0..=100))]
    random_plies: u64,
    /// Plies at the start of every game that are not sampled (at least the random ones).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(0..=1000))]
    skip_plies: u64,
    /// Plies after which a game of self-play is a draw.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_plies: u64,
    /// Seed of the openings and of the choice of positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Learn from these games (PGN, with results) instead of self-play.
    #[arg(long, num_args = 1.., value_name = "PGN")]
    from: Vec<PathBuf>,
    /// Steps of the optimiser.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    iterations: u64,
    /// Penalty on moving away from the built-in weights (0: none; 1: a change as large as
    /// the weight costs as much as the error's scale).
    #[arg(long, default_value_t = 0.0)]
    regularize: f64,
    /// Fit the material only, keeping the placement weights.
    #[arg(long)]
    material_only: bool,
    /// Fit a weight for each piece on each cell as well (`cell` lines: centipawns on
    /// White's cells, Black's read through the variant's symmetry).
    #[arg(long, conflicts_with = "material_only")]
    cells: bool,
    /// Fit the per-cell weights alone, every other weight kept as the start's.
    #[arg(long, conflicts_with_all = ["material_only", "cells"])]
    cells_only: bool,
    /// The weights the fit starts from and is pulled towards: a weights file, or `default`
    /// for the built-in formula (the default).
    #[arg(long, value_name = "PATH|default")]
    start: Option<String>,
    /// Keep the fitted weights' own scale (by default they are scaled back to the built-in
    /// evaluation's mean size, which the search's margins are set for).
    #[arg(long)]
    free_scale: bool,
    /// The weights file to write (default: FILE's sibling NAME.weights).
    #[arg(short = 'o', long, value_name = "OUT")]
    out: Option<PathBuf>,
    /// Replace an existing weights file (as a whole: a new file renamed over it).
    #[arg(long)]
    force: bool,
    /// Threads playing and sampling games (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Tune by games (SPSA) instead of fitting results: pairs of games between the weights
    /// moved either way, the weights stepped towards the winner (docs/engine.md).
    #[arg(long, conflicts_with_all = ["from", "material_only", "cells", "cells_only", "regularize", "free_scale", "iterations", "positions", "skip_plies", "games"])]
    spsa: bool,
    /// SPSA: pairs of games to play (default 1000).
    #[arg(long, requires = "spsa", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pairs: Option<u64>,
    /// SPSA: pairs per step, played at once from the same weights.
    #[arg(long, requires = "spsa", default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    batch: u64,
    /// SPSA: the weights that move, `NAME` or `NAME=C` (C: how far the last step's pair of
    /// weights lie either side), comma-separated, or `search` for every one of the search's
    /// numbers (default: the material and every weight that is not 0).
    #[arg(
        long,
        requires = "spsa",
        value_delimiter = ',',
        value_name = "NAME[=C]"
    )]
    params: Vec<String>,
    /// SPSA: a weight's move at the last step, in units of its C per point of a pair's result.
    #[arg(long, requires = "spsa", default_value_t = 0.01)]
    r_end: f64,
    /// The report as text or JSON.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

pub fn run(args: &Args) -> Status {
    if !args.regularize.is_finite() || args.regularize < 0.0 {
        eprintln!("error: --regularize is a number from 0 up");
        return Status::UsageOrIo;
    }
    let compiled = match super::load_playable(&args.file) {
        Ok(c) => c,
        Err(s) => return s,
    };
    let game = compiled.game();
    let out = args.out.clone().unwrap_or_else(|| sibling(&args.file));
    let mut inputs: Vec<(&str, Option<&Path>)> = vec![("variant file", Some(&args.file))];
    inputs.extend(args.from.iter().map(|p| ("PGN file", Some(p.as_path()))));
    if let Some(start) = args.start.as_deref().filter(|s| *s != "default") {
        inputs.push(("--start weights file", Some(Path::new(start))));
    }
    if !output::outputs_allowed(&[("--out", &out)], &inputs) {
        return Status::UsageOrIo;
    }
    if out.exists() && !args.force {
        eprintln!(
            "error: `{}` exists: give --force to replace it, or -o to write elsewhere",
            out.display()
        );
        return Status::UsageOrIo;
    }
    let start = match args.start.as_deref() {
        None | Some("default") => None,
        Some(path) => match load(Path::new(path), game.variant, game.tables) {
            Ok(w) => Some(w),
            Err(e) => {
                eprintln!("error: {e}");
                return Status::InputErrors;
            }
        },
    };
    if args.spsa {
        return run_spsa(&game, args, start, &out);
    }
    let config = config(args, start);
    let shown = std::io::stderr().is_terminal();
    let progress = move |p: Progress| {
        if shown {
            let (what, done, total) = match p {
                Progress::Games(d, t) => ("games played", d, t),
                Progress::Sampled(d, t) => ("games sampled", d, t),
                Progress::Fit(d, t) => ("fitting, step", d, t),
                Progress::Pairs(d, t) => ("pairs played", d, t),
            };
            eprint!("\r{what} {done}/{total}          ");
        }
    };
    let lines = if args.from.is_empty() {
        play(game, &config, &progress)
    } else {
        match read_games(&game, &args.from, &config) {
            Ok(lines) => lines,
            Err(s) => return s,
        }
    };
    let tuned = tune(game, &lines, &config, &progress);
    if shown {
        eprintln!();
    }
    let tuned = match tuned {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return Status::InputErrors;
        }
    };
    let defaults = config
        .start
        .clone()
        .unwrap_or_else(|| Weights::default_for(game.variant, game.tables));
    let started = started_from(args);
    let comment = [
        format!(
            "Evaluation weights fitted by `hexv tune` ({}).",
            source(args)
        ),
        format!(
            "Mean squared error, validation: {:.5} with the {started}, {:.5} with these.",
            tuned.report.before.validation, tuned.report.after.validation
        ),
    ];
    let text = write(&tuned.weights, game.variant, &comment);
    if let Err(e) = output::replace(&out, text.as_bytes()) {
        eprintln!("error: cannot write `{}`: {e}", out.display());
        return Status::UsageOrIo;
    }
    report(&game, args, &tuned, &defaults, &out);
    Status::Ok
}

/// `--spsa`: plays the pairs, writes the weights, reports.
fn run_spsa(game: &Game, args: &Args, start: Option<Weights>, out: &Path) -> Status {
    if !args.r_end.is_finite() || args.r_end <= 0.0 || args.r_end > 1.0 {
        eprintln!("error: --r-end is a number above 0, at most 1");
        return Status::UsageOrIo;
    }
    let start = start.unwrap_or_else(|| Weights::default_for(game.variant, game.tables));
    let params = if args.params.is_empty() {
        default_params(*game, &start)
    } else {
        match named_params(*game, &start, &args.params) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {e}");
                return Status::UsageOrIo;
            }
        }
    };
    let pairs = args.pairs.unwrap_or(1000) as usize;
    let config = SpsaConfig {
        pairs,
        batch: args.batch as usize,
        limits: spsa_limits(args),
        random_plies: args.random_plies as usize,
        max_plies: args.max_plies as usize,
        seed: args.seed,
        threads: threads(args),
        params,
        r_end: args.r_end,
    };
    let shown = std::io::stderr().is_terminal();
    let progress = move |p: Progress| {
        if let (true, Progress::Pairs(d, t)) = (shown, p) {
            eprint!("\rpairs played {d}/{t}          ");
        }
    };
    let result = spsa(*game, &start, &config, &progress);
    if shown {
        eprintln!();
    }
    let (weights, report) = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return Status::UsageOrIo;
        }
    };
    let how = spsa_source(args, &report);
    let comment = [
        format!("Evaluation weights tuned by `hexv tune --spsa` ({how})."),
        match args.start.as_deref() {
            None | Some("default") => "Started from the built-in weights.".to_string(),
            Some(path) => format!("Started from `{path}`."),
        },
    ];
    let text = write(&weights, game.variant, &comment);
    if let Err(e) = output::replace(out, text.as_bytes()) {
        eprintln!("error: cannot write `{}`: {e}", out.display());
        return Status::UsageOrIo;
    }
    if args.format == Format::Json {
        let json = serde_json::json!({
            "variant": game.variant.meta().name,
            "method": "spsa",
            "source": how,
            "report": report,
            "out": out.display().to_string(),
        });
        outln!("{json}");
        return Status::Ok;
    }
    outln!("{}: SPSA, {how}", game.variant.meta().name);
    outln!(
        "games won by the weights moved +c {}, drawn {}, won by those moved -c {}",
        report.plus_wins,
        report.draws,
        report.minus_wins
    );
    outln!("weights ({} -> tuned):", started_label(args));
    for m in &report.moved {
        outln!("  {:<20} {:>5} -> {:>5}", m.name, m.start, m.end);
    }
    outln!("written to {}", out.display());
    Status::Ok
}

/// The engines' limit in SPSA's games: --depth or --nodes, else 2 000 nodes a move.
fn spsa_limits(args: &Args) -> Limits {
    match (args.depth, args.nodes) {
        (Some(d), _) => Limits::depth(d),
        (None, n) => Limits::nodes(n.unwrap_or(2000)),
    }
}

/// What an SPSA run played, for the report and the file's comment.
fn spsa_source(args: &Args, report: &SpsaReport) -> String {
    let limit = match (args.depth, args.nodes) {
        (Some(d), _) => format!("depth {d}"),
        (None, n) => format!("{} nodes", n.unwrap_or(2000)),
    };
    format!(
        "{} pairs in {} steps at {limit} a move, {} random plies, seed {}, r_end {}",
        report.pairs, report.steps, args.random_plies, args.seed, args.r_end
    )
}

/// `--threads`, else every core.
fn threads(args: &Args) -> usize {
    args.threads.map(|t| t as usize).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
}

/// The library's configuration from the options.
fn config(args: &Args, start: Option<Weights>) -> Config {
    let limits = match (args.depth, args.nodes) {
        (_, Some(n)) => Limits::nodes(n),
        (d, None) => Limits::depth(d.unwrap_or(3)),
    };
    Config {
        games: args.games as usize,
        positions: args.positions as usize,
        limits,
        random_plies: args.random_plies as usize,
        skip_plies: args.skip_plies as usize,
        max_plies: args.max_plies as usize,
        seed: args.seed,
        threads: threads(args),
        iterations: args.iterations as usize,
        regularize: args.regularize,
        fit: match (args.material_only, args.cells, args.cells_only) {
            (true, _, _) => Fit::Material,
            (_, _, true) => Fit::Cells,
            (_, true, _) => Fit::TermsAndCells,
            _ => Fit::Terms,
        },
        start,
        free_scale: args.free_scale,
    }
}

/// Where the games came from, for the report and the file's comment.
fn source(args: &Args) -> String {
    if !args.from.is_empty() {
        let names: Vec<String> = args.from.iter().map(|p| p.display().to_string()).collect();
        return format!("games of {}", names.join(", "));
    }
    let limit = match (args.depth, args.nodes) {
        (_, Some(n)) => format!("{n} nodes"),
        (d, None) => format!("depth {}", d.unwrap_or(3)),
    };
    format!(
        "{} games of self-play at {limit}, {} random plies, seed {}",
        args.games, args.random_plies, args.seed
    )
}

/// The games of PGN files with a result, replayed on the variant: a game whose moves do not
/// all resolve, or with no result, is left out (counted in a warning).
fn read_games(game: &Game, files: &[PathBuf], config: &Config) -> Result<Vec<GameLine>, Status> {
    let mut lines = Vec::new();
    let mut left_out = 0;
    for path in files {
        let mut text = String::new();
        let read_all =
            std::fs::File::open(path).and_then(|f| f.take(MAX_PGN_BYTES).read_to_string(&mut text));
        if let Err(e) = read_all {
            eprintln!("error: cannot read `{}`: {e}", path.display());
            return Err(Status::UsageOrIo);
        }
        for record in read(&text).games {
            let white = record.result.as_ref().and_then(|r| white_score(&r.text));
            let replayed = replay(game, &record, &Letters::own()).ok();
            let (Some(white), Some(r)) = (white, replayed) else {
                left_out += 1;
                continue;
            };
            if r.unresolved.is_some() {
                left_out += 1;
                continue;
            }
            let mut history = vec![r.start];
            for m in &r.moves {
                let next = game.play(history.last().unwrap_or(&r.end), m);
                history.push(next);
            }
            lines.push(GameLine {
                until: history.len(),
                first: config.skip_plies,
                history,
                white,
            });
        }
    }
    if left_out > 0 {
        eprintln!("warning: {left_out} games left out (no result, or a move that does not read)");
    }
    Ok(lines)
}

/// The weights the fit started from, in a short label.
fn started_label(args: &Args) -> &'static str {
    match args.start.as_deref() {
        None | Some("default") => "built-in",
        Some(_) => "start",
    }
}

/// The weights the fit started from, as the report names them.
fn started_from(args: &Args) -> &'static str {
    match args.start.as_deref() {
        None | Some("default") => "built-in weights",
        Some(_) => "start weights",
    }
}

fn report(game: &Game, args: &Args, tuned: &Tuned, defaults: &Weights, out: &Path) {
    let r = &tuned.report;
    let started = started_from(args);
    let names: Vec<&str> = game
        .variant
        .pieces()
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    if args.format == Format::Json {
        let pieces: serde_json::Map<String, serde_json::Value> = names
            .iter()
            .zip(&tuned.weights.material)
            .zip(
                &game
                    .variant
                    .pieces()
                    .iter()
                    .map(|p| p.royal)
                    .collect::<Vec<_>>(),
            )
            .filter(|(_, royal)| !**royal)
            .map(|((name, m), _)| (name.to_string(), serde_json::json!(m)))
            .collect();
        let scalars: serde_json::Map<String, serde_json::Value> = tuned
            .weights
            .scalars()
            .iter()
            .map(|(n, v)| (n.to_string(), serde_json::json!(v)))
            .collect();
        let json = serde_json::json!({
            "variant": game.variant.meta().name,
            "source": source(args),
            "report": r,
            "material": pieces,
            "scalars": scalars,
            "out": out.display().to_string(),
        });
        outln!("{json}");
        return;
    }
    outln!(
        "{}: {} games, {} quiet positions ({} training, {} validation)",
        game.variant.meta().name,
        r.games,
        r.train_positions + r.validation_positions,
        r.train_positions,
        r.validation_positions
    );
    outln!(
        "K {:.4} (fitted weights: {:.4}, scaled by {:.3} to keep the evaluation's size)",
        r.k,
        r.k_after,
        r.rescaled
    );
    outln!("mean squared error   training  validation");
    outln!(
        "  {:<20}{:.5}     {:.5}",
        started,
        r.before.train,
        r.before.validation
    );
    outln!(
        "  fitted weights      {:.5}     {:.5}",
        r.after.train,
        r.after.validation
    );
    outln!("weights ({} -> fitted):", started_label(args));
    for (p, name) in names.iter().enumerate() {
        if game.variant.pieces()[p].royal {
            continue;
        }
        let (d, t) = (defaults.material[p], tuned.weights.material[p]);
        outln!(
            "  {name:<14} middle {:>5} -> {:>5}   ending {:>5} -> {:>5}",
            d[0],
            t[0],
            d[1],
            t[1]
        );
    }
    for ((name, d), (_, t)) in defaults.scalars().iter().zip(tuned.weights.scalars()) {
        outln!("  {name:<14} {d:>5} -> {t:>5}");
    }
    let set: Vec<i32> = tuned
        .weights
        .cells
        .iter()
        .flatten()
        .copied()
        .filter(|&x| x != 0)
        .collect();
    if !set.is_empty() {
        let largest = set.iter().map(|x| x.abs()).max().unwrap_or(0);
        outln!(
            "  cell weights   {} set (middle game and ending each count), the largest {largest} centipawns",
            set.len()
        );
    }
    outln!("written to {}", out.display());
}
