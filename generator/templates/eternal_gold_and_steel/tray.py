"""The market tray: a fold-up net.  Its tall back wall hides a player's market from
the others (rulebook "Changes to Setup"); side walls taper towards the owner.

Printed side up is the inside: the floor shows where the market cards go, the lip
names the tray, the wall's inside carries the reminder lines (the tabs' and the flap's words: the family's phrase
table's `tray`, in the kit's language).  Solid lines are cut, dashed lines folded, grey tabs glued.
Lengths in mm; the net is centred in the component's box (250 x 180 mm).
"""
from __future__ import annotations

from generator.engine.box import MM, Box, Style
from cards.typeset.fonts import DISPLAY
from generator.engine.icons import draw_icon
from generator.engine.text import draw_text

from cards.models.eternal_gold_and_steel.words import words

from .icons import GOLD, GOLD_DARK, INFLUENCE_ICONS, INK, PARCHMENT

SIDE, FLOOR_W, FLOOR_D, LIP, WALL, FLAP, TAB, SIDE_FRONT = 55, 140, 80, 12, 60, 20, 8, 20
CARD_W, CARD_H = 88.9, 63.5   # a poker card lying sideways: three fit fanned on the floor
TAB_GREY = (0.82, 0.82, 0.82)


def _path(c, points, *, fill, stroke, dash=None) -> None:
    if dash:
        c.setDash(*dash)
    p = c.beginPath()
    p.moveTo(points[0][0] * MM, points[0][1] * MM)
    for x, y in points[1:]:
        p.lineTo(x * MM, y * MM)
    if fill:
        p.close()
    c.drawPath(p, fill=fill, stroke=stroke)
    c.setDash()


def net_panels(box: Box) -> dict[str, list[tuple[float, float]]]:
    """Every panel of the net as a polygon in mm from the box's bottom-left corner."""
    x0 = (box.w / MM - (2 * SIDE + FLOOR_W)) / 2
    y0 = (box.h / MM - (LIP + FLOOR_D + WALL + FLAP)) / 2
    fl, fr = x0 + SIDE, x0 + SIDE + FLOOR_W
    fb, ft = y0 + LIP, y0 + LIP + FLOOR_D
    wt = ft + WALL
    return {
        "lip": [(fl, y0), (fr, y0), (fr, fb), (fl, fb)],
        "floor": [(fl, fb), (fr, fb), (fr, ft), (fl, ft)],
        "wall": [(fl, ft), (fr, ft), (fr, wt), (fl, wt)],
        "flap": [(fl, wt), (fr, wt), (fr - 4, wt + FLAP), (fl + 4, wt + FLAP)],
        "left": [(fl, fb), (fl, ft), (fl - SIDE, ft), (fl - SIDE_FRONT, fb)],
        "right": [(fr, fb), (fr + SIDE_FRONT, fb), (fr + SIDE, ft), (fr, ft)],
        "left-tab": [(fl - SIDE, ft), (fl - 3, ft), (fl - 6, ft + TAB), (fl - SIDE + 3, ft + TAB)],
        "right-tab": [(fr + 3, ft), (fr + SIDE, ft), (fr + SIDE - 3, ft + TAB), (fr + 6, ft + TAB)],
    }


def fold_lines(panels) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Every fold: the edges panels share, and each glue tab's base."""
    shared = [("floor", "lip"), ("floor", "wall"), ("wall", "flap"), ("floor", "left"), ("floor", "right")]
    lines = [tuple(p for p in panels[a] if p in panels[b]) for a, b in shared]
    return lines + [(panels[t][0], panels[t][1]) for t in ("left-tab", "right-tab")]


