"""Starting and town cards, laid out as the rulebook's "Card Anatomy".

Type symbol at the top, name, picture, rules text with inline icons, the arrow,
the priority numeral top right, the gold cost (town) or the white star (starting)
top left, and the keyword marks.  A card with two options is two-ended: option 2
is printed upside down on the bottom half, each half with its own corner marks,
so whichever end reads upright is the action taken.  A layout file may move the
picture and the rules text of a one-ended card, and put art in place of any card's
picture (REGIONS, see generator/templates/regions.py).  A card whose arrow the player
turns ("either") is two-ended too: the same text, its arrow pointing left on one
end and right on the other.
"""
from __future__ import annotations

from functools import partial

from reportlab.pdfgen.canvas import Canvas

from generator.engine.contrast import BOLD_LABEL, readable_ground
from generator.engine.icons import place_drawing
from generator.templates.regions import picture as art_picture
from generator.templates.regions import region

from .art import Box, arrow_shown, picture
from .icons import TYPE_ICONS, draw_icon
from .look import BODY_BOLD, DISPLAY, MARGIN, NAME_FONT, TEXT, Palette, palette
from .words import keyed, measure, said, write

ARROWS = {"left": "\u2190", "right": "\u2192", "both": "\u2194"}
MARK_ICONS = {"use-once": "once", "once-per-character": "per-character", "give-to-attacked-player": "give",
              "event": "event"}  # each keyword mark's icon; its words are the phrase table's `marks`


def arrow_of(option) -> str | None:
    """'left', 'right', 'both' or 'either' as the picture shows it; None without a target."""
    if option.arrow == "none":
        return None
    for e in option.effects:  # an effect may show its own arrow (an attack on both neighbours: "both")
        shown = arrow_shown(e)
        if shown is not None:
            return shown
    return option.arrow


def ends(record) -> list[tuple[object, str | None]]:
    """What each end of the card shows: (option, arrow) for the top end, then the bottom end."""
    if record.two_ended:
        return [(o, arrow_of(o)) for o in record.options]
    option = record.options[0]
    if arrow_of(option) == "either":
        return [(option, "left"), (option, "right")]
    return [(option, arrow_of(option))]


def marks(record, style=None) -> list[tuple[str, str]]:
    """The keyword marks printed on the card: (icon, words in the kit's language)."""
    words = said(style)
    found = list(record.keywords) + (["event"] if record.type == "event" else [])
    return [(MARK_ICONS[k], words(f"marks.{k}")) for k in found]


def _frame(c: Canvas, record, box, pal: Palette) -> None:
    """The type-coloured border and the parchment panel: one form per type, size and palette."""
    b = box.bleed
    place_drawing(c, f"edc-frame {record.type} {box.w!r} {box.h!r} {b!r} {pal.ink_saver}",
                  partial(_draw_frame, record.type, box.w, box.h, b, pal), (-b - 1, -b - 1, box.w + b + 1, box.h + b + 1))


def _draw_frame(card_type: str, w: float, h: float, b: float, pal: Palette, c: Canvas) -> None:
    c.setFillColor(pal.type_colour(card_type) if not pal.ink_saver else pal.paper)
    c.rect(-b, -b, w + 2 * b, h + 2 * b, fill=1, stroke=0)
    c.setFillColor(pal.paper)
    c.setStrokeColor(pal.type_colour(card_type))
    c.setLineWidth(1.2 if pal.ink_saver else 0.8)
    c.roundRect(5, 5, w - 10, h - 10, 6, fill=1, stroke=1)


CORNER_R = 10.5  # the corner medallions' radius


