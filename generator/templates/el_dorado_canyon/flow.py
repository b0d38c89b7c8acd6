"""Rules text with inline icons (':gold:'), wrapped and shrunk to fit a box.

Text is drawn as real text (searchable, and read back by the tests); each icon is
drawn as a vector in a gap the size of a capital.  A text that does not fit at the
6 pt minimum raises `TextDoesNotFit` naming the card, never a silent overflow.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cards.effects import ICON
from generator.engine.errors import TextOverflow

from .icons import draw_icon
from .look import MIN_TEXT, Palette

ICON_EM = 1.25      # an inline icon is this many ems wide
LEADING = 1.2


class TextDoesNotFit(TextOverflow):
    """A card's text would need less than the 6 pt minimum."""


@dataclass(frozen=True)
class Piece:
    """A word or an icon, with its width at the current size."""

    word: str | None
    icon: str | None
    width: float


def _pieces(text: str, font: str, size: float) -> list[Piece]:
    out: list[Piece] = []
    pos = 0
    for match in ICON.finditer(text):
        out += [Piece(w, None, stringWidth(w, font, size)) for w in text[pos:match.start()].split()]
        out.append(Piece(None, match.group(1), size * ICON_EM))
        pos = match.end()
    out += [Piece(w, None, stringWidth(w, font, size)) for w in text[pos:].split()]
    return out


def wrap(text: str, width: float, font: str, size: float) -> list[list[Piece]] | None:
    """Greedy line breaking; None when a single word is wider than the box."""
    space = stringWidth(" ", font, size)
    lines: list[list[Piece]] = []
    line: list[Piece] = []
    used = 0.0
    for piece in _pieces(text, font, size):
        if piece.width > width:
            return None
        extra = piece.width + (space if line else 0)
        if line and used + extra > width:
            lines.append(line)
            line, used = [piece], piece.width
        else:
            line.append(piece)
            used += extra
    if line:
        lines.append(line)
    return lines


@dataclass(frozen=True)
class Fitted:
    """A text laid out at one size: its lines and the height they take."""

    lines: list[list[Piece]]
    size: float
    font: str

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * LEADING


def fit(text: str, width: float, height: float, font: str, largest: float, who: str,
        smallest: float = MIN_TEXT) -> Fitted:
    """The largest size (in 0.25 pt steps) at which `text` fits the box."""
    size = largest
    while size >= smallest - 1e-9:
        lines = wrap(text, width, font, size)
        if lines is not None and len(lines) * size * LEADING <= height + 1e-6:
            return Fitted(lines, size, font)
        size -= 0.25
    raise TextDoesNotFit(f"{who}: text does not fit a {width / 2.835:.0f} x {height / 2.835:.0f} mm box "
                         f"at {smallest:g} pt: {text!r}")


def draw(c: Canvas, fitted: Fitted, x: float, top: float, width: float, pal: Palette, *,
         colour=None, align: str = "centre") -> float:
    """Draw fitted lines from `top` down; returns the baseline of the last line."""
    size, font = fitted.size, fitted.font
    space = stringWidth(" ", font, size)
    c.setFillColor(colour or pal.ink)
    y = top
    for line in fitted.lines:
        y -= size * LEADING
        baseline = y + size * (LEADING - 1) / 2 + size * 0.12
        used = sum(p.width for p in line) + space * (len(line) - 1)
        cx = x + (width - used) / 2 if align == "centre" else x
        run: list[str] = []
        run_x = cx
        for piece in line:
            if piece.icon is not None:
                _flush(c, run, run_x, baseline, font, size, colour or pal.ink)
                draw_icon(c, piece.icon, cx + piece.width / 2, baseline + size * 0.33, piece.width * 0.95, pal)
                cx += piece.width + space
                run, run_x = [], cx
            else:
                run.append(piece.word or "")
                cx += piece.width + space
        _flush(c, run, run_x, baseline, font, size, colour or pal.ink)
    return y


def _flush(c: Canvas, words: list[str], x: float, baseline: float, font: str, size: float, colour) -> None:
    if words:
        c.setFillColor(colour)
        c.setFont(font, size)
        c.drawString(x, baseline, " ".join(words))


def draw_fit(c: Canvas, text: str, x: float, y: float, width: float, height: float, pal: Palette, *,
             font: str, largest: float, who: str, colour=None, align: str = "centre", valign: str = "middle") -> Fitted:
    """Fit `text` into the box (x, y, width, height) and draw it; returns the layout used."""
    fitted = fit(text, width, height, font, largest, who)
    top = y + height - (height - fitted.height) / 2 if valign == "middle" else y + height
    draw(c, fitted, x, top, width, pal, colour=colour, align=align)
    return fitted
