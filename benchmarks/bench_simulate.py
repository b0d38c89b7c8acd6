"""`checker simulate` as a designer runs it, whole process, against a reference tree.

    python3 benchmarks/bench_simulate.py [--against DIR] [--runs 7] [--games 2000]
    python3 benchmarks/bench_simulate.py --memory [--game eldorado] [--games 2000] [--runs 3]

Times `checker simulate el-dorado-canyon --games 2000 --players 4 --seed 1` (default
options, text report) from this checkout, alternating run by run with the same command
from DIR (another checkout or `git archive` of an older commit; the same Python), each
with its own warm definitions cache; prints the medians in games per second and their
ratio. Also times the games alone in one process (this checkout's metrics `tally_games`
against DIR's `simulation.tally_games` when DIR has one): what the designer metrics cost.

`--memory`: is memory flat in the number of games? Runs the same command (one job, so the
peak is one process's) with `--games N` and with ten times as many, alternating (`timing.py`),
and prints the median peak resident memory of each and their ratio (flat: about 1.0).
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import alternate, bench_env  # noqa: E402

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


def memory(game: str, games: int, runs: int) -> None:
    """Peak memory at N games and at 10 N (one job), alternating: a run keeps counts, never the games."""
    argv = [sys.executable, "-c", "from checker.cli import main; main()", "simulate", game, "--players", "4",
            "--seed", "1", "--jobs", "1", "--quiet"]
    sides = {f"{n:,} games": [*argv, "--games", str(n)] for n in (games, 10 * games)}
    result = alternate(sides, runs, ROOT, bench_env())
    small, large = (r.median("rss_mib") for r in result.values())
    for name, r in result.items():
        print(f"{game}, {name}: {r.median('rss_mib'):.1f} MiB peak, {r.median('cpu'):.2f} s CPU "
              f"(medians of {runs})")
    print(f"peak memory at 10x the games: {large / small:.3f}x")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--memory", action="store_true")
    parser.add_argument("--game", default="el-dorado-canyon")
    parser.add_argument("--against", type=Path)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    if args.memory:
        memory(args.game, args.games, args.runs)
        return
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
