"""The Eldorado case book: every state file in tests/cases/eldorado/ with its asserted outcome.

Each case is two files: `NAME.toml`, a state file anyone can run with
`checker resolve`, and `NAME.expect.toml`: the rulebook sections and rulings it
documents, a title, and what must come out (next-state fields per player, steps
in order, rules cited, game over, winners, scores), or the exact error.
"""
from __future__ import annotations

import re

import pytest

from casebook import CaseBook

BOOK = CaseBook("eldorado")
CASES = BOOK.folder
SECTIONS = ("Start of Game", "Movement Rules", "Combat Rules")
HOUSE = ("E1", "E2", "E3", "E4", "E5", "E6")
NAMES = BOOK.names


@pytest.mark.parametrize("name", NAMES)
def test_case(name, tmp_path, capsys):
    expect = BOOK.expect(name)
    code, result, err = BOOK.run(name, tmp_path, capsys, expect.get("seed"))
    if "error" in expect:
        assert code == 2
        assert err.endswith(expect["error"]), err
        assert "Traceback" not in err
        return
    assert code == 0, err
    state = result["state"]
    assert "action" not in state and "dice" not in state
    players = {p["name"]: p for p in state["players"]}
    for who, fields in expect.get("players", {}).items():
        for key, value in fields.items():
            assert players[who].get(key) == value, f"{who}.{key}: {players[who].get(key)!r} != {value!r}"
    if "beaten" in expect:
        assert state.get("beaten", []) == expect["beaten"]
    assert result["game_over"] is expect.get("game_over", False)
    if "winners" in expect:
        assert result["winners"] == expect["winners"]
        assert state["winner"] == expect["winners"][0]
    for who, fields in expect.get("scores", {}).items():
        for key, value in fields.items():
            assert result["scores"][who][key] == value, f"score of {who}.{key}"
    texts = [s["text"] for s in result["log"]]
    position = 0
    for wanted in expect.get("steps", []):
        found = next((i for i in range(position, len(texts)) if wanted in texts[i]), None)
        assert found is not None, f"step {wanted!r} not found (in order) in:\n" + "\n".join(texts)
        position = found + 1
    cited = " ".join(s["rule"] for s in result["log"])
    for rule in expect.get("cites", []):
        assert re.search(rf"(?<![\w-]){re.escape(rule)}(?![\w-])", cited), f"no step cites {rule}"
    for step in result["log"]:
        assert step["rule"] and step["text"], step
    for line in expect.get("verdict", []):
        assert line in result["verdict"], result["verdict"]


def test_cases_cover_every_section_and_house_ruling():
    covered = {s for name in NAMES for s in BOOK.expect(name)["section"]}
    missing = [s for s in SECTIONS + HOUSE if s not in covered]
    assert not missing, f"no case documents: {missing}"


def test_every_case_has_a_state_and_a_title():
    states = BOOK.state_files()
    assert states == NAMES
    for name in NAMES:
        assert BOOK.expect(name)["title"]
