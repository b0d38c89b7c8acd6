"""Gold and Steel definitions: the design file's counts, every card the rulebook names,
the rulebook's examples as data, and the closed vocabulary's validation errors."""
from __future__ import annotations

import re

import pytest

from cards import load_game
from cards.models.eternal_gold_and_steel import ForgeCard, MarketCard, StartingCard, all_effects
from conftest import check_errors, errors_after

GAME = "eternal-gold-and-steel"

NAMED = ["Xo of the Endless Hoard", "Umbren Coaxer", "Learned Herbalist", "Bannerman", "Oathkeeper's Hammer",
         "Sand Warrior", "Obrak, the Feaster", "Gorgon Swiftblade", "Thief's Pick", "Acquisitive Crow", "Spitfire",
         "Recurring Nightmare", "Icebow", "Crimson Firemaw", "Forgeborn", "Tinker Overseer", "Katra, the Devoted",
         "Xenan Destroyer", "Treasure Trove", "The Eternal Throne"]


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


def printed(game, component: str) -> int:
    comp = game.component(component)
    return comp.spec.copies * sum(r.copies for r in comp.records)


def by_name(game, name: str):
    (found,) = [r for r in game.records() if r.name == name]
    return found


def effect_names(record) -> list[str]:
    return [e.effect for e in all_effects(record)]


def test_contents_match_the_rulebook(game):
    assert printed(game, "forge") == 29
    assert printed(game, "market") == 46
    assert printed(game, "treasure-trove") == 4
    assert printed(game, "throne") == 1
    assert printed(game, "gold") == 20
    assert printed(game, "sentinel") == 1
    assert printed(game, "market-tray") == 4
    assert game.players == (2, 4)


def test_every_named_card_exists(game):
    names = {r.name for r in game.records()}
    assert [n for n in NAMED if n not in names] == []


def test_market_cards_have_a_gold_cost_and_forge_cards_a_power_cost(game):
    assert all(isinstance(r, MarketCard) and r.gold >= 1 for r in game.records("market"))
    assert all(isinstance(r, ForgeCard) for r in game.component("forge").records)
    herbalist = by_name(game, "Learned Herbalist")
    assert isinstance(herbalist, MarketCard) and herbalist.gold == 2 and herbalist.type == "unit"


def test_starting_decks_and_base_set_are_provisional(game):
    players = game.players[1]
    diplomacy = game.component("diplomacy")
    assert all(r.provisional for r in diplomacy.records)
    assert diplomacy.spec.copies == players and diplomacy.records[0].copies == 7   # 8 per player, one replaced
    trove = game.component("treasure-trove")
    assert trove.spec.copies == players and not trove.records[0].provisional
    assert printed(game, "seek-power") == 2 * players
    assert all(r.provisional for r in game.component("seek-power").records)
    units = game.component("basic-units").records
    assert printed(game, "basic-units") == players and all(r.provisional and r.type == "unit" for r in units)
    assert all(isinstance(r, StartingCard) for r in diplomacy.records + trove.records + units)


def test_playable_cards_share_one_back(game):
    backs = {c.spec.back for c in game.components if c.spec.schema_ in ("starting", "forge", "market")}
    assert backs == {"deck"}
    assert game.component("throne").spec.back == "throne-spent"


def test_rulebook_examples_as_data(game):
    xo = by_name(game, "Xo of the Endless Hoard")
    assert [(a.trigger, [(e.effect, e.amount) for e in a.effects]) for a in xo.abilities] == [("on_play", [("gain_gold", 2)])]
    (coax,) = by_name(game, "Umbren Coaxer").abilities[0].effects
    assert (coax.effect, coax.gold, coax.power, [(e.effect, e.keyword) for e in coax.then]) == ("pay", 1, 0, [("gain_keyword", "lifesteal")])
    bannerman, hammer = by_name(game, "Bannerman"), by_name(game, "Oathkeeper's Hammer")
    assert (bannerman.strength + hammer.bonus, hammer.keywords) == (4, ["lifesteal"])
    sand = by_name(game, "Sand Warrior").abilities[0]
    assert (sand.trigger, sand.influence, effect_names(by_name(game, "Sand Warrior"))) == ("double_influence", "time", ["gain_gold", "draw"])


