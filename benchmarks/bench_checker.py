"""Speed of `checker` for El Dorado Canyon (measurements, never timed tests).

    python3 benchmarks/bench_checker.py [GAME]    # GAME defaults to tests/games/edc-test

1. `checker resolve` of a 4-player turn as a whole process (warm definitions cache),
   next to a bare `python3 -c pass` on the same machine. Target: under 150 ms.
2. `checker simulate` fast path: 4-player games per second in one process. Target: 5,000.
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


def bench_simulate(game: str) -> None:
    from cards import load_game
    from checker.el_dorado_canyon.rules import compile_game
    from checker.el_dorado_canyon.simulation import tally_games

    data = compile_game(load_game(game))
    for policy in ("random", "greedy"):
        games = 3000
        start = time.perf_counter()
        tally = tally_games(data, 0, games, 4, 1, policy)
        elapsed = time.perf_counter() - start
        turns = sum(int(k) * v for k, v in tally["lengths"].items()) / games
        print(f"simulate, 4 players, {policy}: {games / elapsed:,.0f} games/s in one process "
              f"({turns:.1f} turns a game; target >= 5,000)")


if __name__ == "__main__":
    bench_resolve()
    bench_simulate(sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "tests" / "games" / "edc-test"))
