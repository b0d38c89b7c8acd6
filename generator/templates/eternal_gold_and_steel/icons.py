"""Gold and Steel's vector icons: the five influence symbols, gold, power, health,
strength and the attack token, registered for this game's templates only.

Each icon sets its own colours so a symbol reads the same inline in text and on a
badge: influence colours follow the five frames of the cards. The game's other
templates (cards, tokens, tray) take their colours from here too, so each is defined once.
"""
from __future__ import annotations

import math

from generator.engine.icons import ink_saving, register_icon

INFLUENCE_COLOURS = {
    "fire": (0.80, 0.18, 0.12),
    "time": (0.86, 0.60, 0.10),
    "justice": (0.18, 0.55, 0.27),
    "primal": (0.15, 0.42, 0.76),
    "shadow": (0.42, 0.22, 0.56),
}
NEUTRAL = (0.47, 0.45, 0.42)
GOLD = (0.89, 0.70, 0.20)
GOLD_DARK = (0.55, 0.38, 0.05)
POWER = (0.36, 0.30, 0.72)
HEALTH = (0.80, 0.13, 0.20)
STEEL = (0.55, 0.58, 0.62)
INK = (0.13, 0.11, 0.10)
PARCHMENT = (0.97, 0.94, 0.87)   # the cards' text panel and the tray's floor


def _poly(c, points, fill=1, stroke=0) -> None:
    p = c.beginPath()
    p.moveTo(*points[0])
    for pt in points[1:]:
        p.lineTo(*pt)
    p.close()
    c.drawPath(p, fill=fill, stroke=stroke)


def fire(c, x, y, s):
    """A flame: an outer tongue with a lighter core."""
    c.saveState()
    for colour, k in ((INFLUENCE_COLOURS["fire"], 1.0), ((0.98, 0.62, 0.18), 0.55)):
        c.setFillColorRGB(*colour)
        w, h = s * 0.8 * k, s * 0.95 * k
        bx, by = x + s / 2, y + s * 0.04 + (1 - k) * s * 0.05
        p = c.beginPath()
        p.moveTo(bx, by)
        p.curveTo(bx - w * 0.65, by, bx - w * 0.6, by + h * 0.55, bx - w * 0.05, by + h)
        p.curveTo(bx + w * 0.05, by + h * 0.7, bx + w * 0.3, by + h * 0.62, bx + w * 0.32, by + h * 0.45)
        p.curveTo(bx + w * 0.62, by + h * 0.3, bx + w * 0.5, by, bx, by)
        p.close()
        c.drawPath(p, fill=1, stroke=0)
    c.restoreState()


def time(c, x, y, s):
    """An hourglass: two bars and two sand triangles."""
    c.saveState()
    c.setFillColorRGB(*INFLUENCE_COLOURS["time"])
    c.rect(x + s * 0.18, y + s * 0.04, s * 0.64, s * 0.1, fill=1, stroke=0)
    c.rect(x + s * 0.18, y + s * 0.86, s * 0.64, s * 0.1, fill=1, stroke=0)
    _poly(c, [(x + s * 0.26, y + s * 0.84), (x + s * 0.74, y + s * 0.84), (x + s * 0.53, y + s * 0.5),
              (x + s * 0.74, y + s * 0.16), (x + s * 0.26, y + s * 0.16), (x + s * 0.47, y + s * 0.5)])
    c.setFillColorRGB(1, 0.93, 0.7)
    _poly(c, [(x + s * 0.36, y + s * 0.74), (x + s * 0.64, y + s * 0.74), (x + s * 0.5, y + s * 0.56)])
    c.restoreState()


def justice(c, x, y, s):
    """Scales: a post, a beam and two pans."""
    c.saveState()
    col = INFLUENCE_COLOURS["justice"]
    c.setFillColorRGB(*col)
    c.setStrokeColorRGB(*col)
    c.setLineWidth(s * 0.07)
    c.setLineCap(1)
    c.line(x + s / 2, y + s * 0.1, x + s / 2, y + s * 0.88)
    c.line(x + s * 0.12, y + s * 0.76, x + s * 0.88, y + s * 0.76)
    c.rect(x + s * 0.3, y + s * 0.04, s * 0.4, s * 0.08, fill=1, stroke=0)
    for cx in (x + s * 0.2, x + s * 0.8):
        c.line(cx, y + s * 0.76, cx - s * 0.12, y + s * 0.42)
        c.line(cx, y + s * 0.76, cx + s * 0.12, y + s * 0.42)
        p = c.beginPath()
        p.moveTo(cx - s * 0.17, y + s * 0.42)
        p.curveTo(cx - s * 0.12, y + s * 0.26, cx + s * 0.12, y + s * 0.26, cx + s * 0.17, y + s * 0.42)
        p.close()
        c.drawPath(p, fill=1, stroke=0)
    c.restoreState()


