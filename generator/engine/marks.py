"""What a sheet carries besides the faces: crop marks, cut lines, footer and the 100 mm scale bar.

Crop marks extend every cut line of a block past its outline, starting just
outside the trim and running outward through the margin (or gutter) until they
would touch another block, the footer or the paper's unprintable edge.  The footer
and scale bar go in the widest margin band, along its outer edge.
"""
from __future__ import annotations

from dataclasses import dataclass

from .box import MM
from .fonts import TEXT
from .pdfforms import end_form
from .sheet import Page, Rect, union

MARK_WIDTH = 0.6          # pt; print.md asks at least 0.5 pt
MARK_GAP = 0.5 * MM       # marks start this far outside the trim (in the bleed that is cut away)
MARK_LENGTH = 6 * MM
EDGE = 3.5 * MM           # footer and scale bar stay this far from the paper's edge, where printers print
MARK_EDGE = 2 * MM        # marks may run nearer: on Letter a 3 x 3 poker grid leaves 6.35 mm above and below,
                          # and whatever of a mark the printer can print is still a mark
INFO = 4.5 * MM           # footer line + scale bar
INFO_WANTED = EDGE + INFO + 3 * MM   # a band this deep holds the footer with room for marks
SCALE = 100 * MM
BAR = 1.4 * MM
SCALE_FORM = "scalebar"


@dataclass(frozen=True)
class Info:
    rect: Rect          # where the footer and scale bar go (page coordinates)
    angle: int          # 0 along the bottom/top, 90 up the side


def info_place(page: Page) -> Info:
    """The band (bottom, top, right, left) with room for the footer, else the deepest one."""
    reaches = [b.reach for b in page.blocks] + [i.clip for i in page.items]
    x0, y0, w, h = union(reaches) if reaches else (page.w / 2, page.h / 2, 0, 0)
    bands = {"bottom": y0, "top": page.h - y0 - h, "right": page.w - x0 - w, "left": x0}
    name = next((n for n in bands if bands[n] >= INFO_WANTED), max(bands, key=lambda n: bands[n]))
    if name == "bottom":
        return Info((EDGE, EDGE, page.w - 2 * EDGE, INFO), 0)
    if name == "top":
        return Info((EDGE, page.h - EDGE - INFO, page.w - 2 * EDGE, INFO), 0)
    if name == "right":
        return Info((page.w - EDGE - INFO, EDGE, INFO, page.h - 2 * EDGE), 90)
    return Info((EDGE, EDGE, INFO, page.h - 2 * EDGE), 90)


def draw_info(c, info: Info, text: str) -> None:
    """Footer text over a 100 mm scale bar of ten alternating 10 mm segments."""
    x, y, w, h = info.rect
    c.saveState()
    if info.angle:
        c.translate(x + w, y)
        c.rotate(90)
        length = h
    else:
        c.translate(x, y)
        length = w
    _scale_bar(c)
    c.setFillColorRGB(0, 0, 0)
    size = 6.0
    while size > 4 and c.stringWidth(text, TEXT, size) > length:
        size -= 0.25
    c.setFont(TEXT, size)
    c.drawString(0, BAR + 1.2 * MM, text)
    c.restoreState()


def _scale_bar(c) -> None:
    """The bar and its caption, drawn once per PDF as a form object and placed on every page."""
    if not c.hasForm(SCALE_FORM):
        c.beginForm(SCALE_FORM, -1 * MM, -1 * MM, SCALE + 80 * MM, 4 * MM)  # room for the caption
        c.setLineWidth(0.5)
        c.setStrokeColorRGB(0, 0, 0)
        for i in range(10):
            c.setFillColorRGB(*((0, 0, 0) if i % 2 == 0 else (1, 1, 1)))
            c.rect(i * 10 * MM, 0, 10 * MM, BAR, fill=1, stroke=0)
        c.rect(0, 0, SCALE, BAR, fill=0, stroke=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(TEXT, 5.5)
        c.drawString(SCALE + 2 * MM, 0.2 * MM, "100 mm: measure it; print at 100 % (no fit to page)")
        end_form(c)
    c.doForm(SCALE_FORM)


Line = tuple[float, float, float, float]


def draw_crop_marks(c, page: Page, info: Info) -> None:
    c.saveState()
    c.setLineWidth(MARK_WIDTH)
    c.setStrokeColorRGB(0, 0, 0)
    for line in crop_marks(page, info):
        c.line(*line)
    c.restoreState()


def crop_marks(page: Page, info: Info) -> list[Line]:
    """Marks on every cut line of every block, outside the blocks, stopping at obstacles."""
    lines: list[Line] = []
    for block in page.blocks:
        others = [b.reach for b in page.blocks if b is not block] + [_grow(info.rect, 0.5 * MM)]
        hx, hy, hw, hh = block.hull
        for x in block.xs:
            for start, sign in ((hy + hh + MARK_GAP, 1), (hy - MARK_GAP, -1)):
                lines += _mark("v", x, start, sign, page, others)
        for y in block.ys:
            for start, sign in ((hx + hw + MARK_GAP, 1), (hx - MARK_GAP, -1)):
                lines += _mark("h", y, start, sign, page, others)
    return lines


def _mark(kind: str, at: float, start: float, sign: int, page: Page, obstacles: list[Rect]) -> list[Line]:
    limit = (page.h if kind == "v" else page.w) - MARK_EDGE if sign > 0 else MARK_EDGE
    end = start + sign * MARK_LENGTH
    end = min(end, limit) if sign > 0 else max(end, limit)
    for ox, oy, ow, oh in obstacles:
        lo, hi, across0, across1 = (oy, oy + oh, ox, ox + ow) if kind == "v" else (ox, ox + ow, oy, oy + oh)
        if not across0 <= at <= across1:
            continue
        if sign > 0 and lo >= start:
            end = min(end, lo)
        elif sign < 0 and hi <= start:
            end = max(end, hi)
        elif lo < start < hi:
            return []
    if abs(end - start) < 1 * MM:
        return []
    return [(at, start, at, end)] if kind == "v" else [(start, at, end, at)]


def _grow(rect: Rect, by: float) -> Rect:
    x, y, w, h = rect
    return x - by, y - by, w + 2 * by, h + 2 * by


def draw_cut_lines(c, page: Page) -> None:
    """Thin grey lines on every trim edge (or circle, for round tokens), for `--cut-lines`."""
    c.saveState()
    c.setLineWidth(0.3)
    c.setStrokeColorRGB(0.5, 0.5, 0.5)
    for item in page.items:
        if not item.listed:
            continue
        if item.face.component.spec.shape == "round":
            c.circle(item.x + item.w / 2, item.y + item.h / 2, min(item.w, item.h) / 2, fill=0, stroke=1)
        else:
            c.rect(*item.rect, fill=0, stroke=1)
    c.restoreState()
