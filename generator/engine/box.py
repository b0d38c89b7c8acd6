"""What a template is given: the face's box (trim, bleed, safe zone) and the print style.

All lengths are PDF points (1/72 in); `MM` converts.  The origin of a face is the
bottom-left corner of its trim box, so a template never needs to know where on
the sheet (or in which print-shop page) its face lands.
"""
from __future__ import annotations

from dataclasses import dataclass

MM = 72 / 25.4
SAFE_MM = 3.0          # print.md: text and icons stay at least 3 mm inside the trim
BLEED_MM = 3.0         # print.md: backgrounds run 3 mm past the trim by default


@dataclass(frozen=True)
class Box:
    """One face: trim `w` x `h` and `bleed`, in points.

    Backgrounds fill `bleed_rect`; text and icons stay inside `safe_rect`.
    `face` is set only for a die net: which face (1-6) is being drawn.
    """

    w: float
    h: float
    bleed: float = BLEED_MM * MM
    safe: float = SAFE_MM * MM
    face: int | None = None

    @property
    def bleed_rect(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the area a background must cover."""
        b = self.bleed
        return -b, -b, self.w + 2 * b, self.h + 2 * b

    @property
    def safe_rect(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) inside which every text and icon must stay."""
        s = self.safe
        return s, s, self.w - 2 * s, self.h - 2 * s


Color = tuple[float, float, float]


@dataclass(frozen=True)
class Style:
    """How the whole kit is printed; templates adapt their looks to it.

    `ink_saver`: light backgrounds and outline art (print.md "Ink saver").
    """

    ink_saver: bool = False

    def background(self, color: Color) -> Color:
        """A background colour as this style prints it: a pale tint in ink-saver mode."""
        if not self.ink_saver:
            return color
        r, g, b = (1 - (1 - v) * 0.12 for v in color)
        return r, g, b

    def art(self, color: Color) -> Color | None:
        """Fill colour for solid art, or None in ink-saver mode (draw the outline only)."""
        return None if self.ink_saver else color
