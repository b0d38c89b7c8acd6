"""A rebuild after a one-card edit in a 500-card folder: `generator build` and `generator watch`.

Targets (issue 14): a second `generator build` after the edit at most 0.6 s; under `watch`,
the PNG preview of the edited card at most 0.3 s after watch sees the change and the PDF
at most 0.6 s.  The folder comes from `make_big_folder.py`.  Whole processes: every round
edits one card (its name, alternately two ways) and then runs, in a rotating order, the
rebuild with the face cache and a cold build (`--no-cache`) of the same folder; medians of
wall and CPU time (see `timing.py`).  `watch` runs once in the background with a 0.05 s
poll; each round edits a card and reads the times watch prints (from the moment it saw
the change to the preview, and to the PDF).

    python3 benchmarks/bench_rebuild.py [--rounds N] [--cards 500] [--against DIR] [--no-watch]
"""
from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_build import build_cmd
from make_big_folder import make
from timing import Runs, bench_env, report, run

ROOT = Path(__file__).resolve().parent.parent


def edit(folder: Path, n: int) -> None:
    """Rename the first town card (`n` differs every time, so every edit changes a card)."""
    town = folder / "town.toml"
    text = town.read_text(encoding="utf-8")
    text = re.sub(r'^name = "[^"]*"', f'name = "Edited card {n}"', text, count=1, flags=re.M)
    town.write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cards", type=int, default=500)
    parser.add_argument("--against", type=Path, help="another tree whose rebuild to alternate with")
    parser.add_argument("--no-watch", action="store_true", help="builds only")
    args = parser.parse_args()
    env = bench_env()
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        folder = t / "big"
        make(args.cards, folder)
        sides = {"rebuild after a one-card edit": build_cmd(t / "warm", str(folder), cached=True),
                 "cold build (--no-cache)": build_cmd(t / "cold", str(folder))}
        if args.against:
            sides["DIR's rebuild after the edit"] = build_cmd(t / "ref", str(folder), cached=True,
                                                              tree=args.against.resolve())
        runs = {name: Runs() for name in sides}
        for name in sides:  # warm-up: bytecode and the face cache
            run(sides[name], ROOT, env)
        names = list(sides)
        for r in range(args.rounds):
            for name in names[r % len(names):] + names[:r % len(names)]:
                edit(folder, len(names) * r + names.index(name))
                wall, cpu, rss = run(sides[name], ROOT, env)
                runs[name].wall.append(wall)
                runs[name].cpu.append(cpu)
                runs[name].rss_mib.append(rss)
        print(f"{args.cards}-card folder; {args.rounds} alternating rounds")
        report(runs, "rebuild after a one-card edit")
        if args.no_watch:
            return
        preview, pdf = watch_times(folder, t / "watch", env, args.rounds)
        print(f"  watch: edited card's PNG preview {statistics.median(preview):.2f} s, PDF "
              f"{statistics.median(pdf):.2f} s after the change was seen (medians of {len(pdf)}; "
              f"targets 0.3 and 0.6 s)")


def watch_times(folder: Path, out: Path, env: dict[str, str], rounds: int) -> tuple[list[float], list[float]]:
    cmd = [sys.executable, "-c", "import generator.cli as c; c.main()", "watch", str(folder), "--out", str(out),
           "--interval", "0.05"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True, bufsize=1)
    assert proc.stdout is not None
    preview: list[float] = []
    pdf: list[float] = []
    try:
        _wait_for_build(proc)
        for r in range(rounds):
            edit(folder, 1000 + r)
            line = proc.stdout.readline()
            if line.startswith("preview ("):
                preview.append(float(line.split("(")[1].split(" s)")[0]))
                line = proc.stdout.readline()
            pdf.append(float(line.rsplit("(", 1)[1].split(" s)")[0]))
            time.sleep(0.2)
    finally:
        proc.terminate()
        proc.wait()
    return preview or [float("nan")], pdf


def _wait_for_build(proc: subprocess.Popen) -> None:
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("generator watch stopped")
        if line.rstrip().endswith(" s)"):
            return


if __name__ == "__main__":
    main()
