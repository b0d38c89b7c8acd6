"""Chart coordinates: columns A..Z, AA, AB, ... from the west; rows 1.. from the north.

A square is written like a sea chart's grid reference, 'K12'.  Inside the code a
square is a `(column, row)` pair of 0-based integers; these helpers convert.

A coordinate is `COORD_PATTERN` (the schema's check), read here without a regular expression:
`checker resolve` reads the squares of an Eldorado state, and `re` (with `enum`) cost its
start-up more than its work.
"""
from __future__ import annotations

Square = tuple[int, int]
COORD_PATTERN = r"^[A-Z]{1,2}[1-9][0-9]{0,2}$"
WATER = frozenset({"sea", "river"})  # the terrains a ship sails on
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_DIGITS = frozenset("0123456789")

# Compass directions a move or a current can take (movement is orthogonal only).
DIRECTIONS: dict[str, Square] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def column_name(col: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA' (spreadsheet style)."""
    name = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def column_index(name: str) -> int:
    index = 0
    for letter in name:
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


def coord(square: Square) -> str:
    """(10, 11) -> 'K12'."""
    col, row = square
    return f"{column_name(col)}{row + 1}"


def parse(text: str) -> Square:
    """'K12' -> (10, 11); ValueError naming the expected form otherwise."""
    parts = _coordinate(text[:-1] if text.endswith("\n") else text)  # `$` allowed one closing newline
    if parts is None:
        raise ValueError(f"expected a coordinate like 'K12' (column letters, row number), got {text!r}")
    return column_index(parts[0]), int(parts[1]) - 1


def _coordinate(text: str) -> tuple[str, str] | None:
    """(column letters, row digits) of a coordinate matching COORD_PATTERN exactly; None otherwise."""
    letters = 2 if text[1:2] in _LETTERS else 1
    column, row = text[:letters], text[letters:]
    if not (column and column[0] in _LETTERS and 1 <= len(row) <= 3 and row[0] != "0" and set(row) <= _DIGITS):
        return None
    return column, row


def expand(text: str) -> list[Square]:
    """A square 'K12' or a rectangle 'K12:M14' (corners inclusive) -> its squares, row by row."""
    first, colon, last = text.partition(":")
    if not (colon and _coordinate(first) and _coordinate(last[:-1] if last.endswith("\n") else last)):
        return [parse(text)]
    (c1, r1), (c2, r2) = parse(first), parse(last)
    return [(c, r) for r in range(min(r1, r2), max(r1, r2) + 1) for c in range(min(c1, c2), max(c1, c2) + 1)]


def direction(a: Square, b: Square) -> str | None:
    """The compass direction of one orthogonal step a -> b, or None if b is not next to a."""
    step = (b[0] - a[0], b[1] - a[1])
    return next((name for name, d in DIRECTIONS.items() if d == step), None)


def step(square: Square, heading: str) -> Square:
    dx, dy = DIRECTIONS[heading]
    return square[0] + dx, square[1] + dy
