"""`checker simulate` for any rules family: the command, and what a run is asked for.

A family plugs in a metrics module (its engine's `SIMULATOR`) with `POLICY_NAMES`,
`DEFAULT_BUDGET`, optionally `DEFAULT_POLICY` (else random), `prepare(game) -> data`, `check(data, players)`, `tally_games(data,
first, count, players, seed, policies, budget)`, `report(data, tally, players, policies)`,
`differences(data_a, data_b)` and `definitions(data)` (the judged items by report family, for
`compare`), and `TUNABLE`, the families of those whose integer fields `checker tune` varies.
The parts: `batches` (seeding, batches, tallies that add up, `--precision`), `workers`
(`--jobs`), `judged` (entries and the report), `shards` (`--shard`, `--merge`) and `compare`
(`--compare`).
"""
from __future__ import annotations

import importlib
import json
import os
import sys
from types import ModuleType
from typing import Any

from common.options import Command, Option

from .batches import run
from .errors import StateError
from . import option_bounds as bounds
from .judged import build_report
from .shards import merge_shards, parse_shard, shard_document, shard_range
from .workers import default_jobs

# `checker simulate GAME`'s options: `checker.cli`'s plain path and the Typer command (`checker.commands`)
SIMULATE = Command((
    Option("--games", "games", 1000, "whole", f"How many games to play (the most, with --precision; at most "
           f"{bounds.GAMES[1]:,}).", *bounds.GAMES),
    Option("--players", "players", 4, "whole", "Players per game.", *bounds.PLAYERS),
    Option("--seed", "seed", 0, "whole", "Same seed, same report (whatever --jobs and --shard).", *bounds.SEED),
    Option("--policy", "policy", None, "text", "random, greedy or search (El Dorado Canyon; default random), random "
           "or greedy (Eldorado; default greedy); or one per seat: search,greedy,random,random."),
    Option("--budget", "budget", None, "whole", "Playouts per decision of the search policy.", *bounds.BUDGET),
    Option("--json", "as_json", kind="flag", help="Print the report as JSON (schema: docs/balance-lab.md)."),
    Option("--csv", "as_csv", kind="flag", help="Print one CSV row per card, character, seat (or difference)."),
    Option("--report", "report_dir", None, "path", "Also write an HTML page and PNG charts here."),
    Option("--jobs", "jobs", None, "whole", "Processes to spread the games over (default: the cores).",
           *bounds.JOBS),
    Option("--precision", "precision", None, "number", "Play batches until every interval is this narrow on each "
           "side."),
    Option("--shard", "shard", None, "text", "K/N: play the K-th of N parts; print its counts as JSON for --merge."),
    Option("--merge", "merge", kind="flag", help="The arguments are shard files: print the report of the whole run."),
    Option("--compare", "compare", None, "text", "A variant (id or folder, same family): report the differences."),
    Option("--quiet", "quiet", kind="flag", help="No progress bar."),
    Option("--cluster", "cluster", None, "text", "Play the batches on a Dask cluster: a scheduler's address "
           "(tcp://HOST:PORT) or local (worker processes here, --jobs of them); needs pip install 'pnpkit[cluster]'."),
), many=True)


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
    params["version"] = getattr(game, "version", None) if not isinstance(game, dict) else game.get("version")
    tally = run(sim, data, games, players, seed, params["policy"], params["budget"], jobs, precision, quiet)
    return build_report(sim, data, tally, params)


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
        found: list[Any] = []

        def empty_tally(doc: dict[str, Any]) -> dict[str, Any]:
            engine = _engine_of_family(doc.get("rules"))
            found.append(simulator(engine) if engine is not None else None)
            if found[0] is None:
                raise StateError(f"rules: no simulator for {doc.get('rules')!r}", file=args[0])
            return found[0].new_tally(doc["players"])

        params, data, tally = merge_shards(args, empty_tally)
        return build_report(found[0], data, tally, params)
    if len(args) != 1:
        raise StateError(f"expected one game id or folder, got {len(args)}", field="game")
    jobs = jobs or default_jobs()
    sim, data, params = prepare(args[0], players, policy, budget, precision, games, seed)
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
    sim_b, data_b, _ = prepare(compare, players, policy, budget, precision, games, seed)
    from .compare import compare_variant

    return compare_variant(sim, (args[0], data, base), (compare, sim_b, data_b), params, jobs, quiet, cluster)


def _engine_of_family(name: Any) -> ModuleType | None:
    """The rules engine of the family a shard file names, or None for an unknown or print-only family."""
    from cards.families import FAMILIES

    fam = FAMILIES.get(name) if isinstance(name, str) else None
    return importlib.import_module(fam.engine) if fam is not None and fam.engine else None


def prepare(game: str, players: int, policy: str | None, budget: int | None, precision: float | None, games: int,
            seed: int) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """The family's metrics module, the compiled game (from the cache: no pydantic) and the run's params."""
    from .engines import NoEngine
    from .gamecache import load_with_version

    try:
        engine, loaded, version = load_with_version(game)
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
    from cards.families import builtin_folders  # its ids, without `pathlib` (about 3 ms a run)

    params = params_for(sim, games, players, seed, policy, budget, precision)
    params["version"] = version
    if game not in builtin_folders() and os.path.basename(os.path.realpath(game)) != data["id"]:
        params["folder"] = game  # a renamed copy is named by its folder as given (it keeps its id)
    return sim, data, params
