"""The texts a game folder's layouts set for each record, checked as the build checks them when it draws them.

For every text box of every card's layouts (its front, its component's back): an `:icon:` no game has, a
character no font prints, a text too long for its box at its least size, ink outside the safe zone (turned
with the box's `rotate`).  Each is reported at the record's row (the field the box shows), naming the box and
its layout file, by `checker validate` and `generator build` alike: both load the game through here, and the
drawing (`generator.engine.text.draw_text`) words its own checks with the same functions.  Faces are placed
with the default 3 mm bleed (a build's `--bleed` moves boxes placed `in = "bleed"`; the drawing checks those).
"""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

from .design import FIELD, BoxValueError, Design, Layout, box_for, filled
from .errors import Problem

# the engine's own icons (generator/engine/icons.py draws them), which every game may name
GENERIC_ICONS = ("star", "circle", "square", "heart", "arrow-left", "arrow-right", "check", "cross")


def check_record_texts(design: Design, component: str, size_mm: tuple[float, float], icons: Iterable[str], file: str,
                       records: list[Any], where: Callable[[Any, str | None], tuple[int | None, str | None]]) -> list[Problem]:
    """Every text problem of the records' layout boxes, one per box, at the record's row."""
    own = design.layouts.get(component)
    if own is None and not any(key[0] == component for key in design.named):
        return []
    from .typeset.folderfonts import FolderFontError, register_folder_fonts  # ReportLab's metrics: only for layouts
    from .typeset.place import MM, Box
    try:
        register_folder_fonts(design)
    except FolderFontError as exc:
        return [Problem(exc.file, exc.message, path=exc.field)]
    box = Box(size_mm[0] * MM, size_mm[1] * MM)
    known = {*icons, *design.icons, *GENERIC_ICONS}
    problems: list[Problem] = []
    for record in records:
        front = design.front_layout(component, record)
        for layout in (front, own.back_layout if own else None):
            for name, props in (layout.boxes.items() if layout else ()):
                if "text" not in props:
                    continue
                assert layout is not None
                problem = _text_problem(design, layout, props, record, box, known)
                if problem:
                    shown = FIELD.findall(props["text"])
                    line, cell = where(record, shown[0] if shown else None)
                    label = f"boxes.{name}" + (f" ({', '.join(shown)})" if shown else "")
                    problems.append(Problem(file, f"{problem}, in {design.where(layout, f'boxes.{name}')}", line=line,
                                            card=record.id, card_name=record.name, path=label, cell=cell))
    return problems


def _text_problem(design: Design, layout: Layout, props: dict[str, Any], record: Any, box: Any,
                  known: set[str]) -> str:
    from .typeset.folderfonts import family_of
    from .typeset.measure import MIN_SIZE, fit, glyph_problem, icon_problem, ink, overflow, safe_problem
    from .typeset.place import rect_of
    try:
        chosen = box_for(design, layout, props, record)
    except BoxValueError:
        return ""   # reported by cards.design.check_record_layouts
    text = filled(chosen["text"], record) if chosen else ""
    if chosen is None or not text.strip():
        return ""
    font = family_of(design, chosen.get("font", "text"))
    low, high = chosen.get("size", (6.0, 10.0))
    low = max(low, MIN_SIZE)
    leading = chosen.get("leading", 1.2)
    x, y, w, h = rect_of(chosen, box)
    problem = icon_problem(text, known.__contains__, lambda: known) or glyph_problem(text, font)
    if problem:
        return problem
    result = fit(text, w, h, size=max(high, low), min_size=low, font=font, leading=leading)
    if result is None:
        return overflow(text, w, h, min_size=low, font=font, leading=leading)
    left, bottom, width, height = ink(result, x, y, w, h, chosen.get("align", "left"), chosen.get("valign", "top"))
    turn = math.radians(-chosen.get("rotate", 0.0))   # clockwise as the layout's y runs down, about the centre
    cx, cy = x + w / 2, y + h / 2
    corners = [(cx + (px - cx) * math.cos(turn) - (py - cy) * math.sin(turn),
                cy + (px - cx) * math.sin(turn) + (py - cy) * math.cos(turn))
               for px in (left, left + width) for py in (bottom, bottom + height)]
    return safe_problem([p[0] for p in corners], [p[1] for p in corners], box.w, box.h, box.safe, "text")
