"""The El Dorado Canyon icon set, drawn as vectors from the rulebook's "Symbols and Terms".

Each icon draws centred on (cx, cy) inside an s x s square, in the palette's colours,
so the same shape serves inline in rules text (about 1.2 em) and large in pictures.
`ICONS` maps every icon name of cards/models/el_dorado_canyon ICONS to its drawing;
each is also registered in the engine's icon registry, for `:gold:` in card text.
"""
from __future__ import annotations

import math
from functools import partial
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from generator.engine.icons import form_name, place_form, register_icon

from .look import Palette, palette

IconFn = Callable[[Canvas, float, float, float, Palette], None]


def _line(c: Canvas, s: float, scale: float = 0.06) -> None:
    c.setLineWidth(max(0.3, s * scale))
    c.setLineJoin(1)
    c.setLineCap(1)


def _star_points(cx: float, cy: float, outer: float, inner: float, n: int, turn: float = 90) -> list[tuple[float, float]]:
    pts = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def polygon(c: Canvas, pts: list[tuple[float, float]], fill: bool = True, stroke: bool = True) -> None:
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    c.drawPath(p, fill=int(fill), stroke=int(stroke))


def coin(c, cx, cy, s, pal):
    """Gold: a coin with a milled rim."""
    _line(c, s)
    c.setStrokeColor(pal.gold_dark)
    c.setFillColor(pal.gold)
    c.circle(cx, cy, s * 0.46, fill=1, stroke=1)
    c.setLineWidth(max(0.25, s * 0.04))
    c.circle(cx, cy, s * 0.32, fill=0, stroke=1)
    c.setFillColor(pal.gold_dark)
    polygon(c, _star_points(cx, cy, s * 0.18, s * 0.08, 5), stroke=False)


def skull(c, cx, cy, s, pal):
    """Infamy: a skull."""
    _line(c, s, 0.05)
    c.setStrokeColor(pal.ink)
    c.setFillColor(pal.bone)
    c.roundRect(cx - s * 0.18, cy - s * 0.44, s * 0.36, s * 0.3, s * 0.06, fill=1, stroke=1)
    c.circle(cx, cy + s * 0.06, s * 0.36, fill=1, stroke=1)
    c.setStrokeColor(pal.bone)
    c.rect(cx - s * 0.16, cy - s * 0.22, s * 0.32, s * 0.1, fill=1, stroke=0)
    c.setFillColor(pal.ink)
    c.circle(cx - s * 0.14, cy + s * 0.02, s * 0.1, fill=1, stroke=0)
    c.circle(cx + s * 0.14, cy + s * 0.02, s * 0.1, fill=1, stroke=0)
    polygon(c, [(cx, cy - s * 0.08), (cx - s * 0.05, cy - s * 0.17), (cx + s * 0.05, cy - s * 0.17)], stroke=False)
    c.setStrokeColor(pal.ink)
    c.setLineWidth(max(0.25, s * 0.035))
    for dx in (-0.08, 0.0, 0.08):
        c.line(cx + s * dx, cy - s * 0.3, cx + s * dx, cy - s * 0.42)


def bullet(c, cx, cy, s, pal):
    """Ammo: an upright cartridge."""
    _line(c, s, 0.05)
    c.setStrokeColor(pal.ink)
    w = s * 0.3
    c.setFillColor(pal.brass)
    c.rect(cx - w / 2, cy - s * 0.45, w, s * 0.52, fill=1, stroke=1)
    c.setFillColor(pal.copper)
    p = c.beginPath()
    p.moveTo(cx - w / 2, cy + s * 0.07)
    p.curveTo(cx - w / 2, cy + s * 0.3, cx - w * 0.2, cy + s * 0.45, cx, cy + s * 0.47)
    p.curveTo(cx + w * 0.2, cy + s * 0.45, cx + w / 2, cy + s * 0.3, cx + w / 2, cy + s * 0.07)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.line(cx - w / 2, cy - s * 0.34, cx + w / 2, cy - s * 0.34)


