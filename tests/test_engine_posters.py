"""Maps whole on A2 and A1 posters: fitted, scaled down only when needed, the scale printed on the page."""
from __future__ import annotations

import json

import pdfplumber
import pytest
from pypdf import PdfReader

from test_engine_build import build, make_game, placements

MM = 72 / 25.4


@pytest.fixture(scope="module")
def posters(tmp_path_factory):
    root = tmp_path_factory.mktemp("posters")
    build(str(make_game(root / "kinds")), "--out", str(root / "out"))   # its map is 500 x 400 mm
    return root / "out"


def _read(out, paper: str):
    manifest = json.loads((out / f"kinds-poster-{paper}.json").read_text())
    return manifest, out / f"kinds-poster-{paper}.pdf"


def test_a1_holds_the_map_at_full_size(posters):
    manifest, pdf = _read(posters, "a1")
    assert manifest["paper"] == "a1" and len(manifest["pages"]) == 1
    page = manifest["pages"][0]
    assert {(page["width"], page["height"])} <= {(594.0, 841.0), (841.0, 594.0)}
    item, = page["items"]
    assert (item["component"], item["w"], item["h"]) == ("map", 500.0, 400.0) and "scale" not in item
    assert item["x"] == pytest.approx((page["width"] - 500) / 2, abs=0.002)
    (a, d, e, f, _), = placements(PdfReader(pdf).pages[0])
    assert (a, d) == (1, 1) and (e / MM, f / MM) == pytest.approx((item["x"], item["y"]), abs=0.01)
    with pdfplumber.open(pdf) as read:
        assert "A1 poster, full size (500 x 400 mm)" in read.pages[0].extract_text()


def test_a2_shrinks_the_map_to_fit_and_says_by_how_much(posters):
    manifest, pdf = _read(posters, "a2")
    page = manifest["pages"][0]
    assert (page["width"], page["height"]) == (594.0, 420.0)        # landscape shows it largest
    item, = page["items"]
    scale = item["scale"]
    assert scale == pytest.approx((420 - 2 * 14 - 8) / 400, abs=1e-4)   # the height limits it
    assert (item["w"], item["h"]) == pytest.approx((500 * scale, 400 * scale), abs=0.002)
    assert 14 - 1e-6 <= item["x"] and item["x"] + item["w"] <= page["width"] - 14 + 1e-6
    assert 14 - 1e-6 <= item["y"] and item["y"] + item["h"] <= page["height"] - 14 + 1e-6
    (a, d, e, f, _), = placements(PdfReader(pdf).pages[0])
    assert (a, d) == pytest.approx((scale, scale), abs=1e-4)
    with pdfplumber.open(pdf) as read:
        text = read.pages[0].extract_text()
        assert f"A2 poster, map at {scale * 100:.1f} % of full size (500 x 400 mm)" in text
        # the caption stays clear of the crop marks on the map's left and right edges
        words = [w for w in read.pages[0].extract_words() if w["text"] == "A2"]
        marks = [ln for ln in read.pages[0].lines if abs(ln["x0"] - ln["x1"]) < 0.01]
        for word in words:
            assert not any(word["x0"] <= ln["x0"] <= word["x1"] and ln["top"] <= word["bottom"] and
                           ln["bottom"] >= word["top"] for ln in marks)


def test_a_game_without_maps_has_no_poster(tmp_path):
    game = make_game(tmp_path / "kinds")
    text = (game / "game.toml").read_text()
    (game / "game.toml").write_text(text[:text.index('[[components]]\nid = "map"')])
    build(str(game), "--out", str(tmp_path / "out"))
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["kinds-a4.json", "kinds-a4.pdf"]
