"""The book of cases: every state file in tests/cases/el-dorado-canyon/ with its asserted outcome.

Each case is two files: `NAME.toml`, a state file anyone can run with
`checker resolve`, and `NAME.expect.toml`: the rulebook section(s) or rulings it
documents, a title, and what must come out (next-state fields, steps in order,
game over, scores, winners), or the exact error for an invalid state.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from casebook import CaseBook

BOOK = CaseBook("el-dorado-canyon")
CASES = BOOK.folder
RULEBOOK = Path(__file__).resolve().parent / "sources" / "rulebooks" / "el-dorado-canyon.txt"
SECTIONS = ("The Goal", "Components", "Table Set Up", "Player Set Up", "Gameplay", "Starting Cards", "Priority",
            "Being GONE", "Card Types", "Card Anatomy", "Gold", "Infamy", "Characters", "Character Card Anatomy",
            "Character Abilities", "Killing Characters", "End-Game & Scoring", "Symbols and Terms")
FAQ = ("If I control a \"good\" character and I kill a \"bad\" character, how much infamy do I get?",
       "What happens if a character shoots themself?", "How does Round the Rosie work?", "Is there a hand limit?",
       "How does Advanced Mining work?", "How does my character gain back health?")
NAMES = BOOK.names


@pytest.mark.parametrize("name", NAMES)
def test_case(name, tmp_path, capsys):
    expect = BOOK.expect(name)
    code, result, err = BOOK.run(name, tmp_path, capsys)
    if "error" in expect:
        assert code == 2
        assert err.endswith(expect["error"]), err
        return
    assert code == 0, err
    state = result["state"]
    players = {p["name"]: p for p in state["players"]}
    for who, fields in expect.get("players", {}).items():
        for key, value in fields.items():
            if key == "character" and value == "":
                assert "character" not in players[who], f"{who} should have no character"
                continue
            assert players[who].get(key) == value, f"{who}.{key}: {players[who].get(key)!r} != {value!r}"
    for key in ("first_player",):
        if key in expect:
            assert state[key] == expect[key]
    for table in ("town", "characters"):
        for key, value in expect.get(table, {}).items():
            assert state[table][key] == value, f"{table}.{key}"
    assert result["game_over"] is expect.get("game_over", False)
    if "winners" in expect:
        assert result["winners"] == expect["winners"]
    for who, fields in expect.get("scores", {}).items():
        for key, value in fields.items():
            assert result["scores"][who][key] == value, f"score of {who}.{key}"
    texts = [f"{s['text']}" for s in result["log"]]
    position = 0
    for wanted in expect.get("steps", []):
        found = next((i for i in range(position, len(texts)) if wanted in texts[i]), None)
        assert found is not None, f"step {wanted!r} not found (in order) in:\n" + "\n".join(texts)
        position = found + 1
    cited = " ".join(s["rule"] for s in result["log"])
    for rule in expect.get("cites", []):
        assert re.search(rf"\b{re.escape(rule)}\b", cited), f"no step cites {rule}"
    for step in result["log"]:
        assert step["rule"] and step["text"], step


def test_cases_cover_every_section_and_faq_answer():
    covered = {s for name in NAMES for s in BOOK.expect(name)["section"]}
    missing = [s for s in SECTIONS + FAQ if s not in covered]
    assert not missing, f"no case documents: {missing}"
    rulebook = RULEBOOK.read_text()
    for section in SECTIONS + FAQ:
        assert section in rulebook


def test_every_case_has_a_state_and_a_title():
    states = BOOK.state_files()
    assert states == NAMES
    for name in NAMES:
        assert BOOK.expect(name)["title"]
