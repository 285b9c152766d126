//! `hexv diagram FILE (--piece S --at CELL | --position [--moves "..."]) [--side white|black]
//! [--blockers C,...] [--format ascii|svg] [--no-coordinates] [-o PATH]`: a movement diagram
//! or a position, in the style of the rule texts (with the files' and ranks' names on the
//! margins) or as an SVG picture. `hexv diagram [FILE] --pgn GAMES.pgn [--game N] [--ply K]`
//! draws a recorded game's position.

use std::path::PathBuf;

use clap::ValueEnum;
use hexv::check::suggest::did_you_mean;
use hexv::geometry::board::CellId;
use hexv::render::{ascii, diagram, svg};
use hexv::variant::{Side, Variant};

use super::{load_variant, output, Status};

#[derive(clap::Args)]
pub struct Args {
    /// Variant file (.hexv); with --pgn it may be left out when the game's `Variant` tag
    /// names a shipped variant.
    #[arg(required_unless_present = "pgn")]
    file: Option<PathBuf>,
    /// The piece to show (symbol or name).
    #[arg(long, required_unless_present_any = ["position", "pgn"], requires = "at")]
    piece: Option<String>,
    /// The cell the piece stands on.
    #[arg(long)]
    at: Option<String>,
    /// Whose piece (moves are relative to the mover).
    #[arg(long, value_enum, default_value_t = SideArg::White)]
    side: SideArg,
    /// Cells occupied by other pieces, comma separated: rays stop there.
    #[arg(long, value_delimiter = ',')]
    blockers: Vec<String>,
    /// Draw a position instead (White upper case, Black lower case): the start, or the
    /// position text given (docs/positions.md); `--setup` is the same.
    #[arg(long, alias = "setup", conflicts_with = "piece", num_args = 0..=1, default_missing_value = "")]
    position: Option<String>,
    /// With --position: the moves to play from the start first, e.g. "e4-e6 d7-d5".
    #[arg(long, requires = "position")]
    moves: Option<String>,
    /// Draw a position of a game recorded in this PGN file instead.
    #[arg(long, value_name = "GAMES.pgn", conflicts_with_all = ["piece", "position"])]
    pgn: Option<PathBuf>,
    /// With --pgn: the game's number in the file, from 1.
    #[arg(long, default_value_t = 1, requires = "pgn", value_parser = clap::value_parser!(u64).range(1..))]
    game: u64,
    /// With --pgn: the position after this many plies (half-moves); the game's end when
    /// left out.
    #[arg(long, requires = "pgn")]
    ply: Option<usize>,
    /// With --pgn: the piece letters of its moves (auto: detected; own, en, hu).
    #[arg(long, default_value = "auto", requires = "pgn")]
    letters: String,
    /// ASCII: leave out the files' and ranks' names, drawn on the margins by default.
    #[arg(long)]
    no_coordinates: bool,
    /// ASCII: the files' and ranks' names on the margins (the default; kept for scripts
    /// written before it was).
    #[arg(long, hide = true, overrides_with = "no_coordinates")]
    coordinates: bool,
    /// ASCII of a pointy board: turned 30 degrees so its cells lie flat, as the Dagger Chess
    /// and Hex Shogi texts draw it (upright, as in the SVG, by default).
    #[arg(long)]
    turned: bool,
    /// `ascii` in the style of the rule texts, or an `svg` picture.
    #[arg(long, value_enum, default_value_t = Format::Ascii)]
    format: Format,
    /// Write the diagram to this file instead of stdout.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Ascii,
    Svg,
}

#[derive(Clone, Copy, ValueEnum)]
enum SideArg {
    White,
    Black,
}

fn cell(v: &Variant, name: &str) -> Result<CellId, Status> {
    v.board().find(name).ok_or_else(|| {
        let hint =
            did_you_mean(name, v.board().names().iter().map(String::as_str)).unwrap_or_default();
        eprintln!(
            "error: no cell `{name}` on the board{}",
            if hint.is_empty() {
                String::new()
            } else {
                format!(" ({hint})")
            }
        );
        Status::UsageOrIo
    })
}

