"""Character cards ("Character Card Anatomy"): name, good/bad badge, ability, tracks.

The two tracks (health, ammo) run X, 1 .. 5 across the foot of the card; a marker
sits on one cell of each.  Every character starts on the 5s, which are ringed.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from generator.engine.contrast import BOLD_LABEL, readable_ground

from .art import band_of, glyphs, scene
from .icons import draw_icon, polygon
from .look import BODY_BOLD, DISPLAY, MARGIN, NAME_FONT, TEXT, Palette, palette
from .words import measure, write

TRACK = ("X", "1", "2", "3", "4", "5")


SKINS = (HexColor("#EDC39A"), HexColor("#C68642"), HexColor("#8D5524"))
HATS = ("cattleman", "flat-top", "bowler")
FACE = ("clean", "spectacles", "eyepatch", "long hair")
NECK = ("plain", "neckerchief", "bow tie or bandana mask")


@dataclass(frozen=True)
class Look:
    """A character's features: indexes into HATS, FACE, NECK and SKINS, and the hat band's palette colour."""

    hat: int = 0
    face: int = 0
    neck: int = 0
    skin: int = 0
    band: str = "copper"
    brim: float = 0.3


def look_of(record) -> Look:
    """A character's features, from its definition: hat, face, neckwear, skin and brim from
    digits of its id's checksum (432 combinations), the band colour from its ability's first
    effect (the `band` of its `@draws` registration in art.py)."""
    vary = zlib.crc32(record.id.encode())
    digits = []
    for base in (len(HATS), len(FACE), len(NECK), len(SKINS), 4):
        digits.append(vary % base)
        vary //= base
    return Look(hat=digits[0], face=digits[1], neck=digits[2], skin=digits[3],
                band=band_of(record.ability.effects[0].effect),
                brim=0.28 + digits[4] * 0.03)


def portrait(c: Canvas, x: float, y: float, w: float, h: float, good: bool, pal: Palette,
             look: Look = Look(), ability=None) -> None:
    """A hired hand over the canyon: white hat and a star if good, black hat if bad, the
    rest (hat shape, face, neckwear, skin, band) from `look`; `ability`'s picture
    as an emblem in the corner."""
    scene(c, x, y, w, h, pal)
    cx, s = x + w / 2, h
    hy, r = y + s * 0.5, s * 0.17
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
    if good:
        draw_icon(c, "star", cx - s * 0.2, y + s * 0.16, s * 0.16, pal)
    if FACE[look.face] == "long hair":
        c.setFillColor(pal.copper if pal.ink_saver else pal.ground)  # the saver's ground is white
        c.roundRect(cx - r * 1.15, hy - r * 1.3, r * 2.3, r * 2.1, r * 0.5, fill=1, stroke=0)
    c.setFillColor(SKINS[look.skin])
    c.setStrokeColor(pal.ink)
    c.setLineWidth(0.8)
    c.circle(cx, hy, r, fill=1, stroke=1)
    _face(c, cx, hy, r, look, good, pal)
    c.restoreState()
    _hat(c, cx, y, s, look, good, pal)
    if ability is not None:
        _emblem(c, ability, x + w - s * 0.15, y + s * 0.15, s * 0.24, pal)


def _face(c: Canvas, cx: float, hy: float, r: float, look: Look, good: bool, pal: Palette) -> None:
    """Eyes, mouth, the face feature and neckwear on a head of radius r centred at (cx, hy)."""
    c.setFillColor(pal.ink)
    for side in (-1, 1):
        c.circle(cx + side * r * 0.38, hy + r * 0.05, r * 0.1, fill=1, stroke=0)
    face = FACE[look.face]
    c.setStrokeColor(pal.ink)
    c.setLineWidth(r * 0.08)
    if face == "spectacles":
        for side in (-1, 1):
            c.circle(cx + side * r * 0.38, hy + r * 0.05, r * 0.24, fill=0, stroke=1)
        c.line(cx - r * 0.14, hy + r * 0.08, cx + r * 0.14, hy + r * 0.08)
    elif face == "eyepatch":
        c.line(cx - r * 0.95, hy + r * 0.4, cx + r * 0.9, hy - r * 0.1)
        c.ellipse(cx + r * 0.14, hy - r * 0.2, cx + r * 0.62, hy + r * 0.28, fill=1, stroke=0)
    c.setLineWidth(r * 0.06)
    c.line(cx - r * 0.25, hy - r * 0.45, cx + r * 0.25, hy - r * 0.45)
    neck = NECK[look.neck]
    colour = getattr(pal, look.band)
    if neck == "neckerchief":
        c.setFillColor(colour)
        polygon(c, [(cx - r * 0.8, hy - r * 1.0), (cx + r * 0.8, hy - r * 1.0), (cx, hy - r * 1.7)], stroke=False)
    elif neck != "plain" and good:
        c.setFillColor(colour)
        for side in (-1, 1):
            polygon(c, [(cx, hy - r * 1.15), (cx + side * r * 0.6, hy - r * 0.95), (cx + side * r * 0.6, hy - r * 1.35)],
                    stroke=False)
    elif neck != "plain":
        c.setFillColor(pal.bad)
        polygon(c, [(cx - r, hy - r * 0.1), (cx + r, hy - r * 0.1), (cx + r * 0.7, hy - r * 0.8), (cx, hy - r * 1.25),
                    (cx - r * 0.7, hy - r * 0.8)], stroke=False)


def _hat(c: Canvas, cx: float, y: float, s: float, look: Look, good: bool, pal: Palette) -> None:
    """The hat, white if good and black if bad, in the look's shape with its coloured band."""
    c.setFillColor(pal.bone if good else pal.ink)
    c.setStrokeColor(pal.ink if good else pal.bone)
    c.setLineWidth(0.8)
    hat = HATS[look.hat]
    brim = look.brim if hat != "bowler" else 0.23
    c.ellipse(cx - s * brim, y + s * 0.6, cx + s * brim, y + s * 0.7, fill=1, stroke=1)
    if hat == "bowler":
        p = c.beginPath()
        p.arc(cx - s * 0.18, y + s * 0.5, cx + s * 0.18, y + s * 0.86, 0, 180)
        p.close()
        c.drawPath(p, fill=1, stroke=1)
    elif hat == "flat-top":
        c.rect(cx - s * 0.17, y + s * 0.64, s * 0.34, s * 0.18, fill=1, stroke=1)
    else:
        polygon(c, [(cx - s * 0.19, y + s * 0.64), (cx + s * 0.19, y + s * 0.64), (cx + s * 0.17, y + s * 0.86),
                    (cx + s * 0.06, y + s * 0.84), (cx, y + s * 0.8), (cx - s * 0.06, y + s * 0.84),
                    (cx - s * 0.17, y + s * 0.86)])
    c.setFillColor(getattr(pal, look.band) if look.band != "copper" else (pal.good if good else pal.bad))
    c.rect(cx - s * 0.17, y + s * 0.66, s * 0.34, s * 0.045, fill=1, stroke=0)


def _emblem(c: Canvas, ability, cx: float, cy: float, s: float, pal: Palette) -> None:
    """The ability's picture, small, in a bone disc: what this character is good at."""
    found = glyphs(ability)
    if not found:
        return
    c.setFillColor(pal.bone)
    c.setStrokeColor(pal.ink)
    c.setLineWidth(0.8)
    c.circle(cx, cy, s * 0.55, fill=1, stroke=1)
    found[0].draw(c, cx, cy, s * 0.8, pal)


def _badge(c: Canvas, good: bool, cx: float, cy: float, pal: Palette) -> None:
    """The good/bad badge: a sheriff's star or a skull, with the word."""
    colour = readable_ground((pal.good if good else pal.bad).rgb(), pal.bone.rgb(), BOLD_LABEL * 2)
    word = "GOOD" if good else "BAD"
    c.setFillColorRGB(*colour)
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
    portrait(c, MARGIN + inner * 0.15, pic_top - pic_h, inner * 0.7, pic_h, good, pal, look_of(record),
             record.ability)
    write(c, record.ability.rules_text, MARGIN + 2, text_bottom, inner - 4, pic_top - pic_h - 2 - text_bottom,
          pal.ink, field="ability.text", size=9.5, font=TEXT)
