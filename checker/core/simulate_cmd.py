"""`checker simulate` for any rules family: batches, jobs, precision, shards, merge, compare.

A family plugs in a metrics module (its engine's `SIMULATOR`) with `POLICY_NAMES`,
`DEFAULT_BUDGET`, optionally `DEFAULT_POLICY` (else random), `prepare(game) -> data`, `check(data, players)`, `tally_games(data,
first, count, players, seed, policies, budget)`, `report(data, tally, players, policies)`,
`differences(data_a, data_b)` and `definitions(data)` (the judged items by report family, for
`compare`), and `TUNABLE`, the families of those whose integer fields `checker tune` varies. Tallies are nested dicts and lists of integers, so
they add up exactly in any order: batches, processes and shards all give the one report
the same seed gives in one run. Game i is seeded from (seed, i) alone.
"""
from __future__ import annotations

import gc
import importlib
import json
import marshal
import os
import random
import sys
import time
from types import ModuleType
from typing import Any, Iterator

from common.files import FileRefused, read_bytes
from common.numbers import parse

from . import health, stats
from .errors import StateError
from .option_bounds import SIMULATE

BATCH = 500  # games per batch: `--precision` looks after each, whatever `--jobs`
SHARD_FORMAT = "pnpkit-simulate-shard/3"
SHARD_BYTES = 16_000_000  # a shard holds tallies per card and policy: about 20 kB for El Dorado Canyon
REPORT_FORMAT = "pnpkit-simulate/2"


# ---- entries and summaries (what every family's report is made of) ----------------------------------

def rate_entry(entry_id: str, wins: float, n: int, baseline: float | None, name: str | None = None) -> dict[str, Any]:
    """A judged entry's common fields: `id`, `n`, `win_rate` with its 95 % Wilson interval.

    `verdict` is left None for `stats.judge` unless there are too few games ("unknown", with its `reason`)."""
    low, high = stats.wilson(wins, n)
    entry: dict[str, Any] = {"id": entry_id}
    if name is not None:
        entry["name"] = name
    entry.update({"n": n, "wins": round(wins, 4), "win_rate": round(wins / n, 4) if n else None,
                  "ci_low": round(low, 4), "ci_high": round(high, 4),
                  "verdict": "unknown" if n < stats.MIN_N else None})
    if n < stats.MIN_N:
        entry["reason"] = stats.TOO_FEW
    if baseline is not None:
        entry["baseline"] = round(baseline, 4)
    return entry


def judged_rates(entries: list[dict[str, Any]], baseline: float) -> None:
    """Verdicts of win rates against one baseline (1 / players), Holm-corrected over the family."""
    stats.judge(entries, lambda e: (stats.p_rate(e["wins"], e["n"], baseline), e["win_rate"] - baseline))


def seeded_games(seed: int, first: int, count: int) -> Iterator[random.Random]:
    """One generator per game, reseeded from (seed, game number) alone: why batches, jobs and shards agree."""
    rng = random.Random()
    for index in range(first, first + count):
        rng.seed(seed * 1_000_003 + index)
        yield rng


def bump(counter: dict[str, int], key: str, n: int = 1) -> None:
    """Add to one count of a tally (a dict of integers by key)."""
    counter[key] = counter.get(key, 0) + n


def histogram_summary(hist: dict[str, int]) -> dict[str, Any]:
    """Mean (with a 95 % interval), median, range and the histogram of integer observations."""
    items = sorted((int(k), v) for k, v in hist.items())
    n = sum(v for _, v in items)
    if not n:
        return {"n": 0}
    total = sum(k * v for k, v in items)
    squares = sum(k * k * v for k, v in items)
    mean, low, high = stats.mean_interval(total, squares, n)
    seen, median = 0, items[-1][0]
    for value, count in items:
        seen += count
        if seen * 2 >= n:
            median = value
            break
    return {"n": n, "mean": round(mean, 3), "ci_low": round(low, 3), "ci_high": round(high, 3), "median": median,
            "min": items[0][0], "max": items[-1][0], "sum": total, "sum_squares": squares,
            "histogram": {str(k): v for k, v in items}}


def add(into: Any, other: Any) -> Any:
    """Add two tallies (nested dicts and lists of integers); returns the sum, reusing `into`."""
    if isinstance(into, dict):
        for key, value in other.items():
            into[key] = add(into[key], value) if key in into else value
        return into
    if isinstance(into, list):
        return [add(a, b) for a, b in zip(into, other)]
    return into + other


