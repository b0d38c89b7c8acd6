"""Manifests are written by the C JSON encoder (`generator.engine.jsontext`, issue 14) in exactly the text
`json.dumps(value, indent=1, ensure_ascii=False)` gives, which print.md's readers and earlier builds know."""
from __future__ import annotations

import json

from hypothesis import given, strategies as st

from generator.engine.jsontext import dumps

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(alphabet=st.characters(), max_size=8)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                      | st.dictionaries(st.text(max_size=4), inner, max_size=4), max_leaves=30)


@given(VALUES)
def test_any_json_value_is_written_as_json_dumps_with_indent_1_writes_it(value):
    assert dumps(value) == json.dumps(value, indent=1, ensure_ascii=False)


def test_a_manifest_and_what_json_refuses_or_writes_its_own_way():
    item = {"component": "town", "id": "dynamite", "copy": 1, "side": "front", "x": 12.5, "y": -0.0, "w": 63.5,
            "h": 88.9, "tile": {"row": 1, "col": 2}, "region": {"x": 0.0, "y": 0.0, "w": 1e-7, "h": 1e22}}
    manifest = {"format": 1, "game": "é\"\n\u2028", "components": [], "pages": [{"number": 1, "items": [item] * 3},
                                                                               {"blank": True, "items": []}]}
    for value in (manifest, {1: "a", "b": {2.5: [None]}}, {"a": float("nan"), "b": [float("-inf")]}, "text", 3):
        assert dumps(value) == json.dumps(value, indent=1, ensure_ascii=False)
    for refused in ({"a": object()}, [{1, 2}]):
        try:
            json.dumps(refused, indent=1)
        except TypeError as expected:
            try:
                dumps(refused)
            except TypeError as got:
                assert str(got) == str(expected)
            else:
                raise AssertionError("jsontext wrote what json refuses")
