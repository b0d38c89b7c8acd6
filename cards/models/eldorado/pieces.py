"""The cards and pieces of Eldorado ("Components"; "Start of Game").

Where a piece repeats something the map or a character already says (a ship's
sail initial, an Eldorado card's city name and square), it is cross-checked by
`checks.check_game`, so a printed card can never disagree with the map.
"""

import colorsys
from typing import Annotated, Literal, get_args

from pydantic import Field, StringConstraints

from ..base import Id
from ..common import Illustrated, Record
from .chart_schema import Coord, Name

Initial = Annotated[str, StringConstraints(pattern=r"^[A-Z]$")]
Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9A-Fa-f]{6}$")]
Item = Literal["soldier", "barrel", "musket", "cannon", "treasure"]
ITEMS: tuple[str, ...] = get_args(Item)
# "On land: the player leaves their ship (its card and all its cannons) on the square where it
# was moored": these never go ashore, so a ship card tracks them aboard only.
STAY_ABOARD = frozenset({"cannon"})


class Character(Record):
    """A player's leader ("Start of Game"): printed as a fold-over standee."""

    title: Name                # "Spanish conquistador"
    nation: Name               # the country of the home port
    port: Name                 # the name of a port of the map, as printed on the standee
    initial: Initial           # on the sail of the character's ship
    colour: Colour | None = None  # "#RRGGBB" of the leader's party counters; none: from the initial

    @property
    def party_colour(self) -> str:
        """The counters' colour: `colour`, else one picked by the initial, so Eldorado folders written
        before party counters existed keep building. Letters step 7/26 of the colour wheel apart
        (7 is prime to 26), so two initials never share a colour and neighbours differ most."""
        if self.colour:
            return self.colour
        r, g, b = colorsys.hsv_to_rgb((ord(self.initial) - ord("A")) * 7 % 26 / 26, 0.75, 0.7)
        return "#%02X%02X%02X" % (round(r * 255), round(g * 255), round(b * 255))


class Ship(Illustrated):
    """A ship card, "matched by the initial on the sail" with its character."""

    character: Id
    sail: Initial


class EldoradoCard(Illustrated):
    """A player's secret golden city: id and name are the city's, square where it stands."""

    square: Coord


class Supply(Illustrated):
    """A card of the common pile: one soldier, barrel, musket, cannon or treasure pile, or five of
    them on one card (as El Dorado Canyon's gold has), so a big party is not a tall stack."""

    item: Item
    value: Literal[1, 5] = 1
    text: str = Field(default="", max_length=120)
