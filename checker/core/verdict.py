"""The verdict's line per player: which shown numbers moved, then what else happened to them.

Players at the table read the verdict before the steps, so every engine words a
player's changes the same way: `Ann: health 5 -> 3, gold 0 -> 2, <events>` or `no change`.
"""
from __future__ import annotations

from typing import Any, Iterable


def numbers(player: Any, shown: tuple[str, ...]) -> dict[str, Any]:
    """The player's shown numbers now, to compare after the turn."""
    return {key: getattr(player, key) for key in shown}


def change_lines(players: Iterable[Any], before: dict[str, dict[str, Any]],
                 events: list[tuple[str, str]]) -> list[str]:
    """One line per player: each shown number that moved (`key old -> new`), then their events in order."""
    lines = []
    for p in players:
        changes = [f"{key} {old} -> {getattr(p, key)}" for key, old in before[p.name].items() if getattr(p, key) != old]
        changes += [what for who, what in events if who == p.name]
        lines.append(f"{p.name}: {', '.join(changes) if changes else 'no change'}")
    return lines
