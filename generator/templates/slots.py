"""A generic face as data: a list of slots (a field, how it shows, where), then one drawing pass.

`default_slots` computes the slots from the record's fields: the name in a band at the top,
numbers and true flags as badges under it, images, then the texts and lists filling the
rest.  A record of a declared schema (the generic family) is laid out from its declared
types and labels; any other record shows its name and every text it carries.  Because the
face is data, a layout file can later replace `default_slots` without touching `draw_slots`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.engine.box import MM, Box

Rect = tuple[float, float, float, float]  # x, y, w, h in points from the trim's bottom-left


@dataclass(frozen=True)
class Slot:
    """One box of a face: `field` (its path, for errors), `kind`, `rect`, the `value` to show."""

    field: str
    kind: str  # "title", "badges", "image", "text"
    rect: Rect
    value: Any


def band_height(box: Box) -> float:
    return min(12 * MM, box.h * 0.2)


def default_slots(record: Any, box: Box, texts: list[tuple[str, str]]) -> list[Slot]:
    """The default layout of a face: title band, badges, images, then the body text."""
    sx, sy, sw, sh = box.safe_rect
    top = sy + sh
    band = band_height(box)
    slots = [Slot("name", "title", (sx, top - band + 1.5 * MM, sw, band - 2.5 * MM), record.name)]
    y = top - band - 2 * MM
    specs = getattr(type(record), "FIELDS", ())
    badges = [(s.name, _badge(s.label, getattr(record, s.name), s.type)) for s in specs
              if s.type in ("integer", "number", "bool")]
    badges = [(name, label) for name, label in badges if label]
    if badges:
        height = 7 * MM
        slots.append(Slot("+".join(n for n, _ in badges), "badges", (sx, y - height, sw, height), [b for _, b in badges]))
        y -= height + 2 * MM
    images = [s.name for s in specs if s.type == "image" and getattr(record, s.name)]
    for name in images:
        height = min(sw * 0.6, (y - sy) * 0.5)
        slots.append(Slot(name, "image", (sx, y - height, sw, height), getattr(record, name)))
        y -= height + 2 * MM
    if texts and y - sy > 6 * MM:
        body = "\n".join(t for _, t in texts)
        field = "+".join(dict.fromkeys(p.split(".")[0] for p, _ in texts))
        slots.append(Slot(field, "text", (sx, sy, sw, y - sy), body))
    return slots


def declared_texts(record: Any) -> list[tuple[str, str]]:
    """(field, text) of a declared record's text and list fields, in declaration order."""
    out: list[tuple[str, str]] = []
    for spec in type(record).FIELDS:
        value = getattr(record, spec.name)
        if spec.type == "text" and value:
            out.append((spec.name, value))
        elif spec.type == "list" and value:
            out += [(f"{spec.name}.{i}", f"• {item}") for i, item in enumerate(value, 1)]
    return out


def accent(record: Any) -> tuple[float, float, float] | None:
    """The first colour a declared record gives (its band), as RGB 0-1."""
    for spec in getattr(type(record), "FIELDS", ()):
        value = getattr(record, spec.name)
        if spec.type == "colour" and value:
            return tuple(int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]
    return None


def _badge(label: str, value: Any, kind: str) -> str:
    if value is None or value is False:
        return ""
    if kind == "bool":
        return f"**{label}**"
    shown = f"{value:g}" if isinstance(value, float) else str(value)
    return f"{label} **{shown}**"
