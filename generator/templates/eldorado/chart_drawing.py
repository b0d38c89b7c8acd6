"""The whole map drawn into its box, as an old sea chart.

Vectors only: terrain in runs of equal squares, textures as form objects placed
per square, coasts and grid as single paths, so a 40 x 26 chart draws in a few
milliseconds.  The engine tiles this drawing over pages or prints it as a poster.
"""
from __future__ import annotations

import math

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.models.eldorado import Chart
from cards.models.eldorado.coords import DIRECTIONS, column_name, expand, parse, step
from cards.models.eldorado.words import words
from cards.phrases import Phrases
from cards.typeset.fonts import DISPLAY_BOLD, DISPLAY_ITALIC, TEXT, TEXT_BOLD, text_width
from generator.engine.text import check_face

from . import symbols, textures
from .cartouche import draw_title_band
from .chart_layout import BAND, MapLayout
from .palette import Palette, mix, palette, readable_mix
from .text import centred_lines, fit_lines, fitted_size, lines_to_fit

NAME_DROP = 0.17  # of a square: the top strip of each square that holds its coordinate


def draw_map(c, record, component, box, style) -> None:
    pal = palette(style)
    said = words(style.lang)
    chart = Chart(record)
    lay = MapLayout.fit(box.w, box.h, chart.width, chart.height)
    c.saveState()
    c.setFillColor(pal.paper)
    c.rect(-box.bleed, -box.bleed, box.w + 2 * box.bleed, box.h + 2 * box.bleed, stroke=0, fill=1)
    _terrain(c, chart, lay, pal)
    _monster_waters(c, chart, lay, pal)
    _water_lines(c, chart, lay, pal)
    _coast(c, chart, lay, pal)
    _rivers(c, chart, lay, pal)
    _grid(c, lay, pal)
    _rose(c, chart, lay, pal, said)
    _square_names(c, chart, lay, pal)
    _labels(c, chart, lay, pal)
    _features(c, chart, lay, pal)
    _edges(c, lay, pal)
    draw_title_band(c, chart, lay, pal, said)
    c.restoreState()


ROSE = 3.6      # squares: the compass rose's size


def _squares(chart: Chart):
    for r in range(chart.height):
        for col in range(chart.width):
            yield col, r, chart.record.legend[chart.record.rows[r][col]]


def _terrain(c, chart: Chart, lay: MapLayout, pal: Palette) -> None:
    """Each row's runs of one terrain as one rectangle, then a texture form per square."""
    for r, row in enumerate(chart.record.rows):
        start = 0
        for col in range(1, len(row) + 1):
            if col == len(row) or chart.record.legend[row[col]] != chart.record.legend[row[start]]:
                x, y = lay.corner(start, r)
                c.setFillColor(pal.terrain[chart.record.legend[row[start]]])
                c.rect(x, y, (col - start) * lay.s, lay.s, stroke=0, fill=1)
                start = col
    for col, r, terrain in _squares(chart):
        drawer = textures.TEXTURES.get(terrain)
        if drawer is not None and (terrain != "sea" or (col * 3 + r * 2) % 5 == 0):
            x, y = lay.corner(col, r)
            textures.place(c, terrain, drawer, pal, lay.s, x, y, variant=(col + r) % 2)


def _monster_waters(c, chart: Chart, lay: MapLayout, pal: Palette) -> None:
    """A darker, cross-hatched wash, a serpent on each square, a dotted edge round each water."""
    for waters in chart.monster_waters.values():
        own = {sq for item in waters.squares for sq in expand(item)}
        c.saveState()
        c.setFillColor(mix(pal.sea_line, pal.sea, 0.18))
        for col, r in own:
            x, y = lay.corner(col, r)
            c.rect(x, y, lay.s, lay.s, stroke=0, fill=1)
        c.setStrokeColor(pal.ink)
        c.setLineWidth(max(0.8, lay.s * 0.025))
        c.setDash([lay.s * 0.06, lay.s * 0.08])
        p = c.beginPath()
        for col, r in own:
            x, y = lay.corner(col, r)
            for heading, (x1, y1, x2, y2) in _edges_of(x, y, lay.s).items():
                if step((col, r), heading) not in own:
                    p.moveTo(x1, y1)
                    p.lineTo(x2, y2)
        c.drawPath(p, stroke=1, fill=0)
        c.restoreState()
        for col, r in own:
            x, y = lay.centre(col, r)
            symbols.place(c, "monster", symbols.monster, pal, lay.s * 0.5, x, y - lay.s * 0.14)


def _edges_of(x: float, y: float, s: float) -> dict[str, tuple[float, float, float, float]]:
    """A square's four sides by the direction they face."""
    return {"N": (x, y + s, x + s, y + s), "S": (x, y, x + s, y), "W": (x, y, x, y + s), "E": (x + s, y, x + s, y + s)}


