"""ReportLab's private names, behind one door: every one the engine uses is read or set here.

Faces are drawn into form objects, recorded and replayed (`faces`, `recording`, `pdfforms`),
which ReportLab's public API does not reach: the operators a canvas gathers for its open page
or form, the forms and resources that drawing names, the open form's name, the document's PDF
version, a text object's font state and its run formatting, the current transformation, and whether a
registered font is embedded (the font registry's own door is `cards/typeset/rl.py`). The rest of
`generator/engine` calls ReportLab's public API, and these functions for the rest, so that a ReportLab
release is checked in these two files: `SUPPORTED` names
the release series this was read against, and `tests/test_rl.py` fails on any other (and on a
private name found elsewhere).
"""
from __future__ import annotations

from typing import Any, Callable

from reportlab.pdfgen.textobject import PDFTextObject

SUPPORTED = ("5.1",)  # ReportLab's `Version`, up to its minor number; pyproject.toml's range is the same


def supported(version: str) -> bool:
    """Whether ReportLab `version` (e.g. "5.1.0") is of a series these names were checked against."""
    return ".".join(version.split(".")[:2]) in SUPPORTED


# The canvas: what its open page or form gathers, and what that drawing names.

def operators(c: Any) -> list[str]:
    """The operators of `c`'s open page or form, as ReportLab gathers them until the page or form ends (the
    list itself: appended to, emptied or filled by the callers)."""
    return c._code


def preamble(c: Any) -> str:
    """What ReportLab writes before the operators of `c`'s open form's stream."""
    return c._preamble


def document(c: Any) -> Any:
    """`c`'s `PDFDocument`."""
    return c._doc


def forms_in_use(c: Any) -> list[str]:
    """The names of the forms `c`'s open page or form places (the list itself, as `operators`)."""
    return c._formsinuse


def open_form(c: Any) -> str:
    """The name of the form `c.beginForm` opened."""
    return c._formData[0]


def graphics_states(c: Any) -> Any:
    """The extended graphics states (alpha, overprint) `c`'s drawing named, as the form's resources name them
    (a `PDFDictionary`), or None when it named none."""
    return c._extgstate.getState()


def graphics_state_items(c: Any) -> list[tuple[Any, str]]:
    """Each extended graphics state `c`'s drawing named, with the name it has there."""
    return list(c._extgstate._c.items())


def shadings(c: Any) -> dict[str, Any]:
    """The shadings `c`'s drawing named."""
    return c._shadingUsed


def colour_spaces(c: Any) -> dict[str, Any]:
    """The colour spaces (spot colours) `c`'s drawing named."""
    return c._colorsUsed


def page_annotations(c: Any) -> list[Any]:
    """The annotations (links) `c`'s page holds."""
    return c._annotationrefs


def compresses(c: Any) -> bool:
    """Whether `c` compresses its pages' and forms' streams."""
    return bool(c._pageCompression)


def fill_mode(c: Any) -> int:
    """`c`'s fill rule (ReportLab's `FILL_EVEN_ODD` or `FILL_NON_ZERO`)."""
    return c._fillMode


def current_matrix(c: Any) -> tuple[float, float, float, float, float, float]:
    """`c`'s current transformation matrix."""
    a, b, cc, d, e, f = c._currentMatrix
    return a, b, cc, d, e, f


def escaped(c: Any, text: str) -> str:
    """`text` escaped for a PDF string on `c`, as ReportLab escapes a text run."""
    return c._escape(text)


# The document.

def pdf_version(doc: Any) -> tuple[int, int]:
    """The PDF version `doc` will declare."""
    return doc._pdfVersion


def raise_pdf_version(doc: Any, version: tuple[int, int]) -> None:
    """Have `doc` declare at least `version` (what a replayed drawing needed when it was recorded)."""
    doc._pdfVersion = max(doc._pdfVersion, version)


# A text object: its font state, and how it formats a run.

reportlab_format_text: Callable[[Any, Any], str] = getattr(PDFTextObject, "_formatText")


def format_text_with(format_text: Callable[[Any, Any], str]) -> None:
    """Have every text object format its runs with `format_text(obj, text)` (ReportLab's own:
    `reportlab_format_text`)."""
    setattr(PDFTextObject, "_formatText", format_text)


def text_canvas(obj: Any) -> Any:
    """The canvas the text object `obj` draws on."""
    return obj._canvas


def text_font(obj: Any) -> tuple[str, float, float]:
    """The text object's font name, size and leading."""
    return obj._fontname, obj._fontsize, obj._leading


def text_subset(obj: Any) -> int:
    """The font subset the text object's last run left current (-1: none yet)."""
    return obj._curSubset


def set_text_subset(obj: Any, subset: int) -> None:
    obj._curSubset = subset


# Fonts.

def is_truetype(font: Any) -> bool:
    """Whether a registered font is a TrueType face embedded as subsets (not one of the 14 standard fonts)."""
    return bool(font._dynamicFont)
