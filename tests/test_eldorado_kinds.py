"""Eldorado from a kept game: its records (`common.kept`: kinds and fields, no model) answer the templates
and the rules as the validated ones do (issue 14); that its package, kinds and templates import without
pydantic is tested with the other families' in tests/test_kept_records.py."""
from __future__ import annotations

import pytest

from cards import load_game
from common import stamps
from common.kept import Kept
from cards.models.eldorado import Chart, chart_of, kinds
from cards.models.eldorado.pieces import Character


@pytest.fixture
def loads(tmp_path, monkeypatch):
    """Eldorado as a load that validates gives it, then as the validated-definitions cache gives it back."""
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(stamps, "SETTLE_NS", -10**12)
    validated, kept = load_game("eldorado"), load_game("eldorado")
    assert isinstance(kept.records("map")[0], Kept) and not isinstance(validated.records("map")[0], Kept)
    return validated, kept


def test_a_kept_leader_has_its_party_colour(loads):
    validated, kept = loads
    for leader, again in zip(validated.records("character"), kept.records("character"), strict=True):
        assert isinstance(again, kinds.Character) and not isinstance(again, Character)
        assert again.party_colour == leader.party_colour and repr(again) == repr(leader)


def test_a_kept_map_answers_as_the_validated_one(loads):
    validated, kept = (chart_of(game) for game in loads)
    assert isinstance(kept, Chart)
    for where in validated.squares():
        assert kept.terrain(where) == validated.terrain(where) and kept.flow(where) == validated.flow(where)
        assert kept.features(where) == validated.features(where)
        assert [repr(i) for i in kept.islands_beside(where)] == [repr(i) for i in validated.islands_beside(where)]
