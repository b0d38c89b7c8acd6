"""`checker simulate`'s players: simple policies, and the table set up for a whole game.

The fast path is the same turn engine with no log (no text is ever built). What is
counted and judged lives in `metrics`; running and merging games in `checker.core.batches`
and `shards`; the search policy in `search`.
"""
from __future__ import annotations

import random
from operator import attrgetter
from typing import Any, Callable, Final

from .attacks import find_target
from .gone import apply_immediate, place_character
from .legal import affordable, may_refresh, playable
from .players import Play, Player
from .rules import LEFT, RIGHT, Option, Rules
from .turn import Table

MAX_TURNS: Final = 200  # a safety stop: simple policies may stall; reported as "turn limit"


# ---- policies: POLICIES[name](rules) -> (table, player, rng.random) -> Play ------------------------
# A policy chooses among legal plays only (`legal`: the cards it may reveal, what its gold pays for);
# tests check every choice against `legal.legal_for`.

Policy = Callable[[Table, Player, Callable[[], float]], Play]


def random_policy(rules: Rules) -> Policy:
    """Any card, any end, any way; buys a random affordable face-up card (and 1 in 5 replaces the row)."""

    def choose(t: Table, p: Player, rand: Callable[[], float]) -> Play:
        hand = playable(p)
        card = hand[int(rand() * float(len(hand)))]  # float(): the same product, multiplied natively
        option = (1 if rand() >= 0.5 else 0) if card.two_ended else 0  # int(rand() * 2): doubling is exact
        direction = LEFT if rand() < 0.5 else RIGHT
        opt = card.options[option]
        if not opt.buys:
            return Play(card, p.seat, option, direction)
        cost = opt.refresh_cost
        refresh = rand() < 0.2 and may_refresh(t, p, opt)
        # a refresh turns up the deck's top `town_row` (the old row under it) and leaves less gold to buy
        # with (may_refresh checked the row; a refresh needs the deck the state gives)
        size = rules.town_row
        turned_up = (t.deck[:size] + t.row)[:size] if refresh and t.deck is not None and t.row is not None else t.row
        can = affordable(p, turned_up, cost if refresh else 0)
        buy = can[int(rand() * float(len(can)))] if can else None
        return Play(card, p.seat, option, direction, buy, refresh)

    return choose


def greedy_policy(rules: Rules) -> Policy:
    """The card end that best feeds the smaller of infamy and banked gold, this turn; aims at the
    richer (then weaker) neighbour; buys the dearest affordable card."""
    top = rules.track_limit
    values = {card: tuple((option, *_greedy_values(opt, top)) for option, opt in enumerate(card.options))
              for card in rules.cards.values()}
    states, side = (top + 1) ** 2, top + 1  # (ammo, health) pairs; a track's values

    def choose(t: Table, p: Player, rand: Callable[[], float]) -> Play:
        hungry = p.infamy <= p.banked  # infamy is the smaller half of the score
        at = (0 if hungry else states) + p.ammo * side + p.health
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
        assert best is not None and best_option is not None, "a player on turn holds a card"
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


def _greedy_values(opt: Option, top: int) -> tuple[tuple[float, ...], int]:
    """What an option is worth to the greedy policy in every (hungry, ammo, health) state, but for
    the gold a Bank all moves; and how many Bank alls it has."""
    table = []
    for want_infamy in (WANT_INFAMY, WANT_INFAMY_RICH):
        want_gold = 2.2 - want_infamy
        for ammo in range(top + 1):
            for health in range(top + 1):
                value = 0.0
                for e in opt.effects:  # what each effect is worth: its `worth`, beside its rule
                    value += e.rule.worth(e, ammo, health, want_infamy, want_gold)
                table.append(value)
    return tuple(table), opt.banks


COST = attrgetter("cost")
POLICIES: dict[str, Callable[[Rules], Policy]] = {"random": random_policy, "greedy": greedy_policy}


# ---- one game ---------------------------------------------------------------------------------------

def setup(rules: Rules, players: int, rng: random.Random) -> Table:
    """Table and Player Set Up: town row of 3, 2 characters per player, 4 starting cards, 3 gold (the game's
    `town_row`, `characters_per_player`, `start_gold`)."""
    town = list(rules.town_copies)
    shuffle(rng, town)
    chars = list(rules.character_copies)
    shuffle(rng, chars)
    chars = chars[: rules.characters_per_player * players]
    seats = [Player(f"P{i + 1}", i, None, gone=True, hand=list(rules.starting), unbanked=rules.start_gold)
             for i in range(players)]
    size = rules.town_row
    table = Table(rules, seats, 0, town[:size], town[size:], chars)
    for p in seats:
        if table.characters:
            place_character(table, p, table.characters.pop(0))
        p.gone = False
    for p in seats:
        apply_immediate(table, p)
    return table


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """`rng.shuffle(items)`: the same permutation from the same generator (CPython's Fisher-Yates,
    each index drawn by `getrandbits` as `Random._randbelow` draws it), compiled with the engine
    rather than run as Python; a test holds it to `random.Random.shuffle`."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