def _corners(c: Canvas, record, w: float, top: float, pal: Palette, style) -> float:
    """Cost or star, type medallion and label, numeral, name; returns the y under the name.

    What depends only on the card's type and cost (the medallions, the cost, the type's
    label) is one form per PDF; the numeral, the icons and the name are drawn on it.
    """
    r = CORNER_R
    cy = top - MARGIN - r
    cost = getattr(record, "cost", None)
    label = said(style)(f"types.{record.type}")
    place_drawing(c, keyed(f"edc-corners {record.type} {cost} {w!r} {top!r} {pal.ink_saver}", style),
                  partial(_medallions, record.type, cost, w, cy, pal, label), (0, cy - 2 * r - 1, w, top))
    if cost is None:
        draw_icon(c, "star", MARGIN + r, cy, 2 * r + 2, pal)
    c.setFillColor(pal.bone)
    size = 11 if len(record.priority) < 3 else 9.5
    c.setFont(NAME_FONT, size)
    c.drawCentredString(w - MARGIN - r, cy - size * 0.34, record.priority)
    draw_icon(c, TYPE_ICONS[record.type], w / 2, cy + 1, 2 * r - 2, pal)
    name_top = cy - r - 10
    title = f"**{record.name}**"
    _, height = measure(title, w - 2 * MARGIN, 16, field="name", size=13, min_size=8, font=DISPLAY)
    write(c, title, MARGIN, name_top - height, w - 2 * MARGIN, height, pal.ink, field="name", size=13, min_size=8,
          font=DISPLAY)
    return name_top - height


def _medallions(card_type: str, cost: int | None, w: float, cy: float, pal: Palette, label: str, c: Canvas) -> None:
    """The cost coin (town cards), the numeral's disc, the type medallion and the type's label."""
    r = CORNER_R
    if cost is not None:
        c.setFillColor(pal.gold)
        c.setStrokeColor(pal.gold_dark)
        c.setLineWidth(1.6)
        c.circle(MARGIN + r, cy, r - 0.8, fill=1, stroke=1)
        c.setFont(NAME_FONT, 12)
        c.setFillColor(pal.ink)
        c.drawCentredString(MARGIN + r, cy - 4.2, str(cost))
    c.setFillColor(pal.ink)
    c.circle(w - MARGIN - r, cy, r, fill=1, stroke=0)
    colour = pal.type_colour(card_type)
    c.setFillColor(pal.bone)
    c.setStrokeColor(colour)
    c.setLineWidth(1.4)
    c.circle(w / 2, cy + 1, r + 1.5, fill=1, stroke=1)
    c.setFont(BODY_BOLD, 6)
    half = c.stringWidth(label, BODY_BOLD, 6) / 2 + 2
    c.setFillColor(pal.paper)       # a plate of paper: the picture behind would leave the label unreadable
    c.rect(w / 2 - half, cy - r - 10.5, 2 * half, 9.5, fill=1, stroke=0)
    c.setFillColorRGB(*readable_ground(colour.rgb(), pal.paper.rgb(), BOLD_LABEL))   # the type's colour, deepened to read
    c.drawCentredString(w / 2, cy - r - 8, label)


def _arrow_box(arrow: str | None, cx: float, y: float) -> tuple[Box, ...]:
    """The arrow tab's box (none without an arrow), centred at (cx, y) on the picture's lower edge."""
    return () if arrow is None else ((cx - 15, y - 7, 30, 14),)


def _arrow(c: Canvas, arrow: str | None, cx: float, y: float, pal: Palette) -> None:
    """The arrow tab on the picture's lower edge: which neighbour is targeted (one form per arrow and palette)."""
    if arrow is None:
        return
    place_drawing(c, f"edc-arrow {arrow} {pal.ink_saver}", partial(_draw_arrow, arrow, pal), (-17, -9, 17, 9),
                  at=(cx, y))


def _draw_arrow(arrow: str, pal: Palette, c: Canvas) -> None:
    c.setFillColor(pal.bone)
    c.setStrokeColor(pal.ink)
    c.setLineWidth(0.8)
    c.roundRect(*_arrow_box(arrow, 0, 0)[0], 7, fill=1, stroke=1)
    c.setFillColor(pal.ink)
    c.setFont(BODY_BOLD, 13)
    c.drawCentredString(0, -4.6, ARROWS[arrow])


def _mark_strip(c: Canvas, record, x: float, y: float, w: float, pal: Palette, style) -> float:
    """The keyword marks, one line each (two if narrow), from y upward; returns the y above them."""
    for icon, words in reversed(marks(record, style)):
        text = f":{icon}: **{words}**"
        size, height = measure(text, w, 16, field="keywords", size=6.5, font=TEXT)
        write(c, text, x, y, w, height, pal.ink, field="keywords", size=size, min_size=size, font=TEXT)
        y += height + 2
    return y


