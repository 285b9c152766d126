//! The checked variant: what the rest of hexv trusts. Names are resolved to ids, cells are
//! on the board, Black's setup and zones are derived. Only [`crate::check`] builds one.

use std::ops::{Index, IndexMut};

use crate::geometry::board::{Board, CellId, Symmetry};
use crate::geometry::directions::{DirSet, HourSet};
use crate::geometry::{Coord, Hour, RayKind};

/// A piece type's index in [`Variant::pieces`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceId(pub u8);

impl PieceId {
    /// The id as an index into [`Variant::pieces`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A zone's index in [`Variant::zones`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ZoneId(pub u16);

/// A player, by its place in the turn order: the first to move is 0 (White in a two-sided
/// game), the next 1 (Black), and so on. Hours are in the first side's frame; each other side's
/// frame is turned (Black's by 180°).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Side(u8);

/// Written by its title ("White"), as the two sides always were.
impl std::fmt::Debug for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.title())
    }
}

impl Side {
    /// The side that moves first.
    pub const WHITE: Side = Side(0);
    /// The side that moves second.
    pub const BLACK: Side = Side(1);
    /// White, then Black: the sides of a two-sided game.
    pub const BOTH: [Side; 2] = [Side::WHITE, Side::BLACK];
    /// The most sides a game may have.
    pub const MAX: usize = 6;
    /// The words sides are known by when a variant names none, in turn order.
    const NAMES: [&'static str; Side::MAX] = ["white", "black", "red", "blue", "green", "yellow"];
    const TITLES: [&'static str; Side::MAX] = ["White", "Black", "Red", "Blue", "Green", "Yellow"];

    /// The side at `index` in the turn order, if there can be one there.
    pub fn new(index: usize) -> Option<Side> {
        (index < Side::MAX).then_some(Side(index as u8))
    }

    /// The other side of a two-sided game.
    pub fn opponent(self) -> Side {
        Side(self.0 ^ 1)
    }

    /// The side's word in a file and in output: "white", "black".
    pub fn name(self) -> &'static str {
        Side::NAMES[self.index()]
    }

    /// The side's name at the start of a sentence: "White", "Black".
    pub fn title(self) -> &'static str {
        Side::TITLES[self.index()]
    }

    /// The side's place in the turn order (0 for White, 1 for Black): an index into
    /// per-side arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// `name` with its first letter in upper case: a side's name at the start of a sentence.
pub(crate) fn title_case(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A side as the variant knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideInfo {
    /// Its word in files and output ("white").
    pub name: String,
    /// How its directions turn into absolute ones.
    pub frame: Frame,
}

impl SideInfo {
    /// White and Black, Black's frame turned by half a turn: every two-sided variant's sides.
    pub fn two() -> Vec<SideInfo> {
        vec![
            SideInfo {
                name: Side::WHITE.name().to_string(),
                frame: Frame::FIRST,
            },
            SideInfo {
                name: Side::BLACK.name().to_string(),
                frame: Frame::turned_by(6),
            },
        ]
    }
}

/// How one side's directions turn into absolute ones: its 12 o'clock points `hours` round,
/// clockwise, from the first side's (Black's by 6, a half turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    hours: u8,
}

impl Frame {
    /// The first side's frame: hours as written.
    pub const FIRST: Frame = Frame { hours: 0 };

    /// A frame turned by `hours` (taken modulo 12).
    pub fn turned_by(hours: u8) -> Frame {
        Frame { hours: hours % 12 }
    }

    /// How many hours round from the first side's this frame is.
    pub fn hours(self) -> u8 {
        self.hours
    }

    /// An hour of this frame in absolute terms.
    pub fn hour(self, h: Hour) -> Hour {
        h.turned_by(self.hours)
    }

    /// An axial vector of this frame in absolute terms (hex boards, which turn by sixths).
    pub fn vector(self, v: Coord) -> Coord {
        crate::geometry::turn_hex_vector(v, self.hours)
    }
}

/// One value per side, in turn order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    values: Vec<T>,
}

impl<T> BySide<T> {
    /// White's value and Black's.
    pub fn new(white: T, black: T) -> Self {
        BySide {
            values: vec![white, black],
        }
    }

    /// One value per side, in turn order.
    pub fn from_values(values: Vec<T>) -> Self {
        BySide { values }
    }

    /// The values in turn order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.values.iter()
    }
}

/// Two sides' default values.
impl<T: Default> Default for BySide<T> {
    fn default() -> Self {
        BySide::new(T::default(), T::default())
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, s: Side) -> &T {
        &self.values[s.index()]
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, s: Side) -> &mut T {
        &mut self.values[s.index()]
    }
}

/// Whether a movement may move to an empty cell, capture, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mode {
    /// May move to an empty cell.
    pub moves: bool,
    /// May capture on a cell the opponent holds.
    pub captures: bool,
}

