"""The map as a person writes it: rows of terrain letters, a legend, named features.

The shapes here are only types; whether the features make sense on the map (a
river that flows, a port on a coast) is `chart_checks`' job, which names the
square of every mistake.
"""

from typing import Annotated, ClassVar, Literal

from pydantic import Field, StringConstraints

from ..base import Id, Strict, empty
from ..common import Record
from .coords import COORD_PATTERN

Terrain = Literal["sea", "river", "jungle", "mountains", "savanna", "desert", "farmland"]
Coord = Annotated[str, StringConstraints(pattern=COORD_PATTERN)]
CoordOrRange = Annotated[str, StringConstraints(pattern=COORD_PATTERN[:-1] + r"(:[A-Z]{1,2}[1-9][0-9]{0,2})?$")]
Letter = Annotated[str, StringConstraints(min_length=1, max_length=1)]
Name = Annotated[str, StringConstraints(min_length=1, max_length=60)]


class Feature(Strict):
    """Anything named on the chart."""

    id: Id
    name: Name


class Port(Feature):
    """A home port of Europe: a coastal land square where a ship starts and comes home."""

    nation: Name
    square: Coord


class Island(Feature):
    """Land in the open sea; a moored ship takes on provisions there unless `provisions = false`."""

    squares: list[Coord] = Field(min_length=1, max_length=40)
    provisions: bool = True


class River(Feature):
    """A navigable river, its squares listed from source to mouth: the order is the current."""

    squares: list[Coord] = Field(min_length=2, max_length=80)


class City(Feature):
    """A golden city of Eldorado, guarded by Indians on the squares beside it."""

    square: Coord
    indians: list[Coord] = Field(min_length=1, max_length=4)


class Monsters(Feature):
    """Sea-monster waters: single squares ('K12') or rectangles ('K12:M14')."""

    squares: list[CoordOrRange] = Field(min_length=1, max_length=40)


class Label(Strict):
    """Words written on the chart (a sea, a country), centred on a square."""

    text: Name
    square: Coord


class MapRecord(Record):
    """The whole map: `rows` top (row 1, north) to bottom, each letter one square."""

    TABLE: ClassVar[str] = "map"
    MIN_COLUMNS: ClassVar[int] = 36
    MIN_ROWS: ClassVar[int] = 24

    rows: list[Annotated[str, StringConstraints(min_length=1, max_length=200)]] = Field(min_length=1, max_length=200)
    legend: dict[Letter, Terrain] = Field(min_length=1)
    ports: list[Port] = Field(default_factory=empty, max_length=20)
    islands: list[Island] = Field(default_factory=empty, max_length=60)
    rivers: list[River] = Field(default_factory=empty, max_length=30)
    cities: list[City] = Field(default_factory=empty, max_length=40)
    monsters: list[Monsters] = Field(default_factory=empty, max_length=20)
    labels: list[Label] = Field(default_factory=empty, max_length=60)
    compass: Coord | None = Field(default=None, description="where the compass rose is drawn")
