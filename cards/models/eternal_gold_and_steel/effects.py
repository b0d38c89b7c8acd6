"""Gold and Steel's closed effect vocabulary: what an ability may do, and the words it prints.

It stands alone because it is the contract between print and play: the checker's
engine runs exactly these effects and the templates print exactly their `phrase`s,
so adding an effect means reading this one module (see the terms in the package docstring).
"""

from typing import Annotated, ClassVar, Literal, Union

from pydantic import Field, model_validator

from ...effects import Effect, join_phrases
from ..base import Id, Strict
from .terms import Amount, Keyword, keyword_name


def _count(n: int, one: str, many: str) -> str:
    return one if n == 1 else f"{n} {many}"


class EternalEffect(Effect, Strict):
    """An effect of this family.  `phrase(ongoing)` is its rules text, lower-case and
    imperative; `ongoing=True` words it as a state ("it has +2 strength") for while-abilities."""

    SELF: ClassVar[bool] = False  # acts on "it": only a unit (or a weapon's wielder) has an "it"
    LASTING: ClassVar[bool] = False  # may be a while-ability's effect: a state the unit has while the condition holds
    MOVES_ATTACKER: ClassVar[bool] = False  # moves the unit after its attack damage: only on a unit's on_attack_damage
    EMBLEM: ClassVar[str | None] = None  # the icon a card without influence shows for this effect (else power)

    def phrase(self, ongoing: bool = False) -> str:  # pragma: no cover
        raise NotImplementedError(type(self).__name__)


class GainGold(EternalEffect):
    """Take `amount` gold tokens from the pool.  Gold stays from turn to turn (G3)."""

    effect: Literal["gain_gold"]
    amount: Amount = 1
    keywords: ClassVar[tuple[str, ...]] = ("gold",)
    EMBLEM: ClassVar[str | None] = "gold"

    def phrase(self, ongoing: bool = False) -> str:
        return f"take {self.amount} :gold: gold"


class GainPower(EternalEffect):
    """Gain `amount` power for this turn; unspent power is lost at the end of the turn (G3)."""

    effect: Literal["gain_power"]
    amount: Amount = 1
    keywords: ClassVar[tuple[str, ...]] = ("power",)

    def phrase(self, ongoing: bool = False) -> str:
        return f"gain {self.amount} :power: power"


class GainHealth(EternalEffect):
    """The card's controller gains `amount` health (no upper limit)."""

    effect: Literal["gain_health"]
    amount: Amount = 1
    keywords: ClassVar[tuple[str, ...]] = ("health",)

    def phrase(self, ongoing: bool = False) -> str:
        return f"gain {self.amount} :health: health"


class Draw(EternalEffect):
    """The controller draws `count` cards (shuffling the discard pile into the deck if it runs out)."""

    effect: Literal["draw"]
    count: Amount = 1

    def phrase(self, ongoing: bool = False) -> str:
        return "draw " + _count(self.count, "a card", "cards")


class AddMarketCard(EternalEffect):
    """Move the top `count` cards of the market deck into the controller's market, hidden."""

    effect: Literal["add_market_card"]
    count: Amount = 1
    keywords: ClassVar[tuple[str, ...]] = ("market",)

    def phrase(self, ongoing: bool = False) -> str:
        return "add " + _count(self.count, "a card", "cards") + " to your market"


class GainKeyword(EternalEffect):
    """It gets the keyword: from a triggered ability until it leaves play; from a
    while-ability only while the condition holds (FAQ on Forgeborn / Tinker Overseer)."""

    effect: Literal["gain_keyword"]
    keyword: Keyword
    SELF: ClassVar[bool] = True
    LASTING: ClassVar[bool] = True

    @property
    def keywords(self) -> tuple[str, ...]:  # type: ignore[override]
        return (keyword_name(self.keyword),)

    def phrase(self, ongoing: bool = False) -> str:
        return f"it has {keyword_name(self.keyword)}" if ongoing else f"give it {keyword_name(self.keyword)}"


class GainStrength(EternalEffect):
    """It gets +`amount` strength, for as long as `gain_keyword` would keep a keyword."""

    effect: Literal["gain_strength"]
    amount: Amount = 1
    SELF: ClassVar[bool] = True
    LASTING: ClassVar[bool] = True
    keywords: ClassVar[tuple[str, ...]] = ("strength",)

    def phrase(self, ongoing: bool = False) -> str:
        return f"it has +{self.amount} strength" if ongoing else f"give it +{self.amount} strength"


class PutAttackToken(EternalEffect):
    """Put a +`amount` attack token on it: +`amount` strength that stays however the
    condition that earned it changes, until the unit leaves play (FAQ on Forgeborn)."""

    effect: Literal["put_attack_token"]
    amount: Amount = 1
    SELF: ClassVar[bool] = True
    keywords: ClassVar[tuple[str, ...]] = ("attack token",)

    def phrase(self, ongoing: bool = False) -> str:
        return f"put a +{self.amount} :attack: attack token on it"


class DestroyOwnUnit(EternalEffect):
    """The controller destroys (discards) another of their units of their choice;
    with no other unit they must destroy this one (FAQ on Obrak, the Feaster)."""

    effect: Literal["destroy_own_unit"]
    SELF: ClassVar[bool] = True
    keywords: ClassVar[tuple[str, ...]] = ("destroy",)

    def phrase(self, ongoing: bool = False) -> str:
        return "destroy another unit of yours, or this one if you have no other"


