"""The print-shop presets of `--shop`: each vendor's bleed, file kind and what it can make.

DriveThruCards asks PDF/X-1a:2003 in CMYK with at most 240 % ink (`pdfx`).
Bleeds are the vendors' templates: The Game Crafter and DriveThruCards ask 1/8 in
(a poker face is 2.75 x 3.75 in, 825 x 1125 px at 300 dpi); MakePlayingCards'
poker template is 822 x 1122 px at 300 dpi, i.e. 36 px = 0.12 in = 3.048 mm a side.
The smallest and largest sides are our reading of the vendors' catalogues
(docs/printing.md says so): a piece outside them is listed, never sent.  A piece at most
`SNAP` mm short of the smallest side is made at it, scaled whole: Gold and Steel's 19 mm
tokens are the shops' 3/4 in (19.05 mm) chits, not refused for 0.05 mm.  The shops that work
in inches (`inches`) make a side within `TO_INCHES` mm of a whole 1/8 in at it: print.md's mini
card (44.5 x 63.5 mm) is their 1.75 x 2.5 in template (44.45 mm; 600 x 825 px at The Game
Crafter, where 44.5 mm would be 601), its bridge and tarot cards 2.25 x 3.5 and 2.75 x 4.75 in.
"""
from __future__ import annotations

from dataclasses import dataclass

from .words import ENGLISH, Words

INCH = 25.4
SNAP = 0.5   # mm a side may fall short of a shop's smallest and still be made at it (less than a punch's play)
EIGHTH = INCH / 8
TO_INCHES = 0.1   # mm: a side this near a whole 1/8 in is that size at a shop working in inches (its template's)


@dataclass(frozen=True)
class Vendor:
    id: str
    name: str
    bleed: float | None      # mm a side; None: the --bleed option
    output: str              # "pdf": one face per page, back before front; "png": one image per face at 300 dpi
    kinds: tuple[str, ...]   # component kinds the vendor makes
    smallest: float          # mm: the shortest side it cuts
    largest: float           # mm: the longest side it prints
    pdfx: bool = False       # PDF/X-1a:2003 in CMYK, total ink <= 240 % (generator.engine.pdfx)
    inches: bool = False     # its templates are whole 1/8 in: a side within TO_INCHES of one is made at it
    stamp: bool = True       # False: the vendor forbids marks in the safe area, so faces go without the version stamp

    def made_size(self, size_mm: tuple[float, float]) -> tuple[float, float]:
        """The trim the vendor makes a piece of this size at: its own (each side on the vendor's 1/8 in when within
        TO_INCHES of it), or scaled up to the smallest side it cuts when at most SNAP mm short of it (the aspect
        kept)."""
        if self.inches:
            size_mm = (_in_eighths(size_mm[0]), _in_eighths(size_mm[1]))
        short = min(size_mm)
        if not self.smallest - SNAP <= short < self.smallest:
            return size_mm
        scale = self.smallest / short
        return (round(size_mm[0] * scale, 3), round(size_mm[1] * scale, 3))

    def refuses(self, kind: str, size_mm: tuple[float, float], words: Words = ENGLISH) -> str | None:
        """Why the vendor cannot make a piece of this kind and size (said in `words`' language), or None when
        it can."""
        size_mm = self.made_size(size_mm)
        vendor = self.called(words)
        if kind not in self.kinds:
            return words.gettext("{vendor} makes no {kind} pieces", vendor=vendor, kind=kind_name(kind, words))
        if min(size_mm) < self.smallest:
            return words.gettext("smaller than the smallest piece {vendor} cuts ({limit})", vendor=vendor,
                                 limit=_mm_in(self.smallest))
        if max(size_mm) > self.largest:
            return words.gettext("larger than the largest piece {vendor} prints ({limit})", vendor=vendor,
                                 limit=_mm_in(self.largest))
        return None

    def called(self, words: Words = ENGLISH) -> str:
        """The vendor as a sentence names it: a shop's own name, or the generic preset's "a print shop" in the
        language of `words`."""
        return words.gettext("a print shop") if self.id == "generic" else self.name


def _in_eighths(side: float) -> float:
    """`side` (mm) at the nearest whole 1/8 in when within TO_INCHES of it, else as it is."""
    near = round(round(side / EIGHTH) * EIGHTH, 3)
    return near if abs(near - side) <= TO_INCHES else side


def kind_name(kind: str, words: Words = ENGLISH) -> str:
    """A component kind as a sentence names it: the kind itself in English."""
    names = {"card": words.pgettext("kind", "card"), "token": words.pgettext("kind", "token"),
             "board": words.pgettext("kind", "board"), "map": words.pgettext("kind", "map"),
             "standee": words.pgettext("kind", "standee"), "die": words.pgettext("kind", "die")}
    return names.get(kind, kind)


def _mm_in(mm: float) -> str:
    """'19.05 mm, 3/4 in': a limit as the catalogues give it too."""
    eighths = round(mm / INCH * 8)
    whole, part = divmod(eighths, 8)
    frac = {0: "", 2: "1/4", 4: "1/2", 6: "3/4"}.get(part, f"{part}/8")
    inches = " ".join(p for p in (str(whole) if whole else "", frac) if p)
    return f"{mm:g} mm, {inches} in"


VENDORS = {v.id: v for v in (
    Vendor("tgc", "The Game Crafter", INCH / 8, "png", ("card", "token", "board", "map"), 0.75 * INCH, 18 * INCH,
           inches=True),
    Vendor("dtc", "DriveThruCards", INCH / 8, "pdf", ("card",), 1.75 * INCH, 5.75 * INCH, pdfx=True, inches=True),
    Vendor("mpc", "MakePlayingCards", 0.12 * INCH, "png", ("card", "token", "board", "map"), 0.75 * INCH, 20 * INCH,
           inches=True),
    Vendor("generic", "a print shop", None, "pdf", ("card", "token", "board"), 0.75 * INCH, float("inf")),
)}
