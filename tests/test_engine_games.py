"""The three built-in games build, poppler renders their pages without a word on stderr, and
no footer or scale bar covers a face on A4 or Letter, for either flip, with or without a back offset;
footer and scale bar stay inside the 6 mm printer margin.

Rendering all ~150 pages costs seconds (every map tile paints the whole map), so
this renders, per PDF, the first page holding each component's fronts, the first
holding its backs, the first blank back and the first page of each kind of label
(overview, tile): every distinct form and every kind of page once.
"""
from __future__ import annotations

import json
import subprocess

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from cards import BUILTIN, load_game
from generator.cli import app
from generator.engine.impose import plan
from generator.engine.marks import side_edges, crop_marks, info_place
from generator.engine.posters import poster_pages
from generator.engine.render import footers
from generator.engine.sheet import Options
from test_engine_build import assert_mirrored, form_matrices

MM = 72 / 25.4


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("games")
    for paper in ("a4", "letter"):
        result = CliRunner().invoke(app, ["build", "--out", str(out), "--paper", paper])
        assert result.exit_code == 0, result.output
    return out


def _sample(manifest: dict) -> list[int]:
    """Page numbers: one per (component, side), per blank back and per footer label."""
    seen: dict[tuple, int] = {}
    for page in manifest["pages"]:
        keys = {(i["component"], i["side"]) for i in page["items"]}
        keys.add(("blank",) if page.get("blank") else ("page", page["side"], not page["items"]))
        for key in keys:
            seen.setdefault(key, page["number"])
    return sorted(set(seen.values()))


def test_all_three_games_are_built(built):
    names = {p.name for p in built.iterdir()}
    for game in BUILTIN:
        assert {f"{game}-a4.pdf", f"{game}-a4.json"} <= names
        kinds = {c["kind"] for c in json.loads((built / f"{game}-a4.json").read_text())["components"]}
        posters = {f"{game}-poster-{size}.{ext}" for size in ("a2", "a1") for ext in ("pdf", "json")}
        assert posters <= names if "map" in kinds else not posters & names


@pytest.mark.parametrize("game", list(BUILTIN))
def test_poppler_renders_every_kind_of_page_without_errors(built, game):
    for stem in (f"{game}-a4", f"{game}-letter", f"{game}-poster-a2", f"{game}-poster-a1"):
        if not (built / f"{stem}.json").exists():
            continue
        manifest = json.loads((built / f"{stem}.json").read_text())
        pages = _sample(manifest)
        assert pages[0] == 1
        for number in pages:
            done = subprocess.run(["pdftoppm", "-r", "8", "-gray", "-f", str(number), "-l", str(number),
                                   str(built / f"{stem}.pdf")], capture_output=True)
            assert done.returncode == 0 and done.stderr == b"", (stem, number, done.stderr.decode())
            assert done.stdout.startswith(b"P5")        # a page image was produced


def _scale_bars(reader: PdfReader, page) -> list[tuple[float, float, float, float]]:
    """Page-space (x0, y0, x1, y1) of the stroked 100 mm rectangle of every scale bar placed on `page`."""
    forms = page["/Resources"]["/XObject"]
    out = []
    for m, name in form_matrices(page):
        if name.endswith("scalebar"):
            form = forms[name].get_object()
            rects = [[float(v) for v in o] for o, op in ContentStream(form, reader).operations if op == b"re"]
            x, y, w, h = max(rects, key=lambda r: r[2])            # the outline round the ten segments
            corners = [(m[0] * px + m[2] * py + m[4], m[1] * px + m[3] * py + m[5])
                       for px in (x, x + w) for py in (y, y + h)]
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            out.append((min(xs), min(ys), max(xs), max(ys)))
    return out


@pytest.mark.parametrize("game", list(BUILTIN))
def test_every_page_has_a_100_mm_scale_bar_inside_the_printer_margin(built, game):
    stems = [f"{game}-a4", f"{game}-letter"] + [f"{game}-poster-{s}" for s in ("a2", "a1")]
    for stem in (s for s in stems if (built / f"{s}.pdf").exists()):
        reader = PdfReader(built / f"{stem}.pdf")
        for number, page in enumerate(reader.pages, 1):
            bars = _scale_bars(reader, page)
            assert len(bars) == 1, (stem, number)
            x0, y0, x1, y1 = bars[0]
            assert max(x1 - x0, y1 - y0) == pytest.approx(100 * MM, abs=0.01)      # measured on the page
            w, h = float(page.mediabox.width), float(page.mediabox.height)
            assert min(x0, y0, w - x1, h - y1) >= 6 * MM - 0.01, (stem, number, min(x0, y0, w - x1, h - y1) / MM)


