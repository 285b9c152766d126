//! The rule cases of `tests/data/rules/*.rules`, read and run by one runner: each case is a
//! position (a piece list, hexv's position text, or the start with moves played) and what the
//! rules say of it (the legal moves from a cell, the castlings, the refusal of a move, who
//! stands where after a move, check, en passant, the end of the game). The format is in
//! `tests/data/README.md`; every expected value was derived by hand from the rule texts each
//! file cites, never read from hexv.
//!
//! Every failing check of every case is reported, each with its file and line, so one run shows
//! them all.

use std::collections::{BTreeMap, BTreeSet};

use hexv::compile::Condition;
use hexv::game::{Game, Position};
use hexv::geometry::board::CellId;
use hexv::variant::{PieceId, Side};

use crate::rule_support::{all_moves, moves_from, on};
use crate::support::{castlings, game, root};

/// The folder of the case files.
const FOLDER: &str = "tests/data/rules";

/// One test per case file, so a failure names its file; `every_case_file_is_run` keeps the list
/// whole.
macro_rules! case_files {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                run_file(&format!("{}.rules", stringify!($name).replace('_', "-")));
            }
        )*
        const LISTED: &[&str] = &[$(stringify!($name)),*];
    };
}

case_files!(
    brusky,
    de_vasa,
    shafran,
    mini_hexchess,
    koval,
    chessagon,
    glinski,
    mccooey,
    dagger,
    hex_shogi_81,
    hex_shogi_41,
    xiang_hex,
    hex_shogi_91,
    triangular_chess,
);

#[test]
fn every_case_file_is_run() {
    let mut on_disk: Vec<String> = std::fs::read_dir(root().join(FOLDER))
        .expect("the rule case folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .to_string()
        })
        .filter_map(|n| n.strip_suffix(".rules").map(|s| s.replace('-', "_")))
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = LISTED.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(
        on_disk, listed,
        "case_files! must name every file of {FOLDER}"
    );
}

/// The runner's own reading of a file with mistakes: each is reported with its line.
#[test]
fn mistakes_in_a_case_file_are_located() {
    let text = "variant variants/glinski.hexv\n\
                case pawn.advance: nothing to check\n\
                start\n\
                case pawn.advance: an unknown statement\n\
                start\n\
                frobnicate: e2\n\
                moves e4: e4-e5\n";
    let report = run_text("bad.rules", text);
    assert_eq!(report.cases, 2);
    assert_eq!(
        report.failures,
        [
            "bad.rules:2: case `pawn.advance: nothing to check` checks nothing",
            "bad.rules:6: unknown statement `frobnicate`",
            "bad.rules:7: moves from e4: expected {e4-e5}, got {e4-e5, e4-e6}\n  \
             missing: {}\n  extra: {e4-e6}",
        ]
    );
}

/// What a run of one file found.
struct Report {
    cases: usize,
    checks: usize,
    failures: Vec<String>,
}

fn run_file(name: &str) {
    let path = root().join(FOLDER).join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let report = run_text(name, &text);
    assert!(report.cases > 0, "{name}: no cases");
    // Shown with `--nocapture`: how much each file checks.
    println!("{name}: {} cases, {} checks", report.cases, report.checks);
    if !report.failures.is_empty() {
        panic!(
            "{} of {} checks failed in {name}:\n{}",
            report.failures.len(),
            report.checks,
            report.failures.join("\n")
        );
    }
}

/// A line of a case file: its number, the statement's keyword, the part before the colon
/// after the keyword (its subject, often a cell or a move) and the value after the colon.
struct Line<'t> {
    number: usize,
    keyword: &'t str,
    subject: &'t str,
    value: &'t str,
}

fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    text.lines().enumerate().filter_map(|(i, raw)| {
        let line = raw.split(" #").next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let (head, value) = match line.split_once(':') {
            Some((head, value)) => (head.trim(), value.trim()),
            None => (line, ""),
        };
        let (keyword, subject) = match head.split_once(' ') {
            Some((k, s)) => (k, s.trim()),
            None => (head, ""),
        };
        Some(Line {
            number: i + 1,
            keyword,
            subject,
            value,
        })
    })
}

