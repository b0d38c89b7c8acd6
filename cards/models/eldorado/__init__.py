"""Eldorado's rules family: the map, the cards and pieces, and their checks.

Family interface used by the loader: RECORDS, ICONS, BACKS, check_record,
check_game.  The rules engine and the templates read the map through
`chart_of(game)`, which gives the `Chart` query API.

Layout, without pydantic: `coords` (chart coordinates), `chart` (`Chart`, `chart_of`: the map
as the rules ask it, from a validated, kept or compiled map record), `kinds` (what the pieces do
beyond their fields, and their constants).  With pydantic, for validation: `chart_schema` (the
map's records), `pieces` (the cards and pieces' records), `chart_checks` and `checks`.  The
names are imported on first use, so `checker resolve` can build a `Chart` from compiled data and
a build print a kept game without loading the pydantic schemas.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import lazy_names

if TYPE_CHECKING:
    from ..common import Record
    from .chart import Chart, Mark, chart_of
    from .checks import check_game, check_record

    RECORDS: dict[str, type[Record]]

BACKS = {"ship", "eldorado", "supply", "reference", "counter", "ship-marker"}
ICONS = {"soldier", "barrel", "musket", "cannon", "treasure", "ship", "city", "indian", "monster", "port", "river"}
_LAZY = {"Chart": "chart", "Mark": "chart", "chart_of": "chart", "check_game": "checks", "check_record": "checks"}

__all__ = ["BACKS", "ICONS", "RECORDS", "Chart", "Mark", "chart_of", "check_game", "check_record"]


def _records() -> dict[str, Any]:
    from ..common import Record, Reference
    from .chart_schema import MapRecord
    from .pieces import Character, EldoradoCard, Ship, Supply

    # a party counter is a leader printed as a flat counter, a ship marker a ship as a map piece:
    # the same records (the same file) in another form
    return {"map": MapRecord, "character": Character, "counter": Character, "ship": Ship, "ship-marker": Ship,
            "eldorado": EldoradoCard, "supply": Supply, "die": Record, "reference": Reference}


__getattr__ = lazy_names(__name__, _LAZY, _records)
