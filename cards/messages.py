"""Turn pydantic's validation errors into 'expected X, got Y' messages with lines."""
from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from .errors import Problem, describe
from .tomlsource import LineIndex

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


def _expected(err: dict[str, Any]) -> str:
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
        elif isinstance(part, str) and (part[:1].isupper() or (isinstance(node, dict) and node.get("effect") == part)
                                        or "[" in part or part.startswith("function")):
            continue
        out.append(part)
    return tuple(out)


def problems_from_validation(exc: ValidationError, file: str, index: LineIndex, data: Any,
                             prefix: tuple = (), card: str | None = None, card_name: str | None = None) -> list[Problem]:
    problems = []
    for err in exc.errors(include_url=False):
        loc = _data_path(err["loc"], data)
        path = ".".join(str(p + 1) if isinstance(p, int) else p for p in loc) or "(file)"
        message = _expected(err)
        if err["type"] == "missing":
            message = "required field is missing"
        elif err["type"] not in ("value_error",) and "got" not in message:
            message += f", got {describe(err.get('input'))}" if err["type"] != "extra_forbidden" else f": {loc[-1]!r}"
        line = index.line_of(prefix + loc)
        problems.append(Problem(file, message, line=line, card=card, card_name=card_name, path=path))
    return problems