def test_faq_cards_as_data(game):
    assert effect_names(by_name(game, "Obrak, the Feaster")) == ["destroy_own_unit"]
    for name, effect in (("Gorgon Swiftblade", "put_on_top_of_deck"), ("Thief's Pick", "draw"),
                         ("Acquisitive Crow", "add_market_card"), ("Recurring Nightmare", "return_to_battle_area"),
                         ("Crimson Firemaw", "destroy_enemy_unit")):
        (ability,) = by_name(game, name).abilities
        assert (ability.trigger, [e.effect for e in ability.effects]) == ("on_attack_damage", [effect]), name
    spitfire = by_name(game, "Spitfire")
    assert effect_names(spitfire) == ["destroy_enemy_unit", "deal_damage_player"]
    icebow = by_name(game, "Icebow")
    (ability,) = icebow.abilities
    assert icebow.type == "weapon" and ability.trigger == "on_attack"
    assert [(e.effect, e.amount) for e in ability.effects] == [("deal_attack_damage", 1)]
    forgeborn = by_name(game, "Forgeborn").abilities[0]
    assert (forgeborn.trigger, forgeborn.condition.count, forgeborn.effects[0].amount) == ("on_play", 6, 3)
    assert by_name(game, "Tinker Overseer").abilities[0].trigger == "while"
    katra = by_name(game, "Katra, the Devoted").abilities[0]
    assert (katra.trigger, katra.ally_keyword, katra.zone, effect_names(by_name(game, "Katra, the Devoted"))) == (
        "on_ally_attack_damage", "lifesteal", "discard_pile", ["return_to_hand"])
    assert "lifesteal" in by_name(game, "Xenan Destroyer").keywords


def test_rules_texts_come_from_the_effects(game):
    assert by_name(game, "Xo of the Endless Hoard").ability_texts == ["When played: take 2 :gold: gold."]
    assert by_name(game, "Umbren Coaxer").ability_texts == ["When played: you may pay 1 :gold: gold to give it Lifesteal."]
    assert by_name(game, "Sand Warrior").ability_texts == [":time::time: Take 1 :gold: gold and draw a card."]
    assert by_name(game, "Thief's Pick").ability_texts == ["When the wielder deals attack damage: draw a card."]
    assert by_name(game, "Tinker Overseer").ability_texts == ["While you have 4 or more units: it has +2 strength."]
    assert game.record("eternal-throne").rules_text == (
        "Once revealed, on your turn you may pay 5 :power: power to put the Sentinel token into your battle area"
        " and draw a card. Then flip this card.")


def test_throne_summons_the_printed_sentinel(game):
    throne = game.record("eternal-throne")
    assert throne.power == 5
    assert throne.effects[0].token == game.record("sentinel").id


# -- validation: a typo in a definition is an error naming file, line, card and field --

