"""Draw planned pages into one PDF, and describe them in the manifest print.md defines."""
from __future__ import annotations

import os
from typing import Any, Callable

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import xObjectName
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen.canvas import Canvas

from common.files import Spooled

from . import rl
from .box import MM, Style
from .faces import FaceForms
from cards.typeset.fonts import register_fonts
from .icons import collecting_forms, define_forms, icon_scope
from .marks import draw_crop_marks, draw_cut_circles, draw_cut_lines, draw_info, info_place, scale_caption
from .pdfsave import spooled
from .sheet import Item, Options, Page
from .versions import MANIFEST_FORMAT
from .words import words_of


def new_pdf(game: Any, looks: Any, title: str, draw: Callable[[Canvas], None], style: Style,
            keep_form: Callable[..., None] | None = None) -> Spooled:
    """The PDF (in a temporary file) whose pages `draw(c)` makes, with the game's icons (in `style`) as form objects
    (each given to `keep_form(name, bbox, recording)`, see `define_forms`).

    Invariant mode: same input, same bytes.  Streams are Flate-compressed without
    the ASCII85 layer (smaller files, and ReportLab's pure-Python ASCII85 encoder
    was a sixth of a build's time).
    """
    register_fonts()
    rl_config.useA85 = 0

    def drawn(out: Any) -> Canvas:
        c = invariant_canvas(out)
        c.setTitle(title)
        c.setAuthor("pnpkit")
        c.setCreator("pnpkit generator")
        with icon_scope(looks.scope, getattr(game.family, "ICONS", set()), style), collecting_forms() as icons:
            draw(c)
            define_forms(c, icons, keep_form)
        return c
    return spooled(drawn)


def invariant_canvas(out: Any) -> Canvas:
    """A canvas in invariant mode, whatever the environment.

    ReportLab dates (and fingerprints) even an invariant PDF by SOURCE_DATE_EPOCH when
    it is set; print.md asks the same bytes for the same definitions and options, so
    the variable is hidden while the document is created.
    """
    saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        return Canvas(out, invariant=1)
    finally:
        if saved is not None:
            os.environ["SOURCE_DATE_EPOCH"] = saved


def render_pdf(pages: list[Page], game: Any, looks: Any, forms: FaceForms, opts: Options, title: str) -> Spooled:
    """The PDF of planned `pages`: faces, decorations, marks and footers."""
    caption = scale_caption(words_of(game))

    def draw(c: Canvas) -> None:
        for number, page in enumerate(pages, 1):
            c.setPageSize((page.w, page.h))
            names = [forms.form(c, item.face) for item in page.items]
            texts = footers(game, page, number, len(pages))

            def paint(page: Page = page, names: list[str] = names, texts: tuple[str, ...] = texts) -> None:
                for item, name in zip(page.items, names):
                    place(c, item, name)
                for decor in page.decor:
                    decor(c)
                draw_cut_circles(c, page)
                if opts.cut_lines:
                    draw_cut_lines(c, page)
                info = info_place(page, texts, caption)
                draw_crop_marks(c, page, info)
                draw_info(c, info)
            forms.page(c, page, names, (texts, caption, opts), paint)  # replayed when an earlier build painted the same
            c.showPage()
    return new_pdf(game, looks, title, draw, forms.style, forms.keep_form if forms.cache else None)


_EVEN_ODD = getattr(rl_canvas, "FILL_EVEN_ODD")  # (not in ReportLab's type stubs)


