#!/usr/bin/env python3
"""An independent perft for hexv's shipped variants (standard library only).

Written from the rule texts (cited at the top of each variants/*.hexv file) and the board
facts stated in those files and in docs/geometry.md, not from hexv's code: its own board
coordinates, move generator and legality test, so that agreement with `hexv perft` means
something. See docs/perft.md for what it covers.

    python3 tools/perft_check.py glinski 3            # leaf count at depth 3
    python3 tools/perft_check.py koval 2 --divide     # per first move, like `hexv perft --divide`
    python3 tools/perft_check.py all 3                # every variant it knows
    python3 tools/perft_check.py hex-shogi-91 3 --moves "2j-4i 11a-11b 4ix8a" --divide
    python3 tools/perft_check.py mini-hexchess 4 --royal-captured   # `rules { royal captured }`
    python3 tools/perft_check.py mini-hexchess 5 --promote-captured # `promote ... captured`
    python3 tools/perft_check.py mini-hexchess 5 --promote-wait # `promote ... captured wait`
    python3 tools/perft_check.py glinski 5 --moves "..." --no-en-passant  # `no-en-passant`
    python3 tools/perft_check.py hex-shogi-41 3 --moves "..." --shogi-drops # `drop no-mate` ...
    python3 tools/perft_check.py starchess 3 --moves "K*17 K*21 Q*11 ..." --divide  # placements
    python3 tools/perft_check.py starchess 3 --sequential  # White places all five, then Black
    python3 tools/perft_check.py triangular 3 --divide  # Dekle's triangles: 28 784 22157
    python3 tools/perft_check.py triangular 2 --moves "h2-h4 c7-c6 h4-h5 g7-g5" --divide  # h5xg6 e.p.

Variants: glinski, mccooey, koval, dagger, chessagon, hex-shogi-41, hex-shogi-81, hex-shogi-91,
shafran, mini-hexchess, de-vasa, brusky, xiang-hex, starchess (its pieces placed from the hand
before the first move, `K*17`), triangular (Dekle's Triangular Chess, 1986: 96 triangles in a
hexagon, with unicorns, after Wikipedia's rules; its own coordinates and generator), and
three-sides (the three-sided test fixture, tests/fixtures/valid/three_sides.hexv, with its own
generator). Moves are written as hexv writes them (docs/notation.md). Castling (Koval,
Shafran, De Vasa, Brusky and Triangular, written as the king's move: `i1-k1`; Chessagon's
cannot happen before ply 7 and is left out) is implemented but never reached from the start at
depth 3 (nor at depth 4 for Shafran, De Vasa, Brusky and Triangular: two or more cells between
king and rook must be emptied first); see docs/perft.md for the positions where it was compared.

Hex cells are axial pairs (a, b) on one hex lattice. The six edge (orthogonal) steps are
(1,0) (1,-1) (0,-1) (-1,0) (-1,1) (0,1); a diagonal step is the sum of two neighbouring edge
steps and passes between two cells, so only the cells it lands on can block a diagonal rider.
Every vector below is given for the first player; the second player's pieces move along the
negated vectors (turned 180 degrees), which for these sets equals the mirror image.
Chessagon's triangles, Shafran's, De Vasa's and Brusky's boards (in the (file, rank) pairs of
their own notations) and Mini Hexchess's board (doubled-height pairs centred on d4) have their own
coordinates (see their sections further down); Starchess's star uses the axial pairs above.
Xiang Hex (doubled-height pairs centred on e6) has its own move generator too: lame leaps, the
cannon, palaces, the river and the generals that may not face each other. Dekle's triangles are
integer centroid pairs (half sides across, thirds of a row up), every neighbour, line and leap
built by reflecting a triangle's vertices (see its section).
"""

import sys

EDGE = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
VERTEX = [(EDGE[i][0] + EDGE[(i + 1) % 6][0], EDGE[i][1] + EDGE[(i + 1) % 6][1]) for i in range(6)]
# The hex knight: two edge steps one way, then one edge step turned 60 degrees.
HEX_KNIGHT = sorted(
    {
        (2 * EDGE[i][0] + EDGE[(i + t) % 6][0], 2 * EDGE[i][1] + EDGE[(i + t) % 6][1])
        for i in range(6)
        for t in (1, 5)
    }
)
assert len(VERTEX) == 6 and len(HEX_KNIGHT) == 12


def add(c, d, k=1):
    return (c[0] + k * d[0], c[1] + k * d[1])


def neg(d):
    return (-d[0], -d[1])


# ---------------------------------------------------------------------------------------
# Piece movement: a list of (kind, vectors, mode); kind step / ride / leap, mode
# 'both' (move or capture), 'move' (only to an empty cell), 'capture' (only onto an enemy).

# Flat hexes (files vertical): straight ahead is the edge step (0,1).
FLAT_AHEAD = (0, 1)
FLAT_FWD_EDGES = [(-1, 1), (1, 0)]  # 10 and 2 o'clock
FLAT_FWD_VERTICES = [(-1, 2), (1, 1)]  # 11 and 1 o'clock

# Pointy hexes (ranks horizontal): (1,0) is 3 o'clock, (0,1) 1 o'clock, (-1,1) 11 o'clock,
# straight ahead is the vertex step (-1,2); forward vertices are 10, 12 and 2 o'clock.
POINTY_FWD_EDGES = [(0, 1), (-1, 1)]
POINTY_FWD_VERTICES = [(-2, 1), (-1, 2), (1, 1)]
POINTY_AHEAD = (-1, 2)
# Hex Shogi's knight: two steps along a forward edge direction, then one turned 60 degrees.
SHOGI_KNIGHT = [(1, 2), (-1, 3), (-2, 3), (-3, 2)]

CHESS_PIECES = {
    "K": [("step", EDGE + VERTEX, "both")],
    "Q": [("ride", EDGE + VERTEX, "both")],
    "R": [("ride", EDGE, "both")],
    "B": [("ride", VERTEX, "both")],
    "N": [("leap", HEX_KNIGHT, "both")],
}

GOLD = [("step", EDGE + POINTY_FWD_VERTICES, "both")]
SHOGI_PIECES = {
    "K": [("step", EDGE + VERTEX, "both")],
    "G": GOLD,
    "S": [("step", VERTEX + POINTY_FWD_EDGES, "both")],
    "N": [("leap", SHOGI_KNIGHT, "both")],
    "L": [("ride", POINTY_FWD_EDGES, "both")],
    "P": [("step", POINTY_FWD_EDGES, "both")],
    "R": [("ride", EDGE, "both")],
    "B": [("ride", VERTEX, "both")],
    "+R": [("ride", EDGE, "both"), ("step", VERTEX, "both")],
    "+B": [("ride", VERTEX, "both"), ("step", EDGE, "both")],
    "+P": GOLD,
    "+L": GOLD,
    "+N": GOLD,
    "+S": GOLD,
}


# ---------------------------------------------------------------------------------------
# Boards and names


def glinski_cells():
    """The 91-cell hexagon, files a..l (no j) of 6..11..6 cells, rank 1 at each file's bottom."""
    names = {}
    for i, f in enumerate("abcdefghikl"):
        a = i - 5
        height = 11 - abs(a)
        low = max(0, -a)  # the lowest b on this file
        for r in range(1, height + 1):
            names[(a, low + r - 1)] = f + str(r)
    return names


def koval_cells():
    """Columns of 9 10 11 12 11 10 9 cells numbered 1..72 in snake order."""
    names = {}
    n = 0
    for c in range(7):
        a = c - 3
        bs = [b for b in range(0, 12) if 0 <= a + b <= 11]
        if c % 2 == 1:
            bs = bs[::-1]  # even-numbered columns run downward
        for b in bs:
            n += 1
            names[(a, b)] = str(n)
    assert n == 72
    return names


def shogi91_cells():
    """The 91-cell hexagon standing on a corner; file 1..11 from the right, rank a (top)..k."""
    names = {}
    for a in range(-5, 6):
        for b in range(-5, 6):
            if abs(a + b) <= 5:
                names[(a, b)] = str(6 - a) + "abcdefghijk"[5 - b]
    return names


def shogi41_cells():
    """Nine ranks of 5 4 5 4 5 4 5 4 5 cells: 0 <= b <= 8, 0 <= 2a + b <= 8."""
    names = {}
    for b in range(9):
        for a in range(-4, 5):
            if 0 <= 2 * a + b <= 8:
                names[(a, b)] = str(5 - a) + "abcdefghi"[8 - b]
    return names


def shogi81_cells():
    """The 9 x 9 rhombus: ranks b = 0..8 (i..a), files a = 0..8 (9..1) along 1 o'clock."""
    return {(a, b): str(9 - a) + "abcdefghi"[8 - b] for a in range(9) for b in range(9)}


DAGGER_RANKS = {  # rank letter -> (b, lowest a, highest a), from White's left
    "a": (0, 0, 0),
    "b": (1, -1, 0),
    "c": (2, -2, 0),
    "d": (3, -3, 0),
    "e": (4, -3, -1),
    "f": (5, -4, -1),
    "g": (6, -5, -1),
    "h": (7, -5, -2),
    "j": (8, -5, -3),
    "k": (9, -6, -3),
    "l": (10, -6, -4),
    "m": (11, -6, -5),
    "n": (12, -6, -6),
}


def dagger_cells():
    names = {}
    for r, (b, lo, hi) in DAGGER_RANKS.items():
        for i, a in enumerate(range(lo, hi + 1)):
            names[(a, b)] = r + str(i + 1)
    assert len(names) == 39
    return names


# ---------------------------------------------------------------------------------------
# The rules engine


class Variant:
    def __init__(self, name, names, pieces, setup, **kw):
        self.name = name
        self.names = names  # on-board cell -> name
        self.cells = set(names)
        self.by_name = {v: k for k, v in names.items()}
        self.pieces = pieces
        self.setup = setup  # list of (side, kind, cell name)
        self.pawn = kw.get("pawn")  # chess pawn: dict, see below
        self.promotion = kw.get("promotion")  # side -> set of cells (chess pawns)
        self.promote_to = kw.get("promote_to", ["Q", "R", "B", "N"])
        self.castlings = kw.get("castlings", [])  # (side, king from, to, rook from, to)
        self.shogi = kw.get("shogi")  # side -> set of zone cells
        self.offboard = kw.get("offboard", {})  # off-board cell -> (side, back cell, name)
        self.dagger_leap = None
        self.tri = False  # Chessagon's triangles
        self.xiang = None  # Xiang Hex: its own move generator (see its section)
        self.royal = kw.get("royal", "K")  # the kind that may not be left attacked
        self.hands = kw.get("hands", ((), ()))  # pieces in hand at the start
        self.placement = kw.get("placement")  # side -> cells its hand is placed on (Starchess)

    def cell(self, name):
        if name in self.by_name:
            return self.by_name[name]
        for c, (_, _, label) in self.offboard.items():
            if label == name:
                return c
        raise KeyError(name)

    def label(self, c):
        if c in self.names:
            return self.names[c]
        return self.offboard[c][2]

    def vectors(self, side, vs):
        return vs if side == 0 else [neg(v) for v in vs]


class Pos:
    __slots__ = ("board", "side", "ep", "unmoved", "hands")

    def __init__(self, board, side, ep, unmoved, hands):
        self.board = board  # cell -> (side, kind)
        self.side = side
        self.ep = ep  # None or (cells a capturer may land on, cell of the pawn to remove)
        self.unmoved = unmoved  # frozenset of cells whose piece has not moved (castling)
        self.hands = hands  # (tuple of kinds, tuple of kinds), sorted


def start(v):
    board = {v.cell(c): (s, k) for s, k, c in v.setup}
    unmoved = frozenset(board)
    return Pos(board, 0, None, unmoved, v.hands)


def targets(v, pos, c, side, kind, captures_only=False):
    """(to, capture?) for a piece's ordinary moves (pawns' specials handled elsewhere)."""
    board = pos.board
    if v.tri:
        out = []
        for t in tri_reach(board, c, kind):
            occ = board.get(t)
            if occ is None and not captures_only:
                out.append((t, False))
            elif occ is not None and occ[0] != side:
                out.append((t, True))
        return out
    out = []
    for how, vs, mode in v.pieces[kind]:
        for d in v.vectors(side, vs):
            k = 1
            while True:
                t = add(c, d, k)
                if t not in v.cells:
                    break
                occ = board.get(t)
                if occ is None:
                    if mode != "capture" and not captures_only:
                        out.append((t, False))
                else:
                    if occ[0] != side and mode != "move":
                        out.append((t, True))
                    break
                if how != "ride":
                    break
                k += 1
    return out


def attacked(v, pos, cell, by):
    """Is `cell` attacked by side `by`? (Pieces off the board attack their entry cells.)"""
    if v.xiang:
        return xiang_attacked(v, pos, cell, by)
    for c, (s, kind) in pos.board.items():
        if s != by:
            continue
        if v.tri:
            if kind == "P":
                if any(add3(c, d) == cell for d in tri_side(s, TRI_PAWN_CAPTURES)):
                    return True
            elif cell in tri_reach(pos.board, c, kind):
                return True
            continue
        if kind == "P" and v.pawn:
            for d in v.vectors(s, pawn_captures(v, c, s)):
                if add(c, d) == cell:
                    return True
            continue
        for how, vs, mode in v.pieces[kind]:
            if mode == "move":
                continue
            for d in v.vectors(s, vs):
                k = 1
                while True:
                    t = add(c, d, k)
                    if t == cell:
                        return True
                    if t not in v.cells or t in pos.board or how != "ride":
                        break
                    k += 1
    return False


