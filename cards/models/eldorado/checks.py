"""Checks across records: the map's own sense, and pieces that name the map's features.

The loader runs `check_record` on each record and `check_game` once all files
are well-formed; map mistakes get the line of the square's coordinate in the
TOML, e.g. `cards/eldorado/map.toml:57: river 'orinoco': squares.4: ...`.
"""
from __future__ import annotations

import re
from typing import Any

from ...effects import unknown_icons
from ...errors import Problem
from ...tomlsource import LineIndex
from ..common import Record, Reference
from . import ICONS
from .chart import Chart
from .chart_checks import check_map
from .pieces import Character, EldoradoCard, Ship, Supply

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|#.*$')


def check_record(record: Record) -> list[tuple[str, str]]:
    """Icons named in printed text must be in the registry."""
    if isinstance(record, Reference):
        texts = [(f"sections.{i + 1}.lines", line) for i, s in enumerate(record.sections) for line in s.lines]
    elif isinstance(record, Supply):
        texts = [("text", record.text)]
    else:
        return []
    return [(path, f"unknown icon ':{name}:': expected one of {', '.join(sorted(ICONS))}")
            for path, text in texts for name in unknown_icons(text, ICONS)]


def check_game(game: Any) -> list[Problem]:
    problems: list[Problem] = []
    map_components = [c for c in game.components if c.spec.schema_ == "map"]
    if len(map_components) != 1 or len(map_components[0].records) != 1:
        found = sum(len(c.records) for c in map_components)
        return [Problem(f"{_shown_folder(game)}/game.toml", f"expected exactly one map (a component with schema "
                        f"'map' and one [[map]] table), got {found}", path="components")]
    comp = map_components[0]
    text = (game.folder / comp.spec.file).read_text(encoding="utf-8")
    issues = check_map(comp.records[0])
    problems += [Problem(comp.file, str(issue), line=_line(text, ("map", 0) + issue.loc)) for issue in issues]
    if issues:
        return problems
    chart = Chart(comp.records[0])
    checked: set[str] = set()
    for other in game.components:
        if other.file not in checked:       # a file printed as two components is checked once
            checked.add(other.file)
            problems += _check_pieces(game, other, chart)
    return problems


def _check_pieces(game: Any, comp: Any, chart: Chart) -> list[Problem]:
    """Ships name characters, characters name ports, Eldorado cards name cities: all must exist and agree."""
    found: list[Problem] = []
    text = None

    def fail(i: int, rec: Record, field: str, message: str) -> None:
        nonlocal text
        text = text if text is not None else (game.folder / comp.spec.file).read_text(encoding="utf-8")
        table = getattr(type(rec), "TABLE", "cards")
        found.append(Problem(comp.file, message, line=_line(text, (table, i, field)), card=rec.id, card_name=rec.name,
                             path=field))

    characters = {r.id: r for r in game.records("character")}
    ships_of: dict[str, str] = {}
    for i, rec in enumerate(comp.records):
        if isinstance(rec, Character):
            if chart.port_named(rec.port) is None:
                names = ", ".join(p.name for p in chart.ports.values())
                fail(i, rec, "port", f"expected a port of the map ({names}), got {rec.port!r}")
            others = [c.id for c in characters.values() if c.initial == rec.initial and c.id != rec.id]
            if others:
                fail(i, rec, "initial", f"'{rec.initial}' is also the initial of character '{others[0]}'")
            same = [c.id for c in characters.values()
                    if c.party_colour.lower() == rec.party_colour.lower() and c.id != rec.id]
            if same:
                fail(i, rec, "colour", f"'{rec.party_colour}' is also the colour of character '{same[0]}': "
                                       "each party's counters need a colour of their own")
        elif isinstance(rec, Ship):
            owner = characters.get(rec.character)
            if owner is None:
                fail(i, rec, "character", f"expected a character ({', '.join(characters) or 'none defined'}), got {rec.character!r}")
                continue
            if rec.sail != owner.initial:
                fail(i, rec, "sail", f"expected '{owner.initial}', the initial of {owner.name}, got '{rec.sail}'")
            if rec.character in ships_of:
                fail(i, rec, "character", f"{owner.name} already has ship '{ships_of[rec.character]}'")
            ships_of.setdefault(rec.character, rec.id)
        elif isinstance(rec, EldoradoCard):
            city = chart.cities.get(rec.id)
            if city is None:
                fail(i, rec, "id", f"expected a city of the map ({', '.join(chart.cities)}), got {rec.id!r}")
            elif rec.name != city.name:
                fail(i, rec, "name", f"expected {city.name!r} as on the map, got {rec.name!r}")
            elif rec.square != city.square:
                fail(i, rec, "square", f"expected '{city.square}', where {city.name} stands on the map, got '{rec.square}'")
    if comp.spec.schema_ == "eldorado":
        dealt = {r.id for r in comp.records}
        for city in chart.cities.values():
            if city.id not in dealt:
                found.append(Problem(comp.file, f"city '{city.id}' ({city.name}) has no Eldorado card", path="cards"))
    if comp.spec.schema_ == "ship":
        for character in characters.values():
            if character.id not in ships_of:
                found.append(Problem(comp.file, f"character '{character.id}' ({character.name}) has no ship card", path="cards"))
    return found


def _shown_folder(game: Any) -> str:
    return game.components[0].file.rsplit("/", 1)[0] if game.components else str(game.folder)


def _line(text: str, loc: tuple) -> int | None:
    """The line of a field; for an item of an array (loc ends in its index) the line that holds that item."""
    index = LineIndex(text)
    if not loc or not isinstance(loc[-1], int) or len(loc) < 2 or not isinstance(loc[-2], str):
        return index.line_of(loc)
    start = index.line_of(loc[:-1])
    if start is None:
        return None
    wanted, seen = loc[-1], 0
    for number in range(start - 1, len(index.lines)):
        line = index.lines[number]
        if number == start - 1:
            line = line.split("=", 1)[-1]
        for token in _TOKEN.finditer(line):
            if token.group().startswith("#"):
                break
            if seen == wanted:
                return number + 1
            seen += 1
        if "]" in _TOKEN.sub("", line):
            break
    return start
