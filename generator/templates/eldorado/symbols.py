"""Eldorado's symbols as vector drawings, each centred on (0, 0) and `size` points tall.

The same symbol marks a port on the map and a card of the common pile, so the
map key, the cards and the inline text icons (`:barrel:`) all agree.  A symbol
used many times on one page is stored once as a form object (`place`).
"""
from __future__ import annotations

import math
from typing import Callable

from cards.phrases import Phrases

from .palette import Palette
from .stamp import stamp

Symbol = Callable[..., None]
NO_PROVISIONS = "\u2205"  # written on each square of an island where no ship resupplies


def _pen(c, colour, width: float, fill=None) -> None:
    c.setStrokeColor(colour)
    c.setLineWidth(width)
    c.setLineJoin(1)
    c.setLineCap(1)
    if fill is not None:
        c.setFillColor(fill)


def anchor(c, pal: Palette, size: float) -> None:
    """A port."""
    u = size / 2
    _pen(c, pal.ink, max(0.5, size * 0.08))
    c.circle(0, u * 0.78, u * 0.16, stroke=1, fill=0)
    c.line(0, u * 0.62, 0, -u * 0.85)
    c.line(-u * 0.42, u * 0.38, u * 0.42, u * 0.38)
    p = c.beginPath()
    p.moveTo(-u * 0.75, -u * 0.2)
    p.curveTo(-u * 0.7, -u * 0.8, u * 0.7, -u * 0.8, u * 0.75, -u * 0.2)
    c.drawPath(p, stroke=1, fill=0)
    for side in (-1, 1):
        p = c.beginPath()
        p.moveTo(side * u * 0.75, -u * 0.2)
        p.lineTo(side * u * 0.9, -u * 0.05)
        p.moveTo(side * u * 0.75, -u * 0.2)
        p.lineTo(side * u * 0.55, -u * 0.12)
        c.drawPath(p, stroke=1, fill=0)


def city(c, pal: Palette, size: float) -> None:
    """A golden city: towers with pointed roofs behind a wall."""
    u = size / 2
    _pen(c, pal.ink, max(0.4, size * 0.05), pal.gold)
    towers = [(-0.62, 0.28, 0.3), (-0.18, 0.6, 0.34), (0.3, 0.42, 0.3), (0.66, 0.18, 0.26)]
    for cx, top, half in towers:
        p = c.beginPath()
        p.moveTo((cx - half / 2) * u, -u * 0.7)
        p.lineTo((cx - half / 2) * u, top * u)
        p.lineTo(cx * u, (top + 0.38) * u)
        p.lineTo((cx + half / 2) * u, top * u)
        p.lineTo((cx + half / 2) * u, -u * 0.7)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
    c.rect(-u * 0.92, -u * 0.92, u * 1.84, u * 0.42, stroke=1, fill=1)
    c.setFillColor(pal.ink)
    c.rect(-u * 0.12, -u * 0.92, u * 0.24, u * 0.3, stroke=0, fill=1)


def indian(c, pal: Palette, size: float) -> None:
    """Indians: a face under a fan of feathers."""
    u = size / 2
    _pen(c, pal.ink, max(0.4, size * 0.045), pal.red)
    for k, angle in enumerate((-72, -48, -24, 0, 24, 48, 72)):
        c.saveState()
        c.translate(0, -u * 0.25)
        c.rotate(angle)
        c.setFillColor(pal.red if k % 2 == 0 else pal.paper)
        p = c.beginPath()
        p.moveTo(0, u * 0.2)
        p.curveTo(-u * 0.2, u * 0.5, -u * 0.12, u * 0.95, 0, u * 1.1)
        p.curveTo(u * 0.12, u * 0.95, u * 0.2, u * 0.5, 0, u * 0.2)
        c.drawPath(p, stroke=1, fill=1)
        c.restoreState()
    c.setFillColor(pal.terrain["mountains"])
    c.circle(0, -u * 0.45, u * 0.38, stroke=1, fill=1)
    c.setFillColor(pal.ink)
    c.rect(-u * 0.4, -u * 0.3, u * 0.8, u * 0.1, stroke=0, fill=1)
    c.circle(-u * 0.13, -u * 0.45, u * 0.04, stroke=0, fill=1)
    c.circle(u * 0.13, -u * 0.45, u * 0.04, stroke=0, fill=1)


