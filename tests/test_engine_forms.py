"""Faces are PDF form objects: what a template draws with transparency must survive in them."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path
from types import ModuleType

from PIL import Image
from pypdf import PdfReader

from cards import load_game
from generator.engine.build import build_game
from generator.engine.faces import ignores_record
from generator.engine.icons import draw_icon, register_icon
from generator.engine.sheet import Options
from generator.templates import Looks
from test_engine_build import make_game, placements

MM = 72 / 25.4
ALPHA = {"ref-1": 0.3, "ref-2": 0.7}   # the same operators, different graphics-state values


def _faded_square(c, x, y, s):
    c.saveState()
    c.setFillColorRGB(0, 0, 1)
    c.setFillAlpha(0.5)
    c.rect(x, y, s, s, fill=1, stroke=0)
    c.restoreState()


def _front(c, record, component, box, style):
    c.setFillColorRGB(1, 1, 1)
    c.rect(*box.bleed_rect, fill=1, stroke=0)
    c.saveState()
    c.setFillColorRGB(1, 0, 0)
    c.setFillAlpha(ALPHA.get(record.id, 1.0))
    c.rect(box.w / 4, box.h / 2, box.w / 2, box.h / 4, fill=1, stroke=0)
    c.restoreState()
    c.saveState()
    c.setStrokeColorRGB(0, 0.5, 0)
    c.setStrokeAlpha(0.5)
    c.setLineWidth(8)
    c.line(box.w / 4, box.h / 4, box.w * 3 / 4, box.h / 4)
    c.restoreState()
    draw_icon(c, "faded", box.w / 2 - 20, box.h / 8 - 10, 20)


def _looks() -> Looks:
    module = ModuleType("alpha_looks")
    module.FRONTS = {"reference": _front}
    register_icon("faded", _faded_square, scope="alpha_looks")
    return Looks(module)


def _render(pdf: Path, out: Path) -> tuple[Image.Image, str]:
    done = subprocess.run(["pdftoppm", "-r", "72", "-f", "3", "-l", "3", "-png", "-singlefile", str(pdf), str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return Image.open(out.with_suffix(".png")).convert("RGB"), done.stderr


def test_alpha_inside_a_face_renders_without_errors_and_is_applied(tmp_path, monkeypatch):
    monkeypatch.setattr("generator.engine.build.looks_for", lambda rules: _looks())
    game = load_game(str(make_game(tmp_path / "kinds")))
    build_game(game, Options(), tmp_path / "out")
    image, errors = _render(tmp_path / "out" / "kinds-a4.pdf", tmp_path / "page")
    assert errors == ""
    page = json.loads((tmp_path / "out" / "kinds-a4.json").read_text())["pages"][2]   # after the guide

    def pixel(item: dict, fx: float, fy: float) -> tuple[int, int, int]:
        x = (item["x"] + item["w"] * fx) * MM
        y = page["height"] * MM - (item["y"] + item["h"] * fy) * MM
        return image.getpixel((round(x), round(y)))

    seen = {}
    for item in page["items"]:
        if item["id"] in ALPHA and item["copy"] == 1:
            seen[item["id"]] = item
            red = pixel(item, 0.5, 0.625)
            expected_g = round(255 * (1 - ALPHA[item["id"]]))   # red over white at that alpha
            assert red[0] == 255 and abs(red[1] - expected_g) <= 3 and abs(red[2] - expected_g) <= 3, red
            green = pixel(item, 0.5, 0.25)                        # stroke alpha 0.5 over white
            assert abs(green[0] - 128) <= 3 and abs(green[1] - 191) <= 3 and abs(green[2] - 128) <= 3, green
    assert set(seen) == set(ALPHA)
    # the icon form keeps its alpha too: blue at 0.5 over white
    item = seen["ref-1"]
    x = (item["x"] + item["w"] / 2 - 10 / MM) * MM
    y = page["height"] * MM - (item["y"] + item["h"] / 8) * MM
    blue = image.getpixel((round(x), round(y)))
    assert abs(blue[0] - 128) <= 3 and abs(blue[1] - 128) <= 3 and blue[2] == 255, blue


def _back_plain(c, record, component, box, style):
    c.rect(0, 0, box.w, box.h, fill=1, stroke=0)


def _back_named(c, record, component, box, style):
    c.drawString(0, 0, record.name)


def _back_closure(c, record, component, box, style):
    def later():
        return record.id
    c.drawString(0, 0, later())


def test_a_back_that_never_reads_its_record_is_drawn_once_per_component(tmp_path, monkeypatch):
    assert ignores_record(_back_plain)
    assert not ignores_record(_back_named) and not ignores_record(_back_closure)
    assert not ignores_record(print)
    calls: list[str] = []

    def plain(c, record, component, box, style):
        calls.append(component.id)
        c.rect(0, 0, box.w, box.h, fill=1, stroke=0)

    def named(c, record, component, box, style):
        calls.append(record.id)
        c.drawString(box.safe, box.safe, record.name)

    module = ModuleType("back_looks")
    module.BACKS = {"reference": plain, "marker": named}
    monkeypatch.setattr("generator.engine.build.looks_for", lambda rules: Looks(module))
    build_game(load_game(str(make_game(tmp_path / "kinds"))), Options(), tmp_path / "out")
    assert calls.count("deck") == 1                       # seven records, fourteen copies: one drawing
    assert sorted(c for c in calls if c != "deck") == ["coin", "heart"]   # tokens' backs read the record
    pdf = PdfReader(tmp_path / "out" / "kinds-a4.pdf")
    manifest = json.loads((tmp_path / "out" / "kinds-a4.json").read_text())
    assert len({i["id"] for i in manifest["pages"][3]["items"]}) == 5
    assert len({name for *_, name in placements(pdf.pages[3])}) == 1
