"""The starting cards say what the rulebook's "Starting Cards" section says."""
from __future__ import annotations

import re

import pytest

from cards import load_game
from cards.effects import strip_icons

# The rulebook's wording, quoted from "Starting Cards", one string per option.
RULEBOOK = {
    "go-to-town": [
        "move all unbanked gold to bank, you may buy 1 card from town, and you are GONE; you may spend 1 gold "
        "to discard all face-up town cards and replace them with 3 new town cards, from which you may purchase 1",
        "take 2 gold from the table, but if you are attacked, only take 1 gold",
    ],
    "pistol": ["attack the character to your left or right (depending on arrow direction), lose 1 ammo, "
               "gain 1 infamy, do 1 damage to the character you targeted"],
    "secret-hideout": ["place your health and ammo at 5 and you're GONE",
                       "place your health and ammo at 4, gain 2 gold and you're GONE"],
    "take-cover": ["block 1 damage from each attacker and they discard 2 infamy",
                   "discard 1 gold and gain 5 ammo"],
}
TERMS = ("attack", "ammo", "infamy", "damage", "gold", "health", "gone", "bank", "buy", "block",
         "discard", "left", "right", "replace")
PRIORITY = {"take-cover": "I", "secret-hideout": "II", "pistol": "III", "go-to-town": "IV"}


def _terms(text: str) -> tuple[set[str], set[str]]:
    """The numbers and game terms of a text: its substance, whatever the phrasing."""
    text = text.lower()
    return set(re.findall(r"\d+", text)), {t for t in TERMS if re.search(rf"\b{t}", text)}


@pytest.mark.parametrize("card_id", sorted(RULEBOOK))
def test_generated_text_matches_rulebook_in_substance(card_id):
    card = load_game("el-dorado-canyon").record(card_id)
    assert card.priority == PRIORITY[card_id]
    assert len(card.options) == len(RULEBOOK[card_id])
    for option, quote in zip(card.options, RULEBOOK[card_id]):
        ours = strip_icons(option.rules_text)
        assert _terms(ours) == _terms(quote), (ours, quote)


def test_effects_alone_render_the_same_substance():
    """Options that carry their own wording: the effects' generated phrases agree with it."""
    game = load_game("el-dorado-canyon")
    for card_id, quotes in RULEBOOK.items():
        for option, quote in zip(game.record(card_id).options, quotes):
            generated = strip_icons(" ".join(e.phrase(option.arrow) for e in option.effects))
            numbers, terms = _terms(generated)
            assert numbers <= _terms(quote)[0]
            assert terms - {"discard"} <= _terms(quote)[1] | {"unbanked"}


def test_starting_cards_are_fixed_by_the_design():
    game = load_game("el-dorado-canyon")
    cards = {c.id: c for c in game.records("starting")}
    assert {k: (c.type, c.priority, len(c.options)) for k, c in cards.items()} == {
        "take-cover": ("defense", "I", 2),
        "secret-hideout": ("defense", "II", 2),
        "pistol": ("attack", "III", 1),
        "go-to-town": ("gain", "IV", 2),
    }
    assert cards["secret-hideout"].keywords == ["once-per-character"]
    assert cards["pistol"].options[0].arrow == "either"
    assert game.component("starting").spec.copies == 6
