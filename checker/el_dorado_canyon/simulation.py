"""`checker simulate`: whole games with simple policies, tallied for a designer.

The fast path is the same turn engine with no log (no text is ever built). Every game
gets its own generator seeded from (seed, game number), so the report is the same for
the same seed whatever `--jobs` is; workers return plain tallies that add up.
"""
from __future__ import annotations

import random
from operator import attrgetter
from typing import Any, Callable

from checker.core.compiled import compiled
from checker.core.errors import StateError

from .attacks import find_target
from .gone import apply_immediate, place_character
from .judge import game_ending, score, winners
from .legal import affordable, may_refresh, playable
from .players import MAX_TRACK, Play, Player
from .rules import LEFT, RIGHT, Option, Rules, compile_game
from .turn import Table

MAX_TURNS = 200  # a safety stop: simple policies may stall; reported as "turn limit"
START_GOLD = 3  # Player Set Up: "Take 3 gold"
MIN_BUYS = 20  # a card needs this many buyers before it is judged worth buying or not


# ---- policies: POLICIES[name](rules) -> (table, player, rng.random) -> Play ------------------------
# A policy chooses among legal plays only (`legal`: the cards it may reveal, what its gold pays for);
# tests check every choice against `legal.legal_actions`.

Policy = Callable[[Table, Player, Callable[[], float]], Play]


def random_policy(rules: Rules) -> Policy:
    """Any card, any end, any way; buys a random affordable face-up card (and 1 in 5 replaces the row)."""

    def choose(t: Table, p: Player, rand: Callable[[], float]) -> Play:
        hand = playable(p)
        card = hand[int(rand() * len(hand))]
        option = (1 if rand() >= 0.5 else 0) if card.two_ended else 0  # int(rand() * 2): doubling is exact
        direction = LEFT if rand() < 0.5 else RIGHT
        opt = card.options[option]
        if not opt.buys:
            return Play(card, p.seat, option, direction)
        cost = opt.refresh_cost
        refresh = rand() < 0.2 and may_refresh(t, p, opt)
        # a refresh turns up the deck's top 3 (the old row under it) and leaves less gold to buy with
        can = affordable(p, (t.deck[:3] + t.row)[:3] if refresh else t.row, cost if refresh else 0)
        buy = can[int(rand() * len(can))] if can else None
        return Play(card, p.seat, option, direction, buy, refresh)

    return choose


def greedy_policy(rules: Rules) -> Policy:
    """The card end that best feeds the smaller of infamy and banked gold, this turn; aims at the
    richer (then weaker) neighbour; buys the dearest affordable card."""
    values = {card: tuple((option, *_greedy_values(opt)) for option, opt in enumerate(card.options))
              for card in rules.cards.values()}

    def choose(t: Table, p: Player, rand: Callable[[], float]) -> Play:
        hungry = p.infamy <= p.banked  # infamy is the smaller half of the score
        at = (0 if hungry else GREEDY_STATES) + p.ammo * (MAX_TRACK + 1) + p.health
        gold = p.unbanked * (WANT_GOLD if hungry else WANT_GOLD_RICH)
        best = best_option = None
        best_value = -1.0
        for card in playable(p):
            for option, table, banks in values[card]:
                value = rand() * 0.1 + table[at]
                if banks:
                    value += banks * gold
                if value > best_value:
                    best, best_option, best_value = card, option, value
        left, right = find_target(t, p, LEFT), find_target(t, p, RIGHT)
        lu, ru = left.unbanked, right.unbanked
        direction = LEFT if lu > ru or (lu == ru and left.health <= right.health) else RIGHT
        buy = None
        if best.options[best_option].buys:
            can = affordable(p, t.row)
            buy = max(can, key=COST) if can else None
        return Play(best, p.seat, best_option, direction, buy)

    return choose


WANT_INFAMY, WANT_INFAMY_RICH = 1.5, 0.7  # greedy: how much infamy is worth when it is (not) the smaller half
WANT_GOLD, WANT_GOLD_RICH = 2.2 - WANT_INFAMY, 2.2 - WANT_INFAMY_RICH
GREEDY_STATES = (MAX_TRACK + 1) ** 2  # (ammo, health) pairs


def _greedy_values(opt: Option) -> tuple[tuple[float, ...], int]:
    """What an option is worth to the greedy policy in every (hungry, ammo, health) state, but for
    the gold a Bank all moves; and how many Bank alls it has."""
    table = []
    for want_infamy in (WANT_INFAMY, WANT_INFAMY_RICH):
        want_gold = 2.2 - want_infamy
        for ammo in range(MAX_TRACK + 1):
            for health in range(MAX_TRACK + 1):
                value = 0.0
                for e in opt.effects:  # what each effect is worth: its `worth`, beside its rule
                    value += e.rule.worth(e, ammo, health, want_infamy, want_gold)
                table.append(value)
    return tuple(table), opt.banks


