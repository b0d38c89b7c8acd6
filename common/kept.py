"""Records of a kept game made again without pydantic: what a warm build prints from.

Importing pydantic and creating the `cards.models` classes cost a build about 0.2 s of CPU
before it reads a record, and a game loaded from `cards.compiled` is not validated again.
So a kept record comes back as a plain object of a class made here for its model: the
model's *kinds* (its plain base classes, which hold everything a record does beyond its
fields: a phrase, a printed text, a class constant; each family keeps them in a module that
does not import pydantic) and `Kept`, which stands in for pydantic's model behaviour the code
uses: fields as attributes, iteration, equality, `repr` and `model_dump`.

`isinstance` against a kind holds for a validated record and a kept one alike; against a
pydantic model class it holds for the validated one only, so code that may see a kept record
tests kinds.  Each record's `repr` is its model's, character for character: the face cache
keys a face by it, so a build from a kept game reuses the faces a validated one drew.
"""
from __future__ import annotations

from typing import Any, ClassVar, Iterator


class Kept:
    """A record as pydantic's model of it behaves, for what the code asks: its fields are its `vars`, in the
    model's order; it is equal to a record of its class with equal fields; it cannot be changed."""

    model_fields: ClassVar[dict[str, None]] = {}  # its model's field names (pydantic's: their FieldInfo)

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        return iter(vars(self).items())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(self) == vars(other)

    def __hash__(self) -> int:  # as a frozen model's: by its fields (a list among them cannot be hashed)
        return hash(tuple(vars(self).values()))

    def __repr__(self) -> str:
        return record_repr(self)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError(f"{type(self).__name__} is frozen: a kept record cannot be changed")

    def model_copy(self, update: dict[str, Any] | None = None) -> Kept:
        """This record with the fields in `update` replaced, unchecked: pydantic's `model_copy` of the same model."""
        return make(type(self), {**vars(self), **(update or {})})

    def model_dump(self, exclude: set[str] | None = None) -> dict[str, Any]:
        """The fields as plain data, nested records as dicts: pydantic's `model_dump` of the same model."""
        return {k: _dumped(v) for k, v in vars(self).items() if not exclude or k not in exclude}


def is_record(value: object) -> bool:
    """Whether `value` is a record: a kept one, or a validated model (its class has pydantic's fields)."""
    return isinstance(value, Kept) or hasattr(type(value), "__pydantic_fields__")


def record_repr(value: object) -> str:
    """`repr(value)` of a record (validated or kept), or of a list or table of them: pydantic's `repr` of a model,
    `Name(field=value, ...)`, written once for both kinds of record.  A face's key holds its record's `repr`
    (`generator.engine.facecache`), and pydantic's takes three times as long to write."""
    if type(value) in _SCALARS:  # most fields: asking `is_record` of a string costs more than its `repr`
        return repr(value)
    if isinstance(value, list):
        return f"[{', '.join(map(record_repr, value))}]"
    if isinstance(value, dict):
        return f"{{{', '.join(f'{k!r}: {record_repr(v)}' for k, v in value.items())}}}"
    if not is_record(value):
        return repr(value)
    return f"{type(value).__name__}({', '.join(f'{k}={record_repr(v)}' for k, v in vars(value).items())})"


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _dumped(value: Any) -> Any:
    if isinstance(value, Kept):
        return value.model_dump()
    if type(value) is list:
        return [_dumped(v) for v in value]
    if type(value) is dict:
        return {k: _dumped(v) for k, v in value.items()}
    return value


_CLASSES: dict[tuple[str, tuple[type, ...], tuple[str, ...]], type[Kept]] = {}


def kept_class(model: str, kinds: tuple[type, ...], fields: tuple[str, ...]) -> type[Kept]:
    """The class of kept records of `model` (`module:Qualified.name`), named as its class: its kinds, then `Kept`."""
    key = (model, kinds, fields)
    found = _CLASSES.get(key)
    if found is None:
        name = model.rpartition(":")[2].rpartition(".")[2]
        found = _CLASSES[key] = type(name, (*kinds, Kept), {"model_fields": dict.fromkeys(fields),
                                                          "__module__": __name__, "__qualname__": name})
    return found


def make(cls: type[Kept], values: dict[str, Any]) -> Kept:
    """A record of `cls` with these fields (in its model's order), without `__init__` or `__setattr__`."""
    record = object.__new__(cls)
    object.__setattr__(record, "__dict__", values)
    return record
