"""Movement Rules: a ship at sea (E4) or on a river (E5), a party on foot, with provisions (E3)
and sea monsters; mooring at a home port may end the game (E6).

Where a ship stops (ELD-1): at sea it sails straight on; meeting a coast (land or a
river mouth) it enters that square and stops there, moored; the board's edge stops
it where it is. A moored ship leaves by the sea (or along its river).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from checker.core.errors import StateError
from checker.core.wording import amount

from . import cite
from .judge import check_homecoming
from .play import Play
from .state import HEADINGS, Player, Table, square

if TYPE_CHECKING:
    from cards.models.eldorado.chart import Chart, River

NAMES = {"N": "north", "S": "south", "E": "east", "W": "west"}


def move(play: Play, p: Player, fields: dict) -> None:
    """A move: `direction` sails the ship (with the party aboard), `path` walks the party."""
    if "path" in fields:
        walk(play, p, fields["path"], fields.get("guard", 0))
    else:
        sail(play, p, fields["direction"])
    if play.winner is None:
        combat_due(play, p)


def combat_due(play: Play, p: Player) -> None:
    """A move that ends on an opponent's square makes a combat due: the next action to settle (Combat Rules)."""
    for o in play.table.players:
        if o is not p and not o.out and o.at == p.at:
            play.say(p, cite.DUE, "combat", who=p.name, cause="due", at=p.at, opponent=o.name)
            play.note(None, f"A combat is due: {p.name} and {o.name} stand on {p.at} (settle it with kind = \"combat\", "
                       f"opponent = \"{o.name}\")")


# ---- by ship ------------------------------------------------------------------------------------

def sail(play: Play, p: Player, direction: str) -> None:
    go, heading = course(play.table, p, direction)
    go(play, p, heading)


def may_sail(p: Player) -> bool:
    """Whether any course is open: a ship, the party aboard, a soldier to sail it (what `course` asks
    before the direction; a legal-moves listing skips the six directions without it)."""
    return p.ship is not None and p.aboard and p.soldiers + p.guard > 0


def course(table: Table, p: Player, direction: str) -> tuple[Callable[[Play, Player, str], None], str]:
    """How a sail in `direction` goes, before any die: (the river move, "upstream" | "downstream") or
    (the sea move, "N" | "E" | "S" | "W"); a StateError when the ship cannot sail that way."""
    chart = table.chart
    if p.ship is None:
        raise StateError("has no ship to sail: walk with path, or take over a ship (ELD-14)", player=p.name,
                         field="action.direction")
    if not p.aboard:
        raise StateError(f"the party is ashore at '{p.at}', the ship at '{p.ship}': walk with path (and board "
                         "the ship) before sailing", player=p.name, field="action.direction")
    start = p.ship
    river_heading = _river_heading(chart, p, start, direction)
    if river_heading is not None:
        _needs_a_soldier(p)
        return _river_move, river_heading
    if direction == "downstream" and chart.is_river(start):  # the mouth: the current runs out to sea (ELD-5)
        direction = NAMES[_current(chart, start)]
    if direction in ("upstream", "downstream"):
        raise StateError(f"'{start}' is {chart.terrain(start)}, not a river: expected north, south, east or west",
                         player=p.name, field="action.direction")
    heading = HEADINGS[direction]
    first = chart.step(start, heading)
    if not chart.is_sea(start) and first is not None and not chart.is_sea(first):
        raise StateError(f"the ship is moored at '{start}' and '{first}' ({NAMES[heading]}) is "
                         f"{chart.terrain(first)}: a ship cannot sail onto land; a moored ship leaves by the sea "
                         "(ELD-1)", player=p.name, field="action.direction")
    _needs_a_soldier(p)
    return _sea_move, heading


def _needs_a_soldier(p: Player) -> None:
    if p.soldiers + p.guard == 0:
        raise StateError("cannot sail: no soldier aboard besides the leader, so nobody can control the ship "
                         "(Movement Rules; ELD-2)", player=p.name, field="soldiers")


