"""El Dorado Canyon's count badges: each inside its picture frame, none on another, on the arrow tab or on its own icon.

The kit is built through the generator while the picture and badge drawing calls are
recorded with the canvas transform in force, so the boxes compared are where the
badges land on the sheet, both ends of a two-ended card included (the bottom end
is drawn turned by 180 degrees).
"""
from __future__ import annotations

import io

import numpy as np
import pypdfium2
import pytest
from reportlab.pdfgen.canvas import Canvas

from cards import load_game
from generator.templates.el_dorado_canyon import action, art
from generator.templates.el_dorado_canyon.look import palette

from test_edc_kit_faces import build

Box = tuple[float, float, float, float]
EPS = 1e-6


def _on_sheet(matrix, box) -> Box:
    """The sheet-space bounding box of a local box under the canvas matrix (a, b, c, d, e, f)."""
    a, b, c, d, e, f = matrix
    x, y, w, h = box
    corners = [(a * px + c * py + e, b * px + d * py + f) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _inside(inner: Box, outer: Box) -> bool:
    return (inner[0] >= outer[0] - EPS and inner[1] >= outer[1] - EPS
            and inner[0] + inner[2] <= outer[0] + outer[2] + EPS and inner[1] + inner[3] <= outer[1] + outer[3] + EPS)


def _overlap(p: Box, q: Box) -> bool:
    return p[0] < q[0] + q[2] - EPS and q[0] < p[0] + p[2] - EPS and p[1] < q[1] + q[3] - EPS and q[1] < p[1] + p[3] - EPS


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    """[(option text, frame, arrow tabs, [(badge text, box)], (option, frame, tabs on the face))] for every
    picture drawn, in sheet space (the last item as the face drew it)."""
    drawn: list = []
    picture, badge = action.picture, art.badge

    def record_picture(c, option, x, y, w, h, pal, avoid=()):
        m = c._currentMatrix
        drawn.append((option.rules_text, _on_sheet(m, (x, y, w, h)), [_on_sheet(m, b) for b in avoid], [],
                      (option, (x, y, w, h), tuple(avoid))))
        picture(c, option, x, y, w, h, pal, avoid)

    def record_badge(c, text, box, size, pal):
        drawn[-1][3].append((text, _on_sheet(c._currentMatrix, box)))
        badge(c, text, box, size, pal)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(action, "picture", record_picture)
        mp.setattr(art, "badge", record_badge)
        build(tmp_path_factory.mktemp("edc-badges"), "--no-cache")  # a face replayed from the cache draws nothing
    return drawn


def test_every_starting_and_town_option_is_pictured_with_its_counts(pictures):
    game = load_game("el-dorado-canyon")
    options = {o.rules_text for schema in ("starting", "town") for r in game.records(schema) for o in r.options}
    assert options <= {text for text, *_ in pictures}
    counted = [p for p in pictures if p[3]]
    assert len(counted) > len(pictures) / 2   # most pictures carry a count: the checks below bite


def test_every_badge_lies_inside_its_frame(pictures):
    outside = [(text, label, box, frame) for text, frame, _, badges, _ in pictures for label, box in badges
               if not _inside(box, frame)]
    assert outside == []


def test_no_badge_overlaps_another_or_the_arrow_tab(pictures):
    clashes = []
    for text, _, tabs, badges, _ in pictures:
        for i, (label, box) in enumerate(badges):
            clashes += [(text, label, other) for other, second in badges[i + 1:] if _overlap(box, second)]
            clashes += [(text, label, "arrow") for tab in tabs if _overlap(box, tab)]
    assert clashes == []


INK_LEVEL = 200   # a pixel darker than this in any channel is ink (the glyph rendered alone on white)
DPI = 150


def _ink_under(option, frame: Box, avoid: tuple[Box, ...]) -> list[tuple[str, float]]:
    """(badge text, share of its box inked by its own glyph) for each count badge of the option's picture,
    its glyph rendered alone on white at 150 dpi where the picture draws it."""
    items = art.glyphs(option)
    slots = art._slots(len(items), *frame)
    counts = [(g.count, cx, cy, s) for g, (cx, cy, s) in zip(items, slots)]
    x0, y0, w, h = frame
    pal = palette(None)   # registers the badge's font
    places = iter(art.badge_places(Canvas(io.BytesIO(), invariant=1), counts, frame, avoid))
    out = []
    for g, (cx, cy, s) in zip(items, slots):
        if not g.count:
            continue
        (bx, by, bw, bh), _ = next(places)
        buf = io.BytesIO()
        c = Canvas(buf, pagesize=(w, h), invariant=1)
        c.translate(-x0, -y0)
        g.draw(c, cx, cy, s * art.COUNTED, pal)   # as `art.picture` draws a counted glyph
        c.save()
        page = np.asarray(pypdfium2.PdfDocument(buf.getvalue())[0].render(scale=DPI / 72).to_pil().convert("RGB"))
        k = DPI / 72
        top = h - (by - y0 + bh)   # the badge box in the image's rows, counted from the top
        window = page[int(top * k):int((top + bh) * k), int((bx - x0) * k):int((bx - x0 + bw) * k)]
        out.append((g.count, float((window.min(axis=2) < INK_LEVEL).mean())))
    return out


def test_no_badge_covers_its_own_icon(pictures):
    """Measured on the rendered glyph: under each badge lies (almost) none of the icon it counts (at most
    2 % of the badge's box, the anti-aliased edge of an icon it touches); Take Cover's -2 used to sit on its skull."""
    seen, covered = set(), []
    for text, _, _, _, (option, frame, avoid) in pictures:
        if (text, frame[2:], avoid) in seen:
            continue
        seen.add((text, frame[2:], avoid))
        covered += [(text, label, round(share, 3)) for label, share in _ink_under(option, frame, avoid) if share > 0.02]
    assert len(seen) > 20
    assert covered == [], "\n".join(map(str, covered))
