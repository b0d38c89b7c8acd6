"""What the builds of one long-running process (`generator watch`) keep in memory between them.

One rule for every kind of thing kept (faces, forms, compressed streams): a build finds what
the last complete build used, and what that build did not use is let go at the next round;
a failed build lets go nothing, so the build after it still finds everything.
"""
from __future__ import annotations

from typing import Callable, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Kept(dict[K, V]):
    """By key, what this build used (the dict itself), beside what the last complete build used."""

    def __init__(self) -> None:
        super().__init__()
        self.last: dict[K, V] = {}
        self._complete = True

    def new_round(self) -> None:
        """Start a build: what the last complete build did not use is let go (a failed build lets go nothing)."""
        self.last = dict(self) if self._complete else {**self.last, **self}
        self.clear()
        self._complete = False

    def round_done(self) -> None:
        self._complete = True

    def find(self, key: K) -> V | None:
        """The value this build or the last one used for `key`, now used by this build too."""
        found = super().get(key)
        if found is None:
            found = self.last.get(key)
            if found is not None:
                self[key] = found
        return found

    def made(self, key: K, make: Callable[[], V]) -> V:
        """The kept value for `key`, else `make()`'s, kept."""
        found = self.find(key)
        if found is None:
            found = self[key] = make()
        return found
