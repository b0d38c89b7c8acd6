"""Duplex for boards larger than the paper: each tile's back is mirrored onto its front, read from manifest and PDF."""
from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from test_engine_build import GAME, assert_mirrored, build, make_game, placements

MM = 72 / 25.4
BIG = GAME + """
[[components]]
id = "big"
name = "Big board"
kind = "board"
schema = "marker"
file = "big.toml"
size = "300x250mm"
back = "marker"
"""


def _kit(tmp_path, duplex: str, offset: tuple[float, float] = (0, 0)):
    game = make_game(tmp_path / "kinds", **{"game.toml": BIG, "big.toml": '[[cards]]\nid = "plain"\nname = "Plain"\n'
                                                                          'icon = "gold"\nvalue = 1\n'})
    out = tmp_path / duplex
    build(str(game), "--out", str(out), "--duplex", duplex, "--back-offset", f"{offset[0]},{offset[1]}")
    return json.loads((out / "kinds-a4.json").read_text()), PdfReader(out / "kinds-a4.pdf")


@pytest.mark.parametrize("duplex,offset", [("long", (0, 0)), ("short", (0, 0)), ("long", (1, -2))])
def test_every_tile_of_a_big_board_is_followed_by_its_mirrored_back(tmp_path, duplex, offset):
    manifest, pdf = _kit(tmp_path, duplex, offset)
    pages = manifest["pages"]
    fronts = [(n, p["items"][0]) for n, p in enumerate(pages)
              if p["side"] == "front" and p["items"] and p["items"][0]["component"] == "big"]
    tile = fronts[0][1]["tile"]
    assert len(fronts) == tile["rows"] * tile["columns"] > 1
    for n, front in fronts:
        back_page = pages[n + 1]
        assert back_page["side"] == "back" and len(back_page["items"]) == 1
        back = back_page["items"][0]
        assert (back["side"], back["tile"]) == ("back", front["tile"])
        mirror_x = assert_mirrored(back_page, front, back, duplex, offset)
        # the back shows the part of the back design behind this tile once the board is turned over
        fr, br = front["region"], back["region"]
        assert (br["x"], br["y"], br["w"], br["h"]) == pytest.approx((300 - fr["x"] - fr["w"], fr["y"], fr["w"], fr["h"]),
                                                                     abs=0.002)
        # and the PDF paints the back form exactly there
        (a, d, e, f, _), = placements(pdf.pages[n + 1])
        if mirror_x:
            assert (a, d) == (1, 1)
            assert ((e / MM) + br["x"], (f / MM) + br["y"]) == pytest.approx((back["x"], back["y"]), abs=0.01)
        else:
            assert (a, d) == (-1, -1)
            assert (e / MM - back["w"] - br["x"], f / MM - back["h"] - br["y"]) == pytest.approx(
                (back["x"], back["y"]), abs=0.01)
    assert {"id": "big", "kind": "board", "tiled": True, "backs": True} in manifest["components"]


def test_a_tiled_map_without_a_back_says_so_and_the_kit_still_prints_duplex_in_one_go(tmp_path):
    manifest, pdf = _kit(tmp_path, "long")
    assert {"id": "map", "kind": "map", "tiled": True, "backs": False} in manifest["components"]
    pages = manifest["pages"]
    assert len(pages) == len(pdf.pages)
    # fronts on odd pages, backs on even pages: whatever a page holds, its back is the next page
    assert [p["side"] for p in pages] == ["front", "back"] * (len(pages) // 2)
    map_fronts = [n for n, p in enumerate(pages) if any(i["component"] == "map" for i in p["items"])]
    assert map_fronts
    for n in map_fronts:
        assert pages[n + 1].get("blank") is True and pages[n + 1]["items"] == []
        assert placements(pdf.pages[n + 1]) == []
    assert "back left blank" in pdf.pages[map_fronts[0] + 1].extract_text()


def test_no_blank_pages_when_nothing_has_a_back(tmp_path):
    game = make_game(tmp_path / "kinds")
    build(str(game), "--out", str(tmp_path / "out"), "--no-backs")
    pages = json.loads((tmp_path / "out" / "kinds-a4.json").read_text())["pages"]
    assert {p["side"] for p in pages} == {"front"}


def _packed(tmp_path, game_toml: str):
    build(str(make_game(tmp_path / "kinds", **{"game.toml": game_toml})), "--out", str(tmp_path / "out"))
    manifest = json.loads((tmp_path / "out" / "kinds-a4.json").read_text())
    pages = manifest["pages"]
    n = next(i for i, p in enumerate(pages) if {"deck", "tokens"} <= {it["component"] for it in p["items"]})
    return pages, n


def test_a_small_component_starts_under_the_last_grid_of_the_one_before(tmp_path):
    pages, n = _packed(tmp_path, GAME)
    page = pages[n]
    deck = [i for i in page["items"] if i["component"] == "deck"]
    tokens = [i for i in page["items"] if i["component"] == "tokens"]
    assert len(deck) == 5 and len(tokens) == 4          # the deck's last five cards, then all four tokens
    gap = min(i["y"] for i in deck) - max(i["y"] + i["h"] for i in tokens)
    assert gap >= 3 + 4 + 3 - 1e-6                        # both bleeds and room for the crop marks between
    assert min(i["y"] for i in tokens) >= 11 + 3 + 3 - 1e-6   # footer, marks and bleed below
    back = pages[n + 1]
    assert back["side"] == "back"
    assert sorted((i["component"], i["id"], i["copy"]) for i in back["items"]) == \
        sorted((i["component"], i["id"], i["copy"]) for i in page["items"])
    for item in page["items"]:
        other = next(b for b in back["items"] if (b["component"], b["id"], b["copy"]) ==
                     (item["component"], item["id"], item["copy"]))
        assert_mirrored(back, item, other, "long", (0, 0))


def test_a_packed_component_without_backs_leaves_its_place_on_the_back_empty(tmp_path):
    single = GAME.replace('shape = "round"\ncopies = 2\nback = "marker"\n', 'shape = "round"\ncopies = 2\n')
    assert single != GAME
    pages, n = _packed(tmp_path, single)
    back = pages[n + 1]
    assert {i["component"] for i in back["items"]} == {"deck"} and len(back["items"]) == 5
