"""`json.dumps(value, indent=1, ensure_ascii=False)`, the same text, at C speed.

With `indent`, the standard library encodes in pure Python, one generator per container: a
500-card kit's manifest took as long as placing a tenth of its faces.  Here every container of
plain values (a manifest's item, most of it) is encoded by the C encoder, whose item separator
may carry the newline and indentation; only containers holding containers are joined here.
Anything else json would write differently (a key that is not a string) goes to `json.dumps`.
"""
from __future__ import annotations

import json
from functools import cache
from typing import Any, Callable

_NESTED = (dict, list, tuple)


def dumps(value: Any) -> str:
    """The text `json.dumps(value, indent=1, ensure_ascii=False)` gives."""
    try:
        return _indented(value, 0)
    except _Unusual:
        return json.dumps(value, indent=1, ensure_ascii=False)


class _Unusual(Exception):
    """A value whose text this module does not build itself."""


def _indented(value: Any, depth: int) -> str:
    if not isinstance(value, _NESTED):
        return _flat(0)(value)
    if not value:
        return "{}" if isinstance(value, dict) else "[]"
    values = value.values() if isinstance(value, dict) else value
    if isinstance(value, dict) and not all(type(key) is str for key in value):
        raise _Unusual
    inner = "\n" + " " * (depth + 1)
    if not any(isinstance(v, _NESTED) for v in values):
        flat = _flat(depth + 1)(value)  # "{a,INNERb}": open, the items, close
        return f"{flat[0]}{inner}{flat[1:-1]}\n{' ' * depth}{flat[-1]}"
    if isinstance(value, dict):
        parts = [f"{_flat(0)(key)}: {_indented(v, depth + 1)}" for key, v in value.items()]
        return "{" + inner + ("," + inner).join(parts) + "\n" + " " * depth + "}"
    return "[" + inner + ("," + inner).join(_indented(v, depth + 1) for v in value) + "\n" + " " * depth + "]"


@cache
def _flat(depth: int) -> Callable[[Any], str]:
    """The C encoder (json's own, without `indent`), separating items by a newline and `depth` spaces."""
    return json.JSONEncoder(ensure_ascii=False, separators=(",\n" + " " * depth, ": "), default=_refuse).encode


def _refuse(value: Any) -> Any:
    raise _Unusual
