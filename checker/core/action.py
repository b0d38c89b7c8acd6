"""One action of any family, as a state file writes it: its kind, who takes it, and its fields.

Every engine's `legal_actions` gives these and its `apply` takes them (checker.core.engine), so a
policy, a test or a web page handles one shape whatever the game. An action is small and
immutable, equal and hashed by value; its text is the state file's own inline table,
`{ kind = "play", player = "Ann", card = "pistol", direction = "left" }`, read back by
`Action.from_text` (the round trip of python-chess's `Move.uci()` / `Move.from_uci()`), and its
repr is the code that makes it. TOML, not a notation of its own: a player pastes the text into a
state file as it is, and `tomllib` reads it back without a parser here.
"""
from __future__ import annotations

from typing import Any


BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")  # TOML's bare keys


class Action:
    """`Action(kind, player, **fields)`: the values plain TOML values (text, whole numbers, true/false,
    lists and tables of them). Fields are kept in the order of their names, at every depth: the same
    action written in another order is the same action, with the same text."""

    __slots__ = ("kind", "player", "_fields", "_text")
    kind: str
    player: str
    _fields: tuple[Any, ...]
    _text: str

    def __init__(self, kind: str, player: str, **fields: Any) -> None:
        set_ = object.__setattr__
        set_(self, "kind", kind)
        set_(self, "player", player)
        frozen = _frozen(fields)
        set_(self, "_fields", frozen)
        set_(self, "_text", _inline({"kind": kind, "player": player, **_thawed(frozen)}))

    @classmethod
    def of_table(cls, table: dict[str, Any]) -> Action:
        """The action an `[action]` table (kind, player and the kind's fields) writes."""
        fields = {k: v for k, v in table.items() if k not in ("kind", "player")}
        return cls(table["kind"], table["player"], **fields)

    @classmethod
    def from_text(cls, text: str) -> Action:
        """The action `text()` wrote; ValueError for text that is not one inline table with a kind and a player."""
        import tomllib

        try:
            table = tomllib.loads(f"action = {text}")["action"]
        except tomllib.TOMLDecodeError as exc:
            raise ValueError(f"expected an action as an inline table {{ kind = ..., player = ... }}: {exc}") from None
        if not isinstance(table, dict) or not isinstance(table.get("kind"), str) or \
                not isinstance(table.get("player"), str):
            raise ValueError(f"expected an action as an inline table {{ kind = ..., player = ... }}, got {text!r}")
        return cls.of_table(table)

    @property
    def fields(self) -> dict[str, Any]:
        """The fields beyond kind and player: a fresh copy (the action never changes)."""
        return _thawed(self._fields)

    def table(self) -> dict[str, Any]:
        """The action as a state file's `[action]` table: kind, player, then the fields."""
        return {"kind": self.kind, "player": self.player, **self.fields}

    def text(self) -> str:
        return self._text

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an Action is immutable: make a new one instead of setting {name!r}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other._text == self._text

    def __hash__(self) -> int:
        return hash(self._text)

    def __repr__(self) -> str:
        fields = "".join(f", {k}={v!r}" for k, v in self.fields.items())
        return f"Action({self.kind!r}, {self.player!r}{fields})"

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (between processes) as the text it is
        return Action.from_text, (self._text,)


def _frozen(value: Any) -> Any:
    """Lists as tuples, tables as tuples of (key, value) pairs by key, marked as tables: nothing to change."""
    if isinstance(value, dict):
        return _Table((k, _frozen(value[k])) for k in sorted(value))
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def _thawed(value: Any) -> Any:
    if isinstance(value, _Table):
        return {k: _thawed(v) for k, v in value}
    if isinstance(value, tuple):
        return [_thawed(v) for v in value]
    return value


class _Table(tuple):
    """A frozen table: (key, value) pairs, told apart from a frozen list of pairs."""

    __slots__ = ()


def _inline(value: Any) -> str:
    """A value as TOML writes it inline (what a state file holds, on one line)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise ValueError(f"expected a TOML value (text, a whole number, true or false, a list or a table), got {value!r}")


def _key(key: str) -> str:
    return key if key and set(key) <= BARE else _string(key)


ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped (not `json`: resolve's start-up)."""
    return '"' + "".join(ESCAPES.get(c) or (f"\\u{ord(c):04x}" if c < " " or c == "\x7f" else c) for c in text) + '"'
