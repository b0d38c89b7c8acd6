"""Hostile and unlucky inputs: files from outside a folder, links that loop, FIFOs and devices,
wrong-shaped state values, escape sequences in names, corrupt caches, absurd sizes and numbers.

Every one ends in exit 2 with one line (or a field error) saying what was wrong, never a
traceback, never a hang.
"""
from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import tomli_w
from typer.testing import CliRunner

from checker.cli import app as checker_app
from cards import BUILTIN
from common import cachefile
from cards.families import builtin_games
from common.usercache import cache_dir
from generator.cli import app as generator_app
from hostile import one_line_failure, run, small_game
from test_hostile_outputs import STATE

runner = CliRunner()
CARDS = Path(__file__).resolve().parent.parent / "cards"
CASES = Path(__file__).resolve().parent / "cases"


def usage_error(result) -> str:
    """A usage error (exit 2, no traceback) as one string: Typer draws it in a box, wrapped."""
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    return " ".join(result.output.replace("│", " ").split())


def one_line(result, *wanted: str) -> str:
    """A CliRunner result that failed with exit 2 and one line holding every `wanted` text."""
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, lines
    for text in wanted:
        assert text in lines[0], (text, lines[0])
    return lines[0]


def first_component(folder: Path) -> str:
    return tomllib.loads((folder / "game.toml").read_text())["components"][0]["file"]


# ---- files from outside the folder ------------------------------------------------------------------------

@pytest.mark.parametrize("game", BUILTIN)
def test_a_component_file_that_links_to_itself_is_a_clear_error(tmp_path, game):
    folder = shutil.copytree(builtin_games()[game], tmp_path / game)
    name = first_component(folder)
    (folder / name).unlink()
    (folder / name).symlink_to(name)
    line = one_line(runner.invoke(checker_app, ["validate", str(folder)]), f"{folder}/{name}",
                    "cannot read file: symbolic link loop (a link that leads back to itself)")
    assert one_line(runner.invoke(generator_app, ["build", str(folder), "--out", str(tmp_path / "out")])) == line
    assert not (tmp_path / "out").exists()


def test_a_game_toml_that_links_outside_its_folder_is_refused(tmp_path):
    outside = shutil.copytree(CARDS / "el-dorado-canyon", tmp_path / "elsewhere")
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "game.toml").symlink_to(outside / "game.toml")
    for name in tomllib.loads((outside / "game.toml").read_text())["components"]:
        shutil.copy(outside / name["file"], folder / name["file"])
    message = "game.toml: cannot read file: expected a file inside its folder, got a link to a file outside it"
    one_line(runner.invoke(checker_app, ["validate", str(folder)]), message)
    one_line(runner.invoke(generator_app, ["build", str(folder), "--out", str(tmp_path / "out")]), message)


def test_resolve_reads_only_the_files_a_game_names_each_inside_its_folder(tmp_path):
    folder = shutil.copytree(CARDS / "el-dorado-canyon", tmp_path / "mine")
    (folder / "notes.toml").symlink_to("/dev/zero")  # named by nothing: never read
    (tmp_path / "turn.toml").write_text(STATE.replace('"el-dorado-canyon"', '"mine"'))
    result = run("checker", "resolve", str(tmp_path / "turn.toml"), timeout=30)
    assert result.returncode == 0, result.stderr
    name = first_component(folder)
    (folder / name).unlink()
    (folder / name).symlink_to("/dev/zero")  # named: refused, not read
    result = run("checker", "resolve", str(tmp_path / "turn.toml"), timeout=30)
    one_line_failure(result, f"{name}: cannot read file: expected a file inside its folder, got a link to a file "
                             "outside it")


