"""Whole-process timing shared by the benchmarks: sides alternated round by round, medians and ratios.

Taking the best of several runs of one side and then of the other lets a burst of load on
the shared machine fall on one side only (it once printed 1.36x for a 2.1x gap).  Here every
round runs each side once, in a rotating order, and the report gives medians of wall time,
CPU time (user + system of that process, which load on other cores barely moves) and peak
resident memory, each process measured on its own through `os.wait4`, and the median and quartiles
of the per-round CPU ratios (`paired`).

Processes run as an installed copy runs: with compiled bytecode (kept under a temporary
`PYTHONPYCACHEPREFIX`, so nothing is written into the checkout, even where the shell sets
PYTHONDONTWRITEBYTECODE) and a fresh definitions cache; one discarded warm-up round fills both.
"""
from __future__ import annotations

import functools
import os
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, TypeVar

T = TypeVar("T")


@dataclass
class Runs:
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    rss_mib: list[float] = field(default_factory=list)

    def median(self, what: str) -> float:
        return statistics.median(getattr(self, what))


def bench_env() -> dict[str, str]:
    """The environment for measured processes: bytecode and definitions cached in temporary folders."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="pnpkit-bench-pyc-")
    env["PNPKIT_CACHE"] = tempfile.mkdtemp(prefix="pnpkit-bench-cache-")
    return env


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> tuple[float, float, float]:
    """One whole process: wall seconds, CPU seconds, peak RSS in MiB."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{err}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def instructions(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> int:
    """The instructions one whole process runs (valgrind's callgrind): the same on a busy or an idle machine."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd], env=env,
                          cwd=cwd, capture_output=True, text=True, check=True)
    return int(done.stderr.rsplit("Collected :", 1)[1].split()[0])


def rounds_of(sides: dict[str, Callable[[], T]], rounds: int, warm_up: bool = True) -> dict[str, list[T]]:
    """What each side's measurement returns, one call a side per round, rotating which goes first, so a burst of
    load falls on every side alike; after one discarded warm-up call of each (bytecode, caches) unless told not."""
    names = list(sides)
    if warm_up:
        for name in names:
            sides[name]()
    found: dict[str, list[T]] = {name: [] for name in names}
    for r in range(rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:
            found[name].append(sides[name]())
    return found


def alternate(sides: dict[str, list[str]], rounds: int, cwd: Path, env: dict[str, str] | None = None,
              before: Callable[[], None] | None = None) -> dict[str, Runs]:
    """Run every side's command once per round, rotating which goes first (after one warm-up run of each);
    `before` is called before every measured run (an edit the run must see)."""
    for cmd in sides.values():
        run(cmd, cwd, env)

    def measured(cmd: list[str]) -> tuple[float, float, float]:
        if before is not None:
            before()
        return run(cmd, cwd, env)

    found = rounds_of({name: functools.partial(measured, cmd) for name, cmd in sides.items()}, rounds, warm_up=False)
    return {name: Runs([w for w, _, _ in runs], [c for _, c, _ in runs], [m for _, _, m in runs])
            for name, runs in found.items()}


def paired(ours: list[float], theirs: list[float]) -> str:
    """The per-round ratios `ours / theirs` as "median (quartiles q1-q3)".  The two runs of a round are back to
    back, so a slow spell of the shared VM moves both of a pair; the quartiles say whether a budget's line lies
    inside the spread of the rounds or clear of it, which a ratio of two medians cannot."""
    ratios = [a / b for a, b in zip(ours, theirs)]
    if len(ratios) < 2:
        return f"{ratios[0]:.2f}x" if ratios else "-"
    q1, _, q3 = statistics.quantiles(ratios, n=4, method="inclusive")
    return f"{statistics.median(ratios):.2f}x (quartiles {q1:.2f}-{q3:.2f})"


def report(runs: dict[str, Runs], subject: str, unit: str = "s") -> None:
    """One line per side: medians; each reference line gives `subject`'s ratio to it (wall and CPU; `paired`)."""
    scale, digits = (1000, 0) if unit == "ms" else (1, 3)
    ours = runs[subject]
    for name, r in runs.items():
        ratio = ""
        if name != subject:
            ratio = (f"  -> {subject} is {ours.median('wall') / r.median('wall'):.2f}x wall, "
                     f"{ours.median('cpu') / r.median('cpu'):.2f}x CPU; per round {paired(ours.cpu, r.cpu)} CPU")
        print(f"  {name:<30}: {r.median('wall') * scale:7.{digits}f} {unit} wall, "
              f"{r.median('cpu') * scale:7.{digits}f} {unit} CPU, "
              f"{r.median('rss_mib'):4.0f} MiB peak (median of {len(r.wall)}){ratio}")
