"""Load a game's definitions (a built-in id or a user's folder) into typed objects.

Strict on purpose: every problem of every file is collected and raised together
as one DefinitionError; nothing in a definition is evaluated, and component files
must stay inside the game's folder.
"""
from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from pydantic import BaseModel, ValidationError

from .errors import DefinitionError, Problem
from .files import is_file
from .messages import problems_from_validation
from .models.base import Component, GameFile
from .tomlsource import LineIndex, read_toml

PACKAGE_DIR = Path(__file__).resolve().parent
BUILTIN = ("el-dorado-canyon", "eternal-gold-and-steel", "eldorado")
FAMILIES = {
    "el-dorado-canyon": "cards.models.el_dorado_canyon",
    "eternal-gold-and-steel": "cards.models.eternal_gold_and_steel",
    "eldorado": "cards.models.eldorado",
}


@dataclass
class LoadedComponent:
    """A component spec from game.toml with the records of its file."""

    spec: Component
    records: list[Any]
    file: str

    @property
    def id(self) -> str:
        return self.spec.id


@dataclass
class Game:
    """Everything one game defines, typed and validated."""

    id: str
    name: str
    rules: str
    players: tuple[int, int]
    folder: Path
    components: list[LoadedComponent] = field(default_factory=list)
    family: ModuleType | None = None

    def component(self, component_id: str) -> LoadedComponent:
        for comp in self.components:
            if comp.id == component_id:
                return comp
        raise KeyError(component_id)

    def records(self, schema: str | None = None) -> list[Any]:
        """All records, or those of components using one schema (e.g. 'town')."""
        return [r for c in self.components if schema in (None, c.spec.schema_) for r in c.records]

    def record(self, record_id: str) -> Any:
        for comp in self.components:
            for rec in comp.records:
                if rec.id == record_id:
                    return rec
        raise KeyError(record_id)


def resolve_folder(game: str) -> tuple[Path, str]:
    """A built-in id or a folder path -> (folder, how to show its files in messages)."""
    if game in BUILTIN:
        return PACKAGE_DIR / game, f"cards/{game}"
    path = Path(game)
    if not is_file(path / "game.toml"):
        known = ", ".join(BUILTIN)
        raise DefinitionError([Problem(str(path), f"expected a built-in game ({known}) or a folder with a game.toml, got {game!r}")])
    return path.resolve(), str(path).rstrip("/")


def family_module(rules: str) -> ModuleType:
    return importlib.import_module(FAMILIES[rules])


def load_game(game: str) -> Game:
    """Load and validate one game; raise DefinitionError listing every problem."""
    folder, shown = resolve_folder(game)
    game_file = f"{shown}/game.toml"
    data, text = read_toml(folder / "game.toml", game_file, inside=folder)
    index = LineIndex(text)
    rules = data.get("rules") if isinstance(data, dict) else None
    if isinstance(rules, str) and rules not in FAMILIES:
        raise DefinitionError([Problem(game_file, f"expected one of {', '.join(FAMILIES)}, got {rules!r}",
                                       line=index.line_of(("rules",)), path="rules")])
    try:
        spec = GameFile.model_validate(data)
    except ValidationError as exc:
        raise DefinitionError(problems_from_validation(exc, game_file, index, data, schema=GameFile)) from None
    family = family_module(spec.rules)
    loaded = Game(spec.id, spec.name, spec.rules, (spec.players[0], spec.players[1]), folder, family=family)
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for comp in spec.components:
        comp_problems, records = _load_component(folder, shown, comp, family, index)
        problems += comp_problems
        file = f"{shown}/{comp.file}"
        for rec in records:
            if rec.id in seen:
                problems.append(Problem(file, f"duplicate id: already defined in {seen[rec.id]}", card=rec.id,
                                        card_name=getattr(rec, "name", None), path="id"))
            else:
                seen[rec.id] = file
        loaded.components.append(LoadedComponent(comp, records, file))
    if not problems and hasattr(family, "check_game"):
        problems += family.check_game(loaded)
    if problems:
        raise DefinitionError(problems)
    return loaded


def _load_component(folder: Path, shown: str, comp: Component, family: ModuleType,
                    game_index: LineIndex) -> tuple[list[Problem], list[BaseModel]]:
    game_file = f"{shown}/game.toml"
    where = ("components",)
    if comp.schema_ not in family.RECORDS:
        return [Problem(game_file, f"expected one of {', '.join(family.RECORDS)}, got {comp.schema_!r}",
                        line=game_index.line_of(where), path=f"components.{comp.id}.schema")], []
    if comp.back is not None and comp.back not in family.BACKS:
        return [Problem(game_file, f"expected one of {', '.join(sorted(family.BACKS))}, got {comp.back!r}",
                        line=game_index.line_of(where), path=f"components.{comp.id}.back")], []
    path = folder / comp.file
    file = f"{shown}/{comp.file}"
    if not os.path.lexists(path):
        return [Problem(game_file, f"file not found: {comp.file!r}", line=game_index.line_of(where),
                        path=f"components.{comp.id}.file")], []
    try:
        data, text = read_toml(path, file, inside=folder)
    except DefinitionError as exc:
        return exc.problems, []
    schema = family.RECORDS[comp.schema_]
    table = getattr(schema, "TABLE", "cards")
    index = LineIndex(text)
    unknown = sorted(set(data) - {table})
    problems = [Problem(file, f"unknown top-level key: expected only [[{table}]] tables", line=index.line_of((k,)), path=k)
                for k in unknown]
    rows = data.get(table)
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        problems.append(Problem(file, f"expected one or more [[{table}]] tables, got {type(rows).__name__ if rows is not None else 'none'}"))
        return problems, []
    records = []
    for i, row in enumerate(rows):
        card_id = row.get("id") if isinstance(row.get("id"), str) else None
        card_name = row.get("name") if isinstance(row.get("name"), str) else None
        try:
            rec = schema.model_validate(row)
        except ValidationError as exc:
            problems += problems_from_validation(exc, file, index, row, prefix=(table, i),
                                                 card=card_id or f"#{i + 1}", card_name=card_name, schema=schema)
            continue
        for field_path, message in family.check_record(rec):
            line = index.line_of((table, i) + tuple(field_path.split(".")[:1]))
            problems.append(Problem(file, message, line=line, card=rec.id, card_name=rec.name, path=field_path))
        records.append(rec)
    return problems, records