def burst(c, cx, cy, s, pal):
    """Attack: a gunshot burst."""
    _line(c, s, 0.05)
    c.setStrokeColor(pal.blood)
    c.setFillColor(pal.gold)
    polygon(c, _star_points(cx, cy, s * 0.5, s * 0.25, 10, turn=0))
    c.setFillColor(pal.bone)
    polygon(c, _star_points(cx, cy, s * 0.24, s * 0.12, 10, turn=18), stroke=False)


def hand(c, cx, cy, s, pal):
    """Steal: an open grabbing hand."""
    _line(c, s, 0.045)
    c.setStrokeColor(pal.ink)
    c.setFillColor(pal.bone)
    fw = s * 0.12
    for i, (dx, top) in enumerate(((-0.21, 0.26), (-0.07, 0.4), (0.07, 0.44), (0.21, 0.34))):
        c.roundRect(cx + s * dx - fw / 2, cy - s * 0.05, fw, s * (top + 0.05), fw / 2, fill=1, stroke=1)
    p = c.beginPath()
    p.moveTo(cx - s * 0.28, cy + s * 0.02)
    p.lineTo(cx + s * 0.28, cy + s * 0.02)
    p.curveTo(cx + s * 0.28, cy - s * 0.3, cx + s * 0.16, cy - s * 0.46, cx, cy - s * 0.46)
    p.curveTo(cx - s * 0.2, cy - s * 0.46, cx - s * 0.3, cy - s * 0.3, cx - s * 0.28, cy + s * 0.02)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.saveState()
    c.translate(cx - s * 0.3, cy - s * 0.12)
    c.rotate(35)
    c.roundRect(-fw / 2 - s * 0.12, -fw / 2, s * 0.3, fw, fw / 2, fill=1, stroke=1)
    c.restoreState()


def splatter(c, cx, cy, s, pal):
    """Damage: a blood splatter."""
    c.setFillColor(pal.blood)
    c.setStrokeColor(pal.blood)
    c.circle(cx, cy, s * 0.26, fill=1, stroke=0)
    blobs = ((0.3, 20, 0.1), (0.33, 75, 0.07), (0.32, 130, 0.11), (0.36, 200, 0.06), (0.3, 250, 0.1),
             (0.34, 310, 0.08), (0.44, 45, 0.045), (0.45, 165, 0.04), (0.45, 285, 0.05))
    for r, a, size in blobs:
        ang = math.radians(a)
        c.circle(cx + s * r * math.cos(ang), cy + s * r * math.sin(ang), s * size, fill=1, stroke=0)
    c.setLineWidth(s * 0.09)
    c.setLineCap(1)
    for a in (20, 130, 250):
        ang = math.radians(a)
        c.line(cx + s * 0.2 * math.cos(ang), cy + s * 0.2 * math.sin(ang),
               cx + s * 0.3 * math.cos(ang), cy + s * 0.3 * math.sin(ang))


def heart(c, cx, cy, s, pal):
    """Health: a heart."""
    _line(c, s, 0.05)
    c.setStrokeColor(pal.ink)
    c.setFillColor(pal.blood)
    p = c.beginPath()
    p.moveTo(cx, cy - s * 0.42)
    p.curveTo(cx - s * 0.2, cy - s * 0.2, cx - s * 0.48, cy - s * 0.02, cx - s * 0.44, cy + s * 0.2)
    p.curveTo(cx - s * 0.4, cy + s * 0.44, cx - s * 0.08, cy + s * 0.46, cx, cy + s * 0.22)
    p.curveTo(cx + s * 0.08, cy + s * 0.46, cx + s * 0.4, cy + s * 0.44, cx + s * 0.44, cy + s * 0.2)
    p.curveTo(cx + s * 0.48, cy - s * 0.02, cx + s * 0.2, cy - s * 0.2, cx, cy - s * 0.42)
    p.close()
    c.drawPath(p, fill=1, stroke=1)


