"""Gold and Steel's record schemas: deck cards (starting, forge, market), unit tokens, the Throne, trays.

They stand alone because they are what a definition file's tables are read into:
the loader, the templates and the checks all take these shapes.  What a card prints
(its abilities' texts, its keyword line) is its kind's (`kinds.py`).
"""

from typing import ClassVar, Literal

from pydantic import Field

from ..base import empty
from ..common import Illustrated, Record
from . import kinds
from .abilities import Ability
from .effects import AnyEffect
from .terms import Figure, Influence, Keyword


class Card(kinds.Card, Illustrated):
    """A card of a player's deck: unit, weapon, spell or power card.

    Units have `strength` and `keywords`; a weapon has `bonus` (strength added to its
    wielder), `keywords` it grants the wielder, and abilities about the wielder.
    `influence` lists the card's influence symbols (for double-influence, G5).
    `provisional` marks the small stand-in base set (design file: "To play it standalone").
    `figure` is what its picture shows and `props` what stands beside it (a crow and a coin);
    without a figure the picture shows its type's (a soldier, a sword, a comet, a banner).
    """

    type: Literal["unit", "weapon", "spell", "power"]
    influence: list[Influence] = Field(default_factory=empty, max_length=2)
    strength: int | None = Field(default=None, ge=0, le=20)
    bonus: int | None = Field(default=None, ge=0, le=10)
    keywords: list[Keyword] = Field(default_factory=empty, max_length=2)
    abilities: list[Ability] = Field(default_factory=empty, max_length=3)
    flavor: str = Field(default="", max_length=120)
    provisional: bool = False
    figure: Figure | None = None
    props: list[Figure] = Field(default_factory=empty, max_length=2)


class StartingCard(kinds.StartingCard, Card):
    """A card a player starts with or receives at setup: no cost (Diplomacy, Treasure Trove, basic units)."""


class ForgeCard(kinds.ForgeCard, Card):
    """A card bought from the forge row (or the Throne's Seek Power stack) with power."""

    cost: int = Field(ge=0, le=12)


class MarketCard(kinds.MarketCard, Card):
    """A market card: played from a hidden market by paying its gold cost (G3), printed
    with that cost in the upper right corner and a border of its own."""

    gold: int = Field(ge=1, le=12)


class UnitToken(Record):
    """A unit made by an effect (`put_unit_token`), printed as a round token."""

    strength: int = Field(ge=0, le=20)
    keywords: list[Keyword] = Field(default_factory=empty, max_length=2)
    text: str = Field(default="", max_length=120)


class Throne(kinds.Throne, Illustrated):
    """The new Eternal Throne: once revealed, any player may pay `power` on their own
    turn to resolve `effects`, then flip it; its other side says the ability is spent (G7)."""

    power: int = Field(ge=1, le=12)
    effects: list[AnyEffect] = Field(min_length=1, max_length=3)
    spent_text: str = Field(min_length=1, max_length=160)
    flavor: str = Field(default="", max_length=120)


class Tray(Record):
    """A market tray: a fold-up tray whose tall wall hides a player's market."""

    TABLE: ClassVar[str] = "trays"
    lines: list[str] = Field(min_length=1, max_length=4)
