"""Text beyond Latin, read back from the PDF: a missing glyph stops the build, fallbacks print what a
font lacks, right-to-left text runs right to left, Arabic is joined, Japanese wraps without spaces."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pdfplumber
import pytest
from bidi import get_display
from reportlab.pdfgen import canvas
from typer.testing import CliRunner

from conftest import edit_text
from generator.cli import app
from generator.engine.errors import MissingGlyph
from cards.typeset.fonts import DISPLAY, TEXT, FontFileError, register_family
from generator.engine.text import draw_text

MM = 72 / 25.4
FONTS = Path(__file__).resolve().parent / "fonts"


def _draw(tmp_path, text: str, *, font: str = TEXT, w: float = 80, h: float = 40, align: str = "left") -> list[dict]:
    """Draw `text` in a w x h mm box on a page; return the PDF's characters, top line first."""
    pdf = tmp_path / "t.pdf"
    c = canvas.Canvas(str(pdf), pagesize=(100 * MM, 60 * MM), invariant=1)
    draw_text(c, text, 10 * MM, 10 * MM, w * MM, h * MM, field="name", size=10, font=font, align=align)
    c.save()
    with pdfplumber.open(pdf) as doc:
        return sorted(doc.pages[0].chars, key=lambda ch: (round(ch["top"]), ch["x0"]))


def test_a_character_no_font_has_stops_the_text(tmp_path):
    with pytest.raises(MissingGlyph) as info:
        _draw(tmp_path, "Roll 🎲 twice")
    assert str(info.value) == ("name: character '🎲' (U+1F3B2) is not in the font text (DejaVu Sans Condensed): choose a "
                               "font that has it or add a fallback font")


def test_a_missing_glyph_in_a_card_name_fails_the_build_naming_the_card(tmp_path, game_copy):
    folder = game_copy()
    edit_text(folder / "town.toml", 'name = "Advanced Mining"', 'name = "Advanced Mining 日本"')
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(folder), "--out", str(out)])
    assert result.exit_code == 2
    assert ("card 'advanced-mining' (Advanced Mining 日本): name: character '日' (U+65E5) is not in the font "
            "display bold (Old Standard Bold) or text bold (DejaVu Sans Condensed Bold): choose a font that has it "
            "or add a fallback font") in result.output
    assert "Traceback" not in result.output
    assert not out.exists() or not list(out.iterdir())


def test_a_fallback_family_prints_what_the_display_face_lacks(tmp_path):
    chars = _draw(tmp_path, "Gold ★ Rush", font=DISPLAY)
    fonts = {ch["text"]: ch["fontname"].split("+")[-1] for ch in chars}
    assert fonts["★"] == "DejaVuSansCondensed"   # Old Standard has no star: DejaVu prints it
    assert fonts["G"] == "OldStandardTT-Regular"


def test_hebrew_runs_right_to_left(tmp_path):
    chars = _draw(tmp_path, "שלום עולם")     # "hello world": שלום is read first, so it stands on the right
    xs = {ch["text"]: ch["x0"] for ch in chars}
    assert xs["ש"] > xs["ל"] > xs["ו"] > xs["ם"]    # letters of a word right to left
    assert xs["ם"] > xs["ע"]                         # the first word right of the second


def test_a_latin_name_inside_hebrew_keeps_its_own_order(tmp_path):
    chars = _draw(tmp_path, "קלף Gold Rush חדש")
    xs = {ch["text"]: ch["x0"] for ch in chars}
    assert xs["ק"] > xs["R"] > xs["G"] > xs["ח"]    # Hebrew words right to left, "Gold Rush" still reads on


def _lines(chars: list[dict]) -> list[str]:
    """The drawn text, line by line, each read left to right as it stands on the page, presentation forms
    (Arabic's joined letters) back to their letters."""
    rows: dict[int, list[dict]] = {}
    for ch in chars:
        rows.setdefault(round(ch["top"]), []).append(ch)
    return [unicodedata.normalize("NFKC", "".join(ch["text"] for ch in sorted(row, key=lambda ch: ch["x0"])))
            for _, row in sorted(rows.items())]


