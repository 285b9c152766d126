//! Lowering pest pairs into the typed tree. Each function takes the pair of one grammar rule
//! and knows its children from the grammar; a missing child (impossible by the grammar)
//! degrades to an empty value rather than a panic.

use pest::iterators::Pair;

use super::ast::*;
use super::Rule;
use crate::diagnostic::Span;

type P<'i> = Pair<'i, Rule>;

fn span(p: &P) -> Span {
    let s = p.as_span();
    Span::new(s.start(), s.end())
}

/// The span of a one-line statement without a trailing comment or blanks, which the grammar's
/// implicit trivia may have taken in: a label on the statement underlines its code only.
fn stmt_span(p: &P) -> Span {
    let sp = span(p);
    let code = code_of(p.as_str());
    Span::new(sp.start, sp.start + code.trim_end().len())
}

/// The text of a line up to its comment (a `#` outside a string) or its end.
fn code_of(text: &str) -> &str {
    let mut in_string = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return &text[..i],
            '\n' => return &text[..i],
            _ => {}
        }
    }
    text
}

fn name(p: P) -> Name {
    Spanned::new(p.as_str().to_string(), span(&p))
}

fn number(p: P) -> Number {
    Spanned::new(p.as_str().trim().parse::<i64>().ok(), span(&p))
}

fn children(p: P) -> impl Iterator<Item = P> {
    p.into_inner()
}

pub fn file(root: P) -> Ast {
    let mut items = Vec::new();
    for p in children(root) {
        if let Some(item) = item(p) {
            items.push(item);
        }
    }
    Ast { items }
}

fn item(p: P) -> Option<Item> {
    Some(match p.as_rule() {
        Rule::meta_stmt => Item::Meta(meta(p)?),
        Rule::year_stmt => Item::Year(number(children(p).next()?)),
        Rule::symmetry_stmt => {
            let k = children(p).next()?;
            let kind = if k.as_str().starts_with("mirror") {
                SymmetryKind::Mirror
            } else {
                SymmetryKind::Rotate
            };
            Item::Symmetry(Spanned::new(kind, span(&k)))
        }
        Rule::sides_stmt => sides(p),
        Rule::directions_stmt => {
            let sp = span(&p);
            let mut it = children(p);
            let n = name(it.next()?);
            let dirs = it.next().map(directions).unwrap_or_default();
            Item::Directions(DirectionsDef {
                name: n,
                directions: dirs,
                span: sp,
            })
        }
        Rule::zone_stmt => {
            let sp = span(&p);
            let mut it = children(p);
            let n = name(it.next()?);
            let cells = it.next().map(cell_list).unwrap_or_default();
            Item::Zone(ZoneDef {
                name: n,
                sides: vec![(None, cells)],
                bad: Vec::new(),
                span: sp,
            })
        }
        Rule::zone_block => {
            let sp = span(&p);
            let mut it = children(p);
            let n = name(it.next()?);
            let mut sides = Vec::new();
            let mut bad = Vec::new();
            for c in it {
                match c.as_rule() {
                    Rule::zone_side => {
                        let mut zi = children(c);
                        let s = zi.next()?;
                        let cells = zi.next().map(cell_list).unwrap_or_default();
                        sides.push((Some(side_name(s)), cells));
                    }
                    _ => bad.push(bad_line(c)),
                }
            }
            Item::Zone(ZoneDef {
                name: n,
                sides,
                bad,
                span: sp,
            })
        }
        Rule::board_block => board(p),
        Rule::piece_block => piece(p)?,
        Rule::setup_block => setup(p),
        Rule::rules_block => rules(p),
        Rule::castling_block => castling(p),
        Rule::bad_item => Item::Bad(bad_line(p)),
        _ => return None,
    })
}

fn meta(p: P) -> Option<Meta> {
    let mut it = children(p);
    let k = it.next()?;
    let key = match k.as_str().trim() {
        "variant" => MetaKey::Variant,
        "inventor" => MetaKey::Inventor,
        "source" => MetaKey::Source,
        _ => MetaKey::Note,
    };
    let s = it.next()?;
    let value = string(s);
    Some(Meta {
        key: Spanned::new(key, span(&k)),
        value,
    })
}

