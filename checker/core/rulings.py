"""Rulings as data: every decision beyond the rulebook's text, with its passage and why.

Rulings belong to a rules family (a variant game under another id plays by them too);
each family names its rulings file in the registry (`cards.families`).
"""
from __future__ import annotations

import tomllib

from pydantic import BaseModel, ConfigDict

from cards.families import FAMILIES


class Ruling(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    family: str
    passage: str
    question: str
    decision: str
    why: str
    house: bool = False


def load_rulings(family: str | None = None) -> list[Ruling]:
    """All rulings (or one family's), family by family in registry order, each file in its order."""
    out: list[Ruling] = []
    for fam in FAMILIES.values():
        path = fam.rulings_file()
        if path is None or family not in (None, fam.name):
            continue
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        out += [Ruling.model_validate(row) for row in data.get("rulings", [])]
    return out