def monster(c, pal: Palette, size: float) -> None:
    """A sea serpent's head and humps above the waves."""
    u = size / 2
    _pen(c, pal.ink, max(0.4, size * 0.055), pal.texture["sea"])
    p = c.beginPath()
    p.moveTo(-u * 0.95, -u * 0.3)
    p.curveTo(-u * 0.85, u * 0.35, -u * 0.45, u * 0.35, -u * 0.35, -u * 0.3)
    p.moveTo(-u * 0.15, -u * 0.3)
    p.curveTo(-u * 0.05, u * 0.2, u * 0.3, u * 0.2, u * 0.35, -u * 0.3)
    p.moveTo(u * 0.5, -u * 0.3)
    p.curveTo(u * 0.55, u * 0.5, u * 0.6, u * 0.75, u * 0.95, u * 0.6)
    p.lineTo(u * 0.75, u * 0.35)
    c.drawPath(p, stroke=1, fill=0)
    p = c.beginPath()
    for i in range(4):
        x = -u + i * u * 0.5
        p.moveTo(x, -u * 0.55)
        p.curveTo(x + u * 0.12, -u * 0.4, x + u * 0.25, -u * 0.4, x + u * 0.5, -u * 0.55)
    c.drawPath(p, stroke=1, fill=0)
    c.setFillColor(pal.ink)
    c.circle(u * 0.78, u * 0.58, u * 0.05, stroke=0, fill=1)


def soldier(c, pal: Palette, size: float) -> None:
    """A soldier: the conquistador's morion helmet."""
    u = size / 2
    _pen(c, pal.ink, max(0.4, size * 0.05), pal.paper_edge)
    p = c.beginPath()
    p.moveTo(-u * 0.95, -u * 0.15)
    p.curveTo(-u * 0.6, -u * 0.35, u * 0.6, -u * 0.35, u * 0.95, -u * 0.15)
    p.curveTo(u * 0.7, u * 0.05, u * 0.5, u * 0.05, u * 0.45, 0)
    p.curveTo(u * 0.45, u * 0.55, u * 0.2, u * 0.75, 0, u * 0.9)
    p.curveTo(-u * 0.2, u * 0.75, -u * 0.45, u * 0.55, -u * 0.45, 0)
    p.curveTo(-u * 0.5, u * 0.05, -u * 0.7, u * 0.05, -u * 0.95, -u * 0.15)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.line(0, u * 0.9, 0, -u * 0.05)
    c.setFillColor(pal.ink)
    c.wedge(-u * 0.35, -u * 0.95, u * 0.35, -u * 0.25, 180, 180, stroke=0, fill=1)


def barrel(c, pal: Palette, size: float) -> None:
    """A barrel of provisions."""
    u = size / 2
    _pen(c, pal.ink, max(0.4, size * 0.05), pal.terrain["mountains"])
    p = c.beginPath()
    p.moveTo(-u * 0.5, -u * 0.85)
    p.curveTo(-u * 0.8, -u * 0.3, -u * 0.8, u * 0.3, -u * 0.5, u * 0.85)
    p.lineTo(u * 0.5, u * 0.85)
    p.curveTo(u * 0.8, u * 0.3, u * 0.8, -u * 0.3, u * 0.5, -u * 0.85)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    for y in (-0.5, 0.5):
        c.line(-u * 0.68, y * u, u * 0.68, y * u)
    c.line(-u * 0.2, -u * 0.85, -u * 0.22, u * 0.85)
    c.line(u * 0.2, -u * 0.85, u * 0.22, u * 0.85)


