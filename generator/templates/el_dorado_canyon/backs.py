"""Card backs: one per deck, told apart face down by colour, emblem and name."""
from __future__ import annotations

from types import SimpleNamespace

from reportlab.pdfgen.canvas import Canvas

from generator.engine.contrast import BOLD_LABEL, text_on

from .art import scene
from .icons import draw_icon
from .look import BODY_BOLD, NAME_FONT, TITLE_FONT, Palette, palette
from .people import portrait
from .pieces import draw_gone, draw_marker, sun_rays
from .words import said

GAME = "EL DORADO CANYON"


def _emblem(c: Canvas, box, pal: Palette, fill, rays, icon: str, label: str) -> None:
    """A back: full-bleed colour, a ray fan behind an emblem, the game's name and the deck's."""
    w, h, b = box.w, box.h, box.bleed
    c.setFillColor(pal.paper if pal.ink_saver else fill)
    c.rect(-b, -b, w + 2 * b, h + 2 * b, fill=1, stroke=0)
    c.saveState()
    p = c.beginPath()
    p.rect(-b, -b, w + 2 * b, h + 2 * b)
    c.clipPath(p, stroke=0, fill=0)
    sun_rays(c, w / 2, h / 2, max(w, h), pal, rays)
    c.restoreState()
    c.setStrokeColor(pal.bone if not pal.ink_saver else pal.ink)
    c.setLineWidth(1.2)
    c.roundRect(8, 8, w - 16, h - 16, 6, fill=0, stroke=1)
    size = min(w, h) * 0.5
    c.setFillColor(pal.bone)
    c.setStrokeColor(pal.ink)
    c.circle(w / 2, h / 2, size * 0.62, fill=1, stroke=1)
    draw_icon(c, icon, w / 2, h / 2, size * 0.9, pal)
    plate, ink = text_on(pal.paper.rgb() if pal.ink_saver else fill.rgb(), pal.bone.rgb(), pal.ink.rgb(), BOLD_LABEL)
    title = min(14.0, (w - 28) / c.stringWidth(GAME, NAME_FONT, 1))
    for text, font, size, base in ((GAME, NAME_FONT, title, h - 16 - title),
                                   (label, BODY_BOLD, max(7.0, title * 0.7), 18.0)):
        # a plate of flat ground under each name: the rays behind would leave it unreadable (4.5:1)
        c.setFillColorRGB(*plate)
        half = c.stringWidth(text, font, size) / 2 + 3
        c.rect(w / 2 - half, base - size * 0.45, 2 * half, size * 1.6, fill=1, stroke=0)
        c.setFillColorRGB(*ink)
        c.setFont(font, size)
        c.drawCentredString(w / 2, base, text)


EMBLEMS = {
    # back: (ground colour, ray colour, emblem icon, label: its key in the phrase table) by palette name
    "starting": ("ground", "ink", "star", "backs.starting"),
    "town": ("mesa", "copper", "buy", "backs.town"),
    "gold": ("gold_dark", "gold", "gold", "money.gold"),
    "infamy": ("ink", "bad", "infamy", "money.infamy"),
}


def emblem_back(name: str):
    """The DrawFn of an emblem back from its EMBLEMS row."""
    fill, rays, icon, label = EMBLEMS[name]

    def draw(c, record, component, box, style):
        pal = palette(style)
        _emblem(c, box, pal, getattr(pal, fill), getattr(pal, rays), icon, said(style)(label))

    draw.__doc__ = f"BACKS[{name!r}]: the {name} back."
    return draw

WANTED = SimpleNamespace(hat="cattleman", hat_colour="black", hair="black", face="clean", neck="bandana-mask",
                         coat="duster", coat_colour="black", skin="light")   # the back's masked outlaw (a `Look`'s fields)


def character_back(c, record, component, box, style):
    pal = palette(style)
    w, h, b = box.w, box.h, box.bleed
    c.setFillColor(pal.paper if pal.ink_saver else pal.good)
    c.rect(-b, -b, w + 2 * b, h + 2 * b, fill=1, stroke=0)
    c.setFillColor(pal.paper)
    c.setStrokeColor(pal.ink)
    c.setLineWidth(1.2)
    c.rect(16, 16, w - 32, h - 32, fill=1, stroke=1)
    words = said(style)
    c.setFillColor(pal.ink)
    c.setFont(NAME_FONT, 22)
    c.drawCentredString(w / 2, h - 48, words("backs.wanted"))
    c.setFont(TITLE_FONT, 9)
    c.drawCentredString(w / 2, h - 62, words("backs.hired"))
    c.drawCentredString(w / 2, h - 73, GAME)
    portrait(c, 30, h * 0.28, w - 60, h * 0.36, False, pal, WANTED)
    c.setFont(BODY_BOLD, 9)
    c.drawCentredString(w / 2, 34, words("backs.character"))


def reference_back(c, record, component, box, style):
    pal = palette(style)
    w, h, b = box.w, box.h, box.bleed
    scene(c, -b, -b, w + 2 * b, h + 2 * b, pal)
    c.setFillColor(pal.ink)
    c.setFont(NAME_FONT, 14)
    c.drawCentredString(w / 2, h * 0.72, GAME)
    c.setFont(BODY_BOLD, 9)
    c.drawCentredString(w / 2, h * 0.72 - 16, said(style)("backs.reference"))


BACKS = {
    **{name: emblem_back(name) for name in EMBLEMS},
    "character": character_back,
    "camp": draw_gone,
    "marker": draw_marker,
    "reference": reference_back,
}
