"""Fronts of Eldorado's cards and pieces: ships, Eldorado cities, the common pile, standees, the die.

The words a face prints itself (headings, the hold's columns, the backs' titles) are the family's phrase table in
the kit's language (`words(style.lang)`, cards/models/eldorado/phrases/CODE.toml)."""
from __future__ import annotations

from reportlab.lib.colors import HexColor, white
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.models.eldorado.kinds import ITEMS, STAY_ABOARD
from cards.models.eldorado.words import words

from generator.engine.contrast import text_on
from cards.typeset.fonts import DISPLAY_BOLD, DISPLAY_ITALIC, TEXT
from generator.templates.regions import picture, region

from . import symbols
from .frame import parchment
from .palette import mix, palette
from .text import MIN_SIZE, centred_lines, fit_lines, fitted_size

MM = 72 / 25.4
SAFE = 3 * MM


def _heading(c, text: str, box, pal, y: float, size: float) -> None:
    c.setFillColor(pal.ink)
    size = fitted_size(text, DISPLAY_BOLD, size, box.w - 2 * SAFE - 4 * MM)
    c.setFont(DISPLAY_BOLD, size)
    c.drawCentredString(box.w / 2, y, text)


def _picture(c, record, box, pal, middle: float, height: float, draw) -> None:
    """A card's picture area, inside the ruled frame, `height` tall about the height `middle`: its own art (its
    `image`, or a layout's picture region) in an ink rule, else the drawn symbol, `draw(c, size)` at its centre."""
    x, y, w, h = region("picture", (SAFE + 2 * MM, middle - height / 2, box.w - 2 * SAFE - 4 * MM, height))
    if picture(c, "picture", (x, y, w, h), record):
        c.setStrokeColor(pal.ink)
        c.setLineWidth(0.6)
        c.rect(x, y, w, h, stroke=1, fill=0)
        return
    c.saveState()
    c.translate(x + w / 2, y + h / 2)
    draw(c, h)
    c.restoreState()


def ship_front(c, record, component, box, style) -> None:
    """The ship card: a caravel with the leader's initial on the mainsail, over a hold to tally
    what is aboard and what went ashore with the party."""
    pal = palette(style)
    parchment(c, box, pal)
    said = words(style.lang)
    _heading(c, said("decks.ship"), box, pal, box.h - SAFE - 7 * MM, 11)
    _picture(c, record, box, pal, box.h - SAFE - 22 * MM, 24 * MM,
             lambda c, size: symbols.ship(c, pal, size, initial=record.sail))
    c.setFillColor(pal.ink)
    lines, size = fit_lines(record.name, DISPLAY_ITALIC, 9, box.w - 2 * SAFE - 6 * MM)
    centred_lines(c, lines, DISPLAY_ITALIC, size, box.w / 2, box.h - SAFE - 35 * MM)
    _hold(c, box, pal, said, top=box.h - SAFE - 36 * MM - len(lines) * size * 1.1)


HOLD_ROW = 6.2 * MM


def _hold(c, box, pal, said, top: float) -> None:
    """One row per thing of the common pile (cards.models.eldorado.pieces.ITEMS) with a box aboard and
    one ashore to write the count in pencil; what never leaves the ship (STAY_ABOARD) has no ashore box."""
    left, right = SAFE + 2 * MM, box.w - SAFE - 2 * MM
    bw = 13 * MM
    columns = (right - 2 * bw - 1.5 * MM, right - bw)
    c.setFillColor(pal.ink)
    c.setFont(DISPLAY_BOLD, 6)
    for x, word in zip(columns, (said("hold.aboard"), said("hold.ashore"))):
        c.drawCentredString(x + bw / 2, top - 2.4 * MM, word)
    y = top - 3.4 * MM
    for item in ITEMS:
        y -= HOLD_ROW
        c.saveState()
        c.translate(left + 2.4 * MM, y + HOLD_ROW / 2)
        symbols.SYMBOLS[item](c, pal, 4.4 * MM)
        c.restoreState()
        c.setFillColor(pal.ink)
        c.setFont(TEXT, 6.5)
        c.drawString(left + 5.6 * MM, y + HOLD_ROW / 2 - 2.2, said(f"hold.items.{item}"))
        c.setStrokeColor(pal.ink)
        c.setLineWidth(0.6)
        c.setFillColor(pal.paper)
        for x, ashore in zip(columns, (False, True)):
            if ashore and item in STAY_ABOARD:
                c.setFillColor(pal.ink)
                c.setFont(DISPLAY_ITALIC, 6)
                c.drawCentredString(x + bw / 2, y + HOLD_ROW / 2 - 2, said("hold.stay"))
                continue
            c.setFillColor(pal.paper)
            c.rect(x, y + 0.7 * MM, bw, HOLD_ROW - 1.4 * MM, stroke=1, fill=1)
    c.setFillColor(pal.ink)
    note = said("hold.note")
    c.setFont(TEXT, fitted_size(note, TEXT, 6.5, box.w - 2 * SAFE - 4 * MM))
    c.drawCentredString(box.w / 2, SAFE + 2.2 * MM, note)


