"""Eldorado's kit as `generator build` writes it, read back from its manifest and PDF (A4 and Letter).

The map is found on the tiled pages through each tile's manifest region: a point of
the map at (mx, my) mm is on the tile's page at item.x + mx - region.x, item.y + my - region.y.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from cards import load_game
from cards.models.eldorado import ICONS, chart_of
from cards.models.eldorado.coords import column_name
from generator.cli import app
from generator.engine.icons import form_name, icon_scope, lookup
from generator.templates import eldorado as templates  # importing it registers the icons
from generator.templates.eldorado.chart_layout import BAND, MapLayout

MM = 72 / 25.4
GLUE_MM = 10.0          # the overlap strip the README and the overview page promise
PRINTER_MARGIN_MM = 6.0  # print.md: at least 6 mm of printer margin
SCOPE = templates.__name__
GAME = load_game("eldorado")
CHART = chart_of(GAME)
MAP_W, MAP_H = GAME.component("map").spec.size_mm
LAY = MapLayout.fit(MAP_W, MAP_H, CHART.width, CHART.height)  # in mm: the layout only scales


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass
class Kit:
    paper: str
    folder: Path
    manifest: dict
    pdf: pdfium.PdfDocument
    raw: bytes
    _textpages: dict = field(default_factory=dict)
    _map_words: dict | None = None

    def items(self, component: str, side: str | None = None) -> list[tuple[dict, dict]]:
        return [(page, item) for page in self.manifest["pages"] for item in page["items"]
                if item["component"] == component and (side is None or item["side"] == side)]

    def tiles(self) -> list[tuple[dict, dict]]:
        return [(page, item) for page, item in self.items("map") if "tile" in item]

    def _textpage(self, number: int):
        if number not in self._textpages:
            self._textpages[number] = self.pdf[number - 1].get_textpage()
        return self._textpages[number]

    def text(self, page_number: int, rect_mm: tuple[float, float, float, float] | None = None) -> str:
        """The text of a page, or of the (x, y, w, h) mm rectangle of it."""
        textpage = self._textpage(page_number)
        if rect_mm is None:
            return textpage.get_text_range()
        x, y, w, h = (v * MM for v in rect_mm)
        return textpage.get_text_bounded(x, y, x + w, y + h)

    def words(self, page_number: int) -> list[tuple[str, Box]]:
        return page_words(self._textpage(page_number))

    def map_words(self) -> dict[str, list[Box]]:
        """Every word wholly visible on some tile, by text, with its box in map mm (from the map's bottom-left)."""
        if self._map_words is None:
            found: dict[str, list[Box]] = {}
            for page, item in self.tiles():
                r = item["region"]
                dx, dy = r["x"] - item["x"], r["y"] - item["y"]
                for word, (x0, y0, x1, y1) in self.words(page["number"]):
                    box = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
                    if r["x"] <= box[0] and box[2] <= r["x"] + r["w"] and r["y"] <= box[1] and box[3] <= r["y"] + r["h"]:
                        found.setdefault(word, []).append(box)
            self._map_words = found
        return self._map_words

    def on_map(self, word: str, x0: float, y0: float, x1: float, y1: float) -> bool:
        """Is `word` printed, whole on one tile, with its centre in the map rectangle (mm)?"""
        return any(x0 <= (b[0] + b[2]) / 2 <= x1 and y0 <= (b[1] + b[3]) / 2 <= y1
                   for b in self.map_words().get(word, []))


def page_words(textpage) -> list[tuple[str, Box]]:
    """Each word of a page with its box in mm (pdfium gives one box per character)."""
    text = textpage.get_text_range()
    out, chars, boxes = [], [], []
    for i, ch in enumerate(text + " "):
        if ch.isspace():
            if chars:
                out.append(("".join(chars), (min(b[0] for b in boxes) / MM, min(b[1] for b in boxes) / MM,
                                             max(b[2] for b in boxes) / MM, max(b[3] for b in boxes) / MM)))
            chars, boxes = [], []
        else:
            chars.append(ch)
            boxes.append(textpage.get_charbox(i))
    return out


runner = CliRunner()


@pytest.fixture(scope="module", params=["a4", "letter"])
def kit(request, tmp_path_factory) -> Kit:
    """The real build, once per paper."""
    paper = request.param
    out = tmp_path_factory.mktemp(f"eldorado-{paper}")
    result = runner.invoke(app, ["build", "eldorado", "--paper", paper, "--out", str(out)])
    assert result.exit_code == 0, result.output
    raw = (out / f"eldorado-{paper}.pdf").read_bytes()
    manifest = json.loads((out / f"eldorado-{paper}.json").read_text())
    return Kit(paper, out, manifest, pdfium.PdfDocument(raw), raw)


# --- the tiled map ---------------------------------------------------------------------

def test_tiles_cover_the_whole_map_and_nothing_else(kit):
    regions = [(i["region"]["x"], i["region"]["y"], i["region"]["w"], i["region"]["h"]) for _, i in kit.tiles()]
    for (_, item), (x, y, w, h) in zip(kit.tiles(), regions):
        assert (item["w"], item["h"]) == (w, h)                 # printed at 100 %
        assert x >= 0 and y >= 0 and x + w <= MAP_W + 1e-6 and y + h <= MAP_H + 1e-6
    xs = sorted({0.0, MAP_W} | {v for x, _, w, _ in regions for v in (x, x + w)})
    ys = sorted({0.0, MAP_H} | {v for _, y, _, h in regions for v in (y, y + h)})
    for x0, x1 in zip(xs, xs[1:]):
        for y0, y1 in zip(ys, ys[1:]):
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            assert any(x <= cx <= x + w and y <= cy <= y + h for x, y, w, h in regions), \
                f"map point ({cx:.1f}, {cy:.1f}) mm is on no tile"


def test_neighbouring_tiles_overlap_by_the_glue_strip(kit):
    grid = {(i["tile"]["row"], i["tile"]["column"]): i["region"] for _, i in kit.tiles()}
    rows, cols = kit.tiles()[0][1]["tile"]["rows"], kit.tiles()[0][1]["tile"]["columns"]
    assert (rows, cols) == (3, 3)                      # the README's 9 tiles, on A4 and on Letter alike
    assert sorted(grid) == [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    assert len({(region["w"], region["h"]) for region in grid.values()}) == 1   # equal tiles: one way to cut them
    for (r, c), region in grid.items():
        if c < cols:
            right = grid[r, c + 1]
            assert region["x"] + region["w"] - right["x"] == pytest.approx(GLUE_MM, abs=1e-3)
            assert (region["y"], region["h"]) == (right["y"], right["h"])
        if r < rows:
            below = grid[r + 1, c]                      # rows count from the north, map y from the south
            assert below["y"] + below["h"] - region["y"] == pytest.approx(GLUE_MM, abs=1e-3)
            assert (region["x"], region["w"]) == (below["x"], below["w"])


def test_tiles_leave_the_printer_its_margin(kit):
    for page, item in kit.tiles():
        margin = min(item["x"], item["y"], page["width"] - item["x"] - item["w"], page["height"] - item["y"] - item["h"])
        assert margin >= PRINTER_MARGIN_MM, (item["tile"], margin)


def test_the_map_opens_the_kit_one_sheet_per_page_with_blank_backs(kit):
    """Overview, then the tiles row by row, each front on its own sheet: the map has no back design."""
    pages = kit.manifest["pages"]
    (entry,) = [c for c in kit.manifest["components"] if c["id"] == "map"]
    assert entry == {"id": "map", "kind": "map", "tiled": True, "backs": False}
    assert [p["side"] for p in pages] == ["front", "back"] * (len(pages) // 2)   # the whole PDF prints duplex
    fronts = [p for p in pages if p["side"] == "front" and not p.get("guide")]
    tiles = kit.tiles()
    assert [p["number"] for p, _ in tiles] == [p["number"] for p in fronts[1:1 + len(tiles)]]
    assert [(i["tile"]["row"], i["tile"]["column"]) for _, i in tiles] == [(r, c) for r in (1, 2, 3) for c in (1, 2, 3)]
    for page in fronts[:1 + len(tiles)]:                  # the overview and every tile
        behind = pages[page["number"]]                    # numbers are 1-based: this is the next page
        assert behind.get("blank") is True and behind["items"] == [], page["number"]
        assert len(page["items"]) <= 1                    # one tile a page, nothing else cut from it


def test_each_tile_page_names_its_place_and_the_overview_comes_first(kit):
    for page, item in kit.tiles():
        assert f"row {item['tile']['row']}, column {item['tile']['column']}" in kit.text(page["number"])
    overview = kit.manifest["pages"][2]                  # after the printing guide and its blank back
    assert overview["side"] == "front" and overview["items"] == []   # the thumbnail is not a piece to cut out
    text = kit.text(overview["number"])
    assert "3 x 3 tiles" in text and "glue each tile over the strip" in text
    assert "no back side" in text                         # why every tile is followed by a blank page


def test_every_square_coordinate_is_printed_in_its_square(kit):
    missing = []
    for row in range(CHART.height):
        for col in range(CHART.width):
            x, y = LAY.corner(col, row)
            name = f"{column_name(col)}{row + 1}"
            if not kit.on_map(name, x, y + LAY.s / 2, x + LAY.s / 2, y + LAY.s):   # its top-left quarter
                missing.append(name)
    assert not missing, f"coordinates not printed in their squares: {missing[:10]}"


def test_coordinates_run_along_every_edge_of_the_tiled_map(kit):
    band = BAND * LAY.s
    for col in range(CHART.width):
        x = LAY.x0 + col * LAY.s
        for y in (LAY.top, LAY.y0 - band):
            assert kit.on_map(column_name(col), x, y, x + LAY.s, y + band), (column_name(col), y)
    for row in range(CHART.height):
        y = LAY.corner(0, row)[1]
        for x in (LAY.x0 - band, LAY.x0 + LAY.width):
            assert kit.on_map(str(row + 1), x, y, x + band, y + LAY.s), (row + 1, x)


# --- the cards and pieces --------------------------------------------------------------

def _fronts(kit: Kit, component: str) -> Counter:
    return Counter(item["id"] for _, item in kit.items(component, "front"))


def test_kit_holds_every_piece_in_its_numbers(kit):
    ships = {s.id: s for s in GAME.records("ship")}
    assert _fronts(kit, "ships") == Counter({sid: 1 for sid in ships})
    assert sorted(s.sail for s in ships.values()) == sorted("PCBHFR")
    assert _fronts(kit, "eldorado") == Counter({cid: 1 for cid in CHART.cities})
    records = GAME.records("supply")
    assert _fronts(kit, "supply") == Counter({s.id: s.copies for s in records})
    points = Counter()
    for s in records:
        points[s.item] += s.value * s.copies
    assert set(points) == {"soldier", "barrel", "musket", "cannon", "treasure"}
    # six players: six crews and six provision rolls of up to 6, a musket and up to 2 cannons each
    assert points["soldier"] >= 36 and points["barrel"] >= 36
    assert points["musket"] >= 6 and points["cannon"] >= 12 and points["treasure"] >= 18
    standees = Counter(item["id"] for _, item in kit.items("characters"))
    assert standees == Counter({c.id: 2 for c in GAME.records("character")}) and len(standees) == 6  # two sides
    die = [item for _, item in kit.items("die")]
    assert sorted(item["die_face"] for item in die) == [1, 2, 3, 4, 5, 6]
    assert _fronts(kit, "reference") == Counter({"eldorado-turn": 6})


@pytest.mark.parametrize("deck", ["ships", "eldorado", "supply", "reference"])
def test_every_deck_card_has_its_back_on_the_next_page(kit, deck):
    pages = kit.manifest["pages"]
    for page, item in kit.items(deck, "front"):
        behind = pages[page["number"]]                 # numbers are 1-based: this is the next page
        assert behind["side"] == "back"
        assert any(b["component"] == deck and b["id"] == item["id"] and b["copy"] == item["copy"]
                   and b["side"] == "back" for b in behind["items"]), (deck, item["id"], item["copy"])


def _face_words(kit: Kit, page: dict, item: dict) -> list[str]:
    return kit.text(page["number"], (item["x"], item["y"], item["w"], item["h"])).split()


def test_faces_show_what_the_pieces_promise(kit):
    ships = {s.id: s for s in GAME.records("ship")}
    for page, item in kit.items("ships", "front"):
        assert ships[item["id"]].sail in _face_words(kit, page, item)
    for page, item in kit.items("eldorado", "front"):
        city = CHART.cities[item["id"]]
        words = _face_words(kit, page, item)
        assert city.square in words and all(part in words for part in city.name.split()), words
    characters = {c.id: c for c in GAME.records("character")}
    for page, item in kit.items("characters"):
        hero = characters[item["id"]]
        words = " ".join(_face_words(kit, page, item))
        for text in (hero.initial, hero.nation, hero.port, *hero.name.split()):
            assert text in words, (hero.id, text, words)
    for page, item in kit.items("reference", "front"):
        words = " ".join(_face_words(kit, page, item))
        assert "Turn summary" in words and all(s.title in words for s in GAME.records("reference")[0].sections)


POSTERS = {"a1": (841.0, 594.0), "a2": (594.0, 420.0)}  # landscape, like the map
POSTER_FRAME_MM, POSTER_CAPTION_MM = 14.0, 8.0           # the engine's margin round the map and caption band


@pytest.mark.parametrize("paper", sorted(POSTERS))
def test_posters_show_the_whole_map_at_the_largest_scale_that_fits(kit, paper):
    """Full size on A1; shrunk to fit on A2, with the scale printed and every square where it belongs."""
    poster = json.loads((kit.folder / f"eldorado-poster-{paper}.json").read_text())
    (page,) = poster["pages"]
    width, height = POSTERS[paper]
    assert (page["width"], page["height"]) == (width, height)
    (item,) = page["items"]
    room = min((width - 2 * POSTER_FRAME_MM) / MAP_W, (height - 2 * POSTER_FRAME_MM - POSTER_CAPTION_MM) / MAP_H)
    scale = min(1.0, room)
    assert item.get("scale", 1.0) == pytest.approx(scale, abs=1e-4)
    assert (item["component"], item["w"], item["h"]) == pytest.approx(("map", MAP_W * scale, MAP_H * scale), abs=0.002)
    assert min(item["x"], item["y"], width - item["x"] - item["w"], height - item["y"] - item["h"]) >= PRINTER_MARGIN_MM
    pdf = pdfium.PdfDocument((kit.folder / f"eldorado-poster-{paper}.pdf").read_bytes())
    textpage = pdf[0].get_textpage()
    size = f"{MAP_W:g} x {MAP_H:g} mm"
    caption = f"full size ({size})" if scale == 1.0 else f"map at {scale * 100:.1f} % of full size ({size})"
    assert f"{paper.upper()} poster, {caption}" in textpage.get_text_range()
    words: dict[str, list[Box]] = {}
    for word, box in page_words(textpage):
        words.setdefault(word, []).append(box)
    for col, row in ((0, 0), (CHART.width - 1, 0), (0, CHART.height - 1), (CHART.width - 1, CHART.height - 1)):
        x, y = LAY.corner(col, row)                       # the square's top-left quarter, scaled onto the poster
        x0, y0 = item["x"] + x * scale, item["y"] + (y + LAY.s / 2) * scale
        x1, y1 = x0 + LAY.s / 2 * scale, y0 + LAY.s / 2 * scale
        name = f"{column_name(col)}{row + 1}"
        assert any(x0 <= (b[0] + b[2]) / 2 <= x1 and y0 <= (b[1] + b[3]) / 2 <= y1 for b in words.get(name, [])), name


# --- icons ------------------------------------------------------------------------------

def test_every_declared_icon_is_drawn_by_the_eldorado_templates():
    with icon_scope(SCOPE, ICONS):
        owners = {name: lookup(name)[0] for name in ICONS}
    assert owners == {name: SCOPE for name in ICONS}


def test_turn_summary_places_the_charts_own_icons(kit):
    used = {name for s in GAME.records("reference")[0].sections for line in s.lines
            for name in ICONS if f":{name}:" in line}
    assert used >= {"soldier", "barrel", "musket", "cannon"}
    for name in used:
        assert form_name(SCOPE, name).encode() in kit.raw, name        # drawn once as a form, placed in text
    assert b"placeholder" not in kit.raw


def test_turn_summary_prints_the_combat_rules_players_forget(kit):
    """Combat Rules: barrels at sea, the prisoner on a winning 1 or 2, Indian luck on an even roll."""
    page, item = next(iter(kit.items("reference", "front")))
    words = " ".join(_face_words(kit, page, item))
    for phrase in ("At sea the winner also takes 1", "per 2 points", "Won with a roll of 1 or 2", "prisoner",
                   "Even roll: Indian luck, roll again", "that many enemy"):
        assert phrase in words, (phrase, words)


def test_five_value_common_cards_let_six_parties_of_fifteen_hold_few_cards(kit):
    """A 15-soldier party is three cards: the fives are printed, their worth in the corners, enough for six."""
    fives = {s.id: s for s in GAME.records("supply") if s.value == 5}
    assert {s.item for s in fives.values()} >= {"soldier", "barrel", "treasure"}
    soldiers = sum(s.copies for s in fives.values() if s.item == "soldier")
    assert soldiers >= 6 * 3                                       # six parties of 15 soldiers in fives
    for page, item in kit.items("supply", "front"):
        if item["id"] in fives:
            words = _face_words(kit, page, item)
            assert words.count("5") >= 2 and fives[item["id"]].name.split()[-1].upper() in words, words