COST = attrgetter("cost")
POLICIES: dict[str, Callable[[Rules], Policy]] = {"random": random_policy, "greedy": greedy_policy}


# ---- one game ---------------------------------------------------------------------------------------

def setup(rules: Rules, players: int, rng: random.Random) -> Table:
    """Table and Player Set Up: town row of 3, 2 characters per player, 4 starting cards, 3 gold."""
    town = list(rules.town_copies)
    rng.shuffle(town)
    chars = list(rules.character_copies)
    rng.shuffle(chars)
    chars = chars[: 2 * players]
    seats = [Player(f"P{i + 1}", i, None, gone=True, hand=list(rules.starting), unbanked=START_GOLD)
             for i in range(players)]
    table = Table(rules, seats, 0, town[:3], town[3:], chars)
    for p in seats:
        if table.characters:
            place_character(table, p, table.characters.pop(0))
        p.gone = False
    for p in seats:
        apply_immediate(table, p)
    return table


def play_game(rules: Rules, players: int, rng: random.Random, policy: Policy) -> dict[str, Any]:
    """Play one game to its end; what the tallies need, no log."""
    t = setup(rules, players, rng)
    players_, rand = t.players, rng.random
    turns = 0
    while turns < MAX_TURNS:
        turns += 1
        t.play_turn([None if p.gone else policy(t, p, rand) for p in players_])
        if game_ending(t):
            break
    held: list[list[str | None]] = [[] for _ in t.players]
    for seat, char_id in t.drawn:
        held[seat].append(char_id)
    reason = "characters" if t.draw_failed else "infamy" if game_ending(t) else "turn limit"
    return {"turns": turns, "reason": reason, "scores": [score(p) for p in t.players],
            "winners": [p.seat for p in winners(t.players)], "held": held, "bought": t.bought}


# ---- many games ---------------------------------------------------------------------------------------

def tally_games(data: dict[str, Any], first: int, count: int, players: int, seed: int, policy: str) -> dict[str, Any]:
    """Play games first..first+count-1 and add up what the report needs (plain, mergeable)."""
    rules = Rules(data)
    choose = POLICIES[policy](rules)
    rng = random.Random()
    tally: dict[str, Any] = {"games": 0, "lengths": {}, "reasons": {}, "seat_wins": [0.0] * players,
                             "char": {}, "card": {}, "score_sum": 0, "winner_sum": 0, "spread_sum": 0,
                             "score_min": None, "score_max": None}
    for index in range(first, first + count):
        rng.seed(seed * 1_000_003 + index)
        game = play_game(rules, players, rng, choose)
        _add(tally, game)
    return tally


def _add(tally: dict[str, Any], game: dict[str, Any]) -> None:
    tally["games"] += 1
    _bump(tally["lengths"], str(game["turns"]))
    _bump(tally["reasons"], game["reason"])
    share = 1.0 / len(game["winners"])
    for seat in game["winners"]:
        tally["seat_wins"][seat] += share
    for seat, chars in enumerate(game["held"]):
        won = share if seat in game["winners"] else 0.0
        for char_id in set(chars):
            entry = tally["char"].setdefault(char_id, [0, 0.0])
            entry[0] += 1
            entry[1] += won
    buyers = {}
    for seat, card_id in game["bought"]:
        buyers.setdefault(card_id, set()).add(seat)
    for card_id, seats in buyers.items():
        entry = tally["card"].setdefault(card_id, [0, 0.0])
        for seat in seats:
            entry[0] += 1
            entry[1] += share if seat in game["winners"] else 0.0
    scores = game["scores"]
    tally["score_sum"] += sum(scores)
    tally["winner_sum"] += max(scores)
    tally["spread_sum"] += max(scores) - min(scores)
    low, high = min(scores), max(scores)
    tally["score_min"] = low if tally["score_min"] is None else min(tally["score_min"], low)
    tally["score_max"] = high if tally["score_max"] is None else max(tally["score_max"], high)


def _bump(counter: dict[str, int], key: str, n: int = 1) -> None:
    counter[key] = counter.get(key, 0) + n


def merge(tallies: list[dict[str, Any]]) -> dict[str, Any]:
    """Add worker tallies up (order does not matter: same seed, same report)."""
    out = tallies[0]
    for other in tallies[1:]:
        out["games"] += other["games"]
        for key in ("lengths", "reasons"):
            for k, v in other[key].items():
                _bump(out[key], k, v)
        out["seat_wins"] = [a + b for a, b in zip(out["seat_wins"], other["seat_wins"])]
        for key in ("char", "card"):
            for k, (n, w) in other[key].items():
                entry = out[key].setdefault(k, [0, 0.0])
                entry[0] += n
                entry[1] += w
        for key in ("score_sum", "winner_sum", "spread_sum"):
            out[key] += other[key]
        out["score_min"] = min(out["score_min"], other["score_min"])
        out["score_max"] = max(out["score_max"], other["score_max"])
    return out