/// The state of a case while its lines run.
struct Case<'g> {
    title: String,
    line: usize,
    game: Game<'g>,
    /// The positions from the case's first, the current one last.
    history: Vec<Position>,
    checks: usize,
}

fn run_text(file: &str, text: &str) -> Report {
    let mut report = Report {
        cases: 0,
        checks: 0,
        failures: Vec::new(),
    };
    let mut variant: Option<&str> = None;
    let mut defined: BTreeMap<String, String> = BTreeMap::new();
    let mut case: Option<Case> = None;
    let mut skip_case = false;
    let finish = |case: Option<Case>, report: &mut Report| {
        if let Some(case) = case {
            if case.checks == 0 {
                report.failures.push(format!(
                    "{file}:{}: case `{}` checks nothing",
                    case.line, case.title
                ));
            }
            report.checks += case.checks;
        }
    };
    for line in lines(text) {
        let at = format!("{file}:{}", line.number);
        match line.keyword {
            "variant" => {
                finish(case.take(), &mut report);
                variant = Some(line.subject);
                continue;
            }
            "define" => {
                finish(case.take(), &mut report);
                defined.insert(line.subject.to_string(), line.value.to_string());
                continue;
            }
            "case" => {
                finish(case.take(), &mut report);
                report.cases += 1;
                skip_case = false;
                let Some(path) = variant else {
                    report
                        .failures
                        .push(format!("{at}: a case before any `variant` line"));
                    skip_case = true;
                    continue;
                };
                case = Some(Case {
                    title: format!("{}: {}", line.subject, line.value),
                    line: line.number,
                    game: game(path),
                    history: Vec::new(),
                    checks: 0,
                });
                continue;
            }
            _ => {}
        }
        if skip_case {
            continue;
        }
        let Some(current) = case.as_mut() else {
            report
                .failures
                .push(format!("{at}: `{}` outside a case", line.keyword));
            continue;
        };
        if let Err(message) = current.run(&line, &defined) {
            report.failures.push(format!("{at}: {message}"));
            if current.history.is_empty() {
                // Without a position nothing after it can run.
                skip_case = true;
            }
        }
    }
    finish(case, &mut report);
    report
}

/// A piece list and its unmoved cells from `PIECE CELL ... [unmoved CELL ...]`, each `@name`
/// replaced by what `define` gave it (its pieces join the list, its unmoved cells the cells).
fn pieces_and_unmoved(
    text: &str,
    defined: &BTreeMap<String, String>,
) -> Result<(String, String), String> {
    let split = |t: &str| -> (String, String) {
        match t.split_once("unmoved") {
            Some((list, unmoved)) => (list.to_string(), unmoved.to_string()),
            None => (t.to_string(), String::new()),
        }
    };
    let (list, unmoved) = split(text);
    let (mut pieces, mut cells) = (Vec::new(), vec![unmoved]);
    for w in list.split_whitespace() {
        match w.strip_prefix('@') {
            Some(name) => {
                let body = defined
                    .get(name)
                    .ok_or_else(|| format!("nothing is defined as `{name}`"))?;
                let (p, c) = split(body);
                pieces.push(p);
                cells.push(c);
            }
            None => pieces.push(w.to_string()),
        }
    }
    Ok((pieces.join(" "), cells.join(" ")))
}

/// How many comparisons a statement makes: one per cell of `on`, per move of `legal` and
/// `illegal`, per cell asked about by `attacked` and `unmoved`, else one (the figure a run
/// reports, to compare with the assertions it replaced).
fn weight(line: &Line) -> usize {
    match line.keyword {
        "on" => line.value.split_whitespace().count() / 2,
        "legal" | "illegal" => line.value.split_whitespace().count(),
        // One per cell asked about: `attacked by SIDE among CELLS`, `unmoved among CELLS`.
        "attacked" | "unmoved" => line
            .subject
            .split_once("among ")
            .map_or(1, |(_, among)| among.split_whitespace().count().max(1)),
        _ => 1,
    }
}

fn words(text: &str) -> BTreeSet<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// The words of a value, none for `none`.
fn none_or_words(value: &str) -> BTreeSet<String> {
    if value == "none" {
        BTreeSet::new()
    } else {
        words(value)
    }
}

