"""The face being drawn, so text and icons can check themselves against its safe zone.

The engine enters `drawing_face` around every template call; `draw_text` and
`draw_icon` then call `check_safe`.  The check maps the drawn box through the
canvas's current transformation, so a template may rotate (two-ended cards print
their second option upside down) and still be checked against the real trim.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Iterator

from cards.typeset.measure import safe_problem

from . import rl
from .box import Box
from .errors import SafeZoneError

Matrix = tuple[float, float, float, float, float, float]


@dataclass(frozen=True)
class Face:
    record: Any
    box: Box
    origin: Matrix


_FACE: ContextVar[Face | None] = ContextVar("face", default=None)


def current_face() -> Face | None:
    """The face being drawn, or None outside the engine (then nothing is checked)."""
    return _FACE.get()


@contextmanager
def drawing_face(c, record: Any, box: Box) -> Iterator[None]:
    """Mark `c`'s current origin as the bottom-left of `box`'s trim while drawing `record`."""
    token = _FACE.set(Face(record, box, rl.current_matrix(c)))
    try:
        yield
    finally:
        _FACE.reset(token)


def face_label() -> dict[str, str | None]:
    """card= and card_name= of the face being drawn, for errors raised while drawing it."""
    face = _FACE.get()
    record = face.record if face else None
    return {"card": getattr(record, "id", None), "card_name": getattr(record, "name", None)}


def check_safe(c, x: float, y: float, w: float, h: float, *, field: str, what: str) -> None:
    """Raise SafeZoneError if the rectangle (in current user space) leaves the face's safe zone."""
    face = _FACE.get()
    if face is None:
        return
    to_face = _compose(_invert(face.origin), rl.current_matrix(c))
    corners = [_apply(to_face, px, py) for px in (x, x + w) for py in (y, y + h)]
    problem = safe_problem([p[0] for p in corners], [p[1] for p in corners], face.box.w, face.box.h, face.box.safe,
                           what)
    if problem:
        raise SafeZoneError(problem, field=field, **face_label())


def _compose(m: Matrix, n: Matrix) -> Matrix:
    """The transform applying n then m (points map as m(n(p)))."""
    a, b, cc, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + cc * b2, b * a2 + d * b2, a * c2 + cc * d2, b * c2 + d * d2,
            a * e2 + cc * f2 + e, b * e2 + d * f2 + f)


def _invert(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f