def simulate(game: Any, games: int = 1000, players: int = 4, seed: int = 0, policy: str = "random",
             jobs: int = 1) -> dict[str, Any]:
    """Play `games` games of `players` with `policy`; the designer's report (same seed, same report)."""
    data = compiled(game, compile_game)
    rules = Rules(data)
    have = len(rules.character_copies)
    if have < players:
        raise StateError(f"expected at least one character per player ({players}), got {have}: add characters "
                         f"to the game's definitions", field="characters")
    if jobs <= 1 or games < 2 * jobs:
        tally = tally_games(data, 0, games, players, seed, policy)
    else:
        from concurrent.futures import ProcessPoolExecutor

        chunks = [(games * i // jobs, games * (i + 1) // jobs - games * i // jobs) for i in range(jobs)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            parts = list(pool.map(_tally_chunk, [(data, first, n, players, seed, policy) for first, n in chunks]))
        tally = merge(parts)
    return report(rules, tally, players, seed, policy)


def _tally_chunk(args: tuple) -> dict[str, Any]:
    return tally_games(*args)


def report(rules: Rules, tally: dict[str, Any], players: int, seed: int, policy: str) -> dict[str, Any]:
    """What a designer needs: length, end reasons, win rates by seat, character and card, scores."""
    n = tally["games"]
    lengths = sorted((int(k), v) for k, v in tally["lengths"].items())
    base = 1.0 / players
    cards = {}
    for card in rules.town:
        bought, won = tally["card"].get(card.id, [0, 0.0])
        cards[card.id] = {"bought": bought, "win_rate": round(won / bought, 4) if bought else None}
    never = [cid for cid, c in cards.items()
             if c["bought"] == 0 or (c["bought"] >= MIN_BUYS and c["win_rate"] <= 0.75 * base)]
    always = [cid for cid, c in cards.items() if c["bought"] >= MIN_BUYS and c["win_rate"] >= 1.5 * base]
    return {
        "game": rules.id, "games": n, "players": players, "seed": seed, "policy": policy,
        "length": {"mean": round(sum(k * v for k, v in lengths) / n, 3), "min": lengths[0][0],
                   "max": lengths[-1][0], "median": _median(lengths, n)},
        "end_reasons": dict(sorted(tally["reasons"].items())),
        "win_rate_by_seat": {str(i + 1): round(w / n, 4) for i, w in enumerate(tally["seat_wins"])},
        "win_rate_by_character": {cid: {"games": g, "win_rate": round(w / g, 4)}
                                  for cid, (g, w) in sorted(tally["char"].items())},
        "win_rate_by_town_card": cards,
        "scores": {"mean": round(tally["score_sum"] / (n * players), 3),
                   "winner_mean": round(tally["winner_sum"] / n, 3),
                   "spread_mean": round(tally["spread_sum"] / n, 3),
                   "min": tally["score_min"], "max": tally["score_max"]},
        "never_worth_buying": never,
        "always_worth_buying": always,
        "criteria": (f"seat 1 holds the first player marker on turn 1; shared wins count in parts; a card is never "
                     f"worth buying if nobody bought it or its buyers (at least {MIN_BUYS}) won at most 0.75x the "
                     f"base rate {base:.2f}, always worth it at 1.5x or more"),
    }


def _median(lengths: list[tuple[int, int]], n: int) -> int:
    seen = 0
    for value, count in lengths:
        seen += count
        if seen * 2 >= n:
            return value
    return lengths[-1][0]


def format_report(r: dict[str, Any]) -> str:
    """The report as a designer reads it."""
    lines = [f"{r['game']}: {r['games']} games, {r['players']} players, policy {r['policy']}, seed {r['seed']}",
             f"Game length (turns): mean {r['length']['mean']}, median {r['length']['median']}, "
             f"min {r['length']['min']}, max {r['length']['max']}",
             "End reasons: " + ", ".join(f"{k} {v}" for k, v in r["end_reasons"].items()),
             "Win rate by seat: " + ", ".join(f"{k}: {v:.1%}" for k, v in r["win_rate_by_seat"].items()),
             f"Scores: mean {r['scores']['mean']}, winner mean {r['scores']['winner_mean']}, spread mean "
             f"{r['scores']['spread_mean']}, range {r['scores']['min']} to {r['scores']['max']}",
             "Win rate by character:"]
    lines += [f"  {cid:<24} {c['win_rate']:6.1%} of {c['games']}" for cid, c in r["win_rate_by_character"].items()]
    lines.append("Win rate by town card bought:")
    lines += [f"  {cid:<24} " + (f"{c['win_rate']:6.1%} of {c['bought']} buyers" if c["bought"] else "never bought")
              for cid, c in r["win_rate_by_town_card"].items()]
    lines.append("Never worth buying: " + (", ".join(r["never_worth_buying"]) or "none"))
    lines.append("Always worth buying: " + (", ".join(r["always_worth_buying"]) or "none"))
    lines.append(f"({r['criteria']})")
    return "\n".join(lines)
