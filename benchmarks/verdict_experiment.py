"""Check a town card's verdict by experiment: half the seats never buy it. El Dorado Canyon.

    python3 benchmarks/verdict_experiment.py CARD [--policy greedy] [--games 2000] [--game el-dorado-canyon]

In every game two seats play the policy as it is and two play it except that they never
buy CARD (they buy what the policy would buy next among the rest); which seats alternates
from game to game, so seat and turn order weigh on both sides alike. If buying CARD wins
games, the seats that may buy it win more. Prints both win rates with their 95 % Wilson
intervals (shared wins in parts). The verdict of `checker simulate` (first offer, within
strata of gold and stage: docs/balance-lab.md) should point the same way; the experiment
measures "never buying it" over a whole game, so it can find a small effect the verdict,
which looks at one chance, calls even. A measurement, not a test: it takes minutes.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cards import load_game  # noqa: E402
from checker.core import stats  # noqa: E402
from checker.core.batches import seeded_games  # noqa: E402
from checker.el_dorado_canyon.legal import affordable  # noqa: E402
from checker.el_dorado_canyon.metrics import UNITS, new_tally, play_game  # noqa: E402
from checker.el_dorado_canyon.players import Play  # noqa: E402
from checker.el_dorado_canyon.rules import Rules, compile_game  # noqa: E402
from checker.el_dorado_canyon.simulation import COST, POLICIES  # noqa: E402


def never_buying(rules: Rules, card: str, policy_name: str, games: int, seed: int,
                 players: int = 4) -> tuple[list[float], list[int]]:
    """Win units and seats of the players who may buy `card` ([0]) and of those who never buy it ([1]):
    in game i, seat s never buys it when i + s is odd (tests/test_balance_tune.py checks `tune` by it)."""
    policy = POLICIES[policy_name](rules)

    def never(t, p, rand):  # type: ignore[no-untyped-def]
        pl = policy(t, p, rand)
        if pl.buy is None or pl.buy.id != card:
            return pl
        rest = [c for c in affordable(p, t.row) if c.id != card]
        if not rest:
            buy = None
        elif policy_name == "greedy":
            buy = max(rest, key=COST)
        else:
            buy = rest[int(rand() * len(rest))]
        return Play(pl.card, pl.owner, pl.option, pl.direction, buy, pl.refresh)

    wins, seats = [0.0, 0.0], [0, 0]
    for i, rng in enumerate(seeded_games(seed, 0, games)):
        side = [(i + s) % 2 for s in range(players)]  # 1: never buys the card
        tally = new_tally(players)
        play_game(rules, players, rng, [never if k else policy for k in side], [policy_name] * players, tally)
        for s, k in enumerate(side):
            wins[k] += tally["seat_wins"][s] / UNITS
            seats[k] += 1
    return wins, seats


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("card")
    parser.add_argument("--policy", default="greedy", choices=sorted(POLICIES))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--game", default="el-dorado-canyon")
    args = parser.parse_args()
    rules = Rules(compile_game(load_game(args.game)))
    wins, seats = never_buying(rules, args.card, args.policy, args.games, args.seed)
    for k, label in ((0, f"{args.policy}"), (1, f"{args.policy}, never buying {args.card}")):
        low, high = stats.wilson(wins[k], seats[k])
        print(f"{label}: {wins[k] / seats[k]:.1%} [{low:.1%}, {high:.1%}] of {seats[k]} seats")


if __name__ == "__main__":
    main()
