#!/usr/bin/env python3
"""Perft (legal move counts) of a hexv variant from its JSON alone.

Reads what `hexv table FILE --format json` prints (the `hexv-tables-2` format,
docs/tables-json.md) and nothing else: no `.hexv` file, no hexv code, no geometry. Every rule
it plays comes from the JSON: the pieces' move entries (paths, walks, modes, `land`,
`guard`, en passant, multi-steps, entries from off-board cells), promotion, hands and drops
with their restrictions, castling, check by royal pieces and the `facing` lines.

    hexv table variants/glinski.hexv --format json | python3 tools/json_perft.py - --depth 3
    python3 tools/json_perft.py glinski.json --depth 2 --moves "f5-f6 e7-e5" --divide

Prints `1=N1 2=N2 ...`, the number of leaf positions at each depth up to --depth, from the
start, or from the position after --moves (written as docs/notation.md describes; repeat
--moves for several positions, one line each, `--moves ""` being the start), or from a
position given as text with --position (docs/positions.md). With --divide, first the count
below each first move at the deepest depth. With --suite FILE --variant-file VARIANT, counts
the lines of a perft data file for that variant instead and reports every count that differs
(the tricky-position suite, tests/data/perft-suite.txt):

    for f in variants/*.hexv; do
      hexv table $f --format json | python3 tools/json_perft.py - --depth 2 \
        --suite tests/data/perft-suite.txt --variant-file $f
    done

Python 3 standard library only.
"""

import argparse
import json
import sys

WHITE, BLACK = 0, 1
SIDE_NAMES = ("white", "black")

# A move: (from cell or None for a drop, to, piece, promotion or None,
#          en-passant victim or None, cells passed (sorted tuple), castling index or None).
FROM, TO, PIECE, PROMO, VICTIM, PASSED, CASTLING = range(7)

# The conditions (`when`) an entry may have.
WHEN = (
    None,
    "multi-step",
    "unmoved-multi-step",
    "multi-step-no-en-passant",
    "unmoved-multi-step-no-en-passant",
    "castling",
    "entry",
    "drop",
)

# The multi-steps only an unmoved piece makes.
UNMOVED_MULTI_STEPS = ("unmoved-multi-step", "unmoved-multi-step-no-en-passant")


class Entry:
    """One entry of a piece's move table, its cells as indices."""

    __slots__ = ("path", "moves", "capture", "when", "walk", "between", "land", "guard")

    def __init__(self, raw, index):
        self.path = tuple(index[c] for c in raw["path"])
        self.moves = raw["move"]
        self.capture = raw["capture"]
        self.when = raw.get("when")
        self.walk = raw.get("walk")
        if self.walk not in (None, "lame", "hurdle", "screen"):
            sys.exit(f"json_perft: unknown walk {self.walk!r}")
        if self.when not in WHEN:
            sys.exit(f"json_perft: unknown condition {self.when!r}")
        self.between = tuple(index[c] for c in raw.get("en_passant", ()))
        land = raw.get("land")
        self.land = None if land is None else frozenset(index[c] for c in land)
        guard = raw.get("guard")
        if guard is None:
            self.guard = None
        else:
            unknown = set(guard) - {"unmoved", "occupants"}
            if unknown:
                sys.exit(f"json_perft: unknown guard keys {sorted(unknown)}")
            tests = tuple(
                (o["who"], tuple(index[c] for c in o["cells"]), o["present"])
                for o in guard.get("occupants", ())
            )
            self.guard = (guard.get("unmoved"), tests)

    def landings(self, sq):
        """(cell, index in path) of every landing, given the squares' occupants."""
        path, land = self.path, self.land
        out = []
        walk = self.walk
        if walk is None:
            for k, c in enumerate(path):
                if land is None or c in land:
                    out.append((c, k))
                if sq[c] is not None:
                    break
        elif walk == "lame":
            last = len(path) - 1
            if last >= 0 and all(sq[c] is None for c in path[:last]):
                c = path[last]
                if land is None or c in land:
                    out.append((c, last))
        else:
            first = next((i for i, c in enumerate(path) if sq[c] is not None), None)
            if first is None:
                return out
            if walk == "hurdle":
                if first + 1 < len(path):
                    c = path[first + 1]
                    if land is None or c in land:
                        out.append((c, first + 1))
            else:  # screen: jump the first piece, then slide on beyond it
                for k in range(first + 1, len(path)):
                    c = path[k]
                    if land is None or c in land:
                        out.append((c, k))
                    if sq[c] is not None:
                        break
        return out

    def passed(self, k):
        """The cells a move to the k-th cell of the path passes (its en-passant right)."""
        if self.when in ("multi-step", "unmoved-multi-step"):
            return self.path[:k]
        return self.between


