//! The parts of `hexv-tables-2` beyond the move tables: the board drawn and named, each
//! piece's facts, the setup, zones, castlings and rules (docs/tables-json.md). Cells and
//! pieces are written by name and symbol, as in the move tables.

use indexmap::IndexMap;
use serde::Serialize;

use crate::compile::MoveTables;
use crate::game::Game;
use crate::geometry::board::{Board, CellId, Symmetry};
use crate::geometry::directions::{DirSet, HourSet};
use crate::geometry::{Grid, RayKind};
use crate::render::describe;
use crate::render::svg;
use crate::variant::{
    Beyond, Guard, Leap, Mode, MoveRule, Movement, MultiStepFrom, NoneCaptured, PieceId, Score,
    Side, Variant, ZoneId,
};

/// The keys of version 2 at the top level, after version 1's.
#[derive(Serialize)]
pub(super) struct WholeVariant<'a> {
    meta: Meta<'a>,
    /// Only when they are not White and Black, Black turned by half a turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    sides: Option<Vec<JsonSide<'a>>>,
    board: JsonBoard<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    symmetry: Option<&'static str>,
    zones: IndexMap<&'a str, PerSide<'a, Vec<&'a str>>>,
    setup: Setup<'a>,
    castlings: Vec<JsonCastling<'a>>,
    rules: JsonRules<'a>,
}

/// The keys of version 2 in a piece's object, between `name` and `moves`.
#[derive(Serialize)]
pub(super) struct PieceFacts<'a> {
    royal: bool,
    colour_bound: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    confined: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    promotion: Option<JsonPromotion<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    demotes_to: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    drops: Option<JsonDrops<'a>>,
    captures_en_passant: bool,
    tracks_unmoved: bool,
    description: Vec<String>,
    movements: Vec<JsonMoveRule<'a>>,
}

/// A side of a `sides` line: its name and where its 12 o'clock points.
#[derive(Serialize)]
struct JsonSide<'a> {
    name: &'a str,
    forward: u8,
}

/// One value per side, keyed by the side's name, in turn order.
#[derive(Serialize)]
#[serde(transparent)]
struct PerSide<'a, T>(IndexMap<&'a str, T>);

impl<'a, T> PerSide<'a, T> {
    fn of(v: &'a Variant, f: impl FnMut(Side) -> T) -> PerSide<'a, T> {
        PerSide(
            v.side_ids()
                .map(|s| v.side_name(s))
                .zip(v.side_ids().map(f))
                .collect(),
        )
    }
}

#[derive(Serialize)]
struct Meta<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    inventor: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    year: Option<i64>,
    sources: &'a [String],
    notes: &'a [String],
}

#[derive(Serialize)]
struct JsonBoard<'a> {
    grid: &'static str,
    cell_size: f64,
    colours: Vec<String>,
    cells: Vec<JsonCell<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    off_board: Vec<JsonCell<'a>>,
    lines: Vec<Vec<&'a str>>,
}

#[derive(Serialize)]
struct JsonCell<'a> {
    name: &'a str,
    coord: [i32; 2],
    x: f64,
    y: f64,
    colour: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<&'static str>,
    corners: Vec<[f64; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    place_on: Option<&'a str>,
}

#[derive(Serialize)]
struct Setup<'a> {
    to_move: &'a str,
    /// Each side's pieces by cell, under the side's name.
    #[serde(flatten)]
    placed: PerSide<'a, IndexMap<&'a str, &'a str>>,
    hands: PerSide<'a, IndexMap<&'a str, u16>>,
    position: String,
}

#[derive(Serialize)]
struct JsonCastling<'a> {
    side: &'a str,
    king: &'a str,
    king_from: &'a str,
    king_to: &'a str,
    rook: &'a str,
    rook_from: &'a str,
    rook_to: &'a str,
    empty: Vec<&'a str>,
    passage: Vec<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    written: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonRules<'a> {
    checkmate_wins: bool,
    stalemate: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    stalemate_with: Option<ScoreWith<'a>>,
    captures_to_hand: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    repetition: Option<Repetition>,
    #[serde(skip_serializing_if = "Option::is_none")]
    move_limit: Option<JsonMoveLimit<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    facing: Option<Facing<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    draw_without: Vec<&'a str>,
    /// `royal captured` (written only when true, so other variants' tables are unchanged).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    royal_captured: bool,
    /// `impasse ...` (written only when the rules have one).
    #[serde(skip_serializing_if = "Option::is_none")]
    impasse: Option<JsonImpasse<'a>>,
    /// `placement ...` (written only when the rules have one).
    #[serde(skip_serializing_if = "Option::is_none")]
    placement: Option<JsonPlacement<'a>>,
}

