"""Eldorado's legal actions: every listed action resolves, every other action of an enumerated superset
(every direction, walks over the squares around the party, every guard, rounds, opponent and kind) is
refused with exit 2 or settles to the same next state as a listed one (another path to the same square).
Also: every action kind has its engine step and its options, and a refusal lists the legal actions."""
from __future__ import annotations

import json
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards import load_game
from checker.core.errors import StateError
from checker.core.resolve_cmd import resolve_file
from checker.eldorado import compile_game, legal_actions, resolve
from checker.eldorado.kinds import RUN
from checker.eldorado.combat import check_combat
from checker.eldorado.legal import DIRECTIONS, OPTIONS, Walks, legal_for, may_fight, may_resupply, sails, walks
from checker.eldorado.movement import course
from checker.eldorado.state import ACTION_KEYS, KINDS, Player, Table, read_board
from checker.eldorado.supply import stores
from checker.eldorado.world import World

ROOT = Path(__file__).resolve().parent.parent
DATA = compile_game(load_game("eldorado"))
WORLD = World(DATA)
CHART = WORLD.chart
SEA = [sq for sq in CHART.squares() if CHART.is_sea(sq)]
RIVER = [sq for sq in CHART.squares() if CHART.is_river(sq)]
LAND = [sq for sq in CHART.squares() if CHART.is_land(sq)]
COAST = [sq for sq in LAND + RIVER if CHART.is_coast(sq)]
PORTS = {lead.id: WORLD.home_port(lead).square for lead in WORLD.leaders.values()}
CITY_SQUARES = sorted(sq for c in CHART.cities.values() for sq in [c.square, *c.indians])


def test_every_action_kind_has_its_step_and_its_options():
    assert list(RUN) == list(OPTIONS) == list(KINDS) == list(ACTION_KEYS)


count = st.integers(0, 8)


@st.composite
def boards(draw):
    where = draw(st.sampled_from(["sea", "river", "coast", "port", "ashore", "city", "takeover"]))
    ann = {"name": "Ann", "soldiers": draw(count), "muskets": draw(count), "cannons": draw(count),
           "barrels": draw(count), "treasure": draw(count), "opened": draw(st.booleans()),
           "eldorado": draw(st.sampled_from(sorted(CHART.cities)))}
    if where == "port":
        ann["leader"] = draw(st.sampled_from(sorted(PORTS)))
        ann["at"] = PORTS[ann["leader"]] if draw(st.booleans()) else draw(st.sampled_from(sorted(PORTS.values())))
    elif where in ("ashore", "city", "takeover"):
        ann["at"] = draw(st.sampled_from({"ashore": LAND, "city": CITY_SQUARES, "takeover": COAST}[where]))
        ann["ship"] = draw(st.sampled_from(["none", *COAST]))
        if ann["ship"] == "none":
            ann.update(cannons=0, barrels=0)
        elif ann["ship"] != ann["at"]:
            ann["guard"] = draw(count)
    else:
        ann["at"] = draw(st.sampled_from({"sea": SEA, "river": RIVER, "coast": COAST}[where]))
    bob = {"name": "Bob", "soldiers": draw(count), "muskets": draw(count), "cannons": draw(count), "barrels": draw(count)}
    if where == "takeover":  # Bob's ship moored where Ann's party stands, his party away (ELD-14)
        bob.update(ship=ann["at"], at=draw(st.sampled_from(LAND)), guard=draw(st.sampled_from([0, 0, 1, 5])))
        if bob["at"] == bob["ship"]:
            bob["guard"] = 0
    elif draw(st.booleans()):  # on Ann's square: a combat
        bob["at"] = ann["at"]
        bob["ship"] = ann.get("ship", ann["at"])
        if bob["ship"] == "none":
            bob.update(cannons=0, barrels=0)
        elif bob["ship"] != bob["at"]:
            bob["guard"] = draw(count)
    else:
        bob["at"] = draw(st.sampled_from(SEA))
    beaten = draw(st.lists(st.sampled_from(sorted(CHART.cities)), max_size=1))
    dice = draw(st.lists(st.integers(1, 6), max_size=1))
    return {"game": "eldorado", "dice": dice, "beaten": beaten, "players": [ann, bob]}