impl Mode {
    /// Moves and captures (the default).
    pub const BOTH: Mode = Mode {
        moves: true,
        captures: true,
    };
    /// `move-only`: never captures.
    pub const MOVE_ONLY: Mode = Mode {
        moves: true,
        captures: false,
    };
    /// `capture-only`: moves only by capturing.
    pub const CAPTURE_ONLY: Mode = Mode {
        moves: false,
        captures: true,
    };
}

/// One movement rule of a piece, in White's frame (Black's is turned 180°).
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Movement {
    /// Along each hour, up to `max` cells (`step` is `max = 1`); stops at the first occupied
    /// cell. Hex diagonal rays pass between cells and a triangle Bishop's rays skip the
    /// other colour: only landing cells block. With `en_passant` (hex steps only) the move
    /// gives the opponent an en-passant capture on the cells it passes between (Dagger's
    /// pawn).
    Ride {
        /// The hours of the rays, in White's frame.
        hours: HourSet,
        /// How the rays move (differs only on triangle boards).
        kind: RayKind,
        /// Most cells along a ray; `None` rides to the edge or the first occupied cell.
        max: Option<u32>,
        /// Whether the movement moves, captures or both.
        mode: Mode,
        /// Marked `en-passant`.
        en_passant: bool,
    },
    /// Jumps to each leap's cell (leaps already expanded by their symmetry).
    Leap {
        /// Every landing, in White's frame.
        leaps: Vec<Leap>,
        /// Whether the leaps move, capture or both.
        mode: Mode,
        /// `lame`: blocked by a piece on any cell the path visits before it lands (the
        /// leaps are then paths of hours on every board).
        lame: bool,
    },
    /// A leap-rider: the same leap again and again from each cell reached, up to `max`
    /// times, stopping at the first occupied cell or the edge (the cells leapt over never
    /// block): the hex nightrider.
    LeapRide {
        /// Every leap, in White's frame.
        leaps: Vec<Leap>,
        /// Most leaps along a line; `None` to the edge or the first occupied cell.
        max: Option<u32>,
        /// Whether the movement moves, captures or both.
        mode: Mode,
    },
    /// A hopper: along each hour, over a piece of either side to a cell beyond it (`hop`:
    /// the next cell; `cannon`: any cell up to the next piece, with exactly one piece
    /// jumped).
    Hop {
        /// The hours of the lines, in White's frame.
        hours: HourSet,
        /// How the lines run (differs only on triangle boards).
        kind: RayKind,
        /// Where it lands beyond the piece it jumps.
        beyond: Beyond,
        /// Whether the movement moves, captures or both.
        mode: Mode,
    },
    /// Up to `max` cells along each hour over empty cells, move only, from where `from`
    /// allows; creates an en-passant right on the cells passed over unless `en_passant` is
    /// false (`no-en-passant`).
    MultiStep {
        /// Most cells advanced (the `N` of `multi-step N`, at least 2).
        max: u32,
        /// The hours advanced along, in White's frame (12 unless the file gives others).
        hours: HourSet,
        /// How the advance moves (differs only on triangle boards).
        kind: RayKind,
        /// Where the piece must stand for the multi-step to be allowed.
        from: MultiStepFrom,
        /// Whether the cells passed over give the opponent an en-passant right (the default).
        en_passant: bool,
    },
}

impl Movement {
    /// Whether this movement already gives every move of `other`: same mode and limits,
    /// with `other`'s hours or leaps among its own (so a line adding `other` adds nothing).
    pub fn covers(&self, other: &Movement) -> bool {
        match (self, other) {
            (
                Movement::Ride {
                    hours,
                    kind,
                    max,
                    mode,
                    en_passant,
                },
                Movement::Ride {
                    hours: h,
                    kind: k,
                    max: m,
                    mode: o,
                    en_passant: e,
                },
            ) => (kind, max, mode, en_passant) == (k, m, o, e) && h.difference(*hours).is_empty(),
            (
                Movement::Leap { leaps, mode, lame },
                Movement::Leap {
                    leaps: l,
                    mode: o,
                    lame: k,
                },
            ) => (mode, lame) == (o, k) && l.iter().all(|x| leaps.contains(x)),
            (
                Movement::LeapRide { leaps, max, mode },
                Movement::LeapRide {
                    leaps: l,
                    max: m,
                    mode: o,
                },
            ) => (mode, max) == (o, m) && l.iter().all(|x| leaps.contains(x)),
            (
                Movement::Hop {
                    hours,
                    kind,
                    beyond,
                    mode,
                },
                Movement::Hop {
                    hours: h,
                    kind: k,
                    beyond: b,
                    mode: o,
                },
            ) => (kind, beyond, mode) == (k, b, o) && h.difference(*hours).is_empty(),
            (
                Movement::MultiStep {
                    max,
                    hours,
                    kind,
                    from,
                    en_passant,
                },
                Movement::MultiStep {
                    max: m,
                    hours: h,
                    kind: k,
                    from: f,
                    en_passant: e,
                },
            ) => (max, kind, from, en_passant) == (m, k, f, e) && h.difference(*hours).is_empty(),
            _ => false,
        }
    }
}

