"""Eldorado's kit, read back from its PDF (issue 37): the map tiles' glue labels and the standees' flap
labels are at least 6 pt and reach 4.5:1 on what is rendered behind them, in full colour and ink saver;
a glue label covers no square label or symbol; the turn summaries have a back of their own; every
standee says where its leader sails from; a card worth five is pictured apart from one worth one.

Sizes: pdfplumber's `size` of a char turned by 90 degrees is its advance, not its size (what read as
"2.5-4 pt" before), so a turned char's size is its extent across the line, `x1 - x0`.
"""
from __future__ import annotations

import io
import json
import re

import numpy as np
import pdfplumber
import pypdfium2
import pytest
from PIL import ImageStat
from reportlab.pdfgen.canvas import Canvas

from cards import load_game
from generator.engine.box import Style
from generator.engine.build import build_game
from generator.engine.contrast import READABLE, contrast
from generator.engine.sheet import Options
from generator.templates.eldorado import BACKS
from generator.templates.eldorado.pieces import standee_front, supply_front
from test_lookalikes import THRESHOLD

DPI = 150
GLUE = re.compile(r"glue: row \d+, column \d+ covers this strip")


@pytest.fixture(scope="module", params=[False, True], ids=["full", "ink-saver"])
def kit(request, tmp_path_factory):
    """(PDF bytes, manifest) of the A4 kit in one print style."""
    out = tmp_path_factory.mktemp("eldorado-kit")
    build_game(load_game("eldorado"), Options(ink_saver=request.param), out, cache_root=None)
    pdf = out / "eldorado-a4.pdf"
    return pdf.read_bytes(), json.loads(pdf.with_suffix(".json").read_text())


def _size(char) -> float:
    return char["size"] if char["upright"] else char["x1"] - char["x0"]


def _labels(page, pattern: re.Pattern) -> list[tuple[str, list[dict]]]:
    """(text, chars) of every label matching `pattern` on the page, across the page or turned up its side."""
    found = [(m["text"], m["chars"]) for m in page.search(pattern.pattern)]
    turned: dict[int, list[dict]] = {}
    for char in page.chars:
        if not char["upright"]:
            turned.setdefault(round(char["x0"]), []).append(char)
    for chars in turned.values():
        chars.sort(key=lambda ch: -ch["top"])    # turned by 90 degrees: the line runs up the page
        text = "".join(ch["text"] for ch in chars)
        found += [(text, chars)] if pattern.fullmatch(text.replace("  ", " ")) else []
    return found


def _box(chars) -> tuple[float, float, float, float]:
    return (min(c["x0"] for c in chars), min(c["top"] for c in chars), max(c["x1"] for c in chars),
            max(c["bottom"] for c in chars))


def _crop(image, box, pad: float = 0.0):
    x0, top, x1, bottom = box
    return image.crop(tuple(round(v * DPI / 72) for v in (x0 - pad, top - pad, x1 + pad, bottom + pad)))


def _all_labels(data: bytes, pattern: re.Pattern):
    """(page number, text, chars, rendered page) of every label matching `pattern` in the kit."""
    doc = pypdfium2.PdfDocument(data)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for n, page in enumerate(pdf.pages):
            labels = _labels(page, pattern)
            if labels:
                image = doc[n].render(scale=DPI / 72).to_pil().convert("RGB")
                for text, chars in labels:
                    yield n + 1, text, chars, image


def _ratio(chars, image) -> float:
    """The label's colour against the median rendered colour inside its box (the strokes are a minority)."""
    ground = tuple(v / 255 for v in ImageStat.Stat(_crop(image, _box(chars))).median)
    return contrast(tuple(chars[0]["non_stroking_color"]), ground)


def test_every_glue_label_is_at_least_6_pt_and_reaches_4_5_to_1(kit):
    data, _ = kit
    labels = list(_all_labels(data, GLUE))
    assert len(labels) >= 12   # 3 x 3 tiles: 6 strips to the right, 6 below
    small = [(n, text, min(map(_size, chars))) for n, text, chars, _ in labels if min(map(_size, chars)) < 6]
    faint = [(n, text, round(_ratio(chars, image), 2)) for n, text, chars, image in labels
             if _ratio(chars, image) < READABLE]
    assert small == [] and faint == []


