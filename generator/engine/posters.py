"""Maps printed whole: each on the smallest poster paper (A2, then A1) that holds it with its margins."""
from __future__ import annotations

from typing import Any

from .box import MM
from .impose import paper_size
from .sheet import Block, FaceRef, Item, Options, Page, inflate
from .tiles import FRAME

POSTERS = ("a2", "a1")


def poster_paper(size: tuple[float, float]) -> tuple[float, float] | None:
    """The smallest poster page (portrait or landscape) holding `size` (points) and a tile frame around it."""
    for name in POSTERS:
        w, h = paper_size(name)
        for page in ((w, h), (h, w)):
            if size[0] + 2 * FRAME <= page[0] + 1e-6 and size[1] + 2 * FRAME <= page[1] + 1e-6:
                return page
    return None


def poster_pages(game: Any, opts: Options) -> list[Page]:
    """One page per map copy; a map larger than A1 is left to the tiled kit."""
    pages = []
    bleed = opts.bleed * MM
    for comp in game.components:
        if comp.spec.kind != "map":
            continue
        size = (comp.spec.size_mm[0] * MM, comp.spec.size_mm[1] * MM)
        page = poster_paper(size)
        if page is None:
            continue
        x, y = (page[0] - size[0]) / 2, (page[1] - size[1]) / 2
        rect = (x, y, size[0], size[1])
        reach = inflate(rect, bleed, bleed, bleed, bleed)
        for record in comp.records:
            for copy in range(1, comp.spec.copies * record.copies + 1):
                item = Item(FaceRef(comp, record, "front"), copy, x, y, size[0], size[1], reach)
                block = Block([x, x + size[0]], [y, y + size[1]], rect, reach)
                pages.append(Page(page[0], page[1], "front", [comp.spec.name], [item], [block], [], "poster"))
    return pages