def king_cell(pos, side, royal="K"):
    for c, (s, k) in pos.board.items():
        if s == side and k == royal:
            return c
    return None


def in_check(v, pos, side):
    king = king_cell(pos, side, v.royal)
    return king is not None and attacked(v, pos, king, 1 - side)  # no king placed yet: no check


def no_move_on_empty_board(v, side, kind, c):
    empty = Pos({}, side, None, frozenset(), ((), ()))
    return not targets(v, empty, c, side, kind)


def pseudo_moves(v, pos):
    """Moves as (label, function building the next position)."""
    if v.xiang:
        return xiang_moves(v, pos)
    side = pos.side
    board = pos.board
    if v.placement and pos.hands[side]:  # Starchess: while a side holds pieces, it places one
        return [
            (None, t, False, kind, "drop")
            for kind in sorted(set(pos.hands[side]))
            for t in sorted(v.placement[side])
            if t not in board
        ]
    moves = []  # (from, to, capture?, promote-to or None, extra)
    for c, (s, kind) in list(board.items()):
        if s != side:
            continue
        if c not in v.cells:  # a knight in hand beside the back cell
            back = v.offboard[c][1]
            for t, cap in targets(v, pos, c, side, kind):
                moves.append((c, t, cap, None, None))
            if back not in board:
                moves.append((c, back, False, None, None))
            continue
        if kind == "P" and v.tri:
            moves.extend(tri_pawn_moves(v, pos, c, side))
            continue
        if kind == "P" and v.pawn:
            moves.extend(chess_pawn_moves(v, pos, c, side))
            continue
        for t, cap in targets(v, pos, c, side, kind):
            if v.shogi:
                for promo in shogi_promotions(v, side, kind, c, t):
                    moves.append((c, t, cap, promo, None))
            else:
                moves.append((c, t, cap, None, None))
    for side_, kf, kt, rf, rt in v.castlings:
        if side_ == side and castling_ok(v, pos, side, kf, kt, rf, rt):
            moves.append((kf, kt, False, None, ("castle", rf, rt)))
    if v.shogi:
        for kind in sorted(set(pos.hands[side])):
            for t in sorted(v.cells):
                if t in board or no_move_on_empty_board(v, side, kind, t):
                    continue
                if kind == "P" and getattr(v, "shogi_drops", False):
                    # shogi's rule on a board of leaning files: no second own unpromoted pawn
                    # on either forward orthogonal line through the cell (both ways)
                    if any(
                        board.get(add(t, d, k)) == (side, "P")
                        for d in POINTY_FWD_EDGES
                        for k in range(-10, 11)
                        if k != 0
                    ):
                        continue
                elif kind == "P":
                    # not on a cell one of the dropper's own unpromoted pawns attacks
                    if any(
                        board.get(add(t, d)) == (side, "P")
                        for d in v.vectors(side, [neg(x) for x in POINTY_FWD_EDGES])
                    ):
                        continue
                moves.append((None, t, False, kind, "drop"))
    if v.dagger_leap:
        moves = dagger_extra(v, pos, moves)
    return moves


def pawn_captures(v, c, side):
    """The capture vectors of a chess pawn on c: "capture" everywhere, and "start_capture"
    too while it stands on one of its side's "start" cells (Brusky's straight-ahead capture)."""
    p = v.pawn
    if "start_capture" in p and c in p["start"][side]:
        return p["capture"] + p["start_capture"]
    return p["capture"]


def lost(v, pos, side, kind):
    """True when `side` has fewer pieces of `kind` on the board than its setup gives it."""
    placed = sum(1 for s, k, _ in v.setup if s == side and k == kind)
    standing = sum(1 for s, k in pos.board.values() if s == side and k == kind)
    return standing < placed


def chess_pawn_moves(v, pos, c, side):
    p = v.pawn
    board = pos.board
    out = []

    waits = getattr(v, "promote_wait", False)

    def push(t, cap, extra=None):
        if t in v.promotion[side]:
            choices = [q for q in v.promote_to if not v.promote_captured or lost(v, pos, side, q)]
            for q in choices:
                out.append((c, t, cap, q, extra))
            if not choices and waits:
                out.append((c, t, cap, None, extra))  # --promote-wait: it enters unpromoted
        else:
            out.append((c, t, cap, None, extra))

    if waits and c in v.promotion[side]:
        # A pawn that entered unpromoted promotes where it stands once a piece is lost.
        for q in v.promote_to:
            if lost(v, pos, side, q):
                out.append((c, c, False, q, None))

    # Brusky's pawn on its start cell advances nowhere while an enemy stands on a push cell.
    pushes = [] if "blocked" in p and p["blocked"](v, pos, c, side) else p["push"]
    for d in v.vectors(side, pushes):
        # How far this pawn may advance: "reach" (Shafran's one, two or three cells) or, for
        # the other variants, two cells when "double" says so. Every longer advance passes
        # the cells before its landing cell, and each of them may be taken on en passant.
        if "reach" in p:
            reach = p["reach"](v, pos, c, side)
        else:
            reach = 2 if p["double"](v, pos, c, side) else 1
        passed = []
        for k in range(1, reach + 1):
            t = add(c, d, k)
            if t not in v.cells or t in board:
                break
            gives_right = passed and not getattr(v, "no_en_passant", False)
            push(t, False, ("ep", tuple(passed), t) if gives_right else None)
            passed.append(t)
    for d in v.vectors(side, pawn_captures(v, c, side)):
        t = add(c, d)
        if t in v.cells:
            occ = board.get(t)
            if occ and occ[0] != side:
                push(t, True)
            elif occ is None and pos.ep and t in pos.ep[0]:
                push(t, True, ("take", pos.ep[1]))
    return out


def shogi_promotions(v, side, kind, f, t):
    """None (stay) and/or the promoted kind, for a move f -> t."""
    if "+" + kind not in v.pieces or kind == "G":
        return [None]
    zone = v.shogi[side]
    if f not in zone and t not in zone:
        return [None]
    if no_move_on_empty_board(v, side, kind, t):
        return ["+" + kind]
    return [None, "+" + kind]


