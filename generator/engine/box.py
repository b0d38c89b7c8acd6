"""What a template is given: the face's box (trim, bleed, safe zone) and the print style.

All lengths are PDF points (1/72 in); `MM` converts.  The origin of a face is the
bottom-left corner of its trim box, so a template never needs to know where on
the sheet (or in which print-shop page) its face lands.
"""
from __future__ import annotations

from dataclasses import dataclass

from cards.typeset.place import BLEED_MM, MM, SAFE_MM, Box


Color = tuple[float, float, float]


@dataclass(frozen=True)
class Style:
    """How the whole kit is printed; templates adapt their looks to it.

    `ink_saver`: light backgrounds and outline art (print.md "Ink saver"); `lang`: the language of
    the game's texts (`cards.translations`; None: its own), in which a look writes its own words
    (El Dorado Canyon's from its phrase tables, `cards.phrases`).  `FaceForms` sets it from the looks.
    """

    ink_saver: bool = False
    lang: str | None = None

    def __repr__(self) -> str:
        """The style as keys name it (a form's, a cached face's): a kit in its own language keeps the keys it had
        before styles had languages, so its PDF does not change."""
        return f"Style(ink_saver={self.ink_saver!r}" + (f", lang={self.lang!r})" if self.lang else ")")

    def background(self, color: Color) -> Color:
        """A background colour as this style prints it: a pale tint in ink-saver mode."""
        if not self.ink_saver:
            return color
        r, g, b = (1 - (1 - v) * 0.12 for v in color)
        return r, g, b

    def art(self, color: Color) -> Color | None:
        """Fill colour for solid art, or None in ink-saver mode (draw the outline only)."""
        return None if self.ink_saver else color