/// A movement with the conditions under which it may be used (`when ...`, `unless ...`).
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRule {
    /// Where the piece may go.
    pub movement: Movement,
    /// When it may go there; [`Guard::default`] for always.
    pub guard: Guard,
}

impl MoveRule {
    /// A movement without conditions.
    pub fn always(movement: Movement) -> MoveRule {
        MoveRule {
            movement,
            guard: Guard::default(),
        }
    }

    /// Whether this rule already gives every move of `other` (same conditions, and its
    /// movement covers the other's).
    pub fn covers(&self, other: &MoveRule) -> bool {
        self.guard == other.guard && self.movement.covers(&other.movement)
    }
}

/// The conditions of a movement line, every one of which must hold. The zone conditions are
/// settled when the tables are compiled; the others are tested on the board.
#[non_exhaustive]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Guard {
    /// `when unmoved` (`Some(true)`) or `unless unmoved` (`Some(false)`).
    pub unmoved: Option<bool>,
    /// `when from ZONE` (`true`) and `unless from ZONE` (`false`): where the piece stands.
    pub from: Vec<(ZoneId, bool)>,
    /// `when to ZONE` and `unless to ZONE`: where it lands.
    pub to: Vec<(ZoneId, bool)>,
    /// `when pointing HOUR` (`true`) and `unless pointing HOUR`: where the apex of the
    /// triangle it stands on points, in the mover's hours.
    pub pointing: Vec<(Hour, bool)>,
    /// `when|unless WHO at CELLS`.
    pub occupants: Vec<OccupantTest>,
}

impl Guard {
    /// True when the movement is always available.
    pub fn is_always(&self) -> bool {
        *self == Guard::default()
    }

    /// True when some condition must be tested on the board (not only where the piece
    /// stands and lands).
    pub fn tested_in_play(&self) -> bool {
        self.unmoved.is_some() || !self.occupants.is_empty()
    }
}

/// `enemy|friend|piece at CELLS` under `when` (`present`) or `unless`.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OccupantTest {
    /// Whose piece counts.
    pub who: Occupant,
    /// The cells, relative to the moving piece, in White's frame.
    pub cells: Vec<Leap>,
    /// `when` (one of the cells must hold such a piece) or `unless` (none may).
    pub present: bool,
}

/// Whose piece an occupant condition looks for, seen from the moving piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Occupant {
    /// The opponent's.
    Enemy,
    /// The mover's own.
    Friend,
    /// Either side's.
    Piece,
}

impl Occupant {
    /// The word of the language and of the JSON format.
    pub fn as_str(self) -> &'static str {
        match self {
            Occupant::Enemy => "enemy",
            Occupant::Friend => "friend",
            Occupant::Piece => "piece",
        }
    }

    /// True when a piece of `owner` counts for a mover of `mover`.
    pub fn matches(self, mover: Side, owner: Side) -> bool {
        match self {
            Occupant::Enemy => owner != mover,
            Occupant::Friend => owner == mover,
            Occupant::Piece => true,
        }
    }
}

/// Where a hopper lands beyond the piece it jumps.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Beyond {
    /// On the cell just beyond it, whatever stands there (`hop`: the grasshopper).
    Next,
    /// On any cell beyond it up to and including the next piece (`cannon`).
    Any,
}

/// Where a leap lands, in White's frame.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Leap {
    /// By an axial vector (hex boards).
    Vector(Coord),
    /// By king steps at these hours, one after the other, each from the cell reached: on a
    /// triangle board the same path means the same thing from both kinds of triangle.
    Path(Vec<Hour>),
}

impl Leap {
    /// Where the leap lands from `from` for a side of frame `frame` (the cells in between do
    /// not matter).
    pub fn target(&self, board: &Board, frame: Frame, from: Coord) -> Coord {
        match self {
            Leap::Vector(v) => from + frame.vector(*v),
            Leap::Path(hours) => hours
                .iter()
                .fold(from, |at, h| board.grid.king_step(at, frame.hour(*h))),
        }
    }

    /// The cells a path visits before it lands (what blocks a lame leap); none for a vector.
    pub fn visited(&self, board: &Board, frame: Frame, from: Coord) -> Vec<Coord> {
        match self {
            Leap::Vector(_) => Vec::new(),
            Leap::Path(hours) => {
                let mut at = from;
                let mut out = Vec::new();
                for h in &hours[..hours.len().saturating_sub(1)] {
                    at = board.grid.king_step(at, frame.hour(*h));
                    out.push(at);
                }
                out
            }
        }
    }
}

impl Movement {
    /// True when the movement gives the opponent an en-passant right.
    pub fn creates_en_passant(&self) -> bool {
        match self {
            Movement::Ride { en_passant, .. } => *en_passant,
            Movement::Leap { .. } | Movement::LeapRide { .. } | Movement::Hop { .. } => false,
            Movement::MultiStep { en_passant, .. } => *en_passant,
        }
    }
}

