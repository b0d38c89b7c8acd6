"""The title band above the chart: a cartouche with the title, flanked by the map's key (the motto's and the key's
words: the family's phrase table's `chart`, in the kit's language)."""
from __future__ import annotations

from cards.models.eldorado.words import SYMBOLS, TERRAINS
from cards.phrases import Phrases
from cards.typeset.fonts import DISPLAY, DISPLAY_BOLD, DISPLAY_ITALIC, TEXT

from . import symbols, textures
from .palette import Palette
from .text import fitted_size


def draw_title_band(c, chart, lay, pal: Palette, said: Phrases) -> None:
    x, y, w, h = lay.title_band()
    s = lay.s
    _cartouche(c, chart.record.name, said("chart.motto"), x + w * 0.3, y + h * 0.08, w * 0.4, h * 0.84, pal)
    _terrain_key(c, x + s * 0.2, y + h * 0.1, w * 0.28, h * 0.8, s, pal, said)
    _symbol_key(c, x + w * 0.72, y + h * 0.1, w * 0.28, h * 0.8, s, pal, said)


def _cartouche(c, title: str, motto: str, x: float, y: float, w: float, h: float, pal: Palette) -> None:
    """A scroll-ended frame with a double rule, the title and a motto."""
    c.saveState()
    c.setStrokeColor(pal.ink)
    c.setFillColor(pal.paper_edge)
    c.setLineWidth(max(0.8, h * 0.015))
    curl = h * 0.22
    p = c.beginPath()
    p.moveTo(x + curl, y)
    p.lineTo(x + w - curl, y)
    p.curveTo(x + w, y, x + w + curl * 0.6, y + h * 0.3, x + w - curl * 0.4, y + h * 0.5)
    p.curveTo(x + w + curl * 0.6, y + h * 0.7, x + w, y + h, x + w - curl, y + h)
    p.lineTo(x + curl, y + h)
    p.curveTo(x, y + h, x - curl * 0.6, y + h * 0.7, x + curl * 0.4, y + h * 0.5)
    p.curveTo(x - curl * 0.6, y + h * 0.3, x, y, x + curl, y)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.setFillColor(pal.paper)
    inset = h * 0.1
    c.rect(x + curl, y + inset, w - 2 * curl, h - 2 * inset, stroke=1, fill=1)
    c.setLineWidth(max(0.4, h * 0.006))
    c.rect(x + curl + inset * 0.4, y + inset * 1.4, w - 2 * curl - inset * 0.8, h - 2.8 * inset, stroke=1, fill=0)
    c.setFillColor(pal.ink)
    inner = w - 2 * curl - inset * 2
    size = fitted_size(title, DISPLAY_BOLD, h * 0.26, inner)
    c.setFont(DISPLAY_BOLD, size)
    c.drawCentredString(x + w / 2, y + h * 0.5, title)
    c.setFont(DISPLAY_ITALIC, fitted_size(motto, DISPLAY_ITALIC, h * 0.11, inner))
    c.drawCentredString(x + w / 2, y + h * 0.27, motto)
    c.restoreState()


def _terrain_key(c, x: float, y: float, w: float, h: float, s: float, pal: Palette, said: Phrases) -> None:
    cell = min(h / 3.4, s * 0.62)
    col_w = w / 2
    c.saveState()
    for i, terrain in enumerate(TERRAINS):
        cx, cy = x + (i // 3) * col_w, y + h - (i % 3 + 1) * cell * 1.12
        c.setFillColor(pal.terrain[terrain])
        c.setStrokeColor(pal.ink)
        c.setLineWidth(0.6)
        c.rect(cx, cy, cell, cell, stroke=1, fill=1)
        c.saveState()
        c.translate(cx, cy)
        c.scale(cell / s, cell / s)
        textures.TEXTURES[terrain](c, pal, s, 0)
        c.restoreState()
        c.setFillColor(pal.ink)
        c.setFont(DISPLAY, max(6.0, cell * 0.5))
        c.drawString(cx + cell * 1.25, cy + cell * 0.3, said(f"chart.terrain.{terrain}"))
    c.restoreState()


def _symbol_key(c, x: float, y: float, w: float, h: float, s: float, pal: Palette, said: Phrases) -> None:
    cell = min(h / 3.4, s * 0.62)
    col_w = w / 2
    c.saveState()
    for i, name in enumerate(SYMBOLS):
        text = said(f"chart.symbols.{name}")
        cx, cy = x + (i // 3) * col_w, y + h - (i % 3 + 1) * cell * 1.12
        mx, my = cx + cell / 2, cy + cell / 2
        if name == "none":
            c.setFillColor(pal.ink)
            c.setFont(DISPLAY_ITALIC, cell * 0.8)
            c.drawCentredString(mx, cy + cell * 0.2, symbols.NO_PROVISIONS)
        else:
            c.saveState()
            c.translate(mx, my)
            symbols.SYMBOLS[name](c, pal, cell * 0.9)
            c.restoreState()
        c.setFillColor(pal.ink)
        size = fitted_size(text, TEXT, max(6.0, cell * 0.42), col_w - cell * 1.4)
        c.setFont(TEXT, size)
        c.drawString(cx + cell * 1.25, cy + cell * 0.3, text)
    c.restoreState()
