"""Gold and Steel's record schemas: deck cards (starting, forge, market), unit tokens, the Throne, trays.

They stand alone because they are what a definition file's tables are read into:
the loader, the templates and the checks all take these shapes.
"""

from typing import ClassVar, Literal

from pydantic import Field

from ...effects import join_phrases
from ..base import empty
from ..common import Illustrated, Record
from .abilities import Ability
from .effects import AnyEffect, EternalEffect, Pay
from .terms import Influence, Keyword, keyword_name


class Card(Illustrated):
    """A card of a player's deck: unit, weapon, spell or power card.

    Units have `strength` and `keywords`; a weapon has `bonus` (strength added to its
    wielder), `keywords` it grants the wielder, and abilities about the wielder.
    `influence` lists the card's influence symbols (for double-influence, G5).
    `provisional` marks the small stand-in base set (design file: "To play it standalone").
    """

    type: Literal["unit", "weapon", "spell", "power"]
    influence: list[Influence] = Field(default_factory=empty, max_length=2)
    strength: int | None = Field(default=None, ge=0, le=20)
    bonus: int | None = Field(default=None, ge=0, le=10)
    keywords: list[Keyword] = Field(default_factory=empty, max_length=2)
    abilities: list[Ability] = Field(default_factory=empty, max_length=3)
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
    keywords: list[Keyword] = Field(default_factory=empty, max_length=2)
    text: str = Field(default="", max_length=120)


class Throne(Illustrated):
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


def all_effects(record: Record) -> list[EternalEffect]:
    """Every effect of a record, payments' `then` effects included."""
    top = record.effects if isinstance(record, (Card, Throne)) else []
    return [inner for e in top for inner in ([e, *e.then] if isinstance(e, Pay) else [e])]