def musket(c, pal: Palette, size: float) -> None:
    """A musket, laid diagonally."""
    u = size / 2
    c.saveState()
    c.rotate(35)
    _pen(c, pal.ink, max(0.4, size * 0.05), pal.terrain["mountains"])
    p = c.beginPath()
    p.moveTo(-u * 1.05, -u * 0.22)
    p.lineTo(-u * 0.35, -u * 0.06)
    p.lineTo(-u * 0.35, u * 0.06)
    p.lineTo(-u * 1.05, u * 0.08)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.setFillColor(pal.ink)
    c.rect(-u * 0.35, -u * 0.04, u * 1.4, u * 0.1, stroke=0, fill=1)
    c.line(-u * 0.2, -u * 0.05, -u * 0.28, -u * 0.2)
    c.restoreState()


def cannon(c, pal: Palette, size: float) -> None:
    """A cannon on its carriage."""
    u = size / 2
    _pen(c, pal.ink, max(0.4, size * 0.05), pal.ink)
    c.saveState()
    c.rotate(12)
    p = c.beginPath()
    p.moveTo(-u * 0.8, -u * 0.05)
    p.lineTo(u * 0.9, u * 0.02)
    p.lineTo(u * 0.9, u * 0.26)
    p.lineTo(-u * 0.8, u * 0.38)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.circle(-u * 0.85, u * 0.16, u * 0.16, stroke=1, fill=1)
    c.restoreState()
    c.setFillColor(pal.terrain["mountains"])
    c.rect(-u * 0.7, -u * 0.45, u * 1.0, u * 0.3, stroke=1, fill=1)
    c.circle(-u * 0.35, -u * 0.55, u * 0.28, stroke=1, fill=1)
    c.circle(u * 0.15, -u * 0.55, u * 0.28, stroke=1, fill=1)


def treasure(c, pal: Palette, size: float) -> None:
    """A treasure pile: heaped gold coins."""
    u = size / 2
    _pen(c, pal.ink, max(0.4, size * 0.04), pal.gold)
    for row, (count, y) in enumerate(((4, -0.6), (3, -0.2), (2, 0.2), (1, 0.6))):
        for i in range(count):
            x = (i - (count - 1) / 2) * 0.48
            c.ellipse((x - 0.26) * u, (y - 0.16) * u, (x + 0.26) * u, (y + 0.16) * u, stroke=1, fill=1)


def river(c, pal: Palette, size: float) -> None:
    """A river: a blue band with the current's chevron, as on the map."""
    u = size / 2
    c.setStrokeColor(pal.ink)
    c.setLineCap(1)
    c.setLineWidth(u * 0.62)
    c.line(-u * 0.8, 0, u * 0.8, 0)
    c.setStrokeColor(pal.river)
    c.setLineWidth(u * 0.5)
    c.line(-u * 0.8, 0, u * 0.8, 0)
    flow_arrow(c, pal, u * 0.7)


def flow_arrow(c, pal: Palette, size: float) -> None:
    """A chevron pointing east (rotated to the current's direction when placed)."""
    c.setStrokeColor(pal.paper)
    c.setLineWidth(max(0.6, size * 0.22))
    c.setLineCap(1)
    c.setLineJoin(1)
    p = c.beginPath()
    p.moveTo(-size * 0.35, size * 0.45)
    p.lineTo(size * 0.25, 0)
    p.lineTo(-size * 0.35, -size * 0.45)
    c.drawPath(p, stroke=1, fill=0)