/// Where a multi-step may start.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiStepFrom {
    /// From the side's cells of the zone (Glinski's pawn start cells, Koval's areas).
    Zone(ZoneId),
    /// From wherever the piece stands while it has not moved (Chessagon's pawns).
    Unmoved,
}

/// A piece's `promote in ZONE to PIECES... [optional] [captured [wait]]`.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The zone; the moving side's cells of it apply.
    pub zone: ZoneId,
    /// The pieces the mover may choose from, in the file's order.
    pub to: Vec<PieceId>,
    /// Shogi style: the piece *may* promote on a move that starts or ends in the zone, and
    /// must where it would have no move. Otherwise (chess) it promotes on arriving there.
    pub optional: bool,
    /// `captured`: only to a type its side has lost (fewer of it on the board and in hand
    /// than the side's setup places), and what a move that must promote does when there is
    /// none; `None`: to any of [`Promotion::to`].
    pub captured_only: Option<NoneCaptured>,
}

/// What a piece that must promote, only to pieces its side has lost, does when none is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoneCaptured {
    /// It may not make the move (Grand Chess: a pawn may not reach the last rank).
    Stop,
    /// `wait`: it makes the move unpromoted, and promotes where it stands, as a move of its
    /// own, once one is lost (Wellisch).
    Wait,
}

/// Restrictions on dropping a piece from the hand (a piece is never dropped where it would
/// have no move, and a drop never promotes: those hold for every piece).
#[non_exhaustive]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DropRules {
    /// Not on a cell that one of the owner's pieces of these types could capture on.
    pub not_defended_by: Vec<PieceId>,
    /// A drop of the piece may not give check.
    pub no_check: bool,
    /// A drop of the piece may not give checkmate: leave the side to move next in check
    /// without a legal move (shogi's rule against mating by a pawn drop).
    pub no_mate: bool,
    /// `at-most N per-line DIRECTIONS`: after the drop, no line through its cell along one of
    /// these directions (either way) holds more than N of the owner's pieces of this type.
    pub line_limits: Vec<LineLimit>,
}

/// Shogi's impasse: once every royal piece of both sides stands on its side's cells of `zone`
/// (both kings have entered the other's camp), the game ends on points.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Impasse {
    /// Where the royal pieces must all stand, each side on its own cells.
    pub zone: ZoneId,
    /// The points a side needs not to lose: fewer loses, else (or both fewer) a draw.
    pub need: u32,
    /// The pieces the file gives a worth (`counting PIECE N ...`).
    pub points: Vec<(PieceId, u32)>,
}

impl Impasse {
    /// What a piece of this type counts: as the file says, else 0 for a royal piece and 1
    /// for any other.
    pub fn worth(&self, piece: PieceId, royal: bool) -> u32 {
        self.points
            .iter()
            .find(|(p, _)| *p == piece)
            .map_or(u32::from(!royal), |(_, n)| *n)
    }
}

/// `placement in ZONE [alternate | sequential]`: a placement phase before play, in which the
/// pieces of each side's hand at the start are put on the board.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Where each side places: its own cells of the zone, any empty one.
    pub zone: ZoneId,
    /// Each side places its whole hand before the next begins (`sequential`); otherwise the
    /// sides place one piece each in turn order.
    pub sequential: bool,
}

/// A limit on the pieces of one type a side may have on a line through a drop's cell (shogi's
/// rule of one unpromoted pawn per file is `at-most 1` along the file).
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineLimit {
    /// Most pieces of the type the line may hold, the dropped one included (at least 1).
    pub at_most: u32,
    /// The lines' directions, in White's frame; a direction and its opposite are one line.
    pub lines: DirSet,
}

/// A piece type: names, movements and what happens to it on promotion, capture and drop.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The name the file gives it (`Rook`).
    pub name: String,
    /// Its symbol in setups, notation and positions (`R`).
    pub symbol: String,
    /// May not be left attacked; checkmating it wins when the rules say so.
    pub royal: bool,
    /// The file says `colour-bound` (verified by the checker).
    pub declared_colour_bound: bool,
    /// Every movement with its conditions, `like` lines expanded.
    pub movements: Vec<MoveRule>,
    /// Its promotion, if it has one.
    pub promotion: Option<Promotion>,
    /// Where it may be dropped from the hand.
    pub drops: DropRules,
    /// What the piece becomes in the captor's hand (itself unless it is a promoted piece).
    pub demotes_to: Option<PieceId>,
    /// The engine's value of the piece in hundredths of a pawn, when the file gives one
    /// (`value N`); otherwise the engine derives it from the piece's mobility.
    pub value: Option<u32>,
    /// `confined to ZONE`: every cell its moves land on or pass through is in the side's
    /// cells of the zone.
    pub confined: Option<ZoneId>,
    /// `glyph NAME`: the figure pictures draw it as; otherwise its name chooses one.
    pub glyph: Option<Glyph>,
}

