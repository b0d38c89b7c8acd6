"""Layouts that follow the data (issue 30): values from a card's fields, styles by a field's value, boxes
drawn `when` a field says so, rotation, shapes, gradients, opacity, CSS colour names and per-card backs,
read back from the pixels and the PDF of the banner-deck example."""
from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import Image
from typer.testing import CliRunner

from conftest import edit_text
from generator.cli import app as generator_app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
MM = 72 / 25.4
DPI = 100
CARDS = {  # id: (faction colour, type, cost, back colour)
    "sun-guard": ("#c8102e", "unit", 2, "#c8102e"),
    "moon-veil": ("#1f3a93", "spell", 0, "#1f3a93"),
    "sun-flare": ("#c8102e", "spell", 3, "#c8102e"),
    "moon-scout": ("#1f3a93", "unit", 1, "#1f3a93"),
}


def generator(*args) -> tuple[int, str, str]:
    done = CliRunner().invoke(generator_app, [str(a) for a in args])
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    return done.exit_code, done.stdout, done.stderr


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def near(found: tuple[int, ...], want: tuple[int, ...], slack: int = 14) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(found, want))


def at(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The colour at (x, y) mm from the image's top-left corner (the bleed's)."""
    return image.convert("RGB").getpixel((round(x_mm / 25.4 * DPI), round(y_mm / 25.4 * DPI)))


def count_near(image: Image.Image, box_mm: tuple[float, float, float, float], want: tuple[int, ...]) -> int:
    """How many pixels of the box (x0, y0, x1, y1 mm from the top-left) are near `want`."""
    x0, y0, x1, y1 = (round(v / 25.4 * DPI) for v in box_mm)
    crop = image.convert("RGB").crop((x0, y0, x1, y1))
    raw = crop.tobytes()
    return sum(near(raw[i:i + 3], want, 30) for i in range(0, len(raw), 3))


@pytest.fixture(scope="module")
def banner(tmp_path_factory) -> Path:
    game = tmp_path_factory.mktemp("banner") / "banner-deck"
    shutil.copytree(EXAMPLES / "banner-deck", game)
    return game


@pytest.fixture(scope="module")
def pngs(banner) -> Path:
    out = banner.parent / "out"
    assert generator("png", banner, "--out", out, "--dpi", DPI)[:1] == (0,)
    return out / "banner-deck-png" / "deck"


@pytest.mark.parametrize("card", list(CARDS))
def test_each_cards_band_icon_conditional_boxes_and_back_follow_its_fields(pngs, card):
    band, kind, cost, back = CARDS[card]
    front, rear = Image.open(pngs / f"{card}-front.png"), Image.open(pngs / f"{card}-back.png")
    # the band: style = "{faction}" picks [styles.faction.sun] or .moon
    assert near(at(front, 5, 4), rgb(band)), at(front, 5, 4)
    # the icon: text = ":{icon}:" in the top right corner; the sun's disc is #c98a12, the moon is #e8e8f0
    icon_box = (54, 8, 63, 18)
    suns, moons = count_near(front, icon_box, rgb("#c98a12")), count_near(front, icon_box, rgb("#e8e8f0"))
    assert (suns > 20, moons > 20) == ((True, False) if card.startswith("sun") else (False, True)), (suns, moons)
    # when = { field = "type", is = "spell" }: a purple hexagon at half opacity over the gradient panel
    r, g, b = at(front, 34.5, 33.5)
    assert (r > 150 and g < 150 and b > 150) == (kind == "spell"), (r, g, b)
    # when = { field = "cost", above = 0 }: the gold star and its number
    assert near(at(front, 57, 78.2), rgb("#ffd700"), 30) == (cost > 0), at(front, 57, 78.2)
    # [back] image = "{back_art}": each card its own back
    assert near(at(rear, 3, 3), rgb(back))


def test_the_rotated_title_is_set_at_its_angle_and_a_gradient_runs_down_its_panel(banner, pngs):
    out = banner.parent / "pdf"
    assert generator("build", banner, "--out", out)[0] == 0
    with pdfplumber.open(out / "banner-deck-a4.pdf") as pdf:
        title = [ch for ch in pdf.pages[2].chars if "OldStandard" in ch["fontname"]]
    assert "".join(ch["text"] for ch in title[:9]) == "Sun Guard"
    angles = {round(math.degrees(math.atan2(ch["matrix"][1], ch["matrix"][0]))) for ch in title}
    assert angles == {4}   # rotate = -4: four degrees anticlockwise as the layout's y runs down
    front = Image.open(pngs / "sun-guard-front.png")
    top, bottom = at(front, 10, 22), at(front, 10, 74)
    assert near(top, (255, 255, 255), 12) and near(bottom, rgb("#b0c4de"), 16), (top, bottom)


def test_per_card_backs_are_mirrored_for_duplex_in_the_kit_and_kept_in_tts_and_the_shop(banner, tmp_path):
    out = tmp_path / "out"
    assert generator("build", banner, "--out", out, "--shop", "generic")[0] == 0  # RGB: dtc's CMYK shifts colours
    manifest = json.loads((out / "banner-deck-a4.json").read_text())
    fronts, backs = manifest["pages"][2]["items"], manifest["pages"][3]["items"]
    doc = pdfium.PdfDocument(str(out / "banner-deck-a4.pdf"))
    page = doc[3].render(scale=2).to_pil().convert("RGB")
    height = doc[3].get_height()
    for front in fronts:
        back = next(b for b in backs if b["id"] == front["id"])
        assert abs((back["x"] + back["w"] / 2) - (595.28 / MM - front["x"] - front["w"] / 2)) < 1  # mirrored
        x, y = (back["x"] + 2) * MM * 2, (height - (back["y"] + 2) * MM) * 2
        assert near(page.getpixel((round(x), round(y))), rgb(CARDS[front["id"]][3]))
    shop = pdfium.PdfDocument(str(next((out / "banner-deck-shop-generic").glob("*.pdf"))))
    for n, card in enumerate(CARDS):   # back, front, back, front...
        image = shop[2 * n].render(scale=1).to_pil().convert("RGB")
        assert near(image.getpixel((10, 10)), rgb(CARDS[card][3]))
    assert generator("tts", banner, "--out", tmp_path / "tts")[0] == 0
    folder = tmp_path / "tts" / "banner-deck-tts"
    deck = json.loads((folder / "banner-deck.json").read_text())["ObjectStates"][0]
    assert deck["CustomDeck"]["1"]["UniqueBack"] is True
    sheet = Image.open(folder / "deck-back-1.png").convert("RGB")
    across, down = deck["CustomDeck"]["1"]["NumWidth"], deck["CustomDeck"]["1"]["NumHeight"]
    w, h = sheet.width // across, sheet.height // down   # the sheet's grid, as the saved object declares it
    assert [near(sheet.getpixel((i % across * w + 5, i // across * h + 5)), rgb(CARDS[c][3]))
            for i, c in enumerate(CARDS)] == [True] * 4


def _game(banner: Path, tmp_path: Path, *edits: tuple[str, str, str]) -> Path:
    """A copy of the banner deck with (file, old text, new text) edits."""
    game = tmp_path / "banner-deck"
    shutil.copytree(banner, game)
    for file, old, new in edits:
        edit_text(game / file, old, new)
    return game


def _errors(banner: Path, tmp_path: Path, file: str, old: str, new: str) -> str:
    game = _game(banner, tmp_path, (file, old, new))
    code, said, warned = generator("build", game, "--out", tmp_path / "out")
    assert (code, said) == (2, "") and not (tmp_path / "out").exists()
    return warned.replace(f"{game}/", "")


@pytest.mark.parametrize("file, old, new, message", [
    ("layouts/card.toml", "[styles.faction.sun]", "[styles.fraction.sun]",
     "layouts/card.toml:9: styles.fraction: unknown field 'fraction': expected one of back_art, copies, cost, "
     "faction, icon, id, name, text, type\n"),
    ("layouts/card.toml", 'when = { field = "type", is = "spell" }', 'when = { field = "type", was = "spell" }',
     "layouts/card.toml:87: boxes.spell.when: expected { field = \"NAME\" } with one or more of is = VALUE or "
     "[VALUES], set = true or false, above = N, below = N, got {'field': 'type', 'was': 'spell'}\n"),
    ("layouts/card.toml", 'when = { field = "cost", above = 0 }', 'when = { field = "cost", above = "none" }',
     "layouts/card.toml:100: boxes.cost-star.when: above: expected a number, got 'none'\n"),
    ("layouts/card.toml", 'style = "{faction}"', 'style = "{kind}"',
     "layouts/card.toml:31: boxes.band.style: expected a {field} whose value names a [styles.FIELD.VALUE] table "
     "(one of {back_art}, {copies}, {cost}, {faction}, {icon}, {id}, {name}, {text}, {type}), got '{kind}'\n"),
    ("layouts/card.toml", 'style = "{faction}"', 'style = "{type}"',
     "layouts/card.toml:31: boxes.band.style: expected a field with [styles.FIELD.VALUE] tables (faction), got {type}\n"),
    ("layouts/card.toml", 'stroke = "gray"', 'stroke = "{colour}"',
     "layouts/card.toml:64: boxes.divider.stroke: unknown field {colour}: expected one of {back_art}, {copies}, "
     "{cost}, {faction}, {icon}, {id}, {name}, {text}, {type}\n"),
    ("layouts/card.toml", 'fill = "purple"', 'fill = "purplish"',
     "layouts/card.toml:85: boxes.spell.fill: expected a colour as #rrggbb or a CSS colour name (e.g. #336699, "
     "darkred), got 'purplish'\n"),
    ("layouts/card.toml", "rotate = -4", "rotate = 400",
     "layouts/card.toml:44: boxes.title.rotate: expected an angle in degrees from -360 to 360 (clockwise, about the "
     "box's centre), got 400\n"),
    ("cards.toml", 'faction = "moon"\ntype = "spell"', 'faction = "star"\ntype = "spell"',
     "cards.toml:14: card 'moon-veil' (Moon Veil): boxes.band.style: expected {faction} to be one of the values "
     "with a [styles.faction.VALUE] table (sun, moon), got 'star', in layouts/card.toml:24\n"),
])
def test_a_wrong_style_condition_or_value_is_exit_2_at_its_line(banner, tmp_path, file, old, new, message):
    assert _errors(banner, tmp_path, file, old, new) == message


def test_a_value_from_a_field_is_checked_for_each_card_at_the_cards_row(banner, tmp_path):
    game = _game(banner, tmp_path,
                 ("game.toml", 'cost = { type = "integer", default = 0 }',
                  'cost = { type = "integer", default = 0 }\ntint = { type = "text", default = "teal" }'),
                 ("layouts/card.toml", 'stroke = "gray"', 'stroke = "{tint}"'),
                 ("cards.toml", 'cost = 3\n', 'cost = 3\ntint = "#12345"\n'))
    code, _, warned = generator("build", game, "--out", tmp_path / "out")
    assert (code, warned.replace(f"{game}/", "")) == (2, (
        "cards.toml:27: card 'sun-flare' (Sun Flare): boxes.divider.stroke: expected a colour as #rrggbb or a CSS "
        "colour name (e.g. #336699, darkred), got '#12345' (from {tint}), in layouts/card.toml:57\n"))
    edit_text(game / "cards.toml", 'tint = "#12345"', 'tint = "crimson"')
    assert generator("png", game, "--out", tmp_path / "out", "--dpi", DPI, "--card", "sun-flare")[0] == 0
    front = Image.open(tmp_path / "out" / "banner-deck-png" / "deck" / "sun-flare-front.png")
    assert count_near(front, (6, 45.5, 60, 47.5), rgb("#dc143c")) > 50      # this card's divider is crimson
    assert generator("png", game, "--out", tmp_path / "o2", "--dpi", DPI, "--card", "sun-guard")[0] == 0
    other = Image.open(tmp_path / "o2" / "banner-deck-png" / "deck" / "sun-guard-front.png")
    assert count_near(other, (6, 45.5, 60, 47.5), rgb("#008080")) > 50      # the field's default: teal


def test_rotation_counts_in_the_safe_zone_check(banner, tmp_path):
    # the text box fills the safe zone's width: it builds, but turned 30 degrees its corners leave the zone
    game = _game(banner, tmp_path, ("layouts/card.toml", "x = 3\ny = 44\nw = 51", "x = 0\ny = 44\nw = 57"))
    assert generator("build", game, "--out", tmp_path / "out")[0] == 0
    edit_text(game / "layouts/card.toml", 'text = "{text}"\nsize = [7, 10]\nalign = "center"',
              'text = "{text}"\nsize = [7, 10]\nalign = "center"\nrotate = 30')
    code, _, warned = generator("build", game, "--out", tmp_path / "out")
    assert code == 2 and "boxes.text (text): text crosses the safe zone" in warned, warned


def test_shapes_are_drawn_with_their_corners(banner, tmp_path):
    game = _game(banner, tmp_path,
                 ("layouts/card.toml", 'fill = "purple"\nopacity = 0.5\nwhen = { field = "type", is = "spell" }',
                  'stroke = "black"'),
                 ("layouts/card.toml", 'fill = "gold"\nstroke = "darkgoldenrod"', 'stroke = "black"'))
    with open(game / "layouts/card.toml", "a") as f:
        f.write('\n[boxes.flag]\nshape = "polygon"\npoints = [[0, 0], [10, 0], [5, "100%"]]\nx = 10\ny = 60\n'
                'w = 10\nh = 8\nstroke = "black"\n')
    assert generator("build", game, "--out", tmp_path / "out")[0] == 0
    with pdfplumber.open(tmp_path / "out" / "banner-deck-a4.pdf") as pdf:
        curves = [c for c in pdf.pages[2].curves if c["x0"] < 63 * MM + 20]   # the first card
    corners = sorted(len(c["pts"]) for c in curves if c.get("stroke"))
    assert 7 in corners and 11 in corners and 4 in corners, corners   # hexagon, star of 5, triangle: closed


def test_validate_and_the_build_report_the_same_text_problems_at_each_cards_row(banner, tmp_path):
    """A folder seeded with one of each text problem the build finds: an unknown icon, a character no font has,
    a text too long for its box, ink across the safe zone (a box moved for one card)."""
    from checker.commands import app as checker_app

    game = _game(banner, tmp_path, ("cards.toml", "Blocks one attack", "Blocks :shield: one attack"),
                 ("cards.toml", 'name = "Moon Veil"', 'name = "Moon Veil 🎲"'),
                 ("cards.toml", "Deal **2** damage to every moon card.", "Deal **2** damage to every moon card. " * 12))
    with open(game / "layouts" / "card.toml", "a") as f:
        f.write('\n[cards.moon-scout.boxes.icon]\nx = 50\n')
    validated = CliRunner().invoke(checker_app, ["validate", str(game)])
    code, said, built = generator("build", game, "--out", tmp_path / "out")
    assert (validated.exit_code, code, said) == (2, 2, "")
    assert validated.stderr == built
    assert built.replace(f"{game}/", "").splitlines() == [
        "cards.toml:8: card 'sun-guard' (Sun Guard): boxes.text (text): unknown icon ':shield:': expected one of "
        "arrow-left, arrow-right, check, circle, cross, heart, moon, square, star, sun, in layouts/card.toml:67",
        "cards.toml:13: card 'moon-veil' (Moon Veil 🎲): boxes.title (name): character '🎲' (U+1F3B2) is not in the "
        "font display (Old Standard) or text (DejaVu Sans Condensed): choose a font that has it or add a fallback "
        "font, in layouts/card.toml:33",
        "cards.toml:27: card 'sun-flare' (Sun Flare): boxes.text (text): text does not fit its 51.0 x 26.0 mm box "
        "even at 7 pt: it needs 29.1 mm of height, 3.1 mm (12%) more than the box has; shorten it by about 50 of "
        "its 456 characters, in layouts/card.toml:67",
        "cards.toml:35: card 'moon-scout' (Moon Scout): boxes.icon (icon): text crosses the safe zone: it spans x "
        "57.0..64.0 mm, y 75.6..81.2 mm of a 63.5 x 88.9 mm card whose safe zone is 3.0 mm inside the trim, in "
        "layouts/card.toml:114",
    ]


@pytest.mark.parametrize("when, shown", [
    ({"field": "type", "is": ["spell", "trap"]}, ["spell", "trap"]),
    ({"field": "cost", "set": True}, ["zero", "spell", "trap"]),        # 0 is a value; only the empty cost is unset
    ({"field": "cost", "set": False}, ["empty"]),
    ({"field": "cost", "above": 0, "below": 3}, ["spell"]),               # every test given must hold
    ({"field": "cost", "below": 1}, ["zero"]),
    ({"field": "flying", "is": True}, ["trap"]),
    ({"field": "flying", "set": False}, ["zero", "spell", "empty"]),      # false counts as unset, as in a text
])
def test_when_holds_for_the_cards_its_tests_name(when, shown):
    from types import SimpleNamespace

    from cards.design import holds

    cards = {"zero": SimpleNamespace(type="unit", cost=0, flying=False),
             "spell": SimpleNamespace(type="spell", cost=2, flying=False),
             "trap": SimpleNamespace(type="trap", cost=5, flying=True),
             "empty": SimpleNamespace(type="unit", cost=None, flying=False)}
    assert [name for name, card in cards.items() if holds(when, card)] == shown


def test_a_radial_gradient_runs_from_the_centre_out(banner, tmp_path):
    game = _game(banner, tmp_path, ("layouts/card.toml", 'colours = ["white", "lightsteelblue"], kind = "linear"',
                                    'colours = ["white", "black"], kind = "radial"'))
    assert generator("png", game, "--out", tmp_path / "out", "--dpi", DPI, "--card", "sun-guard")[0] == 0
    front = Image.open(tmp_path / "out" / "banner-deck-png" / "deck" / "sun-guard-front.png")
    centre, edge = at(front, 34.5, 60), at(front, 8, 76)     # the panel's middle, near its lower left corner
    assert min(centre) > 120 and max(edge) < min(centre) - 60, (centre, edge)
