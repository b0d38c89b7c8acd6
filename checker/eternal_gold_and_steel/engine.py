"""Gold and Steel's rules meeting `checker.core.engine.RulesEngine`: one action of the player whose turn it is.

Its base game's turn structure (draws, the market's set-up, the order of turns) is not in the
rulebook, so it has no simulator and no set-up: it is played from state files, action by action.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checker.core.action import Action
from checker.core.cite import table
from checker.core.engine import Board, with_action

from . import cite
from .legal import legal_actions
from .resolve import resolve
from .rules import rules_of
from .state import read_board

if TYPE_CHECKING:
    import random

    from checker.core.engine import RulesEngine
    from checker.core.result import Resolution

    from .table import Table


class Engine(Board):
    """Gold and Steel's engine for one game (compiled data, a loaded game or `Rules`)."""

    family = "eternal-gold-and-steel"
    citations = table(cite)
    simulator = None

    def __init__(self, game: Any) -> None:
        self.rules = rules_of(game)

    def board(self, state: dict[str, Any]) -> Table:
        return read_board({k: v for k, v in state.items() if k != "action"}, self.rules)

    def to_act(self, state: dict[str, Any]) -> list[str]:
        t = self.board(state)
        return [] if "action" in state or _standing(t) is not None else [t.active.name]

    def legal_actions(self, state: dict[str, Any], player: str) -> list[Action]:
        return [Action.of_table(a) for a in legal_actions(state, player, self.rules)]

    def apply(self, state: dict[str, Any], action: Action) -> dict[str, Any]:
        return with_action(state, action, self.players(state))

    def resolve(self, state: dict[str, Any], seed: int | None = None) -> Resolution:
        return resolve(state, self.rules, seed)

    def winners(self, state: dict[str, Any]) -> list[str] | None:
        return _standing(self.board(state))

    def roll(self, state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        return state  # no chance comes before a choice

    def start(self, players: int, rng: random.Random) -> dict[str, Any] | None:
        return None


def _standing(t: Table) -> list[str] | None:
    """The last player standing, once every other is out (G1); None while two or more are in."""
    standing = [p.name for p in t.players if not p.out]
    return standing if len(standing) <= 1 else None


if TYPE_CHECKING:
    def _meets(engine: Engine) -> RulesEngine:
        return engine  # mypy checks here that Engine meets the interface
