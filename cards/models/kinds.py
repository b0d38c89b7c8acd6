"""What records shared by every game do beyond their fields, without pydantic (`common.kept`).

`cards.models.base` subclasses these with its fields and validation; a kept game's records
are made of them without importing pydantic.  A kind declares the fields it reads for the
type checker only: pydantic takes a plain base class's annotations for fields of its own.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..sizes import parse_size


class Component:
    """One printed component of a game (`cards.models.base.Component` holds its fields)."""

    __slots__ = ()
    if TYPE_CHECKING:  # the fields, for code that reads a kept component as well as a validated one
        id: str
        name: str
        kind: str
        schema_: str
        file: str
        size: str
        copies: int
        back: str | None
        shape: str
        layout: str | None
        grid: Any  # cards.models.base.GridSpec
        posters: bool
        source: str | None

    @property
    def size_mm(self) -> tuple[float, float]:
        return parse_size(self.size)