def ship_marker(c, record, component, box, style) -> None:
    """A ship moored on its square while its party walks inland: the caravel with the sail's initial,
    the same either way up (whoever holds the ship card owns it, after a takeover too)."""
    pal = palette(style)
    c.setFillColor(pal.paper)
    c.rect(-box.bleed, -box.bleed, box.w + 2 * box.bleed, box.h + 2 * box.bleed, stroke=0, fill=1)
    c.setStrokeColor(pal.ink)
    c.setLineWidth(0.6)
    inset = 0.8 * MM
    c.rect(inset, inset, box.w - 2 * inset, box.h - 2 * inset, stroke=1, fill=0)
    c.saveState()
    c.translate(box.w / 2, box.h / 2)
    symbols.ship(c, pal, min(box.w, box.h) * 0.8, initial=record.sail)
    c.restoreState()


def counter(c, record, component, box, style) -> None:
    """A party counter: the leader's initial on the leader's colour, the same either way up."""
    pal = palette(style)
    colour = HexColor(record.party_colour).rgb()
    # ink saver: paper ground, the party's colour in the ring only, the initial in ink
    ground, ink = ((pal.paper.rgb(), pal.ink.rgb()) if style.ink_saver
                   else text_on(colour, white.rgb(), pal.ink.rgb()))
    c.setFillColorRGB(*ground)
    c.rect(-box.bleed, -box.bleed, box.w + 2 * box.bleed, box.h + 2 * box.bleed, stroke=0, fill=1)
    c.setStrokeColorRGB(*(colour if style.ink_saver else ink))
    c.setLineWidth(0.5 if not style.ink_saver else 1.2)
    inset = 0.7 * MM
    c.rect(inset, inset, box.w - 2 * inset, box.h - 2 * inset, stroke=1, fill=0)
    c.setFillColorRGB(*ink)
    size = 7.0      # print.md's safe zone leaves 2 mm of an 8 mm counter: a 7 pt capital fills it
    c.setFont(DISPLAY_BOLD, size)
    c.drawCentredString(box.w / 2, box.h / 2 - size * 0.34, record.initial)


def eldorado_front(c, record, component, box, style) -> None:
    """A secret golden city: its name and the square where it stands on the map."""
    pal = palette(style)
    parchment(c, box, pal, tint=None if style.ink_saver else pal.paper_edge)
    said = words(style.lang)
    _heading(c, said("decks.eldorado"), box, pal, box.h - SAFE - 7 * MM, 13)
    _picture(c, record, box, pal, box.h * 0.6, box.w * 0.52,
             lambda c, size: _city(c, pal, size))
    c.setFillColor(pal.ink)
    width = box.w - 2 * SAFE - 6 * MM
    lines, size = fit_lines(record.name, DISPLAY_BOLD, 14, width)
    centred_lines(c, lines, DISPLAY_BOLD, size, box.w / 2, box.h * 0.36)
    bw, bh = 18 * MM, 8 * MM
    c.setStrokeColor(pal.ink)
    c.setFillColor(pal.paper)
    c.setLineWidth(0.8)
    c.rect((box.w - bw) / 2, SAFE + 8 * MM, bw, bh, stroke=1, fill=1)
    c.setFillColor(pal.ink)
    c.setFont(DISPLAY_BOLD, 15)
    c.drawCentredString(box.w / 2, SAFE + 10.2 * MM, record.square)
    c.setFont(TEXT, 6.5)
    c.drawCentredString(box.w / 2, SAFE + 3.5 * MM, said("eldorado.show"))


def _city(c, pal, size: float) -> None:
    """A golden city on a gold disc, `size` across (the disc's diameter)."""
    c.setFillColor(mix(pal.gold, pal.paper, 0.3))
    c.circle(0, 0, size / 2, stroke=0, fill=1)
    symbols.city(c, pal, size * 0.42 / 0.52)


def supply_front(c, record, component, box, style) -> None:
    """A card of the common pile: the thing, its name, what it is worth."""
    pal = palette(style)
    parchment(c, box, pal)
    _picture(c, record, box, pal, box.h * 0.58, box.w * 0.5, lambda c, size: _worth(c, pal, record, size))
    if record.value > 1:    # the worth in both top corners, as a fan of cards shows them
        c.setFillColor(pal.ink)
        c.setFont(DISPLAY_BOLD, 16)
        for x, draw in ((SAFE + 1 * MM, c.drawString), (box.w - SAFE - 1 * MM, c.drawRightString)):
            draw(x, box.h - SAFE - 6 * MM, str(record.value))
    _heading(c, record.name.upper(), box, pal, box.h * 0.22, 10)
    if record.text:
        c.setFillColor(pal.ink)
        width = box.w - 2 * SAFE - 2 * MM
        lines, size = fit_lines(record.text, TEXT, 6.5, width)
        centred_lines(c, lines, TEXT, size, box.w / 2, box.h * 0.2 - 1 * MM)


