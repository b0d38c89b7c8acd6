"""Head to head: one search seat against three greedy (or random) seats, El Dorado Canyon.

    python3 benchmarks/bench_search.py [--games 1000] [--budget 8] [--against greedy random]
    python3 benchmarks/bench_search.py --planted [--games 2000]   # the planted cards, judged by search

The search seat takes each seat in turn (a quarter of the games each), so the first
player's edge does not count for or against it. Prints the search seat's win rate with
its 95 % Wilson interval (shared wins in parts), and decisions per second. A
measurement, not a test: it takes minutes. `--planted` plays the test set with a card far
too strong and one far too weak (as tests/test_balance_lab.py does for random and greedy)
with the search seat rotating among three random seats, and prints the search seat's
verdicts on both (all-search tables are too slow for a test).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from cards import load_game  # noqa: E402
from checker.core import stats  # noqa: E402
from checker.core.simulate_cmd import add, build_report, params_for, run  # noqa: E402
from checker.core.simulate_cmd import simulate_game  # noqa: E402
from madeup_games import planted_town  # noqa: E402

METRICS = "checker.el_dorado_canyon.metrics"


def head_to_head(game: object, games: int, budget: int, against: str, seed: int) -> None:
    wins = 0.0
    decisions = 0
    start = time.perf_counter()
    for seat in range(4):
        seats = [against] * 4
        seats[seat] = "search"
        report = simulate_game(METRICS, game, games=games // 4, players=4, seed=seed + seat, policy=",".join(seats),
                               budget=budget, jobs=1)
        entry = next(e for e in report["policies"] if e["id"] == "search")
        wins += entry["wins"]
        decisions += report["length"]["sum"]  # the search seat decides at most once a turn
    took = time.perf_counter() - start
    n = games // 4 * 4
    low, high = stats.wilson(wins, n)
    print(f"search (budget {budget}) vs 3 {against}: {wins / n:.1%} [{low:.1%}, {high:.1%}] of {n} games; "
          f"{n / took:.2f} games/s, about {decisions / took:.0f} search decisions/s (at most one a turn)")


def planted(games: int, budget: int, seed: int) -> None:
    import importlib
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="pnpkit-planted-")) / "planted"
    shutil.copytree(ROOT / "tests" / "games" / "edc-test", folder)
    (folder / "town.toml").write_text(planted_town((folder / "town.toml").read_text()))
    sim = importlib.import_module(METRICS)
    data = sim.prepare(load_game(str(folder)))
    tally = None
    start = time.perf_counter()
    for seat in range(4):  # the search seat in each seat, a quarter of the games each
        seats = ["random"] * 4
        seats[seat] = "search"
        part = run(sim, data, games // 4, 4, seed + seat, seats, budget, 1, first=0)
        tally = part if tally is None else add(tally, part)
    params = {**params_for(sim, games // 4 * 4, 4, seed, "search,random,random,random", budget, None)}
    report = build_report(sim, data, tally, params)
    for e in report["cards_by_policy"]["search"]:
        if e["id"] in ("boomtown", "fools-gold"):
            print(f"search (budget {budget}) judging {e['id']}: {e['verdict']}, {e['win_rate']:.1%} "
                  f"[{e['ci_low']:.1%}, {e['ci_high']:.1%}] of {e['n']} buyers vs {e['baseline']:.1%} of "
                  f"{e['baseline_n']} passed over ({time.perf_counter() - start:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--budget", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", nargs="+", default=["greedy", "random"])
    parser.add_argument("--game", default="el-dorado-canyon")
    parser.add_argument("--planted", action="store_true")
    args = parser.parse_args()
    if args.planted:
        planted(args.games, args.budget, args.seed)
        return
    game = load_game(args.game)
    for against in args.against:
        head_to_head(game, args.games, args.budget, against, args.seed)


if __name__ == "__main__":
    main()
