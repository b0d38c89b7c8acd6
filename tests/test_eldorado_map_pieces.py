"""Eldorado's map pieces and ship hold, read back from the built kit and poster PDFs: two party
counters fit side by side on one map square, ship markers fit a square (on the A2 poster too),
the kit's note says what a square holds with the sizes as printed, each ship card has a box
aboard and ashore for everything of the common pile (none ashore for cannons)."""
from __future__ import annotations

import json
import re
from collections import Counter

import pdfplumber
import pypdfium2 as pdfium
import pytest
from reportlab.lib.colors import HexColor
from typer.testing import CliRunner

from cards import load_game
from cards.models.eldorado.kinds import ITEMS, STAY_ABOARD
from cards.models.eldorado.pieces import Character
from generator.cli import app
from test_print_cutting import crop_marks

MM = 72 / 25.4
GAME = load_game("eldorado")
runner = CliRunner()


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("eldorado")
    result = runner.invoke(app, ["build", "eldorado", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out, json.loads((out / "eldorado-a4.json").read_text())


def _items(manifest: dict, component: str, side: str = "front") -> list[tuple[int, dict]]:
    return [(p["number"], i) for p in manifest["pages"] for i in p["items"]
            if i["component"] == component and i["side"] == side]


def _square(pdf_path, manifest: dict) -> float:
    """The side of a map square in mm, read from the PDF: how far apart the coordinates A1 and A2
    print on the map (not in a caption or footer). Found by pdfium's text search: pdfplumber would
    parse the whole map page (2.5 s) to find two words."""
    pdf = pdfium.PdfDocument(pdf_path)
    try:
        for number, item in _items(manifest, "map"):
            text = pdf[number - 1].get_textpage()
            x0, y0 = item["x"] * MM, item["y"] * MM
            x1, y1 = x0 + item["w"] * MM, y0 + item["h"] * MM
            tops = {}
            for word in ("A1", "A2"):
                search = text.search(word, match_case=True, match_whole_word=True)
                while (found := search.get_next()) is not None:
                    left, bottom, right, top = text.get_charbox(found[0])
                    if x0 <= left and right <= x1 and y0 <= bottom and top <= y1:
                        tops[word] = top
                        break
            if len(tops) == 2:
                return (tops["A1"] - tops["A2"]) / MM
    finally:
        pdf.close()
    raise AssertionError("no page shows the squares A1 and A2")


def _poster_square(out) -> float:
    return _square(out / "eldorado-poster-a2.pdf", json.loads((out / "eldorado-poster-a2.json").read_text()))


def _cut_lines(page, items: list[dict]) -> tuple[list[float], list[float]]:
    """The x and y (mm) of the crop marks that extend the cut lines around `items`."""
    x0, x1 = min(i["x"] for i in items), max(i["x"] + i["w"] for i in items)
    y0, y1 = min(i["y"] for i in items), max(i["y"] + i["h"] for i in items)
    marks = crop_marks(page)
    xs = sorted({round(m[1], 2) for m in marks if m[0] == "v" and x0 - 0.02 <= m[1] <= x1 + 0.02
                 and (y1 <= m[2] <= y1 + 1 or y0 - 1 <= m[3] <= y0)})
    ys = sorted({round(m[1], 2) for m in marks if m[0] == "h" and y0 - 0.02 <= m[1] <= y1 + 0.02
                 and (x1 <= m[2] <= x1 + 1 or x0 - 1 <= m[3] <= x0)})
    return xs, ys


def _printed_size(kit, component: str) -> tuple[float, float]:
    """A piece's width and height as its crop marks cut it, on the page it is printed on."""
    out, manifest = kit
    number, _ = _items(manifest, component)[0]
    items = [i for n, i in _items(manifest, component) if n == number]
    with pdfplumber.open(out / "eldorado-a4.pdf") as pdf:
        xs, ys = _cut_lines(pdf.pages[number - 1], items)
    widths = {round(b - a, 2) for a, b in zip(xs, xs[1:])}
    heights = {round(b - a, 2) for a, b in zip(ys, ys[1:])}
    assert len(widths) == 1 and len(heights) == 1, (component, xs, ys)
    return widths.pop(), heights.pop()


def test_two_party_counters_fit_side_by_side_on_a_map_square(kit):
    out, manifest = kit
    square = _square(out / "eldorado-a4.pdf", manifest)
    w, h = _printed_size(kit, "counters")
    assert 2 * w <= square and h <= square, (w, h, square)
    marker = _printed_size(kit, "ship-markers")
    poster = _poster_square(out)
    assert max(marker) <= min(square, poster), (marker, square, poster)     # a ship marker fits, on the poster too


def test_every_leader_has_counters_in_their_colour_and_every_ship_a_marker(kit):
    out, manifest = kit
    spec = GAME.component("counters").spec
    leaders = {c.id: c for c in GAME.records("character")}
    counters = _items(manifest, "counters")
    assert Counter(i["id"] for _, i in counters) == Counter({lid: spec.copies for lid in leaders})
    assert sorted(i["id"] for _, i in _items(manifest, "ship-markers")) == sorted(s.id for s in GAME.records("ship"))
    _assert_counter_colours(out / "eldorado-a4.pdf", counters, {lid: leader.party_colour for lid, leader in leaders.items()})


def _assert_counter_colours(pdf_path, counters, colours: dict) -> None:
    """Each counter is printed in its leader's colour (read beside the initial, inside the ring)."""
    pdf = pdfium.PdfDocument(pdf_path)
    scale = 200 / 72
    for number in {n for n, _ in counters}:
        image = pdf[number - 1].render(scale=scale).to_pil().convert("RGB")
        for _, item in [(n, i) for n, i in counters if n == number]:
            x = (item["x"] + 1.2) * MM * scale
            y = image.height - (item["y"] + item["h"] / 2) * MM * scale
            got = image.getpixel((int(x), int(y)))
            want = [round(v * 255) for v in HexColor(colours[item["id"]]).rgb()]
            assert all(abs(a - b) <= 16 for a, b in zip(got, want)), (item["id"], got, want)


def test_leaders_without_a_colour_take_one_from_their_initial(game_copy, tmp_path):
    """A folder written before party counters (its leaders name no colour) still builds, each party in a
    colour of its own; a colour a leader names is kept."""
    folder = game_copy("eldorado")
    path = folder / "characters.toml"
    path.write_text(re.sub(r'(?m)^colour = "#[0-9A-Fa-f]{6}"\n', "", path.read_text())
                    .replace('id = "cortes"', 'id = "cortes"\ncolour = "#1F5FA8"', 1))
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    leaders = {c.id: c for c in load_game(str(folder)).records("character")}
    assert [c.colour for c in leaders.values()].count(None) == len(leaders) - 1
    colours = {lid: c.party_colour for lid, c in leaders.items()}
    assert colours["cortes"] == "#1F5FA8" and len(set(colours.values())) == len(colours)
    _assert_counter_colours(out / "eldorado-a4.pdf",
                            _items(json.loads((out / "eldorado-a4.json").read_text()), "counters"), colours)


def test_initials_never_share_a_default_colour():
    colours = {Character.model_construct(initial=chr(c), colour=None).party_colour for c in range(65, 91)}
    assert len(colours) == 26


def test_the_kit_says_what_a_square_holds_with_the_printed_sizes(kit):
    out, manifest = kit
    home, poster = _square(out / "eldorado-a4.pdf", manifest), _poster_square(out)
    counter, _ = _printed_size(kit, "counters")
    number = _items(manifest, "counters")[0][0]
    with pdfplumber.open(out / "eldorado-a4.pdf") as pdf:
        text = " ".join(pdf.pages[number - 1].extract_text().split())
    note = text[text.index("Map pieces:"):]
    assert f"tiled map ({home:.1f} mm) holds two counters side by side" in note, note
    assert 2 * counter > poster     # so the note must tell A2 players to stack them
    assert f"A2 poster ({poster:.1f} mm squares): one counter: stack the second on it" in note, note


def test_ship_cards_have_a_box_aboard_and_ashore_for_each_thing_of_the_pile(kit):
    out, manifest = kit
    wanted = 2 * len(ITEMS) - len(STAY_ABOARD)
    with pdfplumber.open(out / "eldorado-a4.pdf") as pdf:
        for number, item in _items(manifest, "ships"):
            page = pdf.pages[number - 1]
            x0, x1 = item["x"] * MM, (item["x"] + item["w"]) * MM
            top, bottom = page.height - (item["y"] + item["h"]) * MM, page.height - item["y"] * MM
            card = page.crop((x0, top, x1, bottom))
            boxes = [r for r in card.rects if abs(r["width"] / MM - 13) < 0.1 and 3 < r["height"] / MM < 6]
            assert len(boxes) == wanted, (item["id"], len(boxes))
            words = " ".join(card.extract_text().split())
            assert "ABOARD" in words and "ASHORE" in words and words.count("stay aboard") == len(STAY_ABOARD)
            for thing in ITEMS:
                assert re.search(rf"\b{thing}", words), (item["id"], thing, words)
