"""Card faces: deck cards (starting, forge, market), the shared deck back, the Throne.

Anatomy of a deck card, top to bottom: name bar (forge cost upper left as a power
gem; market cost upper right as a gold coin), art window, type line with the
influence symbols, text box (keywords, abilities, flavour), bottom band (a unit's
strength bottom right).  A weapon's bottom band is a dark strip reaching the trim
edge with its strength bonus and granted keywords, so it stays readable when the
weapon is slid under a unit (rulebook "Weapons", tip).  Market cards have a gold,
studded border instead of the influence-coloured one (rulebook "Changes to Setup").
Every word a face prints itself (type labels, the back's title, SPENT) is the family's phrase table in the kit's
language (`words(style.lang)`, cards/models/eternal_gold_and_steel/phrases/CODE.toml).
"""
from __future__ import annotations

import math
from functools import cache, partial

from cards.models.eternal_gold_and_steel import Card, ForgeCard, MarketCard, Throne, keyword_name
from cards.models.eternal_gold_and_steel.words import words
from generator.engine.box import MM, SAFE_MM, Box, Style
from generator.engine.contrast import readable_ground, text_on
from cards.typeset.fonts import DISPLAY
from generator.engine.icons import draw_icon, place_drawing
from generator.engine.stamp import Spot
from generator.engine.text import draw_text
from generator.templates.regions import picture, region

from .pictures import draw_picture
from .icons import (GOLD, GOLD_DARK, INFLUENCE_COLOURS, INFLUENCE_ICONS, INK, NEUTRAL, PARCHMENT, POWER,
                    STEEL)

NIGHT = (0.10, 0.09, 0.14)
BORDER = 4 * MM          # frame width inside the trim; the panel starts here
STRIP = 12 * MM          # a weapon's bottom strip: what shows below the unit it is slid under
NAME_BAR = 9 * MM        # the name bar's height
COST_RADIUS = 4.6 * MM   # the cost discs either end of the name bar


def frame_colours(card: Card) -> list[tuple[float, float, float]]:
    """The frame colour of each influence symbol (neutral grey for none)."""
    return [INFLUENCE_COLOURS[i] for i in card.influence] or [NEUTRAL]


def _fill(c, colour, style: Style) -> None:
    c.setFillColorRGB(*style.background(colour))


def _frame(c, box: Box, style: Style, colours) -> None:
    """Fill trim and bleed with the frame: one colour, or split in vertical halves."""
    x, y, w, h = box.bleed_rect
    step = w / len(colours)
    for i, colour in enumerate(colours):
        _fill(c, colour, style)
        c.rect(x + i * step, y, step + 0.5, h, fill=1, stroke=0)


def _market_border(c, box: Box, style: Style) -> None:
    """The market's own border: gold, studded with small coins, a dark inner line.

    Drawn once per PDF for each card size and print style, and placed on every market card.
    """
    x, y, w, h = box.bleed_rect
    place_drawing(c, f"gs-market-border {box.w!r} {box.h!r} {box.bleed_rect!r} {style.background(GOLD)!r}",
                  partial(_draw_market_border, box=box, style=style), (x - 1, y - 1, x + w + 1, y + h + 1))
    c.setFillColorRGB(*GOLD_DARK)  # what the drawing leaves set, as drawing it directly did
    c.setStrokeColorRGB(*GOLD_DARK)
    c.setLineWidth(1.2)


