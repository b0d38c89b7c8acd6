"""Character cards ("Character Card Anatomy"): name, good/bad badge, ability, tracks.

The two tracks (health, ammo) run X, 1 .. 5 across the foot of the card; a marker
sits on one cell of each.  Every character starts on the 5s, which are ringed.
"""
from __future__ import annotations

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from generator.engine.contrast import BOLD_LABEL, readable_ground

from .art import band_of, glyphs, scene
from .icons import draw_icon, polygon
from .look import BODY_BOLD, DISPLAY, MARGIN, NAME_FONT, TEXT, Palette, palette
from .words import measure, said, write

TRACK = ("X", "1", "2", "3", "4", "5")


SKINS = {"light": HexColor("#EDC39A"), "medium": HexColor("#C68642"), "dark": HexColor("#8D5524")}
SHADES = {  # a look's colour names (cards.models.el_dorado_canyon.Look)
    "white": HexColor("#F4F0E6"), "black": HexColor("#2A2420"), "brown": HexColor("#7A4A26"),
    "grey": HexColor("#8C8A86"), "tan": HexColor("#C9A46A"), "blue": HexColor("#3C5F8E"),
    "red": HexColor("#A3342A"), "green": HexColor("#4F7340"),
}


def shade(name: str, pal: Palette) -> Color:
    """A look's colour as the palette prints it: in the ink saver a light tint (a quarter of the colour)."""
    colour = SHADES[name]
    if not pal.ink_saver:
        return colour
    return Color(*(1 - (1 - v) * 0.25 for v in colour.rgb()))


def portrait(c: Canvas, x: float, y: float, w: float, h: float, good: bool, pal: Palette, look, band: str = "copper",
             ability=None) -> None:
    """A hired hand over the canyon, drawn from the character's `look` (hat, face, neckwear, coat, their
    colours and skin), a sheriff's star on a good one's coat, `band` (a palette colour) on the hat and at
    the neck, and `ability`'s picture as an emblem in the corner."""
    scene(c, x, y, w, h, pal)
    cx, s = x + w / 2, h
    hy, r = y + s * 0.5, s * 0.17
    c.saveState()
    p = c.beginPath()
    p.roundRect(x, y, w, h, 4)
    c.clipPath(p, stroke=0, fill=0)
    c.setStrokeColor(pal.ink)
    c.setLineWidth(0.8)
    if look.face == "long-hair" or look.hat == "bonnet":
        c.setFillColor(shade(look.hair, pal))
        c.roundRect(cx - r * 1.15, hy - r * 1.5, r * 2.3, r * 2.3, r * 0.5, fill=1, stroke=1)
    _coat(c, cx, y, s, look, pal)
    if good:
        draw_icon(c, "star", cx - s * 0.2, y + s * 0.16, s * 0.16, pal)
    c.setFillColor(SKINS[look.skin] if not pal.ink_saver else Color(*(1 - (1 - v) * 0.5 for v in SKINS[look.skin].rgb())))
    c.circle(cx, hy, r, fill=1, stroke=1)
    _face(c, cx, hy, r, look, getattr(pal, band), pal)
    c.restoreState()
    _hat(c, cx, y, s, hy, r, look, getattr(pal, band) if band != "copper" else (pal.good if good else pal.bad), pal)
    if ability is not None:
        _emblem(c, ability, x + w - s * 0.15, y + s * 0.15, s * 0.24, pal)


def _coat(c: Canvas, cx: float, y: float, s: float, look, pal: Palette) -> None:
    """The shoulders and chest in the look's coat and colour."""
    wide = 0.62 if look.coat in ("duster", "poncho") else 0.55
    c.setFillColor(shade(look.coat_colour, pal))
    body = c.beginPath()
    body.moveTo(cx - s * wide, y)
    body.curveTo(cx - s * 0.5, y + s * 0.42, cx + s * 0.5, y + s * 0.42, cx + s * wide, y)
    body.close()
    c.drawPath(body, fill=1, stroke=1)
    top = y + s * 0.33
    if look.coat in ("vest", "suit"):   # the shirt in a V between the lapels
        c.setFillColor(pal.bone)
        polygon(c, [(cx - s * 0.09, top), (cx + s * 0.09, top), (cx, y + s * (0.02 if look.coat == "vest" else 0.14))])
    if look.coat == "suit":
        c.setFillColor(pal.ink)
        for side in (-1, 1):
            polygon(c, [(cx + side * s * 0.09, top), (cx + side * s * 0.2, top - s * 0.02), (cx + side * s * 0.02, y + s * 0.1)],
                    stroke=False)
    elif look.coat == "duster":
        c.setFillColor(shade(look.coat_colour, pal))
        for side in (-1, 1):
            polygon(c, [(cx + side * s * 0.06, top), (cx + side * s * 0.3, top - s * 0.04), (cx + side * s * 0.14, y + s * 0.12)])
    elif look.coat == "poncho":
        c.setStrokeColor(pal.bone)
        c.setLineWidth(s * 0.03)
        for k in (0.1, 0.2):
            c.line(cx - s * 0.6, y + s * k, cx + s * 0.6, y + s * k)
        c.setStrokeColor(pal.ink)
        c.setLineWidth(0.8)
    elif look.coat == "shawl":
        c.setFillColor(pal.bone)
        polygon(c, [(cx - s * 0.3, top - s * 0.03), (cx + s * 0.3, top - s * 0.03), (cx, y + s * 0.08)])
    else:   # a shirt: buttons down the front
        c.setFillColor(pal.bone)
        for k in (0.08, 0.17, 0.26):
            c.circle(cx, y + s * k, s * 0.015, fill=1, stroke=0)


