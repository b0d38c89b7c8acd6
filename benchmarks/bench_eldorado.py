"""Eldorado's simulator as a designer runs it: whole process, default policy, against a reference tree.

    python3 benchmarks/bench_eldorado.py [--against DIR] [--runs 5] [--games 200] [--jobs 1]

Times `checker simulate eldorado --games N --players 4 --seed 1 --jobs J` (the default greedy
policy, text report) from this checkout, alternating run by run with the same command from DIR
when given (another checkout; the same Python), each with its own warm definitions cache; then
the games alone in one process, greedy and random alternating. Prints medians in games per
second and, with DIR, the ratio.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from timing import run  # noqa: E402


def whole(tree: Path, games: int, jobs: int, cache: str) -> tuple[float, float]:
    """(games per second of wall time, per second of CPU time) of one whole process; CPU time (the
    process and its workers) is what load from other work on the machine moves least."""
    env = dict(os.environ, PYTHONPATH=str(tree), PNPKIT_CACHE=cache)
    argv = [sys.executable, "-c", "from checker.cli import main; main()", "simulate", "eldorado", "--players", "4",
            "--seed", "1", "--games", str(games), "--jobs", str(jobs), "--quiet"]
    wall, cpu, _ = run(argv, tree, env)
    return games / wall, games / cpu


def in_process(policy: str, games: int) -> tuple[float, float]:
    """(games/s, mean turns a game) of the tally loop alone, in a fresh process."""
    code = f"""
import time
from cards import load_game
from checker.eldorado.metrics import prepare, tally_games
data = prepare(load_game("eldorado"))
start = time.perf_counter()
tally = tally_games(data, 0, {games}, 4, 1, ["{policy}"] * 4, 0)
rate = {games} / (time.perf_counter() - start)
print(rate, sum(int(k) * v for k, v in tally["lengths"].items()) / {games})
"""
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT,
                         check=True, capture_output=True, text=True)
    rate, turns = out.stdout.split()
    return float(rate), float(turns)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    trees = {"this checkout": ROOT}
    if args.against:
        trees["reference"] = args.against
    caches = {name: tempfile.mkdtemp(prefix="pnpkit-bench-") for name in trees}
    for name, tree in trees.items():  # warm each cache
        whole(tree, 2, 1, caches[name])
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
    loops: dict[str, list[tuple[float, float]]] = {"greedy": [], "random": []}
    for _ in range(args.runs):  # alternate: a load spike hits every side
        for name, tree in trees.items():
            rates[name].append(whole(tree, args.games, args.jobs, caches[name]))
        for policy in loops:
            loops[policy].append(in_process(policy, max(args.games // (10 if policy == "random" else 1), 1)))
    wall = {name: statistics.median(w for w, _ in rates[name]) for name in trees}
    cpu = {name: statistics.median(c for _, c in rates[name]) for name in trees}
    for name in trees:
        print(f"{name}: whole process {wall[name]:,.1f} games/s of wall time, {cpu[name]:,.1f} of CPU time "
              f"(--jobs {args.jobs}, medians of {args.runs})")
    for policy, runs in loops.items():
        print(f"games alone, {policy}: {statistics.median(r for r, _ in runs):,.1f} games/s, "
              f"{statistics.median(t for _, t in runs):.1f} turns a game")
    if args.against:
        print(f"ratio this/reference: {wall['this checkout'] / wall['reference']:.2f} wall, "
              f"{cpu['this checkout'] / cpu['reference']:.2f} CPU")


if __name__ == "__main__":
    main()