def castling_ok(v, pos, side, kf, kt, rf, rt):
    b = pos.board
    if b.get(kf) != (side, "K") or b.get(rf) != (side, "R"):
        return False
    if kf not in pos.unmoved or rf not in pos.unmoved:
        return False
    # the cells between king and rook on their line must be empty
    d = (rf[0] - kf[0], rf[1] - kf[1])
    n = max(abs(d[0]), abs(d[1]))
    step = (d[0] // n, d[1] // n)
    between = [add(kf, step, i) for i in range(1, n)]
    if any(x in b for x in between):
        return False
    # king not in check, not passing or landing on an attacked cell
    dk = (kt[0] - kf[0], kt[1] - kf[1])
    m = max(abs(dk[0]), abs(dk[1]))
    for i in range(0, m + 1):
        if attacked(v, pos, add(kf, step, i), 1 - side):
            return False
    return True


def make(v, pos, mv):
    f, t, cap, promo, extra = mv
    side = pos.side
    board = dict(pos.board)
    hands = [list(pos.hands[0]), list(pos.hands[1])]
    ep = None
    if extra == "drop":
        hands[side].remove(promo)
        board[t] = (side, promo)
    else:
        kind = board.pop(f)[1]
        if cap:
            victim = t
            if extra and extra[0] == "take":
                victim = extra[1]
            taken = board.pop(victim)[1]
            if v.shogi:
                hands[side].append(taken.lstrip("+"))
        board[t] = (side, promo if promo else kind)
        if extra and extra[0] == "castle":
            board.pop(extra[1])
            board[extra[2]] = (side, "R")
        if extra and extra[0] == "ep":
            ep = (extra[1], extra[2])
    unmoved = pos.unmoved - {f, t}
    if extra and extra != "drop" and extra[0] == "castle":
        unmoved = unmoved - {extra[1]}
    to_move = 1 - side
    if extra == "drop" and v.placement and getattr(v, "sequential", False) and hands[side]:
        to_move = side  # Starchess --sequential: a side places all its pieces in a row
    return Pos(board, to_move, ep, unmoved, (tuple(sorted(hands[0])), tuple(sorted(hands[1]))))


def legal(v, pos):
    if getattr(v, "many", False):
        return v.legal(pos)
    royal_captured = getattr(v, "royal_captured", False)
    if royal_captured and any(king_cell(pos, s, v.royal) is None for s in (0, 1)):
        return []  # a royal piece was taken: the game is over
    out = []
    for mv in pseudo_moves(v, pos):
        nxt = make(v, pos, mv)
        if not royal_captured and in_check(v, nxt, pos.side):
            continue
        if v.xiang and generals_face(v, nxt):
            continue  # Xiang Hex: the generals may not face each other on an open file
        if mv[4] == "drop" and mv[3] == "P" and in_check(v, nxt, 1 - pos.side):
            if not getattr(v, "shogi_drops", False):
                continue  # a pawn drop may not give check
            if not legal(v, nxt):
                continue  # --shogi-drops: it may check, but not mate
        out.append((mv, nxt))
    return out


def move_name(v, mv):
    f, t, cap, promo, extra = mv
    if extra == "drop":
        return promo + "*" + v.label(t)
    s = v.label(f) + ("x" if cap else "-") + v.label(t)
    if promo:
        s += "=" + promo
    return s


def perft(v, pos, depth):
    if depth == 0:
        return 1
    moves = legal(v, pos)
    if depth == 1:
        return len(moves)
    return sum(perft(v, nxt, depth - 1) for _, nxt in moves)


# ---------------------------------------------------------------------------------------
# The variants


def chess_setup(white, black):
    out = []
    for side, army in ((0, white), (1, black)):
        for kind, cells in army.items():
            out += [(side, kind, c) for c in cells.split()]
    return out


def glinski():
    names = glinski_cells()
    white_start = "b1 c2 d3 e4 f5 g4 h3 i2 k1".split()
    black_start = "b7 c7 d7 e7 f7 g7 h7 i7 k7".split()

    def double(v, pos, c, side):
        return v.names[c] in (white_start, black_start)[side]

    v = Variant(
        "glinski",
        names,
        CHESS_PIECES,
        chess_setup(
            {"K": "g1", "Q": "e1", "R": "c1 i1", "N": "d1 h1", "B": "f1 f2 f3", "P": " ".join(white_start)},
            {"K": "g10", "Q": "e10", "R": "c8 i8", "N": "d9 h9", "B": "f11 f10 f9", "P": " ".join(black_start)},
        ),
        pawn={"push": [FLAT_AHEAD], "capture": FLAT_FWD_EDGES, "double": double},
    )
    far = "a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6".split()
    v.promotion = {0: {v.cell(x) for x in far}, 1: {c for c, n in names.items() if n[1:] == "1"}}
    return v


def mccooey():
    names = glinski_cells()
    white_start = "c1 d2 e3 g3 h2 i1".split()  # not the f-file pawn's f4
    black_start = "c8 d8 e8 g8 h8 i8".split()

    def double(v, pos, c, side):
        return v.names[c] in (white_start, black_start)[side]

    v = Variant(
        "mccooey",
        names,
        CHESS_PIECES,
        chess_setup(
            {"K": "g1", "Q": "e1", "R": "d1 h1", "N": "e2 g2", "B": "f1 f2 f3", "P": "c1 d2 e3 f4 g3 h2 i1"},
            {"K": "g10", "Q": "e10", "R": "d9 h9", "N": "e9 g9", "B": "f9 f10 f11", "P": "c8 d8 e8 f8 g8 h8 i8"},
        ),
        pawn={"push": [FLAT_AHEAD], "capture": FLAT_FWD_VERTICES, "double": double},
    )
    far = "a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6".split()
    v.promotion = {0: {v.cell(x) for x in far}, 1: {c for c, n in names.items() if n[1:] == "1"}}
    return v


def koval():
    names = koval_cells()
    areas = {0: {2, 17, 18, 22, 39, 40, 45, 61, 62, 65}, 1: {8, 11, 12, 28, 33, 34, 51, 55, 56, 71}}

    def double(v, pos, c, side):
        return int(v.names[c]) in areas[side]

    def black(cells):
        return " ".join(str(73 - int(x)) for x in cells.split())

    white = {"K": "42", "Q": "20", "R": "1 64", "B": "21 41 43", "N": "19 44 63", "P": "2 17 18 22 39 40 45 61 62 65"}
    v = Variant(
        "koval",
        names,
        CHESS_PIECES,
        chess_setup(white, {k: black(c) for k, c in white.items()}),
        pawn={"push": [FLAT_AHEAD], "capture": FLAT_FWD_VERTICES, "double": double},
    )
    v.promotion = {
        0: {v.cell(str(n)) for n in (9, 10, 30, 31, 53, 54, 72)},
        1: {v.cell(str(n)) for n in (1, 19, 20, 42, 43, 63, 64)},
    }
    c = v.cell
    v.castlings = [
        (0, c("42"), c("63"), c("64"), c("43")),
        (0, c("42"), c("19"), c("1"), c("20")),
        (1, c("31"), c("54"), c("72"), c("53")),
        (1, c("31"), c("10"), c("9"), c("30")),
    ]
    return v


def dagger():
    names = dagger_cells()
    by = {n: c for c, n in names.items()}
    white = chess_setup({"K": "a1", "R": "b1 b2", "B": "c1 c2 c3", "P": "d1 d2 d3 d4 e1 e2 e3"}, {})
    # Black is White turned 180 degrees about the board's centre: (a, b) -> (-6 - a, 12 - b)
    black = [(1, k, names[(-6 - by[n][0], 12 - by[n][1])]) for _, k, n in white]
    # The knights in hand on the imaginary cells beside each back cell: (side, back cell, name)
    offboard = {
        (-1, 0): (0, (0, 0), "a0"),
        (1, 0): (0, (0, 0), "a2"),
        (-7, 12): (1, (-6, 12), "n0"),
        (-5, 12): (1, (-6, 12), "n2"),
    }
    hand = [(0, "N", "a0"), (0, "N", "a2"), (1, "N", "n0"), (1, "N", "n2")]
    pieces = dict(CHESS_PIECES)
    # Dagger's pawn moves or captures along either forward edge (1 and 11 o'clock); its
    # straight-ahead leap (12 o'clock, no capture, e.p.) is added by dagger_extra.
    pieces["P"] = [("step", POINTY_FWD_EDGES, "both")]
    v = Variant("dagger", names, pieces, white + black + hand, offboard=offboard)
    v.dagger_leap = POINTY_AHEAD
    v.promotion = {0: {(-6, 12)}, 1: {(0, 0)}}
    return v


def hex_shogi(which):
    if which == 91:
        names = shogi91_cells()
        black = {"L": "6k 1k", "N": "5k 2k", "G": "4k 3k", "R": "6j", "S": "5j 3j", "K": "4j", "B": "2j", "P": "9h 8h 7h 6h 5h 4h 3h 2h 1h"}
        white = {"L": "11a 6a", "N": "10a 7a", "G": "9a 8a", "R": "10b", "S": "9b 7b", "K": "8b", "B": "6b", "P": "11d 10d 9d 8d 7d 6d 5d 4d 3d"}
        zone_b = (2, -2)  # Black's zone: b >= 2; White's: b <= -2 (four ranks each)
    elif which == 41:
        names = shogi41_cells()
        black = {"L": "5i", "B": "4i", "K": "3i", "R": "2i", "N": "1i", "S": "5h 2h", "G": "4h 3h", "P": "6g 5g 4g 3g 2g"}
        white = {"N": "9a", "B": "8a", "K": "7a", "R": "6a", "L": "5a", "S": "8b 5b", "G": "7b 6b", "P": "8c 7c 6c 5c 4c"}
        zone_b = (6, 2)
    else:
        names = shogi81_cells()
        black = {"L": "9i 1i", "N": "8i 2i", "S": "7i 3i", "G": "6i 4i", "K": "5i", "B": "8h", "R": "2h", "P": "9g 8g 7g 6g 5g 4g 3g 2g 1g"}
        # White is Black turned 180 degrees: (a, b) -> (8 - a, 8 - b)
        by = {n: c for c, n in names.items()}
        white = {k: " ".join(names[(8 - by[x][0], 8 - by[x][1])] for x in cells.split()) for k, cells in black.items()}
        zone_b = (6, 2)
    # hexv's first player is Shogi's Black (moving up); the second is Shogi's White
    v = Variant("hex-shogi-%d" % which, names, SHOGI_PIECES, chess_setup(black, white))
    v.shogi = {0: {c for c in names if c[1] >= zone_b[0]}, 1: {c for c in names if c[1] <= zone_b[1]}}
    return v


def dagger_extra(v, pos, moves):
    """Dagger's pawns: promotion on the far back cell, the straight-ahead leap and e.p."""
    side = pos.side
    out = []
    for f, t, cap, promo, extra in moves:
        if f in v.cells and pos.board[f][1] == "P":
            if t in v.promotion[side]:
                out += [(f, t, cap, q, extra) for q in v.promote_to]
                continue
        out.append((f, t, cap, promo, extra))
    for c, (s, kind) in pos.board.items():
        if s != side or kind != "P" or c not in v.cells:
            continue
        # e.p.: land on a passed cell as a capture, removing the leaper
        if pos.ep:
            for d in v.vectors(side, POINTY_FWD_EDGES):
                t = add(c, d)
                if t in pos.ep[0] and t not in pos.board:
                    out.append((c, t, True, None, ("take", pos.ep[1])))
        d = v.vectors(side, [v.dagger_leap])[0]
        t = add(c, d)
        if t in v.cells and t not in pos.board:
            passed = tuple(add(c, e) for e in v.vectors(side, POINTY_FWD_EDGES))
            qs = v.promote_to if t in v.promotion[side] else [None]
            out += [(c, t, False, q, ("ep", passed, t)) for q in qs]
    return out


# ---------------------------------------------------------------------------------------
# Chessagon: triangles. A cell is (X, Y, Z), X + Y + Z = 0, the tripled barycentric
# coordinates of its centroid (docs/geometry.md): all three = 1 (mod 3) on a triangle
# pointing right (light), all = 2 (mod 3) pointing left (dark); the board is
# max(|X|, |Y|, |Z|) <= 11. Centroid = (X e1 + Y e2) / 3, e1 at 2 o'clock, e2 straight ahead.


def add3(c, d, k=1):
    return (c[0] + k * d[0], c[1] + k * d[1], c[2] + k * d[2])


def is_tri(c):
    return c[0] % 3 != 0 and c[0] % 3 == c[1] % 3 == c[2] % 3 and sum(c) == 0


def perms(v):
    out = set()
    for i in range(3):
        for j in range(3):
            if i != j:
                k = 3 - i - j
                w = [0, 0, 0]
                w[i], w[j], w[k] = v
                out.add(tuple(w))
    return sorted(out)


def axis_vec(i, here, other):
    w = [other] * 3
    w[i] = here
    return tuple(w)


def light(c):
    return c[0] % 3 == 1


def tri_cells():
    names = {}
    for x in range(-11, 12):
        for y in range(-11, 12):
            c = (x, y, -x - y)
            if abs(c[2]) <= 11 and is_tri(c):
                names[c] = "abcdefgh"[x // 3 + 4] + str((x + 2 * y) // 3 + 8)
    assert len(names) == 96
    return names


TRI_CELLS = set()  # filled by chessagon()
# A face step crosses a side: from a light cell -2 on one axis, +1 on the others; from a
# dark cell the opposite. A point step crosses a corner to the opposite triangle: twice that.
BISHOP_STEPS = perms((3, -3, 0))  # lattice translations: same colour, corners touching
KNIGHT_LIGHT = perms((4, 1, -5)) + perms((7, -2, -5))  # opposite colour, king-distance 2


def rook_rays(c):
    """Six rows: a row of direction (i, j) crosses side i from light cells, side j from dark."""
    rays = []
    for i in range(3):
        for j in range(3):
            if i == j:
                continue
            ray, t = [], c
            while True:
                t = add3(t, axis_vec(i, -2, 1) if light(t) else axis_vec(j, 2, -1))
                if t not in TRI_CELLS:
                    break
                ray.append(t)
            rays.append(ray)
    return rays


def duke_step(t, u):
    """One Duke step along u (a face-step vector): a face step if the cell allows it, else the
    point step to the triangle opposite the corner (2u), keeping to one straight line."""
    return add3(t, u) if is_tri(add3(t, u)) else add3(t, u, 2)


DUKE_DIRS = perms((-2, 1, 1)) + perms((2, -1, -1))


def duke_rays(c):
    rays = []
    for u in DUKE_DIRS:
        ray, t = [], c
        while True:
            t = duke_step(t, u)
            if t not in TRI_CELLS:
                break
            ray.append(t)
        rays.append(ray)
    return rays


def bishop_rays(c):
    rays = []
    for d in BISHOP_STEPS:
        ray, k = [], 1
        while add3(c, d, k) in TRI_CELLS:
            ray.append(add3(c, d, k))
            k += 1
        rays.append(ray)
    return rays


def tri_reach(board, c, kind):
    """Cells a piece reaches (empty ones, and the first occupied one on each ray)."""
    if kind == "N":
        vs = KNIGHT_LIGHT if light(c) else [neg3(d) for d in KNIGHT_LIGHT]
        return [add3(c, d) for d in vs if add3(c, d) in TRI_CELLS]
    rays = []
    if kind in ("R", "Q", "K"):
        rays += rook_rays(c)
    if kind in ("D", "Q", "K"):
        rays += duke_rays(c)
    if kind in ("B", "Q", "K"):
        rays += bishop_rays(c)
    out = set()
    for ray in rays:
        for t in ray[:1] if kind == "K" else ray:
            out.add(t)
            if t in board:
                break
    return sorted(out)


def neg3(d):
    return (-d[0], -d[1], -d[2])


# White's pawn: moves one Duke step at 11 o'clock (-1,2,-1) or 1 o'clock (1,1,-2), two when
# unmoved; captures one Bishop step at 10 (-3,3,0), 12 (0,3,-3) or 2 o'clock (3,0,-3).
TRI_PAWN_MOVES = [(-1, 2, -1), (1, 1, -2)]
TRI_PAWN_CAPTURES = [(-3, 3, 0), (0, 3, -3), (3, 0, -3)]


def tri_side(side, vs):
    """Black's vectors are White's mirrored in the horizontal centre line: swap Y and Z."""
    return vs if side == 0 else [(d[0], d[2], d[1]) for d in vs]


def tri_pawn_moves(v, pos, c, side):
    board = pos.board
    out = []

    def push(t, cap, extra=None):
        for q in v.promote_to if t in v.promotion[side] else [None]:
            out.append((c, t, cap, q, extra))

    for u in tri_side(side, TRI_PAWN_MOVES):
        t = duke_step(c, u)
        if t in TRI_CELLS and t not in board:
            push(t, False)
            if c in pos.unmoved:  # "unmoved" belongs to the pawn, not to the cell
                t2 = duke_step(t, u)
                if t2 in TRI_CELLS and t2 not in board:
                    push(t2, False, ("ep", (t,), t2))
    for d in tri_side(side, TRI_PAWN_CAPTURES):
        t = add3(c, d)
        if t in TRI_CELLS:
            occ = board.get(t)
            if occ and occ[0] != side:
                push(t, True)
            elif occ is None and pos.ep and t in pos.ep[0]:
                push(t, True, ("take", pos.ep[1]))
    return out


def chessagon():
    names = tri_cells()
    TRI_CELLS.update(names)
    by = {n: c for c, n in names.items()}
    white = chess_setup(
        {"K": "e1", "Q": "d1", "D": "d2 e2", "B": "c2 f2", "N": "c3 f3", "R": "b3 g3",
         "P": "d3 e3 a4 b4 c4 d4 e4 f4 g4 h4 b5 c5 f5 g5"},
        {},
    )
    # Black: White mirrored in the horizontal centre line, (X, Y, Z) -> (X, Z, Y)
    black = [(1, k, names[(by[n][0], by[n][2], by[n][1])]) for _, k, n in white]
    v = Variant("chessagon", names, {}, white + black, promote_to=["Q", "D", "R", "B", "N"])
    v.tri = True
    v.promotion = {
        0: {by[n] for n in "a12 b13 c14 d15 e15 f14 g13 h12".split()},
        1: {by[n] for n in "a4 b3 c2 d1 e1 f2 g3 h4".split()},
    }
    # Castling needs the three or four cells between king and rook emptied first: not
    # possible before White's fourth move (ply 7), so it is left out of this check.
    return v


# ---------------------------------------------------------------------------------------
# Shafran's Hexagonal Chess, in the coordinates of its own notation: a cell is (file, rank),
# file 0..8 for a..i and the rank number as written (rank 1 is the edge a1-e1). The rule
# texts cited in variants/shafran.hexv describe the board: files vertical, of 6 7 8 9 10 9 8
# 7 6 cells; the ranks are the lines running from 10 to 4 o'clock; a file's cells are
# numbered from its lowest cell's rank, so file f runs f2-f10, g g3-g10, h h4-h10, i i5-i10
# (rank 1 is the edge a1-e1 and White's other edge is e1 f2 g3 h4 i5).
#
# So from a cell: straight up the file is (0, +1); the neighbour at 4 o'clock, one file to
# the right on the same rank line, is (+1, 0); the one at 2 o'clock, one file to the right
# and up the file, is (+1, +1); the other three are these negated. In clockwise order from
# 12 o'clock the six edge neighbours are below, and each diagonal (1, 3, 5, ... o'clock) is
# the sum of the two edge steps beside it; the knight is two edge steps and one edge step
# turned 60 degrees. A vector turned 180 degrees is negated, as for the other boards.

SH_EDGE = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)]  # 12 2 4 6 8 10 o'clock
SH_DIAG = [(SH_EDGE[i][0] + SH_EDGE[(i + 1) % 6][0], SH_EDGE[i][1] + SH_EDGE[(i + 1) % 6][1]) for i in range(6)]
SH_KNIGHT = sorted(
    {
        (2 * SH_EDGE[i][0] + SH_EDGE[(i + t) % 6][0], 2 * SH_EDGE[i][1] + SH_EDGE[(i + t) % 6][1])
        for i in range(6)
        for t in (1, 5)
    }
)
assert SH_DIAG == [(1, 2), (2, 1), (1, -1), (-1, -2), (-2, -1), (-1, 1)]  # 1 3 5 7 9 11
assert len(SH_KNIGHT) == 12 and (1, 3) in SH_KNIGHT  # [12 1]: up the file, then at 1 o'clock

