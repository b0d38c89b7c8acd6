"""Rulings as data: every decision beyond the rulebook's text, with its passage and why."""
from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict

RULINGS_DIR = Path(__file__).resolve().parent.parent / "rulings"


class Ruling(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    game: str
    passage: str
    question: str
    decision: str
    why: str
    house: bool = False


def load_rulings(game: str | None = None) -> list[Ruling]:
    """All rulings (or one game's), in file order; `checker/rulings/GAME.toml` per game."""
    out: list[Ruling] = []
    for path in sorted(RULINGS_DIR.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for row in data.get("rulings", []):
            ruling = Ruling.model_validate(row)
            if game in (None, ruling.game):
                out.append(ruling)
    return out
