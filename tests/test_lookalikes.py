"""No two different cards' pictures look nearly alike (issue 37): every picture window of Gold and
Steel's deck cards and every El Dorado Canyon portrait is rendered (pypdfium2, 100 dpi) and each
pair compared by mean pixel difference (the mean over pixels and R, G, B of |a - b|, in 1/255).

The thresholds are measured, not guessed.  Before issue 37 the look-alikes the issue names measured,
at 100 dpi in full colour: Tinker Overseer / Hourglass Sage 3.1, Learned Herbalist / Stormcaller Owl
3.9, Gilded Prospector / Gilded Merchant 4.8, Bannerman / Forge Apprentice 6.0 (one stick figure or
two on the same hills); Marshal Eli Stone / Prospector Pete 2.4 and Kid Cassidy / Mad Dog Morgan 3.4
(hat band, skin tone).  Pictures that show different things measure 8 and more.  So a pair under
7 in full colour is a look-alike.  The ink saver tints every fill to an eighth of its colour, which
shrinks every difference by about half (the same pairs: 1.7 to 2.0), so its threshold is 3.
"""
from __future__ import annotations

import io
from itertools import combinations

import numpy as np
import pypdfium2
import pytest
from reportlab.pdfgen.canvas import Canvas

from cards import load_game
from conftest import errors_after, line_of
from cards.models.eternal_gold_and_steel import Card
from generator.engine.box import MM, Style
from generator.engine.icons import icon_scope
from generator.templates import looks_for
from generator.templates.el_dorado_canyon.look import palette
from generator.templates.el_dorado_canyon.art import band_of
from generator.templates.el_dorado_canyon.people import portrait
from generator.templates.eternal_gold_and_steel.figures import SHAPES
from generator.templates.eternal_gold_and_steel.pictures import draw_picture

THRESHOLD = {False: 7.0, True: 3.0}   # full colour, ink saver: see the module's docstring
GS_WINDOW = (52.5 * MM, 30.5 * MM)     # a deck card's art window (63.5 x 88.9 mm card)
EDC_PORTRAIT = (100.0, 90.0)


def rendered(size: tuple[float, float], draws) -> list[np.ndarray]:
    """Each of `draws` (a function of a canvas) on a page of its own, rendered at 100 dpi as RGB arrays."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=size, invariant=1)
    for draw in draws:
        draw(c)
        c.showPage()
    c.save()
    doc = pypdfium2.PdfDocument(buf.getvalue())
    return [np.asarray(doc[n].render(scale=100 / 72).to_pil().convert("RGB"), dtype=np.float64)
            for n in range(len(doc))]


def lookalikes(named: dict[str, np.ndarray], threshold: float) -> list[tuple[str, str, float]]:
    """Every pair of pictures whose mean pixel difference is under `threshold`."""
    return [(a, b, round(float(np.abs(named[a] - named[b]).mean()), 2)) for a, b in combinations(named, 2)
            if np.abs(named[a] - named[b]).mean() < threshold]


def test_the_measure_tells_a_lookalike_from_a_different_picture():
    """The measure itself: a picture against itself is 0; black against white is 255."""
    black, white = rendered((20, 20), [lambda c: c.rect(-1, -1, 30, 30, fill=1, stroke=0), lambda c: None])
    assert lookalikes({"a": black, "b": black.copy()}, 0.01) == [("a", "b", 0.0)]
    assert float(np.abs(black - white).mean()) == 255.0


@pytest.mark.parametrize("ink_saver", [False, True], ids=["full", "ink-saver"])
def test_no_two_gold_and_steel_cards_have_lookalike_pictures(ink_saver):
    game = load_game("eternal-gold-and-steel")
    cards = {r.id: r for comp in game.components for r in comp.records if isinstance(r, Card)}
    assert len(cards) > 40
    with icon_scope(looks_for(game.rules).scope, game.family.ICONS):
        images = rendered(GS_WINDOW, [lambda c, card=card: draw_picture(c, card, 0, 0, *GS_WINDOW, Style(ink_saver=ink_saver))
                                      for card in cards.values()])
    assert lookalikes(dict(zip(cards, images)), THRESHOLD[ink_saver]) == []


def test_every_gold_and_steel_card_names_what_its_picture_shows():
    """One definition, one truth: each card's figure (and props) come from its definition, and every name
    the vocabulary allows has a drawing."""
    from cards.models.eternal_gold_and_steel.terms import FIGURES

    game = load_game("eternal-gold-and-steel")
    cards = {r.id: r for comp in game.components for r in comp.records if isinstance(r, Card)}
    assert [card_id for card_id, card in cards.items() if card.figure is None] == []
    assert set(SHAPES) == set(FIGURES)
    named = {"hunters-longbow": "longbow", "oathkeepers-hammer": "hammer", "icebow": "icebow", "thiefs-pick": "pick",
             "acquisitive-crow": "crow"}
    assert {card_id: cards[card_id].figure for card_id in named} == named
    assert "hoard" in cards["xo-of-the-endless-hoard"].props
    scenes = [(card.figure, tuple(card.props), tuple(card.influence)) for card in cards.values()]
    assert len(set(scenes)) == len(scenes)   # no two cards share a scene


@pytest.mark.parametrize("ink_saver", [False, True], ids=["full", "ink-saver"])
def test_no_two_el_dorado_canyon_characters_have_lookalike_portraits(ink_saver):
    game = load_game("el-dorado-canyon")
    pal = palette(Style(ink_saver=ink_saver))
    characters = {r.id: r for r in game.records("character")}
    assert len(characters) == 14
    images = rendered(EDC_PORTRAIT, [lambda c, r=r: portrait(c, 0, 0, *EDC_PORTRAIT, r.alignment == "good", pal, r.look,
                                                             band_of(r.ability.effects[0].effect), r.ability)
                                     for r in characters.values()])
    assert lookalikes(dict(zip(characters, images)), THRESHOLD[ink_saver]) == []


@pytest.mark.parametrize("game, file, old, new, field", [
    ("eternal-gold-and-steel", "forge.toml", 'figure = "dragon"', 'figure = "unicorn"', "figure"),
    ("eternal-gold-and-steel", "forge.toml", 'props = ["hoard"]', 'props = ["hoard", "coin", "bone"]', "props"),
    ("el-dorado-canyon", "characters.toml", 'hat = "cattleman"', 'hat = "stetson"', "look.hat"),
])
def test_a_picture_field_out_of_its_vocabulary_is_one_clear_error(game_copy, game, file, old, new, field):
    folder = game_copy(game)
    line = line_of(folder / file, old)
    lines = errors_after(folder, [(file, old, new)])
    assert len(lines) == 1 and lines[0].startswith(f"{folder / file}:{line}: card "), lines
    assert f": {field}" in lines[0]