/// The figures a `glyph` line may choose: the orthodox chess pieces', a shogi tile and a
/// disc, each carrying the piece's symbol where it has no figure of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// A crown with a cross.
    King,
    /// A crown of five points.
    Queen,
    /// A tower.
    Rook,
    /// A mitre.
    Bishop,
    /// A horse's head.
    Knight,
    /// A pawn.
    Pawn,
    /// A five-sided tile pointing at the opponent, the symbol on it (shogi's pieces).
    Tile,
    /// A disc with the symbol on it.
    Disc,
}

impl Glyph {
    /// Every glyph, in the order the language documents them.
    pub const ALL: [Glyph; 8] = [
        Glyph::King,
        Glyph::Queen,
        Glyph::Rook,
        Glyph::Bishop,
        Glyph::Knight,
        Glyph::Pawn,
        Glyph::Tile,
        Glyph::Disc,
    ];

    /// Its word in the language (`knight`).
    pub fn word(self) -> &'static str {
        match self {
            Glyph::King => "king",
            Glyph::Queen => "queen",
            Glyph::Rook => "rook",
            Glyph::Bishop => "bishop",
            Glyph::Knight => "knight",
            Glyph::Pawn => "pawn",
            Glyph::Tile => "tile",
            Glyph::Disc => "disc",
        }
    }

    /// The glyph a word names, exactly as the language writes it.
    pub fn from_word(word: &str) -> Option<Glyph> {
        Glyph::ALL.into_iter().find(|g| g.word() == word)
    }
}

impl Piece {
    /// True when the piece can capture en passant: it has a move that gives the opponent
    /// that right (a multi-step, or a step marked `en-passant`), as pawns do.
    pub fn captures_en_passant(&self) -> bool {
        self.movements
            .iter()
            .any(|r| r.movement.creates_en_passant())
    }

    /// True for a pawn-like piece: it promotes, and either makes a multi-step or moves and
    /// captures by different lines (move-only beside capture-only), as the pawns of every
    /// shipped chess variant do.
    pub fn is_pawn_like(&self) -> bool {
        let mode = |m: &Movement| match m {
            Movement::Ride { mode, .. }
            | Movement::Leap { mode, .. }
            | Movement::LeapRide { mode, .. }
            | Movement::Hop { mode, .. } => Some(*mode),
            Movement::MultiStep { .. } => None,
        };
        let has = |wanted: Mode| {
            self.movements
                .iter()
                .any(|r| mode(&r.movement) == Some(wanted))
        };
        self.promotion.is_some()
            && (self.has_multi_step() || (has(Mode::MOVE_ONLY) && has(Mode::CAPTURE_ONLY)))
    }

    /// True when the piece has a multi-step.
    pub fn has_multi_step(&self) -> bool {
        self.movements
            .iter()
            .any(|r| matches!(r.movement, Movement::MultiStep { .. }))
    }

    /// True when the piece has a multi-step that only an unmoved piece may make.
    pub fn multi_steps_when_unmoved(&self) -> bool {
        self.movements.iter().any(|r| {
            matches!(
                r.movement,
                Movement::MultiStep {
                    from: MultiStepFrom::Unmoved,
                    ..
                }
            )
        })
    }
}

/// A named set of cells, each side's own (Black's derived by the symmetry unless given).
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    /// The name the file gives it.
    pub name: String,
    /// Each side's cells.
    pub cells: BySide<Vec<CellId>>,
}

/// What a result is worth to a player, in points (1 = win, 1/2 = draw, 0 = loss).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// Points won, over `denominator`.
    pub numerator: u32,
    /// Never 0 (the checker allows 1 to 1000).
    pub denominator: u32,
}

impl Score {
    /// 1: the whole point.
    pub const WIN: Score = Score {
        numerator: 1,
        denominator: 1,
    };
    /// 1/2.
    pub const DRAW: Score = Score {
        numerator: 1,
        denominator: 2,
    };
    /// 0.
    pub const LOSS: Score = Score {
        numerator: 0,
        denominator: 1,
    };

    /// "win", "draw", "loss", or the fraction as `n/d`.
    pub fn describe(self) -> String {
        match (self.numerator, self.denominator) {
            (1, 1) => "win".into(),
            (0, _) => "loss".into(),
            (n, d) if 2 * n == d => "draw".into(),
            (n, d) => format!("{n}/{d}"),
        }
    }
}

