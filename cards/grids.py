"""A board's grid as geometry: which cells it has, where each lies, its neighbours, distances, labels.

Square grids, and hex grids with pointy or flat tops, laid out as offset rows (pointy tops:
the 2nd, 4th, ... rows pushed right by half a cell), offset columns (flat tops: the 2nd, 4th,
... columns pushed down by half a cell) or axial (a parallelogram: each row, or column, half a
cell further than the one before).  These are nanDECK's and protograf's rectangular hex grids,
with the coordinate conventions of Red Blob Games' "Hexagonal Grids" (offset to cube, the six
cube directions, cube distance), which every hex library implements alike; none of the Python
ones is kept well enough to depend on for a hundred lines of arithmetic, so they are written here
and tested against breadth-first counts (tests/test_grids.py).

A cell is `(column, row)`, both from 0, column left to right, row top to bottom.  Lengths are
millimetres from the top-left corner of the grid's bounding box, y downwards (as a layout's
boxes are placed).  `cell` is a square's side, or a hex's width across its flats.  Labels:
`A1` (column letters, row number), `0101` (column then row, two digits each, three past 99) and
`1.1` (column.row); `parse` reads any of the three.  Standard library only.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

At = tuple[int, int]
Point = tuple[float, float]

SHAPES = ("square", "hex")
TOPS = ("pointy", "flat")
ARRANGEMENTS = ("offset", "axial")
STYLES = ("A1", "0101", "1.1", "none")
_CUBE = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))   # axial (q, r) steps, the same for both tops
_SQUARE = ((1, 0), (0, -1), (-1, 0), (0, 1))
_DIAGONAL = ((1, -1), (-1, -1), (-1, 1), (1, 1))
_LETTERS = re.compile(r"^([A-Z]+)([0-9]+)$")
_DIGITS = re.compile(r"^([0-9]+)$")
_DOTTED = re.compile(r"^([0-9]+)\.([0-9]+)$")


def letters(n: int) -> str:
    """Column `n` (from 0) as letters: A..Z, AA, AB, ... (a spreadsheet's columns)."""
    out = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        out = chr(65 + rest) + out
    return out


def _number(text: str) -> int:
    n = 0
    for ch in text:
        n = n * 26 + ord(ch) - 64
    return n - 1


@dataclass(frozen=True)
class Grid:
    """One rectangular grid of `columns` x `rows` cells (an axial one a parallelogram of them)."""

    shape: str
    columns: int
    rows: int
    cell: float
    top: str = "pointy"
    arrangement: str = "offset"
    diagonals: bool = False      # square grids: 8 neighbours (a king's moves) rather than 4

    def cells(self) -> list[At]:
        """Every cell, row by row."""
        return [(c, r) for r in range(self.rows) for c in range(self.columns)]

    def contains(self, at: At) -> bool:
        return 0 <= at[0] < self.columns and 0 <= at[1] < self.rows

    # -- topology --------------------------------------------------------------------------
    def _axial(self, at: At) -> At:
        """A hex cell's axial (q, r): the offset layouts shift every other row (column) by half."""
        c, r = at
        if self.arrangement == "axial":
            return c, r
        if self.top == "pointy":                    # offset rows: odd rows (from 0) pushed right
            return c - (r - (r & 1)) // 2, r
        return c, r - (c - (c & 1)) // 2           # offset columns: odd columns pushed down

    def _offset(self, qr: At) -> At:
        q, r = qr
        if self.arrangement == "axial":
            return q, r
        if self.top == "pointy":
            return q + (r - (r & 1)) // 2, r
        return q, r + (q - (q & 1)) // 2

    def neighbours(self, at: At) -> list[At]:
        """The cells next to `at` inside the grid (6 for an inner hex, 4 or 8 for a square)."""
        if self.shape == "square":
            steps = _SQUARE + (_DIAGONAL if self.diagonals else ())
            found = [(at[0] + dc, at[1] + dr) for dc, dr in steps]
        else:
            q, r = self._axial(at)
            found = [self._offset((q + dq, r + dr)) for dq, dr in _CUBE]
        return [n for n in found if self.contains(n)]

    def distance(self, a: At, b: At) -> int:
        """Steps from `a` to `b` through neighbouring cells (every layout here is convex: no detours)."""
        if self.shape == "square":
            dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
            return max(dc, dr) if self.diagonals else dc + dr
        (q1, r1), (q2, r2) = self._axial(a), self._axial(b)
        dq, dr = q1 - q2, r1 - r2
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    # -- geometry --------------------------------------------------------------------------
    @property
    def radius(self) -> float:
        """A hex's corner distance from its centre (a square's half diagonal)."""
        return self.cell / math.sqrt(3) if self.shape == "hex" else self.cell / math.sqrt(2)

    def cell_size(self) -> Point:
        """Width and height of one cell's bounding box."""
        if self.shape == "square":
            return self.cell, self.cell
        return (self.cell, 2 * self.radius) if self.top == "pointy" else (2 * self.radius, self.cell)

    def centre(self, at: At) -> Point:
        c, r = at
        if self.shape == "square":
            return (c + 0.5) * self.cell, (r + 0.5) * self.cell
        w, h = self.cell_size()
        if self.top == "pointy":
            shift = r / 2 if self.arrangement == "axial" else (r & 1) / 2
            return (c + shift) * w + w / 2, r * 0.75 * h + h / 2
        shift = c / 2 if self.arrangement == "axial" else (c & 1) / 2
        return c * 0.75 * w + w / 2, (r + shift) * h + h / 2

    def corners(self, at: At) -> list[Point]:
        """The cell's corners, clockwise from the top (pointy), the top-right (flat) or top-left (square)."""
        x, y = self.centre(at)
        if self.shape == "square":
            s = self.cell / 2
            return [(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)]
        start = -90 if self.top == "pointy" else -60
        return [(x + self.radius * math.cos(math.radians(start + 60 * i)),
                 y + self.radius * math.sin(math.radians(start + 60 * i))) for i in range(6)]

    def extent(self) -> Point:
        """Width and height of the whole grid's bounding box."""
        w, h = self.cell_size()
        if self.shape == "square":
            return self.columns * w, self.rows * h
        long = self.arrangement == "axial"
        if self.top == "pointy":
            shift = (self.rows - 1) / 2 if long else (0.5 if self.rows > 1 else 0.0)
            return (self.columns + shift) * w, h + (self.rows - 1) * 0.75 * h
        shift = (self.columns - 1) / 2 if long else (0.5 if self.columns > 1 else 0.0)
        return w + (self.columns - 1) * 0.75 * w, (self.rows + shift) * h

    def outline(self, cells: list[At]) -> list[tuple[Point, Point]]:
        """The edges round a group of cells (a region): those of its cells that no other of them shares."""
        count: dict[frozenset, int] = {}
        edges: dict[frozenset, tuple[Point, Point]] = {}
        for at in cells:
            corners = self.corners(at)
            for a, b in zip(corners, corners[1:] + corners[:1]):
                key = frozenset(((round(a[0], 3), round(a[1], 3)), (round(b[0], 3), round(b[1], 3))))
                count[key] = count.get(key, 0) + 1
                edges[key] = (a, b)
        return [edges[k] for k, n in count.items() if n == 1]

    # -- labels ----------------------------------------------------------------------------
    def label(self, at: At, style: str) -> str:
        """`at` written in `style` (A1, 0101 or 1.1); "none" writes it as A1 (the name a message uses)."""
        c, r = at
        if style == "0101":
            width = max(2, len(str(max(self.columns, self.rows))))
            return f"{c + 1:0{width}d}{r + 1:0{width}d}"
        if style == "1.1":
            return f"{c + 1}.{r + 1}"
        return f"{letters(c)}{r + 1}"

    def parse(self, text: str) -> At | None:
        """The cell a label names in any of the styles, or None when it is not a label (it may be outside)."""
        text = text.strip().upper()
        if found := _LETTERS.match(text):
            return _number(found.group(1)), int(found.group(2)) - 1
        if found := _DOTTED.match(text):
            return int(found.group(1)) - 1, int(found.group(2)) - 1
        if (found := _DIGITS.match(text)) and len(text) % 2 == 0 and len(text) >= 4:
            half = len(text) // 2
            return int(text[:half]) - 1, int(text[half:]) - 1
        return None

    def span(self, style: str) -> str:
        """The first and last cell's labels, for messages ("A1 to L10")."""
        shown = style if style != "none" else "A1"
        return f"{self.label((0, 0), shown)} to {self.label((self.columns - 1, self.rows - 1), shown)}"