/// The cells named in `among` for which `holds` is true.
fn which_of(
    game: &Game,
    among: &str,
    holds: impl Fn(CellId) -> bool,
) -> Result<BTreeSet<String>, String> {
    let mut out = BTreeSet::new();
    for name in among.split_whitespace() {
        if holds(cell_named(game, name)?) {
            out.insert(name.to_string());
        }
    }
    Ok(out)
}

fn side(word: &str) -> Result<Side, String> {
    match word {
        "white" => Ok(Side::WHITE),
        "black" => Ok(Side::BLACK),
        other => Err(format!("`{other}` is not a side (white, black)")),
    }
}

/// `{a, b}` for a set.
fn show(set: &BTreeSet<String>) -> String {
    format!("{{{}}}", set.iter().cloned().collect::<Vec<_>>().join(", "))
}

fn compare(what: &str, expected: &BTreeSet<String>, got: &BTreeSet<String>) -> Result<(), String> {
    if expected == got {
        return Ok(());
    }
    let missing: BTreeSet<String> = expected.difference(got).cloned().collect();
    let extra: BTreeSet<String> = got.difference(expected).cloned().collect();
    Err(format!(
        "{what}: expected {}, got {}\n  missing: {}\n  extra: {}",
        show(expected),
        show(got),
        show(&missing),
        show(&extra)
    ))
}