def no_symbol(c, cx, cy, s, pal):
    """Block: the no-symbol (a ring with a slash), bone outlined in ink.

    Never in blood red: over the damage splatter a red slash reads as a hit.
    """
    d = s * 0.4 * math.cos(math.radians(45))
    c.setLineCap(1)
    for colour, width in ((pal.ink, s * 0.17), (pal.bone, s * 0.09)):
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        c.circle(cx, cy, s * 0.4, fill=0, stroke=1)
        c.line(cx - d, cy + d, cx + d, cy - d)


def block(c, cx, cy, s, pal):
    """Block icon: a damage splatter behind the no-symbol."""
    splatter(c, cx, cy, s * 0.8, pal)
    no_symbol(c, cx, cy, s, pal)


def bank(c, cx, cy, s, pal):
    """Bank all: a bank front with a coin on the pediment."""
    _line(c, s, 0.045)
    c.setStrokeColor(pal.ink)
    c.setFillColor(pal.bone)
    polygon(c, [(cx - s * 0.46, cy + s * 0.12), (cx, cy + s * 0.45), (cx + s * 0.46, cy + s * 0.12)])
    c.rect(cx - s * 0.44, cy - s * 0.44, s * 0.88, s * 0.1, fill=1, stroke=1)
    for dx in (-0.3, -0.1, 0.1, 0.3):
        c.rect(cx + s * dx - s * 0.05, cy - s * 0.34, s * 0.1, s * 0.42, fill=1, stroke=1)
    c.setFillColor(pal.gold)
    c.circle(cx, cy + s * 0.24, s * 0.08, fill=1, stroke=1)


def card_icon(c, cx, cy, s, pal):
    """Buy: a card from the town row, with a coin for its cost."""
    _line(c, s, 0.05)
    c.setStrokeColor(pal.ink)
    c.setFillColor(pal.bone)
    c.roundRect(cx - s * 0.25, cy - s * 0.42, s * 0.5, s * 0.76, s * 0.06, fill=1, stroke=1)
    c.setLineWidth(max(0.25, s * 0.035))
    for dy in (-0.1, -0.2):
        c.line(cx - s * 0.15, cy + s * dy, cx + s * 0.15, cy + s * dy)
    c.setLineWidth(max(0.3, s * 0.04))
    c.setStrokeColor(pal.gold_dark)
    c.setFillColor(pal.gold)
    c.circle(cx - s * 0.22, cy + s * 0.3, s * 0.16, fill=1, stroke=1)


def tumbleweed(c, cx, cy, s, pal):
    """GONE: a tumbleweed rolling off, with speed lines."""
    c.setStrokeColor(pal.ink)
    c.setLineWidth(max(0.3, s * 0.04))
    x, y, r = cx + s * 0.12, cy, s * 0.3
    c.circle(x, y, r, fill=0, stroke=1)
    for i in range(5):
        a = math.radians(i * 72 + 10)
        c.circle(x + r * 0.35 * math.cos(a), y + r * 0.35 * math.sin(a), r * 0.55, fill=0, stroke=1)
    c.setLineWidth(max(0.3, s * 0.05))
    for dy, length in ((0.18, 0.22), (0.0, 0.3), (-0.18, 0.22)):
        c.line(cx - s * 0.48, cy + s * dy, cx - s * 0.48 + s * length, cy + s * dy)


def white_star(c, cx, cy, s, pal):
    """Starting card: the white star."""
    _line(c, s, 0.05)
    c.setStrokeColor(pal.ink)
    c.setFillColor(pal.bone)
    polygon(c, _star_points(cx, cy, s * 0.5, s * 0.2, 5))


def exclamation(c, cx, cy, s, pal):
    """Event: a handbill with an exclamation mark."""
    _line(c, s, 0.05)
    c.setStrokeColor(pal.ink)
    c.setFillColor(pal.bone)
    c.rect(cx - s * 0.3, cy - s * 0.42, s * 0.6, s * 0.84, fill=1, stroke=1)
    c.setFillColor(pal.types["event"])
    polygon(c, [(cx - s * 0.07, cy + s * 0.3), (cx + s * 0.07, cy + s * 0.3), (cx + s * 0.03, cy - s * 0.1),
                (cx - s * 0.03, cy - s * 0.1)], stroke=False)
    c.circle(cx, cy - s * 0.24, s * 0.06, fill=1, stroke=0)