def _draw_market_border(c, box: Box, style: Style) -> None:
    _fill(c, GOLD, style)
    c.rect(*box.bleed_rect, fill=1, stroke=0)
    c.setFillColorRGB(*GOLD_DARK)
    pitch = 5 * MM
    r = 0.7 * MM
    mid = BORDER / 2
    n_x, n_y = int(box.w // pitch), int(box.h // pitch)
    for i in range(n_x + 1):
        px = box.w / 2 + (i - n_x / 2) * pitch
        c.circle(px, mid, r, fill=1, stroke=0)
        c.circle(px, box.h - mid, r, fill=1, stroke=0)
    for j in range(n_y + 1):
        py = box.h / 2 + (j - n_y / 2) * pitch
        c.circle(mid, py, r, fill=1, stroke=0)
        c.circle(box.w - mid, py, r, fill=1, stroke=0)
    c.setStrokeColorRGB(*GOLD_DARK)
    c.setLineWidth(1.2)
    c.roundRect(BORDER - 0.8, BORDER - 0.8, box.w - 2 * BORDER + 1.6, box.h - 2 * BORDER + 1.6, 2.4 * MM, fill=0, stroke=1)


def _panel(c, box: Box, style: Style, bottom: float) -> None:
    _fill(c, PARCHMENT, style)
    c.roundRect(BORDER, bottom, box.w - 2 * BORDER, box.h - BORDER - bottom, 2 * MM, fill=1, stroke=0)


def _ground(c, card: Card, box: Box, style: Style, bottom: float, bar) -> None:
    """What a deck card prints whatever its text: the frame (a market card's border is its own form),
    the parchment panel, the name bar and the cost discs; one form per PDF for each such look."""
    frame = None if isinstance(card, MarketCard) else tuple(frame_colours(card))
    costs = (isinstance(card, ForgeCard), isinstance(card, MarketCard))
    x, y, w, h = box.bleed_rect
    place_drawing(c, f"gs-ground {box.w!r} {box.h!r} {box.bleed_rect!r} {style!r} {frame} {bottom!r} {bar!r} {costs}",
                  partial(_draw_ground, box=box, style=style, frame=frame, bottom=bottom, bar=bar, costs=costs),
                  (x - 1, y - 1, x + w + 1, y + h + 1))


def _draw_ground(c, box: Box, style: Style, frame, bottom: float, bar, costs: tuple[bool, bool]) -> None:
    if frame is not None:
        _frame(c, box, style, frame)
    _panel(c, box, style, bottom)
    top = box.h - BORDER
    _fill(c, _bar_colours(bar)[0], style)
    c.roundRect(BORDER, top - NAME_BAR, box.w - 2 * BORDER, NAME_BAR, 2 * MM, fill=1, stroke=0)
    for (x, colour), drawn in zip(_cost_places(box), costs):
        if drawn:
            c.setFillColorRGB(*colour)
            c.setStrokeColorRGB(1, 1, 1)
            c.setLineWidth(1.2)
            c.circle(x, top - NAME_BAR / 2, COST_RADIUS, fill=1, stroke=1)


def _cost_places(box: Box) -> tuple[tuple[float, tuple[float, float, float]], ...]:
    """(x, colour) of the forge cost's disc (upper left, power) and the market cost's (upper right, gold)."""
    return ((BORDER + COST_RADIUS + 0.6 * MM, POWER), (box.w - BORDER - COST_RADIUS - 0.6 * MM, GOLD))


@cache
def _bar_colours(colour: tuple[float, float, float]) -> tuple[tuple, tuple]:
    """(ground, text) of the name bar: white on time's gold would not read."""
    return text_on(colour, (1, 1, 1), INK)


def _strength(c, value: int, box: Box) -> None:
    """A unit's strength, bottom right: a sword and a bold number on a dark plate."""
    w, h = 15 * MM, 9 * MM
    x, y = box.w - BORDER - w - 0.8 * MM, BORDER + 0.8 * MM
    c.setFillColorRGB(*NIGHT)
    c.roundRect(x, y, w, h, 2 * MM, fill=1, stroke=0)
    draw_icon(c, "strength", x + 0.8 * MM, y + 0.8 * MM, h - 1.6 * MM, field="strength")
    draw_text(c, f"**{value}**", x + h - 1 * MM, y, w - h, h, field="strength", size=16, align="center",
              valign="middle", color=(1, 1, 1))


def _name_bar(c, card, box: Box, style: Style, colour) -> float:
    """The name between the cost corners (on the bar and discs `_ground` drew); returns the bar's bottom y."""
    top = box.h - BORDER
    ink = _bar_colours(colour)[1]
    corner = 11 * MM
    draw_text(c, card.name, BORDER + corner, top - NAME_BAR + 1.2 * MM, box.w - 2 * (BORDER + corner),
              NAME_BAR - 2 * MM, field="name", size=11, font=DISPLAY, align="center", valign="middle",
              color=INK if style.ink_saver else ink)
    (forge_x, _), (market_x, _) = _cost_places(box)
    if isinstance(card, ForgeCard):
        _cost_number(c, card.cost, forge_x, top - NAME_BAR / 2, "cost", (1, 1, 1))
    if isinstance(card, MarketCard):
        _cost_number(c, card.gold, market_x, top - NAME_BAR / 2, "gold", INK)
    return top - NAME_BAR


def _cost_number(c, value: int, cx: float, cy: float, field: str, ink) -> None:
    """A cost's bold number on its disc (drawn by `_ground`)."""
    r = COST_RADIUS
    draw_text(c, f"**{value}**", cx - r, cy - r * 0.8, 2 * r, r * 1.6, field=field, size=r * 1.15, align="center",
              valign="middle", color=ink)


def _art(c, card: Card, box: Box, style: Style, top: float, bottom: float, colours) -> None:
    """The art window: the card's own art (its `image`, or a layout's picture region), else its own
    drawn picture (pictures.draw_picture), framed."""
    x, bottom, w, h = region("picture", (BORDER + 1.5 * MM, bottom, box.w - 2 * BORDER - 3 * MM, top - bottom))
    if not picture(c, "picture", (x, bottom, w, h), card):
        c.saveState()
        p = c.beginPath()
        p.roundRect(x, bottom, w, h, 1.5 * MM)
        c.clipPath(p, stroke=0, fill=0)
        draw_picture(c, card, x, bottom, w, h, style)
        c.restoreState()
    _window(c, x, bottom, w, h)


def _window(c, x: float, y: float, w: float, h: float) -> None:
    """The art window's ink outline, over the drawn picture or the card's art."""
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.6)
    c.roundRect(x, y, w, h, 1.5 * MM, fill=0, stroke=1)


