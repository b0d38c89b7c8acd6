"""What Gold and Steel's records do beyond their fields, without pydantic: the words they print.

A kept game's records are made of these classes (`common.kept`) and the templates test
them, so a warm build prints a card without importing pydantic.  Each class is the kind
of the model of the same name (`effects.py`, `abilities.py`, `records.py`), which adds
the fields, their validation and the docstring saying what it is; a kind declares the
fields it reads for the type checker only (`cards.models.kinds`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...effects import Effect, capitalise, join_phrases
from .terms import keyword_name

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .terms import Influence, Keyword


def _count(n: int, one: str, many: str) -> str:
    return one if n == 1 else f"{n} {many}"


class EternalEffect(Effect):
    """An effect of this family.  `phrase(ongoing)` is its rules text, lower-case and
    imperative; `ongoing=True` words it as a state ("it has +2 strength") for while-abilities."""

    __slots__ = ()
    if TYPE_CHECKING:
        EMBLEM: str | None
    SELF = False  # acts on "it": only a unit (or a weapon's wielder) has an "it"
    LASTING = False  # may be a while-ability's effect: a state the unit has while the condition holds
    MOVES_ATTACKER = False  # moves the unit after its attack damage: only on a unit's on_attack_damage
    EMBLEM = None  # the icon a card without influence shows for this effect (else power)

    def phrase(self, ongoing: bool = False) -> str:  # pragma: no cover
        raise NotImplementedError(type(self).__name__)


class GainGold(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    keywords = ("gold",)
    EMBLEM = "gold"

    def phrase(self, ongoing: bool = False) -> str:
        return f"take {self.amount} :gold: gold"


class GainPower(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    keywords = ("power",)

    def phrase(self, ongoing: bool = False) -> str:
        return f"gain {self.amount} :power: power"


class GainHealth(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    keywords = ("health",)

    def phrase(self, ongoing: bool = False) -> str:
        return f"gain {self.amount} :health: health"


class Draw(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        count: int

    def phrase(self, ongoing: bool = False) -> str:
        return "draw " + _count(self.count, "a card", "cards")


class AddMarketCard(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        count: int
    keywords = ("market",)

    def phrase(self, ongoing: bool = False) -> str:
        return "add " + _count(self.count, "a card", "cards") + " to your market"


class GainKeyword(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        keyword: Keyword
    SELF = True
    LASTING = True

    @property
    def keywords(self) -> tuple[str, ...]:  # type: ignore[override]
        return (keyword_name(self.keyword),)

    def phrase(self, ongoing: bool = False) -> str:
        return f"it has {keyword_name(self.keyword)}" if ongoing else f"give it {keyword_name(self.keyword)}"


class GainStrength(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    SELF = True
    LASTING = True
    keywords = ("strength",)

    def phrase(self, ongoing: bool = False) -> str:
        return f"it has +{self.amount} strength" if ongoing else f"give it +{self.amount} strength"


class PutAttackToken(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    SELF = True
    keywords = ("attack token",)

    def phrase(self, ongoing: bool = False) -> str:
        return f"put a +{self.amount} :attack: attack token on it"


class DestroyOwnUnit(EternalEffect):
    __slots__ = ()
    SELF = True
    keywords = ("destroy",)

    def phrase(self, ongoing: bool = False) -> str:
        return "destroy another unit of yours, or this one if you have no other"


class DestroyEnemyUnit(EternalEffect):
    __slots__ = ()
    keywords = ("destroy",)

    def phrase(self, ongoing: bool = False) -> str:
        return "destroy an enemy unit"


class DealDamagePlayer(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    keywords = ("damage",)

    def phrase(self, ongoing: bool = False) -> str:
        return f"deal {self.amount} damage to an enemy player"


class DealAttackDamage(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    SELF = True
    keywords = ("attack damage",)

    def phrase(self, ongoing: bool = False) -> str:
        return f"it deals {self.amount} attack damage to an enemy player"


class PutOnTopOfDeck(EternalEffect):
    __slots__ = ()
    SELF = True
    MOVES_ATTACKER = True

    def phrase(self, ongoing: bool = False) -> str:
        return "put it on top of your deck"


class ReturnToBattleArea(EternalEffect):
    __slots__ = ()
    SELF = True
    MOVES_ATTACKER = True
    keywords = ("battle area",)

    def phrase(self, ongoing: bool = False) -> str:
        return "return it to your battle area instead of discarding it"


class ReturnToHand(EternalEffect):
    __slots__ = ()
    SELF = True

    def phrase(self, ongoing: bool = False) -> str:
        return "return it to your hand"


class PutUnitToken(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        token: str

    def phrase(self, ongoing: bool = False) -> str:
        return f"put the {token_name(self.token)} token into your battle area"


def token_name(token_id: str) -> str:
    """The printed name of a unit token from its id: 'sentinel' -> 'Sentinel'."""
    return token_id.replace("-", " ").title()


class Pay(EternalEffect):
    """A payment speaks for the effects it pays for: their 'it', keywords and numbers are its own."""

    __slots__ = ()
    if TYPE_CHECKING:
        gold: int
        power: int
        then: Sequence[EternalEffect]

    @property
    def SELF(self) -> bool:  # type: ignore[override]
        return any(e.SELF for e in self.then)

    @property
    def keywords(self) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(k for e in self.then for k in e.keywords)

    def numbers(self) -> list[int]:
        return [n for n in (self.gold, self.power) if n] + [n for e in self.then for n in e.numbers()]

    def phrase(self, ongoing: bool = False) -> str:
        cost = join_phrases([f"{n} :{what}: {what}" for what, n in (("power", self.power), ("gold", self.gold)) if n])
        return f"you may pay {cost} to " + join_phrases([e.phrase() for e in self.then])


class UnitsAtLeast:
    __slots__ = ()
    if TYPE_CHECKING:
        count: int

    def phrase(self) -> str:
        return f"you have {self.count} or more units"


class GoldAtLeast:
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int

    def phrase(self) -> str:
        return f"you have {self.amount} or more :gold: gold"


class WieldsWeapon:
    __slots__ = ()

    def phrase(self) -> str:
        return "it wields a weapon"


class Ability:
    """An ability's printed text, worded here once for every card type."""

    __slots__ = ()
    if TYPE_CHECKING:
        trigger: str
        effects: Sequence[EternalEffect]
        condition: UnitsAtLeast | GoldAtLeast | WieldsWeapon | None
        influence: Influence | None
        ally_keyword: Keyword | None
        zone: str
        text: str | None

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
            return f"{self.lead(subject)} {capitalise(body)}."
        return f"{self.lead(subject)}: {body}."


