"""What a map designer asks of Eldorado, counted over simulated games and judged.

Policies choose (`simulation`); this module only watches: per leader, home port and seat who
won; per city how many players were bound for it (its Eldorado card), how many of them won and
reached it, in how many turns, and the treasure taken from its Indians; soldiers lost by cause
and players out by cause. Every count is an integer, so tallies add up exactly in any order:
the same seed gives the same report whatever `--jobs` and `--shard` (`checker.core.batches`).
"""
from __future__ import annotations

import random
from typing import Any

from checker.core import health
from checker.core.batches import bump, seeded_games
from checker.core.compare import list_changes
from checker.core.errors import StateError
from checker.core.judged import histogram_summary, judged_rates, rate_entry

from .simulation import MAX_TURNS, POLICIES, Choose, act, setup
from .world import World, compile_game

FAMILY = "eldorado"
POLICY_NAMES = ("random", "greedy")
DEFAULT_POLICY = "greedy"
TUNABLE = ("cities",)  # the `definitions` families whose integer fields `checker tune` varies
DEFAULT_BUDGET = 0  # no search policy: nothing to spend
METHOD = ("95 % Wilson intervals for rates; a verdict is strong or weak only when the interval excludes 1 / players "
          "after Holm's correction over its family (family-wise error 5 %); unknown under 30 players in an entry.")
CAUSES = ("monsters", "indians", "combat", "hunger")
LOSS_OF = {"indians": "indians", "combat": "combat", "takeover": "combat"}  # an action's losses by its kind
# city counters: the index of each in its list
BOUND, BOUND_WINS, REACHED, TURN_SUM, BEATEN, TREASURE = range(6)


def prepare(game: Any) -> dict[str, Any]:
    """The compiled game (JSON-able: shards carry it, workers receive it)."""
    return game if isinstance(game, dict) else compile_game(game)


def check(data: dict[str, Any], players: int) -> None:
    for key, what in ((len(data["leaders"]), "leaders (characters)"), (len(data["map"]["cities"]), "cities")):
        if key < players:
            raise StateError(f"expected at least one of the {what} per player ({players}), got {key}: add them to "
                             "the game's definitions", field="characters" if what.startswith("leaders") else "map")


def new_tally(players: int) -> dict[str, Any]:
    return {"games": 0, "lengths": {}, "reasons": {}, "scores": {}, "winner_scores": {}, "spreads": {},
            "seat_wins": [0] * players, "leader": {}, "port": {}, "policy": {}, "city": {}, "lost": {}, "out": {},
            "health": health.new_tally()}


def tally_games(data: dict[str, Any], first: int, count: int, players: int, seed: int, policies: list[str],
                budget: int) -> dict[str, Any]:
    """Play games first..first+count-1 (game i seeded from (seed, i) alone) and count them."""
    world = World(data)
    made = {name: POLICIES[name](world) for name in set(policies)}
    choosers = [made[name] for name in policies]
    tally = new_tally(players)
    for rng in seeded_games(seed, first, count):
        play_game(world, players, rng, choosers, policies, tally)
    return tally


def play_game(world: World, players: int, rng: random.Random, choosers: list[Choose], names: list[str],
              tally: dict[str, Any]) -> None:
    """Play one game to its end (a homecoming, everyone out, or the turn limit) and count it."""
    t = setup(world, players, rng)
    seats, rand = t.players, rng.random
    reached: dict[str, int] = {}  # player -> turn they opened their Eldorado
    gone: set[str] = set()  # players already counted out
    lost = tally["lost"]
    leaders: list[int] = []  # after each turn, the seat with the most treasure alone (-1: a tie): `health`
    winner, reason, turns = None, "turn limit", 0
    while winner is None and turns < MAX_TURNS:
        turns += 1
        moved = False
        for p, choose in zip(seats, choosers):
            if p.out:
                continue
            die = int(rand() * 6) + 1
            choice = choose(t, p, die, rand)
            if choice is None:
                continue
            moved = True
            action, first = choice
            fight = LOSS_OF.get(action["kind"])
            before = [q.soldiers + q.guard for q in seats] if fight else []
            treasure, beaten = p.treasure, len(t.beaten)
            play = act(t, p, action, first, rng)
            for cause, n in play.lost.items():
                bump(lost, cause, n)
            if fight:
                bump(lost, fight, sum(max(b - (q.soldiers + q.guard), 0) for b, q in zip(before, seats)))
                for q in seats:
                    if q.out and q.name not in gone:
                        gone.add(q.name)
                        bump(tally["out"], fight)
            if len(t.beaten) > beaten:
                c = _city(tally, t.beaten[-1])
                c[BEATEN] += 1
                c[TREASURE] += p.treasure - treasure
            if p.opened and p.name not in reached:
                reached[p.name] = turns
            if play.winner is not None:
                winner = play.winner
                reason = "homecoming"
                break
        leaders.append(_leader([p.treasure for p in seats]))
        if winner is None and all(p.out for p in seats):
            reason = "everyone out"
            break
        if winner is None and not moved:
            reason = "stalled"
            break
    won = [int(p.name == winner) for p in seats]
    piles = [p.treasure for p in seats]
    health.count_game(tally["health"], leaders, won, health.margin(piles, won))
    _count(tally, t, turns, reason, winner, reached, names)


def _leader(piles: list[int]) -> int:
    """The seat with the most treasure alone, or -1 when the most is shared."""
    best = max(piles)
    return piles.index(best) if piles.count(best) == 1 else -1