fn string(p: P) -> Spanned<String> {
    let sp = span(&p);
    let raw = p.into_inner().next().map_or("", |i| i.as_str());
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    Spanned::new(out, sp)
}

fn side_name(p: P) -> Name {
    name(p)
}

/// `sides NAME [forward HOUR] ...`.
fn sides(p: P) -> Item {
    let sp = span(&p);
    let keyword = Span::new(sp.start, sp.start + "sides".len());
    let sides = children(p)
        .filter_map(|d| {
            let mut it = children(d);
            let name = name(it.next()?);
            let forward = it.next().and_then(|f| children(f).next()).map(number);
            Some(SideDecl { name, forward })
        })
        .collect();
    Item::Sides(SidesDef {
        keyword,
        sides,
        span: sp,
    })
}

fn directions(p: P) -> Vec<Direction> {
    children(p)
        .map(|d| match d.as_rule() {
            Rule::hour => Direction::Hour(number(d)),
            _ => Direction::Named(name(d)),
        })
        .collect()
}

fn cell_list(p: P) -> Vec<Name> {
    children(p).map(name).collect()
}

fn board(p: P) -> Item {
    let sp = span(&p);
    let keyword = Span::new(sp.start, sp.start + "board".len());
    let statements = children(p).filter_map(board_stmt).collect();
    Item::Board(BoardBlock {
        keyword,
        statements,
        span: sp,
    })
}

fn board_stmt(p: P) -> Option<BoardStmt> {
    Some(match p.as_rule() {
        Rule::cells_stmt => {
            let k = children(p).next()?;
            let mut words = k.as_str().split_whitespace();
            let kind = match (words.next(), words.next()) {
                (Some("flat"), _) => CellKind::Flat,
                (Some("pointy"), _) => CellKind::Pointy,
                (_, Some("rows")) => CellKind::TriangleRows,
                _ => CellKind::Triangle,
            };
            BoardStmt::Cells(Spanned::new(kind, span(&k)))
        }
        Rule::shape_stmt => {
            let s = children(p).next()?;
            let sp = span(&s);
            let rule = s.as_rule();
            let mut nums: Vec<Number> = Vec::new();
            let mut starts = None;
            for c in children(s) {
                match c.as_rule() {
                    Rule::line_starts => starts = Some(children(c).map(number).collect()),
                    _ => nums.push(number(c)),
                }
            }
            let shape = match rule {
                Rule::shape_hexagon => Shape::Hexagon(nums.into_iter().next()?),
                Rule::shape_rhombus => {
                    let mut it = nums.into_iter();
                    Shape::Rhombus(it.next()?, it.next()?)
                }
                Rule::shape_columns => Shape::Columns(nums, starts),
                _ => Shape::Ranks(nums, starts),
            };
            BoardStmt::Shape(Spanned::new(shape, sp))
        }
        Rule::names_stmt => {
            let n = children(p).next()?;
            let sp = span(&n);
            let rule = n.as_rule();
            let left = n.as_str().trim_start().starts_with("left-leaning");
            let names: Vec<Name> = children(n)
                .filter(|c| c.as_rule() != Rule::leaning)
                .map(name)
                .collect();
            let naming = match rule {
                Rule::names_leaning => Naming::Leaning {
                    left,
                    letters: names,
                },
                Rule::names_files => Naming::Files(names),
                Rule::names_ranks => Naming::Ranks(names),
                Rule::names_snake => Naming::Snake,
                Rule::names_shogi => Naming::Shogi(names),
                _ => Naming::List(names),
            };
            BoardStmt::Names(Spanned::new(naming, sp))
        }
        Rule::remove_stmt => BoardStmt::Remove(children(p).next().map(cell_list)?),
        Rule::cell_stmt => {
            let mut it = children(p);
            let n = name(it.next()?);
            let at = coord(it.next()?)?;
            BoardStmt::Cell { name: n, at }
        }
        Rule::off_board_stmt => {
            let mut it = children(p);
            let n = name(it.next()?);
            let at = coord(it.next()?)?;
            let place_on = it.next().and_then(|po| children(po).next()).map(name);
            BoardStmt::OffBoard(OffBoardDef {
                name: n,
                at,
                place_on,
            })
        }
        Rule::colours_stmt => {
            let sp = stmt_span(&p);
            BoardStmt::Colours(Spanned::new(children(p).map(name).collect(), sp))
        }
        Rule::bad_stmt => BoardStmt::Bad(bad_line(p)),
        _ => return None,
    })
}

