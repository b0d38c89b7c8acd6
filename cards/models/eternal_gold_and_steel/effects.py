"""Gold and Steel's closed effect vocabulary: what an ability may do, and the words it prints.

It stands alone because it is the contract between print and play: the checker's
engine runs exactly these effects and the templates print exactly their `phrase`s,
so adding an effect means a model here (its parameters, and a docstring saying what
it does) and its kind in `kinds.py` (its `phrase` and flags); see the terms in the
package docstring.  A model subclasses its kind and `Strict`, with no effect base of its
own: so it is one subclass of `cards.effects.Effect`, not two, where `cards.vocabulary` looks.
"""

from typing import Annotated, Literal, Union

from pydantic import Field, model_validator

from ..base import Id, Strict
from . import kinds
from .terms import Keyword

Amount = Annotated[int, Field(ge=1, le=10)]


class GainGold(kinds.GainGold, Strict):
    """Take `amount` gold tokens from the pool.  Gold stays from turn to turn (G3)."""

    effect: Literal["gain_gold"]
    amount: Amount = 1


class GainPower(kinds.GainPower, Strict):
    """Gain `amount` power for this turn; unspent power is lost at the end of the turn (G3)."""

    effect: Literal["gain_power"]
    amount: Amount = 1


class GainHealth(kinds.GainHealth, Strict):
    """The card's controller gains `amount` health (no upper limit)."""

    effect: Literal["gain_health"]
    amount: Amount = 1


class Draw(kinds.Draw, Strict):
    """The controller draws `count` cards (shuffling the discard pile into the deck if it runs out)."""

    effect: Literal["draw"]
    count: Amount = 1


class AddMarketCard(kinds.AddMarketCard, Strict):
    """Move the top `count` cards of the market deck into the controller's market, hidden."""

    effect: Literal["add_market_card"]
    count: Amount = 1


class GainKeyword(kinds.GainKeyword, Strict):
    """It gets the keyword: from a triggered ability until it leaves play; from a
    while-ability only while the condition holds (FAQ on Forgeborn / Tinker Overseer)."""

    effect: Literal["gain_keyword"]
    keyword: Keyword


class GainStrength(kinds.GainStrength, Strict):
    """It gets +`amount` strength, for as long as `gain_keyword` would keep a keyword."""

    effect: Literal["gain_strength"]
    amount: Amount = 1


class PutAttackToken(kinds.PutAttackToken, Strict):
    """Put a +`amount` attack token on it: +`amount` strength that stays however the
    condition that earned it changes, until the unit leaves play (FAQ on Forgeborn)."""

    effect: Literal["put_attack_token"]
    amount: Amount = 1


class DestroyOwnUnit(kinds.DestroyOwnUnit, Strict):
    """The controller destroys (discards) another of their units of their choice;
    with no other unit they must destroy this one (FAQ on Obrak, the Feaster)."""

    effect: Literal["destroy_own_unit"]


class DestroyEnemyUnit(kinds.DestroyEnemyUnit, Strict):
    """The controller destroys (discards) an enemy unit of their choice, with its
    weapons; with no enemy unit nothing happens and the rest still resolves (FAQ on Spitfire)."""

    effect: Literal["destroy_enemy_unit"]


class DealDamagePlayer(kinds.DealDamagePlayer, Strict):
    """The card deals `amount` damage to an enemy player of the controller's choice.
    Not attack damage: no Berserk, no Lifesteal, no attack-damage triggers."""

    effect: Literal["deal_damage_player"]
    amount: Amount = 1


class DealAttackDamage(kinds.DealAttackDamage, Strict):
    """It (the unit, or the weapon's wielder) deals `amount` attack damage to an enemy
    player of the controller's choice, even when blocked: Berserk doubles it, Lifesteal
    gains that much health, and it fires attack-damage triggers (FAQ on Icebow)."""

    effect: Literal["deal_attack_damage"]
    amount: Amount = 1


class PutOnTopOfDeck(kinds.PutOnTopOfDeck, Strict):
    """Put it from the battle area on top of its owner's deck; its weapons are discarded.
    Ordered freely against other triggers of the same moment (FAQ on Gorgon Swiftblade)."""

    effect: Literal["put_on_top_of_deck"]


class ReturnToBattleArea(kinds.ReturnToBattleArea, Strict):
    """After the attack it stays in (returns to) its battle area instead of being
    discarded; it is never discarded, so its weapons stay equipped (FAQ on Recurring Nightmare)."""

    effect: Literal["return_to_battle_area"]


class ReturnToHand(kinds.ReturnToHand, Strict):
    """Move it to its owner's hand from where the ability works (battle area or discard pile)."""

    effect: Literal["return_to_hand"]


class PutUnitToken(kinds.PutUnitToken, Strict):
    """Put the unit token `token` (an id of a unit-token record) into the controller's
    battle area; if it is already in play nothing happens.  A destroyed token goes back to the pool."""

    effect: Literal["put_unit_token"]
    token: Id


PlainEffect = Annotated[
    Union[GainGold, GainPower, GainHealth, Draw, AddMarketCard, GainKeyword, GainStrength,
          PutAttackToken, DestroyOwnUnit, DestroyEnemyUnit, DealDamagePlayer, DealAttackDamage,
          PutOnTopOfDeck, ReturnToBattleArea, ReturnToHand, PutUnitToken],
    Field(discriminator="effect"),
]


class Pay(kinds.Pay, Strict):
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


AnyEffect = Annotated[
    Union[GainGold, GainPower, GainHealth, Draw, AddMarketCard, GainKeyword, GainStrength,
          PutAttackToken, DestroyOwnUnit, DestroyEnemyUnit, DealDamagePlayer, DealAttackDamage,
          PutOnTopOfDeck, ReturnToBattleArea, ReturnToHand, PutUnitToken, Pay],
    Field(discriminator="effect"),
]

VOCABULARY: dict[str, type[kinds.EternalEffect]] = {
    cls.model_fields["effect"].annotation.__args__[0]: cls  # type: ignore[union-attr]
    for cls in (GainGold, GainPower, GainHealth, Draw, AddMarketCard, GainKeyword, GainStrength, PutAttackToken,
                DestroyOwnUnit, DestroyEnemyUnit, DealDamagePlayer, DealAttackDamage, PutOnTopOfDeck,
                ReturnToBattleArea, ReturnToHand, PutUnitToken, Pay)
}
"""Every effect by the name a definition writes: the family's vocabulary, one class each."""
