"""Turn pydantic's validation errors into 'expected X, got Y' messages with lines."""
from __future__ import annotations

from types import UnionType
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from .errors import Problem, describe
from .tomlsource import LineIndex

if TYPE_CHECKING:
    from .spreadsheet import CellIndex

_EXPECTED = {
    "missing": "required field is missing",
    "string_type": "expected a string",
    "int_type": "expected an integer",
    "int_from_float": "expected an integer",
    "float_type": "expected a number",
    "bool_type": "expected true or false",
    "list_type": "expected an array",
    "tuple_type": "expected an array",
    "dict_type": "expected a table",
    "model_type": "expected a table",
    "model_attributes_type": "expected a table",
}


def _expected(err: ErrorDetails) -> str:
    kind, ctx = err["type"], err.get("ctx") or {}
    if kind == "literal_error":
        choices = ctx.get("expected", "").replace("'", "").replace(" or ", ", ")
        return f"expected one of {choices}"
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "union_tag_invalid":
        tags = ctx.get("expected_tags", "").replace("'", "")
        return f"unknown effect {ctx.get('tag')!r}: expected one of {tags}"
    if kind == "union_tag_not_found":
        return "expected an 'effect' key naming the effect"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        sign = {"greater_than_equal": ">=", "greater_than": ">", "less_than_equal": "<=", "less_than": "<"}[kind]
        bound = next(iter(ctx.values()), "?")
        return f"expected a number {sign} {bound}"
    if kind in ("too_short", "too_long"):
        return "expected " + err["msg"].replace("should have", "").strip().lower().replace("list", "an array with")
    if kind == "string_pattern_mismatch":
        return f"expected text matching {ctx.get('pattern')}"
    if kind == "string_too_long":
        return f"expected at most {ctx.get('max_length')} characters"
    if kind == "string_too_short":
        return "expected a non-empty string"
    if kind in ("value_error", "assertion_error"):
        return str(ctx.get("error", err["msg"])).removeprefix("Value error, ")
    return _EXPECTED.get(kind, err["msg"][:1].lower() + err["msg"][1:])


def _data_path(loc: tuple, data: Any) -> tuple:
    """pydantic puts union member names and effect tags in `loc`; keep only real keys."""
    out: list = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        elif isinstance(part, str) and (part[:1].isupper() or (isinstance(node, dict) and part in node.values())
                                        or "[" in part or part.startswith("function")):
            continue
        out.append(part)
    return tuple(out)


def _allowed_keys(model: Any, loc: tuple, data: Any) -> list[str]:
    """The keys the schema accepts where an unknown key was found (for 'expected one of')."""
    node = data
    for part in loc[:-1]:
        if isinstance(node, dict) and isinstance(part, str) and part not in node:  # a union's tag, e.g. a condition
            model = _pick_member(model, node)
            continue
        if isinstance(model, type) and issubclass(model, BaseModel) and isinstance(part, str):
            info = model.model_fields.get(part) or next(
                (f for f in model.model_fields.values() if f.alias == part), None)
            if info is None:
                return []
            model = info.annotation
        elif isinstance(part, int):
            model = next(iter(get_args(model)), None)
        node = node[part] if isinstance(node, (dict, list)) else None
        model = _pick_member(model, node)
    model = _pick_member(model, node)
    if isinstance(model, type) and issubclass(model, BaseModel):
        return [f.alias or name for name, f in model.model_fields.items()]
    return []


def _pick_member(model: Any, node: Any) -> Any:
    """Unwrap Annotated/Optional/unions down to the model that fits this data."""
    while get_origin(model) is Annotated:
        model = get_args(model)[0]
    if get_origin(model) in (Union, UnionType):
        members = [m for m in map(_pick_member, get_args(model), [node] * len(get_args(model)))
                   if isinstance(m, type) and issubclass(m, BaseModel)]
        for member in members:  # the member whose tag field (effect, condition, ...) holds the node's value
            for name, field in member.model_fields.items():
                if isinstance(node, dict) and name in node and node[name] in get_args(field.annotation) \
                        and get_origin(field.annotation) is Literal:
                    return member
        return members[0] if len(members) == 1 else model
    return model


def problems_from_validation(exc: ValidationError, file: str, index: LineIndex | CellIndex, data: Any,
                             prefix: tuple = (), card: str | None = None, card_name: str | None = None,
                             schema: Any = None) -> list[Problem]:
    problems = []
    for err in exc.errors(include_url=False):
        loc = _data_path(err["loc"], data)
        path: str | None = ".".join(str(p + 1) if isinstance(p, int) else p for p in loc) or "(file)"
        message = _expected(err)
        if err["type"] == "missing":
            message = "required field is missing"
        elif err["type"] == "extra_forbidden":
            allowed = _allowed_keys(schema, loc, data) if schema is not None else []
            message += f": expected one of {', '.join(allowed)}" if allowed else ""
        elif err["type"] != "value_error" and "got" not in message:
            message += f", got {describe(err.get('input'))}"
        line = index.line_of(prefix + loc)
        cell = index.cell_of(prefix + loc)
        if cell and len(loc) == 1:
            path = None  # the column names the field already
        label, label_name = card, card_name
        if label is None and len(loc) >= 2 and loc[0] == "components" and isinstance(loc[1], int):
            component = data.get("components", [])[loc[1]] if isinstance(data, dict) else None
            if isinstance(component, dict) and isinstance(component.get("id"), str):
                path = ".".join(["components", component["id"]] + [str(p) for p in loc[2:]])
        problems.append(Problem(file, message, line=line, card=label, card_name=label_name, path=path, cell=cell))
    return problems
