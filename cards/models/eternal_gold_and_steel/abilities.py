"""Gold and Steel's abilities: when an ability fires (triggers, conditions) and what it does.

They stand alone because they join the effect vocabulary to the cards: triggers and
conditions are their own small vocabulary.  What an ability prints (its lead, "When the
wielder attacks", worded once for every card type) and a condition's `phrase` are their
kinds' (`kinds.py`).
"""

from typing import Annotated, Literal, Union

from pydantic import Field

from ..base import Strict
from . import kinds
from .effects import Amount, AnyEffect
from .terms import Influence, Keyword


class UnitsAtLeast(kinds.UnitsAtLeast, Strict):
    """True while the controller has at least `count` units in their battle area (this one included)."""

    condition: Literal["units_at_least"]
    count: Annotated[int, Field(ge=1, le=20)]


class GoldAtLeast(kinds.GoldAtLeast, Strict):
    """True while the controller holds at least `amount` gold."""

    condition: Literal["gold_at_least"]
    amount: Amount


class WieldsWeapon(kinds.WieldsWeapon, Strict):
    """True while this unit wields at least one weapon."""

    condition: Literal["wields_weapon"]


AnyCondition = Annotated[Union[UnitsAtLeast, GoldAtLeast, WieldsWeapon], Field(discriminator="condition")]

Trigger = Literal["on_play", "on_attack", "on_attack_damage", "on_ally_attack_damage", "while", "double_influence"]
TRIGGERS_OF = {
    "unit": {"on_play", "on_attack", "on_attack_damage", "on_ally_attack_damage", "while", "double_influence"},
    "weapon": {"on_play", "on_attack", "on_attack_damage", "while"},
    "spell": {"on_play", "double_influence"},
    "power": {"on_play", "double_influence"},
}


class Ability(kinds.Ability, Strict):
    """One ability: when it fires (`trigger`), what it does (`effects`, in order).

    Triggers: `on_play` when the card is played (from hand or market); `on_attack` when
    it (a weapon: its wielder) is declared an attacker; `on_attack_damage` when it (the
    wielder) deals attack damage to a player; `on_ally_attack_damage` when a unit of
    yours with `ally_keyword` deals attack damage; `while` holds as long as `condition`
    does; `double_influence` fires once when you play it having played, this turn, at
    least two other cards with `influence` (G5).  `condition` on a triggered ability is
    checked once, when it fires.  `zone` is where the card must be for the ability to work.
    """

    trigger: Trigger
    effects: list[AnyEffect] = Field(min_length=1, max_length=4)
    condition: AnyCondition | None = None
    influence: Influence | None = None
    ally_keyword: Keyword | None = None
    zone: Literal["battle_area", "discard_pile"] = "battle_area"
    text: str | None = Field(default=None, max_length=300)
