"""`generator tts`: sheets of unique faces with slot 70 free, and the saved-object JSON, read back from the files."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from madeup_games import reference_cards
from test_engine_build import make_game

runner = CliRunner()


def export(tmp_path, game, out, *extra):
    result = runner.invoke(app, ["tts", str(game), "--out", str(tmp_path / out), *extra])
    assert result.exit_code == 0, result.output
    folder = tmp_path / out / "kinds-tts"
    return folder, json.loads((folder / "kinds.json").read_text())


def test_deck_sheets_hold_69_unique_faces_and_the_json_repeats_copies(tmp_path):
    game = make_game(tmp_path / "kinds", **{"deck.toml": reference_cards(75, "T", "x")})   # deck copies = 2
    folder, saved = export(tmp_path, game, "out")
    assert sorted(p.name for p in folder.glob("deck-*.png")) == ["deck-1.png", "deck-2.png", "deck-back.png"]
    card = Image.open(folder / "deck-back.png").size
    assert Image.open(folder / "deck-1.png").size == (10 * card[0], 7 * card[1])       # 69 faces, slot 70 free
    assert Image.open(folder / "deck-2.png").size == (7 * card[0], 1 * card[1])        # 6 faces and a free slot
    first = Image.open(folder / "deck-1.png")
    last_slot = first.crop((9 * card[0], 6 * card[1], 10 * card[0], 7 * card[1]))
    assert last_slot.getextrema() == ((255, 255), (255, 255), (255, 255))              # nothing in slot 70
    deck = next(o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom")
    assert deck["Nickname"] == "Deck"
    assert deck["CustomDeck"] == {
        "1": {"FaceURL": "deck-1.png", "BackURL": "deck-back.png", "NumWidth": 10, "NumHeight": 7,
              "BackIsHidden": True, "UniqueBack": False, "Type": 0},
        "2": {"FaceURL": "deck-2.png", "BackURL": "deck-back.png", "NumWidth": 7, "NumHeight": 1,
              "BackIsHidden": True, "UniqueBack": False, "Type": 0}}
    counts = Counter(deck["DeckIDs"])
    assert set(counts) == {100 + i for i in range(69)} | {200 + i for i in range(6)} and set(counts.values()) == {2}
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    assert deck["ContainedObjects"][2]["Nickname"] == "Card 1"


def test_tokens_are_custom_tokens_and_the_map_a_custom_board(tmp_path):
    folder, saved = export(tmp_path, make_game(tmp_path / "kinds"), "out")
    names = Counter((o["Name"], o["Nickname"]) for o in saved["ObjectStates"])
    assert names[("Custom_Token", "Coin")] == 2 and names[("Custom_Token", "Heart")] == 2   # copies = 2
    assert names[("Custom_Board", "Chart")] == 1
    board = next(o for o in saved["ObjectStates"] if o["Name"] == "Custom_Board")
    assert board["CustomImage"]["ImageURL"] == "map/chart.png"
    w, h = Image.open(folder / "map" / "chart.png").size
    assert max(w, h) <= 4096 and w / h == pytest.approx(500 / 400, abs=0.002)
    coin = Image.open(folder / "tokens" / "coin.png")                   # a round token: transparent outside
    assert coin.mode == "RGBA" and coin.getpixel((0, 0))[3] == 0
    assert coin.getpixel((coin.width // 2, coin.height // 2))[3] == 255
    assert Image.open(folder / "map" / "chart.png").mode == "RGB"
    assert not {"Ada", "Bob", "Sea-Die"} & {n for _, n in names}          # standees and dice are left out


def test_bytes_do_not_depend_on_the_folder_and_urls_take_the_base(tmp_path):
    game = make_game(tmp_path / "kinds")
    one, _ = export(tmp_path, game, "a")
    two, _ = export(tmp_path, game, "b/deeper")
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(two) for p in two.rglob("*") if p.is_file())
    assert all((one / f).read_bytes() == (two / f).read_bytes() for f in files)
    _, hosted = export(tmp_path, game, "c", "--tts-url", "https://example.org/kinds/")
    deck = next(o for o in hosted["ObjectStates"] if o["Name"] == "DeckCustom")
    assert deck["CustomDeck"]["1"]["FaceURL"] == "https://example.org/kinds/deck-1.png"
    token = next(o for o in hosted["ObjectStates"] if o["Name"] == "Custom_Token")
    assert token["CustomImage"]["ImageURL"] == "https://example.org/kinds/tokens/coin.png"
