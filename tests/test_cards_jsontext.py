"""`cards.jsontext` writes exactly the text `json.dumps(value, indent=N, ensure_ascii=False)` gives, and refuses what
json refuses the same way: `checker resolve --json` (indent 2, no `json` import at start-up) and the kits'
manifests (indent 1, at C speed: the text print.md's readers and earlier builds know)."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from cards.jsontext import dumps

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(alphabet=st.characters(), max_size=8)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                      | st.dictionaries(st.text(max_size=4), inner, max_size=4), max_leaves=30)


@given(VALUES, st.sampled_from([1, 2, 4]))
def test_any_json_value_is_written_as_json_dumps_writes_it(value, indent):
    assert dumps(value, indent) == json.dumps(value, indent=indent, ensure_ascii=False)


def test_unusual_keys_and_values_and_refusals_as_json():
    for value in ({1: "a", "b": {2.5: [None]}}, {"a": float("nan"), "b": [float("-inf")]}, "é\u2028", 3, -0.0):
        assert dumps(value, 2) == json.dumps(value, indent=2, ensure_ascii=False)
    loop: list = []
    loop.append(loop)
    for refused in ({"a": object()}, [{1, 2}], loop):
        with pytest.raises((TypeError, ValueError)) as expected:
            json.dumps(refused, indent=2)
        with pytest.raises(type(expected.value)) as got:
            dumps(refused, 2)
        assert str(got.value) == str(expected.value)


def test_a_manifest_is_written_as_json_dumps_with_indent_1_writes_it():
    item = {"component": "town", "id": "dynamite", "copy": 1, "side": "front", "x": 12.5, "y": -0.0, "w": 63.5,
            "h": 88.9, "tile": {"row": 1, "col": 2}, "region": {"x": 0.0, "y": 0.0, "w": 1e-7, "h": 1e22}}
    manifest = {"format": 1, "game": "é\"\n\u2028", "components": [], "pages": [{"number": 1, "items": [item] * 3},
                                                                               {"blank": True, "items": []}]}
    assert dumps(manifest, 1) == json.dumps(manifest, indent=1, ensure_ascii=False)


def test_a_refusal_leaves_nothing_behind_for_the_next_value():
    for refused in ({"a": object()}, [1, {2}]):
        with pytest.raises(TypeError):
            dumps(refused, 1)
        same = [1, {"b": 2}]
        assert dumps(same, 1) == json.dumps(same, indent=1, ensure_ascii=False)


def test_a_text_or_key_that_holds_the_mark_of_a_nested_container_is_written_as_json():
    mark = "\x00nested\x00"  # what stands for a container while its parent is encoded
    for value in ({"a": mark, "b": [1]}, [mark, {"x": 1}], {mark: [2], "c": {"d": mark}}, [[mark], mark, [3]]):
        assert dumps(value, 2) == json.dumps(value, indent=2, ensure_ascii=False)
