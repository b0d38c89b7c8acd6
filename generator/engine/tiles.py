"""Maps and boards larger than the paper: tiles with glue strips, alignment marks and an overview.

Tile (row r, column c) shows a part of the map; its right and bottom edges carry
a glue strip (OVERLAP wide) that the next tile covers, so the next tile's edge is
its cut line.  Alignment targets sit on those lines, half on each tile, and line up
when the tiles are laid together.  An overview page first shows the whole map
with the tile grid, numbered as in each tile's footer ("row 2, column 3").
"""
from __future__ import annotations

import math
from typing import Any

from .box import MM
from cards.typeset.fonts import TEXT, TEXT_BOLD, text_width
from .duplex import back_page
from .sheet import Block, FaceRef, Item, Options, Page, Rect, inflate
from .words import Words

OVERLAP = 10 * MM
FRAME = 14 * MM        # from the paper edge to the tile: room for bleed, marks and the footer
TARGET = 2.5 * MM      # alignment target radius
GLUE = (0.55, 0.55, 0.55)      # the dashed line where a glue strip starts
LABEL_INK = (0.2, 0.2, 0.2)     # a glue strip's label, on its white plate
LABEL_SIZE = 7.0


def _area(paper: tuple[float, float]) -> tuple[float, float]:
    return paper[0] - 2 * FRAME, paper[1] - 2 * FRAME


def _spans(total: float, room: float) -> list[tuple[float, float]]:
    """(start, length) of each tile along one axis: as few tiles as fit, all the same length.

    Equal tiles (rather than full ones and a thin last strip) keep every page's
    glue strip and targets well inside the map.
    """
    if total <= room + 1e-6:
        return [(0.0, total)]
    count = math.ceil((total - OVERLAP) / (room - OVERLAP) - 1e-9)
    length = (total + (count - 1) * OVERLAP) / count
    return [(i * (length - OVERLAP), length) for i in range(count)]


def tile_grid(size: tuple[float, float], paper: tuple[float, float]) -> tuple[tuple[float, float], list, list]:
    """The page (portrait or landscape, whichever needs fewer tiles) and the column and row spans."""
    best = None
    for page in (paper, (paper[1], paper[0])):
        aw, ah = _area(page)
        cols, rows = _spans(size[0], aw), _spans(size[1], ah)
        if best is None or len(cols) * len(rows) < len(best[1]) * len(best[2]):
            best = (page, cols, rows)
    assert best is not None, "two orientations were tried"
    return best


def tile_pages(comp: Any, paper: tuple[float, float], opts: Options, words: Words) -> list[Page]:
    """An overview page, then every tile (each followed by its back, if it has one), for each record and copy."""
    spec = comp.spec
    size = (spec.size_mm[0] * MM, spec.size_mm[1] * MM)
    page, cols, rows = tile_grid(size, paper)
    backs = bool(spec.back and opts.backs)
    pages: list[Page] = []
    for record in comp.records:
        for copy in range(1, spec.copies * record.copies + 1):
            face = FaceRef(comp, record, "front")
            pages.append(_overview(face, size, page, cols, rows, backs, words))
            for r, (ry, rh) in enumerate(rows):
                for c, (cx, cw) in enumerate(cols):
                    tile = _tile(face, copy, size, page, (r, c), (cx, cw), (ry, rh), len(rows), len(cols),
                                 opts.bleed * MM, words)
                    pages += [tile, back_page(tile, opts)] if backs else [tile]
    return pages