@pytest.mark.parametrize("kind", ["fifo", "zero", "big"])
def test_a_state_file_that_is_a_fifo_a_device_or_huge_is_refused_without_hanging(tmp_path, kind):
    state = tmp_path / "turn.toml"
    if kind == "fifo":
        os.mkfifo(state)
    elif kind == "zero":
        state.symlink_to("/dev/zero")
    else:
        state.write_text(STATE + "#" * 3_000_000)
    result = run("checker", "resolve", str(state), timeout=30)  # a hang fails the test by its timeout
    expected = {"fifo": "expected a regular file, got a FIFO", "zero": "expected a regular file, got a character device",
                "big": "file is too large: expected at most 2000000 bytes, got 3"}[kind]
    one_line_failure(result, f"{state}: cannot read state file: {expected}")


def test_a_deeply_nested_game_toml_named_by_a_state_is_a_clear_error(tmp_path):
    folder = tmp_path / "deep"
    folder.mkdir()
    (folder / "game.toml").write_text("x = " + "[" * 3000 + "]" * 3000 + "\n")
    (tmp_path / "turn.toml").write_text(STATE.replace('"el-dorado-canyon"', '"deep"'))
    one_line_failure(run("checker", "resolve", str(tmp_path / "turn.toml")),
                     "game.toml: TOML nesting is too deep")


ELDORADO = """game = "eldorado"
map = "other"
dice = [4]

[[players]]
name = "Ann"
leader = "henry"
at = "I11"

[[players]]
name = "Bob"
at = "AL14"

[action]
kind = "move"
player = "Ann"
path = ["I12"]
"""


@pytest.mark.parametrize("attack", ["loop", "outside"])
def test_an_eldorado_map_folder_with_a_loop_or_a_link_out_is_a_field_error(tmp_path, attack):
    other = shutil.copytree(CARDS / "eldorado", tmp_path / "other")
    if attack == "loop":
        (other / "map.toml").unlink()
        (other / "map.toml").symlink_to("map.toml")
        wanted = "map.toml: cannot read file: symbolic link loop"
    else:
        shutil.copytree(other, tmp_path / "elsewhere")
        (other / "game.toml").unlink()
        (other / "game.toml").symlink_to(tmp_path / "elsewhere" / "game.toml")
        wanted = "game.toml: cannot read file: expected a file inside its folder"
    (tmp_path / "turn.toml").write_text(ELDORADO)
    result = runner.invoke(checker_app, ["resolve", str(tmp_path / "turn.toml")])
    one_line(result, "map: the map's definitions are invalid:", wanted)


# ---- state files of the wrong shape -----------------------------------------------------------------------

EDC = tomllib.loads(STATE)
GS = {"game": "eternal-gold-and-steel", "market_deck": ["temple-warden"],
      "players": [{"name": "Ann", "hand": ["forge-apprentice"], "market": ["ember-whelp"]}, {"name": "Bob"}],
      "action": {"kind": "play", "card": "forge-apprentice"}}


def _with(base: dict, path: tuple, value) -> dict:
    state = copy.deepcopy(base)
    node = state
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return state


WRONG_SHAPES = [  # (state, field named in the error): each of these was a traceback once
    (_with(EDC, ("players", 0, "play", "card"), ["pistol"]), "play.card: expected a card in the hand"),
    (_with(EDC, ("players", 0, "play", "card"), {"id": "pistol"}), "play.card: expected a card in the hand"),
    (_with(EDC, ("players", 1, "play", "option"), 1.0), "play.option: expected 1 or 2 for two-ended card"),
    (_with(EDC, ("players", 0, "play", "direction"), {"x": 1}), "play.direction: expected 'left' or 'right'"),
    (_with(EDC, ("players", 0, "play", "direction"), ["left"]), "play.direction: expected 'left' or 'right'"),
    (_with(EDC, ("players", 0, "hand"), [["pistol"]]), "hand[1]: expected a starting or town card id"),
    (_with(EDC, ("players", 0, "spent"), [{"card": "pistol"}]), "spent[1]: expected a starting or town card id"),
    (_with(EDC, ("town",), {"row": [["rifle"]]}), "town.row[1]: expected a town card id"),
    (_with(_with(EDC, ("town",), {"row": ["rifle"]}), ("players", 2, "play"), {"card": "go-to-town", "option": 1,
                                                                               "buy": {"id": "rifle"}}),
     "play.buy: expected a town card id, got {'id': 'rifle'}"),
    (_with(GS, ("action", "kind"), ["attack"]), "action.kind: expected one of"),
    (_with(GS, ("action", "player"), {"name": "Ann"}), "action.player: expected one of the players (Ann, Bob)"),
]


