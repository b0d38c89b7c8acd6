"""A designer's own game without Python (issue 11): `generator new`, layout files, art placed,
fonts from the folder, the examples, and bad input anywhere in a folder."""
from __future__ import annotations

import json
import shutil
import struct
import zlib
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import Image
from typer.testing import CliRunner

from cards import BUILTIN, load_game
from conftest import edit_text
from generator.cli import app as generator_app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
MM = 72 / 25.4


def generator(*args) -> tuple[int, str, str]:
    done = CliRunner().invoke(generator_app, [str(a) for a in args])
    assert "Traceback" not in done.output + done.stderr and done.exception is None or isinstance(
        done.exception, SystemExit), done.exception
    return done.exit_code, done.stdout, done.stderr


def page_box(pdf_path: Path, page: int, item: dict, x: float, y: float, w: float, h: float) -> tuple[float, ...]:
    """A box given in mm from a card's top-left corner, as pdfplumber's (x0, top, x1, bottom) on the page."""
    with pdfplumber.open(pdf_path) as pdf:
        height = pdf.pages[page].height
    left = (item["x"] + x) * MM
    top = height - (item["y"] + item["h"] - y) * MM
    return round(left, 1), round(top, 1), round(left + w * MM, 1), round(top + h * MM, 1)


def rgb_at(pdf_path: Path, page: int, x_mm: float, y_mm: float, scale: float = 2) -> tuple[int, int, int]:
    """The colour printed at (x, y) mm from the page's bottom-left corner."""
    doc = pdfium.PdfDocument(str(pdf_path))
    image = doc[page].render(scale=scale).to_pil().convert("RGB")
    height = doc[page].get_height()
    return image.getpixel((round(x_mm * MM * scale), round((height - y_mm * MM) * scale)))


def near(found: tuple[int, ...], hex_colour: str, slack: int = 12) -> bool:
    want = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= slack for a, b in zip(found, want))


# --- generator new ------------------------------------------------------------------------


def test_a_new_game_builds_a_deck_with_art_a_custom_back_and_its_own_font(tmp_path):
    game, out = tmp_path / "my-game", tmp_path / "out"
    code, said, _ = generator("new", game)
    assert code == 0 and said.startswith(f"{game}: wrote 8 files; next: generator build {game}")
    loaded = load_game(str(game))
    assert (loaded.id, loaded.name, loaded.rules) == ("my-game", "My Game", "generic")
    assert generator("build", game, "--out", out)[0] == 0
    pdf = out / "my-game-a4.pdf"
    manifest = json.loads((out / "my-game-a4.json").read_text())
    front = manifest["pages"][2]["items"][0]         # after the printing guide and its blank back
    back = next(i for i in manifest["pages"][3]["items"] if i["id"] == front["id"])
    with pdfplumber.open(pdf) as doc:
        name_fonts = {w["fontname"].split("+")[-1] for w in doc.pages[2].extract_words(extra_attrs=["fontname"])
                      if w["text"] in ("First", "Light")}
        assert doc.pages[2].images == [] and doc.pages[3].images == []  # the sample art and the back are SVG: vectors
    assert name_fonts == {"OldStandardTT-Bold"}  # the folder's fonts/Title.ttf
    # the art fills the top of the card into the bleed: the sample's mesa colour under the name band
    assert near(rgb_at(pdf, 2, front["x"] + 5, front["y"] + front["h"] - 40), "#b5532c")
    # the back is art/back.svg: its dark ground at the corner, its gold disc at the centre
    assert near(rgb_at(pdf, 3, back["x"] + 2, back["y"] + 2), "#3b2a20")
    assert near(rgb_at(pdf, 3, back["x"] + back["w"] / 2 + 11.5, back["y"] + back["h"] / 2), "#e0ac2b")


