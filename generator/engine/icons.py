"""The icon registry: vector icons drawn by code, used on cards and inline in text.

A game's template module registers its icons when it is imported::

    from generator.engine.icons import register_icon

    def gold(c, x, y, size):
        c.circle(x + size / 2, y + size / 2, size * 0.45, fill=1, stroke=0)

    register_icon("gold", gold)

`draw_fn(c, x, y, size)` draws the icon inside the square (x, y, size, size); (x, y)
is its bottom-left corner, and in text the bottom edge sits on the baseline.  An icon
that sets no colour takes the colour of the text around it.  An icon that looks
different in the ink-saver kit takes the print style as a keyword,
`draw_fn(c, x, y, size, style)` (`generator.engine.box.Style`), and is then given the
style the PDF is printed in; icons without the parameter are drawn as they are.

Icons are scoped by the module that defines `draw_fn`, so two games may both have a
`gold` icon that looks different: while the engine draws a game it looks a name up
in that game's template module first, then in the generic icons built in here (and
in `generator.templates.common`).  Each icon is drawn once per PDF (and style) as a
form object and placed wherever it is used, which keeps files small and builds fast.
"""
from __future__ import annotations

import hashlib
import inspect
import math
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, partial
from typing import Any, Callable, Iterator

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import xObjectName

from . import rl
from .box import Style
from cards.layouttext import GENERIC_ICONS

from .errors import UnknownIcon
from cards.typeset.fonts import TEXT_BOLD
from .pdfforms import end_form
from .recording import Recording, recording
from .safezone import check_safe, face_label

DrawIcon = Callable[..., None]  # (c, x, y, size) -> None
UNIT = 100.0  # icons are drawn once at this size into their form object and scaled when placed
GENERIC = "generic"

_REGISTRY: dict[str, dict[str, DrawIcon]] = {}
_SCOPE: ContextVar[str] = ContextVar("icon_scope", default=GENERIC)
_DECLARED: ContextVar[frozenset[str]] = ContextVar("icons_declared", default=frozenset())
_STYLE: ContextVar[Style] = ContextVar("icon_style", default=Style())
_GENERIC_MODULES = {__name__, "generator.templates.common"}


def register_icon(name: str, draw_fn: DrawIcon, *, scope: str | None = None) -> None:
    """Register `draw_fn` as icon `name` for the module that defines it (or `scope`)."""
    owner = scope or _scope_of(draw_fn.__module__)
    _REGISTRY.setdefault(name, {})[owner] = draw_fn


def _scope_of(module: str) -> str:
    return GENERIC if module in _GENERIC_MODULES else module


@contextmanager
def icon_scope(scope: str, declared: frozenset[str] | set[str] = frozenset(), style: Style = Style()) -> Iterator[None]:
    """Look icons up in `scope` (a template module's name) first while drawing one game in `style`.

    `declared` are the icon names the game's rules family allows (cards.models ICONS):
    one that no template draws yet prints as a placeholder disc with its initial
    instead of failing, so a game stays printable while its art is being made.
    """
    scope_token, declared_token, style_token = _SCOPE.set(scope), _DECLARED.set(frozenset(declared)), _STYLE.set(style)
    try:
        yield
    finally:
        _SCOPE.reset(scope_token)
        _DECLARED.reset(declared_token)
        _STYLE.reset(style_token)


@cache
def takes_style(draw_fn: DrawIcon) -> bool:
    """Does `draw_fn` accept the print style (a `style` parameter)?"""
    try:
        return "style" in inspect.signature(draw_fn).parameters
    except (TypeError, ValueError):
        return False


def lookup(name: str) -> tuple[str, DrawIcon] | None:
    """(scope, draw_fn) of the icon `name` as the game being drawn sees it, or None."""
    versions = _REGISTRY.get(name, {})
    scope = _SCOPE.get()
    for owner in (scope, scope.partition("#")[0], GENERIC):  # a game folder's icons, its family's, the generic
        if owner in versions:
            return owner, versions[owner]
    if name in _DECLARED.get():
        return f"placeholder_{name}", _placeholder(name)
    return None


