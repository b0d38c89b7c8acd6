"""Hostile numbers and options (issue 26 cases 11, 12 and 16): `nan`, infinities, `1e308`, 26-digit
percentages and Arabic-Indic digits in layouts; 5,000-digit seeds, 5,000-character paths, empty `--out` and
`--policy`; the same refusal whichever argv path (the plain fast one or Typer's) parses the option.

Every value goes through the one check of `common.numbers`; each case is one line and exit 2.
"""
from __future__ import annotations

import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from checker.cli import app as checker_app
from generator.cli import app as generator_app
from generator.new import new_game
from hostile import one_line_failure, run, small_game
from test_hostile_inputs import one_line, usage_error
from test_hostile_outputs import STATE

runner = CliRunner()
BOX = 'in = "safe"\nx = 2\ny = 0\nw = 53\nh = 11\ntext = "{name}"'  # the scaffold's name box


@pytest.fixture
def scaffold(tmp_path):
    folder = tmp_path / "mine"
    new_game(folder)
    assert BOX in (folder / "layouts" / "card.toml").read_text()
    return folder


# ---- case 11: layout values ---------------------------------------------------------------------------------

@pytest.mark.parametrize("key, value, wanted", [
    ("x", "nan", "x: expected a finite number from -2000 to 2000 mm, got nan"),
    ("y", "inf", "y: expected a finite number from -2000 to 2000 mm, got inf"),
    ("x", "-inf", "x: expected a finite number from -2000 to 2000 mm, got -inf"),
    ("w", "1e308", "w: expected a length from 0 to 2000 mm, got 1e+308"),
    ("h", '"99999999999999999999999999%"', "h: expected a percentage from 0 to 1000%, got 1e+26"),
    ("x", '"-5000%"', "x: expected a percentage from -1000 to 1000%, got -5000"),
    ("x", '"١٠%"', "x: expected a length in mm (e.g. 12.5) or a percentage of the reference (e.g. \"50%\"), "
                   "got '١٠%'"),
    ("w", "nan", "w: expected a finite number from 0 to 2000 mm, got nan"),
])
def test_a_layout_value_that_is_not_a_finite_length_in_range_is_an_error_at_its_line(scaffold, tmp_path, key, value,
                                                                                      wanted):
    layout = scaffold / "layouts" / "card.toml"
    layout.write_text(layout.read_text().replace(BOX, re.sub(rf"^{key} = .*$", f"{key} = {value}", BOX, flags=re.M)))
    line = layout.read_text().splitlines().index(f"{key} = {value}") + 1
    message = f"{scaffold}/layouts/card.toml:{line}: boxes.name.{wanted}"
    one_line(runner.invoke(checker_app, ["validate", str(scaffold)]), message)
    one_line(runner.invoke(generator_app, ["build", str(scaffold), "--out", str(tmp_path / "out")]), message)
    assert not (tmp_path / "out").exists()  # nothing written: `nan` never reaches a PDF


@pytest.mark.parametrize("key, value", [("size", "nan"), ("size", "[9, inf]"), ("focus", "[nan, 0.5]"),
                                        ("leading", "nan"), ("radius", "inf")])
def test_every_other_numeric_layout_value_refuses_nan_and_infinity(scaffold, key, value):
    layout = scaffold / "layouts" / "card.toml"
    text = layout.read_text()
    layout.write_text(text.replace("size = [9, 14]", f"size = {value}") if key == "size" else
                      text.replace(BOX, BOX + f"\n{key} = {value}"))
    said = one_line(runner.invoke(checker_app, ["validate", str(scaffold)]), f"boxes.name.{key}: expected ")
    assert said.endswith(f"got {value}") or "got nan" in said or "got inf" in said


# ---- case 12: a 5,000-digit seed, a 5,000-character path ----------------------------------------------------

SEED = "9" * 5000
TOO_BIG = "expected from 0 to 9223372036854775807, got 9999999999999999999999999999999999999... (5000 characters)"


def test_a_5000_digit_seed_is_one_line_on_both_argv_paths(tmp_path):
    (tmp_path / "turn.toml").write_text(STATE)
    one_line_failure(run("checker", "resolve", str(tmp_path / "turn.toml"), "--seed", SEED),
                     f"checker resolve: Invalid value for '--seed': {TOO_BIG}")  # the plain path hands it to Typer
    assert TOO_BIG in usage_error(runner.invoke(checker_app, ["resolve", str(tmp_path / "turn.toml"), "--seed", SEED]))
    one_line_failure(run("checker", "simulate", "el-dorado-canyon", "--seed", SEED),
                     f"checker simulate: Invalid value for '--seed': {TOO_BIG}")


