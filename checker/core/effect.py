"""A card's effect as every engine reads it: an object whose parameters are attributes (`e.amount`).

The compiled game keeps an effect as the cards schema dumps it, `{"effect": name, **parameters}`;
`Effects.of` makes it a small slots object: `e.name` the effect, each parameter by its name, effects
nested in a parameter (Gold and Steel's `pay` ... `then`) made objects too. A family may attach
its own facts to every effect of a name (El Dorado Canyon attaches `rule`, its home in the engine);
one class is made per effect name and set of parameters, once (resolve starts fast).
"""
from __future__ import annotations

from typing import Any, Callable


class Effect:
    """Base of the effect classes `Effects.of` makes; equal when the effect and every parameter are."""

    __slots__ = ()
    name: str

    def __repr__(self) -> str:
        names: tuple[str, ...] = self.__slots__
        return f"{self.name}({', '.join(f'{k}={getattr(self, k)!r}' for k in names)})"

    def __eq__(self, other: object) -> bool:
        names: tuple[str, ...] = self.__slots__
        return type(other) is type(self) and all(getattr(self, k) == getattr(other, k) for k in names)

    __hash__ = None  # type: ignore[assignment]


class Effects:
    """One family's effect classes; `attach(name)` gives the class attributes every effect of that name shares."""

    def __init__(self, attach: Callable[[str], dict[str, Any]] | None = None) -> None:
        self.attach = attach
        self.kinds: dict[tuple[str, tuple[str, ...]], type] = {}

    def of(self, data: dict[str, Any]) -> Any:
        """The effect `data` (`{"effect": name, **parameters}`) as an object."""
        name = data["effect"]
        params = tuple(k for k in data if k != "effect")
        kind = self.kinds.get((name, params))
        if kind is None:  # a plain slots class: built in microseconds
            extra = self.attach(name) if self.attach is not None else {}
            kind = type(name, (Effect,), {"__slots__": params, "name": name, **extra})
            self.kinds[(name, params)] = kind
        e = kind()
        for k in params:
            value = data[k]
            if isinstance(value, list) and value and all(isinstance(v, dict) and "effect" in v for v in value):
                value = tuple(self.of(v) for v in value)
            setattr(e, k, value)
        return e
