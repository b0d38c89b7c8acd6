"""The `generic` family: a print-only game whose fields are declared in its game.toml."""
from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image
from typer.testing import CliRunner

from cards import load_game
from checker.commands import app as checker_app
from conftest import definition_errors
from generator.cli import app as generator_app

GAME = '''format = 1
id = "my-game"
name = "My Game"
rules = "generic"
players = [2, 4]

[schemas.card]
cost = "integer"
power = { type = "number", default = 1.5 }
text = { type = "text", default = "" }
tags = { type = "list", required = false }
art = { type = "image", required = false }
colour = { type = "colour", default = "#336699", label = "Band" }
rare = { type = "bool", default = false }

[[components]]
id = "deck"
name = "Animal deck"
kind = "card"
schema = "card"
file = "deck.toml"
size = "poker"
back = "plain"
'''
DECK = '''[[cards]]
id = "fox"
name = "Fox"
cost = 2
power = 3
text = "Move **two** spaces & draw a card."
tags = ["animal", "fast"]
art = "art/fox.png"

[[cards]]
id = "owl"
name = "Owl"
cost = 1
rare = true
colour = "#aa3322"
'''


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "my-game"
    (folder / "art").mkdir(parents=True)
    Image.new("RGB", (60, 40), (200, 120, 40)).save(folder / "art" / "fox.png")
    (folder / "game.toml").write_text(GAME)
    (folder / "deck.toml").write_text(DECK)
    return folder


def test_declared_fields_load_typed_with_defaults(game):
    loaded = load_game(str(game))
    fox, owl = loaded.records()
    assert (fox.cost, fox.power, fox.tags, fox.colour, fox.rare) == (2, 3, ["animal", "fast"], "#336699", False)
    assert (owl.power, owl.text, owl.tags, owl.art, owl.rare) == (1.5, "", None, None, True)
    assert [(s.name, s.type, s.required, s.label) for s in type(fox).FIELDS][:2] == [
        ("cost", "integer", True, "Cost"), ("power", "number", False, "Power")]


def test_records_are_checked_as_strictly_as_a_builtin_family(game):
    (game / "deck.toml").write_text('''[[cards]]
id = "fox"
name = "Fox"
cost = "two"
rare = 1
speed = 3

[[cards]]
id = "owl"
name = "Owl"
art = "../secret.png"
colour = "red"
tags = "animal"
''')
    f = f"{game}/deck.toml"
    assert definition_errors(game) == [
        f"{f}:4: card 'fox' (Fox): cost: expected an integer, got 'two'",
        f"{f}:5: card 'fox' (Fox): rare: expected true or false, got 1",
        f"{f}:6: card 'fox' (Fox): speed: unknown field: expected one of id, name, copies, layout, cost, power, text, tags, "
        "art, colour, rare",
        f"{f}:8: card 'owl' (Owl): cost: required field is missing",
        f"{f}:13: card 'owl' (Owl): tags: expected an array, got 'animal'",
        f"{f}:11: card 'owl' (Owl): art: expected a file inside the game's folder, got '../secret.png' (it leads outside)",
        f"{f}:12: card 'owl' (Owl): colour: expected a colour as #rrggbb (e.g. #336699), got 'red'",
    ]


def test_an_image_must_be_a_picture_file_inside_the_folder(game, tmp_path):
    (tmp_path / "outside.png").write_bytes(b"x")
    (game / "art" / "link.png").symlink_to(tmp_path / "outside.png")
    (game / "deck.toml").write_text(DECK.replace("art/fox.png", "art/link.png")
                                    + 'art = "art/none.png"\n' + '[[cards]]\nid = "cat"\nname = "Cat"\ncost = 0\n'
                                    + 'art = "game.toml"\n')
    f = f"{game}/deck.toml"
    assert definition_errors(game) == [
        f"{f}:8: card 'fox' (Fox): art: expected a file inside the game's folder, got 'art/link.png' (it leads outside)",
        f"{f}:16: card 'owl' (Owl): art: file not found: 'art/none.png'",
        f"{f}:21: card 'cat' (Cat): art: expected a .png, .jpg, .jpeg or .svg file, got 'game.toml'",
    ]


