"""Worker processes for `checker simulate --jobs N`: batches played side by side, tallies sent back.

One mechanism, `concurrent.futures`' process pool. Where the system can fork (Linux, macOS) its
workers are forked from this process, so each inherits the prepared game and the metrics module
as they are (nothing is pickled or imported for them but the batch numbers and the tallies
coming back); elsewhere they are spawned and handed the task once. A worker that fails or dies
is an error, never a report of fewer games. It replaced a pool written by hand over `os.fork`,
pipes and marshal (until issue 28): measured in benchmarks/README.md (`checker simulate`, whole
process, alternating), the pool's import and start-up are within the 10 % the simulations may
move.
"""
from __future__ import annotations

import gc
import importlib
import os
from typing import Any, Iterator

Task = tuple  # (metrics module name, prepared data, players, seed, policies, budget): what every batch shares
FORK = hasattr(os, "fork")  # workers forked, inheriting the task; else spawned and handed it


def work(task: Task, first: int, count: int) -> dict[str, Any]:
    """The tally of games first..first+count-1 of the task."""
    gc.enable()  # `checker.cli` starts without the collector; games make garbage cycles (players attacking each other)
    module, data, players, seed, policies, budget = task
    return importlib.import_module(module).tally_games(data, first, count, players, seed, policies, budget)


def played(task: Task, work_batches: list[tuple[int, int]], jobs: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """(games, tally) of each (first, count) batch, played by `jobs` worker processes, in the batches' order."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    context = multiprocessing.get_context("fork" if FORK else None)
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_adopt, initargs=(task,))
    try:
        firsts, counts = zip(*work_batches)
        yield from zip(counts, pool.map(_adopted, firsts, counts))
    except BrokenProcessPool:
        raise RuntimeError("a simulation worker stopped before its share was played") from None
    finally:  # stopped early (an error, Ctrl-C): the batches not started are dropped
        pool.shutdown(wait=True, cancel_futures=True)


_TASK: Task = ()


def _adopt(task: Task) -> None:
    """A worker's start: keep the task; what it inherited stays as it is (no collection walks or copies it)."""
    global _TASK
    _TASK = task
    gc.freeze()


def _adopted(first: int, count: int) -> dict[str, Any]:
    try:
        return work(_TASK, first, count)
    except Exception:  # the worker's own traceback, in the message the run fails with
        import traceback

        raise RuntimeError(f"a simulation worker failed:\n{traceback.format_exc()}") from None


def default_jobs() -> int:
    """The cores this process may run on."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
