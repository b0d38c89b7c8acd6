"""The actions a state file may dispute, each run by one function found by its kind.

`resolve` runs the action it reads; `legal` runs candidates the same way, so an
action is legal exactly when the engine would settle it.
"""
from __future__ import annotations

from typing import Callable

from . import actions
from .combat import attack
from .setup import setup_markets
from .state import Action
from .table import Table

RUN: dict[str, Callable[[Table, Action], str]] = {
    "play_market": actions.play_market, "play": actions.play_hand, "equip": actions.equip_action,
    "end_turn": actions.end_turn, "attack": attack, "use_throne": actions.use_throne, "setup_markets": setup_markets,
}
