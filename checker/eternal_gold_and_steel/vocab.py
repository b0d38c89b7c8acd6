"""The engine's homes of the card vocabulary, each found by its name.

An effect of cards/models/eternal_gold_and_steel/effects.py has one step here (`STEPS`,
filled by `@step` in `effects.py`); an effect a while-ability may hold (`LASTING` in the
cards model) also says what it lends a unit while the condition holds (`LENDS`, `@lends`);
a condition has one test (`CONDITIONS`, `@condition` in `conditions.py`). They sit in this
small module, not beside the steps, because `table` asks them for a unit's strength and
keywords and must not import the steps (which import `table`).
"""
from __future__ import annotations

from typing import Any, Callable

from common.record import Record


class Lent(Record):  # a Record: resolve's start-up (common.record)
    """What a while-ability's effect gives its unit while it holds: strength and keywords."""

    __slots__ = ("strength", "keywords")

    def __init__(self, strength: int = 0, keywords: tuple[str, ...] = ()) -> None:
        self.strength, self.keywords = strength, keywords


class Condition(Record):
    """A condition's test (table, condition, the unit or None, its controller) and its words in the log."""

    __slots__ = ("holds", "words")

    def __init__(self, holds: Callable[..., bool], words: Callable[[dict[str, Any]], str]) -> None:
        self.holds, self.words = holds, words


STEPS: dict[str, Callable[..., None]] = {}
LENDS: dict[str, Callable[[Any], Lent]] = {}
CONDITIONS: dict[str, Condition] = {}


def step(name: str) -> Callable:
    """Register the function that runs effect `name`: (table, effect, trigger, choices)."""
    def register(run: Callable[..., None]) -> Callable[..., None]:
        STEPS[name] = run
        return run
    return register


def lends(name: str) -> Callable:
    """Register what effect `name` lends a unit from a while-ability."""
    def register(lent: Callable[[Any], Lent]) -> Callable[[Any], Lent]:
        LENDS[name] = lent
        return lent
    return register


def condition(name: str, words: Callable[[dict[str, Any]], str]) -> Callable:
    """Register the test of condition `name`, with the words the log uses for it."""
    def register(holds: Callable[..., bool]) -> Callable[..., bool]:
        CONDITIONS[name] = Condition(holds, words)
        return holds
    return register