@pytest.mark.parametrize("state, wanted", WRONG_SHAPES)
def test_wrong_shaped_state_values_are_field_errors(tmp_path, state, wanted):
    (tmp_path / "turn.toml").write_bytes(tomli_w.dumps(state).encode())
    one_line(runner.invoke(checker_app, ["resolve", str(tmp_path / "turn.toml")]), wanted)


IMPOSSIBLE = [  # (state, what the one line says): a table no game of Gold and Steel can reach, once accepted
    (_with(_with(GS, ("players", 0, "gold"), 20), ("players", 1, "gold"), 1),
     "player 'Bob': gold: the players hold 21 gold (Ann 20, Bob 1) and the game has 20 gold tokens (Contents; GS-R13)"),
]


@pytest.mark.parametrize("state, wanted", IMPOSSIBLE)
def test_an_impossible_gold_and_steel_table_is_one_line_naming_the_field(tmp_path, state, wanted):
    """Contents: gold comes from 20 tokens: more is refused, not resolved."""
    (tmp_path / "turn.toml").write_bytes(tomli_w.dumps(state).encode())
    line = one_line(runner.invoke(checker_app, ["resolve", str(tmp_path / "turn.toml"), "--out",
                                                str(tmp_path / "next.toml")]), str(tmp_path / "turn.toml"), wanted)
    assert line.startswith(f"{tmp_path / 'turn.toml'}: ") and not (tmp_path / "next.toml").exists()


def _paths(node, prefix=()):
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return
    for key, value in items:
        yield prefix + (key,)
        yield from _paths(value, prefix + (key,))


@pytest.mark.parametrize("case", ["el-dorado-canyon/05-", "eternal-gold-and-steel/readme-example", "eldorado/15-"])
def test_every_field_of_a_case_given_a_list_a_table_a_fraction_or_a_flag_is_an_error_not_a_traceback(tmp_path, case):
    from checker.core.resolve_cmd import resolve_file

    folder, prefix = case.split("/")
    source = next(p for p in sorted((CASES / folder).glob(prefix + "*.toml")) if not p.name.endswith(".expect.toml"))
    base = tomllib.loads(source.read_text())
    if base["game"].startswith("."):
        base["game"] = str((source.parent / base["game"]).resolve())
    tried = 0
    for path in _paths(base):
        if path == ("game",):
            continue
        for wrong in (["x"], {"x": 1}, 1.5, True):
            (tmp_path / "turn.toml").write_bytes(tomli_w.dumps(_with(base, path, wrong)).encode())
            resolve_file(tmp_path / "turn.toml", False, None, None)  # any traceback fails the test
            tried += 1
    assert tried >= 40


# ---- what is printed --------------------------------------------------------------------------------------

