//! Work units for many machines: `--split-at D` writes the distinct positions D plies ahead
//! (each with how many move sequences reach it, its remaining depth and a hash of the variant
//! file); `--units FILE` counts units on any machine; `--merge UNITS RESULTS...` adds the
//! results up, weighted, after checking that every unit was counted exactly once.

use std::collections::HashMap;
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use hexv::game::fast::Fastest;
use hexv::game::perft::{Options, Progress};
use hexv::game::{Game, Position};
use serde_json::{json, Value};

use super::super::Status;

/// The format names written on every line, so a file of one kind is not read as another.
const UNIT: &str = "hexv-perft-unit-1";
const RESULT: &str = "hexv-perft-result-2";

/// Most bytes of a units or results file read (a million units is about 200 MB).
const MAX_BYTES: u64 = 1 << 30;

/// A 64-bit FNV-1a hash of bytes, as 16 hex digits.
fn fnv(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The hash of the variant file's bytes: units of one file are not counted with another.
fn file_hash(path: &Path) -> Result<String, Status> {
    let bytes = std::fs::read(path).map_err(|e| {
        eprintln!("error: {}: {e}", path.display());
        Status::UsageOrIo
    })?;
    Ok(fnv(&bytes))
}

/// The distinct positions `plies` ahead, in the order first reached, with how many move
/// sequences reach each. Sequences that end before (mate, stalemate) have no leaf there.
fn frontier(game: &Game, pos: &Position, plies: u32) -> Vec<(Position, u64)> {
    let mut level: Vec<(Position, u64)> = vec![(pos.clone(), 1)];
    for _ in 0..plies {
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut next: Vec<(Position, u64)> = Vec::new();
        for (p, weight) in &level {
            for m in game.legal_moves(p) {
                let child = game.play(p, &m);
                let key = game.position_text(&child);
                match index.get(&key) {
                    Some(&i) => next[i].1 += weight,
                    None => {
                        index.insert(key, next.len());
                        next.push((child, *weight));
                    }
                }
            }
        }
        level = next;
    }
    level
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
    for (i, (p, weight)) in frontier(game, pos, plies).iter().enumerate() {
        let line = json!({
            "format": UNIT,
            "variant": file.display().to_string(),
            "variant_hash": hash,
            "unit": i,
            "position": game.position_text(p),
            "depth": depth - plies,
            "weight": weight,
        });
        outln!("{line}");
    }
    Status::Ok
}

/// The lines of a file (`-`: standard input), read up to [`MAX_BYTES`].
fn read_lines(path: &Path) -> Result<String, Status> {
    let mut text = String::new();
    let result = if path == Path::new("-") {
        std::io::stdin().take(MAX_BYTES).read_to_string(&mut text)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(MAX_BYTES).read_to_string(&mut text))
    };
    result.map_err(|e| {
        eprintln!("error: {}: {e}", path.display());
        Status::UsageOrIo
    })?;
    Ok(text)
}

/// The JSON objects of a file of one format, each with its line number; a line that is not
/// such an object is an error naming the file and line.
fn objects(path: &Path, format: &str) -> Result<Vec<(usize, Value)>, Status> {
    let text = read_lines(path)?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(line).map_err(|e| {
            eprintln!(
                "error: {}:{}: not a JSON object: {e}",
                path.display(),
                i + 1
            );
            Status::UsageOrIo
        })?;
        if value["format"] != format {
            eprintln!(
                "error: {}:{}: expected a `{format}` line",
                path.display(),
                i + 1
            );
            return Err(Status::UsageOrIo);
        }
        out.push((i + 1, value));
    }
    Ok(out)
}

/// A unit's field as a number, or an error naming its place.
fn number(v: &Value, key: &str, path: &Path, line: usize) -> Result<u64, Status> {
    v[key].as_u64().ok_or_else(|| {
        eprintln!(
            "error: {}:{line}: `{key}` is not a whole number",
            path.display()
        );
        Status::UsageOrIo
    })
}

