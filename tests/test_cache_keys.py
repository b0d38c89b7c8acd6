"""Cache keys (`generator.engine.keys`): values as pickled bytes, told apart as exactly as `repr` told them."""
from __future__ import annotations

import pytest

from generator.engine.faces import page_key
from generator.engine.keys import pickled
from generator.engine.sheet import Block, Options


def test_equal_values_give_equal_keys_and_different_values_different_keys():
    page = (("look", ("footer",), Options()), [Block([0.0, 178.58267716535434], [1.5], (0, 0, 1, 1), (0, 0, 2, 2))])
    same = (("look", ("footer",), Options()), [Block([0.0, 178.58267716535434], [1.5], (0, 0, 1, 1), (0, 0, 2, 2))])
    assert pickled(page) == pickled(same)
    assert pickled(Options(paper="letter")) != pickled(Options())
    apart = [0.0, -0.0, 1, 1.0, True, "1", 178.58267716535434, 178.58267716535437, None, (1,), [1]]
    assert len({pickled(v) for v in apart}) == len(apart)  # as repr tells them apart: types and every bit


def test_a_page_whose_key_cannot_be_written_is_never_cached():
    with pytest.raises(ValueError, match="not a key"):
        pickled((1, lambda: None))
    assert page_key(("look", [lambda: None])) is None
    assert page_key(("look", [1.5])) == pickled(("look", [1.5]))
