"""What a cold build's rich text costs: every `draw_text` call of a build, drawn again in one process.

A whole-process benchmark hides a change to text drawing in start-up, templates and PDF writing;
this one builds GAME... once (`--no-cache`), notes every `draw_text` call (text, box, options, the
icon scope it ran in), then draws them all again into a fresh canvas ROUNDS times, every kept text
measure cleared before each (as in a cold build), and prints the CPU time of a round.  With
`--against DIR` the same runs in DIR's code (a `git archive` of an older commit), the two
alternating, and both print their minimum and median.

    python3 benchmarks/bench_text.py [--rounds N] [--against DIR] [GAME...]   # default: the three kits
"""
from __future__ import annotations

import argparse
import functools
import gc
import io
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import bench_env, rounds_of

ROOT = Path(__file__).resolve().parent.parent


def measure(tree: Path, rounds: int, games: list[str]) -> list[float]:
    """CPU seconds of each round of drawing again the `draw_text` calls of a cold build in `tree`'s code."""
    sys.path.insert(0, str(tree))
    from reportlab.pdfgen.canvas import Canvas

    from cards.typeset import measure as typeset, scripts  # where text is measured since it moved to cards/typeset
    from generator import plain
    from generator.engine import icons
    from generator.engine import text as engine_text

    calls = []
    draw = engine_text.draw_text

    def noted(c, text, x, y, w, h, **options):
        calls.append((icons._SCOPE.get(), icons._DECLARED.get(), icons._STYLE.get(), text, (x, y, w, h), options))
        return draw(c, text, x, y, w, h, **options)

    import generator.templates  # noqa: F401  (the templates import draw_text by name)
    for module in list(sys.modules.values()):
        if getattr(module, "draw_text", None) is draw:
            setattr(module, "draw_text", noted)
    with tempfile.TemporaryDirectory() as out:  # `generator build`'s own run, without its exit at once (`leave`)
        parsed = plain.BUILD.parse([*games, "--out", out, "--no-cache"])
        assert parsed is not None and plain.build(*parsed) == 0, "the build ran"
    kept = [getattr(m, n) for m in (engine_text, scripts, typeset) for n in dir(m)
            if hasattr(getattr(m, n), "cache_clear") and n not in ("_cover", "register_fonts")]

    def again() -> None:
        for cache in kept:
            cache.cache_clear()
        c = Canvas(io.BytesIO(), invariant=1)
        with icons.collecting_forms():
            for scope, declared, style, text, box, options in calls:
                with icons.icon_scope(scope, declared, style):
                    draw(c, text, *box, **options)

    again()
    times = []
    for _ in range(rounds):
        gc.collect()
        start = time.process_time()
        again()
        times.append(time.process_time() - start)
    print(f"{len(calls)} calls", file=sys.stderr)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--against", type=Path)
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)   # one side, run in its own process
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    if args.tree is not None:
        print(" ".join(f"{t:.6f}" for t in measure(args.tree, args.rounds, args.games)))
        return
    trees = {"this tree": ROOT} | ({"DIR": args.against.resolve()} if args.against else {})

    def cpu(tree: Path) -> float:
        """One side's draw_text time in a process of its own (a fresh cache: the build inside is cold)."""
        run = subprocess.run([sys.executable, __file__, "--tree", str(tree), "--rounds", "1", *args.games],
                             env=bench_env(), capture_output=True, text=True, check=True)
        return float(run.stdout.splitlines()[-1])   # after the build's own lines

    times = rounds_of({name: functools.partial(cpu, tree) for name, tree in trees.items()}, args.rounds,
                      warm_up=False)  # a warm-up would be another cold build: each is its own
    for name, seen in times.items():
        print(f"{name}: draw_text of a cold build {min(seen) * 1000:.1f} ms min, "
              f"{statistics.median(seen) * 1000:.1f} ms median of {len(seen)} (CPU)")
    if args.against:
        print(f"ratio of medians: {statistics.median(times['this tree']) / statistics.median(times['DIR']):.2f}x")


if __name__ == "__main__":
    main()
