"""Cutting and sorting the built kits, read back from the PDFs: round pieces have a printed
cut circle at their trim, bleeds of their own and punch sizes; crop marks point at real trim
edges (none under missing cards of a partial grid) and marks of two grids never crowd; every
page's footer names the game and what the page holds."""
from __future__ import annotations

import json
import math
from itertools import combinations

import pdfplumber
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from cards import BUILTIN, load_game
from generator.cli import app
from test_engine_build import _clips

MM = 72 / 25.4
PUNCHES_MM = (19.0, 25.0, 38.0)     # 3/4 in, 1 in, 1 1/2 in: the common craft circle punches
MARK_WIDTH = 0.6                     # pt, the crop mark width marks.py draws
MARK_GAP = 0.5                       # mm a mark starts outside the trim edge it extends
SPACING = 3.0                        # mm: marks of two grids at least this far apart
FLAPS = 13.0                         # mm: a standee's base flap (12 mm) or a die net's glue tab beyond its faces
runner = CliRunner()


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    out = tmp_path_factory.mktemp("kits")
    for paper in ("a4", "letter"):
        result = runner.invoke(app, ["build", "--paper", paper, "--out", str(out)])
        assert result.exit_code == 0, result.output
    return out


def _read(kits, name: str):
    manifest = json.loads((kits / f"{name}.json").read_text())
    return manifest, kits / f"{name}.pdf"


def _round_items(manifest: dict, side: str = "front") -> list[tuple[int, dict]]:
    shapes = {"gold", "sentinel", "attack-tokens"}
    return [(n, i) for n, p in enumerate(manifest["pages"]) for i in p["items"]
            if i["component"] in shapes and i["side"] == side]


def test_gold_and_steel_round_tokens_are_punch_sizes(kits):
    manifest, _ = _read(kits, "eternal-gold-and-steel-a4")
    tokens = _round_items(manifest)
    assert len(tokens) == 20 + 1 + 4
    for _, item in tokens:
        assert item["w"] == item["h"] and item["w"] in PUNCHES_MM, item


def test_every_round_token_front_has_a_printed_cut_circle_at_its_trim(kits):
    manifest, pdf_path = _read(kits, "eternal-gold-and-steel-a4")
    tokens = _round_items(manifest)
    with pdfplumber.open(pdf_path) as pdf:
        for number, item in tokens:
            page = pdf.pages[number]
            x0, x1 = item["x"] * MM, (item["x"] + item["w"]) * MM
            top, bottom = page.height - (item["y"] + item["h"]) * MM, page.height - item["y"] * MM
            circles = [c for c in page.curves if c["stroke"] and c["linewidth"] >= 0.5
                       and abs(c["x0"] - x0) < 0.1 and abs(c["x1"] - x1) < 0.1
                       and abs(c["top"] - top) < 0.1 and abs(c["bottom"] - bottom) < 0.1
                       and tuple(c["stroking_color"] or ()) in ((0,), (0, 0, 0))]
            assert circles, f"no black cut circle at the trim of {item['id']} copy {item['copy']} (page {number + 1})"


def test_round_tokens_bleed_on_every_side_without_touching_a_neighbour(kits):
    manifest, pdf_path = _read(kits, "eternal-gold-and-steel-a4")
    reader = PdfReader(pdf_path)
    pages = {n for n, _ in _round_items(manifest)} | {n for n, _ in _round_items(manifest, "back")}
    for number in pages:
        items = manifest["pages"][number]["items"]
        clips = _clips(reader.pages[number])
        assert len(clips) == len(items)
        rounds = [(i, c) for i, c in zip(items, clips)
                  if i["component"] in ("gold", "sentinel", "attack-tokens")]
        for item, (x, y, w, h) in rounds:
            assert (x, y, w, h) == pytest.approx((item["x"] - 3, item["y"] - 3, item["w"] + 6, item["h"] + 6), abs=0.01)
        for (_, a), (_, b) in combinations(rounds, 2):
            apart = a[0] + a[2] <= b[0] + 1e-6 or b[0] + b[2] <= a[0] + 1e-6 \
                or a[1] + a[3] <= b[1] + 1e-6 or b[1] + b[3] <= a[1] + 1e-6
            assert apart, f"bleeds overlap on page {number + 1}: {a} {b}"


