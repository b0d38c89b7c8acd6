"""The case books' shared harness: each case is a state file plus its asserted outcome.

`NAME.toml` is a state file anyone can run with `checker resolve`; `NAME.expect.toml`
names the rulebook sections or rulings it documents and what must come out; under `[rulings]`, the
decisions it asserts, quoted word for word (tests/test_rulings_cases.py: every ruling has such a case).  A case
is run the way a player runs it, `--json` and `--out` together, and both must agree.
The keys every game's expectations share (players, steps, cites, the headline, verdict
lines, winners, scores, the exact error) are checked here, so each book's test adds only its own game's keys.
"""
from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Callable

import pytest

from checker.core.resolve_cmd import resolve_file

ROOT = Path(__file__).resolve().parent / "cases"


class CaseBook:
    """One game's folder of cases."""

    def __init__(self, game: str, state_keys: tuple[str, ...] = ()) -> None:
        self.folder = ROOT / game
        self.state_keys = state_keys  # top-level next-state keys compared when an expectation names them
        self.names = sorted(p.name[: -len(".expect.toml")] for p in self.folder.glob("*.expect.toml"))

    def expect(self, name: str) -> dict:
        return tomllib.loads((self.folder / f"{name}.expect.toml").read_text(encoding="utf-8"))

    def state_files(self) -> list[str]:
        return sorted(p.stem for p in self.folder.glob("*.toml") if not p.name.endswith(".expect.toml"))

    def run(self, name: str, tmp_path: Path, capsys, seed: int | None = None) -> tuple[int, dict | None, str]:
        """(exit code, the --json object or None, stderr); an invalid state must write no --out."""
        out = tmp_path / "next.toml"
        code = resolve_file(self.folder / f"{name}.toml", True, out, seed)
        captured = capsys.readouterr()
        if code:
            assert not out.exists(), "an invalid state must not write --out"
            return code, None, captured.err.strip()
        result = json.loads(captured.out)
        written = tomllib.loads(out.read_text())
        assert written == {"format": 1, **result["state"]}, "--out must write the same state as --json, format first"
        return code, result, captured.err

    def check(self, name: str, tmp_path: Path, capsys) -> tuple[dict, dict | None]:
        """(the expectations, the --json result) after checking the shared keys; result None for an error case."""
        expect = self.expect(name)
        code, result, err = self.run(name, tmp_path, capsys, expect.get("seed"))
        if "error" in expect:
            assert code == 2
            assert len(err.splitlines()) == 1 and expect["error"] in err, err  # then "; legal ... now: ..." may follow
            assert "Traceback" not in err
            return expect, None
        assert code == 0, err
        check_outcome(expect, result)
        for key in self.state_keys:
            if key in expect:
                assert result["state"][key] == expect[key], key
        return expect, result

    def test(self, own: Callable[[dict, dict], None]) -> Callable[..., None]:
        """The book's test of every case (a module takes it as `test_case = BOOK.test(...)`): the case run and its
        shared keys checked (`check`), then, for a state that resolves, `own(expect, result)`: its game's own keys."""

        @pytest.mark.parametrize("name", self.names)
        def test_case(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
            expect, result = self.check(name, tmp_path, capsys)
            if result is not None:
                own(expect, result)

        return test_case

    def covered(self) -> set[str]:
        """Every rulebook section, FAQ question or ruling some case documents."""
        return {s for name in self.names for s in self.expect(name)["section"]}

    def check_states_and_titles(self) -> None:
        """Each expectation has its state file (and no state file lacks one), and a title."""
        assert self.state_files() == self.names
        for name in self.names:
            assert self.expect(name)["title"], name


def check_outcome(expect: dict, result: dict) -> None:
    """Players' fields (`""`: no such field), game over, winners, scores, steps in order (and absent ones),
    cited rules (a whole id or section: `H4` is not found in `H40` nor in `EDC-H4`)."""
    players = {p["name"]: p for p in result["state"]["players"]}
    for who, fields in expect.get("players", {}).items():
        for key, value in fields.items():
            if value == "":  # TOML has no null: "" expects no such field (EDC: a player without a character)
                assert key not in players[who], f"{who}.{key}: {players[who][key]!r}, expected none"
                continue
            assert players[who].get(key) == value, f"{who}.{key}: {players[who].get(key)!r} != {value!r}"
    assert result["game_over"] is expect.get("game_over", False)
    if "winners" in expect:
        assert result["winners"] == expect["winners"]
    for who, fields in expect.get("scores", {}).items():
        for key, value in fields.items():
            assert result["scores"][who][key] == value, f"score of {who}.{key}"
    texts = [s["text"] for s in result["log"]]
    position = 0
    for wanted in expect.get("steps", []):
        found = next((i for i in range(position, len(texts)) if wanted in texts[i]), None)
        assert found is not None, f"step {wanted!r} not found (in order) in:\n" + "\n".join(texts)
        position = found + 1
    for unwanted in expect.get("absent", []):
        assert not any(unwanted in t for t in texts), f"step {unwanted!r} should not happen"
    cited = " ".join(s["rule"] for s in result["log"])
    for rule in expect.get("cites", []):
        assert re.search(rf"(?<![\w-]){re.escape(rule)}(?![\w-])", cited), f"no step cites {rule}"
    for step in result["log"]:
        assert step["rule"] and step["text"], step
        assert None not in step.values() and step["rules"], step  # no field only to be null; the ids it cites
    assert result["headline"], "every verdict opens with a one-line answer"
    if "headline" in expect:  # the verdict's one-line answer (checker.core.headline)
        assert result["headline"] == expect["headline"], result["headline"]
    for wanted in expect.get("verdict", []):  # lines of the verdict, each found in some line
        assert any(wanted in line for line in result["verdict"]), f"verdict {wanted!r} not in:\n" + "\n".join(
            result["verdict"])
