"""The actions a state file may settle, each run by one function found by its kind (state.KINDS)."""
from __future__ import annotations

from typing import Any, Callable

from . import combat, movement, supply
from .judge import homecoming

RUN: dict[str, Callable[[Any, Any, dict], None]] = {
    "move": movement.move,
    "outfit": supply.outfit,
    "resupply": supply.resupply,
    "combat": combat.combat,
    "indians": combat.indians,
    "takeover": combat.takeover,
    "homecoming": homecoming,
}