/// The placement phase: each side puts the pieces of its hand at the start on its cells of
/// `zone`, `alternate` (one each in turn order) or `sequential` (a whole hand at a time).
#[derive(Serialize)]
struct JsonPlacement<'a> {
    zone: &'a str,
    order: &'static str,
}

/// The impasse: when every royal piece stands on its side's cells of `zone`, a side with
/// fewer than `need` points loses; `points` gives every piece type's worth.
#[derive(Serialize)]
struct JsonImpasse<'a> {
    zone: &'a str,
    need: u32,
    points: IndexMap<&'a str, u32>,
}

#[derive(Serialize)]
struct ScoreWith<'a> {
    score: String,
    pieces: Vec<&'a str>,
}

#[derive(Serialize)]
struct Repetition {
    times: u32,
    score: String,
}

#[derive(Serialize)]
struct JsonMoveLimit<'a> {
    moves: u32,
    score: String,
    reset_by: Vec<&'a str>,
}

#[derive(Serialize)]
struct Facing<'a> {
    directions: Vec<Directions>,
    lines: PerSide<'a, IndexMap<&'a str, Vec<Vec<&'a str>>>>,
}

#[derive(Serialize)]
struct Directions {
    hours: Vec<u8>,
    ray: &'static str,
}

#[derive(Serialize)]
struct JsonPromotion<'a> {
    zone: &'a str,
    to: Vec<&'a str>,
    optional: bool,
    /// `captured`: "stop" or "wait"; written only when the promotion has it.
    #[serde(skip_serializing_if = "Option::is_none")]
    captured: Option<&'static str>,
}

#[derive(Serialize)]
struct JsonDrops<'a> {
    not_defended_by: Vec<&'a str>,
    no_check: bool,
    /// `drop no-mate`: written only then.
    #[serde(skip_serializing_if = "is_false")]
    no_mate: bool,
    /// `drop at-most N per-line ...`: written only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    line_limits: Vec<JsonLineLimit>,
    /// With `line_limits`: per side and cell, the lines through the cell (the cell left out)
    /// each with the most pieces of the type it may hold after a drop there.
    #[serde(skip_serializing_if = "Option::is_none")]
    lines: Option<PerSide<'a, IndexMap<&'a str, Vec<JsonDropLine<'a>>>>>,
}

/// The lines along `directions` (each with its opposite) through a drop's cell may hold at
/// most `at_most` of the owner's pieces of the type, the dropped one included.
#[derive(Serialize)]
struct JsonLineLimit {
    at_most: u32,
    directions: Vec<Directions>,
}

#[derive(Serialize)]
struct JsonDropLine<'a> {
    at_most: u32,
    cells: Vec<&'a str>,
}

#[derive(Serialize)]
struct JsonMoveRule<'a> {
    #[serde(flatten)]
    movement: JsonMovement<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guard: Option<JsonRuleGuard<'a>>,
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
enum JsonMovement<'a> {
    Ride {
        hours: Vec<u8>,
        ray: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        max: Option<u32>,
        #[serde(rename = "move")]
        moves: bool,
        capture: bool,
        #[serde(skip_serializing_if = "is_false")]
        en_passant: bool,
    },
    Leap {
        leaps: Vec<JsonLeap>,
        #[serde(skip_serializing_if = "is_false")]
        lame: bool,
        #[serde(rename = "move")]
        moves: bool,
        capture: bool,
    },
    LeapRide {
        leaps: Vec<JsonLeap>,
        #[serde(skip_serializing_if = "Option::is_none")]
        max: Option<u32>,
        #[serde(rename = "move")]
        moves: bool,
        capture: bool,
    },
    Hop {
        hours: Vec<u8>,
        ray: &'static str,
        #[serde(rename = "move")]
        moves: bool,
        capture: bool,
    },
    Cannon {
        hours: Vec<u8>,
        ray: &'static str,
        #[serde(rename = "move")]
        moves: bool,
        capture: bool,
    },
    MultiStep {
        max: u32,
        hours: Vec<u8>,
        ray: &'static str,
        from: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        zone: Option<&'a str>,
        /// `no-en-passant`: written only then, as `"no_en_passant": true`.
        #[serde(skip_serializing_if = "is_false")]
        no_en_passant: bool,
    },
}

#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum JsonLeap {
    Vector([i32; 2]),
    Hours(Vec<u8>),
}