def place(c, item: Item, form: str) -> None:
    """Paint a face's form at the item, clipped to the area it may paint."""
    if item.rotate != 180 and item.scale == 1.0 and item.region is None:
        # most items: the operators ReportLab's calls below write, without the calls (a page of 9 cards made 63);
        # what they change of the canvas's state, restoreState puts back
        clip = "W*" if rl.fill_mode(c) == _EVEN_ODD else "W"  # as clipPath reads the canvas's fill rule
        rl.operators(c).extend(("q", f"n {fp_str(item.clip)} re {clip} n",
                                f"{fp_str(1, 0, 0, 1, item.x, item.y)} cm", f"/{xObjectName(form)} Do", "Q"))
        rl.forms_in_use(c).append(form)
        return
    c.saveState()
    p = c.beginPath()
    p.rect(*item.clip)
    c.clipPath(p, stroke=0, fill=0)
    c.translate(item.x, item.y)
    if item.rotate == 180:
        c.translate(item.w, item.h)
        c.rotate(180)
    if item.scale != 1.0:
        c.scale(item.scale, item.scale)
    if item.region is not None:
        c.translate(-item.region[0], -item.region[1])
    c.doForm(form)
    c.restoreState()


def footers(game: Any, page: Page, number: int, total: int) -> tuple[str, ...]:
    """The footer text, then shorter forms of it for a margin too short (long names on Letter)."""
    words = words_of(game)
    where = [page.label] if page.label else []
    side = [words.gettext("backs")] if page.side == "back" and page.items else []
    count = words.gettext("page {number} of {total}", number=number, total=total)
    full = [game.name, *([", ".join(page.components)] if page.components else []), *where, *side, count]
    texts = (full, [game.name, *where, *side, count], [*where, *side, count], [count])
    return tuple(dict.fromkeys(" \u00b7 ".join(t) for t in texts))


def manifest(pages: list[Page], game: Any, paper: str) -> dict:
    """print.md's manifest: every listed item's trim box in mm from the page's bottom-left.

    Beyond print.md: `components` says per component whether it is tiled and whether
    its backs are printed (a big board without a back prints single-sided), a page's
    `side`, `blank` on a back page left empty so the PDF prints duplex in one go, and
    `guide` on the printing guide's page (the kit's first), `overview` (the component's id) on a tiled
    component's assembly overview, and `changes` on a reprint's list of what changed;
    `generator.engine.versions` adds the definitions' version, faces and records (format 2).
    """
    listed: dict[str, list[Item]] = {}  # each component's listed items, gathered in one pass
    for item in (i for p in pages for i in p.items if i.listed):
        listed.setdefault(item.face.component.id, []).append(item)
    components = []
    for comp in game.components:
        mine = listed.get(comp.id)
        if mine:
            components.append({"id": comp.id, "kind": comp.spec.kind, "tiled": any(i.tile for i in mine),
                               "backs": any(i.face.side == "back" for i in mine)})
    return {"format": MANIFEST_FORMAT, "game": game.id, "family": game.rules, "paper": paper, "components": components,
            "pages": [_page(n, p) for n, p in enumerate(pages, 1)]}


def _page(number: int, page: Page) -> dict:
    out = {"number": number, "width": _mm(page.w), "height": _mm(page.h), "side": page.side,
           "items": [_item(i) for i in page.items if i.listed]}
    if page.side == "back" and not page.items:
        out["blank"] = True
    if page.guide:
        out["guide"] = True
    if page.overview:
        out["overview"] = page.overview     # the tiled component whose assembly it shows
    if page.changes:
        out["changes"] = True
    return out


def _item(item: Item) -> dict:
    face = item.face
    out = {"component": face.component.id, "id": face.record.id, "copy": item.copy, "side": face.side,
           "x": _mm(item.x), "y": _mm(item.y), "w": _mm(item.w), "h": _mm(item.h)}
    if item.rotate:
        out["rotation"] = item.rotate
    if item.scale != 1.0:
        out["scale"] = round(item.scale, 4)     # a map shrunk to fit a poster
    if face.die_face is not None:
        out["die_face"] = face.die_face
    if item.tile is not None:
        out["tile"] = item.tile
        rx, ry, rw, rh = item.region or (0, 0, 0, 0)
        out["region"] = {"x": _mm(rx), "y": _mm(ry), "w": _mm(rw), "h": _mm(rh)}
    return out


def _mm(points: float) -> float:
    return round(points / MM, 3)
