"""Print-shop PDF, PNGs, Tabletop Simulator sheets, ink saver, watch, and the generic looks of every game."""
from __future__ import annotations

import io
import json
import threading

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageStat
from pypdf import PdfReader
from pypdf.generic import ContentStream, DecodedStreamObject
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from cards import BUILTIN, load_game
from generator.cli import app
from generator.engine.box import Style
from generator.engine.build import build_game
from generator.engine.icons import draw_icon, icon_scope, ink_saving
from generator.engine.sheet import Options
from generator.engine.watch import watch
from madeup_games import reference_cards
from test_engine_build import make_game, placements

MM = 72 / 25.4
runner = CliRunner()


def test_shop_pdf_has_one_face_per_page_with_trim_and_bleed_boxes_back_first(tmp_path):
    game = make_game(tmp_path / "kinds")
    result = runner.invoke(app, ["build", str(game), "--out", str(tmp_path / "out"), "--shop"])
    assert result.exit_code == 0, result.output
    pdf = PdfReader(tmp_path / "out" / "kinds-shop-generic" / "63.5x88.9mm.pdf")   # the tokens have their own file
    # deck: 7 records x 2 copies; each a back page then a front page
    assert len(pdf.pages) == 2 * 14
    first = pdf.pages[0]
    assert [float(v) / MM for v in first.trimbox] == pytest.approx([3, 3, 66.5, 91.9], abs=0.01)
    assert [float(v) / MM for v in first.bleedbox] == pytest.approx([0, 0, 69.5, 94.9], abs=0.01)
    assert [float(v) / MM for v in first.mediabox] == pytest.approx([0, 0, 69.5, 94.9], abs=0.01)
    names = [placements(p)[0][4] for p in pdf.pages[:28]]
    backs, fronts = names[0::2], names[1::2]
    assert len(set(backs)) == 1            # one deck back, drawn once as a form
    assert len(set(fronts)) == 7 and not set(fronts) & set(backs)


