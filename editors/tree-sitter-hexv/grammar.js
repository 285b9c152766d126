/**
 * @file The .hexv language of hexv (chess variants on hex and triangle boards), for tree-sitter.
 * @license MIT
 *
 * The reference grammar is grammar/hexv.pest (the one hexv itself parses with); this grammar
 * follows it rule for rule, and the node names below say which pest rule each node is. The
 * shape of the language, as in the pest grammar:
 * - line oriented: a statement ends at a newline or a `;`, so newlines are tokens here, not
 *   whitespace; blocks are `{ ... }`, and a short block may stand on one line;
 * - `#` starts a comment that runs to the end of the line, anywhere;
 * - keywords are contextual: a word is a keyword only where the pest grammar expects that
 *   keyword (tree-sitter's keyword extraction on `identifier`), so `step all` names a direction
 *   set and `leap [12 1] all` is the leap's symmetry.
 *
 * Differences, on files hexv rejects anyway:
 * - pest's catch-all rules (`bad_item`, `bad_stmt`) that swallow an unreadable line for the
 *   checker are tree-sitter's own error recovery here (an ERROR node);
 * - a piece reference is a name or a symbol (`Gold`, `+P`), the only references that can name a
 *   piece; pest's `piece_ref` also reads words such as `Q+` and leaves them to the checker.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

// Words that end a direction list, so `step 12 move-only` is not read as two directions (pest's
// `reserved`).
const DIRECTION_LIST_ENDS = [
  'move-only', 'capture-only', 'en-passant', 'max', 'from', 'unmoved', 'to', 'at', 'when',
  'unless',
];

module.exports = grammar({
  name: 'hexv',

  // Spaces, tabs and a byte-order mark separate words; a newline does not (it ends a statement).
  extras: $ => [/[ \t\uFEFF]/, $.comment],

  word: $ => $.identifier,

  reserved: {
    global: _ => [],
    directions: _ => DIRECTION_LIST_ENDS,
    // `optional` and `captured` end a promotion's pieces (pest
    // `(!kw_optional ~ !captured ~ piece_ref)+`).
    promotion: _ => ['optional', 'captured'],
  },

  rules: {
    // pest `file`: statements separated by newlines or `;`.
    source_file: $ => lines($, choice(
      $.metadata_statement,
      $.year_statement,
      $.symmetry_statement,
      $.sides_statement,
      $.directions_statement,
      $.zone_definition,
      $.board,
      $.piece_definition,
      $.setup,
      $.castling,
      $.rules,
    )),

    // --- Lexical pieces ----------------------------------------------------------------------

    comment: _ => token(seq('#', /[^\r\n]*/)),

    // pest `sep` (a newline: "\n", "\r\n" or "\r").
    _newline: _ => /\r\n?|\n/,

    // pest `uint`, and pest `hour` (a `number` aliased as `hour`: one token for both, so that a
    // missing one is reported as such). Defined before `identifier` so that, where both may stand
    // (a direction list), a word of digits alone is an hour, as in pest (`hour` is tried before
    // `dir_word`).
    number: _ => /[0-9]+/,

    // pest `ident`: letters, digits, `_`, `'`, and `-` followed by a letter, digit or `_` (so
    // `42->63` reads as `42 -> 63`).
    identifier: _ => /[A-Za-z0-9_][A-Za-z0-9_']*(-[A-Za-z0-9_][A-Za-z0-9_']*)*/,

    // pest `symbol`: a piece's symbol in its definition.
    symbol: _ => /\+?[A-Z][A-Za-z0-9]*/,

    // A promoted piece's symbol where a piece is referred to (`promote ... to +P`).
    _plus_symbol: _ => /\+[A-Za-z0-9_][A-Za-z0-9_'+]*(-[A-Za-z0-9_+][A-Za-z0-9_'+]*)*/,

    // pest `int`.
    integer: _ => /-?[0-9]+/,

    // pest `fraction`.
    fraction: _ => /[0-9]+\/[0-9]+/,

    // pest `string`: one line, escapes `\"`, `\\`, `\n`.
    string: $ => seq(
      '"',
      repeat(choice(
        alias(token.immediate(prec(1, /[^"\\\r\n]+/)), $.string_content),
        $.escape_sequence,
      )),
      token.immediate('"'),
    ),

    escape_sequence: _ => token.immediate(/\\["\\n]/),

    // --- Metadata --------------------------------------------------------------------------------

    // pest `meta_stmt`.
    metadata_statement: $ => seq(
      field('key', choice('variant', 'inventor', 'source', 'note')),
      field('value', $.string),
    ),

    // pest `year_stmt`.
    year_statement: $ => seq('year', field('value', $.integer)),

    // pest `symmetry_stmt`.
    symmetry_statement: $ => seq('symmetry', field('kind', choice('mirror', 'rotate'))),

    // pest `sides_stmt`: the sides in turn order, each maybe with where its 12 o'clock points.
    sides_statement: $ => seq('sides', repeat1($.side_declaration)),

    // pest `side_decl`.
    side_declaration: $ => seq(
      field('name', $._side),
      optional(seq('forward', field('forward', hour($)))),
    ),

    // --- Directions ------------------------------------------------------------------------------

    // pest `direction_list`: hours and names of direction sets.
    direction_list: $ => repeat1(choice(
      hour($),
      alias(reserved('directions', $.identifier), $.direction_name),
    )),

    // pest `directions_stmt`.
    directions_statement: $ => seq(
      'directions',
      field('name', alias($.identifier, $.direction_name)),
      '=',
      field('value', $.direction_list),
    ),

    // --- Zones -----------------------------------------------------------------------------------

    // pest `zone_stmt` (`zone NAME = CELLS`) and `zone_block` (`zone NAME { white ...; red ... }`).
    zone_definition: $ => seq(
      'zone',
      field('name', zone($)),
      choice(
        seq('=', repeat1(cell($))),
        field('body', alias($._zone_block, $.block)),
      ),
    ),

    _zone_block: $ => block($, $.zone_side),

    // pest `zone_side`.
    zone_side: $ => seq(field('side', $._side), repeat1(cell($))),

    // pest `side`: `white`, `black`, or a name the `sides` line declares.
    _side: $ => alias($.identifier, $.side),

    // --- Board -----------------------------------------------------------------------------------

    // pest `board_block`.
    board: $ => seq('board', field('body', alias($._board_block, $.block))),

    _board_block: $ => block($, choice(
      $.cells_statement,
      $.shape_statement,
      $.names_statement,
      $.remove_statement,
      $.cell_statement,
      $.off_board_statement,
      $.colours_statement,
    )),

    // pest `cells_stmt` with its `cell_kind`: `triangle` alone lays the triangles in columns,
    // `triangle rows` in rows.
    cells_statement: $ => seq('cells', choice(
      field('kind', choice('flat', 'pointy')),
      seq(field('kind', 'triangle'), optional(field('lay', choice('rows', 'columns')))),
    )),

    // pest `shape_stmt`.
    shape_statement: $ => seq('shape', choice(
      $.hexagon_shape,
      $.rhombus_shape,
      $.columns_shape,
      $.ranks_shape,
    )),
    hexagon_shape: $ => seq('hexagon', field('side', $.number)),
    rhombus_shape: $ => seq('rhombus', field('width', $.number), 'x', field('height', $.number)),
    columns_shape: $ => seq('columns', repeat1($.number), optional($.line_starts)),
    ranks_shape: $ => seq('ranks', repeat1($.number), optional($.line_starts)),
    // pest `line_starts`.
    line_starts: $ => seq('starting', repeat1($.integer)),

    // pest `names_stmt` with its `naming`.
    names_statement: $ => seq('names', choice(
      seq(
        field('scheme', choice('files', 'ranks', 'shogi', 'left-leaning', 'right-leaning')),
        repeat1(label($)),
      ),
      field('scheme', 'snake'),
      seq(field('scheme', 'list'), repeat1(cell($))),
    )),

    // pest `remove_stmt`.
    remove_statement: $ => seq('remove', repeat1(cell($))),

    // pest `coord`: axial coordinates, or a leap's vector.
    coordinates: $ => seq('(', $.integer, ',', $.integer, ')'),

    // pest `cell_stmt`.
    cell_statement: $ => seq(
      'cell',
      field('name', cell($)),
      'at',
      field('position', $.coordinates),
    ),

    // pest `off_board_stmt` with its `place_on`.
    off_board_statement: $ => seq(
      'off-board',
      field('name', cell($)),
      'at',
      field('position', $.coordinates),
      optional(seq('place-on', field('place_on', cell($)))),
    ),

    // pest `colours_stmt`.
    colours_statement: $ => seq(choice('colours', 'colors'), repeat1(label($))),

    // --- Pieces ----------------------------------------------------------------------------------

    // pest `piece_block`.
    piece_definition: $ => seq(
      'piece',
      field('name', alias($.identifier, $.piece)),
      field('symbol', $.symbol),
      field('body', alias($._piece_block, $.block)),
    ),

    _piece_block: $ => block($, choice(
      $.royal_statement,
      $.colour_bound_statement,
      $.step_statement,
      $.ride_statement,
      $.leap_statement,
      $.hop_statement,
      $.cannon_statement,
      $.confined_statement,
      $.multi_step_statement,
      $.promote_statement,
      $.like_statement,
      $.drop_statement,
      $.value_statement,
      $.glyph_statement,
    )),

    royal_statement: _ => 'royal',
    colour_bound_statement: _ => choice('colour-bound', 'color-bound'),

    _mode: $ => field('mode', alias(choice('move-only', 'capture-only'), $.mode)),
    _conditions: $ => repeat1($.condition),

    // pest `step_stmt`.
    step_statement: $ => seq(
      'step',
      field('directions', $.direction_list),
      optional($._mode),
      optional(field('en_passant', 'en-passant')),
      optional($._conditions),
    ),

    // pest `ride_stmt`: along lines, or a leap-rider.
    ride_statement: $ => seq(
      'ride',
      choice(
        field('directions', $.direction_list),
        seq(repeat1($._leap), optional($._leap_symmetry)),
      ),
      optional(seq('max', field('max', $.number))),
      optional($._mode),
      optional($._conditions),
    ),

    // pest `leap_stmt`.
    leap_statement: $ => seq(
      'leap',
      repeat1($._leap),
      optional($._leap_symmetry),
      optional(field('lame', 'lame')),
      optional($._mode),
      optional($._conditions),
    ),

    _leap: $ => field('leap', choice($.coordinates, $.path)),
    _leap_symmetry: $ => field('symmetry', alias(choice('all', 'mirror', 'none'), $.leap_symmetry)),

    // pest `leap_path`: a path of unit steps in clock hours.
    path: $ => seq('[', repeat1(hour($)), ']'),

    // pest `hop_stmt`.
    hop_statement: $ => seq(
      'hop',
      field('directions', $.direction_list),
      optional($._mode),
      optional($._conditions),
    ),

    // pest `cannon_stmt`.
    cannon_statement: $ => seq(
      'cannon',
      field('directions', $.direction_list),
      optional($._mode),
      optional($._conditions),
    ),

    // pest `confined_stmt`.
    confined_statement: $ => seq('confined', 'to', field('zone', zone($))),

    // pest `guard`: `when COND` or `unless COND`.
    condition: $ => seq(
      field('polarity', choice('when', 'unless')),
      choice(
        'unmoved',
        seq('from', field('zone', zone($))),
        seq('to', field('zone', zone($))),
        // pest `cond_pointing`: on a triangle board, the cell's apex points at this hour.
        seq('pointing', field('hour', $.number)),
        seq(
          field('occupant', choice('enemy', 'friend', 'piece')),
          'at',
          repeat1(field('cell', choice(hour($), $.coordinates, $.path))),
        ),
      ),
    ),

    // pest `multi_step_stmt`.
    multi_step_statement: $ => seq(
      'multi-step',
      field('distance', $.number),
      optional(field('directions', $.direction_list)),
      choice(seq('from', field('zone', zone($))), 'unmoved'),
      optional('no-en-passant'),
      optional($._conditions),
    ),

    // pest `promote_stmt`.
    promote_statement: $ => seq(
      'promote',
      'in',
      field('zone', zone($)),
      'to',
      repeat1(reserved('promotion', piece($))),
      optional(field('optional', 'optional')),
      // pest `promote_captured`: only to pieces the side has lost; `wait`: none lost, enter.
      optional(field('captured', seq('captured', optional('wait')))),
    ),

    // pest `like_stmt`.
    like_statement: $ => seq('like', repeat1(piece($))),

    // pest `drop_stmt`.
    drop_statement: $ => seq('drop', choice(
      seq('not-defended-by', repeat1(piece($))),
      'no-check',
      'no-mate',
      // pest `drop_line_limit`.
      seq('at-most', field('limit', $.number), 'per-line', field('directions', $.direction_list)),
    )),

    // pest `value_stmt`.
    value_statement: $ => seq('value', field('value', $.number)),

    // pest `glyph_stmt`.
    glyph_statement: $ => seq('glyph', field('glyph', alias($.identifier, $.glyph))),

    // --- Setup -----------------------------------------------------------------------------------

    // pest `setup_block`.
    setup: $ => seq(
      'setup',
      optional(field('side', $._side)),
      field('body', alias($._setup_block, $.block)),
    ),

    _setup_block: $ => block($, choice($.setup_hand, $.placement)),

    // pest `setup_hand`: the pieces in the side's hand at the start.
    setup_hand: $ => seq('hand', repeat1(piece($))),

    // pest `placement`.
    placement: $ => seq(field('piece', piece($)), repeat1(cell($))),

    // --- Castling --------------------------------------------------------------------------------

    // pest `castling_block`.
    castling: $ => seq(
      'castling',
      optional(field('side', $._side)),
      field('body', alias($._castling_block, $.block)),
    ),

    _castling_block: $ => block($, $.castling_option),

    // pest `castling_option`: the king's move and the rook's, and how records write it.
    castling_option: $ => seq(
      field('king', $.castling_move),
      field('rook', $.castling_move),
      optional(seq('written', field('written', $.string))),
    ),
    castling_move: $ => seq(
      field('piece', piece($)),
      field('from', cell($)),
      '->',
      field('to', cell($)),
    ),

    // --- Rules -----------------------------------------------------------------------------------

    // pest `rules_block`.
    rules: $ => seq('rules', field('body', alias($._rules_block, $.block))),

    _rules_block: $ => block($, choice(
      $.checkmate_statement,
      $.stalemate_statement,
      $.castling_statement,
      $.captures_statement,
      $.repetition_statement,
      $.move_limit_statement,
      $.facing_statement,
      $.draw_without_statement,
      $.eliminated_statement,
      $.royal_captured_statement,
      $.impasse_statement,
      $.placement_statement,
    )),

    // A stalemate's result for the stalemating side: pest `outcome` or `fraction`.
    _outcome: $ => choice(outcome($, 'draw', 'win', 'loss'), $.fraction),

    // pest `checkmate_stmt`: `out` (more than two sides) sends the mated side out of the game.
    checkmate_statement: $ => seq('checkmate', field('result', outcome($, 'win', 'out'))),

    // pest `stalemate_stmt` with its `stalemate_unless`.
    stalemate_statement: $ => seq(
      'stalemate',
      field('result', choice($._outcome, outcome($, 'out'))),
      optional(seq(
        'but',
        field('exception', $._outcome),
        'with',
        repeat1(piece($)),
      )),
    ),

    // pest `castling_stmt`.
    castling_statement: _ => seq('castling', 'none'),

    // pest `captures_stmt`.
    captures_statement: _ => seq('captures', 'to-hand'),

    // pest `repetition_stmt`.
    repetition_statement: $ => seq(
      'repetition',
      field('count', $.number),
      field('result', outcome($, 'draw', 'loss')),
    ),

    // pest `move_limit_stmt` with its `reset_by`.
    move_limit_statement: $ => seq(
      'move-limit',
      field('moves', $.number),
      field('result', outcome($, 'draw')),
      optional(seq('reset-by', repeat1(piece($)))),
    ),

    // pest `facing_stmt`.
    facing_statement: $ => seq('facing', field('directions', $.direction_list)),

    // pest `draw_without_stmt`.
    draw_without_statement: $ => seq('draw-without', repeat1(piece($))),

    // pest `eliminated_stmt`: what becomes of the pieces of a side that leaves the game.
    eliminated_statement: $ => seq('eliminated', field('pieces', outcome($, 'remove', 'stay', 'to-mater'))),

    // pest `royal_captured_stmt`: royal pieces are captured, not mated; `out` (more than two
    // sides) sends the side that lost one out of the game.
    royal_captured_statement: $ => seq('royal', 'captured', optional(field('result', outcome($, 'out')))),

    // pest `impasse_stmt` with its `impasse_counting`: shogi's impasse, scored by points.
    impasse_statement: $ => seq(
      'impasse',
      'in',
      field('zone', zone($)),
      'need',
      field('need', $.number),
      optional(seq('counting', repeat1(seq(piece($), field('points', $.number))))),
    ),

    // pest `placement_stmt`: the setup's hands placed on the zone before play.
    placement_statement: $ => seq(
      'placement',
      'in',
      field('zone', zone($)),
      optional(field('order', outcome($, 'alternate', 'sequential'))),
    ),
  },
});

/**
 * Statements separated by newlines or `;`, with blank lines and comment lines anywhere: pest's
 * `sep* ~ (item ~ (sep+ | &"}"))*`. Each statement is followed by a separator, except the last
 * one, which may end the file or stand before the block's `}`.
 *
 * @param {GrammarSymbols<string>} $
 * @param {RuleOrLiteral} statement
 * @returns {SeqRule}
 */
function lines($, statement) {
  const separator = choice($._newline, ';');
  return seq(repeat(choice(separator, seq(statement, separator))), optional(statement));
}

/**
 * A block: `{`, statements as `lines`, `}`. Each kind of block is a hidden rule of its own
 * (its statements differ), shown as a `block` node.
 *
 * @param {GrammarSymbols<string>} $
 * @param {RuleOrLiteral} statement
 * @returns {SeqRule}
 */
function block($, statement) {
  return seq('{', lines($, statement), '}');
}

// Names by what they name: a leaf node of each kind (cell, zone, piece, label).

/**
 * A cell's name (pest `ident`).
 *
 * @param {GrammarSymbols<string>} $
 * @returns {AliasRule}
 */
function cell($) {
  return alias($.identifier, $.cell);
}

/**
 * A zone's name (pest `ident`).
 *
 * @param {GrammarSymbols<string>} $
 * @returns {AliasRule}
 */
function zone($) {
  return alias($.identifier, $.zone);
}

/**
 * A reference to a piece by its name or its symbol (pest `piece_ref`).
 *
 * @param {GrammarSymbols<string>} $
 * @returns {ChoiceRule}
 */
function piece($) {
  return choice(alias($.identifier, $.piece), alias($._plus_symbol, $.piece));
}

/**
 * A file's or rank's letter in `names`, or a colour's name in `colours` (pest `ident`).
 *
 * @param {GrammarSymbols<string>} $
 * @returns {AliasRule}
 */
function label($) {
  return alias($.identifier, $.label);
}

/**
 * A game's result among these words (pest `outcome`, `win`, `draw`, `loss`).
 *
 * @param {GrammarSymbols<string>} $
 * @param {...string} words
 * @returns {AliasRule}
 */
function outcome($, ...words) {
  return alias(words.length === 1 ? words[0] : choice(...words), $.outcome);
}

/**
 * A clock hour: a direction as seen by the mover, 12 straight ahead (pest `hour`).
 *
 * @param {GrammarSymbols<string>} $
 * @returns {AliasRule}
 */
function hour($) {
  return alias($.number, $.hour);
}
