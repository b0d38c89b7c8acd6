"""Records for the modules `checker resolve` imports: named fields, compared and shown by value.

Neither `typing.NamedTuple` nor a dataclass: `typing` brings `re`, `enum`, `collections`,
`functools` and `contextlib` into every process, and `dataclasses` `inspect` and `ast`; each cost
resolve's start-up more than its work (docs/performance.md). A record lists its fields in
`__slots__`, sets them in its `__init__`, and is equal to, hashes and prints like a record of its
class with the same values.
"""
from __future__ import annotations


class Record:
    """A record of the fields its class names in `__slots__` (in order)."""

    __slots__: tuple[str, ...] = ()

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"