def test_png_per_face_with_bleed_at_the_asked_dpi(tmp_path):
    result = runner.invoke(app, ["png", "el-dorado-canyon", "--card", "pistol", "--dpi", "150", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "el-dorado-canyon-png" / "starting"
    assert sorted(p.name for p in folder.iterdir()) == ["pistol-back.png", "pistol-front.png"]
    image = Image.open(folder / "pistol-front.png")
    assert image.mode == "RGB"
    assert image.size == (round(69.5 / 25.4 * 150), round(94.9 / 25.4 * 150))  # whole pixels, bleed kept
    result = runner.invoke(app, ["png", "el-dorado-canyon", "--card", "nope", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "card 'nope': no card with this id in el-dorado-canyon" in result.output


def test_a_poker_card_with_an_eighth_inch_bleed_is_825_by_1125_pixels_at_300_dpi(tmp_path):
    """The Game Crafter's and MakePlayingCards' poker template: (2.5 + 2 x 0.125) x (3.5 + 2 x 0.125) in."""
    result = runner.invoke(app, ["png", "el-dorado-canyon", "--card", "rifle", "--bleed", "3.175", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for side in ("front", "back"):
        image = Image.open(tmp_path / "el-dorado-canyon-png" / "town" / f"rifle-{side}.png")
        assert image.size == (825, 1125) and image.mode == "RGB"
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_tts_sheets_hold_at_most_10_by_7_and_4096_px(tmp_path):
    game = make_game(tmp_path / "kinds", **{"deck.toml": reference_cards(40, "T", "x")})
    result = runner.invoke(app, ["tts", str(game), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "kinds-tts"
    sheets = sorted(p.name for p in folder.glob("deck-*.png"))
    assert sheets == ["deck-1.png", "deck-back.png"]   # 40 unique faces (80 copies): one sheet, slot 41 left free
    for name in sheets:
        image = Image.open(folder / name)
        assert image.mode == "RGB" and max(image.size) <= 4096
    card_w, card_h = Image.open(folder / "deck-back.png").size
    assert Image.open(folder / "deck-1.png").size == (9 * card_w, 5 * card_h)   # 5 rows, then the fewest columns
    assert card_w / card_h == pytest.approx(63.5 / 88.9, abs=0.01)


def _mean_brightness(pdf_path) -> float:
    doc = pdfium.PdfDocument(str(pdf_path))
    return ImageStat.Stat(doc[3].render(scale=0.3).to_pil().convert("L")).mean[0]   # the first sheet's backs


def test_ink_saver_prints_lighter(tmp_path):
    game = make_game(tmp_path / "kinds")
    for folder, extra in (("full", []), ("light", ["--ink-saver"])):
        assert runner.invoke(app, ["build", str(game), "--out", str(tmp_path / folder), *extra]).exit_code == 0
    assert _mean_brightness(tmp_path / "light" / "kinds-a4.pdf") > _mean_brightness(tmp_path / "full" / "kinds-a4.pdf") + 40


def _icon_forms(pdf_path) -> dict[str, bytes]:
    """{name: drawing} of every icon form object in a PDF (icons are nested in the face forms)."""
    forms: dict[str, bytes] = {}

    def walk(obj) -> None:
        for name, ref in obj.get("/Resources", {}).get("/XObject", {}).items():
            if name not in forms:
                forms[name] = ref.get_object()
                walk(forms[name])
    for page in PdfReader(pdf_path).pages:
        walk(page)
    return {name.split(".", 1)[1]: form.get_data() for name, form in forms.items() if ".icon_" in name}


def test_ink_saver_draws_the_games_icons_in_its_light_palette(tmp_path):
    game = make_game(tmp_path / "kinds")           # its deck's text has :gold: and :health: inline
    for folder, extra in (("full", []), ("light", ["--ink-saver"])):
        assert runner.invoke(app, ["build", str(game), "--out", str(tmp_path / folder), *extra]).exit_code == 0
    full, light = (_icon_forms(tmp_path / f / "kinds-a4.pdf") for f in ("full", "light"))
    coin = "icon_generator_templates_el_dorado_canyon_gold"
    assert set(light) == {f"{name}_ink_saver" for name in full} and coin in full
    full_gold, saver_gold = b".878431 .67451 .168627 rg", b".968627 .890196 .658824 rg"   # look.py FULL / SAVER gold
    assert full_gold in full[coin] and saver_gold not in full[coin]
    assert saver_gold in light[f"{coin}_ink_saver"] and full_gold not in light[f"{coin}_ink_saver"]


def _operators(c) -> list[bytes]:
    stream = DecodedStreamObject()
    stream.set_data("\n".join(c._code).encode())    # the page's operators so far (ReportLab's private list)
    return [op for _, op in ContentStream(stream, None).operations]


@pytest.mark.parametrize("ink_saver,paint", [(False, b"f*"), (True, b"S")])
def test_generic_icons_are_solid_or_outlined_by_style(ink_saver, paint):
    c = Canvas(io.BytesIO(), invariant=1)
    with icon_scope("generic", style=Style(ink_saver=ink_saver)):
        draw_icon(c, "star", 10, 10, 20)
    ops = _operators(c)
    assert paint in ops and ({b"f*", b"S"} - {paint}).isdisjoint(ops)


def test_an_icon_in_fixed_colours_prints_pale_and_outlined_in_the_ink_saver_kit():
    def seal(c, x, y, s):
        c.setFillColorRGB(0.8, 0.2, 0.1)
        c.circle(x + s / 2, y + s / 2, s / 3, fill=1, stroke=0)
    drawn = {}
    for ink_saver in (False, True):
        c = Canvas(io.BytesIO(), invariant=1)
        ink_saving(seal)(c, 0, 0, 10, style=Style(ink_saver=ink_saver))
        drawn[ink_saver] = ("\n".join(c._code), _operators(c))
    full, saver = drawn[False], drawn[True]
    assert ".8 .2 .1 rg" in full[0] and b"f*" in full[1] and b"B*" not in full[1]
    assert ".976 .904 .892 rg" in saver[0] and ".8 .2 .1 RG" in saver[0] and b"B*" in saver[1]   # tint, outline


def test_watch_rebuilds_when_a_definition_changes(tmp_path):
    game = make_game(tmp_path / "kinds")
    builds = []
    changed = threading.Event()

    def rebuild():
        builds.append(build_game(load_game(str(game)), Options(), tmp_path / "out").pages)
        if len(builds) == 1:
            (game / "tokens.toml").write_text((game / "tokens.toml").read_text() + '[[cards]]\nid = "more"\nname = "More"\n')
            changed.set()

    watch(game, rebuild, interval=0.01, keep_going=lambda: len(builds) < 2)
    assert changed.is_set() and len(builds) == 2
    manifest = json.loads((tmp_path / "out" / "kinds-a4.json").read_text())
    assert any(i["id"] == "more" for p in manifest["pages"] for i in p["items"])


@pytest.mark.parametrize("game", BUILTIN)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_builtin_game_builds_on_both_papers(tmp_path, game, paper):
    result = build_game(load_game(game), Options(paper=paper), tmp_path)
    manifest = json.loads((tmp_path / f"{game}-{paper}.json").read_text())
    assert result.pages == len(manifest["pages"]) > 0
    size = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}[paper]
    assert all((p["width"], p["height"]) in (size, size[::-1]) for p in manifest["pages"])
