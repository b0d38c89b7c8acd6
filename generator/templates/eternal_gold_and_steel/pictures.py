"""Each Gold and Steel card's own picture, drawn as vectors from its definition.

The influence sets the land and the sky (fire: volcanic ridges under a red dusk; time:
dunes under a gold sun; justice: green hills; primal: sea cliffs; shadow: a moonlit
crag), the card's type its subject (a unit's warriors, as many as its strength earns,
taller the stronger; a weapon's blade, longer the larger its bonus; a spell's burst, a
ray per point of its effects; a power's banner), and its effects' emblems stand in the
sky.  The card's id shapes the skyline, so two cards of one influence and type differ
too; the same id always draws the same picture (no randomness between builds).
"""
from __future__ import annotations

import zlib
from functools import partial
from math import cos, pi, sin
from random import Random

from cards.models.eternal_gold_and_steel import Card
from generator.engine.box import MM, Style
from generator.engine.icons import draw_icon, place_drawing

from .icons import INK, NEUTRAL

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
    SUBJECTS[card.type](c, card, rnd, x + w / 2, horizon - h * 0.05, h, style)
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


def _warriors(c, card: Card, rnd: Random, cx: float, ground: float, h: float, style: Style) -> None:
    """A unit: one warrior per two points of strength (one to four), taller the stronger."""
    strength = card.strength or 0
    count = max(1, min(4, (strength + 1) // 2))
    tall = h * (0.34 + 0.05 * min(strength, 6))
    c.setFillColorRGB(*INK)
    for i in range(count):
        fx = cx + (i - (count - 1) / 2) * tall * 0.42 + tall * 0.05 * (rnd.random() - 0.5)
        scale = tall * (1.0 if i == count // 2 else 0.82)
        _figure(c, fx, ground, scale, spear=bool(card.keywords) or i % 2 == 1)


def _figure(c, x: float, ground: float, tall: float, spear: bool) -> None:
    """A standing warrior's silhouette, feet on `ground`."""
    c.circle(x, ground + tall * 0.88, tall * 0.1, fill=1, stroke=0)
    p = c.beginPath()
    p.moveTo(x - tall * 0.16, ground + tall * 0.74)
    p.lineTo(x + tall * 0.16, ground + tall * 0.74)
    p.lineTo(x + tall * 0.1, ground + tall * 0.36)
    p.lineTo(x + tall * 0.09, ground)
    p.lineTo(x - tall * 0.09, ground)
    p.lineTo(x - tall * 0.1, ground + tall * 0.36)
    p.close()
    c.drawPath(p, fill=1, stroke=0)
    if spear:
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(max(0.6, tall * 0.03))
        c.line(x + tall * 0.22, ground, x + tall * 0.22, ground + tall * 1.15)


def _blade(c, card: Card, rnd: Random, cx: float, ground: float, h: float, style: Style) -> None:
    """A weapon: a sword planted in the ground, longer the larger its bonus."""
    length = h * (0.35 + 0.07 * min(card.bonus or 0, 5))
    lean = (rnd.random() - 0.5) * 0.3
    c.saveState()
    c.translate(cx, ground)
    c.rotate(lean * 57.3)
    c.setFillColorRGB(*style.background((0.86, 0.88, 0.92)))
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.6)
    p = c.beginPath()
    p.moveTo(0, 0)
    p.lineTo(h * 0.035, h * 0.06)
    p.lineTo(h * 0.035, length)
    p.lineTo(-h * 0.035, length)
    p.lineTo(-h * 0.035, h * 0.06)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setFillColorRGB(*INK)
    c.rect(-h * 0.12, length, h * 0.24, h * 0.035, fill=1, stroke=0)
    c.rect(-h * 0.02, length, h * 0.04, h * 0.14, fill=1, stroke=0)
    c.circle(0, length + h * 0.16, h * 0.03, fill=1, stroke=0)
    c.restoreState()


def _burst(c, card: Card, rnd: Random, cx: float, ground: float, h: float, style: Style) -> None:
    """A spell: a burst above the land, a ray per point its effects give or take (at least five)."""
    amount = sum(int(getattr(e, "amount", 1) or 1) for e in card.effects)
    rays = max(5, min(16, 4 + amount))
    cy, r = ground + h * 0.32, h * 0.26
    turn = rnd.random()
    c.setFillColorRGB(*style.background((1.0, 0.88, 0.45)))
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.5)
    p = c.beginPath()
    for i in range(2 * rays):
        a = (i + turn) * pi / rays
        rr = r if i % 2 == 0 else r * 0.45
        (p.moveTo if i == 0 else p.lineTo)(cx + rr * cos(a), cy + rr * sin(a))
    p.close()
    c.drawPath(p, fill=1, stroke=1)


def _banner(c, card: Card, rnd: Random, cx: float, ground: float, h: float, style: Style) -> None:
    """A power: a banner on a pole, its tails as many as the card's effects."""
    pole = h * 0.55
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(max(0.8, h * 0.02))
    c.line(cx, ground, cx, ground + pole)
    tails = max(1, min(3, len(card.effects)))
    c.setFillColorRGB(*style.background((0.75, 0.18, 0.15)))
    c.setLineWidth(0.5)
    p = c.beginPath()
    top, drop, width = ground + pole, h * 0.22, h * (0.3 + 0.1 * rnd.random())
    p.moveTo(cx, top)
    p.lineTo(cx + width, top)
    for i in range(tails):
        left = cx + width * (tails - i - 1) / tails
        p.lineTo(left + width / tails, top - drop)
        p.lineTo(left + width / tails / 2, top - drop * 0.7)
    p.lineTo(cx, top - drop)
    p.close()
    c.drawPath(p, fill=1, stroke=1)


SUBJECTS = {"unit": _warriors, "weapon": _blade, "spell": _burst, "power": _banner}