Mark = tuple[str, float, float, float]      # ("v", x, y0, y1) or ("h", y, x0, x1), mm from the bottom-left


def crop_marks(page) -> list[Mark]:
    """Black axis-aligned strokes of the crop mark width, in mm from the page's bottom-left."""
    out = []
    for ln in page.lines:
        if abs(ln["linewidth"] - MARK_WIDTH) > 0.01 or tuple(ln["stroking_color"] or ()) not in ((0,), (0, 0, 0)):
            continue
        x0, x1 = ln["x0"] / MM, ln["x1"] / MM
        y0, y1 = (page.height - ln["bottom"]) / MM, (page.height - ln["top"]) / MM
        if abs(x1 - x0) < 0.01:
            out.append(("v", x0, y0, y1))
        elif abs(y1 - y0) < 0.01:
            out.append(("h", y0, x0, x1))
    return out


def _points_at_an_edge(mark: Mark, items: list[dict]) -> bool:
    """The mark lies on a trim edge of an item and starts MARK_GAP beyond that item's end."""
    kind, at, lo, hi = mark
    for item in items:
        if kind == "v":
            edges, start, end = (item["x"], item["x"] + item["w"]), item["y"], item["y"] + item["h"]
        else:
            edges, start, end = (item["y"], item["y"] + item["h"]), item["x"], item["x"] + item["w"]
        if any(abs(at - e) < 0.02 for e in edges) and (abs(lo - end - MARK_GAP) < 0.02 or abs(start - hi - MARK_GAP) < 0.02):
            return True
    return False


def _outlines(items: list[dict]) -> list[dict]:
    """One box around all the faces of each piece (a standee's two sides, a die net's six faces)."""
    pieces: dict[tuple, list[dict]] = {}
    for i in items:
        pieces.setdefault((i["component"], i["id"], i["copy"]), []).append(i)
    out = []
    for faces in pieces.values():
        x0, y0 = min(f["x"] for f in faces), min(f["y"] for f in faces)
        x1, y1 = max(f["x"] + f["w"] for f in faces), max(f["y"] + f["h"] for f in faces)
        out.append({"x": x0, "y": y0, "w": x1 - x0, "h": y1 - y0})
    return out


def _beside(mark: Mark, items: list[dict], by: float) -> bool:
    """The mark starts within `by` mm of one of `items` (a standee's base flaps, a die net's tabs)."""
    kind, at, lo, hi = mark
    for i in items:
        x0, x1, y0, y1 = i["x"] - by, i["x"] + i["w"] + by, i["y"] - by, i["y"] + i["h"] + by
        if (kind == "v" and x0 <= at <= x1 and (y0 <= lo <= y1 or y0 <= hi <= y1)) or \
                (kind == "h" and y0 <= at <= y1 and (x0 <= lo <= x1 or x0 <= hi <= x1)):
            return True
    return False


def _distance(a: Mark, b: Mark) -> float:
    across = abs(a[1] - b[1])
    along = max(0.0, max(a[2], b[2]) - min(a[3], b[3]))
    return math.hypot(across, along)


@pytest.mark.parametrize("name", ["el-dorado-canyon-a4", "el-dorado-canyon-letter", "eternal-gold-and-steel-a4",
                                  "eternal-gold-and-steel-letter", "eldorado-a4"])
