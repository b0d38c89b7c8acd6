"""First light: every record's name on plain 3 x 3 sheets (replaced by the imposition engine)."""
from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards import Game

from .fonts import DISPLAY_BOLD, register_fonts


def build_plain(game: Game, paper: str, out: Path) -> Path:
    register_fonts()
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{game.id}-{paper}.pdf"
    size = A4 if paper == "a4" else LETTER
    c = Canvas(str(path), pagesize=size, invariant=1)
    w, h = 63.5 * mm, 88.9 * mm
    x0, y0 = (size[0] - 3 * w) / 2, (size[1] - 3 * h) / 2
    slot = 0
    for comp in game.components:
        for rec in comp.records:
            for _ in range(comp.spec.copies * rec.copies):
                col, row = slot % 3, slot // 3 % 3
                x, y = x0 + col * w, y0 + (2 - row) * h
                c.rect(x, y, w, h)
                c.setFont(DISPLAY_BOLD, 12)
                c.drawCentredString(x + w / 2, y + h - 10 * mm, rec.name)
                slot += 1
                if slot % 9 == 0:
                    c.showPage()
    c.save()
    return path
