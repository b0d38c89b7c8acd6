"""Which actions an Eldorado player may take now: `legal_actions(state, player, game)`, or `legal_for(table, p)`
on a table already read (what a simulator calls every turn: no dice rolled, no copy made).

Legality lives in the engine once: each kind's options below ask the same checks its action runs
before any die (`movement.course`, `movement.check_ashore`, `entry_problem`, `stop`, `supply.departure`,
`supply.stores`, `combat.meet`, `indians_at`, `check_takeover`, `judge.home_port`).

Dice are chance, not choices (E1). The state's first die is the one the chosen action rolls first;
the rest are rolled by --seed. A walk's die is rolled before its path is chosen (Movement Rules), so
walks are listed only when the state gives that die; an action that rolls no die (a homecoming, a
takeover of an unguarded ship) is listed only when it gives none (a given die would be left over).
Walks are listed one per outcome: one path to each square the die reaches (and, apart, a path that
opens the player's Eldorado on the way); any other path to the same square is the same move. A
fight is listed without `pay`: any order of payment (E2) may be added to it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator

from checker.core.errors import StateError

from .combat import check_takeover, indians_at, meet
from .judge import home_port, missing_for_victory
from .movement import check_ashore, course, entry_problem, may_sail, opens_eldorado, stop
from .state import MAX_ROUNDS, Player, Table, read_board
from .supply import departure, may_take_stores, stores
from .world import world_of

if TYPE_CHECKING:
    Action = dict[str, Any]
DIRECTIONS = ("north", "south", "east", "west", "upstream", "downstream")


def legal_actions(state: dict[str, Any], player: str, game: Any) -> list[Action]:
    """Every action `player` may take in `state` (its [action] is ignored), as [action] tables."""
    world = world_of(game, state.get("map"))
    table = read_board({k: v for k, v in state.items() if k != "action"}, world)
    p = table.by_name.get(player)
    return legal_for(table, p) if p is not None and "winner" not in state else []


def legal_for(table: Table, p: Player, kinds: tuple[str, ...] | None = None) -> list[Action]:
    """Every action of player `p` on a checked table, in the order of the kinds (only `kinds`, when given)."""
    if p.out:
        return []
    die = table.dice[0] if table.dice else None
    return [{"kind": kind, "player": p.name, **fields} for kind, options in OPTIONS.items()
            if kinds is None or kind in kinds for fields in options(table, p, die)]


def _allowed(check: Callable[[], Any]) -> bool:
    try:
        check()
    except StateError:
        return False
    return True


def _moves(table: Table, p: Player, die: int | None) -> Iterator[dict]:
    for direction in sails(table, p):
        yield {"direction": direction}
    if die is None or not may_walk(table, p):
        return
    guards: list[dict[str, int]] = [{}] + [{"guard": n} for n in range(1, p.soldiers + 1)] if p.aboard else [{}]
    for path in walks(table, p, die):
        for guard in guards:
            yield {"path": path, **guard}


def sails(table: Table, p: Player, directions: tuple[str, ...] = DIRECTIONS) -> list[str]:
    """The directions (of `directions`) `p`'s ship may sail now (none without a ship, the party aboard and a
    soldier)."""
    if not may_sail(p):
        return []
    open_ = courses(table, p)
    return [d for d in directions if d in open_]


def courses(table: Table, p: Player) -> tuple[str, ...]:
    """Every direction `p`'s ship may sail now, where `may_sail(p)` holds. Past that check `course` asks
    the chart alone (the ship's square, the direction), so the answer is kept per square for the world."""
    ship = p.ship
    found = table.world.courses.get(ship)  # type: ignore[arg-type]
    if found is None:
        found = table.world.courses[ship] = tuple(  # type: ignore[index]
            d for d in DIRECTIONS if _allowed(lambda: course(table, p, d)))
    return found


def may_walk(table: Table, p: Player) -> bool:
    """Whether the party may set out on foot now (with no guard left aboard: 1 to `p.soldiers` when aboard)."""
    return _allowed(lambda: check_ashore(table, p, 0))


def walks(table: Table, p: Player, die: int) -> list[list[str]]:
    """One path per outcome of a walk of `die` squares: each square it may end on (early at a stop)."""
    found = Walks(table, p, die)
    return [found.path(i) for i in range(len(found.ends))]


class Walks:
    """The outcomes of a walk of `die` squares, in the listing's order: `ends`, each one's last square, and
    `path(i)`, the squares walked to the i-th (built on demand: a policy that weighs the ends builds one).

    Whether a square may be stepped on, ends the walk or opens the Eldorado depends on the square
    alone (every step comes from a neighbour), so each is asked once per square, not once per path.
    The search goes level by level (a path may come back on itself); an outcome is a square, or the
    square and OPENED once the walk has opened the Eldorado on the way: plain strings, which hash once."""

    __slots__ = ("ends", "_outcomes", "_came")

    def __init__(self, table: Table, p: Player, die: int):
        chart = table.chart
        Step = tuple[tuple[str, str], bool]  # (the outcome, the outcome once opened), whether the walk stops there
        seen: dict[str, Step | None] = {}  # square -> its step, or None where the party may not step
        steps: dict[str, list[Step]] = {}  # square -> what it may step onto, in the chart's order

        def onward(here: str) -> list[Step]:
            found = steps[here] = []
            for sq in chart.neighbours(here).values():
                if sq not in seen:
                    if entry_problem(chart, p, sq) is not None:
                        seen[sq] = None  # never entered: whether it opens or stops does not matter
                    else:  # first met on the last step, the walk ends there anyway: no need to ask whether it stops
                        opened = sq + OPENED
                        seen[sq] = ((opened if opens_eldorado(chart, p, sq) is not None else sq, opened),
                                    not last and stop(table, p, sq) is not None)
                step = seen[sq]
                if step is not None:
                    found.append(step)
            return found

        ends: dict[str, int] = {}  # each outcome: the step it ends on
        came: list[dict[str, str]] = []  # step by step, each outcome reached: the one it was first reached from
        frontier = [p.at]
        for n in range(1, die + 1):
            reached: dict[str, str] = {}
            last = n == die
            for node in frontier:
                opened = node[-1] == OPENED
                here = node[:-1] if opened else node
                for keys, stops in steps.get(here) or onward(here):
                    key = keys[opened]  # the outcome, or (True: 1) the outcome once opened
                    if last or stops:
                        if key not in ends:
                            ends[key] = n
                            reached[key] = node
                    elif key not in reached:
                        reached[key] = node
            came.append(reached)
            frontier = [node for node in reached if ends.get(node) != n]
        self._outcomes, self._came = list(ends.items()), came
        self.ends = [node[:-1] if node[-1] == OPENED else node for node in ends]

    def path(self, i: int) -> list[str]:
        node, n = self._outcomes[i]
        came = self._came
        path = []
        while n > 0:
            path.append(node[:-1] if node[-1] == OPENED else node)
            node = came[n - 1][node]
            n -= 1
        return path[::-1]


OPENED = "+"  # marks an outcome reached after opening the Eldorado (never in a square's name)


def _rounds(check: Callable[[], Any]) -> list[dict]:
    return [{}] + [{"rounds": n} for n in range(2, MAX_ROUNDS + 1)] if _allowed(check) else []


def _outfit(table: Table, p: Player, die: int | None) -> list[dict]:
    return _rounds(lambda: departure(table, p))


def _resupply(table: Table, p: Player, die: int | None) -> list[dict]:
    if _allowed(lambda: stores(table, p, rounds=True)):
        return _rounds(lambda: None)
    return [{}] if may_resupply(table, p) else []


def may_resupply(table: Table, p: Player) -> bool:
    """Whether `p` may take on stores now (one round in port, or a die of barrels at an island)."""
    return may_take_stores(table, p)


def _others(table: Table, p: Player) -> list[Player]:
    return [o for o in table.players if o is not p and not o.out]


def _combat(table: Table, p: Player, die: int | None) -> list[dict]:
    return [{"opponent": o.name} for o in _others(table, p) if may_fight(p, o)]


def may_fight(p: Player, o: Player) -> bool:
    """Whether `p` may start a combat with `o` (another player still in) now (`check_combat`'s test)."""
    return meet(p, o)


def _indians(table: Table, p: Player, die: int | None) -> list[dict]:
    return [{}] if _allowed(lambda: indians_at(table, p)) else []


def _takeover(table: Table, p: Player, die: int | None) -> list[dict]:
    return [{"opponent": o.name} for o in _others(table, p)
            if (o.guard or die is None) and _allowed(lambda: check_takeover(p, o))]  # no guard: no die rolled


def _homecoming(table: Table, p: Player, die: int | None) -> list[dict]:
    if die is not None or not _allowed(lambda: home_port(table, p)) or missing_for_victory(p):
        return []  # a homecoming rolls no die
    return [{}]


DIELESS = ("takeover", "homecoming")  # the kinds that may roll no die: boarding an unguarded ship, coming home
OPTIONS: dict[str, Callable[[Table, Player, int | None], Any]] = {
    "move": _moves, "outfit": _outfit, "resupply": _resupply, "combat": _combat, "indians": _indians,
    "takeover": _takeover, "homecoming": _homecoming,
}


def summary(actions: list[Action], player: str) -> str:
    """The legal actions in one short line, for a refusal: 'move north, east; walk to K12, K13 (guard 0-3); ...'."""
    if not actions:
        return f"legal for {player} now: none"
    parts: dict[str, list[str]] = {}
    for a in actions:
        shown = _shown(a)
        items = parts.setdefault("walk" if "path" in a else a["kind"], [])
        if shown and shown not in items:
            items.append(shown)
    guard = max((a.get("guard", 0) for a in actions), default=0)
    text = "; ".join(f"{kind} {', '.join(_cut(items))}".rstrip() + (f" (guard 0-{guard})" if kind == "walk" and guard
                                                                     else "") for kind, items in parts.items())
    return f"legal for {player} now: {text}"


def _shown(a: Action) -> str:
    if "path" in a:
        return f"to {a['path'][-1]}"
    return a.get("direction") or a.get("opponent") or (f"rounds 1-{MAX_ROUNDS}" if "rounds" in a else "")


def _cut(items: list[str], most: int = 8) -> list[str]:
    return items if len(items) <= most else items[:most] + [f"... ({len(items) - most} more)"]


def refusal(exc: StateError, state: dict[str, Any], world: Any) -> None:
    """Add the acting player's legal actions to a refused action's message (when the table itself reads)."""
    action = state.get("action")
    who = action.get("player") if isinstance(action, dict) else None
    if not isinstance(who, str):
        return
    try:
        table = read_board({k: v for k, v in state.items() if k != "action"}, world)
    except StateError:
        return
    p = table.by_name.get(who)
    if p is not None and "winner" not in state:
        table.dice = table.dice[:1]
        exc.message += "; " + summary(legal_for(table, p), who)
