"""print.md: text stays 3 mm inside the trim, and a text that does not fit at 6 pt is an error
naming the card. Read back from every distinct face of the three games, and forced with long names."""
from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageDraw
from typer.testing import CliRunner

from cards import BUILTIN, load_game
from conftest import edit_text, line_of
from generator.cli import app
from generator.engine.box import Style
from generator.engine.sheet import FaceRef, Options
from generator.engine.shop import SHOP_KINDS, face_pdf
from generator.templates import looks_for

MM = 72 / 25.4
# An upright glyph's ink may pass its advance width by a hair (0.04 em measured for DejaVu Bold 'k'), which the
# engine's check does not model; italic overhang it does (text.ITALIC_OVERHANG)
OVERHANG = 0.05 * MM


@pytest.mark.parametrize("game", BUILTIN)
def test_every_character_of_every_face_is_3_mm_inside_the_trim(game):
    """Cards, tokens, boards, standees and die faces (maps are checked by their own tests)."""
    loaded = load_game(game)
    faces = [FaceRef(comp, rec, side) for comp in loaded.components if comp.spec.kind in (*SHOP_KINDS, "standee")
             for rec in comp.records for side in (("front", "back") if comp.spec.back else ("front",))]
    faces += [FaceRef(comp, rec, "front", die_face=n) for comp in loaded.components if comp.spec.kind == "die"
              for rec in comp.records for n in range(1, 7)]
    doc = pdfium.PdfDocument(face_pdf(loaded, looks_for(loaded.rules), Style(), Options(), faces, game))
    bleed, outside = 3 * MM, []
    for face, page in zip(faces, doc):
        text = page.get_textpage()
        chars = text.get_text_range()
        w, h = page.get_width(), page.get_height()
        for i in range(text.count_chars()):
            if chars[i:i + 1].strip():
                x0, y0, x1, y1 = text.get_charbox(i)             # the glyph's ink, in the page = bleed box
                inside = min(x0 - bleed, w - bleed - x1, y0 - bleed, h - bleed - y1)
                if inside < 3 * MM - OVERHANG:
                    outside.append((face.component.id, face.record.id, face.side, chars[i], round(inside / MM, 2)))
    assert not outside


def _build(folder) -> str:
    result = CliRunner().invoke(app, ["build", str(folder), "--out", str(folder.parent / "out")])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert not (folder.parent / "out").exists()
    return result.output


def test_a_name_too_long_for_the_camp_card_is_an_error_naming_it(game_copy):
    folder = game_copy("el-dorado-canyon")
    edit_text(folder / "camp.toml", 'name = "Camp"', 'name = "Campgroundsofthewildfrontierterritories"')
    assert ("camp.toml:6: card 'camp' (Campgroundsofthewildfrontierterritories): name: text does not fit its "
            "55.0 x 16.8 mm box even at 6 pt: the word 'CAMPGROUNDSOFTHEWILDFRONTIERTERRITORIES' alone is wider "
            "(") in _build(folder)


def test_a_long_text_names_its_line_and_how_much_to_cut(game_copy):
    """The file and line of the text, how far it overflows, and how many characters to cut: what a TOML user can do."""
    folder = game_copy("el-dorado-canyon")
    more = " and then some more words to read aloud at the table" * 6
    edit_text(folder / "starting.toml", 'only 1 if you are attacked"', f'only 1 if you are attacked{more}"')
    line = next(i for i, text in enumerate((folder / "starting.toml").read_text().splitlines(), 1) if more in text)
    err = _build(folder)
    assert re.search(rf"starting.toml:{line}: card 'go-to-town' \(Go to Town\): options.2.text: text does not fit "
                     r"its [\d.]+ x [\d.]+ mm box even at 6 pt: it needs [\d.]+ mm of height, [\d.]+ mm \(\d+%\) more "
                     r"than the box has; shorten it by about \d+ of its 358 characters", err), err


def test_a_standee_line_too_long_at_6_pt_is_an_error_naming_the_card(game_copy):
    folder = game_copy("eldorado")
    edit_text(folder / "characters.toml", 'nation = "Spain"', 'nation = "The Kingdoms of Castile and Aragon"')
    card = line_of(folder / "characters.toml", "[[cards]]")       # the record's first line
    assert (f"characters.toml:{card}: card 'pizarro' (Francisco Pizarro): text 'The Kingdoms of Castile and Aragon' "
            "does not fit its 16.0 mm line even at 6 pt: it needs") in _build(folder)


@pytest.mark.parametrize("game", BUILTIN)
def test_backgrounds_run_into_the_bleed_of_every_card_and_token(game):
    """No white in the outer 2.5 mm of the 3 mm bleed (round tokens: of the ring round the circle)."""
    loaded = load_game(game)
    faces = [FaceRef(comp, rec, side) for comp in loaded.components if comp.spec.kind in ("card", "token")
             for rec in comp.records for side in (("front", "back") if comp.spec.back else ("front",))]
    doc = pdfium.PdfDocument(face_pdf(loaded, looks_for(loaded.rules), Style(), Options(), faces, game))
    dpm = 4.0                                   # pixels per mm
    white = []
    for face, page in zip(faces, doc):
        image = page.render(scale=dpm * 25.4 / 72).to_pil().convert("L")
        ring = Image.new("L", image.size, 0)     # the band to look at, as a mask
        draw = ImageDraw.Draw(ring)
        w, h = image.size
        outer, inner = 0.5 * dpm, 2.5 * dpm     # from the bleed box's edge
        if face.component.spec.shape == "round":
            draw.ellipse((outer, outer, w - outer, h - outer), fill=255)
            draw.ellipse((inner, inner, w - inner, h - inner), fill=0)
        else:
            draw.rectangle((0, 0, w, h), fill=255)
            draw.rectangle((inner, inner, w - inner, h - inner), fill=0)
        counts = image.histogram(ring)
        blank = sum(counts[250:]) / sum(counts)
        if blank > 0.01:
            white.append((face.component.id, face.record.id, face.side, round(blank, 2)))
    assert not white