def test_escape_sequences_in_names_never_reach_the_terminal(tmp_path, game_copy):
    evil = "\x1b]0;owned\x07Ann\x1b[2J\x9b31m\u202e"
    state = _with(EDC, ("players", 0, "name"), evil)
    state["first_player"] = evil
    (tmp_path / "turn.toml").write_bytes(tomli_w.dumps(state).encode())
    for args in (["resolve", str(tmp_path / "turn.toml")], ["resolve", str(tmp_path / "turn.toml"), "--json"]):
        result = run("checker", *args)
        assert result.returncode == 0, result.stderr
        assert not any(ch in result.stdout for ch in "\x1b\x07\x9b\u202e")
        assert "\\u001b]0;owned\\u0007Ann" in result.stdout
    assert json.loads(run("checker", "resolve", str(tmp_path / "turn.toml"), "--json").stdout)  # still JSON
    bad = _with(state, ("players", 0, "infamy"), -1)
    (tmp_path / "turn.toml").write_bytes(tomli_w.dumps(bad).encode())
    result = run("checker", "resolve", str(tmp_path / "turn.toml"))
    line = one_line_failure(result, "player '\\u001b]0;owned\\u0007Ann\\u001b[2J\\u009b31m\\u202e'")
    folder = game_copy()
    text = (folder / "starting.toml").read_text().replace('name = "Pistol"', 'name = "Pistol\\u001b[31m"')
    (folder / "starting.toml").write_text(text.replace('priority = "III"', 'priority = "V"'))
    line = one_line(runner.invoke(checker_app, ["validate", str(folder)]), "card 'pistol' (Pistol\\u001b[31m)")
    assert "\x1b" not in line


# ---- the compiled cache -----------------------------------------------------------------------------------

@pytest.mark.parametrize("corrupt", ["{}", "[]", '{"entry": "x", "size": 2, "crc32": 0}\n{}', "not json", "", "x\n{}", "TORN"])
def test_a_cache_entry_that_does_not_check_out_is_rebuilt(tmp_path, corrupt, monkeypatch):
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "turn.toml").write_text(STATE)
    first = run("checker", "resolve", str(tmp_path / "turn.toml"))
    assert first.returncode == 0, first.stderr
    (entry,) = cache_dir().glob("el-dorado-canyon-*.json")
    if corrupt.startswith('{"entry"'):  # the right name, but a body not what was written (or another entry's)
        corrupt = corrupt.replace('"x"', json.dumps(entry.stem))
    if corrupt == "TORN":  # cut short: the header's length no longer matches
        corrupt = entry.read_text()[:-10]
    entry.write_text(corrupt)
    again = run("checker", "resolve", str(tmp_path / "turn.toml"))
    assert (again.returncode, again.stdout, again.stderr) == (0, first.stdout, "")
    assert cachefile.unpack(entry.stem, entry.read_bytes()) is not None  # rewritten whole


# ---- arguments and sizes ----------------------------------------------------------------------------------

def test_a_game_path_too_long_for_the_file_system_is_one_line_everywhere(tmp_path):
    path = "x" * 5000
    wanted = "expected a built-in game"
    one_line(runner.invoke(checker_app, ["validate", path]), wanted)
    one_line(runner.invoke(checker_app, ["simulate", path]), wanted)
    for command in (["build", path], ["png", path], ["tts", path], ["proof", path]):
        one_line(runner.invoke(generator_app, command + ["--out", str(tmp_path / "out")]), wanted)
    (tmp_path / "turn.toml").write_text(STATE.replace('"el-dorado-canyon"', f'"{"y" * 6000}"'))
    one_line(runner.invoke(checker_app, ["resolve", str(tmp_path / "turn.toml")]), "game: expected a built-in game")


@pytest.mark.parametrize("size", ["0.0001x0.0001mm", "99999x99999mm", "100000000000000000000x88mm", "١٠x٢٠mm"])
def test_sizes_out_of_bounds_are_refused_with_the_bound_before_any_work(tmp_path, size):
    folder = small_game(tmp_path / "small")
    text = (folder / "game.toml").read_text().replace('size = "poker"', f'size = "{size}"')
    (folder / "game.toml").write_text(text)
    wanted = "expected each side from 5 to 2000 mm" if size[0].isascii() else "expected a preset"
    for app, command in ((checker_app, ["validate"]), (generator_app, ["build"]), (generator_app, ["tts"])):
        result = runner.invoke(app, command + [str(folder)] + (["--out", str(tmp_path / "out")] if app is generator_app else []))
        one_line(result, "components.deck.size", wanted)