def shield(c, cx, cy, s, pal):
    """Defense: a shield."""
    _line(c, s, 0.06)
    c.setStrokeColor(pal.ink)
    c.setFillColor(pal.types["defense"])
    p = c.beginPath()
    p.moveTo(cx - s * 0.38, cy + s * 0.38)
    p.curveTo(cx - s * 0.15, cy + s * 0.46, cx + s * 0.15, cy + s * 0.46, cx + s * 0.38, cy + s * 0.38)
    p.curveTo(cx + s * 0.4, cy - s * 0.05, cx + s * 0.25, cy - s * 0.32, cx, cy - s * 0.46)
    p.curveTo(cx - s * 0.25, cy - s * 0.32, cx - s * 0.4, cy - s * 0.05, cx - s * 0.38, cy + s * 0.38)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setStrokeColor(pal.bone)
    c.setLineWidth(max(0.3, s * 0.05))
    c.line(cx, cy + s * 0.36, cx, cy - s * 0.34)


def pickaxe(c, cx, cy, s, pal):
    """Gain: a miner's pickaxe."""
    c.setStrokeColor(pal.ink)
    c.setLineCap(1)
    c.setLineWidth(max(0.4, s * 0.1))
    c.setStrokeColor(pal.copper)
    c.line(cx - s * 0.32, cy - s * 0.4, cx + s * 0.22, cy + s * 0.3)
    c.setStrokeColor(pal.ink)
    c.setLineWidth(max(0.4, s * 0.09))
    p = c.beginPath()
    p.moveTo(cx - s * 0.2, cy + s * 0.42)
    p.curveTo(cx + s * 0.05, cy + s * 0.5, cx + s * 0.4, cy + s * 0.3, cx + s * 0.46, cy + s * 0.02)
    c.drawPath(p, fill=0, stroke=1)


def _arrow(c, cx, cy, s, pal, direction: int):
    c.setFillColor(pal.ink)
    c.setStrokeColor(pal.ink)
    d = direction
    polygon(c, [(cx - d * s * 0.46, cy), (cx - d * s * 0.05, cy + s * 0.34), (cx - d * s * 0.05, cy + s * 0.13),
                (cx + d * s * 0.46, cy + s * 0.13), (cx + d * s * 0.46, cy - s * 0.13),
                (cx - d * s * 0.05, cy - s * 0.13), (cx - d * s * 0.05, cy - s * 0.34)], stroke=False)


def arrow_left(c, cx, cy, s, pal):
    """Target the player to your left."""
    _arrow(c, cx, cy, s, pal, 1)


def arrow_right(c, cx, cy, s, pal):
    """Target the player to your right."""
    _arrow(c, cx, cy, s, pal, -1)


def _numeral_one(c, cx, cy, s):
    polygon(c, [(cx - s * 0.12, cy + s * 0.14), (cx + s * 0.04, cy + s * 0.26), (cx + s * 0.1, cy + s * 0.26),
                (cx + s * 0.1, cy - s * 0.26), (cx - s * 0.04, cy - s * 0.26), (cx - s * 0.04, cy + s * 0.08),
                (cx - s * 0.12, cy + s * 0.04)], stroke=False)


def once(c, cx, cy, s, pal):
    """Use once: a '1' in a ring."""
    c.setStrokeColor(pal.ink)
    c.setLineWidth(max(0.3, s * 0.07))
    c.setFillColor(pal.bone)
    c.circle(cx, cy, s * 0.42, fill=1, stroke=1)
    c.setFillColor(pal.ink)
    _numeral_one(c, cx, cy, s)


