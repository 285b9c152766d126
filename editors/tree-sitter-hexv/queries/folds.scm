; Every block folds: board, piece, zone, setup, castling and rules.
(block) @fold
