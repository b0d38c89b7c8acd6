"""Head to head: one search seat against three greedy (or random) seats, El Dorado Canyon.

    python3 benchmarks/bench_search.py [--games 1000] [--budget 8] [--against greedy random]

The search seat takes each seat in turn (a quarter of the games each), so the first
player's edge does not count for or against it. Prints the search seat's win rate with
its 95 % Wilson interval (shared wins in parts), and decisions per second. A
measurement, not a test: it takes minutes.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import load_game  # noqa: E402
from checker.core import stats  # noqa: E402
from checker.core.simulate_cmd import simulate_game  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--budget", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", nargs="+", default=["greedy", "random"])
    parser.add_argument("--game", default="el-dorado-canyon")
    args = parser.parse_args()
    game = load_game(args.game)
    for against in args.against:
        head_to_head(game, args.games, args.budget, against, args.seed)


if __name__ == "__main__":
    main()
