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
        raise StateError(f"expected a whole number from 0 to {high}, got {value!r}", player=player, field=key)
    return value