def _river_heading(chart: Chart, p: Player, start: str, direction: str) -> str | None:
    """'upstream' or 'downstream' when this move goes along the ship's river, else None (a sea move)."""
    if not chart.is_river(start):
        return None
    down, up = chart.downstream(start), chart.upstream(start)
    down_on_river = down is not None and chart.is_river(down)
    if direction == "downstream":
        return "downstream" if down_on_river else None  # past the mouth: out to sea (ELD-5)
    if direction == "upstream":
        if up is None:
            raise StateError(f"'{start}' is the source of the {_river(chart, start).name}: nothing lies upstream",
                             player=p.name, field="action.direction")
        return "upstream"
    target = chart.step(start, HEADINGS[direction])
    if target is not None and target == down and down_on_river:
        return "downstream"
    if target is not None and target == up:
        return "upstream"
    if target is not None and chart.is_sea(target):
        return None
    along = [f"{NAMES[_current(chart, start)]} (downstream)" if down_on_river else None,
             f"{_heading_to(chart, start, up)} (upstream)" if up else None]
    along += [f"{NAMES[h]} (out to sea)" for h, sq in chart.neighbours(start).items() if chart.is_sea(sq)]
    raise StateError(f"the ship is on the {_river(chart, start).name} at '{start}': it moves along the river, "
                     f"expected {' or '.join(a for a in along if a)}", player=p.name, field="action.direction")


def _ship(p: Player) -> str:
    """The square of a party's ship, where the caller has checked it has one."""
    assert p.ship is not None, "course() checked the ship"
    return p.ship


def _river(chart: Chart, square: str) -> River:
    """The river through `square`, where the caller has checked that it lies on one."""
    river = chart.river(square)
    assert river is not None, f"{square} lies on a river"
    return river


def _current(chart: Chart, square: str) -> str:
    """The heading of the current at a river square."""
    current = chart.flow(square)
    assert current is not None, f"{square} lies on a river"
    return current


def _heading_to(chart, a: str, b: str) -> str:
    return next(NAMES[h] for h, sq in chart.neighbours(a).items() if sq == b)


def _sea_move(play: Play, p: Player, heading: str) -> None:
    chart = play.chart
    start = _ship(p)
    die = play.roll(p, "wind")
    if die == 1:
        play.say(p, cite.CALM, "move", who=p.name, cause="calm", die=die)
        play.note(p, "calm, no move")
    elif die == 6:
        play.say(p, cite.STORM, "move", who=p.name, cause="storm", die=die)
        play.note(p, "storm, no move")
    else:
        here, moved, why = start, 0, None
        while moved < die:
            nxt = chart.step(here, heading)
            if nxt is None:
                why = "edge"
                break
            here, moved = nxt, moved + 1
            if not chart.is_sea(here):
                why = "coast"
                break
        if play.log.enabled:  # the steps of a sail, the most frequent action: a simulator's play words nothing
            play.say(p, cite.WIND, "move", who=p.name, cause="sail", heading=NAMES[heading], moved=moved, die=die,
                     start=start, end=here)
            if why == "coast":
                play.say(p, cite.COAST, "move", who=p.name, cause="coast", at=here, marks=_marks(chart, here),
                         terrain=chart.terrain(here))
            elif why == "edge":
                play.say(p, cite.EDGE, "move", who=p.name, cause="edge", at=here)
            play.note(p, f"sails {NAMES[heading]} from {start} to {here}")
        p.ship = p.at = here
        open_eldorado(play, p, here)  # a city on the coast is reached by ship
    eat(play, p)
    monsters(play, p)
    if p.ship != start and chart.port(_ship(p)) is not None:  # mooring is the moment (ELD-16); a calm in port is not
        check_homecoming(play, p, claimed=False)


def _marks(chart, where: str) -> list[dict[str, str]]:
    """What a coast square holds that a step names: its ports, islands, rivers and cities."""
    return [{"kind": m.kind, "name": m.name} for m in chart.features(where) if m.kind in ("port", "island", "river", "city")]


