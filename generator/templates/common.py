"""Generic looks: what any record prints as until its game has templates of its own.

A front shows the record's name and every text it carries (reference sections,
rules texts, flavour), laid out as slots (`slots.default_slots`: a record of a declared
schema also shows its numbers, flags, images and colour); a back shows the component's
name.  Plain on purpose: these faces prove the imposition and keep a new design printable
from its first TOML.
"""
from __future__ import annotations

from typing import Any, Iterator

from common.kept import is_record

from generator.engine.box import MM, Box, Style
from cards.typeset.fonts import DISPLAY
from generator.engine.icons import draw_icon
from generator.engine.images import draw_art
from generator.engine.text import draw_text

from .regions import design_fonts, record_art
from .slots import Slot, accent, band_height, declared_texts, default_slots

PAPER = (0.96, 0.93, 0.86)
INK = (0.15, 0.12, 0.1)
BAND = (0.45, 0.3, 0.2)
_SKIP = {"id", "name", "copies", "layout", "image"}  # not printed as text: a layout name, an art file


def record_texts(record: Any, prefix: str = "") -> Iterator[tuple[str, str]]:
    """(field path, text) for every printed text of a record, in definition order.

    A model with a `rules_text` (an option rendered from its effects) gives that;
    a titled section gives its title in bold.
    """
    if not is_record(record):
        return
    if hasattr(record, "rules_text"):
        yield prefix.rstrip("."), record.rules_text
        return
    for name in type(record).model_fields:
        if name in _SKIP:
            continue
        value = getattr(record, name)
        path = f"{prefix}{name}"
        if name == "title" and isinstance(value, str):
            yield path, f"**{value}**"
        elif isinstance(value, str) and value:
            yield path, value
        elif isinstance(value, list):
            for i, item in enumerate(value, 1):
                if isinstance(item, str):
                    yield f"{path}.{i}", item
                else:
                    yield from record_texts(item, f"{path}.{i}.")
        elif is_record(value):
            yield from record_texts(value, f"{path}.")


def _background(c, box: Box, style: Style, color=PAPER) -> None:
    c.setFillColorRGB(*style.background(color))
    c.rect(*box.bleed_rect, fill=1, stroke=0)


def _band(c, box: Box, style: Style, top: float, color=BAND) -> None:
    """The name band across the top, run into the bleed."""
    band = band_height(box)
    c.setFillColorRGB(*style.background(color))
    c.rect(-box.bleed, top - band, box.w + 2 * box.bleed, band + (box.h - top) + box.bleed, fill=1, stroke=0)


def front(c, record: Any, component: Any, box: Box, style: Style) -> None:
    """A card or board: its slots (name band, badges, images, texts) drawn in order."""
    _background(c, box, style)
    texts = declared_texts(record) if hasattr(type(record), "FIELDS") else list(record_texts(record))
    _band(c, box, style, box.safe_rect[1] + box.safe_rect[3], accent(record) or BAND)
    for slot in default_slots(record, box, texts):
        _draw_slot(c, slot, style)


def _draw_slot(c, slot: Slot, style: Style) -> None:
    x, y, w, h = slot.rect
    if slot.kind == "title":
        draw_text(c, slot.value, x, y, w, h, field=slot.field, size=12, font=DISPLAY, align="center",
                  valign="middle", color=INK if style.ink_saver else PAPER)
    elif slot.kind == "badges":
        width = w / len(slot.value)
        for i, label in enumerate(slot.value):
            c.setStrokeColorRGB(*BAND)
            c.setLineWidth(0.8)
            c.roundRect(x + i * width + 0.5 * MM, y, width - 1 * MM, h, 1.5 * MM, fill=0, stroke=1)
            draw_text(c, label, x + i * width + 1.5 * MM, y + 0.5 * MM, width - 3 * MM, h - 1 * MM,
                      field=slot.field, size=9, align="center", valign="middle", color=INK)
    elif slot.kind == "image" and (art := record_art(slot.value)) is not None:
        draw_art(c, art, x, y, w, h, fit="contain", field=slot.field, fonts=design_fonts())
    elif slot.kind == "image":  # drawn without the game's design (a bare record): its frame and file
        c.setStrokeColorRGB(*BAND)
        c.setDash(2, 2)
        c.rect(x, y, w, h, fill=0, stroke=1)
        c.setDash()
        draw_text(c, f"*{slot.value}*", x + 1 * MM, y, w - 2 * MM, h, field=slot.field, size=7, align="center",
                  valign="middle", color=BAND)
    else:
        draw_text(c, slot.value, x, y, w, h, field=slot.field, size=9, color=INK)


