"""Checks every engine's state reader shares: known fields only, whole numbers in range.

Errors are StateErrors naming the player (if any) and the field, in the table's words.
"""
from __future__ import annotations

from typing import Any

from .errors import StateError


def only_fields(data: dict[str, Any], allowed: tuple[str, ...], player: str | None, prefix: str = "") -> None:
    """Refuse a field the schema does not have, listing the ones it does."""
    for key in data:
        if key not in allowed:
            raise StateError(f"unknown field: expected one of {', '.join(allowed)}", player=player,
                             field=prefix + str(key))


def whole_number(data: dict[str, Any], key: str, default: int, high: int, player: str | None) -> int:
    """`data[key]` (or the default) as a whole number from 0 to `high`; booleans are not numbers."""
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise StateError(f"expected a whole number from 0 to {high}, got {toml_repr(value)}", player=player, field=key)
    return value


def flag(data: dict[str, Any], key: str, player: str | None, field: str) -> bool:
    """`data[key]` (default false) as true or false; 0 and 1 are not flags."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise StateError(f"expected true or false, got {toml_repr(value)}", player=player, field=field)
    return value


def player_rows(state: dict[str, Any], seats: tuple[int, int], game: str, order: str = "") -> list[dict[str, Any]]:
    """The state's [[players]] tables, as many as the game seats; `order` says how the table lists them."""
    rows = state.get("players")
    low, high = seats
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise StateError("expected [[players]] tables, one per player" + (f", {order}" if order else ""),
                         field="players")
    if not low <= len(rows) <= high:
        raise StateError(f"expected {low} to {high} players for {game}, got {len(rows)}", field="players")
    return rows


def toml_repr(value: object) -> str:
    """A value as the player typed it in TOML: true/false, not Python's True/False; a missing one is "nothing"."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)
