; Highlighting for .hexv files. Capture names are the common ones of nvim-treesitter and the
; tree-sitter CLI (Helix: see README.md for `@number`). No two patterns capture the same node,
; so the result does not depend on whether an editor lets the first or the last pattern win.

(comment) @comment

(string) @string

(escape_sequence) @string.escape

; Statements: the word that starts each line, and the blocks.
[
  "variant"
  "inventor"
  "source"
  "note"
  "year"
  "symmetry"
  "sides"
  "directions"
  "zone"
  "board"
  "piece"
  "setup"
  "castling"
  "rules"
  "cells"
  "shape"
  "names"
  "remove"
  "cell"
  "off-board"
  "colours"
  "colors"
  "step"
  "ride"
  "leap"
  "hop"
  "cannon"
  "confined"
  "multi-step"
  "promote"
  "like"
  "drop"
  "value"
  "glyph"
  "checkmate"
  "stalemate"
  "captures"
  "repetition"
  "move-limit"
  "facing"
  "draw-without"
  "eliminated"
  "impasse"
  "placement"
  "hand"
] @keyword

(royal_statement) @keyword

(royal_captured_statement "royal" @keyword)

(colour_bound_statement) @keyword

; Words that qualify a statement.
[
  (mode)
  "captured"
  (side)
  (leap_symmetry)
  "en-passant"
  "max"
  "mirror"
  "none"
  "lame"
  "optional"
  "wait"
  "no-en-passant"
  "unmoved"
  "pointing"
  "forward"
  "rotate"
  "flat"
  "pointy"
  "triangle"
  "rows"
  "hexagon"
  "rhombus"
  "columns"
  "ranks"
  "starting"
  "files"
  "snake"
  "shogi"
  "list"
  "left-leaning"
  "right-leaning"
  "place-on"
  "not-defended-by"
  "no-check"
  "no-mate"
  "need"
  "counting"
  "at-most"
  "per-line"
  "to-hand"
  "reset-by"
  "in"
  "to"
  "from"
  "at"
  "with"
  "written"
  "x"
  "enemy"
  "friend"
] @keyword.modifier

; Conditions on a movement line.
[
  "when"
  "unless"
  "but"
] @keyword.conditional

; Results of the game.
(outcome) @constant.builtin

; Pieces: a definition's name and symbol, and every reference by name or symbol.
[
  (piece)
  (symbol)
] @type

; Zones, named sets of cells.
(zone) @label

; Directions: the built-in sets and hours, and the author's own sets.
((direction_name) @constant.builtin
  (#match? @constant.builtin
    "^(((forward|backward|sideways|[0-9]+)-)?(orthogonal|diagonal|face-point|face-first|point-first)|forward|backward|sideways|all)$"))

((direction_name) @constant
  (#not-match? @constant
    "^(((forward|backward|sideways|[0-9]+)-)?(orthogonal|diagonal|face-point|face-first|point-first)|forward|backward|sideways|all)$"))

(hour) @number

; Cells and the labels of files, ranks and colours.
(cell) @variable

(label) @property

[
  (number)
  (integer)
  (fraction)
] @number

; Punctuation.
[
  "->"
  "="
] @operator

[
  "{"
  "}"
  "["
  "]"
  "("
  ")"
] @punctuation.bracket

[
  ","
  ";"
] @punctuation.delimiter
