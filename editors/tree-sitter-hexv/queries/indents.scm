; Indentation in nvim-treesitter's terms: a block's lines are indented one level, and its `}`
; goes back to the level of the line that opened it.
(block) @indent.begin

(block
  "}" @indent.end)

"}" @indent.branch
