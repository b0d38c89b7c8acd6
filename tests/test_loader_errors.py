"""Every class of definition error, with the exact message shape people act on."""
from __future__ import annotations

import re

import pytest

from cards import load_game
from conftest import check_errors, definition_errors, edit_text, errors_after, line_of


def test_builtin_games_load():
    game = load_game("el-dorado-canyon")
    assert {r.id for r in game.records("starting")} == {"take-cover", "secret-hideout", "pistol", "go-to-town"}


def test_wrong_literal_names_file_line_card_field(game_copy):
    folder = game_copy()
    edit_text(folder / "starting.toml", 'priority = "III"', 'priority = "V"')
    lines = definition_errors(folder)
    line_no = line_of(folder / "starting.toml", 'priority = "V"')
    assert lines == [f"{folder}/starting.toml:{line_no}: card 'pistol' (Pistol): priority: expected one of I, II, III, IV, got 'V'"]


def test_all_errors_of_a_file_at_once(game_copy):
    folder = game_copy()
    edit_text(folder / "starting.toml", 'type = "defense"', 'type = "hide"')
    edit_text(folder / "starting.toml", 'priority = "IV"', 'priority = 4')
    lines = definition_errors(folder)
    assert len(lines) == 2
    assert "card 'take-cover' (Take Cover): type: expected one of event, defense, steal, attack, gain, got 'hide'" in lines[0]
    assert "card 'go-to-town' (Go to Town): priority: expected one of I, II, III, IV, got 4" in lines[1]


# (edits as (file, old text, new text), what the one error line must show: texts or compiled patterns)
BROKEN = {
    "unknown-key": ([("starting.toml", 'name = "Pistol"', 'name = "Pistol"\ncolour = "red"')],
                    [re.compile(r"starting\.toml:\d+: card 'pistol' \(Pistol\): colour: unknown field")]),
    "missing-field": ([("starting.toml", 'priority = "III"\n', "")],
                      ["card 'pistol' (Pistol): priority: required field is missing"]),
    "unknown-effect-name": ([("starting.toml", 'effect = "attack"', 'effect = "explode"')],
                            ["card 'pistol' (Pistol): options.1.effects.1: unknown effect 'explode'",
                             re.compile(r"unknown effect 'explode': expected one of (\w+, )*attack,")]),
    "wrong-effect-parameter-type": (
        [("starting.toml", "damage = 1, ammo = 1", 'damage = "one", ammo = 1')],
        ["card 'pistol' (Pistol): options.1.effects.1.damage: expected an integer, got 'one'"]),
    "unknown-icon": ([("starting.toml", ":damage: damage from each", ":blood: damage from each")],
                     ["card 'take-cover' (Take Cover): text: unknown icon ':blood:'"]),
    "wording-must-carry-effect-numbers": (
        [("starting.toml", "Take 2 :gold: gold, only 1", "Take some :gold: gold, only 1")],
        ["card 'go-to-town' (Go to Town): options.2.text: wording leaves out the number 2 of effect 'gain_gold'"]),
    "duplicate-ids": ([("starting.toml", 'id = "pistol"', 'id = "take-cover"')],
                      ["card 'take-cover' (Pistol): id: duplicate id: already defined in"]),
    "dangling-component-file": ([("game.toml", 'file = "starting.toml"', 'file = "missing.toml"')],
                                ["game.toml", "components.starting.file: file not found: 'missing.toml'"]),
    "component-file-must-stay-inside-folder": ([("game.toml", 'file = "starting.toml"', 'file = "../../etc/passwd"')],
                                               ["components.starting.file: expected text matching"]),
}


@pytest.mark.parametrize("edits, wanted", BROKEN.values(), ids=BROKEN)
def test_one_broken_field_is_one_error_line(game_copy, edits, wanted):
    check_errors(errors_after(game_copy(), edits), wanted, one_line=True)


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