pub fn run(args: &Args) -> Status {
    if let Some(pgn) = &args.pgn {
        return run_pgn(args, pgn);
    }
    let Some(file) = &args.file else {
        return Status::UsageOrIo;
    };
    let compiled = match load_variant(file) {
        Ok(compiled) => compiled,
        Err(s) => return s,
    };
    let (v, t) = (compiled.variant(), compiled.tables());
    let name = if v.meta().name.is_empty() {
        "variant"
    } else {
        v.meta().name.as_str()
    };
    let mut below = Vec::new();
    let (labels, drawing, title) = if let Some(text) = &args.position {
        let game = hexv::game::Game::new(v, t);
        let given = (!text.trim().is_empty()).then_some(text.as_str());
        let (pos, last) = match super::start_and_last(&game, given, args.moves.as_deref()) {
            Ok(p) => p,
            Err(s) => return s,
        };
        below = diagram::hands(v, &pos);
        let title = match (&args.moves, given) {
            (None, None) => format!("{name}: start position"),
            (None, Some(_)) => format!("{name}: a position"),
            (Some(m), _) => format!("{name}: after {}", m.trim()),
        };
        (
            diagram::position_labels(v, &pos),
            diagram::position_drawing_marked(
                v,
                &pos,
                &last_cells(last.as_ref()),
                &game.royals_in_check(&pos),
            ),
            title,
        )
    } else {
        let (Some(key), Some(at)) = (&args.piece, &args.at) else {
            eprintln!("error: give --piece and --at, or --position");
            return Status::UsageOrIo;
        };
        let Some(piece) = v.find_piece(key) else {
            eprintln!("error: no piece `{key}` in this variant");
            return Status::UsageOrIo;
        };
        let at = match cell(v, at) {
            Ok(c) => c,
            Err(s) => return s,
        };
        let mut blockers = Vec::new();
        for b in &args.blockers {
            match cell(v, b) {
                Ok(c) => blockers.push(c),
                Err(s) => return s,
            }
        }
        let side = match args.side {
            SideArg::White => Side::WHITE,
            SideArg::Black => Side::BLACK,
        };
        let title = format!("{name}: {} on {}", v.piece(piece).name, v.board().name(at));
        (
            diagram::piece_labels(v, t, piece, side, at, &blockers),
            diagram::piece_drawing(v, t, piece, side, at, &blockers),
            title,
        )
    };
    let text = match args.format {
        Format::Ascii => {
            let label = |c| labels.get(&c).cloned().unwrap_or_default();
            let mut text = ascii_picture(v, &label, args);
            for line in &below {
                text.push_str(line);
                text.push('\n');
            }
            text
        }
        Format::Svg => svg::render(v.board(), &title, &drawing),
    };
    write_out(args, &text)
}

/// The cells a move came from and went to, which the picture marks.
/// The board drawn in ASCII with `label` per cell, as the options say.
fn ascii_picture(v: &Variant, label: &dyn Fn(CellId) -> String, args: &Args) -> String {
    let turn = if args.turned {
        ascii::Turn::Turned
    } else {
        ascii::Turn::Upright
    };
    ascii::render_styled(v.board(), label, !args.no_coordinates, turn, &|_| None)
}

fn last_cells(last: Option<&hexv::game::Move>) -> Vec<CellId> {
    last.map(|m| m.from.into_iter().chain([m.to]).collect())
        .unwrap_or_default()
}

/// `--pgn`: the position of a recorded game after `--ply` plies (its end by default).
fn run_pgn(args: &Args, pgn: &std::path::Path) -> Status {
    let game = match super::pgn::recorded_game(
        pgn,
        args.game as usize,
        args.file.as_deref(),
        &args.letters,
    ) {
        Ok(g) => g,
        Err(s) => return s,
    };
    let (v, replay) = (game.compiled.variant(), &game.replay);
    let plies = args.ply.unwrap_or(replay.moves.len());
    if plies > replay.moves.len() {
        eprintln!(
            "error: game {} has {} plies{}: --ply {plies} is past its end",
            args.game,
            replay.moves.len(),
            if game.stopped.is_some() {
                " that resolve"
            } else {
                ""
            }
        );
        return Status::UsageOrIo;
    }
    let rules = game.compiled.game();
    let mut pos = replay.start.clone();
    let mut last = String::new();
    let mut last_move = None;
    for (i, mv) in replay.moves[..plies].iter().enumerate() {
        let number = (i + usize::from(replay.start.to_move == Side::BLACK)) / 2 + 1;
        let dots = if pos.to_move == Side::WHITE {
            "."
        } else {
            "..."
        };
        last = format!(
            "{number}{dots} {}",
            rules.format_san(&pos, mv, &game.letters)
        );
        pos = rules.play(&pos, mv);
        last_move = Some(*mv);
    }
    let players = format!(
        "{} - {}",
        game.record.tag("White").unwrap_or("?"),
        game.record.tag("Black").unwrap_or("?")
    );
    let title = if plies == 0 {
        format!("{players}: start")
    } else {
        format!("{players}: after {last}")
    };
    let text = match args.format {
        Format::Ascii => {
            let labels = diagram::position_labels(v, &pos);
            let label = |c| labels.get(&c).cloned().unwrap_or_default();
            let mut text = format!("{title}\n");
            text.push_str(&ascii_picture(v, &label, args));
            for line in diagram::hands(v, &pos) {
                text.push_str(&line);
                text.push('\n');
            }
            text
        }
        Format::Svg => {
            let drawing = diagram::position_drawing_marked(
                v,
                &pos,
                &last_cells(last_move.as_ref()),
                &rules.royals_in_check(&pos),
            );
            svg::render(v.board(), &title, &drawing)
        }
    };
    write_out(args, &text)
}

/// The drawing to `--output` (never onto the variant or the PGN file it reads; an existing
/// file replaced as a whole), or to stdout.
fn write_out(args: &Args, text: &str) -> Status {
    let Some(path) = &args.output else {
        out!("{text}");
        return Status::Ok;
    };
    let inputs = [
        ("variant file", args.file.as_deref()),
        ("PGN file", args.pgn.as_deref()),
    ];
    if !output::outputs_allowed(&[("--output", path)], &inputs) {
        return Status::UsageOrIo;
    }
    match output::replace(path, text.as_bytes()) {
        Ok(()) => Status::Ok,
        Err(e) => {
            eprintln!("error: cannot write `{}`: {e}", path.display());
            Status::UsageOrIo
        }
    }
}