#[derive(Serialize)]
struct JsonRuleGuard<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    unmoved: Option<bool>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    from: Vec<ZoneTest<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    to: Vec<ZoneTest<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pointing: Vec<PointingTest>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    occupants: Vec<RelativeOccupant>,
}

/// `when pointing HOUR` (`holds`) or `unless pointing HOUR`.
#[derive(Serialize)]
struct PointingTest {
    hour: u8,
    holds: bool,
}

#[derive(Serialize)]
struct ZoneTest<'a> {
    zone: &'a str,
    inside: bool,
}

#[derive(Serialize)]
struct RelativeOccupant {
    who: &'static str,
    cells: Vec<JsonLeap>,
    present: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A score as the language writes it: "win", "draw", "loss" or "N/M".
fn score(s: Score) -> String {
    s.describe()
}

/// A drawing coordinate to two decimals, as the SVG renderer prints it (never `-0`).
fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0 + 0.0
}

fn hours(set: HourSet) -> Vec<u8> {
    set.iter().map(|h| h.get()).collect()
}

fn ray(kind: RayKind) -> &'static str {
    match kind {
        RayKind::Line => "line",
        RayKind::SameColour => "same-colour",
        RayKind::FaceFirst => "face-first",
        RayKind::PointFirst => "point-first",
    }
}

fn directions(set: DirSet) -> Vec<Directions> {
    set.by_kind()
        .map(|(kind, h)| Directions {
            hours: hours(h),
            ray: ray(kind),
        })
        .collect()
}

fn leap(l: &Leap) -> JsonLeap {
    match l {
        Leap::Vector(v) => JsonLeap::Vector([v.a, v.b]),
        Leap::Path(hs) => JsonLeap::Hours(hs.iter().map(|h| h.get()).collect()),
    }
}

fn symbol(v: &Variant, p: PieceId) -> &str {
    &v.piece(p).symbol
}

fn symbols<'a>(v: &'a Variant, ps: &[PieceId]) -> Vec<&'a str> {
    ps.iter().map(|p| symbol(v, *p)).collect()
}

/// Per side, the board cells with the lines a drop of `piece` there must keep within limits.
fn drop_lines<'a>(
    v: &'a Variant,
    t: &MoveTables,
    piece: PieceId,
) -> PerSide<'a, IndexMap<&'a str, Vec<JsonDropLine<'a>>>> {
    let b = &v.board;
    PerSide::of(v, |side| {
        b.cells()
            .map(|c| {
                let lines = t.drop_lines(piece, side, c).iter();
                let lines = lines.map(|(room, line)| JsonDropLine {
                    at_most: room + 1,
                    cells: names(b, line),
                });
                (b.name(c), lines.collect())
            })
            .collect()
    })
}

fn names<'a>(board: &'a Board, cells: &[CellId]) -> Vec<&'a str> {
    cells.iter().map(|c| board.name(*c)).collect()
}

fn zone_name(v: &Variant, z: ZoneId) -> &str {
    &v.zone(z).name
}

fn cell<'a>(board: &'a Board, c: CellId) -> JsonCell<'a> {
    let p = board.coord(c);
    let (x, y) = svg::centre(board, c);
    JsonCell {
        name: board.name(c),
        coord: [p.a, p.b],
        x: round2(x),
        y: round2(y),
        colour: board.colour(c),
        points: match board.grid {
            Grid::Triangle(lay) => Some(match lay.apex_hour(p) {
                3 => "right",
                9 => "left",
                12 => "up",
                _ => "down",
            }),
            Grid::Hex(_) => None,
        },
        corners: svg::corner_points(board, c)
            .into_iter()
            .map(|(x, y)| [round2(x), round2(y)])
            .collect(),
        place_on: board.place_on(c).map(|o| board.name(o)),
    }
}

fn board_json(v: &Variant) -> JsonBoard<'_> {
    let board = &v.board;
    JsonBoard {
        grid: board.grid.keyword(),
        cell_size: svg::cell_size(board.grid),
        colours: (0..board.colour_count() as usize)
            .map(|i| v.colour_name(i))
            .collect(),
        cells: board.cells().map(|c| cell(board, c)).collect(),
        off_board: board.off_board_cells().map(|c| cell(board, c)).collect(),
        lines: board.lines().iter().map(|l| names(board, l)).collect(),
    }
}

