"""`checker simulate` as a designer runs it, whole process, against a reference tree.

    python3 benchmarks/bench_simulate.py [--against DIR] [--runs 7] [--games 2000]

Times `checker simulate el-dorado-canyon --games 2000 --players 4 --seed 1` (default
options, text report) from this checkout, alternating run by run with the same command
from DIR (another checkout or `git archive` of an older commit; the same Python), each
with its own warm definitions cache; prints the medians in games per second and their
ratio. Also times the games alone in one process (this checkout's metrics `tally_games`
against DIR's `simulation.tally_games` when DIR has one): what the designer metrics cost.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMAND = ["simulate", "el-dorado-canyon", "--players", "4", "--seed", "1"]


def whole(tree: Path, games: int, cache: str) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree), PNPKIT_CACHE=cache)
    argv = [sys.executable, "-c", "from checker.cli import main; main()", *COMMAND, "--games", str(games)]
    start = time.perf_counter()
    subprocess.run(argv, env=env, cwd=tree, check=True, stdout=subprocess.DEVNULL)
    return games / (time.perf_counter() - start)


def in_process(tree: Path, games: int) -> float:
    """Games per second of the tally loop alone, in a fresh process of `tree`."""
    code = f"""
import time
from cards import load_game
from checker.el_dorado_canyon.rules import compile_game
data = compile_game(load_game("el-dorado-canyon"))
try:
    from checker.el_dorado_canyon.metrics import tally_games
    run = lambda: tally_games(data, 0, {games}, 4, 1, ["random"] * 4, 0)
except ImportError:
    from checker.el_dorado_canyon.simulation import tally_games
    run = lambda: tally_games(data, 0, {games}, 4, 1, "random")
start = time.perf_counter(); run(); print({games} / (time.perf_counter() - start))
"""
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(tree)), cwd=tree,
                         check=True, capture_output=True, text=True)
    return float(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", type=Path)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    trees = {"this checkout": ROOT}
    if args.against:
        trees["reference"] = args.against
    caches = {name: tempfile.mkdtemp(prefix="pnpkit-bench-") for name in trees}
    for name, tree in trees.items():  # warm each cache
        whole(tree, 10, caches[name])
    rates: dict[str, list[float]] = {name: [] for name in trees}
    loops: dict[str, list[float]] = {name: [] for name in trees}
    for _ in range(args.runs):  # alternate: a load spike hits both sides
        for name, tree in trees.items():
            rates[name].append(whole(tree, args.games, caches[name]))
            loops[name].append(in_process(tree, args.games))
    for name in trees:
        print(f"{name}: whole process {statistics.median(rates[name]):,.0f} games/s, games alone "
              f"{statistics.median(loops[name]):,.0f} games/s in one process (medians of {args.runs})")
    if args.against:
        print(f"ratio this/reference: whole process {statistics.median(rates['this checkout']) / statistics.median(rates['reference']):.2f}, "
              f"games alone {statistics.median(loops['this checkout']) / statistics.median(loops['reference']):.2f}")


if __name__ == "__main__":
    main()