SH_PIECES = {
    "K": [("step", SH_EDGE + SH_DIAG, "both")],
    "Q": [("ride", SH_EDGE + SH_DIAG, "both")],
    "R": [("ride", SH_EDGE, "both")],
    "B": [("ride", SH_DIAG, "both")],
    "N": [("leap", SH_KNIGHT, "both")],
}


def shafran_cells():
    names = {}
    for f, letter in enumerate("abcdefghi"):
        low, high = max(1, f - 3), min(10, f + 6)
        for r in range(low, high + 1):
            names[(f, r)] = letter + str(r)
    assert len(names) == 70
    assert [sum(1 for (g, _) in names if g == f) for f in range(9)] == [6, 7, 8, 9, 10, 9, 8, 7, 6]
    return names


def shafran_turn(c):
    """The board turned 180 degrees: file a <-> i, the bottom of a file <-> the top of its image."""
    return (8 - c[0], 11 - c[1])


def shafran():
    names = shafran_cells()
    by = {n: c for c, n in names.items()}
    assert all(shafran_turn(c) in names for c in names)
    white = {"K": "e1", "Q": "d1", "R": "a1 i5", "N": "b1 g3", "B": "c1 f2 h4", "P": "a2 b2 c2 d2 e2 f3 g4 h5 i6"}
    black = {"K": "e10", "Q": "f10", "R": "i10 a6", "N": "h10 c8", "B": "g10 d9 b7", "P": "i9 h9 g9 f9 e9 d8 c7 b6 a5"}
    for k in white:  # Black's army, as the texts list it, is White's turned 180 degrees
        turned = {names[shafran_turn(by[x])] for x in white[k].split()}
        assert turned == set(black[k].split()), k
    # A pawn's first move reaches the middle of the board: three cells on files d e f, two on
    # b c g h, one on a and i. Pawns never move back, so the start cells are only ever stood
    # on by the pawns that began there, before they move.
    reach = {}
    for side, army in ((0, white), (1, black)):
        for x in army["P"].split():
            reach[(side, by[x])] = {"d": 3, "e": 3, "f": 3, "a": 1, "i": 1}.get(x[0], 2)

    def pawn_reach(v, pos, c, side):
        return reach.get((side, c), 1)

    v = Variant(
        "shafran",
        names,
        SH_PIECES,
        chess_setup(white, black),
        pawn={"push": [(0, 1)], "capture": [(-1, 1), (1, 2)], "reach": pawn_reach},  # 11, 1
    )
    # Promotion on the last cell of every file (Black: the first).
    top = {f: max(r for (g, r) in names if g == f) for f in range(9)}
    bottom = {f: min(r for (g, r) in names if g == f) for f in range(9)}
    v.promotion = {0: {(f, top[f]) for f in range(9)}, 1: {(f, bottom[f]) for f in range(9)}}
    c = v.cell
    v.castlings = [
        (0, c("e1"), c("c1"), c("a1"), c("d1")),  # queen's side, short
        (0, c("e1"), c("b1"), c("a1"), c("c1")),  # queen's side, long
        (0, c("e1"), c("g3"), c("i5"), c("f2")),  # bishops' side, short
        (0, c("e1"), c("h4"), c("i5"), c("g3")),  # bishops' side, long
        (1, c("e10"), c("g10"), c("i10"), c("f10")),
        (1, c("e10"), c("h10"), c("i10"), c("g10")),
        (1, c("e10"), c("c8"), c("a6"), c("d9")),
        (1, c("e10"), c("b7"), c("a6"), c("c8")),
    ]
    return v


# Mini Hexchess, in coordinates of its own: a cell is (column, height) with the centre d4 at
# (0, 0), the column -3..3 for files a..g and the height counted in half cells ("doubled"
# coordinates), so straight up a file is (0, 2). The board (variants/mini-hexchess.hexv, after
# The Chess Variant Pages' "Mini Hexchess"): the 37-cell hexagon with four cells a side,
# hexes lying on a side, files a-g of 4 5 6 7 6 5 4 cells numbered from their bottom cell.
# Neighbours across an edge: 12 (0, 2), 2 (1, 1), 4 (1, -1), 6, 8, 10 their negations; a
# diagonal passes between two neighbours and lands on their sum: 1 (1, 3), 3 (2, 0), 5
# (1, -3), ...; the knight is two edge steps and one edge step turned 60 degrees. Black's army
# is White's turned 180 degrees about d4: (q, h) -> (-q, -h), so its vectors are negated too.

MH_EDGE = [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)]  # 12 2 4 6 8 10 o'clock
MH_DIAG = [(MH_EDGE[i][0] + MH_EDGE[(i + 1) % 6][0], MH_EDGE[i][1] + MH_EDGE[(i + 1) % 6][1]) for i in range(6)]
MH_KNIGHT = sorted(
    {
        (2 * MH_EDGE[i][0] + MH_EDGE[(i + t) % 6][0], 2 * MH_EDGE[i][1] + MH_EDGE[(i + t) % 6][1])
        for i in range(6)
        for t in (1, 5)
    }
)
assert MH_DIAG == [(1, 3), (2, 0), (1, -3), (-1, -3), (-2, 0), (-1, 3)]  # 1 3 5 7 9 11
assert len(MH_KNIGHT) == 12 and (1, 5) in MH_KNIGHT  # up the file twice, then at 2 o'clock

MH_PIECES = {
    "K": [("step", MH_EDGE + MH_DIAG, "both")],
    "R": [("ride", MH_EDGE, "both")],
    "B": [("ride", MH_DIAG, "both")],
    "N": [("leap", MH_KNIGHT, "both")],
}


def mini_cells():
    names = {}
    for i, letter in enumerate("abcdefg"):
        q = i - 3
        length = 7 - abs(q)
        for r in range(1, length + 1):
            names[(q, -(6 - abs(q)) + 2 * (r - 1))] = letter + str(r)
    assert len(names) == 37 and names[(0, 0)] == "d4" and names[(0, -6)] == "d1"
    return names


def mini_hexchess():
    names = mini_cells()
    by = {n: c for c, n in names.items()}
    white = {"K": "d2", "R": "e1", "B": "d1", "N": "c1", "P": "b1 c2 d3 e2 f1"}
    black = {"K": "d6", "R": "c6", "B": "d7", "N": "e6", "P": "b5 c5 d5 e5 f5"}
    for k in white:  # Black's army is White's turned 180 degrees about d4
        turned = {names[(-by[x][0], -by[x][1])] for x in white[k].split()}
        assert turned == set(black[k].split()), k
    v = Variant(
        "mini-hexchess",
        names,
        MH_PIECES,
        chess_setup(white, black),
        # One cell ahead, never two; captures at 11 and 1 o'clock.
        pawn={"push": [(0, 2)], "capture": [(-1, 3), (1, 3)], "double": lambda v, pos, c, side: False},
        promote_to=["R", "B", "N"],
    )
    top = {q: max(h for (p, h) in names if p == q) for q in range(-3, 4)}
    v.promotion = {0: {(q, top[q]) for q in top}, 1: {(q, -top[q]) for q in top}}
    assert {names[c] for c in v.promotion[0]} == set("a4 b5 c6 d7 e6 f5 g4".split())
    return v


# ---------------------------------------------------------------------------------------
# De Vasa's Hexagonal Chess, in the coordinates of its own notation: a cell is (file, rank),
# file 0..8 for a..i and rank 1..9. The texts cited in variants/de-vasa.hexv describe the
# board: a rhombus of 9 x 9 hexes standing on a corner, so the ranks are horizontal rows;
# each rank lies half a cell left of the one below it, so a file runs up and to the left
# (11 o'clock) and every file has all nine ranks.
#
# So from a cell: up its file (11 o'clock) is (0, +1); the neighbour at 1 o'clock, up and to
# the right, is one file further on the next rank, (+1, +1); along the rank to the right
# (3 o'clock) is (+1, 0); the other three are these negated. Each diagonal (2, 4, ...
# o'clock) is the sum of the two edge steps beside it, so a pawn's side captures at 10 and 2
# o'clock are (-1, +1) and (+2, +1), one rank up; straight ahead (12 o'clock) is (+1, +2),
# two ranks up, where the revised game's pawn does not capture. The knight is two edge steps
# and one edge step turned 60 degrees.

DV_EDGE = [(1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0), (0, 1)]  # 1 3 5 7 9 11 o'clock
DV_DIAG = [(DV_EDGE[i][0] + DV_EDGE[(i + 1) % 6][0], DV_EDGE[i][1] + DV_EDGE[(i + 1) % 6][1]) for i in range(6)]
DV_KNIGHT = sorted(
    {
        (2 * DV_EDGE[i][0] + DV_EDGE[(i + t) % 6][0], 2 * DV_EDGE[i][1] + DV_EDGE[(i + t) % 6][1])
        for i in range(6)
        for t in (1, 5)
    }
)
assert DV_DIAG == [(2, 1), (1, -1), (-1, -2), (-2, -1), (-1, 1), (1, 2)]  # 2 4 6 8 10 12
assert len(DV_KNIGHT) == 12

DV_PIECES = {
    "K": [("step", DV_EDGE + DV_DIAG, "both")],
    "Q": [("ride", DV_EDGE + DV_DIAG, "both")],
    "R": [("ride", DV_EDGE, "both")],
    "B": [("ride", DV_DIAG, "both")],
    "N": [("leap", DV_KNIGHT, "both")],
}


def devasa_cells():
    names = {(f, r): letter + str(r) for f, letter in enumerate("abcdefghi") for r in range(1, 10)}
    # three colour classes of 27 cells: an edge step changes the colour, a diagonal keeps it
    classes = [sum(1 for (f, r) in names if (f + r) % 3 == k) for k in range(3)]
    assert len(names) == 81 and classes == [27, 27, 27]
    return names


def devasa_turn(c):
    return (8 - c[0], 10 - c[1])


def devasa():
    names = devasa_cells()
    by = {n: c for c, n in names.items()}
    white = {"K": "f1", "Q": "d1", "R": "a1 i1", "N": "b1 h1", "B": "c1 e1 g1", "P": "a3 b3 c3 d3 e3 f3 g3 h3 i3"}
    black = {"K": "d9", "Q": "f9", "R": "a9 i9", "N": "b9 h9", "B": "c9 e9 g9", "P": "a7 b7 c7 d7 e7 f7 g7 h7 i7"}
    for k in white:  # Black's army is White's turned 180 degrees: the kings on opposite wings
        turned = {names[devasa_turn(by[x])] for x in white[k].split()}
        assert turned == set(black[k].split()), k
    assert len({(by[x][0] + by[x][1]) % 3 for x in white["B"].split()}) == 3

    def double(v, pos, c, side):  # a pawn still on its own third rank has not moved
        return c[1] == (3 if side == 0 else 7)

    v = Variant(
        "de-vasa",
        names,
        DV_PIECES,
        chess_setup(white, black),
        # pushes at 11 and 1 o'clock, captures at 10 and 2 o'clock
        pawn={"push": [(0, 1), (1, 1)], "capture": [(-1, 1), (2, 1)], "double": double},
    )
    v.promotion = {0: {(f, 9) for f in range(9)}, 1: {(f, 1) for f in range(9)}}
    c = v.cell
    v.castlings = [
        (0, c("f1"), c("h1"), c("i1"), c("g1")),  # short
        (0, c("f1"), c("c1"), c("a1"), c("d1")),  # long
        (1, c("d9"), c("b9"), c("a9"), c("c9")),
        (1, c("d9"), c("g9"), c("i9"), c("f9")),
    ]
    return v


