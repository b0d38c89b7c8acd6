"""Each Gold and Steel card's own picture, drawn as vectors from its definition.

The influence sets the land and the sky (fire: volcanic ridges under a red dusk; time:
dunes under a gold sun; justice: green hills; primal: sea cliffs; shadow: a moonlit
crag), the definition's `figure` and `props` what stands on it (a crow beside a coin, a
hammer; `figures.py` draws each), and its effects' emblems stand in the sky.  The card's
id shapes the skyline and places the sun; the same id always draws the same picture (no
randomness between builds).
"""
from __future__ import annotations

import zlib
from functools import partial
from random import Random

from cards.models.eternal_gold_and_steel import Card
from generator.engine.box import MM, Style
from generator.engine.icons import draw_icon, place_drawing

from .figures import COLOURS, TYPE_FIGURES, draw_figure
from .icons import INFLUENCE_COLOURS, INK, NEUTRAL

SKIES = {   # influence: (sky top, sky low at the horizon, land)
    "fire": ((0.55, 0.16, 0.12), (0.96, 0.62, 0.36), (0.33, 0.13, 0.10)),
    "time": ((0.93, 0.78, 0.45), (0.99, 0.93, 0.74), (0.78, 0.58, 0.28)),
    "justice": ((0.58, 0.78, 0.88), (0.90, 0.95, 0.88), (0.24, 0.48, 0.27)),
    "primal": ((0.33, 0.56, 0.80), (0.78, 0.90, 0.96), (0.20, 0.33, 0.52)),
    "shadow": ((0.16, 0.11, 0.24), (0.45, 0.34, 0.56), (0.12, 0.09, 0.17)),
}
NEUTRAL_SKY = ((0.62, 0.62, 0.64), (0.90, 0.89, 0.86), (NEUTRAL[0] * 0.7, NEUTRAL[1] * 0.7, NEUTRAL[2] * 0.7))
BANDS = 8                   # sky bands from top to horizon


def draw_picture(c, card: Card, x: float, y: float, w: float, h: float, style: Style) -> None:
    """The picture of `card` in the window (x, y, w, h), clipped to it by the caller."""
    rnd = Random(zlib.crc32(card.id.encode()))
    top, low, land = SKIES.get(card.influence[0], NEUTRAL_SKY) if card.influence else NEUTRAL_SKY
    place_drawing(c, f"gs-sky {top} {low} {x!r} {y!r} {w!r} {h!r} {style!r}",
                  partial(_sky, top, low, x, y, w, h, style), (x - 1, y - 1, x + w + 1, y + h + 1))
    _sky_body(c, card, rnd, x, y, w, h, style)
    horizon = y + h * (0.28 + 0.12 * rnd.random())
    for depth, shade in ((1.0, 0.55), (0.6, 0.0)):        # a far ridge, paler, then the near one
        r, g, b = (v + (1 - v) * shade for v in land)
        _ridge(c, rnd, x, w, y, horizon + depth * h * 0.12, h * 0.18 * depth, style.background((r, g, b)))
    _figures(c, card, x, w, y + h * (0.08 + 0.04 * rnd.random()), h, style)
    emblems = [e.EMBLEM for e in card.effects if e.EMBLEM][:3]
    for i, emblem in enumerate(emblems):
        size = h * 0.2
        draw_icon(c, emblem, x + 1.2 * MM + i * (size + 0.8 * MM), y + h - size - 1.2 * MM, size, field="picture")


def _sky(top, low, x: float, y: float, w: float, h: float, style: Style, c) -> None:
    """The sky's bands, from `top` down to `low` at the horizon: one form per influence and window."""
    for i in range(BANDS):
        k = i / (BANDS - 1)
        r, g, b = (a + (z - a) * k for a, z in zip(top, low))
        c.setFillColorRGB(*style.background((r, g, b)))
        c.rect(x, y + h - (i + 1) * h / BANDS, w, h / BANDS + 0.5, fill=1, stroke=0)


def _sky_body(c, card: Card, rnd: Random, x: float, y: float, w: float, h: float, style: Style) -> None:
    """A sun or moon where the id puts it, and a few stars on dark skies."""
    cx, cy = x + w * (0.55 + 0.35 * rnd.random()), y + h * (0.62 + 0.2 * rnd.random())
    c.setFillColorRGB(*style.background((1.0, 0.95, 0.80)))
    c.circle(cx, cy, h * (0.08 + 0.05 * rnd.random()), fill=1, stroke=0)
    for _ in range(rnd.randint(3, 9)):
        c.circle(x + w * rnd.random(), y + h * (0.55 + 0.45 * rnd.random()), 0.25 * MM, fill=1, stroke=0)


def _ridge(c, rnd: Random, x: float, w: float, y: float, base: float, rise: float, colour) -> None:
    """A skyline of `rnd` peaks over the ground below `base`."""
    p = c.beginPath()
    p.moveTo(x - 1, y - 1)
    p.lineTo(x - 1, base)
    steps = rnd.randint(4, 8)
    for i in range(1, steps + 1):
        p.lineTo(x + w * (i - 0.5) / steps, base + rise * rnd.random())
        p.lineTo(x + w * i / steps, base + rise * 0.3 * rnd.random())
    p.lineTo(x + w + 1, y - 1)
    p.close()
    c.setFillColorRGB(*colour)
    c.drawPath(p, fill=1, stroke=0)


def _figures(c, card: Card, x: float, w: float, ground: float, h: float, style: Style) -> None:
    """The card's figure standing on the ground mid-window, its props beside it (right, then left)."""
    cloth = INFLUENCE_COLOURS[card.influence[0]] if card.influence else NEUTRAL

    def colour(role: str, line: bool = False):
        """A role's colour: a fill as the style prints backgrounds (pale in the ink saver), a line as it is."""
        full = INK if role == "ink" else cloth if role == "cloth" else COLOURS[role]
        return full if line or role == "ink" else style.background(full)

    size, small = h * (0.86 if card.type == "weapon" else 0.72), h * 0.48
    cx = x + w / 2
    draw_figure(c, card.figure or TYPE_FIGURES[card.type], cx - size / 2, ground, size, colour)
    for prop, left in zip(card.props, (cx + size * 0.34, cx - size * 0.34 - small)):
        draw_figure(c, prop, left, ground, small, colour)