def has_icon(name: str) -> bool:
    return lookup(name) is not None


def icon_names() -> list[str]:
    """Every icon name the game being drawn can use, sorted."""
    return sorted({n for n in _REGISTRY if has_icon(n)} | _DECLARED.get())


@cache
def form_name(scope: str, name: str) -> str:
    """The PDF form object holding one icon (unique per scope and name; asked at every placement)."""
    return "icon_" + "".join(ch if ch.isalnum() else "_" for ch in f"{scope}_{name}")


@dataclass(frozen=True)
class FormDrawing:
    """What a form object holds: `draw(c)` paints inside `bbox` (x0, y0, x1, y1)."""

    draw: Callable[[Any], None]
    bbox: tuple[float, float, float, float]


_USED: ContextVar[dict[str, FormDrawing] | None] = ContextVar("icons_used", default=None)


@contextmanager
def collecting_forms() -> Iterator[dict[str, FormDrawing]]:
    """Place icons and repeated art as form objects; yields {form name: drawing} to define before saving.

    Outside this context `draw_icon` and `place_drawing` draw the vectors directly (tests, previews).
    """
    used: dict[str, FormDrawing] = {}
    token = _USED.set(used)
    try:
        yield used
    finally:
        _USED.reset(token)


def placed_forms(names: tuple[str, ...]) -> dict[str, FormDrawing]:
    """The drawings of the forms `names` as this PDF collected them (for a face replayed elsewhere)."""
    used = _USED.get() or {}
    return {name: used[name] for name in names if name in used}


def place_forms(forms: dict[str, FormDrawing]) -> None:
    """Collect `forms` for this PDF, as placing them again would."""
    used = _USED.get()
    if used is not None:
        used.update(forms)


def define_forms(c, used: dict[str, FormDrawing], keep: Callable[[str, tuple, Recording], None] | None = None) -> None:
    """Draw every placed icon and piece of art once into its form object (call after the last page);
    `keep(name, bbox, recording)` receives each one a replay can repeat."""
    for name in sorted(used):
        c.beginForm(name, *used[name].bbox)
        with recording(c) as result:
            used[name].draw(c)
        end_form(c)
        if keep is not None and result[0] is not None:
            keep(name, used[name].bbox, result[0])


def draw_icon(c, name: str, x: float, y: float, size: float, *, field: str = "icon", check: bool = True) -> None:
    """Draw icon `name` in the square (x, y, size, size).

    `check=False` is for decoration that may run into the bleed (background
    patterns); anything a player must read is checked against the safe zone.
    """
    found = lookup(name)
    if found is None:
        raise UnknownIcon(f"unknown icon ':{name}:': expected one of {', '.join(icon_names())}", field=field,
                          **face_label())
    if check:
        check_safe(c, x, y, size, size, field=field, what=f"icon ':{name}:'")
    scope, draw_fn = found
    form = form_name(scope, name)
    if takes_style(draw_fn):
        style = _STYLE.get()
        draw_fn = partial(draw_fn, style=style)
        form += "_ink_saver" if style.ink_saver else ""
    place_form(c, form, draw_fn, x, y, size)


def place_form(c, form: str, draw_fn: DrawIcon, x: float, y: float, size: float, *, overflow: float = 0.0) -> None:
    """Place a drawing of the unit square at (x, y), `size` wide: inside `collecting_forms` as the
    form `form`, drawn once per PDF however often it is placed; outside it, drawn directly.

    The form clips to the square, widened on each side by `overflow` (a fraction of the size)
    for a drawing whose strokes run past its edges.
    """
    used = _USED.get()
    if used is None:
        draw_fn(c, x, y, size)
        return
    if form not in used:
        pad = overflow * UNIT
        used[form] = FormDrawing(partial(_in_unit_square, draw_fn), (-pad, -pad, UNIT + pad, UNIT + pad))
    k = size / UNIT
    _do_form(c, form, (k, 0, 0, k, x, y))


