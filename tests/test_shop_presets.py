"""`--shop VENDOR`: each vendor's bleed, page order and one file per piece size, read back from the files."""
from __future__ import annotations

import json
import re

import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from madeup_games import deck, game_toml
from test_engine_build import DECK, _marker_file, make_game, placements

MM = 72 / 25.4
runner = CliRunner()

SHOP_GAME = game_toml("shop", "Shop Test", (2, 4), [
    deck(copies=2),
    {"id": "tokens", "name": "Tokens", "kind": "token", "schema": "marker", "file": "tokens.toml", "size": "25x25mm",
     "shape": "round", "copies": 2, "back": "marker"},
    {"id": "marks", "name": "Health markers", "kind": "token", "schema": "marker", "file": "marks.toml", "size": "8x8mm"},
    {"id": "map", "name": "Map", "kind": "map", "schema": "marker", "file": "map.toml", "size": "500x400mm"},
])


def shop_game(tmp_path):
    return make_game(tmp_path / "shop", **{"game.toml": SHOP_GAME, "deck.toml": DECK, "marks.toml": _marker_file("hp"),
                                           "map.toml": _marker_file("chart")})


def build(tmp_path, *args):
    result = runner.invoke(app, ["build", str(shop_game(tmp_path)), "--out", str(tmp_path / "out"), *args])
    assert result.exit_code == 0, result.output
    return result.output


def boxes_mm(page):
    return ([float(v) / MM for v in page.mediabox], [float(v) / MM for v in page.trimbox],
            [float(v) / MM for v in page.bleedbox])


def test_dtc_one_pdf_per_card_size_with_eighth_inch_bleed_back_before_front(tmp_path):
    output = build(tmp_path, "--shop", "dtc")
    folder = tmp_path / "out" / "shop-shop-dtc"
    assert sorted(p.name for p in folder.iterdir()) == ["63.5x88.9mm.pdf", "cannot-make.txt"]
    pdf = PdfReader(folder / "63.5x88.9mm.pdf")
    assert len(pdf.pages) == 2 * 7 * 2                     # 7 cards x 2 copies, each a back then a front
    b = 25.4 / 8
    for page in pdf.pages:
        media, trim, bleed = boxes_mm(page)
        assert media == pytest.approx([0, 0, 63.5 + 2 * b, 88.9 + 2 * b], abs=0.01) and bleed == media
        assert trim == pytest.approx([b, b, 63.5 + b, 88.9 + b], abs=0.01)
    names = [placements(p)[0][4] for p in pdf.pages]
    backs, fronts = names[0::2], names[1::2]
    assert len(set(backs)) == 1 and len(set(fronts)) == 7 and not set(fronts) & set(backs)
    listed = (folder / "cannot-make.txt").read_text()
    for piece in ("Tokens (token, 25x25mm): DriveThruCards makes no token pieces",
                  "Health markers (token, 8x8mm): DriveThruCards makes no token pieces",
                  "Map (map, 500x400mm): DriveThruCards makes no map pieces"):
        assert f"- {piece}\n" in listed and f"the print shop cannot make: {piece}" in output


