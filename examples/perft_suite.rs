//! The tricky-position perft suite, `tests/data/perft-suite.txt` (docs/perft.md, "The
//! tricky-position suite"): finding positions for it, counting them, checking them.
//!
//! ```sh
//! # Play random games and keep positions where a rule comes into play, a few of each kind:
//! cargo run --release --example perft_suite -- mine variants/glinski.hexv --games 400 --seed 1
//! # Count candidate lines (`FILE; POSITION; ; TAG`) with the reference engine at depths 1-3,
//! # and 4 where the count stays under --max4, each confirmed by the fast engine:
//! cargo run --release --example perft_suite -- count candidates.txt > tests/data/perft-suite.txt
//! # Check every count of a suite with both engines:
//! cargo run --release --example perft_suite -- check tests/data/perft-suite.txt
//! ```
//!
//! Lines are `VARIANT_FILE; POSITION; COUNTS; TAG` (the counts `1=N 2=N 3=N [4=N]`), as in
//! `tests/data/perft.txt` with a fourth field: a short tag saying what the position exercises.
//! `count` passes comment and blank lines through, and recounts lines that already hold counts
//! (so a suite can be recounted in place). Paths are relative to the working directory: run it
//! from the repository root.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use hexv::compile::walk::Walk;
use hexv::compile::{Condition, Passed};
use hexv::game::AnyEngine;
use hexv::geometry::RayKind;
use hexv::rng::Rng;
use hexv::variant::{Movement, MultiStepFrom};
use hexv::{load, CellId, Compiled, Game, Move, PieceId, Position, Side, SourceFile};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opt = |name: &str| -> Option<String> {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let num = |name: &str, default: u64| -> u64 {
        opt(name).map_or(default, |v| {
            v.parse()
                .unwrap_or_else(|_| fail(&format!("{name}: not a number: {v}")))
        })
    };
    let threads = num(
        "--threads",
        std::thread::available_parallelism().map_or(1, |n| n.get() as u64),
    ) as usize;
    match (args.first().map(String::as_str), args.get(1)) {
        (Some("count"), Some(file)) => count(file, num("--max4", 2_000_000), threads),
        (Some("check"), Some(file)) => check(file, threads),
        (Some("mine"), Some(file)) => mine(
            file,
            &Mining {
                games: num("--games", 300) as usize,
                plies: num("--plies", 300) as usize,
                seed: num("--seed", 1),
                per_tag: num("--per-tag", 2) as usize,
                max3: num("--max3", 150_000),
            },
        ),
        _ => fail(
            "usage: perft_suite count FILE [--max4 N] [--threads N]\n\
             \x20      perft_suite check FILE [--threads N]\n\
             \x20      perft_suite mine VARIANT_FILE [--games N] [--plies N] [--seed N] \
             [--per-tag N] [--max3 N]",
        ),
    }
}

/// "1 reply", "3 replies".
fn replies(n: usize) -> String {
    if n == 1 {
        "1 reply".into()
    } else {
        format!("{n} replies")
    }
}

/// "an" before a vowel.
fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

fn fail(message: &str) -> ! {
    eprintln!("{message}");
    std::process::exit(2)
}

/// A shipped variant, checked and compiled.
fn compile(path: &str) -> Compiled {
    let file = SourceFile::read(Path::new(path)).unwrap_or_else(|e| fail(&format!("{e}")));
    load(&file)
        .compiled
        .unwrap_or_else(|| fail(&format!("{path} has errors: run `hexv check {path}`")))
}

/// One line of a suite or candidate file.
struct Line {
    file: String,
    position: String,
    counts: Vec<(u32, u64)>,
    tag: String,
}

/// Reads `FILE; POSITION; COUNTS[; TAG]`, the counts maybe empty; `None` for comments.
fn parse_line(line: &str) -> Option<Line> {
    if line.trim().is_empty() || line.starts_with('#') {
        return None;
    }
    let fields: Vec<&str> = line.split(';').map(str::trim).collect();
    let (file, position, counts, tag) = match fields[..] {
        [f, p, c] => (f, p, c, ""),
        [f, p, c, t] => (f, p, c, t),
        _ => fail(&format!("`{line}` is not FILE; POSITION; COUNTS[; TAG]")),
    };
    let counts = counts
        .split_whitespace()
        .map(|c| {
            let parsed = c
                .split_once('=')
                .and_then(|(d, n)| Some((d.parse().ok()?, n.parse().ok()?)));
            parsed.unwrap_or_else(|| fail(&format!("`{c}` is not DEPTH=COUNT in `{line}`")))
        })
        .collect();
    Some(Line {
        file: file.to_string(),
        position: position.to_string(),
        counts,
        tag: tag.to_string(),
    })
}

/// Compiled variants by file, loaded once and kept for the run.
fn variants(lines: &[Line]) -> HashMap<String, &'static Compiled> {
    let files: BTreeSet<&str> = lines.iter().map(|l| l.file.as_str()).collect();
    files
        .into_iter()
        .map(|f| {
            let c: &'static Compiled = Box::leak(Box::new(compile(f)));
            (f.to_string(), c)
        })
        .collect()
}

/// Runs `work` on every index below `n` on `threads` threads; results in index order.
fn parallel<T: Send>(n: usize, threads: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<T>>> = Mutex::new((0..n).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let r = work(i);
                out.lock().expect("not poisoned")[i] = Some(r);
            });
        }
    });
    out.into_inner()
        .expect("not poisoned")
        .into_iter()
        .map(|r| r.expect("every index done"))
        .collect()
}

