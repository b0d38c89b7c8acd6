"""The print-shop presets of `--shop`: each vendor's bleed, file kind and what it can make.

Bleeds are the vendors' templates: The Game Crafter and DriveThruCards ask 1/8 in
(a poker face is 2.75 x 3.75 in, 825 x 1125 px at 300 dpi); MakePlayingCards'
poker template is 822 x 1122 px at 300 dpi, i.e. 36 px = 0.12 in = 3.048 mm a side.
The smallest and largest sides are our reading of the vendors' catalogues
(docs/printing.md says so): a piece outside them is listed, never sent.
"""
from __future__ import annotations

from dataclasses import dataclass

INCH = 25.4


@dataclass(frozen=True)
class Vendor:
    id: str
    name: str
    bleed: float | None      # mm a side; None: the --bleed option
    output: str              # "pdf": one face per page, back before front; "png": one image per face at 300 dpi
    kinds: tuple[str, ...]   # component kinds the vendor makes
    smallest: float          # mm: the shortest side it cuts
    largest: float           # mm: the longest side it prints
    stamp: bool = True       # False: the vendor forbids marks in the safe area, so faces go without the version stamp

    def refuses(self, kind: str, size_mm: tuple[float, float]) -> str | None:
        """Why the vendor cannot make a piece of this kind and size, or None when it can."""
        if kind not in self.kinds:
            return f"{self.name} makes no {kind} pieces"
        if min(size_mm) < self.smallest:
            return f"smaller than the smallest piece {self.name} cuts ({self.smallest:g} mm)"
        if max(size_mm) > self.largest:
            return f"larger than the largest piece {self.name} prints ({self.largest:g} mm)"
        return None


VENDORS = {v.id: v for v in (
    Vendor("tgc", "The Game Crafter", INCH / 8, "png", ("card", "token", "board", "map"), 0.75 * INCH, 18 * INCH),
    Vendor("dtc", "DriveThruCards", INCH / 8, "pdf", ("card",), 1.75 * INCH, 5.75 * INCH),
    Vendor("mpc", "MakePlayingCards", 0.12 * INCH, "png", ("card", "token", "board", "map"), 0.75 * INCH, 20 * INCH),
    Vendor("generic", "a print shop", None, "pdf", ("card", "token", "board"), 0.75 * INCH, float("inf")),
)}
