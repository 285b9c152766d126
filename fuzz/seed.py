#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora into fuzz/corpus/TARGET from the repository's own
files: the shipped variants and the fixtures (source), the positions of tests/data/perft.txt
(position), short games played by `hexv moves` (moves). Run from the repository root with a
built hexv: python3 fuzz/seed.py target/release/hexv"""

import os
import subprocess
import sys
from pathlib import Path

# The order of SHIPPED in fuzz/src/lib.rs: a target's first byte selects the variant.
SHIPPED = ["glinski", "mccooey", "koval", "dagger", "chessagon",
           "hex-shogi-41", "hex-shogi-81", "hex-shogi-91", "shafran", "mini-hexchess",
           "de-vasa", "brusky", "xiang-hex"]


def write(target, name, data):
    d = Path("fuzz/corpus") / target
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_bytes(data)


def main():
    hexv = sys.argv[1] if len(sys.argv) > 1 else "target/release/hexv"
    for f in sorted(Path("variants").glob("*.hexv")) + sorted(Path("tests/fixtures").rglob("*.hexv")):
        write("source", f.parent.name + "-" + f.name, f.read_bytes())
    for i, line in enumerate(Path("tests/data/perft.txt").read_text().splitlines()):
        if not line.strip() or line.startswith("#"):
            continue
        file, position, _ = [x.strip() for x in line.split(";")]
        selector = SHIPPED.index(Path(file).stem)
        write("position", f"perft-{i}", bytes([selector]) + position.encode())
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


if __name__ == "__main__":
    main()