/// How the game ends and what happens to captured pieces (the `rules` block).
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Whether the game is won by checkmating a royal piece.
    pub checkmate_wins: bool,
    /// The stalemating side's score.
    pub stalemate: Score,
    /// The stalemating side's score instead when it still has one of these pieces (Koval).
    pub stalemate_with: Option<(Score, Vec<PieceId>)>,
    /// Captured pieces go to the captor's hand, demoted, and may be dropped (shogi).
    pub captures_to_hand: bool,
    /// The game ends when the same position occurs this many times, with this score for the
    /// side whose move repeated it (a draw, or a loss for that side).
    pub repetition: Option<(u32, Score)>,
    /// The game ends when each side has made this many moves without a capture (nor a move
    /// of one of `reset_by`).
    pub move_limit: Option<MoveLimit>,
    /// `facing DIRECTIONS`: a royal piece may not stand on an open line along these (in its
    /// side's frame) with an enemy royal piece, as if each attacked the other there
    /// (xiangqi's flying general). Empty when the rules have no such line.
    pub facing: DirSet,
    /// `draw-without PIECES`: the game is drawn once neither side has a piece of these types.
    pub draw_without: Vec<PieceId>,
    /// `impasse in ZONE need N ...`: shogi's impasse, scored by points.
    pub impasse: Option<Impasse>,
    /// `placement in ZONE ...`: the pieces in hand at the start are placed before play.
    pub placement: Option<Placement>,
    /// With more than two sides: who leaves the game instead of ending it, and what becomes
    /// of its pieces.
    pub leaving: Leaving,
    /// `royal captured`: royal pieces are captured, not mated. No move is refused for leaving
    /// the mover's royal pieces attacked, and the game ends when a side has fewer royal pieces
    /// than its setup gives it; the side that took one wins (`checkmate_wins` is then false).
    pub royal_captured: bool,
}

/// `checkmate out`, `stalemate out` and `eliminated ...` (more than two sides only).
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Leaving {
    /// A checkmated side leaves the game, which goes on without it.
    pub checkmate: bool,
    /// A stalemated side leaves the game.
    pub stalemate: bool,
    /// What becomes of a leaving side's pieces.
    pub pieces: LeftPieces,
    /// A side whose royal piece is taken leaves the game (`royal captured out`).
    pub royal: bool,
}

impl Leaving {
    /// True when some side may leave the game.
    pub fn any(self) -> bool {
        self.checkmate || self.stalemate || self.royal
    }
}

/// What becomes of the pieces of a side that leaves the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LeftPieces {
    /// Taken off the board, the hand emptied.
    #[default]
    Removed,
    /// Left standing where they are: they never move again nor attack, and may be captured.
    Stay,
    /// Handed, with the hand, to the side whose move left it without a legal move; its
    /// royal pieces are taken off the board.
    ToMater,
}

/// `move-limit N OUTCOME [reset-by PIECE ...]`.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLimit {
    /// Moves by each side (the count of plies is twice this).
    pub moves: u32,
    /// The score when the limit ends the game (the grammar allows only a draw).
    pub score: Score,
    /// Pieces whose moves also restart the count (orthodox chess: the pawn).
    pub reset_by: Vec<PieceId>,
}

impl Rules {
    /// True when positions have hands: captured pieces go to one (`captures to-hand`), or
    /// the setup's hands are placed (`placement`).
    pub fn has_hands(&self) -> bool {
        self.captures_to_hand || self.placement.is_some()
    }

    /// The defaults of a file without a `rules` block: checkmate wins, stalemate draws.
    pub fn orthodox() -> Rules {
        Rules {
            checkmate_wins: true,
            stalemate: Score::DRAW,
            stalemate_with: None,
            captures_to_hand: false,
            repetition: None,
            move_limit: None,
            facing: DirSet::EMPTY,
            draw_without: Vec::new(),
            impasse: None,
            placement: None,
            leaving: Leaving::default(),
            royal_captured: false,
        }
    }

    /// Whether a side whose royal piece was taken leaves the game, which goes on: with `royal
    /// captured out`, and with `checkmate out`, where a side may take a royal piece its owner
    /// had no turn to save (Wellisch: the army passes to the king's captor).
    pub fn royal_loss_leaves(&self) -> bool {
        self.leaving.royal || self.leaving.checkmate
    }

    /// Whether taking a royal piece ends the game, the side that took it winning: with `royal
    /// captured`, and in a game of `sides` more than two whose first mate ends it (a third
    /// side may take a royal piece its owner had no turn to save).
    pub fn royal_loss_ends(&self, sides: usize) -> bool {
        !self.royal_loss_leaves() && (self.royal_captured || sides > 2 && self.checkmate_wins)
    }
}

/// One castling option of one side: the king's move and the rook's, on one line.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castling {
    /// Whose option it is.
    pub side: Side,
    /// The piece that castles as the king.
    pub king: PieceId,
    /// The king's start cell (it must not have moved).
    pub king_from: CellId,
    /// Where the king lands.
    pub king_to: CellId,
    /// The piece castled with.
    pub rook: PieceId,
    /// The rook's start cell (it must not have moved).
    pub rook_from: CellId,
    /// Where the rook lands.
    pub rook_to: CellId,
    /// Cells that must be empty: the line from the king to the farthest cell involved,
    /// except the two pieces' own cells.
    pub empty: Vec<CellId>,
    /// Cells the king passes and lands on: none may be attacked (nor its start).
    pub passage: Vec<CellId>,
    /// How records write this castling (`O-O`, Koval's `R0-0`), when the rules say; without
    /// it, a castling is written as the king's move.
    pub notation: Option<String>,
}