def test_png_pixel_counts_are_bounded_before_rendering(tmp_path):
    folder = small_game(tmp_path / "small")
    (folder / "game.toml").write_text((folder / "game.toml").read_text().replace('size = "poker"', 'size = "2000x2000mm"'))
    one_line(runner.invoke(generator_app, ["png", str(folder), "--dpi", "1200", "--out", str(tmp_path / "out")]),
             "expected at most 64,000,000 pixels per image; lower --dpi")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("args, wanted", [
    (["--back-offset", "١,٢"], "--back-offset: expected X,Y in mm, in ASCII digits"),
    (["--back-offset", "1_0,0"], "--back-offset: expected X,Y in mm, in ASCII digits"),
    (["--bleed", "٣"], "expected a number like 1.5 or -2 in ASCII digits"),
])
def test_options_take_ascii_numbers_only(tmp_path, args, wanted):
    result = runner.invoke(generator_app, ["build", str(small_game(tmp_path / "small")), "--out", str(tmp_path / "o"), *args])
    assert wanted in usage_error(result)
    assert not (tmp_path / "o").exists()


def test_checker_options_take_ascii_numbers_only(tmp_path):
    (tmp_path / "turn.toml").write_text(STATE)
    result = runner.invoke(checker_app, ["resolve", str(tmp_path / "turn.toml"), "--seed", "٣"])
    assert "expected a whole number like 300 in ASCII digits, got '٣'" in usage_error(result)
    result = runner.invoke(checker_app, ["simulate", "el-dorado-canyon", "--games", "١٠"])
    assert "expected a whole number like 300 in ASCII digits, got '١٠'" in usage_error(result)


@pytest.mark.parametrize("game", ["", "no-such-game"])
def test_rulings_for_an_empty_or_unknown_game_is_an_error(game):
    one_line(runner.invoke(checker_app, ["rulings", game]), f"game: expected a rules family (", f"got {game!r}")


def test_an_unknown_key_in_a_gold_and_steel_condition_is_named_in_validate_build_and_resolve(tmp_path):
    folder = shutil.copytree(CARDS / "eternal-gold-and-steel", tmp_path / "gs")
    text = (folder / "forge.toml").read_text()
    old = 'condition = { condition = "units_at_least", count = 6 }'
    assert old in text
    (folder / "forge.toml").write_text(text.replace(old, old.replace("count = 6", "count = 6, bogus = 1")))
    wanted = "abilities.1.condition.bogus: unknown field: expected one of condition, count"
    one_line(runner.invoke(checker_app, ["validate", str(folder)]), wanted)
    one_line(runner.invoke(generator_app, ["build", str(folder), "--out", str(tmp_path / "out")]), wanted)
    (tmp_path / "turn.toml").write_bytes(tomli_w.dumps(dict(GS, game="gs")).encode())
    one_line(runner.invoke(checker_app, ["resolve", str(tmp_path / "turn.toml")]), wanted)


@pytest.mark.parametrize("tool, args, wanted", [
    ("generator", ["build", "--paper", "a5"], "--paper: expected a4 or letter, got 'a5'"),
    ("generator", ["build", "--bogus"], "generator build: No such option: --bogus (Possible options: --out)"),
    ("checker", ["simulate", "el-dorado-canyon", "--games", "x"],
     "checker simulate: Invalid value for '--games': expected a whole number like 300 in ASCII digits, got 'x'"),
    ("checker", ["resolve"], "checker resolve: Missing argument 'state_file'."),
])
def test_a_usage_error_of_the_real_commands_is_one_line(tool, args, wanted):
    """Through the console entry points (not CliRunner): Typer's framed box becomes `COMMAND: message`."""
    code = f"import sys; sys.argv[0] = {tool!r}; from {tool}.cli import main; main()"
    run = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == "", (run.returncode, run.stdout)
    assert run.stderr.splitlines() == [wanted]
