"""Eldorado's rules meeting `checker.core.engine.RulesEngine`: one action of any player still in.

A state file settles one action (ruling ELD-17's order of play is the simulator's, not the
state's), so any player still in may act. Dice are chance, not choices (E1): the state's first
die is the one the chosen action rolls first and `resolve`'s seed rolls the rest, so walks are
listed only when the state gives that die (`roll` draws it), and the actions that roll none
beside them, as the simulator lists them (`simulation.options`; docs/engines.md).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checker.core.action import Action
from checker.core.cite import table
from checker.core.engine import Board, with_action
from checker.core.fields import one_of_players, player_names, player_rows

from . import SIMULATOR, cite
from .legal import legal_for
from .simulation import options, setup
from .resolve import resolve
from .state import read_board, write_table
from .world import World, compile_game, world_of

if TYPE_CHECKING:
    import os
    import random

    from checker.core.engine import RulesEngine
    from checker.core.result import Resolution

    from .state import Table


class Engine(Board):
    """Eldorado's engine for one game (compiled data or a loaded game); `base`: the folder a state's
    relative `map` is found from (the state file's, as `checker resolve` finds it)."""

    family = "eldorado"
    citations = table(cite)
    simulator = SIMULATOR

    def __init__(self, game: Any, base: str | os.PathLike[str] | None = None) -> None:
        self.data = game if isinstance(game, dict) else compile_game(game)
        self.world = World(self.data)
        self.base = base

    def board(self, state: dict[str, Any]) -> Table:
        """The board (no action); a finished game's board is read without its `winner`, checked apart."""
        world = self.world if state.get("map") is None else world_of(self.data, state["map"], self.base)
        board = read_board({k: v for k, v in state.items() if k not in ("action", "winner")}, world)
        if "winner" in state:
            one_of_players(state["winner"], list(board.by_name), "winner")
        return board

    def to_act(self, state: dict[str, Any]) -> list[str]:
        """The players still in who have a legal action: one who has none passes (ELD-18)."""
        if "action" in state or "winner" in state:
            return []
        return [p.name for p in self.board(state).players if not p.out and self.legal_actions(state, p.name)]

    def legal_actions(self, state: dict[str, Any], player: str) -> list[Action]:
        """With a die given (`roll`): the actions that roll it first, then those that roll none (a homecoming,
        boarding an unguarded ship), as the simulator chooses among them; without one, those the seed rolls for."""
        t = self.board(state)
        p = t.by_name.get(player)
        if p is None or "winner" in state:
            return []
        tables = options(t, p, t.dice[0])[0] if t.dice else legal_for(t, p)
        return [Action.of_table(a) for a in tables]

    def apply(self, state: dict[str, Any], action: Action) -> dict[str, Any]:
        """The state settling `action`, with the die rolled before the choice (`roll`) if the action rolls it, and none
        after it: the dice a state gives belong to its own action, and the seed rolls the new one's (E1)."""
        taken = with_action(state, action, player_names(player_rows(state, self.world.players, self.world.name)))
        dice = state.get("dice")
        if isinstance(dice, list) and dice:
            t = self.board({**state, "dice": dice[:1]})
            p = t.by_name.get(action.player)
            rolls = p is None or action.table() in legal_for(t, p)  # an action listed with the die rolls it first
            taken["dice"] = dice[:1] if rolls else []
        return taken

    def resolve(self, state: dict[str, Any], seed: int | None = None) -> Resolution:
        return resolve(state, self.data, seed, self.base)

    def winners(self, state: dict[str, Any]) -> list[str] | None:
        self.board(state)
        return [state["winner"]] if "winner" in state else None

    def roll(self, state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        """The die a walk is chosen after (Movement Rules), as the simulator rolls it before each choice: then
        walks are listed too, and an action that rolls no die leaves it unused (`apply` drops it, E1)."""
        return {**state, "dice": [rng.randint(1, 6)]}

    def start(self, players: int, rng: random.Random) -> dict[str, Any] | None:
        return write_table(setup(self.world, players, rng), {"game": self.data["id"]}, None)


if TYPE_CHECKING:
    def _meets(engine: Engine) -> RulesEngine:
        return engine  # mypy checks here that Engine meets the interface
