"""The cards and pieces of Eldorado ("Components"; "Start of Game").

Where a piece repeats something the map or a character already says (a ship's
sail initial, an Eldorado card's city name and square), it is cross-checked by
`checks.check_game`, so a printed card can never disagree with the map.  What the templates
read beyond the fields (a leader's party colour, the items) is in `kinds`, without pydantic.
"""

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from ..base import Id
from ..common import Illustrated, Record
from . import kinds
from .chart_schema import Coord, Name
from .kinds import Item

Initial = Annotated[str, StringConstraints(pattern=r"^[A-Z]$")]
Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9A-Fa-f]{6}$")]


class Character(kinds.Character, Record):
    """A player's leader ("Start of Game"): printed as a fold-over standee."""

    title: Name                # "Spanish conquistador"
    nation: Name               # the country of the home port
    port: Name                 # the name of a port of the map, as printed on the standee
    initial: Initial           # on the sail of the character's ship
    colour: Colour | None = None  # "#RRGGBB" of the leader's party counters; none: from the initial


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
