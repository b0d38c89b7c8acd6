"""`--cluster local` on two workers against the local forked workers, whole processes, alternating.

    .venv/bin/python benchmarks/bench_cluster.py [--games 200000] [--rounds 3] [--jobs 2]

Side "forked": `checker simulate el-dorado-canyon --games G --jobs J --seed 1 --quiet` (J forked
workers). Side "cluster local": the same command with `--cluster local` (a `distributed.LocalCluster`
of J worker processes started, used and stopped by the command). Both from this checkout's sources
(`bench_simulate.checker`), through `timing.alternate`: one warm-up round, then medians of wall time,
start-up included, as games per second, with the ratio (issue 33's target: the cluster at least 0.8x
the forked workers' throughput). Then the per-study overhead: the same two commands with `--games 1`
(Dask's import, the cluster's start and stop, against a fork), medians of wall time.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_simulate import checker  # noqa: E402
from timing import alternate, bench_env  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def sides(games: int, jobs: int) -> dict[str, list[str]]:
    command = ["simulate", "el-dorado-canyon", "--games", str(games), "--jobs", str(jobs), "--seed", "1", "--quiet"]
    return {"forked": checker(ROOT, *command), "cluster local": checker(ROOT, *command, "--cluster", "local")}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    env = bench_env()
    load = os.getloadavg()
    study = alternate(sides(args.games, args.jobs), args.rounds, ROOT, env)
    start = alternate(sides(1, args.jobs), args.rounds, ROOT, env)
    print(f"checker simulate el-dorado-canyon --games {args.games} --jobs {args.jobs} (medians of {args.rounds}; "
          f"load average {load[0]:.1f} before, {os.getloadavg()[0]:.1f} after)")
    forked = study["forked"].median("wall")
    for name, runs in study.items():
        wall = runs.median("wall")
        print(f"  {name:<14}: {args.games / wall:8,.0f} games/s ({wall:.2f} s wall, start-up included)"
              + ("" if name == "forked" else f"  -> {forked / wall:.2f}x the forked workers' throughput"))
    overhead = start["cluster local"].median("wall") - start["forked"].median("wall")
    print(f"  per-study overhead (--games 1): forked {start['forked'].median('wall'):.2f} s, cluster local "
          f"{start['cluster local'].median('wall'):.2f} s: {overhead:.2f} s for Dask's import and the cluster's "
          "start and stop")


if __name__ == "__main__":
    main()
