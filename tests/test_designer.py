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

from cards import load_game
from conftest import CARDS, edit_text
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
    assert code == 2 and said.startswith("--from: expected a built-in game (el-dorado-canyon, ")
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


def test_the_fox_deck_kept_in_a_csv_builds_the_same_pdf_byte_for_byte(fox_build, tmp_path):
    game = tmp_path / "fox-deck"
    shutil.copytree(EXAMPLES / "fox-deck", game)
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
def edc(tmp_path) -> Path:
    game = tmp_path / "canyon"
    shutil.copytree(CARDS / "el-dorado-canyon", game)
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
def test_bad_input_anywhere_is_exit_2_with_a_clear_message_and_keeps_the_last_good_output(tmp_path, case):
    game, out = tmp_path / "fox-deck", tmp_path / "out"
    shutil.copytree(EXAMPLES / "fox-deck", game, symlinks=True)
    assert generator("build", game, "--out", out)[0] == 0
    good = (out / "fox-deck-a4.pdf").read_bytes()
    breaks, message = BAD[case]
    breaks(game)
    code, said, warned = generator("build", game, "--out", out)
    assert (code, said) == (2, "")
    assert warned.startswith(f"{game}/{message}"), warned
    assert (out / "fox-deck-a4.pdf").read_bytes() == good


def test_art_below_300_dpi_is_a_warning_naming_the_card_and_the_build_succeeds(tmp_path):
    game, out = tmp_path / "fox-deck", tmp_path / "out"
    shutil.copytree(EXAMPLES / "fox-deck", game)
    Image.new("RGB", (300, 220), (200, 100, 40)).save(game / "art" / "night-fox.png")
    code, said, warned = generator("build", game, "--out", out)
    assert code == 0 and said.startswith("fox-deck: 4 pages")
    assert warned == ("warning: card 'night-fox' (Night Fox): boxes.art: night-fox.png prints at 139 dpi at its size, "
                      "below 300: it may look soft; use an image of at least 650 x 476 px\n")
    code, said, previewed = generator("png", game, "--out", out, "--dpi", "72", "--card", "night-fox")
    assert (code, previewed) == (0, warned)  # the preview warns the same


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


def test_layout_structure_errors_name_file_line_and_box(tmp_path):
    game = tmp_path / "fox-deck"
    shutil.copytree(EXAMPLES / "fox-deck", game)
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


def test_a_card_may_use_another_layout(tmp_path):
    game, out = tmp_path / "fox-deck", tmp_path / "out"
    shutil.copytree(EXAMPLES / "fox-deck", game)
    (game / "layouts" / "night.toml").write_text('extends = "layouts/base.toml"\nbackground = "#20283c"\n')
    edit_text(game / "layouts" / "fox.toml", "[cards.moonrise.boxes.name]",
              '[cards.night-fox]\nlayout = "layouts/night.toml"\n\n[cards.moonrise.boxes.name]')
    assert generator("build", game, "--out", out)[0] == 0
    items = json.loads((out / "fox-deck-a4.json").read_text())["pages"][2]["items"]
    night, red = next(i for i in items if i["id"] == "night-fox"), items[0]
    pdf = out / "fox-deck-a4.pdf"
    assert near(rgb_at(pdf, 2, night["x"] + 2, night["y"] + 2), "#20283c")
    assert near(rgb_at(pdf, 2, red["x"] + 2, red["y"] + 2), "#fbeedd")


def test_a_png_icon_of_the_folder_prints_inline_at_the_text_size(tmp_path):
    game, out = tmp_path / "fox-deck", tmp_path / "out"
    shutil.copytree(EXAMPLES / "fox-deck", game)
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