def market_tray(c, record, component, box: Box, style: Style) -> None:
    """The tray's net: panels, card places, reminder text, fold and cut lines."""
    panels = net_panels(box)
    said = words(style.lang)
    for name, points in panels.items():
        colour = TAB_GREY if name.endswith("tab") else GOLD if name in ("wall", "flap", "lip") else PARCHMENT
        c.setFillColorRGB(*style.background(colour))
        _path(c, points, fill=1, stroke=0)
    fl, fb = panels["floor"][0]
    fr, ft = panels["floor"][2]
    c.setStrokeColorRGB(*GOLD_DARK)
    c.setLineWidth(0.8)
    for i in range(3):  # where the fanned market cards lie
        x = fl + 6 + i * (FLOOR_W - 12 - CARD_W) / 2
        c.roundRect(x * MM, (fb + (FLOOR_D - CARD_H) / 2) * MM, CARD_W * MM, CARD_H * MM, 3 * MM, fill=0, stroke=1)
    draw_text(c, f"**{record.name}**", fl * MM, (fb - LIP + 1) * MM, FLOOR_W * MM, (LIP - 2) * MM, field="name", size=18,
              font=DISPLAY, align="center", valign="middle", color=INK)
    wall_bottom = ft
    draw_text(c, "\n".join(record.lines), (fl + 6) * MM, (wall_bottom + 4) * MM, (FLOOR_W - 12) * MM,
              (WALL - 8) * MM, field="lines", size=11, align="center", valign="middle", color=INK)
    size = 7
    for i, symbol in enumerate(INFLUENCE_ICONS):  # the five symbols down each side wall
        for x in (fl - 14 - size / 2, fr + 14 - size / 2):
            draw_icon(c, symbol, x * MM, (fb + 6 + i * 14) * MM, size * MM, field="decoration")
    for name in ("left-tab", "right-tab"):
        xs = [p[0] for p in panels[name]]
        draw_text(c, said("tray.glue"), min(xs) * MM, panels[name][0][1] * MM, (max(xs) - min(xs)) * MM, TAB * MM,
                  field="tab", size=7, align="center", valign="middle", color=INK)
    flap = panels["flap"]   # the instructions ride on the flap, hidden once folded: the corners stay free (rooms)
    draw_text(c, said("tray.instructions"), (flap[3][0] + 4) * MM, (flap[0][1] + 2) * MM,
              (flap[2][0] - flap[3][0] - 8) * MM, (FLAP - 4) * MM, field="instructions", size=8, color=INK,
              align="center", valign="middle")
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.8)
    c.setDash(4, 3)
    for (x1, y1), (x2, y2) in fold_lines(panels):
        c.line(x1 * MM, y1 * MM, x2 * MM, y2 * MM)
    c.setDash()
    _path(c, outline(panels), fill=0, stroke=1)


ROOM_GAP = 2  # mm between the net's cut line and a token's bleed


def tray_rooms(box: Box) -> list[tuple[float, float, float, float]]:
    """The net's cut-away top corners, beside the back wall and above the glue tabs, where the
    imposition prints tokens (points from the box's bottom-left)."""
    panels = net_panels(box)
    fl, wall_top = panels["wall"][0][0], box.h / MM
    fr = panels["wall"][1][0]
    low = panels["left-tab"][2][1] + ROOM_GAP
    return [(0.0, low * MM, (fl - ROOM_GAP) * MM, (wall_top - low) * MM),
            ((fr + ROOM_GAP) * MM, low * MM, (box.w / MM - fr - ROOM_GAP) * MM, (wall_top - low) * MM)]


def outline(panels) -> list[tuple[float, float]]:
    """The cut line around the whole net, counter-clockwise from the lip's bottom-left."""
    lip, left, right, wall, flap = (panels[k] for k in ("lip", "left", "right", "wall", "flap"))
    lt, rt = panels["left-tab"], panels["right-tab"]
    return [lip[0], lip[1], lip[2], right[1], right[2], rt[2], rt[3], rt[0], wall[1], wall[2], flap[2], flap[3],
            wall[3], wall[0], lt[1], lt[2], lt[3], lt[0], left[3], lip[3]]
