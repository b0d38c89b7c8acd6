"""Card pictures drawn from the effects: what the card does, as the rulebook's icons.

"The picture shows what effect this card has on the opponent sitting next to you":
an attack shows a burst with a blood splatter and the damage, a steal a hand, a
block the no-symbol, a gain its coins, and so on, over a small canyon scene.
Nothing here is per card: the art follows the option's effects, so a new card
gets a fitting picture for free. Each effect's share of a picture is one function,
registered by the effect's name with `@draws`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable

from reportlab.pdfgen.canvas import Canvas

from cards.typeset.measure import MIN_SIZE
from generator.engine.icons import place_drawing

from .icons import draw_icon, place_centred, polygon
from .look import NAME_FONT, Palette

MINUS = "\u2212"


Draw = Callable[[Canvas, float, float, float, Palette], None]  # (canvas, cx, cy, size, palette)


@dataclass(frozen=True)
class Glyph:
    """One picture element: how to draw it (an icon or a composite) with an optional count."""

    draw: Draw
    count: str = ""
    at_target: bool = False   # what happens to the opponent: drawn first and largest


def icon(name: str) -> Draw:
    """A glyph drawing one of the rulebook's icons."""
    return partial(_icon, name)


def _icon(name: str, c: Canvas, cx: float, cy: float, s: float, pal: Palette) -> None:
    draw_icon(c, name, cx, cy, s, pal)


# ---- what each effect adds to the looks: one registration per effect, by its name ----------------------

@dataclass(frozen=True)
class Drawing:
    """An effect's one home in the looks: its share of a card's picture, and what else of a card it decides.

    `band`: the palette colour of a character's hat band and neckwear when its ability leads with
    this effect (what the character deals in); None for an effect only cards carry, which no
    ability can lead with. `arrow`: the arrow a card end shows instead of its own for this effect
    (an attack on both neighbours shows "both"), or None to keep the end's.
    """

    glyphs: Callable[[Any], list[Glyph]]
    band: str | None = None
    arrow: Callable[[Any], str | None] | None = None


DRAWINGS: dict[str, Drawing] = {}
HOME = "generator/templates/el_dorado_canyon/art.py"


def draws(name: str, *, band: str | None = None, arrow: Callable[[Any], str | None] | None = None
          ) -> Callable[[Callable[[Any], list[Glyph]]], Callable[[Any], list[Glyph]]]:
    """Register the decorated function as what effect `name` adds to a card's picture, with the
    effect's other facts of the looks (`Drawing`)."""

    def register(fn: Callable[[Any], list[Glyph]]) -> Callable[[Any], list[Glyph]]:
        DRAWINGS[name] = Drawing(fn, band, arrow)
        return fn

    return register


class MissingDrawing(LookupError):
    """An effect of the vocabulary without its registration: a fault of the looks, said where to mend it."""


def drawing(name: str) -> Drawing:
    """Effect `name`'s registration; a MissingDrawing naming the effect and its home if there is none."""
    found = DRAWINGS.get(name)
    if found is None:
        raise MissingDrawing(f"effect {name!r} has no drawing: register one with @draws({name!r}) in {HOME}")
    return found


def band_of(name: str) -> str:
    """The hat band's palette colour of a character whose ability leads with effect `name`."""
    band = drawing(name).band
    if band is None:
        raise MissingDrawing(f"effect {name!r} leads a character's ability but its @draws({name!r}) in {HOME} "
                             "gives no band= (the palette colour of the character's hat band)")
    return band


def arrow_shown(effect: Any) -> str | None:
    """The arrow a card end shows for this effect instead of its own, or None."""
    arrow = drawing(effect.effect).arrow
    return None if arrow is None else arrow(effect)


def _shot(damage: int, ammo: int, c: Canvas, cx: float, cy: float, s: float, pal: Palette) -> None:
    """A gunshot: one splatter per point of damage fanned out from the burst, one spent
    cartridge per bullet fired, so a heavier attack reads heavier at a glance."""
    for k in range(min(ammo, 4)):
        draw_icon(c, "ammo", cx - s * 0.42 + k * s * 0.1, cy - s * 0.36, s * 0.2, pal)
    draw_icon(c, "attack", cx - s * 0.12, cy + s * 0.1, s * 0.85, pal)
    n = min(damage, 4)
    for k in range(n):
        turn = math.radians(-50 + (k - (n - 1) / 2) * 42)
        reach = s * (0.2 if n == 1 else 0.38)
        draw_icon(c, "damage", cx + reach * math.cos(turn), cy + reach * math.sin(turn), s * (0.8 if n == 1 else 0.34), pal)


