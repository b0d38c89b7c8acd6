"""ReportLab's private names for its font registry, behind one door (as `generator/engine/rl.py` is the print
engine's): registering the kit's faces without parsing their files until they are used.  `tests/test_rl.py` fails
on a private name found anywhere but the two doors."""
from __future__ import annotations

from typing import Any

from reportlab.pdfbase import pdfmetrics


def register_unparsed(name: str, font: Any) -> None:
    """Register `font` under `name` as `pdfmetrics.registerFont` would, without reading its face's name
    (which would parse its file)."""
    pdfmetrics._fonts[name] = font  # type: ignore[attr-defined]


def register_face(face_name: str, font: Any) -> None:
    """Record the face's name for `font`, once its file is parsed, as `registerFont` does."""
    pdfmetrics._dynFaceNames.setdefault(face_name, font)  # type: ignore[attr-defined]
