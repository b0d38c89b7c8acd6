"""The imposition as data: pages of placed faces, before anything is drawn.

Planning and drawing are apart so that the manifest, the PDF and the tests all
read the same positions.  Lengths are points; (x, y) is a bottom-left corner.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .box import MM

Rect = tuple[float, float, float, float]  # x, y, w, h

PAPERS_MM: dict[str, tuple[float, float]] = {  # portrait width, height
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a2": (420.0, 594.0),
    "a1": (594.0, 841.0),
}
MARGIN = 6 * MM       # print.md: at least 6 mm of printer margin around the trim


@dataclass(frozen=True)
class Options:
    """Everything `generator build` can be asked, with print.md's defaults."""

    paper: str = "a4"
    duplex: str = "long"                      # long or short: the paper edge the printer flips on
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm the printer shifts the back side
    backs: bool = True
    fold: bool = False                        # fronts and backs side by side, fold between
    bleed: float = 3.0                        # mm
    ink_saver: bool = False
    cut_lines: bool = False
    stamp: bool = True                        # the version stamp on every face (generator.engine.stamp)


@dataclass(frozen=True)
class FaceRef:
    """One drawable face: a record's front or back (or one face of a die net)."""

    component: Any          # cards.LoadedComponent
    record: Any
    side: str               # "front" or "back"
    die_face: int | None = None


@dataclass
class Item:
    """A face placed on a page: its trim box, the area it may paint, how it is turned."""

    face: FaceRef
    copy: int
    x: float
    y: float
    w: float
    h: float
    clip: Rect
    rotate: int = 0                    # 0, or 180 for backs under a flip across the short axis
    region: Rect | None = None         # the part of the face shown (a map tile); None: all of it
    scale: float = 1.0                 # < 1 on an overview page
    tile: dict[str, int] | None = None
    listed: bool = True                # False for thumbnails that are not cut out
    backed: bool = True                # False: nothing printed on the other side of the sheet here

    @property
    def rect(self) -> Rect:
        return self.x, self.y, self.w, self.h


@dataclass
class Block:
    """Items cut together: crop marks extend each of its cut lines past its outline.

    `cells`, when given, are the grid's filled cells: a side of the block then marks
    only the cut lines of the cells that touch it, so a partial last row gets no
    marks under cards that are not there.  Without cells every line marks every side.
    """

    xs: list[float]
    ys: list[float]
    hull: Rect          # trim outline
    reach: Rect         # outline with bleed: nothing else may be drawn here
    cells: tuple[Rect, ...] = ()


Decor = Callable[[Any], None]  # draws on the canvas in page coordinates


@dataclass
class Page:
    w: float
    h: float
    side: str                       # "front" or "back" (the side of the sheet)
    components: list[str]           # names shown in the footer
    items: list[Item] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    decor: list[Decor] = field(default_factory=list)
    label: str = ""                 # extra footer words (tile index, overview)
    keep_clear: list[Rect] = field(default_factory=list)  # decor areas the footer and marks stay off
    guide: bool = False             # the printing guide (generator.engine.guide), not pieces
    overview: str = ""              # a tiled component's assembly overview: that component's id
    changes: bool = False           # a reprint's list of what changed (generator.engine.reprint)


def inflate(rect: Rect, left: float, bottom: float, right: float, top: float) -> Rect:
    x, y, w, h = rect
    return x - left, y - bottom, w + left + right, h + bottom + top


def union(rects: list[Rect]) -> Rect:
    x0 = min(r[0] for r in rects)
    y0 = min(r[1] for r in rects)
    x1 = max(r[0] + r[2] for r in rects)
    y1 = max(r[1] + r[3] for r in rects)
    return x0, y0, x1 - x0, y1 - y0


def inside(rect: Rect, outer: Rect) -> bool:
    """`rect` lies within `outer` (edges may touch)."""
    x, y, w, h = rect
    ox, oy, ow, oh = outer
    return ox - 1e-6 <= x and oy - 1e-6 <= y and x + w <= ox + ow + 1e-6 and y + h <= oy + oh + 1e-6
