"""The bar to stay near (print.md "Speed"): a bare ReportLab script laying out N poker faces.

3 x 3 on A4, each sheet of fronts followed by its backs, crop marks, one embedded
TrueType subset, a name and a line of text per card.  Run as a whole process:
`python3 benchmarks/reference_reportlab.py FACES OUT.pdf`.
"""
from __future__ import annotations

import sys
from pathlib import Path

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


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
