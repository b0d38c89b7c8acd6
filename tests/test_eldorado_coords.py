"""Chart coordinates are read by hand (no `re` on resolve's path): exactly what the schema's pattern matches."""
from __future__ import annotations

import re

from hypothesis import given, strategies as st

from cards.models.eldorado.coords import COORD_PATTERN, column_index, expand, parse

COORD = re.compile(r"^([A-Z]{1,2})([1-9][0-9]{0,2})$")  # the expressions parse and expand used before
RANGE = re.compile(r"^([A-Z]{1,2}[1-9][0-9]{0,2}):([A-Z]{1,2}[1-9][0-9]{0,2})$")
PIECES = st.sampled_from(list("AKZaz0195:\n -") + ["\u0661", "\uff21", "AB", "12", "K12", "\n\n", "ZZ999"])


def _outcome(read, text):
    try:
        return read(text)
    except ValueError as exc:
        return str(exc)


def _by_expression(text):
    match = COORD.match(text)
    if not match:
        raise ValueError(f"expected a coordinate like 'K12' (column letters, row number), got {text!r}")
    return column_index(match.group(1)), int(match.group(2)) - 1


def _range_by_expression(text):
    match = RANGE.match(text)
    if not match:
        return [_by_expression(text)]
    (c1, r1), (c2, r2) = _by_expression(match.group(1)), _by_expression(match.group(2))
    return [(c, r) for r in range(min(r1, r2), max(r1, r2) + 1) for c in range(min(c1, c2), max(c1, c2) + 1)]


@given(st.lists(PIECES, max_size=7).map("".join))
def test_a_square_or_a_rectangle_reads_as_the_expressions_read_it(text):
    assert _outcome(parse, text) == _outcome(_by_expression, text)
    assert _outcome(expand, text) == _outcome(_range_by_expression, text)
    assert (re.match(COORD_PATTERN, text) is not None) == (COORD.match(text) is not None)


def test_known_squares():
    assert parse("K12") == (10, 11) and parse("AA1") == (26, 0) and parse("K12\n") == (10, 11)
    assert expand("A1:B2") == [(0, 0), (1, 0), (0, 1), (1, 1)]
    for bad in ("K0", "k12", "K1234", "ABC1", "K 12", "\uff2b12", "K\u0661"):
        assert _outcome(parse, bad).startswith("expected a coordinate")