# ---------------------------------------------------------------------------------------
# Brusky's Hexagonal Chess, in the coordinates of its own notation: a cell is (file, rank),
# file 0..11 for a..l and rank 1..8. The texts cited in variants/brusky.hexv describe the
# board: 84 hexes standing on a corner, horizontal ranks of 9 10 11 12 12 11 10 9 cells, files
# lettered along the lines leaning to 11 o'clock, a1-a5, b1-b6, c1-c7, d1-d8 ... i1-i8, j2-j8,
# k3-k8, l4-l8. So rank r holds the files max(0, r - 5) .. min(11, r + 7), and going up a
# file keeps the letter: up the file (11 o'clock) is (0, +1), along the rank (3 o'clock)
# (+1, 0), and 1 o'clock, touching both, (+1, +1), exactly as on De Vasa's board (the same
# lattice cut to another outline). Each diagonal (2, 4, ... o'clock) is the sum of the two
# edge steps beside it: the pawn's side captures at 10 and 2 o'clock are (-1, +1) and (+2, +1),
# straight ahead (12 o'clock) is (+1, +2). The board turned 180 degrees: rank r -> 9 - r, and
# the cell x = f - r / 2 half cells across -> 6.5 - x, so (f, r) -> (11 - f, 9 - r) (a1 <-> l8,
# f1 <-> g8: Black's king stands on g8 and its queen on i8, White's turned).
#
# The pawn: one cell to 11 or 1 o'clock without capturing; from its start cell (its rank 2,
# where only the pawn that began there can stand, pawns never going back) one or two cells
# over an empty one, with en passant on the cell passed, unless an enemy piece stands on one
# of its two forward edge neighbours: then it advances nowhere. It captures at 10 and 2
# o'clock, and from its start cell also straight ahead (12 o'clock), which also attacks.
# Promotion on the far rank (rank 8; Black: rank 1).


def brusky_cells():
    names = {}
    for r in range(1, 9):
        for f in range(max(0, r - 5), min(11, r + 7) + 1):
            names[(f, r)] = "abcdefghijkl"[f] + str(r)
    files = {letter: sorted(int(n[1:]) for n in names.values() if n[0] == letter) for letter in "abcdefghijkl"}
    assert len(names) == 84 and [len(files[x]) for x in "abcdefghijkl"] == [5, 6, 7, 8, 8, 8, 8, 8, 8, 7, 6, 5]
    assert files["a"] == [1, 2, 3, 4, 5] and files["j"][0] == 2 and files["l"] == [4, 5, 6, 7, 8]
    assert [sum(1 for (f, r) in names if (f + r) % 3 == k) for k in range(3)] == [28, 28, 28]
    return names


def brusky_turn(c):
    return (11 - c[0], 9 - c[1])


def brusky():
    names = brusky_cells()
    by = {n: c for c, n in names.items()}
    assert all(brusky_turn(c) in names for c in names)
    white = {"K": "f1", "Q": "d1", "R": "a1 i1", "N": "b1 h1", "B": "c1 e1 g1", "P": "a2 b2 c2 d2 e2 f2 g2 h2 i2 j2"}
    black = {"K": "g8", "Q": "i8", "R": "l8 d8", "N": "k8 e8", "B": "j8 h8 f8", "P": "l7 k7 j7 i7 h7 g7 f7 e7 d7 c7"}
    for k in white:  # Black's army is White's turned 180 degrees ("rotational symmetry")
        turned = {names[brusky_turn(by[x])] for x in white[k].split()}
        assert turned == set(black[k].split()), k
    start_cells = {0: {by[x] for x in white["P"].split()}, 1: {by[x] for x in black["P"].split()}}
    push = [(0, 1), (1, 1)]  # 11 and 1 o'clock

    def double(v, pos, c, side):
        return c in start_cells[side]

    def blocked(v, pos, c, side):
        if c not in start_cells[side]:
            return False
        ahead = [pos.board.get(add(c, d)) for d in v.vectors(side, push)]
        return any(occ is not None and occ[0] != side for occ in ahead)

    v = Variant(
        "brusky",
        names,
        DV_PIECES,
        chess_setup(white, black),
        pawn={
            "push": push,
            "capture": [(-1, 1), (2, 1)],  # 10 and 2 o'clock
            "start_capture": [(1, 2)],  # 12 o'clock, from the start cell only
            "start": start_cells,
            "double": double,
            "blocked": blocked,
        },
    )
    v.promotion = {0: {c for c in names if c[1] == 8}, 1: {c for c in names if c[1] == 1}}
    c = v.cell
    v.castlings = [
        (0, c("f1"), c("h1"), c("i1"), c("g1")),  # kingside: toward the near rook
        (0, c("f1"), c("c1"), c("a1"), c("d1")),  # queenside: toward the far rook
        (1, c("g8"), c("e8"), c("d8"), c("f8")),
        (1, c("g8"), c("j8"), c("l8"), c("i8")),
    ]
    return v


# ---------------------------------------------------------------------------------------
# Xiang Hex, in coordinates of its own: a cell is (column, height) with the middle of the
# river, e6, at (0, 0), the column -4..4 for files a..i and the height counted in half cells
# ("doubled" coordinates), so straight up a file is (0, 2). The board (variants/xiang-hex.hexv,
# after the author's text on The Chess Variant Pages): hexes lying on a side, files a-i of 7 8
# 9 10 11 10 9 8 7 cells centred on one middle line, numbered from their bottom cell. Neighbours
# across an edge: 12 (0, 2), 2 (1, 1), 4 (1, -1), 6, 8, 10 their negations; a diagonal step
# passes between two neighbours and lands on their sum: 1 (1, 3), 3 (2, 0), 5 (1, -3), ...
# The river is the cells of height 0 (a4 c5 e6 g5 i4); White's side is below it (height < 0),
# Black's above. Black's army is White's turned 180 degrees about e6: (q, h) -> (-q, -h), so
# its vectors are negated too.
#
# The pieces, from the text: General, one edge step inside its palace (e1 e2 e3 d1 d2 f1 f2,
# Black's turned); Mandarin, one diagonal step inside it; Elephant, two diagonal steps the same
# way, only over an empty middle cell, never leaving its side of the river; Horse, an edge step
# onto an empty cell, then a diagonal step 30 degrees off it, outward; Chariot, an edge rider;
# Cannon, an edge rider that never captures, capturing instead by jumping exactly one piece on
# an edge line (any distance before and after it) onto the first piece beyond; Soldier, one
# step ahead (12 o'clock) and, standing on the river or beyond it, also one at 10, 2, 3 or 9
# o'clock. A move may not leave its own General attacked, nor the two Generals on one file
# with nothing between them. No promotion, no castling, no en passant.

XH_EDGE = [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)]  # 12 2 4 6 8 10 o'clock
XH_DIAG = [(XH_EDGE[i][0] + XH_EDGE[(i + 1) % 6][0], XH_EDGE[i][1] + XH_EDGE[(i + 1) % 6][1]) for i in range(6)]
assert XH_DIAG == [(1, 3), (2, 0), (1, -3), (-1, -3), (-2, 0), (-1, 3)]  # 1 3 5 7 9 11
# The horse: edge step i, then the diagonal on either side of it (i and i - 1): 12 then 1 or
# 11, 2 then 3 or 1, and so on.
XH_HORSE = [(XH_EDGE[i], XH_DIAG[j]) for i in range(6) for j in (i, (i - 1) % 6)]
assert len({add(e, d) for e, d in XH_HORSE}) == 12
XH_SOLDIER_AHEAD = (0, 2)
XH_SOLDIER_ACROSS = [(-1, 1), (1, 1), (2, 0), (-2, 0)]  # 10 2 3 9 o'clock


def xiang_cells():
    names = {}
    for i, letter in enumerate("abcdefghi"):
        q = i - 4
        length = 11 - abs(q)
        for r in range(1, length + 1):
            names[(q, -(length - 1) + 2 * (r - 1))] = letter + str(r)
    assert len(names) == 79 and names[(0, 0)] == "e6" and names[(0, -10)] == "e1"
    river = {names[c] for c in names if c[1] == 0}
    assert river == set("a4 c5 e6 g5 i4".split())
    return names


def xiang_ahead(side, h):
    """The height `h` as the side sees it: negative on its own side of the river."""
    return h if side == 0 else -h


def xiang_targets(v, pos, c, side, kind):
    """(to, capture?) for the piece of `side` and `kind` on `c`."""
    board = pos.board
    out = []

    def vec(d):  # a vector as `side` sees it (Black's turned)
        return d if side == 0 else neg(d)

    def onto(t, inside=None):
        if t not in v.cells or (inside is not None and t not in inside):
            return
        occ = board.get(t)
        if occ is None:
            out.append((t, False))
        elif occ[0] != side:
            out.append((t, True))

    if kind == "G":
        for d in XH_EDGE:
            onto(add(c, d), v.xiang["palace"][side])
    elif kind == "M":
        for d in XH_DIAG:
            onto(add(c, d), v.xiang["palace"][side])
    elif kind == "E":
        home = {x for x in v.cells if xiang_ahead(side, x[1]) < 0}
        for d in XH_DIAG:
            mid = add(c, d)
            if mid in home and mid not in board:
                onto(add(mid, d), home)
    elif kind == "H":
        for e, d in XH_HORSE:
            leg = add(c, vec(e))
            if leg in v.cells and leg not in board:
                onto(add(leg, vec(d)))
    elif kind in ("C", "A"):
        for d in XH_EDGE:
            t = add(c, d)
            while t in v.cells and t not in board:
                out.append((t, False))
                t = add(t, d)
            if kind == "C":
                onto(t)
            elif t in v.cells:  # the screen: jump it, then capture the next piece, if any
                t = add(t, d)
                while t in v.cells and t not in board:
                    t = add(t, d)
                if t in v.cells and board[t][0] != side:
                    out.append((t, True))
    elif kind == "S":
        steps = [XH_SOLDIER_AHEAD]
        if xiang_ahead(side, c[1]) >= 0:  # on the river or beyond it
            steps += XH_SOLDIER_ACROSS
        for d in steps:
            onto(add(c, vec(d)))
    return out


def xiang_moves(v, pos):
    return [
        (c, t, cap, None, None)
        for c, (s, kind) in list(pos.board.items())
        if s == pos.side
        for t, cap in xiang_targets(v, pos, c, s, kind)
    ]


def xiang_attacked(v, pos, cell, by):
    return any(
        t == cell and cap
        for c, (s, kind) in pos.board.items()
        if s == by
        for t, cap in xiang_targets(v, pos, c, s, kind)
    )


def generals_face(v, pos):
    """Both generals on one file (same column) with no piece between them."""
    g = [c for c, (s, k) in pos.board.items() if k == "G"]
    if len(g) != 2 or g[0][0] != g[1][0]:
        return False
    low, high = sorted(g, key=lambda c: c[1])
    return not any((low[0], h) in pos.board for h in range(low[1] + 2, high[1], 2))


def xiang_hex():
    names = xiang_cells()
    by = {n: c for c, n in names.items()}
    white = {"G": "e1", "M": "d1 f1", "E": "c1 g1", "H": "b1 h1", "C": "a1 i1", "A": "b2 h2", "S": "a2 c3 e4 g3 i2"}
    black = {"G": "e11", "M": "d10 f10", "E": "c9 g9", "H": "b8 h8", "C": "a7 i7", "A": "b7 h7", "S": "a6 c7 e8 g7 i6"}
    for k in white:  # Black's army is White's turned 180 degrees about e6
        turned = {names[(-by[x][0], -by[x][1])] for x in white[k].split()}
        assert turned == set(black[k].split()), k
    palace = {by[x] for x in "e1 e2 e3 d1 d2 f1 f2".split()}
    v = Variant("xiang-hex", names, {}, chess_setup(white, black), royal="G")
    v.xiang = {"palace": {0: palace, 1: {(-q, -h) for q, h in palace}}}
    return v


# ---------------------------------------------------------------------------------------
# Starchess (Polgar Superstar Chess), from the rule texts cited in variants/starchess.hexv,
# on the shared axial lattice with flat hexes: straight up a file is (0, 1), 2 o'clock (1, 0),
# 4 o'clock (1, -1), so a cell (a, b) stands 2b + a half cells above the middle row. The board
# is a six-pointed star, points left and right: files a = -4..4 of 1 2 7 6 5 6 7 2 1 cells,
# each centred on the middle row, numbered 1..37 file by file from the bottom. The pieces ride
# or step along edges only: King one edge step, Queen an edge rider, Rook up and down its file,
# Bishop the four slanting edge lines (2 4 8 10 o'clock), Knight Gliński's leap. The Pawn steps
# straight ahead, captures at 10 and 2 o'clock, may step twice over an empty cell while it has
# never moved (no en passant), and promotes to Q R B N on the opponent's back cells. The pawns
# start on the board; King, Queen, Rook, Bishop and Knight are in hand and are placed, one a
# move, on the own back cells: White, Black, White, ... (with --sequential: White's five, then
# Black's five), written `K*17`; White then makes the first ordinary move.

STAR_PIECES = {
    "K": [("step", EDGE, "both")],
    "Q": [("ride", EDGE, "both")],
    "R": [("ride", [(0, 1), (0, -1)], "both")],
    "B": [("ride", [(1, 0), (1, -1), (-1, 0), (-1, 1)], "both")],
    "N": [("leap", HEX_KNIGHT, "both")],
}


