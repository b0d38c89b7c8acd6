"""print.md: "Minimum text size 6 pt on cards": every character a kit prints, read back from its PDF.

Each built-in kit and the fox deck are built and every character pdfplumber finds is measured, on its
pieces (card text, picture badges, the version stamp), in the footer and on the printing guide; only
a tiled map's assembly overview, a picture of the map shrunk to fit one page and cut from nothing, is
left out, and so are the pieces that are not cards (tokens, dice, standees: print.md's rule is "on cards"),
whose version stamps may be as small as `stamp.OFF_CARD_SIZE`.  A character's size is its font size on the page, whatever way it is turned: pdfplumber's
`size` is the height of its box, which for a turned character (a two-ended card's option 2, a round
token's ring, a footer up the side) is not its size, so it is taken from the box and the advance
through the character's matrix.
"""
from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pdfplumber
import pytest

from cards import load_game
from conftest import CARDS, edit_text
from generator.engine.build import build_game
from generator.engine.sheet import Options
from generator.engine.stamp import OFF_CARD_SIZE

ROOT = Path(__file__).resolve().parent.parent
LEAST = 6.0   # pt
MM = 72 / 25.4


def font_size(char: dict) -> float:
    """The character's font size on the page: its box is the matrix applied to (advance x font size)."""
    a, b, c, d = char["matrix"][:4]
    width, height, adv = char["x1"] - char["x0"], char["bottom"] - char["top"], char["adv"]
    size = (height - abs(b) * adv) / abs(d) if abs(d) >= abs(c) else (width - abs(a) * adv) / abs(c)
    return size * math.hypot(c, d)


def off_cards(char: dict, page_height: float, items: list[dict], kinds: dict[str, str]) -> bool:
    """Whether the character lies on a piece that is not a card (its trim box, from the manifest)."""
    x, y = (char["x0"] + char["x1"]) / 2, page_height - (char["top"] + char["bottom"]) / 2
    return any(kinds.get(item["component"], "card") != "card" and item["x"] * MM <= x <= (item["x"] + item["w"]) * MM
               and item["y"] * MM <= y <= (item["y"] + item["h"]) * MM for item in items)


def measured(pdf: Path, kinds: dict[str, str]) -> tuple[list[tuple[int, str, float]], list[float], list[float]]:
    """(page, characters, size) of each run under LEAST pt on cards and pages, the sizes of the cards' stamps' dots
    (" · ") and those of the other pieces' stamps, overview pages left out."""
    manifest = json.loads(pdf.with_suffix(".json").read_text())
    small: dict[tuple[int, float], str] = {}
    dots, off_dots = [], []
    with pdfplumber.open(pdf) as doc:
        for number, (page, listed) in enumerate(zip(doc.pages, manifest["pages"]), 1):
            if listed.get("overview"):
                continue
            for char in page.chars:
                size = font_size(char)
                if off_cards(char, float(page.height), listed["items"], kinds):
                    if char["text"] == "\u00b7":
                        off_dots.append(size)
                    continue
                if size < LEAST - 0.01:
                    key = (number, round(size, 2))
                    small[key] = small.get(key, "") + char["text"]
                if char["text"] == "\u00b7":
                    dots.append(size)
    return [(n, text, size) for (n, size), text in sorted(small.items())], dots, off_dots


SOURCES = {"el-dorado-canyon": CARDS / "el-dorado-canyon", "eternal-gold-and-steel": CARDS / "eternal-gold-and-steel",
           "eldorado": CARDS / "eldorado", "fox-deck": ROOT / "examples" / "fox-deck"}


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, tuple[Path, dict[str, str]]]:
    """Each game's A4 kit, built from a copy with a version (its stamps say "0.3 · digest", the longest), and
    the kind of each of its components."""
    out = tmp_path_factory.mktemp("kits")
    built = {}
    for name, source in SOURCES.items():
        folder = out / name
        shutil.copytree(source, folder)
        edit_text(folder / "game.toml", "\nrules = ", '\nversion = "0.3"\nrules = ')
        game = load_game(str(folder))
        build_game(game, Options(), out / "kit", cache_root=None)
        built[name] = (out / "kit" / f"{name}-a4.pdf", {c.spec.id: c.spec.kind for c in game.components})
    return built


@pytest.mark.parametrize("game", list(SOURCES))
def test_every_character_of_a_kit_is_at_least_6_pt(kits, game):
    small, dots, off_dots = measured(*kits[game])
    assert small == []
    assert dots and min(dots) == pytest.approx(LEAST, abs=0.01)   # what was measured holds the version stamps
    assert all(size >= OFF_CARD_SIZE - 0.01 for size in off_dots)


@pytest.mark.parametrize("game, pieces", [("eldorado", 6), ("eternal-gold-and-steel", 2)])
def test_a_die_face_and_a_token_too_small_for_6_pt_still_carry_their_stamp(kits, game, pieces):
    """Eldorado's six die faces and Gold and Steel's Sentinel (both sides) are no cards: their stamps are smaller,
    but there, so that every face that can carry one says its version (issue 34)."""
    _, _, off_dots = measured(*kits[game])
    assert len(off_dots) >= pieces and min(off_dots) < LEAST


def test_font_size_reads_a_character_turned_any_way(tmp_path):
    """The measure itself: 6 pt text drawn upright, upside down, up the side and at 30 degrees reads 6 pt."""
    from reportlab.pdfgen.canvas import Canvas
    from cards.typeset.fonts import TEXT, register_fonts
    register_fonts()
    path = tmp_path / "turned.pdf"
    c = Canvas(str(path), invariant=1)
    for angle in (0, 180, 90, 30):
        c.saveState()
        c.translate(200, 400)
        c.rotate(angle)
        c.setFont(TEXT, 6)
        c.drawString(10, 0, "Wg")
        c.restoreState()
    c.setFont(TEXT, 5)
    c.drawString(50, 50, "x")
    c.save()
    with pdfplumber.open(path) as doc:
        sizes = [round(font_size(ch), 2) for ch in doc.pages[0].chars]
    assert sizes == [6.0] * 8 + [5.0]