def matches(who, mover, owner):
    if who == "enemy":
        return owner != mover
    if who == "friend":
        return owner == mover
    if who == "piece":
        return True
    sys.exit(f"json_perft: unknown occupant {who!r}")


def guard_holds(guard, mover, unmoved, sq):
    if guard is None:
        return True
    want_unmoved, tests = guard
    if want_unmoved is not None and want_unmoved != unmoved:
        return False
    for who, cells, present in tests:
        found = any(sq[c] is not None and matches(who, mover, sq[c][0]) for c in cells)
        if found != present:
            return False
    return True


class Position:
    __slots__ = ("sq", "cells", "to_move", "ep", "unmoved", "hands")

    def __init__(self, sq, cells, to_move, ep, unmoved, hands):
        self.sq = sq  # per cell: (side, piece) or None
        self.cells = cells  # per side: the set of cells its pieces stand on
        self.to_move = to_move
        self.ep = ep  # (frozenset of passed cells, victim cell) or None
        self.unmoved = unmoved
        self.hands = hands


class Variant:
    def __init__(self, doc):
        fmt = doc.get("format")
        if fmt != "hexv-tables-2":
            sys.exit(f"json_perft: expected format hexv-tables-2, got {fmt!r}")
        self.names = list(doc["cells"]) + list(doc.get("off_board", ()))
        index = {n: i for i, n in enumerate(self.names)}
        self.index = index
        self.total = len(self.names)
        pieces = doc["pieces"]
        self.symbols = [p["symbol"] for p in pieces]
        pid = {p["symbol"]: i for i, p in enumerate(pieces)}
        for i, p in enumerate(pieces):
            pid.setdefault(p["name"], i)
        self.pid = pid
        n = len(pieces)
        self.royal = [p["royal"] for p in pieces]
        self.ep_capturer = [p["captures_en_passant"] for p in pieces]
        self.tracks_unmoved = [p["tracks_unmoved"] for p in pieces]
        self.in_hand_as = [pid[p.get("demotes_to", p["symbol"])] for p in pieces]
        zones = {
            name: [frozenset(index[c] for c in z[s]) for s in SIDE_NAMES]
            for name, z in doc["zones"].items()
        }
        self.promotion = []
        for p in pieces:
            pr = p.get("promotion")
            if pr is None or not pr["to"]:
                self.promotion.append(None)
            else:
                self.promotion.append(
                    (zones[pr["zone"]], [pid[t] for t in pr["to"]], pr["optional"])
                )
        self.drop_rules = []
        # Per piece and side: cell -> the lines a drop there must keep within their limits.
        self.drop_lines = []
        for p in pieces:
            d = p.get("drops")
            self.drop_rules.append(
                None
                if d is None
                else ([pid[t] for t in d["not_defended_by"]], d["no_check"], d.get("no_mate", False))
            )
            per_side = [{} for _ in SIDE_NAMES]
            lines = (d or {}).get("lines", {})
            for s, side in enumerate(SIDE_NAMES):
                for name, ls in lines.get(side, {}).items():
                    per_side[s][index[name]] = [
                        (l["at_most"], tuple(index[c] for c in l["cells"])) for l in ls
                    ]
            self.drop_lines.append(per_side)
        # The move tables, as raw JSON per side, piece and cell; each is read into entries
        # the first time a piece stands on that cell (see `table`).
        self.raw = [[None] * n for _ in SIDE_NAMES]
        self.drop_cells = [[()] * n for _ in SIDE_NAMES]
        self.tables = [None] * (2 * n * self.total)
        for i, p in enumerate(pieces):
            for s, side in enumerate(SIDE_NAMES):
                per_cell = [()] * self.total
                for name, raw in p["moves"][side].items():
                    if name == "(hand)":
                        self.drop_cells[s][i] = tuple(index[e["path"][0]] for e in raw)
                    else:
                        per_cell[index[name]] = raw
                self.raw[s][i] = per_cell
        self.castlings = [
            {
                "side": SIDE_NAMES.index(c["side"]),
                "king": pid[c["king"]],
                "king_from": index[c["king_from"]],
                "king_to": index[c["king_to"]],
                "rook": pid[c["rook"]],
                "rook_from": index[c["rook_from"]],
                "rook_to": index[c["rook_to"]],
                "empty": [index[x] for x in c["empty"]],
                "passage": [index[x] for x in c["passage"]],
            }
            for c in doc["castlings"]
        ]
        rules = doc["rules"]
        self.captures_to_hand = rules["captures_to_hand"]
        # `placement`: while the side to move holds pieces, its moves are their placements
        # (the "(hand)" entries); "sequential" keeps the turn until its hand is empty.
        self.placement = rules.get("placement")
        self.facing = [[() for _ in range(self.total)] for _ in SIDE_NAMES]
        facing = rules.get("facing")
        if facing is not None:
            for s, side in enumerate(SIDE_NAMES):
                for name, lines in facing["lines"][side].items():
                    self.facing[s][index[name]] = tuple(
                        tuple(index[c] for c in line) for line in lines
                    )
        self.setup = doc["setup"]

    def table(self, side, piece, cell):
        """(entries, target -> the capturing entries that may land there, dead) of a piece
        of `side` on `cell`; dead: it has no move there (castling aside), so it may not be
        dropped there and must promote on arriving there if it can."""
        key = (side * len(self.symbols) + piece) * self.total + cell
        t = self.tables[key]
        if t is None:
            entries = tuple(Entry(e, self.index) for e in self.raw[side][piece][cell])
            by_target = {}
            for e in entries:
                if e.capture:
                    for c in e.path:
                        if e.land is None or c in e.land:
                            by_target.setdefault(c, []).append(e)
            dead = all(e.when == "castling" for e in entries)
            t = self.tables[key] = (entries, by_target, dead)
        return t

    # ---- positions -------------------------------------------------------------------

    def start(self):
        sq = [None] * self.total
        unmoved = [False] * self.total
        for s, side in enumerate(SIDE_NAMES):
            for cell, sym in self.setup[side].items():
                c, p = self.index[cell], self.pid[sym]
                sq[c] = (s, p)
                unmoved[c] = self.tracks_unmoved[p]
        hands = [[0] * len(self.symbols) for _ in SIDE_NAMES]
        for s, side in enumerate(SIDE_NAMES):
            for sym, count in self.setup["hands"][side].items():
                hands[s][self.pid[sym]] = count
        to_move = SIDE_NAMES.index(self.setup["to_move"])
        cells = [{c for c, s in enumerate(sq) if s is not None and s[0] == side} for side in (0, 1)]
        return Position(sq, cells, to_move, None, unmoved, hands)

    def position(self, text):
        """A position written as docs/positions.md describes (hexv's parser has checked it):
        the board's lines in the order of `cells`, then the off-board cells; the side to
        move; the hands; the en-passant right; the unmoved pieces. The move-limit count,
        which perft never reads, is left out."""
        fields = text.split() + ["-"] * 3
        sq = [None] * self.total
        k = 0
        for line in fields[0].split("/"):
            for token in position_tokens(line):
                if token.isdigit():
                    k += int(token)
                else:
                    sq[k] = self.piece_of(token)
                    k += 1
        if k != self.total:
            sys.exit(f"json_perft: the board field has {k} cells, the board {self.total}")
        to_move = {"w": WHITE, "b": BLACK}[fields[1]]
        hands = [[0] * len(self.symbols) for _ in SIDE_NAMES]
        if fields[2] != "-":
            for token in position_tokens(fields[2]):
                side, piece = self.piece_of(token)
                hands[side][piece] += 1
        ep = None
        if fields[3] != "-":
            passed, victim = fields[3].split("@")
            ep = (frozenset(self.index[c] for c in passed.split(",")), self.index[victim])
        unmoved = [False] * self.total
        if fields[4] != "-":
            for c in fields[4].split(","):
                unmoved[self.index[c]] = True
        cells = [{c for c, x in enumerate(sq) if x is not None and x[0] == side} for side in (0, 1)]
        return Position(sq, cells, to_move, ep, unmoved, hands)

    def piece_of(self, token):
        """(side, piece) of a piece written in a position: upper case White's."""
        side = WHITE if any(ch.isupper() for ch in token) else BLACK
        return side, self.pid[token.upper()]

    def play(self, pos, mv):
        side = pos.to_move
        sq = pos.sq[:]
        mine, theirs = set(pos.cells[side]), set(pos.cells[1 - side])
        unmoved = pos.unmoved[:]
        hands = [pos.hands[0][:], pos.hands[1][:]]
        castling = None if mv[CASTLING] is None else self.castlings[mv[CASTLING]]
        rook = None
        if castling is not None:
            # The rook leaves first: the king may land on its start cell.
            unmoved[castling["rook_from"]] = False
            rook = sq[castling["rook_from"]]
            sq[castling["rook_from"]] = None
            mine.discard(castling["rook_from"])
        if mv[VICTIM] is not None:
            captured = sq[mv[VICTIM]]
            sq[mv[VICTIM]] = None
            theirs.discard(mv[VICTIM])
        else:
            captured = sq[mv[TO]]
            theirs.discard(mv[TO])
        if mv[FROM] is not None:
            sq[mv[FROM]] = None
            mine.discard(mv[FROM])
            unmoved[mv[FROM]] = False
        else:
            hands[side][mv[PIECE]] = max(0, hands[side][mv[PIECE]] - 1)
        sq[mv[TO]] = (side, mv[PIECE] if mv[PROMO] is None else mv[PROMO])
        mine.add(mv[TO])
        unmoved[mv[TO]] = False
        if castling is not None:
            sq[castling["rook_to"]] = rook
            mine.add(castling["rook_to"])
        if captured is not None and self.captures_to_hand:
            hands[side][self.in_hand_as[captured[1]]] += 1
        ep = (frozenset(mv[PASSED]), mv[TO]) if mv[PASSED] else None
        cells = [mine, theirs] if side == WHITE else [theirs, mine]
        return Position(sq, cells, self.next_to_move(side, mv, hands), ep, unmoved, hands)

    def next_to_move(self, side, mv, hands):
        """The other side, but in a placement phase after a placement: the mover again while
        it holds pieces with "sequential", else the next side holding pieces, else (the
        phase over) White."""
        if self.placement is None or mv[FROM] is not None:
            return 1 - side
        holds = [any(h) for h in hands]
        if self.placement["order"] == "sequential" and holds[side]:
            return side
        for s in (1 - side, side):
            if holds[s]:
                return s
        return WHITE

    # ---- attacks ---------------------------------------------------------------------

    def attacked(self, pos, target, by, types=None):
        """True when a piece of `by` (of one of `types`, if given) could capture on target."""
        sq = pos.sq
        tables, total, base = self.tables, self.total, by * len(self.symbols)
        for frm in pos.cells[by]:
            piece = sq[frm][1]
            if types is not None and piece not in types:
                continue
            t = tables[(base + piece) * total + frm] or self.table(by, piece, frm)
            entries = t[1].get(target)
            if not entries:
                continue
            unmoved = pos.unmoved[frm]
            for e in entries:
                if guard_holds(e.guard, by, unmoved, sq) and any(
                    c == target for c, _ in e.landings(sq)
                ):
                    return True
        return False

    def in_check(self, pos, side):
        sq = pos.sq
        for c in pos.cells[side]:
            if not self.royal[sq[c][1]]:
                continue
            if self.attacked(pos, c, 1 - side):
                return True
            for line in self.facing[side][c]:
                first = next((sq[x] for x in line if sq[x] is not None), None)
                if first is not None and first[0] != side and self.royal[first[1]]:
                    return True
        return False

    # ---- moves -----------------------------------------------------------------------

    def push_promotions(self, out, mover, mv):
        promo = self.promotion[mv[PIECE]]
        if promo is None:
            out.append(mv)
            return
        zones, targets, optional = promo
        zone = zones[mover]
        ends_in = mv[TO] in zone
        if optional:
            starts_in = mv[FROM] is not None and mv[FROM] in zone
            may = starts_in or ends_in
            must = may and self.table(mover, mv[PIECE], mv[TO])[2]
        else:
            may = must = ends_in
        if not must:
            out.append(mv)
        if may:
            for t in targets:
                out.append(mv[:PROMO] + (t,) + mv[PROMO + 1:])

    def pseudo_legal(self, pos):
        side = pos.to_move
        sq = pos.sq
        ep = pos.ep
        raw = []
        for frm in pos.cells[side]:
            piece = sq[frm][1]
            can_ep = self.ep_capturer[piece]
            unmoved = pos.unmoved[frm]
            for e in self.table(side, piece, frm)[0]:
                if e.when == "castling":
                    continue
                if e.when in UNMOVED_MULTI_STEPS and not unmoved:
                    continue
                if not guard_holds(e.guard, side, unmoved, sq):
                    continue
                for to, k in e.landings(sq):
                    occ = sq[to]
                    push = self.push_promotions
                    if occ is None:
                        if ep is not None and can_ep and e.capture and to in ep[0]:
                            push(raw, side, (frm, to, piece, None, ep[1], (), None))
                        if e.moves:
                            passed = tuple(sorted(e.passed(k)))
                            push(raw, side, (frm, to, piece, None, None, passed, None))
                    elif occ[0] != side and e.capture:
                        push(raw, side, (frm, to, piece, None, None, (), None))
        # One move per (from, to, promotion, victim): the one whose passed cells come first
        # in board order (none before some).
        best = {}
        for mv in raw:
            key = (mv[FROM], mv[TO], mv[PROMO], mv[VICTIM])
            old = best.get(key)
            if old is None or mv[PASSED] < old[PASSED]:
                best[key] = mv
        return list(best.values())

    def drops(self, pos):
        side = pos.to_move
        out = []
        for piece, count in enumerate(pos.hands[side]):
            if count == 0:
                continue
            rules = self.drop_rules[piece]
            not_defended_by, no_check, no_mate = rules if rules is not None else ((), False, False)
            types = set(not_defended_by)
            lines = self.drop_lines[piece][side]
            for to in self.drop_cells[side][piece]:
                if pos.sq[to] is not None:
                    continue
                if types and self.attacked(pos, to, side, types):
                    continue
                if any(
                    sum(1 for c in cells if pos.sq[c] == (side, piece)) >= at_most
                    for at_most, cells in lines.get(to, ())
                ):
                    continue  # a line through the cell holds as many of the type as it may
                mv = (None, to, piece, None, None, (), None)
                after = self.play(pos, mv)
                if no_check and self.in_check(after, 1 - side):
                    continue
                if (
                    no_mate
                    and self.in_check(after, 1 - side)
                    and not self.in_check(after, side)
                    and not self.legal(after)
                ):
                    continue  # it may check, but not mate
                out.append(mv)
        return out

    def castling_moves(self, pos):
        side = pos.to_move
        sq = pos.sq
        out = []
        for i, c in enumerate(self.castlings):
            if c["side"] != side:
                continue
            kf, rf = c["king_from"], c["rook_from"]
            if sq[kf] != (side, c["king"]) or sq[rf] != (side, c["rook"]):
                continue
            if not (pos.unmoved[kf] and pos.unmoved[rf]):
                continue
            if any(sq[x] is not None for x in c["empty"]):
                continue
            if any(self.attacked(pos, x, 1 - side) for x in [kf] + c["passage"]):
                continue
            mv = (kf, c["king_to"], c["king"], None, None, (), i)
            if not self.in_check(self.play(pos, mv), side):
                out.append(mv)
        return out

    def legal(self, pos):
        side = pos.to_move
        if self.placement is not None and any(pos.hands[side]):
            return [mv for mv in self.drops(pos) if not self.in_check(self.play(pos, mv), side)]
        moves = [
            mv
            for mv in self.pseudo_legal(pos) + self.drops(pos)
            if not self.in_check(self.play(pos, mv), side)
        ]
        return moves + self.castling_moves(pos)

    # ---- perft -----------------------------------------------------------------------

    def perft_all(self, pos, depth, counts, level=0):
        """Adds to counts[d] the leaves d plies below pos, for every d up to depth."""
        moves = self.legal(pos)
        counts[level + 1] += len(moves)
        if level + 1 < depth:
            for mv in moves:
                self.perft_all(self.play(pos, mv), depth, counts, level + 1)

    def perft(self, pos, depth):
        if depth == 0:
            return 1
        moves = self.legal(pos)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.play(pos, mv), depth - 1) for mv in moves)

    # ---- notation --------------------------------------------------------------------

    def text(self, pos, mv):
        if mv[FROM] is None:
            return f"{self.symbols[mv[PIECE]]}*{self.names[mv[TO]]}"
        capture = mv[VICTIM] is not None or pos.sq[mv[TO]] is not None
        s = f"{self.names[mv[FROM]]}{'x' if capture else '-'}{self.names[mv[TO]]}"
        if mv[PROMO] is not None:
            s += "=" + self.symbols[mv[PROMO]]
        return s

    def parse(self, pos, token):
        legal = self.legal(pos)
        if "*" in token:
            sym, cell = token.split("*", 1)
            found = [
                m for m in legal
                if m[FROM] is None and self.names[m[TO]] == cell and self.symbols[m[PIECE]] == sym
            ]
        else:
            body, promo = token, None
            if "=" in token:
                body, promo = token.rsplit("=", 1)
                promo = self.pid.get(promo)
                if promo is None:
                    sys.exit(f"json_perft: `{token}`: no such piece")
            frm = to = None
            for i, ch in enumerate(body):
                if ch in "-x" and body[:i] in self.index and body[i + 1:] in self.index:
                    frm, to, sep = self.index[body[:i]], self.index[body[i + 1:]], ch
                    break
            if frm is None:
                sys.exit(f"json_perft: `{token}`: not a move between two cells")
            found = [m for m in legal if m[FROM] == frm and m[TO] == to and m[PROMO] == promo]
            if len(found) > 1:
                want_ep = sep == "x"
                found = [m for m in found if (m[VICTIM] is not None) == want_ep] or found
        if len(found) != 1:
            sys.exit(f"json_perft: `{token}` matches {len(found)} legal moves")
        return found[0]


