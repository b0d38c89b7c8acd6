"""Small pieces share sheets, read back from the built PDFs: Gold and Steel's round tokens print in
the market trays' cut-away corners (clear of the net, no crop marks across it), so they cost no
sheet of their own, and no sheet of the kit is mostly empty."""
from __future__ import annotations

import json

import pdfplumber
import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from cards import load_game
from generator.cli import app
from generator.engine.impose import plan
from generator.engine.sheet import Options
from generator.templates import looks_for
from generator.engine.box import Box
from generator.templates.eternal_gold_and_steel.tray import net_panels
from test_engine_build import _clips
from test_print_cutting import crop_marks

MM = 72 / 25.4
GAME = "eternal-gold-and-steel"
TOKENS = ("gold", "sentinel", "attack-tokens")
runner = CliRunner()


@pytest.fixture(scope="module", params=["a4", "letter"])
def kit(request, tmp_path_factory):
    out, paper = tmp_path_factory.mktemp("kit"), request.param
    result = runner.invoke(app, ["build", GAME, "--paper", paper, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return json.loads((out / f"{GAME}-{paper}.json").read_text()), out / f"{GAME}-{paper}.pdf"


def test_tokens_take_no_sheet_of_their_own(kit):
    """The kit as printed has as many pages as the same kit planned without its tokens."""
    manifest, pdf_path = kit
    game = load_game(GAME)
    game.components = [c for c in game.components if c.spec.kind != "token"]
    assert len(game.components) == len(load_game(GAME).components) - len(TOKENS)
    bare = plan(game, Options(paper=manifest["paper"]), looks_for(game))
    assert manifest["pages"][0].get("guide")        # the printing guide, then its blank back
    assert len(PdfReader(pdf_path).pages) == 2 + len(bare)
    for page in manifest["pages"]:
        if page["side"] == "front" and any(i["component"] in TOKENS for i in page["items"]):
            assert any(i["component"] not in TOKENS for i in page["items"]), page["number"]


def _circles(page) -> list[tuple[float, float, float, float]]:
    """The black cut circles of a page, as (x0, y0, x1, y1) in mm from the bottom-left."""
    return [(c["x0"] / MM, (page.height - c["bottom"]) / MM, c["x1"] / MM, (page.height - c["top"]) / MM)
            for c in page.curves if c["stroke"] and abs(c["linewidth"] - 0.8) < 0.01
            and abs((c["x1"] - c["x0"]) - (c["bottom"] - c["top"])) < 0.1]


def test_tokens_print_in_the_tray_corners_clear_of_the_net(kit):
    manifest, pdf_path = kit
    tokens = [(p["number"], i) for p in manifest["pages"] for i in p["items"]
              if i["component"] in TOKENS and i["side"] == "front"]
    assert len(tokens) == 20 + 1 + 4
    bleed = 3.0
    with pdfplumber.open(pdf_path) as pdf:
        for number in sorted({n for n, _ in tokens}):
            page = manifest["pages"][number - 1]
            (tray,) = [i for i in page["items"] if i["component"] == "market-tray"]
            panels = net_panels(Box(tray["w"] * MM, tray["h"] * MM)).values()
            boxes = [(tray["x"] + min(x for x, _ in p), tray["y"] + min(y for _, y in p),
                      tray["x"] + max(x for x, _ in p), tray["y"] + max(y for _, y in p)) for p in panels]
            circles = _circles(pdf.pages[number - 1])
            assert len(circles) == sum(1 for n, _ in tokens if n == number)
            for x0, y0, x1, y1 in circles:
                assert tray["x"] <= x0 - bleed and x1 + bleed <= tray["x"] + tray["w"], (number, x0, x1)
                assert tray["y"] <= y0 - bleed and y1 + bleed <= tray["y"] + tray["h"], (number, y0, y1)
                for bx0, by0, bx1, by1 in boxes:        # the token's bleed stays off every panel of the net
                    assert x1 + bleed <= bx0 or bx1 <= x0 - bleed or y1 + bleed <= by0 or by1 <= y0 - bleed, \
                        (number, (x0, y0, x1, y1), (bx0, by0, bx1, by1))


def test_a_tray_sheets_back_carries_the_token_backs_and_no_marks(kit):
    manifest, pdf_path = kit
    with pdfplumber.open(pdf_path) as pdf:
        for page in manifest["pages"]:
            if page["side"] != "front" or not any(i["component"] == "market-tray" for i in page["items"]):
                continue
            behind = manifest["pages"][page["number"]]
            fronts = sorted((i["component"], i["id"], i["copy"]) for i in page["items"] if i["component"] in TOKENS)
            backs = sorted((i["component"], i["id"], i["copy"]) for i in behind["items"])
            assert behind["side"] == "back" and fronts == backs, page["number"]
            assert crop_marks(pdf.pages[behind["number"] - 1]) == []     # the tray is cut from the front


def test_no_sheet_is_mostly_empty(kit):
    """Each front sheet's faces (their clip rectangles in the PDF) cover at least half its printable area."""
    manifest, pdf_path = kit
    reader = PdfReader(pdf_path)
    for page in manifest["pages"]:
        if page["side"] != "front" or page.get("guide"):   # the printing guide holds text, no faces
            continue
        clips = _clips(reader.pages[page["number"] - 1])
        used = sum(w * h for _, _, w, h in clips)
        printable = (page["width"] - 12) * (page["height"] - 12)
        assert used >= printable / 2, (page["number"], round(used / printable, 2))
