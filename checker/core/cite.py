"""How a step names its rule: `Section: "quote"; ruling-id; ...`, the same for every engine.

One format lets a player find the quote on the rulebook page, lets the tests pull the
quotes and ruling ids back out of any engine's citations, and keeps `join` able to
merge citations without repeating a ruling.
"""
from __future__ import annotations


def cite(section: str, quote: str, *rulings: str) -> str:
    """A rulebook section with a word-for-word quote, then any rulings that settle it."""
    text = f'{section}: "{quote}"'
    return "; ".join([text, *rulings]) if rulings else text


def join(*rules: str) -> str:
    """Several citations as one rule, each part (quote or ruling id) once."""
    parts = [part for rule in rules for part in rule.split("; ")]
    return "; ".join(dict.fromkeys(parts))
