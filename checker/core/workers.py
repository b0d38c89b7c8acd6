"""Worker processes for `checker simulate --jobs N`: shares of the games played side by side.

One mechanism: each share is played, batch by batch, in a process forked from this one, which
sends back each batch's tally over a pipe (marshalled: tallies are plain dicts, lists and
numbers). A worker inherits the prepared game, the metrics module and its share, so nothing is
sent to it and nothing is imported for it. A worker that fails or dies is an error, never a
report of fewer games. Where there is no fork (Windows) the games are played in this process:
the report is the same (`checker.core.batches`), only slower.

Why not `concurrent.futures` with a fork context (issue 28 asked for it unless measured): its
import (with `multiprocessing`) and its pool's start-up cost `checker simulate` more than the
10 % its speed may move. `benchmarks/bench_simulate.py --against DIR` (DIR: `main` at 606a993,
this pool), `checker simulate el-dorado-canyon --games 2000` with 2 jobs, medians of alternating
runs, 2026-12-07 (load average about 11): with `ProcessPoolExecutor(mp_context=fork)` 7,962
games per CPU second against 9,730 (0.82x, 9 rounds), and on the critical path (`--critical`:
the main process's CPU plus the slowest worker's, 7 rounds) 0.179 s against 0.129 s (0.72x the
games per second of an idle machine), the main process 0.079 s against 0.043 s. Importing
`concurrent.futures.process` and `multiprocessing` alone costs 40 ms of CPU (20 alternating runs).
"""
from __future__ import annotations

import gc
import importlib
import marshal
import os
from typing import Any, Iterator

Task = tuple  # (metrics module name, prepared data, players, seed, policies, budget): what every batch shares
FORK = hasattr(os, "fork")  # Linux, macOS: workers are forked, so they inherit the task


def work(task: Task, first: int, count: int) -> dict[str, Any]:
    """The tally of games first..first+count-1 of the task."""
    gc.enable()  # `checker.cli` starts without the collector; games make garbage cycles (players attacking each other)
    module, data, players, seed, policies, budget = task
    return importlib.import_module(module).tally_games(data, first, count, players, seed, policies, budget)


def played(task: Task, shares: list[list[tuple[int, int]]]) -> Iterator[tuple[int, dict[str, Any]]]:
    """(games, tally) of every (first, count) batch of every share, each share played by a process of its own
    (here, one after another, where there is no fork), yielded as they come back."""
    if not FORK:
        yield from ((n, work(task, s, n)) for share in shares for s, n in share)
        return
    import select

    children: dict[int, tuple[int, bytearray]] = {}  # read end -> (pid, bytes received)
    try:
        for share in shares:
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: play, send, leave without running the parent's clean-up
                _worker(task, share, read, write)
            os.close(write)
            children[read] = (pid, bytearray())
        while children:
            ready, _, _ = select.select(list(children), [], [])
            for fd in ready:
                pid, buffer = children[fd]
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    del children[fd]
                    os.close(fd)
                    if os.waitpid(pid, 0)[1] or buffer:
                        raise RuntimeError("a simulation worker stopped before its share was played")
                    continue
                buffer += chunk
                while len(buffer) >= 8 and len(buffer) >= 8 + (size := int.from_bytes(buffer[:8], "little")):
                    n, part = marshal.loads(buffer[8:8 + size])
                    del buffer[:8 + size]
                    if n < 0:
                        raise RuntimeError(f"a simulation worker failed:\n{part}")
                    yield n, part
    finally:
        if children:  # stopped early (an error, Ctrl-C): end the others
            import signal

            for fd, (pid, _) in children.items():
                os.close(fd)
                os.kill(pid, signal.SIGTERM)
                os.waitpid(pid, 0)


def _worker(task: Task, share: list[tuple[int, int]], read: int, write: int) -> None:
    """A forked worker: play the share's batches, send each tally (or the traceback), exit at once."""
    code = 1
    gc.freeze()  # what the worker inherited stays as it is: no collection walks it (or copies its pages)
    try:
        os.close(read)
        for s, n in share:
            _send(write, (n, work(task, s, n)))
        code = 0
    except BaseException:
        import traceback

        _send(write, (-1, traceback.format_exc()))
    finally:
        os._exit(code)


def _send(fd: int, message: tuple[int, Any]) -> None:
    body = marshal.dumps(message)
    with open(fd, "wb", closefd=False) as out:
        out.write(len(body).to_bytes(8, "little") + body)


def default_jobs() -> int:
    """The cores this process may run on."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