def star_cells():
    names = {}
    for i, length in enumerate((1, 2, 7, 6, 5, 6, 7, 2, 1)):
        a = i - 4
        for r in range(length):
            y = 2 * r - (length - 1)  # half cells above the middle row
            names[(a, (y - a) // 2)] = str(len(names) + 1)
    # The star: the 19-cell hexagon about cell 19 and a triangle of three on each of its edges
    # (two cells at distance 3, the point at distance 4, twice a diagonal step away).
    star = {(a, b) for a in range(-2, 3) for b in range(-2, 3) if abs(a + b) <= 2}
    for i in range(6):
        e, f = EDGE[i], EDGE[(i + 1) % 6]
        star |= {add(add(e, e), f), add(add(f, f), e), add(VERTEX[i], VERTEX[i])}
    assert set(names) == star and names[(0, 0)] == "19" and names[(-4, 2)] == "1"
    return names


def starchess():
    names = star_cells()
    back = {0: "4 11 17 22 28", 1: "10 16 21 27 34"}
    white, black = "5 12 18 23 29", "9 15 20 26 33"
    by = {n: c for c, n in names.items()}
    for w, b in ((back[0], back[1]), (white, black)):  # Black's: White's mirrored, y -> -y
        assert {(by[x][0], -by[x][0] - by[x][1]) for x in w.split()} == {by[x] for x in b.split()}
    v = Variant(
        "starchess",
        names,
        STAR_PIECES,
        chess_setup({"P": white}, {"P": black}),
        # two cells ahead while the pawn has never moved (its start cell keeps its mark)
        pawn={"push": [FLAT_AHEAD], "capture": FLAT_FWD_EDGES, "double": lambda v, pos, c, s: c in pos.unmoved},
        hands=(tuple(sorted("KQRBN")),) * 2,
    )
    v.placement = {s: {by[x] for x in back[s].split()} for s in (0, 1)}
    v.promotion = {0: v.placement[1], 1: v.placement[0]}
    v.no_en_passant = True  # "no such special moves"
    return v


# ---------------------------------------------------------------------------------------
# Three sides (tests/fixtures/valid/three_sides.hexv): Glinski's board; White, Black and Red
# move in that order, each army the first's turned by a third of a turn about f6 (the turn
# that takes f1 to a6, and a6 to l6). The pieces, from that file: the King steps to its 12
# neighbours, the Rook rides the 6 edge lines, the Pawn steps straight ahead (12 o'clock) to
# an empty cell, captures on its forward edge neighbours (10 and 2 o'clock) and becomes a Rook
# on its far edge (the first side's a6 ... f11 ... l6, turned). No double step, no castling.
# A move may not leave the mover's King attacked by either other side. Its own positions and
# generator: nothing below is shared with the two-sided code above but the board's names.


def third_turn(d, k):
    """A vector turned k thirds of a turn: (x, y) -> (y, -x - y) takes f1 - f6 to a6 - f6."""
    x, y = d
    for _ in range(k % 3):
        x, y = y, -x - y
    return (x, y)


def third_turn_cell(c, k):
    """A cell turned k thirds of a turn about f6, which is (0, 5)."""
    x, y = third_turn((c[0], c[1] - 5), k)
    return (x, y + 5)


class ThreeSides:
    """The three-sided game: positions are (board, side to move), board cell -> (side, kind)."""

    many = True

    def __init__(self):
        self.name = "three-sides"
        self.names = glinski_cells()
        self.cells = set(self.names)
        self.by_name = {n: c for c, n in self.names.items()}
        first = [("K", "f1"), ("R", "e1"), ("R", "g1"), ("P", "e2"), ("P", "f2"), ("P", "g2")]
        far = [self.by_name[n] for n in "a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6".split()]
        assert self.names[third_turn_cell(self.by_name["f1"], 1)] == "a6"
        assert self.names[third_turn_cell(self.by_name["f1"], 2)] == "l6"
        self.board = {}
        for side in range(3):
            for kind, name in first:
                self.board[third_turn_cell(self.by_name[name], side)] = (side, kind)
        self.far = [{third_turn_cell(c, s) for c in far} for s in range(3)]
        self.ahead = [third_turn((0, 1), s) for s in range(3)]
        self.pawn_captures = [[third_turn(d, s) for d in FLAT_FWD_EDGES] for s in range(3)]

    def start(self):
        return (dict(self.board), 0)

    def reach(self, board, c, side, kind):
        """(to, capture?) of a King or Rook."""
        out = []
        rides = kind == "R"
        for d in EDGE if rides else EDGE + VERTEX:
            t = add(c, d)
            while t in self.cells:
                occ = board.get(t)
                if occ is not None:
                    if occ[0] != side:
                        out.append((t, True))
                    break
                out.append((t, False))
                if not rides:
                    break
                t = add(t, d)
        return out

    def attacked(self, board, cell, by_not):
        """Is `cell` attacked by any side but `by_not`?"""
        for c, (s, kind) in board.items():
            if s == by_not:
                continue
            if kind == "P":
                if any(add(c, d) == cell for d in self.pawn_captures[s]):
                    return True
            elif any(t == cell for t, _ in self.reach(board, c, s, kind)):
                return True
        return False

    def legal(self, pos):
        board, side = pos
        out = []
        for c, (s, kind) in list(board.items()):
            if s != side:
                continue
            if kind == "P":
                steps = []
                t = add(c, self.ahead[side])
                if t in self.cells and t not in board:
                    steps.append((t, False))
                for d in self.pawn_captures[side]:
                    t = add(c, d)
                    occ = board.get(t)
                    if t in self.cells and occ is not None and occ[0] != side:
                        steps.append((t, True))
            else:
                steps = self.reach(board, c, side, kind)
            for t, cap in steps:
                promo = "R" if kind == "P" and t in self.far[side] else None
                nxt = dict(board)
                del nxt[c]
                nxt[t] = (side, promo or kind)
                king = next(k for k, (o, p) in nxt.items() if o == side and p == "K")
                if self.attacked(nxt, king, side):
                    continue
                out.append(((c, t, cap, promo, None), (nxt, (side + 1) % 3)))
        return out

    def move_name(self, mv):
        return move_name(self, mv)

    def label(self, c):
        return self.names[c]


# ---------------------------------------------------------------------------------------
# Wellisch's three-handed chess (variants/wellisch.hexv), from the rule texts its header
# cites, in the coordinates of Ludii's cell names: a cell is (file, rank), files a-k numbered
# 0-10, ranks 1-11, on the board 0 <= file - rank + 6 <= 10. Stepping along a rank changes the
# file (3 o'clock: (1, 0)); the file is the line leaning to 11 o'clock ((0, 1)); 1 o'clock is
# (1, 1). The armies move White, Black, Red; Black's is White's turned a third of a turn
# clockwise about f6, Red's a third counter-clockwise (Ludii's placements, checked below).
# King: one step to a neighbour. Rook: along the 6 edge lines. Knight: one corner step (the
# nearest cells of its colour). Queen: rook and knight. Pawn: one step, moving or taking, to
# 11 or 1 o'clock; on its far side it becomes a Queen, Rook or Knight its army has fewer of
# than it started with, or with none such stays and may later promote there as its move.
# Castling: the King changes places with an unmoved Rook, d1-e1, or d1-b1 over an empty c1,
# the King not attacked on d1 nor on the cells it passes or lands on. A side may take another's
# King its owner had no turn to save (a third side's attack): that side leaves, its army
# passing to the King's captor. A side left without a move in check leaves, its army (less
# its King) passing to the side that mated it; without a move and not in check, the game is
# drawn (no moves).

WE_EDGE = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)]  # 3 1 11 9 7 5 o'clock
WE_CORNER = [add(WE_EDGE[i], WE_EDGE[(i + 1) % 6]) for i in range(6)]
assert set(WE_CORNER) == {(2, 1), (1, 2), (-1, 1), (-2, -1), (-1, -2), (1, -1)}


def we_turn(c, k):
    """The cell c turned k thirds of a turn counter-clockwise about f6 (5, 6)."""
    q, r = c[0] - 5, c[1] - 6
    for _ in range(k % 3):
        q, r = -r, q - r
    return (q + 5, r + 6)


class Wellisch:
    many = True

    def __init__(self):
        self.name = "wellisch"
        self.names = {
            (f, r): "abcdefghijk"[f] + str(r)
            for f in range(11)
            for r in range(1, 12)
            if 0 <= f - r + 6 <= 10
        }
        assert len(self.names) == 91
        self.cells = set(self.names)
        self.by_name = {n: c for c, n in self.names.items()}
        first = {"K": "d1", "Q": "c1", "R": "b1 e1", "N": "a1 f1 d2", "P": "a2 b2 c2 e2 f2 g2 d3 e3"}
        # Black turned clockwise (two counter-clockwise thirds), Red counter-clockwise.
        self.turns = [0, 2, 1]
        self.board = {}
        for side in range(3):
            for kind, cells in first.items():
                for n in cells.split():
                    self.board[self.turn(self.by_name[n], side)] = (side, kind)
        assert self.names[self.turn(self.by_name["d1"], 1)] == "c8"  # Ludii's kings
        assert self.names[self.turn(self.by_name["d1"], 2)] == "k9"
        self.setup_count = {k: len(v.split()) for k, v in first.items()}
        far = [self.by_name[n] for n in "f11 g11 h11 i11 j11 k11".split()]
        self.far = [{self.turn(c, s) for c in far} for s in range(3)]
        self.pawn = [[self.vec((0, 1), s), self.vec((1, 1), s)] for s in range(3)]
        # (king from, king to, rook from, rook to, cells that must be empty, cells passed)
        castle = [("d1", "e1", "e1", "d1", [], ["e1"]), ("d1", "b1", "b1", "d1", ["c1"], ["c1", "b1"])]
        self.castlings = [
            [
                tuple([self.turn(self.by_name[x], s) for x in o[:4]])
                + ([self.turn(self.by_name[x], s) for x in o[4]], [self.turn(self.by_name[x], s) for x in o[5]])
                for o in castle
            ]
            for s in range(3)
        ]

    def turn(self, c, side):
        return we_turn(c, self.turns[side])

    def vec(self, d, side):
        a = self.turn(add((5, 6), d), side)
        return (a[0] - 5, a[1] - 6)

    def start(self):
        # board, side to move, unmoved cells, sides out (a frozenset)
        return (dict(self.board), 0, frozenset(self.board), frozenset())

    def reach(self, board, c, side, kind):
        """(to, capture?) of every piece but the Pawn."""
        out = []

        def slide(d, far):
            t = add(c, d)
            while t in self.cells:
                occ = board.get(t)
                if occ is not None:
                    if occ[0] != side:
                        out.append((t, True))
                    return
                out.append((t, False))
                if not far:
                    return
                t = add(t, d)

        if kind in ("K", "R", "Q"):
            for d in WE_EDGE:
                slide(d, kind != "K")
        if kind in ("N", "Q"):
            for d in WE_CORNER:
                slide(d, False)
        return out

    def pawn_reach(self, board, c, side):
        out = []
        for d in self.pawn[side]:
            t = add(c, d)
            if t in self.cells:
                occ = board.get(t)
                if occ is None or occ[0] != side:
                    out.append((t, occ is not None))
        return out

    def attacked(self, board, cell, side, out):
        """Is `cell` attacked by a side other than `side` still in the game?"""
        for c, (s, kind) in board.items():
            if s == side or s in out:
                continue
            steps = self.pawn_reach(board, c, s) if kind == "P" else self.reach(board, c, s, kind)
            if any(t == cell for t, _ in steps):
                return True
        return False

    def lost(self, board, side):
        have = {}
        for s, k in board.values():
            if s == side:
                have[k] = have.get(k, 0) + 1
        return [k for k in ("Q", "R", "N") if have.get(k, 0) < self.setup_count[k]]

    def king(self, board, side):
        return next(c for c, (s, k) in board.items() if s == side and k == "K")

    def kings(self, board, side):
        return [c for c, (s, k) in board.items() if s == side and k == "K"]

    def moves(self, pos):
        """(move, board after, unmoved after) of the side to move, legal."""
        board, side, unmoved, out = pos
        found = []

        def add_move(mv, nxt, still):
            if not self.attacked(nxt, self.king(nxt, side), side, out):
                found.append((mv, nxt, still))

        for c, (s, kind) in list(board.items()):
            if s != side:
                continue
            if kind == "P":
                steps = self.pawn_reach(board, c, side)
                if c in self.far[side]:  # waiting: promote where it stands
                    for q in self.lost(board, side):
                        nxt = dict(board)
                        nxt[c] = (side, q)
                        add_move((c, c, False, q, None), nxt, unmoved)
            else:
                steps = self.reach(board, c, side, kind)
            for t, cap in steps:
                nxt = dict(board)
                del nxt[c]
                still = unmoved - {c, t}
                choices = [None]
                if kind == "P" and t in self.far[side]:
                    choices = self.lost(board, side) or [None]
                for q in choices:
                    after = dict(nxt)
                    after[t] = (side, q or kind)
                    add_move((c, t, cap, q, None), after, still)
        for kf, kt, rf, rt, empty, passed in self.castlings[side]:
            if board.get(kf) != (side, "K") or board.get(rf) != (side, "R"):
                continue
            if kf not in unmoved or rf not in unmoved or any(x in board for x in empty):
                continue
            if any(self.attacked(board, x, side, out) for x in [kf] + passed):
                continue
            nxt = dict(board)
            del nxt[kf]
            del nxt[rf]
            nxt[kt] = (side, "K")
            nxt[rt] = (side, "R")
            add_move((kf, kt, False, None, None), nxt, unmoved - {kf, rf})
        return found

    def next_side(self, side, out):
        for k in range(1, 4):
            s = (side + k) % 3
            if s not in out:
                return s
        return side

    def legal(self, pos):
        board, side, unmoved, out = pos
        if len(out) >= 2:
            return []
        result = []
        for mv, nxt, still in self.moves(pos):
            gone = set(out)
            for s in range(3):  # a King taken: its side leaves, its army to the captor
                if s not in gone and not any(v == (s, "K") for v in nxt.values()):
                    nxt = {x: ((side, k) if o == s else (o, k)) for x, (o, k) in nxt.items()}
                    gone.add(s)
            to_move = self.next_side(side, gone)
            # Settle: a side to move without a move leaves when mated (its army to the mover);
            # without a move and not in check, the game is drawn (it stops).
            while len(gone) < 2:
                if self.moves((nxt, to_move, still, frozenset(gone))):
                    break
                king = self.king(nxt, to_move)
                if not self.attacked(nxt, king, to_move, gone):
                    break
                nxt = dict(nxt)
                del nxt[king]
                for x, (s, k) in list(nxt.items()):
                    if s == to_move:
                        nxt[x] = (side, k)
                gone.add(to_move)
                to_move = self.next_side(to_move, gone)
            result.append((mv, (nxt, to_move, still, frozenset(gone))))
        return result

    def read(self, text):
        """A position written as docs/positions.md says (ranks from White's first, each left
        to right; `(2K)`: Black's King; a number: that many empty cells; the side to move by
        name, then after `/` the sides out; then hands, en passant, the unmoved pieces)."""
        fields = text.split()
        board = {}
        sides = ["white", "black", "red"]
        for r, row in enumerate(fields[0].split("/"), start=1):
            cells = sorted((c for c in self.cells if c[1] == r), key=lambda c: c[0])
            i, k = 0, 0
            while k < len(row):
                if row[k] == "(":
                    board[cells[i]] = (int(row[k + 1]) - 1, row[k + 2])
                    i, k = i + 1, k + 4
                else:
                    j = k
                    while j < len(row) and row[j].isdigit():
                        j += 1
                    i, k = i + int(row[k:j]), j
            assert i == len(cells), row
        turn = fields[1].split("/")
        out = frozenset(sides.index(n) for n in turn[1:])
        unmoved = frozenset() if fields[4] == "-" else frozenset(self.by_name[n] for n in fields[4].split(","))
        return (board, sides.index(turn[0]), unmoved, out)

    def move_name(self, mv):
        return move_name(self, mv)

    def label(self, c):
        return self.names[c]


