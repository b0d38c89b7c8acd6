"""Small pieces of English every engine's log shares, so no step reads "1 barrels" or "Bob 's guard"."""
from __future__ import annotations


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`1 barrel`, `2 barrels`, `0 barrels`; `many` for a plural that is not noun + s."""
    return f"{n} {noun if n == 1 else many or noun + 's'}"


def subject(name: str, predicate: str) -> str:
    """A step's sentence: `Ann` + `wins` is "Ann wins", `Bob` + `'s guard falls` is "Bob's guard falls"."""
    return f"{name}{predicate}" if predicate.startswith("'s ") else f"{name} {predicate}"
