"""What a designer asks of El Dorado Canyon, counted over simulated games and judged.

Policies choose (`simulation`, `search`); this module only watches: per town card who
had it on offer (face up and affordable on a buying turn) and who bought it, and at each
player's *first* offer of it whether they took it, with their gold and the stage of the
game (the strata a fair comparison needs: docs/balance-lab.md); when it was bought and how
often it was played; per seat, character and policy, who won. Every count is an
integer (a shared win is split in `UNITS` parts), so tallies add up exactly in any order:
the same seed gives the same report whatever `--jobs` and `--shard`. `checker.core.batches`
runs the games, `shards` merges; `report` turns a tally into judged entries.
"""
from __future__ import annotations

import random
from typing import Any, Final

from checker.core import health, stats
from checker.core.batches import seeded_games
from checker.core.compare import list_changes
from checker.core.errors import StateError
from checker.core.judged import histogram_summary, judged_rates, rate_entry

from .judge import game_ending, score, winners
from .players import Play, Player
from .rules import Rules, compile_game
from .simulation import MAX_TURNS, POLICIES, Policy, setup

FAMILY = "el-dorado-canyon"
# Final: mypyc compiles these constants into the code (a plain module global is a dict lookup per use)
UNITS: Final = 60  # a win shared by k players (k <= 6) is 60 / k units: whole numbers for any tie
POLICY_NAMES = ("random", "greedy", "search")
TUNABLE = ("cards",)  # the `definitions` families whose integer fields `checker tune` varies
DEFAULT_BUDGET = 8  # playouts per decision: 71 % against three greedy seats (docs/balance-lab.md)
# card counters, per policy and card id: the index of each in the list
BUYERS: Final = 0
BUYS: Final = 1
TURN_SUM: Final = 2
PLAYS: Final = 3
OFFERED: Final = 4
# a first offer's stratum: the gold the player had (capped: richer is all alike) and the stage of the
# game (turns in bands); a bot's buy depends on its gold and the row, so within a stratum what else the
# row held decides, which the shuffle deals fairly
GOLD_CAP: Final = 8
TURN_BAND: Final = 10
TURN_BANDS: Final = 3
# per stratum of a first offer: [took it, their win units, passed it over, their win units]
TOOK: Final = 0
TOOK_WINS: Final = 1
PASSED: Final = 2
PASSED_WINS: Final = 3


def prepare(game: Any) -> dict[str, Any]:
    """The compiled game (JSON-able: shards carry it, workers receive it)."""
    return game if isinstance(game, dict) else compile_game(game)


def check(data: dict[str, Any], players: int) -> None:
    have = sum(c["copies"] for c in data["characters"])
    if have < players:
        raise StateError(f"expected at least one character per player ({players}), got {have}: add characters "
                         f"to the game's definitions", field="characters")


def make_policy(name: str, rules: Rules, budget: int, counts: dict[str, int] | None = None) -> Policy:
    """The policy `name`; a search policy adds its decisions and playouts to `counts`."""
    if name == "search":
        from .search import search_policy

        return search_policy(rules, budget, counts)
    return POLICIES[name](rules)


def new_tally(players: int) -> dict[str, Any]:
    return {"games": 0, "lengths": {}, "reasons": {}, "scores": {}, "winner_scores": {}, "spreads": {},
            "seat_wins": [0] * players, "char": {}, "policy": {}, "card": {}, "first": {}, "search": {"decisions": 0, "playouts": 0},
            "health": health.new_tally()}


def tally_games(data: dict[str, Any], first: int, count: int, players: int, seed: int, policies: list[str],
                budget: int) -> dict[str, Any]:
    """Play games first..first+count-1 (game i seeded from (seed, i) alone) and count them."""
    rules = Rules(data)
    tally = new_tally(players)
    made: dict[str, Policy] = {}
    for name in set(policies):
        made[name] = make_policy(name, rules, budget, tally["search"])
    choosers = [made[name] for name in policies]
    for rng in seeded_games(seed, first, count):
        play_game(rules, players, rng, choosers, policies, tally)
    return tally