def ship(c, pal: Palette, size: float, initial: str = "") -> None:
    """A caravel; `initial` is painted on the mainsail."""
    u = size / 2
    _pen(c, pal.ink, max(0.4, size * 0.035), pal.terrain["mountains"])
    p = c.beginPath()
    p.moveTo(-u * 0.95, -u * 0.35)
    p.lineTo(u * 0.95, -u * 0.35)
    p.curveTo(u * 0.75, -u * 0.75, u * 0.5, -u * 0.85, u * 0.2, -u * 0.85)
    p.lineTo(-u * 0.55, -u * 0.85)
    p.curveTo(-u * 0.8, -u * 0.75, -u * 0.95, -u * 0.5, -u * 0.95, -u * 0.35)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.line(0, -u * 0.35, 0, u * 0.95)
    c.line(-u * 0.55, -u * 0.35, -u * 0.55, u * 0.55)
    c.setFillColor(pal.paper)
    sail = c.beginPath()
    sail.moveTo(-u * 0.38, u * 0.78)
    sail.curveTo(-u * 0.28, u * 0.3, -u * 0.28, -u * 0.05, -u * 0.38, -u * 0.22)
    sail.lineTo(u * 0.38, -u * 0.22)
    sail.curveTo(u * 0.48, -u * 0.05, u * 0.48, u * 0.3, u * 0.38, u * 0.78)
    sail.close()
    c.drawPath(sail, stroke=1, fill=1)
    fore = c.beginPath()
    fore.moveTo(-u * 0.55, u * 0.5)
    fore.lineTo(-u * 0.95, -u * 0.2)
    fore.lineTo(-u * 0.55, -u * 0.2)
    fore.close()
    c.drawPath(fore, stroke=1, fill=1)
    c.setFillColor(pal.red)
    flag = c.beginPath()
    flag.moveTo(0, u * 0.95)
    flag.lineTo(u * 0.3, u * 0.88)
    flag.lineTo(0, u * 0.81)
    flag.close()
    c.drawPath(flag, stroke=0, fill=1)
    if initial:
        from cards.typeset.fonts import DISPLAY_BOLD
        c.setFont(DISPLAY_BOLD, u * 0.72)
        c.drawCentredString(u * 0.05, u * 0.07, initial)


def rose_points(said: Phrases) -> tuple[str, str, str, str]:
    """The compass rose's north, east, south and west in a language (the family's phrase table's `rose`)."""
    return said("rose.north"), said("rose.east"), said("rose.south"), said("rose.west")


def compass_rose(c, pal: Palette, size: float, open_centre: bool = False, *,
                 points: tuple[str, str, str, str]) -> None:
    """A 32-point compass rose lettered with `points` (north, east, south, west: `rose_points`); `open_centre`
    leaves its ring unfilled (on the map, squares show through)."""
    r = size / 2
    _pen(c, pal.ink, max(0.3, size * 0.006))
    c.setFillColor(pal.paper)
    c.circle(0, 0, r * 0.62, stroke=1, fill=0 if open_centre else 1)
    c.circle(0, 0, r * 0.56, stroke=1, fill=0)
    for i in range(32):
        a = math.radians(i * 11.25)
        c.line(math.sin(a) * r * 0.56, math.cos(a) * r * 0.56, math.sin(a) * r * 0.62, math.cos(a) * r * 0.62)
    for length, width, step, offset in ((0.55, 0.07, 45, 22.5), (0.78, 0.1, 90, 45), (1.0, 0.13, 90, 0)):
        for k in range(360 // step):
            angle = math.radians(offset + k * step)
            for half, fill in ((-1, pal.ink), (1, pal.paper)):
                p = c.beginPath()
                p.moveTo(0, 0)
                p.lineTo(math.sin(angle) * r * length, math.cos(angle) * r * length)
                side = angle + half * math.pi / 2
                p.lineTo(math.sin(side) * r * width, math.cos(side) * r * width)
                p.close()
                c.setFillColor(fill)
                c.drawPath(p, stroke=1, fill=1)
    c.setFillColor(pal.red)
    c.circle(0, 0, r * 0.04, stroke=1, fill=1)
    from cards.typeset.fonts import DISPLAY_BOLD
    c.setFillColor(pal.ink)
    c.setFont(DISPLAY_BOLD, r * 0.16)
    for text, (x, y) in zip(points, ((0, 1.06), (1.1, -0.05), (0, -1.18), (-1.12, -0.05))):
        c.drawCentredString(x * r, y * r, text)


SYMBOLS: dict[str, Symbol] = {
    "port": anchor, "city": city, "indian": indian, "monster": monster, "soldier": soldier, "barrel": barrel,
    "musket": musket, "cannon": cannon, "treasure": treasure, "ship": ship, "river": river,
}


def place(c, name: str, symbol: Symbol, pal: Palette, size: float, x: float, y: float, rotate: float = 0) -> None:
    """Draw a symbol at (x, y), defining it once per document as a form object."""
    stamp(c, f"eld-{name}-{size:.2f}-{pal.name}", (-size, -size, size, size), lambda: symbol(c, pal, size),
          x, y, rotate)