/// `(A, B)`.
fn coord(p: P) -> Option<Spanned<(Number, Number)>> {
    let sp = span(&p);
    let mut it = children(p);
    let a = number(it.next()?);
    let b = number(it.next()?);
    Some(Spanned::new((a, b), sp))
}

/// The leaps among `pairs` (of a `leap` line or a leap-rider's `ride`), with their symmetry;
/// other pairs are left to the caller.
fn leaps<'i>(pairs: impl Iterator<Item = P<'i>>) -> Option<Leaps> {
    let mut leaps = Vec::new();
    let mut symmetry = None;
    for c in pairs {
        let csp = span(&c);
        match c.as_rule() {
            Rule::coord => {
                let mut ci = children(c);
                let a = number(ci.next()?);
                let b = number(ci.next()?);
                leaps.push(Spanned::new(Leap::Vector(a, b), csp));
            }
            Rule::leap_path => {
                let hours = children(c).map(number).collect();
                leaps.push(Spanned::new(Leap::Path(hours), csp));
            }
            Rule::leap_symmetry => {
                let s = match c.as_str().trim() {
                    "all" => LeapSymmetry::All,
                    "mirror" => LeapSymmetry::Mirror,
                    _ => LeapSymmetry::None,
                };
                symmetry = Some(Spanned::new(s, csp));
            }
            _ => {}
        }
    }
    Some(Leaps { leaps, symmetry })
}

/// A `when COND` / `unless COND` clause.
fn guard(p: P) -> Option<Guard> {
    let sp = span(&p);
    let mut it = children(p);
    let holds = it.next()?.as_str().trim() == "when";
    let c = it.next()?;
    let condition = match c.as_rule() {
        Rule::cond_unmoved => GuardCondition::Unmoved,
        Rule::cond_from => GuardCondition::From(name(children(c).next()?)),
        Rule::cond_to => GuardCondition::To(name(children(c).next()?)),
        Rule::cond_pointing => GuardCondition::Pointing(number(children(c).next()?)),
        _ => {
            let mut parts = children(c);
            let w = parts.next()?;
            let who = match w.as_str().trim() {
                "enemy" => Occupant::Enemy,
                "friend" => Occupant::Friend,
                _ => Occupant::Piece,
            };
            let cells = parts
                .map(|x| {
                    let xs = span(&x);
                    let leap = match x.as_rule() {
                        Rule::coord => {
                            let mut ci = children(x);
                            Leap::Vector(number(ci.next()?), number(ci.next()?))
                        }
                        Rule::leap_path => Leap::Path(children(x).map(number).collect()),
                        _ => Leap::Path(vec![number(x)]),
                    };
                    Some(Spanned::new(leap, xs))
                })
                .collect::<Option<Vec<_>>>()?;
            GuardCondition::Occupant {
                who: Spanned::new(who, span(&w)),
                cells,
            }
        }
    };
    Some(Guard {
        holds,
        condition,
        span: sp,
    })
}

fn mode(p: P) -> Spanned<Mode> {
    let m = if p.as_str().starts_with("move") {
        Mode::MoveOnly
    } else {
        Mode::CaptureOnly
    };
    Spanned::new(m, span(&p))
}

fn piece(p: P) -> Option<Item> {
    let sp = span(&p);
    let mut it = children(p);
    let n = name(it.next()?);
    let symbol = name(it.next()?);
    let statements = it.filter_map(piece_stmt).collect();
    Some(Item::Piece(PieceDef {
        name: n,
        symbol,
        statements,
        span: sp,
    }))
}