def test_generator_new_on_a_path_too_long_for_the_file_system_is_one_line(tmp_path):
    for path in ("x" * 5000, str(tmp_path / ("x/" * 2100))):
        line = one_line(runner.invoke(generator_app, ["new", path]),
                        "expected a folder the file system can make, got ", "File name too long")
        assert len(line) < 200
    assert list(tmp_path.iterdir()) == []


# ---- case 16: options ----------------------------------------------------------------------------------------

ASCII = "expected a whole number like 300 in ASCII digits, got "


@pytest.mark.parametrize("option, value", [("--games", "١٠"), ("--seed", "١٢"), ("--players", "٣"),
                                           ("--games", "1_0"), ("--games", "１０")])
def test_simulate_takes_ascii_digits_only_on_both_argv_paths(option, value):
    wanted = f"checker simulate: Invalid value for '{option}': {ASCII}{value!r}"
    if value.isdigit():  # what `str.isdigit` takes, the plain path took (through the real entry point)
        one_line_failure(run("checker", "simulate", "el-dorado-canyon", "--games", "10", option, value), wanted)
    assert wanted.split(": ", 1)[1] in usage_error(runner.invoke(checker_app, ["simulate", "el-dorado-canyon",
                                                                               option, value]))


def test_resolve_takes_an_ascii_seed_only_on_both_argv_paths(tmp_path):
    (tmp_path / "turn.toml").write_text(STATE)
    one_line_failure(run("checker", "resolve", str(tmp_path / "turn.toml"), "--seed", "١٢"),
                     f"checker resolve: Invalid value for '--seed': {ASCII}'١٢'")


def test_games_has_an_upper_bound_said_in_the_help():
    wanted = "checker simulate: Invalid value for '--games': expected from 1 to 1000000, got 1000001"
    one_line_failure(run("checker", "simulate", "el-dorado-canyon", "--games", "1000001"), wanted)
    help_text = " ".join(runner.invoke(checker_app, ["simulate", "--help"]).output.replace("│", " ").split())
    assert "at most 1,000,000" in help_text


def test_an_empty_policy_is_refused_not_the_default():
    wanted = "--policy: expected one of random, greedy, search, got ''"
    one_line_failure(run("checker", "simulate", "el-dorado-canyon", "--games", "10", "--policy", ""), wanted)
    one_line(runner.invoke(checker_app, ["simulate", "el-dorado-canyon", "--games", "10", "--policy", ""]), wanted)


@pytest.mark.parametrize("command", ["build", "png", "tts"])
def test_an_empty_out_is_refused_not_the_current_folder(tmp_path, monkeypatch, command):
    game = small_game(tmp_path / "small")
    monkeypatch.chdir(tmp_path)
    said = usage_error(runner.invoke(generator_app, [command, str(game), "--out", ""]))
    assert "Invalid value for '--out': expected a folder name, got ''" in said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["small"]  # nothing built into the current folder


def test_the_plain_build_path_refuses_an_empty_out_as_typer_does(tmp_path):
    game = small_game(tmp_path / "small")
    code = "import sys; sys.argv[0] = 'generator'; from generator.plain import main; main()"
    done = subprocess.run([sys.executable, "-c", code, "build", str(game), "--out", ""], capture_output=True,
                          text=True, cwd=tmp_path, timeout=120)
    assert (done.returncode, done.stderr) == (2, "generator build: Invalid value for '--out': expected a folder "
                                                 "name, got ''\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["small"]


# ---- issue 30 defect 8: --help in words, no Python types ------------------------------------------------------

@pytest.mark.parametrize("app, command", [
    (generator_app, "build"), (generator_app, "png"), (generator_app, "tts"), (generator_app, "watch"),
    (generator_app, "new"), (generator_app, "calibrate"), (generator_app, "proof"), (generator_app, "pull"), (checker_app, "simulate"), (checker_app, "resolve"),
    (checker_app, "validate"), (checker_app, "rulings"), (checker_app, "template"), (checker_app, ""),
    (generator_app, ""),
])
def test_help_shows_no_python_types(app, command):
    result = runner.invoke(app, [command, "--help"] if command else ["--help"])
    assert result.exit_code == 0, result.output
    assert not re.search(r"<(bool|int|float|str|path|list\[[a-z]+\])>", result.output), result.output
    assert "--help" in result.output
