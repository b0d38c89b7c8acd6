"""El Dorado Canyon's pictures follow the definitions: a heavier attack or a bigger theft
draws a different picture, and each character has a portrait of its own.

Each picture is drawn alone onto a fresh, invariant canvas and the drawn page
content compared, so two pictures count as the same only if every stroke is.
"""
from __future__ import annotations

import io
from itertools import combinations

import pytest
from reportlab.pdfgen.canvas import Canvas

from cards import load_game
from generator.templates.el_dorado_canyon.art import glyphs
from generator.templates.el_dorado_canyon.look import palette
from generator.templates.el_dorado_canyon.art import band_of
from generator.templates.el_dorado_canyon.people import portrait


@pytest.fixture(scope="module")
def game():
    return load_game("el-dorado-canyon")


def drawn(draw) -> bytes:
    """The PDF content of one drawing on a fresh canvas (invariant: no dates, no ids)."""
    c = Canvas(io.BytesIO(), invariant=1)
    draw(c)
    c.showPage()
    return c.getpdfdata()


@pytest.mark.parametrize("kind, fields", [("attack", ("damage", "ammo")), ("steal", ("gold",))])
def test_cards_of_one_kind_with_different_amounts_draw_different_pictures(game, kind, fields):
    pal = palette(None)
    by_amounts: dict[tuple, object] = {}
    for schema in ("starting", "town"):
        for record in game.records(schema):
            for option in record.options:
                acts = [e for e in option.effects if e.effect == kind]
                if len(acts) == 1 and len(option.effects) == 1:
                    by_amounts.setdefault(tuple(getattr(acts[0], f) for f in fields), option)
    assert len(by_amounts) >= 2, f"the game has too few distinct {kind} cards for this check"
    # the glyph alone, without its count badge: the art itself must change, not just the number on it
    pictures = {key: drawn(lambda c, o=option: glyphs(o)[0].draw(c, 50, 50, 60, pal)) for key, option in by_amounts.items()}
    same = [(a, b) for a, b in combinations(pictures, 2) if pictures[a] == pictures[b]]
    assert same == []


@pytest.mark.parametrize("ink_saver", [False, True])
def test_every_character_has_a_portrait_of_its_own(game, ink_saver):
    pal = palette(type("Style", (), {"ink_saver": ink_saver})())
    characters = game.records("character")
    assert len(characters) == 14
    drawings = {r.id: drawn(lambda c, r=r: portrait(c, 0, 0, 100, 90, r.alignment == "good", pal, r.look,
                                                    band_of(r.ability.effects[0].effect), r.ability))
                for r in characters}
    same = [(a, b) for a, b in combinations(drawings, 2) if drawings[a] == drawings[b]]
    assert same == []