def _do_form(c, form: str, matrix: tuple[float, ...]) -> None:
    """`q MATRIX cm /FORM Do Q`: what saveState, translate, scale, doForm and restoreState write, in one step
    (the canvas's own state is left as it was, as restoreState would leave it)."""
    rl.operators(c).append(f"q {fp_str(*matrix)} cm /{xObjectName(form)} Do Q")
    rl.forms_in_use(c).append(form)


def _in_unit_square(draw_fn: DrawIcon, c) -> None:
    draw_fn(c, 0, 0, UNIT)


def place_drawing(c, key: str, draw: Callable[[Any], None], bbox: tuple[float, float, float, float],
                  at: tuple[float, float] | None = None) -> None:
    """Paint `draw(c)`, art repeated on many faces, as one form object per PDF and `key`.

    `key` names everything the drawing depends on (size, colours, and position unless `at`
    is given): the same key must always draw the same.  `draw` paints inside `bbox`, in the
    caller's coordinates, or with its origin moved to `at` (the art then goes wherever the
    card's layout puts it); what it leaves set (colours, line width) stays inside the form, as
    a PDF form's graphics state is restored after it is painted.
    """
    used = _USED.get()
    if used is None:
        if at is not None:
            c.saveState()
            c.translate(*at)
        draw(c)
        if at is not None:
            c.restoreState()
        return
    form = _art_name(key)
    if form not in used:
        used[form] = FormDrawing(draw, bbox)
    if at is None:
        c.doForm(form)
    else:
        _do_form(c, form, (1, 0, 0, 1, *at))


@cache
def _art_name(key: str) -> str:
    return "art_" + hashlib.sha256(key.encode()).hexdigest()[:20]


# --- generic icons: shapes any game can use --------------------------------------------
# Solid in the full kit; in the ink-saver kit outlined in the current stroke colour
# (`draw_text` strokes in its text colour), as print.md's "outline art" asks.

def _paint(c, style: Style, s: float):
    """(fill, stroke) flags for a solid shape in `style`, with the outline's width set."""
    if not style.ink_saver:
        return 1, 0
    c.setLineWidth(s * 0.07)
    c.setLineJoin(1)
    return 0, 1


def _star(c, x, y, s, style=Style()):
    cx, cy, r = x + s / 2, y + s * 0.47, s * 0.5
    p = c.beginPath()
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.42
        a = math.pi / 2 + i * math.pi / 5
        (p.moveTo if i == 0 else p.lineTo)(cx + rr * math.cos(a), cy + rr * math.sin(a))
    p.close()
    fill, stroke = _paint(c, style, s)
    c.drawPath(p, fill=fill, stroke=stroke)


def _circle(c, x, y, s, style=Style()):
    fill, stroke = _paint(c, style, s)
    c.circle(x + s / 2, y + s / 2, s * 0.42, fill=fill, stroke=stroke)


def _square(c, x, y, s, style=Style()):
    fill, stroke = _paint(c, style, s)
    c.rect(x + s * 0.1, y + s * 0.1, s * 0.8, s * 0.8, fill=fill, stroke=stroke)


def _heart(c, x, y, s, style=Style()):
    p = c.beginPath()
    p.moveTo(x + s / 2, y + s * 0.05)
    p.curveTo(x - s * 0.15, y + s * 0.5, x + s * 0.2, y + s * 1.05, x + s / 2, y + s * 0.72)
    p.curveTo(x + s * 0.8, y + s * 1.05, x + s * 1.15, y + s * 0.5, x + s / 2, y + s * 0.05)
    p.close()
    fill, stroke = _paint(c, style, s)
    c.drawPath(p, fill=fill, stroke=stroke)