def superset(board: dict, walks: list[list[str]]) -> list[dict]:
    """Every kind with every value: directions, walks (given ones and every path up to 2 squares), guards,
    rounds, opponents."""
    ann = board["players"][0]
    out = [{"kind": "move", "direction": d} for d in DIRECTIONS]
    if board["dice"]:
        paths = list(walks)
        for n in range(1, min(board["dice"][0], 2) + 1):
            for headings in product("NESW", repeat=n):
                here, path = ann["at"], []
                for h in headings:
                    here = CHART.step(here, h) or here
                    path.append(here)
                paths.append(path)
        out += [{"kind": "move", "path": p} for p in paths]
        out += [{"kind": "move", "path": p, "guard": g} for p in paths[:4] for g in (1, ann["soldiers"] + 1)]
        out.append({"kind": "move", "path": [LAND[0]]})
    for kind in ("outfit", "resupply"):
        out += [{"kind": kind}] + [{"kind": kind, "rounds": n} for n in (1, 2, 10)]
    out += [{"kind": k, "opponent": "Bob"} for k in ("combat", "takeover")]
    out += [{"kind": "indians"}, {"kind": "homecoming"}]
    return [{**a, "player": "Ann"} for a in out]


def _settle(board: dict, action: dict):
    try:
        return resolve({**board, "action": action}, DATA, seed=7)
    except StateError:
        return None


def _readable(board: dict) -> bool:
    try:
        read_board(board, WORLD)
    except StateError:
        return False
    return True


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(board=boards(), walks=st.lists(st.lists(st.sampled_from("NESW"), min_size=6, max_size=6), max_size=10))
def test_legal_actions_resolve_and_every_other_action_is_refused(board, walks):
    if not _readable(board):
        return
    legal = legal_actions(board, "Ann", DATA)
    nexts = set()
    for action in legal:
        result = _settle(board, action)
        assert result is not None, f"listed but refused: {action}"
        nexts.add(json.dumps(result.state, sort_keys=True))
    drawn = []
    for headings in walks:  # long walks: any path of the die's length, drawn
        here, path = board["players"][0]["at"], []
        for h in headings[:board["dice"][0] if board["dice"] else 0]:
            here = CHART.step(here, h) or here
            path.append(here)
        drawn.append(path)
    listed = {json.dumps(a, sort_keys=True) for a in legal}
    for action in superset(board, [a["path"] for a in legal if "path" in a] + [p for p in drawn if p]):
        if json.dumps(action, sort_keys=True) in listed:
            continue
        result = _settle(board, action)
        if result is not None:
            assert json.dumps(result.state, sort_keys=True) in nexts, f"resolves but not listed: {action}"


def test_legal_for_a_simulator_is_the_same_on_a_table_read_once():
    board = {"game": "eldorado", "dice": [3], "players": [{"name": "Ann", "at": "AJ10", "soldiers": 2},
                                                          {"name": "Bob", "at": "AL14"}]}
    table = read_board(board, WORLD)
    assert legal_for(table, table.players[0]) == legal_actions(board, "Ann", DATA)
    assert {a["kind"] for a in legal_for(table, table.players[0])} == {"move", "resupply"}
    assert {"kind": "move", "player": "Ann", "direction": "west"} in legal_for(table, table.players[0])
    walks = [a for a in legal_for(table, table.players[0]) if "path" in a]
    assert walks and all(len(a["path"]) <= 3 for a in walks)
    assert {a.get("guard", 0) for a in walks} == {0, 1, 2}, "from the ship: any guard of the soldiers aboard"
    assert legal_actions({**board, "dice": []}, "Ann", DATA) == [
        a for a in legal_actions(board, "Ann", DATA) if "path" not in a], "no die: no walk"


def _write(path: Path, board: dict, action: dict) -> Path:
    path.write_text(tomli_w.dumps({**board, "action": action}))
    return path


HOME = {"game": "eldorado", "players": [
    {"name": "Ann", "at": "AK6", "soldiers": 1, "treasure": 2, "opened": True, "leader": "federman"},
    {"name": "Bob", "at": "AL14"}]}


