"""`checker simulate`'s players for Eldorado: whole games on the engine's own table and action steps.

A game (ruling ELD-17): leaders and Eldorado cards dealt by lot, the order of play by lot, then
turn after turn each player still in takes one action. Every action is a legal one and is settled by
the same step `checker resolve` runs (`kinds.RUN`), with the log off and the dice from the game's
seed. A walk's die is rolled before its path is chosen (Movement Rules), so each turn rolls that
die first and hands it to the policy; the chosen action rolls it as its first die, unless it is
one that rolls none (a homecoming, boarding an unguarded ship). Neither policy looks at it except
to choose a walk's path, so a sail or a fight is chosen before its die as at the table.

The random policy lists every legal action (`legal_for`) and picks one. The greedy one samples
without listing (issue 9: a policy may, if it picks only legal actions): it asks the engine's own
checks (`legal.OPTIONS`, `sails`, `may_walk`, `Walks`) about the few actions it wants, in order,
and lists everything only when it wants none of them. What is counted lives in `metrics`.
"""
from __future__ import annotations

import heapq
from typing import Any, Callable

from checker.core.dice import Dice

from .kinds import RUN
from .legal import DIELESS, DIRECTIONS, OPTIONS, Walks, legal_for, may_fight, may_resupply, may_walk, sails
from .movement import may_sail
from .play import Play
from .state import Player, Table
from .world import World

MAX_TURNS = 150  # a safety stop (reported as "turn limit"): the random policy rarely comes home
Choice = tuple[dict, int | None]  # an action and the die it rolls first (None: it rolls none)
Choose = Callable[[Table, Player, int, Callable[[], float]], Choice | None]
SAIL, WALK = 1 / 2.33, 1 / 3.5  # turns per square: a wind die moves 2.33 on average (1 and 6 lose it), a march 3.5
MONSTER_TOLL = 0.5  # extra turns a greedy captain counts for ending in monster waters (a soldier, a barrel)
OUTFIT_ROUNDS = 2  # about 7 soldiers and barrels: 8 aboard eat one barrel a move (E3)
SAFE = 6  # soldiers enough that the Indians' die (1-6) cannot kill the leader (ELD-13)


def setup(world: World, players: int, rng: Any) -> Table:
    """Leaders and Eldorado cards dealt, seats in the order of play, each party aboard at its departure port."""
    leaders = rng.sample(sorted(world.leaders), players)
    cities = rng.sample(sorted(world.chart.cities), players)
    seats = []
    for leader, city in zip(leaders, cities):
        port = world.home_port(world.leaders[leader]).square
        seats.append(Player(leader, port, port, leader, eldorado=city))
    return Table(world, seats, [], [])


def options(table: Table, p: Player, die: int) -> tuple[list[dict], int]:
    """Every legal action of `p` this turn: those that roll `die` first, then those that roll none
    (a homecoming, boarding an unguarded ship); the index where the dieless ones start."""
    table.dice = [die]
    rolling = legal_for(table, p)
    table.dice = []
    dieless: list[dict] = []
    # only a ship in port (a homecoming) or another's ship underfoot (a takeover) can need no die: ask then
    if (p.aboard and table.chart.port(p.at) is not None) or \
            (p.opened and any(o is not p and o.ship == p.at for o in table.players)):
        dieless = [a for a in legal_for(table, p, DIELESS) if a not in rolling]
    return rolling + dieless, len(rolling)


def any_action(t: Table, p: Player, die: int, rand: Callable[[], float]) -> Choice | None:
    """Any legal action, each as likely; None when there is none."""
    acts, dieless = options(t, p, die)
    if not acts:
        return None
    i = int(rand() * len(acts))
    return acts[i], (die if i < dieless else None)


def act(table: Table, p: Player, action: dict, die: int | None, rng: Any) -> Play:
    """Settle one legal action by the engine's own step; the dice after `die` come from the game's seed."""
    dice = Dice([] if die is None else [die])
    dice.rng = rng
    play = Play(table, None, dice)
    fields = {k: v for k, v in action.items() if k not in ("kind", "player")}
    if "opponent" in fields:
        fields["opponent"] = table.by_name[fields["opponent"]]
    RUN[action["kind"]](play, p, fields)
    play.leftover_dice()
    return play


# ---- policies: POLICIES[name](world) -> choose(table, player, die, rand) -> (action, first die) | None ----

