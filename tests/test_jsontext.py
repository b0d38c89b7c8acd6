"""The manifest writer writes exactly what `json.dumps(..., indent=N, ensure_ascii=False)` writes."""
from __future__ import annotations

import enum
import json

import pytest

from generator.engine.jsontext import dumps


class Level(enum.IntEnum):
    ONE = 1


class Name(str):
    pass


CASES = [
    {}, [], {"a": []}, [[]], [{}], {"x": {"y": {}}}, 1, "é\n\"", None, 1.5, float("nan"), -0.0, 10 ** 30,
    {"a": [1, [2, 3], {"b": None}], "c": "\u00e9\x00"}, [1, (2, 3)], {1: 2}, {1: [2]}, [[1, 2], [3]],
    {"a": {"b": 1.0000001, "c": True}}, {"k": 1e300, "z": -0.0, "t": False},
    # lists of dicts of scalars, written in one call: NUL and braces inside strings, an empty dict among them
    [{"a": "}\x00{", "b": 1}, {"c": "x}"}], [{"a": 1}, {}], [{"a": 1}, [1]], {"p": [{"a": "\"}"}, {"b": [1]}]},
    [{1: 2}, {"x": None}], ({"a": (1, 2)},), [Level.ONE, Name("x")], {"e": Level.ONE}, [{"a": Level.ONE}],
    {"a": [float("inf"), -float("inf"), float("nan"), 1e-7, 2 ** 70, True, False, None, [None]]},
    {"x": {"n": float("inf")}, "y": [1], "z": -float("inf"), "w": float("nan"), "v": 10 ** 30, "u": False},
    {"pages": [{"number": 1, "items": [{"id": "a", "x": 9.75, "tile": {"row": 1}}, {"id": "b", "x": 1.0}]}]},
]


@pytest.mark.parametrize("indent", [1, 2, 4])
@pytest.mark.parametrize("data", CASES, ids=repr)
def test_same_text_as_json_dumps(data, indent):
    assert dumps(data, indent) == json.dumps(data, indent=indent, ensure_ascii=False)


def test_a_non_string_key_above_the_leaves_is_written_as_json_writes_it():
    data = {1: {"a": [1, 2]}, "b": [{"c": {}}]}
    assert dumps(data) == json.dumps(data, indent=1, ensure_ascii=False)


def test_what_json_refuses_is_refused():
    with pytest.raises(TypeError):
        dumps({"a": {"b": object()}})
