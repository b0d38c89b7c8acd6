"""El Dorado Canyon: card schemas and the closed effect vocabulary.

The checker runs these effects; the generator prints their `phrase`.

Layout: `kinds.py` (what records do: how each effect is worded and where it may stand, a card
end's and an ability's printed text, a card's priority rank; no pydantic), `phrases/CODE.toml`
(the words, per language) and `schema.py` (the pydantic models, which subclass their kinds:
fields, `AnyEffect`, `VOCABULARY`, `RECORDS`, `check_record`).  This package is the family
interface the loader imports: RECORDS, ICONS, BACKS, check_record, and check_translated for a
translation.  Its pydantic names are imported on first use, so a build that prints a kept
game (`common.kept`) never imports pydantic.  Where a name is both a kind and a model (each
effect, `Option`, `ActionCard`, `Ability`), the name here is the kind, what `isinstance` needs;
the model is `schema`'s (or `RECORDS`'s, `VOCABULARY`'s).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import lazy_names
from .kinds import (PRIORITIES, Ability, ActionCard, Armor, Attack, AttackersDiscardInfamy, BankAll, Block, Buy,
                    Edc, ExtraDamage, GainAmmo, GainGold, GainInfamy, GoGone, Heal, Option, PayGold, PerAttacker,
                    RefreshRow, RoundTheRosie, SetTracks, Steal, TargetDiscardsInfamy, Worded)

if TYPE_CHECKING:
    from ..common import Marker
    from .schema import (CARD_ONLY, PASSIVE, RECORDS, TARGETING, VOCABULARY, AnyEffect, Camp, Character, Money,
                         StartingCard, TownCard, check_record, check_translated, in_language, texts_of)

ICONS = {"gold", "infamy", "ammo", "attack", "steal", "damage", "health", "block", "bank", "buy",
         "gone", "star", "event", "defense", "gain", "arrow-left", "arrow-right", "once", "per-character",
         "give"}
BACKS = {"starting", "town", "character", "gold", "infamy", "camp", "marker", "reference"}
_SCHEMA, _COMMON = f"{__name__}.schema", f"{__name__.rpartition('.')[0]}.common"
_LAZY = {"Marker": _COMMON, **dict.fromkeys((
    "AnyEffect", "VOCABULARY", "TARGETING", "PASSIVE", "CARD_ONLY", "StartingCard", "TownCard", "Character", "Camp",
    "Money", "RECORDS", "texts_of", "check_record", "check_translated", "in_language"), _SCHEMA)}

__all__ = ["BACKS", "ICONS", "PRIORITIES", "Ability", "ActionCard", "Armor", "Attack", "AttackersDiscardInfamy",
           "BankAll", "Block", "Buy", "Edc", "ExtraDamage", "GainAmmo", "GainGold", "GainInfamy", "GoGone", "Heal",
           "Option", "PayGold", "PerAttacker", "RefreshRow", "RoundTheRosie", "SetTracks", "Steal",
           "TargetDiscardsInfamy", "Worded", "AnyEffect", "CARD_ONLY", "Camp", "Character", "Marker", "Money",
           "PASSIVE", "RECORDS", "StartingCard", "TARGETING", "TownCard", "VOCABULARY", "check_record",
           "check_translated", "in_language", "texts_of"]


__getattr__ = lazy_names(__name__, _LAZY)
