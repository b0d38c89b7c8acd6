"""The bar to stay near (print.md "Speed"): bare ReportLab scripts, run as whole processes.

`reference_reportlab.py FACES OUT.pdf`: print.md's script, N simple poker faces
(3 x 3 on A4, each sheet of fronts followed by its backs, crop marks, one embedded
TrueType subset, a name and a line of text per card).

`reference_reportlab.py --workload WORKLOAD.json OUT_DIR`: as much drawing as a
built kit holds (see `workload.py`): the same PDFs, pages and placed faces, each
distinct face drawn once as a form with as many curves, lines, rectangles and
text runs as ours, in the same seven embedded typefaces, crop marks and a footer
on every page.  That is the like-for-like bar for `generator build`.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "fonts"


def main(faces: int, out: str) -> None:
    pdfmetrics.registerFont(TTFont("Ref", str(FONTS / "DejaVuSansCondensed.ttf")))
    c = Canvas(out, invariant=1)
    w, h = 63.5 * mm, 88.9 * mm
    x0, y0 = (210 * mm - 3 * w) / 2, (297 * mm - 3 * h) / 2
    cards = faces // 2
    for start in range(0, cards, 9):
        for side in ("front", "back"):
            for i in range(min(9, cards - start)):
                col, row = i % 3, i // 3
                if side == "back":
                    col = 2 - col
                x, y = x0 + col * w, y0 + (2 - row) * h
                c.setFillColorRGB(0.95, 0.9, 0.8) if side == "front" else c.setFillColorRGB(0.4, 0.3, 0.2)
                c.rect(x, y, w, h, fill=1, stroke=0)
                c.setFillColorRGB(0, 0, 0)
                c.setFont("Ref", 12)
                c.drawCentredString(x + w / 2, y + h - 12 * mm, f"Card {start + i + 1}" if side == "front" else "Back")
                c.setFont("Ref", 8)
                c.drawString(x + 4 * mm, y + h / 2, "Attack the character to your left or right")
            c.setLineWidth(0.6)
            for k in range(4):
                c.line(x0 + k * w, y0 - 2 * mm, x0 + k * w, y0 - 8 * mm)
                c.line(x0 + k * w, y0 + 3 * h + 2 * mm, x0 + k * w, y0 + 3 * h + 8 * mm)
                c.line(x0 - 2 * mm, y0 + k * h, x0 - 8 * mm, y0 + k * h)
                c.line(x0 + 3 * w + 2 * mm, y0 + k * h, x0 + 3 * w + 8 * mm, y0 + k * h)
            c.showPage()
    c.save()


FACES = ("DejaVuSansCondensed", "DejaVuSansCondensed-Bold", "DejaVuSansCondensed-Oblique",
         "DejaVuSansCondensed-BoldOblique", "OldStandard-Regular", "OldStandard-Bold", "OldStandard-Italic")
WORDS = "Attack the character to your left or right lose gold".split()


def _form(c, name: str, counts: dict[str, int]) -> None:
    """A face with the given number of each operator: paths filled and stroked every 24 segments."""
    c.beginForm(name, 0, 0, 200, 260)
    c.setFillColorRGB(0.95, 0.9, 0.8)
    c.setStrokeColorRGB(0.3, 0.2, 0.1)
    for i in range(counts["rects"]):
        c.rect(5 + i % 7, 5 + i % 11, 120, 80, fill=1, stroke=1)
    segments = [("c", n) for n in range(counts["curves"])] + [("l", n) for n in range(counts["lines"])]
    for start in range(0, len(segments), 24):
        p = c.beginPath()
        p.moveTo(20, 20)
        for kind, n in segments[start:start + 24]:
            x, y = 20 + (n * 7) % 160, 20 + (n * 13) % 220
            if kind == "c":
                p.curveTo(x + 3.5, y + 1.25, x + 6.75, y + 8.5, x + 10.25, y + 4.125)
            else:
                p.lineTo(x + 0.75, y + 0.5)
        c.drawPath(p, fill=start % 48 == 0, stroke=1)
    for i in range(counts["texts"]):
        c.setFont(FACES[i % len(FACES)], 7 + i % 5)
        c.drawString(10, 10 + (i * 9) % 240, " ".join(WORDS[:2 + i % 4]))
    c.endForm()


def workload(path: str, out: str) -> None:
    rl_config.useA85 = 0        # print.md's advice, which the generator follows too
    for face in FACES:
        pdfmetrics.registerFont(TTFont(face, str(FONTS / f"{face}.ttf")))
    for number, doc in enumerate(json.loads(Path(path).read_text())):
        c = Canvas(str(Path(out) / f"reference-{number}.pdf"), invariant=1)
        for page in doc["pages"]:
            c.setPageSize((page["w"], page["h"]))
            for k, form in enumerate(page["placed"]):
                name = f"f{form}"
                if not c.hasForm(name):
                    _form(c, name, doc["forms"][form])
                c.saveState()
                c.translate(30 + (k % 3) * 180, 30 + (k // 3 % 3) * 250)
                c.doForm(name)
                c.restoreState()
            c.setLineWidth(0.6)
            for k in range(4):
                c.line(30 + k * 180, 10, 30 + k * 180, 25)
                c.line(10, 30 + k * 250, 25, 30 + k * 250)
            c.setFont(FACES[0], 6)
            c.drawString(12, 12, f"Game · page {number} · 100 mm: measure it; print at 100 % (no fit to page)")
            c.showPage()
        c.save()


if __name__ == "__main__":
    if sys.argv[1] == "--workload":
        workload(sys.argv[2], sys.argv[3])
    else:
        main(int(sys.argv[1]), sys.argv[2])
