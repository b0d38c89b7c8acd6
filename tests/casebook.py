"""The case books' shared harness: each case is a state file plus its asserted outcome.

`NAME.toml` is a state file anyone can run with `checker resolve`; `NAME.expect.toml`
names the rulebook sections or rulings it documents and what must come out.  A case
is run the way a player runs it, `--json` and `--out` together, and both must agree.
"""
from __future__ import annotations

import json
import tomllib
from pathlib import Path

from checker.core.resolve_cmd import resolve_file
from checker.engines import ENGINES

ROOT = Path(__file__).resolve().parent / "cases"


class CaseBook:
    """One game's folder of cases."""

    def __init__(self, game: str) -> None:
        self.folder = ROOT / game
        self.names = sorted(p.name[: -len(".expect.toml")] for p in self.folder.glob("*.expect.toml"))

    def expect(self, name: str) -> dict:
        return tomllib.loads((self.folder / f"{name}.expect.toml").read_text(encoding="utf-8"))

    def state_files(self) -> list[str]:
        return sorted(p.stem for p in self.folder.glob("*.toml") if not p.name.endswith(".expect.toml"))

    def run(self, name: str, tmp_path: Path, capsys, seed: int | None = None) -> tuple[int, dict | None, str]:
        """(exit code, the --json object or None, stderr); an invalid state must write no --out."""
        out = tmp_path / "next.toml"
        code = resolve_file(self.folder / f"{name}.toml", True, out, seed, ENGINES)
        captured = capsys.readouterr()
        if code:
            assert not out.exists(), "an invalid state must not write --out"
            return code, None, captured.err.strip()
        result = json.loads(captured.out)
        assert tomllib.loads(out.read_text()) == result["state"], "--out must write the same state as --json"
        return code, result, captured.err
