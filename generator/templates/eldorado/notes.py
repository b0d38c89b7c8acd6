"""What fits a square of the map, printed beside the party counters: worked out from the pieces'
sizes in game.toml and the map's squares as printed in the kit and on each poster, so the words
change when a size does; its words are the family's phrase table's `notes`, in the game's language."""
from __future__ import annotations

from typing import Any

from cards.models.eldorado import chart_of
from cards.models.eldorado.words import words
from cards.phrases import Phrases
from generator.engine.box import MM
from generator.engine.posters import POSTERS, poster_fit

from .chart_layout import MapLayout


def square_mm(game: Any, scale: float = 1.0) -> float:
    """The side of one map square in mm, with the map printed at `scale`."""
    chart, (w, h) = chart_of(game), _size(game, "map")
    return MapLayout.fit(w * MM, h * MM, chart.width, chart.height).s / MM * scale


def _size(game: Any, schema: str) -> tuple[float, float]:
    return next(c.spec.size_mm for c in game.components if c.spec.schema_ == schema)


def _on(said: Phrases, square: float, counter: float, marker: float) -> str:
    counters = said("notes.two" if 2 * counter <= square else "notes.one" if counter <= square else "notes.none")
    return said("notes.holds", counters=counters, ship=said("notes.ship" if marker <= square else "notes.overhang"))


def map_pieces(game: Any) -> str:
    """One paragraph: what a square holds in the kit's map and on each poster size."""
    counter, marker = _size(game, "counter")[0], _size(game, "ship-marker")[0]
    standee = _size(game, "character")[0]
    home = square_mm(game)
    said = words(getattr(game, "lang", None))
    parts = [said("notes.kit", square=f"{home:.1f}", holds=_on(said, home, counter, marker), counter=f"{counter:g}",
                  marker=f"{marker:g}")]
    for paper in POSTERS:
        w, h = _size(game, "map")
        scale = poster_fit((w * MM, h * MM), paper)[1]
        square = home * scale
        parts.append(said("notes.poster", paper=paper.upper(), square=f"{square:.1f}",
                          holds=_on(said, square, counter, marker)))
    if standee > home:
        parts.append(said("notes.standee", standee=f"{standee:g}"))
    return said("notes.between").join(parts)