# (edits as (file, old text, new text), what the error lines must show, exactly one line?)
TYPOS = {
    "unknown-effect": (
        [("forge.toml", '{ effect = "gain_gold", amount = 2 }', '{ effect = "gain_treasure", amount = 2 }')],
        [re.compile(r"forge\.toml:\d+: card 'xo-of-the-endless-hoard' \(Xo of the Endless Hoard\): "
                    r"abilities\.1\.effects\.1: unknown effect 'gain_treasure': expected one of .*gain_gold")], True),
    "unknown-effect-parameter": (
        [("forge.toml", '{ effect = "gain_gold", amount = 2 }', '{ effect = "gain_gold", amount = 2, times = 2 }')],
        ["card 'xo-of-the-endless-hoard' (Xo of the Endless Hoard): abilities.1.effects.1.times: unknown field"], True),
    "nested-payment": (
        [("forge.toml", 'then = [{ effect = "gain_keyword", keyword = "lifesteal" }]',
          'then = [{ effect = "pay", gold = 1, then = [{ effect = "draw" }] }]')],
        ["card 'umbren-coaxer' (Umbren Coaxer): abilities.1.effects.1.then.1: unknown effect 'pay'"], True),
    "unknown-keyword-and-influence": (
        [("forge.toml", 'keyword = "lifesteal"', 'keyword = "flying"'),
         ("forge.toml", 'influence = ["time"]', 'influence = ["water"]')],
        ["card 'xo-of-the-endless-hoard' (Xo of the Endless Hoard): influence.1: expected one of fire, time, justice, "
         "primal, shadow, got 'water'",
         "card 'umbren-coaxer' (Umbren Coaxer): abilities.1.effects.1.then.1.keyword: expected one of lifesteal, "
         "berserk, got 'flying'"], False),
    "unknown-icon-in-a-wording": (
        [("forge.toml", 'effects = [{ effect = "gain_gold", amount = 2 }]',
          'effects = [{ effect = "gain_gold", amount = 2 }], text = "When played: take 2 :coin: gold."')],
        ["card 'xo-of-the-endless-hoard' (Xo of the Endless Hoard): abilities.1: unknown icon ':coin:'"], True),
    "wording-must-carry-the-numbers": (
        [("forge.toml", 'effects = [{ effect = "gain_gold", amount = 2 }]',
          'effects = [{ effect = "gain_gold", amount = 2 }], text = "When played: take some :gold: gold."')],
        ["abilities.1.text: wording leaves out the number 2 of effect 'gain_gold'"], True),
    "unit-needs-strength-and-weapon-needs-bonus": (
        [("forge.toml", "cost = 5\nstrength = 3\n", "cost = 5\n"),
         ("forge.toml", "cost = 3\nbonus = 2\n", "cost = 3\nstrength = 2\n")],
        ["card 'xo-of-the-endless-hoard' (Xo of the Endless Hoard): strength: expected a strength for a unit, got none",
         "card 'oathkeepers-hammer' (Oathkeeper's Hammer): bonus: expected a bonus for a weapon, got none",
         "card 'oathkeepers-hammer' (Oathkeeper's Hammer): strength: expected no strength on a weapon, got 2"], False),
    "trigger-parameters-must-fit": (
        [("forge.toml", 'trigger = "double_influence", influence = "justice"', 'trigger = "double_influence"'),
         ("forge.toml", 'trigger = "while", condition = { condition = "units_at_least", count = 4 }',
          'trigger = "while"')],
        ["card 'bannerman' (Bannerman): abilities.1.influence: expected an influence symbol for double_influence "
         "only, got none",
         "card 'tinker-overseer' (Tinker Overseer): abilities.1.condition: expected a condition for a while-ability, "
         "got none"], False),
    "spell-cannot-use-effects-about-it": (
        [("market.toml", '{ effect = "gain_power", amount = 2 }, { effect = "draw", count = 1 }',
          '{ effect = "gain_power", amount = 2 }, { effect = "return_to_hand" }')],
        ["card 'rallying-cry' (Rallying Cry): abilities.1.effects: expected effects without 'it' on a spell, "
         "got return_to_hand"], True),
    "dangling-token-and-missing-attack-token": (
        [("throne.toml", 'token = "sentinel"', 'token = "dragon"'),
         ("forge.toml", '{ effect = "put_attack_token", amount = 3 }', '{ effect = "put_attack_token", amount = 2 }')],
        ["card 'eternal-throne' (The Eternal Throne): effects: unknown unit token 'dragon': expected one of sentinel",
         "card 'forgeborn' (Forgeborn): effects: no +2 attack token is printed"], False),
    "payment-must-cost-something-and-wordings-keep-keywords": (
        [("forge.toml", '{ effect = "pay", gold = 1, then', '{ effect = "pay", then'),
         ("market.toml", 'then = [{ effect = "gain_keyword", keyword = "berserk" }] }]',
          'then = [{ effect = "gain_keyword", keyword = "berserk" }] }], '
          'text = "When played: pay 1 :gold: gold for Lifesteal."')],
        ["card 'umbren-coaxer' (Umbren Coaxer): abilities.1.effects.1: expected gold or power to pay, got neither",
         "card 'thornback-boar' (Thornback Boar): abilities.1.text: wording leaves out the keyword 'Berserk' of "
         "effect 'pay'"], False),
}


@pytest.mark.parametrize("edits, wanted, one_line", TYPOS.values(), ids=TYPOS)
def test_a_typo_is_an_error_naming_its_card_and_field(game_copy, edits, wanted, one_line):
    check_errors(errors_after(game_copy(GAME), edits), wanted, one_line)
