"""One-piece components: a fold-over standee and a six-sided die net.

Each is a grid unit: `fill(component, record, copy, x, y)` returns the faces it
places (trim boxes in page coordinates) and the fold and glue drawings around them.
"""
from __future__ import annotations

from typing import Any

from .box import MM
from cards.typeset.fonts import TEXT
from .sheet import FaceRef, Item

TAB = 12 * MM          # standee base flaps
FOLD_GREY = (0.45, 0.45, 0.45)
GLUE_FILL = (0.9, 0.9, 0.9)
FLAP_INK = (0.3, 0.3, 0.3)     # a flap's label: 6.8:1 on GLUE_FILL (the fold lines' grey reached 3.8:1)

# die net (a cross, row 0 on top): cell -> face; opposite faces add up to 7
DIE_CELLS = {(1, 0): 2, (0, 1): 3, (1, 1): 1, (2, 1): 4, (1, 2): 5, (1, 3): 6}
# one glue tab for each pair of edges that meet when folded: (cell, side)
DIE_TABS = [((0, 1), "top"), ((2, 1), "top"), ((0, 1), "bottom"), ((2, 1), "bottom"),
            ((1, 3), "left"), ((1, 3), "right"), ((1, 0), "top")]


def _fold(c, x0: float, y0: float, x1: float, y1: float) -> None:
    c.saveState()
    c.setDash(3, 2)
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(*FOLD_GREY)
    c.line(x0, y0, x1, y1)
    c.restoreState()


def _flap(c, x: float, y: float, w: float, h: float, label: str) -> None:
    c.saveState()
    c.setFillColorRGB(*GLUE_FILL)
    c.rect(x, y, w, h, fill=1, stroke=0)
    c.setFillColorRGB(*FLAP_INK)
    c.setFont(TEXT, 6)
    c.drawCentredString(x + w / 2, y + h / 2 - 2, label)
    c.restoreState()


def standee_unit(w: float, h: float):
    """Front upright above a base flap, back upside down above it: fold at the middle, flaps out."""
    uw, uh = w, 2 * h + 2 * TAB

    def fill(component: Any, record: Any, copy: int, x: float, y: float):
        front = Item(FaceRef(component, record, "front"), copy, x, y + TAB, w, h, (x, y + TAB, w, h))
        other = "back" if component.spec.back else "front"  # no back design: the same face both ways
        back = Item(FaceRef(component, record, other), copy, x, y + TAB + h, w, h, (x, y + TAB + h, w, h),
                    rotate=180)

        def decor(c) -> None:
            _flap(c, x, y, w, TAB, "base: fold out")
            _flap(c, x, y + uh - TAB, w, TAB, "base: fold out")
            for fy in (y + TAB, y + TAB + h, y + TAB + 2 * h):
                _fold(c, x, fy, x + w, fy)
        return [front, back], [decor]
    return uw, uh, fill


def die_net(f: float):
    """A cross of six f x f faces with seven glue tabs, inside a 3f x (4f + tab) unit."""
    tab = min(f * 0.3, 6 * MM)
    uw, uh = 3 * f, 4 * f + tab

    def fill(component: Any, record: Any, copy: int, x: float, y: float):
        def cell(col: int, row: int) -> tuple[float, float]:
            return x + col * f, y + (3 - row) * f

        items = []
        for (col, row), face in DIE_CELLS.items():
            cx, cy = cell(col, row)
            items.append(Item(FaceRef(component, record, "front", die_face=face), copy, cx, cy, f, f, (cx, cy, f, f)))

        def decor(c) -> None:
            c.saveState()
            c.setLineWidth(0.5)
            for (col, row), side in DIE_TABS:
                cx, cy = cell(col, row)
                _tab(c, cx, cy, f, tab, side)
            for (col, row) in DIE_CELLS:
                cx, cy = cell(col, row)
                edges = {"left": ((col - 1, row), (cx, cy, cx, cy + f)),
                         "right": ((col + 1, row), (cx + f, cy, cx + f, cy + f)),
                         "top": ((col, row - 1), (cx, cy + f, cx + f, cy + f)),
                         "bottom": ((col, row + 1), (cx, cy, cx + f, cy))}
                for side, (neighbour, line) in edges.items():
                    if neighbour in DIE_CELLS:
                        if side in ("right", "bottom"):  # each shared edge once
                            _fold(c, *line)
                    elif ((col, row), side) not in DIE_TABS:
                        c.line(*line)  # cut
            c.restoreState()
        return items, [decor]
    return uw, uh, fill


def _tab(c, x: float, y: float, f: float, depth: float, side: str) -> None:
    """A trapezoid glue tab on one side of the face (x, y, f, f), then the fold line."""
    inset = depth
    p = c.beginPath()
    if side == "top":
        pts = [(x, y + f), (x + inset, y + f + depth), (x + f - inset, y + f + depth), (x + f, y + f)]
    elif side == "bottom":
        pts = [(x, y), (x + inset, y - depth), (x + f - inset, y - depth), (x + f, y)]
    elif side == "left":
        pts = [(x, y), (x - depth, y + inset), (x - depth, y + f - inset), (x, y + f)]
    else:
        pts = [(x + f, y), (x + f + depth, y + inset), (x + f + depth, y + f - inset), (x + f, y + f)]
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    c.setFillColorRGB(*GLUE_FILL)
    c.drawPath(p, fill=1, stroke=1)
    _fold(c, *pts[0], *pts[-1])