def _type_line(c, card: Card, box: Box, top: float, lang: str | None) -> float:
    """'Unit' on the left, the influence symbols on the right; returns its bottom y."""
    h = 5 * MM
    x, w = BORDER + 1.5 * MM, box.w - 2 * BORDER - 3 * MM
    said = words(lang)
    label = said(f"types.{card.type}")
    if card.provisional:
        label = said("types.provisional", type=label)
    draw_text(c, f"**{label}**", x, top - h, w * 0.75, h, field="type", size=7.5, valign="middle", color=INK)
    size = 3.6 * MM
    for i, symbol in enumerate(reversed(card.influence)):
        draw_icon(c, symbol, x + w - (i + 1) * (size + 0.6 * MM), top - h + (h - size) / 2, size, field="influence")
    return top - h


def weapon_line(card: Card, lang: str | None = None) -> str:
    """What equipping a weapon does, from its bonus and granted keywords, in `lang` (None: English)."""
    said = words(lang)
    gains = [said("weapon.strength", amount=card.bonus)] if card.bonus else []
    gains += [keyword_name(k, lang) for k in card.keywords]
    return said("weapon.equipped", gains=said.join(gains)) if gains else ""


def card_text(card: Card, lang: str | None = None) -> str:
    """Everything the text box prints, in order: keywords (a weapon: what it gives), abilities, flavour."""
    parts = []
    if card.keywords and card.type == "unit":
        parts.append(f"**{card.keywords_in(lang)}**")
    if card.type == "weapon" and weapon_line(card, lang):
        parts.append(f"**{weapon_line(card, lang)}**")
    parts += card.abilities_in(lang)
    if card.flavor:
        parts.append(f"*{card.flavor}*")
    return "\n".join(parts)


