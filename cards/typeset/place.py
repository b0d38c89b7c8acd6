"""Where a face's boxes are: its trim, bleed and safe zone, and a layout's boxes placed in them.

All lengths are PDF points (1/72 in); `MM` converts.  The origin of a face is the bottom-left corner of its
trim box.  Coordinates in a layout are mm from the top-left corner of the trim, safe zone or bleed (`in`),
or percentages of it; `rect_of` turns them into points from the trim's bottom-left.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Rect = tuple[float, float, float, float]  # x, y, w, h in points from the trim's bottom-left

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


def reference(box: Box, name: str) -> Rect:
    return {"trim": (0.0, 0.0, box.w, box.h), "safe": box.safe_rect, "bleed": box.bleed_rect}[name]


def rect_of(props: dict[str, Any], box: Box, default: Rect | None = None) -> Rect:
    """A layout's x, y (from the reference's top-left), w, h (mm or "N%") in points; missing ones from `default`."""
    rx, ry, rw, rh = reference(box, props.get("in", "trim"))

    def length(key: str, whole: float, fallback: float) -> float:
        value = props.get(key)
        if value is None:
            return fallback
        return float(value[:-1]) / 100 * whole if isinstance(value, str) else float(value) * MM

    dx, dy, dw, dh = default or (rx, ry, rw, rh)
    w, h = length("w", rw, dw), length("h", rh, dh)
    x = rx + length("x", rw, dx - rx)
    top = length("y", rh, ry + rh - dy - dh)
    return x, ry + rh - top - h, w, h