def _face(c: Canvas, cx: float, hy: float, r: float, look, band, pal: Palette) -> None:
    """Eyes, mouth, the face feature and neckwear on a head of radius r centred at (cx, hy)."""
    c.setFillColor(pal.ink)
    for side in (-1, 1):
        c.circle(cx + side * r * 0.38, hy + r * 0.05, r * 0.1, fill=1, stroke=0)
    c.setStrokeColor(pal.ink)
    c.setLineWidth(r * 0.08)
    hair = shade(look.hair, pal)
    if look.face == "spectacles":
        for side in (-1, 1):
            c.circle(cx + side * r * 0.38, hy + r * 0.05, r * 0.24, fill=0, stroke=1)
        c.line(cx - r * 0.14, hy + r * 0.08, cx + r * 0.14, hy + r * 0.08)
    elif look.face == "eyepatch":
        c.line(cx - r * 0.95, hy + r * 0.4, cx + r * 0.9, hy - r * 0.1)
        c.ellipse(cx + r * 0.14, hy - r * 0.2, cx + r * 0.62, hy + r * 0.28, fill=1, stroke=0)
    elif look.face == "scar":
        c.setStrokeColor(pal.blood)
        c.line(cx - r * 0.7, hy + r * 0.4, cx - r * 0.3, hy - r * 0.4)
        c.setStrokeColor(pal.ink)
    elif look.face == "sideburns":
        c.setFillColor(hair)
        for side in (-1, 1):
            c.rect(cx + side * r * 0.98 - r * 0.16, hy - r * 0.5, r * 0.32, r * 0.8, fill=1, stroke=1)
    c.setLineWidth(r * 0.06)
    c.line(cx - r * 0.25, hy - r * 0.45, cx + r * 0.25, hy - r * 0.45)
    if look.face == "moustache":
        c.setFillColor(hair)
        polygon(c, [(cx - r * 0.5, hy - r * 0.42), (cx, hy - r * 0.22), (cx + r * 0.5, hy - r * 0.42),
                    (cx + r * 0.3, hy - r * 0.3), (cx, hy - r * 0.34), (cx - r * 0.3, hy - r * 0.3)])
    elif look.face == "beard":
        c.setFillColor(hair)
        polygon(c, [(cx - r * 0.95, hy - r * 0.1), (cx - r * 0.4, hy - r * 0.35), (cx + r * 0.4, hy - r * 0.35),
                    (cx + r * 0.95, hy - r * 0.1), (cx + r * 0.5, hy - r * 1.1), (cx, hy - r * 1.3), (cx - r * 0.5, hy - r * 1.1)])
    c.setFillColor(band)
    if look.neck == "neckerchief":
        polygon(c, [(cx - r * 0.8, hy - r * 1.0), (cx + r * 0.8, hy - r * 1.0), (cx, hy - r * 1.7)], stroke=False)
    elif look.neck == "bow-tie":
        for side in (-1, 1):
            polygon(c, [(cx, hy - r * 1.15), (cx + side * r * 0.6, hy - r * 0.95), (cx + side * r * 0.6, hy - r * 1.35)],
                    stroke=False)
    elif look.neck == "string-tie":
        c.setStrokeColor(band)
        c.setLineWidth(r * 0.1)
        c.line(cx, hy - r * 1.05, cx - r * 0.2, hy - r * 1.8)
        c.line(cx, hy - r * 1.05, cx + r * 0.2, hy - r * 1.8)
        c.setStrokeColor(pal.ink)
    elif look.neck == "bandana-mask":
        polygon(c, [(cx - r, hy - r * 0.1), (cx + r, hy - r * 0.1), (cx + r * 0.7, hy - r * 0.8), (cx, hy - r * 1.25),
                    (cx - r * 0.7, hy - r * 0.8)], stroke=False)


