//! Every diagnostic code, in one place (documented in docs/diagnostics.md).

/// A line whose first word is no statement of its block (nor of any other), or a line without a
/// word.
pub const UNKNOWN_STATEMENT: &str = "hexv::syntax::unknown_statement";
/// A known statement whose rest does not fit its form, or a setup line that is not a piece followed
/// by cells.
pub const MALFORMED: &str = "hexv::syntax::malformed";
/// A statement written in a block it does not belong to.
pub const MISPLACED: &str = "hexv::syntax::misplaced";
/// Lines that carry on the list of the statement above them: a statement ends at its line's end.
pub const CONTINUED_LINE: &str = "hexv::syntax::continued_line";
/// A `year` beyond 64 bits, or a `cell` coordinate outside -1000..1000.
pub const BAD_NUMBER: &str = "hexv::syntax::bad_number";

/// Two `piece` blocks with the same name.
pub const DUPLICATE_PIECE: &str = "hexv::names::duplicate_piece";
/// Two pieces with the same symbol, or a symbol that is another piece's name.
pub const DUPLICATE_SYMBOL: &str = "hexv::names::duplicate_symbol";
/// Two zones with the same name.
pub const DUPLICATE_ZONE: &str = "hexv::names::duplicate_zone";
/// Two `directions` sets with the same name, or one named like a built-in set.
pub const DUPLICATE_DIRECTIONS: &str = "hexv::names::duplicate_directions";
/// A statement that may appear once given twice (a block, a line, a rule or a side's setup).
pub const DUPLICATE_STATEMENT: &str = "hexv::names::duplicate_statement";
/// Something required is absent: the board, its `cells`, shape or `names` line, the setup, White's
/// cells of a zone.
pub const MISSING: &str = "hexv::names::missing";

/// A board of more than 1024 cells, or a size too large to be a number.
pub const BOARD_TOO_LARGE: &str = "hexv::board::too_large";
/// A shape that makes no sensible board (size 0, columns that cannot be centred, no cell left,
/// `shape` beside `cell` lines).
pub const BOARD_SHAPE: &str = "hexv::board::shape";
/// Names that do not fit the cells (wrong count of letters or names), or a `colours` line without
/// three names.
pub const BOARD_NAMES: &str = "hexv::board::names";
/// A shape or naming that needs the other cell orientation (or is not available on triangles).
pub const BOARD_ORIENTATION: &str = "hexv::board::orientation";
/// A `symmetry` line the board does not have: no mirror line or centre, or a cell without an image.
pub const BOARD_SYMMETRY: &str = "hexv::board::symmetry";
/// A `sides` line that cannot be played: fewer than 2 or more than 6 sides, a name given
/// twice, or frames that do not turn cells onto cells.
pub const SIDES: &str = "hexv::board::sides";
/// Two cells with the same name, or two `cell` lines at the same coordinates.
pub const DUPLICATE_CELL: &str = "hexv::board::duplicate_cell";

/// A cell name (in a setup, a zone or a `remove` line) that is not on the board.
pub const UNKNOWN_CELL: &str = "hexv::resolve::unknown_cell";
/// A setup line or `promote ... to` list naming a piece no `piece` block defines.
pub const UNKNOWN_PIECE: &str = "hexv::resolve::unknown_piece";
/// `multi-step ... from` or `promote in` naming an undefined zone.
pub const UNKNOWN_ZONE: &str = "hexv::resolve::unknown_zone";
/// A setup or castling block naming a side the variant does not have.
pub const UNKNOWN_SIDE: &str = "hexv::resolve::unknown_side";
/// A direction word that is neither a built-in set nor a `directions` set of the file.
pub const UNKNOWN_DIRECTION: &str = "hexv::resolve::unknown_direction";
/// A `glyph` line names no figure hexv draws.
pub const UNKNOWN_GLYPH: &str = "hexv::resolve::unknown_glyph";
/// A zone or castling that names an off-board cell.
pub const OFF_BOARD_CELL: &str = "hexv::resolve::off_board_cell";

