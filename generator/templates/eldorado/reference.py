"""The turn summary: parchment and ruled frame like the other cards, the rules with inline icons."""
from __future__ import annotations

from generator.engine.box import MM
from cards.typeset.fonts import DISPLAY, TEXT
from generator.engine.text import draw_text

from .frame import parchment
from .palette import palette


def reference_front(c, record, component, box, style) -> None:
    """Title on top, a rule under it, then each section's title in bold over its lines."""
    pal = palette(style)
    parchment(c, box, pal)
    ink = pal.ink.rgb()
    sx, sy, sw, sh = box.safe_rect
    x, w = sx + 2.5 * MM, sw - 5 * MM
    title_h = 8 * MM
    draw_text(c, f"**{record.name}**", x, sy + sh - title_h, w, title_h - 1 * MM, field="name", size=13,
              font=DISPLAY, align="center", valign="middle", color=ink)
    rule_y = sy + sh - title_h - 0.5 * MM
    c.setStrokeColor(pal.ink)
    c.setLineWidth(0.6)
    c.line(x + w * 0.2, rule_y, x + w * 0.8, rule_y)
    body = "\n".join(f"**{s.title}**\n" + "\n".join(s.lines) for s in record.sections)
    draw_text(c, body, x, sy + 1.5 * MM, w, rule_y - sy - 2.5 * MM, field="sections", size=8, font=TEXT,
              leading=1.18, color=ink)
