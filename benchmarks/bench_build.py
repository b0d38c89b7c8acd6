"""How `generator build` compares with bare ReportLab scripts doing the same amount of work.

The bar: at most 1.3x the reference.  Everything runs as whole processes (start-up
and imports included, as print.md measured), best of REPEAT runs.  Two references:

- like for like: a bare script drawing what the build wrote (the same PDFs, pages,
  placed faces, and per distinct face as many curves, lines, rectangles and text
  runs in the same seven typefaces; see `workload.py`);
- print.md's script: as many simple faces (a rectangle and two strings each).

Faces are the printed faces of the home kits (front and back, every copy), read
from the manifests; posters are built and timed too, their pages listed apart.

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
BENCH = ROOT / "benchmarks"
REPEAT = 5
sys.path.insert(0, str(ROOT / "tests"))

from madeup_games import deck, game_toml, reference_cards  # noqa: E402  (the tests' made-up game, shared)


def best(cmd: list[str]) -> float:
    times = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return min(times)


def _kib(files) -> str:
    return f"{sum(f.stat().st_size for f in files) / 1024:.0f} KiB"


def compare(label: str, games: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out, ref_out = Path(tmp) / "out", Path(tmp) / "ref"
        ref_out.mkdir()
        build = [sys.executable, "-c", "import generator.cli as c; c.main()", "build", *games, "--out", str(out)]
        ours = best(build)
        faces = sum(len(p["items"]) for f in out.glob("*-a4.json") for p in json.loads(f.read_text())["pages"])
        pdfs = sorted(out.glob("*.pdf"))
        posters = sum(len(json.loads(f.read_text())["pages"]) for f in out.glob("*-poster-*.json"))
        load = Path(tmp) / "workload.json"
        load.write_text(subprocess.run([sys.executable, str(BENCH / "workload.py"), *map(str, pdfs)],
                                       check=True, capture_output=True, text=True).stdout)
        like = best([sys.executable, str(BENCH / "reference_reportlab.py"), "--workload", str(load), str(ref_out)])
        like_size = _kib(ref_out.glob("*.pdf"))
        simple_pdf = Path(tmp) / "simple.pdf"
        simple = best([sys.executable, str(BENCH / "reference_reportlab.py"), str(faces), str(simple_pdf)])
        print(f"{label}: {faces} printed faces in the home kits, {len(pdfs)} PDFs ({posters} poster pages)")
        print(f"  generator build            : {ours:.3f} s, {_kib(pdfs)}")
        print(f"  bare ReportLab, same work  : {like:.3f} s, {like_size}  -> ratio {ours / like:.2f}x (bar: 1.3x)")
        print(f"  bare ReportLab, plain faces: {simple:.3f} s, {_kib([simple_pdf])}  -> ratio {ours / simple:.2f}x")


def main() -> None:
    compare("all three games (A4)", [])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "bench"
        folder.mkdir()
        (folder / "game.toml").write_text(game_toml("bench", "Bench", (2, 6), [deck()]))
        (folder / "deck.toml").write_text(
            reference_cards(100, "Rules", "Attack the character to your left or right, lose 1 :gold: gold"))
        compare("one 100-card deck with backs (A4)", [str(folder)])


if __name__ == "__main__":
    main()