def per_character(c, cx, cy, s, pal):
    """Once per character: a bust with a '1' badge."""
    c.setFillColor(pal.ink)
    c.circle(cx - s * 0.08, cy + s * 0.16, s * 0.17, fill=1, stroke=0)
    p = c.beginPath()
    p.moveTo(cx - s * 0.42, cy - s * 0.44)
    p.curveTo(cx - s * 0.42, cy - s * 0.06, cx + s * 0.26, cy - s * 0.06, cx + s * 0.26, cy - s * 0.44)
    p.close()
    c.drawPath(p, fill=1, stroke=0)
    c.setStrokeColor(pal.ink)
    c.setLineWidth(max(0.3, s * 0.05))
    c.setFillColor(pal.bone)
    c.circle(cx + s * 0.28, cy + s * 0.24, s * 0.2, fill=1, stroke=1)
    c.setFillColor(pal.ink)
    _numeral_one(c, cx + s * 0.28, cy + s * 0.24, s * 0.45)


def give(c, cx, cy, s, pal):
    """Give to attacked player: a card passing along an arrow."""
    _line(c, s, 0.05)
    c.setStrokeColor(pal.ink)
    c.setFillColor(pal.bone)
    c.roundRect(cx - s * 0.44, cy - s * 0.3, s * 0.34, s * 0.5, s * 0.05, fill=1, stroke=1)
    p = c.beginPath()
    p.moveTo(cx - s * 0.2, cy + s * 0.28)
    p.curveTo(cx - s * 0.05, cy + s * 0.48, cx + s * 0.25, cy + s * 0.42, cx + s * 0.3, cy + s * 0.05)
    c.drawPath(p, fill=0, stroke=1)
    c.setFillColor(pal.ink)
    polygon(c, [(cx + s * 0.3, cy - s * 0.12), (cx + s * 0.44, cy + s * 0.1), (cx + s * 0.16, cy + s * 0.1)], stroke=False)


ICONS: dict[str, IconFn] = {
    "gold": coin,
    "infamy": skull,
    "ammo": bullet,
    "attack": burst,
    "steal": hand,
    "damage": splatter,
    "health": heart,
    "block": block,
    "bank": bank,
    "buy": card_icon,
    "gone": tumbleweed,
    "star": white_star,
    "event": exclamation,
    "defense": shield,
    "gain": pickaxe,
    "arrow-left": arrow_left,
    "arrow-right": arrow_right,
    "once": once,
    "per-character": per_character,
    "give": give,
}
TYPE_ICONS = {"event": "event", "defense": "defense", "steal": "steal", "attack": "attack", "gain": "gain"}


def draw_icon(c: Canvas, name: str, cx: float, cy: float, s: float, pal: Palette) -> None:
    """Draw one icon by name, leaving the canvas state as it was.

    Placed as a form object drawn once per PDF and palette (unclipped, unlike the icon in
    card text, which keeps to its square: strokes here may run a little past it).
    """
    place_centred(c, form_name(SCOPE, name) + "_art", ICONS[name], cx, cy, s, pal)


def place_centred(c: Canvas, form: str, fn: IconFn, cx: float, cy: float, s: float, pal: Palette) -> None:
    """Place `fn`'s drawing centred on (cx, cy), s wide, as the form `form` (one per PDF and palette)."""
    form += "_ink_saver" if pal.ink_saver else ""
    place_form(c, form, partial(_cornered, fn, pal), cx - s / 2, cy - s / 2, s, overflow=0.25)


def _cornered(fn: IconFn, pal: Palette, c: Canvas, x: float, y: float, s: float) -> None:
    """A centred drawing inside the square whose bottom-left corner is (x, y)."""
    c.saveState()
    fn(c, x + s / 2, y + s / 2, s, pal)
    c.restoreState()


def _inline(fn: IconFn) -> Callable[..., None]:
    """The engine's icon signature (bottom-left corner, size, print style) over our centred drawing."""

    def draw(c: Canvas, x: float, y: float, s: float, style=None) -> None:
        _cornered(fn, palette(style), c, x, y, s)

    return draw


SCOPE = __name__.rpartition(".")[0]   # the template package: the scope the engine draws this game in
for _name, _fn in ICONS.items():
    register_icon(_name, _inline(_fn), scope=SCOPE)