fn setup<'a>(v: &'a Variant, t: &MoveTables) -> Setup<'a> {
    let game = Game::new(v, t);
    let start = game.start_position();
    let placed = |side: Side| {
        v.setup(side)
            .iter()
            .map(|(p, c)| (v.board.name(*c), symbol(v, *p)))
            .collect()
    };
    Setup {
        to_move: v.side_name(start.to_move),
        placed: PerSide::of(v, placed),
        hands: PerSide::of(v, |side| {
            v.piece_ids()
                .filter(|p| start.hands[side][p.index()] > 0)
                .map(|p| (symbol(v, p), start.hands[side][p.index()]))
                .collect()
        }),
        position: game.position_text(&start),
    }
}

fn castling(v: &Variant) -> Vec<JsonCastling<'_>> {
    let b = &v.board;
    v.castlings
        .iter()
        .map(|c| JsonCastling {
            side: v.side_name(c.side),
            king: symbol(v, c.king),
            king_from: b.name(c.king_from),
            king_to: b.name(c.king_to),
            rook: symbol(v, c.rook),
            rook_from: b.name(c.rook_from),
            rook_to: b.name(c.rook_to),
            empty: names(b, &c.empty),
            passage: names(b, &c.passage),
            written: c.notation.as_deref(),
        })
        .collect()
}

fn rules<'a>(v: &'a Variant, t: &'a MoveTables) -> JsonRules<'a> {
    let r = &v.rules;
    let b = &v.board;
    let facing = (!r.facing.is_empty()).then(|| Facing {
        directions: directions(r.facing),
        lines: PerSide::of(v, |side| {
            b.all_cells()
                .filter_map(|c| {
                    let lines = t.facing_lines(side, c);
                    (!lines.is_empty())
                        .then(|| (b.name(c), lines.iter().map(|l| names(b, l)).collect()))
                })
                .collect()
        }),
    });
    JsonRules {
        checkmate_wins: r.checkmate_wins,
        stalemate: score(r.stalemate),
        stalemate_with: r.stalemate_with.as_ref().map(|(s, ps)| ScoreWith {
            score: score(*s),
            pieces: symbols(v, ps),
        }),
        captures_to_hand: r.captures_to_hand,
        repetition: r.repetition.map(|(times, s)| Repetition {
            times,
            score: score(s),
        }),
        move_limit: r.move_limit.as_ref().map(|l| JsonMoveLimit {
            moves: l.moves,
            score: score(l.score),
            reset_by: symbols(v, &l.reset_by),
        }),
        facing,
        draw_without: symbols(v, &r.draw_without),
        royal_captured: r.royal_captured,
        impasse: r.impasse.as_ref().map(|i| JsonImpasse {
            zone: zone_name(v, i.zone),
            need: i.need,
            points: v
                .piece_ids()
                .map(|p| (symbol(v, p), i.worth(p, v.piece(p).royal)))
                .collect(),
        }),
        placement: r.placement.map(|p| JsonPlacement {
            zone: zone_name(v, p.zone),
            order: if p.sequential {
                "sequential"
            } else {
                "alternate"
            },
        }),
    }
}

/// Everything at the top level that version 2 adds.
pub(super) fn whole_variant<'a>(v: &'a Variant, t: &'a MoveTables) -> WholeVariant<'a> {
    WholeVariant {
        meta: Meta {
            inventor: v.meta.inventor.as_deref(),
            year: v.meta.year,
            sources: &v.meta.sources,
            notes: &v.meta.notes,
        },
        board: board_json(v),
        sides: (v.sides != crate::variant::SideInfo::two()).then(|| {
            v.sides
                .iter()
                .map(|s| JsonSide {
                    name: &s.name,
                    forward: crate::geometry::Hour::TWELVE
                        .turned_by(s.frame.hours())
                        .get(),
                })
                .collect()
        }),
        symmetry: v.symmetry.map(|s| match s {
            Symmetry::Mirror => "mirror",
            Symmetry::Rotate => "rotate",
        }),
        zones: v
            .zones
            .iter()
            .map(|z| {
                (
                    z.name.as_str(),
                    PerSide::of(v, |side| names(&v.board, &z.cells[side])),
                )
            })
            .collect(),
        setup: setup(v, t),
        castlings: castling(v),
        rules: rules(v, t),
    }
}

fn mode_of(mode: Mode) -> (bool, bool) {
    (mode.moves, mode.captures)
}

