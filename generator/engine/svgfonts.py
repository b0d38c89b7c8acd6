"""The fonts an SVG's `<text>` prints in: the game's own, never a file path or the system's.

svglib takes a `font-family` it does not know as a file to load (`/elsewhere/Secret` reads
`/elsewhere/Secret.ttf`, `Secret` the current folder's `Secret.ttf`) and then asks `fc-match`
for a system font, so a kit would embed files from outside the game's folder and depend on the
machine it is built on; a face registered that way is also missing from the next build, which
replays the face from the cache.  Here a family resolves, by name without regard to case, to one
the game declares under `[fonts]` or to the kit's `text` and `display`, and anything else to
`text` (DejaVu Sans Condensed): faces every build registers before it draws, embedded as subsets.
Imported only where an SVG is converted (`images._drawing`): `svglib` brings ReportLab's graphics and
platypus, lxml and the CSS parsers, a fifth of a cold build's CPU when a kit draws no SVG.
"""
from __future__ import annotations

from svglib.fonts import FontMap

from cards.typeset.folderfonts import SvgFonts
from cards.typeset.fonts import DISPLAY, FACES, TEXT, register_fonts


class GameFonts(FontMap):
    """svglib's font lookup for one game: its declared families, `text` and `display`, else `text`."""

    def __init__(self, declared: SvgFonts) -> None:
        register_fonts()
        super().__init__()
        self._families = {name.lower(): family for name, family in (("text", TEXT), ("display", DISPLAY), *declared)}

    def find_font(self, font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        """The face for `font_name` in `weight` and `style`; exact when the game knows the family (so svglib
        takes the first known family of a list such as `"Roboto, Title"`)."""
        family = self._families.get(font_name.strip().strip("'\"").lower())
        return FACES[family or TEXT][_bold(weight), style.strip().lower() in ("italic", "oblique")], family is not None


def _bold(weight: object) -> bool:
    text = str(weight).strip().lower()
    return text in ("bold", "bolder") or (text.isdigit() and int(text) >= 600)