def _shore(chart: Chart, lay: MapLayout, seaward: bool):
    """Every side where sea meets land, as (heading, x1, y1, x2, y2) of the sea square's side (`seaward`)
    or of the land square's; the water lines and the coast line are drawn along the same sides."""
    for col, r, terrain in _squares(chart):
        if (terrain == "sea") != seaward:
            continue
        x, y = lay.corner(col, r)
        for heading, edge in _edges_of(x, y, lay.s).items():
            nxt = step((col, r), heading)
            if not (0 <= nxt[0] < chart.width and 0 <= nxt[1] < chart.height):
                continue
            if (chart.record.legend[chart.record.rows[nxt[1]][nxt[0]]] == "sea") != seaward:
                yield heading, edge


def _water_lines(c, chart: Chart, lay: MapLayout, pal: Palette) -> None:
    """The chart-maker's water-lining: thin lines following each coast out to sea."""
    c.saveState()
    c.setStrokeColor(pal.sea_line)
    for offset, width in ((0.1, 0.9), (0.2, 0.6), (0.32, 0.4)):
        c.setLineWidth(max(0.25, lay.s * 0.012 * width))
        p = c.beginPath()
        d = offset * lay.s
        for heading, (x1, y1, x2, y2) in _shore(chart, lay, seaward=True):
            dx, dy = DIRECTIONS[heading][0], -DIRECTIONS[heading][1]
            p.moveTo(x1 - dx * d, y1 - dy * d)
            p.lineTo(x2 - dx * d, y2 - dy * d)
        c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def _coast(c, chart: Chart, lay: MapLayout, pal: Palette) -> None:
    """A heavy ink line wherever land meets the sea."""
    c.saveState()
    c.setStrokeColor(pal.ink)
    c.setLineWidth(max(0.8, lay.s * 0.035))
    c.setLineCap(2)
    p = c.beginPath()
    for _, (x1, y1, x2, y2) in _shore(chart, lay, seaward=False):
        p.moveTo(x1, y1)
        p.lineTo(x2, y2)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def _rivers(c, chart: Chart, lay: MapLayout, pal: Palette) -> None:
    """Each river a band widening to its mouth, with an arrow of the current on every square."""
    c.saveState()
    c.setLineCap(1)
    c.setLineJoin(1)
    for river in chart.rivers.values():
        points = [lay.centre(*parse(sq)) for sq in river.squares]
        mouth = chart.flow(river.squares[-1])
        assert mouth is not None, "every square of a river has a current"
        dx, dy = DIRECTIONS[mouth]
        points.append((points[-1][0] + dx * lay.s * 0.5, points[-1][1] - dy * lay.s * 0.5))
        for width, colour in ((0.34, pal.ink), (0.28, pal.river)):
            for i in range(len(points) - 1):
                grow = 0.6 + 0.4 * i / max(1, len(points) - 2)
                c.setStrokeColor(colour)
                c.setLineWidth(lay.s * width * grow)
                c.line(*points[i], *points[i + 1])
        for sq in river.squares:
            x, y = lay.centre(*parse(sq))
            heading = chart.flow(sq)
            assert heading is not None, "every square of a river has a current"
            angle = {"E": 0, "N": 90, "W": 180, "S": 270}[heading]
            symbols.place(c, "flow", symbols.flow_arrow, pal, lay.s * 0.3, x, y, rotate=angle)
    c.restoreState()


def _grid(c, lay: MapLayout, pal: Palette) -> None:
    c.saveState()
    c.setStrokeColor(mix(pal.faint, pal.paper, 0.55))
    c.setLineWidth(max(0.3, lay.s * 0.008))
    p = c.beginPath()
    for col in range(lay.cols + 1):
        p.moveTo(lay.x0 + col * lay.s, lay.y0)
        p.lineTo(lay.x0 + col * lay.s, lay.top)
    for r in range(lay.rows + 1):
        p.moveTo(lay.x0, lay.y0 + r * lay.s)
        p.lineTo(lay.x0 + lay.width, lay.y0 + r * lay.s)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def _square_names(c, chart: Chart, lay: MapLayout, pal: Palette) -> None:
    """Each square's coordinate, small in its top-left corner: a square far from the edges
    (and on a tile that shows no edge at all) can still be read off without a ruler.  Faint,
    but never below 4.5:1 on its terrain (print.md's contrast rule)."""
    size = max(6.0, lay.s * 0.13)
    inks: dict[str, tuple[Color, Color]] = {}   # by terrain: (chip, name)
    c.saveState()
    names = c.beginText()   # every name in one text object, written over the chips
    names.setFont(TEXT, size)
    chip = None
    for col, r, terrain in _squares(chart):
        if terrain not in inks:
            ground = mix(pal.terrain[terrain], pal.paper, 0.7)
            inks[terrain] = ground, readable_mix(pal.ink, ground, 0.6)
        ground, ink = inks[terrain]
        x, y = lay.corner(col, r)
        name = f"{column_name(col)}{r + 1}"
        if ground is not chip:
            c.setFillColor(ground)     # a chip of paler terrain: no texture or rose line runs under the name
            names.setFillColor(ink)
            chip = ground
        c.rect(x + lay.s * 0.04, y + lay.s * 0.93 - size * 0.95, text_width(name, TEXT, size) + lay.s * 0.02,
               size * 0.95, stroke=0, fill=1)
        names.setTextOrigin(x + lay.s * 0.05, y + lay.s * 0.93 - size * 0.75)
        names.textOut(name)
    c.drawText(names)
    c.restoreState()


