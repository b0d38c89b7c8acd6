"""What Gold and Steel's records do beyond their fields, without pydantic: the words they print.

A kept game's records are made of these classes (`common.kept`) and the templates test
them, so a warm build prints a card without importing pydantic.  Each class is the kind
of the model of the same name (`effects.py`, `abilities.py`, `records.py`), which adds
the fields, their validation and the docstring saying what it is; a kind declares the
fields it reads for the type checker only (`cards.models.kinds`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...effects import Effect, capitalise
from .terms import keyword_name
from .words import words

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .terms import Influence, Keyword


class EternalEffect(Effect):
    """An effect of this family.  `phrase(ongoing)` is its rules text, lower-case and
    imperative; `ongoing=True` words it as a state ("it has +2 strength") for while-abilities.
    Its words are its key in the family's phrase table (`words.SPEC`), its parameters filled in."""

    __slots__ = ()
    if TYPE_CHECKING:
        EMBLEM: str | None
    SELF = False  # acts on "it": only a unit (or a weapon's wielder) has an "it"
    LASTING = False  # may be a while-ability's effect: a state the unit has while the condition holds
    MOVES_ATTACKER = False  # moves the unit after its attack damage: only on a unit's on_attack_damage
    EMBLEM = None  # the icon a card without influence shows for this effect (else power)

    def phrase(self, ongoing: bool = False, lang: str | None = None) -> str:
        return words(lang)(f"effects.{self.effect}", **vars(self))


class GainGold(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    keywords = ("gold",)
    EMBLEM = "gold"


class GainPower(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    keywords = ("power",)


class GainHealth(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    keywords = ("health",)


class Draw(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        count: int


class AddMarketCard(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        count: int
    keywords = ("market",)


class GainKeyword(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        keyword: Keyword
    SELF = True
    LASTING = True

    @property
    def keywords(self) -> tuple[str, ...]:  # type: ignore[override]
        return (keyword_name(self.keyword),)

    def phrase(self, ongoing: bool = False, lang: str | None = None) -> str:
        return words(lang)(f"effects.gain_keyword.{'ongoing' if ongoing else 'given'}",
                           keyword=keyword_name(self.keyword, lang))


class GainStrength(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    SELF = True
    LASTING = True
    keywords = ("strength",)

    def phrase(self, ongoing: bool = False, lang: str | None = None) -> str:
        return words(lang)(f"effects.gain_strength.{'ongoing' if ongoing else 'given'}", amount=self.amount)


class PutAttackToken(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    SELF = True
    keywords = ("attack token",)


class DestroyOwnUnit(EternalEffect):
    __slots__ = ()
    SELF = True
    keywords = ("destroy",)


class DestroyEnemyUnit(EternalEffect):
    __slots__ = ()
    keywords = ("destroy",)


class DealDamagePlayer(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    keywords = ("damage",)


class DealAttackDamage(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
    SELF = True
    keywords = ("attack damage",)


class PutOnTopOfDeck(EternalEffect):
    __slots__ = ()
    SELF = True
    MOVES_ATTACKER = True


class ReturnToBattleArea(EternalEffect):
    __slots__ = ()
    SELF = True
    MOVES_ATTACKER = True
    keywords = ("battle area",)


class ReturnToHand(EternalEffect):
    __slots__ = ()
    SELF = True


class PutUnitToken(EternalEffect):
    __slots__ = ()
    if TYPE_CHECKING:
        token: str

    def phrase(self, ongoing: bool = False, lang: str | None = None) -> str:
        return words(lang)("effects.put_unit_token", token=token_name(self.token))


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

    def phrase(self, ongoing: bool = False, lang: str | None = None) -> str:
        said = words(lang)
        cost = said.join([said(f"effects.pay.{what}", **{what: n}) for what, n in (("power", self.power),
                                                                                  ("gold", self.gold)) if n])
        return said("effects.pay.text", cost=cost, effects=said.join([e.phrase(lang=lang) for e in self.then]))


class UnitsAtLeast:
    __slots__ = ()
    if TYPE_CHECKING:
        count: int

    def phrase(self, lang: str | None = None) -> str:
        return words(lang)("conditions.units_at_least", count=self.count)


class GoldAtLeast:
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int

    def phrase(self, lang: str | None = None) -> str:
        return words(lang)("conditions.gold_at_least", amount=self.amount)


class WieldsWeapon:
    __slots__ = ()

    def phrase(self, lang: str | None = None) -> str:
        return words(lang)("conditions.wields_weapon")


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

    def lead(self, subject: str, lang: str | None = None) -> str:
        """The words before the colon: 'When the wielder attacks', ':fire::fire:', ..."""
        said = words(lang)
        if self.trigger == "double_influence":
            return f":{self.influence}::{self.influence}:"
        if self.trigger == "while":
            return said("leads.while", condition=self.condition.phrase(lang) if self.condition else "")
        ally = (said("leads.ally", keyword=keyword_name(self.ally_keyword, lang)) if self.ally_keyword
                else said("leads.any_ally"))
        when = said(f"leads.{self.trigger}", subject=subject, ally=ally)
        if self.zone == "discard_pile":
            when = said("leads.discard_pile", when=when[0].lower() + when[1:])
        if self.condition is not None:
            when = said("leads.if", when=when, condition=self.condition.phrase(lang))
        return when

    def rules_text(self, subject: str = "", lang: str | None = None) -> str:
        """The printed text: the definition's own wording, or lead and effects' phrases (about `subject`: 'it'),
        in `lang` (None: English)."""
        if self.text:
            return self.text
        said = words(lang)
        body = said.join([e.phrase(self.trigger == "while", lang) for e in self.effects])
        lead = self.lead(subject or said("subjects.unit"), lang)
        if self.trigger == "double_influence":
            return said("sentences.double_influence", lead=lead, body=capitalise(body))
        return said("sentences.ability", lead=lead, body=body)


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
        return self.subject_in(None)

    def subject_in(self, lang: str | None) -> str:
        return words(lang)("subjects.weapon" if self.type == "weapon" else "subjects.unit")

    @property
    def keyword_line(self) -> str:
        """Keywords as printed: 'Lifesteal, Berserk' (a weapon prints them in its strip)."""
        return self.keywords_in(None)

    def keywords_in(self, lang: str | None) -> str:
        """The keyword line in `lang` (None: English), as the kit of that language prints it."""
        return words(lang)("keywords.between").join(keyword_name(k, lang) for k in self.keywords)

    @property
    def ability_texts(self) -> list[str]:
        return self.abilities_in(None)

    def abilities_in(self, lang: str | None) -> list[str]:
        """Each ability's printed text in `lang` (None: English), as the kit of that language prints it."""
        return [a.rules_text(self.subject_in(lang), lang) for a in self.abilities]

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
        return self.rules_in(None)

    def rules_in(self, lang: str | None) -> str:
        """The Throne's sentence in `lang` (None: English)."""
        said = words(lang)
        return said("sentences.throne", power=self.power,
                    body=said.join([e.phrase(lang=lang) for e in self.effects]))


def all_effects(record: object) -> list[EternalEffect]:
    """Every effect of a record, payments' `then` effects included."""
    top = record.effects if isinstance(record, (Card, Throne)) else []
    return [inner for e in top for inner in ([e, *e.then] if isinstance(e, Pay) else [e])]
