"""Rich text: markup, escaping, inline icons on the baseline, shrink-to-fit, overflow and safe-zone errors."""
from __future__ import annotations

import io
import re

import pdfplumber
import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.engine.box import MM, Box
from generator.engine.errors import SafeZoneError, TextOverflow, UnknownIcon
from cards.typeset.fonts import TEXT, TEXT_BOLD, TEXT_ITALIC, register_fonts
from generator.engine.icons import draw_icon, register_icon
from generator.engine.safezone import drawing_face
from cards.typeset.measure import ITALIC_OVERHANG, Run, layout, parse
from generator.engine.text import draw_text, escape


def _pdf(draw) -> pdfplumber.PDF:
    register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200 * MM, 200 * MM), invariant=1)
    draw(c)
    c.showPage()
    c.save()
    return pdfplumber.open(io.BytesIO(buf.getvalue()))


def test_parse_bold_italic_icons_and_literal_stars():
    (para,) = parse("**Gain** 2 :gold: *now*, 3 * 4")
    assert para[0] == (Run("Gain", bold=True),)
    assert para[2] == (Run("", icon="gold"),)
    assert para[3] == (Run("now", italic=True), Run(","))
    assert para[4:] == [(Run("3"),), (Run("*"),), (Run("4"),)]
    assert len(parse("one\ntwo")) == 2


def test_markup_in_card_text_prints_literally():
    text = "<b>bold?</b> & <font name='x'>"
    pdf = _pdf(lambda c: draw_text(c, text, 10 * MM, 10 * MM, 180 * MM, 50 * MM, field="text", size=10))
    assert pdf.pages[0].extract_text() == text
    assert escape("<a & b>") == "&lt;a &amp; b&gt;"


def test_bold_and_italic_use_their_faces():
    pdf = _pdf(lambda c: draw_text(c, "**Bold** *Italic* plain", 10 * MM, 10 * MM, 180 * MM, 50 * MM,
                                   field="text", size=10))
    fonts = {ch["text"]: ch["fontname"].split("+")[-1] for ch in pdf.pages[0].chars}
    assert fonts["B"] == "DejaVuSansCondensed-Bold"
    assert fonts["I"] == "DejaVuSansCondensed-Oblique"
    assert fonts["p"] == "DejaVuSansCondensed"
    assert TEXT_BOLD != TEXT_ITALIC != TEXT


def test_inline_icon_sits_on_the_baseline_at_the_text_size():
    calls = []
    register_icon("probe", lambda c, x, y, size: calls.append((x, y, size)), scope="generic")
    pdf = _pdf(lambda c: draw_text(c, "Take 2 :probe: gold", 10 * MM, 10 * MM, 180 * MM, 50 * MM,
                                   field="text", size=11))
    chars = pdf.pages[0].chars
    (x, y, size), = calls
    assert size == 11
    baseline = chars[0]["matrix"][5]   # the text matrix's y: the baseline
    two = next(ch for ch in chars if ch["text"] == "2")
    gold = next(ch for ch in chars if ch["text"] == "g")
    assert two["x1"] < x < x + size < gold["x0"]
    assert y == pytest.approx(baseline, abs=0.6)


def test_long_text_shrinks_to_fit_but_not_below_6pt():
    text = "Attack the character to your left or right, lose 1 ammo, gain 1 infamy, do 1 damage. " * 2
    used = []
    _pdf(lambda c: used.append(draw_text(c, text, 0, 0, 50 * MM, 25 * MM, field="text", size=12)))
    assert 6 <= used[0] < 12
    pdf = _pdf(lambda c: draw_text(c, text, 0, 0, 50 * MM, 25 * MM, field="text", size=12))
    sizes = {round(ch["size"], 2) for ch in pdf.pages[0].chars}
    assert sizes == {used[0]}
    assert all(ch["x1"] <= 50 * MM + 0.01 for ch in pdf.pages[0].chars)


def test_text_that_does_not_fit_at_6pt_names_card_and_field():
    class Card:
        id, name = "rifle", "Rifle"

    def draw(c):
        with drawing_face(c, Card(), Box(63.5 * MM, 88.9 * MM)):
            draw_text(c, "word " * 400, 5 * MM, 5 * MM, 50 * MM, 20 * MM, field="options.1.text")
    with pytest.raises(TextOverflow) as err:
        _pdf(draw)
    assert str(err.value) == ("card 'rifle' (Rifle): options.1.text: text does not fit its 50.0 x 20.0 mm box "
                              "even at 6 pt: it needs 113.9 mm of height, 93.9 mm (469%) more than the box has; "
                              "shorten it by about 1649 of its 2000 characters")


