"""The old sea-chart palette: parchment, sepia ink, washed colours; and its ink-saver twin.

Every Eldorado drawing takes its colours from a `Palette`, so the map, the cards
and the pieces look like parts of one chart, and the ink saver is one switch.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import Color, HexColor

from generator.engine.contrast import READABLE, contrast


@dataclass(frozen=True)
class Palette:
    name: str
    paper: Color
    paper_edge: Color
    ink: Color
    faint: Color          # grid lines, rhumb lines
    sea: Color
    sea_line: Color       # water-lining along coasts
    river: Color
    gold: Color
    red: Color
    terrain: dict[str, Color]
    texture: dict[str, Color]


FULL = Palette(
    name="full", paper=HexColor("#efe2c0"), paper_edge=HexColor("#d8c08f"), ink=HexColor("#3b2a1a"),
    faint=HexColor("#8a7556"), sea=HexColor("#d3dccb"), sea_line=HexColor("#6d8c8c"),
    river=HexColor("#4f86a0"), gold=HexColor("#c79a22"), red=HexColor("#9b3b2a"),
    terrain={"sea": HexColor("#d3dccb"), "river": HexColor("#a9c2b9"), "jungle": HexColor("#a3b27a"),
             "mountains": HexColor("#c2a57a"), "savanna": HexColor("#dccd8c"), "desert": HexColor("#e8d7a6"),
             "farmland": HexColor("#cdbf88")},
    texture={"sea": HexColor("#8ea7a3"), "river": HexColor("#4f86a0"), "jungle": HexColor("#4f6b34"),
             "mountains": HexColor("#6b4a2b"), "savanna": HexColor("#8f7d3c"), "desert": HexColor("#a98d54"),
             "farmland": HexColor("#7c6a3a")},
)

INK_SAVER = Palette(
    name="ink-saver", paper=HexColor("#ffffff"), paper_edge=HexColor("#ffffff"), ink=HexColor("#3b2a1a"),
    faint=HexColor("#b0a18a"), sea=HexColor("#ffffff"), sea_line=HexColor("#9db3b3"),
    river=HexColor("#6f9fb5"), gold=HexColor("#b08a2a"), red=HexColor("#9b3b2a"),
    terrain={"sea": HexColor("#ffffff"), "river": HexColor("#e6f0ee"), "jungle": HexColor("#f3f5ec"),
             "mountains": HexColor("#f6f0e6"), "savanna": HexColor("#fbf8ea"), "desert": HexColor("#fcf9f0"),
             "farmland": HexColor("#f8f6ec")},
    texture={"sea": HexColor("#b7c8c6"), "river": HexColor("#6f9fb5"), "jungle": HexColor("#7d9463"),
             "mountains": HexColor("#8c6f50"), "savanna": HexColor("#b3a46a"), "desert": HexColor("#c2ad80"),
             "farmland": HexColor("#a89a6a")},
)


def mix(colour: Color, ground: Color, amount: float) -> Color:
    """`amount` of `colour` over `ground`, as one solid colour.

    Faces are drawn into PDF form objects, where ReportLab's transparency
    (ExtGState) is lost, so a see-through look is mixed in advance.
    """
    return Color(*(a * amount + b * (1 - amount) for a, b in zip(colour.rgb(), ground.rgb())))


def palette(style) -> Palette:
    return INK_SAVER if getattr(style, "ink_saver", False) else FULL


MARGIN = 1.7    # above WCAG's 4.5:1 on the flat colour: textures and grid lines darken the ground a little


def readable_mix(colour: Color, ground: Color, amount: float) -> Color:
    """`mix(colour, ground, amount)`, or with more of `colour` until text in it reads on `ground` (4.5:1)."""
    return Color(*_readable_rgb(colour.rgb(), ground.rgb(), amount))


@lru_cache(maxsize=None)
def _readable_rgb(colour: tuple[float, float, float], ground: tuple[float, float, float],
                  amount: float) -> tuple[float, float, float]:
    """`readable_mix` by components, remembered: the chart asks it for each of a thousand squares'
    names, over a handful of terrains, and the search below was a tenth of a cold build."""
    for step in range(21):
        k = amount + (1 - amount) * step / 20
        out = tuple(a * k + b * (1 - k) for a, b in zip(colour, ground))
        if contrast(out, ground) >= READABLE * MARGIN:
            break
    return out  # type: ignore[return-value]
