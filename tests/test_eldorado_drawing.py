"""The map drawn alone, read back from its PDF: names where they belong, no transparency, the layout's geometry.

The coordinates on the tiled map are read back from the real build in `test_eldorado_kit`.
"""
from __future__ import annotations

import pdfplumber
import pytest
from reportlab.pdfgen.canvas import Canvas

from cards import load_game
from cards.models.eldorado import chart_of
from generator.engine.box import Box, Style
from cards.typeset.fonts import register_fonts
from generator.templates.eldorado import FRONTS
from generator.templates.eldorado.chart_layout import MapLayout

MM = 72 / 25.4


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """The built-in map drawn alone on a page of its own size, and the words pdfplumber reads back."""
    register_fonts()
    game = load_game("eldorado")
    comp = game.component("map")
    w, h = (v * MM for v in comp.spec.size_mm)
    path = tmp_path_factory.mktemp("map") / "map.pdf"
    c = Canvas(str(path), pagesize=(w, h), invariant=1)
    FRONTS["map"](c, comp.records[0], comp.spec, Box(w, h), Style())
    c.showPage()
    c.save()
    with pdfplumber.open(path) as pdf:
        words = pdf.pages[0].extract_words(keep_blank_chars=False, use_text_flow=False)
    chart = chart_of(game)
    assert b"/ExtGState" not in path.read_bytes()  # transparency is lost inside the engine's face forms
    return chart, MapLayout.fit(w, h, chart.width, chart.height), h, words


def test_named_features_are_written_on_the_map(drawn):
    chart, _, _, words = drawn
    text = " ".join(wd["text"] for wd in words)
    for name in [p.name for p in chart.ports.values()] + [c.name for c in chart.cities.values()]:
        assert all(part in text for part in name.split()), name
    assert "Ocean Sea and the Golden Indies" in text


def test_layout_fills_the_box_with_the_grid_centred():
    lay = MapLayout.fit(750 * MM, 540 * MM, 40, 26)
    assert lay.s == pytest.approx(min(750 / (40 + 1.6), 540 / (26 + 1.6 + 2.4)) * MM)
    assert lay.s > 17 * MM                         # a standee's base stands on one square
    x, y, w, h = lay.frame()
    assert x + w / 2 == pytest.approx(375 * MM)
    tx, ty, tw, th = lay.title_band()
    assert ty + th <= 540 * MM + 1e-6 and y >= -1e-6
    assert lay.corner(0, 0) == (pytest.approx(lay.x0), pytest.approx(lay.y0 + 25 * lay.s))
    assert lay.centre(39, 25) == (pytest.approx(lay.x0 + 39.5 * lay.s), pytest.approx(lay.y0 + lay.s / 2))
