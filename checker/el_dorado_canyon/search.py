"""The search policy: flat Monte-Carlo over the plays a player may reveal (`--budget` playouts).

Each candidate play is tried in playouts of the rest of the game from a copy of the table
(the town and character decks reshuffled: a player does not know their order), every seat
playing the greedy policy after the searcher's first play (random playouts measured far
weaker: 20 % against three greedy seats, greedy playouts 71 % at budget 8);
UCB1 shares the budget out, so promising plays get more playouts. The play with the best
mean result (a win, shared wins in parts, plus a hair for the score lead; a playout cut at
`PLAYOUT_TURNS` counts as won by the best `_value`) is revealed.
It plays with the same turn engine as every policy (no twin), only on copies.
"""
from __future__ import annotations

import random
from math import log, sqrt
from typing import Callable

from .judge import game_ending, score, winners
from .players import Play, Player
from .legal import affordable, legal_for
from .rules import Rules
from .simulation import Policy, greedy_policy, shuffle
from .turn import Table

PLAYOUT_TURNS = 60  # a playout stops here and is judged on the scores so far
EXPLORE = 0.7  # UCB1's exploration constant, on results between 0 and 1


def candidates(t: Table, p: Player) -> list[Play]:
    """The legal plays (`legal.legal_for`) the search weighs: every card, end and arrow, buying
    nothing or an affordable face-up card; replacing the row is left out (its new cards are unknown
    when choosing), and so are buys that only gold gained this turn would pay for.

    Listed with the town deck set aside: a buy without a refresh can only name a face-up card
    (EDC-15), so trying each card of the deck as a target, only to drop it, was most of a
    decision's listing time."""
    face_up = affordable(p, t.row)
    deck, t.deck = t.deck, []
    try:
        plays = legal_for(t, p)
    finally:
        t.deck = deck
    return [pl for pl in plays if not pl.refresh and (pl.buy is None or pl.buy in face_up)]


def copy_table(t: Table, rng: random.Random) -> Table:
    """The table as a player may imagine it: the same seats, the decks in an unknown order."""
    seats = []
    for p in t.players:
        q = Player(p.name, p.seat, p.char)
        q.restore(p.snapshot())
        seats.append(q)
    deck = list(t.deck) if t.deck is not None else None
    chars = list(t.characters) if t.characters is not None else None
    if deck:
        shuffle(rng, deck)
    if chars:
        shuffle(rng, chars)
    return Table(t.rules, seats, t.first, list(t.row) if t.row is not None else None, deck, chars)


def search_policy(rules: Rules, budget: int, counts: dict[str, int] | None = None) -> Policy:
    """Flat Monte-Carlo with UCB1 over `candidates`, `budget` playouts per decision; `counts` adds up the
    decisions searched (more than one candidate) and their playouts, for the report and decisions/s."""
    if counts is None:
        counts = {}
    counts.setdefault("decisions", 0)
    counts.setdefault("playouts", 0)
    rollout = greedy_policy(rules)

    def playout(t: Table, p: Player, first: Play, rng: random.Random) -> float:
        sim = copy_table(t, rng)
        rand = rng.random
        seats = sim.players
        turn = 0
        while True:
            turn_plays: list[Play | None] = []
            for q in seats:
                if q.gone:
                    turn_plays.append(None)
                elif q.seat == p.seat and turn == 0:
                    turn_plays.append(Play(first.card, q.seat, first.option, first.direction, first.buy))
                else:
                    turn_plays.append(rollout(sim, q, rand))
            sim.play_turn(turn_plays)
            turn += 1
            if game_ending(sim) or turn >= PLAYOUT_TURNS:
                break
        me = seats[p.seat]
        if not game_ending(sim):
            mine = _value(me)
            return 1.0 if mine > max(_value(q) for q in seats if q is not me) else 0.0
        best = winners(seats)
        lead = score(me) - max(score(q) for q in seats if q is not me)
        return (1.0 / len(best) if me in best else 0.0) + max(-5, min(5, lead)) * 0.002

    def choose(t: Table, p: Player, rand: Callable[[], float]) -> Play:
        plays = candidates(t, p)
        if len(plays) == 1:
            return plays[0]
        counts["decisions"] += 1
        counts["playouts"] += budget
        rng = random.Random(int(rand() * 2 ** 53))
        n = [0] * len(plays)
        total = [0.0] * len(plays)
        order = list(range(len(plays)))
        shuffle(rng, order)  # with a budget below the candidates, a fair sample of them
        for k in range(budget):
            if k < len(plays):
                i = order[k]
            else:
                logk = log(k)
                i = max(range(len(plays)), key=lambda j: total[j] / n[j] + EXPLORE * sqrt(logk / n[j])
                        if n[j] else -1.0)
            n[i] += 1
            total[i] += playout(t, p, plays[i], rng)
        best = max((j for j in range(len(plays)) if n[j]), key=lambda j: (total[j] / n[j], n[j], -j))
        return plays[best]

    return choose


def _value(p: Player) -> float:
    """A cut playout's standing: the score with unbanked gold at half, a tenth for progress."""
    return min(p.infamy, p.banked + 0.5 * p.unbanked) - p.graveyard + 0.1 * (p.infamy + p.banked)