def _overlaps(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _check_marks(page, info) -> None:
    """Every cut line has a mark at each side of its block its cells touch, at least 3 mm long, touching no face."""
    lines = crop_marks(page, info)
    for block in page.blocks:
        hx, hy, hw, hh = block.hull
        for side, edges in side_edges(block).items():
            for at in edges:
                if side in ("top", "bottom"):
                    on = [ln for ln in lines if ln[0] == ln[2] == at
                          and (min(ln[1], ln[3]) >= hy + hh if side == "top" else max(ln[1], ln[3]) <= hy)]
                else:
                    on = [ln for ln in lines if ln[1] == ln[3] == at
                          and (min(ln[0], ln[2]) >= hx + hw if side == "right" else max(ln[0], ln[2]) <= hx)]
                lengths = [abs(ln[3] - ln[1]) + abs(ln[2] - ln[0]) for ln in on]
                assert lengths and min(lengths) >= 3 * MM, (side, at / MM, [v / MM for v in lengths])
    for x0, y0, x1, y1 in lines:
        mark = (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        assert not any(_overlaps(mark, i.rect) for i in page.items)


@pytest.mark.parametrize("game", list(BUILTIN))
def test_footer_scale_bar_and_crop_marks_on_any_paper_or_flip(game):
    loaded = load_game(game)
    for paper in ("a4", "letter"):
        for duplex, offset in (("long", (0, 0)), ("short", (0, 0)), ("long", (2, -2)), ("short", (-2, 2))):
            for number, page in enumerate(plan(loaded, Options(paper=paper, duplex=duplex, back_offset=offset)), 1):
                info = info_place(page, footers(loaded, page, number, 99))
                x, y, w, h = info.rect
                assert 0 <= x and 0 <= y and x + w <= page.w and y + h <= page.h
                if page.side == "front" or offset == (0, 0):   # only a measured back offset may push it nearer
                    assert min(x, y, page.w - x - w, page.h - y - h) >= 6 * MM - 1e-6, (paper, number, info)
                assert (info.apart or info).text.endswith(f"page {number} of 99")
                for rect in [i.clip for i in page.items] + [b.reach for b in page.blocks]:
                    for placed in info.rects:   # the scale bar's band, and the footer text's when it sits apart
                        assert not _overlaps(placed, rect), (paper, duplex, offset, number, page.label)
                if page.side == "front" or offset == (0, 0):   # a shifted back may lose mark length to the edge
                    _check_marks(page, info)
    for size in ("a2", "a1"):
        for page in poster_pages(loaded, Options(), size):
            assert not any(_overlaps(info_place(page).rect, i.clip) for i in page.items)


@pytest.mark.parametrize("paper,size", [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
@pytest.mark.parametrize("game", list(BUILTIN))
def test_manifest_contract_on_every_page_of_every_game(built, game, paper, size):
    """print.md's manifest, read back: keys, page sizes, trim boxes on the paper inside the 6 mm margin,
    every sheet of fronts followed by its backs, mirrored for a long-edge flip."""
    manifest = json.loads((built / f"{game}-{paper}.json").read_text())
    assert manifest["game"] == game and manifest["paper"] == paper
    pages = manifest["pages"]
    assert [p["number"] for p in pages] == list(range(1, len(pages) + 1))
    assert len(PdfReader(built / f"{game}-{paper}.pdf").pages) == len(pages)
    kinds = {c["id"]: c["kind"] for c in manifest["components"]}
    for page in pages:
        w, h = page["width"], page["height"]
        assert (w, h) in (size, size[::-1])
        for item in page["items"]:
            assert {"component", "id", "copy", "side", "x", "y", "w", "h"} <= set(item) and item["side"] in ("front", "back")
            assert item["x"] >= 6 - 1e-6 and item["y"] >= 6 - 1e-6, (page["number"], item)
            assert item["x"] + item["w"] <= w - 6 + 1e-6 and item["y"] + item["h"] <= h - 6 + 1e-6, (page["number"], item)
        assert {i["component"] for i in page["items"]} <= set(kinds)
    # duplex in one go: odd pages are fronts, each even page the back of the sheet before it
    assert [p["side"] for p in pages] == ["front", "back"] * (len(pages) // 2)
    for front, back in zip(pages[0::2], pages[1::2]):
        fronts = {(i["component"], i["id"], i["copy"], i.get("die_face")): i for i in front["items"]}
        for item in back["items"]:
            mate = fronts[item["component"], item["id"], item["copy"], item.get("die_face")]
            if kinds[item["component"]] in ("card", "token", "board", "map"):
                assert_mirrored(back, mate, item, "long", (0, 0))


def test_a_3_by_3_grid_of_poker_cards_abuts_on_a4_and_letter(built):
    for paper in ("a4", "letter"):
        first = json.loads((built / f"el-dorado-canyon-{paper}.json").read_text())["pages"][2]   # after the guide and its back
        cards = first["items"]
        assert len(cards) == 9 and {(i["w"], i["h"]) for i in cards} == {(63.5, 88.9)}
        xs, ys = sorted({i["x"] for i in cards}), sorted({i["y"] for i in cards})
        assert len(xs) == len(ys) == 3
        assert [round(b - a, 3) for a, b in zip(xs, xs[1:])] == [63.5, 63.5]   # one cut serves two cards
        assert [round(b - a, 3) for a, b in zip(ys, ys[1:])] == [88.9, 88.9]
