"""Record schemas every game can use: plain tokens and markers, and reference cards."""

from pathlib import Path
from typing import Annotated

from pydantic import AfterValidator, Field, ValidationInfo

from ..art import ArtError, inspect_art
from ..design import LAYOUT_NAME, layout_names
from .base import Id, Strict

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")


def _inside_folder(value: str, info: ValidationInfo) -> str:
    """An image names a PNG, JPEG or SVG file inside the game's folder (cards.art: no `..`, no absolute
    path, no link out, an image that is one, of a printable size)."""
    folder = (info.context or {}).get("folder")
    if folder is None:
        if not value.lower().endswith(IMAGE_SUFFIXES):
            raise ValueError(f"expected a .png, .jpg, .jpeg or .svg file, got {value!r}")
        return value
    try:
        inspect_art(Path(folder), value)
    except ArtError as exc:
        raise ValueError(str(exc)) from None
    return value


Image = Annotated[str, Field(max_length=300), AfterValidator(_inside_folder)]


def _a_layout(value: str, info: ValidationInfo) -> str:
    """A record's own layout names a file of the game's layouts/ folder, without .toml (cards.design)."""
    if not LAYOUT_NAME.fullmatch(value):
        raise ValueError(f"expected the name of a layout in layouts/ (its file name without .toml, e.g. "
                         f"'big-text' for layouts/big-text.toml), got {value!r}")
    folder = (info.context or {}).get("folder")
    names = layout_names(Path(folder)) if folder is not None else [value]
    if value not in names:
        raise ValueError(f"expected one of the layouts in layouts/ ({', '.join(names)}), got {value!r}" if names else
                         f"expected the name of a layout in layouts/, got {value!r} (the folder has none: add "
                         f"layouts/{value}.toml)")
    return value


LayoutName = Annotated[str, AfterValidator(_a_layout)]


class Record(Strict):
    """Anything printed from a component file: it has an id, a name, a count, and may name the layout
    its front uses in place of its component's."""

    id: Id
    name: str = Field(min_length=1, max_length=80)
    copies: int = Field(default=1, ge=1, le=200)
    layout: LayoutName | None = Field(default=None, description="a layout of the game's layouts/ folder, by name: "
                                                                "this card's front uses it instead of its component's")


class Illustrated(Record):
    """A built-in game's card that may show the designer's own art: `image` prints in its picture area
    in place of the drawn picture (generator/templates/regions.py draws it)."""

    image: Image | None = Field(default=None, description="art file in the game's folder, printed in place of the "
                                                          "drawn picture")


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
