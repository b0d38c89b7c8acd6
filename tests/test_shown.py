"""`common.terminal.shown` writes every control character (but newline and tab) and bidi override as \\uXXXX,
whatever shortcut it takes for text that holds none (ASCII or not)."""
from __future__ import annotations

import unicodedata

from hypothesis import given, strategies as st

from common.terminal import shown

BIDI = {0x61c, 0x200e, 0x200f, *range(0x202a, 0x202f), *range(0x2066, 0x206a)}  # marks, embeddings, isolates


def expected(text: str) -> str:
    return "".join(f"\\u{ord(c):04x}" if (unicodedata.category(c) == "Cc" and c not in "\t\n") or ord(c) in BIDI
                   else c for c in text)


@given(st.text(alphabet=st.characters(max_codepoint=0x7f)) | st.text())
def test_shown_escapes_exactly_the_hidden_characters(text):
    assert shown(text) == expected(text)


def test_a_verdict_keeps_its_lines_and_loses_its_escape_sequences():
    assert shown('{\n\t"name": "Ann"\n}') == '{\n\t"name": "Ann"\n}'
    assert shown("Ann\x1b[31m\x7f\u202e é") == "Ann\\u001b[31m\\u007f\\u202e é"