def _weapon_strip(c, card: Card, box: Box, style: Style) -> None:
    """The bottom strip that stays visible under a unit: +bonus, granted keywords."""
    c.setFillColorRGB(*(STEEL if style.ink_saver else NIGHT))
    c.rect(-box.bleed, -box.bleed, box.w + 2 * box.bleed, STRIP + box.bleed, fill=1, stroke=0)
    sx = box.safe
    light = INK if style.ink_saver else (1, 1, 1)
    size = 7 * MM
    draw_icon(c, "strength", sx, box.safe + 0.2 * MM, size, field="bonus")
    draw_text(c, f"**+{card.bonus}**", sx + size, box.safe, 13 * MM, STRIP - box.safe, field="bonus", size=20,
              valign="middle", color=light)
    granted = f"**{card.keywords_in(style.lang)}**" if card.keywords else ""
    draw_text(c, f"{granted}\n*{card.name}*" if granted else f"*{card.name}*", sx + size + 13 * MM, box.safe,
              box.w - 2 * sx - size - 13 * MM, STRIP - box.safe, field="keywords", size=8, align="right",
              valign="middle", color=light)


def deck_card(c, card: Card, component, box: Box, style: Style) -> None:
    """Front of every card of a player's deck: starting, forge and market cards."""
    colours = frame_colours(card)
    if isinstance(card, MarketCard):
        _market_border(c, box, style)
    bottom = STRIP + 0.8 * MM if card.type == "weapon" else BORDER
    bar = colours[0] if len(colours) == 1 else NIGHT
    _ground(c, card, box, style, bottom, bar)
    below_name = _name_bar(c, card, box, style, bar)
    art_bottom = box.h * 0.5
    _art(c, card, box, style, below_name - 1 * MM, art_bottom, colours)
    text_top = _type_line(c, card, box, art_bottom - 0.5 * MM, style.lang)
    text_bottom = bottom + (11 * MM if card.type == "unit" else 1.5 * MM)
    text = card_text(card, style.lang)
    if text:
        draw_text(c, text, BORDER + 2 * MM, text_bottom, box.w - 2 * BORDER - 4 * MM, text_top - text_bottom - 1 * MM,
                  field="abilities", size=9.5, color=INK)
    if card.type == "unit" and card.strength is not None:  # the checks give every unit a strength
        _strength(c, card.strength, box)
    if card.type == "weapon":
        _weapon_strip(c, card, box, style)


def deck_back(c, record, component, box: Box, style: Style) -> None:
    """The one back of every deck card: night field, a gold ring of the five symbols, the title."""
    _fill(c, NIGHT, style)
    c.rect(*box.bleed_rect, fill=1, stroke=0)
    cx, cy = box.w / 2, box.h / 2
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(1.5)
    c.roundRect(box.safe, box.safe, box.w - 2 * box.safe, box.h - 2 * box.safe, 3 * MM, fill=0, stroke=1)
    r = box.w * 0.3
    c.circle(cx, cy, r, fill=0, stroke=1)
    size = 9 * MM
    for i, symbol in enumerate(INFLUENCE_ICONS):
        a = math.pi / 2 + i * 2 * math.pi / 5
        c.setFillColorRGB(*style.background(PARCHMENT))
        c.circle(cx + r * math.cos(a), cy + r * math.sin(a), size * 0.62, fill=1, stroke=1)
        draw_icon(c, symbol, cx + r * math.cos(a) - size / 2, cy + r * math.sin(a) - size / 2, size, field="back")
    said = words(style.lang)
    draw_text(c, said("back.title"), box.safe, cy - 6 * MM, box.w - 2 * box.safe, 12 * MM, field="back", size=20,
              font=DISPLAY, align="center", valign="middle", color=INK if style.ink_saver else GOLD)
    draw_text(c, said("back.subtitle"), box.safe, box.safe + 3 * MM, box.w - 2 * box.safe, 8 * MM, field="back",
              size=10, font=DISPLAY, align="center", valign="middle", color=INK if style.ink_saver else GOLD)