fn movement<'a>(v: &'a Variant, m: &Movement) -> JsonMovement<'a> {
    match m {
        Movement::Ride {
            hours: h,
            kind,
            max,
            mode,
            en_passant,
        } => {
            let (moves, capture) = mode_of(*mode);
            JsonMovement::Ride {
                hours: hours(*h),
                ray: ray(*kind),
                max: *max,
                moves,
                capture,
                en_passant: *en_passant,
            }
        }
        Movement::Leap { leaps, mode, lame } => {
            let (moves, capture) = mode_of(*mode);
            JsonMovement::Leap {
                leaps: leaps.iter().map(leap).collect(),
                lame: *lame,
                moves,
                capture,
            }
        }
        Movement::LeapRide { leaps, max, mode } => {
            let (moves, capture) = mode_of(*mode);
            JsonMovement::LeapRide {
                leaps: leaps.iter().map(leap).collect(),
                max: *max,
                moves,
                capture,
            }
        }
        Movement::Hop {
            hours: h,
            kind,
            beyond,
            mode,
        } => {
            let (moves, capture) = mode_of(*mode);
            let (hours, ray) = (hours(*h), ray(*kind));
            match beyond {
                Beyond::Next => JsonMovement::Hop {
                    hours,
                    ray,
                    moves,
                    capture,
                },
                Beyond::Any => JsonMovement::Cannon {
                    hours,
                    ray,
                    moves,
                    capture,
                },
            }
        }
        Movement::MultiStep {
            max,
            hours: h,
            kind,
            from,
            en_passant,
        } => {
            let (from, zone) = match from {
                MultiStepFrom::Zone(z) => ("zone", Some(zone_name(v, *z))),
                MultiStepFrom::Unmoved => ("unmoved", None),
            };
            JsonMovement::MultiStep {
                max: *max,
                hours: hours(*h),
                ray: ray(*kind),
                from,
                zone,
                no_en_passant: !en_passant,
            }
        }
    }
}

fn rule_guard<'a>(v: &'a Variant, g: &Guard) -> Option<JsonRuleGuard<'a>> {
    let zones = |tests: &[(ZoneId, bool)]| {
        tests
            .iter()
            .map(|(z, inside)| ZoneTest {
                zone: zone_name(v, *z),
                inside: *inside,
            })
            .collect()
    };
    (!g.is_always()).then(|| JsonRuleGuard {
        unmoved: g.unmoved,
        from: zones(&g.from),
        to: zones(&g.to),
        pointing: g
            .pointing
            .iter()
            .map(|(h, holds)| PointingTest {
                hour: h.get(),
                holds: *holds,
            })
            .collect(),
        occupants: g
            .occupants
            .iter()
            .map(|o| RelativeOccupant {
                who: o.who.as_str(),
                cells: o.cells.iter().map(leap).collect(),
                present: o.present,
            })
            .collect(),
    })
}

fn move_rule<'a>(v: &'a Variant, r: &MoveRule) -> JsonMoveRule<'a> {
    JsonMoveRule {
        movement: movement(v, &r.movement),
        guard: rule_guard(v, &r.guard),
    }
}

/// A piece's facts; `droppable` says whether it can be in a hand.
pub(super) fn piece_facts<'a>(
    v: &'a Variant,
    t: &MoveTables,
    id: PieceId,
    droppable: bool,
) -> PieceFacts<'a> {
    let p = v.piece(id);
    PieceFacts {
        royal: p.royal,
        colour_bound: p.declared_colour_bound,
        value: p.value,
        confined: p.confined.map(|z| zone_name(v, z)),
        promotion: p.promotion.as_ref().map(|pr| JsonPromotion {
            zone: zone_name(v, pr.zone),
            to: symbols(v, &pr.to),
            optional: pr.optional,
            captured: pr.captured_only.map(|c| match c {
                NoneCaptured::Stop => "stop",
                NoneCaptured::Wait => "wait",
            }),
        }),
        demotes_to: p.demotes_to.map(|d| symbol(v, d)),
        drops: droppable.then(|| JsonDrops {
            not_defended_by: symbols(v, &p.drops.not_defended_by),
            no_check: p.drops.no_check,
            no_mate: p.drops.no_mate,
            line_limits: p
                .drops
                .line_limits
                .iter()
                .map(|l| JsonLineLimit {
                    at_most: l.at_most,
                    directions: directions(l.lines),
                })
                .collect(),
            lines: (!p.drops.line_limits.is_empty()).then(|| drop_lines(v, t, id)),
        }),
        captures_en_passant: p.captures_en_passant(),
        tracks_unmoved: v.tracks_unmoved(id),
        description: describe::piece(v, t, id),
        movements: p.movements.iter().map(|r| move_rule(v, r)).collect(),
    }
}
