"""Drawings made once per PDF as form objects and placed wherever they recur.

A chart has hundreds of textured squares and repeated symbols; one form each keeps
the file small and the build fast.  Forms end with the engine's `end_form`, which
gives them the resources (alpha states, shadings) their drawing uses.
"""
from __future__ import annotations

from typing import Callable

from generator.engine.pdfforms import end_form


def stamp(c, key: str, bbox: tuple[float, float, float, float], draw: Callable[[], None],
          x: float, y: float, rotate: float = 0) -> None:
    """Place form `key` at (x, y), turned by `rotate` degrees; `draw()` fills `bbox` the first time."""
    if not c.hasForm(key):
        c.beginForm(key, *bbox)
        draw()
        end_form(c)
    c.saveState()
    c.translate(x, y)
    if rotate:
        c.rotate(rotate)
    c.doForm(key)
    c.restoreState()
