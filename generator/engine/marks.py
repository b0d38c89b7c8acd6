"""What a sheet carries besides the faces: crop marks, cut lines, footer and the 100 mm scale bar.

print.md asks for at least 6 mm of printer margin.  What must print stays inside it:
every trim box (the imposition's job), the footer and the scale bar (which must be
there to be measured).  What is cut away may run into it: the bleed around a grid,
and crop marks, which "extend every cut line into the margins".  A mark runs up to
the 6 mm line, and only when that would leave it shorter than MIN_MARK (a 3 x 3 poker
grid on Letter leaves 6.35 mm above and below) on towards MARK_EDGE: most printers
print there, and whatever of a mark prints is still a mark.

The footer and scale bar go in the first margin band deep enough for them and the
crop marks, else in the deepest one: on one line (bar, caption, footer text) when
the band is long enough, else the footer text over the bar.  When no band holds two
lines but two opposite bands hold one each, the bar goes in one and the whole footer
text in the other, so every page names its game and what it holds.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from .box import MM
from cards.typeset.fonts import TEXT, text_width
from .pdfforms import end_form
from .sheet import MARGIN, Block, Page, Rect, inside, union
from .words import ENGLISH, Words

MARK_WIDTH = 0.6          # pt; print.md asks at least 0.5 pt
MARK_GAP = 0.5 * MM       # marks start this far outside the trim (in the bleed that is cut away)
MARK_LENGTH = 6 * MM
MIN_MARK = 3 * MM         # a mark shorter than this inside the printer margin may run on into it
MARK_EDGE = 2 * MM        # ... but no nearer the paper's edge than this
MARK_SPACING = 3 * MM     # least distance between the marks of two blocks (1.5 mm apart, they were misread)
PACK_GAP = 6 * MM         # between the bleeds of two blocks sharing a sheet: room for both blocks' marks
SPACING_REACH = (PACK_GAP + MARK_SPACING) / 2   # marks stop this far from another block's bleed
EDGE = MARGIN             # footer and scale bar: inside the 6 mm printer margin
GAP = 0.5 * MM            # between the footer and any face's bleed
SCALE = 100 * MM
BAR = 1.4 * MM
TEXT_SIZE = 6.0           # footer and caption, the smallest size print.md allows on cards
LINE = 2.5 * MM           # one line of the info band: the bar, or 6 pt text (its font's whole height)
DESCENT = 0.6 * MM        # baseline (and bar) above the bottom of a line
MARK_ROOM = 2 * MM        # crop mark left between the footer and a grid's bleed (marks start in the bleed)
INFO_WANTED = EDGE + 2 * LINE + GAP + MARK_ROOM   # a band this deep holds the footer on two lines and marks
SCALE_FORM = "scalebar"


def scale_caption(words: Words) -> str:
    """The caption beside the scale bar on every page, in the kit's language."""
    return words.gettext("100 mm: measure it; print at 100 % (no fit to page)")


CAPTION = scale_caption(ENGLISH)


@dataclass(frozen=True)
class Info:
    rect: Rect          # where the footer and scale bar go (page coordinates)
    angle: int          # 0 along the bottom/top, 90 up the side
    text: str = ""      # the footer text that fits
    lines: int = 2      # 1: bar, caption and text on one line; 2: the text over the bar
    apart: Info | None = None   # the footer text alone in the opposite band (then `text` is empty)
    caption: str = CAPTION      # the scale bar's, in the kit's language

    @property
    def rects(self) -> list[Rect]:
        return [self.rect] + ([self.apart.rect] if self.apart else [])


@cache
def _width(text: str) -> float:
    """A footer text's width (asked for every band and layout of every page: the same few texts)."""
    return text_width(text, TEXT, TEXT_SIZE)


@cache
def _bar_part(caption: str) -> float:
    """Length of the bar and its caption, and the space before the footer text on the same line."""
    return SCALE + 2 * MM + _width(caption) + 4 * MM


def _layouts(texts: tuple[str, ...], length: float, caption: str) -> list[tuple[int, str]]:
    """(lines, text) the band can show, best first: the whole text on one line, on two, then shorter texts."""
    full = texts[0]
    out = [(1, full)] if _bar_part(caption) + _width(full) <= length else []
    out += [(2, t) for t in texts if _width(t) <= length][:1]
    out += [(1, t) for t in texts[1:] if _bar_part(caption) + _width(t) <= length]
    return out or [(2, "")]


def info_place(page: Page, texts: tuple[str, ...] = ("",), caption: str = CAPTION) -> Info:
    """Where the footer and the scale bar with its `caption` go (`_place`)."""
    return replace(_place(page, texts, caption), caption=caption)


