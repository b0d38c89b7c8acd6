"""The schema shared by every game: `game.toml` and its components.

A component is something you print and cut (a deck, a board, tokens, the map);
its records (cards, boards, ...) live in its own file and follow the schema the
game's rules family names for it.
"""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from ..sizes import parse_size
from . import kinds

Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9\-]*$", max_length=64)]
Kind = Literal["card", "board", "token", "map", "standee", "die"]


def empty() -> list[Any]:
    """A new empty list, as a field's `default_factory`.  pydantic takes the factory's `inspect.signature` as it builds
    a validator; a builtin's (`list`) is parsed from its text with `tokenize`, whose regular expression costs the
    first load that validates about 3 ms to compile, a function's is read from its code."""
    return []


class Strict(BaseModel):
    """Unknown keys and loose types are errors: a typo must never pass silently."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


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

    @field_validator("players")
    @classmethod
    def _players(cls, value: list[int]) -> list[int]:
        low, high = value
        if not 1 <= low <= high <= 12:
            raise ValueError(f"expected [min, max] with 1 <= min <= max <= 12, got {value}")
        return value
