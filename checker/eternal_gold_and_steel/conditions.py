"""When a while-ability holds, or a triggered ability's condition is met: one test per condition
of cards/models/eternal_gold_and_steel/abilities.py, found by its name."""
from __future__ import annotations

from typing import Any

from .vocab import condition


@condition("units_at_least", lambda c: f"{c['count']} or more units")
def _units_at_least(t: Any, c: dict[str, Any], piece: Any, controller: Any) -> bool:
    return len(controller.units) >= c["count"]


@condition("gold_at_least", lambda c: f"{c['amount']} or more gold")
def _gold_at_least(t: Any, c: dict[str, Any], piece: Any, controller: Any) -> bool:
    return bool(controller.gold >= c["amount"])


@condition("wields_weapon", lambda c: "it wields a weapon")
def _wields_weapon(t: Any, c: dict[str, Any], piece: Any, controller: Any) -> bool:
    return piece is not None and bool(piece.weapons)
