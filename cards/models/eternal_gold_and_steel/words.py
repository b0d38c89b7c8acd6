"""Gold and Steel's phrase tables (`cards.phrases`): the keys its printed text uses, with their placeholders.

Its own module because the effects, abilities, the keyword names of `terms` and the looks' own words (type
labels, the back's title, the tray's instructions) all speak it, and none of those should import another to find
a word.  Only English ships; a language is one more `phrases/CODE.toml`.
"""
from __future__ import annotations

from pathlib import Path

from ...phrases import Phrases, Spec, table

SPEC = Spec(Path(__file__).parent / "phrases", {
    # each effect's phrase with its parameters as placeholders (two words of a lasting one: given and ongoing)
    "effects.gain_gold": ("amount",), "effects.gain_power": ("amount",), "effects.gain_health": ("amount",),
    "effects.draw": ("count",), "effects.add_market_card": ("count",), "effects.put_attack_token": ("amount",),
    "effects.destroy_own_unit": (), "effects.destroy_enemy_unit": (), "effects.deal_damage_player": ("amount",),
    "effects.deal_attack_damage": ("amount",), "effects.put_on_top_of_deck": (), "effects.return_to_battle_area": (),
    "effects.return_to_hand": (), "effects.put_unit_token": ("token",),
    "effects.gain_keyword.given": ("keyword",), "effects.gain_keyword.ongoing": ("keyword",),
    "effects.gain_strength.given": ("amount",), "effects.gain_strength.ongoing": ("amount",),
    "effects.pay.text": ("cost", "effects"), "effects.pay.power": ("power",), "effects.pay.gold": ("gold",),
    "conditions.units_at_least": ("count",), "conditions.gold_at_least": ("amount",), "conditions.wields_weapon": (),
    "leads.on_play": (), "leads.on_attack": ("subject",), "leads.on_attack_damage": ("subject",),
    "leads.on_ally_attack_damage": ("ally",), "leads.while": ("condition",), "leads.discard_pile": ("when",),
    "leads.if": ("when", "condition"), "leads.ally": ("keyword",), "leads.any_ally": (),
    "subjects.unit": (), "subjects.weapon": (),
    "sentences.ability": ("lead", "body"), "sentences.double_influence": ("lead", "body"),
    "sentences.throne": ("power", "body"),
    "keywords.lifesteal": (), "keywords.berserk": (), "keywords.between": (),
    # what the looks print themselves (generator/templates/eternal_gold_and_steel)
    "types.unit": (), "types.weapon": (), "types.spell": (), "types.power": (), "types.provisional": ("type",),
    "weapon.equipped": ("gains",), "weapon.strength": ("amount",), "throne.spent": (), "throne.ability_spent": (),
    "back.title": (), "back.subtitle": (), "tokens.gold": (), "tokens.attack": (), "tray.glue": (),
    "tray.instructions": (),
})


def words(lang: str | None = None) -> Phrases:
    """The family's phrase table in `lang` (None: English)."""
    return table(SPEC, lang)
