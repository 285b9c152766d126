//! `hexv perft --suite FILE`: every position of a suite counted at every listed depth, each
//! count that differs reported with its line; exit status 1 when any does. The file's lines
//! are `VARIANT_FILE; POSITION; 1=N 2=N ...` with an optional `; TAG` (what the position
//! exercises); `#` starts a comment line. Variant files are found from the current directory
//! or from the suite file's directory and its parents.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use hexv::game::perft::{Options, Progress};
use hexv::game::AnyEngine;
use hexv::load::Compiled;

use super::super::Status;

/// One line of a suite: where, what, and the expected counts.
struct Case {
    line: usize,
    variant: String,
    position: String,
    counts: Vec<(u32, u64)>,
    tag: String,
}

/// Reads the suite's lines; a line that is not `FILE; POSITION; D=N ...` is an error with its
/// number.
fn parse(text: &str, path: &Path) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = trimmed.splitn(4, ';').map(str::trim).collect();
        let bad = |why: &str| format!("{}:{line_no}: {why}", path.display());
        let [variant, position, counts, rest @ ..] = fields.as_slice() else {
            return Err(bad("expected `VARIANT_FILE; POSITION; 1=N 2=N ...`"));
        };
        let mut parsed = Vec::new();
        for c in counts.split_whitespace() {
            let (d, n) = c
                .split_once('=')
                .ok_or_else(|| bad(&format!("`{c}` is not DEPTH=COUNT")))?;
            let d: u32 = d
                .parse()
                .ok()
                .filter(|d| *d <= super::MAX_DEPTH)
                .ok_or_else(|| {
                    bad(&format!(
                        "`{d}` is not a depth from 0 to {}",
                        super::MAX_DEPTH
                    ))
                })?;
            let n: u64 = n
                .parse()
                .map_err(|_| bad(&format!("`{n}` is not a count")))?;
            parsed.push((d, n));
        }
        if parsed.is_empty() {
            return Err(bad("no DEPTH=COUNT on this line"));
        }
        cases.push(Case {
            line: line_no,
            variant: variant.to_string(),
            position: position.to_string(),
            counts: parsed,
            tag: rest.first().map(|t| t.to_string()).unwrap_or_default(),
        });
    }
    Ok(cases)
}

/// Where a suite's variant file is: as written from the current directory, else from the
/// suite file's directory or one of its parents.
fn locate(variant: &str, suite: &Path) -> Option<PathBuf> {
    let direct = PathBuf::from(variant);
    if direct.is_file() {
        return Some(direct);
    }
    suite
        .parent()?
        .ancestors()
        .map(|dir| dir.join(variant))
        .find(|p| p.is_file())
}

pub fn run(path: &Path, options: &Options) -> Status {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return Status::UsageOrIo;
        }
    };
    let cases = match parse(&text, path) {
        Ok(cases) => cases,
        Err(e) => {
            eprintln!("error: {e}");
            return Status::UsageOrIo;
        }
    };
    let mut variants: HashMap<String, Compiled> = HashMap::new();
    let (mut counted, mut wrong) = (0usize, 0usize);
    for case in &cases {
        if !variants.contains_key(&case.variant) {
            let Some(file) = locate(&case.variant, path) else {
                eprintln!(
                    "error: {}:{}: no variant file `{}`",
                    path.display(),
                    case.line,
                    case.variant
                );
                return Status::UsageOrIo;
            };
            match super::super::load_variant(&file) {
                Ok(compiled) => {
                    variants.insert(case.variant.clone(), compiled);
                }
                Err(s) => return s,
            }
        }
        let Some(compiled) = variants.get(&case.variant) else {
            return Status::UsageOrIo;
        };
        let game = compiled.game();
        let pos = match game.parse_position(&case.position) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!(
                    "error: {}:{}: this position cannot be read\n{}",
                    path.display(),
                    case.line,
                    e.show(&case.position)
                );
                return Status::UsageOrIo;
            }
        };
        let engine = AnyEngine::new(game);
        for &(depth, expected) in &case.counts {
            let progress = Progress::default();
            let Some(got) = engine.perft_with(&pos, depth, options, &progress) else {
                return Status::Stopped;
            };
            counted += 1;
            if got.total != expected {
                wrong += 1;
                let tag = if case.tag.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", case.tag)
                };
                outln!(
                    "{}:{}: {}{tag}: depth {depth}: expected {expected}, counted {}",
                    path.display(),
                    case.line,
                    case.variant,
                    got.total
                );
            }
            debug_assert!(!progress.stop.load(Ordering::Relaxed));
        }
    }
    if wrong == 0 {
        outln!(
            "{} positions, {counted} counts: all as expected",
            cases.len()
        );
        Status::Ok
    } else {
        outln!(
            "{} positions, {counted} counts: {wrong} differ",
            cases.len()
        );
        Status::InputErrors
    }
}
