"""Embedded open fonts, registered once; no output ever uses the base-14 fonts.

ReportLab falls back to Helvetica (`initialFontName`) for any canvas or paragraph
that names no font, and sets it at the start of every drawing it renders (an SVG's
form then carried `BT /F5 10 Tf 12 TL ET`, a non-embedded Helvetica that shops refuse),
so `register_fonts` also points both defaults at our text face.
A built-in face is registered by name and its file parsed only when a build first
measures or draws with it (parsing all seven cost about 70 ms; a kit uses some), and
then only when no earlier build cached what parsing finds (`fontcache`).
"""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from reportlab import rl_config
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont

from fonts import DIR

from . import rl
from .fontcache import load_font, new_font

TEXT = "PnpText"          # DejaVu Sans Condensed: readable at 6 pt, wide Unicode cover
TEXT_BOLD = "PnpText-Bold"
TEXT_ITALIC = "PnpText-Italic"
TEXT_BOLD_ITALIC = "PnpText-BoldItalic"
DISPLAY = "PnpDisplay"    # Old Standard: 19th-century type for names and titles
DISPLAY_BOLD = "PnpDisplay-Bold"
DISPLAY_ITALIC = "PnpDisplay-Italic"

_FILES = {
    TEXT: "DejaVuSansCondensed.ttf",
    TEXT_BOLD: "DejaVuSansCondensed-Bold.ttf",
    TEXT_ITALIC: "DejaVuSansCondensed-Oblique.ttf",
    TEXT_BOLD_ITALIC: "DejaVuSansCondensed-BoldOblique.ttf",
    DISPLAY: "OldStandard-Regular.ttf",
    DISPLAY_BOLD: "OldStandard-Bold.ttf",
    DISPLAY_ITALIC: "OldStandard-Italic.ttf",
}


# family -> its faces by (bold, italic); the families `draw_text` and Paragraph markup know
FACES: dict[str, dict[tuple[bool, bool], str]] = {
    TEXT: {(False, False): TEXT, (True, False): TEXT_BOLD, (False, True): TEXT_ITALIC, (True, True): TEXT_BOLD_ITALIC},
    DISPLAY: {(False, False): DISPLAY, (True, False): DISPLAY_BOLD, (False, True): DISPLAY_ITALIC,
              (True, True): DISPLAY_BOLD},
}
# family -> the families that print what it lacks, in order (Old Standard has no arrows or stars)
FALLBACKS: dict[str, tuple[str, ...]] = {DISPLAY: (TEXT,)}
STYLE_WORDS = {(False, False): "", (True, False): " bold", (False, True): " italic", (True, True): " bold italic"}
# face -> how a message names it: the family as a layout names it, the style, and the font (file) it prints in
SHOWN: dict[str, str] = {
    TEXT: "text (DejaVu Sans Condensed)", TEXT_BOLD: "text bold (DejaVu Sans Condensed Bold)",
    TEXT_ITALIC: "text italic (DejaVu Sans Condensed Oblique)",
    TEXT_BOLD_ITALIC: "text bold italic (DejaVu Sans Condensed Bold Oblique)",
    DISPLAY: "display (Old Standard)", DISPLAY_BOLD: "display bold (Old Standard Bold)",
    DISPLAY_ITALIC: "display italic (Old Standard Italic)",
}


def shown_face(face: str) -> str:
    """A face as a message names it (`text bold (DejaVu Sans Condensed Bold)`, `Title (fonts/Title.ttf)`),
    never the name it is registered under."""
    return SHOWN.get(face, face)


class _ParsedOnUse(TTFont):
    """A built-in face whose file is parsed on first use: any attribute a TTFont sets when it loads."""

    def __init__(self, name: str, path: Path) -> None:  # not super().__init__, which parses the file
        self.fontName = name
        self._file = path

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__") or "_file" not in self.__dict__:  # probes (copy, pickle), or loaded already
            raise AttributeError(attr)
        load_font(self, self.fontName, self.__dict__.pop("_file"))
        rl.register_face(self.face.name, self)
        return getattr(self, attr)


