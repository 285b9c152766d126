//! The typed syntax tree: what the file says, every node spanned, nothing checked yet.
//!
//! Every node keeps its span even where the checker does not read it yet: the spans are the
//! tree's contract with the tools built on it (formatter, language server).
#![allow(dead_code)]

use crate::diagnostic::Span;

/// A value with the span it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// A name as written (piece, zone, cell, direction set).
pub type Name = Spanned<String>;

/// A number as written; `None` when it does not fit in 64 bits (reported by the checker).
pub type Number = Spanned<Option<i64>>;

#[derive(Clone, Debug, Default)]
pub struct Ast {
    pub items: Vec<Item>,
}

#[derive(Clone, Debug)]
pub enum Item {
    Meta(Meta),
    Year(Number),
    Symmetry(Spanned<SymmetryKind>),
    Sides(SidesDef),
    Directions(DirectionsDef),
    Zone(ZoneDef),
    Board(BoardBlock),
    Piece(PieceDef),
    Setup(SetupBlock),
    Rules(RulesBlock),
    Castling(CastlingBlock),
    Bad(BadLine),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MetaKey {
    Variant,
    Inventor,
    Source,
    Note,
}

#[derive(Clone, Debug)]
pub struct Meta {
    pub key: Spanned<MetaKey>,
    pub value: Spanned<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymmetryKind {
    Mirror,
    Rotate,
}

/// A direction as written: a clock hour or the name of a set.
#[derive(Clone, Debug)]
pub enum Direction {
    Hour(Number),
    Named(Name),
}

impl Direction {
    pub fn span(&self) -> Span {
        match self {
            Direction::Hour(n) => n.span,
            Direction::Named(n) => n.span,
        }
    }
}

#[derive(Clone, Debug)]
pub struct DirectionsDef {
    pub name: Name,
    pub directions: Vec<Direction>,
    pub span: Span,
}

/// `sides NAME [forward HOUR] ...`: the sides in turn order.
#[derive(Clone, Debug)]
pub struct SidesDef {
    pub keyword: Span,
    pub sides: Vec<SideDecl>,
    pub span: Span,
}

/// One side of a `sides` line: its name, and where its 12 o'clock points if stated.
#[derive(Clone, Debug)]
pub struct SideDecl {
    pub name: Name,
    pub forward: Option<Number>,
}

#[derive(Clone, Debug)]
pub struct ZoneDef {
    pub name: Name,
    /// `zone x = ...` gives White's cells only; a block gives each side it names.
    pub sides: Vec<(Option<Name>, Vec<Name>)>,
    /// Unreadable lines of a zone block.
    pub bad: Vec<BadLine>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct BoardBlock {
    pub keyword: Span,
    pub statements: Vec<BoardStmt>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    Flat,
    Pointy,
    /// Triangles with a vertical side (`cells triangle`, `cells triangle columns`).
    Triangle,
    /// Triangles with a horizontal side (`cells triangle rows`).
    TriangleRows,
}

#[derive(Clone, Debug)]
pub enum Shape {
    Hexagon(Number),
    Rhombus(Number, Number),
    /// Column heights, and where each column starts (`starting ...`) when not centred.
    Columns(Vec<Number>, Option<Vec<Number>>),
    /// Rank lengths, and where each rank starts when not centred.
    Ranks(Vec<Number>, Option<Vec<Number>>),
}

#[derive(Clone, Debug)]
pub enum Naming {
    Files(Vec<Name>),
    Ranks(Vec<Name>),
    Snake,
    /// Rank letters from the top rank down; files numbered from the right.
    Shogi(Vec<Name>),
    /// Pointy boards: letters of the files leaning left (11 o'clock lines) or right (1
    /// o'clock), left to right, with the rank number from the board's bottom rank.
    Leaning {
        left: bool,
        letters: Vec<Name>,
    },
    List(Vec<Name>),
}

#[derive(Clone, Debug)]
pub enum BoardStmt {
    Cells(Spanned<CellKind>),
    Shape(Spanned<Shape>),
    Names(Spanned<Naming>),
    Remove(Vec<Name>),
    Cell {
        name: Name,
        at: Spanned<(Number, Number)>,
    },
    Colours(Spanned<Vec<Name>>),
    OffBoard(OffBoardDef),
    Bad(BadLine),
}

/// `off-board NAME at (A, B) [place-on CELL]`: a cell outside the board.
#[derive(Clone, Debug)]
pub struct OffBoardDef {
    pub name: Name,
    pub at: Spanned<(Number, Number)>,
    pub place_on: Option<Name>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    MoveOnly,
    CaptureOnly,
}

/// Where a hopper lands beyond the piece it jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Beyond {
    /// `hop`: on the next cell.
    Next,
    /// `cannon`: on any cell up to the next piece.
    Any,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeapSymmetry {
    All,
    Mirror,
    None,
}

/// One leap as written: a vector `(a, b)` or a path of clock-hour unit steps `[12 1]`.
#[derive(Clone, Debug)]
pub enum Leap {
    Vector(Number, Number),
    Path(Vec<Number>),
}

#[derive(Clone, Debug)]
pub struct Leaps {
    pub leaps: Vec<Spanned<Leap>>,
    pub symmetry: Option<Spanned<LeapSymmetry>>,
}

#[derive(Clone, Debug)]
pub enum PieceStmt {
    Royal(Span),
    /// `value N`: the engine's value of the piece, in hundredths of a pawn.
    Value {
        value: Number,
        span: Span,
    },
    /// `glyph NAME`: the figure pictures draw the piece as.
    Glyph {
        name: Name,
        span: Span,
    },
    ColourBound(Span),
    Step {
        directions: Vec<Direction>,
        mode: Option<Spanned<Mode>>,
        /// `en-passant`: the step gives an en-passant right on the cells it passes.
        en_passant: Option<Span>,
        /// `when ...` / `unless ...` clauses, all of which must hold.
        guards: Vec<Guard>,
        span: Span,
    },
    Ride {
        directions: Vec<Direction>,
        /// `ride LEAPS`: a leap-rider (then `directions` is empty).
        leaps: Option<Leaps>,
        max: Option<Number>,
        mode: Option<Spanned<Mode>>,
        /// `when ...` / `unless ...` clauses, all of which must hold.
        guards: Vec<Guard>,
        span: Span,
    },
    Leap {
        leaps: Leaps,
        /// `lame`: blocked by a piece on a cell the path visits before landing.
        lame: Option<Span>,
        mode: Option<Spanned<Mode>>,
        /// `when ...` / `unless ...` clauses, all of which must hold.
        guards: Vec<Guard>,
        span: Span,
    },
    /// `confined to ZONE`: the piece never leaves the zone.
    Confined {
        zone: Name,
        span: Span,
    },
    /// `hop` (over the first piece to the cell beyond) or `cannon` (over exactly one piece,
    /// then on beyond it).
    Hop {
        directions: Vec<Direction>,
        beyond: Beyond,
        mode: Option<Spanned<Mode>>,
        /// `when ...` / `unless ...` clauses, all of which must hold.
        guards: Vec<Guard>,
        span: Span,
    },
    MultiStep {
        count: Number,
        /// Empty: straight ahead.
        directions: Vec<Direction>,
        from: MultiStepFrom,
        /// `no-en-passant`: where it was written (the cells passed give no right).
        no_en_passant: Option<Span>,
        /// `when ...` / `unless ...` clauses, all of which must hold.
        guards: Vec<Guard>,
        span: Span,
    },
    Promote {
        zone: Name,
        to: Vec<Name>,
        /// `optional`: may promote on a move that starts or ends in the zone.
        optional: Option<Span>,
        /// `captured [wait]`: only to pieces its side has lost; the flag is `wait`.
        captured: Option<Spanned<bool>>,
        span: Span,
    },
    /// `like PIECE ...`: the movements of other pieces.
    Like(Vec<Name>),
    Drop(Spanned<DropRule>),
    Bad(BadLine),
}

/// A `when COND` or `unless COND` clause of a movement line.
#[derive(Clone, Debug)]
pub struct Guard {
    /// `when` (the condition must hold) or `unless` (it must not).
    pub holds: bool,
    pub condition: GuardCondition,
    pub span: Span,
}

/// What a `when` or `unless` clause tests.
#[derive(Clone, Debug)]
pub enum GuardCondition {
    /// `unmoved`: the piece has not moved yet.
    Unmoved,
    /// `from ZONE`: it stands on the side's cells of the zone.
    From(Name),
    /// `to ZONE`: it lands on them.
    To(Name),
    /// `pointing HOUR`: its triangle points its apex at that hour (seen by the mover).
    Pointing(Number),
    /// `enemy|friend|piece at CELLS`: one of the cells (relative to the piece) holds such a
    /// piece.
    Occupant {
        who: Spanned<Occupant>,
        cells: Vec<Spanned<Leap>>,
    },
}

/// Whose piece an occupant condition looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    Enemy,
    Friend,
    Piece,
}

/// Where a multi-step may start.
#[derive(Clone, Debug)]
pub enum MultiStepFrom {
    /// The side's cells of a zone.
    Zone(Name),
    /// Wherever the piece stands, while it has not moved.
    Unmoved(Span),
}

/// A restriction on dropping a piece from the hand.
#[derive(Clone, Debug)]
pub enum DropRule {
    /// Not on a cell that one of the owner's pieces of these types could capture on.
    NotDefendedBy(Vec<Name>),
    /// A drop of the piece may not give check.
    NoCheck,
    /// A drop of the piece may not give checkmate.
    NoMate,
    /// `at-most N per-line DIRECTIONS`: no line through the drop cell along these directions
    /// may then hold more than N of the owner's pieces of this type.
    LineLimit(Number, Vec<Direction>),
}

#[derive(Clone, Debug)]
pub struct PieceDef {
    pub name: Name,
    pub symbol: Name,
    pub statements: Vec<PieceStmt>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Placement {
    pub piece: Name,
    pub cells: Vec<Name>,
}

#[derive(Clone, Debug)]
pub struct SetupBlock {
    pub side: Option<Name>,
    pub keyword: Span,
    pub placements: Vec<Placement>,
    /// `hand PIECE ...` lines: the pieces in the side's hand at the start, one name each.
    pub hand: Vec<Name>,
    pub bad: Vec<BadLine>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// The stalemating side's score.
#[derive(Clone, Debug, PartialEq)]
pub enum StalemateScore {
    Outcome(Outcome),
    Fraction(Number, Number),
    /// `out`: the stalemated side leaves the game (more than two sides).
    Out,
}

/// `eliminated remove | stay | to-mater`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EliminatedKind {
    Remove,
    Stay,
    ToMater,
}

#[derive(Clone, Debug)]
pub enum RulesStmt {
    /// `checkmate win` (`false`) or `checkmate out` (`true`): the span of the word.
    Checkmate(Span, bool),
    /// The score, and the other score when the stalemating side still has one of the pieces
    /// (`stalemate win but draw with Q R P`).
    Stalemate(
        Spanned<StalemateScore>,
        Option<(Spanned<StalemateScore>, Vec<Name>)>,
    ),
    CastlingNone(Span),
    /// `captures to-hand`.
    CapturesToHand(Span),
    /// `repetition N draw` (`false`) or `repetition N loss` (`true`: the side whose move
    /// repeats the position loses).
    Repetition(Number, bool),
    /// `facing DIRECTIONS`: royal pieces may not face each other on an open line.
    Facing(Vec<Direction>, Span),
    /// `draw-without PIECE ...`.
    DrawWithout(Vec<Name>, Span),
    /// `move-limit N draw [reset-by PIECE ...]`.
    MoveLimit(Number, Vec<Name>),
    /// `eliminated remove | stay | to-mater`.
    Eliminated(Spanned<EliminatedKind>),
    /// `royal captured` (`false`) or `royal captured out` (`true`): royal pieces are
    /// captured, not mated (the statement's span).
    RoyalCaptured(Span, bool),
    /// `impasse in ZONE need N [counting PIECE N ...]`.
    Impasse(Impasse),
    /// `placement in ZONE [alternate | sequential]`: the zone, and whether each side places
    /// its whole hand before the next (`sequential`); the statement's span.
    Placement(Name, bool, Span),
    Bad(BadLine),
}

/// `impasse in ZONE need N [counting PIECE N ...]`: shogi's impasse, scored by points.
#[derive(Clone, Debug)]
pub struct Impasse {
    /// Where every royal piece must stand (each side's own cells of the zone).
    pub zone: Name,
    /// The points a side needs not to lose.
    pub need: Number,
    /// The pieces worth other than 1 point (a royal piece is worth 0 unless listed).
    pub points: Vec<(Name, Number)>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct RulesBlock {
    pub statements: Vec<RulesStmt>,
    pub span: Span,
}

/// A line the grammar could not read; the checker explains it.
#[derive(Clone, Debug)]
pub struct BadLine {
    /// The first word of the line, if it has one.
    pub first_word: Option<Name>,
    /// Every word of the line (names, numbers, keywords), comment left out.
    pub words: Vec<Name>,
    pub span: Span,
}

/// One castling option: the king's move and the rook's.
#[derive(Clone, Debug)]
pub struct CastlingOption {
    pub king: Name,
    pub king_from: Name,
    pub king_to: Name,
    pub rook: Name,
    pub rook_from: Name,
    pub rook_to: Name,
    /// How a record writes this castling (`written "O-O"`), if the rules say.
    pub written: Option<Spanned<String>>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct CastlingBlock {
    pub side: Option<Name>,
    pub keyword: Span,
    pub options: Vec<CastlingOption>,
    pub bad: Vec<BadLine>,
    pub span: Span,
}
