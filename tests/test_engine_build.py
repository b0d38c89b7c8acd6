"""The home-print kit read back from the PDF: pages, trim boxes, crop marks, duplex backs, fonts, files."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from generator.cli import app
from madeup_games import deck, game_toml

MM = 72 / 25.4
runner = CliRunner()

GAME = game_toml("kinds", "Every Kind", (2, 4), [
    deck(copies=2),
    {"id": "tokens", "name": "Tokens", "kind": "token", "schema": "marker", "file": "tokens.toml", "size": "25x25mm",
     "shape": "round", "copies": 2, "back": "marker"},
    {"id": "stands", "name": "Stands", "kind": "standee", "schema": "marker", "file": "stands.toml", "size": "40x60mm"},
    {"id": "dice", "name": "Dice", "kind": "die", "schema": "marker", "file": "dice.toml", "size": "18x18mm"},
    {"id": "map", "name": "Map", "kind": "map", "schema": "marker", "file": "map.toml", "size": "500x400mm"},
])
DECK = "".join(f"""
[[cards]]
id = "ref-{i}"
name = "Reference {i}"

[[cards.sections]]
title = "Turn"
lines = ["Take 1 :gold: gold", "Lose 1 :health: health"]
""" for i in range(1, 8))


def _marker_file(*ids: str) -> str:
    return "".join(f'[[cards]]\nid = "{i}"\nname = "{i.title()}"\nicon = "gold"\nvalue = 1\n' for i in ids)


def make_game(folder: Path, **replace: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    files = {"game.toml": GAME, "deck.toml": DECK, "tokens.toml": _marker_file("coin", "heart"),
             "stands.toml": _marker_file("ada", "bob"), "dice.toml": _marker_file("sea-die"),
             "map.toml": _marker_file("chart")}
    files.update(replace)
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def build(*args: str) -> None:
    result = runner.invoke(app, ["build", *args])
    assert result.exit_code == 0, result.output


def form_matrices(page) -> list[tuple[tuple[float, ...], str]]:
    """(matrix, name) of every form object placed on a page, the matrix read from the content stream."""
    ops = ContentStream(page.get_contents(), page.pdf).operations
    out, stack, m = [], [], (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for operands, op in ops:
        if op == b"q":
            stack.append(m)
        elif op == b"Q":
            m = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = m
            m = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        elif op == b"Do":
            out.append((m, str(operands[0])))
    return out


def placements(page) -> list[tuple[float, float, float, float, str]]:
    """Every face form placed on a page: (a, d, e, f, name) of its matrix (not the footer's scale bar)."""
    return [(m[0], m[3], m[4], m[5], name) for m, name in form_matrices(page) if not name.endswith(".scalebar")]


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    root = tmp_path_factory.mktemp("kit")
    game = make_game(root / "kinds")
    build(str(game), "--out", str(root / "out"))
    out = root / "out"
    return out, json.loads((out / "kinds-a4.json").read_text()), PdfReader(out / "kinds-a4.pdf")


def test_manifest_matches_the_pdf_pages_and_the_contract(kit):
    out, manifest, pdf = kit
    assert manifest["game"] == "kinds" and manifest["paper"] == "a4"
    assert len(manifest["pages"]) == len(pdf.pages)
    for page, read in zip(manifest["pages"], pdf.pages):
        assert (page["width"], page["height"]) in ((210.0, 297.0), (297.0, 210.0))
        assert float(read.mediabox.width) / MM == pytest.approx(page["width"], abs=0.01)
        assert float(read.mediabox.height) / MM == pytest.approx(page["height"], abs=0.01)
        for item in page["items"]:
            assert set(item) >= {"component", "id", "copy", "side", "x", "y", "w", "h"}
            assert item["side"] in ("front", "back")
    deck = [i for p in manifest["pages"] for i in p["items"] if i["component"] == "deck" and i["side"] == "front"]
    assert len(deck) == 14 and {(i["w"], i["h"]) for i in deck} == {(63.5, 88.9)}
    assert sorted({(i["id"], i["copy"]) for i in deck}) == sorted((f"ref-{n}", c) for n in range(1, 8) for c in (1, 2))


def test_a_poker_grid_is_3_by_3_inside_the_printer_margin(kit):
    _, manifest, _ = kit
    first = manifest["pages"][2]                # after the printing guide and its blank back
    assert len(first["items"]) == 9
    for item in first["items"]:
        assert 6 - 1e-6 <= item["x"] and item["x"] + item["w"] <= first["width"] - 6 + 1e-6
        assert 6 - 1e-6 <= item["y"] and item["y"] + item["h"] <= first["height"] - 6 + 1e-6


def test_every_face_is_placed_where_the_manifest_says(kit):
    _, manifest, pdf = kit
    for page, read in zip(manifest["pages"], pdf.pages):
        listed = page["items"]
        if not listed:
            continue
        found = []
        for (a, d, e, f, _), item in zip(placements(read), listed):
            region = item.get("region", {"x": 0, "y": 0})   # a tile shows part of its map's form
            x = (e if a > 0 else e - item["w"] * MM) / MM + region["x"]
            y = (f if d > 0 else f - item["h"] * MM) / MM + region["y"]
            found.append((round(x, 2), round(y, 2)))
        assert found == [(round(i["x"], 2), round(i["y"], 2)) for i in listed]


def test_crop_marks_extend_every_trim_edge_outside_the_cards(kit):
    out, manifest, _ = kit
    with pdfplumber.open(out / "kinds-a4.pdf") as pdf:
        for number in (3, 4):                      # the first sheet of cards, front and back
            page, read = manifest["pages"][number - 1], pdf.pages[number - 1]
            height = read.height
            lines = [ln for ln in read.lines if ln["linewidth"] >= 0.5]
            items = page["items"]
            top = max(i["y"] + i["h"] for i in items) * MM
            bottom = min(i["y"] for i in items) * MM
            left = min(i["x"] for i in items) * MM
            right = max(i["x"] + i["w"] for i in items) * MM
            for x in {round(i["x"], 3) for i in items} | {round(i["x"] + i["w"], 3) for i in items}:
                vertical = [ln for ln in lines if abs(ln["x0"] - x * MM) < 0.05 and abs(ln["x1"] - x * MM) < 0.05]
                assert any(height - ln["top"] <= bottom for ln in vertical), f"no mark below x={x}"
                assert any(height - ln["bottom"] >= top for ln in vertical), f"no mark above x={x}"
            for y in {round(i["y"], 3) for i in items} | {round(i["y"] + i["h"], 3) for i in items}:
                horizontal = [ln for ln in lines if abs(height - ln["top"] - y * MM) < 0.05 and abs(ln["top"] - ln["bottom"]) < 0.01]
                assert any(ln["x1"] <= left for ln in horizontal), f"no mark left of y={y}"
                assert any(ln["x0"] >= right for ln in horizontal), f"no mark right of y={y}"


def test_every_sheet_has_a_100_mm_scale_bar(kit):
    out, manifest, _ = kit
    with pdfplumber.open(out / "kinds-a4.pdf") as pdf:
        for read in pdf.pages:
            assert any(abs(max(r["width"], r["height"]) - 100 * MM) < 0.05 and r["stroke"] for r in read.rects)
            assert "page" in read.extract_text() and "Every Kind" in read.extract_text()


def _pairs(manifest: dict) -> list[tuple[dict, dict, dict]]:
    """(page, front item, back item) for every back, matched to its front on the previous page."""
    out = []
    pages = manifest["pages"]
    for i, page in enumerate(pages):
        for back in (it for it in page["items"] if it["side"] == "back" and it["component"] == "deck"):
            fronts = pages[i - 1]["items"] if pages[i - 1] is not page else page["items"]
            front = next(f for f in fronts if f["side"] == "front" and (f["component"], f["id"], f["copy"])
                         == (back["component"], back["id"], back["copy"]))
            out.append((page, front, back))
    return out


def assert_mirrored(page: dict, front: dict, back: dict, duplex: str, offset: tuple[float, float]) -> bool:
    """Assert `back` sits where the printer's flip puts `front`'s other side; True if mirrored left-right."""
    w, h = page["width"], page["height"]
    mirror_x = (w <= h) == (duplex == "long")     # a long-edge flip of a portrait sheet mirrors left-right
    if mirror_x:
        expected = (w - front["x"] - front["w"] + offset[0], front["y"] + offset[1])
    else:
        expected = (front["x"] + offset[0], h - front["y"] - front["h"] + offset[1])
    assert (back["x"], back["y"]) == pytest.approx(expected, abs=0.002)
    assert back.get("rotation", 0) == (0 if mirror_x else 180)
    return mirror_x


@pytest.mark.parametrize("duplex,offset", [("long", (0, 0)), ("short", (0, 0)), ("long", (1.5, -0.75)),
                                           ("short", (-1, 2))])
def test_backs_mirror_their_fronts_for_the_printer_flip(tmp_path, duplex, offset):
    game = make_game(tmp_path / "kinds")
    build(str(game), "--out", str(tmp_path / "out"), "--duplex", duplex, "--back-offset", f"{offset[0]},{offset[1]}")
    manifest = json.loads((tmp_path / "out" / "kinds-a4.json").read_text())
    pairs = _pairs(manifest)
    assert len(pairs) == 14
    pdf = PdfReader(tmp_path / "out" / "kinds-a4.pdf")
    for page, front, back in pairs:
        assert manifest["pages"].index(page) % 2 == 1      # each back sheet right after its front sheet
        assert_mirrored(page, front, back, duplex, offset)
    # the PDF places the back forms there too, turned when the flip turns them
    read = pdf.pages[1]
    placed = placements(read)
    backs = manifest["pages"][1]["items"]
    for (a, d, e, f, _), item in zip(placed, backs):
        assert (a, d) == ((1, 1) if item.get("rotation", 0) == 0 else (-1, -1))
        x0 = e if a > 0 else e - item["w"] * MM
        y0 = f if d > 0 else f - item["h"] * MM
        assert (x0 / MM, y0 / MM) == pytest.approx((item["x"], item["y"]), abs=0.01)


def test_no_backs_and_fold_layouts(tmp_path):
    game = make_game(tmp_path / "kinds")
    build(str(game), "--out", str(tmp_path / "single"), "--no-backs")
    single = json.loads((tmp_path / "single" / "kinds-a4.json").read_text())
    assert all(i["side"] == "front" for p in single["pages"] for i in p["items"] if i["component"] == "deck")
    build(str(game), "--out", str(tmp_path / "fold"), "--fold")
    fold = json.loads((tmp_path / "fold" / "kinds-a4.json").read_text())
    deck_pages = [p for p in fold["pages"] if any(i["component"] == "deck" for i in p["items"])]
    for page in deck_pages:
        fronts = {(i["id"], i["copy"]): i for i in page["items"] if i["side"] == "front"}
        backs = [i for i in page["items"] if i["side"] == "back"]
        assert len(backs) == len(fronts)
        for back in backs:
            front = fronts[back["id"], back["copy"]]
            if page["width"] > page["height"]:     # fold line down the middle
                assert back["x"] == pytest.approx(page["width"] - front["x"] - front["w"], abs=0.002)
                assert front["x"] + front["w"] <= page["width"] / 2 <= back["x"]
            else:
                assert back["y"] == pytest.approx(page["height"] - front["y"] - front["h"], abs=0.002)


def test_maps_are_tiled_with_overlap_and_an_overview(kit):
    _, manifest, _ = kit
    tiles = [(p, i) for p in manifest["pages"] for i in p["items"] if i["component"] == "map"]
    assert len(tiles) == tiles[0][1]["tile"]["rows"] * tiles[0][1]["tile"]["columns"] > 1
    regions = [i["region"] for _, i in tiles]
    # the regions cover the 500 x 400 mm map; neighbours share a 10 mm glue strip
    xs = sorted({r["x"] for r in regions})
    assert xs[0] == 0 and max(r["x"] + r["w"] for r in regions) == pytest.approx(500)
    assert min(r["y"] for r in regions) == pytest.approx(0) and max(r["y"] + r["h"] for r in regions) == pytest.approx(400)
    for a, b in zip(xs, xs[1:]):
        left = next(r for r in regions if r["x"] == a)
        assert left["x"] + left["w"] - b == pytest.approx(10, abs=0.002)
    # tiles are all the same size: no thin last strip
    assert len({(round(r["w"], 1), round(r["h"], 1)) for r in regions}) == 1
    for page, item in tiles:
        assert (item["w"], item["h"]) == pytest.approx((item["region"]["w"], item["region"]["h"]))
    overview = manifest["pages"][manifest["pages"].index(tiles[0][0]) - 1]
    assert overview["items"] == []


def test_standees_and_die_nets_are_items_too(kit):
    _, manifest, _ = kit
    items = [i for p in manifest["pages"] for i in p["items"]]
    stands = [i for i in items if i["component"] == "stands"]
    assert len(stands) == 4 and {(i["w"], i["h"]) for i in stands} == {(40.0, 60.0)}
    die = sorted((i["die_face"], i["x"], i["y"]) for i in items if i["component"] == "dice")
    assert [d[0] for d in die] == [1, 2, 3, 4, 5, 6]
    # opposite faces add up to 7: 1 and 6 in the same column, two faces apart
    assert die[0][1] == die[5][1] and abs(die[0][2] - die[5][2]) == pytest.approx(36)


def test_fonts_are_embedded_and_none_is_base14(kit):
    out, _, _ = kit
    report = subprocess.run(["pdffonts", str(out / "kinds-a4.pdf")], capture_output=True, text=True, check=True).stdout
    rows = report.splitlines()[2:]
    assert rows
    for row in rows:
        assert row.split()[-5] == "yes", row          # emb
        assert not any(base in row for base in ("Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats"))


def test_same_input_same_bytes(tmp_path, kit):
    out, _, _ = kit
    game = make_game(tmp_path / "kinds")
    build(str(game), "--out", str(tmp_path / "again"))
    for name in ("kinds-a4.pdf", "kinds-a4.json", "kinds-poster-a2.pdf", "kinds-poster-a1.json"):
        assert (tmp_path / "again" / name).read_bytes() == (out / name).read_bytes()


def test_a_failed_build_keeps_the_last_good_files(tmp_path):
    game = make_game(tmp_path / "kinds")
    out = tmp_path / "out"
    build(str(game), "--out", str(out))
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    long_line = " ".join(["overlong"] * 400)
    make_game(game, **{"deck.toml": DECK + f'\n[[cards]]\nid = "too-long"\nname = "Too long"\n[[cards.sections]]\n'
                                          f'title = "T"\nlines = ["{long_line}"]\n'})
    result = runner.invoke(app, ["build", str(game), "--out", str(out)])
    assert result.exit_code == 2
    assert re.search(r"deck\.toml:\d+: card 'too-long' \(Too long\): ", result.output) and "6 pt" in result.output
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_impossible_layouts_and_bad_options_exit_2(tmp_path):
    game = make_game(tmp_path / "kinds", **{"game.toml": GAME.replace('size = "poker"', 'size = "300x400mm"')})
    result = runner.invoke(app, ["build", str(game), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert ("game.toml: components.deck.size: a 300.0 x 400.0 mm card does not fit on A4 paper "
            "(198.0 x 285.0 mm inside the 6 mm printer margin)") in result.output
    assert not (tmp_path / "out").exists()
    for args, message in ((["--paper", "a3"], "--paper: expected a4 or letter, got 'a3'"),
                          (["--duplex", "top"], "--duplex: expected long or short, got 'top'"),
                          (["--back-offset", "1"], "--back-offset: expected X,Y in mm")):
        result = runner.invoke(app, ["build", str(game), *args])
        assert result.exit_code == 2 and message in result.output


def test_definition_errors_exit_2(tmp_path):
    game = make_game(tmp_path / "kinds", **{"tokens.toml": '[[cards]]\nid = "x"\nname = "X"\nvalue = -1\n'})
    result = runner.invoke(app, ["build", str(game), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "tokens.toml:4: card 'x' (X): value:" in result.output


def _clips(page) -> list[tuple[float, float, float, float]]:
    """The clipping rectangle (x, y, w, h, in mm) set before each face is placed on a page."""
    out, last = [], None
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"re":
            last = tuple(float(v) / MM for v in operands)
        elif op in (b"W", b"W*") and last is not None:
            out.append(last)
    return out


def test_bleed_runs_only_around_the_outside_of_the_grid(kit):
    _, manifest, pdf = kit
    items = manifest["pages"][2]["items"]
    clips = _clips(pdf.pages[2])
    assert len(clips) == len(items) == 9
    left, right = min(i["x"] for i in items), max(i["x"] + i["w"] for i in items)
    bottom, top = min(i["y"] for i in items), max(i["y"] + i["h"] for i in items)
    for item, (x, y, w, h) in zip(items, clips):
        def bleed(outer: bool) -> float:
            return 3.0 if outer else 0.0
        assert x == pytest.approx(item["x"] - bleed(item["x"] == left), abs=0.01)
        assert y == pytest.approx(item["y"] - bleed(item["y"] == bottom), abs=0.01)
        assert x + w == pytest.approx(item["x"] + item["w"] + bleed(item["x"] + item["w"] == right), abs=0.01)
        assert y + h == pytest.approx(item["y"] + item["h"] + bleed(item["y"] + item["h"] == top), abs=0.01)


def test_a_manifest_is_the_text_json_writes_with_an_indent_of_one(tmp_path):
    """The manifest's bytes are a contract (readers diff them): python-rapidjson writes them, as `json` would."""
    from generator.engine.build import manifest_text

    assert CliRunner().invoke(app, ["build", "el-dorado-canyon", "--out", str(tmp_path)]).exit_code == 0
    raw = (tmp_path / "el-dorado-canyon-a4.json").read_bytes()
    assert raw == (json.dumps(json.loads(raw), indent=1, ensure_ascii=False) + "\n").encode()
    odd = {"floats": [1e-07, 1e16, 1e22, 0.1 + 0.2, -0.0, 5e-324, 12.5, 2.0, float("nan"), float("inf")],
           "ints": [0, -3, 2**70], "texts": ["é/\u2028\"\\\t", "日本", ""], "empty": [{}, [], [[]]],
           "nested": {"a": {"b": [1, {"c": None, "d": True}]}}, "pair": (1, "two")}
    assert manifest_text(odd) == (json.dumps(odd, indent=1, ensure_ascii=False) + "\n").encode()
