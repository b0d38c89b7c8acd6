"""El Dorado Canyon's engine compiled by mypyc (`setup.py`) against the same sources run as Python.

    python3 benchmarks/bench_mypyc.py [--rounds 7] [--games 1000] [--policy random]
    python3 benchmarks/bench_mypyc.py --whole [--rounds 7] [--games 2000]

Both sides run this checkout; the pure side sets `PNPKIT_PURE=1` (`checker.core.native`), so
it imports every engine module from its source. Each side first says which it ran (a compiled
module's file ends in `.so`), and a checkout whose compiled modules are missing or stale stops
the benchmark rather than time Python against Python.

Default: the games alone, in fresh processes alternating the two sides (one warm-up round):
`metrics.tally_games` playing GAMES games of 4 players with POLICY (seed 1), timed from inside
(CPU time, no start-up); medians of games per CPU second, their ratio, and a check that both
sides counted the same games (the tallies compared as JSON).

`--whole`: issue 10's command, `checker simulate el-dorado-canyon --games GAMES --players 4
--seed 1` with default options (so 2 jobs here), as whole processes alternating through
`timing.alternate`: medians of wall and CPU time (the process and its workers).
"""
from __future__ import annotations

import argparse
import functools
import hashlib
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import alternate, bench_env, rounds_of  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SIDES = {"compiled": {}, "pure Python": {"PNPKIT_PURE": "1"}}

GAMES_ALONE = """
import hashlib, json, time
from checker.core.gamecache import load_for_play
from checker.el_dorado_canyon import turn
from checker.el_dorado_canyon.metrics import tally_games
_, data = load_for_play('el-dorado-canyon')
start = time.process_time()
tally = tally_games(data, 0, GAMES, 4, 1, [POLICY] * 4, 0)
spent = time.process_time() - start
print(GAMES / spent, turn.__file__.endswith('.so'), hashlib.sha256(json.dumps(tally, sort_keys=True).encode()).hexdigest())
"""


def games_alone(games: int, rounds: int, policy: str) -> None:
    env = dict(bench_env(), PYTHONPATH=str(ROOT))
    code = GAMES_ALONE.replace("GAMES", str(games)).replace("POLICY", repr(policy))
    tallies: set[str] = set()

    def rate(name: str) -> float:
        out = subprocess.run([sys.executable, "-P", "-c", code], env={**env, **SIDES[name]}, cwd=ROOT,
                             check=True, capture_output=True, text=True).stdout.split()
        if (out[1] == "True") != (name == "compiled"):
            raise SystemExit(f"the {name} side ran {'compiled' if out[1] == 'True' else 'pure'} modules: "
                             "build them first (pip install -e .)")
        tallies.add(out[2])
        return float(out[0])

    rates = rounds_of({name: functools.partial(rate, name) for name in SIDES}, rounds)
    assert len(tallies) == 1, "both sides count the same games"
    compiled, pure = (statistics.median(rates[name]) for name in SIDES)
    print(f"{games} games, 4 players, {policy} policy, one process, counted by metrics.tally_games "
          f"(medians of {rounds}, CPU time, no start-up; load average {os.getloadavg()[0]:.1f}):")
    print(f"  compiled   : {compiled:7,.0f} games per CPU second")
    print(f"  pure Python: {pure:7,.0f} games per CPU second")
    print(f"  compiled is {compiled / pure:.2f}x as fast; the same tallies")


def whole(games: int, rounds: int) -> None:
    command = ["simulate", "el-dorado-canyon", "--games", str(games), "--players", "4", "--seed", "1"]
    sides = {name: ["env", f"PYTHONPATH={ROOT}", *(f"{k}={v}" for k, v in extra.items()), sys.executable, "-P",
                    "-c", "from checker.cli import main; main()", *command] for name, extra in SIDES.items()}
    outputs = {name: subprocess.run(argv, cwd=ROOT, env=bench_env(), check=True, capture_output=True).stdout
               for name, argv in sides.items()}
    assert len({hashlib.sha256(out).digest() for out in outputs.values()}) == 1, "the same report"
    load = os.getloadavg()
    result = alternate(sides, rounds, ROOT, bench_env())
    print(f"checker {' '.join(command)} (default jobs; medians of {rounds}; "
          f"load average {load[0]:.1f} before, {os.getloadavg()[0]:.1f} after; the same report both ways)")
    for name, r in result.items():
        wall, cpu = r.median("wall"), r.median("cpu")
        print(f"  {name:<11}: {games / wall:7,.0f} games/s ({wall:.3f} s wall), {games / cpu:7,.0f} games per CPU "
              f"second ({cpu:.3f} s CPU)")
    c, p = result["compiled"], result["pure Python"]
    print(f"  compiled is {p.median('wall') / c.median('wall'):.2f}x as fast (wall), "
          f"{p.median('cpu') / c.median('cpu'):.2f}x (CPU)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int)
    parser.add_argument("--policy", default="random", choices=["random", "greedy"])
    parser.add_argument("--whole", action="store_true")
    args = parser.parse_args()
    if args.whole:
        whole(args.games or 2000, args.rounds)
    else:
        games_alone(args.games or 1000, args.rounds, args.policy)


if __name__ == "__main__":
    main()