def _count(tally: dict[str, Any], t: Any, turns: int, reason: str, winner: str | None, reached: dict[str, int],
           names: list[str]) -> None:
    tally["games"] += 1
    bump(tally["lengths"], str(turns))
    bump(tally["reasons"], reason)
    piles = [p.treasure for p in t.players]
    for s in piles:
        bump(tally["scores"], str(s))
    bump(tally["winner_scores"], str(max(piles)))
    bump(tally["spreads"], str(max(piles) - min(piles)))
    ports = {lead.id: lead.port for lead in t.world.leaders.values()}
    for seat, p in enumerate(t.players):
        won = int(p.name == winner)
        tally["seat_wins"][seat] += won
        for key, item in (("leader", p.leader), ("port", ports[p.leader]), ("policy", names[seat])):
            entry = tally[key].setdefault(item, [0, 0])
            entry[0] += 1
            entry[1] += won
        c = _city(tally, p.eldorado)
        c[BOUND] += 1
        c[BOUND_WINS] += won
        if p.name in reached:
            c[REACHED] += 1
            c[TURN_SUM] += reached[p.name]


def _city(tally: dict[str, Any], city: str) -> list[int]:
    return tally["city"].setdefault(city, [0] * 6)


# ---- the report ------------------------------------------------------------------------------------

FAMILIES = [
    {"key": "leaders", "title": "Leaders: win rate of the players dealt each leader (character)",
     "baseline": "1 / players"},
    {"key": "ports", "title": "Home ports: win rate of the players who sailed from each", "baseline": "1 / players"},
    {"key": "cities", "title": "Cities: win rate of the players bound for each (their Eldorado card)",
     "baseline": "1 / players",
     "columns": [("reached_share", "reached by", "pct"), ("mean_turn_reached", "turn", "num"),
                 ("treasure_per_beating", "treasure per beating", "num"), ("beaten", "Indians beaten", "int")]},
    {"key": "seats", "title": "Seats: win rate (seat 1 acts first each turn)", "baseline": "1 / players"},
    {"key": "policies", "title": "Policies: win rate of the seats each policy plays", "baseline": "1 / players"},
]


def report(data: dict[str, Any], tally: dict[str, Any], players: int, policies: list[str]) -> dict[str, Any]:
    """The game-specific half of the report: judged entries per family, length, ends, treasure, losses."""
    n = tally["games"]
    base = 1.0 / players
    names = {lead["id"]: lead["name"] for lead in data["leaders"]}
    ports = {q["name"]: q["id"] for q in data["map"]["ports"]}
    cities = []
    for city in data["map"]["cities"]:
        c = tally["city"].get(city["id"], [0] * 6)
        e = rate_entry(city["id"], c[BOUND_WINS], c[BOUND], base, name=city["name"])
        e.update({"square": city["square"], "reached": c[REACHED],
                  "reached_share": round(c[REACHED] / c[BOUND], 4) if c[BOUND] else None,
                  "mean_turn_reached": round(c[TURN_SUM] / c[REACHED], 2) if c[REACHED] else None,
                  "beaten": c[BEATEN], "beaten_share": round(c[BEATEN] / n, 4) if n else None,
                  "treasure": c[TREASURE],
                  "treasure_per_beating": round(c[TREASURE] / c[BEATEN], 2) if c[BEATEN] else None})
        cities.append(e)
    out: dict[str, Any] = {
        "length": histogram_summary(tally["lengths"]),
        "end_reasons": dict(sorted(tally["reasons"].items())),
        "scores": {"all": histogram_summary(tally["scores"]), "winner": histogram_summary(tally["winner_scores"]),
                   "spread": histogram_summary(tally["spreads"])},
        "counts": {"Soldiers lost, by cause": {c: tally["lost"].get(c, 0) for c in CAUSES},
                   "Players out, by cause": {c: tally["out"].get(c, 0) for c in CAUSES if c in ("indians", "combat")}},
        "leaders": [rate_entry(lid, w, g, base, name=names.get(lid)) for lid, (g, w) in sorted(tally["leader"].items())],
        "ports": [rate_entry(ports.get(port, port), w, g, base, name=port)
                  for port, (g, w) in sorted(tally["port"].items())],
        "cities": cities,
        "seats": [rate_entry(str(i + 1), w, n, base) for i, w in enumerate(tally["seat_wins"])],
        "families": FAMILIES[:4],
    }
    if len(set(policies)) > 1:
        out["policies"] = [rate_entry(name, w, g, base) for name, (g, w) in sorted(tally["policy"].items())]
        out["families"] = FAMILIES
    for family in out["families"]:
        judged_rates(out[family["key"]], base)
    return out


def differences(data_a: dict[str, Any], data_b: dict[str, Any]) -> list[str]:
    """What differs between two definitions: the map's features, field by field, and the leaders."""
    a, b = data_a["map"], data_b["map"]
    changes = list_changes({"leaders": data_a["leaders"], **a}, {"leaders": data_b["leaders"], **b},
                           ("leaders", "ports", "islands", "rivers", "cities", "monsters"))
    if a["rows"] != b["rows"]:
        rows = [i + 1 for i, (x, y) in enumerate(zip(a["rows"], b["rows"])) if x != y]
        changes.append(f"map: rows {', '.join(map(str, rows)) or 'count'} changed")
    return changes


def definitions(data: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The judged items by report family: leaders, cities and home ports."""
    return {"leaders": data["leaders"], "cities": data["map"]["cities"], "ports": data["map"]["ports"]}

