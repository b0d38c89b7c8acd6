"""Backs for a duplex printer: each front page's items seen from the other side of the sheet.

The printer turns the sheet about its long or short edge (`--duplex`); a back then
sits at the mirror image of its front's trim box, moved by the measured back offset,
and upside down when the turn is about a horizontal axis.  A map tile's back shows
the part of the back design that lies behind that tile once the assembled map is
turned over left to right, which works out as the same mirrored box and rotation
with the tile's region mirrored across the design.

`pair_pages` then makes the page sequence print duplex in one go: every front page
without a back of its own gets a blank back page, so that fronts stay on odd pages.
"""
from __future__ import annotations

from .box import MM
from .sheet import Block, FaceRef, Item, Options, Page, Rect, inside
from .words import Words


def mirror_rect(rect: Rect, page: tuple[float, float], axis: str) -> Rect:
    """`rect` seen from the other side of the sheet flipped about a vertical ("x") or horizontal ("y") axis."""
    x, y, w, h = rect
    return (page[0] - x - w, y, w, h) if axis == "x" else (x, page[1] - y - h, w, h)


def flip_axis(page: tuple[float, float], duplex: str) -> str:
    """The flip axis in page coordinates: a long-edge flip turns about the paper's long edge."""
    portrait = page[0] <= page[1]
    vertical = portrait if duplex == "long" else not portrait
    return "x" if vertical else "y"


def mirror_item(item: Item, page: tuple[float, float], axis: str, shift: tuple[float, float]) -> Item | None:
    """The back of `item`, or None when nothing is printed behind it."""
    face = item.face
    if face.component.spec.back is None or not item.backed:
        return None
    dx, dy = shift
    x, y, w, h = mirror_rect(item.rect, page, axis)
    cx, cy, cw, ch = mirror_rect(item.clip, page, axis)
    region = None
    if item.region is not None:
        rx, ry, rw, rh = item.region
        region = (face.component.spec.size_mm[0] * MM - rx - rw, ry, rw, rh)
    return Item(FaceRef(face.component, face.record, "back"), item.copy, x + dx, y + dy, w, h,
                (cx + dx, cy + dy, cw, ch), rotate=180 if axis == "y" else 0, region=region, tile=item.tile)


def mirror_block(block: Block, page: tuple[float, float], axis: str, shift: tuple[float, float]) -> Block:
    dx, dy = shift

    def move(rect: Rect) -> Rect:
        x, y, w, h = mirror_rect(rect, page, axis)
        return x + dx, y + dy, w, h
    if axis == "x":
        xs, ys = sorted(page[0] - v + dx for v in block.xs), [v + dy for v in block.ys]
    else:
        xs, ys = [v + dx for v in block.xs], sorted(page[1] - v + dy for v in block.ys)
    return Block(xs, ys, move(block.hull), move(block.reach), tuple(move(cell) for cell in block.cells))


def back_page(front: Page, opts: Options) -> Page:
    """The sheet's other side: every back of `front`'s items where the printer puts it, with its crop marks."""
    page = (front.w, front.h)
    axis = flip_axis(page, opts.duplex)
    shift = (opts.back_offset[0] * MM, opts.back_offset[1] * MM)
    pairs = [(i, m) for i in front.items if (m := mirror_item(i, page, axis, shift)) is not None]
    backed, items = [i for i, _ in pairs], [m for _, m in pairs]
    owned = {id(_own_block(i, front.blocks)) for i in backed}
    blocks = [mirror_block(b, page, axis, shift) for b in front.blocks if id(b) in owned]
    names = [n for n in front.components if any(i.face.component.spec.name == n for i in backed)]
    return Page(front.w, front.h, "back", names or front.components, items, blocks, label=front.label)


def has_backs(page: Page) -> bool:
    return any(i.backed and i.face.component.spec.back is not None for i in page.items)


def _own_block(item: Item, blocks: list[Block]) -> Block | None:
    """The innermost block holding `item`: tokens printed in a tray's room are cut as a block of
    their own, and only their marks belong on the back."""
    holding = [b for b in blocks if inside(item.rect, b.hull)]
    return min(holding, key=lambda b: b.hull[2] * b.hull[3]) if holding else None


def pair_pages(pages: list[Page], words: Words) -> list[Page]:
    """Give each front page without its back page a blank one, when the kit has any back at all."""
    if not any(p.side == "back" for p in pages):
        return pages
    out: list[Page] = []
    for i, page in enumerate(pages):
        out.append(page)
        following = pages[i + 1] if i + 1 < len(pages) else None
        if page.side == "front" and (following is None or following.side != "back"):
            out.append(blank_back((page.w, page.h), words, page.components))
    return out


def blank_back(paper: tuple[float, float], words: Words, components: list[str] | None = None) -> Page:
    """A back page left blank behind a front page, so that the PDF prints duplex in one go."""
    return Page(paper[0], paper[1], "back", components or [], label=words.gettext("back left blank"))
