"""Gold and Steel's abilities: when an ability fires (triggers, conditions) and its printed text.

They stand alone because they join the effect vocabulary to the cards: triggers and
conditions are their own small vocabulary, and the lead ("When the wielder attacks")
is worded here once for every card type.
"""

from typing import Annotated, Literal, Union

from pydantic import Field

from ...effects import join_phrases
from ..base import Strict
from .effects import AnyEffect
from .terms import Amount, Influence, Keyword, keyword_name


class UnitsAtLeast(Strict):
    """True while the controller has at least `count` units in their battle area (this one included)."""

    condition: Literal["units_at_least"]
    count: Annotated[int, Field(ge=1, le=20)]

    def phrase(self) -> str:
        return f"you have {self.count} or more units"


class GoldAtLeast(Strict):
    """True while the controller holds at least `amount` gold."""

    condition: Literal["gold_at_least"]
    amount: Amount

    def phrase(self) -> str:
        return f"you have {self.amount} or more :gold: gold"


class WieldsWeapon(Strict):
    """True while this unit wields at least one weapon."""

    condition: Literal["wields_weapon"]

    def phrase(self) -> str:
        return "it wields a weapon"


AnyCondition = Annotated[Union[UnitsAtLeast, GoldAtLeast, WieldsWeapon], Field(discriminator="condition")]

Trigger = Literal["on_play", "on_attack", "on_attack_damage", "on_ally_attack_damage", "while", "double_influence"]
TRIGGERS_OF = {
    "unit": {"on_play", "on_attack", "on_attack_damage", "on_ally_attack_damage", "while", "double_influence"},
    "weapon": {"on_play", "on_attack", "on_attack_damage", "while"},
    "spell": {"on_play", "double_influence"},
    "power": {"on_play", "double_influence"},
}


class Ability(Strict):
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

    def lead(self, subject: str) -> str:
        """The words before the colon: 'When the wielder attacks', ':fire::fire:', ..."""
        if self.trigger == "double_influence":
            return f":{self.influence}::{self.influence}:"
        if self.trigger == "while":
            return f"While {self.condition.phrase() if self.condition else ''}"
        ally = f"a {keyword_name(self.ally_keyword)} unit" if self.ally_keyword else "a unit"
        when = {
            "on_play": "When played",
            "on_attack": f"When {subject} attacks",
            "on_attack_damage": f"When {subject} deals attack damage",
            "on_ally_attack_damage": f"When {ally} of yours deals attack damage",
        }[self.trigger]
        if self.zone == "discard_pile":
            when = "While this is in your discard pile, " + when[0].lower() + when[1:]
        if self.condition is not None:
            when += f", if {self.condition.phrase()}"
        return when

    def rules_text(self, subject: str = "it") -> str:
        """The printed text: the definition's own wording, or lead and effects' phrases."""
        if self.text:
            return self.text
        body = join_phrases([e.phrase(self.trigger == "while") for e in self.effects])
        if self.trigger == "double_influence":
            return f"{self.lead(subject)} {_capitalise(body)}."
        return f"{self.lead(subject)}: {body}."


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text
