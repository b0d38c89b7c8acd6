"""`generator proof` (issue 35 point 4): the contact sheet holds every face as `generator png` draws it, with
its id under it; `--hand` fans those cards; bad options are one line and exit 2 with nothing written."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from cards import load_game
from generator.engine.proof import GAP_MM, GROUND
from test_designer import EXAMPLES, generator

FOX = EXAMPLES / "fox-deck"
DPI = 72


def _px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


@pytest.fixture(scope="module")
def proofs(tmp_path_factory):
    out = tmp_path_factory.mktemp("proof")
    code, said, warned = generator("proof", FOX, "--dpi", DPI, "--hand", "red-fox,night-fox,moonrise", "--out", out)
    assert code == 0, warned
    assert said == f"fox-deck: wrote {out / 'fox-deck-proof.png'} and {out / 'fox-deck-hand.png'}\n"
    code, said, warned = generator("png", FOX, "--dpi", DPI, "--out", out / "png")
    assert code == 0, warned
    return out


def _trimmed(png: Path) -> Image.Image:
    """A `generator png` face without its 3 mm bleed."""
    image = Image.open(png).convert("RGB")
    b = _px(3)
    return image.crop((b, b, image.width - b, image.height - b))


def test_the_contact_sheet_is_every_face_as_png_draws_it_with_its_id_under_it(proofs):
    sheet = Image.open(proofs / "fox-deck-proof.png").convert("RGB")
    faces = ["red-fox-front", "night-fox-front", "moonrise-front", "red-fox-back"]   # the fronts, then the back once
    w, h = _px(63.5), _px(88.9)
    gap = round(GAP_MM / 25.4 * DPI)
    assert sheet.width == gap + len(faces) * (w + gap)
    top = next(y for y in range(sheet.height) if sheet.getpixel((gap + w // 2, y)) != GROUND)   # under the heading
    for i, name in enumerate(faces):
        left = gap + i * (w + gap)
        drawn = sheet.crop((left, top, left + w, top + h))
        want = _trimmed(proofs / "png" / "fox-deck-png" / "foxes" / f"{name}.png").resize((w, h))
        diff = ImageChops.difference(drawn, want).convert("L")
        assert ImageStat.Stat(diff).mean[0] < 8, name                          # the same picture
        caption = sheet.crop((left, top + h + 1, left + w, top + h + _px(6)))
        inked = [x for x in range(caption.width) for y in range(caption.height) if sum(caption.getpixel((x, y))) < 300]
        assert inked and abs((min(inked) + max(inked)) / 2 - w / 2) < _px(1.5), name   # an id, centred under it


def test_the_hand_fans_the_cards_with_the_middle_one_upright(proofs):
    hand = Image.open(proofs / "fox-deck-hand.png").convert("RGB")
    w, h = _px(63.5), _px(88.9)
    assert hand.width > 2 * w and hand.height > h
    for corner in ((0, 0), (hand.width - 1, 0), (0, hand.height - 1), (hand.width - 1, hand.height - 1)):
        assert hand.getpixel(corner) == GROUND                                 # a plain background
    middle = hand.width // 2 - w // 4          # left of its centre: the next card covers its top right
    column = [hand.getpixel((middle, y)) for y in range(hand.height)]
    card_top = next(y for y, p in enumerate(column) if p != GROUND and sum(p) > 600)    # night-fox's cream edge
    band = hand.getpixel((middle, card_top + _px(3 + 5)))                       # the name band, 3 mm in the safe zone
    assert all(abs(a - b) < 20 for a, b in zip(band, (0xc0, 0x57, 0x1f))), band
    front = _trimmed(proofs / "png" / "fox-deck-png" / "foxes" / "night-fox-front.png")
    art = front.getpixel((w // 4, _px(40)))                                     # the night sky of its art
    assert all(abs(a - b) < 25 for a, b in zip(hand.getpixel((middle, card_top + _px(40))), art))


def test_a_built_in_games_proof_with_one_component_and_a_hand(tmp_path):
    game = load_game("el-dorado-canyon")
    town = game.component("town")
    code, said, warned = generator("proof", "el-dorado-canyon", "--component", "town", "--dpi", 40,
                                   "--hand", "pistol,rifle,dynamite,lasso", "--out", tmp_path)
    assert code == 0, warned
    sheet = Image.open(tmp_path / "el-dorado-canyon-proof-town.png")
    w, h = (round(v / 25.4 * 40) for v in town.spec.size_mm)
    rows = -(-(len(town.records) + 1) // 8)                                    # the faces and the back, 8 a row
    assert sheet.width >= 8 * w and sheet.height > rows * h
    assert Image.open(tmp_path / "el-dorado-canyon-hand.png").width > 2 * w


@pytest.mark.parametrize("args,message", [
    (["--hand", "red-fox,wolf"], "--hand: expected card ids of fox-deck separated by commas (one of red-fox, "
                                 "night-fox, moonrise), got 'wolf'"),
    (["--hand", "red-fox,,moonrise"], "--hand: expected card ids separated by commas (e.g. red-fox,moonrise), "
                                      "got 'red-fox,,moonrise'"),
    (["--component", "wolves"], "--component: expected one of the components fox-deck prints as faces (foxes), "
                                "got 'wolves'"),
    (["--dpi", "20"], "--dpi: expected 36 to 600, got 20"),
])
def test_bad_proof_options_are_one_line_and_nothing_is_written(tmp_path, args, message):
    out = tmp_path / "out"
    code, said, warned = generator("proof", FOX, *args, "--out", out)
    assert (code, said, warned) == (2, "", message + "\n")
    assert not out.exists()


def test_a_proof_too_large_for_memory_is_refused_before_anything_is_drawn(tmp_path):
    out = tmp_path / "out"
    code, said, warned = generator("proof", EXAMPLES / "hex-board", "--dpi", 600, "--out", out)
    assert (code, said) == (2, "") and not out.exists()
    assert warned.startswith("--dpi: 2 faces at 600 dpi are ") and warned.endswith(
        " pixels: expected at most 64,000,000; lower --dpi or choose one --component\n"), warned
