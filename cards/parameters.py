"""Rule parameters: the numbers of a family's rules a game may set in its `[parameters]` table.

Designers change rules as often as cards (the starting gold, the town row, what ends the game). Each
family declares, in its schema package's `parameters` module (`PARAMETERS`), the numbers its engine
reads, each with the rulebook's value as its default, the range the engine can play and the rulebook
passage the value comes from. A game's `[parameters]` are checked at load like any field; the engine
gets every parameter's value in the compiled game (`values`), and `checker resolve` cites a value
that differs from the rulebook's as the game's own house rule beside the passage (`house_rules`).

Standard library only: the compiled game carries what `checker resolve` prints.
"""
from __future__ import annotations

from typing import Any

from common.record import Record


class Parameter(Record):
    """One number of a family's rules: its name in `[parameters]`, the rulebook's value, the range the engine
    plays, the rulebook section and its words, and what it means (the docs and `checker schema` print it)."""

    __slots__ = ("name", "default", "low", "high", "section", "quote", "meaning")

    def __init__(self, name: str, default: int, low: int, high: int, section: str, quote: str, meaning: str) -> None:
        assert low <= default <= high, f"{name}: the rulebook's value {default} lies in its range {low}..{high}"
        self.name, self.default, self.low, self.high = name, default, low, high
        self.section, self.quote, self.meaning = section, quote, meaning

    @property
    def passage(self) -> str:
        """The rulebook passage as a step cites one: `Section: "quote"`."""
        return f'{self.section}: "{self.quote}"'


def declared(schema_module: Any) -> tuple[Parameter, ...]:
    """The parameters a family's schema package declares (none for a family without a `parameters` module)."""
    module = _module(schema_module)
    found: tuple[Parameter, ...] = module.PARAMETERS if module is not None else ()
    return found


def _module(schema_module: Any) -> Any:
    from importlib import import_module

    name = f"{schema_module.__name__}.parameters"
    try:
        return import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        return None


def problems(schema_module: Any, given: object, family: str) -> list[tuple[str | None, str]]:
    """What is wrong with a game's `[parameters]` table, as (parameter name or None for the table, message): an
    unknown name (listing the family's parameters), a value that is not a whole number in its range, and what
    the family's `check(values)` finds in the values together."""
    if not isinstance(given, dict):
        return [(None, f"expected a table of parameters (name = whole number), got {type(given).__name__}")]
    module = _module(schema_module)
    params: tuple[Parameter, ...] = module.PARAMETERS if module is not None else ()
    by_name = {p.name: p for p in params}
    out: list[tuple[str | None, str]] = []
    for name, value in given.items():
        p = by_name.get(name)
        if p is None:
            listing = ", ".join(by_name) if by_name else "none: it has no rule parameters"
            out.append((name, f"unknown parameter {name!r}: the parameters of {family} are {listing}"))
        elif isinstance(value, bool) or not isinstance(value, int):
            out.append((name, f"expected a whole number from {p.low} to {p.high}, got {value!r}"))
        elif not p.low <= value <= p.high:
            out.append((name, f"expected a whole number from {p.low} to {p.high} (the rulebook's is {p.default}), "
                              f"got {value}"))
    if not out and hasattr(module, "check"):
        out += module.check(values(params, given))
    return out


def values(params: tuple[Parameter, ...], given: dict[str, int]) -> dict[str, int]:
    """Every parameter's value for a game: the one its `[parameters]` sets, else the rulebook's."""
    return {p.name: given.get(p.name, p.default) for p in params}


def house_rules(params: tuple[Parameter, ...], given: dict[str, int]) -> list[dict[str, Any]]:
    """The parameters a game sets to other values than the rulebook's, with the rulebook's value and passage."""
    return [{"name": p.name, "value": given[p.name], "rulebook": p.default, "passage": p.passage,
             "meaning": p.meaning} for p in params if p.name in given and given[p.name] != p.default]


def house_rule_line(rule: dict[str, Any]) -> str:
    """How a verdict cites a game's house rule: the value, where it is set, and the rulebook's value beside it."""
    return (f"House rule of this game: {rule['name']} = {rule['value']} (game.toml [parameters]; {rule['meaning']}), "
            f"in place of the rulebook's {rule['rulebook']} ({rule['passage']})")


def of_game(game: Any) -> dict[str, Any]:
    """What a family's `compile_game` adds for a loaded game: every parameter's value (`parameters`) and those
    that are the game's own house rules (`house_rules`, for `checker resolve`'s verdict)."""
    params = declared(game.family)
    return {"parameters": values(params, game.parameters), "house_rules": house_rules(params, game.parameters)}