def test_text_or_icon_crossing_the_safe_zone_is_an_error():
    class Card:
        id, name = "pistol", "Pistol"

    def text_too_far_left(c):
        with drawing_face(c, Card(), Box(63.5 * MM, 88.9 * MM)):
            draw_text(c, "Pistol", 1 * MM, 70 * MM, 40 * MM, 10 * MM, field="name")
    with pytest.raises(SafeZoneError, match=r"^card 'pistol' \(Pistol\): name: text crosses the safe zone"):
        _pdf(text_too_far_left)

    def icon_upside_down_outside(c):
        with drawing_face(c, Card(), Box(63.5 * MM, 88.9 * MM)):
            c.translate(63.5 * MM, 88.9 * MM)
            c.rotate(180)   # a two-ended card's second option
            draw_icon(c, "star", 1 * MM, 40 * MM, 5 * MM, field="options.2.icon")
    with pytest.raises(SafeZoneError, match="options.2.icon: icon ':star:' crosses the safe zone"):
        _pdf(icon_upside_down_outside)

    def upside_down_inside(c):
        with drawing_face(c, Card(), Box(63.5 * MM, 88.9 * MM)):
            c.translate(63.5 * MM, 88.9 * MM)
            c.rotate(180)
            draw_text(c, "Fine", 4 * MM, 4 * MM, 50 * MM, 10 * MM, field="options.2.text")
    _pdf(upside_down_inside)


def test_unknown_icon_token_is_an_error_naming_the_field():
    with pytest.raises(UnknownIcon, match=r"^flavor: unknown icon ':nope:': expected one of .*star"):
        _pdf(lambda c: draw_text(c, "a :nope: b", 0, 0, 100, 100, field="flavor"))


def test_a_line_ending_in_italics_counts_the_leaning_ink_of_its_last_glyph():
    """Right alignment and the safe-zone check then keep an italic line's ink inside the box."""
    register_fonts()
    italic = stringWidth("Hammer", TEXT_ITALIC, 10)
    assert layout("*Hammer*", 200, 10).widths[0] == pytest.approx(italic + 10 * ITALIC_OVERHANG)
    mixed = layout("*Hammer* and", 200, 10).widths[0]          # italic inside a line: no extra room
    assert mixed == pytest.approx(italic + stringWidth(" and", TEXT, 10))
    assert layout("*Hammer*", italic + 1, 10) is None             # the word alone no longer fits its advance


def test_a_block_is_one_text_object_and_every_glyph_lands_where_the_layout_put_it():
    """Lines placed by relative moves and runs by their own advance put each character where the layout
    measured it (read back from the PDF), inside one BT..ET; the inline icon is placed after it."""
    register_fonts()
    calls = []
    register_icon("probe2", lambda c, x, y, size: calls.append((x, y, size)), scope="generic")
    text = "Take **two** :probe2: gold, then *lose* one **more** of them\nand a last line"
    box = (10 * MM, 10 * MM, 38 * MM, 40 * MM)
    size = 9.0
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200 * MM, 200 * MM), invariant=1)
    assert draw_text(c, text, *box, field="text", size=size, align="center") == size
    c.showPage()
    c.save()
    data = buf.getvalue()
    operators = re.findall(rb"\b(BT|ET|Do)\b", PdfReader(io.BytesIO(data)).pages[0].get_contents().get_data())
    assert operators == [b"BT", b"ET"]   # the probe icon draws nothing: `Do` would be a form's
    laid = layout(text, box[2], size)
    assert len(laid.lines) == 3
    faces = {(False, False): TEXT, (True, False): TEXT_BOLD, (False, True): TEXT_ITALIC}
    space = stringWidth(" ", TEXT, size)
    expected = []   # (character, x, baseline)
    baseline = box[1] + box[3] - laid.ascent
    for line, width in zip(laid.lines, laid.widths):
        x = box[0] + (box[2] - width) / 2
        for k, (word, _) in enumerate(line):
            x += space if k else 0.0
            for run in word:
                if run.icon:
                    x += size * 1.24
                for ch in run.text:
                    expected.append((ch, x, baseline))
                    x += stringWidth(ch, faces[run.bold, run.italic], size)
        baseline -= laid.leading
    chars = [ch for ch in pdfplumber.open(io.BytesIO(data)).pages[0].chars if ch["text"] != " "]
    assert [ch["text"] for ch in chars] == [e[0] for e in expected]
    for ch, (_, x, y) in zip(chars, expected):
        assert ch["x0"] == pytest.approx(x, abs=0.01) and ch["matrix"][5] == pytest.approx(y, abs=0.01)
    (ix, iy, isize), = calls
    two = next(ch for ch in chars if ch["text"] == "o")          # the last letter of "two"
    g = next(ch for ch in chars if ch["text"] == "g")
    assert two["x1"] < ix < ix + isize < g["x0"] and isize == size
