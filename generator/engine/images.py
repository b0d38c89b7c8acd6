"""Placing a game's art: rasters embedded once per PDF, SVG kept as vectors, fitted to a box.

`fit="cover"` fills the box and crops what overflows, keeping the focal point (x, y as fractions
from the image's top-left corner) as near the box's centre as the crop allows; `fit="contain"`
shows the whole image, placed in the room left over by the same focal fractions.  Each piece of
art is placed as a form object named by its file's digest, drawn once per PDF however
many cards show it (a raster decoded then, and its pixels not kept), an SVG's text in the game's
fonts (`svgfonts`).  A raster printing below 300 dpi at its size is reported (a warning, not
an error), naming the card and the dpi.  Every file was checked whole when the game was loaded
(`cards.art`: decoded within the pixel budget, an SVG within its element and number bounds).
"""
from __future__ import annotations

import hashlib
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from reportlab.lib.utils import ImageReader

from cards.art import ArtInfo
from cards.typeset.folderfonts import SvgFonts

from .errors import LayoutError
from .icons import UNIT, place_form
from .safezone import face_label

PRINT_DPI = 300
_WARNINGS: ContextVar[dict[str, list[tuple[str, str | None]]] | None] = ContextVar("art_warnings", default=None)


@dataclass(frozen=True)
class Placement:
    """Where the whole image lands (it may overflow the box when covering) and the box to clip to."""

    x: float
    y: float
    w: float
    h: float
    clip: bool


def place(iw: float, ih: float, x: float, y: float, w: float, h: float, fit: str,
          focus: tuple[float, float] = (0.5, 0.5)) -> Placement:
    """The rectangle an iw x ih image takes in the box (x, y, w, h) for `fit` and `focus`."""
    scale = max(w / iw, h / ih) if fit == "cover" else min(w / iw, h / ih)
    pw, ph = iw * scale, ih * scale
    fx, fy = focus
    if fit == "cover":  # the focal point towards the box's centre, never uncovering an edge
        px = min(x, max(x + w - pw, x + w / 2 - fx * pw))
        top = min(y + ph, max(y + h, y + h / 2 + fy * ph))  # y of the image's top edge
        return Placement(px, top - ph, pw, ph, clip=True)
    return Placement(x + (w - pw) * fx, y + (h - ph) * (1 - fy), pw, ph, clip=False)


@contextmanager
def collecting_warnings() -> Iterator[list[str]]:
    """Collect the low-resolution warnings of everything drawn inside (a build prints them): one line per
    image, box and size, naming the cards that print it so; the list is filled as the block ends."""
    found: dict[str, list[tuple[str, str | None]]] = {}  # a warning without its cards -> (id, name) of each
    lines: list[str] = []
    token = _WARNINGS.set(found)
    try:
        yield lines
    finally:
        _WARNINGS.reset(token)
        lines += [f"warning: {_cards(cards)}{message}" for message, cards in found.items()]


def _cards(cards: list[tuple[str, str | None]]) -> str:
    """`card 'a' (A): `, `3 cards (a, b, c): `, `14 cards (a, b, c and 11 more): `; nothing off a card."""
    if not cards:
        return ""
    if len(cards) == 1:
        card, name = cards[0]
        return f"card '{card}'" + (f" ({name})" if name not in (None, card) else "") + ": "
    listed = ", ".join(card for card, _ in cards[:3]) + (f" and {len(cards) - 3} more" if len(cards) > 3 else "")
    return f"{len(cards)} cards ({listed}): "


def draw_art(c, art: ArtInfo, x: float, y: float, w: float, h: float, *, fit: str = "cover",
             focus: tuple[float, float] = (0.5, 0.5), field: str = "image", fonts: SvgFonts = ()) -> None:
    """Draw a checked art file into the box (x, y, w, h), in points on the current canvas; an SVG's text in
    the game's declared `fonts` (else the kit's)."""
    spot = place(*_size(art, fonts), x, y, w, h, fit, focus)
    if art.kind != "SVG":
        _check_dpi(art, spot, field)
    c.saveState()
    if spot.clip:
        path = c.beginPath()
        path.rect(x, y, w, h)
        c.clipPath(path, stroke=0, fill=0)
    _place(c, art, spot, fonts)
    c.restoreState()


