"""print.md's build contract at the command line: output names, folder games, options and their errors."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from test_engine_build import GAME, MM, make_game

runner = CliRunner()
CARDS = Path(__file__).resolve().parent.parent / "cards"


def test_a_folder_copy_of_a_builtin_game_is_named_after_its_folder(tmp_path, monkeypatch):
    shutil.copytree(CARDS / "el-dorado-canyon", tmp_path / "my-game")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["build", "./my-game", "--out", "out"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["my-game-a4.json", "my-game-a4.pdf"]
    assert json.loads((tmp_path / "out" / "my-game-a4.json").read_text())["game"] == "el-dorado-canyon"


def test_paper_and_duplex_ignore_case(tmp_path):
    game = make_game(tmp_path / "kinds")
    result = runner.invoke(app, ["build", str(game), "--paper", "LETTER", "--duplex", "Short", "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "o" / "kinds-letter.json").read_text())["paper"] == "letter"


def test_bad_options_exit_2_with_a_message_and_write_nothing(tmp_path):
    game = make_game(tmp_path / "kinds")
    out = tmp_path / "out"
    for args, message in ((["--paper", "a5"], "--paper: expected a4 or letter, got 'a5'"),
                          (["--back-offset", "junk"], "--back-offset: expected X,Y in mm, in ASCII digits (e.g. 1.5,-0.5), got 'junk'"),
                          (["--back-offset", "nan,0"], "--back-offset: expected X,Y in mm, in ASCII digits (e.g. 1.5,-0.5), got 'nan,0'"),
                          (["--back-offset", "0,7"], "--back-offset: expected X,Y in mm, each from -6 to 6"),
                          (["--bleed", "-1"], "--bleed: expected 0 to 6 mm (print shops ask 3 or 3.175), got -1"),
                          (["--bleed", "6.5"], "--bleed: expected 0 to 6 mm (print shops ask 3 or 3.175), got 6.5")):
        result = runner.invoke(app, ["build", str(game), "--out", str(out), *args])
        assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output, args
    assert not out.exists()


def test_unknown_game_and_missing_folder_exit_2(tmp_path, builtin_ids):
    for name in ("no-such-game", str(tmp_path / "missing")):
        for command in (["build"], ["png"], ["tts"], ["watch"], ["proof"]):
            result = runner.invoke(app, [*command, name, "--out", str(tmp_path / "out")])
            assert result.exit_code == 2, (command, name, result.output)
            assert f"expected a built-in game ({', '.join(builtin_ids)}) or a folder with a game.toml" in result.output
    assert not (tmp_path / "out").exists()


def test_an_output_folder_that_cannot_be_written_is_exit_2_not_a_traceback(tmp_path):
    game = make_game(tmp_path / "kinds")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = runner.invoke(app, ["build", str(game), "--out", str(blocker)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)   # no traceback
    assert f"--out: cannot write {blocker}" in result.output
    assert blocker.read_text() == "not a folder"


def test_same_definitions_and_options_give_the_same_bytes_whatever_the_folder_clock_or_environment(tmp_path):
    """Two processes, different working folders, output paths, time zones, hash seeds and SOURCE_DATE_EPOCH."""
    game = make_game(tmp_path / "kinds")
    root = Path(__file__).resolve().parent.parent
    runs = (("first", "out", {"TZ": "UTC", "PYTHONHASHSEED": "1"}),
            ("second", str(tmp_path / "elsewhere" / "deep"), {"TZ": "Asia/Tokyo", "PYTHONHASHSEED": "999",
                                                             "SOURCE_DATE_EPOCH": "1234567", "LANG": "C"}))
    for cwd, out, env in runs:
        (tmp_path / cwd).mkdir()
        done = subprocess.run([sys.executable, "-m", "generator.cli", "build", str(game), "--out", out, "--shop",
                               "--ink-saver"], cwd=tmp_path / cwd, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(root), **env})
        assert done.returncode == 0, done.stderr
    first, second = tmp_path / "first" / "out", tmp_path / "elsewhere" / "deep"
    names = sorted(p.relative_to(first).as_posix() for p in first.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(second).as_posix() for p in second.rglob("*") if p.is_file())
    assert "kinds-shop-generic/63.5x88.9mm.pdf" in names
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


@pytest.mark.parametrize("size,mm", [("2.5x3.5in", (63.5, 88.9)), ("tarot", (69.9, 120.7)), ("70 x 45 mm", (70.0, 45.0))])
def test_presets_and_sizes_in_mm_or_inches_are_printed_at_that_trim(tmp_path, size, mm):
    game = make_game(tmp_path / "kinds", **{"game.toml": GAME.replace('size = "poker"', f'size = "{size}"')})
    result = runner.invoke(app, ["build", str(game), "--out", str(tmp_path / "o"), "--shop", "--bleed", "3.175"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "o" / "kinds-a4.json").read_text())
    deck = [i for p in manifest["pages"] for i in p["items"] if i["component"] == "deck"]
    assert {(i["w"], i["h"]) for i in deck} == {mm}
    page = PdfReader(tmp_path / "o" / "kinds-shop-generic" / f"{mm[0]:g}x{mm[1]:g}mm.pdf").pages[0]   # first back
    trim = [float(v) / MM for v in page.trimbox]
    assert trim == pytest.approx([3.175, 3.175, 3.175 + mm[0], 3.175 + mm[1]], abs=0.01)
    assert [float(v) / MM for v in page.bleedbox] == pytest.approx([0, 0, mm[0] + 6.35, mm[1] + 6.35], abs=0.01)
