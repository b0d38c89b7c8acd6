"""Reading the printed cards, read back from rendered PDFs: symbols that must not be
mistaken for one another, and text that stands out from what is behind it."""
from __future__ import annotations

import io

import pdfplumber
from reportlab.pdfgen.canvas import Canvas

from generator.engine.box import Style
from generator.templates.el_dorado_canyon.icons import draw_icon
from generator.templates.el_dorado_canyon.look import palette
from wcag import contrast


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
