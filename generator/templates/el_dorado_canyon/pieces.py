"""The other components: camp card (CAMP / GONE), gold and infamy, markers, reference."""
from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from generator.engine.contrast import BOLD_LABEL, readable_ground

from .art import scene
from .icons import draw_icon, polygon
from generator.engine.errors import TextOverflow
from cards.typeset.measure import MIN_SIZE, layout
from generator.engine.text import check_face

from .look import BODY_BOLD, DISPLAY, MARGIN, NAME_FONT, TEXT, Palette, palette
from .words import LEADING, measure, said, write


def _ground(c: Canvas, box, fill, pal: Palette, edge=None) -> None:
    b = box.bleed
    c.setFillColor(pal.paper if pal.ink_saver else fill)
    c.rect(-b, -b, box.w + 2 * b, box.h + 2 * b, fill=1, stroke=0)
    c.setFillColor(pal.paper)
    c.setStrokeColor(edge or pal.ink)
    c.setLineWidth(1.2)
    c.roundRect(5, 5, box.w - 10, box.h - 10, 6, fill=1, stroke=1)


def _camp_areas(c: Canvas, box, pal: Palette, style) -> None:
    """Where things go around the camp card: unbanked gold above, banked below, character left."""
    w, h = box.w, box.h
    words = said(style)
    c.setFillColor(pal.ink)
    c.setFont(BODY_BOLD, 7.5)
    c.drawCentredString(w / 2, h - MARGIN - 8, f"\u25B2 {words('camp.unbanked')} \u25B2")
    draw_icon(c, "gold", w / 2 - 48, h - MARGIN - 5.5, 9, pal)
    draw_icon(c, "gold", w / 2 + 48, h - MARGIN - 5.5, 9, pal)
    c.drawCentredString(w / 2, MARGIN + 2, f"\u25BC {words('camp.banked')} \u25BC")
    draw_icon(c, "bank", w / 2 - 44, MARGIN + 4.5, 9, pal)
    draw_icon(c, "bank", w / 2 + 44, MARGIN + 4.5, 9, pal)
    c.saveState()
    c.translate(MARGIN + 6, h / 2)          # the label's ascent stays 3 mm inside the trim
    c.rotate(90)
    c.drawCentredString(0, 0, f"\u25B2 {words('camp.character')} \u25B2")
    c.restoreState()


def _tent(c: Canvas, cx: float, y: float, s: float, pal: Palette) -> None:
    c.setStrokeColor(pal.ink)
    c.setLineWidth(1)
    c.setFillColor(pal.bone)
    polygon(c, [(cx - s * 0.5, y), (cx, y + s * 0.6), (cx + s * 0.5, y)])
    c.setFillColor(pal.ink)
    polygon(c, [(cx - s * 0.1, y), (cx, y + s * 0.28), (cx + s * 0.1, y)], stroke=False)
    fx = cx + s * 0.62
    c.setFillColor(pal.copper)
    polygon(c, [(fx - s * 0.12, y), (fx, y + s * 0.3), (fx + s * 0.12, y)])
    c.setFillColor(pal.gold)
    polygon(c, [(fx - s * 0.06, y), (fx, y + s * 0.16), (fx + s * 0.06, y)], stroke=False)


def draw_camp(c: Canvas, record, component, box, style) -> None:
    """FRONTS['camp']: the CAMP side."""
    pal = palette(style)
    _ground(c, box, pal.ground, pal)
    w, h = box.w, box.h
    _camp_areas(c, box, pal, style)
    scene(c, MARGIN + 12, h * 0.3, w - 2 * MARGIN - 18, h * 0.42, pal)
    _tent(c, w / 2 - 10, h * 0.3 + 6, 60, pal)
    write(c, f"**{record.name.upper()}**", MARGIN + 12, h * 0.72 + 2, w - 2 * MARGIN - 6, h * 0.28 - MARGIN - 14,
          pal.ink, field="name", size=30, font=DISPLAY)   # shrinks to fit, or fails naming the card
    write(c, said(style)("camp.counts"), MARGIN + 14, MARGIN + 14,
          w - 2 * MARGIN - 20, h * 0.3 - MARGIN - 18, pal.ink, field="camp", size=8, font=TEXT)


def draw_gone(c: Canvas, record, component, box, style) -> None:
    """BACKS['camp']: the GONE side and what GONE means."""
    pal = palette(style)
    _ground(c, box, pal.bad, pal, edge=pal.bad)
    w, h = box.w, box.h
    _camp_areas(c, box, pal, style)
    words = said(style)
    draw_icon(c, "gone", w / 2 + 4, h * 0.7, 38, pal)
    c.setFillColor(pal.bad)
    gone = words("keywords.GONE")
    c.setFont(NAME_FONT, min(30.0, (w - 2 * MARGIN - 24) / c.stringWidth(gone, NAME_FONT, 1)))
    c.drawCentredString(w / 2 + 6, h * 0.5, gone)
    write(c, words("camp.gone"), MARGIN + 14, MARGIN + 14, w - 2 * MARGIN - 20, h * 0.47 - MARGIN - 18, pal.ink,
          field="GONE side", size=8, font=TEXT)


