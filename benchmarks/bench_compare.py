"""Whole-process `checker simulate` and `checker resolve`: this checkout against a git revision.

    python3 benchmarks/bench_compare.py REV [RUNS]     # e.g. main, HEAD~3

The two sides alternate run by run in a rotating order (a shared machine drifts; `timing.rounds_of`),
each with its own warm definitions cache; reported: CPU time of the child process (user + system, steadier than
wall time when other jobs share the cores), medians and the ratio new / old. The games are
`checker simulate el-dorado-canyon --games 2000 --players 4 --seed 1` (random and greedy)
and `checker resolve` of the README's dispute.
"""
from __future__ import annotations

import functools
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from timing import rounds_of

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / "tests" / "cases" / "el-dorado-canyon" / "51-readme-dispute.toml"
SIMULATE = ["simulate", "el-dorado-canyon", "--games", "2000", "--players", "4", "--seed", "1"]


def _checkout(rev: str) -> Path:
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, capture_output=True).stdout
    dest = Path(tempfile.mkdtemp(prefix="pnpkit-bench-old-"))
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(dest, filter="data")
    return dest


def _cpu_ms(root: Path, cache: str, args: list[str]) -> float:
    env = dict(os.environ, PYTHONPATH=str(root), PNPKIT_CACHE=cache)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", "from checker.cli import main; main()", *args], env=env, cwd=tempfile.gettempdir(),
                   check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000


def compare(rev: str, runs: int) -> None:
    sides = {"old": _checkout(rev), "new": ROOT}
    caches = {side: tempfile.mkdtemp(prefix=f"pnpkit-bench-{side}-") for side in sides}
    for label, args in (("simulate random", SIMULATE), ("simulate greedy", SIMULATE + ["--policy", "greedy"]),
                        ("resolve", ["resolve", str(STATE), "--json"])):
        times = rounds_of({side: functools.partial(_cpu_ms, root, caches[side], args) for side, root in sides.items()},
                          runs)  # the warm-up fills the caches
        old, new = (statistics.median(times[side]) for side in ("old", "new"))
        rate = "" if label == "resolve" else f" ({2000 / old * 1000:.0f} -> {2000 / new * 1000:.0f} games/s of CPU)"
        print(f"{label}: {rev} {old:.0f} ms, this checkout {new:.0f} ms median CPU of {runs}; new/old {new / old:.3f}{rate}")


if __name__ == "__main__":
    compare(sys.argv[1] if len(sys.argv) > 1 else "main", int(sys.argv[2]) if len(sys.argv) > 2 else 5)
