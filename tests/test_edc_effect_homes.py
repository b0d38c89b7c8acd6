"""Every El Dorado Canyon effect has its one home in each layer, found by its name: its class in
`cards` (parameters and wording), its rule in the engine, its share of a card's picture."""
from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

import pytest

from cards import load_game

from cards.models.el_dorado_canyon import VOCABULARY
from checker.el_dorado_canyon import compile_game, resolve
from checker.el_dorado_canyon.rules import Option
from checker.el_dorado_canyon.vocabulary import rules as engine_rules
from generator.templates.el_dorado_canyon.action import arrow_of
from generator.templates.el_dorado_canyon.art import DRAWINGS, MissingDrawing, band_of, glyphs
from generator.templates.el_dorado_canyon.look import Palette


def test_every_effect_has_its_engine_rule_and_its_picture():
    assert set(engine_rules()) == set(VOCABULARY)
    assert set(DRAWINGS) == set(VOCABULARY)


def test_the_looks_keep_no_table_of_effects_beside_their_registrations():
    """A character's hat band is its ability's first effect's `band=`, a palette colour, given by every
    effect an ability may lead with and by no card-only one (it would be read by nothing)."""
    colours = {f.name for f in dataclasses.fields(Palette)}
    for name, cls in VOCABULARY.items():
        band = DRAWINGS[name].band
        assert (band is None) == (cls.used_by == "card"), name
        assert band is None or band in colours, (name, band)
    for record in load_game("el-dorado-canyon").records("character"):
        assert band_of(record.ability.effects[0].effect) in colours, record.id   # what its portrait wears


def test_a_missing_registration_is_a_loud_error_naming_the_effect_and_its_home(monkeypatch):
    game = load_game(str(TEST_GAME))
    oil = next(c for c in game.records("town") if c.id == "snake-oil")
    monkeypatch.delitem(DRAWINGS, "heal")
    with pytest.raises(MissingDrawing) as drawn:
        glyphs(oil.options[0])
    assert str(drawn.value) == ("effect 'heal' has no drawing: register one with @draws('heal') in "
                                "generator/templates/el_dorado_canyon/art.py")
    with pytest.raises(MissingDrawing) as banded:
        band_of("pay_gold")
    assert str(banded.value) == ("effect 'pay_gold' leads a character's ability but its @draws('pay_gold') in "
                                 "generator/templates/el_dorado_canyon/art.py gives no band= (the palette colour of "
                                 "the character's hat band)")


def test_an_end_shows_the_arrow_its_effects_registrations_give():
    """`attack`'s registration shows both neighbours for `targets = "both"`; other ends keep their own arrow."""
    game = load_game("el-dorado-canyon")
    ends = [o for r in [*game.records("starting"), *game.records("town")] for o in r.options]
    both = [o for o in ends if any(e.effect == "attack" and e.targets == "both" for e in o.effects)]
    assert both and all(arrow_of(o) == "both" for o in both)
    assert all(arrow_of(o) == (None if o.arrow == "none" else o.arrow) for o in ends if o not in both)


def test_each_rule_runs_or_folds_and_is_registered_under_its_own_name():
    for name, rule in engine_rules().items():
        assert rule.name == name
        assert (rule.run is None) == (rule.folds is not None), name
        assert (rule.folds is not None) == (VOCABULARY[name].used_by == "character"), name
        if rule.run is not None:
            assert list(inspect.signature(rule.run).parameters) == ["t", "p", "e", "pl", "aim"], name


def test_compiled_effects_are_read_by_name_from_the_cards_schema():
    """The engine's parameters are exactly the cards class's fields: no table of its own."""
    for name, cls in VOCABULARY.items():
        effect = cls.model_validate({"effect": name})
        end = Option({"arrow": "left", "text": "", "effects": [effect.model_dump()]})
        (compiled,) = end.effects
        assert compiled.name == name and compiled.rule is engine_rules()[name]
        assert {f: getattr(compiled, f) for f in cls.model_fields if f != "effect"} == \
            {f: v for f, v in effect if f != "effect"}


def test_a_picture_shows_opponent_facing_effects_first():
    steal, gain = VOCABULARY["gain_gold"].model_validate({"effect": "gain_gold", "amount": 2}), \
        VOCABULARY["steal"].model_validate({"effect": "steal", "gold": 3})

    class End:
        effects = [steal, gain]

    drawn = glyphs(End)
    assert [(g.count, g.at_target) for g in drawn] == [("3", True), ("+2", False)]


TEST_GAME = Path(__file__).resolve().parent / "games" / "edc-test"


def test_the_worked_example_heal_prints_runs_and_draws():
    """docs/adding-an-effect.md: the test game's Snake Oil pays 1 gold and heals 2, never above 5 (H3)."""
    game = load_game(str(TEST_GAME))
    oil = next(c for c in game.records("town") if c.id == "snake-oil")
    assert oil.options[0].rules_text == "Discard 1 :gold: gold and gain 2 :health: health"
    assert [(g.count, g.at_target) for g in glyphs(oil.options[0])] == [("-1".replace("-", "\u2212"), False),
                                                                         ("+2", False)]
    data = compile_game(game)

    def turn(health: int) -> tuple[int, list[str]]:
        state = {"game": "edc-test", "first_player": "Ann", "players": [
            {"name": "Ann", "character": "prospector", "health": health, "unbanked": 1,
             "hand": ["take-cover", "snake-oil"], "play": {"card": "snake-oil"}},
            {"name": "Bob", "character": "deputy", "play": {"card": "take-cover", "option": 1}}]}
        result = resolve(state, data)
        return result.state["players"][0]["health"], [s.text for s in result.steps if s.kind == "gain"]

    assert turn(2) == (4, ["Ann gains 2 health (2 -> 4)"])
    assert turn(4) == (5, ["Ann gains 1 health (of 2: the track stops at 5; 4 -> 5)"])