def random_policy(world: World) -> Choose:
    """Any legal action, each as likely."""
    return any_action


class Charts:
    """A greedy captain's sense of distance: expected turns to reach a goal from every square."""

    def __init__(self, world: World):
        self.chart = world.chart
        chart = self.chart
        self.squares = chart.squares()
        self.sea = {sq for sq in self.squares if chart.is_sea(sq)}
        self.toll = {sq for sq in self.sea if chart.monsters(sq) is not None}
        self.cities = {c.id: c.square for c in chart.cities.values()}
        self.home = [q.square for q in chart.ports.values()]
        self.islands = [sq for sq in self.squares if not chart.is_sea(sq)
                        and any(i.provisions for i in chart.islands_beside(sq)) and chart.is_coast(sq)]
        self._turns: dict[Any, dict[str, float]] = {}

    def turns(self, goal: Any, targets: list[str], on_foot: bool = False) -> dict[str, float]:
        """Dijkstra from `targets` (cached by `goal`): walking costs WALK a square, sailing SAIL
        (`on_foot`: over land only)."""
        found = self._turns.get((goal, on_foot))
        if found is not None:
            return found
        chart, sea = self.chart, self.sea
        dist = {sq: 0.0 for sq in targets}
        queue = [(0.0, sq) for sq in targets]
        while queue:
            d, here = heapq.heappop(queue)
            if d > dist.get(here, 1e9):
                continue
            for sq in chart.neighbours(here).values():
                if on_foot and sq in sea:
                    continue
                cost = SAIL if (sq in sea or here in sea) else WALK
                cost += MONSTER_TOLL if sq in self.toll else 0.0
                if d + cost < dist.get(sq, 1e9):
                    dist[sq] = d + cost
                    heapq.heappush(queue, (d + cost, sq))
        self._turns[(goal, on_foot)] = dist
        return dist


def points(p: Player) -> int:
    """A party's combat points before the die (E2): soldiers, muskets, the ship's cannons when aboard."""
    return p.soldiers + 2 * p.muskets + (3 * p.cannons if p.aboard else 0)


