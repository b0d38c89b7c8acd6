"""The games `checker serve` serves, and what the page needs to know of each to build its form.

A state names its game by built-in id or by the name of a served folder (its last path part):
never by a path, so the page reads no file it does not serve. What the page shows comes from the
same data `checker schema` prints (the engine's STATE_SCHEMA) and from the game's records (ids,
names, the option or arrow a card needs), never from an engine's internals.
"""
from __future__ import annotations

import os
from typing import Any

from checker.core.errors import StateError
from checker.core.resolve_cmd import Beside

NAME_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")


class ServeError(Exception):
    """A game `checker serve` cannot serve: the one-line message (exit 2)."""


class Served:
    """The built-in games by id, and each folder given by its name."""

    def __init__(self, args: list[str]) -> None:
        from cards import DefinitionError, load_game
        from cards.families import builtin_folders

        from checker.core.engines import NoEngine, engine_for

        self.builtin = dict(builtin_folders())
        self.folders: dict[str, str] = {}
        for arg in args:
            if arg in self.builtin:
                continue
            folder = os.path.realpath(arg)
            name = os.path.basename(folder)
            if not os.path.isfile(os.path.join(folder, "game.toml")):
                raise ServeError(f"{arg}: expected a built-in game ({', '.join(self.builtin)}) or a folder with "
                                 "a game.toml")
            if name in self.builtin or name in self.folders or not set(name) <= NAME_CHARS:
                raise ServeError(f"{arg}: the folder's name {name!r} must be unique among the served games "
                                 f"({', '.join([*self.builtin, *self.folders])}) and plain (letters, digits, - _ .)")
            try:
                loaded = load_game(folder)
                engine_for(loaded.id, loaded.rules)
            except (DefinitionError, NoEngine) as exc:
                raise ServeError(str(exc)) from None
            self.folders[name] = folder
        self._described: dict[str, dict[str, Any]] = {}

    def names(self) -> list[str]:
        return [*self.builtin, *self.folders]

    def ref(self, name: str) -> str | None:
        """What `cards.load_game` takes for a served game's name (its id or its folder), or None."""
        if name in self.builtin:
            return name
        return self.folders.get(name)

    def describe(self, name: str) -> dict[str, Any]:
        """The game as the page builds its form: the state schema, the records by schema, the map."""
        if name not in self._described:
            self._described[name] = _describe(name, self.ref(name) or "")
        return self._described[name]

    def place(self, label: str) -> Tabled:
        """Where the state `label` sent to the API finds its games."""
        return Tabled(self, label)


class Tabled(Beside):
    """`Beside` for a state sent to the API: games and a `map` by served name only, hints from served games."""

    def __init__(self, served: Served, label: str) -> None:
        self.served, self.state_file, self.base = served, label, None
        self.maps: dict[str, str] = {}  # folder -> the served name the state gave (restored in the next state)

    def folder(self, game_ref: str) -> str | None:
        return self.served.folders.get(game_ref)

    def hint(self, value: object, game_ref: str) -> str:
        from checker.core.elsewhere import defined_in

        return defined_in(value, game_ref, [(name, self.served.ref(name) or name) for name in self.served.names()
                                            if name != game_ref])

    def prepare(self, state: dict) -> None:
        """A `map` names a served folder: given to the engine as that folder (a path is refused)."""
        given = state.get("map")
        if given is None:
            return
        folder = self.served.folders.get(given) if isinstance(given, str) else None
        if folder is None:
            raise StateError(f"expected the name of a served folder of Eldorado definitions "
                             f"({', '.join(self.served.folders) or 'none served'}), got {given!r}", field="map")
        state["map"] = folder
        self.maps[folder] = given


def _describe(name: str, ref: str) -> dict[str, Any]:
    from cards import load_game

    from checker.core.engines import engine_for

    game = load_game(ref)
    schema = engine_for(game.id, game.rules).STATE_SCHEMA.for_game(game.rules, game.parameters)
    records: dict[str, list[dict[str, Any]]] = {}
    for component in game.components:
        for record in component.records:
            records.setdefault(component.spec.schema_, []).append({
                "id": record.id, "name": getattr(record, "name", record.id), "component": component.id,
                "two_ended": bool(getattr(record, "two_ended", False)), "arrow": _arrow(record),
            })
    return {
        "name": name, "title": game.name, "rules": game.rules, "players": list(game.players),
        "schema": {"game": schema.game, "intro": schema.intro, "notes": list(schema.notes),
                   "tables": [{"path": t.path, "means": t.means, "fields": [
                       {"name": f.name, "type": f.type, "default": f.default, "means": f.means, "kinds": list(f.kinds),
                        "ids": list(f.ids), "fill": f.fill} for f in t.fields]} for t in schema.tables]},
        "records": records,
        "map": _chart(game),
    }


def _arrow(record: Any) -> str | None:
    """The arrow a card prints ("either": the player turns it), on the record or on one of its options."""
    arrows = [a for a in (getattr(o, "arrow", None) for o in (record, *(getattr(record, "options", None) or ())))
              if isinstance(a, str) and a != "none"]
    return "either" if "either" in arrows else arrows[0] if arrows else None


def _chart(game: Any) -> dict[str, Any] | None:
    """The map's squares as the page draws them (terrain by square, what stands on each), or None."""
    if not game.records("map"):
        return None
    from cards.models.eldorado.chart import chart_of

    chart = chart_of(game)
    record = chart.record
    squares = chart.squares()
    marks: dict[str, str] = {}
    for city in record.cities:
        marks[city.square] = f"city: {city.name}"
        for sq in city.indians:
            marks.setdefault(sq, f"Indians of {city.name}")
    for port in record.ports:
        marks.setdefault(port.square, f"port: {port.name}")
    return {"width": chart.width, "height": chart.height, "squares": squares,
            "terrain": [chart.terrain(sq) for sq in squares], "marks": marks}


LABEL_MAX = 80


def label_of(given: str | None) -> str:
    """The name refusals give the state sent (the page sends its file name): plain, else "state.toml"."""
    if given and len(given) <= LABEL_MAX and set(given) <= NAME_CHARS and not given.startswith("."):
        return given
    return "state.toml"