def _single(c: Canvas, record, option, arrow: str | None, box, pal: Palette, style) -> None:
    w, h = box.w, box.h
    below_name = _corners(c, record, w, h, pal, style)
    inner = w - 2 * MARGIN
    bottom = _mark_strip(c, record, MARGIN, MARGIN, inner, pal, style)
    if record.flavor and not record.keywords:
        write(c, f"*{record.flavor}*", MARGIN, bottom, inner, 9, pal.ink, field="flavor", size=6.5, font=TEXT)
        bottom += 10
    pic_h = (below_name - bottom) * 0.55
    pic_y = below_name - 2 - pic_h
    pic = region("picture", (MARGIN, pic_y, inner, pic_h))  # a layout may move it or put art there
    tab = (pic[0] + pic[2] / 2, pic[1])
    if not art_picture(c, "picture", pic, record):
        picture(c, option, *pic, pal, _arrow_box(arrow, *tab))
    _arrow(c, arrow, *tab, pal)
    text_top = pic[1] - (9 if arrow else 3)
    write(c, option.rules_text, *region("text", (MARGIN + 2, bottom + 1, inner - 4, text_top - bottom - 1)), pal.ink,
          field=f"options.{record.options.index(option) + 1}.text", size=10, font=TEXT)


def _half(c: Canvas, record, option, arrow: str | None, box, pal: Palette, style) -> None:
    """One end of a two-ended card, drawn upright in the half y 0..h/2 (the card's top edge at h/2)."""
    w, h = box.w, box.h / 2
    below_name = _corners(c, record, w, h, pal, style)
    inner = w - 2 * MARGIN
    base = 8.0
    pic_w = inner * 0.36
    pic_h = below_name - base - 2
    if not art_picture(c, "picture", (MARGIN, base, pic_w, pic_h), record):
        picture(c, option, MARGIN, base, pic_w, pic_h, pal, _arrow_box(arrow, MARGIN + pic_w / 2, base + 2))
    _arrow(c, arrow, MARGIN + pic_w / 2, base + 2, pal)
    text_x = MARGIN + pic_w + 4
    text_w = w - MARGIN - text_x
    bottom = _mark_strip(c, record, text_x, base, text_w, pal, style)
    write(c, option.rules_text, text_x, bottom, text_w, below_name - bottom - 2, pal.ink,
          field=f"options.{record.options.index(option) + 1}.text", size=8.5, font=TEXT)


def _divider(c: Canvas, box, pal: Palette, choice: bool, style) -> None:
    """The line between the two ends; 'OR' (upright from either end) when they are two options."""
    word = said(style)("marks.or")
    place_drawing(c, keyed(f"edc-divider {box.w!r} {box.h!r} {choice} {pal.ink_saver}", style),
                  partial(_draw_divider, box.w, box.h / 2, pal, choice, word),
                  (0, box.h / 2 - 11, box.w, box.h / 2 + 11))


def _draw_divider(w: float, mid: float, pal: Palette, choice: bool, word: str, c: Canvas) -> None:
    c.setStrokeColor(pal.ink)
    c.setDash(2, 2)
    c.setLineWidth(0.6)
    c.line(MARGIN, mid, w - MARGIN, mid)
    c.setDash()
    if not choice:
        return
    c.setFillColor(pal.ink)
    c.circle(w / 2, mid, 9.5, fill=1, stroke=0)     # wide enough that both ORs read on ink
    c.setFillColor(pal.bone)
    c.setFont(BODY_BOLD, 6)
    c.drawCentredString(w / 2, mid + 1.2, word)
    c.saveState()
    c.translate(w / 2, mid)
    c.rotate(180)
    c.drawCentredString(0, 1.2, word)
    c.restoreState()


def draw_action(c: Canvas, record, component, box, style) -> None:
    """FRONTS['starting'] and FRONTS['town']."""
    pal = palette(style)
    _frame(c, record, box, pal)
    shown = ends(record)
    if len(shown) == 1:
        _single(c, record, *shown[0], box, pal, style)
        return
    (top, top_arrow), (bottom, bottom_arrow) = shown
    c.saveState()
    c.translate(0, box.h / 2)
    _half(c, record, top, top_arrow, box, pal, style)
    c.restoreState()
    c.saveState()
    c.translate(box.w, box.h / 2)
    c.rotate(180)
    _half(c, record, bottom, bottom_arrow, box, pal, style)
    c.restoreState()
    _divider(c, box, pal, record.two_ended, style)

