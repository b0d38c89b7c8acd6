"""Terrain textures in the engraver's manner, one square each, drawn once as form objects.

Each drawer fills a square of side `s` with its origin at the square's
bottom-left corner; `variant` gives two mirror-ish versions so the map does not
look stamped.
"""
from __future__ import annotations

from .palette import Palette
from .stamp import stamp


def _pen(c, pal: Palette, terrain: str, s: float, weight: float = 0.018) -> None:
    c.setStrokeColor(pal.texture[terrain])
    c.setFillColor(pal.texture[terrain])
    c.setLineWidth(max(0.3, s * weight))
    c.setLineCap(1)
    c.setLineJoin(1)


def jungle(c, pal: Palette, s: float, variant: int) -> None:
    _pen(c, pal, "jungle", s)
    spots = [(0.27, 0.62), (0.7, 0.72), (0.5, 0.3)] if variant else [(0.3, 0.32), (0.72, 0.4), (0.45, 0.74)]
    for x, y in spots:
        r = 0.1 * s
        c.line(x * s, y * s - r * 1.6, x * s, y * s - r * 0.3)
        p = c.beginPath()
        p.circle(x * s - r * 0.55, y * s, r * 0.7)
        p.circle(x * s + r * 0.55, y * s, r * 0.7)
        p.circle(x * s, y * s + r * 0.6, r * 0.75)
        c.drawPath(p, stroke=1, fill=0)


def mountains(c, pal: Palette, s: float, variant: int) -> None:
    _pen(c, pal, "mountains", s, 0.022)
    peaks = [(0.32, 0.3, 0.26), (0.68, 0.52, 0.22)] if variant else [(0.3, 0.5, 0.22), (0.66, 0.28, 0.27)]
    for x, y, h in peaks:
        p = c.beginPath()
        p.moveTo((x - h) * s, y * s - h * s * 0.2)
        p.lineTo(x * s, y * s + h * s)
        p.lineTo((x + h) * s, y * s - h * s * 0.2)
        c.drawPath(p, stroke=1, fill=0)
        for k in (0.25, 0.5):
            c.line((x + h * k * 0.6) * s, (y + h * (1 - k)) * s, (x + h * k * 0.6 + 0.05) * s, (y + h * (0.2 - k * 0.5)) * s)


def savanna(c, pal: Palette, s: float, variant: int) -> None:
    _pen(c, pal, "savanna", s, 0.014)
    tufts = [(0.22, 0.25), (0.62, 0.35), (0.35, 0.62), (0.78, 0.75)] if variant else \
            [(0.3, 0.3), (0.72, 0.22), (0.2, 0.72), (0.6, 0.65)]
    for x, y in tufts:
        for dx in (-0.05, 0, 0.05):
            c.line(x * s, y * s, (x + dx) * s, (y + 0.09) * s)


def desert(c, pal: Palette, s: float, variant: int) -> None:
    _pen(c, pal, "desert", s)
    for i in range(14):
        x = ((i * 37 + variant * 11) % 89) / 89 * 0.8 + 0.1
        y = ((i * 53 + variant * 29) % 97) / 97 * 0.8 + 0.1
        c.circle(x * s, y * s, s * 0.012, stroke=0, fill=1)


def farmland(c, pal: Palette, s: float, variant: int) -> None:
    _pen(c, pal, "farmland", s, 0.012)
    for k in range(4):
        y = (0.2 + k * 0.18) * s
        if variant:
            c.line(0.15 * s, y, 0.85 * s, y + 0.06 * s)
        else:
            c.line(0.15 * s, y + 0.06 * s, 0.85 * s, y)


def sea(c, pal: Palette, s: float, variant: int) -> None:
    _pen(c, pal, "sea", s, 0.014)
    for x, y in ((0.25, 0.6), (0.55, 0.35)) if variant else ((0.3, 0.3), (0.6, 0.62)):
        p = c.beginPath()
        p.moveTo(x * s, y * s)
        p.curveTo((x + 0.05) * s, (y + 0.05) * s, (x + 0.1) * s, (y + 0.05) * s, (x + 0.15) * s, y * s)
        p.curveTo((x + 0.2) * s, (y - 0.05) * s, (x + 0.25) * s, (y - 0.05) * s, (x + 0.3) * s, y * s)
        c.drawPath(p, stroke=1, fill=0)


TEXTURES = {"jungle": jungle, "mountains": mountains, "savanna": savanna, "desert": desert, "farmland": farmland,
            "sea": sea}


def place(c, terrain: str, drawer, pal: Palette, s: float, x: float, y: float, variant: int) -> None:
    """Fill the square at (x, y) with a texture, defined once per document as a form object."""
    stamp(c, f"eld-tex-{terrain}-{variant}-{s:.2f}-{pal.name}", (0, 0, s, s), lambda: drawer(c, pal, s, variant), x, y)