class Card:
    """A deck card's printed words: its abilities' texts about its subject, its keyword line."""

    __slots__ = ()
    if TYPE_CHECKING:
        id: str
        name: str
        image: str | None
        type: str
        influence: Sequence[Influence]
        strength: int | None
        bonus: int | None
        keywords: Sequence[Keyword]
        abilities: Sequence[Ability]
        flavor: str
        provisional: bool
        figure: str | None
        props: Sequence[str]

    @property
    def subject(self) -> str:
        return "the wielder" if self.type == "weapon" else "it"

    @property
    def keyword_line(self) -> str:
        """Keywords as printed: 'Lifesteal, Berserk' (a weapon prints them in its strip)."""
        return ", ".join(keyword_name(k) for k in self.keywords)

    @property
    def ability_texts(self) -> list[str]:
        return [a.rules_text(self.subject) for a in self.abilities]

    @property
    def effects(self) -> list[EternalEffect]:
        return [e for a in self.abilities for e in a.effects]


class StartingCard(Card):
    __slots__ = ()


class ForgeCard(Card):
    __slots__ = ()
    if TYPE_CHECKING:
        cost: int


class MarketCard(Card):
    __slots__ = ()
    if TYPE_CHECKING:
        gold: int


class Throne:
    """The Throne's printed ability: its power cost and effects in one sentence (G7)."""

    __slots__ = ()
    if TYPE_CHECKING:
        id: str
        name: str
        image: str | None
        power: int
        effects: Sequence[EternalEffect]
        spent_text: str
        flavor: str

    @property
    def rules_text(self) -> str:
        body = join_phrases([e.phrase() for e in self.effects])
        return f"Once revealed, on your turn you may pay {self.power} :power: power to {body}. Then flip this card."


def all_effects(record: object) -> list[EternalEffect]:
    """Every effect of a record, payments' `then` effects included."""
    top = record.effects if isinstance(record, (Card, Throne)) else []
    return [inner for e in top for inner in ([e, *e.then] if isinstance(e, Pay) else [e])]