def test_new_refuses_a_folder_that_holds_files_and_an_unknown_game(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    assert generator("new", tmp_path / "taken") == (
        2, "", f"expected a new or empty folder, got '{tmp_path / 'taken'}', which holds files: choose another folder\n")
    assert (tmp_path / "taken" / "notes.txt").read_text() == "mine" and len(list((tmp_path / "taken").iterdir())) == 1
    code, _, said = generator("new", tmp_path / "other", "--from", "monopoly")
    assert (code, said) == (2, f"--from: expected a built-in game ({', '.join(BUILTIN)}), got 'monopoly'\n")
    assert not (tmp_path / "other").exists()


def test_new_from_a_built_in_game_is_a_renamed_copy_that_validates(tmp_path):
    game = tmp_path / "Canyon Variant"
    assert generator("new", game, "--from", "el-dorado-canyon")[0] == 0
    loaded = load_game(str(game))
    original = load_game("el-dorado-canyon")
    assert (loaded.id, loaded.name, loaded.rules) == ("canyon-variant", "Canyon Variant", "el-dorado-canyon")
    assert [r.id for r in loaded.records()] == [r.id for r in original.records()]
    assert (game / "game.toml").read_text().startswith("# El Dorado Canyon: a simultaneous-reveal")  # comments kept


# --- the fox-deck example -----------------------------------------------------------------


@pytest.fixture(scope="module")
def fox_build(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("fox")
    code, said, warned = generator("build", EXAMPLES / "fox-deck", "--out", out)
    assert (code, warned) == (0, ""), warned
    return out


def test_the_fox_deck_places_each_image_at_its_box_embedded_once_svg_as_vectors(fox_build):
    pdf = fox_build / "fox-deck-a4.pdf"
    items = json.loads((fox_build / "fox-deck-a4.json").read_text())["pages"][2]["items"]
    assert [i["id"] for i in items] == ["red-fox", "red-fox", "night-fox", "moonrise"]
    with pdfplumber.open(pdf) as doc:
        placed = [(round(i["x0"], 1), round(i["top"], 1), round(i["x1"], 1), round(i["bottom"], 1), i["srcsize"])
                  for i in doc.pages[2].images]
        fonts = {w["fontname"].split("+")[-1] for w in doc.pages[2].extract_words(extra_attrs=["fontname"])
                 if w["text"] in ("Red", "Fox") and w["bottom"] < doc.pages[2].height - 30}  # not the footer
    # layouts/fox.toml: art at x 4, y 14, 55 x 40 mm; the 900 x 660 px art covers it: as wide as the box,
    # a little taller (cropped top and bottom), centred on it by the focal point
    assert [p[4] for p in placed] == [(900, 660)] * 3  # the SVG moon adds no raster image
    for (x0, top, x1, bottom, _), item in zip(placed, items):
        box = page_box(pdf, 2, item, 4, 14, 55, 40)
        assert (x0, x1) == (box[0], box[2])
        assert abs((bottom - top) - 55 * 660 / 900 * MM) < 0.2 and bottom - top > box[3] - box[1]
        assert abs((top + bottom) / 2 - (box[1] + box[3]) / 2) < 0.1
    raw = pdf.read_bytes()
    assert raw.count(b"/Subtype /Image") == 2  # fox.png placed twice, night-fox.png once: each stored once
    assert fonts == {"DejaVuSerif-Bold"}  # [fonts.Fox], embedded as a subset
    assert near(rgb_at(pdf, 2, items[3]["x"] + 30, items[3]["y"] + items[3]["h"] - 20), "#1f2a4a")  # moon.svg


def test_the_fox_deck_kept_in_a_csv_builds_the_same_pdf_byte_for_byte(fox_build, tmp_path, game_copy):
    game = game_copy(EXAMPLES / "fox-deck")
    edit_text(game / "game.toml", 'file = "cards.toml"', 'file = "cards.csv"')
    assert generator("build", game, "--out", tmp_path / "out")[0] == 0
    assert (tmp_path / "out" / "fox-deck-a4.pdf").read_bytes() == (fox_build / "fox-deck-a4.pdf").read_bytes()


# --- a built-in look extended by a layout ---------------------------------------------------

EDC_LAYOUT = '''extends = "el-dorado-canyon"

[regions.picture]
x = 5
y = 27
w = 54
h = 30
image = "art/town.png"

[regions.text]
x = 4
y = 60
w = 55
h = 22
'''


@pytest.fixture
def edc(tmp_path, game_copy) -> Path:
    game = game_copy("el-dorado-canyon", "canyon")
    (game / "art").mkdir()
    Image.new("RGB", (1800, 1000), (40, 90, 160)).save(game / "art" / "town.png")
    (game / "town-look.toml").write_text(EDC_LAYOUT)
    edit_text(game / "game.toml", 'file = "town.toml"', 'file = "town.toml"\nlayout = "town-look.toml"')
    return game


def test_el_dorado_canyons_look_with_a_bigger_text_box_and_art_for_its_picture(edc, tmp_path):
    out = tmp_path / "out"
    assert generator("build", edc, "--out", out)[0] == 0
    manifest = json.loads((out / "canyon-a4.json").read_text())
    page, item = next((n, i) for n, p in enumerate(manifest["pages"]) for i in p["items"]
                      if i["id"] == "mother-lode" and i["side"] == "front")
    pdf = out / "canyon-a4.pdf"
    with pdfplumber.open(pdf) as doc:
        images = doc.pages[page].images
        words = doc.pages[page].extract_words()
    spot = page_box(pdf, page, item, 5, 27, 54, 30)
    assert spot in [(round(i["x0"], 1), round(i["top"], 1), round(i["x1"], 1), round(i["bottom"], 1)) for i in images]
    text_box = page_box(pdf, page, item, 4, 60, 55, 22)
    gain = [w for w in words if w["text"] == "Gain" and text_box[0] <= w["x0"] <= text_box[2]
            and text_box[1] <= w["top"] <= text_box[3]]
    assert gain, "Mother Lode's rules text prints inside the layout's text region"
    assert pdf.read_bytes().count(b"/Subtype /Image") == 1  # one town.png for every town card


@pytest.mark.parametrize("change, message", [
    ("x = 4\n", "text crosses the safe zone"),
    ("h = 22\n", "text does not fit its 55.0 x 2.0 mm box even at 6 pt: it needs 2.1 mm of height"),
])
def test_the_extended_looks_safe_zone_and_fit_checks_still_stop_bad_boxes(edc, tmp_path, change, message):
    out = tmp_path / "out"
    assert generator("build", edc, "--out", out)[0] == 0
    good = (out / "canyon-a4.pdf").read_bytes()
    layout = edc / "town-look.toml"
    bad = "x = 1\n" if change.startswith("x") else "h = 2\n"
    layout.write_text(EDC_LAYOUT[::-1].replace(change[::-1], bad[::-1], 1)[::-1])
    code, _, said = generator("build", edc, "--out", out)
    assert code == 2 and said.startswith(f"{edc}/town-look.toml:") and ": card 'mother-lode' (Mother Lode)" in said, said
    assert message in said and len(said.splitlines()) == 1, said
    assert (out / "canyon-a4.pdf").read_bytes() == good


def _placed(pdf: Path, page: int) -> list[tuple[float, float, float, float, tuple[int, int]]]:
    with pdfplumber.open(pdf) as doc:
        return [(round(i["x0"], 1), round(i["top"], 1), round(i["x1"], 1), round(i["bottom"], 1), i["srcsize"])
                for i in doc.pages[page].images]


def _covers(placed: tuple, box: tuple) -> bool:
    """An image placed with fit = cover: over the whole box, centred on it, one side as long as the box's."""
    x0, top, x1, bottom = placed[:4]
    return (x0 <= box[0] + 0.1 and x1 >= box[2] - 0.1 and top <= box[1] + 0.1 and bottom >= box[3] - 0.1
            and abs((x0 + x1) - (box[0] + box[2])) < 0.2 and abs((top + bottom) - (box[1] + box[3])) < 0.2
            and (abs((x1 - x0) - (box[2] - box[0])) < 0.2 or abs((bottom - top) - (box[3] - box[1])) < 0.2))


# a built-in game's card record with `image = ...`: (game, component file, card id, its picture area in mm
# from the card's top-left corner, from the card's width W and height H)
PICTURES = [
    ("eternal-gold-and-steel", "forge.toml", "xo-of-the-endless-hoard", lambda W, H: (5.5, 14, W - 11, H / 2 - 14)),
    ("eternal-gold-and-steel", "throne.toml", "eternal-throne", lambda W, H: (5.5, 15, W - 11, H * 0.36)),
    ("eldorado", "ships.toml", "ship-pizarro", lambda W, H: (5, 3 + 22 - 12, W - 10, 24)),  # above the hold
    ("eldorado", "eldorado.toml", "guatavita", lambda W, H: (5, H * 0.4 - W * 0.26, W - 10, W * 0.52)),
    ("eldorado", "supply.toml", "soldier", lambda W, H: (5, H * 0.42 - W * 0.25, W - 10, W * 0.5)),
]


@pytest.mark.parametrize("game_id, file, card, area", PICTURES, ids=[p[2] for p in PICTURES])
def test_a_built_in_games_card_prints_its_own_image_in_its_picture_area(tmp_path, game_copy, game_id, file, card, area):
    game, out = game_copy(game_id, "copy"), tmp_path / "out"
    (game / "art").mkdir()
    Image.new("RGB", (1500, 1000), (40, 90, 160)).save(game / "art" / "mine.png")
    record = load_game(str(game)).record(card)
    edit_text(game / file, f'name = "{record.name}"\n', f'name = "{record.name}"\nimage = "art/mine.png"\n')
    assert generator("build", game, "--out", out)[:3:2] == (0, "")
    manifest = json.loads((out / "copy-a4.json").read_text())
    page, item = next((n, i) for n, p in enumerate(manifest["pages"]) for i in p["items"]
                      if i["id"] == card and i["side"] == "front")
    pdf = out / "copy-a4.pdf"
    placed = [p for p in _placed(pdf, page) if p[4] == (1500, 1000)]
    spots = [page_box(pdf, page, i, *area(i["w"], i["h"])) for i in manifest["pages"][page]["items"]
             if i["id"] == card and i["side"] == "front"]
    assert len(placed) == len(spots) and all(_covers(p, s) for p, s in zip(placed, spots)), (placed, spots)
    assert pdf.read_bytes().count(b"/Subtype /Image") == 1  # stored once however many copies print
    # the same code path as a layout's art: a small image is a warning naming the card, and a path out is refused
    Image.new("RGB", (150, 100), (40, 90, 160)).save(game / "art" / "mine.png")
    code, _, warned = generator("build", game, "--out", out)
    assert code == 0 and warned.startswith(f"warning: card '{card}' ({record.name}): image: mine.png prints at ")
    edit_text(game / file, 'image = "art/mine.png"', 'image = "../mine.png"')
    code, said, warned = generator("build", game, "--out", out)
    assert (code, said) == (2, "") and f"card '{card}' ({record.name}): image: expected a file inside the game's " \
        "folder, got '../mine.png' (it leads outside)" in warned, warned


# --- bad input anywhere: exit 2, a clear message, the last good output kept ---------------


def _huge_png(path: Path) -> None:
    """A PNG whose header says 20000 x 20000 px (only the header is ever read)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 20000, 20000, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))


def _edit(path: str, old: str, new: str):
    return lambda game: edit_text(game / path, old, new)


BAD = {
    "layout key": (_edit("layouts/fox.toml", "fit = \"cover\"", "fit = \"cover\"\nzoom = 2"),
                   "layouts/fox.toml:12: boxes.art.zoom: unknown key: expected one of x, y, w, h, in, text, font, "
                   "size, colour, align, valign, leading, image, fit, focus, shape, fill, stroke, stroke_width, radius"),
    "layout field": (_edit("layouts/fox.toml", 'text = "{text}"', 'text = "{txt}"'),
                     "layouts/fox.toml:51: boxes.text.text: unknown field {txt}: expected one of {art}, {copies}, "
                     "{cost}, {id}, {name}, {tags}, {text}"),
    "layout font": (_edit("layouts/base.toml", 'font = "Fox"', 'font = "Wolf"'),
                    "layouts/base.toml:24: boxes.name.font: expected one of Fox, display, text (fonts are declared "
                    "in game.toml [fonts]), got 'Wolf'"),
    "csv cell": (lambda g: (_edit("game.toml", 'file = "cards.toml"', 'file = "cards.csv"')(g),
                            _edit("cards.csv", ",2,hunter", ",two,hunter")(g)),
                 "cards.csv: row 2, column 'cost': card 'red-fox' (Red Fox): expected an integer, got 'two'"),
    "image not an image": (lambda g: (g / "art" / "fox.png").write_text("not a picture"),
                           "cards.toml:6: card 'red-fox' (Red Fox): art: expected a PNG image, got a file that is not "
                           "one: 'art/fox.png'"),
    "huge image": (lambda g: _huge_png(g / "art" / "fox.png"),
                   "cards.toml:6: card 'red-fox' (Red Fox): art: 'art/fox.png' is 20000 x 20000 px: expected at most "
                   "16384 px a side"),
    "font not a font": (lambda g: (g / "fonts" / "DejaVuSerif-Bold.ttf").write_text("not a font"),
                        "game.toml: fonts.Fox.regular: DejaVuSerif-Bold.ttf: expected a TrueType font (.ttf or .otf "
                        "with TrueType outlines), got a file that is not one"),
    "font without licence": (_edit("game.toml", 'licence = "fonts/DejaVu-LICENSE.txt"\n', ""),
                             "game.toml:16: fonts.Fox: missing licence: expected the font's licence file"),
    "image leaving the folder": (_edit("cards.toml", 'art = "art/moon.svg"', 'art = "../moon.svg"'),
                                 "cards.toml:22: card 'moonrise' (Moonrise): art: expected a file inside the game's "
                                 "folder, got '../moon.svg' (it leads outside)"),
    "icon linked out": (lambda g: ((g / "icons" / "paw.svg").unlink(), (g / "icons" / "paw.svg").symlink_to(
                        EXAMPLES / "fox-deck" / "icons" / "paw.svg")),
                        "game.toml:22: icons.paw: expected a file inside the game's folder, got 'icons/paw.svg' "
                        "(it leads outside)"),
    "back layout out": (_edit("layouts/base.toml", 'image = "art/back.svg"', 'image = "/etc/passwd.svg"'),
                        "layouts/base.toml:5: back.image: expected a path relative to the game's folder, "
                        "got '/etc/passwd.svg'"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_input_anywhere_is_exit_2_with_a_clear_message_and_keeps_the_last_good_output(tmp_path, game_copy, case):
    game, out = game_copy(EXAMPLES / "fox-deck"), tmp_path / "out"
    assert generator("build", game, "--out", out)[0] == 0
    good = (out / "fox-deck-a4.pdf").read_bytes()
    breaks, message = BAD[case]
    breaks(game)
    code, said, warned = generator("build", game, "--out", out)
    assert (code, said) == (2, "")
    assert warned.startswith(f"{game}/{message}"), warned
    assert (out / "fox-deck-a4.pdf").read_bytes() == good


@pytest.mark.parametrize("fallback, name, message", [
    ('fallback = ["text"]', "Night Fox 🎲", "character '🎲' (U+1F3B2) is not in the font Fox (fonts/DejaVuSerif-Bold.ttf) "
     "or text (DejaVu Sans Condensed): choose a font that has it or add a fallback font"),
    ("fallback = []", "Night ★ Fox", "character '★' (U+2605) is not in the font Fox (fonts/DejaVuSerif-Bold.ttf): "
     "choose a font that has it or add a fallback font"),
])
def test_a_missing_glyph_names_the_font_as_the_designer_named_it_at_the_cards_row_and_its_box(tmp_path, game_copy,
                                                                                               fallback, name, message):
    game, out = game_copy(EXAMPLES / "fox-deck"), tmp_path / "out"
    edit_text(game / "game.toml", 'fallback = ["text"]', fallback)
    edit_text(game / "cards.toml", 'name = "Night Fox"', f'name = "{name}"')
    # at the card's name (cards.toml line 14); the name box is base.toml's [boxes.name] (line 17), drawn through
    # fox.toml, which extends base.toml
    assert generator("build", game, "--out", out) == (
        2, "", f"{game}/cards.toml:14: card 'night-fox' ({name}): boxes.name (name): {message}, in "
        "layouts/base.toml:17\n")


def test_text_a_built_in_look_draws_directly_is_checked_for_missing_glyphs_too(tmp_path, game_copy):
    """Eldorado's cards draw their names straight onto the canvas: a character its face lacks is an error, not a box."""
    game = game_copy("eldorado")
    edit_text(game / "ships.toml", 'name = "Ship of Francisco Pizarro"', 'name = "Ship of Pizarro 日本"')
    assert generator("build", game, "--out", tmp_path / "out") == (
        2, "", f"{game}/ships.toml:3: card 'ship-pizarro' (Ship of Pizarro 日本): character '日' (U+65E5) is not in "
        "the font display italic (Old Standard Italic): choose a font that has it or add a fallback font\n")
    assert not (tmp_path / "out").exists()


def test_a_box_changed_for_one_card_is_reported_at_that_change(tmp_path, game_copy):
    game, out = game_copy(EXAMPLES / "fox-deck"), tmp_path / "out"
    edit_text(game / "layouts" / "fox.toml", "h = 20", "h = 2")
    assert generator("build", game, "--out", out) == (
        2, "", f"{game}/cards.toml:23: card 'moonrise' (Moonrise): boxes.text (text): text does not fit its "
        "55.0 x 2.0 mm box even at 7 pt: it needs 2.5 mm of height, 0.5 mm (23%) more than the box has; shorten it "
        "by about 8 of its 40 characters, in layouts/fox.toml:72\n")  # the card's text; [cards.moonrise.boxes.text]


def test_art_below_300_dpi_is_a_warning_naming_the_card_and_the_build_succeeds(tmp_path, game_copy):
    game, out = game_copy(EXAMPLES / "fox-deck"), tmp_path / "out"
    Image.new("RGB", (300, 220), (200, 100, 40)).save(game / "art" / "night-fox.png")
    code, said, warned = generator("build", game, "--out", out)
    assert code == 0 and said.startswith("fox-deck: 4 pages")
    assert warned == ("warning: card 'night-fox' (Night Fox): boxes.art: night-fox.png prints at 139 dpi at its size, "
                      "below 300: it may look soft; use an image of at least 650 x 476 px\n")
    code, said, previewed = generator("png", game, "--out", out, "--dpi", "72", "--card", "night-fox")
    assert (code, previewed) == (0, warned)  # the preview warns the same
    code, said, exported = generator("tts", game, "--out", out)
    assert (code, exported) == (0, warned)  # and so does every command that draws art


def test_watch_warns_of_low_resolution_art_at_every_rebuild(tmp_path, game_copy, monkeypatch):
    game, out = game_copy(EXAMPLES / "fox-deck"), tmp_path / "out"
    Image.new("RGB", (300, 220), (200, 100, 40)).save(game / "art" / "night-fox.png")

    def two_rounds(folder, rebuild, **options):
        rebuild()
        Image.new("RGB", (1300, 950), (200, 100, 40)).save(game / "art" / "night-fox.png")  # the designer's fix
        rebuild()

    monkeypatch.setattr("generator.engine.watch.watch", two_rounds)
    code, said, warned = generator("watch", game, "--out", out)
    assert code == 0 and said.count("fox-deck: 4 pages") == 2
    assert warned == ("warning: card 'night-fox' (Night Fox): boxes.art: night-fox.png prints at 139 dpi at its size, "
                      "below 300: it may look soft; use an image of at least 650 x 476 px\n")  # the first build only
    assert (1300, 950) in [i[4] for i in _placed(out / "fox-deck-a4.pdf", 2)]  # the new art, not a cached copy


# --- layout files: geometry and the checks of their structure --------------------------------


def test_a_box_is_placed_from_the_top_left_corner_of_its_reference_in_mm_or_percent():
    from generator.engine.box import Box
    from generator.templates.regions import rect_of

    box = Box(60 * MM, 90 * MM, bleed=3 * MM)
    mm = lambda rect: tuple(round(v / MM, 3) for v in rect)  # noqa: E731
    assert mm(rect_of({"x": 5, "y": 10, "w": 20, "h": 30}, box)) == (5, 50, 20, 30)
    assert mm(rect_of({"in": "safe", "x": 0, "y": 0, "w": "100%", "h": "10%"}, box)) == (3, 78.6, 54, 8.4)
    assert mm(rect_of({"in": "bleed", "x": 0, "y": 0, "w": "100%", "h": "50%"}, box)) == (-3, 45, 66, 48)
    # a region override keeps what it does not give from the look's own rectangle
    assert mm(rect_of({"h": 10}, box, (5 * MM, 40 * MM, 50 * MM, 20 * MM))) == (5, 50, 50, 10)


def test_layout_structure_errors_name_file_line_and_box(tmp_path, game_copy):
    game = game_copy(EXAMPLES / "fox-deck")
    (game / "layouts" / "base.toml").write_text('extends = "layouts/fox.toml"\n')
    code, _, said = generator("build", game, "--out", tmp_path / "out")
    assert code == 2 and said == (f"{game}/layouts/fox.toml: extends: a loop of layouts (layouts/fox.toml -> "
                                  "layouts/base.toml -> layouts/fox.toml)\n")
    shutil.copy(EXAMPLES / "fox-deck" / "layouts" / "base.toml", game / "layouts" / "base.toml")
    edit_text(game / "layouts" / "fox.toml", "[cards.moonrise.boxes.name]", '[regions.text]\nx = 1\n\n'
              '[cards.moonrise]\nlayout = "layouts/none.toml"\n\n[cards.moonrise.boxes.name]')
    code, _, said = generator("build", game, "--out", tmp_path / "out")
    assert code == 2 and said.splitlines() == [
        f"{game}/layouts/fox.toml:69: regions: only a layout extending a built-in look has regions "
        "(extends = 'el-dorado-canyon')",
        f"{game}/layouts/none.toml: file not found: 'layouts/none.toml'",
    ]


def test_a_card_may_use_another_layout(tmp_path, game_copy):
    game, out = game_copy(EXAMPLES / "fox-deck"), tmp_path / "out"
    (game / "layouts" / "night.toml").write_text('extends = "layouts/base.toml"\nbackground = "#20283c"\n')
    edit_text(game / "layouts" / "fox.toml", "[cards.moonrise.boxes.name]",
              '[cards.night-fox]\nlayout = "layouts/night.toml"\n\n[cards.moonrise.boxes.name]')
    assert generator("build", game, "--out", out)[0] == 0
    items = json.loads((out / "fox-deck-a4.json").read_text())["pages"][2]["items"]
    night, red = next(i for i in items if i["id"] == "night-fox"), items[0]
    pdf = out / "fox-deck-a4.pdf"
    assert near(rgb_at(pdf, 2, night["x"] + 2, night["y"] + 2), "#20283c")
    assert near(rgb_at(pdf, 2, red["x"] + 2, red["y"] + 2), "#fbeedd")


BIG_TEXT = """# A card with more to say: smaller art, a taller text box.
extends = "layouts/fox.toml"

[boxes.art]
h = 25

[boxes.text]
y = 38
h = 35
"""


def _words_in(pdf: Path, page: int, box: tuple[float, ...]) -> list[str]:
    with pdfplumber.open(pdf) as doc:
        return [w["text"] for w in doc.pages[page].extract_words()
                if box[0] <= w["x0"] and w["x1"] <= box[2] and box[1] <= w["top"] and w["bottom"] <= box[3]]


def test_a_card_names_its_own_layout_by_name(tmp_path, game_copy):
    game, out = game_copy(EXAMPLES / "fox-deck"), tmp_path / "out"
    (game / "layouts" / "big-text.toml").write_text(BIG_TEXT)
    edit_text(game / "cards.toml", 'name = "Night Fox"\n', 'name = "Night Fox"\nlayout = "big-text"\n')
    assert generator("build", game, "--out", out)[:3:2] == (0, "")
    items = json.loads((out / "fox-deck-a4.json").read_text())["pages"][2]["items"]
    night, red = items[2], items[0]
    pdf = out / "fox-deck-a4.pdf"
    # big-text's text box: in the safe zone (3 mm in) at x 1, y 38, 55 x 35 mm; fox.toml's at y 53, 20 mm tall
    assert _words_in(pdf, 2, page_box(pdf, 2, night, 4, 41, 55, 35)) == ["Play", "at", "dusk.", "Quiet", "as", "the",
                                                                          "moon."]
    assert len(_words_in(pdf, 2, page_box(pdf, 2, night, 4, 41, 55, 22))) == 7  # centred 58.5 mm down, not 66
    assert "river." in _words_in(pdf, 2, page_box(pdf, 2, red, 4, 56, 55, 20))
    spot = page_box(pdf, 2, night, 4, 14, 55, 25)
    art = [p for p in _placed(pdf, 2) if abs(p[0] - spot[0]) < 0.2]
    assert len(art) == 1 and _covers(art[0], spot)  # night-fox's art, in big-text's 25 mm tall box
    # the same cards in the spreadsheet, with a layout column
    csv = (game / "cards.csv").read_text().replace("id,name,copies,", "id,name,layout,copies,").replace(
        "red-fox,Red Fox,", "red-fox,Red Fox,,").replace("night-fox,Night Fox,", "night-fox,Night Fox,big-text,").replace(
        "moonrise,Moonrise,", "moonrise,Moonrise,,")
    (game / "cards.csv").write_text(csv)
    edit_text(game / "game.toml", 'file = "cards.toml"', 'file = "cards.csv"')
    same = tmp_path / "csv"
    assert generator("build", game, "--out", same)[0] == 0
    assert (same / "fox-deck-a4.pdf").read_bytes() == pdf.read_bytes()


@pytest.mark.parametrize("file, old, new, message", [
    ("cards.toml", 'layout = "big-text"', 'layout = "big-txt"',
     "cards.toml:15: card 'night-fox' (Night Fox): layout: expected one of the layouts in layouts/ (base, big-text, "
     "fox), got 'big-txt'"),
    ("cards.toml", 'layout = "big-text"', 'layout = "layouts/big-text.toml"',
     "cards.toml:15: card 'night-fox' (Night Fox): layout: expected the name of a layout in layouts/ (its file name "
     "without .toml, e.g. 'big-text' for layouts/big-text.toml), got 'layouts/big-text.toml'"),
    ("cards.csv", "night-fox,Night Fox,,", "night-fox,Night Fox,big-txt,",
     "cards.csv: row 3, column 'layout': card 'night-fox' (Night Fox): expected one of the layouts in layouts/ "
     "(base, big-text, fox), got 'big-txt'"),
    ("layouts/big-text.toml", "h = 35", "h = 35\nfont = \"Wolf\"",
     "layouts/big-text.toml:10: boxes.text.font: expected one of Fox, display, text (fonts are declared in game.toml "
     "[fonts]), got 'Wolf'"),
])
def test_a_card_naming_an_unknown_or_broken_layout_is_exit_2_at_its_line(tmp_path, game_copy, file, old, new, message):
    game, out = game_copy(EXAMPLES / "fox-deck"), tmp_path / "out"
    (game / "layouts" / "big-text.toml").write_text(BIG_TEXT)
    if file == "cards.csv":
        edit_text(game / "game.toml", 'file = "cards.toml"', 'file = "cards.csv"')
        (game / "cards.csv").write_text((game / "cards.csv").read_text().replace("id,name,", "id,name,layout,")
                                        .replace("Fox,", "Fox,,").replace("Moonrise,", "Moonrise,,"))
    else:
        edit_text(game / "cards.toml", 'name = "Night Fox"\n', 'name = "Night Fox"\nlayout = "big-text"\n')
    edit_text(game / file, old, new)
    assert generator("build", game, "--out", out) == (2, "", f"{game}/{message}\n")


def test_a_layouts_card_overrides_carry_into_the_layouts_that_extend_it(tmp_path, game_copy):
    """base.toml darkens Moonrise, fox.toml (extending it) colours its name: Moonrise keeps both, and fox.toml's art."""
    game, out = game_copy(EXAMPLES / "fox-deck"), tmp_path / "out"
    with (game / "layouts" / "base.toml").open("a") as base:
        base.write('\n[cards.moonrise]\nbackground = "#20283c"\n\n[cards.night-fox.boxes.name]\ncolour = "#ffd27a"\n')
    assert generator("build", game, "--out", out)[0] == 0
    items = json.loads((out / "fox-deck-a4.json").read_text())["pages"][2]["items"]
    night, moon = items[2], items[3]
    pdf = out / "fox-deck-a4.pdf"
    assert near(rgb_at(pdf, 2, moon["x"] + 2, moon["y"] + 2), "#20283c")
    assert near(rgb_at(pdf, 2, moon["x"] + 30, moon["y"] + moon["h"] - 20), "#1f2a4a")  # moon.svg, a fox.toml box
    assert "Every" in _words_in(pdf, 2, page_box(pdf, 2, moon, 4, 56, 55, 21))
    assert [p for p in _placed(pdf, 2) if p[0] == page_box(pdf, 2, night, 4, 14, 55, 40)[0]]  # night-fox's art
    with pdfplumber.open(pdf) as doc:
        gold = {tuple(round(v, 2) for v in ch["non_stroking_color"]) for ch in doc.pages[2].chars if ch["text"] == "N"}
    assert (1.0, 0.82, 0.48) in gold  # Night Fox's name in #ffd27a


def test_a_png_icon_of_the_folder_prints_inline_at_the_text_size(tmp_path, game_copy):
    game, out = game_copy(EXAMPLES / "fox-deck"), tmp_path / "out"
    Image.new("RGBA", (64, 64), (30, 120, 40, 255)).save(game / "icons" / "leaf.png")
    edit_text(game / "game.toml", 'paw = "icons/paw.svg"', 'paw = "icons/paw.svg"\nleaf = "icons/leaf.png"')
    edit_text(game / "cards.toml", "Play at dusk.", "Play at dusk :leaf:.")
    assert generator("build", game, "--out", out)[0] == 0
    with pdfplumber.open(out / "fox-deck-a4.pdf") as doc:
        icons = [i for i in doc.pages[2].images if i["srcsize"] == (64, 64)]
        dusk = next(w for w in doc.pages[2].extract_words() if w["text"] == "dusk")
    assert len(icons) == 1
    size = icons[0]["x1"] - icons[0]["x0"]
    assert 6 <= size <= 10.5 and icons[0]["x0"] > dusk["x1"]  # as tall as the text (7 to 10 pt), after "dusk"
    assert abs(icons[0]["bottom"] - dusk["bottom"]) < 3  # on the line's baseline
