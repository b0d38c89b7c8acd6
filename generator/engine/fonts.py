"""Embedded open fonts, registered once; no output ever uses the base-14 fonts.

ReportLab falls back to Helvetica (`initialFontName`) for any canvas or paragraph
that names no font, so `register_fonts` also points that default at our text face.
"""
from __future__ import annotations

from functools import cache

from reportlab import rl_config
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont

from fonts import DIR

TEXT = "PnpText"          # DejaVu Sans Condensed: readable at 6 pt, wide Unicode cover
TEXT_BOLD = "PnpText-Bold"
TEXT_ITALIC = "PnpText-Italic"
TEXT_BOLD_ITALIC = "PnpText-BoldItalic"
DISPLAY = "PnpDisplay"    # Old Standard: 19th-century type for names and titles
DISPLAY_BOLD = "PnpDisplay-Bold"
DISPLAY_ITALIC = "PnpDisplay-Italic"

_FILES = {
    TEXT: "DejaVuSansCondensed.ttf",
    TEXT_BOLD: "DejaVuSansCondensed-Bold.ttf",
    TEXT_ITALIC: "DejaVuSansCondensed-Oblique.ttf",
    TEXT_BOLD_ITALIC: "DejaVuSansCondensed-BoldOblique.ttf",
    DISPLAY: "OldStandard-Regular.ttf",
    DISPLAY_BOLD: "OldStandard-Bold.ttf",
    DISPLAY_ITALIC: "OldStandard-Italic.ttf",
}


@cache
def register_fonts() -> None:
    """Register every embedded face and the bold/italic mappings used by Paragraph markup."""
    for name, file in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(DIR / file)))
    addMapping(TEXT, 0, 0, TEXT)
    addMapping(TEXT, 1, 0, TEXT_BOLD)
    addMapping(TEXT, 0, 1, TEXT_ITALIC)
    addMapping(TEXT, 1, 1, TEXT_BOLD_ITALIC)
    addMapping(DISPLAY, 0, 0, DISPLAY)
    addMapping(DISPLAY, 1, 0, DISPLAY_BOLD)
    addMapping(DISPLAY, 0, 1, DISPLAY_ITALIC)
    addMapping(DISPLAY, 1, 1, DISPLAY_BOLD)
    rl_config.canvas_basefontname = TEXT


def text_width(text: str, font: str, size: float) -> float:
    """Width in points of `text` in one of our faces (registering them first, for layout before drawing)."""
    register_fonts()
    return stringWidth(text, font, size)