impl Case<'_> {
    fn position(&self) -> Result<&Position, String> {
        self.history.last().ok_or_else(|| {
            "no position yet: start with `start`, `white`, `black` or `position`".into()
        })
    }

    /// Sets the case's first position; a case has one.
    fn begin(&mut self, pos: Position) -> Result<(), String> {
        if !self.history.is_empty() {
            return Err("a case has one position; `play` moves on from it".into());
        }
        self.history.push(pos);
        Ok(())
    }

    /// A position from a piece list `K e1 r a6 ...` (upper case White) and `unmoved` cells,
    /// held to its own text read back and to the fast engine, as `rule_support::at` is.
    fn pieces(&self, to_move: Side, list: &str, unmoved: &str) -> Result<Position, String> {
        let game = &self.game;
        let v = game.variant;
        let mut pos = game.empty_position(to_move);
        let words: Vec<&str> = list.split_whitespace().collect();
        if !words.len().is_multiple_of(2) {
            return Err(format!("`{list}` is not a list of piece-cell pairs"));
        }
        for pair in words.chunks(2) {
            let white = pair[0].chars().all(|c| !c.is_ascii_lowercase());
            let key = pair[0].to_uppercase();
            let p = v
                .find_piece(&key)
                .ok_or_else(|| format!("no piece `{}`", pair[0]))?;
            let c = v
                .board()
                .find(pair[1])
                .ok_or_else(|| format!("no cell `{}`", pair[1]))?;
            let side = if white { Side::WHITE } else { Side::BLACK };
            pos.squares[c.index()] = Some((side, p));
        }
        for name in unmoved.split_whitespace() {
            let c = v
                .board()
                .find(name)
                .ok_or_else(|| format!("no cell `{name}`"))?;
            pos.unmoved[c.index()] = true;
        }
        let text = game.position_text(&pos);
        let back = game
            .parse_position(&text)
            .map_err(|e| format!("the position does not read back: {}", e.show(&text)))?;
        if back != pos {
            return Err(format!("the position reads back as another: {text}"));
        }
        crate::fast_engine::engines_agree(game, &pos, &text);
        Ok(pos)
    }

    fn run(&mut self, line: &Line, defined: &BTreeMap<String, String>) -> Result<(), String> {
        let game = self.game;
        let value = line.value;
        match line.keyword {
            "start" => self.begin(game.start_position()),
            "white" | "black" => {
                let to_move = side(line.keyword)?;
                let (list, unmoved) = pieces_and_unmoved(value, defined)?;
                let pos = self.pieces(to_move, &list, &unmoved)?;
                // Two checks of the list: its pairs, and its text read back.
                self.checks += 2;
                self.begin(pos)
            }
            "position" => {
                let pos = game
                    .parse_position(value)
                    .map_err(|e| format!("the position does not read: {}", e.show(value)))?;
                crate::fast_engine::engines_agree(&game, &pos, value);
                self.begin(pos)
            }
            "play" => {
                self.position()?;
                // `play MOVES`: the moves are the line's subject (there is no colon).
                let moves = line.subject;
                for (i, mv) in moves.split_whitespace().enumerate() {
                    let current = self.history.last().expect("a position");
                    let m = game
                        .parse_move(current, mv)
                        .map_err(|e| format!("move {} `{mv}` of `{moves}`: {e}", i + 1))?;
                    let next = game.play(current, &m);
                    self.history.push(next);
                }
                Ok(())
            }
            "put" => {
                // `put: PIECE CELL ...`: the pieces are placed on the current position (an
                // edit, not a move: nothing else changes), held to the fast engine.
                let mut pos = self.position()?.clone();
                let words: Vec<&str> = value.split_whitespace().collect();
                if words.is_empty() || !words.len().is_multiple_of(2) {
                    return Err(format!("`put: {value}` is not a list of piece-cell pairs"));
                }
                for pair in words.chunks(2) {
                    let white = pair[0].chars().all(|c| !c.is_ascii_lowercase());
                    let p = game
                        .variant
                        .find_piece(&pair[0].to_uppercase())
                        .ok_or_else(|| format!("no piece `{}`", pair[0]))?;
                    let side = if white { Side::WHITE } else { Side::BLACK };
                    pos.squares[cell_named(&game, pair[1])?.index()] = Some((side, p));
                }
                crate::fast_engine::engines_agree(&game, &pos, &game.position_text(&pos));
                *self.history.last_mut().expect("a position") = pos;
                Ok(())
            }
            "placed" => {
                // `placed SIDE: PIECE CELL ...`: the case's position, the pieces set on an empty
                // board as given, neither read back nor held to the fast engine: for a position
                // hexv refuses (`reads-back: no`).
                let mut pos = game.empty_position(side(line.subject)?);
                let words: Vec<&str> = value.split_whitespace().collect();
                if !words.len().is_multiple_of(2) {
                    return Err(format!("`{value}` is not a list of piece-cell pairs"));
                }
                for pair in words.chunks(2) {
                    let p = game
                        .variant
                        .find_piece(&pair[0].to_uppercase())
                        .ok_or_else(|| format!("no piece `{}`", pair[0]))?;
                    let owner = if pair[0].chars().all(|c| !c.is_ascii_lowercase()) {
                        Side::WHITE
                    } else {
                        Side::BLACK
                    };
                    pos.squares[cell_named(&game, pair[1])?.index()] = Some((owner, p));
                }
                self.begin(pos)
            }
            _ => {
                self.checks += match line.keyword {
                    // `pieces` compares every cell, off-board cells included.
                    "pieces" => self.history.last().map_or(1, |p| p.squares.len()),
                    _ => weight(line),
                };
                self.check(line)
            }
        }
    }

    /// One expectation: about the variant's rules as compiled, or about the current position.
    fn check(&self, line: &Line) -> Result<(), String> {
        if let Some(result) = self.check_rules(line) {
            return result;
        }
        let game = &self.game;
        let pos = self.position()?;
        let (subject, value) = (line.subject, line.value);
        match line.keyword {
            "moves" if subject.is_empty() => {
                compare("legal moves", &words(value), &all_moves(game, pos))
            }
            "moves" => {
                cell_named(game, subject)?;
                compare(
                    &format!("moves from {subject}"),
                    &words(value),
                    &moves_from(game, pos, subject),
                )
            }
            "castlings" => compare("castlings", &words(value), &castlings(game, pos)),
            "legal" | "illegal" => {
                let all = all_moves(game, pos);
                let want = line.keyword == "legal";
                let wrong: BTreeSet<String> = words(value)
                    .into_iter()
                    .filter(|m| all.contains(m) != want)
                    .collect();
                if wrong.is_empty() {
                    Ok(())
                } else {
                    Err(format!("expected {} {}", line.keyword, show(&wrong)))
                }
            }
            "refused" => match game.parse_move(pos, subject) {
                Ok(m) => Err(format!(
                    "`{subject}` is read as the move {}",
                    game.format_move(pos, &m)
                )),
                Err(e) if value.is_empty() || e.to_string() == value => Ok(()),
                Err(e) => Err(format!(
                    "`{subject}` refused with\n  `{e}`\n  expected\n  `{value}`"
                )),
            },
            "on" => {
                let mut wrong = Vec::new();
                let pairs: Vec<&str> = value.split_whitespace().collect();
                if !pairs.len().is_multiple_of(2) {
                    return Err(format!("`on: {value}` is not a list of cell-piece pairs"));
                }
                for pair in pairs.chunks(2) {
                    cell_named(game, pair[0])?;
                    let got = on(game, pos, pair[0]);
                    let want = if pair[1] == "-" { "" } else { pair[1] };
                    if got != want {
                        wrong.push(format!(
                            "{} holds `{}`, expected `{}`",
                            pair[0], got, pair[1]
                        ));
                    }
                }
                if wrong.is_empty() {
                    Ok(())
                } else {
                    Err(wrong.join("; "))
                }
            }
            "pieces" => {
                // `pieces: PIECE CELL ...`: exactly these pieces, every other cell empty.
                let v = game.variant;
                let words: Vec<&str> = value.split_whitespace().collect();
                if !words.len().is_multiple_of(2) {
                    return Err(format!(
                        "`pieces: {value}` is not a list of piece-cell pairs"
                    ));
                }
                let mut want = vec![None; pos.squares.len()];
                for pair in words.chunks(2) {
                    let white = pair[0].chars().all(|c| !c.is_ascii_lowercase());
                    let p = v
                        .find_piece(&pair[0].to_uppercase())
                        .ok_or_else(|| format!("no piece `{}`", pair[0]))?;
                    let side = if white { Side::WHITE } else { Side::BLACK };
                    want[cell_named(game, pair[1])?.index()] = Some((side, p));
                }
                let shown = |sq: &Option<(Side, PieceId)>| match sq {
                    None => String::new(),
                    Some((Side::WHITE, p)) => v.piece(*p).symbol.clone(),
                    Some((_, p)) => v.piece(*p).symbol.to_lowercase(),
                };
                let wrong: Vec<String> = (pos.squares.iter().zip(&want).enumerate())
                    .filter(|(_, (got, want))| got != want)
                    .map(|(i, (got, want))| {
                        let name = v.board().name(CellId(i as u16));
                        format!("{name} holds `{}`, expected `{}`", shown(got), shown(want))
                    })
                    .collect();
                if wrong.is_empty() {
                    Ok(())
                } else {
                    Err(wrong.join("; "))
                }
            }
            "hand" => {
                // `hand SIDE: PIECES`: exactly these pieces in the side's hand, a symbol each.
                let v = game.variant;
                let mut want = vec![0u16; v.pieces().len()];
                for key in value.split_whitespace().filter(|w| *w != "none") {
                    let p = v
                        .find_piece(key)
                        .ok_or_else(|| format!("no piece `{key}`"))?;
                    want[p.index()] += 1;
                }
                let list = |counts: &[u16]| -> String {
                    let keys: Vec<&str> = (v.pieces().iter().zip(counts))
                        .flat_map(|(p, n)| std::iter::repeat_n(p.symbol.as_str(), *n as usize))
                        .collect();
                    if keys.is_empty() {
                        "none".into()
                    } else {
                        keys.join(" ")
                    }
                };
                let got = &pos.hands[side(subject)?];
                if *got == want {
                    Ok(())
                } else {
                    Err(format!("hand `{}`, expected `{}`", list(got), list(&want)))
                }
            }
            "drops" => {
                // `drops PIECE: N`: the legal drops of the piece; `drops PIECE promoting: N`:
                // those of them that promote.
                let (key, promoting) = match subject.split_once(' ') {
                    None => (subject, false),
                    Some((key, "promoting")) => (key, true),
                    _ => return Err("write `drops PIECE: N` or `drops PIECE promoting: N`".into()),
                };
                let p = game
                    .variant
                    .find_piece(key)
                    .ok_or_else(|| format!("no piece `{key}`"))?;
                let got = (game.legal_moves(pos).iter())
                    .filter(|m| {
                        m.is_drop() && m.piece == p && (!promoting || m.promotion.is_some())
                    })
                    .count();
                if got.to_string() == value {
                    Ok(())
                } else {
                    Err(format!("{got} drops, expected {value}"))
                }
            }
            "check" => {
                let got: BTreeSet<String> = Side::BOTH
                    .into_iter()
                    .filter(|s| game.in_check(pos, *s))
                    .map(|s| if s == Side::WHITE { "white" } else { "black" }.to_string())
                    .collect();
                compare("sides in check", &none_or_words(value), &got)
            }
            "en-passant" => {
                let text = game.position_text(pos);
                let got = text.split(' ').nth(3).unwrap_or("");
                let want = if value == "none" { "-" } else { value };
                if got == want {
                    Ok(())
                } else {
                    Err(format!("en passant `{got}`, expected `{want}`"))
                }
            }
            "rights" => {
                // The castlings still allowed, each named by its king's move.
                let v = game.variant;
                let got: BTreeSet<String> = v
                    .castlings()
                    .iter()
                    .zip(game.castling_rights(pos))
                    .filter(|(_, allowed)| *allowed)
                    .map(|(c, _)| {
                        format!(
                            "{}-{}",
                            v.board().name(c.king_from),
                            v.board().name(c.king_to)
                        )
                    })
                    .collect();
                compare("castling rights", &none_or_words(value), &got)
            }
            "attacked" => {
                // `attacked by SIDE among CELLS: CELLS`
                let (by, among) = subject
                    .strip_prefix("by ")
                    .and_then(|rest| rest.split_once(" among "))
                    .ok_or("write `attacked by SIDE among CELLS: CELLS`")?;
                let by = side(by.trim())?;
                let got = which_of(game, among, |c| game.attacked(pos, c, by))?;
                compare("attacked cells", &none_or_words(value), &got)
            }
            "unmoved" => {
                // `unmoved among CELLS: CELLS`: of the cells listed, exactly these are marked
                // as not moved.
                let among = subject
                    .strip_prefix("among ")
                    .ok_or("write `unmoved among CELLS: CELLS`")?;
                let got = which_of(game, among, |c| pos.unmoved[c.index()])?;
                compare("unmoved cells", &none_or_words(value), &got)
            }
            "quiet-plies" => {
                let got = pos.quiet_plies.to_string();
                if got == value {
                    Ok(())
                } else {
                    Err(format!("{got} quiet plies, expected {value}"))
                }
            }
            "ending" => {
                let got = match game.outcome(&self.history) {
                    None => "none".to_string(),
                    Some(o) => format!("{} {}", o.end.phrase(), o.result()),
                };
                if got == value {
                    Ok(())
                } else {
                    Err(format!("ending `{got}`, expected `{value}`"))
                }
            }
            "choices" => {
                // `choices FROM-TO: CHOICES`: the legal moves from FROM to TO, `=` the one
                // without promotion, a piece's symbol the one promoting to it.
                let (from, to) = subject
                    .split_once(['-', 'x'])
                    .ok_or("write `choices FROM-TO: CHOICES`")?;
                let (f, t) = (cell_named(game, from)?, cell_named(game, to)?);
                let got: BTreeSet<String> = (game.legal_moves(pos).into_iter())
                    .filter(|m| m.from == Some(f) && m.to == t)
                    .map(|m| match m.promotion {
                        None => "=".to_string(),
                        Some(p) => game.variant.piece(p).symbol.clone(),
                    })
                    .collect();
                compare(&format!("choices {subject}"), &words(value), &got)
            }
            "move-count" => {
                // `move-count [CELL]: N`: how many legal moves (from the cell).
                let got = if subject.is_empty() {
                    all_moves(game, pos).len()
                } else {
                    cell_named(game, subject)?;
                    moves_from(game, pos, subject).len()
                };
                if got.to_string() == value {
                    Ok(())
                } else {
                    Err(format!("{got} moves, expected {value}"))
                }
            }
            "reads-back" => {
                // `reads-back: yes` (the position's text reads back as it) or `no` (refused).
                let text = game.position_text(pos);
                let got = match game.parse_position(&text) {
                    Ok(back) if back == *pos => "yes".to_string(),
                    Ok(_) => format!("as another position: {text}"),
                    Err(_) => "no".to_string(),
                };
                if got == value {
                    Ok(())
                } else {
                    Err(format!("reads back `{got}`, expected `{value}`"))
                }
            }
            "repeats" => {
                // `repeats: N`: the position is, for repetition, the one after the case's
                // first N plies (0: its first position).
                let n: usize = value.parse().map_err(|_| "write `repeats: N`")?;
                let then = self
                    .history
                    .get(n)
                    .ok_or(format!("no position after {n} plies"))?;
                let engine = hexv::game::AnyEngine::new(self.game);
                if engine.key(then) == engine.key(pos) {
                    Ok(())
                } else {
                    Err(format!("the position is not the one after {n} plies"))
                }
            }
            other => Err(format!("unknown statement `{other}`")),
        }
    }
}

