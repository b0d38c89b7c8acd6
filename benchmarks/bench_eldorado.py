"""Eldorado's simulator as a designer runs it: whole process, default policy, against a reference tree.

    python3 benchmarks/bench_eldorado.py [--against DIR] [--runs 5] [--games 200] [--jobs 1 [2 ...]]
                                         [--critical]

Times `checker simulate eldorado --games N --players 4 --seed 1 --jobs J` (the default greedy
policy, text report) from this checkout, alternating run by run with the same command from DIR
when given (another checkout; the same Python), each with its own warm definitions cache, for
each J given; then the games alone in one process (no start-up), greedy and random, each tree in
its own fresh process, alternating. Prints medians in games per second of wall time and of CPU
time (the process and its workers: what load from other work on the machine moves least; with
`--jobs 2` it is what one core plays) and, with DIR, the ratio.

`--critical` adds, for each J above 1, what an idle machine with a core per job would show: the
main process's CPU time plus its slowest worker's, timed from inside the run
(`bench_simulate.CRITICAL`); that sum is the wall time when each worker has a core, and the
difference between the workers' times says whether `--jobs` splits the games evenly.
"""
from __future__ import annotations

import argparse
import functools
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_simulate import CRITICAL  # noqa: E402
from timing import bench_env, rounds_of, run  # noqa: E402

COMMAND = ["simulate", "eldorado", "--players", "4", "--seed", "1"]


def whole(tree: Path, games: int, jobs: int, env: dict[str, str]) -> tuple[float, float]:
    """(games per second of wall time, per second of CPU time) of one whole process; CPU time (the
    process and its workers) is what load from other work on the machine moves least."""
    argv = [sys.executable, "-P", "-c", "from checker.cli import main; main()", *COMMAND, "--games", str(games),
            "--jobs", str(jobs), "--quiet"]
    wall, cpu, _ = run(argv, tree, dict(env, PYTHONPATH=str(tree)))
    return games / wall, games / cpu


def critical(tree: Path, games: int, jobs: int, env: dict[str, str]) -> tuple[float, list[float]]:
    """(main process CPU seconds, each worker's CPU seconds) of one whole run, timed from inside."""
    workers = CRITICAL.replace("max(workers, default=0.0)", "*workers")
    code = workers.replace("ARGS", repr([*COMMAND, "--games", str(games), "--jobs", str(jobs), "--quiet"])[1:-1])
    err = subprocess.run([sys.executable, "-P", "-c", code], env=dict(env, PYTHONPATH=str(tree)), cwd=tree,
                         check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr.split()
    return float(err[0]), [float(w) for w in err[1:]]


GAMES_ALONE = """
import time
from checker.core.gamecache import load_for_play
from checker.eldorado.metrics import prepare, tally_games
data = prepare(load_for_play("eldorado")[1])
start = time.process_time()
tally = tally_games(data, 0, GAMES, 4, 1, ["POLICY"] * 4, 0)
rate = GAMES / (time.process_time() - start)
print(rate, sum(int(k) * v for k, v in tally["lengths"].items()) / GAMES)
"""


def in_process(tree: Path, policy: str, games: int, env: dict[str, str]) -> tuple[float, float]:
    """(games per CPU second, mean turns a game) of the tally loop alone, in a fresh process."""
    code = GAMES_ALONE.replace("GAMES", str(games)).replace("POLICY", policy)
    out = subprocess.run([sys.executable, "-P", "-c", code], env=dict(env, PYTHONPATH=str(tree)), cwd=tree,
                         check=True, capture_output=True, text=True)
    rate, turns = out.stdout.split()
    return float(rate), float(turns)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1])
    parser.add_argument("--critical", action="store_true")
    args = parser.parse_args()
    trees = {"this checkout": ROOT}
    if args.against:
        trees["reference"] = args.against.resolve()
    envs = {name: dict(bench_env(), PNPKIT_CACHE=tempfile.mkdtemp(prefix="pnpkit-bench-")) for name in trees}
    for name, tree in trees.items():  # warm each cache and its bytecode
        whole(tree, 2, 1, envs[name])
    load = os.getloadavg()
    rates: dict[tuple[str, int], list[tuple[float, float]]] = {(n, j): [] for n in trees for j in args.jobs}
    paths: dict[tuple[str, int], list[tuple[float, list[float]]]] = {(n, j): [] for n in trees for j in args.jobs
                                                                       if j > 1 and args.critical}
    loops: dict[tuple[str, str], list[tuple[float, float]]] = {(n, p): [] for n in trees for p in ("greedy", "random")}

    def one_round(name: str) -> None:
        for jobs in args.jobs:
            rates[(name, jobs)].append(whole(trees[name], args.games, jobs, envs[name]))
            if (name, jobs) in paths:
                paths[(name, jobs)].append(critical(trees[name], args.games, jobs, envs[name]))
        for policy in ("greedy", "random"):
            loops[(name, policy)].append(in_process(trees[name], policy, max(args.games // (10 if policy == "random"
                                                                                            else 1), 1), envs[name]))

    rounds_of({name: functools.partial(one_round, name) for name in trees}, args.runs, warm_up=False)  # warmed above
    print(f"checker simulate eldorado --players 4 --seed 1 --games {args.games}: medians of {args.runs}, load average "
          f"{load[0]:.1f} before, {os.getloadavg()[0]:.1f} after")
    for (name, jobs), runs in rates.items():
        wall, cpu = statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)
        ratio = ""
        if name != "this checkout":
            ours = rates[("this checkout", jobs)]
            ratio = (f"  -> this checkout {statistics.median(w for w, _ in ours) / wall:.2f}x (wall), "
                     f"{statistics.median(c for _, c in ours) / cpu:.2f}x (CPU)")
        print(f"  {name}, --jobs {jobs}: {wall:,.1f} games/s of wall time, {cpu:,.1f} per CPU second{ratio}")
    for (name, jobs), runs in paths.items():
        main_cpu = statistics.median(m for m, _ in runs)
        slowest = statistics.median(max(w) for _, w in runs)
        spread = statistics.median(max(w) / min(w) for _, w in runs)
        print(f"  {name}, --jobs {jobs}, critical path: {main_cpu:.2f} s main + {slowest:.2f} s slowest worker = "
              f"{args.games / (main_cpu + slowest):,.1f} games/s on an idle machine with a core per job "
              f"(slowest / fastest worker {spread:.2f})")
    for (name, policy), runs in loops.items():
        rate, turns = statistics.median(r for r, _ in runs), statistics.median(t for _, t in runs)
        ratio = ""
        if name != "this checkout":
            ratio = f"  -> this checkout {statistics.median(r for r, _ in loops[('this checkout', policy)]) / rate:.2f}x"
        print(f"  {name}, games alone, {policy}: {rate:,.1f} games per CPU second, {turns:.1f} turns a game{ratio}")


if __name__ == "__main__":
    main()