/// A zone given per side whose cells are not the first side's turned by the side's frame,
/// in a variant whose `symmetry rotate` says the sides are turns of each other.
pub const ZONE_NOT_TURNED: &str = "hexv::rules::zone_not_turned";
/// A rule for more sides than the variant has (`checkmate out` with two sides) or for two only
/// (a stalemate score, `repetition N loss` with three), or `eliminated` with no side leaving.
pub const SIDES_RULE: &str = "hexv::rules::sides_rule";
/// `royal captured` with a rule it contradicts: a `checkmate` line (a captured royal piece is
/// never mated) or `facing` (a rule of which moves may leave a royal piece attacked).
pub const ROYAL_CAPTURED: &str = "hexv::rules::royal_captured";
/// A placement phase that cannot work: pieces in hand at the start with nothing to take them
/// out (no `placement`, no `captures to-hand`), a `placement` with nothing in hand, with
/// `captures to-hand`, or with fewer free cells in a side's zone than the side must place.
pub const PLACEMENT: &str = "hexv::rules::placement";
/// A clock hour outside 1–12.
pub const BAD_HOUR: &str = "hexv::rules::bad_hour";
/// A built-in direction set that has no hours on this board's grid.
pub const EMPTY_DIRECTIONS: &str = "hexv::rules::empty_directions";
/// A leap by the vector (0, 0), or whose path returns to its start.
pub const ZERO_LEAP: &str = "hexv::rules::zero_leap";
/// A leap that leaves the board from every cell, or a component beyond ±1000.
pub const OFF_BOARD_LEAP: &str = "hexv::rules::off_board_leap";
/// A `ride ... max N` outside 1–1000, or a `multi-step N` outside 2–1000.
pub const BAD_LIMIT: &str = "hexv::rules::bad_limit";
/// Checkmate wins but no piece is royal, or a side's setup has no royal piece.
pub const NO_ROYAL: &str = "hexv::rules::no_royal";
/// Two pieces on one cell at the start (Black's derived pieces included).
pub const CELL_TAKEN: &str = "hexv::rules::cell_taken";
/// A piece declared `colour-bound` that can move to a cell of another colour.
pub const NOT_COLOUR_BOUND: &str = "hexv::rules::not_colour_bound";
/// White's cells only in a zone or setup, and no `symmetry` line to derive Black's.
pub const NO_BLACK: &str = "hexv::rules::no_black";
/// A stalemate score that is not a fraction between 0 and 1 (denominator 1 to 1000).
pub const BAD_SCORE: &str = "hexv::rules::bad_score";
/// More than 64 piece types.
pub const TOO_MANY_PIECES: &str = "hexv::rules::too_many_pieces";
/// A castling option that cannot work: pieces missing from the setup, cells not on one line, or
/// Black's derived option not matching Black's setup.
pub const CASTLING: &str = "hexv::rules::castling";
/// An `en-passant` step that passes no cell, or one on a triangle board.
pub const EN_PASSANT: &str = "hexv::rules::en_passant";
/// A bare even hour on a triangle board, where it names two directions.
pub const AMBIGUOUS_HOUR: &str = "hexv::rules::ambiguous_hour";
/// A leap written as an axial vector on a triangle board (it must be a path of hours).
pub const LEAP_FORM: &str = "hexv::rules::leap_form";
/// Pieces whose `like` lines lead back to themselves.
pub const LIKE_CYCLE: &str = "hexv::rules::like_cycle";
/// With `captures to-hand`, a promoted piece that does not come from exactly one piece (or also
/// stands in the setup).
pub const AMBIGUOUS_DEMOTION: &str = "hexv::rules::ambiguous_demotion";
/// A promotion `captured` to a piece no side's setup places, so it is never lost.
pub const PROMOTE_CAPTURED: &str = "hexv::rules::promote_captured";
/// `drop` rules without `captures to-hand`, so no piece is ever in a hand.
pub const NO_HAND: &str = "hexv::rules::no_hand";

/// Warning: a piece can reach a cell where it has no move and does not promote.
pub const STUCK_PIECE: &str = "hexv::lint::stuck_piece";
/// Warning: a piece neither in a setup nor in any promotion.
pub const UNUSED_PIECE: &str = "hexv::lint::unused_piece";
/// Warning: a piece with no movement at all.
pub const IMMOBILE_PIECE: &str = "hexv::lint::immobile_piece";
/// A royal piece given a `value` (it is never captured).
pub const ROYAL_VALUE: &str = "hexv::rules::royal_value";
/// Warning: a movement line whose every movement the piece has already (it is dropped).
pub const REDUNDANT_MOVEMENT: &str = "hexv::lint::redundant_movement";
/// White can capture one of Black's royal pieces in the start position: the game could not
/// be played by its own rules (no move may leave a royal piece attacked).
pub const KING_EN_PRISE: &str = "hexv::rules::king_capturable";
/// A piece `confined to` a zone starts on a cell outside it.
pub const OUTSIDE_CONFINEMENT: &str = "hexv::rules::outside_confinement";
/// Warning: a `lame` leap whose every path has a single step, so nothing can block it.
pub const LAME_UNBLOCKABLE: &str = "hexv::lint::lame_unblockable";
/// A movement line says `when X` and `unless X`: it could never be used.
pub const CONTRADICTORY_CONDITIONS: &str = "hexv::rules::contradictory_conditions";
/// Warning: a movement line whose conditions hold on no cell for either side (`when
/// unmoved` for a piece never set up, `from` a zone it never reaches, ...).
pub const CONDITION_NEVER_HOLDS: &str = "hexv::lint::condition_never_holds";
/// Warning: a zone no piece reads.
pub const UNUSED_ZONE: &str = "hexv::lint::unused_zone";
/// Warning: a side set up with two or more royal pieces.
pub const SECOND_ROYAL: &str = "hexv::lint::second_royal";
/// Warning: a pawn-like piece (it promotes, and makes a multi-step or moves and captures
/// differently) with a line that takes it backward.
pub const PAWN_STEPS_BACK: &str = "hexv::lint::pawn_steps_back";
/// Warning: the side to move can capture a piece with its first move.
pub const CAPTURABLE_AT_START: &str = "hexv::lint::capturable_at_start";
/// Warning: White has no legal move in the start position.
pub const NO_START_MOVES: &str = "hexv::lint::no_start_moves";

/// More problems than are reported at once: the rest are counted, not shown.
pub const TOO_MANY_DIAGNOSTICS: &str = "hexv::limits::too_many_diagnostics";
/// The compiled move tables would be larger than the limit (a huge board, many riders).
pub const TABLES_TOO_LARGE: &str = "hexv::limits::tables_too_large";
