"""Formats carry a version: a file without one is format 1, a newer one is refused saying what reads it."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from checker.commands import app as checker_app
from conftest import definition_errors

DISPUTE = Path(__file__).resolve().parent / "cases" / "el-dorado-canyon" / "51-readme-dispute.toml"
NEWER = "this file is format 2, newer than this pnpkit reads (format 1): a newer pnpkit reads it (pip install -U pnpkit)"


def test_game_toml_of_a_newer_or_odd_format_is_refused(game_copy):
    folder = game_copy("eldorado")
    game = folder / "game.toml"
    original = game.read_text()
    game.write_text(original.replace("format = 1\n", "format = 2\n"))
    assert definition_errors(folder) == [f"{folder}/game.toml:2: format: {NEWER}"]
    game.write_text(original.replace("format = 1\n", 'format = "1"\n'))
    assert definition_errors(folder) == [
        f"{folder}/game.toml:2: format: expected format = 1 (the format this pnpkit reads and writes), got '1'"]


def test_game_toml_of_format_1_or_none_loads(game_copy):
    from cards import load_game

    folder = game_copy("eldorado")
    game = folder / "game.toml"
    assert "format = 1\n" in game.read_text()
    assert load_game(str(folder)).id == "eldorado"
    game.write_text(game.read_text().replace("format = 1\n", ""))
    assert load_game(str(folder)).id == "eldorado"


def test_state_files_of_a_newer_format_are_refused_and_written_ones_say_format_1(tmp_path):
    runner = CliRunner()
    newer = tmp_path / "newer.toml"
    newer.write_text("format = 2\n" + DISPUTE.read_text())
    done = runner.invoke(checker_app, ["resolve", str(newer)])
    assert (done.exit_code, done.output) == (2, f"{newer}: format: {NEWER}\n")
    current = tmp_path / "current.toml"
    current.write_text("format = 1\n" + DISPUTE.read_text())
    out = tmp_path / "next.toml"
    done = runner.invoke(checker_app, ["resolve", str(current), "--json", "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["format"] == 1
    assert out.read_text().startswith("format = 1\n")
