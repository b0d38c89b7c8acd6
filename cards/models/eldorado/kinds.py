"""What Eldorado's pieces are and do beyond their fields, without pydantic (`common.kept`).

`pieces` subclasses these with its fields and validation; the templates read them from a kept
game's records too.  A kind declares the fields it reads for the type checker only: pydantic
takes a plain base class's annotations for fields of its own.
"""
from __future__ import annotations

import colorsys
from typing import TYPE_CHECKING, Literal, get_args

Item = Literal["soldier", "barrel", "musket", "cannon", "treasure"]
ITEMS: tuple[str, ...] = get_args(Item)
# "On land: the player leaves their ship (its card and all its cannons) on the square where it
# was moored": these never go ashore, so a ship card tracks them aboard only.
STAY_ABOARD = frozenset({"cannon"})


class Character:
    """A player's leader (`pieces.Character` holds its fields): the colour of its party's counters."""

    __slots__ = ()
    if TYPE_CHECKING:
        initial: str
        colour: str | None

    @property
    def party_colour(self) -> str:
        """The counters' colour: `colour`, else one picked by the initial, so Eldorado folders written
        before party counters existed keep building. Letters step 7/26 of the colour wheel apart
        (7 is prime to 26), so two initials never share a colour and neighbours differ most."""
        if self.colour:
            return self.colour
        r, g, b = colorsys.hsv_to_rgb((ord(self.initial) - ord("A")) * 7 % 26 / 26, 0.75, 0.7)
        return "#%02X%02X%02X" % (round(r * 255), round(g * 255), round(b * 255))
