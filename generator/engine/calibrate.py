"""`generator calibrate`: a duplex test sheet that shows a printer's back offset and its scale.

The front carries a cross and two rulers (the scale check: 150 mm and 200 mm, in mm).
The back carries, behind the cross as `generator build` would place a back, an X and a
Y scale ticked every 0.5 mm.  Held against a window, the front's cross shows through
the back: the scale's number under each of its lines is the value to give
`--back-offset` (print.md: the backs move by it).  A scale tick labelled L sits at L mm
from where the cross falls on a perfect printer, so a printer that shifts the back by
s shows the cross on the tick -s: the offset that puts it back.  With `--back-offset`
the back also shows a circle where that offset moves the backs: with the right
offset the cross stands in the circle.
"""
from __future__ import annotations

import io

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from .box import MM
from .duplex import flip_axis
from cards.typeset.fonts import TEXT, TEXT_BOLD, register_fonts
from .marks import draw_info, info_place
from .render import invariant_canvas
from .sheet import MARGIN, Options, Page

CROSS = 30 * MM         # half the length of each line of the front's cross
READ = 6.0              # mm: each scale reads from -READ to +READ (the most --back-offset accepts)
STEP = 0.5              # mm between ticks: the offset is read at half a millimetre
SCALE_AT = 14 * MM      # from the cross's centre to the start of each scale's ticks
TICK = (2.0, 3.0, 5.0)  # mm: half-millimetre, whole-millimetre and zero ticks
CHECK = 1.5 * MM        # radius of the check circle drawn at the given offset
LABEL_SIZE = 4.5        # pt: the scale's numbers, staggered on two rows to fit a 1 mm pitch
HAIR = 0.3              # pt: the cross and the ticks, thin enough to read half a millimetre


def calibration_name(opts: Options) -> str:
    return f"calibration-{opts.paper}-{opts.duplex}.pdf"


def cross_centre(paper: tuple[float, float]) -> tuple[float, float]:
    """Where the front's cross stands: on the page's vertical centre line, above the middle."""
    return paper[0] / 2, paper[1] / 2 + 25 * MM


def behind(point: tuple[float, float], paper: tuple[float, float], duplex: str) -> tuple[float, float]:
    """`point` of the front seen on the back page, for a printer that shifts nothing (duplex.mirror_rect's rule)."""
    x, y = point
    return (paper[0] - x, y) if flip_axis(paper, duplex) == "x" else (x, paper[1] - y)


def calibration_pdf(opts: Options, paper: tuple[float, float]) -> bytes:
    """The two pages: front (cross, rulers, how to read) and back (the scales and the check circle)."""
    register_fonts()
    out = io.BytesIO()
    c = invariant_canvas(out)
    c.setTitle(f"pnpkit printer calibration ({opts.paper}, {opts.duplex}-edge flip)")
    c.setAuthor("pnpkit")
    c.setCreator("pnpkit generator")
    for number, draw in enumerate((_front, _back), 1):
        c.setPageSize(paper)
        draw(c, opts, paper)
        page = Page(paper[0], paper[1], "front" if number == 1 else "back", [])
        side = "front: the cross" if number == 1 else "back: the scales"
        draw_info(c, info_place(page, (f"pnpkit printer calibration \u00b7 {side} \u00b7 page {number} of 2",)))
        c.showPage()
    c.save()
    return out.getvalue()


