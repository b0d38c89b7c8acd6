"""`checker resolve` for Gold and Steel: the verdict first, then every step with its rule."""
from __future__ import annotations

from typing import Any

from checker.core.log import Log
from checker.core.result import Resolution

from . import actions, cite
from .combat import attack
from .rules import rules_of
from .setup import setup_markets
from .state import read_table, write_table
from .table import Player, Table

ACTIONS = {"play_market": actions.play_market, "play": actions.play_hand, "equip": actions.equip_action,
           "end_turn": actions.end_turn, "attack": attack, "use_throne": actions.use_throne,
           "setup_markets": setup_markets}
SHOWN = ("health", "gold", "power")


def resolve(state: dict[str, Any], game: Any, seed: int | None = None) -> Resolution:
    """Resolve the state's disputed action; `seed` shuffles what the state does not give."""
    rules = rules_of(game)
    log = Log()
    table, action = read_table(state, rules, seed, log)
    before = {p.name: _numbers(p) for p in table.players}
    headline = ACTIONS[action.kind](table, action)
    notes = action.choices.leftovers()
    notes += [f"action.order {e!r} named no ability that fired" for i, e in enumerate(action.choices.order)
              if i not in action.choices.used_order]
    standing = [p for p in table.players if not p.out]
    game_over = len(standing) <= 1
    scores = winners = None
    if game_over:
        winners = [p.name for p in standing]
        scores = {p.name: {"health": p.health, "out": p.out} for p in table.players}
        table.say(f"{', '.join(winners) or 'nobody'} is the last player standing and wins", cite.WINNER)
    verdict = [headline] + _changes(table, before)
    if not game_over:
        verdict.append(f"Turn: {table.active.name}.")
    return Resolution(verdict, log.steps, write_table(table, state), game_over, scores, winners, notes)


def _numbers(p: Player) -> dict[str, int]:
    return {key: getattr(p, key) for key in SHOWN}


def _changes(t: Table, before: dict[str, dict[str, int]]) -> list[str]:
    lines = []
    for p in t.players:
        changes = [f"{key} {old} -> {getattr(p, key)}" for key, old in before[p.name].items() if getattr(p, key) != old]
        changes += [what for who, what in t.events if who == p.name]
        lines.append(f"{p.name}: {', '.join(changes) if changes else 'no change'}")
    return lines
