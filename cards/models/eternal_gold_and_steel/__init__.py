"""Eternal: Chronicles of the Throne - Gold and Steel: card schemas and the closed effect vocabulary.

Names follow the rulebook: power, gold, market, forge, battle area, units, weapons
("wielder"), influence, double-influence abilities, Lifesteal, Berserk, attack damage.
A card's abilities are data: a trigger plus effects from the registry in `effects.py`.  Each
effect renders its own rules text (`phrase`), so the printed words and what the
checker runs come from the same definition.

Terms every effect docstring relies on (house rulings G1-G8 in design/eternal-gold-and-steel.md):
- "it" / "this card": the card whose ability it is.  For a weapon's ability, "it"
  is the wielder (the unit the weapon is equipped to), and the lead says so.
- "attack damage": damage a unit deals to a player as an attacker (G2), or with
  `deal_attack_damage`.  Berserk doubles it, Lifesteal gains its controller that
  much health, and it fires `on_attack_damage` / `on_ally_attack_damage` triggers.
- Other damage (`deal_damage_player`) is dealt by the card, not a unit: no Berserk,
  no Lifesteal, no attack-damage triggers.
- An ability fires once per trigger; optional payments are made at most once (G6).
- Simultaneous triggers resolve in the order their owner chooses (FAQ).

Provisional base rules the card texts assume (the base game's rules are not public;
they are printed on the reference card and belong in the rulings):
- P1 An attacker that deals attack damage is discarded, with its weapons, once the
  attack is over, unless an effect moved it first (the FAQ on Katra, "she and a
  Lifesteal unit were both involved in a successful attack", and on Recurring Nightmare).
- P2 Forge cards (and the top Seek Power card of the Throne's stack) are bought with
  power into the discard pile; cards in hand are played free; market cards are played
  from the market for gold (G3).  The Throne is revealed when its last Seek Power is taken.
- P3 Setup: a starting deck of 7 Diplomacy and 1 Treasure Trove per player, and the
  player's basic unit in their battle area.

Layout: `terms.py` (influences, keywords, icons), `kinds.py` (what records do: each
effect's `phrase` and flags, abilities' and cards' printed texts, `all_effects`),
`effects.py` (the vocabulary's models), `abilities.py` (triggers, conditions),
`records.py` (the card schemas), `checks.py` (check_record, check_game).  This package
is the family interface the loader imports: RECORDS, ICONS, BACKS, check_record,
check_game.  Its pydantic names are imported on first use, so a build from a kept game
(`common.kept`) prints without pydantic; `Card`, `MarketCard`, ... here are the kinds,
which a kept record and a validated one both are.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import lazy_names

from .kinds import Card, ForgeCard, MarketCard, StartingCard, Throne, all_effects
from .terms import ICONS, keyword_name

if TYPE_CHECKING:
    from ..common import Record
    from .checks import check_game, check_record

    RECORDS: dict[str, type[Record]]

BACKS = {"deck", "throne-spent", "gold", "sentinel", "attack", "reference"}
_LAZY = {"check_game": "checks", "check_record": "checks"}

__all__ = ["BACKS", "ICONS", "RECORDS", "Card", "ForgeCard", "MarketCard", "StartingCard", "Throne",
           "all_effects", "check_game", "check_record", "keyword_name"]


def _records() -> dict[str, Any]:
    from ..common import Marker, Reference
    from .records import ForgeCard, MarketCard, StartingCard, Throne, Tray, UnitToken

    return {"starting": StartingCard, "forge": ForgeCard, "market": MarketCard, "throne": Throne,
            "unit-token": UnitToken, "marker": Marker, "tray": Tray, "reference": Reference}


__getattr__ = lazy_names(__name__, _LAZY, _records)
