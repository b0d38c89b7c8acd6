"""Text helpers for the Eldorado templates: fit a line to a width, never below 6 pt."""
from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.engine.errors import TextOverflow
from generator.engine.text import check_face

MIN_SIZE = 6.0


def fitted_size(text: str, font: str, size: float, width: float, minimum: float = MIN_SIZE) -> float:
    """The largest size <= `size` at which `text` fits `width`; TextOverflow if not even at `minimum`
    (print.md: a text that does not fit at 6 pt is an error naming the card, not a silent overflow), and
    MissingGlyph for a character the face lacks (it would print as an empty box)."""
    check_face(text, font)
    natural = stringWidth(text, font, size)
    if natural <= width:
        return size
    if size * width / natural < minimum - 1e-9:
        least = natural * minimum / size
        cut = max(1, -(-len(text) * (least - width) // least))
        raise TextOverflow(f"text {text!r} does not fit its {width / 72 * 25.4:.1f} mm line even at {minimum:g} pt: "
                           f"it needs {least / 72 * 25.4:.1f} mm; shorten it by about {cut:.0f} of its {len(text)} "
                           "characters")
    return size * width / natural


def lines_to_fit(text: str, font: str, size: float, width: float) -> list[str]:
    """One line if it fits at `size`, else split at the space nearest the middle."""
    if stringWidth(text, font, size) <= width or " " not in text:
        return [text]
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return [text[:cut], text[cut + 1:]]


def fit_lines(text: str, font: str, size: float, width: float) -> tuple[list[str], float]:
    """The text in one or two lines, and the one size at which each of them fits `width`."""
    lines = lines_to_fit(text, font, size, width)
    return lines, min(fitted_size(line, font, size, width) for line in lines)


def centred_lines(c, lines: list[str], font: str, size: float, x: float, y_top: float, leading: float = 1.1) -> None:
    """Draw lines centred on x, the first baseline `size` below y_top."""
    c.setFont(font, size)
    for i, line in enumerate(lines):
        c.drawCentredString(x, y_top - size * (1 + i * leading) + size * 0.2, line)
