"""`json.dumps(data, indent=N, ensure_ascii=False)`, the same text, in a fraction of the time.

With `indent`, the standard library encodes in pure Python (its C encoder only writes compact
JSON): a kit's manifest (every piece on every page) took about 10 ms, a 5,000-card folder's
much more.  Here the C encoder writes every container that holds only scalars (a manifest's
items, components, options), with the line break and indent as its item separator, and a
page's whole list of items in one call; only the few containers above them are walked in Python.
"""
from __future__ import annotations

import json
from functools import cache
from typing import Any, Callable, Iterable

_SCALARS = frozenset({str, int, float, bool, type(None)})
_key = json.encoder.encode_basestring  # how json.dumps writes a key (in C)


def dumps(data: Any, indent: int = 1) -> str:
    """The text `json.dumps(data, indent=indent, ensure_ascii=False)` gives (`indent` at least 1)."""
    try:
        return _dumps(data, indent, 0)
    except _Unusual:
        return json.dumps(data, indent=indent, ensure_ascii=False)


class _Unusual(Exception):
    """A key that is no string above the leaves: left to the standard library, which says what it does with it."""


def _dumps(obj: Any, indent: int, depth: int) -> str:
    if isinstance(obj, dict):
        values: Iterable[Any] = obj.values()
    elif isinstance(obj, (list, tuple)):
        values = obj
    else:
        return _SCALAR.get(type(obj), _flat(indent, depth))(obj)
    if not obj:
        return "{}" if isinstance(obj, dict) else "[]"
    pad, end = "\n" + " " * (indent * (depth + 1)), "\n" + " " * (indent * depth)
    if _scalars(values):
        flat = _flat(indent, depth)(obj)
        return flat[0] + pad + flat[1:-1] + end + flat[-1]
    if isinstance(obj, dict):
        if not all(type(k) is str for k in obj):
            raise _Unusual
        return "{" + pad + ("," + pad).join(f"{_key(k)}: {_dumps(v, indent, depth + 1)}" for k, v in obj.items()) \
            + end + "}"
    if all(type(v) is dict and v and _scalars(v.values()) for v in obj):
        return _leaves(obj, pad, end, " " * indent)
    return "[" + pad + ("," + pad).join(_dumps(v, indent, depth + 1) for v in obj) + end + "]"


def _float(value: float) -> str:
    return float.__repr__(value) if value == value and value not in (_INF, -_INF) else json.dumps(value)


_INF = float("inf")
_SCALAR: dict[type, Callable[[Any], str]] = {str: _key, int: int.__repr__, float: _float,
                                              bool: lambda v: "true" if v else "false", type(None): lambda v: "null"}


def _scalars(values: Iterable[Any]) -> bool:
    return _SCALARS.issuperset(map(type, values))


def _leaves(dicts: Any, pad: str, end: str, step: str) -> str:
    """A list of non-empty dicts of scalars (a page's items), encoded in one call of the C encoder.

    It writes NUL as the item separator and escapes NUL inside strings, so every NUL it writes
    is a separator, and `}NUL{` (no scalar ends in a brace) one between two dicts.
    """
    inner = pad + step
    bodies = _NUL_SEPARATED(list(dicts))[2:-2].split("}\0{")
    return "[" + pad + ("," + pad).join("{" + inner + b.replace("\0", "," + inner) + pad + "}" for b in bodies) \
        + end + "]"


_NUL_SEPARATED = json.JSONEncoder(ensure_ascii=False, separators=("\0", ": ")).encode


@cache
def _flat(indent: int, depth: int) -> Callable[[Any], str]:
    """The C encoder writing a container at `depth` whose values are scalars, each on its own line."""
    return json.JSONEncoder(ensure_ascii=False, separators=("," + "\n" + " " * (indent * (depth + 1)), ": ")).encode
