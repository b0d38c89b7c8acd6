"""`checker resolve` for Gold and Steel: the verdict first, then every step with its rule."""
from __future__ import annotations

from typing import Any

from checker.core.errors import StateError
from checker.core.log import Log
from checker.core.result import Resolution
from checker.core.verdict import change_lines, numbers

from . import cite
from .kinds import RUN
from .legal import refusal
from .rules import rules_of
from .state import read_table, write_table
from .wording import WORDS

SHOWN = ("health", "gold", "power")


def resolve(state: dict[str, Any], game: Any, seed: int | None = None) -> Resolution:
    """Resolve the state's disputed action; `seed` shuffles what the state does not give."""
    rules = rules_of(game)
    log = Log(table=WORDS)
    try:
        table, action = read_table(state, rules, seed, log)
        before = {p.name: numbers(p, SHOWN) for p in table.players}
        headline = RUN[action.kind](table, action)
    except StateError as exc:
        refusal(exc, state, rules)
        raise
    notes = action.choices.leftovers()
    notes += [f"action.order {e!r} named no ability that fired" for i, e in enumerate(action.choices.order)
              if i not in action.choices.used_order]
    standing = [p for p in table.players if not p.out]
    game_over = len(standing) <= 1
    scores = winners = None
    if game_over:
        winners = [p.name for p in standing]
        scores = {p.name: {"health": p.health, "out": p.out} for p in table.players}
        table.say(cite.WINNER, None, None, "win", winners=winners)
    verdict = [headline] + change_lines(table.players, before, table.events)
    if not game_over:
        verdict.append(f"Turn: {table.active.name}.")
    return Resolution(verdict, log.steps, write_table(table, state), game_over, scores, winners, notes,
                      names=log.names)
