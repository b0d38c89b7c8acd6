"""Reading the printed cards, read back from rendered PDFs: symbols that must not be
mistaken for one another, and text that stands out from what is behind it (every word of
every face of the three games, in full colour and ink saver)."""
from __future__ import annotations

import io

import pdfplumber
import pypdfium2
import pytest
from PIL import ImageStat
from reportlab.pdfgen.canvas import Canvas

from cards import load_game
from generator.engine.box import Style
from generator.engine.contrast import READABLE, contrast
from generator.templates.el_dorado_canyon.icons import draw_icon
from generator.templates.el_dorado_canyon.look import palette
from test_eternal_print import render as render_faces


def _rgb(colour) -> tuple[float, ...]:
    colour = tuple(colour or ())
    return colour * 3 if len(colour) == 1 else colour


def _same(a, b) -> bool:
    return len(a) == len(b) and all(abs(x - y) < 0.01 for x, y in zip(a, b))


def test_el_dorado_canyon_block_slash_stands_out_from_the_damage_splatter():
    for style in (Style(), Style(ink_saver=True)):
        pal = palette(style)
        buf = io.BytesIO()
        c = Canvas(buf, pagesize=(100, 100), invariant=1)
        draw_icon(c, "block", 50, 50, 80, pal)
        c.save()
        with pdfplumber.open(io.BytesIO(buf.getvalue())) as pdf:
            page = pdf.pages[0]
            blood = (pal.blood.red, pal.blood.green, pal.blood.blue)
            slashes = [ln for ln in page.lines if abs(ln["x1"] - ln["x0"]) > 10 and abs(ln["bottom"] - ln["top"]) > 10]
            splatter = [o for o in page.curves + page.rects if o["fill"]]
            assert slashes and splatter
            assert any(_same(_rgb(o["non_stroking_color"]), blood) for o in splatter)   # the splatter is blood red
            top = slashes[-1]                                                         # drawn last: what shows
            assert contrast(_rgb(top["stroking_color"]), blood) >= 3, top["stroking_color"]
            assert not any(_same(_rgb(s["stroking_color"]), blood) for s in slashes)


DPI = 150


def _low_contrast_words(pdf_bytes: bytes) -> list[tuple[int, str, float]]:
    """(page, word, ratio) of every word whose colour reaches less than 4.5:1 against the median
    rendered colour inside its box (glyph strokes are a minority of a word's box: the median is the ground)."""
    doc = pypdfium2.PdfDocument(pdf_bytes)
    out = []
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        for n, page in enumerate(pdf.pages):
            image = doc[n].render(scale=DPI / 72).to_pil().convert("RGB")
            for word in page.extract_words(x_tolerance=1, extra_attrs=["non_stroking_color"]):
                colour = _rgb(word["non_stroking_color"])
                box = tuple(round(v * DPI / 72) for v in (word["x0"], word["top"], word["x1"], word["bottom"]))
                ground = tuple(v / 255 for v in ImageStat.Stat(image.crop(box)).median)
                ratio = contrast(colour, ground)
                if ratio < READABLE:
                    out.append((n + 1, word["text"], round(ratio, 2)))
    return out


@pytest.mark.parametrize("style", [Style(), Style(ink_saver=True)], ids=["full", "ink-saver"])
def test_gold_and_steel_texts_reach_4_5_to_1_against_their_rendered_ground(style):
    data, _ = render_faces(load_game("eternal-gold-and-steel"), style)
    assert _low_contrast_words(data) == []


@pytest.mark.parametrize("style", [Style(), Style(ink_saver=True)], ids=["full", "ink-saver"])
@pytest.mark.parametrize("game", ["el-dorado-canyon", "eldorado"])
def test_el_dorado_canyon_and_eldorado_texts_reach_4_5_to_1_against_their_rendered_ground(game, style):
    data, _ = render_faces(load_game(game), style)
    assert _low_contrast_words(data) == []