def test_no_glue_label_lies_across_a_square_label_or_a_symbol(kit):
    """Around and under each glue label only two colours show, its plate and its ink (with the blends
    between them at the glyphs' edges): no square label, terrain or symbol of the map shows through."""
    data, _ = kit
    crossing = []
    for n, text, chars, image in _all_labels(data, GLUE):
        pixels = np.asarray(_crop(image, _box(chars), pad=1.5), dtype=np.float64).reshape(-1, 3)
        ink, plate = np.array(chars[0]["non_stroking_color"]) * 255, np.array([255.0, 255.0, 255.0])
        along = np.clip(((pixels - ink) @ (plate - ink)) / ((plate - ink) @ (plate - ink)), 0, 1)
        off = np.linalg.norm(pixels - (ink + along[:, None] * (plate - ink)), axis=1)
        if (off > 30).mean() > 0.002:
            crossing.append((n, text, round(float((off > 30).mean()), 4)))
    assert crossing == []


def test_the_standee_flap_labels_reach_4_5_to_1(kit):
    data, _ = kit
    labels = list(_all_labels(data, re.compile(r"base: fold out")))
    assert len(labels) == 12     # six standees, a flap at each end
    assert [(n, round(_ratio(chars, image), 2)) for n, _, chars, image in labels if _ratio(chars, image) < READABLE] == []
    assert min(_size(c) for _, _, chars, _ in labels for c in chars) >= 6


def test_the_turn_summaries_have_a_back_of_their_own(kit):
    data, manifest = kit
    backs = {}
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in manifest["pages"]:
            for item in page["items"]:
                if item["side"] == "back" and item["component"] in ("reference", "eldorado"):
                    backs.setdefault(item["component"], pdf.pages[page["number"] - 1].extract_text())
    assert "TURN SUMMARY" in backs["reference"] and "golden city" not in backs["reference"]
    assert "ELDORADO" in backs["eldorado"] and "TURN SUMMARY" not in backs["eldorado"]
    assert BACKS["reference"] is not BACKS["eldorado"]


def _face(draw, record, component, size) -> bytes:
    from generator.engine.box import Box

    box = Box(*size, bleed=0, safe=3 * 72 / 25.4)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=size, invariant=1)
    draw(c, record, component, box, Style())
    c.save()
    return buf.getvalue()


def test_every_standee_says_where_its_leader_sails_from():
    game = load_game("eldorado")
    comp = next(c for c in game.components if c.spec.schema_ == "character")
    said = {}
    for record in comp.records:
        with pdfplumber.open(io.BytesIO(_face(standee_front, record, comp, (22 * 72 / 25.4, 34 * 72 / 25.4)))) as pdf:
            said[record.port] = " ".join(pdf.pages[0].extract_text().split())
    assert "San Sebastián" in said
    assert [port for port, text in said.items() if f"from {port}" not in text] == []


def test_a_card_worth_five_is_pictured_apart_from_one_worth_one():
    """The picture alone (the digits in the top corners left out) differs by more than a look-alike's."""
    game = load_game("eldorado")
    comp = next(c for c in game.components if c.spec.schema_ == "supply")
    by_item: dict[str, dict[int, object]] = {}
    for record in comp.records:
        by_item.setdefault(record.item, {})[record.value] = record
    pairs = [(v[1], v[5]) for v in by_item.values() if 1 in v and 5 in v]
    assert len(pairs) == 3
    size = (comp.spec.size_mm[0] * 72 / 25.4, comp.spec.size_mm[1] * 72 / 25.4)
    for one, five in pairs:
        images = [np.asarray(pypdfium2.PdfDocument(_face(supply_front, r, comp, size))[0].render(scale=100 / 72)
                             .to_pil().convert("RGB"), dtype=np.float64) for r in (one, five)]
        h = images[0].shape[0]
        picture = [im[int(h * 0.2):int(h * 0.7)] for im in images]   # below the corner digits, above the name
        assert np.abs(picture[0] - picture[1]).mean() > THRESHOLD[False], one.item