fn piece_stmt(p: P) -> Option<PieceStmt> {
    let sp = stmt_span(&p);
    Some(match p.as_rule() {
        Rule::royal_stmt => PieceStmt::Royal(sp),
        Rule::value_stmt => PieceStmt::Value {
            value: children(p).next().map(number)?,
            span: sp,
        },
        Rule::glyph_stmt => PieceStmt::Glyph {
            name: children(p).next().map(name)?,
            span: sp,
        },
        Rule::bound_stmt => PieceStmt::ColourBound(sp),
        Rule::step_stmt => {
            let mut dirs = Vec::new();
            let mut m = None;
            let mut en_passant = None;
            let mut guards = Vec::new();
            for c in children(p) {
                match c.as_rule() {
                    Rule::direction_list => dirs = directions(c),
                    Rule::mode => m = Some(mode(c)),
                    Rule::en_passant => en_passant = Some(span(&c)),
                    Rule::guard => guards.extend(guard(c)),
                    _ => {}
                }
            }
            PieceStmt::Step {
                directions: dirs,
                mode: m,
                en_passant,
                guards,
                span: sp,
            }
        }
        Rule::ride_stmt => {
            let mut dirs = Vec::new();
            let mut ridden = None;
            let mut m = None;
            let mut max = None;
            let mut guards = Vec::new();
            for c in children(p) {
                match c.as_rule() {
                    Rule::direction_list => dirs = directions(c),
                    Rule::ridden_leaps => ridden = Some(leaps(children(c))?),
                    Rule::mode => m = Some(mode(c)),
                    Rule::ride_limit => max = children(c).next().map(number),
                    Rule::guard => guards.extend(guard(c)),
                    _ => {}
                }
            }
            PieceStmt::Ride {
                directions: dirs,
                leaps: ridden,
                max,
                mode: m,
                guards,
                span: sp,
            }
        }
        Rule::leap_stmt => {
            let mut lame = None;
            let mut m = None;
            let mut guards = Vec::new();
            for c in children(p.clone()) {
                match c.as_rule() {
                    Rule::lame => lame = Some(span(&c)),
                    Rule::mode => m = Some(mode(c)),
                    Rule::guard => guards.extend(guard(c)),
                    _ => {}
                }
            }
            PieceStmt::Leap {
                leaps: leaps(children(p).filter(|c| c.as_rule() != Rule::guard))?,
                lame,
                mode: m,
                guards,
                span: sp,
            }
        }
        Rule::confined_stmt => PieceStmt::Confined {
            zone: name(children(p).next()?),
            span: sp,
        },
        Rule::hop_stmt | Rule::cannon_stmt => {
            let beyond = if p.as_rule() == Rule::hop_stmt {
                Beyond::Next
            } else {
                Beyond::Any
            };
            let mut dirs = Vec::new();
            let mut m = None;
            let mut guards = Vec::new();
            for c in children(p) {
                match c.as_rule() {
                    Rule::direction_list => dirs = directions(c),
                    Rule::mode => m = Some(mode(c)),
                    Rule::guard => guards.extend(guard(c)),
                    _ => {}
                }
            }
            PieceStmt::Hop {
                directions: dirs,
                beyond,
                mode: m,
                guards,
                span: sp,
            }
        }
        Rule::multi_step_stmt => {
            let mut it = children(p);
            let count = number(it.next()?);
            let mut dirs = Vec::new();
            let mut from = None;
            let mut no_en_passant = None;
            let mut guards = Vec::new();
            for c in it {
                match c.as_rule() {
                    Rule::direction_list => dirs = directions(c),
                    Rule::no_en_passant => no_en_passant = Some(span(&c)),
                    Rule::multi_from => {
                        from = children(c).next().map(|z| MultiStepFrom::Zone(name(z)))
                    }
                    Rule::guard => guards.extend(guard(c)),
                    _ => from = Some(MultiStepFrom::Unmoved(span(&c))),
                }
            }
            PieceStmt::MultiStep {
                count,
                directions: dirs,
                from: from?,
                no_en_passant,
                guards,
                span: sp,
            }
        }
        Rule::promote_stmt => {
            let mut it = children(p);
            let zone = name(it.next()?);
            let mut to = Vec::new();
            let mut optional = None;
            let mut captured = None;
            for c in it {
                match c.as_rule() {
                    Rule::optional => optional = Some(span(&c)),
                    Rule::promote_captured => {
                        let wait = children(c.clone()).any(|w| w.as_rule() == Rule::wait);
                        captured = Some(Spanned::new(wait, span(&c)));
                    }
                    _ => to.push(name(c)),
                }
            }
            PieceStmt::Promote {
                zone,
                to,
                optional,
                captured,
                span: sp,
            }
        }
        Rule::like_stmt => PieceStmt::Like(children(p).map(name).collect()),
        Rule::drop_stmt => {
            let r = children(p).next()?;
            let rule = match r.as_rule() {
                Rule::drop_not_defended => DropRule::NotDefendedBy(children(r).map(name).collect()),
                Rule::drop_no_mate => DropRule::NoMate,
                Rule::drop_line_limit => {
                    let mut it = children(r);
                    let count = number(it.next()?);
                    DropRule::LineLimit(count, directions(it.next()?))
                }
                _ => DropRule::NoCheck,
            };
            PieceStmt::Drop(Spanned::new(rule, sp))
        }
        Rule::bad_stmt => PieceStmt::Bad(bad_line(p)),
        _ => return None,
    })
}

