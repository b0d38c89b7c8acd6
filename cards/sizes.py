"""Physical sizes in millimetres: the print presets by name, or '63x88mm' / '2.5x3.5in'."""
from __future__ import annotations

import re

PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "euro": (63.0, 88.0),
    "bridge": (57.2, 88.9),
    "mini": (44.5, 63.5),
    "tarot": (69.9, 120.7),
    "square": (70.0, 70.0),
}
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*(mm|in)\s*$")
INCH = 25.4


def parse_size(text: str) -> tuple[float, float]:
    """Return (width, height) in mm, or raise ValueError with what was expected."""
    if text in PRESETS:
        return PRESETS[text]
    match = _SIZE.match(text)
    if not match:
        raise ValueError(
            f"expected a preset ({', '.join(PRESETS)}) or a size like '63x88mm' or '2.5x3.5in', got {text!r}"
        )
    w, h, unit = float(match.group(1)), float(match.group(2)), match.group(3)
    scale = INCH if unit == "in" else 1.0
    if w <= 0 or h <= 0:
        raise ValueError(f"expected a positive size, got {text!r}")
    return round(w * scale, 3), round(h * scale, 3)