def test_crop_marks_point_at_cards_and_marks_of_two_grids_keep_apart(kits, name):
    manifest, pdf_path = _read(kits, name)
    kinds = {c["id"]: c["kind"] for c in manifest["components"]}
    with pdfplumber.open(pdf_path) as pdf:
        for number, (page, read) in enumerate(zip(manifest["pages"], pdf.pages), 1):
            if not page["items"] or any("tile" in i for i in page["items"]):
                continue        # the map's tiles and overview: alignment marks, tested with the map
            marks = crop_marks(read)
            nets = _outlines([i for i in page["items"] if kinds[i["component"]] in ("standee", "die")])
            stray = [m for m in marks if not _points_at_an_edge(m, page["items"]) and not _beside(m, nets, FLAPS)]
            assert not stray, f"page {number}: marks pointing at no trim edge {stray[:3]}"
            for a, b in combinations(marks, 2):
                if a[0] == b[0] and abs(a[1] - b[1]) > 0.02:      # parallel, on different cut lines
                    assert _distance(a, b) >= SPACING - 0.01, f"page {number}: marks {a} and {b} too close"


def _footer(text_page, items: list[dict]) -> str:
    """The page's characters that lie on no item nor its 3 mm bleed (in the margins, where the footer is).

    Read with pdfium (pypdfium2), not pdfplumber: the same characters in a twentieth of the
    time, which matters on Eldorado's map pages (4,000 characters and 6,000 paths each, redrawn
    on every tile). Spaces pdfium itself inserts between words are left out, as pdfplumber
    knows none."""
    kept = []
    for i in range(text_page.count_chars()):
        if pdfium.raw.FPDFText_IsGenerated(text_page, i) == 1:
            continue
        left, bottom, right, top = text_page.get_charbox(i)
        x, y = (left + right) / 2 / MM, (bottom + top) / 2 / MM
        if not any(f["x"] - 3 <= x <= f["x"] + f["w"] + 3 and f["y"] - 3 <= y <= f["y"] + f["h"] + 3 for f in items):
            kept.append(text_page.get_text_range(i, 1))
    return "".join(kept)


@pytest.mark.parametrize("game", BUILTIN)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_footer_names_the_game_and_the_components_on_its_page(kits, game, paper):
    loaded = load_game(game)
    names = {c.id: c.spec.name for c in loaded.components}
    manifest, pdf_path = _read(kits, f"{game}-{paper}")
    pdf = pdfium.PdfDocument(pdf_path)
    try:
        total = len(pdf)
        for number, (page, read) in enumerate(zip(manifest["pages"], pdf), 1):
            footer = _footer(read.get_textpage(), page["items"])
            assert f"{loaded.name} \u00b7 " in footer and f"page {number} of {total}" in footer, (number, footer[-200:])
            for component in dict.fromkeys(i["component"] for i in page["items"]):
                assert names[component] in footer, (number, names[component], footer[-200:])
    finally:
        pdf.close()


@pytest.mark.parametrize("game", ["el-dorado-canyon", "eternal-gold-and-steel"])
def test_cut_lines_stroke_every_trim_edge_and_circle_at_least_0_5_pt(tmp_path, game):
    """`--cut-lines`: a grey line on every trim edge (a circle round a round piece) of every piece on every page,
    as wide as a crop mark (print.md: at least 0.5 pt, so it survives printing; it was 0.3 pt)."""
    result = runner.invoke(app, ["build", game, "--cut-lines", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / f"{game}-a4.json").read_text())
    missing, checked = [], 0
    with pdfplumber.open(tmp_path / f"{game}-a4.pdf") as pdf:
        for page, listed in zip(pdf.pages, manifest["pages"]):
            grey = [(o["x0"] / MM, (page.height - o["bottom"]) / MM, o["x1"] / MM, (page.height - o["top"]) / MM)
                    for o in page.rects + page.curves
                    if o["stroke"] and o["linewidth"] >= MARK_WIDTH - 1e-6 and o["stroking_color"] == (0.5, 0.5, 0.5)]
            for item in listed["items"]:
                box = (item["x"], item["y"], item["x"] + item["w"], item["y"] + item["h"])   # a circle's too
                checked += 1
                if not any(all(abs(a - b) < 0.05 for a, b in zip(line, box)) for line in grey):
                    missing.append((listed["number"], item["component"], item["id"], item["side"]))
    assert checked > 100 and missing == []
