"""The El Dorado Canyon definitions cover what design/el-dorado-canyon.md asks for."""
from __future__ import annotations

import pytest

from cards import load_game
from cards.models.el_dorado_canyon import PRIORITIES


@pytest.fixture(scope="module")
def game():
    return load_game("el-dorado-canyon")


def _printed(game, schema):
    """(record, number printed) for every record of the components using `schema`."""
    return [(r, c.spec.copies * r.copies) for c in game.components if c.spec.schema_ == schema for r in c.records]


def _keywords(card):
    """Rulebook keywords a card shows: its marks plus those of its effects."""
    marks = {"go_gone": "GONE", "bank_all": "bank all", "buy": "buy"}
    return set(card.keywords) | {marks[e.effect] for o in card.options for e in o.effects if e.effect in marks}


def test_starting_cards_one_set_per_player(game):
    printed = {r.id: n for r, n in _printed(game, "starting")}
    assert printed == {"take-cover": 6, "secret-hideout": 6, "pistol": 6, "go-to-town": 6}


def test_town_deck_has_the_named_cards_and_sixteen_more(game):
    town = {r.id: r for r in game.records("town")}
    assert len(town) >= 18
    mining, rosie = town["advanced-mining"], town["round-the-rosie"]
    assert (mining.type, mining.priority, mining.two_ended) == ("gain", "IV", True)
    assert [e.effect for e in mining.options[0].effects] == ["gain_gold"]
    assert (mining.options[0].effects[0].amount, mining.options[0].effects[0].if_attacked) == (4, 0)
    assert {e.effect for e in mining.options[1].effects} == {"gain_gold", "per_attacker"}
    assert (rosie.type, rosie.priority) == ("event", "I")
    assert rosie.options[0].arrow != "none"
    assert [e.effect for e in rosie.options[0].effects] == ["round_the_rosie"]
    assert 25 <= sum(n for _, n in _printed(game, "town")) <= 32


def test_town_deck_covers_types_arrows_priorities_and_keywords(game):
    town = game.records("town")
    assert {c.type for c in town} == {"event", "defense", "steal", "attack", "gain"}
    assert {c.priority for c in town} == set(PRIORITIES)
    arrows = {o.arrow for c in town for o in c.options}
    assert {"left", "right"} <= arrows
    keywords = set().union(*(_keywords(c) for c in town))
    assert {"use-once", "once-per-character", "give-to-attacked-player", "GONE", "bank all", "buy"} <= keywords
    assert all(c.cost >= 0 for c in town)


def test_characters_half_good_half_bad_with_immediate_and_infamy_abilities(game):
    chars = game.records("character")
    assert len(chars) >= 12
    assert len({c.id for c in chars}) == len(chars)
    good = [c for c in chars if c.alignment == "good"]
    assert len(good) * 2 == len(chars)
    assert sum(c.ability.trigger == "immediate" for c in chars) >= 2
    assert sum(any(e.effect == "gain_infamy" for e in c.ability.effects) for c in chars) >= 2


def test_no_character_heals(game):
    """FAQ: Secret Hideout is the only way to gain health back."""
    for char in game.records("character"):
        assert all(e.effect != "set_tracks" for e in char.ability.effects), char.id


def test_enough_money_and_camps_for_six_players(game):
    value = {"gold": 0, "infamy": 0}
    for record, n in _printed(game, "money"):
        value[record.currency] += record.value * n
    assert value["gold"] >= 60 and value["infamy"] >= 60
    assert sum(n for _, n in _printed(game, "camp")) == 6
    assert game.component("camp").spec.back == "camp"


def test_markers_first_player_and_a_health_and_ammo_marker_per_player(game):
    markers = {r.icon: n for r, n in _printed(game, "marker")}
    assert markers["star"] == 1
    assert markers["health"] >= 6 and markers["ammo"] >= 6


def test_reference_covers_turn_priority_gone_and_symbols(game):
    text = " ".join(line for r in game.records("reference") for s in r.sections for line in [s.title, *s.lines])
    for needle in ("Priority", "GONE", "I, then II, then III, then IV", ":gold:", ":infamy:", ":ammo:",
                   ":attack:", ":steal:", ":damage:", ":health:", ":block:", ":bank:", ":buy:"):
        assert needle in text


def test_every_deck_has_its_own_back(game):
    backs = {c.id: c.spec.back for c in game.components if c.spec.kind == "card"}
    decks = ["starting", "town", "characters", "gold", "infamy"]
    assert len({backs[d] for d in decks}) == len(decks)


def test_two_ended_card_cannot_also_turn_its_arrow(game_copy):
    from cards import DefinitionError

    folder = game_copy()
    town = folder / "town.toml"
    town.write_text(town.read_text().replace(
        'arrow = "left"\neffects = [{ effect = "steal", gold = 2 }]\n\n[[cards.options]]\neffects = [{ effect = "gain_gold", amount = 2, if_attacked = 1 }]',
        'arrow = "either"\neffects = [{ effect = "steal", gold = 2 }]\n\n[[cards.options]]\neffects = [{ effect = "gain_gold", amount = 2, if_attacked = 1 }]'))
    with pytest.raises(DefinitionError) as error:
        load_game(str(folder))
    assert str(error.value).endswith(
        "card 'claim-jumping' (Claim Jumping): options.1.arrow: expected 'left' or 'right' on a two-ended card: "
        "turning it chooses the option, so it cannot also choose the direction, got 'either'")


def test_marker_icon_must_be_one_of_the_games_icons(game_copy):
    from cards import DefinitionError

    folder = game_copy()
    markers = folder / "track-markers.toml"
    markers.write_text(markers.read_text().replace('icon = "ammo"', 'icon = "bullets"'))
    with pytest.raises(DefinitionError) as error:
        load_game(str(folder))
    assert "card 'ammo-marker' (Ammo): icon: expected one of ammo, arrow-left" in str(error.value)
    assert "got 'bullets'" in str(error.value)
