"""What fits a square of the map, printed beside the party counters: worked out from the pieces'
sizes in game.toml and the map's squares as printed in the kit and on each poster, so the words
change when a size does."""
from __future__ import annotations

from typing import Any

from cards.models.eldorado import chart_of
from generator.engine.box import MM
from generator.engine.posters import POSTERS, poster_fit

from .chart_layout import MapLayout


def square_mm(game: Any, scale: float = 1.0) -> float:
    """The side of one map square in mm, with the map printed at `scale`."""
    chart, (w, h) = chart_of(game), _size(game, "map")
    return MapLayout.fit(w * MM, h * MM, chart.width, chart.height).s / MM * scale


def _size(game: Any, schema: str) -> tuple[float, float]:
    return next(c.spec.size_mm for c in game.components if c.spec.schema_ == schema)


def _on(square: float, counter: float, marker: float) -> str:
    if 2 * counter <= square:
        counters = "two counters side by side"
    elif counter <= square:
        counters = "one counter: stack the second on it"
    else:
        counters = "no counter without overhang"
    ship = "a ship marker under them" if marker <= square else "ship markers overhang"
    return f"{counters}, {ship}"


def map_pieces(game: Any) -> str:
    """One paragraph: what a square holds in the kit's map and on each poster size."""
    counter, marker = _size(game, "counter")[0], _size(game, "ship-marker")[0]
    standee = _size(game, "character")[0]
    home = square_mm(game)
    parts = [f"Map pieces: a square of the tiled map ({home:.1f} mm) holds {_on(home, counter, marker)} "
             f"(counters {counter:g} mm, ship markers {marker:g} mm)."]
    for paper in POSTERS:
        w, h = _size(game, "map")
        scale = poster_fit((w * MM, h * MM), paper)[1]
        square = home * scale
        parts.append(f"{paper.upper()} poster ({square:.1f} mm squares): {_on(square, counter, marker)}.")
    if standee > home:
        parts.append(f"A standee ({standee:g} mm) is wider than a square: when parties meet, their counters "
                     "take the square.")
    return " ".join(parts)
