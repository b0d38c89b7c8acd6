"""The engine's home of each effect, found by its name: `@effect("name", ...)` registers it.

`cards/models/el_dorado_canyon/` holds an effect's parameters and wording; here one
function runs it, and the facts the turn, the state reader and the simulator's policies
foresee about it (does it ask who attacked, what gold can it bring, which play choice
does it answer, what is it worth to the greedy policy) are declared beside that function,
never in a table of their own. The compiled game keeps an effect as a dict
`{"effect": name, **parameters}`; `compiled_effect` turns it into the object every engine
reads (`checker.core.effect`: parameters by name, `e.damage`), whose `rule` is its home here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from common.record import Record
from checker.core.effect import Effects

if TYPE_CHECKING:
    from .players import Play, Player
    from .turn import Table

    # (table, player, effect, play or None for abilities, aim) -> go on with the rest of the option?
    Run = Callable[["Table", "Player", Any, "Play | None", Any], bool]
    Steps = tuple[tuple[Run, Any], ...]  # effects with the functions that apply them (`effects.effect_steps`)


def _zero(e: Any) -> int:
    return 0


def _no(e: Any) -> bool:
    return False


def _worthless(e: Any, ammo: int, health: int, want_infamy: float, want_gold: float) -> float:
    return 0.0


def _free(e: Any, bought: Any) -> int:
    return 0


class Rule(Record):  # a Record: resolve's start-up (common.record)
    """One effect in the engine: how it runs and what can be foreseen of it before it runs.

    - `run`: None for a passive, folded into the character (`folds`);
    - `asks`: depends on who attacks this turn (H8);
    - `attacks`: it attacks: abilities may fire, an if-attacked count may change (H8, EDC-8);
    - `fires`: abilities may fire inside it without an attack (on_bank, EDC-8);
    - `gold`: most gold it brings its player; None: depends on others;
    - `takes_gold`: it may take the target's unbanked gold (before a refresh is paid);
    - `choice`: the play field it answers ("buy", "refresh": the state contract);
    - `cost`: gold the chosen choice costs (bought: a Card);
    - `deferred`: applies once the card's other effects are done (GONE, EDC-20);
    - `folds`: a passive: (Character attribute, amount);
    - `banks`: it banks the unbanked gold (the greedy policy values that gold at play time);
    - `worth`: greedy: (e, ammo, health, wants).
    """

    __slots__ = ("name", "run", "asks", "attacks", "fires", "gold", "takes_gold", "choice", "cost", "deferred",
                 "folds", "banks", "worth")

    def __init__(self, name: str, run: Run | None, asks: Callable[[Any], bool] = _no, attacks: bool = False,
                 fires: bool = False, gold: Callable[[Any], int | None] = _zero, takes_gold: bool = False,
                 choice: str | None = None, cost: Callable[[Any, Any], int] = _free, deferred: bool = False,
                 folds: Callable[[Any], tuple[str, int]] | None = None, banks: bool = False,
                 worth: Callable[[Any, int, int, float, float], float] = _worthless) -> None:
        self.name, self.run, self.asks, self.attacks, self.fires, self.gold = name, run, asks, attacks, fires, gold
        self.takes_gold, self.choice, self.cost, self.deferred, self.folds = takes_gold, choice, cost, deferred, folds
        self.banks, self.worth = banks, worth


RULES: dict[str, Rule] = {}


def effect(name: str, **facts: Any) -> Callable[[Run], Run]:
    """Register the decorated function as the rule of effect `name`, with its foreseeable facts."""

    def register(run: Run) -> Run:
        RULES[name] = Rule(name, run, **facts)
        return run

    return register


def passive(name: str, folds: Callable[[Any], tuple[str, int]]) -> None:
    """Register a character passive: no step of its own, a number folded into the character."""
    RULES[name] = Rule(name, None, folds=folds)


def rules() -> dict[str, Rule]:
    """Every effect the engine runs, by name (importing `effects` registers them all)."""
    from . import effects  # noqa: F401

    return RULES


def rule(name: str) -> Rule:
    """The engine's home of an effect; ValueError for an effect the engine does not know."""
    if name not in rules():
        raise ValueError(f"effect {name!r} has no rule in the El Dorado Canyon engine")
    return RULES[name]


EFFECTS = Effects(lambda name: {"rule": rule(name)})  # each effect's class carries its home here


def compiled_effect(data: dict[str, Any]) -> Any:
    """An effect of the compiled game as an object: `.name`, `.rule`, and each parameter by name."""
    return EFFECTS.of(data)
