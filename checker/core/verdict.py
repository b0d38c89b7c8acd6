"""The verdict's lines: what happened beyond the shown numbers (events), then a line per player.

Players at the table read the verdict before the steps, so every engine keeps its events in one
shape and words a player's changes the same way: `Ann: health 5 -> 3, gold 0 -> 2, <events>` or
`no change`. An event with no player (a combat between two parties, a combat falling due) is a
line of its own, before the players' lines.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from common.record import Record


class Event(Record):  # a Record: resolve's start-up (common.record)
    """What happened to `player` beyond their shown numbers, in a few words ("bought Rifle for 4 gold");
    `player` None: a line of the verdict of its own, a whole sentence."""

    __slots__ = ("player", "what")

    def __init__(self, player: str | None, what: str) -> None:
        self.player, self.what = player, what


def numbers(player: Any, shown: tuple[str, ...]) -> dict[str, Any]:
    """The player's shown numbers now, to compare after the turn."""
    return {key: getattr(player, key) for key in shown}


def change_lines(players: Iterable[Any], before: dict[str, dict[str, Any]], events: list[Event],
                 now: Callable[[Any], dict[str, Any]] | None = None, shown: Callable[[Any], str] = str) -> list[str]:
    """The events of no player, then one line per player: each shown number that moved (`key old -> new`,
    each value as `shown` words it), then their events in order. `now` reads a player's numbers (by default
    the attributes `before` names)."""
    lines = [e.what for e in events if e.player is None]
    for p in players:
        current = now(p) if now else {key: getattr(p, key) for key in before[p.name]}
        changes = [f"{key} {shown(old)} -> {shown(current[key])}" for key, old in before[p.name].items()
                   if current[key] != old]
        changes += [e.what for e in events if e.player == p.name]
        lines.append(f"{p.name}: {', '.join(changes) if changes else 'no change'}")
    return lines
