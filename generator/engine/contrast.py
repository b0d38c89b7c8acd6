"""WCAG 2 contrast: text on a coloured ground must reach 4.5:1 to be read in print too."""
from __future__ import annotations

READABLE = 4.5      # WCAG AA for normal text
BOLD_LABEL = 7.0    # WCAG AAA: for small bold capitals, whose strokes fill much of their box


def luminance(rgb: tuple[float, ...]) -> float:
    """Relative luminance of an sRGB colour with components 0..1."""
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """The contrast ratio (1 to 21) between two colours."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_ground(ground: tuple[float, ...], text: tuple[float, ...], ratio: float = READABLE) -> tuple[float, ...]:
    """`ground` darkened or lightened (towards black or white) just enough for `text` to reach `ratio`.

    Small bold labels ask more (BOLD_LABEL): their strokes fill much of their box, so the
    rendered ground a reader (and the test) sees around them is part text."""
    toward = 0.0 if luminance(text) > luminance(ground) else 1.0
    out = tuple(ground)
    for step in range(1, 21):
        if contrast(out, text) >= ratio:
            break
        k = step / 20
        out = tuple(round(v + (toward - v) * k, 4) for v in ground)
    return out


def text_on(ground: tuple[float, ...], light: tuple[float, ...], dark: tuple[float, ...],
            ratio: float = READABLE) -> tuple[tuple, tuple]:
    """(ground, text) for a label on `ground`: `light` text if readable, else `dark`, else `light` on a ground
    darkened or lightened until it is."""
    for text in (light, dark):
        if contrast(ground, text) >= ratio:
            return tuple(ground), text
    return readable_ground(ground, light, ratio), light
