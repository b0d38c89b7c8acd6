"""Round tokens, printed the same on both sides: gold coins, attack tokens, the Sentinel (their words: the family's
phrase table in the kit's language)."""
from __future__ import annotations

from generator.engine.box import MM, Box, Style
from cards.typeset.fonts import DISPLAY
from generator.engine.icons import draw_icon
from generator.engine.text import draw_text

from cards.models.eternal_gold_and_steel import keyword_name
from cards.models.eternal_gold_and_steel.words import words

from .icons import GOLD, GOLD_DARK, HEALTH, INK, STEEL

TOKEN_COLOURS = {"gold": (GOLD, GOLD_DARK, INK), "attack": (HEALTH, (0.45, 0.05, 0.08), (1, 1, 1))}
STONE = (0.62, 0.63, 0.66)


def _disc(c, box: Box, style: Style, fill, rim) -> None:
    """The token's face: a disc into the bleed and a rim ring just inside the cut."""
    r = box.w / 2
    c.setFillColorRGB(*style.background(fill))
    c.circle(r, box.h / 2, r + box.bleed, fill=1, stroke=0)
    c.setStrokeColorRGB(*rim)
    c.setLineWidth(1.4)
    c.circle(r, box.h / 2, r - 1.6 * MM, fill=0, stroke=1)


def marker(c, record, component, box: Box, style: Style) -> None:
    """A gold coin or an attack token: its value large, its name small."""
    fill, rim, ink = TOKEN_COLOURS.get(record.icon, (STEEL, INK, INK))
    _disc(c, box, style, fill, rim)
    if style.ink_saver:
        ink = INK
    sx, sy, sw, sh = box.safe_rect
    label = record.text or (str(record.value) if record.value is not None else "")
    draw_text(c, f"**{label}**", sx, sy + sh * 0.3, sw, sh * 0.7, field="text", size=20, font=DISPLAY,
              align="center", valign="middle", color=ink)
    word = words(style.lang)(f"tokens.{record.icon}") if record.icon in ("gold", "attack") else record.name
    draw_text(c, word, sx, sy, sw, sh * 0.3, field="name", size=6.5, align="center", valign="middle", color=ink)


def unit_token(c, record, component, box: Box, style: Style) -> None:
    """A unit token: a stone disc with a shield, its name and its strength."""
    _disc(c, box, style, STONE, INK)
    sx, sy, sw, sh = box.safe_rect
    cx = box.w / 2
    c.setFillColorRGB(*((1, 1, 1) if style.ink_saver else (0.32, 0.34, 0.4)))
    c.setStrokeColorRGB(*INK)
    p = c.beginPath()
    top, bottom, half = sy + sh, sy + sh * 0.3, sw * 0.3
    p.moveTo(cx - half, top)
    p.lineTo(cx + half, top)
    p.curveTo(cx + half, bottom + sh * 0.25, cx + half * 0.4, bottom + sh * 0.05, cx, bottom)
    p.curveTo(cx - half * 0.4, bottom + sh * 0.05, cx - half, bottom + sh * 0.25, cx - half, top)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    icon = sh * 0.28
    draw_icon(c, "strength", cx - icon * 0.95, top - sh * 0.38, icon, field="strength")
    draw_text(c, f"**{record.strength}**", cx - icon * 0.05, top - sh * 0.38, icon * 1.1, icon, field="strength",
              size=14, align="left", valign="middle", color=INK if style.ink_saver else (1, 1, 1))
    keywords = ", ".join(keyword_name(k, style.lang) for k in record.keywords)
    name = f"**{record.name}**" + (f"\n{keywords}" if keywords else "")
    draw_text(c, name, sx, sy + sh * 0.1, sw, sh * 0.2, field="name", size=8, font=DISPLAY, align="center",
              valign="middle", color=INK)