impl Case<'_> {
    /// The expectations about the variant itself (no position needed), or `None`.
    fn check_rules(&self, line: &Line) -> Option<Result<(), String>> {
        let game = &self.game;
        let (v, t) = (game.variant, game.tables);
        let names = |cells: &mut dyn Iterator<Item = CellId>| -> BTreeSet<String> {
            cells.map(|c| v.board().name(c).to_string()).collect()
        };
        // `KEYWORD PIECE SIDE: ...`
        let piece_and_side = || -> Result<(PieceId, Side), String> {
            let (key, side_word) = line
                .subject
                .split_once(' ')
                .ok_or_else(|| format!("write `{} PIECE SIDE: ...`", line.keyword))?;
            let p = v
                .find_piece(key)
                .ok_or_else(|| format!("no piece `{key}`"))?;
            Ok((p, side(side_word.trim())?))
        };
        let result = match line.keyword {
            // The cells where a piece of a side promotes.
            "promotion-zone" => piece_and_side().and_then(|(p, s)| {
                let promo = v
                    .piece(p)
                    .promotion
                    .clone()
                    .ok_or("the piece does not promote")?;
                let zone = v.zone(promo.zone);
                let cells = if s == Side::WHITE {
                    &zone.cells[Side::WHITE]
                } else {
                    &zone.cells[Side::BLACK]
                };
                compare(
                    "promotion zone",
                    &words(line.value),
                    &names(&mut cells.iter().copied()),
                )
            }),
            // What a piece promotes to, in the order the variant lists.
            "promotes-to" => v
                .find_piece(line.subject)
                .ok_or_else(|| format!("no piece `{}`", line.subject))
                .and_then(|p| {
                    let promo = v
                        .piece(p)
                        .promotion
                        .clone()
                        .ok_or("the piece does not promote")?;
                    let got: Vec<&str> = promo
                        .to
                        .iter()
                        .map(|q| v.piece(*q).symbol.as_str())
                        .collect();
                    let want: Vec<&str> = line.value.split_whitespace().collect();
                    if got == want {
                        Ok(())
                    } else {
                        Err(format!("promotes to {got:?}, expected {want:?}"))
                    }
                }),
            // The cells from which a piece of a side has a multi-step move in its tables.
            "multi-step-cells" => piece_and_side().and_then(|(p, s)| {
                let got = names(&mut v.board().cells().filter(|c| {
                    t.entries(p, s, *c)
                        .iter()
                        .any(|e| e.when == Some(Condition::MultiStep))
                }));
                compare("multi-step cells", &words(line.value), &got)
            }),
            // The cells where a piece of a side stands at the start.
            "setup" => piece_and_side().and_then(|(p, s)| {
                let got = names(&mut v.setup(s).iter().filter(|(q, _)| *q == p).map(|(_, c)| *c));
                compare("setup cells", &words(line.value), &got)
            }),
            // `castling-entries PIECE SIDE FROM: CELLS`: the cells of the castling entries of
            // the piece's tables from a cell.
            "castling-entries" => {
                let mut w = line.subject.split_whitespace();
                match (w.next(), w.next(), w.next(), w.next()) {
                    (Some(key), Some(side_word), Some(from), None) => v
                        .find_piece(key)
                        .ok_or_else(|| format!("no piece `{key}`"))
                        .and_then(|p| Ok((p, side(side_word)?, cell_named(game, from)?)))
                        .map(|(p, s, from)| {
                            let entries = t.entries(p, s, from);
                            names(
                                &mut entries
                                    .iter()
                                    .filter(|e| e.when == Some(Condition::Castling))
                                    .flat_map(|e| t.path(e).iter().copied()),
                            )
                        })
                        .and_then(|got| compare("castling entries", &words(line.value), &got)),
                    _ => Err("write `castling-entries PIECE SIDE FROM: CELLS`".into()),
                }
            }
            // `stalemate-rule: SCORE [but SCORE with PIECES]`, as the variant's rules say.
            "stalemate-rule" => {
                let r = v.rules();
                let mut got = r.stalemate.describe();
                if let Some((score, pieces)) = &r.stalemate_with {
                    let symbols: Vec<&str> =
                        pieces.iter().map(|p| v.piece(*p).symbol.as_str()).collect();
                    got += &format!(" but {} with {}", score.describe(), symbols.join(" "));
                }
                let want = line.value.split_whitespace().collect::<Vec<_>>().join(" ");
                if got == want {
                    Ok(())
                } else {
                    Err(format!("stalemate `{got}`, expected `{want}`"))
                }
            }
            // `in-hand-as PIECE: PIECE`: what the piece, captured, goes to hand as.
            "in-hand-as" => v
                .find_piece(line.subject)
                .ok_or_else(|| format!("no piece `{}`", line.subject))
                .and_then(|p| {
                    let got = &v.piece(v.in_hand_as(p)).symbol;
                    if *got == line.value {
                        Ok(())
                    } else {
                        Err(format!(
                            "goes to hand as `{got}`, expected `{}`",
                            line.value
                        ))
                    }
                }),
            // The game-end rules: `repetition-rule: N SCORE` (the Nth occurrence ends the game
            // with that score for its side), `move-limit-rule: N SCORE` (N moves each without
            // a capture), `none` without the rule; `captures-to-hand: yes` or `no`; and
            // `board-cells: N`, the board's cells (off-board cells not counted).
            "repetition-rule" | "move-limit-rule" | "captures-to-hand" | "board-cells" => {
                let r = v.rules();
                let got = match line.keyword {
                    "repetition-rule" => r
                        .repetition
                        .map_or("none".into(), |(n, s)| format!("{n} {}", s.describe())),
                    "move-limit-rule" => (r.move_limit.as_ref()).map_or("none".into(), |l| {
                        // The pieces whose moves also restart the count, if any.
                        let reset: Vec<&str> = (l.reset_by.iter())
                            .map(|p| v.piece(*p).symbol.as_str())
                            .collect();
                        let mut got = format!("{} {}", l.moves, l.score.describe());
                        if !reset.is_empty() {
                            got += &format!(" reset-by {}", reset.join(" "));
                        }
                        got
                    }),
                    "captures-to-hand" => if r.captures_to_hand { "yes" } else { "no" }.into(),
                    _ => v.board().cells().count().to_string(),
                };
                let want = line.value.split_whitespace().collect::<Vec<_>>().join(" ");
                if got == want {
                    Ok(())
                } else {
                    Err(format!("{} `{got}`, expected `{want}`", line.keyword))
                }
            }
            // The variant's castlings in order: `SIDE K FROM-TO R FROM-TO; ...`.
            "castling-rules" => {
                let n = |c| v.board().name(c);
                let got: Vec<String> = v
                    .castlings()
                    .iter()
                    .map(|c| {
                        let s = if c.side == Side::WHITE {
                            "white"
                        } else {
                            "black"
                        };
                        format!(
                            "{s} K {}-{} R {}-{}",
                            n(c.king_from),
                            n(c.king_to),
                            n(c.rook_from),
                            n(c.rook_to)
                        )
                    })
                    .collect();
                let want: Vec<String> = line
                    .value
                    .split(';')
                    .map(|w| w.split_whitespace().collect::<Vec<_>>().join(" "))
                    .collect();
                if got == want {
                    Ok(())
                } else {
                    Err(format!("castlings {got:?}, expected {want:?}"))
                }
            }
            _ => return None,
        };
        Some(result)
    }
}

fn cell_named(game: &Game, name: &str) -> Result<CellId, String> {
    game.variant
        .board()
        .find(name)
        .ok_or_else(|| format!("no cell `{name}`"))
}