def _place(page: Page, texts: tuple[str, ...], caption: str) -> Info:
    """Where the footer (the first of `texts` that fits; shorter ones follow) and the scale bar go.

    The first band (bottom, top, right, left) deep enough for the best layout of the
    whole text and MARK_ROOM of crop marks, clear of the page's `keep_clear` areas; else
    bar and text in two opposite bands; else a shorter text; else the deepest
    band, on one line, moved nearer the edge only as far as the band is too shallow.
    """
    reaches = [b.reach for b in page.blocks] + [i.clip for i in page.items]
    x0, y0, w, h = union(reaches) if reaches else (page.w / 2, page.h / 2, 0, 0)
    bands = {"bottom": y0, "top": page.h - y0 - h, "right": page.w - x0 - w, "left": x0}
    for whole in (True, False):     # the whole text first: in one band, else split over two
        for name, depth in bands.items():
            length = (page.w if name in ("bottom", "top") else page.h) - 2 * EDGE
            for lines, text in _layouts(texts, length, caption):
                info = _info(page, name, EDGE, lines, text)
                if (text == texts[0] or not whole) and depth >= EDGE + lines * LINE + GAP + MARK_ROOM \
                        and not _blocked(page, info):
                    return info
        split = (_split(page, texts, bands) or _split(page, texts[:1], bands, tight=True)) if whole else None
        if split is not None:
            return split
    clear = [n for n in bands if not _blocked(page, _info(page, n, EDGE, 1, ""))] or list(bands)
    name = max(clear, key=lambda n: bands[n])
    length = (page.w if name in ("bottom", "top") else page.h) - 2 * EDGE
    text = next((t for lines, t in _layouts(texts, length, caption) if lines == 1), "")
    return _info(page, name, _near_edge(bands[name]), 1, text)


def _near_edge(depth: float) -> float:
    """Where one line goes in a band `depth` deep: EDGE, or nearer the paper's edge only as far as it must."""
    return max(MARK_EDGE, min(EDGE, depth - LINE - GAP))


OPPOSITE = {"bottom": "top", "top": "bottom", "right": "left", "left": "right"}


def _split(page: Page, texts: tuple[str, ...], bands: dict[str, float], tight: bool = False) -> Info | None:
    """The bar in one band and the footer text in the opposite one, when no band holds both but two
    hold one line each: a shallow margin then still names the game and what the page holds.

    `tight`: bands too shallow for a line and MARK_ROOM (a 3 x 3 poker grid on Letter leaves
    9 mm each side) take the line nearer the edge, as far as the fallback does, and the
    crop marks between it and the bleed are shorter: better than a footer missing its contents.
    """
    one = MARK_EDGE + LINE + GAP if tight else EDGE + LINE + GAP + MARK_ROOM
    for name, depth in bands.items():
        other = OPPOSITE[name]
        if depth < one or bands[other] < one:
            continue
        length = (page.w if name in ("bottom", "top") else page.h) - 2 * EDGE
        text = next((t for t in texts if _width(t) <= length), "")
        bar = _info(page, name, _near_edge(depth) if tight else EDGE, 1, "")
        words = _info(page, other, _near_edge(bands[other]) if tight else EDGE, 1, text)
        if text and not _blocked(page, bar) and not _blocked(page, words):
            return Info(bar.rect, bar.angle, "", 1, apart=words)
    return None


def _info(page: Page, band: str, edge: float, lines: int, text: str) -> Info:
    depth = lines * LINE
    if band == "bottom":
        return Info((EDGE, edge, page.w - 2 * EDGE, depth), 0, text, lines)
    if band == "top":
        return Info((EDGE, page.h - edge - depth, page.w - 2 * EDGE, depth), 0, text, lines)
    if band == "right":
        return Info((page.w - edge - depth, EDGE, depth, page.h - 2 * EDGE), 90, text, lines)
    return Info((edge, EDGE, depth, page.h - 2 * EDGE), 90, text, lines)


def _blocked(page: Page, info: Info) -> bool:
    x, y, w, h = _grow(info.rect, GAP)
    return any(x < kx + kw and kx < x + w and y < ky + kh and ky < y + h for kx, ky, kw, kh in page.keep_clear)


def draw_info(c, info: Info) -> None:
    """The 100 mm scale bar of ten alternating 10 mm segments with its caption, and the footer text."""
    c.saveState()
    _enter_band(c, info)
    c.saveState()
    c.translate(0, DESCENT)
    _scale_bar(c, info.caption)
    c.restoreState()
    c.setFillColorRGB(0, 0, 0)
    c.setFont(TEXT, TEXT_SIZE)
    if info.lines == 1:
        c.drawString(_bar_part(info.caption), DESCENT, info.text)
    else:
        c.drawString(0, LINE + DESCENT, info.text)
    c.restoreState()
    if info.apart is not None:
        _draw_text(c, info.apart)


def _draw_text(c, info: Info) -> None:
    """The footer text alone, on one line of its band."""
    c.saveState()
    _enter_band(c, info)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(TEXT, TEXT_SIZE)
    c.drawString(0, DESCENT, info.text)
    c.restoreState()


def _enter_band(c, info: Info) -> None:
    """Move the origin to the band's start, turned a quarter when the band runs up a side margin."""
    x, y, w, h = info.rect
    if info.angle:
        c.translate(x + w, y)
        c.rotate(90)
    else:
        c.translate(x, y)


