"""A state file read by `tomllib` through the bounded reader: every refusal one line naming the file, line and
column where TOML gives them (checker/core/state_io.py)."""
from __future__ import annotations

import pytest

from checker.core.errors import StateError
from checker.core.state_io import read_state

REFUSED = [
    ("x = 1\nv = \n", "TOML syntax error: Invalid value (at line 2, column 5)"),
    ("\ufeffa = 1\n", "TOML syntax error: Invalid statement (at line 1, column 1)"),  # a byte-order mark
    ("a = { b = 1, }\n", "TOML syntax error: Invalid initial character for a key part (at line 1, column 14)"),
    ("a = 1\na = 2\n", "TOML syntax error: Cannot overwrite a value (at line 2, column 6)"),
    ("a = " + "[" * 2000 + "]" * 2000 + "\n", "unreadable state: RecursionError"),
    ("a = " + "9" * 5000 + "\n", "unreadable state: ValueError"),  # past Python's limit on an integer's digits
    ("format = 2\n", "this file is format 2, newer than this pnpkit reads (format 1): a newer pnpkit reads it "
                      "(pip install -U pnpkit)"),
]


@pytest.mark.parametrize("text, message", REFUSED, ids=range(len(REFUSED)))
def test_a_refused_state_says_why_and_where(text, message, tmp_path):
    path = tmp_path / "turn.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(StateError) as refused:
        read_state(path)
    assert refused.value.message == message
    assert refused.value.file == str(path)


def test_a_good_state_reads_as_its_table_without_the_format(tmp_path):
    path = tmp_path / "turn.toml"
    path.write_text('format = 1\ngame = "eldorado"\n[[players]]\nname = "Ana"\ncoins = 2\n', encoding="utf-8")
    assert read_state(path) == {"game": "eldorado", "players": [{"name": "Ana", "coins": 2}]}


def test_bytes_that_are_not_utf8_are_refused_by_their_first_bad_byte(tmp_path):
    path = tmp_path / "turn.toml"
    path.write_bytes(b'format = 1\ngame = "\xff"\n')
    with pytest.raises(StateError) as refused:
        read_state(path)
    assert refused.value.message == "expected UTF-8 text, got byte 0xff"