# ---- running games ---------------------------------------------------------------------------------

def simulator(engine: Any) -> Any:
    name = getattr(engine, "SIMULATOR", None)
    return importlib.import_module(name) if name else None


def policies_for(policy: str, players: int, names: tuple[str, ...]) -> list[str]:
    """`random` for every seat, or one name per seat (`search,greedy,random,random`)."""
    chosen = [p.strip() for p in policy.split(",")]
    for p in chosen:
        if p not in names:
            raise StateError(f"expected one of {', '.join(names)}, got {p!r}", field="--policy")
    if len(chosen) == 1:
        return chosen * players
    if len(chosen) != players:
        raise StateError(f"expected one policy, or one per seat ({players}), got {len(chosen)}", field="--policy")
    return chosen


Task = tuple  # (metrics module name, prepared data, players, seed, policies, budget): what every batch shares


def _work(task: Task, first: int, count: int) -> dict[str, Any]:
    gc.enable()  # `checker.cli` starts without the collector; games make garbage cycles (players attacking each other)
    module, data, players, seed, policies, budget = task
    return importlib.import_module(module).tally_games(data, first, count, players, seed, policies, budget)


def batches(first: int, count: int) -> list[tuple[int, int]]:
    """Games first..first+count-1 as (first, count) batches of at most BATCH."""
    return [(s, min(BATCH, first + count - s)) for s in range(first, first + count, BATCH)]


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
    task = (sim.__name__, data, players, seed, policies, budget)
    if cluster is not None:
        return cluster.tallies([(task, batches(first, count))], progress, done)[0]
    if jobs > 1 and count >= 2 * jobs:
        shares = [(first + count * k // jobs, count * (k + 1) // jobs - count * k // jobs) for k in range(jobs)]
        parts = _forked(task, shares) if FORK else _pooled(task, shares)
    else:
        parts = ((n, _work(task, s, n)) for s, n in batches(first, count))
    total: dict[str, Any] | None = None
    played = 0
    for n, part in parts:
        total = part if total is None else add(total, part)
        played += n
        if progress:
            progress.update(done + played)
    assert total is not None and played == count, "every game is played once"
    return total


FORK = hasattr(os, "fork")  # Linux, macOS: workers are forked, so they inherit the prepared game


def _forked(task: Task, shares: list[tuple[int, int]]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each share played in a process forked from this one, batch by batch; yields (games, tally) as
    batches come back (marshalled: tallies are plain dicts, lists and numbers). A worker inherits the
    task and its share, so nothing is sent to it, and nothing is imported for it: a process pool
    (`concurrent.futures`, `multiprocessing`) costs about 25 ms to import, much of a short run."""
    import select

    children: dict[int, tuple[int, bytearray]] = {}  # read end -> (pid, bytes received)
    try:
        for first, count in shares:
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: play, send, leave without running the parent's clean-up
                code = 1
                gc.freeze()  # what the worker inherited stays as it is: no collection walks it (or copies its pages)
                try:
                    os.close(read)
                    for s, n in batches(first, count):
                        _send(write, (n, _work(task, s, n)))
                    code = 0
                except BaseException:
                    import traceback

                    _send(write, (-1, traceback.format_exc()))
                finally:
                    os._exit(code)
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


def _send(fd: int, message: tuple[int, Any]) -> None:
    body = marshal.dumps(message)
    with open(fd, "wb", closefd=False) as out:
        out.write(len(body).to_bytes(8, "little") + body)


def _pooled(task: Task, shares: list[tuple[int, int]]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Without fork (Windows): a process pool; each worker is handed the task once, then batches."""
    from concurrent.futures import ProcessPoolExecutor

    work = [b for first, count in shares for b in batches(first, count)]
    with ProcessPoolExecutor(max_workers=len(shares), initializer=_adopt, initargs=(task,)) as pool:
        yield from zip((n for _, n in work), pool.map(_adopted, *zip(*work)))


_TASK: Task = ()


def _adopt(task: Task) -> None:
    global _TASK
    _TASK = task


def _adopted(first: int, count: int) -> dict[str, Any]:
    return _work(_TASK, first, count)


def run(sim: Any, data: dict[str, Any], games: int, players: int, seed: int, policies: list[str], budget: int,
        jobs: int, precision: float | None = None, quiet: bool = True, first: int = 0, cluster: Any = None
        ) -> dict[str, Any]:
    """Play and tally; with `precision`, batch after batch until every interval is that narrow."""
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


def params_for(sim: Any, games: int, players: int, seed: int, policy: str | None, budget: int | None,
               precision: float | None) -> dict[str, Any]:
    """What a run was asked for (the report's head; what shards of one run must share); no `policy`:
    the family's default."""
    default: str = getattr(sim, "DEFAULT_POLICY", "random")
    chosen = default if policy is None else policy  # `--policy ''` is refused, not the default
    return {"rules": sim.FAMILY, "games": games, "players": players, "seed": seed,
            "policy": policies_for(chosen, players, sim.POLICY_NAMES),
            "budget": sim.DEFAULT_BUDGET if budget is None else budget, "precision": precision}


def simulate_game(module: str, game: Any, games: int = 1000, players: int = 4, seed: int = 0, policy: str | None = None,
                  jobs: int = 1, budget: int | None = None, precision: float | None = None,
                  quiet: bool = True) -> dict[str, Any]:
    """One whole run: the report (same seed, same report, whatever `jobs`)."""
    sim = importlib.import_module(module)
    data = sim.prepare(game)
    sim.check(data, players)
    params = params_for(sim, games, players, seed, policy, budget, precision)
    tally = run(sim, data, games, players, seed, params["policy"], params["budget"], jobs, precision, quiet)
    return build_report(sim, data, tally, params)


def precise_enough(body: dict[str, Any], precision: float) -> bool:
    """Every reported win rate (but an avoided card's) within `precision` of both interval ends."""
    for family in body["families"]:
        for e in body[family["key"]]:
            if e["verdict"] == "avoided":
                continue
            if e["win_rate"] is None or e["win_rate"] - e["ci_low"] > precision or e["ci_high"] - e["win_rate"] > precision:
                return False
    return True


def build_report(sim: Any, data: dict[str, Any], tally: dict[str, Any], params: dict[str, Any]) -> dict[str, Any]:
    """The whole report: what was run, then the family's judged metrics."""
    policies = params["policy"]
    head = {"format": REPORT_FORMAT, "game": data["id"], "name": data["name"], "rules": params["rules"],
            "games": tally["games"], "players": params["players"], "seed": params["seed"], "policy": policies,
            "budget": params["budget"] if "search" in policies else None, "precision": params["precision"],
            "method": getattr(sim, "METHOD", METHOD), **({"folder": params["folder"]} if params.get("folder") else {})}
    body = sim.report(data, tally, params["players"], policies)
    body["health"] = health.summary(tally, body["seats"])
    body["verdicts"] = {v: [e["id"] for f in body["families"] for e in body[f["key"]] if e["verdict"] == v]
                        for v in stats.VERDICTS}
    if "cards_by_policy" in body:
        body["disagreements"] = disagreements(body["cards_by_policy"])
    return {**head, **body}


METHOD = ("95 % Wilson intervals for rates; Newcombe's hybrid score interval for a card's difference from "
          "its baseline; a verdict is strong or weak only when that holds after Holm's correction over its "
          f"family (family-wise error 5 %); unknown under {stats.MIN_N} observations on a side; avoided when "
          f"fewer than {stats.AVOIDED:.0%} of the players offered a card bought it. Shared wins count in parts.")


def disagreements(by_policy: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Cards whose verdict differs between policies (an unknown verdict disagrees with nothing)."""
    out = []
    names = sorted(by_policy)
    for i, entry in enumerate(by_policy[names[0]]):
        verdicts = {name: by_policy[name][i]["verdict"] for name in names}
        if len({v for v in verdicts.values() if v != "unknown"}) > 1:
            out.append({"id": entry["id"], "verdicts": verdicts})
    return out


# ---- shards and merge ------------------------------------------------------------------------------

def parse_shard(text: str) -> tuple[int, int]:
    try:
        k, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise StateError(f"expected K/N (this is shard K of N), got {text!r}", field="--shard") from None
    if not 1 <= k <= n:
        raise StateError(f"expected 1 <= K <= N, got {text!r}", field="--shard")
    return k, n


def shard_range(games: int, k: int, n: int) -> tuple[int, int]:
    """Shard k of n plays games [first, first + count): the shards cover the run exactly once."""
    first = games * (k - 1) // n
    return first, games * k // n - first


def shard_document(params: dict[str, Any], data: dict[str, Any], shard: tuple[int, int],
                   tally: dict[str, Any]) -> dict[str, Any]:
    return {"format": SHARD_FORMAT, **params, "shard": list(shard), "data": data, "tally": tally}


def merge_shards(paths: list[str]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(params, data, tally) of the whole run the shard files make up; refuses a partial or mixed set."""
    docs = []
    for path in paths:
        try:
            doc = json.loads(read_bytes(path, limit=SHARD_BYTES))  # the bounded reader: no FIFO, device, huge file
        except (FileRefused, ValueError, RecursionError) as exc:
            raise StateError(f"expected a shard file written by `checker simulate --shard`: {exc}", file=path) from None
        if not isinstance(doc, dict) or doc.get("format") != SHARD_FORMAT:
            raise StateError(f"format: expected {SHARD_FORMAT!r}", file=path)
        docs.append((path, doc))
    keys = ("rules", "games", "players", "seed", "policy", "budget", "precision", "data")
    first_path, first = docs[0]
    for path, doc in docs[1:]:
        for key in keys:
            if doc.get(key) != first.get(key):
                raise StateError(f"{key}: differs from {first_path}: shards of one run only", file=path)
    total = first["shard"][1]
    seen = sorted(doc["shard"][0] for _, doc in docs)
    if seen != list(range(1, total + 1)) or any(doc["shard"][1] != total for _, doc in docs):
        raise StateError(f"expected shards 1 to {total} of {total} once each, got {', '.join(map(str, seen))}",
                         field="--merge")
    tally: dict[str, Any] | None = None
    for _, doc in sorted(docs, key=lambda d: d[1]["shard"][0]):
        tally = doc["tally"] if tally is None else add(tally, doc["tally"])
    params = {key: first[key] for key in keys if key != "data"}
    return params, first["data"], tally  # type: ignore[return-value]


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


# ---- the command -----------------------------------------------------------------------------------

def run_command(args: list[str], *, games: int, players: int, seed: int, policy: str | None, budget: int | None,
                as_json: bool, as_csv: bool, report_dir: Any, jobs: int | None, precision: float | None,
                shard: str | None, merge: bool, compare: str | None, quiet: bool, cluster: str | None = None) -> int:
    """`checker simulate`: 0, or 2 with one clear line on stderr for anything refused."""
    from .cluster import open_cluster

    try:
        if cluster is not None and (merge or shard is not None):
            raise StateError("expected --cluster or --shard/--merge: a cluster plays the whole run", field="--cluster")
        with open_cluster(cluster, jobs or default_jobs()) as on:
            result = _command(args, games, players, seed, policy, budget, as_json, as_csv, jobs, precision, shard,
                              merge, compare, quiet, on)
    except StateError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if isinstance(result, str):  # a shard: its counts, nothing else
        print(result)
        return 0
    if report_dir is not None:
        from .report import folder_written, write_folder

        if not folder_written(report_dir, lambda: write_folder(result, report_dir)):
            return 2
    from . import report

    if as_json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    elif as_csv:
        sys.stdout.write(report.to_csv(result))
    else:
        print(report.compare_text(result) if "deltas" in result else report.text(result))
    return 0


def _command(args: list[str], games: int, players: int, seed: int, policy: str | None, budget: int | None, as_json: bool,
             as_csv: bool, jobs: int | None, precision: float | None, shard: str | None, merge: bool,
             compare: str | None, quiet: bool, cluster: Any = None) -> dict[str, Any] | str:
    if as_json and as_csv:
        raise StateError("expected one of --json and --csv, got both", field="--csv")
    if precision is not None and not 0 < precision < 0.5:
        raise StateError(f"expected a half-width between 0 and 0.5 (0.02 is 2 points), got {precision}",
                         field="--precision")
    if precision is not None and shard is not None:
        raise StateError("--precision decides how many games to play from all of them, so it cannot run in shards: "
                         "give --games instead", field="--precision")
    if merge:
        if not args:
            raise StateError("expected the shard files to merge", field="--merge")
        if shard or compare:
            raise StateError("expected shard files alone, got --shard or --compare too", field="--merge")
        params, data, tally = merge_shards(args)
        engine = _engine_of_family(params["rules"])
        sim = simulator(engine) if engine is not None else None
        if sim is None:
            raise StateError(f"rules: no simulator for {params['rules']!r}", file=args[0])
        return build_report(sim, data, tally, params)
    if len(args) != 1:
        raise StateError(f"expected one game id or folder, got {len(args)}", field="game")
    jobs = jobs or default_jobs()
    sim, data, params = _prepare(args[0], players, policy, budget, precision, games, seed)
    if shard is not None:
        if compare:
            raise StateError("expected --shard or --compare, got both", field="--shard")
        k, n = parse_shard(shard)
        first, count = shard_range(games, k, n)
        tally = run(sim, data, count, players, seed, params["policy"], params["budget"], jobs, None, quiet, first) \
            if count else sim.new_tally(players)
        return json.dumps(shard_document(params, data, (k, n), tally), sort_keys=True)
    tally = run(sim, data, games, players, seed, params["policy"], params["budget"], jobs, precision, quiet,
                cluster=cluster)
    base = build_report(sim, data, tally, params)
    if compare is None:
        return base
    sim_b, data_b, _ = _prepare(compare, players, policy, budget, precision, games, seed)
    if sim_b is not sim:
        raise StateError(f"expected a variant of the same rules family ({params['rules']}), got {sim_b.FAMILY}",
                         field="--compare")
    params_b = {**params, "games": base["games"]}  # the variant plays exactly the games the base played
    tally_b = run(sim, data_b, base["games"], players, seed, params["policy"], params["budget"], jobs, None, quiet,
                  cluster=cluster)
    variant = build_report(sim, data_b, tally_b, params_b)
    from .compare import compare_runs, labels

    return compare_runs(sim, (data, base), (data_b, variant), params, labels(args[0], base, compare, variant))


def _engine_of_family(name: Any) -> ModuleType | None:
    """The rules engine of the family a shard file names, or None for an unknown or print-only family."""
    from cards.families import FAMILIES

    fam = FAMILIES.get(name) if isinstance(name, str) else None
    return importlib.import_module(fam.engine) if fam is not None and fam.engine else None


def _prepare(game: str, players: int, policy: str | None, budget: int | None, precision: float | None, games: int, seed: int
             ) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """The family's metrics module, the compiled game (from the cache: no pydantic) and the run's params."""
    from .engines import NoEngine
    from .gamecache import load_for_play

    try:
        engine, loaded = load_for_play(game)
    except NoEngine as exc:
        raise StateError(str(exc)) from None
    except Exception as exc:  # cards (and pydantic) load only on a cache miss
        from cards.errors import DefinitionError

        if not isinstance(exc, DefinitionError):
            raise
        raise StateError(str(exc)) from None
    name, (low, high) = (loaded["name"], loaded["players"]) if isinstance(loaded, dict) else (loaded.name, loaded.players)
    if not low <= players <= high:
        raise StateError(f"expected {low} to {high} for {name}, got {players}", field="--players")
    sim = simulator(engine)
    if sim is None:
        raise StateError(f"no simulator for {engine.__name__.rsplit('.', 1)[-1]!r} yet", field="game")
    data = sim.prepare(loaded)
    sim.check(data, players)
    from cards.families import builtin_games

    params = params_for(sim, games, players, seed, policy, budget, precision)
    if game not in builtin_games() and os.path.basename(os.path.realpath(game)) != data["id"]:
        params["folder"] = game  # a renamed copy is named by its folder as given (it keeps its id)
    return sim, data, params


def parse_plain(args: list[str]) -> dict[str, Any] | None:
    """`simulate GAME` with plain options, for `checker.cli` to run without Typer; None when the
    arguments need the full parser (help, reports, shards, merge, compare, anything odd)."""
    options: dict[str, Any] = {"games": 1000, "players": 4, "seed": 0, "policy": None, "budget": None,
                               "jobs": None, "precision": None, "as_json": False, "as_csv": False, "quiet": False}
    numbers = {"--games": "games", "--players": "players", "--seed": "seed", "--jobs": "jobs", "--budget": "budget"}
    flags = {"--json": "as_json", "--csv": "as_csv", "--quiet": "quiet"}
    game = None
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in flags:
            options[flags[arg]] = True
        elif arg in numbers or arg == "--policy":
            if i + 1 >= len(args):
                return None
            i += 1
            if arg == "--policy":
                options["policy"] = args[i]
            else:
                try:  # ASCII digits within the option's bounds, or Typer refuses it in its words
                    options[numbers[arg]] = int(parse(args[i], True, *SIMULATE[arg]))
                except ValueError:
                    return None
        elif arg.startswith("-") or game is not None:
            return None
        else:
            game = arg
        i += 1
    if game is None:
        return None
    return {"args": [game], **options}


def run_plain(options: dict[str, Any]) -> int:
    return run_command(options.pop("args"), report_dir=None, shard=None, merge=False, compare=None, **options)