# ---------------------------------------------------------------------------------------
# Dekle's Triangular Chess (George R. Dekle Sr., 1986; Wikipedia, "Triangular chess
# (game)"), in coordinates of its own, sharing nothing with Chessagon's triangles above. The
# board is a regular hexagon of side 4 lying on a flat edge, cut into 96 unit triangles in
# eight rows of 9 11 13 15 15 13 11 9. Every point is an integer pair (X, Y): X in half sides
# from the centre line, Y in thirds of a row's height from the bottom edge, so twelve times a
# squared distance (in sides) is 3 dX^2 + dY^2. A lattice vertex is (X, 3k) with X = k
# (mod 2); a triangle is the set of its three vertices and is named by its centroid: an up
# triangle of row r has Y = 3r - 2, a down one Y = 3r - 1, and X = -7..7 is the file a..o
# (h the centre column). A triangle is on the board when its three vertices lie in the
# hexagon of corners (+-4, 0), (+-8, 12), (+-4, 24) (convex, so that is enough).
#
# Everything is built by reflections: across a side (v1, v2) a triangle's third vertex w goes
# to v1 + v2 - w (the edge neighbour); through a vertex v every vertex u goes to 2v - u (the
# point neighbour, turned 180 degrees). A straight line leaves a cell across a side or through
# a vertex; having entered across a side it leaves through the far vertex, having entered
# through a vertex it leaves across the far side, so it alternates, and its centroids are
# checked to be collinear. Rook lines start across a side, bishop lines through a vertex;
# the king takes the first cell of all six. The knight (unicorn) goes two cells along a
# bishop (rook) line to L and then across one of L's two sides the line does not cross. The
# leapers jump: their two cells are walked on the unbounded lattice, only the landing cell
# must be on the board, so their targets are exactly the opposite-pointing triangles at
# sqrt(13/3) (knight) and sqrt(7/3) (unicorn). Asking L to be on the board too would change
# no knight move but drop 36 unicorn leaps along the rim (d1-g1, h1-e1, e1-c2, ...; counted
# in the self-check). A pawn's front cell is the next one up its column: through the
# apex of an up triangle, across the top side of a down one; it captures on the front
# cell's two neighbours in the front cell's row, found by reflection even where the front
# cell is off the board. Black's pawns use the board mirrored in the middle line Y = 12.

TG_FILES = "abcdefghijklmno"
TG_DIRS = [(0, 1), (1, 1), (1, -1), (0, -1), (-1, -1), (-1, 1)]  # 90 30 330 270 210 150 degrees
TG_PROMOTE = ["Q", "U", "R", "B", "N"]


def tg_vertices(c):
    """The three corners of the triangle whose centroid is c (only lattice points if c is one)."""
    x, y = c
    if y % 3 == 1:  # pointing up: the base one third of a row below, the apex two thirds above
        return frozenset({(x - 1, y - 1), (x + 1, y - 1), (x, y + 2)})
    return frozenset({(x - 1, y + 1), (x + 1, y + 1), (x, y - 2)})