def test_schema_declarations_are_checked(game):
    (game / "game.toml").write_text(GAME.replace('cost = "integer"', 'cost = "int"\nid = "text"\n'
                                                 'odd = { type = "text", size = 3 }\n'
                                                 'must = { type = "integer", required = true, default = 1 }\n'
                                                 'bad = { type = "integer", default = "x" }'))
    f = f"{game}/game.toml"
    assert definition_errors(game)[:5] == [
        f"{f}:8: schemas.card.cost: type: expected one of text, integer, number, bool, list, image, colour, got 'int'",
        f"{f}:9: schemas.card.id: every record has id, name, copies, layout: expected another field name, got 'id'",
        f"{f}:10: schemas.card.odd: unknown key 'size': expected one of type, required, default, label",
        f"{f}:11: schemas.card.must: a field with a default is optional: expected no default or required = false",
        f"{f}:12: schemas.card.bad: default: expected a value of type integer, got 'x'",
    ]


def test_only_the_generic_family_declares_schemas(game_copy):
    folder = game_copy("eldorado")
    game_file = folder / "game.toml"
    game_file.write_text(game_file.read_text() + '\n[schemas.card]\ncost = "integer"\n')
    assert definition_errors(folder) == [f"{folder}/game.toml: schemas: unknown field: only a game of a family whose "
                                         "records the game declares (rules = \"generic\") has [schemas]"]


def test_it_builds_previews_and_prints_its_fields(game, tmp_path):
    runner = CliRunner()
    out = tmp_path / "out"
    done = runner.invoke(generator_app, ["build", str(game), "--out", str(out), "--shop"])
    assert done.exit_code == 0, done.output
    manifest = json.loads((out / "my-game-a4.json").read_text())
    assert (manifest["game"], manifest["family"]) == ("my-game", "generic")
    with pdfplumber.open(out / "my-game-a4.pdf") as pdf:
        fronts, backs = pdf.pages[2].extract_text(), pdf.pages[3].extract_text()   # after the printing guide
        placed = [(image["srcsize"]) for image in pdf.pages[2].images]
    assert placed == [(60, 40)]  # the fox's art, drawn in its slot
    assert "warning: card 'fox' (Fox): art: fox.png prints at" in done.stderr
    for text in ("Fox", "Cost 2", "Power 3", "Move two spaces & draw a card.", "• animal",
                 "Owl", "Cost 1", "Power 1.5", "Rare"):
        assert text in fronts, text
    assert backs.startswith("Animal deck Animal deck\n")
    (shop_file,) = (out / "my-game-shop-generic").glob("*.pdf")       # one card size, one file
    with pdfplumber.open(shop_file) as shop:
        assert len(shop.pages) == 4
    assert runner.invoke(generator_app, ["png", str(game), "--out", str(out), "--dpi", "72"]).exit_code == 0
    assert sorted(p.name for p in (out / "my-game-png" / "deck").iterdir()) == [
        "fox-back.png", "fox-front.png", "owl-back.png", "owl-front.png"]
    assert runner.invoke(generator_app, ["tts", str(game), "--out", str(out)]).exit_code == 0
    assert (out / "my-game-tts").is_dir()


def test_checker_validates_it_and_says_it_has_no_engine(game, tmp_path):
    runner = CliRunner()
    done = runner.invoke(checker_app, ["validate", str(game)])
    assert done.exit_code == 0 and done.output.startswith(f"{game}: ok: 2 definitions (2 printed), 1 components")
    state = tmp_path / "turn.toml"
    state.write_text('game = "my-game"\n')
    for args in (["resolve", str(state)], ["simulate", str(game), "--players", "2"]):
        done = runner.invoke(checker_app, args)
        assert (done.exit_code, done.output) == (2, "my-game (family generic) has no rules engine: it prints only\n")


def test_the_docs_example_validates_and_builds(tmp_path):
    page = (Path(__file__).resolve().parent.parent / "docs" / "families.md").read_text(encoding="utf-8")
    game_toml, deck_toml = [block.split("```", 1)[0] for block in page.split("```toml\n")[1:3]]
    folder = tmp_path / "my-game"
    (folder / "art").mkdir(parents=True)
    Image.new("RGB", (60, 40), (200, 120, 40)).save(folder / "art" / "fox.png")
    (folder / "game.toml").write_text(game_toml)
    (folder / "deck.toml").write_text(deck_toml)
    loaded = load_game(str(folder))
    assert (loaded.id, loaded.rules, [r.id for r in loaded.records()]) == ("my-game", "generic", ["fox"])
    done = CliRunner().invoke(generator_app, ["build", str(folder), "--out", str(tmp_path / "out")])
    assert done.exit_code == 0, done.output
