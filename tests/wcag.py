"""WCAG 2 contrast, for tests that check what a reader can see."""
from __future__ import annotations


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
