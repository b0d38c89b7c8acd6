"""El Dorado Canyon's faces and backs (the template contract of generator/templates).

FRONTS is keyed by record schema, BACKS by the component's back name; both sets
must cover cards/models/el_dorado_canyon RECORDS and BACKS.
"""
from __future__ import annotations

from generator.engine.stamp import Spot

from .action import draw_action
from .backs import BACKS
from .icons import ICONS
from .people import draw_character
from .pieces import draw_camp, draw_marker, draw_money, draw_reference

FRONTS = {
    "starting": draw_action,
    "town": draw_action,
    "character": draw_character,
    "camp": draw_camp,
    "money": draw_money,
    "marker": draw_marker,
    "reference": draw_reference,
}

# what a layout extending this look may change (generator/templates/regions.py)
REGIONS = {"picture": "the drawn picture of a starting or town card: moved, or replaced by art",
           "text": "the rules text box of a one-ended starting or town card: moved or resized"}

# where the version stamp goes (generator.engine.stamp): between a starting or town card's top-left medallion
# and its type icon (one-ended or two-ended, its corners hold medallions), above a character's tracks; a camp
# card's (both sides) bottom right, above the banked gold line, which runs the card's width; a gold or infamy
# card's between its top corners' values (its name runs along the bottom)
_CAMP = Spot("bottom-right", inset=(0.0, 4.5))
STAMPS: dict[str, Spot | None] = {"starting": Spot("top-left", inset=(8.5, 0.5)), "town": Spot("top-left", inset=(8.5, 0.5)),
                                  "character": Spot("top-right"), "camp": _CAMP,
                                  "money": Spot("top-left", inset=(5.5, 0.5))}
BACK_STAMPS: dict[str, Spot | None] = {"camp": _CAMP}

__all__ = ["FRONTS", "BACKS", "ICONS", "REGIONS", "STAMPS", "BACK_STAMPS"]
