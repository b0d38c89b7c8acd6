"""The map as the rules see it: what is on a square, where the current goes, what is beside it.

`Chart` is built once from a `MapRecord` and answers the questions the rulebook's
movement and combat sections ask ("Movement Rules": at sea, on rivers, on land;
"Combat Rules": a square with an Indian or a city).  It reads the record's fields
only, so a kept record (`common.kept`) or compiled data as a namespace serve as well.  Squares are named
by their chart coordinate, e.g. 'K12', as in state files and on the printed map.
"""
from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Iterable, TypeVar

from common.record import Record

from .coords import DIRECTIONS, WATER, Square, coord, direction, expand, parse, step

if TYPE_CHECKING:  # only types: a resolve builds a Chart from compiled data without pydantic
    from .chart_schema import City, Island, MapRecord, Monsters, Port, River

    T = TypeVar("T")


class Mark(Record):  # a Record: resolve's start-up (common.record)
    """One named feature on one square: kind is port, island, river, city, indians or monsters."""

    __slots__ = ("kind", "id", "name")

    def __init__(self, kind: str, id: str, name: str) -> None:
        self.kind, self.id, self.name = kind, id, name


class Chart:
    """Query API over one map; every method takes and returns coordinates like 'K12'."""

    def __init__(self, record: MapRecord) -> None:
        self.record = record
        self.height = len(record.rows)
        self.width = len(record.rows[0])
        self._terrain = {(c, r): record.legend[letter] for r, row in enumerate(record.rows) for c, letter in enumerate(row)}
        self.ports = {p.id: p for p in record.ports}
        self.islands = {i.id: i for i in record.islands}
        self.rivers = {r.id: r for r in record.rivers}
        self.cities = {c.id: c for c in record.cities}
        self.monster_waters = {m.id: m for m in record.monsters}
        self._terrain_of: dict[str, str] = {}  # by coordinate: a whole game's legal moves ask the same squares often
        self._near: dict[str, dict[str, str]] = {}
        self._parsed: dict[str, Square] = {}  # coordinate -> square, for those on the map
        self._beside: dict[str, list[Island]] = {}

    # --- squares -----------------------------------------------------------------
    def squares(self) -> list[str]:
        """Every coordinate, row by row from the north-west corner."""
        return [coord((c, r)) for r in range(self.height) for c in range(self.width)]

    def on_map(self, where: str) -> bool:
        if where in self._parsed:
            return True
        try:
            return parse(where) in self._terrain
        except ValueError:
            return False

    def terrain(self, where: str) -> str:
        """sea, river, jungle, mountains, savanna, desert or farmland."""
        found = self._terrain_of.get(where)
        if found is None:
            found = self._terrain_of[where] = self._terrain[self._square(where)]
        return found

    square = terrain

    def is_sea(self, where: str) -> bool:
        found = self._terrain_of.get(where)  # terrain() inlined: a simulated game asks this thousands of times
        return (found if found is not None else self.terrain(where)) == "sea"

    def is_river(self, where: str) -> bool:
        return self.terrain(where) == "river"

    def is_land(self, where: str) -> bool:
        """Where people walk (rivers are water: ships sail on them)."""
        return self.terrain(where) not in WATER

    def is_coast(self, where: str) -> bool:
        """Land or river with the open sea beside it: where a ship at sea stops and moors."""
        return not self.is_sea(where) and any(self.is_sea(n) for n in self.neighbours(where).values())

    def neighbours(self, where: str) -> dict[str, str]:
        """The orthogonal neighbours on the map, by compass direction (no diagonals); not to be changed."""
        found = self._near.get(where)
        if found is None:
            here = self._square(where)
            found = self._near[where] = {h: coord(step(here, h)) for h in DIRECTIONS if step(here, h) in self._terrain}
        return found

    def step(self, where: str, heading: str) -> str | None:
        """The square one step N, E, S or W, or None past the edge of the map."""
        if heading not in DIRECTIONS:
            raise KeyError(heading)
        return self.neighbours(where).get(heading)

    # --- rivers ------------------------------------------------------------------
    def river(self, where: str) -> River | None:
        return self._river_of.get(self._square(where), (None, 0))[0]

    def flow(self, where: str) -> str | None:
        """Which way the current runs at a river square (N, E, S, W), None off rivers."""
        return self._flow.get(self._square(where))

    def downstream(self, where: str) -> str | None:
        """The next square toward the mouth; past the mouth, the sea square it opens on."""
        heading = self.flow(where)
        return self.step(where, heading) if heading else None

    def upstream(self, where: str) -> str | None:
        """The previous square toward the source, None at the source or off rivers."""
        river, index = self._river_of.get(self._square(where), (None, 0))
        return river.squares[index - 1] if river is not None and index > 0 else None

    # --- features ----------------------------------------------------------------
    def port(self, where: str) -> Port | None:
        return self._port_at.get(where)

    def port_named(self, name: str) -> Port | None:
        return next((p for p in self.ports.values() if p.name == name), None)

    def city(self, where: str) -> City | None:
        return self._city_at.get(where)

    def guarded_city(self, where: str) -> City | None:
        """The city whose Indians stand on this square, if any."""
        return self._guarded_at.get(where)

    def island(self, where: str) -> Island | None:
        return self._island_at.get(where)

    def islands_beside(self, where: str) -> list[Island]:
        """Islands a ship on this square is moored at (the square itself or an orthogonal neighbour); not to be
        changed (kept per square: every resupply asks)."""
        found = self._beside.get(where)
        if found is None:
            near = [self.island(n) for n in [where, *self.neighbours(where).values()]]
            found = self._beside[where] = list({i.id: i for i in near if i is not None}.values())
        return found

    def monsters(self, where: str) -> Monsters | None:
        return self._monsters_at.get(self._square(where))

    def features(self, where: str) -> list[Mark]:
        """Everything named on a square, e.g. [Mark('river', 'amazon', 'Amazon')]."""
        found: list[Mark] = []
        for kind, item in (("port", self.port(where)), ("city", self.city(where)), ("indians", self.guarded_city(where)),
                           ("island", self.island(where)), ("river", self.river(where)), ("monsters", self.monsters(where))):
            if item is not None:
                found.append(Mark(kind, item.id, item.name))
        return found

    # --- internals ---------------------------------------------------------------
    def _square(self, where: str) -> Square:
        square = self._parsed.get(where)
        if square is not None:
            return square
        square = parse(where)
        if square not in self._terrain:
            raise ValueError(f"{where!r} is off the map (columns A..{coord((self.width - 1, 0))[:-1]}, rows 1..{self.height})")
        self._parsed[where] = square
        return square

    @cached_property
    def _river_of(self) -> dict[Square, tuple[River, int]]:
        return {parse(sq): (river, i) for river in self.rivers.values() for i, sq in enumerate(river.squares)}

    @cached_property
    def _flow(self) -> dict[Square, str]:
        flows: dict[Square, str] = {}
        for river in self.rivers.values():
            path = [parse(sq) for sq in river.squares]
            for a, b in zip(path, path[1:]):
                flows[a] = direction(a, b) or "?"
            flows[path[-1]] = self._mouth_heading(path[-2], path[-1])
        return flows

    def _mouth_heading(self, before: Square, mouth: Square) -> str:
        """A river leaves its mouth straight on if the sea is there, else toward the first sea beside it."""
        ahead = direction(before, mouth)
        order = [ahead] + [h for h in DIRECTIONS if h != ahead] if ahead else list(DIRECTIONS)
        return next((h for h in order if self._terrain.get(step(mouth, h)) == "sea"), ahead or "?")

    @cached_property
    def _port_at(self) -> dict[str, Port]:
        return _first_on(self.ports.values(), lambda p: [p.square])

    @cached_property
    def _island_at(self) -> dict[str, Island]:
        return _first_on(self.islands.values(), lambda i: i.squares)

    @cached_property
    def _city_at(self) -> dict[str, City]:
        return _first_on(self.cities.values(), lambda c: [c.square])

    @cached_property
    def _guarded_at(self) -> dict[str, City]:
        return _first_on(self.cities.values(), lambda c: c.indians)

    @cached_property
    def _monsters_at(self) -> dict[Square, Monsters]:
        return {sq: m for m in self.monster_waters.values() for item in m.squares for sq in expand(item)}


def chart_of(game: Any) -> Chart:
    """The game's map as a `Chart` (the first record of its 'map' component), validated or kept."""
    maps = game.records("map")
    if not maps:
        raise KeyError("map")
    return Chart(maps[0])


def _first_on(items: Iterable[T], squares: Callable[[T], Iterable[str]]) -> dict[str, T]:
    """Each square's first item, in the order listed, that stands on it: what a search in order finds."""
    found: dict[str, T] = {}
    for item in items:
        for sq in squares(item):
            found.setdefault(sq, item)
    return found