def _throne_art(c, x, y, w, h, colour) -> None:
    """A throne seen from the front: high back, seat, legs."""
    c.setFillColorRGB(*colour)
    c.roundRect(x + w * 0.28, y + h * 0.38, w * 0.44, h * 0.6, w * 0.08, fill=1, stroke=0)
    c.rect(x + w * 0.18, y + h * 0.3, w * 0.64, h * 0.12, fill=1, stroke=0)
    c.rect(x + w * 0.14, y + h * 0.3, w * 0.1, h * 0.3, fill=1, stroke=0)
    c.rect(x + w * 0.76, y + h * 0.3, w * 0.1, h * 0.3, fill=1, stroke=0)
    c.rect(x + w * 0.22, y, w * 0.08, h * 0.3, fill=1, stroke=0)
    c.rect(x + w * 0.7, y, w * 0.08, h * 0.3, fill=1, stroke=0)


def _throne_face(c, throne: Throne, box: Box, style: Style, *, spent: bool) -> None:
    frame = STEEL if spent else POWER
    _fill(c, frame, style)
    c.rect(*box.bleed_rect, fill=1, stroke=0)
    _panel(c, box, style, BORDER)
    top = box.h - BORDER
    bar = 9 * MM
    _fill(c, NIGHT if not spent else readable_ground(NEUTRAL, GOLD), style)
    c.roundRect(BORDER, top - bar, box.w - 2 * BORDER, bar, 2 * MM, fill=1, stroke=0)
    draw_text(c, throne.name, BORDER + 2 * MM, top - bar + 1.2 * MM, box.w - 2 * BORDER - 4 * MM, bar - 2 * MM,
              field="name", size=12, font=DISPLAY, align="center", valign="middle",
              color=INK if style.ink_saver else GOLD)
    art_h = box.h * 0.36
    art_y = top - bar - 2 * MM - art_h
    art = region("picture", (BORDER + 1.5 * MM, art_y, box.w - 2 * BORDER - 3 * MM, art_h))
    if picture(c, "picture", art, throne):
        _window(c, *art)
    else:  # the drawn throne, centred in the picture area
        _throne_art(c, art[0] + art[2] / 2 - box.w * 0.25, art[1], box.w * 0.5, art[3],
                    (0.7, 0.7, 0.7) if spent else GOLD)
    art_y, art_h = art[1], art[3]
    if spent:
        c.saveState()
        c.translate(box.w / 2, art_y + art_h / 2)
        c.rotate(25)
        c.setFillColorRGB(*INK)
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(2)
        c.rect(-24 * MM, -5 * MM, 48 * MM, 10 * MM, fill=0, stroke=1)
        c.restoreState()
        c.saveState()
        c.translate(box.w / 2, art_y + art_h / 2)
        c.rotate(25)
        said = words(style.lang)
        draw_text(c, f"**{said('throne.spent')}**", -22 * MM, -4 * MM, 44 * MM, 8 * MM, field="spent", size=18, font=DISPLAY,
                  align="center", valign="middle", color=INK)
        c.restoreState()
        body = f"**{said('throne.ability_spent')}**\n{throne.spent_text}"
    else:
        body = throne.rules_in(style.lang) + (f"\n*{throne.flavor}*" if throne.flavor else "")
    draw_text(c, body, BORDER + 2 * MM, BORDER + 2 * MM, box.w - 2 * BORDER - 4 * MM, art_y - BORDER - 4 * MM,
              field="spent_text" if spent else "effects", size=9, color=INK)


def throne_front(c, throne: Throne, component, box: Box, style: Style) -> None:
    """The new Eternal Throne, its ability ready."""
    _throne_face(c, throne, box, style, spent=False)


def throne_spent(c, throne: Throne, component, box: Box, style: Style) -> None:
    """The Throne flipped over: the ability is spent (G7)."""
    _throne_face(c, throne, box, style, spent=True)


def stamp_spot(card: Card) -> Spot:
    """Where a deck card's version stamp goes (generator.engine.stamp): the pale panel's bottom-left, clear of
    the cost badge bottom-right, and above a weapon's strip."""
    bottom = STRIP + 0.8 * MM if card.type == "weapon" else BORDER
    return Spot("bottom-left", inset=(1.5, (bottom - SAFE_MM * MM) / MM + 1.0))
