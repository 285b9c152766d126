#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora into fuzz/corpus/TARGET from the repository's own
files: the shipped variants and the fixtures (source), the positions of tests/data/perft.txt
(position), short games played by `hexv moves` (moves), editor sessions on the shipped
variants (lsp). Run from the repository root with a built hexv:
python3 fuzz/seed.py target/release/hexv"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

# The order of SHIPPED in fuzz/src/lib.rs: a target's first byte selects the variant.
SHIPPED = ["glinski", "mccooey", "koval", "dagger", "chessagon",
           "hex-shogi-41", "hex-shogi-81", "hex-shogi-91", "shafran", "mini-hexchess",
           "de-vasa", "brusky", "xiang-hex", "wellisch", "starchess",
           "triangular-chess"]


def write(target, name, data):
    d = Path("fuzz/corpus") / target
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_bytes(data)


# The lsp target's input (fuzz/fuzz_targets/lsp.rs): after the selector byte, one byte picks
# each step's operation (its value modulo 8) and the bytes after it are the operation's.
LSP_METHODS = ["hover", "definition", "references", "completion", "documentSymbol",
               "formatting", "codeAction", "rename"]
LSP_SNIPPETS = 24  # the length of SNIPPETS in lsp.rs; a text byte with its high bit set picks one


def lsp_position(line, character):
    return [line & 0xFF, line >> 8, character]


def lsp_request(method, line=0, character=0, uri=0, end=(0, 0), name=0):
    m = LSP_METHODS.index(method)
    out = [5, m, uri] + lsp_position(line, character)
    if method == "codeAction":
        out += lsp_position(*end)
    if method == "rename":
        out.append(name)
    return out


def lsp_text(data=b"", snippet=None):
    if snippet is not None:
        return [128 + (snippet - 128) % LSP_SNIPPETS]
    return [len(data)] + list(data)


def lsp_edit(kind, at, length=0, text=None):
    """kind 0 inserts, 1 replaces `length` bytes, 2 deletes them; then a stale-change byte."""
    out = [0, kind, at & 0xFF, at >> 8, length]
    if kind != 2:
        out += text if text is not None else lsp_text(b"x")
    return out + [0]