def test_generic_is_plain_shop_and_never_mixes_page_sizes(tmp_path):
    result = runner.invoke(app, ["build", "--shop", str(shop_game(tmp_path)), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output                # a bare --shop before the game is today's flag
    output = result.output
    folder = tmp_path / "out" / "shop-shop-generic"
    assert sorted(p.name for p in folder.iterdir()) == ["25x25mm.pdf", "63.5x88.9mm.pdf", "cannot-make.txt"]
    for name, (w, h), pages in (("63.5x88.9mm.pdf", (63.5, 88.9), 28), ("25x25mm.pdf", (25, 25), 2 * 2 * 2)):
        pdf = PdfReader(folder / name)
        assert len(pdf.pages) == pages
        assert {tuple(round(v, 2) for v in boxes_mm(p)[0]) for p in pdf.pages} == {(0, 0, w + 6, h + 6)}  # --bleed 3
    listed = (folder / "cannot-make.txt").read_text()
    assert "Health markers (token, 8x8mm): smaller than the smallest piece a print shop cuts (19.05 mm, 3/4 in)" in listed
    assert "Map (map, 500x400mm): a print shop makes no map pieces" in listed and "the print shop cannot make" in output


def test_tgc_png_set_per_size_poker_825_by_1125_and_copies(tmp_path):
    output = build(tmp_path, "--shop", "tgc")
    folder = tmp_path / "out" / "shop-shop-tgc"
    front = Image.open(folder / "63.5x88.9mm" / "deck" / "ref-1-front.png")
    assert front.size == (825, 1125) and front.mode == "RGB"
    assert Image.open(folder / "63.5x88.9mm" / "deck" / "ref-1-back.png").size == (825, 1125)
    assert len(list((folder / "63.5x88.9mm" / "deck").iterdir())) == 14        # each face once
    assert Image.open(folder / "25x25mm" / "tokens" / "coin-front.png").size == (round((25 + 25.4 / 4) / 25.4 * 300),) * 2
    copies = (folder / "copies.txt").read_text().splitlines()
    assert "63.5x88.9mm/deck/ref-3: 2" in copies and "25x25mm/tokens/heart: 2" in copies
    listed = (folder / "cannot-make.txt").read_text()
    assert "Map (map, 500x400mm): larger than the largest piece The Game Crafter prints (457.2 mm, 18 in)" in listed
    assert "smaller than the smallest piece The Game Crafter cuts" in listed and "8x8mm" in output
    assert not (folder / "8x8mm").exists() and not list(folder.glob("*.pdf"))


def test_mpc_uses_its_own_template_bleed(tmp_path):
    build(tmp_path, "--shop", "mpc")
    front = Image.open(tmp_path / "out" / "shop-shop-mpc" / "63.5x88.9mm" / "deck" / "ref-1-front.png")
    assert front.size == (822, 1122)                         # MakePlayingCards' poker template


def test_unknown_vendor_is_refused(tmp_path):
    result = runner.invoke(app, ["build", str(shop_game(tmp_path)), "--out", str(tmp_path / "out"), "--shop=acme"])
    assert result.exit_code == 2
    assert "--shop: expected tgc, dtc, mpc or generic, got 'acme'" in result.output
    assert not (tmp_path / "out").exists()


def _shop_sizes(tmp_path, vendor):
    """The shop game with 19 mm round tokens and a mini deck, built for `vendor`: (its folder, the build's output)."""
    game = shop_game(tmp_path)
    (game / "game.toml").write_text(SHOP_GAME.replace('"25x25mm"', '"19x19mm"').replace('"poker"', '"mini"'))
    result = runner.invoke(app, ["build", str(game), "--out", str(tmp_path / "out"), "--shop", vendor])
    assert result.exit_code == 0, result.output
    return tmp_path / "out" / f"shop-shop-{vendor}", result.output


@pytest.mark.parametrize("vendor, mini", [("tgc", (600, 825)), ("mpc", (597, 822))])
def test_mini_cards_are_the_templates_and_19_mm_tokens_the_shops_3_4_in(tmp_path, vendor, mini):
    folder, output = _shop_sizes(tmp_path, vendor)
    assert {p.name for p in folder.iterdir() if p.is_dir()} >= {"44.45x63.5mm", "19.05x19.05mm"}
    assert {Image.open(p).size for p in (folder / "44.45x63.5mm" / "deck").iterdir()} == {mini}   # 1.75 x 2.5 in
    bleed = 2 * (25.4 / 8 if vendor == "tgc" else 0.12 * 25.4)
    token = round((19.05 + bleed) / 25.4 * 300)                                         # 3/4 in and the bleed
    assert {Image.open(p).size for p in (folder / "19.05x19.05mm" / "tokens").iterdir()} == {(token, token)}
    assert "19.05x19.05mm/tokens/coin: 2" in (folder / "copies.txt").read_text().splitlines()
    assert "- Tokens" not in (folder / "cannot-make.txt").read_text() and "cannot make: Tokens" not in output


def test_the_size_presets_are_print_md_s():
    """Each preset is the size print.md's "Card sizes (trim)" line gives it, to the hundredth of a millimetre."""
    from pathlib import Path

    from cards.sizes import PRESETS
    line = next(line for line in (Path(__file__).parent / "sources" / "design" / "print.md").read_text().splitlines()
                if "Card sizes (trim)" in line)
    given = {name: (float(w), float(h)) for name, w, h in re.findall(r"`(\w+)` ([\d.]+) x ([\d.]+) mm", line)}
    assert len(given) == 6 and PRESETS == given


def test_the_home_kit_prints_mini_cards_at_print_md_size_and_the_inch_shops_at_their_template(tmp_path):
    """print.md: `mini` is 44.5 x 63.5 mm; The Game Crafter, DriveThruCards and MakePlayingCards make it at their
    1.75 x 2.5 in (44.45 mm), the generic shop at its own size (the kit was 44.45 mm wide: the shops' size)."""
    written = {}
    for vendor in ("dtc", "generic"):
        folder, _ = _shop_sizes(tmp_path / vendor, vendor)
        written[vendor] = sorted(p.name for p in folder.iterdir() if p.suffix == ".pdf")
        kit = json.loads((folder.parent / "shop-a4.json").read_text())
        sizes = {(i["w"], i["h"]) for p in kit["pages"] for i in p["items"] if i["component"] == "deck"}
        assert sizes == {(44.5, 63.5)}
    assert written == {"dtc": ["44.45x63.5mm.pdf"], "generic": ["19.05x19.05mm.pdf", "44.5x63.5mm.pdf"]}
    b = 25.4 / 8
    for page in PdfReader(tmp_path / "dtc" / "out" / "shop-shop-dtc" / "44.45x63.5mm.pdf").pages:
        assert boxes_mm(page)[1] == pytest.approx([b, b, 44.45 + b, 63.5 + b], abs=0.005)   # the trim


def test_the_generic_pdf_makes_19_mm_tokens_at_3_4_in(tmp_path):
    folder, _ = _shop_sizes(tmp_path, "generic")
    pdf = PdfReader(folder / "19.05x19.05mm.pdf")
    assert {tuple(round(v, 2) for v in boxes_mm(p)[1]) for p in pdf.pages} == {(3, 3, 22.05, 22.05)}  # the trim


def test_pieces_a_shop_cannot_make_are_named_with_its_limit_and_where_to_print_them(tmp_path):
    output = build(tmp_path, "--shop", "tgc")
    guide = PdfReader(tmp_path / "out" / "shop-a4.pdf").pages[0].extract_text().replace("\n", " ")
    kit = json.loads((tmp_path / "out" / "shop-a4.json").read_text())["pages"]
    front = [p["number"] for p in kit if any(i["component"] == "marks" and i["side"] == "front" for i in p["items"])]
    assert len(front) == 1 and kit[front[0]]["side"] == "back"                   # one sheet: its front and back
    pages = f"{front[0]}-{front[0] + 1}"
    why = "Health markers (token, 8x8mm): smaller than the smallest piece The Game Crafter cuts (19.05 mm, 3/4 in)"
    assert f"the print shop cannot make: {why}; print them from shop-a4.pdf, pages {pages}" in output
    assert "Pieces The Game Crafter cannot make" in guide
    assert f"{why}. Print them from this kit: pages {pages}." in guide
    assert (tmp_path / "out" / "shop-shop-tgc" / "63.5x88.9mm" / "deck").is_dir()   # the rest is written


@pytest.mark.parametrize("vendor", ["tgc", "dtc", "mpc", "generic"])
@pytest.mark.parametrize("game", ["el-dorado-canyon", "eldorado", "eternal-gold-and-steel"])
def test_every_preset_builds_every_game_writing_what_it_can_and_naming_the_rest(tmp_path, game, vendor):
    from cards.loader import load_game
    from generator.engine.vendors import VENDORS

    result = runner.invoke(app, ["build", game, "--out", str(tmp_path), "--shop", vendor])
    assert result.exit_code == 0, result.output
    folder = tmp_path / f"{game}-shop-{vendor}"
    shop = VENDORS[vendor]
    for comp in load_game(game).components:
        size = shop.made_size(comp.spec.size_mm)
        label = f"{size[0]:g}x{size[1]:g}mm"
        made = (folder / f"{label}.pdf").is_file() if shop.output == "pdf" else (folder / label / comp.id).is_dir()
        named = f"the print shop cannot make: {comp.spec.name} ({comp.spec.kind}, {comp.spec.size})" in result.output
        assert made != named, (comp.id, made, named)
        assert named == (shop.refuses(comp.spec.kind, comp.spec.size_mm) is not None)