def token(c, record: Any, component: Any, box: Box, style: Style) -> None:
    """A token: its icon (if any) over its name and value."""
    _background(c, box, style)
    sx, sy, sw, sh = box.safe_rect
    if component.shape == "round":
        c.setStrokeColorRGB(*BAND)
        c.setLineWidth(1)
        c.circle(box.w / 2, box.h / 2, min(box.w, box.h) / 2 - box.safe / 2, fill=0, stroke=1)
        inset = min(sw, sh) * 0.15
        sx, sy, sw, sh = sx + inset, sy + inset, sw - 2 * inset, sh - 2 * inset
    icon = getattr(record, "icon", None)
    value = getattr(record, "value", None)
    label = record.name if value is None else f"**{value}** {record.name}"
    c.setFillColorRGB(*INK)
    if icon:
        size = sh * 0.45
        draw_icon(c, icon, sx + (sw - size) / 2, sy + sh - size, size, field="icon")
        sh -= size + 1 * MM
    draw_text(c, label, sx, sy, sw, sh, field="name", size=10, align="center", valign="middle", color=INK)


def standee(c, record: Any, component: Any, box: Box, style: Style) -> None:
    """A standee side: a silhouette over the name."""
    _background(c, box, style)
    sx, sy, sw, sh = box.safe_rect
    fill = style.art(BAND)
    c.setStrokeColorRGB(*BAND)
    if fill:
        c.setFillColorRGB(*fill)
    r = sw * 0.18
    c.circle(box.w / 2, sy + sh - r, r, fill=1 if fill else 0, stroke=1)
    c.roundRect(box.w / 2 - sw * 0.3, sy + sh * 0.25, sw * 0.6, sh * 0.75 - 2.3 * r, r, fill=1 if fill else 0, stroke=1)
    draw_text(c, record.name, sx, sy, sw, sh * 0.22, field="name", size=10, font=DISPLAY, align="center",
              valign="middle", color=INK)


def die_face(c, record: Any, component: Any, box: Box, style: Style) -> None:
    """One face of a die net: pips for faces 1-6."""
    _background(c, box, style)
    n = box.face or 1
    sx, sy, sw, sh = box.safe_rect
    spots = {1: [(1, 1)], 2: [(0, 2), (2, 0)], 3: [(0, 2), (1, 1), (2, 0)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
             5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}[n]
    c.setFillColorRGB(*INK)
    for col, row in spots:
        c.circle(sx + sw * (0.2 + 0.3 * col), sy + sh * (0.2 + 0.3 * row), min(sw, sh) * 0.09, fill=1, stroke=0)


def map_front(c, record: Any, component: Any, box: Box, style: Style) -> None:
    """A map: a 50 mm grid with coordinates, the name in the middle."""
    _background(c, box, style)
    c.setStrokeColorRGB(*BAND)
    c.setLineWidth(0.5)
    step = 50 * MM
    x = 0.0
    while x <= box.w + 1e-6:
        c.line(x, 0, x, box.h)
        x += step
    y = 0.0
    while y <= box.h + 1e-6:
        c.line(0, y, box.w, y)
        y += step
    sx, sy, sw, sh = box.safe_rect
    draw_text(c, record.name, sx, sy, sw, sh, field="name", size=48, font=DISPLAY, align="center",
              valign="middle", color=INK)


def back(c, record: Any, component: Any, box: Box, style: Style) -> None:
    """A plain back: a framed panel with the component's name."""
    _background(c, box, style, BAND)
    sx, sy, sw, sh = box.safe_rect
    c.setStrokeColorRGB(*style.background(PAPER))
    c.setLineWidth(1.5)
    c.roundRect(sx, sy, sw, sh, 3 * MM, fill=0, stroke=1)
    draw_text(c, component.name, sx + 2 * MM, sy, sw - 4 * MM, sh, field="name", size=16, font=DISPLAY,
              align="center", valign="middle", color=INK if style.ink_saver else PAPER)


FRONTS = {"card": front, "board": front, "token": token, "standee": standee, "die": die_face, "map": map_front}