pub fn count(game: &Game, file: &Path, units: &Path, options: &Options) -> Status {
    let hash = match file_hash(file) {
        Ok(h) => h,
        Err(s) => return s,
    };
    let units_read = match objects(units, UNIT) {
        Ok(u) => u,
        Err(s) => return s,
    };
    let engine = Fastest::new(*game);
    let shown = std::io::stderr().is_terminal();
    let mut skipped = 0usize;
    for (k, (line, unit)) in units_read.iter().enumerate() {
        if unit["variant_hash"] != hash.as_str() {
            skipped += 1;
            continue;
        }
        let (id, depth) = match (
            number(unit, "unit", units, *line),
            number(unit, "depth", units, *line),
        ) {
            (Ok(id), Ok(depth)) if depth <= u64::from(super::MAX_DEPTH) => (id, depth as u32),
            (Err(s), _) | (_, Err(s)) => return s,
            _ => {
                eprintln!("error: {}:{line}: the depth is too large", units.display());
                return Status::UsageOrIo;
            }
        };
        let text = unit["position"].as_str().unwrap_or("");
        let pos = match game.parse_position(text) {
            Ok(p) => p,
            Err(e) => {
                eprintln!(
                    "error: {}:{line}: this position cannot be read\n{}",
                    units.display(),
                    e.show(text)
                );
                return Status::UsageOrIo;
            }
        };
        let Some(n) = engine.perft_with(&pos, depth, options, &Progress::default()) else {
            return Status::Stopped;
        };
        // The result names what was counted (the position and the depth), so a merge can
        // tell a result of another split from one of this.
        outln!(
            "{}",
            json!({"format": RESULT, "variant_hash": hash, "unit": id, "depth": depth,
                   "position_key": fnv(text.as_bytes()), "count": n.total})
        );
        if shown {
            eprint!("\r{}/{} units", k + 1, units_read.len());
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

/// A unit as the units file lists it.
struct Listed {
    weight: u64,
    variant_hash: String,
    depth: u64,
    /// The hash of its position text.
    position_key: String,
    /// Where its result was read, once read.
    seen: Option<(PathBuf, usize)>,
}

pub fn merge(files: &[PathBuf]) -> Status {
    let Some((units_path, results)) = files.split_first() else {
        return Status::UsageOrIo;
    };
    let units = match objects(units_path, UNIT) {
        Ok(u) => u,
        Err(s) => return s,
    };
    let mut table: HashMap<u64, Listed> = HashMap::new();
    for (line, u) in &units {
        let (id, weight, depth) = match (
            number(u, "unit", units_path, *line),
            number(u, "weight", units_path, *line),
            number(u, "depth", units_path, *line),
        ) {
            (Ok(id), Ok(w), Ok(d)) => (id, w, d),
            (Err(s), _, _) | (_, Err(s), _) | (_, _, Err(s)) => return s,
        };
        if weight == 0 {
            eprintln!(
                "error: {}:{line}: unit {id} has weight 0: no move sequence reaches it",
                units_path.display()
            );
            return Status::InputErrors;
        }
        let listed = Listed {
            weight,
            variant_hash: u["variant_hash"].as_str().unwrap_or("").to_string(),
            depth,
            position_key: fnv(u["position"].as_str().unwrap_or("").as_bytes()),
            seen: None,
        };
        if table.insert(id, listed).is_some() {
            eprintln!(
                "error: {}:{line}: unit {id} is listed twice",
                units_path.display()
            );
            return Status::InputErrors;
        }
    }
    let mut total: u128 = 0;
    for path in results {
        let read = match objects(path, RESULT) {
            Ok(r) => r,
            Err(s) => return s,
        };
        for (line, r) in read {
            let (id, n) = match (
                number(&r, "unit", path, line),
                number(&r, "count", path, line),
            ) {
                (Ok(id), Ok(n)) => (id, n),
                (Err(s), _) | (_, Err(s)) => return s,
            };
            let Some(unit) = table.get_mut(&id) else {
                eprintln!(
                    "error: {}:{line}: unit {id} is not in {}",
                    path.display(),
                    units_path.display()
                );
                return Status::InputErrors;
            };
            if r["variant_hash"] != unit.variant_hash.as_str() {
                eprintln!(
                    "error: {}:{line}: unit {id} was counted for another variant file",
                    path.display()
                );
                return Status::InputErrors;
            }
            if r["depth"].as_u64() != Some(unit.depth)
                || r["position_key"] != unit.position_key.as_str()
            {
                eprintln!(
                    "error: {}:{line}: unit {id} was counted from another position or depth \
                     (a result of another split?)",
                    path.display()
                );
                return Status::InputErrors;
            }
            if let Some((first, first_line)) = &unit.seen {
                eprintln!(
                    "error: {}:{line}: unit {id} was counted twice (first in {}:{first_line})",
                    path.display(),
                    first.display()
                );
                return Status::InputErrors;
            }
            unit.seen = Some((path.clone(), line));
            total += u128::from(unit.weight) * u128::from(n);
        }
    }
    let mut missing: Vec<u64> = table
        .iter()
        .filter(|(_, unit)| unit.seen.is_none())
        .map(|(id, _)| *id)
        .collect();
    if !missing.is_empty() {
        missing.sort_unstable();
        let shown: Vec<String> = missing.iter().take(10).map(u64::to_string).collect();
        eprintln!(
            "error: {} of {} units have no result (units {}{})",
            missing.len(),
            table.len(),
            shown.join(", "),
            if missing.len() > 10 { ", ..." } else { "" }
        );
        return Status::InputErrors;
    }
    outln!("{total}");
    Status::Ok
}
