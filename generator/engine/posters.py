"""Maps, and boards that ask for them (`posters = true`), printed whole: one poster PDF per poster size (A2 and A1).

Each map is centred on the poster in the orientation that shows it largest; a map
larger than the poster is scaled down to fit and the scale is printed above it,
so nobody measures distances on a reduced map unawares.  Maps are never enlarged.
"""
from __future__ import annotations

from typing import Any

from .box import MM
from cards.typeset.fonts import TEXT_BOLD, text_width
from .impose import paper_size
from .sheet import Block, FaceRef, Item, Options, Page, inflate
from .tiles import FRAME
from .words import Words, words_of

POSTERS = ("a2", "a1")
CAPTION = 8 * MM       # band above the map for the caption


def poster_fit(size: tuple[float, float], paper: str) -> tuple[tuple[float, float], float]:
    """The poster page (portrait or landscape) and the scale (at most 1) that shows `size` largest."""
    w, h = paper_size(paper)
    best: tuple[tuple[float, float], float] | None = None
    for page in ((w, h), (h, w)):
        room_w, room_h = page[0] - 2 * FRAME, page[1] - 2 * FRAME - CAPTION
        scale = min(room_w / size[0], room_h / size[1], 1.0)
        if best is None or scale > best[1] + 1e-9:
            best = (page, scale)
    assert best is not None, "two orientations were tried"
    return best


def poster_pages(game: Any, opts: Options, paper: str) -> list[Page]:
    """One page per map copy (and copy of a board asking for posters) on `paper` ("a2" or "a1")."""
    pages = []
    words = words_of(game)
    for comp in game.components:
        if comp.spec.kind != "map" and not comp.spec.posters:
            continue
        full = (comp.spec.size_mm[0] * MM, comp.spec.size_mm[1] * MM)
        page, scale = poster_fit(full, paper)
        w, h = full[0] * scale, full[1] * scale
        x, y = (page[0] - w) / 2, FRAME + (page[1] - 2 * FRAME - CAPTION - h) / 2
        rect = (x, y, w, h)
        reach = inflate(rect, *[opts.bleed * MM * scale] * 4)
        label = _scale_words(comp.spec.size_mm, scale, words)
        for record in comp.records:
            for copy in range(1, comp.spec.copies * record.copies + 1):
                item = Item(FaceRef(comp, record, "front"), copy, x, y, w, h, reach, scale=scale)
                block = Block([x, x + w], [y, y + h], rect, reach)
                said = words.gettext("{component} ({record}): {paper} poster, {scale}", component=comp.spec.name,
                                     record=record.name, paper=paper.upper(), scale=label)
                base = reach[1] + reach[3] + 3 * MM
                area = (x + 3 * MM, base - 1.5 * MM, text_width(said, TEXT_BOLD, 14), 7 * MM)
                pages.append(Page(page[0], page[1], "front", [comp.spec.name], [item], [block],
                                  [_caption(said, x + 3 * MM, base)],
                                  words.gettext("{paper} poster, {scale}", paper=paper.upper(), scale=label),
                                  keep_clear=[area]))
    return pages


def _scale_words(size_mm: tuple[float, float], scale: float, words: Words) -> str:
    if scale >= 1.0:
        return words.gettext("full size ({width} x {height} mm)", width=size_mm[0], height=size_mm[1])
    return words.gettext("map at {percent} % of full size ({width} x {height} mm)", percent=words.number(scale * 100, 1),
                         width=size_mm[0], height=size_mm[1])


def _caption(text: str, x: float, y: float):
    """The caption above the map's bleed, right of the crop mark on its left edge."""
    def draw(c) -> None:
        c.saveState()
        c.setFillColorRGB(0, 0, 0)
        c.setFont(TEXT_BOLD, 14)
        c.drawString(x, y, text)
        c.restoreState()
    return draw
