"""Speed of `checker` for El Dorado Canyon (measurements, never timed tests).

    python3 benchmarks/bench_checker.py [GAME...]    # default: tests/games/edc-test and el-dorado-canyon

1. `checker resolve` of a 4-player turn as a whole process (warm definitions cache),
   next to a bare `python3 -c pass` on the same machine. Target: under 150 ms.
2. `checker simulate` fast path: 4-player games per second in one process, random and greedy
   policies, with the designer metrics (2,000 games each, best and median of 3 runs). The
   whole process and its start-up: benchmarks/bench_simulate.py.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
STATE = ROOT / "tests" / "cases" / "el-dorado-canyon" / "34-abilities-in-a-fight.toml"


def _process_ms(argv: list[str], env: dict[str, str], runs: int = 15) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def bench_resolve() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PNPKIT_CACHE=tempfile.mkdtemp(prefix="pnpkit-bench-"))
    resolve = [sys.executable, "-c", "from checker.cli import main; main()", "resolve", str(STATE), "--json"]
    subprocess.run(resolve, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)  # fills the cache
    bare = _process_ms([sys.executable, "-c", "pass"], env)
    warm = _process_ms(resolve, env)
    print(f"resolve, 4 players, whole process: {warm:.0f} ms median (python3 -c pass: {bare:.0f} ms; target < 150 ms)")


def bench_simulate(game: str, games: int = 2000, runs: int = 3) -> None:
    """Best and median of a few runs: the development VM is shared, so single runs are noisy."""
    from cards import load_game
    from checker.el_dorado_canyon.rules import compile_game
    from checker.el_dorado_canyon.metrics import tally_games

    data = compile_game(load_game(game))
    for policy in ("random", "greedy"):
        rates = []
        for _ in range(runs):
            start = time.perf_counter()
            tally = tally_games(data, 0, games, 4, 1, [policy] * 4, 0)
            rates.append(games / (time.perf_counter() - start))
        turns = sum(int(k) * v for k, v in tally["lengths"].items()) / games
        best = max(rates)
        print(f"simulate {Path(game).name}, 4 players, {policy}: {best:,.0f} games/s in one process, best of {runs} "
              f"(median {statistics.median(rates):,.0f}); {turns:.1f} turns a game, {1e6 / (best * turns):.1f} us a "
              f"turn all in; target >= 5,000")


if __name__ == "__main__":
    bench_resolve()
    for name in sys.argv[1:] or [str(ROOT / "tests" / "games" / "edc-test"), "el-dorado-canyon"]:
        bench_simulate(name)
