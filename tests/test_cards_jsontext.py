"""`checker resolve --json` writes its verdict with `cards.jsontext` (no `json` import at start-up): exactly the
text `json.dumps(value, indent=2, ensure_ascii=False)` gives, and what json refuses is refused the same way."""
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