/// The counts of a position: depths 1-3, and 4 when the fast engine says it is at most
/// `max4`; every one counted by the reference engine and confirmed by the fast engine (of
/// two sides, or of more).
fn count_position(compiled: &Compiled, file: &str, text: &str, max4: u64) -> Vec<(u32, u64)> {
    let game = compiled.game();
    let pos = game
        .parse_position(text)
        .unwrap_or_else(|e| fail(&format!("{file}: {}", e.show(text))));
    assert_eq!(
        game.position_text(&pos),
        text,
        "{file}: positions round-trip"
    );
    let engine = AnyEngine::new(game);
    let mut depths = vec![1, 2, 3];
    if engine.perft(&pos, 4) <= max4 {
        depths.push(4);
    }
    depths
        .into_iter()
        .map(|d| {
            let reference = game.perft(&pos, d);
            let fast = engine.perft(&pos, d);
            if reference != fast {
                fail(&format!(
                    "{file}; {text}: depth {d}: reference {reference}, fast {fast}"
                ));
            }
            (d, reference)
        })
        .collect()
}

fn show_counts(counts: &[(u32, u64)]) -> String {
    let c: Vec<String> = counts.iter().map(|(d, n)| format!("{d}={n}")).collect();
    c.join(" ")
}

/// `count FILE`: the file with every position's counts filled in, on standard output.
fn count(file: &str, max4: u64, threads: usize) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| fail(&format!("{file}: {e}")));
    let raw: Vec<&str> = text.lines().collect();
    let lines: Vec<Option<Line>> = raw.iter().map(|l| parse_line(l)).collect();
    let parsed: Vec<&Line> = lines.iter().flatten().collect();
    let owned: Vec<Line> = parsed
        .iter()
        .map(|l| Line {
            file: l.file.clone(),
            position: l.position.clone(),
            counts: Vec::new(),
            tag: l.tag.clone(),
        })
        .collect();
    let compiled = variants(&owned);
    let done = AtomicUsize::new(0);
    let counts = parallel(parsed.len(), threads, |i| {
        let l = parsed[i];
        let c = count_position(compiled[&l.file], &l.file, &l.position, max4);
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        eprintln!("{n}/{}: {} {}", parsed.len(), l.file, show_counts(&c));
        c
    });
    let mut counts = counts.into_iter();
    for (raw, line) in raw.iter().zip(&lines) {
        match line {
            None => println!("{raw}"),
            Some(l) => {
                let c = counts.next().expect("one count per line");
                let tag = if l.tag.is_empty() {
                    String::new()
                } else {
                    format!("; {}", l.tag)
                };
                println!("{}; {}; {}{tag}", l.file, l.position, show_counts(&c));
            }
        }
    }
}

/// `check FILE`: every count of a suite, with both engines; exits 1 on a mismatch.
fn check(file: &str, threads: usize) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| fail(&format!("{file}: {e}")));
    let lines: Vec<Line> = text.lines().filter_map(parse_line).collect();
    let compiled = variants(&lines);
    let bad = parallel(lines.len(), threads, |i| {
        let l = &lines[i];
        let game = compiled[&l.file].game();
        let pos = game
            .parse_position(&l.position)
            .unwrap_or_else(|e| fail(&format!("{}: {}", l.file, e.show(&l.position))));
        let engine = AnyEngine::new(game);
        let mut bad = 0;
        for &(d, n) in &l.counts {
            let (reference, fast) = (game.perft(&pos, d), engine.perft(&pos, d));
            if reference != n || fast != n {
                eprintln!(
                    "{}; {}: depth {d}: listed {n}, reference {reference}, fast {fast}",
                    l.file, l.position
                );
                bad += 1;
            }
        }
        bad
    });
    let bad: usize = bad.iter().sum();
    println!("{} positions, {bad} mismatches", lines.len());
    if bad > 0 {
        std::process::exit(1);
    }
}

/// Categories of which `mine` keeps twice as many.
const KEY: [&str; 7] = [
    "e.p.",
    "castling",
    "checkmate",
    "stalemate",
    "promotion optional",
    "drop refused",
    "repetition",
];

struct Mining {
    games: usize,
    plies: usize,
    seed: u64,
    per_tag: usize,
    max3: u64,
}

/// A 64-bit mixing function (splitmix64's finaliser).
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// What one position exercises: (category, tag) pairs. The category groups positions for
/// choosing a few of each; the tag is what the suite line says.
struct Finder<'a> {
    game: Game<'a>,
    engine: AnyEngine<'a>,
}

impl<'a> Finder<'a> {
    fn legal(&self, pos: &Position) -> Vec<Move> {
        self.engine.legal_moves(pos)
    }

    /// True when a side other than `side` still in the game attacks `cell`.
    fn attacked(&self, pos: &Position, cell: CellId, side: Side) -> bool {
        self.game
            .variant
            .side_ids()
            .any(|o| o != side && !pos.is_out(o) && self.game.attacked(pos, cell, o))
    }

    fn name(&self, c: CellId) -> &str {
        self.game.variant.board().name(c)
    }

    fn piece_name(&self, p: PieceId) -> &str {
        &self.game.variant.piece(p).name
    }

