"""Who sits at the table and what they reveal: `Player` and `Play`, plain slot objects.

A Player is a camp card with its character ("Character Card Anatomy": health and ammo
tracks, H3), gold, infamy, graveyard and cards ("Player Set Up"); a Play is the card one
player revealed ("Gameplay") with their choices. They live apart from the turn so every
rule module can use them without importing the turn engine.
"""
from __future__ import annotations

from .rules import Card, Character


class Player:
    """A seat at the table: camp, character, tracks, gold, infamy, cards; plus this turn's marks.

    `out` (GONE, or no character) is true whenever `char` is None: a kill sets both.
    """

    __slots__ = ("name", "seat", "char", "health", "ammo", "unbanked", "banked", "infamy", "graveyard",
                 "gone", "hand", "spent", "out", "gone_next", "attackers", "block", "discard")

    def __init__(self, name: str, seat: int, char: Character | None, health: int = 0, ammo: int = 0,
                 unbanked: int = 0, banked: int = 0, infamy: int = 0, graveyard: int = 0,
                 gone: bool = False, hand: list[Card] | None = None, spent: list[Card] | None = None):
        self.name, self.seat, self.char = name, seat, char
        self.attackers: list[Player] = []
        self.health, self.ammo = (health, ammo) if char is not None else (0, 0)
        self.unbanked, self.banked, self.infamy, self.graveyard = unbanked, banked, infamy, graveyard
        self.gone = gone
        self.hand = hand if hand is not None else []
        self.spent = spent if spent is not None else []
        self.out = gone or char is None  # this turn's marks: `Table.play_turn` resets them
        self.gone_next = False
        self.block = self.discard = 0

    @property
    def targetable(self) -> bool:
        return not self.out  # out covers "no character"

    def snapshot(self) -> tuple:
        return (self.char, self.health, self.ammo, self.unbanked, self.banked, self.infamy, self.graveyard,
                self.gone, list(self.hand), list(self.spent), self.out, self.gone_next)

    def restore(self, snap: tuple) -> None:
        (self.char, self.health, self.ammo, self.unbanked, self.banked, self.infamy, self.graveyard,
         self.gone, self.hand, self.spent, self.out, self.gone_next) = snap


class Play:
    """A revealed card: the owner's choices, who holds it now (Round the Rosie), what it hit."""

    __slots__ = ("card", "option", "end", "direction", "buy", "refresh", "owner", "holder", "done", "passed",
                 "hit")

    def __init__(self, card: Card, owner: int, option: int = 0, direction: int | None = None,
                 buy: Card | None = None, refresh: bool = False):
        self.card = card
        self.option = option
        self.end = end = card.options[option]  # the chosen end: its arrow and effects
        self.direction = direction if end.turned else end.fixed
        self.buy = buy
        self.refresh = refresh
        self.owner = self.holder = owner
        self.done = self.passed = False
        self.hit: int | None = None
