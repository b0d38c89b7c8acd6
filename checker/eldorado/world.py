"""The game's definitions compiled for play: the map as a `Chart`, the leaders and their ports.

`compile_game` turns a loaded `cards.Game` into plain JSON-able data (cached between
runs by `checker.core.gamecache`); `World` rebuilds the map's `Chart` query API from
that data, so a resolve never needs the definitions' validation again.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from checker.core.compiled import compiled
from checker.core.errors import StateError

if TYPE_CHECKING:
    import os


def compile_game(game: Any) -> dict[str, Any]:
    """A loaded Eldorado `cards.Game` as plain data: the map record, the leaders, the rule parameters."""
    from cards.parameters import of_game

    maps = game.records("map")
    leaders = [{"id": c.id, "name": c.name, "port": c.port, "initial": c.initial} for c in game.records("character")]
    return {"id": game.id, "name": game.name, "players": list(game.players), "map": maps[0].model_dump(),
            "leaders": leaders, **of_game(game)}


class Leader:
    """A character ("Start of Game"): who leads a party, and the port it departs from."""

    __slots__ = ("id", "name", "port", "initial")

    def __init__(self, data: dict[str, Any]):
        self.id, self.name, self.port, self.initial = data["id"], data["name"], data["port"], data["initial"]


class World:
    """Everything fixed during play: the chart, the leaders by id, the player count allowed, and the numbers of
    the rules (`[parameters]`, cards/models/eldorado/parameters.py: the rulebook's unless the game sets them)."""

    def __init__(self, data: dict[str, Any]):
        from cards.models.eldorado.chart import Chart

        self.name: str = data["name"]
        self.players: tuple[int, int] = tuple(data["players"])
        given: dict[str, int] = data["parameters"]
        self.people_per_barrel: int = given["people_per_barrel"]  # E3: one barrel per started ten
        self.soldiers_per_musket: int = given["soldiers_per_musket"]  # "For every five soldiers ... one musket"
        self.points_per_treasure: int = given["points_per_treasure"]  # "three full points per treasure pile"
        # Chart reads only a MapRecord's attributes: the namespace spares validating compiled data again.
        self.chart = Chart(_record(data["map"]))  # type: ignore[arg-type]
        self.leaders = {d["id"]: Leader(d) for d in data["leaders"]}
        self.courses: dict[str, tuple[str, ...]] = {}  # a ship's square -> where it may sail (legal.courses)

    def leader(self, text: str) -> Leader | None:
        """A leader by id or by full name, in any case ("pizarro", "Francisco Pizarro")."""
        key = text.strip().casefold()
        return next((lead for lead in self.leaders.values() if key in (lead.id, lead.name.casefold())), None)

    def home_port(self, leader: Leader) -> Any:
        return self.chart.port_named(leader.port)


def _record(data: dict[str, Any]) -> SimpleNamespace:
    """The map record as the attributes `Chart` reads (no pydantic needed to play)."""
    lists = {key: [SimpleNamespace(**item) for item in data.get(key, [])]
             for key in ("ports", "islands", "rivers", "cities", "monsters")}
    for island in lists["islands"]:
        island.provisions = getattr(island, "provisions", True)
    return SimpleNamespace(rows=data["rows"], legend=data["legend"], **lists)


def world_of(game: Any, state_map: Any = None, base: str | os.PathLike[str] | None = None) -> World:
    """The world from compiled data or a loaded game; `map` (a definitions folder) swaps the map."""
    data = compiled(game, compile_game)
    if state_map is None:
        return World(data)
    if not isinstance(state_map, str) or not state_map:
        raise StateError(f"expected a folder of Eldorado definitions (with its map), got {state_map!r}", field="map")
    from pathlib import Path

    from cards import DefinitionError, load_game

    folder = Path(state_map)
    if not folder.is_absolute() and base is not None:
        folder = Path(base) / folder
    if not folder.is_dir():
        raise StateError(f"expected a folder of Eldorado definitions (with its map), got {state_map!r}: "
                         "no such folder", field="map")
    try:
        other = load_game(str(folder))
    except DefinitionError as exc:
        raise StateError(f"the map's definitions are invalid: {exc}", field="map") from None
    if other.rules != "eldorado":
        raise StateError(f"expected Eldorado definitions, got rules {other.rules!r} in {state_map!r}", field="map")
    return World(dict(data, map=compile_game(other)["map"]))