/// What the file says about the variant rather than its rules.
#[non_exhaustive]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// The `variant` line: the variant's name.
    pub name: String,
    /// The `inventor` line.
    pub inventor: Option<String>,
    /// The `year` line.
    pub year: Option<i64>,
    /// Every `source` line: the rule texts the file follows.
    pub sources: Vec<String>,
    /// Every `note` line.
    pub notes: Vec<String>,
}

/// Pieces placed at the start: (piece, cell) pairs.
pub type Placements = Vec<(PieceId, CellId)>;

/// A checked variant: the board, the pieces and their movements, the setup, castlings and
/// the rules. Only the checker builds one, so everything in it is consistent (ids in range,
/// cells on the board, Black's setup and zones derived); it is read through its accessors.
#[derive(Clone, Debug)]
pub struct Variant {
    pub(crate) meta: Meta,
    pub(crate) board: Board,
    pub(crate) symmetry: Option<Symmetry>,
    pub(crate) pieces: Vec<Piece>,
    pub(crate) zones: Vec<Zone>,
    pub(crate) setup: BySide<Placements>,
    /// Per side, the pieces in its hand at the start (`hand` lines of the setup).
    pub(crate) start_hands: BySide<Vec<PieceId>>,
    pub(crate) castlings: Vec<Castling>,
    pub(crate) rules: Rules,
    /// The names the file gives the board's colour classes (`colours`), maybe none.
    pub(crate) colour_names: Vec<String>,
    /// The sides in turn order.
    pub(crate) sides: Vec<SideInfo>,
}

impl Variant {
    /// The name, inventor, year, sources and notes.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// The board: its cells, their names, shapes and colours.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How Black's setup and zones were derived from White's, if they were.
    pub fn symmetry(&self) -> Option<Symmetry> {
        self.symmetry
    }

    /// Every piece type, in id order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Every zone, in id order.
    pub fn zones(&self) -> &[Zone] {
        &self.zones
    }

    /// Each side's pieces at the start.
    pub fn setup(&self, side: Side) -> &Placements {
        &self.setup[side]
    }

    /// The pieces in each side's hand at the start, one entry per piece (empty unless the
    /// setup has `hand` lines).
    pub fn start_hand(&self, side: Side) -> &[PieceId] {
        &self.start_hands[side]
    }

    /// How many pieces of `piece` the side's setup places or holds in its hand at the start
    /// (what a promotion to captured pieces compares with).
    pub fn setup_count(&self, side: Side, piece: PieceId) -> usize {
        self.setup(side).iter().filter(|(p, _)| *p == piece).count()
            + self
                .start_hand(side)
                .iter()
                .filter(|p| **p == piece)
                .count()
    }

    /// How many royal pieces `side`'s setup places or holds in its hand at the start (what
    /// `royal captured` counts against).
    pub fn setup_royals(&self, side: Side) -> usize {
        self.setup(side)
            .iter()
            .map(|(p, _)| p)
            .chain(self.start_hand(side))
            .filter(|p| self.piece(**p).royal)
            .count()
    }

    /// Every castling option of both sides.
    pub fn castlings(&self) -> &[Castling] {
        &self.castlings
    }

