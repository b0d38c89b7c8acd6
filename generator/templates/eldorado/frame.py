"""The chart-paper ground every Eldorado card and piece shares: parchment, rhumb lines, a ruled frame."""
from __future__ import annotations

import math

from .palette import Palette, mix


def parchment(c, box, pal: Palette, tint=None) -> None:
    """Background to the bleed, a few faint rhumb lines from a corner, and a double ruled frame."""
    c.saveState()
    c.setFillColor(tint or pal.paper)
    edge = c.beginPath()
    edge.rect(-box.bleed, -box.bleed, box.w + 2 * box.bleed, box.h + 2 * box.bleed)
    c.clipPath(edge, stroke=0, fill=1)
    c.setStrokeColor(mix(pal.faint, tint or pal.paper, 0.35))
    c.setLineWidth(0.3)
    reach = math.hypot(box.w, box.h)
    for i in range(9):
        angle = math.radians(i * 11.25)
        c.line(box.w, 0, box.w - math.cos(angle) * reach, math.sin(angle) * reach)
    c.restoreState()
    ruled_frame(c, box, pal)


def ruled_frame(c, box, pal: Palette) -> None:
    inset = min(box.w, box.h) * 0.04
    c.saveState()
    c.setStrokeColor(pal.ink)
    c.setLineWidth(1.1)
    c.rect(inset, inset, box.w - 2 * inset, box.h - 2 * inset, stroke=1, fill=0)
    c.setLineWidth(0.4)
    c.rect(inset * 1.6, inset * 1.6, box.w - 3.2 * inset, box.h - 3.2 * inset, stroke=1, fill=0)
    c.restoreState()
