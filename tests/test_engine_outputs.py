"""Print-shop PDF, PNGs, Tabletop Simulator sheets, ink saver, watch, and the generic looks of every game."""
from __future__ import annotations

import json
import math
import threading

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageStat
from pypdf import PdfReader
from typer.testing import CliRunner

from cards import BUILTIN, load_game
from generator.cli import app
from generator.engine.build import build_game
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
    pdf = PdfReader(tmp_path / "out" / "kinds-shop.pdf")
    # deck: 7 records x 2 copies, tokens: 2 x 2; each a back page then a front page
    assert len(pdf.pages) == 2 * (14 + 4)
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
    assert image.size == (math.ceil(69.5 / 25.4 * 150), math.ceil(94.9 / 25.4 * 150))  # whole pixels, bleed kept
    result = runner.invoke(app, ["png", "el-dorado-canyon", "--card", "nope", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "card 'nope': no card with this id in el-dorado-canyon" in result.output


def test_tts_sheets_hold_at_most_10_by_7_and_4096_px(tmp_path):
    game = make_game(tmp_path / "kinds", **{"deck.toml": reference_cards(40, "T", "x")})
    result = runner.invoke(app, ["tts", str(game), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "kinds-tts"
    sheets = sorted(p.name for p in folder.glob("deck-*.png"))
    assert sheets == ["deck-1.png", "deck-2.png", "deck-back.png"]   # 80 copies: 70 + 10
    for name in sheets:
        image = Image.open(folder / name)
        assert image.mode == "RGB" and max(image.size) <= 4096
    card_w, card_h = Image.open(folder / "deck-back.png").size
    assert Image.open(folder / "deck-1.png").size == (10 * card_w, 7 * card_h)
    assert card_w / card_h == pytest.approx(63.5 / 88.9, abs=0.01)


def _mean_brightness(pdf_path) -> float:
    doc = pdfium.PdfDocument(str(pdf_path))
    return ImageStat.Stat(doc[1].render(scale=0.3).to_pil().convert("L")).mean[0]


def test_ink_saver_prints_lighter(tmp_path):
    game = make_game(tmp_path / "kinds")
    for folder, extra in (("full", []), ("light", ["--ink-saver"])):
        assert runner.invoke(app, ["build", str(game), "--out", str(tmp_path / folder), *extra]).exit_code == 0
    assert _mean_brightness(tmp_path / "light" / "kinds-a4.pdf") > _mean_brightness(tmp_path / "full" / "kinds-a4.pdf") + 40


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