def primal(c, x, y, s):
    """A lightning bolt."""
    c.saveState()
    c.setFillColorRGB(*INFLUENCE_COLOURS["primal"])
    _poly(c, [(x + s * 0.58, y + s * 0.97), (x + s * 0.2, y + s * 0.44), (x + s * 0.46, y + s * 0.44),
              (x + s * 0.36, y + s * 0.03), (x + s * 0.8, y + s * 0.58), (x + s * 0.54, y + s * 0.58),
              (x + s * 0.7, y + s * 0.97)])
    c.restoreState()


def shadow(c, x, y, s):
    """A crescent moon with a small star."""
    c.saveState()
    c.setFillColorRGB(*INFLUENCE_COLOURS["shadow"])
    p = c.beginPath()
    cx, cy, r = x + s * 0.46, y + s * 0.5, s * 0.44
    p.moveTo(cx + r * math.cos(math.radians(60)), cy + r * math.sin(math.radians(60)))
    p.arcTo(cx - r, cy - r, cx + r, cy + r, startAng=60, extent=240)
    r2, ox = r * 0.8, s * 0.2
    p.arcTo(cx + ox - r2, cy - r2 + s * 0.04, cx + ox + r2, cy + r2 + s * 0.04, startAng=-100, extent=-150)
    p.close()
    c.drawPath(p, fill=1, stroke=0)
    _star(c, x + s * 0.78, y + s * 0.72, s * 0.13)
    c.restoreState()


def _star(c, cx, cy, r, points=4):
    pts = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * 0.35
        a = math.pi / 2 + i * math.pi / points
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    _poly(c, pts)


def gold(c, x, y, s):
    """A coin: a gold disc with a rim and a star stamp."""
    c.saveState()
    c.setFillColorRGB(*GOLD)
    c.setStrokeColorRGB(*GOLD_DARK)
    c.setLineWidth(s * 0.07)
    c.circle(x + s / 2, y + s / 2, s * 0.44, fill=1, stroke=1)
    c.setFillColorRGB(*GOLD_DARK)
    _star(c, x + s / 2, y + s / 2, s * 0.26, points=5)
    c.restoreState()


def power(c, x, y, s):
    """A cut gem."""
    c.saveState()
    c.setFillColorRGB(*POWER)
    _poly(c, [(x + s * 0.5, y + s * 0.04), (x + s * 0.94, y + s * 0.6), (x + s * 0.74, y + s * 0.88),
              (x + s * 0.26, y + s * 0.88), (x + s * 0.06, y + s * 0.6)])
    c.setFillColorRGB(0.72, 0.68, 0.98)
    _poly(c, [(x + s * 0.5, y + s * 0.18), (x + s * 0.7, y + s * 0.6), (x + s * 0.3, y + s * 0.6)])
    c.restoreState()


def health(c, x, y, s):
    """A heart."""
    c.saveState()
    c.setFillColorRGB(*HEALTH)
    p = c.beginPath()
    p.moveTo(x + s / 2, y + s * 0.06)
    p.curveTo(x - s * 0.12, y + s * 0.5, x + s * 0.2, y + s * 1.02, x + s / 2, y + s * 0.72)
    p.curveTo(x + s * 0.8, y + s * 1.02, x + s * 1.12, y + s * 0.5, x + s / 2, y + s * 0.06)
    p.close()
    c.drawPath(p, fill=1, stroke=0)
    c.restoreState()


def strength(c, x, y, s):
    """A sword, point up: blade, guard and grip."""
    c.saveState()
    c.setFillColorRGB(*STEEL)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(s * 0.03)
    _poly(c, [(x + s * 0.5, y + s * 0.98), (x + s * 0.59, y + s * 0.84), (x + s * 0.59, y + s * 0.34),
              (x + s * 0.41, y + s * 0.34), (x + s * 0.41, y + s * 0.84)], stroke=1)
    c.setFillColorRGB(*GOLD_DARK)
    c.rect(x + s * 0.2, y + s * 0.27, s * 0.6, s * 0.08, fill=1, stroke=0)
    c.rect(x + s * 0.45, y + s * 0.06, s * 0.1, s * 0.22, fill=1, stroke=0)
    c.circle(x + s * 0.5, y + s * 0.05, s * 0.06, fill=1, stroke=0)
    c.restoreState()


def attack(c, x, y, s):
    """The attack token: a red disc behind a sword."""
    c.saveState()
    c.setFillColorRGB(*HEALTH)
    c.circle(x + s / 2, y + s / 2, s * 0.48, fill=1, stroke=0)
    c.restoreState()
    strength(c, x + s * 0.12, y + s * 0.08, s * 0.76)


INFLUENCE_ICONS = {"fire": fire, "time": time, "justice": justice, "primal": primal, "shadow": shadow}
for _name, _fn in {**INFLUENCE_ICONS, "gold": gold, "power": power, "health": health,
                   "strength": strength, "attack": attack}.items():
    register_icon(_name, ink_saving(_fn), scope=__package__)   # pale and outlined in the ink-saver kit
