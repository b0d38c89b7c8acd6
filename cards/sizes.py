"""Physical sizes in millimetres: the print presets by name, or '63x88mm' / '2.5x3.5in'."""
from __future__ import annotations

import re

PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "euro": (63.0, 88.0),
    "bridge": (57.2, 88.9),
    "mini": (44.5, 63.5),       # print.md's; the shops make it at their 1.75 x 2.5 in (generator.engine.vendors)
    "tarot": (69.9, 120.7),
    "square": (70.0, 70.0),
}
_SIZE = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*x\s*([0-9]+(?:\.[0-9]+)?)\s*(mm|in)\s*$")  # ASCII digits only
INCH = 25.4
MIN_MM = 5.0      # a side smaller than this cannot hold a safe zone and is a typo
MAX_MM = 2000.0   # larger than any poster; keeps page, PNG and TTS pixel counts sane


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
    w, h = round(w * scale, 3), round(h * scale, 3)
    if not (MIN_MM <= w <= MAX_MM and MIN_MM <= h <= MAX_MM):
        raise ValueError(f"expected each side from {MIN_MM:g} to {MAX_MM:g} mm, got {text!r}")
    return w, h
