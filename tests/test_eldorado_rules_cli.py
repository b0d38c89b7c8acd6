"""`checker resolve` for Eldorado at the command line: bad input exits 2 naming player and field."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import tomli_w

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "cases" / "eldorado"


def state(**action) -> dict:
    return {"game": "eldorado", "dice": [4],
            "players": [{"name": "Ann", "at": "AI10", "soldiers": 6, "barrels": 3},
                        {"name": "Bob", "at": "AL14"}],
            "action": {"kind": "move", "player": "Ann", "direction": "west", **action}}


def run(tmp_path: Path, data: dict | None, *args: str) -> subprocess.CompletedProcess:
    """`checker resolve` on `data` written to tmp_path/state.toml (None: the file already there)."""
    path = tmp_path / "state.toml"
    if data is not None:
        path.write_text(tomli_w.dumps(data))
    return resolve(tmp_path, str(path), *args)


def resolve(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    """`checker resolve ARGS` as a player runs it from the repository root, with a cache of its own."""
    return subprocess.run([sys.executable, "-c", "import checker.cli as c; c.main()", "resolve", *args],
                          cwd=ROOT, capture_output=True, text=True, env={"PNPKIT_CACHE": str(tmp_path / "cache"),
                                                                         "PATH": "/usr/bin:/bin",
                                                                         "PYTHONPYCACHEPREFIX": os.environ["PYTHONPYCACHEPREFIX"]})


def test_text_puts_the_verdict_first_then_cited_steps(tmp_path):
    done = run(tmp_path, state())
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    ann = "Ann: at AI10 -> AE10, ship AI10 -> AE10, barrels 3 -> 2, sails west from AI10 to AE10"
    assert lines[:2] == [f"Verdict: {ann}", "  Bob: no change"]  # a headline that is the first line, said once
    assert "  The game goes on." in lines
    assert any(line.strip().startswith("rule: Movement Rules: \"2-5, Fair wind") for line in lines)


def test_json_and_out_write_the_same_next_state(tmp_path):
    out = tmp_path / "next.toml"
    done = run(tmp_path, state(), "--json", "--out", str(out))
    result = json.loads(done.stdout)
    assert set(result) == {"format", "headline", "verdict", "log", "state", "game_over"} and result["format"] == 1
    assert tomllib.loads(out.read_text()) == {"format": 1, **result["state"]}
    assert result["state"]["players"][0] == {"name": "Ann", "at": "AE10", "ship": "AE10", "soldiers": 6, "muskets": 0,
                                             "cannons": 0, "barrels": 2, "treasure": 0, "guard": 0, "opened": False,
                                             "out": False}
    assert {"player", "text", "rule"} <= set(result["log"][0])
    again = run(tmp_path, {**result["state"], "dice": [6],
                           "action": {"kind": "move", "player": "Ann", "direction": "east"}})
    assert again.returncode == 0 and "storm" in again.stdout


@pytest.mark.parametrize("change, message", [
    (lambda s: s["action"].update(player="Zed"), "action.player: expected one of the players (Ann, Bob), got 'Zed'"),
    (lambda s: s["action"].update(player=["Ann"]), "action.player: expected one of the players (Ann, Bob), got ['Ann']"),
    (lambda s: s["players"][0].update(at="ZZ99"),
     "player 'Ann': at: expected a square of the map like 'K12' (columns A..AN, rows 1..26), got 'ZZ99'"),
    (lambda s: s["players"][0].update(soldiers=-2),
     "player 'Ann': soldiers: expected a whole number from 0 to 999, got -2"),
    (lambda s: s["action"].update(direction="up"),
     "player 'Ann': action.direction: expected north, south, east or west (upstream or downstream on a river), got 'up'"),
    (lambda s: s["players"][0].update(ship="I13"),
     "player 'Ann': ship: 'I13' is mountains inland: a ship is on the sea, on a river or moored at a coast (ELD-1)"),
    (lambda s: s["players"][1].update(hat="red"),
     "player 'Bob': hat: unknown field: expected one of name, leader, at, ship, soldiers, muskets, cannons, barrels, "
     "treasure, guard, opened, eldorado, out"),
    (lambda s: s["players"][0].update(leader="columbus"), "player 'Ann': leader: expected a character id or name"),
    (lambda s: s["action"].update(kind="fly"), "action.kind: expected one of move, outfit, resupply, combat, indians, "
                                                "takeover, homecoming, got 'fly'"),
    (lambda s: s.update(dice=[7]), "dice[1]: expected a die from 1 to 6, got 7"),
    (lambda s: s.pop("dice"), "player 'Ann': dice: expected another die roll for Ann's wind: add it to 'dice' or pass --seed"),
    (lambda s: s["players"].pop(), "players: expected 2 to 6 players for Eldorado, got 1"),
    (lambda s: s["action"].update(kind="combat", opponent="Ann"),
     "player 'Ann': action.direction: unknown field: expected one of kind, player, opponent, pay"),
    (lambda s: s["action"].update(path=["AH10"]), "player 'Ann': action.direction: expected either direction"),
    (lambda s: s.update(map="no-such-folder"), "map: expected a folder of Eldorado definitions (with its map), got "
                                               "'no-such-folder': no such folder"),
])
def test_bad_input_exits_2_naming_player_and_field(tmp_path, change, message):
    data = state()
    change(data)
    out = tmp_path / "next.toml"
    done = run(tmp_path, data, "--out", str(out))
    assert done.returncode == 2, done.stdout
    assert message in done.stderr
    assert done.stderr.startswith(str(tmp_path / "state.toml") + ": ")
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert not out.exists()


def test_a_map_folder_replaces_the_builtin_map(tmp_path):
    """`map` names a folder of Eldorado definitions, relative to the state file: its chart is used."""
    import shutil

    folder = tmp_path / "variant"
    shutil.copytree(ROOT / "cards" / "eldorado", folder)
    chart = (folder / "map.toml").read_text()
    row = '"mmmrsssjjjrj.......................ffmff",  # 10'
    assert row in chart
    (folder / "map.toml").write_text(chart.replace(row, row.replace("...ffmff", "s..ffmff")))  # land at AG10
    data = state()  # Ann sails west 4 from AI10
    data["map"] = "variant"
    done = run(tmp_path, data, "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["state"]["players"][0]["at"] == "AG10"
    assert result["state"]["map"] == "variant"


def test_the_docs_example_is_the_case_book_file():
    """docs/resolve-eldorado.md's worked example is the case book's state (its output: test_docs_examples)."""
    page = (ROOT / "docs" / "resolve-eldorado.md").read_text()
    shown = page.split("<!-- check: state 30-indian-luck.toml -->\n```toml\n", 1)[1].split("\n```", 1)[0]
    case = (ROOT / "tests/cases/eldorado/30-indian-luck.toml").read_text()
    assert shown.strip() == "\n".join(line for line in case.splitlines() if not line.startswith("# ")).strip()


def test_a_refused_action_lists_the_legal_ones_on_its_line(tmp_path):
    done = resolve(tmp_path, "tests/cases/eldorado/44-ship-onto-land.toml")
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.rstrip("\n").endswith("; legal for Ann now: move west; walk to AJ10, to AM9, to AL10, to AK9, "
                                             "to AK11, to AN10, to AM11, to AL12, ... (2 more) (guard 0-2); resupply rounds 1-10")


def test_the_readme_map_is_the_builtin_map():
    """The chart, ports, leaders and cities docs/resolve-eldorado.md shows for writing states are map.toml's own."""
    from cards import load_game

    game = load_game("eldorado")
    chart = game.records("map")[0]
    part = (ROOT / "docs" / "resolve-eldorado.md").read_text()
    block = part.split("## The built-in map", 1)[1].split("```\n", 1)[1].split("\n```", 1)[0]
    assert [line.split()[1] for line in block.splitlines()[2:]] == list(chart.rows)
    text = " ".join(part.split())
    for leader in game.records("character"):
        port = next(p for p in chart.ports if p.name == leader.port)
        assert f"{port.name} {port.square} (`{leader.id}`, {leader.name})" in text, leader.id
    for city in chart.cities:
        assert f"`{city.id}` {city.square} ({', '.join(city.indians)}" in text, city.id