def _check_dpi(art: ArtInfo, spot: Placement, field: str) -> None:
    dpi = min(art.width / (spot.w / 72), art.height / (spot.h / 72))
    found = _WARNINGS.get()
    if dpi < PRINT_DPI - 0.5 and found is not None:
        label = face_label()
        message = (f"{field}: {art.path.name} prints at {dpi:.0f} dpi at its size, below "
                   f"{PRINT_DPI}: it may look soft; use an image of at least "
                   f"{round(spot.w / 72 * PRINT_DPI)} x {round(spot.h / 72 * PRINT_DPI)} px")
        cards = found.setdefault(message, [])
        card, name = label["card"], label["card_name"]
        if card is not None and (card, name) not in cards:
            cards.append((card, name))


# cached per checked version of a file (ArtInfo.version): `generator watch` draws a changed file anew
@lru_cache(maxsize=64)
def _drawing(art: ArtInfo, fonts: SvgFonts):
    from svglib.svglib import svg2rlg

    from .svgfonts import GameFonts

    try:
        drawing = svg2rlg(str(art.path), external_reference_root=str(art.path.parent), font_map=GameFonts(fonts))
    except Exception as exc:  # svglib raises many kinds on what cards.art let through; each is bad input
        raise LayoutError(f"{art.path.name}: expected an SVG drawing svglib can convert, got one it cannot "
                          f"({type(exc).__name__}: {exc})") from None
    if drawing is None:
        raise LayoutError(f"{art.path.name}: expected an SVG drawing svglib can read, got one it cannot")
    return drawing


@lru_cache(maxsize=64)
def _form(art: ArtInfo) -> str:
    """The form of a piece of art, named by its content so that the PDF's bytes do not depend on where it lies."""
    return "art_" + hashlib.sha256(art.path.read_bytes()).hexdigest()[:16]


def _size(art: ArtInfo, fonts: SvgFonts) -> tuple[float, float]:
    """The art's own width and height: an SVG drawing's in points, a raster's in pixels."""
    if art.kind == "SVG":
        drawing = _drawing(art, fonts)
        return drawing.width, drawing.height
    return art.width, art.height


def _draw(c, art: ArtInfo, x: float, y: float, scale: float, fonts: SvgFonts) -> None:
    """The art at (x, y), its own size scaled by `scale`: an SVG as vectors; a raster decoded for this
    drawing only (a reader kept between drawings would keep its decoded pixels, up to 9 bytes a pixel)."""
    if art.kind != "SVG":
        c.drawImage(ImageReader(str(art.path)), x, y, art.width * scale, art.height * scale, mask="auto")
        return
    from reportlab.graphics import renderPDF

    c.saveState()
    c.translate(x, y)
    c.scale(scale, scale)
    renderPDF.draw(_drawing(art, fonts), c, 0, 0)
    c.restoreState()


def _place(c, art: ArtInfo, spot: Placement, fonts: SvgFonts) -> None:
    """Place the art's form: the art scaled into the unit square, drawn once per PDF however many faces
    place it (a raster is decoded once per PDF)."""
    width, height = _size(art, fonts)
    unit = UNIT / max(width, height)

    def draw_unit(canvas, x: float, y: float, size: float) -> None:
        _draw(canvas, art, x, y, size / UNIT * unit, fonts)

    place_form(c, _form(art), draw_unit, spot.x, spot.y, UNIT * spot.w / (width * unit))


def draw_icon_art(c, art: ArtInfo, x: float, y: float, size: float, fonts: SvgFonts = ()) -> None:
    """An icon from an art file, contained in the square (x, y, size): drawn directly, as the icon's own
    form object holds it (an SVG as vectors, its text in the game's `fonts`)."""
    width, height = _size(art, fonts)
    spot = place(width, height, x, y, size, size, "contain")
    _draw(c, art, spot.x, spot.y, spot.w / width, fonts)
