"""Eternal: Chronicles of the Throne - Gold and Steel: card schemas and the closed effect vocabulary.

Names follow the rulebook: power, gold, market, forge, battle area, units, weapons
("wielder"), influence, double-influence abilities, Lifesteal, Berserk, attack damage.
A card's abilities are data: a trigger plus effects from the registry below.  Each
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
"""
from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Union

from pydantic import Field, model_validator

from ..effects import Effect, join_phrases, unknown_icons, wording_problems
from .base import Id, Strict
from .common import Marker, Record, Reference

Influence = Literal["fire", "time", "justice", "primal", "shadow"]
INFLUENCES: tuple[str, ...] = ("fire", "time", "justice", "primal", "shadow")
Keyword = Literal["lifesteal", "berserk"]
Amount = Annotated[int, Field(ge=1, le=10)]

ICONS = {*INFLUENCES, "gold", "power", "health", "strength", "attack"}
BACKS = {"deck", "throne-spent", "gold", "sentinel", "attack", "reference"}


def keyword_name(keyword: str) -> str:
    """How a keyword is printed: 'lifesteal' -> 'Lifesteal'."""
    return keyword.capitalize()


def _count(n: int, one: str, many: str) -> str:
    return one if n == 1 else f"{n} {many}"


class EternalEffect(Effect):
    """An effect of this family.  `phrase(ongoing)` is its rules text, lower-case and
    imperative; `ongoing=True` words it as a state ("it has +2 strength") for while-abilities."""

    SELF: ClassVar[bool] = False  # acts on "it": only a unit (or a weapon's wielder) has an "it"

    def phrase(self, ongoing: bool = False) -> str:  # type: ignore[override]  # pragma: no cover
        raise NotImplementedError(type(self).__name__)


class GainGold(EternalEffect):
    """Take `amount` gold tokens from the pool.  Gold stays from turn to turn (G3)."""

    effect: Literal["gain_gold"]
    amount: Amount = 1
    keywords: ClassVar[tuple[str, ...]] = ("gold",)

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

    def phrase(self, ongoing: bool = False) -> str:
        return "put it on top of your deck"


class ReturnToBattleArea(EternalEffect):
    """After the attack it stays in (returns to) its battle area instead of being
    discarded; it is never discarded, so its weapons stay equipped (FAQ on Recurring Nightmare)."""

    effect: Literal["return_to_battle_area"]
    SELF: ClassVar[bool] = True
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


class Card(Record):
    """A card of a player's deck: unit, weapon, spell or power card.

    Units have `strength` and `keywords`; a weapon has `bonus` (strength added to its
    wielder), `keywords` it grants the wielder, and abilities about the wielder.
    `influence` lists the card's influence symbols (for double-influence, G5).
    `provisional` marks the small stand-in base set (design file: "To play it standalone").
    """

    type: Literal["unit", "weapon", "spell", "power"]
    influence: list[Influence] = Field(default_factory=list, max_length=2)
    strength: int | None = Field(default=None, ge=0, le=20)
    bonus: int | None = Field(default=None, ge=0, le=10)
    keywords: list[Keyword] = Field(default_factory=list, max_length=2)
    abilities: list[Ability] = Field(default_factory=list, max_length=3)
    flavor: str = Field(default="", max_length=120)
    provisional: bool = False

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
    """A card a player starts with or receives at setup: no cost (Diplomacy, Treasure Trove, basic units)."""


class ForgeCard(Card):
    """A card bought from the forge row (or the Throne's Seek Power stack) with power."""

    cost: int = Field(ge=0, le=12)


class MarketCard(Card):
    """A market card: played from a hidden market by paying its gold cost (G3), printed
    with that cost in the upper right corner and a border of its own."""

    gold: int = Field(ge=1, le=12)


class UnitToken(Record):
    """A unit made by an effect (`put_unit_token`), printed as a round token."""

    strength: int = Field(ge=0, le=20)
    keywords: list[Keyword] = Field(default_factory=list, max_length=2)
    text: str = Field(default="", max_length=120)


class Throne(Record):
    """The new Eternal Throne: once revealed, any player may pay `power` on their own
    turn to resolve `effects`, then flip it; its other side says the ability is spent (G7)."""

    power: int = Field(ge=1, le=12)
    effects: list[AnyEffect] = Field(min_length=1, max_length=3)
    spent_text: str = Field(min_length=1, max_length=160)
    flavor: str = Field(default="", max_length=120)

    @property
    def rules_text(self) -> str:
        body = join_phrases([e.phrase() for e in self.effects])
        return f"Once revealed, on your turn you may pay {self.power} :power: power to {body}. Then flip this card."


class Tray(Record):
    """A market tray: a fold-up tray whose tall wall hides a player's market."""

    TABLE: ClassVar[str] = "trays"
    lines: list[str] = Field(min_length=1, max_length=4)


RECORDS = {
    "starting": StartingCard,
    "forge": ForgeCard,
    "market": MarketCard,
    "throne": Throne,
    "unit-token": UnitToken,
    "marker": Marker,
    "tray": Tray,
    "reference": Reference,
}


