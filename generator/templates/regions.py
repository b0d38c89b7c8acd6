"""The face being drawn with a game folder's design: its art, and the regions a layout moves.

A built-in look stays Python; a layout file may still move two of its named regions or put art
in place of its drawn picture (`[regions.NAME]` in a layout that `extends` the look).  The look
asks here, at the one place each region is drawn: `region("text", default)` gives the rectangle
to use, `picture(c, "picture", rect, record)` draws art there (the region's image, else the
record's own `image`) and says whether it did.  Without a design both leave the look as it was.
Coordinates in a layout are mm from the top-left corner of the trim, safe zone or bleed
(`in`), or percentages of it; `rect_of` turns them into points from the trim's bottom-left.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Iterator

from cards.art import ArtInfo
from cards.typeset.folderfonts import SvgFonts
from cards.typeset.place import Box, rect_of
from generator.engine.images import draw_art

Rect = tuple[float, float, float, float]  # x, y, w, h in points from the trim's bottom-left


@dataclass(frozen=True)
class Face:
    """The design a face is drawn with: the game's checked art, the regions its layout overrides and the
    fonts its SVGs' text may name."""

    box: Box
    art: dict[str, ArtInfo] = field(default_factory=dict)
    regions: dict[str, dict[str, Any]] = field(default_factory=dict)
    fonts: SvgFonts = ()


_FACE: ContextVar[Face | None] = ContextVar("design_face", default=None)


@contextmanager
def designing(face: Face) -> Iterator[None]:
    token = _FACE.set(face)
    try:
        yield
    finally:
        _FACE.reset(token)


def record_art(name: str) -> ArtInfo | None:
    """The checked art file a record names (cards.design checked it at load), or None outside a design."""
    face = _FACE.get()
    return face.art.get(name) if face else None


def design_fonts() -> SvgFonts:
    """The fonts the game declares, for the text of the SVGs drawn on this face."""
    face = _FACE.get()
    return face.fonts if face else ()


def region(name: str, default: Rect) -> Rect:
    """The rectangle of the look's region `name`: the layout's, or the look's own."""
    face = _FACE.get()
    props = face.regions.get(name) if face else None
    if not props or not any(k in props for k in ("x", "y", "w", "h")):
        return default
    return rect_of(props, face.box, default) if face else default


def picture(c, name: str, rect: Rect, record: Any) -> bool:
    """Draw art in the region `name` (its layout's image, else the record's `image`); False when there is none."""
    face = _FACE.get()
    if face is None:
        return False
    props = face.regions.get(name, {})
    art = props.get("image")
    if isinstance(art, str):  # "{field}"
        art = face.art.get(str(getattr(record, art.strip("{}"), "") or ""))
    if art is None and isinstance(getattr(record, "image", None), str):
        art = face.art.get(record.image)
    if not isinstance(art, ArtInfo):
        return False
    draw_art(c, art, *rect, fit=props.get("fit", "cover"), focus=props.get("focus", (0.5, 0.5)), field="image",
             fonts=face.fonts)
    return True
