"""Text on El Dorado Canyon faces, through the engine's rich text (`generator.engine.text`).

Rules texts keep their `:icon:` tokens and are shrunk to fit down to 6 pt; a text
that does not fit fails the build naming the card and the field.  The helpers here
only add what our layouts need: measuring a text before placing what comes under
it, and the words the looks write themselves (marks, labels, backs) in the kit's
language, from the family's phrase table (`said`).
"""
from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from generator.engine.errors import TextOverflow
from cards.models.el_dorado_canyon.kinds import words
from cards.phrases import Phrases
from cards.typeset.measure import MIN_SIZE, fit, overflow
from generator.engine.text import draw_text

LEADING = 1.2


def said(style) -> Phrases:
    """The family's phrase table in the kit's language (`Style.lang`)."""
    return words(getattr(style, "lang", None))


def keyed(key: str, style) -> str:
    """A form's key (`place_drawing`) for a drawing holding words: with the kit's language, when it has one
    (the English kit's keys, and so its PDFs, stay what they were)."""
    lang = getattr(style, "lang", None)
    return f"{key} [{lang}]" if lang else key


def measure(text: str, width: float, height: float, *, field: str, size: float, font: str,
            min_size: float = MIN_SIZE) -> tuple[float, float]:
    """(size, height) the text will take in a box; raises TextOverflow when it cannot fit."""
    layout = fit(text, width, height, size=size, min_size=max(min_size, MIN_SIZE), font=font, leading=LEADING)
    if layout is None:
        raise TextOverflow(overflow(text, width, height, min_size=max(min_size, MIN_SIZE), font=font,
                                    leading=LEADING), field=field)
    return layout.size, layout.height


def write(c: Canvas, text: str, x: float, y: float, w: float, h: float, colour, *, field: str, size: float,
          font: str, min_size: float = MIN_SIZE, align: str = "center", valign: str = "middle") -> float:
    """Draw text in the box in `colour` (icons keep their own); returns the size used."""
    c.saveState()
    c.setFillColor(colour)
    used = draw_text(c, text, x, y, w, h, field=field, size=size, min_size=max(min_size, MIN_SIZE), font=font,
                     leading=LEADING, align=align, valign=valign)
    c.restoreState()
    return used
