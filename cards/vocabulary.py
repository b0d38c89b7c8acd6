"""A family's effect vocabulary read from its effect classes, for `checker effects` and docs/reference.

The classes are the one truth: an effect's name is its `effect` literal, its parameters
are its fields (type, bounds, default), what it does is its docstring, and what it prints
is its `phrase`, rendered here with every parameter at its default (a required one at its
smallest allowed value).  Nothing here is written twice.
"""
from __future__ import annotations

import sys
import types
import typing
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Literal, get_args, get_origin

from annotated_types import Ge, Le, MaxLen, MinLen
from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from .effects import Effect

UNIONS = (typing.Union, types.UnionType)
EffectModel = Any  # an effect's pydantic model: a subclass of `Effect` (its kind) and of BaseModel


@dataclass(frozen=True)
class Parameter:
    name: str
    type: str
    default: str  # "required" when a definition must give it


@dataclass(frozen=True)
class EffectDoc:
    name: str
    does: str
    parameters: tuple[Parameter, ...]
    prints: str


def effect_classes(schema: ModuleType) -> list[type[EffectModel]]:
    """Every concrete effect of a family's schema module (or package), in definition order."""
    prefix = schema.__name__
    getattr(schema, "RECORDS", None)  # a family's package imports its models (and effects) on first use
    found: list[type[EffectModel]] = []
    todo = list(Effect.__subclasses__())
    while todo:
        cls = todo.pop(0)
        todo += cls.__subclasses__()
        if ((cls.__module__ == prefix or cls.__module__.startswith(prefix + ".")) and issubclass(cls, BaseModel)
                and "effect" in cls.model_fields):  # a model: not a kind (common.kept), nor a kept record's class
            found.append(cls)
    return sorted(found, key=_position)


def describe(cls: type[EffectModel]) -> EffectDoc:
    params = tuple(Parameter(name, type_name(f.annotation, f.metadata), _default(f))
                   for name, f in cls.model_fields.items() if name != "effect")
    doc = " ".join((cls.__doc__ or "").split())
    return EffectDoc(_name(cls), doc, params, _example(cls).phrase())


def type_name(annotation: Any, metadata: list[Any] = ()) -> str:  # type: ignore[assignment]
    """A type as a designer reads it: 'whole number 1 to 10', 'one of left, right', 'list of text'."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is typing.Annotated:
        return type_name(args[0], [*args[1:], *metadata])
    if origin is Literal:
        return "one of " + ", ".join(map(str, args))
    if origin in UNIONS:
        if all(isinstance(a, type) and issubclass(a, Effect) for a in args):
            return "effect (a table with `effect` and its parameters)"
        names = [type_name(a) for a in args if a is not type(None)]
        return " or ".join(names) + (" (optional)" if type(None) in args else "")
    if origin is list:
        bounds = _bounds(metadata, MinLen, MaxLen, "min_length", "max_length")
        return f"list of {type_name(args[0])}" + (f" ({bounds} items)" if bounds else "")
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return f"table ({', '.join(annotation.model_fields)})"
    base = {bool: "true or false", int: "whole number", float: "number", str: "text"}.get(annotation, str(annotation))
    bounds = _bounds(metadata, Ge, Le, "ge", "le")
    return f"{base} {bounds}" if bounds else base


def _bounds(metadata: list[Any], low_cls: type, high_cls: type, low_name: str, high_name: str) -> str:
    low = next((getattr(m, low_name) for m in metadata if isinstance(m, low_cls)), None)
    high = next((getattr(m, high_name) for m in metadata if isinstance(m, high_cls)), None)
    if low is not None and high is not None:
        return f"{low} to {high}"
    return f"at least {low}" if low is not None else (f"at most {high}" if high is not None else "")


def _default(field: Any) -> str:
    if field.is_required():
        return "required"
    value = field.get_default(call_default_factory=True)
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _name(cls: type[EffectModel]) -> str:
    return get_args(cls.model_fields["effect"].annotation)[0]


def _example(cls: type[EffectModel]) -> Effect:
    """The effect at its example values: each a number's default, or 1 where that prints nothing (0, none)."""
    return cls.model_validate(_values(cls))


def _values(model: type[BaseModel]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for name, f in model.model_fields.items():
        default = None if f.is_required() else f.get_default(call_default_factory=True)
        if name == "effect":
            values[name] = get_args(f.annotation)[0]
        elif f.is_required() or default in (None, 0) and _is_number(f.annotation):
            values[name] = _sample(f.annotation, f.metadata)
    return values


def _is_number(annotation: Any) -> bool:
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is typing.Annotated or origin in UNIONS:
        return any(_is_number(a) for a in args[:1] if origin is typing.Annotated) or \
            any(_is_number(a) for a in args if origin is not typing.Annotated)
    return annotation is int and annotation is not bool


def _sample(annotation: Any, metadata: list[Any]) -> Any:
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is typing.Annotated:
        return _sample(args[0], [*args[1:], *metadata])
    if origin is Literal:
        return args[0]
    if origin in UNIONS:
        return _sample(next(a for a in args if a is not type(None)), metadata)
    if origin is list:
        return [_sample(args[0], [])]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _values(annotation)
    if annotation is int:
        low = next((m.ge for m in metadata if isinstance(m, Ge)), 1)
        return low if isinstance(low, int) and low > 0 else 1
    return "example" if annotation is str else None


def _position(cls: type) -> tuple[str, int]:
    """Where a class is defined: the vocabulary reads in the order its module declares it."""
    module = sys.modules[cls.__module__]
    names = list(vars(module))
    return cls.__module__, names.index(cls.__name__) if cls.__name__ in names else len(names)
