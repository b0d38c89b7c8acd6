"""Drawings made once per PDF as form objects and placed wherever they recur.

A chart has hundreds of textured squares and repeated symbols; one form each keeps
the file small and the build fast.  `form_once` ends them with the engine's `end_form`,
which gives them the resources (alpha states, shadings) their drawing uses, and lets a
recording of the face replay them in another PDF.
"""
from __future__ import annotations

from typing import Callable

from generator.engine.recording import form_once


def stamp(c, key: str, bbox: tuple[float, float, float, float], draw: Callable[[], None],
          x: float, y: float, rotate: float = 0) -> None:
    """Place form `key` at (x, y), turned by `rotate` degrees; `draw()` fills `bbox` the first time."""
    form_once(c, key, bbox, draw)
    c.saveState()
    c.translate(x, y)
    if rotate:
        c.rotate(rotate)
    c.doForm(key)
    c.restoreState()