def greedy_policy(world: World) -> Choose:
    """Outfits, heads for its city, fights when favourable, resupplies when low, comes home with treasure."""
    charts = Charts(world)
    chart = world.chart
    # (ship's square, goal) -> the best sail's score and direction, or None: with a soldier aboard (may_sail)
    # where a ship may sail depends on its square alone (legal.courses), and the chart never changes
    best_sails: dict[tuple[Any, Any], tuple[float, str] | None] = {}
    landfalls: dict[Any, list[list[str]]] = {}  # ship's square -> where a sail in each direction may end

    def goal(t: Table, p: Player) -> tuple[Any, list[str]]:
        if not p.opened and p.eldorado is not None:
            return p.eldorado, [charts.cities[p.eldorado]]
        if p.treasure == 0:
            unbeaten = [c for c in charts.cities if c not in t.beaten]
            if unbeaten:
                best = min(unbeaten, key=lambda c: charts.turns(c, [charts.cities[c]]).get(p.at, 1e9))
                return best, [charts.cities[best]]
        return "home", charts.home

    def stores_for(p: Player, by_sea: dict[str, float]) -> int:
        """Barrels for the voyage to the goal and a margin: one a move per started ten aboard (E3)."""
        return min(int((1 + (p.soldiers + p.guard) // 10) * (by_sea.get(p.at, 0.0) + 3)), 30)

    def choose(t: Table, p: Player, die: int, rand: Callable[[], float]) -> Choice | None:
        name = p.name
        if p.aboard and chart.port(p.at) is not None and OPTIONS["homecoming"](t, p, None):
            return {"kind": "homecoming", "player": name}, None  # rolls no die
        at_city = chart.city(p.at) or chart.guarded_city(p.at)
        if at_city is not None and (not p.aboard or (p.soldiers >= SAFE and p.treasure == 0)) \
                and OPTIONS["indians"](t, p, die):
            return {"kind": "indians", "player": name}, die
        strength = points(p)
        for o in t.players:
            if o is not p and not o.out and strength >= points(o) + 6 and may_fight(p, o):  # wins whatever the dice
                return {"kind": "combat", "player": name, "opponent": o.name}, die
        if p.ship is None:
            for first in (die, None):  # a guarded ship first (a fight: the die), then an unguarded one (no die)
                boarding = OPTIONS["takeover"](t, p, first)
                if boarding:
                    return {"kind": "takeover", "player": name, **boarding[0]}, first
        if p.soldiers + p.barrels == 0:
            rounds = OPTIONS["outfit"](t, p, die)
            if rounds:
                picked = next((r for r in rounds if r.get("rounds", 1) == OUTFIT_ROUNDS), rounds[0])
                return {"kind": "outfit", "player": name, **picked}, die
        key, targets = goal(t, p)
        by_sea = charts.turns(key, targets)
        want = stores_for(p, by_sea) if p.aboard else 0
        in_port = p.ship is not None and chart.port(p.ship) is not None
        # one round in port: crew and stores (a crew of ten eats two barrels a move)
        if (p.soldiers < 5 or p.barrels < want and p.soldiers < 12 if in_port else p.barrels < want) \
                and may_resupply(t, p):
            return {"kind": "resupply", "player": name}, die
        if p.aboard and p.barrels < want:  # short of stores for the voyage: an island on the way first
            isle = charts.turns("islands", charts.islands).get(p.at, 1e9)
            if isle < by_sea.get(p.at, 1e9):
                key, targets = "islands", charts.islands
                by_sea = charts.turns(key, targets)
        move = best_move(t, p, die, key, targets, by_sea)
        return ({"kind": "move", "player": name, **move}, die) if move is not None else any_action(t, p, die, rand)

    def best_move(t: Table, p: Player, die: int, key: Any, targets: list[str], by_sea: dict[str, float]) -> dict | None:
        """The sail or walk that brings the party nearest its goal (a walk leaves one soldier on guard
        when three or more are aboard); None when it may neither sail nor walk."""
        on_foot = charts.turns(key, targets, on_foot=True)
        here = on_foot.get(p.at, 1e9)
        if not p.aboard and here >= 1e9 and p.ship is not None:  # nothing to walk to from here: back to the ship
            key, targets = ("ship", p.ship), [p.ship]
            on_foot = charts.turns(key, targets, on_foot=True)
        best: dict[str, Any] | None = None
        best_score = 1e18
        if p.aboard and may_sail(p):  # the best-scored direction the ship may sail (the first of equals)
            where = (p.ship, key)
            if where not in best_sails:
                ends = landfalls.get(p.ship) or landfalls.setdefault(
                    p.ship, [_landfalls(chart, p.ship, d) for d in DIRECTIONS])
                scores = sorted((sum(by_sea.get(sq, 1e9) for sq in ends[i]) / 4, i) for i in range(len(DIRECTIONS)))
                free = sails(t, p)
                best_sails[where] = next(((score, DIRECTIONS[i]) for score, i in scores if DIRECTIONS[i] in free), None)
            sail = best_sails[where]
            if sail is not None:
                best_score, best = sail[0], {"direction": sail[1]}
        walk = not p.aboard or (key not in ("home", "islands") and here <= by_sea.get(p.at, 1e9) + 1.0)
        if not walk or not may_walk(t, p):
            return best
        guard: dict[str, int] = {"guard": 1} if p.aboard and p.soldiers >= 3 else {}
        outcomes = Walks(t, p, die)
        chosen = None
        for i, end in enumerate(outcomes.ends):
            score = on_foot.get(end, 1e9)
            city = chart.city(end) or chart.guarded_city(end)
            if city is not None and city.id not in t.beaten and city.square not in targets:
                score += 5.0  # unbeaten Indians fight to the death: only those of the goal
            if score < best_score:
                chosen, best_score = i, score
        return best if chosen is None else {"path": outcomes.path(chosen), **guard}

    return choose


def _landfalls(chart: Any, ship: str | None, direction: str) -> list[str]:
    """Where a sail toward `direction` may end on a fair wind or a river's die (2 to 5 squares): what a
    greedy captain weighs (E4: straight on, stopping at a coast or the edge; on a river, along it)."""
    if ship is None:
        return []
    if direction in ("upstream", "downstream"):
        nxt = chart.upstream(ship) if direction == "upstream" else chart.downstream(ship)
        return [nxt or ship] * 4
    ends, here = [], ship
    for _ in range(5):
        nxt = chart.step(here, direction[0].upper())
        if nxt is not None and (here == ship or chart.is_sea(here)):
            here = nxt
        ends.append(here)
    return ends[1:]


POLICIES: dict[str, Callable[[World], Choose]] = {"random": random_policy, "greedy": greedy_policy}
