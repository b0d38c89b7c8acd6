"""The one shape of a rules engine: what every family's engine offers, written once (docs/engines.md).

A state is a state file's tables (a dict, as `checker.core.state_io.read_state` gives it and `--out`
writes it): the one currency every family already reads and writes, so a state from a file, a web
page or a simulator's set-up is the same thing. An action is a `checker.core.action.Action`.
The conformance suite (tests/test_engine_conformance.py), the balance lab and the table page drive
an engine only through `RulesEngine`; `checker resolve` calls the family package's `resolve` (the
same function `RulesEngine.resolve` is), and the hot loops (`checker simulate`) keep their own
representation behind it.

A family's engine package (the registry's `engine`, `cards.families`) holds it as the class
`Engine` of its module `engine` (built from a game: compiled data, a loaded `cards.Game` or the
family's own play objects); `rules_engine` finds it through the registry, so a new family is
played, and checked, by its registry entry alone. The module is not imported by `checker resolve`,
which calls the package's `resolve` (its start-up stays light).
"""
from __future__ import annotations

from importlib import import_module

from typing import TYPE_CHECKING, Any, Mapping, Protocol

if TYPE_CHECKING:
    import random

    from .action import Action
    from .cite import Rule
    from .result import Resolution


class RulesEngine(Protocol):
    """One family's rules, bound to one game. Every method leaves the state it is given unchanged;
    anything a state file would be refused for is a `checker.core.errors.StateError` (exit 2)."""

    @property
    def family(self) -> str:
        """The family's name in the registry (`cards.families.FAMILIES`)."""
        ...

    @property
    def citations(self) -> Mapping[str, Rule]:
        """The family's citation table: every rule a step may cite, by constant name (`checker/<family>/cite.py`)."""
        ...

    @property
    def simulator(self) -> str | None:
        """The module `checker simulate` plays with (its hooks: `checker.core.simulate_cmd`), or None."""
        ...

    def read(self, state: dict[str, Any]) -> dict[str, Any]:
        """The state, checked as `checker resolve` reads it (the table; an action or play pending is the
        business of `resolve`); StateError naming player and field."""
        ...

    def players(self, state: dict[str, Any]) -> list[str]:
        """The players' names, in seat order."""
        ...

    def to_act(self, state: dict[str, Any]) -> list[str]:
        """Who must still act before `resolve` settles the state: every player who has not yet revealed a
        card (simultaneous turns), the player whose turn it is, or any player still in; none once every
        action it needs is given or the game is over."""
        ...

    def legal_actions(self, state: dict[str, Any], player: str) -> list[Action]:
        """Every action `player` may take now, each one `apply` and `resolve` accept; none for a player
        who may not act. What others have already revealed in the state is taken into account."""
        ...

    def apply(self, state: dict[str, Any], action: Action) -> dict[str, Any]:
        """A new state with `action` taken (revealed, or set as the action to settle: in place of any the state
        gave), not yet resolved; StateError for an action of no player at the table. Legality is `resolve`'s."""
        ...

    def resolve(self, state: dict[str, Any], seed: int | None = None) -> Resolution:
        """Settle the turn or action the state gives: the verdict, every step citing its rule, the next state,
        whether the game is over and who won. An illegal action is refused, listing the legal ones."""
        ...

    def winners(self, state: dict[str, Any]) -> list[str] | None:
        """Who won, when the state shows the game over; None while it goes on."""
        ...

    def roll(self, state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        """The state with the chance drawn that comes before a choice (Eldorado: the die a walk is chosen after,
        E1), as the simulator draws it each turn; the state itself where no chance comes first."""
        ...

    def start(self, players: int, rng: random.Random) -> dict[str, Any] | None:
        """A new game's opening state, set up as the simulator sets it up (shuffled by `rng`); None for a family
        whose set-up is not in its rules (it is played from states only)."""
        ...


def rules_engine(family_name: str, game: Any) -> RulesEngine:
    """The engine of `family_name` bound to `game`; `checker.core.engines.NoEngine` for a print-only family."""
    from cards.families import family

    from .engines import NoEngine

    fam = family(family_name)
    if fam.engine is None:
        raise NoEngine(game["id"] if isinstance(game, dict) else getattr(game, "id", "?"), fam.name)
    engine: RulesEngine = import_module(f"{fam.engine}.engine").Engine(game)
    return engine


def engine_of_game(game: str) -> RulesEngine:
    """The engine of a built-in game id or a game folder, bound to its compiled definitions (cached)."""
    from .gamecache import load_for_play

    package, data = load_for_play(game)
    engine: RulesEngine = import_module(f"{package.__name__}.engine").Engine(data)
    return engine


class Board:
    """What every family's `Engine` shares, given its own reading of a state's board (`board`: a table whose
    `players` have names, a StateError for a state that does not read)."""

    def board(self, state: dict[str, Any]) -> Any:
        raise NotImplementedError

    def read(self, state: dict[str, Any]) -> dict[str, Any]:
        self.board(state)
        return state

    def players(self, state: dict[str, Any]) -> list[str]:
        return [p.name for p in self.board(state).players]


def with_action(state: dict[str, Any], action: Action, players: list[str]) -> dict[str, Any]:
    """A copy of a state that settles `action` (its `[action]`, in place of any it gave): what `apply` gives in a
    family whose state file disputes one action at a time. An action of no player at the table is a StateError."""
    from .fields import one_of_players

    one_of_players(action.player, players, "action.player")
    return {**state, "action": action.table()}  # the rest is shared: no method changes a state it is given
