"""The El Dorado Canyon look: one palette (with its ink-saver twin) and the type scale.

Every face takes its colours from `palette(style)` so the ink-saver variant only
has to change this file: light grounds, dark outlines, no large fills.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, white

from cards.typeset.fonts import DISPLAY, DISPLAY_BOLD, TEXT, TEXT_BOLD, register_fonts

MARGIN = 9.0          # points: the safe zone (3 mm) plus a hair
NAME_FONT = DISPLAY_BOLD   # names, numerals, counts: 19th-century display type
TITLE_FONT = DISPLAY
BODY_BOLD = TEXT_BOLD      # labels drawn directly (type, marks on backs)


@dataclass(frozen=True)
class Palette:
    """Named colours of the canyon: inks, grounds and one colour per card type."""

    ink: Color                 # outlines and text
    paper: Color               # parchment panels
    ground: Color              # the card's outer frame
    sky: Color
    mesa: Color
    mesa_far: Color
    gold: Color
    gold_dark: Color
    blood: Color
    bone: Color
    brass: Color
    copper: Color
    good: Color
    bad: Color
    types: dict[str, Color]
    ink_saver: bool = False

    def type_colour(self, card_type: str) -> Color:
        return self.types[card_type]


_TYPES = {
    "event": HexColor("#6B4C8A"),
    "defense": HexColor("#2F6B7A"),
    "steal": HexColor("#4E7A32"),
    "attack": HexColor("#9E2B1E"),
    "gain": HexColor("#B07A12"),
}

FULL = Palette(
    ink=HexColor("#2B1A10"), paper=HexColor("#F4E6C8"), ground=HexColor("#5A3520"),
    sky=HexColor("#F6D49A"), mesa=HexColor("#B5532C"), mesa_far=HexColor("#D98A4E"),
    gold=HexColor("#E0AC2B"), gold_dark=HexColor("#8A6210"), blood=HexColor("#B0141B"),
    bone=HexColor("#F7F1E3"), brass=HexColor("#C9962E"), copper=HexColor("#B8643A"),
    good=HexColor("#2F5D7A"), bad=HexColor("#8E1B1B"), types=_TYPES,
)

SAVER = Palette(
    ink=HexColor("#2B1A10"), paper=white, ground=white,
    sky=white, mesa=HexColor("#F3E4D8"), mesa_far=HexColor("#FAF1EA"),
    gold=HexColor("#F7E3A8"), gold_dark=HexColor("#8A6210"), blood=HexColor("#B0141B"),
    bone=white, brass=HexColor("#F1DFB5"), copper=HexColor("#EBC7B2"),
    good=HexColor("#2F5D7A"), bad=HexColor("#8E1B1B"), types=_TYPES, ink_saver=True,
)


def palette(style) -> Palette:
    """The palette for a style: ink saver when the style asks for it."""
    register_fonts()
    return SAVER if getattr(style, "ink_saver", False) else FULL

