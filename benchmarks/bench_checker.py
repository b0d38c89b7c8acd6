"""Speed of `checker` for El Dorado Canyon (measurements, never timed tests).

    python3 benchmarks/bench_checker.py [GAME...]    # default: tests/games/edc-test and el-dorado-canyon
    python3 benchmarks/bench_checker.py --resolve [--rounds 15] [--against DIR]   # resolve only
    python3 benchmarks/bench_checker.py --instructions [--against DIR]   # resolve, counted by valgrind


1. `checker resolve` of a turn of each of the three games as a whole process (warm definitions
   cache), alternated with a bare `python3 -c pass`. Target (issue 14): at most 50 ms, at most
   interpreter start-up + 30 ms (third session's aim: at most 1.9x the interpreter's CPU and 1.7x its
   instructions, so that the 50 ms hold on the VM's slower days). `--against DIR` (e.g. `git archive` of an older commit)
   adds that tree's resolve of each game to the same alternating run, with DIR's own virtual environment
   (`DIR/.venv`, e.g. a worktree installed as CI installs it) where it has one; `checker resolve` is the
   installed command (the virtual environment's `checker`), as a player runs it.
   `--instructions` counts the instructions each process runs (valgrind's callgrind, one run
   each: the count does not move with the load of a shared machine, where CPU times do) and
   gives each resolve as a multiple of the bare interpreter's count. Compare counts between
   trees; do not turn them into milliseconds by python's start-up rate (imports run at a
   different rate: benchmarks/README.md, the fifth pass's correction).
2. `checker simulate` fast path: 4-player games per second in one process, random and greedy
   policies, with the designer metrics (2,000 games each, best and median of 3 runs). The
   whole process and its start-up: benchmarks/bench_simulate.py.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from timing import alternate, bench_env, instructions, paired

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
STATE = ROOT / "tests" / "cases" / "el-dorado-canyon" / "34-abilities-in-a-fight.toml"


# what every warm resolve must import: `re` (the console script's wrapper, and `tomllib`'s), `tomllib` reads the
# state, `hashlib` checks the cache entries' sha256 (issue 26); then `json`, which the entries' header line and
# --json need. Each leaves as a resolve does, by os._exit (`common.terminal.leave`): the interpreter's teardown
# is 3-4 ms of CPU a resolve never spends
FLOOR = "python3 -c 'import re, tomllib, hashlib' (then os._exit)"
FLOOR_JSON = "python3 -c 'import re, tomllib, hashlib, json' (then os._exit)"
STATES = {
    "el-dorado-canyon": STATE,
    "eldorado": ROOT / "tests" / "cases" / "eldorado" / "01-fair-wind.toml",
    "eternal-gold-and-steel": ROOT / "tests" / "cases" / "eternal-gold-and-steel" / "addmarket-01-forge-apprentice.toml",
}


def resolve_sides(env: dict[str, str], against: Path | None) -> dict[str, list[str]]:
    """The bare interpreter and each game's resolve (and DIR's), each run once to warm the caches."""
    sides = {"python3 -c pass": [sys.executable, "-c", "pass"],
             FLOOR: [sys.executable, "-c", "import os, re, tomllib, hashlib; os._exit(0)"],
             FLOOR_JSON: [sys.executable, "-c", "import os, re, tomllib, hashlib, json; os._exit(0)"]}
    trees = {"": (ROOT, Path(sys.executable))}
    if against:
        own = against.resolve() / ".venv" / "bin" / "python"
        trees["ref "] = (against.resolve(), own if own.exists() else Path(sys.executable))
    for game, state in STATES.items():
        for label, (tree, python) in trees.items():
            code = f"import sys; sys.path.insert(0, {str(tree)!r}); from checker.cli import main; main()"
            sides[f"{label}resolve {game}"] = [str(python), "-c", code, "resolve", str(state), "--json"]
            command = python.parent / "checker"  # the installed command (a console script)
            if command.exists() and (label == "" or python != Path(sys.executable)):
                sides[f"{label}checker resolve {game}"] = [str(command), "resolve", str(state), "--json"]
        for name in [n for n in sides if n.endswith(f" {game}")]:
            subprocess.run(sides[name], env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return sides


def bench_instructions(against: Path | None = None) -> None:
    """Instructions of each whole process (valgrind --tool=callgrind), as multiples of the bare interpreter's."""
    env = bench_env()
    sides = resolve_sides(env, against)
    time.sleep(2.5)  # the definitions' stamps settle (common.stamps): the counted runs are warm ones
    for cmd in sides.values():  # a second warm-up: the stamps remembered
        subprocess.run(cmd, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    counts = {name: instructions(cmd, ROOT, env) for name, cmd in sides.items()}
    bare = counts["python3 -c pass"]
    print("instructions of each whole process, as multiples of the bare interpreter's:")
    for name, count in counts.items():
        print(f"  {name:<36}: {count / 1e6:6.1f} M  {count / bare:.2f}x python")


def bench_resolve(rounds: int = 15, against: Path | None = None) -> None:
    """Each game's resolve (and DIR's) and a bare interpreter, alternated round by round (warm definitions cache)."""
    env = bench_env()
    sides = resolve_sides(env, against)
    runs = alternate(sides, rounds, ROOT, env)
    bare = runs["python3 -c pass"]
    print(f"checker resolve, whole process, median of {rounds} alternating rounds "
          "(target: <= 50 ms and <= python start-up + 30 ms):")
    for name, r in runs.items():
        extra = "" if name.startswith("python3 -c pass") else (
            f"  (+{(r.median('wall') - bare.median('wall')) * 1000:.1f} ms wall, "
            f"+{(r.median('cpu') - bare.median('cpu')) * 1000:.1f} ms CPU over python: "
            f"{r.median('cpu') / bare.median('cpu'):.2f}x its CPU)")
        print(f"  {name:<36}: {r.median('wall') * 1000:5.1f} ms wall, {r.median('cpu') * 1000:5.1f} ms CPU{extra}")
    if against:
        floor, floor_json = runs[FLOOR].median("cpu"), runs[FLOOR_JSON].median("cpu")
        for game in STATES:
            ours, ref = runs[f"resolve {game}"], runs[f"ref resolve {game}"]
            print(f"  {game}: DIR's resolve x 1.5 = {ref.median('cpu') * 1.5 * 1000:.1f} ms of CPU; the imports every "
                  f"resolve makes alone: {floor * 1000:.1f} ms ({floor / ref.median('cpu'):.2f}x DIR's resolve), "
                  f"with json {floor_json * 1000:.1f} ms ({floor_json / ref.median('cpu'):.2f}x)")
            print(f"  {game}: this tree / DIR {ours.median('cpu') / ref.median('cpu'):.2f}x CPU, "
                  f"{ours.median('wall') / ref.median('wall'):.2f}x wall; per round {paired(ours.cpu, ref.cpu)} CPU")
            if f"ref checker resolve {game}" in runs:
                ours, ref = runs[f"checker resolve {game}"], runs[f"ref checker resolve {game}"]
                print(f"  {game}, installed commands: this tree / DIR {ours.median('cpu') / ref.median('cpu'):.2f}x "
                      f"CPU, {ours.median('wall') / ref.median('wall'):.2f}x wall; per round "
                      f"{paired(ours.cpu, ref.cpu)} CPU")


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
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--resolve", action="store_true", help="resolve only")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--against", type=Path, help="another tree whose resolve to alternate with")
    parser.add_argument("--instructions", action="store_true", help="resolve, counted by valgrind")
    args = parser.parse_args()
    if args.instructions:
        bench_instructions(args.against)
        raise SystemExit
    bench_resolve(args.rounds, args.against)
    if not args.resolve:
        for name in args.games or [str(ROOT / "tests" / "games" / "edc-test"), "el-dorado-canyon"]:
            bench_simulate(name)