def _rose(c, chart: Chart, lay: MapLayout, pal: Palette, said: Phrases) -> None:
    """Rhumb lines across the whole grid from the compass rose, and the rose, open so squares show through."""
    if chart.record.compass is None:
        return
    cx, cy = lay.centre(*parse(chart.record.compass))
    c.saveState()
    clip = c.beginPath()
    clip.rect(lay.x0, lay.y0, lay.width, lay.height)
    c.clipPath(clip, stroke=0, fill=0)
    reach = math.hypot(lay.width, lay.height)
    c.setLineWidth(max(0.3, lay.s * 0.01))
    for i in range(32):
        angle = math.radians(i * 11.25)
        c.setStrokeColor(mix(pal.red if i % 8 == 0 else pal.faint, pal.sea, 0.5 if i % 2 == 0 else 0.3))
        c.line(cx, cy, cx + math.sin(angle) * reach, cy + math.cos(angle) * reach)
    c.restoreState()
    c.saveState()
    c.translate(cx, cy)
    symbols.compass_rose(c, pal, lay.s * ROSE, open_centre=True, points=symbols.rose_points(said))
    c.restoreState()


def _labels(c, chart: Chart, lay: MapLayout, pal: Palette) -> None:
    """Seas and countries in spaced italic capitals; island and monster names under their squares."""
    c.saveState()
    for label in chart.record.labels:
        col, row = parse(label.square)
        c.setFillColor(readable_mix(pal.ink, pal.terrain[chart.record.legend[chart.record.rows[row][col]]], 0.7))
        x, y = lay.centre(col, row)
        check_face(" ".join(label.text), DISPLAY_ITALIC, "labels")
        c.setFont(DISPLAY_ITALIC, lay.s * 0.42)
        c.drawCentredString(x, y - lay.s * 0.15, " ".join(label.text))
    c.setFillColor(pal.ink)
    for island in chart.islands.values():
        _name_below(c, chart, lay, [parse(s) for s in island.squares], island.name, DISPLAY_ITALIC, pal)
    for waters in chart.monster_waters.values():
        own = [sq for item in waters.squares for sq in expand(item)]
        top = min(r for _, r in own)
        cols = [col for col, r in own if r == top]
        x = (lay.corner(min(cols), top)[0] + lay.corner(max(cols), top)[0] + lay.s) / 2
        size = fitted_size(waters.name, DISPLAY_ITALIC, lay.s * 0.26, lay.s * (len(cols) + 1.5))
        c.setFont(DISPLAY_ITALIC, size)
        c.drawCentredString(x, lay.corner(0, top)[1] + lay.s * (1 - NAME_DROP) - size * 0.85, waters.name)
    c.restoreState()


