"""The schema shared by every game: `game.toml` and its components.

A component is something you print and cut (a deck, a board, tokens, the map);
its records (cards, boards, ...) live in its own file and follow the schema the
game's rules family names for it.
"""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator, model_validator

from ..sizes import parse_size
from . import kinds

Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9\-]*$", max_length=64)]
Kind = Literal["card", "board", "token", "map", "standee", "die"]
Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]


def empty() -> list[Any]:
    """A new empty list, as a field's `default_factory`.  pydantic takes the factory's `inspect.signature` as it builds
    a validator; a builtin's (`list`) is parsed from its text with `tokenize`, whose regular expression costs the
    first load that validates about 3 ms to compile, a function's is read from its code."""
    return []


class Strict(BaseModel):
    """Unknown keys and loose types are errors: a typo must never pass silently."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


class Region(Strict):
    """A named group of cells (`region` in the cells file) drawn with an outline round it."""

    stroke: Colour = "#7a1f1f"
    width: float = Field(default=0.8, ge=0.1, le=5, description="outline width in mm")


class Link(Strict):
    """A line from one cell's centre to another's (a road, a route, a river)."""

    from_: str = Field(alias="from", max_length=12)
    to: str = Field(max_length=12)
    colour: Colour = "#3b3b3b"
    width: float = Field(default=0.6, ge=0.1, le=5, description="line width in mm")


class GridSpec(Strict):
    """A board's grid (cards.grids): its cells, their coordinates and the cells file that fills them."""

    shape: Literal["square", "hex"]
    top: Literal["pointy", "flat"] = "pointy"
    arrangement: Literal["offset", "axial"] = "offset"
    columns: int = Field(ge=1, le=100)
    rows: int = Field(ge=1, le=100)
    cell: float = Field(ge=5, le=300, description="a square's side or a hex's width across its flats, in mm")
    coordinates: Literal["A1", "0101", "1.1", "none"] = "A1"
    diagonals: bool = Field(default=False, description="square grids: diagonal cells are neighbours too")
    cells: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_\-/]+\.(toml|csv)$")
    layout: str | None = Field(default=None, max_length=200, description="the cells' layout file (cards.design)")
    line: Colour = "#4a4036"
    line_width: float = Field(default=0.3, ge=0, le=5, description="mm; 0 draws no grid lines")
    regions: dict[Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9\-]*$", max_length=64)], Region] = \
        Field(default_factory=dict)
    links: list[Link] = Field(default_factory=empty, max_length=1000)


class Component(kinds.Component, Strict):
    """One printed component of a game, e.g. the town deck or the camp boards."""

    id: Id
    name: str
    kind: Kind
    schema_: str = Field(alias="schema", description="record schema in the game's rules family")
    file: str = Field(pattern=r"^[A-Za-z0-9_\-]+\.(toml|csv|xlsx)$")
    size: str
    copies: int = Field(default=1, ge=1, le=100)
    back: str | None = None
    shape: Literal["rect", "round"] = "rect"
    layout: str | None = Field(default=None, max_length=200, description="layout file in the game's folder (cards.design)")
    source: str | None = Field(default=None, max_length=2000,
                               description="a published CSV (http:// or https://) `generator pull` fetches into `file`")
    grid: GridSpec | None = Field(default=None, description="a board's grid (cards.boards)")
    posters: bool = Field(default=False, description="a board also printed whole on A2 and A1 posters")

    @model_validator(mode="after")
    def _board_only(self) -> "Component":
        for name in ("grid", "posters"):
            if getattr(self, name) and self.kind != "board":
                raise ValueError(f"{name}: only a board (kind = \"board\") has a {name}, got kind {self.kind!r}")
        return self

    @field_validator("size")
    @classmethod
    def _size(cls, value: str) -> str:
        parse_size(value)
        return value

    @field_validator("source")
    @classmethod
    def _source(cls, value: str | None, info: Any) -> str | None:
        if value is None:
            return value
        if not value.startswith(("https://", "http://")) or any(c.isspace() for c in value):
            raise ValueError(f"expected the http:// or https:// address of a published CSV, got {value!r}")
        if not str(info.data.get("file", "")).lower().endswith(".csv"):
            raise ValueError("a source is fetched as CSV: name a .csv snapshot as the component's file")
        return value


class GameFile(Strict):
    """`game.toml`: what the game is and which components it prints."""

    format: int = Field(default=1, description="format version of this file (1; read before anything else)")
    id: Id
    name: str
    version: str | None = Field(default=None, pattern=r"^[A-Za-z0-9][A-Za-z0-9.+_-]*$", max_length=24,
                                description="the definitions' version, printed on every face's stamp (e.g. \"0.3\")")
    rules: str = Field(description="rules family (cards.families): its record schemas, effects, engine, look")
    players: list[int] = Field(min_length=2, max_length=2, description="[min, max]")
    components: list[Component] = Field(min_length=1)
    schemas: dict[str, Any] | None = Field(default=None, description="record schemas the game declares (generic family)")
    fonts: dict[str, Any] | None = Field(default=None, description="the folder's font families (cards.design)")
    icons: dict[str, Any] | None = Field(default=None, description="the folder's icons, name = file (cards.design)")
    parameters: dict[str, Any] | None = Field(default=None, description="rule parameters the game sets (cards.parameters)")

    @field_validator("players")
    @classmethod
    def _players(cls, value: list[int]) -> list[int]:
        low, high = value
        if not 1 <= low <= high <= 12:
            raise ValueError(f"expected [min, max] with 1 <= min <= max <= 12, got {value}")
        return value
