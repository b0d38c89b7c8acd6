"""El Dorado Canyon's faces and backs (the template contract of generator/templates).

FRONTS is keyed by record schema, BACKS by the component's back name; both sets
must cover cards/models/el_dorado_canyon.py RECORDS and BACKS.
"""
from __future__ import annotations

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

__all__ = ["FRONTS", "BACKS", "ICONS"]