def _scale_bar(c, caption: str) -> None:
    """The bar and its caption, drawn once per PDF (of one language) as a form object and placed on every page."""
    if not c.hasForm(SCALE_FORM):
        c.beginForm(SCALE_FORM, -1 * MM, -1 * MM, _bar_part(caption), 4 * MM)
        c.setLineWidth(0.5)
        c.setStrokeColorRGB(0, 0, 0)
        for i in range(10):
            c.setFillColorRGB(*((0, 0, 0) if i % 2 == 0 else (1, 1, 1)))
            c.rect(i * 10 * MM, 0, 10 * MM, BAR, fill=1, stroke=0)
        c.rect(0, 0, SCALE, BAR, fill=0, stroke=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(TEXT, TEXT_SIZE)
        c.drawString(SCALE + 2 * MM, 0, caption)
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
    """Marks on every cut line of every block, outside the blocks, stopping at obstacles.

    Another block is an obstacle grown by SPACING_REACH: two blocks' marks meeting
    in the gap between them stop MARK_SPACING apart instead of interleaving.
    """
    lines: list[Line] = []
    for block in page.blocks:
        # blocks in the rooms of a piece lie inside its trim, where its marks never go
        others = [_grow(b.reach, SPACING_REACH) for b in page.blocks if b is not block and not inside(b.reach, block.hull)]
        others += [_grow(rect, GAP) for rect in info.rects] + page.keep_clear
        hx, hy, hw, hh = block.hull
        edges = side_edges(block)
        for side, at in edges.items():
            start, sign = {"top": (hy + hh + MARK_GAP, 1), "bottom": (hy - MARK_GAP, -1),
                           "right": (hx + hw + MARK_GAP, 1), "left": (hx - MARK_GAP, -1)}[side]
            for v in at:
                lines += _mark("v" if side in ("top", "bottom") else "h", v, start, sign, page, others)
    return lines


def side_edges(block: Block) -> dict[str, list[float]]:
    """The cut lines each side of `block` marks: those of the cells touching that side (all, without cells)."""
    if not block.cells:
        return {"top": block.xs, "bottom": block.xs, "right": block.ys, "left": block.ys}
    hx, hy, hw, hh = block.hull

    def edges(touching, lo: int, size: int) -> list[float]:
        return sorted({round(v, 4) for c in block.cells if touching(c) for v in (c[lo], c[lo] + c[size])})
    near = 1e-6
    return {"top": edges(lambda c: abs(c[1] + c[3] - hy - hh) < near, 0, 2),
            "bottom": edges(lambda c: abs(c[1] - hy) < near, 0, 2),
            "right": edges(lambda c: abs(c[0] + c[2] - hx - hw) < near, 1, 3),
            "left": edges(lambda c: abs(c[0] - hx) < near, 1, 3)}


def _mark(kind: str, at: float, start: float, sign: int, page: Page, obstacles: list[Rect]) -> list[Line]:
    """A mark inside the printer margin if it can be MIN_MARK long there, else one running on into it."""
    line = _mark_to(kind, at, start, sign, page, obstacles, EDGE)
    if _length(line) < MIN_MARK - 1e-6:
        line = _mark_to(kind, at, start, sign, page, obstacles, MARK_EDGE)
    return [line] if line is not None and _length(line) >= 1 * MM else []


def _length(line: Line | None) -> float:
    return 0.0 if line is None else abs(line[2] - line[0]) + abs(line[3] - line[1])


def _mark_to(kind: str, at: float, start: float, sign: int, page: Page, obstacles: list[Rect],
             edge: float) -> Line | None:
    limit = (page.h if kind == "v" else page.w) - edge if sign > 0 else edge
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
            return None
    if (end - start) * sign <= 0:
        return None
    return (at, start, at, end) if kind == "v" else (start, at, end, at)


def _grow(rect: Rect, by: float) -> Rect:
    x, y, w, h = rect
    return x - by, y - by, w + 2 * by, h + 2 * by


CUT_CIRCLE = 0.8          # pt: the printed cut line of a round piece, dark enough to follow with scissors
CUT_LINE = MARK_WIDTH     # pt: `--cut-lines`, as wide as a crop mark: print.md's 0.5 pt at least survives printing


def draw_cut_circles(c, page: Page) -> None:
    """A round piece has no crop marks to cut by: its trim circle is printed on the front."""
    c.saveState()
    c.setLineWidth(CUT_CIRCLE)
    c.setStrokeColorRGB(0, 0, 0)
    for item in page.items:
        if item.listed and item.face.side == "front" and item.face.component.spec.shape == "round":
            c.circle(item.x + item.w / 2, item.y + item.h / 2, min(item.w, item.h) / 2, fill=0, stroke=1)
    c.restoreState()


def draw_cut_lines(c, page: Page) -> None:
    """Thin grey lines on every trim edge (or circle, for round tokens), for `--cut-lines`."""
    c.saveState()
    c.setLineWidth(CUT_LINE)
    c.setStrokeColorRGB(0.5, 0.5, 0.5)
    for item in page.items:
        if not item.listed:
            continue
        if item.face.component.spec.shape == "round":
            c.circle(item.x + item.w / 2, item.y + item.h / 2, min(item.w, item.h) / 2, fill=0, stroke=1)
        else:
            c.rect(*item.rect, fill=0, stroke=1)
    c.restoreState()
