"""Eldorado's looks: an old sea chart, and cards and pieces cut from the same parchment.

Template contract (`generator.templates`): FRONTS by record schema, BACKS by the
component's back name; each draws one face with its origin at the trim box's
bottom-left corner.  The map's front draws the whole chart; the engine tiles it.
Importing this package registers the chart's symbols as icons (`icons`).
"""
from __future__ import annotations

from generator.engine.stamp import Spot

from . import icons  # noqa: F401  (registers the symbols as `:name:` icons)
from .chart_drawing import draw_map
from .pieces import back, counter, die_face, eldorado_front, ship_front, ship_marker, standee_front, supply_front
from .notes import map_pieces
from .reference import reference_front

FRONTS = {
    "map": draw_map,
    "ship": ship_front,
    "eldorado": eldorado_front,
    "supply": supply_front,
    "character": standee_front,
    "counter": counter,
    "ship-marker": ship_marker,
    "die": die_face,
    "reference": reference_front,
}

BACKS = {
    "ship": back("ship", "ship"),
    "eldorado": back("eldorado", "city"),
    "supply": back("supply", "treasure"),
    "reference": back("reference", None),   # not the secret Eldorado cards' back
    "counter": counter,             # flat pieces read the same either way up
    "ship-marker": ship_marker,
}

# what a layout extending this look may change (generator/templates/regions.py)
REGIONS = {"picture": "the drawn picture of a ship, Eldorado or common-pile card: moved, or replaced by art"}
NOTES = {"counter": map_pieces}     # what fits a square, in the kit and on the posters

# where the version stamp goes (generator.engine.stamp): a card's bottom-right, inside its ruled inner frame (a
# ship's top-right: its notes run along the bottom; an Eldorado card's right of its square's plate, over its
# note; the common pile's back top-right, above its pile: its names run along the bottom); a die face's bottom
# middle, between its pips, small (it is no card: print.md's 6 pt is for cards); a standee and a ship marker have
# none: their pictures and names fill them
_FRAMED = Spot("bottom-right", inset=(1.4, 1.4))
_FRAMED_TOP = Spot("top-right", inset=(1.4, 1.4))
STAMPS: dict[str, Spot | None] = {"ship": _FRAMED_TOP, "eldorado": Spot("bottom-right", inset=(1.4, 9.0)),
                                  "supply": _FRAMED, "reference": _FRAMED, "die": Spot("bottom", size=3.2),
                                  "character": None, "ship-marker": None}
BACK_STAMPS: dict[str, Spot | None] = {"ship": _FRAMED, "eldorado": _FRAMED, "supply": _FRAMED_TOP,
                                       "reference": _FRAMED, "ship-marker": None}
