"""A game folder's own font families ([fonts.NAME] in game.toml), registered for measuring and drawing.

Each family is registered once per folder under a name holding a digest of its files (so a font changed on
disk between two builds of `generator watch` is registered anew), with the fallbacks it names.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from cards.design import FONT_STYLES, Design

from .fonts import DISPLAY, TEXT, FontFileError, register_family

BUILTIN = {"text": TEXT, "display": DISPLAY}
# (family as the game's [fonts] names it, the family it is registered under), for each declared family: what
# `registered` gives, and the families an SVG's text may name (generator.engine.svgfonts)
SvgFonts = tuple[tuple[str, str], ...]
_REGISTERED: dict[tuple[str, str], str] = {}  # (folder, family) -> registered family name


class FolderFontError(ValueError):
    """A folder's font file that cannot be embedded: `file` (game.toml) and `field` (fonts.NAME.STYLE) name it."""

    def __init__(self, message: str, file: str, field: str) -> None:
        self.message, self.file, self.field = message, file, field
        super().__init__(message)


def register_folder_fonts(design: Design) -> None:
    """Register the folder's families (embedded as subsets when drawn).  Raises FolderFontError."""
    for spec in design.fonts.values():
        key = (str(design.folder), spec.name)
        name = family_of(design, spec.name)
        fallbacks = tuple(family_of(design, f) for f in spec.fallback)
        if _REGISTERED.get(key) != name:
            try:
                register_family(name, spec.faces, fallbacks, label=spec.name, root=design.folder)
            except FontFileError as exc:
                style = next(k for k, v in FONT_STYLES.items() if spec.faces.get(v) == exc.path)
                file, where = spec.where.split(": ")
                raise FolderFontError(f"{exc.path.name if exc.path else ''}: {exc}", file, f"{where}.{style}") from None
            _REGISTERED[key] = name


def registered(design: Design) -> SvgFonts:
    """The families the folder declares and their registered names (`register_folder_fonts` registered them)."""
    return tuple((name, _REGISTERED[str(design.folder), name]) for name in design.fonts)


def family_of(design: Design, font: str) -> str:
    """The registered family a layout's `font` names."""
    if font in BUILTIN:
        return BUILTIN[font]
    spec = design.fonts[font]
    files = [path for _, path in sorted(spec.faces.items())]
    return f"{spec.name.replace(' ', '')}-{_digest(tuple((p, p.stat().st_mtime_ns, p.stat().st_size) for p in files))}"


@lru_cache(maxsize=64)
def _digest(files: tuple[tuple[Path, int, int], ...]) -> str:
    """The digest of a family's files, read again only when one's stamp changed (a layout names its font in
    every text box of every card)."""
    return hashlib.sha256(b"".join(path.read_bytes() for path, _, _ in files)).hexdigest()[:10]
