"""`--cluster`: the balance lab's batches of games played on a Dask cluster (`dask.distributed`).

A study that outgrows one machine (a tune sweep of 8 values x 20,000 games under three policies) was
split into shards that a person ran and merged by hand. With `--cluster ADDRESS` (a running scheduler)
or `--cluster local` (a `LocalCluster` of worker processes on this machine) every batch of games is a
Dask task instead; Dask places them, runs again on another worker a batch whose worker was lost
(its result is a function of the game, the seed and the game numbers alone), and hands back the
error of a batch that fails, which fails the run. Dask is a well-kept scheduler made for exactly this
(retries, placement, dashboards, `dask-jobqueue` for Slurm/PBS), so none of it is written here.

The report is the one a local run gives: each task plays consecutive games with `workers.work`,
as a local run plays them, and the tallies are added in the games' order, not as they arrive, so every
count and even the order of every table's keys is the same. Dask is an optional extra (`pip install 'pnpkit[cluster]'`),
imported only when `--cluster` is given; so are `logging` and `uuid` (every `checker simulate` imports
this module, and those two with what they import cost it about 10 ms of CPU: benchmarks/README.md).
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator

from .errors import StateError

if TYPE_CHECKING:
    from .batches import Progress
    from .workers import Task

LOCAL = "local"
INSTALL = "pip install 'pnpkit[cluster]'"
GAMES_PER_TASK = 5000  # ten of `batches`' batches: about a second of a worker's time, so the scheduler's
# round trips between tasks cost little; the tally is the same for any split (added in order)


class Cluster:
    """A Dask client for one command: connected to the scheduler at `address`, or to a `LocalCluster` of
    `workers` processes (one thread each: a batch is pure Python) it starts for `--cluster local`."""

    def __init__(self, address: str, workers: int) -> None:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise StateError(f"needs Dask, an optional extra: {INSTALL}", field="--cluster") from None
        self.local = None
        try:
            if address == LOCAL:
                import logging

                import dask

                # our own cluster: every task goes to a worker at once (none waits in the scheduler's queue), and no
                # profiler thread samples the games' Python stacks every 10 ms
                dask.config.set({"distributed.scheduler.worker-saturation": "inf",
                                 "distributed.worker.profile.enabled": False})
                self.local = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                          dashboard_address=None, silence_logs=logging.ERROR)
                self.client = Client(self.local)
            else:
                self.client = Client(address, timeout="5s")
        except (OSError, TimeoutError, ValueError) as exc:
            self.close()
            raise StateError(f"cannot reach a Dask scheduler at {address!r} (expected tcp://HOST:PORT or local): "
                             f"{exc}", field="--cluster") from None

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        if self.local is not None:
            self.local.close()

    def tallies(self, work: list[tuple[Task, list[tuple[int, int]]]], progress: Progress | None = None,
                done: int = 0) -> list[dict[str, Any]]:
        """Each task's batches played on the cluster, their tallies added in batch order: one tally per task (a
        tune sweep sends every value's batches at once). A batch that fails fails the run with its error."""
        import uuid

        from distributed import as_completed

        from .batches import add

        run = uuid.uuid4().hex[:8]
        futures, where = [], {}
        for t, (task, batches) in enumerate(work):
            shared = self.client.submit(_given, task, key=f"pnpkit-game-{run}-{t}")  # sent once, recomputable
            for b, (first, count) in enumerate(_larger(batches)):
                future = self.client.submit(_batch, shared, first, count, key=f"pnpkit-batch-{run}-{t}-{first}")
                futures.append(future)
                where[future.key] = (t, b, first, count)
        totals: list[dict[str, Any] | None] = [None] * len(work)
        waiting: list[dict[int, dict[str, Any]]] = [{} for _ in work]
        folded = [0] * len(work)
        played = 0
        try:
            for future in as_completed(futures):
                t, b, first, count = where[future.key]
                try:
                    waiting[t][b] = future.result()
                except Exception as exc:
                    raise StateError(f"a batch of games {first} to {first + count - 1} failed on the cluster: "
                                     f"{type(exc).__name__}: {exc}", field="--cluster") from None
                future.release()
                for tally in _in_order(waiting[t], folded, t):
                    totals[t] = tally if totals[t] is None else add(totals[t], tally)
                played += count
                if progress:
                    progress.update(done + played)
        finally:
            for future in futures:
                future.cancel()
        assert all(total is not None for total in totals), "every task plays at least one batch"
        return totals  # type: ignore[return-value]


def _larger(batches: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Consecutive batches joined into tasks of at most GAMES_PER_TASK games (a precision run's one batch stays one)."""
    out: list[tuple[int, int]] = []
    for first, count in batches:
        if out and out[-1][0] + out[-1][1] == first and out[-1][1] + count <= GAMES_PER_TASK:
            out[-1] = (out[-1][0], out[-1][1] + count)
        else:
            out.append((first, count))
    return out


_FROZEN: list[bool] = []


def _batch(task: Task, first: int, count: int) -> dict[str, Any]:
    """One task's games on a worker: what a local run plays (`workers.work`), after the worker's own objects
    (Dask's, imported at its start) are set aside from garbage collection once, as a forked worker's are."""
    import gc

    from .workers import work

    if not _FROZEN:
        gc.freeze()
        _FROZEN.append(True)
    return work(task, first, count)


def _given(task: Task) -> Task:
    """The task every batch of one game shares: a Dask task of its own (not scattered data), so a worker lost
    with it makes it again."""
    return task


def _in_order(waiting: dict[int, dict[str, Any]], folded: list[int], t: int) -> Iterator[dict[str, Any]]:
    """The batches that can be added now: the next in order, and those after it already back."""
    while folded[t] in waiting:
        yield waiting.pop(folded[t])
        folded[t] += 1


@contextmanager
def open_cluster(address: str | None, workers: int) -> Iterator[Cluster | None]:
    """The cluster `--cluster` names while a command runs (closed after it, a `LocalCluster` stopped), or None
    without it."""
    if address is None:
        yield None
        return
    with Cluster(address, workers) as cluster:
        yield cluster
