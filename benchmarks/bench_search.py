"""Head to head: one search seat against three greedy (or random) seats, El Dorado Canyon.

    python3 benchmarks/bench_search.py [--games 1000] [--budget 8] [--against greedy random]
    python3 benchmarks/bench_search.py --planted [--games 600] [--budget 4] [--jobs 2]   # planted cards

The search seat takes each seat in turn (a quarter of the games each), so the first
player's edge does not count for or against it. Prints the search seat's win rate with
its 95 % Wilson interval (shared wins in parts), and decisions per second. A
measurement, not a test: it takes minutes. `--planted` plays the test set with a card far
too strong and one far too weak with every seat searching, and prints the verdicts on both
(tests/test_balance_lab.py does it at budget 2 over 200 games; this is for the default
budget and more games). Not with one search seat among
weaker ones: a seat that wins most games anyway gains little from any card, and passes a
card over mostly when it is ahead (a search seat among three random ones called the
strong card even).
"""
from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from cards import load_game  # noqa: E402
from checker.core import stats  # noqa: E402
from checker.core.simulate_cmd import simulate_game  # noqa: E402
from madeup_games import planted_town, town_cards, write_town  # noqa: E402

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
        decisions += report["counts"]["Search policy"]["decisions"]
    took = time.perf_counter() - start
    n = games // 4 * 4
    low, high = stats.wilson(wins, n)
    print(f"search (budget {budget}) vs 3 {against}: {wins / n:.1%} [{low:.1%}, {high:.1%}] of {n} games; "
          f"{n / took:.2f} games/s, {decisions / took:.1f} search decisions/s")


def planted(games: int, budget: int, seed: int, jobs: int) -> None:
    """Every seat searching (`--policy search`): players of one strength, as the verdicts need."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="pnpkit-planted-")) / "planted"
    shutil.copytree(ROOT / "tests" / "games" / "edc-test", folder)
    write_town(folder, planted_town(town_cards(folder, leave_out=("snake-oil",))))
    start = time.perf_counter()
    report = simulate_game(METRICS, load_game(str(folder)), games=games, players=4, seed=seed, policy="search",
                           budget=budget, jobs=jobs)
    took = time.perf_counter() - start
    for e in report["cards"]:
        if e["id"] in ("boomtown", "fools-gold"):
            print(f"search (budget {budget}, every seat) judging {e['id']}: {e['verdict']}, {e['win_rate']:.1%} "
                  f"[{e['ci_low']:.1%}, {e['ci_high']:.1%}] of {e['n']} buyers vs {e['baseline']:.1%} of "
                  f"{e['baseline_n']} passed over")
    others = {e["verdict"] for e in report["cards"] if e["id"] not in ("boomtown", "fools-gold")}
    print(f"other cards' verdicts: {sorted(others)}; {games} games in {took:.0f} s, "
          f"{report['counts']['Search policy']['decisions'] / took:.1f} search decisions/s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--budget", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", nargs="+", default=["greedy", "random"])
    parser.add_argument("--game", default="el-dorado-canyon")
    parser.add_argument("--planted", action="store_true")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if args.planted:
        planted(args.games, args.budget, args.seed, args.jobs)
        return
    game = load_game(args.game)
    for against in args.against:
        head_to_head(game, args.games, args.budget, against, args.seed)


if __name__ == "__main__":
    main()