def _grab(gold: int, c: Canvas, cx: float, cy: float, s: float, pal: Palette) -> None:
    """A grabbing hand over a stack of as many coins as it steals."""
    draw_icon(c, "steal", cx - s * 0.08, cy + s * 0.04, s * 0.9, pal)
    for k in range(min(gold, 5)):
        draw_icon(c, "gold", cx + s * 0.3 - k * s * 0.14, cy - s * 0.3 + k * s * 0.03, s * 0.36, pal)


@draws("attack", band="blood", arrow=lambda e: "both" if e.targets == "both" else None)
def _attack(e: Any) -> list[Glyph]:
    return [Glyph(partial(_shot, e.damage, e.ammo), str(e.damage), at_target=True)]


@draws("steal", band="gold")
def _steal(e: Any) -> list[Glyph]:
    return [Glyph(partial(_grab, e.gold), str(e.gold), at_target=True)]


@draws("target_discards_infamy", band="bad")
def _target_discards_infamy(e: Any) -> list[Glyph]:
    return [Glyph(icon("infamy"), f"{MINUS}{e.amount}", at_target=True)]


@draws("attackers_discard_infamy")
def _attackers_discard_infamy(e: Any) -> list[Glyph]:
    return [Glyph(icon("infamy"), f"{MINUS}{e.amount}")]


@draws("block")
def _block(e: Any) -> list[Glyph]:
    return [Glyph(icon("block"), str(e.damage))]


@draws("pay_gold")
def _pay_gold(e: Any) -> list[Glyph]:
    return [Glyph(icon("gold"), f"{MINUS}{e.amount}")]


@draws("gain_gold", band="gold")
def _gain_gold(e: Any) -> list[Glyph]:
    return [Glyph(icon("gold"), f"+{e.amount}")]


@draws("gain_infamy", band="bad")
def _gain_infamy(e: Any) -> list[Glyph]:
    return [Glyph(icon("infamy"), f"+{e.amount}")]


@draws("gain_ammo", band="brass")
def _gain_ammo(e: Any) -> list[Glyph]:
    return [Glyph(icon("ammo"), f"+{e.amount}")]


@draws("heal", band="good")
def _heal(e: Any) -> list[Glyph]:
    return [Glyph(icon("health"), f"+{e.amount}")]


@draws("per_attacker")
def _per_attacker(e: Any) -> list[Glyph]:
    gains = [Glyph(icon(what), f"+{n}") for what, n in (("gold", e.gold), ("infamy", e.infamy)) if n]
    return gains + [Glyph(icon("attack"), "each")]


@draws("set_tracks")
def _set_tracks(e: Any) -> list[Glyph]:
    return [Glyph(icon(what), str(v)) for what, v in (("health", e.health), ("ammo", e.ammo)) if v is not None]


@draws("bank_all")
def _bank_all(e: Any) -> list[Glyph]:
    return [Glyph(icon("bank"))]


@draws("buy")
def _buy(e: Any) -> list[Glyph]:
    return [Glyph(icon("buy"), f"{MINUS}{e.discount}" if e.discount else "")]


@draws("refresh_row")
@draws("extra_damage", band="blood")
@draws("armor", band="good")
def _nothing(e: Any) -> list[Glyph]:
    """Effects the picture leaves to the text: a row refresh beside its buy, a character's passives."""
    return []


@draws("go_gone")
def _go_gone(e: Any) -> list[Glyph]:
    return [Glyph(icon("gone"))]


@draws("round_the_rosie")
def _round_the_rosie(e: Any) -> list[Glyph]:
    return [Glyph(_rosie, at_target=True)]


def glyphs(option: Any) -> list[Glyph]:
    """The picture elements of an option, opponent-facing effects first."""
    out = [g for e in option.effects for g in drawing(e.effect).glyphs(e)]
    first = [g for g in out if g.at_target]
    return (first + [g for g in out if not g.at_target])[:4]


def scene(c: Canvas, x: float, y: float, w: float, h: float, pal: Palette) -> None:
    """The canyon backdrop: sky, sun, two mesas and the canyon floor, clipped to the box.

    Drawn once per PDF for each place and palette, and placed on every face that shows it.
    """
    place_drawing(c, f"edc-scene {x!r} {y!r} {w!r} {h!r} {pal.ink_saver}",
                  partial(_scene, x=x, y=y, w=w, h=h, pal=pal), (x - 1, y - 1, x + w + 1, y + h + 1))
    c.setStrokeColor(pal.ink)  # what the drawing leaves set, as drawing it directly did
    c.setLineWidth(0.8)


