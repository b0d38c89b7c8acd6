"""Cache keys as bytes: the values that decide a cached thing, pickled, and only ever hashed and compared.

`repr` wrote the shortest decimal of every number in a key (dozens of coordinates a page, a box a
form), which was most of what keying cost a second build.  Pickle writes numbers in binary, tells
values apart as exactly (their types too) and runs in C.  Nothing pickled here is ever loaded: the
caches' entries stay JSON (`common.cachefile`).  Pickle writes an object met twice as a reference to
the first, so an equal value built with other objects shared gets another key: a miss, never a
wrong hit.
"""
from __future__ import annotations

import pickle
from typing import Any


def pickled(value: Any) -> bytes:
    """`value` as a key; ValueError when it holds something pickle cannot write (a lambda, say)."""
    try:
        return pickle.dumps(value, protocol=5)
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        raise ValueError(f"not a key: {exc}") from None
