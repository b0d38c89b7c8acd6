"""A designer's folder is named as given, all its problems come in one run, each once, at its line;
a state naming a card of another game's folder is told which `game` line reads it."""
from __future__ import annotations

import shutil

from typer.testing import CliRunner

from checker.commands import app
from checker.core.resolve_cmd import resolve_file
from conftest import definition_errors, edit_text


def _line_of(path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_validate_and_simulate_name_a_renamed_copy_by_its_folder(game_copy):
    copy = game_copy()
    folder = copy.rename(copy.parent / "my-game")
    runner = CliRunner()
    result = runner.invoke(app, ["validate", str(folder)])
    assert result.exit_code == 0 and result.output.startswith(f"{folder} (id el-dorado-canyon): ok: "), result.output
    result = runner.invoke(app, ["simulate", str(folder), "--games", "2"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"El Dorado Canyon ({folder}, id el-dorado-canyon): 2 games"), result.output
    assert runner.invoke(app, ["validate", "el-dorado-canyon"]).output.startswith("el-dorado-canyon: ok: ")


def test_schema_errors_and_wording_of_the_same_card_come_in_one_run_at_the_text_line(game_copy):
    folder = game_copy()
    starting = folder / "starting.toml"
    edit_text(starting, 'type = "gain"\npriority = "IV"', 'type = "gain"\npriority = "X"')
    edit_text(starting, 'text = "Take 2 :gold: gold, only 1 if you are attacked"', 'text = "Take :gold: gold"')
    text_line = _line_of(starting, 'text = "Take :gold: gold"')
    shown = f"{folder}/starting.toml"
    priority_line = _line_of(starting, 'priority = "X"')
    assert definition_errors(folder) == [
        f"{shown}:{priority_line}: card 'go-to-town' (Go to Town): priority: expected one of "
        "I, II, III, IV, got 'X'",
        f"{shown}:{text_line}: card 'go-to-town' (Go to Town): options.2.text: wording leaves out the number 2 of "
        "effect 'gain_gold'",
        f"{shown}:{text_line}: card 'go-to-town' (Go to Town): options.2.text: wording leaves out the number 1 of "
        "effect 'gain_gold'",
    ]


def test_a_number_left_out_is_reported_once(game_copy):
    """Pistol's attack has damage 1, ammo 1 and infamy 1: a wording without 1 is one problem, not three."""
    folder = game_copy()
    starting = folder / "starting.toml"
    edit_text(starting, 'effects = [{ effect = "attack", damage = 1, ammo = 1, infamy = 1 }]',
              'effects = [{ effect = "attack", damage = 1, ammo = 1, infamy = 1 }]\ntext = "Attack the neighbour"')
    line = _line_of(starting, "Attack the neighbour")
    assert definition_errors(folder) == [f"{folder}/starting.toml:{line}: card 'pistol' (Pistol): options.1.text: "
                                         "wording leaves out the number 1 of effect 'attack'"]


STATE = """game = "el-dorado-canyon"
first_player = "Ann"
[[players]]
name = "Ann"
character = "black-bart"
play = { card = "six-shooter", direction = "left" }
[[players]]
name = "Bob"
character = "doc-holloway"
play = { card = "take-cover", option = 1 }
"""


def test_a_card_of_a_folder_next_to_the_state_points_at_that_folder(game_copy, tmp_path, capsys):
    folder = game_copy().rename(tmp_path / "my-game")
    edit_text(folder / "starting.toml", 'id = "pistol"', 'id = "six-shooter"')
    state = tmp_path / "turn.toml"
    state.write_text(STATE)
    assert resolve_file(state, False, None, None) == 2
    err = capsys.readouterr().err
    assert err.strip().endswith("; 'six-shooter' is defined in ./my-game, not in el-dorado-canyon: "
                                'write game = "./my-game"'), err
    assert "got 'six-shooter'" in err
    shutil.rmtree(folder)  # defined nowhere else: the plain refusal, no hint
    assert resolve_file(state, False, None, None) == 2
    err = capsys.readouterr().err
    assert "got 'six-shooter'" in err and "is defined in" not in err