def _scene(c: Canvas, x: float, y: float, w: float, h: float, pal: Palette) -> None:
    c.saveState()
    p = c.beginPath()
    p.roundRect(x, y, w, h, 4)
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColor(pal.sky)
    c.rect(x, y, w, h, fill=1, stroke=0)
    c.setStrokeColor(pal.mesa)
    c.setLineWidth(0.6)
    c.setFillColor(pal.bone)
    c.circle(x + w * 0.8, y + h * 0.78, h * 0.14, fill=1, stroke=int(pal.ink_saver))
    c.setFillColor(pal.mesa_far)
    polygon(c, [(x, y), (x, y + h * 0.42), (x + w * 0.12, y + h * 0.46), (x + w * 0.2, y + h * 0.62),
                (x + w * 0.42, y + h * 0.62), (x + w * 0.48, y + h * 0.44), (x + w * 0.7, y + h * 0.4),
                (x + w * 0.78, y + h * 0.55), (x + w * 0.95, y + h * 0.55), (x + w, y + h * 0.4), (x + w, y)],
            stroke=pal.ink_saver)
    c.setFillColor(pal.mesa)
    polygon(c, [(x, y), (x, y + h * 0.28), (x + w * 0.1, y + h * 0.3), (x + w * 0.16, y + h * 0.36),
                (x + w * 0.3, y + h * 0.36), (x + w * 0.36, y + h * 0.22), (x + w * 0.64, y + h * 0.18),
                (x + w * 0.7, y + h * 0.3), (x + w * 0.86, y + h * 0.3), (x + w * 0.9, y + h * 0.2), (x + w, y + h * 0.18),
                (x + w, y)], stroke=pal.ink_saver)
    c.restoreState()
    c.setStrokeColor(pal.ink)
    c.setLineWidth(0.8)
    c.roundRect(x, y, w, h, 4, fill=0, stroke=1)


def _rosie(c: Canvas, cx: float, cy: float, s: float, pal: Palette) -> None:
    """Round the Rosie: cards passing round a circle of players (a form per PDF and palette, like an icon)."""
    place_centred(c, "edc_rosie", _draw_rosie, cx, cy, s, pal)


def _draw_rosie(c: Canvas, cx: float, cy: float, s: float, pal: Palette) -> None:
    c.saveState()
    c.setStrokeColor(pal.ink)
    c.setLineWidth(s * 0.05)
    r = s * 0.36
    for i in range(4):
        a0 = i * 90 + 20
        p = c.beginPath()
        p.arc(cx - r, cy - r, cx + r, cy + r, a0, 50)
        c.drawPath(p, fill=0, stroke=1)
        a = math.radians(a0 + 50)
        tip = (cx + r * math.cos(a), cy + r * math.sin(a))
        c.setFillColor(pal.ink)
        back = math.radians(a0 + 30)
        polygon(c, [tip, (cx + (r + s * 0.11) * math.cos(back), cy + (r + s * 0.11) * math.sin(back)),
                    (cx + (r - s * 0.11) * math.cos(back), cy + (r - s * 0.11) * math.sin(back))], stroke=False)
        card_a = math.radians(i * 90 - 20)
        c.setFillColor(pal.bone)
        kx, ky = cx + r * math.cos(card_a), cy + r * math.sin(card_a)
        c.roundRect(kx - s * 0.07, ky - s * 0.1, s * 0.14, s * 0.2, s * 0.02, fill=1, stroke=1)
    c.restoreState()


Box = tuple[float, float, float, float]  # x, y, w, h
BADGE_INSET = 2.0  # a badge keeps this far inside the picture frame (clear of its rounded corners)
COUNTED = 0.72     # a glyph with a count is drawn this much smaller than its slot: its badge goes beside it
CORE = 0.55 * COUNTED   # half the side of a counted glyph's ink, in slot sizes (an attack's splatter passes its box)


def _badge_shape(c: Canvas, text: str, s: float, scale: float) -> tuple[float, float, float]:
    """(width, height, font size) of the count badge of a glyph of size s, shrunk by scale."""
    size = max(6.0, min(12.0, s * 0.3)) if text != "each" else max(6.0, s * 0.2)
    size = max(MIN_SIZE, size * scale)   # print.md: no text on a card under 6 pt
    return c.stringWidth(text, NAME_FONT, size) + size * 0.5, size * 1.1, size


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _clamp(cx: float, cy: float, bw: float, bh: float, frame: Box) -> Box:
    """The badge box centred at (cx, cy), pushed inside the frame."""
    x0, y0 = frame[0] + BADGE_INSET, frame[1] + BADGE_INSET
    x1, y1 = frame[0] + frame[2] - BADGE_INSET - bw, frame[1] + frame[3] - BADGE_INSET - bh
    return max(x0, min(x1, cx - bw / 2)), max(y0, min(y1, cy - bh / 2)), bw, bh


