//! Every diagnostic code, in one place (documented in docs/diagnostics.md).

pub const UNKNOWN_STATEMENT: &str = "hexv::syntax::unknown_statement";
pub const MALFORMED: &str = "hexv::syntax::malformed";
pub const MISPLACED: &str = "hexv::syntax::misplaced";
pub const BAD_NUMBER: &str = "hexv::syntax::bad_number";

pub const DUPLICATE_PIECE: &str = "hexv::names::duplicate_piece";
pub const DUPLICATE_SYMBOL: &str = "hexv::names::duplicate_symbol";
pub const DUPLICATE_ZONE: &str = "hexv::names::duplicate_zone";
pub const DUPLICATE_DIRECTIONS: &str = "hexv::names::duplicate_directions";
pub const DUPLICATE_STATEMENT: &str = "hexv::names::duplicate_statement";
pub const MISSING: &str = "hexv::names::missing";

pub const BOARD_TOO_LARGE: &str = "hexv::board::too_large";
pub const BOARD_SHAPE: &str = "hexv::board::shape";
pub const BOARD_NAMES: &str = "hexv::board::names";
pub const BOARD_ORIENTATION: &str = "hexv::board::orientation";
pub const BOARD_SYMMETRY: &str = "hexv::board::symmetry";
pub const DUPLICATE_CELL: &str = "hexv::board::duplicate_cell";

pub const UNKNOWN_CELL: &str = "hexv::resolve::unknown_cell";
pub const UNKNOWN_PIECE: &str = "hexv::resolve::unknown_piece";
pub const UNKNOWN_ZONE: &str = "hexv::resolve::unknown_zone";
pub const UNKNOWN_DIRECTION: &str = "hexv::resolve::unknown_direction";
pub const OFF_BOARD_CELL: &str = "hexv::resolve::off_board_cell";

pub const BAD_HOUR: &str = "hexv::rules::bad_hour";
pub const EMPTY_DIRECTIONS: &str = "hexv::rules::empty_directions";
pub const ZERO_LEAP: &str = "hexv::rules::zero_leap";
pub const OFF_BOARD_LEAP: &str = "hexv::rules::off_board_leap";
pub const BAD_LIMIT: &str = "hexv::rules::bad_limit";
pub const NO_ROYAL: &str = "hexv::rules::no_royal";
pub const CELL_TAKEN: &str = "hexv::rules::cell_taken";
pub const NOT_COLOUR_BOUND: &str = "hexv::rules::not_colour_bound";
pub const NO_BLACK: &str = "hexv::rules::no_black";
pub const BAD_SCORE: &str = "hexv::rules::bad_score";
pub const TOO_MANY_PIECES: &str = "hexv::rules::too_many_pieces";
pub const CASTLING: &str = "hexv::rules::castling";
pub const EN_PASSANT: &str = "hexv::rules::en_passant";
pub const AMBIGUOUS_HOUR: &str = "hexv::rules::ambiguous_hour";
pub const LEAP_FORM: &str = "hexv::rules::leap_form";
pub const LIKE_CYCLE: &str = "hexv::rules::like_cycle";
pub const AMBIGUOUS_DEMOTION: &str = "hexv::rules::ambiguous_demotion";
pub const NO_HAND: &str = "hexv::rules::no_hand";

pub const STUCK_PIECE: &str = "hexv::lint::stuck_piece";
pub const UNUSED_PIECE: &str = "hexv::lint::unused_piece";
pub const IMMOBILE_PIECE: &str = "hexv::lint::immobile_piece";
pub const KING_EN_PRISE: &str = "hexv::lint::king_capturable";
pub const NO_START_MOVES: &str = "hexv::lint::no_start_moves";
