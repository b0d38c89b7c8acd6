"""A designer's defects (issue 30 defects 3 and 8): a field's 0 prints, one low-resolution warning per image."""
from __future__ import annotations

import json

import pdfplumber
from PIL import Image
from typer.testing import CliRunner

from conftest import edit_text
from generator.cli import app as generator_app
from generator.new import new_game

runner = CliRunner()


def test_a_power_of_0_prints_its_badge(tmp_path):
    game, out = tmp_path / "mine", tmp_path / "out"
    new_game(game)
    edit_text(game / "cards.toml", "power = 3", "power = 0")  # the first card's; `0 == False` hid it
    done = runner.invoke(generator_app, ["build", str(game), "--out", str(out)])
    assert done.exit_code == 0, done.output
    manifest = json.loads((out / "mine-a4.json").read_text())
    page = next(i for i, p in enumerate(manifest["pages"]) if any(item["id"] == "first" for item in p["items"]))
    item = next(item for item in manifest["pages"][page]["items"] if item["id"] == "first")
    with pdfplumber.open(out / "mine-a4.pdf") as pdf:
        height = pdf.pages[page].height
        mm = 72 / 25.4
        card = pdf.pages[page].within_bbox((item["x"] * mm, height - (item["y"] + item["h"]) * mm,
                                            (item["x"] + item["w"]) * mm, height - item["y"] * mm))
        words = [w["text"] for w in card.extract_words()]
    assert "0" in words, words  # the badge ":sun: **{power}**", at the card's bottom right


def test_the_same_low_resolution_warning_prints_once_per_image_naming_its_cards(tmp_path):
    game, out = tmp_path / "mine", tmp_path / "out"
    new_game(game)
    Image.new("RGB", (200, 150), (180, 90, 40)).save(game / "art" / "low.png")
    (game / "cards.toml").write_text((game / "cards.toml").read_text().replace("art/sample.svg", "art/low.png"))
    done = runner.invoke(generator_app, ["build", str(game), "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert done.stderr.splitlines() == [  # one line for the image, not one per card (14 for one image before)
        "warning: 3 cards (first, second, third): boxes.art: low.png prints at 68 dpi at its size, below 300: "
        "it may look soft; use an image of at least 882 x 661 px"]