def draw_money(c: Canvas, record, component, box, style) -> None:
    """FRONTS['money']: a gold or infamy card; bigger denominations show a pile."""
    pal = palette(style)
    gold = record.currency == "gold"
    _ground(c, box, pal.gold_dark if gold else pal.ink, pal, edge=pal.gold_dark if gold else pal.bad)
    w, h = box.w, box.h
    icon = "gold" if gold else "infamy"
    s = min(w, h) * (0.62 if record.value == 1 else 0.5)
    if record.value > 1:
        for dx, dy in ((-0.32, -0.12), (0.32, -0.12)):
            draw_icon(c, icon, w / 2 + s * dx, h * 0.55 + s * dy, s * 0.8, pal)
    draw_icon(c, icon, w / 2, h * 0.55 + (s * 0.12 if record.value > 1 else 0), s, pal)
    c.setFillColor(pal.ink)
    c.setFont(NAME_FONT, 26)
    c.drawCentredString(w / 2, MARGIN + 16, str(record.value))
    c.setFont(BODY_BOLD, 8)
    c.drawCentredString(w / 2, MARGIN + 6, said(style)(f"money.{record.currency}"))
    c.setFont(NAME_FONT, 11)
    for x in (MARGIN + 6, w - MARGIN - 6):
        c.drawCentredString(x, h - MARGIN - 11.5, str(record.value))


def draw_marker(c: Canvas, record, component, box, style) -> None:
    """FRONTS['marker'] and BACKS['marker']: a token showing its icon, or a marker card with its words."""
    pal = palette(style)
    w, h, b = box.w, box.h, box.bleed
    if record.text:
        _ground(c, box, pal.ground, pal)
        sun_rays_in(c, w / 2, h * 0.64, min(w, h) * 0.34, pal)
        draw_icon(c, record.icon or "star", w / 2, h * 0.64, min(w, h) * 0.42, pal)
        write(c, f"**{record.name.upper()}**", MARGIN + 2, h * 0.29 + 1, w - 2 * MARGIN - 4, 15, pal.ink,
              field="name", size=11, font=DISPLAY)
        write(c, record.text, MARGIN + 2, MARGIN + 2, w - 2 * MARGIN - 4, h * 0.29 - MARGIN - 4, pal.ink,
              field="text", size=7.5, font=TEXT)
        return
    c.setFillColor(pal.paper)
    c.rect(-b, -b, w + 2 * b, h + 2 * b, fill=1, stroke=0)
    if component.shape == "round":
        c.setStrokeColor(pal.ink)
        c.setLineWidth(0.8)
        c.circle(w / 2, h / 2, min(w, h) / 2 - 1.5, fill=0, stroke=1)
    draw_icon(c, record.icon or "star", w / 2, h / 2, min(w, h) * 0.8, pal)


def sun_rays_in(c: Canvas, cx: float, cy: float, r: float, pal: Palette) -> None:
    """A small ray fan clipped to a disc: the emblem ground of marker cards."""
    c.saveState()
    p = c.beginPath()
    p.circle(cx, cy, r)
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColor(pal.sky)
    c.circle(cx, cy, r, fill=1, stroke=0)
    sun_rays(c, cx, cy, r, pal, pal.gold)
    c.restoreState()
    c.setStrokeColor(pal.ink)
    c.setLineWidth(0.8)
    c.circle(cx, cy, r, fill=0, stroke=1)


HEAD = 1.55   # a section title's height, in ems, with its rule and a gap under it


def _line_height(text: str, width: float, size: float) -> float:
    laid = layout(text, width, size, font=TEXT, leading=LEADING)
    return math.inf if laid is None else laid.height + size * 0.15


def _reference_size(record, width: float, height: float) -> float:
    """The largest size at which every section of a reference card fits together."""
    size = 8.0
    while size >= MIN_SIZE - 1e-9:
        total = sum(size * HEAD + sum(_line_height(line, width, size) for line in section.lines)
                    for section in record.sections)
        if total <= height:
            return size
        size -= 0.25
    raise TextOverflow(f"sections do not fit a {width / 2.835:.1f} x {height / 2.835:.1f} mm card even at "
                       f"{MIN_SIZE:g} pt: shorten them or split the card", field="sections")


def draw_reference(c: Canvas, record, component, box, style) -> None:
    """FRONTS['reference']: titled sections of short lines with inline icons."""
    pal = palette(style)
    _ground(c, box, pal.ground, pal)
    w, h = box.w, box.h
    inner = w - 2 * MARGIN
    title = f"**{record.name}**"
    _, title_h = measure(title, inner, 16, field="name", size=13, min_size=8, font=DISPLAY)
    write(c, title, MARGIN, h - MARGIN - title_h, inner, title_h, pal.ink, field="name", size=13, min_size=8,
          font=DISPLAY)
    top = h - MARGIN - title_h - 2
    size = _reference_size(record, inner, top - MARGIN)
    for section in record.sections:
        c.setFillColorRGB(*readable_ground(pal.bad.rgb(), pal.paper.rgb(), BOLD_LABEL * 1.4))
        check_face(section.title.upper(), BODY_BOLD, "sections")
        c.setFont(BODY_BOLD, size + 0.5)
        c.drawString(MARGIN, top - size * 1.05, section.title.upper())
        c.setStrokeColor(pal.bad)
        c.setLineWidth(0.4)
        c.line(MARGIN, top - size * 1.3, w - MARGIN, top - size * 1.3)
        top -= size * HEAD
        for line in section.lines:
            line_h = _line_height(line, inner, size)
            write(c, line, MARGIN, top - line_h, inner, line_h, pal.ink, field="sections", size=size, min_size=size,
                  font=TEXT, align="left", valign="top")
            top -= line_h


def sun_rays(c: Canvas, cx: float, cy: float, r: float, pal: Palette, colour) -> None:
    """A fan of rays behind a back's emblem."""
    c.setFillColor(colour)
    for i in range(16):
        a0, a1 = math.radians(i * 22.5), math.radians(i * 22.5 + 9)
        polygon(c, [(cx, cy), (cx + r * math.cos(a0), cy + r * math.sin(a0)), (cx + r * math.cos(a1), cy + r * math.sin(a1))],
                stroke=False)
