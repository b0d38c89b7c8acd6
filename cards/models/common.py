"""Record schemas every game can use: plain tokens and markers, and reference cards."""
from __future__ import annotations

from pydantic import Field

from .base import Id, Strict


class Record(Strict):
    """Anything printed from a component file: it has an id, a name and a count."""

    id: Id
    name: str = Field(min_length=1, max_length=80)
    copies: int = Field(default=1, ge=1, le=200)


class Marker(Record):
    """A token or marker: an icon, an optional value and a short label."""

    icon: str | None = None
    value: int | None = Field(default=None, ge=0, le=1000)
    text: str = Field(default="", max_length=300)


class ReferenceSection(Strict):
    title: str = Field(max_length=80)
    lines: list[str] = Field(min_length=1, max_length=20)


class Reference(Record):
    """A rules reference card: titled sections of short lines (icons allowed)."""

    sections: list[ReferenceSection] = Field(min_length=1, max_length=8)
