"""A board's grid drawn over its face: cell fills, grid lines, region outlines, links, then each cell's boxes.

The grid (`cards.boards.Board`, geometry in `cards.grids`) is centred on the board's trim.  Each
cell's fill and outline follow its shape (square or hex); what a cell shows inside is a layout's
boxes (`generator.templates.layouts.draw_boxes`, the very boxes and styles of every face), placed
in the cell's bounding box as a card's are in its trim: the grid's own `layout` file, or the kit's
default (the coordinate at the top, the icon in the middle, the text under it).  A cell's box sees
the cell's fields, `{cell}` (its coordinate) and `{label}` (the coordinate as printed, empty when
the grid prints none).  Text keeps every check against the board's safe zone; an error names
the cell and, when the cells file gives it, its line there.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable

from cards.boards import Board, Cell
from cards.design import Design, Layout
from generator.engine.box import MM, Box, Style
from generator.engine.errors import LayoutError

from .layouts import _rgb, draw_boxes

DrawFn = Callable[..., None]
LABEL = "#4a4036"

DEFAULT_CELL = Layout("", boxes={
    "label": {"text": "{label}", "x": 0, "y": "13%", "w": "100%", "h": "13%", "size": (6.0, 7.0),
              "align": "center", "valign": "middle", "colour": LABEL},
    "icon": {"text": ":{icon}:", "x": 0, "y": "30%", "w": "100%", "h": "34%", "size": (6.0, 14.0),
             "align": "center", "valign": "middle"},
    "text": {"text": "{text}", "x": "10%", "y": "64%", "w": "80%", "h": "20%", "size": (6.0, 7.0),
             "align": "center", "valign": "top"},
})


def front(design: Design, base: DrawFn, board: Board, cells: Layout | None) -> DrawFn:
    """The board's face (its layout or look) with the grid drawn over it."""
    def draw(c, record, component, box: Box, style: Style) -> None:
        base(c, record, component, box, style)
        draw_grid(c, board, design, cells or DEFAULT_CELL, box, style, component)
    return draw


def grid_origin(board: Board, box: Box) -> tuple[float, float]:
    """The grid's top-left corner in points from the trim's bottom-left (the grid is centred)."""
    w, h = board.grid.extent()
    return (box.w - w * MM) / 2, box.h - (box.h - h * MM) / 2


def draw_grid(c, board: Board, design: Design, cells: Layout, box: Box, style: Style, component: Any) -> None:
    ox, oy = grid_origin(board, box)
    grid = board.grid

    def point(p: tuple[float, float]) -> tuple[float, float]:
        return ox + p[0] * MM, oy - p[1] * MM

    def polygon(at, fill: bool, stroke: bool) -> None:
        path = c.beginPath()
        corners = [point(p) for p in grid.corners(at)]
        path.moveTo(*corners[0])
        for p in corners[1:]:
            path.lineTo(*p)
        path.close()
        c.drawPath(path, fill=1 if fill else 0, stroke=1 if stroke else 0)

    spec = component.grid
    c.saveState()
    for at, cell in board.cells.items():
        if cell.get("fill"):
            c.setFillColorRGB(*style.background(_rgb(cell.get("fill"))))
            polygon(at, True, False)
    if spec.line_width > 0:
        c.setStrokeColorRGB(*_rgb(spec.line))
        c.setLineWidth(spec.line_width * MM)
        for at in board.cells:
            polygon(at, False, True)
    c.setLineCap(1)
    for name, members in board.regions.items():
        region = spec.regions[name]
        c.setStrokeColorRGB(*_rgb(region.stroke))
        c.setLineWidth(region.width * MM)
        for a, b in grid.outline(members):
            c.line(*point(a), *point(b))
    for start, end, link in board.links:
        c.setStrokeColorRGB(*_rgb(link.colour))
        c.setLineWidth(link.width * MM)
        c.line(*point(grid.centre(start)), *point(grid.centre(end)))
    c.restoreState()
    cw, ch = (v * MM for v in grid.cell_size())
    shown = board.style != "none"
    for at, cell in board.cells.items():
        cx, cy = point(grid.centre(at))
        c.saveState()
        c.translate(cx - cw / 2, cy - ch / 2)
        try:
            draw_boxes(c, cells, design, _view(cell, shown), Box(cw, ch, bleed=0, safe=0), style)
        except LayoutError as exc:  # named by its cell, at its line of the cells file when it has one
            named = type(exc)(exc.message, field=f"cell {cell.coordinate}: {exc.field or 'text'}",
                              file=exc.file or (board.shown if cell.line else None))
            named.line = exc.line or cell.line
            raise named from None
        c.restoreState()


def _view(cell: Cell, shown: bool) -> SimpleNamespace:
    """What a cell's boxes read: its fields, `cell` and `label`."""
    return SimpleNamespace(**cell.fields, cell=cell.coordinate, label=cell.coordinate if shown else "")