def _tile(face: FaceRef, copy: int, size: tuple[float, float], page: tuple[float, float], rc: tuple[int, int],
          xspan: tuple[float, float], yspan: tuple[float, float], nrows: int, ncols: int, bleed: float,
          words: Words) -> Page:
    r, c = rc
    mx, w = xspan
    top_from_top, h = yspan
    my = size[1] - top_from_top - h          # region bottom in map coordinates (rows count from the top)
    x, y = (page[0] - w) / 2, (page[1] - h) / 2
    left = bleed if c == 0 else 0.0
    right = bleed if c == ncols - 1 else 0.0
    top = bleed if r == 0 else 0.0
    bottom = bleed if r == nrows - 1 else 0.0
    rect = (x, y, w, h)
    item = Item(face, copy, x, y, w, h, inflate(rect, left, bottom, right, top), region=(mx, my, w, h),
                tile={"row": r + 1, "column": c + 1, "rows": nrows, "columns": ncols})
    block = Block([x, x + w], [y, y + h], rect, inflate(rect, left, bottom, right, top))
    index, index_area = _index(rect, r, c, words)
    decor = [_glue_strips(rect, r, c, nrows, ncols, words), _targets(rect, (mx, my), r, c, nrows, ncols), index]
    label = words.gettext("tile row {row}, column {column} of {rows} x {columns}", row=r + 1, column=c + 1,
                          rows=nrows, columns=ncols)
    return Page(page[0], page[1], "front", [face.component.spec.name], [item], [block], decor, label,
                keep_clear=[index_area])


def _glue_strips(rect: Rect, r: int, c: int, nrows: int, ncols: int, words: Words):
    """The dashed line where each strip starts and its label, on a white plate of its own: the strip is
    covered once glued, so the plate hides nothing a player needs, and the label reads the same on any
    terrain and in either print style (LABEL_INK on white is 10:1)."""
    x, y, w, h = rect

    def draw(canvas) -> None:
        canvas.saveState()
        canvas.setStrokeColorRGB(*GLUE)
        canvas.setLineWidth(0.4)
        canvas.setDash(2, 2)
        if c < ncols - 1:
            sx = x + w - OVERLAP
            canvas.line(sx, y, sx, y + h)
            canvas.saveState()
            canvas.translate(sx + OVERLAP / 2, y + h / 2)
            canvas.rotate(90)
            _label(canvas, words.gettext("glue: row {row}, column {column} covers this strip", row=r + 1,
                                           column=c + 2))
            canvas.restoreState()
        if r < nrows - 1:
            canvas.line(x, y + OVERLAP, x + w, y + OVERLAP)
            canvas.saveState()
            canvas.translate(x + w / 2, y + OVERLAP / 2)
            _label(canvas, words.gettext("glue: row {row}, column {column} covers this strip", row=r + 2,
                                           column=c + 1))
            canvas.restoreState()
        canvas.restoreState()
    return draw


def _label(canvas, text: str) -> None:
    """`text` centred on the origin, on its white plate."""
    width = text_width(text, TEXT, LABEL_SIZE)
    pad = 1.2 * MM
    canvas.setDash()
    canvas.setFillColorRGB(1, 1, 1)
    canvas.roundRect(-width / 2 - pad, -LABEL_SIZE * 0.5 - pad / 2, width + 2 * pad, LABEL_SIZE + pad, 1 * MM,
                     fill=1, stroke=1)
    canvas.setFillColorRGB(*LABEL_INK)
    canvas.setFont(TEXT, LABEL_SIZE)
    canvas.drawCentredString(0, -LABEL_SIZE * 0.32, text)


def _targets(rect: Rect, origin: tuple[float, float], r: int, c: int, nrows: int, ncols: int):
    """Targets on every line this tile shares with a neighbour, at positions fixed in map coordinates."""
    x, y, w, h = rect
    mx, my = origin
    lines: list[tuple[str, float]] = []   # ("v", page x) or ("h", page y)
    if c > 0:
        lines.append(("v", x))
    if c < ncols - 1:
        lines.append(("v", x + w - OVERLAP))
    if r > 0:
        lines.append(("h", y + h))
    if r < nrows - 1:
        lines.append(("h", y + OVERLAP))

    def draw(canvas) -> None:
        canvas.saveState()
        canvas.setLineWidth(0.6)
        canvas.setStrokeColorRGB(0, 0, 0)
        for kind, at in lines:
            span = (y, h, my) if kind == "v" else (x, w, mx)
            for pos in _target_positions(*span):
                cx, cy = (at, pos) if kind == "v" else (pos, at)
                canvas.circle(cx, cy, TARGET, fill=0, stroke=1)
                canvas.line(cx - TARGET * 1.4, cy, cx + TARGET * 1.4, cy)
                canvas.line(cx, cy - TARGET * 1.4, cx, cy + TARGET * 1.4)
        canvas.restoreState()
    return draw