def _worth(c, pal, record, size: float) -> None:
    """The thing's symbol once for a card worth one; worth more, as many as it is worth, set as a die's pips
    on a gold disc, so a five reads apart from a one by its picture as well as by its digits."""
    draw = symbols.SYMBOLS[record.item]
    if record.value == 1:
        draw(c, pal, size)
        return
    c.setFillColor(mix(pal.gold, pal.paper, 0.45))
    c.setStrokeColor(pal.ink)
    c.setLineWidth(0.6)
    c.circle(0, 0, size * 0.62, stroke=1, fill=1)
    for col, row in _PIPS[min(record.value, 6)]:
        c.saveState()
        c.translate(size * 0.34 * (col - 1), size * 0.34 * (row - 1))
        draw(c, pal, size * 0.38)
        c.restoreState()


def standee_front(c, record, component, box, style) -> None:
    """One side of a fold-over standee: the leader's initial as a seal, name, nation and port."""
    pal = palette(style)
    parchment(c, box, pal)
    r = min(box.w, box.h) * 0.3
    cx, cy = box.w / 2, box.h - SAFE - r
    c.setStrokeColor(pal.ink)
    c.setFillColor(pal.red if not style.ink_saver else pal.paper)
    c.setLineWidth(0.8)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColor(pal.paper if not style.ink_saver else pal.ink)
    c.setFont(DISPLAY_BOLD, r * 1.3)
    c.drawCentredString(cx, cy - r * 0.45, record.initial)
    c.setFillColor(pal.ink)
    width = box.w - 2 * SAFE
    first, _, last = record.name.rpartition(" ")
    lines = [first, last] if first else [last]
    centred_lines(c, lines, DISPLAY_BOLD, min(fitted_size(l, DISPLAY_BOLD, 6.5, width) for l in lines), cx,
                  cy - r - 0.6 * MM)
    port = words(style.lang)("standee.port", port=record.port)  # "from Vigo": "from" on a line of its own if it must
    lines = [port] if stringWidth(port, DISPLAY_ITALIC, MIN_SIZE) <= width else _before(port, record.port)
    size = min(fitted_size(line, DISPLAY_ITALIC, 6.5, width) for line in lines)
    centred_lines(c, lines, DISPLAY_ITALIC, size, cx, SAFE + 0.6 * MM + size * 1.1 * len(lines) - size * 0.3)
    c.setFont(TEXT, fitted_size(record.nation, TEXT, 6, width))
    c.drawCentredString(cx, SAFE + 3.2 * MM + size * 1.1 * (len(lines) - 1), record.nation)


def _before(text: str, port: str) -> list[str]:
    """`text` broken before the port's name: the table's words before it on a line of their own."""
    head, found, tail = text.rpartition(port)
    return [line for line in (head.strip(), port + tail) if line] if found else [text]


_PIPS = {1: [(1, 1)], 2: [(0, 2), (2, 0)], 3: [(0, 2), (1, 1), (2, 0)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
         5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


def die_face(c, record, component, box, style) -> None:
    """One face of the die net (`box.face`, 1-6): ink pips, the one a red seal."""
    pal = palette(style)
    c.setFillColor(pal.paper)
    c.rect(-box.bleed, -box.bleed, box.w + 2 * box.bleed, box.h + 2 * box.bleed, stroke=0, fill=1)
    n = getattr(box, "face", None) or 1
    c.setFillColor(pal.red if n == 1 else pal.ink)
    pip = min(box.w, box.h) * (0.11 if n == 1 else 0.075)
    for col, row in _PIPS[n]:
        c.circle(box.w * (0.24 + 0.26 * col), box.h * (0.24 + 0.26 * row), pip, stroke=0, fill=1)


def back(deck: str, emblem: str | None):
    """A deck's back: parchment, a compass rose (or the deck's emblem) and the deck's word (`decks.DECK`), the
    game's name under it (the Eldorado cards': what they are)."""

    def draw(c, record, component, box, style) -> None:
        pal = palette(style)
        said = words(style.lang)
        parchment(c, box, pal)
        c.saveState()
        c.translate(box.w / 2, box.h * 0.55)
        if emblem is None:
            symbols.compass_rose(c, pal, min(box.w, box.h) * 0.62, points=symbols.rose_points(said))
        else:
            c.setFillColor(mix(pal.gold, pal.paper, 0.3))
            c.circle(0, 0, box.w * 0.3, stroke=0, fill=1)
            symbols.SYMBOLS[emblem](c, pal, box.w * 0.45)
        c.restoreState()
        c.setFillColor(pal.ink)
        title = said(f"decks.{deck}")
        size = fitted_size(title, DISPLAY_BOLD, 14, box.w - 2 * SAFE - 4 * MM)
        c.setFont(DISPLAY_BOLD, size)
        c.drawCentredString(box.w / 2, box.h * 0.16, title)
        under = said("backs.eldorado" if deck == "eldorado" else "backs.game")
        c.setFont(DISPLAY_ITALIC, fitted_size(under, DISPLAY_ITALIC, 8, box.w - 2 * SAFE))
        c.drawCentredString(box.w / 2, box.h * 0.16 - size, under)

    return draw