def play_game(rules: Rules, players: int, rng: random.Random, choosers: list[Policy], names: list[str],
              tally: dict[str, Any]) -> None:
    """Play one game to its end (no log) and add what it shows to `tally`."""
    t = setup(rules, players, rng)
    seats, rand = t.players, rng.random
    offered: list[set[str]] = [set() for _ in seats]  # town cards face up and affordable when buying
    first: list[dict[str, tuple[int, bool]]] = [{} for _ in seats]  # card id -> (stratum, chose it): first offer
    bought_turn: list[tuple[int, str, int]] = []
    plays: list[tuple[int, str]] = []  # (seat, town card id) for every town card revealed
    seated = list(zip(seats, choosers))
    leaders: list[int] = []  # after each turn, the seat with the best score alone (-1: a tie): `health`
    turns = 0
    while turns < MAX_TURNS:
        turns += 1
        chosen: list[Play | None] = []
        band = min(turns // TURN_BAND, TURN_BANDS - 1)
        for p, choose in seated:
            if p.gone:
                chosen.append(None)
                continue
            pl = choose(t, p, rand)
            chosen.append(pl)
            card = pl.card
            if not card.starting:
                plays.append((p.seat, card.id))
            if pl.end.buys and not pl.refresh and t.row:
                gold = p.unbanked + p.banked
                seen, stratum = first[p.seat], min(gold, GOLD_CAP) * TURN_BANDS + band
                chose = pl.buy.id if pl.buy is not None else None
                for c in t.row:
                    if c.cost is not None and c.cost <= gold:
                        offered[p.seat].add(c.id)
                        if c.id not in seen:  # the choice, not the outcome: another may buy it first
                            seen[c.id] = (stratum, c.id == chose)
        before = len(t.bought)
        t.play_turn(chosen)
        if len(t.bought) > before:
            bought_turn.extend((seat, cid, turns) for seat, cid in t.bought[before:])
        leaders.append(_leader(seats))
        if game_ending(t):
            break
    reason = "characters" if t.draw_failed else "infamy" if game_ending(t) else "turn limit"
    won = [0] * players
    best = winners(seats)
    for p in best:
        won[p.seat] = UNITS // len(best)
    scores = [score(p) for p in seats]
    health.count_game(tally["health"], leaders, won, health.margin(scores, won))
    _count(tally, turns, reason, scores, won, t.drawn, offered, first, bought_turn, plays, names)


def _leader(seats: list[Player]) -> int:
    """The seat whose score is best alone, or -1 when the best is shared."""
    best, leader = -1_000_000, -1
    for p in seats:
        s = score(p)
        if s > best:
            best, leader = s, p.seat
        elif s == best:
            leader = -1
    return leader


def _count(tally: dict[str, Any], turns: int, reason: str, scores: list[int], won: list[int],
           drawn: list[tuple[int, str | None]], offered: list[set[str]], first: list[dict[str, tuple[int, bool]]],
           bought_turn: list[tuple[int, str, int]], plays: list[tuple[int, str]], names: list[str]) -> None:
    tally["games"] += 1
    _bump(tally["lengths"], str(turns))
    _bump(tally["reasons"], reason)
    for s in scores:
        _bump(tally["scores"], str(s))
    _bump(tally["winner_scores"], str(max(scores)))
    _bump(tally["spreads"], str(max(scores) - min(scores)))
    seat_wins: list[int] = tally["seat_wins"]
    by_policy: dict[str, list[int]] = tally["policy"]
    for seat, units in enumerate(won):
        _add(seat_wins, seat, units)
        entry = _counts(by_policy, names[seat], 2)
        _add(entry, 0, 1)
        _add(entry, 1, units)
    dealt: set[int] = set()  # the character dealt at set up: a fair draw, so 1 / players is its baseline
    by_char: dict[str, list[int]] = tally["char"]
    for seat, char_id in drawn:
        if seat not in dealt and char_id is not None:
            dealt.add(seat)
            entry = _counts(by_char, char_id, 2)
            _add(entry, 0, 1)
            _add(entry, 1, won[seat])
    cards: dict[str, dict[str, list[int]]] = tally["card"]  # per policy, per card id: [BUYERS, ..., OFFERED]
    buyers: list[set[str]] = [set() for _ in won]
    for seat, card_id, turn in bought_turn:
        c = _counts(_within(cards, names[seat]), card_id, 5)
        _add(c, BUYS, 1)
        _add(c, TURN_SUM, turn)
        buyers[seat].add(card_id)
    for seat, card_id in plays:
        _add(_counts(_within(cards, names[seat]), card_id, 5), PLAYS, 1)
    first_tally: dict[str, dict[str, dict[str, list[int]]]] = tally["first"]
    for seat, units in enumerate(won):
        name = names[seat]
        for card_id in buyers[seat]:
            _add(_counts(_within(cards, name), card_id, 5), BUYERS, 1)
        for card_id in offered[seat] | buyers[seat]:
            _add(_counts(_within(cards, name), card_id, 5), OFFERED, 1)
        strata = _within(first_tally, name)
        for card_id, (stratum, taken) in first[seat].items():
            cell = _counts(_within(strata, card_id), str(stratum), 4)
            side = TOOK if taken else PASSED
            _add(cell, side, 1)
            _add(cell, side + 1, units)


def _bump(counter: dict[str, int], key: str) -> None:
    """One more of `key` (`batches.bump`, which Python code calls, compiled into the loop)."""
    counter[key] = counter.get(key, 0) + 1


def _add(counts: list[int], index: int, n: int) -> None:
    """counts[index] += n, as mypyc adds natively: it compiles `a[i] += n` to Python's generic in-place add of
    boxed numbers, `a[i] = a[i] + n` of a `list[int]` to a machine addition (5 M instructions in 500 games)."""
    counts[index] = counts[index] + n


def _counts(counters: dict[str, list[int]], key: str, size: int) -> list[int]:
    """The counters under `key`, new (zeros) on first use: `setdefault` would build them every time."""
    found = counters.get(key)
    if found is None:
        found = counters[key] = [0] * size
    return found


def _within(nested: dict[str, dict[str, Any]], key: str) -> dict[str, Any]:
    """The dict under `key`, new on first use."""
    found = nested.get(key)
    if found is None:
        found = nested[key] = {}
    return found


# ---- the report ------------------------------------------------------------------------------------

FAMILIES = [
    {"key": "cards", "title": "Town cards: win rate of the players who bought it at their first chance",
     "baseline": "the players who had it on offer (face up, affordable, while buying) for the first time and "
                 "passed it over, with the same gold at the same stage of the game"},
    {"key": "characters", "title": "Characters: win rate of the players dealt it at set up", "baseline": "1 / players"},
    {"key": "seats", "title": "Seats: win rate (seat 1 holds the first player marker on turn 1)",
     "baseline": "1 / players"},
    {"key": "policies", "title": "Policies: win rate of the seats each policy plays", "baseline": "1 / players"},
]
METHOD = ("95 % Wilson intervals for rates. A town card's players who took it at their first offer (face up, "
          "affordable, while buying) against those who passed it over then, compared within strata of the same gold "
          f"(capped at {GOLD_CAP}) and the same {TURN_BAND}-turn band: the Mantel-Haenszel difference with Sato's "
          "interval; its baseline is the buyers' rate less that difference. A verdict is strong or weak only when "
          "the difference's (or a rate's from 1 / players) interval excludes the baseline after Holm's correction "
          f"over its family (family-wise error 5 %); unknown under {stats.MIN_N} observations on a side (in strata "
          f"holding both); avoided when fewer than {stats.AVOIDED:.0%} of the players offered a card bought it. "
          "Shared wins count in parts.")


def report(data: dict[str, Any], tally: dict[str, Any], players: int, policies: list[str]) -> dict[str, Any]:
    """The game-specific half of the report: judged entries per family, length, ends, scores."""
    n = tally["games"]
    base = 1.0 / players
    seats = [rate_entry(str(i + 1), w / UNITS, n, base) for i, w in enumerate(tally["seat_wins"])]
    chars = [rate_entry(cid, w / UNITS, g, base, name=_name(data["characters"], cid))
             for cid, (g, w) in sorted(tally["char"].items())]
    town = [c for c in data["cards"] if not c["starting"]]
    out: dict[str, Any] = {
        "length": histogram_summary(tally["lengths"]),
        "end_reasons": dict(sorted(tally["reasons"].items())),
        "scores": {"all": histogram_summary(tally["scores"]), "winner": histogram_summary(tally["winner_scores"]),
                   "spread": histogram_summary(tally["spreads"])},
        "seats": seats, "characters": chars,
        "cards": card_entries(town, _pool(tally["card"]), _pool_strata(tally["first"]), n),
        "families": FAMILIES,
    }
    if "search" in policies:  # what the search cost: decisions per second is this over the run's time
        out["counts"] = {"Search policy": dict(tally["search"])}
    for family in ("seats", "characters"):
        judged_rates(out[family], base)
    if len(set(policies)) > 1:
        out["policies"] = [rate_entry(name, w / UNITS, g, base) for name, (g, w) in sorted(tally["policy"].items())]
        judged_rates(out["policies"], base)
        out["cards_by_policy"] = {name: card_entries(town, tally["card"].get(name, {}), tally["first"].get(name, {}), n)
                                  for name in sorted(set(policies))}
    else:
        out["families"] = FAMILIES[:3]
    return out


def _name(items: list[dict[str, Any]], item_id: str) -> str:
    return next((c["name"] for c in items if c["id"] == item_id), item_id)


def _pool(by_policy: dict[str, dict[str, list[int]]]) -> dict[str, list[int]]:
    pooled: dict[str, list[int]] = {}
    for cards in by_policy.values():
        for cid, counts in cards.items():
            into = pooled.setdefault(cid, [0] * 5)
            for i, v in enumerate(counts):
                into[i] += v
    return pooled


def _pool_strata(by_policy: dict[str, dict[str, dict[str, list[int]]]]) -> dict[str, dict[str, list[int]]]:
    """Every policy's strata side by side: with mixed seats a card's players are compared within a policy too."""
    return {cid: {f"{name}:{key}": cell for name, cards in by_policy.items() for key, cell in cards.get(cid, {}).items()}
            for cid in {cid for cards in by_policy.values() for cid in cards}}


def card_entries(town: list[dict[str, Any]], counts: dict[str, list[int]], firsts: dict[str, dict[str, list[int]]],
                 games: int) -> list[dict[str, Any]]:
    """One judged entry per town card: taken against passed over at the first offer, stratum by stratum
    (Mantel-Haenszel), Holm-corrected over the deck."""
    entries, p_values = [], {}
    for card in town:
        c = counts.get(card["id"], [0] * 5)
        cells = list(firsts.get(card["id"], {}).values())
        took, passed = sum(x[TOOK] for x in cells), sum(x[PASSED] for x in cells)
        passed_wins = sum(x[PASSED_WINS] for x in cells) / UNITS
        both = [(x[TOOK_WINS] / UNITS, x[TOOK], x[PASSED_WINS] / UNITS, x[PASSED])
                for x in cells if x[TOOK] and x[PASSED]]  # the strata that compare
        e = rate_entry(card["id"], sum(x[TOOK_WINS] for x in cells) / UNITS, took, None, name=card["name"])
        e.update({
            "cost": card["cost"],
            "baseline_n": passed, "baseline_wins": round(passed_wins, 4),
            "passed_win_rate": round(passed_wins / passed, 4) if passed else None,
            "compared_n": sum(x[1] for x in both), "compared_baseline_n": sum(x[3] for x in both),
            "offered": c[OFFERED], "buyers": c[BUYERS],
            "bought_share": round(c[BUYERS] / c[OFFERED], 4) if c[OFFERED] else None,
            "buys_per_game": round(c[BUYS] / games, 4) if games else None,
            "mean_turn_bought": round(c[TURN_SUM] / c[BUYS], 2) if c[BUYS] else None,
            "plays_per_buyer": round(c[PLAYS] / c[BUYERS], 2) if c[BUYERS] else None,
        })
        if both:
            d, low, high, p_values[card["id"]] = stats.mantel_haenszel(both)
            e.update({"baseline": round(e["win_rate"] - d, 4), "difference": round(d, 4),
                      "difference_low": round(low, 4), "difference_high": round(high, 4)})
        else:
            e.update({"baseline": None, "difference": None, "difference_low": None, "difference_high": None})
        if c[OFFERED] >= stats.MIN_N and c[BUYERS] < stats.AVOIDED * c[OFFERED]:
            e["verdict"] = "avoided"
        elif e["compared_n"] < stats.MIN_N or e["compared_baseline_n"] < stats.MIN_N:
            e["verdict"] = "unknown"
            # bought at (almost) every first offer: no number of games gives it passers to be compared with
            never = took >= stats.MIN_N and passed < stats.AVOIDED * (took + passed)
            e["reason"] = stats.NEVER_PASSED if never else stats.TOO_FEW_SIDE
        entries.append(e)
    stats.judge(entries, lambda e: (p_values[e["id"]], e["difference"]))
    return entries


def differences(data_a: dict[str, Any], data_b: dict[str, Any]) -> list[str]:
    """What differs between two definitions, card by card and character by character."""
    return list_changes(data_a, data_b, ("cards", "characters"))



def definitions(data: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The judged items by report family: the town cards and the characters."""
    return {"cards": [c for c in data["cards"] if not c["starting"]], "characters": data["characters"]}

