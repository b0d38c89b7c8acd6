"""Victory (E6) apart from play: the homecoming test and the final ranking."""
from __future__ import annotations

from typing import Any

from checker.core.errors import StateError

from . import cite
from .state import NO_SHIP, Player, Table
from .wording import MISSING


def homecoming(play: Any, p: Player, fields: dict) -> None:
    """E6 claimed for a ship already moored at a home port; a refusal names the missing field."""
    home_port(play.table, p)
    check_homecoming(play, p, claimed=True)


def home_port(table: Table, p: Player) -> Any:
    """The home port where the player's ship lies with the party aboard; a StateError if none."""
    port = table.chart.port(p.ship) if p.ship is not None else None
    if port is None:
        raise StateError(f"the ship is at '{p.ship or NO_SHIP}', not in a home port of Europe "
                         f"({', '.join(f'{q.name} {q.square}' for q in table.chart.ports.values())})",
                         player=p.name, field="ship")
    if not p.aboard:
        raise StateError(f"the party is at '{p.at}', away from the ship in {port.name}", player=p.name, field="at")
    return port


def missing_for_victory(p: Player) -> list[tuple[str, str]]:
    """(field, why) for each E6 condition the player does not meet; empty: they win on mooring at home."""
    missing = []
    if not p.opened:
        missing.append(("opened", MISSING["opened"]))
    if p.soldiers + p.guard < 1:
        missing.append(("soldiers", MISSING["soldiers"]))
    if p.treasure < 1:
        missing.append(("treasure", MISSING["treasure"]))
    return missing


def check_homecoming(play: Any, p: Player, claimed: bool) -> None:
    """The ship is moored at a home port: the player wins (E6), or (a claim) the refusal names the field."""
    port = play.chart.port(p.ship)
    missing = missing_for_victory(p)
    if missing:
        reasons = "; ".join(why for _, why in missing)
        if claimed:
            raise StateError(f"cannot come home the winner at {port.name}: {reasons} (E6)", player=p.name,
                             field=missing[0][0])
        play.say(p, cite.NOT_HOME, "nothing", who=p.name, cause="home", port=port.name,
                 missing=[field for field, _ in missing])
        return
    play.say(p, cite.HOME_SOLDIER, "win", who=p.name, cause="home", port=port.name, soldiers=p.soldiers + p.guard,
             treasure=p.treasure)
    play.winner = p.name
    play.note(p, f"comes home to {port.name} and wins")


def ranking(players: list[Player], winner: str) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """E6: the winner first, the others by treasure piles (equal piles share a place); those out last."""
    def key(p: Player) -> tuple:
        return (p.name != winner, p.out, -p.treasure)

    ordered = sorted(players, key=key)
    scores: dict[str, dict[str, Any]] = {}
    place, last = 0, None
    for i, p in enumerate(ordered):
        if key(p) != last:
            place, last = i + 1, key(p)
        scores[p.name] = {"score": p.treasure, "rank": place, "treasure": p.treasure, "home": p.name == winner,
                          "out": p.out}
    return scores, [winner]