def eat(play: Play, p: Player) -> None:
    """E3: one barrel per started ten people aboard (the game's `people_per_barrel`), leader included; a missing
    barrel costs a soldier (ELD-3)."""
    people = p.people_aboard
    need = -(-people // play.table.world.people_per_barrel)
    eaten = min(need, p.barrels)
    p.barrels -= eaten
    if play.log.enabled:
        play.say(p, cite.EAT, "loss", who=p.name, cause="food", people=people, need=need, amount=eaten,
                 what="barrel", before=p.barrels + eaten, after=p.barrels)
    missing = need - eaten
    if missing:
        dead = min(missing, p.soldiers)
        p.soldiers -= dead
        play.lose("hunger", dead)
        play.say(p, cite.HUNGER, "loss", who=p.name, cause="hunger", short=missing, amount=dead, what="soldier",
                 before=p.soldiers + dead, after=p.soldiers)
        play.note(p, f"out of provisions, {amount(dead, 'soldier')} {'starves' if dead == 1 else 'starve'}")


def monsters(play: Play, p: Player) -> None:
    """Sea monsters where the move ends (ELD-4): even asleep, odd one soldier and one barrel."""
    ship = _ship(p)
    waters = play.chart.monsters(ship) if play.chart.is_sea(ship) else None
    if waters is None:
        return
    die = play.roll(p, f"sea monsters of {waters.name}")
    if die % 2 == 0:
        play.say(p, cite.ASLEEP, "move", who=p.name, cause="monsters", waters=waters.name, die=die)
        return
    soldier, barrel = min(1, p.soldiers), min(1, p.barrels)
    p.soldiers -= soldier
    p.barrels -= barrel
    play.lose("monsters", soldier)
    play.say(p, cite.DEVOUR, "loss", who=p.name, cause="monsters", waters=waters.name, die=die, soldiers=soldier,
             barrels=barrel)
    play.note(p, f"the monsters devour {amount(soldier, 'soldier')} and {amount(barrel, 'barrel')}")


def _river_move(play: Play, p: Player, way: str) -> None:
    chart = play.chart
    start = _ship(p)
    river = _river(chart, start)
    die = play.roll(p, f"move on the {river.name}")
    squares = die + 1 if way == "downstream" else die - 1
    rule = cite.DOWNSTREAM if way == "downstream" else cite.UPSTREAM
    here, moved = start, 0
    while moved < squares:
        nxt = chart.downstream(here) if way == "downstream" else chart.upstream(here)
        if nxt is None or not chart.is_river(nxt):
            break
        here, moved = nxt, moved + 1
    play.say(p, rule, "move", who=p.name, cause="river", way=way, river=river.name, die=die, squares=squares,
             moved=moved, start=start, end=here)
    if moved < squares:
        play.say(p, cite.RIVER, "move", who=p.name, cause="river_end", way=way, river=river.name)
    play.say(p, cite.NO_FOOD_RIVER, "move", who=p.name, cause="no_food", on="river")
    p.ship = p.at = here
    sign = "+1" if way == "downstream" else "-1"
    play.note(p, f"goes {way} on the {river.name} from {start} to {here}" if moved else
              f"stays at {start} on the {river.name}: {die} {sign} = 0 squares")


# ---- on foot ------------------------------------------------------------------------------------

def walk(play: Play, p: Player, path: list, guard: int) -> None:
    chart, table = play.chart, play.table
    squares = [square(table.world, sq, p.name, f"action.path[{i + 1}]") for i, sq in enumerate(path)]
    start = p.at
    check_ashore(table, p, guard)
    here = start
    for i, sq in enumerate(squares):
        problem = step_problem(chart, p, here, sq)
        if problem:
            hint = ": list the squares entered, without the starting square" if sq == start else ""
            raise StateError(problem + hint, player=p.name, field=f"action.path[{i + 1}]")
        here = sq
    die = play.roll(p, "march")
    if len(squares) > die:
        raise StateError(f"expected at most {die} squares (the die), got {len(squares)}", player=p.name,
                         field="action.path")
    if p.aboard:
        p.soldiers -= guard
        p.guard = guard
        play.say(p, cite.ASHORE, "move", who=p.name, cause="ashore", at=p.ship, cannons=p.cannons,
                 barrels=p.barrels)
        if guard:
            play.say(p, cite.GUARD, "move", who=p.name, cause="guard", guard=guard)
    stop = None
    for i, sq in enumerate(squares):
        stop = _arrive(play, p, sq)
        if stop and i < len(squares) - 1:
            raise StateError(f"the walk ends at '{sq}' ({stop}): remove the squares after it", player=p.name,
                             field=f"action.path[{i + 2}]")
    if stop is None and len(squares) != die:
        raise StateError(f"expected exactly {die} squares (the die), got {len(squares)}; a walk ends early only at "
                         "a ship, at unbeaten Indians or at a city (ELD-6)", player=p.name, field="action.path")
    play.say(p, cite.WALK, "move", who=p.name, cause="walk", path=squares, die=die, start=start)
    play.say(p, cite.NO_FOOD_LAND, "move", who=p.name, cause="no_food", on="land")
    p.at = squares[-1]
    play.note(p, f"walks from {start} to {p.at}")
    if p.ship is not None and p.at == p.ship:
        p.soldiers += p.guard
        play.say(p, cite.ANY_SHIP, "move", who=p.name, cause="board", at=p.ship, guard=p.guard)
        p.guard = 0


def check_ashore(table: Table, p: Player, guard: int) -> None:
    """Whether the party may set out on foot from where it stands, leaving `guard` aboard; a StateError if not."""
    chart, start = table.chart, p.at
    city = unbeaten(table, start)
    if city is not None and not p.aboard:
        raise StateError(f"stands at '{start}' with the Indians of {city.name}: they fight to the death, so the "
                         "party fights them first (kind = \"indians\") (ELD-13)", player=p.name, field="action.kind")
    if p.aboard:
        if chart.is_sea(_ship(p)):
            raise StateError(f"the ship is at sea at '{p.ship}': sail to a coast to moor before going ashore (ELD-1)",
                             player=p.name, field="action.path")
        if guard > p.soldiers:
            raise StateError(f"expected at most the {p.soldiers} soldier(s) aboard, got {guard}", player=p.name,
                             field="action.guard")
    elif guard:
        raise StateError("a guard is left only when the party leaves the ship", player=p.name, field="action.guard")


def step_problem(chart: Chart, p: Player, here: str, sq: str) -> str | None:
    """Why the party cannot step from `here` onto `sq`, or None (Movement Rules, ELD-6)."""
    if sq not in chart.neighbours(here).values():
        return (f"'{sq}' is not next to '{here}': the party moves one square north, south, east or west at a time "
                "(Movement Rules: no diagonals)")
    return entry_problem(chart, p, sq)


def entry_problem(chart: Chart, p: Player, sq: str) -> str | None:
    """Why the party cannot step onto `sq` from a square beside it, or None (ELD-6): what a listing of walks,
    which steps only from square to neighbour, asks of each square once."""
    if chart.is_sea(sq) and sq != p.ship:
        return f"'{sq}' is sea: a party walks on land (and fords rivers) (ELD-6)"
    return None


def unbeaten(table: Table, where: str):
    """The city whose unbeaten Indians are on this square (its own square or one beside it), or None."""
    chart = table.chart
    city = chart.city(where) or chart.guarded_city(where)
    return city if city is not None and city.id not in table.beaten else None


def stop(table: Table, p: Player, sq: str) -> tuple[str, dict[str, str], str] | None:
    """Why a walk must end on `sq`, the values of the step that says so ({} for none) and its rule; None when it
    may go on."""
    if p.ship is not None and sq == p.ship:
        return "the party's own ship", {}, ""
    for owner in table.players:
        if owner.ship == sq and owner is not p and not owner.out:
            return f"the ship of {owner.name}", {"cause": "ship", "owner": owner.name, "at": sq}, cite.ANY_SHIP
    city = unbeaten(table, sq)
    if city is not None:
        return f"the Indians of {city.name}", {"cause": "indians", "city": city.name, "at": sq}, cite.STOP_INDIANS
    return None


def open_eldorado(play: Play, p: Player, sq: str) -> None:
    """"As soon as the player reaches the square of their city, they open their Eldorado card"."""
    city = opens_eldorado(play.chart, p, sq)
    if city is not None:
        p.opened = True
        play.say(p, cite.OPEN, "move", who=p.name, cause="open", city=city.name)
        play.note(p, f"opens the Eldorado: {city.name}")


def opens_eldorado(chart: Chart, p: Player, sq: str):
    """The player's Eldorado city when `sq` is its square and the card is still closed, else None."""
    city = chart.city(sq)
    return city if city is not None and city.id == p.eldorado and not p.opened else None


def _arrive(play: Play, p: Player, sq: str) -> str | None:
    """What happens on stepping onto a square; why the walk must end there, or None."""
    open_eldorado(play, p, sq)
    ends = stop(play.table, p, sq)
    if ends is None:
        return None
    why, step, rule = ends
    if step:
        play.say(p, rule, "move", who=p.name, **step)
    return why
