"""How `generator build` (all three games) compares with a bare ReportLab script on as many faces.

The issue's bar: at most 1.3x the reference.  Both run as whole processes (start-up
and imports included, as print.md measured), best of REPEAT runs:

    python3 benchmarks/bench_build.py
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPEAT = 5


def best(cmd: list[str]) -> float:
    times = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return min(times)


DECK = """id = "bench"
name = "Bench"
rules = "el-dorado-canyon"
players = [2, 6]

[[components]]
id = "deck"
name = "Deck"
kind = "card"
schema = "reference"
file = "deck.toml"
size = "poker"
back = "reference"
"""


def compare(label: str, games: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        build = [sys.executable, "-c", "import generator.cli as c; c.main()", "build", *games, "--out", tmp]
        ours = best(build)
        faces = sum(len(p["items"]) for f in Path(tmp).glob("*-a4.json") for p in json.loads(f.read_text())["pages"])
        size = sum(f.stat().st_size for f in Path(tmp).glob("*-a4.pdf"))
        ref_pdf = str(Path(tmp) / "reference.pdf")
        ref = best([sys.executable, str(ROOT / "benchmarks" / "reference_reportlab.py"), str(faces), ref_pdf])
        ref_size = Path(ref_pdf).stat().st_size
    print(f"{label}: {faces} faces placed")
    print(f"  generator build: {ours:.3f} s, {size / 1024:.0f} KiB")
    print(f"  bare ReportLab : {ref:.3f} s, {ref_size / 1024:.0f} KiB")
    print(f"  ratio          : {ours / ref:.2f}x (bar: 1.3x)")


def main() -> None:
    compare("all three games (A4)", [])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "bench"
        folder.mkdir()
        (folder / "game.toml").write_text(DECK)
        (folder / "deck.toml").write_text("".join(
            f'[[cards]]\nid = "c{i}"\nname = "Card {i}"\n[[cards.sections]]\ntitle = "Rules"\n'
            f'lines = ["Attack the character to your left or right, lose 1 :gold: gold"]\n' for i in range(100)))
        compare("one 100-card deck with backs (A4)", [str(folder)])


if __name__ == "__main__":
    main()