def badge_places(c: Canvas, items: list[tuple[str, float, float, float]], frame: Box,
                 avoid: tuple[Box, ...] = ()) -> list[tuple[Box, float]]:
    """(box, font size) for each non-empty count of (text, cx, cy, s): inside the frame, none on another.

    Each badge tries the corners just outside its glyph's icon (lower right first, where the
    eye expects it), then its sides, preferring a place off its own icon and the other
    glyphs' cores; a badge that finds no free place shrinks and tries again.
    """
    placed: list[tuple[Box, float]] = []
    for i, (text, cx, cy, s) in enumerate(items):
        if not text:
            continue
        cores = [_core(t, ox, oy, os) for j, (t, ox, oy, os) in enumerate(items)
                 if j != i]
        place = _badge_place(c, text, cx, cy, s, frame, [b for b, _ in placed] + list(avoid), cores)
        placed.append(place)
    return placed


def _core(text: str, cx: float, cy: float, s: float) -> Box:
    """Where a glyph in a slot of size s at (cx, cy) puts its ink: a counted one is drawn smaller."""
    half = s * (CORE if text else 0.5)
    return cx - half, cy - half, 2 * half, 2 * half


def _badge_place(c: Canvas, text: str, cx: float, cy: float, s: float, frame: Box, taken: list[Box],
                 cores: list[Box]) -> tuple[Box, float]:
    """A badge's box beside its glyph: clear of its own icon (the glyph's core) first, then of the others."""
    own = _core(text, cx, cy, s)
    for blocked in (taken + cores + [own], taken + [own], taken + cores, taken):
        for scale in (1.0, 0.85, 0.7, 0.55):
            bw, bh, size = _badge_shape(c, text, s, scale)
            kx, ky = s * CORE + bw / 2, s * CORE + bh / 2   # just outside the core, corners first
            spots = [(kx, -ky), (-kx, -ky), (kx, ky), (-kx, ky), (kx, 0), (-kx, 0), (0, -ky), (0, ky), (0, 0)]
            for dx, dy in spots:
                box = _clamp(cx + dx, cy + dy, bw, bh, frame)
                if not any(_overlap(box, t) for t in blocked):
                    return box, size
    return _clamp(cx, cy, bw, bh, frame), size


def badge(c: Canvas, text: str, box: Box, size: float, pal: Palette) -> None:
    """A count badge: the glyph's number, light on dark, in a pill (one form per count, size and palette)."""
    x, y, w, h = box
    place_drawing(c, f"edc-badge {text} {w!r} {h!r} {size!r} {pal.ink_saver}", partial(_draw_badge, text, w, h, size, pal),
                  (-1, -1, w + 1, h + 1), at=(x, y))


def _draw_badge(text: str, w: float, h: float, size: float, pal: Palette, c: Canvas) -> None:
    c.setFillColor(pal.ink)
    c.setStrokeColor(pal.bone)
    c.setLineWidth(0.6)
    c.roundRect(0, 0, w, h, h / 2, fill=1, stroke=1)
    c.setFillColor(pal.bone)
    c.setFont(NAME_FONT, size)
    c.drawCentredString(w / 2, h / 2 - size * 0.33, text)


def _slots(n: int, x: float, y: float, w: float, h: float) -> list[tuple[float, float, float]]:
    """(cx, cy, size) for n glyphs: the first large, the rest in a row (wide box) or a column."""
    if n == 1:
        return [(x + w / 2, y + h / 2, min(h, w) * 0.8)]
    if w >= h * 1.4:
        lead = min(h * 0.8, w * 0.4)
        small = min(h * 0.55, (w - lead) / (n - 1) * 0.8)
        gap = (w - lead - small * (n - 1)) / (n + 1)
        out = [(x + gap + lead / 2, y + h / 2, lead)]
        cx = x + 2 * gap + lead
        for _ in range(n - 1):
            out.append((cx + small / 2, y + h * 0.42, small))
            cx += small + gap
        return out
    lead = min(w * 0.6, h * 0.75)
    small = min(w * 0.34, h / (n - 1) * 0.8)
    step = h / (n - 1)
    out = [(x + w * 0.04 + lead / 2, y + h / 2, lead)]
    out += [(x + w - small / 2 - w * 0.03, y + h - step * (k + 0.5), small) for k in range(n - 1)]
    return out


def picture(c: Canvas, option, x: float, y: float, w: float, h: float, pal: Palette,
            avoid: tuple[Box, ...] = ()) -> None:
    """The option's picture inside (x, y, w, h): backdrop plus its effect glyphs and their counts.

    `avoid`: boxes drawn over the picture afterwards (the arrow tab) that no count may hide under.
    """
    scene(c, x, y, w, h, pal)
    items = glyphs(option)
    slots = _slots(len(items), x, y, w, h)
    for g, (cx, cy, s) in zip(items, slots):
        g.draw(c, cx, cy, s * COUNTED if g.count else s, pal)
    counts = [(g.count, cx, cy, s) for g, (cx, cy, s) in zip(items, slots)]
    for text, (box, size) in zip([t for t, *_ in counts if t], badge_places(c, counts, (x, y, w, h), avoid)):
        badge(c, text, box, size, pal)
