"""Games in batches: each game seeded from (seed, game number) alone, tallies that add up exactly.

Tallies are nested dicts and lists of integers, so they add up to the same totals in any
order: batches, worker processes (`checker.core.workers`) and shards (`checker.core.shards`)
all give the one report the same seed gives in one run. `play` plays a range of games here or
in workers; `run` adds `--precision`'s batch after batch and the progress bar.
"""
from __future__ import annotations

import random
import sys
import time
from typing import Any, Iterator

BATCH = 500  # games per batch: `--precision` looks after each, whatever `--jobs`


def seeded_games(seed: int, first: int, count: int) -> Iterator[random.Random]:
    """One generator per game, reseeded from (seed, game number) alone: why batches, jobs and shards agree."""
    rng = random.Random()
    for index in range(first, first + count):
        rng.seed(seed * 1_000_003 + index)
        yield rng


def batches(first: int, count: int) -> list[tuple[int, int]]:
    """Games first..first+count-1 as (first, count) batches of at most BATCH."""
    return [(s, min(BATCH, first + count - s)) for s in range(first, first + count, BATCH)]


def bump(counter: dict[str, int], key: str, n: int = 1) -> None:
    """Add to one count of a tally (a dict of integers by key)."""
    counter[key] = counter.get(key, 0) + n


def add(into: Any, other: Any) -> Any:
    """Add two tallies (nested dicts and lists of integers); returns the sum, reusing `into`."""
    if isinstance(into, dict):
        for key, value in other.items():
            into[key] = add(into[key], value) if key in into else value
        return into
    if isinstance(into, list):
        return [add(a, b) for a, b in zip(into, other)]
    return into + other


class Progress:
    """A bar on stderr, only on a terminal, only once a run has taken about a second."""

    def __init__(self, total: int, quiet: bool):
        self.total, self.on = total, not quiet and sys.stderr.isatty()
        self.start, self.shown = time.monotonic(), False

    def update(self, done: int) -> None:
        if not self.on or (not self.shown and time.monotonic() - self.start < 1.0):
            return
        self.shown = True
        width = 30
        filled = width * done // max(self.total, 1)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{self.total:,} games")
        sys.stderr.flush()

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.flush()


def play(sim: Any, data: dict[str, Any], first: int, count: int, players: int, seed: int, policies: list[str],
         budget: int, jobs: int, progress: Progress | None = None, done: int = 0, cluster: Any = None) -> dict[str, Any]:
    """Tally games first..first+count-1: here, split in `jobs` equal shares played side by side, or batch by batch
    on a Dask cluster (`checker.core.cluster`)."""
    from . import workers

    task = (sim.__name__, data, players, seed, policies, budget)
    if cluster is not None:
        return cluster.tallies([(task, batches(first, count))], progress, done)[0]
    if jobs > 1 and count >= 2 * jobs:
        shares = [(first + count * k // jobs, count * (k + 1) // jobs - count * k // jobs) for k in range(jobs)]
        parts = workers.played(task, [batches(s, n) for s, n in shares])
    else:
        parts = ((n, workers.work(task, s, n)) for s, n in batches(first, count))
    total: dict[str, Any] | None = None
    played = 0
    for n, part in parts:
        total = part if total is None else add(total, part)
        played += n
        if progress:
            progress.update(done + played)
    assert total is not None and played == count, "every game is played once"
    return total


def run(sim: Any, data: dict[str, Any], games: int, players: int, seed: int, policies: list[str], budget: int,
        jobs: int, precision: float | None = None, quiet: bool = True, first: int = 0, cluster: Any = None
        ) -> dict[str, Any]:
    """Play and tally; with `precision`, batch after batch until every interval is that narrow."""
    from .judged import precise_enough

    progress = Progress(games, quiet)
    try:
        if precision is None:
            tally = play(sim, data, first, games, players, seed, policies, budget, jobs, progress, cluster=cluster)
        else:
            tally, played = None, 0
            while played < games:
                n = min(BATCH, games - played)
                part = play(sim, data, first + played, n, players, seed, policies, budget, jobs, progress, played, cluster)
                tally = part if tally is None else add(tally, part)
                played += n
                if precise_enough(sim.report(data, tally, players, policies), precision):
                    break
    finally:
        progress.close()
    assert tally is not None, "at least one batch is played (games >= 1)"
    return tally