def position_tokens(text):
    """The tokens of a board line or a hands field: a count of empty cells, a one-character
    symbol, or a longer symbol in parentheses (without them)."""
    out, i = [], 0
    while i < len(text):
        if text[i].isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
        elif text[i] == "(":
            j = text.index(")", i) + 1
        else:
            j = i + 1
        out.append(text[i:j].strip("()"))
        i = j
    return out


def suite(v, path, variant_file, depth):
    """Counts every position of a perft data file (tests/data/perft.txt or
    perft-suite.txt) listed for `variant_file`, to `depth`, and compares the listed counts;
    returns the number of mismatches."""
    bad = checked = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            fields = [x.strip() for x in line.split(";")]
            if fields[0] != variant_file:
                continue
            listed = dict(tuple(map(int, c.split("="))) for c in fields[2].split())
            deepest = min(depth, max(listed))
            counts = [0] * (deepest + 1)
            v.perft_all(v.position(fields[1]), deepest, counts)
            checked += 1
            for d in range(1, deepest + 1):
                if d in listed and listed[d] != counts[d]:
                    bad += 1
                    print(f"{fields[0]}; {fields[1]}: depth {d}: listed {listed[d]}, counted {counts[d]}")
    print(f"{variant_file}: {checked} positions to depth {depth}, {bad} mismatches")
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", help="the output of `hexv table FILE --format json`, or - for stdin")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument(
        "--moves",
        action="append",
        help="moves to play from the start first (repeat for several positions)",
    )
    ap.add_argument(
        "--position",
        action="append",
        help="count from this position (docs/positions.md; repeat for several)",
    )
    ap.add_argument(
        "--suite",
        metavar="FILE",
        help="check the counts of a perft data file's lines for --variant-file, to --depth",
    )
    ap.add_argument("--variant-file", help="with --suite: the variant file the JSON is of")
    ap.add_argument("--divide", action="store_true", help="the count below each first move")
    args = ap.parse_args()
    if args.json == "-":
        doc = json.load(sys.stdin)
    else:
        with open(args.json, encoding="utf-8") as f:
            doc = json.load(f)
    v = Variant(doc)
    if args.suite:
        if not args.variant_file:
            sys.exit("json_perft: --suite needs --variant-file")
        sys.exit(1 if suite(v, args.suite, args.variant_file, args.depth) else 0)
    starts = [("moves", m) for m in args.moves or []]
    starts += [("position", p) for p in args.position or []]
    for kind, given in starts or [("moves", "")]:
        pos = v.start() if kind == "moves" else v.position(given)
        for token in given.split() if kind == "moves" else []:
            pos = v.play(pos, v.parse(pos, token))
        if args.divide and args.depth >= 1:
            lines = []
            for mv in v.legal(pos):
                lines.append(f"{v.text(pos, mv)} {v.perft(v.play(pos, mv), args.depth - 1)}")
            for line in sorted(lines):
                print(line)
        counts = [0] * (args.depth + 1)
        if args.depth >= 1:
            v.perft_all(pos, args.depth, counts)
        print(" ".join(f"{d}={counts[d]}" for d in range(1, args.depth + 1)))


if __name__ == "__main__":
    main()
