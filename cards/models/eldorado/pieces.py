"""The cards and pieces of Eldorado ("Components"; "Start of Game").

Where a piece repeats something the map or a character already says (a ship's
sail initial, an Eldorado card's city name and square), it is cross-checked by
`checks.check_game`, so a printed card can never disagree with the map.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from ..base import Id
from ..common import Record
from .chart_schema import Coord, Name

Initial = Annotated[str, StringConstraints(pattern=r"^[A-Z]$")]
Pip = Annotated[int, Field(ge=1, le=6)]
Item = Literal["soldier", "barrel", "musket", "cannon", "treasure"]


class Character(Record):
    """A player's leader ("Start of Game"): printed as a fold-over standee."""

    title: Name                # "Spanish conquistador"
    nation: Name               # the country of the home port
    port: Id                   # a port id of the map
    initial: Initial           # on the sail of the character's ship


class Ship(Record):
    """A ship card, "matched by the initial on the sail" with its character."""

    character: Id
    sail: Initial


class EldoradoCard(Record):
    """A player's secret golden city: id and name are the city's, square where it stands."""

    square: Coord


class Supply(Record):
    """A card of the common pile: one soldier, barrel, musket, cannon or treasure pile."""

    item: Item
    text: str = Field(default="", max_length=120)


class Die(Record):
    """A six-sided die net: the pips on each face (a true die's opposite faces add up to 7)."""

    top: Pip
    front: Pip
    bottom: Pip
    back: Pip
    left: Pip
    right: Pip

    def faces(self) -> dict[str, int]:
        return {f: getattr(self, f) for f in ("top", "front", "bottom", "back", "left", "right")}
