"""Eldorado's rules family: the map (`chart_*`), the cards and pieces, and their checks.

Family interface used by the loader: RECORDS, ICONS, BACKS, check_record,
check_game.  The rules engine and the templates read the map through
`chart_of(game)`, which gives the `Chart` query API.
"""
from __future__ import annotations

from .chart import Chart, Mark
from .chart_schema import MapRecord
from .checks import ICONS, check_game, check_record, chart_of
from .pieces import Character, EldoradoCard, Ship, Supply
from ..common import Record, Reference

BACKS = {"ship", "eldorado", "supply", "reference"}
RECORDS = {
    "map": MapRecord,
    "character": Character,
    "ship": Ship,
    "eldorado": EldoradoCard,
    "supply": Supply,
    "die": Record,
    "reference": Reference,
}

__all__ = ["BACKS", "ICONS", "RECORDS", "Chart", "Mark", "chart_of", "check_game", "check_record"]
