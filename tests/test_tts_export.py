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
from tts_format import assert_loadable

runner = CliRunner()


def export(tmp_path, game, out, *extra):
    result = runner.invoke(app, ["tts", str(game), "--out", str(tmp_path / out), *extra])
    assert result.exit_code == 0, result.output
    folder = tmp_path / out / "kinds-tts"
    saved = json.loads((folder / "kinds.json").read_text())
    assert_loadable(saved, folder, extra[1] if extra else None)
    return folder, saved


def test_deck_sheets_hold_69_unique_faces_and_the_json_repeats_copies(tmp_path):
    game = make_game(tmp_path / "kinds", **{"deck.toml": reference_cards(75, "T", "x")})   # deck copies = 2
    folder, saved = export(tmp_path, game, "out")
    assert sorted(p.name for p in folder.glob("deck-*.png")) == ["deck-1.png", "deck-2.png", "deck-back.png"]
    card = Image.open(folder / "deck-back.png").size
    assert Image.open(folder / "deck-1.png").size == (10 * card[0], 7 * card[1])       # 69 faces, slot 70 free
    assert Image.open(folder / "deck-2.png").size == (4 * card[0], 2 * card[1])        # 6 faces and a free slot, 2 rows
    first = Image.open(folder / "deck-1.png")
    last_slot = first.crop((9 * card[0], 6 * card[1], 10 * card[0], 7 * card[1]))
    assert last_slot.getextrema() == ((255, 255), (255, 255), (255, 255))              # nothing in slot 70
    deck = next(o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom")
    assert deck["Nickname"] == "Deck"
    at = folder.absolute().as_uri()
    assert deck["CustomDeck"] == {
        "1": {"FaceURL": f"{at}/deck-1.png", "BackURL": f"{at}/deck-back.png", "NumWidth": 10, "NumHeight": 7,
              "BackIsHidden": True, "UniqueBack": False, "Type": 0},
        "2": {"FaceURL": f"{at}/deck-2.png", "BackURL": f"{at}/deck-back.png", "NumWidth": 4, "NumHeight": 2,
              "BackIsHidden": True, "UniqueBack": False, "Type": 0}}
    counts = Counter(deck["DeckIDs"])
    assert set(counts) == {100 + i for i in range(69)} | {200 + i for i in range(6)} and set(counts.values()) == {2}
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    assert deck["ContainedObjects"][2]["Nickname"] == "Card 1"


def test_tokens_are_custom_tokens_the_map_a_custom_board_standees_figurines_and_the_die_a_d6(tmp_path):
    folder, saved = export(tmp_path, make_game(tmp_path / "kinds"), "out")
    names = Counter((o["Name"], o["Nickname"]) for o in saved["ObjectStates"])
    assert names[("Custom_Token", "Coin")] == 2 and names[("Custom_Token", "Heart")] == 2   # copies = 2
    assert names[("Custom_Board", "Chart")] == 1
    board = next(o for o in saved["ObjectStates"] if o["Name"] == "Custom_Board")
    assert board["CustomImage"]["ImageURL"] == (folder / "map" / "chart.png").absolute().as_uri()
    assert names[("Figurine_Custom", "Ada")] == 1 and names[("Figurine_Custom", "Bob")] == 1
    die = next(o for o in saved["ObjectStates"] if o["Name"] == "Custom_Dice")
    assert die["Nickname"] == "Sea-Die" and die["CustomImage"]["CustomDice"] == {"Type": 1}   # a D6
    net = Image.open(folder / "dice" / "sea-die.png")
    assert net.size[0] * 4 == net.size[1] * 3                                       # its six faces on the 3 x 4 net
    assert net.getpixel((0, 0)) == (255, 255, 255) and net.getpixel((net.width // 2, net.height // 8)) != (255, 255, 255)
    turned = {o["Name"]: o["Transform"]["rotZ"] for o in saved["ObjectStates"]}
    assert turned == {"DeckCustom": 180.0, "Custom_Token": 0.0, "Custom_Board": 0.0, "Figurine_Custom": 0.0,
                      "Custom_Dice": 0.0}                                            # only the deck lies face down
    w, h = Image.open(folder / "map" / "chart.png").size
    assert max(w, h) <= 4096 and w / h == pytest.approx(500 / 400, abs=0.002)
    coin = Image.open(folder / "tokens" / "coin.png")                   # a round token: transparent outside
    assert coin.mode == "RGBA" and coin.getpixel((0, 0))[3] == 0
    assert coin.getpixel((coin.width // 2, coin.height // 2))[3] == 255
    assert Image.open(folder / "map" / "chart.png").mode == "RGB"


def test_images_do_not_depend_on_the_folder_and_the_object_names_them_by_encoded_file_urls(tmp_path):
    game = make_game(tmp_path / "kinds")
    one, first = export(tmp_path, game, "a")
    two, second = export(tmp_path, game, "b/with space/deeper")
    files = sorted(p.relative_to(one) for p in one.rglob("*.png"))
    assert files == sorted(p.relative_to(two) for p in two.rglob("*.png"))
    assert all((one / f).read_bytes() == (two / f).read_bytes() for f in files)
    deck = next(o for o in second["ObjectStates"] if o["Name"] == "DeckCustom")
    assert deck["CustomDeck"]["1"]["FaceURL"] == f"file://{tmp_path.absolute()}/b/with%20space/deeper/kinds-tts/deck-1.png"
    assert json.dumps(first).replace(one.absolute().as_uri(), two.absolute().as_uri()) == json.dumps(second)


def test_the_command_says_where_the_object_loads(tmp_path):
    game = make_game(tmp_path / "kinds")
    local = runner.invoke(app, ["tts", str(game), "--out", str(tmp_path / "a")])
    assert local.exit_code == 0 and "so it loads on this computer only" in local.output
    assert "build again with --tts-url URL" in local.output
    hosted = runner.invoke(app, ["tts", str(game), "--out", str(tmp_path / "b"), "--tts-url", "https://example.org/k/"])
    assert hosted.exit_code == 0 and "upload" in hosted.output and "every player loads them" in hosted.output
    bad = runner.invoke(app, ["tts", str(game), "--out", str(tmp_path / "c"), "--tts-url", "example.org/k"])
    assert bad.exit_code == 2 and bad.output.strip() == (
        "--tts-url: expected an https:// or http:// URL where the images are hosted, got 'example.org/k'")
    assert not (tmp_path / "c").exists()


def test_hosted_urls_take_the_base(tmp_path):
    game = make_game(tmp_path / "kinds")
    _, hosted = export(tmp_path, game, "c", "--tts-url", "https://example.org/kinds/")
    deck = next(o for o in hosted["ObjectStates"] if o["Name"] == "DeckCustom")
    assert deck["CustomDeck"]["1"]["FaceURL"] == "https://example.org/kinds/deck-1.png"
    token = next(o for o in hosted["ObjectStates"] if o["Name"] == "Custom_Token")
    assert token["CustomImage"]["ImageURL"] == "https://example.org/kinds/tokens/coin.png"
    _, spaced = export(tmp_path, game, "d", "--tts-url", "https://example.org/my kit/caf%C3%A9")
    deck = next(o for o in spaced["ObjectStates"] if o["Name"] == "DeckCustom")
    assert deck["CustomDeck"]["1"]["FaceURL"] == "https://example.org/my%20kit/caf%C3%A9/deck-1.png"


@pytest.mark.parametrize("game", ["el-dorado-canyon", "eldorado", "eternal-gold-and-steel"])
@pytest.mark.parametrize("url", [None, "https://example.org/kit"])
def test_every_saved_object_of_the_three_games_loads(tmp_path, game, url):
    from cards.loader import load_game

    result = runner.invoke(app, ["tts", game, "--out", str(tmp_path), *(["--tts-url", url] if url else [])])
    assert result.exit_code == 0, result.output
    folder = tmp_path / f"{game}-tts"
    saved = json.loads((folder / f"{game}.json").read_text())
    assert_loadable(saved, folder, url)
    kinds = {c.spec.kind for c in load_game(game).components}
    names = {o["Name"] for o in saved["ObjectStates"]}
    wanted = {"card": {"DeckCustom"}, "token": {"Custom_Token"}, "map": {"Custom_Board"}, "board": {"Custom_Board"},
              "standee": {"Figurine_Custom"}, "die": {"Custom_Dice"}}
    assert set().union(*(wanted[k] for k in kinds)) <= names                     # every kind of piece is there