def _front(c: Canvas, opts: Options, paper: tuple[float, float]) -> None:
    x, y = cross_centre(paper)
    c.setLineWidth(HAIR)
    c.line(x - CROSS, y, x + CROSS, y)
    c.line(x, y - CROSS, x, y + CROSS)
    _ruler(c, (MARGIN + 10 * MM, paper[1] - MARGIN - 8 * MM), 150, 0)
    _ruler(c, (MARGIN + 8 * MM, MARGIN + 20 * MM), 200, 90)
    edge = "long" if opts.duplex == "long" else "short"
    steps = [
        f"1. Print this PDF duplex, flipping on the {edge} edge, on the paper you print kits on, at 100 % "
        "(\"actual size\"). Each ruler must measure what it says: if not, turn off \"fit to page\".",
        "2. Hold the sheet against a window or a lamp, page 2 (the scales) towards you: the cross shows through.",
        "3. Read the X scale where the cross's upright line falls, and the Y scale where its level line falls. "
        "Long ticks are whole millimetres, short ticks half millimetres.",
        f"4. Build with: generator build --paper {opts.paper} --duplex {opts.duplex} --back-offset X,Y",
        f"5. To check, print: generator calibrate --paper {opts.paper} --duplex {opts.duplex} --back-offset X,Y: "
        "the cross then stands in the small circle on the back.",
    ]
    _paragraphs(c, ["Printer calibration: scale and back offset"] + steps, (MARGIN + 20 * MM, y - CROSS - 12 * MM),
                paper[0] - 2 * MARGIN - 30 * MM)


def _back(c: Canvas, opts: Options, paper: tuple[float, float]) -> None:
    x, y = behind(cross_centre(paper), paper, opts.duplex)
    c.setLineWidth(HAIR)
    for k in range(-int(READ / STEP), int(READ / STEP) + 1):
        at = k * STEP
        long = TICK[2] if k == 0 else TICK[1] if k % 2 == 0 else TICK[0]
        c.line(x + at * MM, y - SCALE_AT, x + at * MM, y - SCALE_AT - long * MM)            # X: vertical ticks
        c.line(x + SCALE_AT, y + at * MM, x + SCALE_AT + long * MM, y + at * MM)            # Y: level ticks
        if k % 2 == 0:
            c.setFont(TEXT, LABEL_SIZE)
            row = (k // 2) % 2
            c.drawCentredString(x + at * MM, y - SCALE_AT - (TICK[2] + 2.2 + 2.2 * row) * MM, f"{at:g}")
            c.drawString(x + SCALE_AT + (TICK[2] + 0.8 + 3.2 * row) * MM, y + at * MM - 0.55 * MM, f"{at:g}")
    c.setFont(TEXT_BOLD, 7)
    c.drawCentredString(x, y - SCALE_AT - 13 * MM, "X (mm): read where the cross's upright line falls")
    c.saveState()
    c.translate(x + SCALE_AT + 18 * MM, y)
    c.rotate(90)
    c.drawCentredString(0, 0, "Y (mm): read where its level line falls")
    c.restoreState()
    dx, dy = opts.back_offset
    if dx or dy:
        c.circle(x + dx * MM, y + dy * MM, CHECK, stroke=1, fill=0)
        c.setFont(TEXT, 6)
        c.drawCentredString(x, y - SCALE_AT - 17 * MM,
                            f"The small circle: where --back-offset {dx:g},{dy:g} moves the backs; "
                            "the cross stands in it when the offset is right")


def _ruler(c: Canvas, origin: tuple[float, float], length: int, angle: int) -> None:
    """A ruler `length` mm long, ticked every millimetre, numbered every centimetre."""
    c.saveState()
    c.translate(*origin)
    c.rotate(angle)
    c.setLineWidth(HAIR)
    c.line(0, 0, length * MM, 0)
    c.setFont(TEXT, 6)
    for mm in range(length + 1):
        c.line(mm * MM, 0, mm * MM, (4 if mm % 10 == 0 else 2.5 if mm % 5 == 0 else 1.5) * MM)
        if mm % 10 == 0:
            c.drawCentredString(mm * MM, 5 * MM, f"{mm // 10}")
    c.drawString(length * MM + 2 * MM, 1 * MM, f"cm: this ruler is {length} mm long")
    c.restoreState()


def _paragraphs(c: Canvas, texts: list[str], top_left: tuple[float, float], width: float) -> None:
    x, y = top_left
    for i, text in enumerate(texts):
        font, size = (TEXT_BOLD, 11) if i == 0 else (TEXT, 8.5)
        c.setFont(font, size)
        for line in simpleSplit(text, font, size, width):
            c.drawString(x, y, line)
            y -= size * 1.3
        y -= 3