    /// The kind of line a piece on `from` attacks `target` along: the name of the first of
    /// the plain riders (Rook, Chariot, Bishop, Duke) that would attack it from there, or
    /// `None` for a leap, a step of another kind, a hop.
    fn line_kind(&self, pos: &Position, from: CellId, target: CellId) -> Option<&'static str> {
        let (side, piece) = pos.squares[from.index()]?;
        let v = self.game.variant;
        if self
            .game
            .tables
            .entries(piece, side, from)
            .iter()
            .any(|e| e.walk == Walk::Screen)
            && !["Rook", "Chariot", "Bishop", "Duke", "Queen"].contains(&self.piece_name(piece))
        {
            return Some("over a screen");
        }
        let riders = [
            ("Rook", "orthogonal"),
            ("Chariot", "orthogonal"),
            ("Bishop", "diagonal"),
            ("Duke", "face-point"),
        ];
        // A rider whose lines depend on the way its triangle points says so (Dekle's Rook
        // rides `face-first`, his Bishop `point-first`).
        let kind_of = |p: PieceId, named: &'static str| -> &'static str {
            let rides = v.piece(p).movements.iter().find_map(|r| match &r.movement {
                Movement::Ride { kind, .. } => Some(*kind),
                _ => None,
            });
            match rides {
                Some(RayKind::FaceFirst) => "face-first",
                Some(RayKind::PointFirst) => "point-first",
                _ => named,
            }
        };
        let name = self.piece_name(piece);
        if let Some((_, kind)) = riders.iter().find(|(r, _)| *r == name) {
            return Some(kind_of(piece, kind));
        }
        if ["Knight", "Horse"].contains(&name) {
            return None;
        }
        for (rider, kind) in riders {
            let Some(r) = v.find_piece(rider) else {
                continue;
            };
            let mut q = pos.clone();
            q.squares[from.index()] = Some((side, r));
            if self.game.attacks_from(&q, from, target) {
                return Some(kind_of(r, kind));
            }
        }
        None
    }

    /// "Queen along a diagonal line", "Pawn, an orthogonal step", "Knight", "Cannon over a
    /// screen".
    fn attacker_text(&self, pos: &Position, from: CellId, target: CellId) -> String {
        let (_, piece) = pos.squares[from.index()].expect("an attacker");
        let name = self.piece_name(piece);
        format!("{name}{}", self.attack_kind(pos, from, target).1)
    }

    /// How a piece attacks a cell: a short category ("a diagonal line", "an orthogonal
    /// step", "Knight", "over a screen") and the words that follow the piece's name.
    fn attack_kind(&self, pos: &Position, from: CellId, target: CellId) -> (String, String) {
        let (_, piece) = pos.squares[from.index()].expect("an attacker");
        let name = self.piece_name(piece);
        match self.line_kind(pos, from, target) {
            Some("over a screen") => ("over a screen".into(), " over a screen".into()),
            Some(kind) if self.reaches_afar(pos, from, target) => {
                let line = format!("{} {kind} line", article(kind));
                (line.clone(), format!(" along {line}"))
            }
            Some(kind) => {
                let step = format!("{} {kind} step", article(kind));
                (step.clone(), format!(", {step}"))
            }
            None => (name.to_string(), String::new()),
        }
    }

    /// True when the piece on `from` reaches `target` past at least one empty cell.
    fn reaches_afar(&self, pos: &Position, from: CellId, target: CellId) -> bool {
        let t = self.game.tables;
        let Some((side, piece)) = pos.squares[from.index()] else {
            return false;
        };
        t.entries(piece, side, from)
            .iter()
            .filter(|e| e.mode.captures)
            .flat_map(|e| t.landings(e, |c| pos.squares[c.index()].is_some()))
            .any(|l| l.cell == target && l.index > 0)
    }

    /// Cells of the pieces of the sides other than `side` still in the game attacking
    /// `target`.
    fn attackers(&self, pos: &Position, target: CellId, side: Side) -> Vec<CellId> {
        (0..pos.squares.len())
            .map(|i| CellId(i as u16))
            .filter(
                |c| matches!(pos.squares[c.index()], Some((s, _)) if s != side && !pos.is_out(s)),
            )
            .filter(|c| self.game.attacks_from(pos, *c, target))
            .collect()
    }

    fn royal(&self, pos: &Position, side: Side) -> Option<CellId> {
        self.game.royals(pos, side).into_iter().next()
    }

    /// Everything the position exercises.
    fn features(&self, pos: &Position, last: Option<(&Position, &Move)>) -> Vec<(String, String)> {
        let g = self.game;
        let v = g.variant;
        let side = pos.to_move;
        let legal = self.legal(pos);
        let mut out: Vec<(String, String)> = Vec::new();
        let mut add = |cat: &str, tag: String| out.push((cat.to_string(), tag));
        let check = g.in_check(pos, side);
        let king = self.royal(pos, side);

        // The end of the game, and mates one ply ahead.
        if legal.is_empty() {
            if check {
                add("checkmate", "checkmate: no legal move, in check".into());
            } else {
                add("stalemate", "stalemate: no legal move, not in check".into());
            }
            return out;
        }
        for m in &legal {
            let next = g.play(pos, m);
            // A mate: the next side has no move in check, or (more sides) it left at once.
            let mated = next.out != pos.out
                || g.in_check(&next, next.to_move) && self.legal(&next).is_empty();
            if mated {
                let text = g.format_move(pos, m);
                add("mate in one", format!("checkmate in one: {text} mates"));
                break;
            }
        }

        // Checks.
        if let Some(k) = king {
            if check {
                let attackers = self.attackers(pos, k, side);
                let texts: Vec<String> = attackers
                    .iter()
                    .map(|a| self.attacker_text(pos, *a, k))
                    .collect();
                if attackers.len() > 1 {
                    add(
                        "double check",
                        format!("double check: {}", texts.join(" and ")),
                    );
                } else if let (Some(t), Some(a)) = (texts.first(), attackers.first()) {
                    let cat = format!("check: {}", self.attack_kind(pos, *a, k).0);
                    add(&cat, format!("check by {t}, {}", replies(legal.len())));
                }
            }
        }

        // En passant, legal or not.
        if let Some(ep) = &pos.en_passant {
            let how = last.map_or(String::new(), |(before, m)| {
                format!(
                    " after {} ({})",
                    g.format_move(before, m),
                    self.right_kind(before, m)
                )
            });
            let pseudo: Vec<Move> = g
                .pseudo_legal_moves(pos)
                .into_iter()
                .filter(|m| m.en_passant_victim.is_some())
                .collect();
            let passed = ep.cells.len();
            for m in &pseudo {
                let text = g.format_move(pos, m);
                if legal.contains(m) && check {
                    add(
                        "e.p. in check",
                        format!("e.p. {text}{how} while in check, legal: it ends the check"),
                    );
                } else if legal.contains(m) {
                    let cat = format!(
                        "e.p.{}",
                        last.map_or(String::new(), |(b, m)| {
                            format!(" ({}, {passed} passed)", self.right_kind(b, m))
                        })
                    );
                    add(&cat, format!("e.p. {text}{how}"));
                } else if !check {
                    let next = g.play(pos, m);
                    let k = self.royal(&next, side).expect("a royal piece");
                    let by: Vec<String> = self
                        .attackers(&next, k, side)
                        .iter()
                        .map(|a| self.attacker_text(&next, *a, k))
                        .collect();
                    add(
                        "e.p. illegal",
                        format!(
                            "e.p. {text}{how} is illegal: it exposes the king to {}",
                            by.join(" and ")
                        ),
                    );
                } else {
                    add(
                        "e.p. in check",
                        format!("e.p. {text}{how} while in check, illegal: the check stays"),
                    );
                }
            }
        }

        // Sides that leave the game (more than two sides): mated, or their royal piece taken.
        for m in legal.iter().filter(|_| v.sides().len() > 2) {
            let next = g.play(pos, m);
            for gone in v.side_ids().filter(|&o| next.is_out(o) && !pos.is_out(o)) {
                let taken = self
                    .royal(pos, gone)
                    .is_some_and(|k| m.to == k || m.en_passant_victim == Some(k));
                let how = if taken {
                    "takes the royal piece of"
                } else {
                    "mates"
                };
                add(
                    &format!("leaves: {how}"),
                    format!(
                        "leaves: {} {how} {}, which leaves the game",
                        g.format_move(pos, m),
                        v.side_title(gone)
                    ),
                );
            }
        }

        // Promotions only to lost pieces: waiting unpromoted, and promoting where it stands.
        for m in &legal {
            let Some(promo) = v.piece(m.piece).promotion.as_ref() else {
                continue;
            };
            let piece = self.piece_name(m.piece).to_string();
            if m.in_place() {
                add(
                    "promotion in place",
                    format!(
                        "promotion in place: the waiting {piece} on {} promotes there to a {} its side lost",
                        self.name(m.to),
                        self.piece_name(m.promotion.expect("a promotion"))
                    ),
                );
            } else if promo.captured_only.is_some()
                && m.promotion.is_none()
                && !promo.optional
                && v.zone(promo.zone).cells[side].contains(&m.to)
            {
                add(
                    "promotion waits",
                    format!(
                        "promotion waits: {} enters the zone unpromoted, its side having lost nothing it may promote to",
                        g.format_move(pos, m)
                    ),
                );
            }
        }

        // Promotions.
        let mut seen = BTreeSet::new();
        for m in legal
            .iter()
            .filter(|m| m.promotion.is_some() && !m.in_place())
        {
            if !seen.insert((m.from, m.to)) {
                continue;
            }
            let optional = legal
                .iter()
                .any(|o| o.from == m.from && o.to == m.to && o.promotion.is_none());
            let capture = pos.squares[m.to.index()].is_some() || m.en_passant_victim.is_some();
            let how = if capture { "by capture" } else { "by a move" };
            let piece = self.piece_name(m.piece).to_string();
            let cell = self.name(m.to).to_string();
            if optional {
                let promo = v.piece(m.piece).promotion.as_ref().expect("promotes");
                let zone = &v.zone(promo.zone).cells[side];
                let starts_in = m.from.is_some_and(|f| zone.contains(&f));
                let into = match (starts_in, zone.contains(&m.to)) {
                    (true, true) => "within the zone",
                    (false, _) => "into the zone",
                    (true, false) => "out of the zone",
                };
                let cell = format!("to {cell}");
                add(
                    &format!("promotion optional {into}"),
                    format!("promotion optional: {piece} {how} {into}, {cell}"),
                );
            } else {
                let kind = self.edge_kind(m.piece, side, m.to);
                let promo = v.piece(m.piece).promotion.as_ref().expect("promotes");
                let forced = if promo.optional {
                    "forced (no move from there)"
                } else {
                    "forced"
                };
                let cat = if promo.optional {
                    format!("promotion {forced}: {piece}")
                } else {
                    format!(
                        "promotion {forced} {how} on {}",
                        kind.split(',').next().unwrap_or("")
                    )
                };
                let (kind, colour) = kind.split_once(", ").unwrap_or((&kind, ""));
                add(
                    &cat,
                    format!("promotion {forced}: {piece} {how} to {cell}, {kind} ({colour})"),
                );
            }
        }

        // Castling: legal, or refused for a reason.
        let rights = g.castling_rights(pos);
        for (i, c) in v.castlings().iter().enumerate() {
            if c.side != side || !rights[i] {
                continue;
            }
            let text = format!("{}-{}", self.name(c.king_from), self.name(c.king_to));
            let between = c
                .empty
                .iter()
                .filter(|x| pos.squares[x.index()].is_some())
                .count();
            let attacked = |x: &CellId| self.attacked(pos, *x, side);
            if between == 1 {
                add(
                    "castling refused: a piece between",
                    format!("castling {text} refused: a piece between king and rook"),
                );
            } else if between > 1 {
                continue;
            } else if attacked(&c.king_from) {
                add(
                    "castling refused: in check",
                    format!("castling {text} refused: the king is in check"),
                );
            } else if attacked(&c.king_to) {
                add(
                    "castling refused: destination attacked",
                    format!("castling {text} refused: the king's destination is attacked"),
                );
            } else if c.passage.iter().any(attacked) {
                add(
                    "castling refused: passes an attacked cell",
                    format!("castling {text} refused: the king passes an attacked cell"),
                );
            } else if legal.iter().any(|m| m.castling_index() == Some(i)) {
                add("castling", format!("castling legal: {text}"));
                // Only the king's way must be safe: the rook may pass or stand on an
                // attacked cell.
                let rook_way = std::iter::once(&c.rook_from)
                    .chain(&c.empty)
                    .filter(|x| !c.passage.contains(x))
                    .any(attacked);
                if rook_way {
                    add(
                        "castling legal: the rook's way attacked",
                        format!(
                            "castling legal: {text}, though the rook stands on or passes an \
                             attacked cell"
                        ),
                    );
                }
            } else {
                add(
                    "castling refused: the rook uncovers",
                    format!(
                        "castling {text} refused: the rook's move uncovers a check on the \
                         king's destination"
                    ),
                );
            }
        }

        // Royal moves refused only because the royal pieces would face each other.
        if !v.rules().facing.is_empty() {
            for m in g.pseudo_legal_moves(pos) {
                if !v.piece(m.piece).royal || legal.contains(&m) {
                    continue;
                }
                let next = g.play(pos, &m);
                if !self.attacked(&next, m.to, side) && g.faces_royal(&next, side, m.to) {
                    add(
                        "facing: a royal move refused",
                        format!(
                            "facing: {} is refused, the generals would face each other",
                            g.format_move(pos, &m)
                        ),
                    );
                }
            }
        }

        // Pins: a piece whose removal exposes the royal piece.
        if let (Some(k), false) = (king, check) {
            for (i, sq) in pos.squares.iter().enumerate() {
                let Some((s, p)) = *sq else { continue };
                if s != side || v.piece(p).royal || v.board().is_off_board(CellId(i as u16)) {
                    continue;
                }
                let mut q = pos.clone();
                q.squares[i] = None;
                if !g.in_check(&q, side) {
                    continue;
                }
                let pinned = self.piece_name(p);
                if g.faces_royal(&q, side, k) {
                    add(
                        "pin: facing",
                        format!("pin: the {pinned} alone stands between the facing generals"),
                    );
                    continue;
                }
                for a in self.attackers(&q, k, side) {
                    if self.game.attacks_from(pos, a, k) {
                        continue;
                    }
                    let by = self.attacker_text(&q, a, k);
                    let (_, ap) = pos.squares[a.index()].expect("an attacker");
                    let cat = match self.line_kind(&q, a, k) {
                        Some(kind) => format!("pin: {kind}"),
                        None => format!("pin: {}", self.piece_name(ap)),
                    };
                    add(
                        &cat,
                        format!(
                            "pin: the {pinned} on {} by a {by}",
                            self.name(CellId(i as u16))
                        ),
                    );
                }
            }
        }

        // Drops and their restrictions.
        if v.rules().captures_to_hand {
            let drops: Vec<&Move> = legal.iter().filter(|m| m.is_drop()).collect();
            if !drops.is_empty() && check {
                add(
                    "drop in check",
                    format!(
                        "drop in check: {} ({} by a drop)",
                        replies(legal.len()),
                        drops.len()
                    ),
                );
            }
            for p in v.piece_ids() {
                if pos.hands[side][p.index()] == 0 {
                    continue;
                }
                let name = self.piece_name(p).to_string();
                let rules = &v.piece(p).drops;
                let allowed = g.tables.drop_cells(p, side);
                let empty: Vec<CellId> = v
                    .board()
                    .cells()
                    .filter(|c| pos.squares[c.index()].is_none())
                    .collect();
                if empty.iter().any(|c| !allowed.contains(c)) {
                    add(
                        "drop refused: dead cell",
                        format!("drop: no {name} drop where it would have no move"),
                    );
                }
                let defended = empty.iter().any(|c| {
                    allowed.contains(c)
                        && !rules.not_defended_by.is_empty()
                        && pos.squares.iter().enumerate().any(|(j, sq)| {
                            matches!(sq, Some((s, t)) if *s == side && rules.not_defended_by.contains(t))
                                && g.attacks_from(pos, CellId(j as u16), *c)
                        })
                });
                if defended {
                    add(
                        "drop refused: not-defended-by",
                        format!("drop: no {name} drop where an own Pawn could capture"),
                    );
                }
                if rules.no_check {
                    let checking = empty.iter().any(|c| {
                        allowed.contains(c) && {
                            let mv = Move {
                                from: None,
                                to: *c,
                                piece: p,
                                promotion: None,
                                en_passant_victim: None,
                                passed: Passed::NONE,
                                castling: None,
                            };
                            let next = g.play(pos, &mv);
                            g.in_check(&next, next.to_move)
                        }
                    });
                    if checking {
                        add(
                            "drop refused: no-check",
                            format!("drop: no {name} drop giving check"),
                        );
                    }
                }
                if legal.iter().any(|m| m.is_drop() && m.piece == p) {
                    add("drop", format!("drop: {name} in hand"));
                }
            }
        }

        // Entries from off-board cells, and a back cell taken.
        for c in v.board().off_board_cells() {
            let mine = matches!(pos.squares[c.index()], Some((s, _)) if s == side);
            let back = v.board().place_on(c);
            if mine && back.is_some_and(|b| pos.squares[b.index()].is_some()) {
                let b = self.name(back.expect("a back cell")).to_string();
                add(
                    "entry: back cell taken",
                    format!(
                        "entry: the piece on {} may not be placed on {b}, which is taken",
                        self.name(c)
                    ),
                );
            }
        }
        for m in &legal {
            let Some(from) = m.from else { continue };
            if !v.board().is_off_board(from) {
                continue;
            }
            let piece = self.piece_name(m.piece);
            let text = g.format_move(pos, m);
            if v.board().place_on(from) == Some(m.to) {
                add(
                    "entry: placed",
                    format!("entry: the {piece} placed on its back cell, {text}"),
                );
            } else if pos.squares[m.to.index()].is_some() {
                add(
                    "entry: capture",
                    format!("entry: the {piece} enters with a capture, {text}"),
                );
            } else {
                add(
                    "entry: leap",
                    format!("entry: the {piece} enters by a leap, {text}"),
                );
            }
        }

        // Captures allowed only under a condition (Brusky's pawn straight ahead from its
        // start cell).
        for m in &legal {
            let Some(from) = m.from else { continue };
            let captures = pos.squares[m.to.index()].is_some_and(|(o, _)| o != side);
            let rules = &v.piece(m.piece).movements;
            let lands = |r: &&hexv::variant::MoveRule| {
                hexv::compile::rule_landings(v, m.piece, r, side, from).contains(&m.to)
            };
            let guarded = rules
                .iter()
                .filter(|r| !r.guard.from.is_empty() && lands(r))
                .find_map(|r| r.guard.from.iter().find(|(_, inside)| *inside));
            let plain = rules
                .iter()
                .filter(|r| r.guard.is_always())
                .any(|r| lands(&r));
            if let (true, Some((zone, _)), false) = (captures, guarded, plain) {
                let zone = &v.zone(*zone).name;
                add(
                    &format!("guard: a capture only from zone {zone}"),
                    format!(
                        "the {} on {} captures on {}, a capture it has only from zone {zone}",
                        self.piece_name(m.piece),
                        self.name(from),
                        self.name(m.to)
                    ),
                );
            }
        }

        // Moves under conditions on the board (Brusky's pawns on their start cells).
        for (i, sq) in pos.squares.iter().enumerate() {
            let Some((s, p)) = *sq else { continue };
            if s != side {
                continue;
            }
            let from = CellId(i as u16);
            let unmoved = pos.unmoved[i];
            let occupant = |c: CellId| pos.squares[c.index()].map(|(s, _)| s);
            for e in g.tables.entries(p, side, from) {
                if e.when == Some(Condition::Guarded)
                    || g.tables.guard(e).is_some()
                        && !g.tables.guard_holds(e, side, unmoved, occupant)
                {
                    let blocked_by_enemy = g.tables.guard(e).is_some_and(|gd| {
                        gd.occupants.iter().any(|(_, cells, present)| {
                            !present
                                && cells
                                    .iter()
                                    .any(|c| occupant(*c).is_some_and(|o| o != side))
                        })
                    });
                    if blocked_by_enemy
                        && g.tables
                            .path(e)
                            .first()
                            .is_some_and(|c| pos.squares[c.index()].is_none())
                    {
                        add(
                            "guard: blocked by an enemy beside",
                            format!(
                                "the {} on {} may not advance: an enemy stands on a forward neighbour",
                                self.piece_name(p),
                                self.name(from)
                            ),
                        );
                    }
                }
                if e.walk == Walk::Lame {
                    let path = g.tables.path(e);
                    if path.len() > 1
                        && path[..path.len() - 1]
                            .iter()
                            .any(|c| pos.squares[c.index()].is_some())
                        && pos.squares[path[path.len() - 1].index()].is_none_or(|(o, _)| o != side)
                    {
                        add(
                            &format!("lame {} blocked", self.piece_name(p)),
                            format!(
                                "the {} on {} is blocked (lame leap)",
                                self.piece_name(p),
                                self.name(from)
                            ),
                        );
                    }
                }
            }
        }
        out
    }

    /// Four quiet moves that bring the position back: a move of each side, then each moved
    /// back (no capture, promotion, multi-step or castling).
    fn shuffle(&self, pos: &Position) -> Option<Vec<Move>> {
        let g = self.game;
        let quiet = |p: &Position, m: &Move| {
            m.from.is_some()
                && p.squares[m.to.index()].is_none()
                && m.promotion.is_none()
                && m.passed.is_none()
                && m.castling.is_none()
                && m.en_passant_victim.is_none()
        };
        let back = |p: &Position, m: &Move| {
            self.legal(p)
                .into_iter()
                .find(|r| r.from == Some(m.to) && Some(r.to) == m.from && quiet(p, r))
        };
        for m1 in self.legal(pos).into_iter().filter(|m| quiet(pos, m)) {
            let p1 = g.play(pos, &m1);
            for m2 in self.legal(&p1).into_iter().filter(|m| quiet(&p1, m)) {
                let p2 = g.play(&p1, &m2);
                let Some(r1) = back(&p2, &m1) else { continue };
                let p3 = g.play(&p2, &r1);
                let Some(r2) = back(&p3, &m2) else { continue };
                let p4 = g.play(&p3, &r2);
                if p4.same_for_repetition(pos) {
                    return Some(vec![m1, m2, r1, r2]);
                }
            }
        }
        None
    }

    /// Which rule gave the en-passant right `m` creates: a multi-step from a zone, an unmoved
    /// multi-step, an `en-passant` step.
    fn right_kind(&self, pos: &Position, m: &Move) -> String {
        let g = self.game;
        let v = g.variant;
        let Some(from) = m.from else {
            return "a drop".into();
        };
        for rule in &v.piece(m.piece).movements {
            if let Movement::MultiStep {
                max,
                from: MultiStepFrom::Zone(z),
                ..
            } = rule.movement
            {
                let zone = v.zone(z);
                if zone.cells[pos.to_move].contains(&from) {
                    return format!("multi-step of up to {max} from zone {}", zone.name);
                }
            }
        }
        let side = pos.to_move;
        let unmoved = pos.unmoved[from.index()];
        for e in g.tables.entries(m.piece, side, from) {
            if !g.tables.creates_en_passant(e) {
                continue;
            }
            if g.tables.path(e).contains(&m.to) {
                return match e.when {
                    Some(Condition::MultiStep) => "multi-step from a zone",
                    Some(Condition::UnmovedMultiStep) if unmoved => "unmoved multi-step",
                    Some(Condition::UnmovedMultiStep) => continue,
                    _ => "en-passant step",
                }
                .into();
            }
        }
        "?".into()
    }

    /// "a corner" or "an edge cell" of the promotion zone: a cell with the fewest king-step
    /// neighbours of the zone is a corner (when the zone's cells differ).
    fn edge_kind(&self, piece: PieceId, side: Side, cell: CellId) -> String {
        let v = self.game.variant;
        let Some(promo) = v.piece(piece).promotion.as_ref() else {
            return "?".into();
        };
        let zone = &v.zone(promo.zone).cells[side];
        // A King's steps from the cell on an empty board: fewer on a corner.
        let king = v.piece_ids().find(|p| v.piece(*p).royal);
        let neighbours = |c: CellId| {
            king.map_or(0, |k| {
                self.game.tables.empty_board_destinations(k, side, c).len()
            })
        };
        let counts: Vec<usize> = zone.iter().map(|c| neighbours(*c)).collect();
        let min = counts.iter().min().copied().unwrap_or(0);
        let max = counts.iter().max().copied().unwrap_or(0);
        let colour = v.colour_name(v.board().colour(cell) as usize);
        let kind = if min == max {
            "the far edge"
        } else if neighbours(cell) == min {
            "a far corner"
        } else {
            "a far-edge side cell"
        };
        format!("{kind}, {colour}")
    }
}