fn setup(p: P) -> Item {
    let sp = span(&p);
    let keyword = Span::new(sp.start, sp.start + "setup".len());
    let mut side = None;
    let mut placements = Vec::new();
    let mut hand = Vec::new();
    let mut bad = Vec::new();
    for c in children(p) {
        match c.as_rule() {
            Rule::side => side = Some(side_name(c)),
            Rule::setup_hand => hand.extend(children(c).map(name)),
            Rule::placement => {
                let mut it = children(c);
                if let Some(piece) = it.next().map(name) {
                    let cells = it.next().map(cell_list).unwrap_or_default();
                    placements.push(Placement { piece, cells });
                }
            }
            _ => bad.push(bad_line(c)),
        }
    }
    Item::Setup(SetupBlock {
        side,
        keyword,
        placements,
        hand,
        bad,
        span: sp,
    })
}

fn outcome(p: &P) -> Outcome {
    match p.as_str().trim() {
        "win" => Outcome::Win,
        "loss" => Outcome::Loss,
        _ => Outcome::Draw,
    }
}

fn rules(p: P) -> Item {
    let sp = span(&p);
    let statements = children(p)
        .filter_map(|c| {
            let csp = stmt_span(&c);
            Some(match c.as_rule() {
                Rule::checkmate_stmt => {
                    let word = children(c).next()?;
                    RulesStmt::Checkmate(span(&word), word.as_rule() == Rule::out)
                }
                Rule::eliminated_stmt => {
                    let word = children(c).next()?;
                    let kind = match word.as_str() {
                        "remove" => EliminatedKind::Remove,
                        "stay" => EliminatedKind::Stay,
                        _ => EliminatedKind::ToMater,
                    };
                    RulesStmt::Eliminated(Spanned::new(kind, span(&word)))
                }
                Rule::stalemate_stmt => {
                    let mut it = children(c);
                    let score = stalemate_score(it.next()?);
                    let unless = it.next().and_then(|u| {
                        let mut ui = children(u);
                        let other = stalemate_score(ui.next()?);
                        Some((other, ui.map(name).collect()))
                    });
                    RulesStmt::Stalemate(score, unless)
                }
                Rule::castling_stmt => RulesStmt::CastlingNone(csp),
                Rule::royal_captured_stmt => {
                    RulesStmt::RoyalCaptured(csp, children(c).any(|w| w.as_rule() == Rule::out))
                }
                Rule::captures_stmt => RulesStmt::CapturesToHand(csp),
                Rule::repetition_stmt => {
                    let mut it = children(c);
                    let n = number(it.next()?);
                    let loses = it.next()?.as_rule() == Rule::loss;
                    RulesStmt::Repetition(n, loses)
                }
                Rule::facing_stmt => RulesStmt::Facing(children(c).next().map(directions)?, csp),
                Rule::draw_without_stmt => {
                    RulesStmt::DrawWithout(children(c).map(name).collect(), csp)
                }
                Rule::impasse_stmt => {
                    let mut it = children(c);
                    let zone = name(it.next()?);
                    let need = number(it.next()?);
                    let points = it
                        .next()
                        .map(|p| {
                            children(p)
                                .filter_map(|w| {
                                    let mut w = children(w);
                                    Some((name(w.next()?), number(w.next()?)))
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    RulesStmt::Impasse(Impasse {
                        zone,
                        need,
                        points,
                        span: csp,
                    })
                }
                Rule::placement_stmt => {
                    let mut it = children(c);
                    let zone = name(it.next()?);
                    let sequential = it.next().is_some_and(|w| w.as_str() == "sequential");
                    RulesStmt::Placement(zone, sequential, csp)
                }
                Rule::move_limit_stmt => {
                    let mut it = children(c);
                    let n = number(it.next()?);
                    let _draw = it.next()?;
                    let reset = it
                        .next()
                        .map(|r| children(r).map(name).collect())
                        .unwrap_or_default();
                    RulesStmt::MoveLimit(n, reset)
                }
                _ => RulesStmt::Bad(bad_line(c)),
            })
        })
        .collect();
    Item::Rules(RulesBlock {
        statements,
        span: sp,
    })
}

fn stalemate_score(o: P) -> Spanned<StalemateScore> {
    let osp = span(&o);
    let score = if o.as_rule() == Rule::out {
        StalemateScore::Out
    } else if o.as_rule() == Rule::fraction {
        let text = o.as_str();
        let (n, d) = text.split_once('/').unwrap_or((text, "1"));
        let off = osp.start;
        let num = Spanned::new(n.parse().ok(), Span::new(off, off + n.len()));
        let den = Spanned::new(d.parse().ok(), Span::new(off + n.len() + 1, osp.end));
        StalemateScore::Fraction(num, den)
    } else {
        StalemateScore::Outcome(outcome(&o))
    };
    Spanned::new(score, osp)
}

fn castling(p: P) -> Item {
    let sp = span(&p);
    let keyword = Span::new(sp.start, sp.start + "castling".len());
    let mut side = None;
    let mut options = Vec::new();
    let mut bad = Vec::new();
    for c in children(p) {
        match c.as_rule() {
            Rule::side => side = Some(side_name(c)),
            Rule::castling_option => {
                let csp = span(&c);
                let mut written = None;
                let mut n: Vec<Name> = Vec::new();
                for part in children(c) {
                    if part.as_rule() == Rule::castling_written {
                        written = children(part).next().map(string);
                    } else {
                        n.push(name(part));
                    }
                }
                if let [king, king_from, king_to, rook, rook_from, rook_to] = n.as_slice() {
                    options.push(CastlingOption {
                        king: king.clone(),
                        king_from: king_from.clone(),
                        king_to: king_to.clone(),
                        rook: rook.clone(),
                        rook_from: rook_from.clone(),
                        rook_to: rook_to.clone(),
                        written,
                        span: csp,
                    });
                }
            }
            _ => bad.push(bad_line(c)),
        }
    }
    Item::Castling(CastlingBlock {
        side,
        keyword,
        options,
        bad,
        span: sp,
    })
}

fn bad_line(p: P) -> BadLine {
    let sp = span(&p);
    let text = p.as_str();
    let trimmed_start = text.len() - text.trim_start().len();
    let word: String = text
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || matches!(c, '-' | '_'))
        .collect();
    let first_word = (!word.is_empty()).then(|| {
        let start = sp.start + trimmed_start;
        Spanned::new(word.clone(), Span::new(start, start + word.len()))
    });
    // Report the line without its comment (the parser may have skipped over it) and without
    // trailing blanks.
    let code = code_of(text);
    let end = sp.start + code.trim_end().len();
    // Its words, to point at the one that is wrong.
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in code
        .char_indices()
        .chain(std::iter::once((code.len(), ' ')))
    {
        let in_word = c.is_alphanumeric() || matches!(c, '-' | '_' | '\'' | '+');
        match (in_word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                words.push(Spanned::new(
                    code[s..i].to_string(),
                    Span::new(sp.start + s, sp.start + i),
                ));
                start = None;
            }
            _ => {}
        }
    }
    BadLine {
        first_word,
        words,
        span: Span::new(sp.start, end.max(sp.start)),
    }
}
