"""Eldorado without pydantic: its schema package, kinds and templates import without it, and a kept
game's records (`cards.kept`: kinds and fields, no model) answer the templates and the rules as the
validated ones do (issue 14)."""
from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from pydantic import BaseModel

from cards import load_game
from cards.kept import kept_class, make
from cards.models.eldorado import Chart, chart_of, kinds
from cards.models.eldorado.pieces import Character

GAME = load_game("eldorado")


def _kept(value: Any) -> Any:
    """A validated value with every record in it made again as a kept record of the model's kinds."""
    if isinstance(value, BaseModel):
        model = type(value)
        plain = tuple(base for base in model.__mro__[1:] if base.__module__.endswith(".kinds"))
        cls = kept_class(model.__name__, plain, tuple(model.model_fields))
        return make(cls, {name: _kept(field) for name, field in value})
    if isinstance(value, list):
        return [_kept(v) for v in value]
    if isinstance(value, dict):
        return {k: _kept(v) for k, v in value.items()}
    return value


@pytest.mark.parametrize("imports", [
    "import cards.models.eldorado, cards.models.eldorado.kinds\n"
    "from cards.models.eldorado import BACKS, ICONS, Chart, Mark, chart_of",
    "import generator.templates.eldorado",
])
def test_the_family_imports_without_pydantic(imports):
    run = subprocess.run([sys.executable, "-c", f"import sys\n{imports}\nprint('pydantic' in sys.modules)"],
                         capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["False"]


def test_a_kept_leader_has_its_party_colour():
    for leader in GAME.records("character"):
        kept = _kept(leader)
        assert isinstance(kept, kinds.Character) and not isinstance(kept, Character)
        assert kept.party_colour == leader.party_colour and repr(kept) == repr(leader)


def test_a_kept_map_answers_as_the_validated_one():
    validated, kept = chart_of(GAME), Chart(_kept(GAME.records("map")[0]))
    for where in validated.squares():
        assert kept.terrain(where) == validated.terrain(where) and kept.flow(where) == validated.flow(where)
        assert kept.features(where) == validated.features(where)
        assert kept.islands_beside(where) == [_kept(i) for i in validated.islands_beside(where)]
