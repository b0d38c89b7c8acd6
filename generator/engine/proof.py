"""Pictures to share before printing (`generator proof`): a contact sheet of every face, and a fanned hand.

- `GAME-proof.png` (`GAME-proof-COMPONENT.png` with `--component`): every record's front, then its
  component's back once, trimmed (no bleed), in rows by component under the component's name, each
  face's id under it, on a plain light ground;
- `GAME-hand.png` (`--hand id,id,...`): those fronts as a hand of cards held fanned, rounded corners
  and a soft shadow, on the same ground.

A translated game's pictures end in its language's code (`GAME-proof-fr.png`), as its kit does; the
back's caption is said in that language (`generator.engine.words`).

The faces are the very pages `generator png` renders (`shop.face_pdf`, through pdfium); the
layout is Pillow's, and the ids are written in the kit's own text font (DejaVu Sans Condensed).
A picture too large for memory is refused before anything is drawn.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from fonts import DIR as FONTS

from .box import MM, Style
from .build import lang_tag
from .errors import LayoutError
from .raster import MAX_PIXELS, png_bytes, render_pages
from .shop import SHOP_KINDS, face_pdf
from .sheet import FaceRef, Options
from .words import words_of

GROUND = (236, 233, 228)
INK = (60, 52, 45)
GAP_MM = 4.0            # between faces on the sheet
CAPTION_PT = 9          # an id under a face
HEADING_PT = 12         # a component's name over its row
FAN_DEGREES = 7.0       # between two cards of a hand
CORNER_MM = 3.0         # a card's rounded corner in the hand


def proof_files(game: Any, looks: Any, style: Style, opts: Options, out: Path, name: str, *, dpi: float,
                component: str | None = None, hand: list[str] | None = None) -> dict[Path, bytes]:
    """{path: PNG bytes}: the contact sheet and, with `hand`, the fanned hand."""
    comps = [c for c in game.components if c.spec.kind in SHOP_KINDS and component in (None, c.id)]
    if component is not None and not comps:
        known = ", ".join(c.id for c in game.components if c.spec.kind in SHOP_KINDS)
        raise LayoutError(f"expected one of the components {game.id} prints as faces ({known}), got {component!r}",
                          field="--component")
    rows: list[tuple[str, list[tuple[FaceRef, str]]]] = []
    for comp in comps:
        faces = [(FaceRef(comp, r, "front"), r.id) for r in comp.records]
        if comp.spec.back and opts.backs and comp.records:
            faces.append((FaceRef(comp, comp.records[0], "back"), words_of(game).gettext("back")))
        rows.append((comp.spec.name, faces))
    held = _hand(game, hand) if hand else []
    images = _render(game, looks, style, opts, [f for _, faces in rows for f, _ in faces] + held, dpi)
    sheet_images, hand_images = images[:len(images) - len(held)], images[len(images) - len(held):]
    lang = lang_tag(game)
    files = {out / f"{name}-proof{'-' + component if component else ''}{lang}.png": png_bytes(
        _sheet(rows, sheet_images, dpi), dpi)}
    if held:
        files[out / f"{name}-hand{lang}.png"] = png_bytes(_fan(hand_images, dpi), dpi)
    return files


def _hand(game: Any, ids: list[str]) -> list[FaceRef]:
    """The fronts of the cards `ids` names, in order (a card may be held twice)."""
    cards = {r.id: (c, r) for c in game.components if c.spec.kind == "card" for r in c.records}
    for card in ids:
        if card not in cards:
            raise LayoutError(f"expected card ids of {game.id} separated by commas (one of {', '.join(cards)}), "
                              f"got {card!r}", field="--hand")
    return [FaceRef(*cards[card], "front") for card in ids]


def _render(game: Any, looks: Any, style: Style, opts: Options, faces: list[FaceRef], dpi: float) -> list[Image.Image]:
    total = sum(w * h for w, h in ((s / 25.4 * dpi for s in f.component.spec.size_mm) for f in faces))
    if total > MAX_PIXELS:
        raise LayoutError(f"{len(faces)} faces at {dpi:g} dpi are {total:,.0f} pixels: expected at most "
                          f"{MAX_PIXELS:,}; lower --dpi or choose one --component", field="--dpi")
    return render_pages(face_pdf(game, looks, style, opts, faces, game.name), dpi, opts.bleed * MM)


def _font(points: float, dpi: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / "DejaVuSansCondensed.ttf"), max(6, round(points / 72 * dpi)))


def _sheet(rows: list[tuple[str, list[tuple[FaceRef, str]]]], images: list[Image.Image], dpi: float) -> Image.Image:
    """Faces in rows of at most 8 (wrapping), a heading over each component's rows and an id under each face."""
    px = dpi / 25.4
    gap = round(GAP_MM * px)
    caption, heading = _font(CAPTION_PT, dpi), _font(HEADING_PT, dpi)
    line_c, line_h = round(CAPTION_PT / 72 * dpi * 1.6), round(HEADING_PT / 72 * dpi * 1.8)
    placed: list[tuple[str, int, int]] = []          # headings: text, x, y
    faces: list[tuple[Image.Image, str, int, int]] = []
    y, width, it = gap, 0, iter(images)
    for title, row in rows:
        placed.append((title, gap, y))
        y += line_h
        for start in range(0, len(row), 8):
            x, tallest = gap, 0
            for (_, label), image in zip(row[start:start + 8], it):
                room = max(image.width, round(caption.getlength(label)))     # a long id under a small token
                faces.append((image, label, x + (room - image.width) // 2, y))
                x += room + gap
                tallest = max(tallest, image.height)
            width = max(width, x)
            y += tallest + line_c + gap
    sheet = Image.new("RGB", (max(width, gap * 2 + 1), y), GROUND)
    draw = ImageDraw.Draw(sheet)
    for title, x, top in placed:
        draw.text((x, top), title, fill=INK, font=heading)
    for image, label, x, top in faces:
        sheet.paste(image, (x, top))
        draw.text((x + image.width / 2, top + image.height + line_c * 0.2), label, fill=INK, font=caption, anchor="mt")
    return sheet


def _fan(cards: list[Image.Image], dpi: float) -> Image.Image:
    """The cards held fanned: each turned about a point below the hand, the first on the left, under the next."""
    px = dpi / 25.4
    pivot = 2.2 * max(c.height for c in cards)        # from a card's centre down to where the fan turns
    spread = FAN_DEGREES * (len(cards) - 1)
    radius = round(CORNER_MM * px)
    placed: list[tuple[Image.Image, float, float]] = []   # each turned card and its centre, the pivot at (0, 0)
    for i, card in enumerate(cards):
        angle = -spread / 2 + i * FAN_DEGREES
        mask = Image.new("L", card.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, card.width - 1, card.height - 1), radius, fill=255)
        rgba = card.convert("RGBA")
        rgba.putalpha(mask)
        turned = rgba.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        placed.append((turned, pivot * math.sin(math.radians(angle)), -pivot * math.cos(math.radians(angle))))
    margin = 10 * px
    left = min(x - t.width / 2 for t, x, _ in placed) - margin
    top = min(y - t.height / 2 for t, _, y in placed) - margin
    right = max(x + t.width / 2 for t, x, _ in placed) + margin
    bottom = max(y + t.height / 2 for t, _, y in placed) + margin
    ground = Image.new("RGB", (round(right - left), round(bottom - top)), GROUND)
    for turned, x, y in placed:
        at = (round(x - turned.width / 2 - left), round(y - turned.height / 2 - top))
        shadow = Image.new("RGBA", turned.size, (0, 0, 0, 0))
        shadow.putalpha(turned.getchannel("A").point(lambda a: a * 0.35))
        shadow = shadow.filter(ImageFilter.GaussianBlur(max(1, round(1.2 * px))))
        ground.paste(shadow, (at[0] + round(0.8 * px), at[1] + round(1.2 * px)), shadow)
        ground.paste(turned, at, turned)
    return ground
