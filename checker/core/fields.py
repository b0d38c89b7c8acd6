"""Checks every engine's state reader shares: known fields only, whole numbers in range, one of a choice.

These are the one place that checks a value's shape: a list or table where a card id or a
number belongs is a StateError naming the player (if any) and the field, in the table's
words, never a TypeError deeper in an engine.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from common.numbers import within

from .errors import StateError

if TYPE_CHECKING:
    from collections.abc import Collection


def only_fields(data: dict[str, Any], allowed: tuple[str, ...], player: str | None, prefix: str = "") -> None:
    """Refuse a field the schema does not have, listing the ones it does."""
    for key in data:
        if key not in allowed:
            raise StateError(f"unknown field: expected one of {', '.join(allowed)}", player=player,
                             field=prefix + str(key))


def whole_number(data: dict[str, Any], key: str, default: int, high: int, player: str | None) -> int:
    """`data[key]` (or the default) as a whole number from 0 to `high`; booleans are not numbers."""
    value = data.get(key, default)
    try:
        within(value, 0, high, whole=True)
    except ValueError:  # said in the state file's words (TOML), not Python's
        raise StateError(f"expected a whole number from 0 to {high}, got {toml_repr(value)}", player=player,
                         field=key) from None
    return value


def pick(value: Any, choices: Collection[Any], player: str | None, field: str, expected: str, after: str = "") -> Any:
    """`value` when it is one of `choices` (text, a whole number or absent: a list, a table, 1.0 or true never is)."""
    scalar = value is None or isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))
    if scalar and value in choices:
        return value
    raise StateError(f"expected {expected}, got {toml_repr(value)}{after}", player=player, field=field, value=value)


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


def player_names(rows: list[dict[str, Any]], forbidden: str = "") -> list[str]:
    """Every engine's check of the [[players]] names: each a text (without the `forbidden` characters), each once."""
    names: list[str] = []
    without = f" (without {' or '.join(repr(c) for c in forbidden)})" if forbidden else ""
    for i, row in enumerate(rows):
        name = row.get("name")
        if not isinstance(name, str) or not name.strip() or any(c in name for c in forbidden):
            raise StateError(f"expected the player's name{without}, got {toml_repr(name)}", field=f"players[{i + 1}].name")
        if name in names:
            raise StateError(f"expected a different name for each player, got {name!r} twice",
                             field=f"players[{i + 1}].name")
        names.append(name)
    return names


def one_of_players(value: Any, names: list[str], field: str, player: str | None = None) -> str:
    """A field naming a player at the table (first player, whose turn, who acts, the winner), in one wording."""
    return pick(value, names, player, field, f"one of the players ({', '.join(names)})")


def toml_repr(value: object) -> str:
    """A value as the player typed it in TOML: true/false, not Python's True/False; a missing one is "nothing"."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)