def _hat(c: Canvas, cx: float, y: float, s: float, hy: float, r: float, look, band, pal: Palette) -> None:
    """The look's hat in its colour, with a band of the ability's colour."""
    c.setFillColor(shade(look.hat_colour, pal))
    c.setStrokeColor(pal.ink if look.hat_colour != "black" or pal.ink_saver else pal.bone)
    c.setLineWidth(0.8)
    hat = look.hat
    if hat == "none":   # hair drawn up in a bun
        c.setFillColor(shade(look.hair, pal))
        c.circle(cx, hy + r * 1.15, r * 0.45, fill=1, stroke=1)
        p = c.beginPath()
        p.arc(cx - r, hy - r * 0.1, cx + r, hy + r * 1.1, 0, 180)
        p.close()
        c.drawPath(p, fill=1, stroke=1)
        return
    if hat == "bonnet":  # a hood framing the face, tied under the chin
        c.setLineWidth(r * 0.35)
        c.setStrokeColor(shade(look.hat_colour, pal))
        p = c.beginPath()
        p.arc(cx - r * 1.15, hy - r * 1.0, cx + r * 1.15, hy + r * 1.25, -10, 200)
        c.drawPath(p, fill=0, stroke=1)
        c.setStrokeColor(band)
        c.setLineWidth(r * 0.12)
        c.line(cx - r * 0.9, hy - r * 0.3, cx, hy - r * 1.1)
        c.line(cx + r * 0.9, hy - r * 0.3, cx, hy - r * 1.1)
        return
    brim = {"sombrero": 0.44, "top-hat": 0.24, "bowler": 0.23, "cavalry": 0.34}.get(hat, 0.31)
    c.ellipse(cx - s * brim, y + s * 0.6, cx + s * brim, y + s * 0.7, fill=1, stroke=1)
    if hat == "bowler":
        p = c.beginPath()
        p.arc(cx - s * 0.18, y + s * 0.5, cx + s * 0.18, y + s * 0.86, 0, 180)
        p.close()
        c.drawPath(p, fill=1, stroke=1)
    elif hat == "flat-top":
        c.rect(cx - s * 0.17, y + s * 0.64, s * 0.34, s * 0.18, fill=1, stroke=1)
    elif hat == "top-hat":
        c.rect(cx - s * 0.15, y + s * 0.64, s * 0.3, s * 0.32, fill=1, stroke=1)
    elif hat == "sombrero":
        polygon(c, [(cx - s * 0.17, y + s * 0.64), (cx + s * 0.17, y + s * 0.64), (cx + s * 0.08, y + s * 0.92),
                    (cx - s * 0.08, y + s * 0.92)])
    else:   # cattleman, cavalry: a pinched crown; the cavalry brim pinned up on one side
        polygon(c, [(cx - s * 0.19, y + s * 0.64), (cx + s * 0.19, y + s * 0.64), (cx + s * 0.17, y + s * 0.86),
                    (cx + s * 0.06, y + s * 0.84), (cx, y + s * 0.8), (cx - s * 0.06, y + s * 0.84),
                    (cx - s * 0.17, y + s * 0.86)])
        if hat == "cavalry":
            polygon(c, [(cx - s * 0.34, y + s * 0.65), (cx - s * 0.19, y + s * 0.64), (cx - s * 0.22, y + s * 0.84)])
            c.setFillColor(pal.gold)
            c.circle(cx - s * 0.22, y + s * 0.7, s * 0.025, fill=1, stroke=1)
    c.setFillColor(band)
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


def _badge(c: Canvas, good: bool, cx: float, cy: float, pal: Palette, word: str) -> None:
    """The good/bad badge: a sheriff's star or a skull, with the word (at 8 pt, or smaller to fit its plate)."""
    colour = readable_ground((pal.good if good else pal.bad).rgb(), pal.bone.rgb(), BOLD_LABEL * 2)
    c.setFillColorRGB(*colour)
    c.roundRect(cx - 24, cy - 8, 48, 16, 8, fill=1, stroke=0)
    draw_icon(c, "star" if good else "infamy", cx - 14, cy, 12, pal)
    c.setFillColor(pal.bone)
    size = min(8.0, 32 / max(c.stringWidth(word, BODY_BOLD, 1), 1e-9))
    c.setFont(BODY_BOLD, size)
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
    _badge(c, good, w / 2, h - MARGIN - 8, pal, said(style)(f"character.{record.alignment}"))
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
    portrait(c, MARGIN + inner * 0.15, pic_top - pic_h, inner * 0.7, pic_h, good, pal, record.look,
             band_of(record.ability.effects[0].effect),
             record.ability)
    write(c, record.ability.rules_text, MARGIN + 2, text_bottom, inner - 4, pic_top - pic_h - 2 - text_bottom,
          pal.ink, field="ability.text", size=9.5, font=TEXT)
