"""How a step names its rule: `Section: "quote"; ruling-id; ...`, the same for every engine.

One format lets a player find the quote on the rulebook page, lets the tests pull the
quotes and ruling ids back out of any engine's citations, and keeps `join` able to
merge citations without repeating a ruling. Every citation constant is a `Rule`: it names
the kinds of step (checker.core.log.KINDS) allowed to cite it, so a quote about gaining
gold cannot back a damage step (tests/test_citations.py resolves the case books to check).
"""
from __future__ import annotations

from typing import Mapping

from .log import KINDS


class Rule(str):
    """A citation and the step kinds allowed to cite it."""

    kinds: tuple[str, ...]

    def __new__(cls, text: str, kinds: tuple[str, ...]) -> Rule:
        unknown = [k for k in kinds if k not in KINDS]
        assert kinds and not unknown, f"a citation names the step kinds it backs, from KINDS: {unknown or kinds}"
        rule = super().__new__(cls, text)
        rule.kinds = kinds
        return rule


def cite(section: str, quote: str, *rulings: str, kinds: tuple[str, ...]) -> Rule:
    """A rulebook section with a word-for-word quote, then any rulings that settle it."""
    text = f'{section}: "{quote}"'
    return Rule("; ".join([text, *rulings]) if rulings else text, kinds)


def ruling(*rules: str, kinds: tuple[str, ...]) -> Rule:
    """A citation made of rulings (or of other citations, joined), for the step kinds given."""
    return Rule(join(*rules), kinds)


def join(*rules: str) -> str:
    """Several citations as one rule, each part (quote or ruling id) once."""
    parts = [part for rule in rules for part in rule.split("; ")]
    return "; ".join(dict.fromkeys(parts))


def table(module: object) -> dict[str, Rule]:
    """A family's citation table: the `Rule` constants of its `cite` module, by name."""
    return {name: value for name, value in vars(module).items()
            if name.isupper() and not name.startswith("_") and isinstance(value, Rule)}


def uncited(rule: str, kind: str, citations: Mapping[str, Rule]) -> set[str]:
    """The parts of a step's rule (quotes, ruling ids) that no citation allowed for its `kind` supplies; empty: the
    step cites its table. A citation counts when the step cites all of it (a joined rule cites several whole ones)."""
    parts = set(rule.split("; ")) if rule else {""}
    covered: set[str] = set()
    for value in citations.values():
        own = set(value.split("; "))
        if kind in value.kinds and own <= parts:
            covered |= own
    return parts - covered