@cache
def register_fonts() -> None:
    """Register every embedded face (parsed on first use) and the bold/italic mappings of Paragraph markup."""
    for name, file in _FILES.items():
        # registerFont would read the face's name, parsing the file: the table is filled as it would fill it
        rl.register_unparsed(name, _ParsedOnUse(name, DIR / file))
    addMapping(TEXT, 0, 0, TEXT)
    addMapping(TEXT, 1, 0, TEXT_BOLD)
    addMapping(TEXT, 0, 1, TEXT_ITALIC)
    addMapping(TEXT, 1, 1, TEXT_BOLD_ITALIC)
    addMapping(DISPLAY, 0, 0, DISPLAY)
    addMapping(DISPLAY, 1, 0, DISPLAY_BOLD)
    addMapping(DISPLAY, 0, 1, DISPLAY_ITALIC)
    addMapping(DISPLAY, 1, 1, DISPLAY_BOLD)
    rl_config.canvas_basefontname = rl_config.defaultGraphicsFontName = TEXT


class FontFileError(ValueError):
    """A font file that cannot be embedded: not a font, or a kind ReportLab cannot embed; `path` names it."""

    path: Path | None = None


MAX_FONT_BYTES = 40_000_000


def register_family(name: str, faces: dict[tuple[bool, bool], Path], fallbacks: tuple[str, ...] = (), *,
                    label: str | None = None, root: Path | None = None) -> None:
    """Register a family from TrueType files, keyed by (bold, italic); a style not given uses the regular face.

    For a game folder's own fonts: a layout names the family `label`, its files are in `root` (messages name
    them so). Raises FontFileError naming the file.
    """
    register_fonts()
    registered: dict[tuple[bool, bool], str] = {}
    for style, path in faces.items():
        try:
            registered[style] = _face(f"{name}-{'B' if style[0] else ''}{'I' if style[1] else ''}".rstrip("-"), path)
        except FontFileError as exc:
            exc.path = path
            raise
        file = path.relative_to(root).as_posix() if root is not None and path.is_relative_to(root) else path.name
        SHOWN[registered[style]] = f"{label or name}{STYLE_WORDS[style]} ({file})"
    FACES[name] = {style: registered.get(style, registered[False, False]) for style in
                   ((False, False), (True, False), (False, True), (True, True))}
    if (True, True) not in faces and (True, False) in faces:
        FACES[name][True, True] = registered[True, False]
    FALLBACKS[name] = tuple(fallbacks)


def _face(face_name: str, path: Path) -> str:
    try:
        size = path.stat().st_size
        head = path.open("rb").read(4)
    except OSError as exc:
        raise FontFileError(f"cannot read font file: {exc.strerror or exc}") from None
    if size > MAX_FONT_BYTES:
        raise FontFileError(f"font file is too large: expected at most {MAX_FONT_BYTES} bytes, got {size}")
    if head == b"OTTO":
        raise FontFileError("expected a font with TrueType outlines (.ttf), got an OpenType font with PostScript "
                            "(CFF) outlines, which ReportLab cannot embed: use the font's TTF version")
    if head not in (b"\x00\x01\x00\x00", b"true"):
        raise FontFileError("expected a TrueType font (.ttf or .otf with TrueType outlines), got a file that is not one")
    for builtin in _FILES:  # a game's font may be a built-in's very file: ReportLab then shares the one face
        getattr(pdfmetrics.getFont(builtin), "face")
    try:
        pdfmetrics.registerFont(new_font(face_name, path))
    except Exception as exc:  # ReportLab raises TTFError, struct.error, IndexError... for a broken font
        raise FontFileError(f"expected a readable TrueType font, got a broken one ({exc})") from None
    return face_name


def text_width(text: str, font: str, size: float) -> float:
    """Width in points of `text` in one of our faces (registering them first, for layout before drawing)."""
    register_fonts()
    return stringWidth(text, font, size)