def test_a_refusal_lists_the_legal_actions_through_resolve_file(tmp_path, capsys):
    legal = legal_actions(HOME, "Ann", DATA)
    assert {"kind": "homecoming", "player": "Ann"} in legal
    assert all(a["kind"] != "homecoming" for a in legal_actions({**HOME, "dice": [2]}, "Ann", DATA)), "it rolls no die"
    state = _write(tmp_path / "s.toml", HOME, {"kind": "combat", "player": "Ann", "opponent": "Bob"})
    assert resolve_file(state, False, None, 1) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].endswith(
        "a combat needs both on the same square (Combat Rules); legal for Ann now: move north, south, west; "
        "resupply rounds 1-10; homecoming")  # no outfit: Ann has set out already (ELD-15)
    assert resolve_file(_write(tmp_path / "s.toml", HOME, legal[-1]), False, None, 1) == 0
    assert "Ann: comes home to Brest and wins" in capsys.readouterr().out
    docs = (ROOT / "docs" / "engines.md").read_text()
    assert "\n".join(err).replace(str(state), "state.toml") in docs, "docs/engines.md shows the real refusal"


@pytest.mark.parametrize("action, code", [
    ({"kind": "homecoming", "player": "Ann"}, 0),
    ({"kind": "indians", "player": "Ann"}, 2),
    ({"kind": "move", "player": "Ann", "direction": "upstream"}, 2),
])
def test_real_cli_runs_agree(tmp_path, action, code):
    state = _write(tmp_path / "s.toml", HOME, action)
    line = "import sys; sys.argv[0] = 'checker'; from checker.cli import main; main()"
    run = subprocess.run([sys.executable, "-c", line, "resolve", str(state)], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == code, run.stderr
    assert (action in legal_actions(HOME, "Ann", DATA)) == (code == 0)
    if code:
        assert "; legal for Ann now: move north, south, west; " in run.stderr.splitlines()[0]


def _refused(check) -> bool:
    try:
        check()
    except StateError:
        return True
    return False


def test_where_a_ship_may_sail_is_kept_per_square_and_agrees_with_course():
    """`legal.courses` asks `course` once per ship square for the world: parties that differ in everything but the
    square (crew, stores, cannons, Eldorado) get, from the kept answer, what `course` itself says of each."""
    world = World(DATA)
    parties = [dict(soldiers=1), dict(soldiers=7, barrels=4, cannons=2, opened=True, eldorado="manoa"),
               dict(soldiers=0, guard=0)]
    for sq in SEA + COAST:
        for fields in parties:
            p = Player("Ann", sq, sq, **fields)
            table = Table(world, [p], [], [])
            expected = [d for d in DIRECTIONS if not _refused(lambda: course(table, p, d))]
            assert sails(table, p) == expected, (sq, fields)
    assert set(world.courses) == set(SEA + COAST)


def test_the_checks_a_policy_asks_without_raising_agree_with_the_actions_checks():
    """`may_fight` and `may_resupply` answer as `check_combat` and `stores` refuse, on every square a ship or a
    party can be, aboard or ashore."""
    coast = set(COAST)
    ashore = [(sq, port) for port in PORTS.values() for sq in CHART.neighbours(port).values() if CHART.is_land(sq)]
    places = [(sq, sq) for sq in SEA + COAST] + [(sq, "none") for sq in COAST + LAND[::7]] + ashore
    for sq, ship in places:
        board = {"game": "eldorado", "players": [{"name": "Ann", "at": sq, "ship": ship, "soldiers": 2},
                                                 {"name": "Bob", "at": "AL14"}, {"name": "Cy", "at": sq, "ship": ship}]}
        table = read_board(board, WORLD)
        ann, bob, cy = table.players
        assert may_resupply(table, ann) == (not _refused(lambda: stores(table, ann, False))), (sq, ship)
        for o in (bob, cy):
            assert may_fight(ann, o) == (not _refused(lambda: check_combat(ann, o))), (sq, o.name)
    assert ashore and coast


def test_walk_outcomes_build_the_listed_paths_on_demand():
    board = {"game": "eldorado", "players": [{"name": "Ann", "at": "AJ10", "soldiers": 2, "eldorado": "manoa"},
                                             {"name": "Bob", "at": "AL14"}]}
    for die in range(1, 7):
        table = read_board(board, WORLD)
        ann = table.players[0]
        found = Walks(table, ann, die)
        paths = walks(table, ann, die)
        assert [found.path(i) for i in range(len(found.ends))] == paths
        assert found.ends == [path[-1] for path in paths] and len(set(map(tuple, paths))) == len(paths)
