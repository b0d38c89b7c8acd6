"""How a step names its rule: `Section: "quote"; ruling-id; ...`, the same for every engine.

One format lets a player find the quote on the rulebook page, lets the tests pull the
quotes and ruling ids back out of any engine's citations, and keeps `join` able to
merge citations without repeating a ruling. Every citation constant is a `Rule`: it names
the kinds of step (checker.core.log.KINDS) allowed to cite it, so a quote about gaining
gold cannot back a damage step (tests/test_citations.py resolves the case books to check).
"""
from __future__ import annotations

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
