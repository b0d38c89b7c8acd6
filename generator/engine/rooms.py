"""Room on a planned sheet for small pieces (tokens, markers, counters), so they share sheets
instead of taking one of their own that stays mostly empty.

Two kinds of room:
- free paper: the printable area of a sheet outside every block, PACK_GAP away from each
  (room for both blocks' crop marks) and PACK_FOOT above the bottom edge (footer, scale bar);
- a piece's own room: a template may declare the parts of its trim box that its face leaves
  blank outside its cut line (a fold-up net's cut-away corners), `ROOMS[schema](box) -> [Rect]`.
  Only pieces cut one by one (round, no crop marks) go there: crop marks would cross the host.

A spot is where a block of `cols` x `rows` cells goes: (left, top) of its cells.

A template may also give a component a note (`NOTES[schema](game) -> str`, e.g. what fits a
square of the map), printed in free paper beside the pieces: `note_at` lays it out.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

from .box import MM, Box
from cards.typeset.fonts import TEXT, text_width
from .marks import INFO_WANTED, PACK_GAP
from .sheet import MARGIN, Page, Rect, inflate, inside

PACK_FOOT = INFO_WANTED         # from the bottom edge to a packed block's bleed: footer, scale bar, marks

NOTE_WIDTH = 80 * MM
NOTE_SIZE = 7.0             # pt
NOTE_LEADING = 1.25
RoomsFn = Callable[[Box], list[Rect]]   # a face's blank areas, in points from its trim's bottom-left


@dataclass(frozen=True)
class Spot:
    left: float         # the cells' left edge
    top: float          # the cells' top edge
    cols: int
    rows: int

    @property
    def capacity(self) -> int:
        return self.cols * self.rows


def free_spot(page: Page, uw: float, uh: float, bleed: float, count: int) -> Spot | None:
    """The spot on free paper that holds most of `count` cells (fewest rows that hold them all),
    topmost then leftmost; None when not one cell fits."""
    if page.side != "front" or any(i.tile is not None or i.scale != 1.0 for i in page.items):
        return None     # map tiles and overviews: glue strips and alignment marks are theirs
    x0, y0, x1, y1 = MARGIN, PACK_FOOT, page.w - MARGIN, page.h - MARGIN
    grown = [inflate(r, *[PACK_GAP] * 4) for r in [b.reach for b in page.blocks] + page.keep_clear]
    lefts = sorted({x0} | {g[0] + g[2] for g in grown if x0 < g[0] + g[2] < x1})
    tops = sorted({y1} | {g[1] for g in grown if y0 < g[1] < y1}, reverse=True)
    best: Spot | None = None
    for top in tops:
        for left in lefts:
            spot = _spot_at(left, top, (x1, y0), grown, uw, uh, bleed, count)
            if spot is not None and (best is None or min(spot.capacity, count) > min(best.capacity, count)):
                best = spot
    return best


def _spot_at(left: float, top: float, limit: tuple[float, float], grown: list[Rect], uw: float, uh: float,
             bleed: float, count: int) -> Spot | None:
    """The block whose bleed has its top-left corner at (left, top): as many columns as the paper
    allows, the fewest rows that hold `count` (else as many as fit)."""
    right_edge, bottom_edge = limit
    found: Spot | None = None
    rows = 1
    while top - rows * uh - 2 * bleed >= bottom_edge - 1e-6:
        bottom = top - rows * uh - 2 * bleed
        across = [g for g in grown if g[1] < top - 1e-6 and bottom + 1e-6 < g[1] + g[3]]
        if any(g[0] <= left + 1e-6 < g[0] + g[2] for g in across):
            break
        right = min([right_edge] + [g[0] for g in across if g[0] > left])
        cols = math.floor((right - left - 2 * bleed) / uw + 1e-9)
        if cols < 1:
            break
        found = Spot(left + bleed, top - bleed, cols, rows)
        if found.capacity >= count:
            break
        rows += 1
    return found


def room_spot(page: Page, rooms_of: Callable[[Any], RoomsFn | None], uw: float, uh: float) -> Spot | None:
    """The first of the page's pieces' own rooms with space for one `uw` x `uh` cell, below the blocks
    already put there."""
    if page.side != "front":
        return None
    for item in page.items:
        fn = rooms_of(item.face.component.spec) if item.face.side == "front" and not item.rotate else None
        for rx, ry, rw, rh in (fn(Box(item.w, item.h)) if fn else []):
            x, y = item.x + rx, item.y + ry
            used = [b.reach for b in page.blocks if inside(b.reach, (x, y, rw, rh))]
            top = min([y + rh] + [r[1] for r in used])
            cols, rows = math.floor(rw / uw + 1e-9), math.floor((top - y) / uh + 1e-9)
            if cols >= 1 and rows >= 1:
                return Spot(x, top, cols, rows)
    return None


def note_lines(text: str, width: float = NOTE_WIDTH) -> list[str]:
    """`text` broken at spaces into lines no wider than `width` at NOTE_SIZE."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", TEXT, NOTE_SIZE) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def note_height(lines: list[str]) -> float:
    return len(lines) * NOTE_SIZE * NOTE_LEADING


def note_at(page: Page, lines: list[str], spot: Spot) -> None:
    """Print the note's lines with their top-left at the spot; crop marks and the footer keep off it."""
    x, top = spot.left, spot.top
    page.keep_clear.append((x, top - note_height(lines), NOTE_WIDTH, note_height(lines)))

    def draw(c) -> None:
        c.saveState()
        c.setFillColorRGB(0, 0, 0)
        c.setFont(TEXT, NOTE_SIZE)
        for i, line in enumerate(lines):
            c.drawString(x, top - (i + 1) * NOTE_SIZE * NOTE_LEADING + NOTE_SIZE * 0.25, line)
        c.restoreState()
    page.decor.append(draw)
