"""El Dorado Canyon's count badges: each inside its picture frame, none on another or on the arrow tab.

The kit is built through the generator while the picture and badge drawing calls are
recorded with the canvas transform in force, so the boxes compared are where the
badges land on the sheet, both ends of a two-ended card included (the bottom end
is drawn turned by 180 degrees).
"""
from __future__ import annotations

import pytest

from cards import load_game
from generator.templates.el_dorado_canyon import action, art

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
    """[(option text, frame, arrow tabs, [(badge text, box)])] for every picture drawn, in sheet space."""
    drawn: list = []
    picture, badge = action.picture, art.badge

    def record_picture(c, option, x, y, w, h, pal, avoid=()):
        m = c._currentMatrix
        drawn.append((option.rules_text, _on_sheet(m, (x, y, w, h)), [_on_sheet(m, b) for b in avoid], []))
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
    outside = [(text, label, box, frame) for text, frame, _, badges in pictures for label, box in badges
               if not _inside(box, frame)]
    assert outside == []


def test_no_badge_overlaps_another_or_the_arrow_tab(pictures):
    clashes = []
    for text, _, tabs, badges in pictures:
        for i, (label, box) in enumerate(badges):
            clashes += [(text, label, other) for other, second in badges[i + 1:] if _overlap(box, second)]
            clashes += [(text, label, "arrow") for tab in tabs if _overlap(box, tab)]
    assert clashes == []
