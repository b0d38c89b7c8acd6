"""The `generic` family: a print-only game whose records hold the fields the designer names.

The game declares its record schemas in its own game.toml, one `[schemas.NAME]` table of
fields per schema, each a type name or a table with `type`, `required`, `default`, `label`:

    [schemas.card]
    cost = "integer"                                  # required
    text = { type = "text", default = "" }            # optional, printed when not empty
    tags = { type = "list", required = false }        # optional list of text
    art  = { type = "image", required = false }       # a file inside the game's folder

Every record also has `id`, `name`, `copies` and `layout`.  Records are checked as strictly as a
built-in family's: unknown keys, missing required fields and wrong types are errors with
file, line, card and field.  The model of each schema is built here from the declaration;
`FIELDS` on it keeps the declared types for the generic look, which lays a face out from them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, ClassVar

from pydantic import AfterValidator, BaseModel, Field, StrictBool, StrictInt, ValidationInfo, create_model

from ..errors import Problem
from ..tomlsource import LineIndex
from .common import Image, Record

ICONS: set[str] = set()
BACKS = {"plain"}  # the component's name on a framed panel
RESERVED = ("id", "name", "copies", "layout")


def _colour(value: str) -> str:
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        raise ValueError(f"expected a colour as #rrggbb (e.g. #336699), got {value!r}")
    return value


Text = Annotated[str, Field(max_length=2000)]
Number = Annotated[float, Field(allow_inf_nan=False)]
Colour = Annotated[str, AfterValidator(_colour)]

TYPES: dict[str, Any] = {
    "text": Text,
    "integer": StrictInt,
    "number": Number,
    "bool": StrictBool,
    "list": list[Text],
    "image": Image,
    "colour": Colour,
}
SPEC_KEYS = ("type", "required", "default", "label")


@dataclass(frozen=True)
class FieldSpec:
    """One declared field: its type name, whether a record must give it, its default and printed label."""

    name: str
    type: str
    required: bool
    default: Any
    label: str


class GenericRecord(Record):
    """A record of a declared schema; `FIELDS` lists the declared fields in order."""

    FIELDS: ClassVar[tuple[FieldSpec, ...]] = ()


def records_for(data: dict[str, Any], game_file: str, index: LineIndex) -> tuple[list[Problem], dict[str, type[BaseModel]]]:
    """The record models the game declares in `[schemas]`, and every problem of the declaration."""
    declared = data.get("schemas")
    if not isinstance(declared, dict) or not declared:
        return [Problem(game_file, "expected one or more [schemas.NAME] tables declaring the records' fields",
                        path="schemas")], {}
    problems: list[Problem] = []
    models: dict[str, type[BaseModel]] = {}
    for schema, fields in declared.items():
        where = ("schemas", schema)
        if not isinstance(fields, dict):
            problems.append(Problem(game_file, f"expected a table of fields, got {type(fields).__name__}",
                                    line=index.line_of(where), path=f"schemas.{schema}"))
            continue
        specs = []
        for name, raw in fields.items():
            spec, problem = _field(name, raw)
            if spec is None:
                problems.append(Problem(game_file, str(problem), line=index.line_of(where + (name,)) or index.line_of(where),
                                        path=f"schemas.{schema}.{name}"))
            else:
                specs.append(spec)
        models[schema] = _model(schema, specs)
    return problems, models


def _field(name: str, raw: Any) -> tuple[FieldSpec | None, str | None]:
    """A field declaration, or why it is wrong."""
    if name in RESERVED:
        return None, f"every record has {', '.join(RESERVED)}: expected another field name, got {name!r}"
    if not name.replace("_", "a").isalnum() or not name[:1].isalpha() or not name.isascii():
        return None, f"expected a field name of letters, digits and _ starting with a letter, got {name!r}"
    table = {"type": raw} if isinstance(raw, str) else raw
    if not isinstance(table, dict):
        return None, f"expected a type name ({', '.join(TYPES)}) or a table with type, got {raw!r}"
    unknown = [k for k in table if k not in SPEC_KEYS]
    if unknown:
        return None, f"unknown key {unknown[0]!r}: expected one of {', '.join(SPEC_KEYS)}"
    kind = table.get("type")
    if kind not in TYPES:
        return None, f"type: expected one of {', '.join(TYPES)}, got {kind!r}"
    required = table.get("required", "default" not in table)
    if not isinstance(required, bool):
        return None, f"required: expected true or false, got {required!r}"
    if required and "default" in table:
        return None, "a field with a default is optional: expected no default or required = false"
    label = table.get("label", name.replace("_", " ").capitalize())
    if not isinstance(label, str):
        return None, f"label: expected text, got {label!r}"
    default = table.get("default")
    if default is not None:
        try:
            create_model("Default", value=(TYPES[kind], ...)).model_validate({"value": default}, strict=True)
        except Exception:  # noqa: BLE001 - any invalid default is one message
            return None, f"default: expected a value of type {kind}, got {default!r}"
    return FieldSpec(name, kind, required, default, label), None


def _model(schema: str, specs: list[FieldSpec]) -> type[BaseModel]:
    fields: dict[str, Any] = {}
    for spec in specs:
        annotation = TYPES[spec.type]
        fields[spec.name] = (annotation, ...) if spec.required else (annotation | None, spec.default)
    model = create_model(f"Declared_{schema}", __base__=GenericRecord, **fields)
    model.FIELDS = tuple(specs)
    return model


def check_record(record: Any) -> list[tuple[str, str]]:
    """Nothing beyond the declared types: a print-only record has no rules to agree with."""
    return []
