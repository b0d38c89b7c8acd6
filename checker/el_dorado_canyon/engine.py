"""El Dorado Canyon's rules meeting `checker.core.engine.RulesEngine`: a turn of cards revealed together.

Every player not GONE reveals one play (an `Action` of kind "play": the state file's `play` table),
then the turn resolves. This module is the boundary: the compiled turn engine and the simulator
keep their own `Play`s (`legal.legal_for`), written as actions here (`legal.action_of`). Left
as Python by `setup.py`: nothing in it runs in a simulation's loop.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checker.core.cite import table
from checker.core.engine import Board
from checker.core.errors import StateError
from checker.core.fields import one_of_players

from . import SIMULATOR, cite
from .judge import final_scores
from .resolve import resolve
from .rules import rules_of
from .state import legal_plays, read_seats, write_table

if TYPE_CHECKING:
    import random

    from checker.core.action import Action
    from checker.core.engine import RulesEngine
    from checker.core.result import Resolution

    from .turn import Table


class Engine(Board):
    """El Dorado Canyon's engine for one game (compiled data, a loaded game or `Rules`)."""

    family = "el-dorado-canyon"
    citations = table(cite)
    simulator = SIMULATOR

    def __init__(self, game: Any) -> None:
        self.rules = rules_of(game)

    def _seats(self, state: dict[str, Any]) -> tuple[Table, list[dict[str, Any]]]:
        return read_seats(state, self.rules)

    def board(self, state: dict[str, Any]) -> Table:
        return self._seats(state)[0]

    def to_act(self, state: dict[str, Any]) -> list[str]:
        t, rows = self._seats(state)
        if self._over(t):
            return []
        return [p.name for p, row in zip(t.players, rows) if not p.gone and "play" not in row]

    def legal_actions(self, state: dict[str, Any], player: str) -> list[Action]:
        if self._over(self.board(state)):
            return []
        return legal_plays(state, self.rules, player)

    def apply(self, state: dict[str, Any], action: Action) -> dict[str, Any]:
        """The state with `action.player`'s card revealed (their row's `play`)."""
        names = self.players(state)
        one_of_players(action.player, names, "play.player")
        if action.kind != "play":
            raise StateError(f"expected an action of kind 'play' (a card revealed), got {action.kind!r}",
                             player=action.player, field="play")
        rows = [dict(row, play=action.fields) if row.get("name") == action.player else row for row in state["players"]]
        return {**state, "players": rows}  # the rest is shared: no method changes a state it is given

    def resolve(self, state: dict[str, Any], seed: int | None = None) -> Resolution:
        return resolve(state, self.rules, seed)

    def winners(self, state: dict[str, Any]) -> list[str] | None:
        """H10's winners once someone has reached the infamy that ends the game; a game ended by a character
        that cannot be drawn (EDC-1) shows it in the turn's `Resolution`, not in the state after it."""
        t = self.board(state)
        return final_scores(t.players)[1] if self._over(t) else None

    def roll(self, state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        return state  # no chance comes before a choice

    def start(self, players: int, rng: random.Random) -> dict[str, Any] | None:
        from .simulation import setup

        return write_table(setup(self.rules, players, rng), {"game": self.rules.id, "town": {}, "characters": {}})

    def _over(self, t: Table) -> bool:
        return any(p.infamy >= self.rules.end_infamy for p in t.players)


if TYPE_CHECKING:
    def _meets(engine: Engine) -> RulesEngine:
        return engine  # mypy checks here that Engine meets the interface