    /// How the game ends, and whether captures go to the hand.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The name of colour class `i`: the file's, or "colour 1", "colour 2", ...
    pub fn colour_name(&self, i: usize) -> String {
        self.colour_names
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("colour {}", i + 1))
    }

    /// The name the file gives colour class `i`, if it names its colours.
    pub fn colour_named(&self, i: usize) -> Option<&str> {
        self.colour_names.get(i).map(String::as_str)
    }

    /// The piece type with this id.
    pub fn piece(&self, id: PieceId) -> &Piece {
        &self.pieces[id.index()]
    }

    /// Every piece id, in order.
    pub fn piece_ids(&self) -> impl Iterator<Item = PieceId> {
        (0..self.pieces.len()).map(|i| PieceId(i as u8))
    }

    /// The zone with this id.
    pub fn zone(&self, id: ZoneId) -> &Zone {
        &self.zones[id.0 as usize]
    }

    /// True when a piece of this type standing on its setup cell must be told apart from
    /// one that has moved: castling kings and rooks, and pieces with an unmoved multi-step.
    pub fn tracks_unmoved(&self, piece: PieceId) -> bool {
        self.piece(piece).multi_steps_when_unmoved()
            || self
                .piece(piece)
                .movements
                .iter()
                .any(|r| r.guard.unmoved.is_some())
            || self
                .castlings
                .iter()
                .any(|c| c.king == piece || c.rook == piece)
    }

    /// The piece a captured `piece` becomes in the captor's hand.
    pub fn in_hand_as(&self, piece: PieceId) -> PieceId {
        self.piece(piece).demotes_to.unwrap_or(piece)
    }

    /// Finds a piece by symbol or name.
    pub fn find_piece(&self, key: &str) -> Option<PieceId> {
        self.pieces
            .iter()
            .position(|p| p.symbol == key)
            .or_else(|| self.pieces.iter().position(|p| p.name == key))
            .map(|i| PieceId(i as u8))
    }

    /// The sides in turn order, with their names and frames.
    pub fn sides(&self) -> &[SideInfo] {
        &self.sides
    }

    /// Every side, in turn order.
    pub fn side_ids(&self) -> impl Iterator<Item = Side> + '_ {
        (0..self.sides.len()).filter_map(Side::new)
    }

    /// The side's name as the file gives it ("white", "red").
    pub fn side_name(&self, side: Side) -> &str {
        self.sides
            .get(side.index())
            .map_or(side.name(), |s| s.name.as_str())
    }

    /// The side's name at the start of a sentence ("White", "Red").
    pub fn side_title(&self, side: Side) -> String {
        title_case(self.side_name(side))
    }

    /// The side that moves after `side`.
    pub fn next_side(&self, side: Side) -> Side {
        Side::new((side.index() + 1) % self.sides.len().max(1)).unwrap_or(Side::WHITE)
    }

    /// The side that moved before `side`.
    pub fn previous_side(&self, side: Side) -> Side {
        let n = self.sides.len().max(1);
        Side::new((side.index() + n - 1) % n).unwrap_or(Side::WHITE)
    }

    /// The side after `side` (`forward`) or before it in turn order that `is_out` does not
    /// rule out: whose turn comes next, or who moved last, while some sides have left.
    pub fn side_in_game(&self, side: Side, forward: bool, is_out: impl Fn(Side) -> bool) -> Side {
        let step = |s: Side| {
            if forward {
                self.next_side(s)
            } else {
                self.previous_side(s)
            }
        };
        let mut found = step(side);
        for _ in 0..self.sides.len() {
            if !is_out(found) {
                break;
            }
            found = step(found);
        }
        found
    }

    /// Who moves after `side` has placed a piece (`placement`): `side` again while it holds
    /// pieces with `sequential`, else the next side in turn order that still `holds` pieces
    /// to place; once none does, the phase is over and the first side begins play (`holds`
    /// is false for sides out of the game).
    pub fn after_placement(
        &self,
        side: Side,
        sequential: bool,
        holds: impl Fn(Side) -> bool,
    ) -> Side {
        if sequential && holds(side) {
            return side;
        }
        let mut s = side;
        for _ in 0..self.sides.len() {
            s = self.next_side(s);
            if holds(s) {
                return s;
            }
        }
        Side::WHITE
    }

    /// How `side`'s hours and vectors turn into absolute ones.
    pub fn frame(&self, side: Side) -> Frame {
        self.sides
            .get(side.index())
            .map_or(Frame::FIRST, |s| s.frame)
    }
}

#[cfg(test)]
impl Variant {
    /// This variant with `sides` (each a name and the hours its frame turns) in turn order,
    /// each side's setup, zones and castlings the first side's turned by its frame: what
    /// the engines' tests of more than two sides play on.
    pub(crate) fn with_turned_sides(&self, sides: &[(&str, u8)]) -> Result<Variant, String> {
        let first = Side::WHITE;
        let maps = sides
            .iter()
            .map(|&(_, hours)| self.board.turn_map(hours))
            .collect::<Result<Vec<_>, _>>()?;
        let turned = |cells: &[CellId], k: usize| -> Vec<CellId> {
            cells.iter().map(|c| maps[k][c.index()]).collect()
        };
        let mut v = self.clone();
        v.sides = sides
            .iter()
            .map(|&(name, hours)| SideInfo {
                name: name.to_string(),
                frame: Frame::turned_by(hours),
            })
            .collect();
        v.setup = BySide::from_values(
            (0..sides.len())
                .map(|k| {
                    let placed = &self.setup[first];
                    placed
                        .iter()
                        .map(|&(p, c)| (p, maps[k][c.index()]))
                        .collect()
                })
                .collect(),
        );
        v.start_hands = BySide::from_values(vec![self.start_hands[first].clone(); sides.len()]);
        for zone in &mut v.zones {
            let own = zone.cells[first].clone();
            zone.cells = BySide::from_values((0..sides.len()).map(|k| turned(&own, k)).collect());
        }
        let mut castlings = Vec::new();
        for (k, map) in maps.iter().enumerate() {
            let side = Side::new(k).ok_or("more than six sides")?;
            for c in self.castlings.iter().filter(|c| c.side == first) {
                let at = |cell: CellId| map[cell.index()];
                castlings.push(Castling {
                    side,
                    king_from: at(c.king_from),
                    king_to: at(c.king_to),
                    rook_from: at(c.rook_from),
                    rook_to: at(c.rook_to),
                    empty: turned(&c.empty, k),
                    passage: turned(&c.passage, k),
                    ..c.clone()
                });
            }
        }
        v.castlings = castlings;
        Ok(v)
    }
}