def _arrow(direction: int) -> DrawIcon:
    def draw(c, x, y, s, style=Style()):
        mid = x + s / 2
        tip, tail = (x + s * 0.95, x + s * 0.05) if direction > 0 else (x + s * 0.05, x + s * 0.95)
        p = c.beginPath()
        p.moveTo(tip, y + s / 2)
        p.lineTo(mid, y + s * 0.9)
        p.lineTo(mid, y + s * 0.65)
        p.lineTo(tail, y + s * 0.65)
        p.lineTo(tail, y + s * 0.35)
        p.lineTo(mid, y + s * 0.35)
        p.lineTo(mid, y + s * 0.1)
        p.close()
        fill, stroke = _paint(c, style, s)
        c.drawPath(p, fill=fill, stroke=stroke)
    return draw


class _OutlineCanvas:
    """A canvas stand-in for ink-saver icons: every fill becomes a pale tint outlined in its own colour."""

    def __init__(self, c, style: Style) -> None:
        self._c, self._style = c, style

    def __getattr__(self, name: str):
        return getattr(self._c, name)

    def setFillColorRGB(self, r: float, g: float, b: float, alpha=None) -> None:
        self._c.setStrokeColorRGB(r, g, b)
        self._c.setFillColorRGB(*self._style.background((r, g, b)))

    def drawPath(self, path, stroke=1, fill=0, **kw) -> None:
        self._c.drawPath(path, stroke=1 if fill else stroke, fill=fill, **kw)

    def circle(self, x, y, r, stroke=1, fill=0) -> None:
        self._c.circle(x, y, r, stroke=1 if fill else stroke, fill=fill)

    def rect(self, x, y, w, h, stroke=1, fill=0) -> None:
        self._c.rect(x, y, w, h, stroke=1 if fill else stroke, fill=fill)


def ink_saving(draw_fn: DrawIcon) -> DrawIcon:
    """A style-aware icon from one drawn in fixed colours: in the ink-saver kit its solid shapes
    (paths, circles, rectangles filled with `setFillColorRGB`) print as pale tints with an outline."""

    def draw(c, x, y, s, style=Style()):
        if not style.ink_saver:
            draw_fn(c, x, y, s)
            return
        c.saveState()
        c.setLineWidth(s * 0.05)
        c.setLineJoin(1)
        draw_fn(_OutlineCanvas(c, style), x, y, s)
        c.restoreState()
    return draw


def _check(c, x, y, s):
    c.saveState()
    c.setLineWidth(s * 0.14)
    c.setLineCap(1)
    c.setLineJoin(1)
    p = c.beginPath()
    p.moveTo(x + s * 0.12, y + s * 0.5)
    p.lineTo(x + s * 0.4, y + s * 0.2)
    p.lineTo(x + s * 0.9, y + s * 0.85)
    c.drawPath(p, fill=0, stroke=1)
    c.restoreState()


def _cross(c, x, y, s):
    c.saveState()
    c.setLineWidth(s * 0.14)
    c.setLineCap(1)
    c.line(x + s * 0.15, y + s * 0.15, x + s * 0.85, y + s * 0.85)
    c.line(x + s * 0.15, y + s * 0.85, x + s * 0.85, y + s * 0.15)
    c.restoreState()


def _placeholder(name: str) -> DrawIcon:
    def draw(c, x, y, s):
        c.saveState()
        c.setLineWidth(s * 0.08)
        c.circle(x + s / 2, y + s / 2, s * 0.44, fill=0, stroke=1)
        c.setFont(TEXT_BOLD, s * 0.6)
        c.drawCentredString(x + s / 2, y + s * 0.29, name[:1].upper())
        c.restoreState()
    return draw


for _name, _fn in zip(GENERIC_ICONS, (_star, _circle, _square, _heart, _arrow(-1), _arrow(1), _check, _cross),
                     strict=True):
    register_icon(_name, _fn)