def texts_of(record: Record) -> list[tuple[str, str]]:
    """Every printed text of a record with its field path, for icon checks."""
    if isinstance(record, Card):
        return [(f"abilities.{i}", t) for i, t in enumerate(record.ability_texts, 1)] + [("flavor", record.flavor)]
    if isinstance(record, Throne):
        return [("effects", record.rules_text), ("spent_text", record.spent_text), ("flavor", record.flavor)]
    if isinstance(record, (Marker, UnitToken)):
        return [("text", record.text)]
    if isinstance(record, Tray):
        return [("lines", line) for line in record.lines]
    if isinstance(record, Reference):
        return [("sections", line) for s in record.sections for line in s.lines]
    return []


def _check_card(card: Card) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    needs = {"unit": "strength", "weapon": "bonus"}.get(card.type)
    for name in ("strength", "bonus"):
        given = getattr(card, name) is not None
        if name == needs and not given:
            out.append((name, f"expected a {name} for a {card.type}, got none"))
        elif name != needs and given:
            out.append((name, f"expected no {name} on a {card.type}, got {getattr(card, name)}"))
    if card.keywords and card.type not in ("unit", "weapon"):
        out.append(("keywords", f"expected no keywords on a {card.type}, got {card.keyword_line}"))
    if len(set(card.influence)) != len(card.influence):
        out.append(("influence", f"expected distinct symbols, got {', '.join(card.influence)}"))
    for i, ability in enumerate(card.abilities, 1):
        out += [(f"abilities.{i}.{p}", m) for p, m in _check_ability(card, ability)]
    return out


def _check_ability(card: Card, ability: Ability) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    trig = ability.trigger
    if trig not in TRIGGERS_OF[card.type]:
        out.append(("trigger", f"expected one of {', '.join(sorted(TRIGGERS_OF[card.type]))} on a {card.type}, got {trig!r}"))
    if (trig == "double_influence") != (ability.influence is not None):
        out.append(("influence", "expected an influence symbol for double_influence only"
                    + (f", got {ability.influence!r} on {trig}" if ability.influence else ", got none")))
    if trig == "while" and ability.condition is None:
        out.append(("condition", "expected a condition for a while-ability, got none"))
    if ability.condition is not None and trig not in ("while", "on_play"):
        out.append(("condition", f"expected a condition only on while or on_play, got one on {trig!r}"))
    if ability.ally_keyword is not None and trig != "on_ally_attack_damage":
        out.append(("ally_keyword", f"expected ally_keyword only on on_ally_attack_damage, got one on {trig!r}"))
    if ability.zone == "discard_pile" and trig != "on_ally_attack_damage":
        out.append(("zone", f"expected 'battle_area' for {trig!r}: only on_ally_attack_damage works from the discard pile"))
    selfish = sorted({e.effect for e in ability.effects if e.SELF})
    if selfish and card.type not in ("unit", "weapon"):
        out.append(("effects", f"expected effects without 'it' on a {card.type}, got {', '.join(selfish)}"))
    ongoing = {"gain_keyword", "gain_strength"}
    if trig == "while" and {e.effect for e in ability.effects} - ongoing:
        out.append(("effects", f"expected only {', '.join(sorted(ongoing))} in a while-ability, got "
                    + ", ".join(sorted({e.effect for e in ability.effects} - ongoing))))
    moves = {"put_on_top_of_deck", "return_to_battle_area"} & {e.effect for e in ability.effects}
    if moves and (card.type != "unit" or trig != "on_attack_damage"):
        out.append(("effects", f"expected {', '.join(sorted(moves))} only on a unit's on_attack_damage, got {card.type} {trig}"))
    if ability.text:
        out += [("text", f"wording leaves out the {miss}") for miss in wording_problems(ability.text, ability.effects)]
    return out


def check_record(record: Record) -> list[tuple[str, str]]:
    """Rules a single record must keep beyond its types: (field path, message)."""
    out: list[tuple[str, str]] = []
    for path, text in texts_of(record):
        for name in unknown_icons(text, ICONS):
            out.append((path, f"unknown icon ':{name}:': expected one of {', '.join(sorted(ICONS))}"))
    if isinstance(record, Card):
        out += _check_card(record)
    if isinstance(record, Marker) and record.icon is not None and record.icon not in ICONS:
        out.append(("icon", f"expected one of {', '.join(sorted(ICONS))}, got {record.icon!r}"))
    return out


def all_effects(record: Record) -> list[EternalEffect]:
    """Every effect of a record, payments' `then` effects included."""
    top = record.effects if isinstance(record, (Card, Throne)) else []
    return [inner for e in top for inner in ([e, *e.then] if isinstance(e, Pay) else [e])]


def check_game(game) -> list:
    """Cross-record checks: every token an effect names is printed."""
    from ..errors import Problem

    tokens = {r.id for r in game.records("unit-token")}
    attack_values = {r.value for r in game.records("marker") if r.icon == "attack"}
    problems = []
    for comp in game.components:
        for record in comp.records:
            for effect in all_effects(record):
                if isinstance(effect, PutUnitToken) and effect.token not in tokens:
                    problems.append(Problem(comp.file, f"unknown unit token {effect.token!r}: expected one of "
                                            f"{', '.join(sorted(tokens)) or '(none defined)'}",
                                            card=record.id, card_name=record.name, path="effects"))
                if isinstance(effect, PutAttackToken) and effect.amount not in attack_values:
                    problems.append(Problem(comp.file, f"no +{effect.amount} attack token is printed: expected a marker "
                                            f"with icon 'attack' and value {effect.amount}",
                                            card=record.id, card_name=record.name, path="effects"))
    return problems
