"""Taking on crew, provisions and weapons: in port ("Start of Game") and at islands.

The departure port outfits at the start of the game (ELD-15): per round a crew die
and a provisions die, then one musket per five soldiers recruited and a cannon die.
A home port later takes on crew and provisions the same way, but issues no weapons
("Later on, weapons can be obtained only by defeating an opponent in combat").
An island gives provisions only: one die of barrels; the Island of the Artist's
Wife gives nothing ("which does not exist in nature").
"""
from __future__ import annotations

from typing import Any

from checker.core.errors import StateError
from checker.core.wording import amount

from . import cite
from .play import Play
from .state import NO_SHIP, Player, Table


def outfit(play: Play, p: Player, fields: dict) -> None:
    """The start of the game: the leader's own departure port, by the port's rules."""
    port, leader = departure(play.table, p)
    play.say(p, cite.DEPARTURE, "reveal", who=p.name, cause="outfit", port=port.name, leader=leader.name)
    _in_port(play, p, fields.get("rounds", 1), weapons=True)


def departure(table: Table, p: Player) -> tuple[Any, Any]:
    """(port, leader) where the player outfits, with the party aboard there; a StateError if not."""
    world = table.world
    if p.leader is None:
        raise StateError("expected the leader (leader = \"pizarro\", ...) to know the departure port", player=p.name,
                         field="leader")
    leader = world.leaders[p.leader]
    port = world.home_port(leader)
    if p.ship != port.square or not p.aboard:
        raise StateError(f"{leader.name} outfits at the departure port, {port.name} ({port.square}), with the party "
                         f"aboard; the ship is at '{p.ship or NO_SHIP}', the party at '{p.at}'", player=p.name,
                         field="ship")
    held = next((key for key in OUTFITTED if getattr(p, key)), None)
    if held is not None:
        raise StateError(f"outfitting is the start of the game, and {p.name} has set out already ({held} = "
                         f"{str(getattr(p, held)).lower()}): a home port later gives crew and provisions "
                         "(kind = \"resupply\"); \"Later on, weapons can be obtained only by defeating an opponent in "
                         "combat\" (Start of Game; ELD-15)", player=p.name, field=held)
    return port, leader


OUTFITTED = ("soldiers", "muskets", "cannons", "barrels", "treasure", "opened")  # any of them: the start is over


def resupply(play: Play, p: Player, fields: dict) -> None:
    """A home port takes on crew and stores (no weapons); an island with provisions gives a die of barrels."""
    port, island = stores(play.table, p, "rounds" in fields)
    if port is not None:
        play.say(p, cite.PORT, "reveal", who=p.name, cause="port", port=port.name)
        _in_port(play, p, fields.get("rounds", 1), weapons=False)
        play.say(p, cite.NO_WEAPONS, "gain", who=p.name, cause="no_weapons")
        return
    die = play.roll(p, f"provisions at {island.name}")
    p.barrels += die
    if play.log.enabled:  # a simulator's play (one action in four) words nothing
        play.say(p, cite.ISLAND, "gain", who=p.name, cause="island", amount=die, what="barrel", island=island.name,
                 before=p.barrels - die, after=p.barrels)
        play.note(p, f"takes on {amount(die, 'barrel')} at {island.name}")


def stores(table: Table, p: Player, rounds: bool) -> tuple[Any, Any]:
    """(home port, None) or (None, island) where the ship takes on stores; a StateError if nowhere (`rounds`:
    the action gives rounds, which only a port takes)."""
    port, island, problem = _stores(table, p, rounds)
    if problem is not None:
        raise StateError(problem[0], player=p.name, field=problem[1])
    return port, island


def may_take_stores(table: Table, p: Player) -> bool:
    """Whether the ship may take on stores now (`stores` without rounds), without raising: a policy asks
    it most turns."""
    return _stores(table, p, False)[2] is None


def _stores(table: Table, p: Player, rounds: bool) -> tuple[Any, Any, tuple[str, str] | None]:
    """(port, island, None) as `stores` returns them, or (None, None, (why not, field))."""
    chart = table.chart
    if p.ship is None:
        return None, None, ("has no ship to take provisions aboard", "ship")
    port = chart.port(p.ship)
    if port is not None:
        if not p.aboard:
            return None, None, (f"the party is at '{p.at}', away from the ship in {port.name}: outfitting needs it "
                                "aboard", "at")
        return port, None, None
    if rounds:
        return None, None, ("rounds are for a port; an island gives one die of provisions", "action.rounds")
    islands = chart.islands_beside(p.ship)
    stocked = [i for i in islands if i.provisions]
    if not stocked:
        if islands:
            return None, None, (f"the ship is moored at {islands[0].name} ('{p.ship}'), which gives no provisions: "
                                "\"except the Island of the Artist's Wife, which does not exist in nature\" "
                                "(Movement Rules)", "ship")
        return None, None, (f"the ship at '{p.ship}' is moored at no island and in no home port: nothing to take on",
                            "ship")
    return None, stocked[0], None


def _in_port(play: Play, p: Player, rounds: int, weapons: bool) -> None:
    """Crew and provisions dice per round; at the start of the game (`weapons`) muskets and the cannon die too."""
    recruited = 0
    for _ in range(rounds):
        crew = play.roll(p, "crew")
        p.soldiers += crew
        recruited += crew
        play.say(p, cite.CREW, "gain", who=p.name, cause="crew", amount=crew, what="soldier",
                 before=p.soldiers - crew, after=p.soldiers)
        stores = play.roll(p, "provisions")
        p.barrels += stores
        play.say(p, cite.PROVISIONS, "gain", who=p.name, cause="provisions", amount=stores, what="barrel",
                 before=p.barrels - stores, after=p.barrels)
    if not weapons:
        if play.log.enabled:
            play.note(p, f"takes on {amount(recruited, 'soldier')}")
        return
    muskets = recruited // play.table.world.soldiers_per_musket
    p.muskets += muskets
    play.say(p, cite.MUSKETS, "gain", who=p.name, cause="muskets", amount=muskets, what="musket", recruited=recruited,
             before=p.muskets - muskets, after=p.muskets)
    die = play.roll(p, "cannons")
    cannons = 2 if die % 2 == 0 else 1
    p.cannons += cannons
    play.say(p, cite.CANNONS, "gain", who=p.name, cause="cannons", amount=cannons, what="cannon", die=die,
             before=p.cannons - cannons, after=p.cannons)
    play.note(p, f"takes on {amount(recruited, 'soldier')}, {amount(muskets, 'musket')}, {amount(cannons, 'cannon')}")
