"""Every class of definition error, with the exact message shape people act on."""
from __future__ import annotations

import re

import pytest

from cards import load_game
from conftest import definition_errors, edit_text


def test_builtin_games_load():
    game = load_game("el-dorado-canyon")
    assert {r.id for r in game.records("starting")} == {"take-cover", "secret-hideout", "pistol", "go-to-town"}


def test_wrong_literal_names_file_line_card_field(game_copy):
    folder = game_copy()
    edit_text(folder / "starting.toml", 'priority = "III"', 'priority = "V"')
    lines = definition_errors(folder)
    line_no = next(i for i, l in enumerate((folder / "starting.toml").read_text().splitlines(), 1) if 'priority = "V"' in l)
    assert lines == [f"{folder}/starting.toml:{line_no}: card 'pistol' (Pistol): priority: expected one of I, II, III, IV, got 'V'"]


def test_all_errors_of_a_file_at_once(game_copy):
    folder = game_copy()
    edit_text(folder / "starting.toml", 'type = "defense"', 'type = "hide"')
    edit_text(folder / "starting.toml", 'priority = "IV"', 'priority = 4')
    lines = definition_errors(folder)
    assert len(lines) == 2
    assert "card 'take-cover' (Take Cover): type: expected one of event, defense, steal, attack, gain, got 'hide'" in lines[0]
    assert "card 'go-to-town' (Go to Town): priority: expected one of I, II, III, IV, got 4" in lines[1]


def test_unknown_key(game_copy):
    folder = game_copy()
    edit_text(folder / "starting.toml", 'name = "Pistol"', 'name = "Pistol"\ncolour = "red"')
    (line,) = definition_errors(folder)
    assert re.search(r"starting\.toml:\d+: card 'pistol' \(Pistol\): colour: unknown field", line)


def test_missing_field(game_copy):
    folder = game_copy()
    edit_text(folder / "starting.toml", 'priority = "III"\n', "")
    (line,) = definition_errors(folder)
    assert "card 'pistol' (Pistol): priority: required field is missing" in line


def test_unknown_effect_name(game_copy):
    folder = game_copy()
    edit_text(folder / "starting.toml", 'effect = "attack"', 'effect = "explode"')
    (line,) = definition_errors(folder)
    assert "card 'pistol' (Pistol): options.1.effects.1: unknown effect 'explode'" in line
    assert "attack" in line.split("expected one of")[1]


def test_wrong_effect_parameter_type(game_copy):
    folder = game_copy()
    edit_text(folder / "starting.toml", "damage = 1, ammo = 1", 'damage = "one", ammo = 1')
    (line,) = definition_errors(folder)
    assert "card 'pistol' (Pistol): options.1.effects.1.damage: expected an integer, got 'one'" in line


def test_unknown_icon(game_copy):
    folder = game_copy()
    edit_text(folder / "starting.toml", ":damage: damage from each", ":blood: damage from each")
    (line,) = definition_errors(folder)
    assert "card 'take-cover' (Take Cover): text: unknown icon ':blood:'" in line


def test_wording_must_carry_effect_numbers(game_copy):
    folder = game_copy()
    edit_text(folder / "starting.toml", "Take 2 :gold: gold, only 1", "Take some :gold: gold, only 1")
    (line,) = definition_errors(folder)
    assert "card 'go-to-town' (Go to Town): options.2.text: wording leaves out the number 2 of effect 'gain_gold'" in line


def test_duplicate_ids(game_copy):
    folder = game_copy()
    edit_text(folder / "starting.toml", 'id = "pistol"', 'id = "take-cover"')
    (line,) = definition_errors(folder)
    assert "card 'take-cover' (Pistol): id: duplicate id: already defined in" in line


def test_dangling_component_file(game_copy):
    folder = game_copy()
    edit_text(folder / "game.toml", 'file = "starting.toml"', 'file = "missing.toml"')
    (line,) = definition_errors(folder)
    assert "game.toml" in line and "components.starting.file: file not found: 'missing.toml'" in line


def test_component_file_must_stay_inside_folder(game_copy):
    folder = game_copy()
    edit_text(folder / "game.toml", 'file = "starting.toml"', 'file = "../../etc/passwd"')
    (line,) = definition_errors(folder)
    assert "components.starting.file: expected text matching" in line


@pytest.mark.parametrize(
    "content, expected",
    [
        (b'[[cards]]\nid = "x"\nname = \n', r"starting\.toml:3: TOML syntax error"),
        (b"a = " + b"[" * 3000 + b"]" * 3000, r"starting\.toml(:\d+)?: TOML (nesting is too deep|syntax error)"),
        (b"a = " + b"9" * 5000, r"starting\.toml(:\d+)?: (unreadable value|TOML syntax error)"),
        (b'[[cards]]\nid = "pis', r"starting\.toml:2: TOML syntax error"),
        (b'[[cards]]\nname = "\xff\xfe"\n', r"starting\.toml:2: expected UTF-8 text, got byte 0xff"),
    ],
    ids=["syntax", "deep-arrays", "huge-integer", "truncated", "not-utf8"],
)
def test_unreadable_files_never_traceback(game_copy, content, expected):
    folder = game_copy()
    (folder / "starting.toml").write_bytes(content)
    (line,) = definition_errors(folder)
    assert re.search(expected, line), line
