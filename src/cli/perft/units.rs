//! Work units for many machines: `--split-at D` writes the distinct positions D plies ahead
//! (each with how many move sequences reach it, its remaining depth and a hash of the variant
//! file); `--units FILE` counts units on any machine; `--merge UNITS RESULTS...` adds the
//! results up, weighted, after checking that every unit was counted exactly once
//! ([`hexv::game::perft_units`] holds the lines and the merge).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use hexv::game::perft::{Options, Progress};
use hexv::game::perft_units::{self, fnv, Unit, UnitResult, UnitsMerge};
use hexv::game::AnyEngine;
use hexv::game::{Game, Position};
use hexv::source::{BoundedLines, InputFault};

use super::super::Status;

/// The longest line read from a units or results file (a unit line is a few hundred bytes).
const MAX_LINE: u64 = 1 << 20;

/// The hash of the variant file's bytes: units of one file are not counted with another.
fn file_hash(path: &Path) -> Result<String, Status> {
    let bytes = std::fs::read(path).map_err(|e| {
        eprintln!("error: {}: {e}", path.display());
        Status::UsageOrIo
    })?;
    Ok(fnv(&bytes))
}

pub fn split(game: &Game, file: &Path, pos: &Position, depth: u32, plies: u32) -> Status {
    if plies > depth {
        eprintln!("error: --split-at {plies} is deeper than --depth {depth}");
        return Status::UsageOrIo;
    }
    let hash = match file_hash(file) {
        Ok(h) => h,
        Err(s) => return s,
    };
    for (i, (p, weight)) in perft_units::split(game, pos, plies).iter().enumerate() {
        let unit = Unit {
            id: i as u64,
            variant: file.display().to_string(),
            variant_hash: hash.clone(),
            position: game.position_text(p),
            depth: u64::from(depth - plies),
            weight: *weight,
        };
        outln!("{}", unit.line());
    }
    Status::Ok
}

/// What a line's taker says of a line it cannot take: the exit status and the fault.
type Refusal = (Status, Option<InputFault>);

/// A line that does not read as its format: a usage error, as the wrong file given.
fn unreadable(line: usize, why: String) -> Refusal {
    (Status::UsageOrIo, Some(InputFault::at(0, line, why)))
}

/// A line that reads but cannot be believed.
fn refused(fault: InputFault) -> Refusal {
    (Status::InputErrors, Some(fault))
}

/// Calls `take` with each line of a file (`-`: standard input) and its number, each line
/// read to [`MAX_LINE`] bytes; a line that is not text or not taken is an error naming the
/// file and line.
fn each_line(
    path: &Path,
    mut take: impl FnMut(usize, &str) -> Result<(), Refusal>,
) -> Result<(), Refusal> {
    let reader: Box<dyn std::io::BufRead> = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        match std::fs::File::open(path) {
            Ok(f) => Box::new(std::io::BufReader::new(f)),
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return Err((Status::UsageOrIo, None));
            }
        }
    };
    for (n, line) in BoundedLines::new(reader, MAX_LINE) {
        let line = line.map_err(|e| unreadable(n, e.to_string()))?;
        let text = std::str::from_utf8(&line.bytes)
            .map_err(|e| unreadable(n, format!("not a JSON object: not UTF-8 ({e})")))?;
        take(n, text)?;
    }
    Ok(())
}

/// Says what is wrong, where: `paths[i]` is input `i`.
fn report(paths: &[&Path], fault: &InputFault) {
    let place = match fault.at {
        Some((input, line)) => format!("{}:{line}: ", paths[input].display()),
        None => String::new(),
    };
    let earlier = match fault.earlier {
        Some((input, line)) => format!(" (first in {}:{line})", paths[input].display()),
        None => String::new(),
    };
    eprintln!("error: {place}{}{earlier}", fault.message);
}

/// Reads every line of one file through `take`; `Err` carries the status once reported.
fn read_all(
    paths: &[&Path],
    input: usize,
    take: impl FnMut(usize, &str) -> Result<(), Refusal>,
) -> Result<(), Status> {
    each_line(paths[input], take).map_err(|(status, fault)| {
        if let Some(mut fault) = fault {
            if let Some((_, line)) = fault.at {
                fault.at = Some((input, line));
            }
            report(paths, &fault);
        }
        status
    })
}

pub fn count(game: &Game, file: &Path, units: &Path, options: &Options) -> Status {
    let hash = match file_hash(file) {
        Ok(h) => h,
        Err(s) => return s,
    };
    let mut read = Vec::new();
    let taken = read_all(&[units], 0, |n, text| {
        if let Some(unit) = Unit::read(text).map_err(|why| unreadable(n, why))? {
            read.push((n, unit));
        }
        Ok(())
    });
    if let Err(status) = taken {
        return status;
    }
    let engine = AnyEngine::new(*game);
    let shown = std::io::stderr().is_terminal();
    let mut skipped = 0usize;
    for (k, (line, unit)) in read.iter().enumerate() {
        if unit.variant_hash != hash {
            skipped += 1;
            continue;
        }
        if unit.depth > u64::from(super::MAX_DEPTH) {
            eprintln!("error: {}:{line}: the depth is too large", units.display());
            return Status::UsageOrIo;
        }
        let pos = match game.parse_position(&unit.position) {
            Ok(p) => p,
            Err(e) => {
                eprintln!(
                    "error: {}:{line}: this position cannot be read\n{}",
                    units.display(),
                    e.show(&unit.position)
                );
                return Status::UsageOrIo;
            }
        };
        let Some(n) = engine.perft_with(&pos, unit.depth as u32, options, &Progress::default())
        else {
            return Status::Stopped;
        };
        outln!("{}", UnitResult::of(unit, n.total).line());
        if shown {
            eprint!("\r{}/{} units", k + 1, read.len());
        }
    }
    if shown {
        eprintln!();
    }
    if skipped > 0 {
        eprintln!(
            "note: {skipped} units are for another variant file (another hash) and were skipped"
        );
    }
    Status::Ok
}

pub fn merge(files: &[PathBuf]) -> Status {
    if files.is_empty() {
        return Status::UsageOrIo;
    }
    let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let mut merge = UnitsMerge::new();
    let units = read_all(&paths, 0, |n, text| match Unit::read(text) {
        Ok(Some(unit)) => merge.unit(n, unit).map_err(refused),
        Ok(None) => Ok(()),
        Err(why) => Err(unreadable(n, why)),
    });
    if let Err(status) = units {
        return status;
    }
    for input in 1..paths.len() {
        let results = read_all(&paths, input, |n, text| match UnitResult::read(text) {
            Ok(Some(result)) => merge.result(input, n, result).map_err(refused),
            Ok(None) => Ok(()),
            Err(why) => Err(unreadable(n, why)),
        });
        if let Err(status) = results {
            return status;
        }
    }
    match merge.finish() {
        Ok(total) => {
            outln!("{total}");
            Status::Ok
        }
        Err(fault) => {
            report(&paths, &fault);
            Status::InputErrors
        }
    }
}