def tg_is_vertex(p):
    return p[1] % 3 == 0 and (p[0] - p[1] // 3) % 2 == 0


def tg_in_hexagon(p):
    x, y = p
    return 0 <= y <= 24 and min(3 * x + y + 12, 3 * x - y + 36, -3 * x + y + 12, -3 * x - y + 36) >= 0


def tg_centroid(t):
    sx, sy = sum(p[0] for p in t), sum(p[1] for p in t)
    assert sx % 3 == 0 and sy % 3 == 0
    return (sx // 3, sy // 3)


def tg_up(c):
    return c[1] % 3 == 1


def tg_across(t, side):
    """The edge neighbour of triangle t across `side` (two of its vertices)."""
    (w,) = t - side
    a, b = side
    return side | {(a[0] + b[0] - w[0], a[1] + b[1] - w[1])}


def tg_through(t, v):
    """The point neighbour of t through its vertex v: t turned 180 degrees about v."""
    return frozenset((2 * v[0] - u[0], 2 * v[1] - u[1]) for u in t)


def tg_sides(t):
    return [t - {v} for v in t]


def tg_walk(t, leave, inside, limit=99):
    """The straight line leaving triangle t through `leave` (two vertices: across that side,
    one: through that vertex), as (triangle, entered through, leaves through), while inside."""
    out = []
    while len(out) < limit:
        enter = leave
        t = tg_across(t, enter) if len(enter) == 2 else tg_through(t, next(iter(enter)))
        # entered across a side: it leaves through the far vertex; through a vertex: across
        # the side opposite it. Either way, what t has that the entry had not.
        leave = t - enter
        if not inside(t):
            break
        out.append((t, enter, leave))
    return out


def tg_leap(t, by_side):
    """Knight (by_side False: along bishop lines) or unicorn (True: rook lines): two cells
    along each line to L, then across each of L's two sides the line does not cross."""
    starts = tg_sides(t) if by_side else [frozenset({v}) for v in t]
    out = []
    for s in starts:
        (l, enter, leave), = tg_walk(t, s, lambda x: True, 2)[1:]
        assert tg_up(tg_centroid(l)) == tg_up(tg_centroid(t))  # two crossings: L points as t does
        # the knight's line enters L across a side, the unicorn's would leave it across one
        crossed = enter if len(enter) == 2 else leave
        out += [tg_across(l, x) for x in tg_sides(l) if x != crossed]
    return out


def tg_mirror(c):
    """A point mirrored in the board's middle line Y = 12: Black's view of it."""
    return (c[0], 24 - c[1])


def tg_front(t):
    """White's pawn: the next triangle up its column."""
    top = max(v[1] for v in t)
    high = frozenset(v for v in t if v[1] == top)
    return tg_through(t, next(iter(high))) if len(high) == 1 else tg_across(t, high)


def tg_pawn(t):
    """(front cell, capture cells) of a White pawn on t, on the unbounded lattice: the capture
    cells share a slanting side with the front cell, so they stand in its row."""
    f = tg_front(t)
    caps = [tg_across(f, s) for s in tg_sides(f) if len({v[1] for v in s}) == 2]
    return f, caps


class Triangular:
    """Dekle's Triangular Chess: positions are (board, side to move, e.p., unmoved cells),
    board cell -> (side, kind), e.p. None or (passed cell, cell of the pawn to remove)."""

    many = True

    def __init__(self):
        self.name = "triangular"
        tri = {}  # centroid -> triangle (its vertex set)
        for y in range(0, 25):
            for x in range(-9, 10):
                t = tg_vertices((x, y))
                if y % 3 and all(tg_is_vertex(p) and tg_in_hexagon(p) for p in t):
                    tri[(x, y)] = t
                    assert tg_centroid(t) == (x, y)
        self.tri = tri
        self.cells = set(tri)
        self.names = {c: TG_FILES[c[0] + 7] + str((c[1] + 2) // 3) for c in tri}
        self.by_name = {n: c for c, n in self.names.items()}
        self.check_board()
        self.build_moves()
        self.check_moves()
        self.build_pawns()
        self.setup()
        self.check_attacks()

    def row(self, c):
        return (c[1] + 2) // 3

    def cell_of(self, t):
        c = tg_centroid(t)
        return c if c in self.cells else None

    def check_board(self):
        rows = {r: sorted(c for c in self.cells if self.row(c) == r) for r in range(1, 9)}  # by X
        assert len(self.cells) == 96
        assert [len(rows[r]) for r in range(1, 9)] == [9, 11, 13, 15, 15, 13, 11, 9]
        spans = ["dl", "cm", "bn", "ao", "ao", "bn", "cm", "dl"]
        for r in range(1, 9):
            files = "".join(self.names[c][0] for c in rows[r])
            assert files == TG_FILES[TG_FILES.index(spans[r - 1][0]) : TG_FILES.index(spans[r - 1][1]) + 1], r
        # up exactly when file number (a = 1) + row is even: d1 down, e1 up, c2 down, a4 down, a5 up
        for c in self.cells:
            f, r = c[0] + 8, self.row(c)
            assert tg_up(c) == ((f + r) % 2 == 0)
        assert [tg_up(self.by_name[n]) for n in "d1 e1 c2 a4 a5".split()] == [False, True, False, False, True]
        ups = [sum(1 for c in rows[r] if tg_up(c)) for r in range(1, 9)]
        assert ups == [4, 5, 6, 7, 8, 7, 6, 5]
        # the ends of a row point down in the lower half, up in the upper half
        assert all(tg_up(rows[r][0]) == tg_up(rows[r][-1]) == (r >= 5) for r in range(1, 9))

    def build_moves(self):
        inside = lambda t: tg_centroid(t) in self.cells
        self.rays = {}  # cell -> direction -> (kind R or B, cells along the line)
        self.king = {}
        self.knight = {}
        self.unicorn = {}
        for c, t in self.tri.items():
            self.rays[c] = {}
            for kind, starts in (("R", tg_sides(t)), ("B", [frozenset({v}) for v in t])):
                for s in starts:
                    line = [tg_centroid(x) for x, _, _ in tg_walk(t, s, lambda x: True, 30)]
                    d = self.direction(c, line[0])
                    assert all(self.direction(c, p) == d for p in line)  # a straight line
                    dist = [abs(p[0] - c[0]) + abs(p[1] - c[1]) for p in line]
                    assert dist == sorted(set(dist))  # going one way
                    self.rays[c][d] = (kind, [tg_centroid(x) for x, _, _ in tg_walk(t, s, inside)])
            assert sorted(self.rays[c]) == sorted(TG_DIRS)
            self.king[c] = [cells[0] for _, cells in self.rays[c].values() if cells]
            self.knight[c] = [p for p in map(tg_centroid, tg_leap(t, False)) if p in self.cells]
            self.unicorn[c] = [p for p in map(tg_centroid, tg_leap(t, True)) if p in self.cells]

    def leap_over_board(self, t, by_side):
        """The leap's landing cells if the two cells along the line had to be on the board."""
        out = set()
        for s in tg_sides(t) if by_side else [frozenset({v}) for v in t]:
            line = tg_walk(t, s, lambda x: tg_centroid(x) in self.cells, 2)
            if len(line) == 2:
                l, enter, leave = line[1]
                crossed = enter if len(enter) == 2 else leave
                out |= {tg_centroid(tg_across(l, x)) for x in tg_sides(l) if x != crossed}
        return out & self.cells

    def direction(self, c, p):
        """The step (0, +-1) or (+-1, +-1) from c toward p: 90, 270, 30, 150, 210, 330 degrees."""
        dx, dy = p[0] - c[0], p[1] - c[1]
        assert dx == 0 or abs(dx) == abs(dy), (c, p)
        g = abs(dx) or abs(dy)
        return (dx // g, dy // g)

    def check_moves(self):
        def d12(a, b):  # twelve times the squared distance between two centroids
            return 3 * (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2

        rim_only = 0
        window = [(x, y) for x in range(-12, 13) for y in range(-6, 31) if y % 3]
        lattice = [c for c in window if all(map(tg_is_vertex, tg_vertices(c)))]
        for c, t in self.tri.items():
            for by_side, twelve in ((False, 52), (True, 28)):  # knight sqrt(13/3), unicorn sqrt(7/3)
                leap = [tg_centroid(x) for x in tg_leap(t, by_side)]
                assert len(set(leap)) == 6
                assert all(d12(c, p) == twelve and tg_up(p) != tg_up(c) for p in leap)
                # the ring: every opposite-pointing lattice triangle at that distance
                ring = {p for p in lattice if d12(c, p) == twelve and tg_up(p) != tg_up(c)}
                assert ring == set(leap)
            # What asking L to be on the board too would change: nothing for the knight; 36
            # unicorn leaps along the rim whose L falls off it (d1-g1, h1-e1, e1-c2, ...).
            for by_side, found in ((False, self.knight[c]), (True, self.unicorn[c])):
                strict = self.leap_over_board(t, by_side)
                assert strict <= set(found)
                if not by_side:
                    assert strict == set(found), self.names[c]
                rim_only += len(found) - len(strict)
            # the king's six: the three sharing a side and the three turned about a corner
            edge = {p for p, u in self.tri.items() if len(u & t) == 2}
            point = {self.cell_of(tg_through(t, v)) for v in t} - {None}
            assert set(self.king[c]) == edge | point
            # every line is walked back along the same cells: needed by `attacked`
            for d, (kind, cells) in self.rays[c].items():
                for i, p in enumerate(cells):
                    back = self.rays[p][(-d[0], -d[1])][1]
                    assert back[: i + 1] == cells[:i][::-1] + [c]
            for p in self.knight[c]:
                assert c in self.knight[p]
            for p in self.unicorn[c]:
                assert c in self.unicorn[p]
        assert rim_only == 36
        inner = self.by_name["h4"]
        assert len(self.king[inner]) == 6
        assert sum(1 for k, cells in self.rays[inner].values() if k == "R" and cells) == 3
        assert sum(1 for k, cells in self.rays[inner].values() if k == "B" and cells) == 3

    def build_pawns(self):
        """front[side][c] (None off the board), captures[side][c] on the board, and who
        attacks a cell: pawn_from[side][t]."""
        self.front = [{}, {}]
        self.captures = [{}, {}]
        for side in (0, 1):
            view = (lambda t: t) if side == 0 else (lambda t: frozenset(map(tg_mirror, t)))
            for c, t in self.tri.items():
                f, caps = tg_pawn(view(t))
                self.front[side][c] = self.cell_of(view(f))
                self.captures[side][c] = [p for p in (self.cell_of(view(x)) for x in caps) if p]
                assert all(self.row(p) == self.row(tg_centroid(view(f))) for p in self.captures[side][c])
        self.pawn_from = [
            {t: [c for c in self.cells if t in self.captures[s][c]] for t in self.cells} for s in (0, 1)
        ]
        # the cells below the last row without a front cell are the ends of rows 5 6 7 (up)
        no_front = {self.names[c] for c in self.cells if self.front[0][c] is None and self.row(c) < 8}
        assert no_front == set("a5 o5 b6 n6 c7 m7".split())
        assert all(self.front[0][c] is None for c in self.cells if self.row(c) == 8)
        assert {self.names[c] for c in self.cells if self.front[1][c] is None and self.row(c) > 1} == set(
            "a4 o4 b3 n3 c2 m2".split()
        )
        n = self.by_name
        assert self.front[0][n["d2"]] == n["d3"] and self.front[0][n["c2"]] == n["c3"]
        assert set(self.captures[0][n["a5"]]) == {n["b6"]}
        assert set(self.captures[0][n["h2"]]) == {n["g3"], n["i3"]}

    def setup(self):
        white = {"R": "d1 l1", "N": "e1 k1", "B": "f1 j1", "Q": "g1", "U": "h1", "K": "i1",
                 "P": "c2 d2 e2 f2 g2 h2 i2 j2 k2 l2 m2"}
        self.board = {}
        for kind, cells in white.items():
            for x in cells.split():
                c = self.by_name[x]
                self.board[c] = (0, kind)
                self.board[tg_mirror(c)] = (1, kind)  # Black: White mirrored in the middle line
        assert self.names[tg_mirror(self.by_name["i1"])] == "i8" and len(self.board) == 40
        # (king from, to, rook from, to, cells between them, cells the king passes and lands on)
        rules = [
            ("i1", "k1", "l1", "j1", "j1 k1", "j1 k1"),  # short
            ("i1", "f1", "d1", "g1", "e1 f1 g1 h1", "h1 g1 f1"),  # long
        ]
        self.castlings = [[], []]
        for side in (0, 1):
            for r in rules:
                cells = [[self.by_name[x] for x in names.split()] for names in r]
                if side == 1:  # Black's on row 8, mirrored
                    cells = [[tg_mirror(c) for c in group] for group in cells]
                self.castlings[side].append(tuple(g[0] for g in cells[:4]) + tuple(cells[4:]))

    def start(self):
        return (dict(self.board), 0, None, frozenset(self.board))

    def attacked(self, board, t, by):
        """Is cell t attacked by side `by`? Leapers and pawns looked up backwards (the knight,
        unicorn and king relations are symmetric); riders found by walking out from t."""
        for table, kind in ((self.knight, "N"), (self.unicorn, "U"), (self.king, "K")):
            if any(board.get(c) == (by, kind) for c in table[t]):
                return True
        if any(board.get(c) == (by, "P") for c in self.pawn_from[by][t]):
            return True
        for d, (_, cells) in self.rays[t].items():
            for c in cells:
                occ = board.get(c)
                if occ is None:
                    continue
                if occ[0] == by:
                    # The line from t may start the other way than the same line seen from c:
                    # what counts is c's own line back toward t (a rook's starts across a
                    # side of c, a bishop's through a corner).
                    kind = occ[1]
                    if kind == "Q" or kind == self.rays[c][(-d[0], -d[1])][0]:
                        return True
                break
        return False

    def controls(self, board, by):
        """Every cell a piece of `by` could capture on (forward, for the self-check)."""
        out = set()
        for c, (s, kind) in board.items():
            if s != by:
                continue
            if kind == "P":
                out |= set(self.captures[s][c])
            elif kind in ("N", "U", "K"):
                out |= set({"N": self.knight, "U": self.unicorn, "K": self.king}[kind][c])
            else:
                for k, cells in self.rays[c].values():
                    if kind == "Q" or kind == k:
                        for p in cells:
                            out.add(p)
                            if p in board:
                                break
        return out

    def check_attacks(self):
        bare = {c: o for c, o in self.board.items() if o[1] != "P"}
        for board in (self.board, bare):
            for by in (0, 1):
                ctl = self.controls(board, by)
                assert all(self.attacked(board, t, by) == (t in ctl) for t in self.cells)

    def pawn_moves(self, pos, c, side):
        board, _, ep, unmoved = pos
        last = 8 if side == 0 else 1
        out = []

        def push(t, cap, extra=None):
            for q in TG_PROMOTE if self.row(t) == last else [None]:
                out.append((c, t, cap, q, extra))

        f = self.front[side][c]
        if f is not None and f not in board:
            push(f, False)
            if c in unmoved:  # the pawn that started here, never moved
                f2 = self.front[side][f]
                if f2 is not None and f2 not in board:
                    push(f2, False, ("double", f))
        for t in self.captures[side][c]:
            occ = board.get(t)
            if occ is not None:
                if occ[0] != side:
                    push(t, True)
                continue
            if ep and t == ep[0]:
                push(t, True, ("take", ep[1]))
            if f is None:  # no cell ahead: it advances along its capture move
                push(t, False)
        return out

    def pseudo(self, pos):
        board, side, ep, unmoved = pos
        out = []
        for c, (s, kind) in board.items():
            if s != side:
                continue
            if kind == "P":
                out += self.pawn_moves(pos, c, side)
                continue
            if kind in ("N", "U", "K"):
                reach = {"N": self.knight, "U": self.unicorn, "K": self.king}[kind][c]
            else:
                reach = []
                for k, cells in self.rays[c].values():
                    if kind == "Q" or kind == k:
                        for p in cells:
                            reach.append(p)
                            if p in board:
                                break
            for t in reach:
                occ = board.get(t)
                if occ is None or occ[0] != side:
                    out.append((c, t, occ is not None, None, None))
        for kf, kt, rf, rt, between, passed in self.castlings[side]:
            if board.get(kf) != (side, "K") or board.get(rf) != (side, "R"):
                continue
            if kf not in unmoved or rf not in unmoved or any(x in board for x in between):
                continue
            if any(self.attacked(board, x, 1 - side) for x in [kf] + passed):
                continue
            out.append((kf, kt, False, None, ("castle", rf, rt)))
        return out

    def make(self, pos, mv):
        board, side, _, unmoved = pos
        f, t, cap, promo, extra = mv
        board = dict(board)
        kind = board.pop(f)[1]
        gone = {f, t}
        if extra and extra[0] == "take":
            del board[extra[1]]
        board[t] = (side, promo or kind)
        if extra and extra[0] == "castle":
            del board[extra[1]]
            board[extra[2]] = (side, "R")
            gone.add(extra[1])
        ep = (extra[1], t) if extra and extra[0] == "double" else None
        return (board, 1 - side, ep, unmoved - gone)

    def legal(self, pos):
        side = pos[1]
        out = []
        for mv in self.pseudo(pos):
            nxt = self.make(pos, mv)
            king = next((c for c, o in nxt[0].items() if o == (side, "K")), None)
            if king is not None and self.attacked(nxt[0], king, 1 - side):
                continue
            out.append((mv, nxt))
        return out

    def move_name(self, mv):
        return move_name(self, mv)

    def label(self, c):
        return self.names[c]


VARIANTS = {
    "three-sides": ThreeSides,
    "wellisch": Wellisch,
    "glinski": glinski,
    "mccooey": mccooey,
    "koval": koval,
    "dagger": dagger,
    "chessagon": chessagon,
    "hex-shogi-41": lambda: hex_shogi(41),
    "hex-shogi-81": lambda: hex_shogi(81),
    "hex-shogi-91": lambda: hex_shogi(91),
    "shafran": shafran,
    "mini-hexchess": mini_hexchess,
    "de-vasa": devasa,
    "brusky": brusky,
    "xiang-hex": xiang_hex,
    "starchess": starchess,
    "triangular": Triangular,
}


def main(argv):
    if len(argv) < 3 or argv[1] not in list(VARIANTS) + ["all"]:
        print(__doc__)
        return 2
    depth = int(argv[2])
    divide = "--divide" in argv
    played = argv[argv.index("--moves") + 1].split() if "--moves" in argv else []
    names = list(VARIANTS) if argv[1] == "all" else [argv[1]]
    for name in names:
        v = VARIANTS[name]()
        # `royal captured`: no move is refused for leaving the king attacked, and the game
        # ends when a king (each side has one) is taken.
        v.royal_captured = "--royal-captured" in argv
        # `promote ... captured`: a pawn promotes only to a piece its side has lost, and
        # without one it may not step onto the far edge.
        v.promote_captured = "--promote-captured" in argv or "--promote-wait" in argv
        # `promote ... captured wait`: with none lost the pawn steps onto the far edge
        # unpromoted, and promotes there, as a move, once its side has lost a piece.
        v.promote_wait = "--promote-wait" in argv
        # `multi-step ... no-en-passant`: a pawn's longer advance gives no en-passant right.
        # (Starchess has none whatever the flags say.)
        v.no_en_passant = getattr(v, "no_en_passant", False) or "--no-en-passant" in argv
        # Starchess's placement: White's five pieces, then Black's (else one each in turn).
        v.sequential = "--sequential" in argv
        # The Hex Shogi variants with shogi's drop rules instead of Duniho's (`drop at-most 1
        # per-line 11 1`, `drop no-mate`): one own pawn per leaning file, no pawn-drop mate.
        v.shogi_drops = "--shogi-drops" in argv
        pos = v.start() if getattr(v, "many", False) else start(v)
        if "--position" in argv:  # the three-sided variants read hexv's position text
            pos = v.read(argv[argv.index("--position") + 1])
        for text in played:  # moves written as hexv writes them, played from the start
            nxt = [n for m, n in legal(v, pos) if move_name(v, m) == text]
            if not nxt:
                print("%s: `%s` is not a legal move here" % (name, text))
                return 1
            pos = nxt[0]
        if divide:
            total = 0
            rows = []
            for mv, nxt in legal(v, pos):
                n = perft(v, nxt, depth - 1)
                rows.append((move_name(v, mv), n))
                total += n
            for label, n in sorted(rows):
                print("%s: %d" % (label, n))
            print(total)
        else:
            counts = [perft(v, pos, d) for d in range(1, depth + 1)]
            print(name, " ".join(str(n) for n in counts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