class DestroyEnemyUnit(EternalEffect):
    """The controller destroys (discards) an enemy unit of their choice, with its
    weapons; with no enemy unit nothing happens and the rest still resolves (FAQ on Spitfire)."""

    effect: Literal["destroy_enemy_unit"]
    keywords: ClassVar[tuple[str, ...]] = ("destroy",)

    def phrase(self, ongoing: bool = False) -> str:
        return "destroy an enemy unit"


class DealDamagePlayer(EternalEffect):
    """The card deals `amount` damage to an enemy player of the controller's choice.
    Not attack damage: no Berserk, no Lifesteal, no attack-damage triggers."""

    effect: Literal["deal_damage_player"]
    amount: Amount = 1
    keywords: ClassVar[tuple[str, ...]] = ("damage",)

    def phrase(self, ongoing: bool = False) -> str:
        return f"deal {self.amount} damage to an enemy player"


class DealAttackDamage(EternalEffect):
    """It (the unit, or the weapon's wielder) deals `amount` attack damage to an enemy
    player of the controller's choice, even when blocked: Berserk doubles it, Lifesteal
    gains that much health, and it fires attack-damage triggers (FAQ on Icebow)."""

    effect: Literal["deal_attack_damage"]
    amount: Amount = 1
    SELF: ClassVar[bool] = True
    keywords: ClassVar[tuple[str, ...]] = ("attack damage",)

    def phrase(self, ongoing: bool = False) -> str:
        return f"it deals {self.amount} attack damage to an enemy player"


class PutOnTopOfDeck(EternalEffect):
    """Put it from the battle area on top of its owner's deck; its weapons are discarded.
    Ordered freely against other triggers of the same moment (FAQ on Gorgon Swiftblade)."""

    effect: Literal["put_on_top_of_deck"]
    SELF: ClassVar[bool] = True
    MOVES_ATTACKER: ClassVar[bool] = True

    def phrase(self, ongoing: bool = False) -> str:
        return "put it on top of your deck"


class ReturnToBattleArea(EternalEffect):
    """After the attack it stays in (returns to) its battle area instead of being
    discarded; it is never discarded, so its weapons stay equipped (FAQ on Recurring Nightmare)."""

    effect: Literal["return_to_battle_area"]
    SELF: ClassVar[bool] = True
    MOVES_ATTACKER: ClassVar[bool] = True
    keywords: ClassVar[tuple[str, ...]] = ("battle area",)

    def phrase(self, ongoing: bool = False) -> str:
        return "return it to your battle area instead of discarding it"


class ReturnToHand(EternalEffect):
    """Move it to its owner's hand from where the ability works (battle area or discard pile)."""

    effect: Literal["return_to_hand"]
    SELF: ClassVar[bool] = True

    def phrase(self, ongoing: bool = False) -> str:
        return "return it to your hand"


class PutUnitToken(EternalEffect):
    """Put the unit token `token` (an id of a unit-token record) into the controller's
    battle area; if it is already in play nothing happens.  A destroyed token goes back to the pool."""

    effect: Literal["put_unit_token"]
    token: Id

    def phrase(self, ongoing: bool = False) -> str:
        return f"put the {token_name(self.token)} token into your battle area"


def token_name(token_id: str) -> str:
    """The printed name of a unit token from its id: 'sentinel' -> 'Sentinel'."""
    return token_id.replace("-", " ").title()


PlainEffect = Annotated[
    Union[GainGold, GainPower, GainHealth, Draw, AddMarketCard, GainKeyword, GainStrength,
          PutAttackToken, DestroyOwnUnit, DestroyEnemyUnit, DealDamagePlayer, DealAttackDamage,
          PutOnTopOfDeck, ReturnToBattleArea, ReturnToHand, PutUnitToken],
    Field(discriminator="effect"),
]


class Pay(EternalEffect):
    """The controller may pay `gold` gold and/or `power` power, once (G6), to resolve
    `then`; without paying, `then` does nothing.  Payments cannot nest."""

    effect: Literal["pay"]
    gold: int = Field(default=0, ge=0, le=10)
    power: int = Field(default=0, ge=0, le=10)
    then: list[PlainEffect] = Field(min_length=1, max_length=3)

    @model_validator(mode="after")
    def _pays_something(self) -> "Pay":
        if not (self.gold or self.power):
            raise ValueError("expected gold or power to pay, got neither")
        return self

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


AnyEffect = Annotated[
    Union[GainGold, GainPower, GainHealth, Draw, AddMarketCard, GainKeyword, GainStrength,
          PutAttackToken, DestroyOwnUnit, DestroyEnemyUnit, DealDamagePlayer, DealAttackDamage,
          PutOnTopOfDeck, ReturnToBattleArea, ReturnToHand, PutUnitToken, Pay],
    Field(discriminator="effect"),
]

VOCABULARY: dict[str, type[EternalEffect]] = {
    cls.model_fields["effect"].annotation.__args__[0]: cls  # type: ignore[union-attr]
    for cls in (GainGold, GainPower, GainHealth, Draw, AddMarketCard, GainKeyword, GainStrength, PutAttackToken,
                DestroyOwnUnit, DestroyEnemyUnit, DealDamagePlayer, DealAttackDamage, PutOnTopOfDeck,
                ReturnToBattleArea, ReturnToHand, PutUnitToken, Pay)
}
"""Every effect by the name a definition writes: the family's vocabulary, one class each."""
