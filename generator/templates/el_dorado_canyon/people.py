"""Character cards ("Character Card Anatomy"): name, good/bad badge, ability, tracks.

The two tracks (health, ammo) run X, 1 .. 5 across the foot of the card; a marker
sits on one cell of each.  Every character starts on the 5s, which are ringed.
"""
from __future__ import annotations

import zlib

from reportlab.pdfgen.canvas import Canvas

from .art import scene
from .icons import draw_icon, polygon
from .look import BODY_BOLD, DISPLAY, MARGIN, NAME_FONT, TEXT, Palette, palette
from .words import measure, write

TRACK = ("X", "1", "2", "3", "4", "5")


def portrait(c: Canvas, x: float, y: float, w: float, h: float, good: bool, pal: Palette, seed: str = "") -> None:
    """A hired hand in silhouette over the canyon: white hat and a star if good, black
    hat and a bandana if bad; `seed` (the card id) varies the hat so no two look alike."""
    scene(c, x, y, w, h, pal)
    vary = zlib.crc32(seed.encode()) if seed else 0
    brim = 0.3 + (vary % 4) * 0.03
    crown = 0.2 + (vary // 4 % 3) * 0.04
    cx, s = x + w / 2, h
    c.saveState()
    p = c.beginPath()
    p.roundRect(x, y, w, h, 4)
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColor(pal.ink)
    body = c.beginPath()
    body.moveTo(cx - s * 0.55, y)
    body.curveTo(cx - s * 0.5, y + s * 0.42, cx + s * 0.5, y + s * 0.42, cx + s * 0.55, y)
    body.close()
    c.drawPath(body, fill=1, stroke=0)
    c.circle(cx, y + s * 0.5, s * 0.17, fill=1, stroke=0)
    if good:
        draw_icon(c, "star", cx - s * 0.2, y + s * 0.16, s * 0.16, pal)
    else:
        c.setFillColor(pal.bad)
        polygon(c, [(cx - s * 0.17, y + s * 0.48), (cx + s * 0.17, y + s * 0.48), (cx, y + s * 0.3)], stroke=False)
    if vary % 2 and good:
        c.setFillColor(pal.bone)
        c.rect(cx - s * 0.08, y + s * 0.42, s * 0.16, s * 0.025, fill=1, stroke=0)
    c.restoreState()
    c.setFillColor(pal.bone if good else pal.ink)
    c.setStrokeColor(pal.ink if good else pal.bone)
    c.setLineWidth(0.8)
    c.ellipse(cx - s * brim, y + s * 0.6, cx + s * brim, y + s * 0.7, fill=1, stroke=1)
    c.roundRect(cx - s * 0.19, y + s * 0.64, s * 0.38, s * crown + s * 0.06, s * 0.08, fill=1, stroke=1)
    c.setFillColor(pal.good if good else pal.bad)
    c.rect(cx - s * 0.19, y + s * 0.66, s * 0.38, s * 0.05, fill=1, stroke=0)


def _badge(c: Canvas, good: bool, cx: float, cy: float, pal: Palette) -> None:
    """The good/bad badge: a sheriff's star or a skull, with the word."""
    colour = pal.good if good else pal.bad
    word = "GOOD" if good else "BAD"
    c.setFillColor(colour)
    c.roundRect(cx - 24, cy - 8, 48, 16, 8, fill=1, stroke=0)
    draw_icon(c, "star" if good else "infamy", cx - 14, cy, 12, pal)
    c.setFillColor(pal.bone)
    c.setFont(BODY_BOLD, 8)
    c.drawCentredString(cx + 6, cy - 2.9, word)


def tracks(c: Canvas, x: float, y: float, w: float, pal: Palette) -> float:
    """Health and ammo tracks from y upward; returns their total height."""
    row_h = 24.0
    label = 18.0
    cell = (w - label) / len(TRACK)
    for row, icon in enumerate(("ammo", "health")):
        ry = y + row * (row_h + 3)
        draw_icon(c, icon, x + label / 2 - 1, ry + row_h / 2, 15, pal)
        for i, mark in enumerate(TRACK):
            cx = x + label + i * cell
            c.setFillColor(pal.bone)
            c.setStrokeColor(pal.ink)
            c.setLineWidth(1.6 if mark == "5" else 0.6)
            c.roundRect(cx + 1, ry, cell - 2, row_h, 3, fill=1, stroke=1)
            c.setFillColor(pal.blood if mark == "X" else pal.ink)
            c.setFont(NAME_FONT, 12)
            c.drawCentredString(cx + cell / 2, ry + row_h / 2 - 4.2, mark)
    return 2 * row_h + 3


def draw_character(c: Canvas, record, component, box, style) -> None:
    """FRONTS['character']."""
    pal = palette(style)
    w, h, b = box.w, box.h, box.bleed
    good = record.alignment == "good"
    c.setFillColor(pal.paper if pal.ink_saver else pal.ground)
    c.rect(-b, -b, w + 2 * b, h + 2 * b, fill=1, stroke=0)
    c.setFillColor(pal.paper)
    c.setStrokeColor(pal.good if good else pal.bad)
    c.setLineWidth(1.5)
    c.roundRect(5, 5, w - 10, h - 10, 6, fill=1, stroke=1)
    inner = w - 2 * MARGIN
    _badge(c, good, w / 2, h - MARGIN - 8, pal)
    title = f"**{record.name}**"
    _, name_h = measure(title, inner, 18, field="name", size=14, min_size=8, font=DISPLAY)
    name_top = h - MARGIN - 18
    write(c, title, MARGIN, name_top - name_h, inner, name_h, pal.ink, field="name", size=14, min_size=8, font=DISPLAY)
    track_h = tracks(c, MARGIN, MARGIN, inner, pal)
    text_bottom = MARGIN + track_h + 3
    if record.flavor:
        write(c, f"*{record.flavor}*", MARGIN, text_bottom, inner, 9, pal.ink, field="flavor", size=6.5, font=TEXT)
        text_bottom += 10
    pic_top = name_top - name_h - 2
    pic_h = (pic_top - text_bottom) * 0.6
    portrait(c, MARGIN + inner * 0.15, pic_top - pic_h, inner * 0.7, pic_h, good, pal, record.id)
    write(c, record.ability.rules_text, MARGIN + 2, text_bottom, inner - 4, pic_top - pic_h - 2 - text_bottom,
          pal.ink, field="ability.text", size=9.5, font=TEXT)
