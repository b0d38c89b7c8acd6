"""The Eldorado case book: every state file in tests/cases/eldorado/ with its asserted outcome.

Each case is two files: `NAME.toml`, a state file anyone can run with
`checker resolve`, and `NAME.expect.toml`: the rulebook sections and rulings it
documents, a title, and what must come out (next-state fields per player, steps
in order, rules cited, game over, winners, scores), or the exact error.
"""
from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from checker.core.resolve_cmd import resolve_file
from checker.engines import ENGINES

CASES = Path(__file__).resolve().parent / "cases" / "eldorado"
SECTIONS = ("Start of Game", "Movement Rules", "Combat Rules")
HOUSE = ("E1", "E2", "E3", "E4", "E5", "E6")
NAMES = sorted(p.name[: -len(".expect.toml")] for p in CASES.glob("*.expect.toml"))


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))


def _expect(name: str) -> dict:
    return tomllib.loads((CASES / f"{name}.expect.toml").read_text(encoding="utf-8"))


def run_case(name: str, tmp_path: Path, capsys, seed: int | None = None) -> tuple[int, dict | None, str]:
    out = tmp_path / "next.toml"
    code = resolve_file(CASES / f"{name}.toml", True, out, seed, ENGINES)
    captured = capsys.readouterr()
    if code:
        assert not out.exists(), "an invalid state must not write --out"
        return code, None, captured.err.strip()
    result = json.loads(captured.out)
    assert tomllib.loads(out.read_text()) == result["state"], "--out must write the same state as --json"
    return code, result, captured.err


@pytest.mark.parametrize("name", NAMES)
def test_case(name, tmp_path, capsys):
    expect = _expect(name)
    code, result, err = run_case(name, tmp_path, capsys, expect.get("seed"))
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
    covered = {s for name in NAMES for s in _expect(name)["section"]}
    missing = [s for s in SECTIONS + HOUSE if s not in covered]
    assert not missing, f"no case documents: {missing}"


def test_every_case_has_a_state_and_a_title():
    states = sorted(p.stem for p in CASES.glob("*.toml") if not p.name.endswith(".expect.toml"))
    assert states == NAMES
    for name in NAMES:
        assert _expect(name)["title"]