/// `mine VARIANT_FILE`: random games; a few positions of each category found, as candidate
/// lines `FILE; POSITION; ; TAG` on standard output (sorted by category), and a summary of
/// the categories on standard error.
fn mine(file: &str, m: &Mining) {
    let compiled = compile(file);
    let game = compiled.game();
    let engine = AnyEngine::new(game);
    let finder = Finder { game, engine };
    let v = game.variant;
    let mut rng = Rng::new(m.seed);
    // Category → (position text → tag).
    let mut found: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let castling_pieces: BTreeSet<PieceId> = v
        .castlings()
        .iter()
        .flat_map(|c| [c.king, c.rook])
        .collect();
    // Up to 40 positions a category, a uniform sample of all found (reservoir sampling).
    let mut seen_in: BTreeMap<String, usize> = BTreeMap::new();
    let mut keep = |found: &mut BTreeMap<String, BTreeMap<String, String>>,
                    cat: &str,
                    text: String,
                    tag: String| {
        let entry = found.entry(cat.to_string()).or_default();
        if entry.contains_key(&text) {
            return;
        }
        let n = seen_in.entry(cat.to_string()).or_default();
        *n += 1;
        if entry.len() < 40 {
            entry.insert(text, tag);
        } else {
            let r = (mix(*n as u64 ^ m.seed) % *n as u64) as usize;
            if r < 40 {
                let victim = entry.keys().nth(r).cloned().expect("40 entries");
                entry.remove(&victim);
                entry.insert(text, tag);
            }
        }
    };
    for g in 0..m.games {
        let mut pos = game.start_position();
        let mut last: Option<(Position, Move)> = None;
        let mut history: Vec<Position> = Vec::new();
        // Every other game keeps its king and rooks home until it can castle.
        let keep_home = g % 2 == 1;
        for ply in 0..m.plies {
            if v.side_ids().filter(|&s| !pos.is_out(s)).count() < 2 {
                break; // the last side in has won: no position to count
            }
            let features = finder.features(&pos, last.as_ref().map(|(p, m)| (p, m)));
            let text = game.position_text(&pos);
            history.push(pos.clone());
            // Once a game, a little way in: the position again after two rounds of moves
            // out and back, standing for the third time.
            if ply == 10 + g % 30 {
                if let Some(round) = finder.shuffle(&pos) {
                    let mut q = pos.clone();
                    for mv in round.iter().chain(&round) {
                        q = game.play(&q, mv);
                    }
                    let moves: Vec<String> = {
                        let mut at = pos.clone();
                        round
                            .iter()
                            .map(|mv| {
                                let t = game.format_move(&at, mv);
                                at = game.play(&at, mv);
                                t
                            })
                            .collect()
                    };
                    let rule = match v.rules().repetition {
                        Some((n, _)) => format!(
                            "the rules' {n} reached: the game is over, but the text holds no \
                             history and perft counts on"
                        ),
                        None => "the text holds no history: perft counts on".into(),
                    };
                    keep(
                        &mut found,
                        "repetition",
                        game.position_text(&q),
                        format!(
                            "repetition: the third time after {} played twice, {rule}",
                            moves.join(" ")
                        ),
                    );
                }
            }
            let seen = history
                .iter()
                .filter(|p| p.same_for_repetition(&pos))
                .count();
            if seen >= 3 {
                let rule = match v.rules().repetition {
                    Some((n, _)) if seen >= n as usize => {
                        format!(", the rules' {n} reached: the game is over, but the text holds no history and perft counts on")
                    }
                    _ => ", the text holds no history: perft counts on".into(),
                };
                keep(
                    &mut found,
                    "repetition",
                    text.clone(),
                    format!("repetition: the position stands for the {seen}th time{rule}"),
                );
            }
            for (cat, tag) in &features {
                keep(&mut found, cat, text.clone(), tag.clone());
                if cat == "castling" {
                    // The same with the king's or the rook's unmoved mark gone: moved and back.
                    for c in v.castlings().iter().filter(|c| c.side == pos.to_move) {
                        for (who, cell) in [("king", c.king_from), ("rook", c.rook_from)] {
                            let mut q = pos.clone();
                            if !q.unmoved[cell.index()] {
                                continue;
                            }
                            q.unmoved[cell.index()] = false;
                            keep(
                                &mut found,
                                &format!("castling refused: the {who} has moved"),
                                game.position_text(&q),
                                format!(
                                    "castling refused: the {who} on {} has moved and come back \
                                     (no unmoved mark)",
                                    v.board().name(cell)
                                ),
                            );
                        }
                    }
                }
            }
            // Near the move limit: the same position with the count one short of it and at
            // it (perft does not read it).
            if let (Some(limit), true) = (&v.rules().move_limit, pos.quiet_plies >= 10) {
                let sides = v.sides().len() as u32;
                for (plies, what) in [
                    (sides * limit.moves - 1, "one ply short of the move limit"),
                    (
                        sides * limit.moves,
                        "at the move limit: the game is over, perft counts on",
                    ),
                ] {
                    let mut q = pos.clone();
                    q.quiet_plies = plies;
                    keep(
                        &mut found,
                        &format!("move-limit {plies}"),
                        game.position_text(&q),
                        format!("move-limit: {plies} plies without a capture, {what}"),
                    );
                }
            }
            let moves = finder.legal(&pos);
            if moves.is_empty() {
                break;
            }
            let preferred: Vec<&Move> = moves
                .iter()
                .filter(|mv| {
                    !keep_home
                        || mv.castling.is_some()
                        || mv.from.is_none()
                        || !castling_pieces.contains(&mv.piece)
                })
                .collect();
            let mv = if preferred.is_empty() {
                moves[rng.below(moves.len())]
            } else {
                *preferred[rng.below(preferred.len())]
            };
            let next = game.play(&pos, &mv);
            last = Some((pos, mv));
            pos = next;
        }
    }
    println!(
        "# {}: {} random games of up to {} plies (seed {}); a few positions of each kind found",
        v.meta().name,
        m.games,
        m.plies,
        m.seed
    );
    // A few of each category, the smaller trees first, no position twice.
    let mut used = BTreeSet::new();
    for (cat, positions) in &found {
        let mut sized: Vec<(u64, &String, &String)> = positions
            .iter()
            .filter(|(p, _)| !used.contains(*p))
            .map(|(p, t)| {
                let pos = game.parse_position(p).expect("printed positions read back");
                (finder.engine.perft(&pos, 3), p, t)
            })
            .collect();
        sized.sort();
        let want = if KEY.iter().any(|k| cat.starts_with(k)) {
            m.per_tag * 2
        } else {
            m.per_tag
        };
        // The trees under the limit, or the smallest few when too few are; the choice
        // spread over their sizes.
        let under = sized.iter().filter(|(n, _, _)| *n <= m.max3).count();
        sized.truncate(under.max(want));
        let step = (sized.len() / want.max(1)).max(1);
        let order = (0..step).flat_map(|r| (r..sized.len()).step_by(step));
        let mut chosen = 0;
        for i in order {
            if chosen == want {
                break;
            }
            let (_, p, t) = sized[i];
            if used.insert(p.clone()) {
                println!("{file}; {p}; ; {t}");
                chosen += 1;
            }
        }
        eprintln!("{cat}: {} found, {chosen} kept", positions.len());
    }
}