@pytest.mark.parametrize("text", [
    "קח קלף. Gain 2 gold, then 3 more.",          # the mixed line: the Latin words keep their order
    "שלם 10 זהב, קבל 2 קלפים",                      # numbers inside Hebrew read left to right
    "مرحبا يا صديقي، خذ 3 بطاقات",                  # Arabic with a number
    "Pay 3 gold: קח קלף חדש now",                   # Hebrew inside an English line
])
def test_right_to_left_text_prints_in_the_order_of_the_unicode_bidi_algorithm(tmp_path, text):
    # python-bidi's Rust implementation (unicode-bidi) is another reading of UAX #9 than the one drawing it
    assert _lines(_draw(tmp_path, text, w=90)) == [get_display(text)]


@pytest.mark.parametrize("text", ["مرحبا و سلام", "و", "אבא", "אבא ו 3"])
def test_text_shaping_leaves_unchanged_prints_without_a_crash(tmp_path, text):
    # shapeStr gives back a plain string for "و" or a palindrome: its width is then measured as plain text
    drawn = "".join(_lines(_draw(tmp_path, text)))
    assert drawn.replace("\ufefc", "لا") in (get_display(text), get_display(text).replace("ال", "لا"))


def test_a_new_games_card_in_arabic_builds(tmp_path):
    game, out = tmp_path / "r1", tmp_path / "out"
    assert CliRunner().invoke(app, ["new", str(game)]).exit_code == 0
    edit_text(game / "cards.toml", "Cards say what they do here.", "مرحبا و سلام")
    result = CliRunner().invoke(app, ["build", str(game), "--out", str(out)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next(out.glob("*.pdf"))) as doc:
        words = {w["text"] for page in doc.pages for w in page.extract_words()}
    assert "و" in words


def test_arabic_letters_are_joined(tmp_path):
    chars = _draw(tmp_path, "سلام")               # "salam": siin initial, lam-alef ligature, miim final
    text = "".join(ch["text"] for ch in chars)
    assert "\ufefc" in text or "\ufefb" in text    # lam-alef ligature, not ل then ا
    assert "ل" not in text and "ا" not in text
    assert "\ufeb3" in text                        # siin in its initial (joined) form


def test_japanese_wraps_between_characters_and_not_before_a_full_stop(tmp_path):
    register_family("TestCJK", {(False, False): FONTS / "DroidSansFallback-subset.ttf"})
    text = "日本語のテキストは空白なしで折り返されます。漢字かなカナ、「漢字」（かな）"
    chars = _draw(tmp_path, text, font="TestCJK", w=30)
    lines: dict[int, str] = {}
    for ch in chars:
        lines[round(ch["top"])] = lines.get(round(ch["top"]), "") + ch["text"]
    assert len(lines) >= 3
    assert "".join(lines.values()) == text
    for line in lines.values():
        assert line[0] not in "。、）」"
        assert line[-1] not in "（「"


@pytest.mark.parametrize("content, message", [
    (b"not a font at all", "expected a TrueType font (.ttf or .otf with TrueType outlines), got a file that is not one"),
    (b"OTTO" + b"\0" * 100, "expected a font with TrueType outlines (.ttf), got an OpenType font with PostScript (CFF) "
                            "outlines, which ReportLab cannot embed: use the font's TTF version"),
])
def test_a_file_that_is_no_usable_font_is_refused(tmp_path, content, message):
    path = tmp_path / "bad.ttf"
    path.write_bytes(content)
    with pytest.raises(FontFileError) as info:
        register_family("Bad", {(False, False): path})
    assert str(info.value) == message


def test_a_broken_truetype_font_is_refused(tmp_path):
    path = tmp_path / "broken.ttf"
    path.write_bytes((FONTS / "DroidSansFallback-subset.ttf").read_bytes()[:200])
    with pytest.raises(FontFileError) as info:
        register_family("Broken", {(False, False): path})
    assert str(info.value).startswith("expected a readable TrueType font, got a broken one (")