def _target_positions(page_start: float, length: float, map_start: float) -> list[float]:
    """Page positions of targets every 60 mm of map, so both tiles of a seam agree."""
    step = 60 * MM
    first = math.ceil((map_start + 20 * MM) / step) * step
    out, pos = [], first
    while pos < map_start + length - 20 * MM:
        out.append(page_start + pos - map_start)
        pos += step
    return out or [page_start + length / 2]


def _index(rect: Rect, r: int, c: int, words: Words):
    """The tile's "row R, column C" above its top-left corner, and the area it takes (kept clear of the footer)."""
    x, y, w, h = rect
    text = words.gettext("row {row}, column {column}", row=r + 1, column=c + 1)
    left, base = x + 3 * MM, y + h + 5 * MM          # right of the crop mark at x

    def draw(canvas) -> None:
        canvas.saveState()
        canvas.setFont(TEXT_BOLD, 9)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.drawString(left, base, text)
        canvas.restoreState()
    return draw, (left, base - 1 * MM, text_width(text, TEXT_BOLD, 9), 4.5 * MM)


def _overview(face: FaceRef, size: tuple[float, float], page: tuple[float, float], cols: list, rows: list,
              backs: bool, words: Words) -> Page:
    """The whole map, scaled down, with the tile grid numbered as the tiles are."""
    aw, ah = page[0] - 2 * FRAME, page[1] - 2 * FRAME - 10 * MM
    scale = min(aw / size[0], ah / size[1], 1.0)
    w, h = size[0] * scale, size[1] * scale
    x, y = (page[0] - w) / 2, FRAME + (ah - h) / 2
    thumb = Item(face, 1, x, y, w, h, (x, y, w, h), scale=scale, listed=False, backed=False)

    def grid(canvas) -> None:
        canvas.saveState()
        canvas.setLineWidth(0.8)
        canvas.setStrokeColorRGB(0.8, 0.1, 0.1)
        canvas.setFillColorRGB(0.8, 0.1, 0.1)
        canvas.setFont(TEXT_BOLD, 9)
        for r, (top, th) in enumerate(rows):
            for c, (left, tw) in enumerate(cols):
                tx, ty = x + left * scale, y + (size[1] - top - th) * scale
                canvas.rect(tx, ty, tw * scale, th * scale, fill=0, stroke=1)
                canvas.drawString(tx + 2 * MM, ty + th * scale - 5 * MM, f"{r + 1},{c + 1}")
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont(TEXT_BOLD, 12)
        canvas.drawString(FRAME, page[1] - FRAME, words.gettext(
            "{component}: {rows} x {columns} tiles (row, column); glue each tile over the strip of the one before",
            component=face.component.spec.name, rows=len(rows), columns=len(cols)))
        canvas.setFont(TEXT, 9)
        canvas.drawString(FRAME, page[1] - FRAME - 5 * MM, words.gettext("each tile is followed by its back: print duplex")
                          if backs else words.gettext("no back side: the tiles print single-sided"))
        canvas.restoreState()
    heading = (FRAME, page[1] - FRAME - 6.5 * MM, page[0] - 2 * FRAME, 11 * MM)
    return Page(page[0], page[1], "front", [face.component.spec.name], [thumb], [], [grid],
                words.gettext("assembly overview"), keep_clear=[heading], overview=face.component.id)