def _name_below(c, chart: Chart, lay: MapLayout, squares: list, name: str, font: str, pal: Palette) -> None:
    """A name just below a feature's lowest squares, under the next row's coordinates, on a knockout
    of the ground beneath so water lines and rhumb lines do not run through it."""
    bottom = max(r for _, r in squares)
    cols = [col for col, r in squares if r == bottom]
    x = (lay.corner(min(cols), bottom)[0] + lay.corner(max(cols), bottom)[0] + lay.s) / 2
    size = max(6.0, lay.s * 0.22)
    lines = lines_to_fit(name, font, size, lay.s * max(2.2, len(cols) + 1))
    top = lay.corner(0, bottom)[1] - lay.s * NAME_DROP
    ground = pal.sea
    below = (int((x - lay.x0) // lay.s), bottom + 1)
    if below[1] < chart.height and 0 <= below[0] < chart.width:
        ground = pal.terrain[chart.record.legend[chart.record.rows[below[1]][below[0]]]]
    c.saveState()
    c.setFillColor(ground)
    for i, line in enumerate(lines):
        w = stringWidth(line, font, size) + size * 0.4
        c.rect(x - w / 2, top - size * 1.1 * (i + 1) - size * 0.05, w, size * 1.1, stroke=0, fill=1)
    c.restoreState()
    centred_lines(c, lines, font, size, x, top)


def _features(c, chart: Chart, lay: MapLayout, pal: Palette) -> None:
    """Ports, cities and Indians: an icon in the square and its name beneath; the key's
    no-provisions sign on every square of an island where no ship can resupply."""
    s = lay.s
    c.saveState()
    c.setFillColor(pal.ink)
    c.setFont(DISPLAY_ITALIC, s * 0.55)
    for island in chart.islands.values():
        if not island.provisions:
            for square in island.squares:
                x, y = lay.centre(*parse(square))
                c.drawCentredString(x, y - s * 0.22, symbols.NO_PROVISIONS)
    c.restoreState()
    name_size = max(6.0, s * 0.2)
    for port in chart.ports.values():
        x, y = lay.centre(*parse(port.square))
        _disc(c, x, y + s * 0.12, s * 0.3, pal)
        symbols.place(c, "port", symbols.anchor, pal, s * 0.42, x, y + s * 0.12)
        _caption(c, port.name, x, y - s * 0.2, s * 0.96, name_size, pal, TEXT_BOLD)
    for city in chart.cities.values():
        x, y = lay.centre(*parse(city.square))
        c.saveState()
        c.setFillColor(mix(pal.gold, pal.terrain["jungle"], 0.45))
        c.circle(x, y + s * 0.1, s * 0.38, stroke=0, fill=1)
        c.restoreState()
        symbols.place(c, "city", symbols.city, pal, s * 0.5, x, y + s * 0.12)
        _caption(c, city.name, x, y - s * 0.2, s * 0.96, name_size, pal, DISPLAY_BOLD)
        for guard in city.indians:
            gx, gy = lay.centre(*parse(guard))
            symbols.place(c, "indian", symbols.indian, pal, s * 0.6, gx, gy)


def _disc(c, x: float, y: float, r: float, pal: Palette) -> None:
    c.saveState()
    c.setFillColor(pal.paper)
    c.setStrokeColor(pal.red)
    c.setLineWidth(max(0.5, r * 0.08))
    c.circle(x, y, r, stroke=1, fill=1)
    c.restoreState()


def _caption(c, text: str, x: float, y_top: float, width: float, size: float, pal: Palette, font: str) -> None:
    lines, size = fit_lines(text, font, size, width)
    c.saveState()
    c.setFillColor(pal.paper)
    h = size * (len(lines) * 1.1 + 0.2)
    c.rect(x - width / 2, y_top - h, width, h, stroke=0, fill=1)
    c.setFillColor(pal.ink)
    centred_lines(c, lines, font, size, x, y_top)
    c.restoreState()


def _edges(c, lay: MapLayout, pal: Palette) -> None:
    """The neatline: coordinate bands with alternating shaded cells, letters and numbers on every edge."""
    s, b = lay.s, BAND * lay.s
    fx, fy, fw, fh = lay.frame()
    c.saveState()
    c.setStrokeColor(pal.ink)
    for col in range(lay.cols):
        x = lay.x0 + col * s
        for y in (lay.y0 - b, lay.top):
            c.setFillColor(pal.paper_edge if col % 2 else pal.paper)
            c.rect(x, y, s, b, stroke=0, fill=1)
    for r in range(lay.rows):
        y = lay.corner(0, r)[1]
        for x in (lay.x0 - b, lay.x0 + lay.width):
            c.setFillColor(pal.paper_edge if r % 2 else pal.paper)
            c.rect(x, y, b, s, stroke=0, fill=1)
    c.setLineWidth(max(1.0, s * 0.05))
    c.rect(fx, fy, fw, fh, stroke=1, fill=0)
    c.setLineWidth(max(0.6, s * 0.03))
    c.rect(lay.x0, lay.y0, lay.width, lay.height, stroke=1, fill=0)
    c.setFillColor(pal.ink)
    size = b * 0.55
    c.setFont(DISPLAY_BOLD, size)
    for col in range(lay.cols):
        x = lay.x0 + (col + 0.5) * s
        name = column_name(col)
        c.drawCentredString(x, lay.top + (b - size * 0.7) / 2, name)
        c.drawCentredString(x, lay.y0 - b + (b - size * 0.7) / 2, name)
    for r in range(lay.rows):
        y = lay.corner(0, r)[1] + s / 2 - size * 0.35
        c.drawCentredString(lay.x0 - b / 2, y, str(r + 1))
        c.drawCentredString(lay.x0 + lay.width + b / 2, y, str(r + 1))
    c.restoreState()

