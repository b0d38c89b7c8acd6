"""Where the map's parts go inside its box: title band, coordinate bands, the grid.

All lengths are in points and in proportion to the square size `s`, so the
same drawing fills a poster or a tile set; tests read positions from here.
"""
from __future__ import annotations

from dataclasses import dataclass

BAND = 0.6     # coordinate band on every edge, in squares
TITLE = 2.4    # title band above the top coordinate band, in squares
MARGIN = 0.2   # parchment beyond the outer frame, in squares


@dataclass(frozen=True)
class MapLayout:
    s: float        # side of one square
    x0: float       # grid's left edge
    y0: float       # grid's bottom edge
    cols: int
    rows: int

    @classmethod
    def fit(cls, w: float, h: float, cols: int, rows: int) -> "MapLayout":
        """The largest squares that fit the box; the whole drawing centred in it."""
        s = min(w / (cols + 2 * (BAND + MARGIN)), h / (rows + 2 * (BAND + MARGIN) + TITLE))
        used_w, used_h = s * (cols + 2 * (BAND + MARGIN)), s * (rows + 2 * (BAND + MARGIN) + TITLE)
        x0 = (w - used_w) / 2 + s * (BAND + MARGIN)
        y0 = (h - used_h) / 2 + s * (BAND + MARGIN)
        return cls(s, x0, y0, cols, rows)

    @property
    def width(self) -> float:
        return self.s * self.cols

    @property
    def height(self) -> float:
        return self.s * self.rows

    @property
    def top(self) -> float:
        return self.y0 + self.height

    def corner(self, col: int, row: int) -> tuple[float, float]:
        """Bottom-left corner of a square; row 0 is the top (north) row."""
        return self.x0 + col * self.s, self.y0 + (self.rows - 1 - row) * self.s

    def centre(self, col: int, row: int) -> tuple[float, float]:
        x, y = self.corner(col, row)
        return x + self.s / 2, y + self.s / 2

    def frame(self) -> tuple[float, float, float, float]:
        """Outer frame (x, y, w, h): the grid with its coordinate bands."""
        b = BAND * self.s
        return self.x0 - b, self.y0 - b, self.width + 2 * b, self.height + 2 * b

    def title_band(self) -> tuple[float, float, float, float]:
        x, y, w, h = self.frame()
        return x, y + h, w, TITLE * self.s