def lsp_where(text, needle, extra=0):
    """(line, UTF-16 character) of the first `needle` in the text, plus `extra`."""
    at = text.find(needle)
    if at < 0:
        return (0, 0)
    at += extra
    line = text[:at].count("\n")
    start = text.rfind("\n", 0, at) + 1
    return (line, len(text[start:at].encode("utf-16-le")) // 2)


def lsp_seeds(selector, text):
    piece = lsp_where(text, "\npiece ", 7)
    zone = lsp_where(text, "\nzone ", 6)
    setup = lsp_where(text, "setup", 1)
    step = lsp_where(text, "step ", 1)
    requests = []
    for method in LSP_METHODS:
        for at in (piece, zone, setup, step):
            requests += lsp_request(method, *at, end=(at[0] + 3, 0), name=1)
    yield "requests", bytes([selector] + requests)
    # Edits that meet line ends of each kind and characters of two UTF-16 units, then requests
    # around them.
    edits = (lsp_edit(0, 0, text=lsp_text(snippet=6)) + lsp_request("hover", 0, 1)
             + lsp_edit(0, 40, text=lsp_text(snippet=2)) + lsp_request("formatting")
             + lsp_edit(1, 60, 5, text=lsp_text(snippet=1)) + lsp_request("documentSymbol")
             + lsp_edit(2, 10, 20) + lsp_request("completion", 200, 255)
             + lsp_edit(1, 200, 3, text=lsp_text(snippet=20)) + lsp_request("codeAction", end=(999, 0))
             + lsp_request("rename", *piece, name=4) + lsp_request("definition", 65535, 255))
    yield "edits", bytes([selector] + edits)
    # Other documents: a second variant, a close, requests on a closed and an unknown URI, and
    # messages of the wrong shape (params missing or mistyped, unknown methods, stray
    # notifications).
    other = (selector + 1) % len(SHIPPED)
    session = ([3, 1, other << 1] + lsp_request("hover", *piece, uri=1) + [4, 0]
               + lsp_request("hover", *piece, uri=0) + lsp_request("completion", uri=3)
               + [3, 3, 1] + lsp_text(b"piece K") + lsp_request("rename", 0, 7, uri=3, name=0))
    for shape in range(8):
        session += [7, 1, shape, shape, shape % 2]
    session += [7, 0, 0, 0, 2, 0, 7, 1, 1, 1, 2, 4, 7, 2, 2, 2, 2, 5]
    session += [7, 0, 0, 0, 3, 0, 7, 1, 0, 0, 3, 1, 7, 0, 0, 0, 3, 2, 7, 0, 0, 0, 3, 3, 7, 0, 0, 0, 3, 4]
    yield "session", bytes([selector] + session)


def merge_seeds(hexv):
    """Real work units and results (perft_merge), and self-play records (selfplay_merge),
    whole, repeated, forged and cut; the inputs of one seed are joined by zero bytes."""
    mini = "variants/mini-hexchess.hexv"
    run = lambda *args: subprocess.run([hexv, *args], capture_output=True, text=True).stdout
    units = run("perft", mini, "--depth", "3", "--split-at", "1")
    with open("fuzz/corpus-units.tmp", "w") as f:
        f.write(units)
    results = run("perft", mini, "--units", "fuzz/corpus-units.tmp")
    os.remove("fuzz/corpus-units.tmp")
    lines = results.splitlines(keepends=True)
    forged = results.replace('"count":', '"count":1000', 1)
    cases = {
        "whole": [units, results],
        "split": [units, "".join(lines[::2]), "".join(lines[1::2])],
        "missing": [units, "".join(lines[1:])],
        "twice": [units, results, lines[0]],
        "forged": [units, forged],
        "cut": [units, results[:-7]],
    }
    for name, inputs in cases.items():
        write("perft_merge", name, b"\0".join(x.encode() for x in inputs))
    out = "fuzz/corpus-games.tmp"
    subprocess.run([hexv, "selfplay", mini, "--games", "4", "--depth", "1", "--jobs", "1",
                    "--max-plies", "40", "--out", out, "--force"], capture_output=True)
    games = Path(out).read_bytes()
    os.remove(out)
    selector = SHIPPED.index("mini-hexchess")
    for replay in (0, 0x80):
        head = bytes([selector | replay])
        write("selfplay_merge", f"whole-{replay}", head + games)
        write("selfplay_merge", f"twice-{replay}", head + games + b"\0" + games)
        write("selfplay_merge", f"cut-{replay}", head + games[:-9])
        forged = games.replace(b'"white":', b'"white":-', 1)
        write("selfplay_merge", f"forged-{replay}", head + forged)


def main():
    hexv = sys.argv[1] if len(sys.argv) > 1 else "target/release/hexv"
    merge_seeds(hexv)
    for f in sorted(Path("variants").glob("*.hexv")) + sorted(Path("tests/fixtures").rglob("*.hexv")):
        write("source", f.parent.name + "-" + f.name, f.read_bytes())
    for i, line in enumerate(Path("tests/data/perft.txt").read_text().splitlines()):
        if not line.strip() or line.startswith("#"):
            continue
        file, position, _ = [x.strip() for x in line.split(";")]
        if Path(file).stem not in SHIPPED:
            continue  # the targets select only these
        selector = SHIPPED.index(Path(file).stem)
        write("position", f"perft-{i}", bytes([selector]) + position.encode())
    # The first published Glinski tournament games, one a seed, read with the Hungarian letters.
    games = Path("tests/data/glinski-games-hu.pgn").read_text().split("\n[Variant ")
    for i, game in enumerate(games[:12]):
        text = game if i == 0 else "[Variant " + game
        write("pgn", f"glinski-hu-{i}", bytes([SHIPPED.index("glinski") | 0x80]) + text.encode())
    for selector, name in enumerate(SHIPPED):
        played = []
        for ply in range(12):
            out = subprocess.run([hexv, "moves", f"variants/{name}.hexv", "--moves", " ".join(played)],
                                 capture_output=True, text=True)
            moves = out.stdout.split()
            if out.returncode != 0 or not moves:
                break
            played.append(moves[(ply * 7) % len(moves)])
        write("moves", f"{name}", bytes([selector]) + " ".join(played).encode())
        write("engines", f"{name}", bytes([selector]) + os.urandom(60))
        # A GUI's session: the engine protocol with the moves above, both notations.
        compact = [m.replace("-", "").replace("x", "") for m in played[:4]]
        session = "\n".join([
            "uci", "setoption name Hash value 1", "isready", "ucinewgame",
            "position startpos moves " + " ".join(played),
            "go depth 2", "setoption name Notation value compact",
            "position startpos moves " + " ".join(compact),
            "go nodes 300", "go infinite", "isready", "stop",
            "position fen nonsense", "go movetime 5", "quit", "",
        ])
        write("uci", f"{name}", bytes([selector]) + session.encode())
        # A PGN game of the same moves, in hexv's long notation (which SAN reading mostly
        # refuses: the errors are the seed's point), with the variant's own letters.
        numbered = " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m for i, m in enumerate(played))
        write("pgn", f"{name}", bytes([selector]) + f'[Variant "{name}"]\n\n{numbered} *\n'.encode())
        text = Path(f"variants/{name}.hexv").read_text()
        for kind, data in lsp_seeds(selector, text):
            write("lsp", f"{name}-{kind}", data)
        write("lsp_frames", name, lsp_frames(text))
        # A weights file for the variant: its header and a few weights, then one with a
        # mistake on every line.
        title = re.search(r'^variant\s+"([^"]*)"', text, re.M).group(1)
        header = f"hexv 0.1.0\nvariant {title}\n"
        write("weights", name, bytes([selector]) + (header + "tempo 12\ncentre-middle 140\n").encode())
        write("weights", f"{name}-bad", bytes([selector]) + (header + "tempo x\npiece Nobody 1 2\nshelter 99999999999999999999\n").encode())


def lsp_frames(text):
    """An editor's session as the bytes on the wire (fuzz/fuzz_targets/lsp_frames.rs)."""
    uri = "file:///fuzz/a.hexv"
    messages = [
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": uri, "languageId": "hexv", "version": 1, "text": text}}},
        {"jsonrpc": "2.0", "method": "textDocument/didChange",
         "params": {"textDocument": {"uri": uri, "version": 2},
                    "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                                  "end": {"line": 0, "character": 1}}, "text": "V"}]}},
        {"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover",
         "params": {"textDocument": {"uri": uri}, "position": {"line": 3, "character": 4}}},
        {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
         "params": {"textDocument": {"uri": uri}, "position": {"line": -1, "character": "x"}}},
        {"jsonrpc": "2.0", "id": 3, "method": "textDocument/documentSymbol",
         "params": {"textDocument": {"uri": uri}}},
    ]
    out = b""
    for m in messages:
        body = json.dumps(m).encode()
        out += b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    return out + b"Content-Length: 4000000000\r\n\r\n{}"


if __name__ == "__main__":
    main()
