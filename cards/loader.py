"""Load a game's definitions (a built-in id or a user's folder) into typed objects.

Strict on purpose: every problem of every file is collected and raised together
as one DefinitionError; nothing in a definition is evaluated, and component files
must stay inside the game's folder.  A game that loaded without a problem is kept
(`cards.compiled`) and loaded from there until its files or the code change.
"""
from __future__ import annotations

import copy
import os
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from . import compiled, lastload
from .boards import Board, cells_layout, load_board
from .design import Design, check_record_art, check_record_layouts, load_design
from .errors import MAX_SHOWN, DefinitionError, Problem, unshown
from .families import FAMILIES, PACKAGE_FOLDER, Family, UnknownFamily, builtin_games, family
from .formats import format_problem
from .layouttext import check_record_texts
from common.files import is_file
from .models import kinds
from .tomlsource import LineIndex, parse_toml, read_text, read_toml, reparse

if TYPE_CHECKING:  # pydantic's models and messages are imported where a load validates: a kept game needs neither
    from .models.base import Component, GameFile
    from .models.common import Record
    from .spreadsheet import CellIndex

BUILTIN = tuple(builtin_games())  # the games shipped in this package (plus $PNPKIT_GAMES at import)


@dataclass
class LoadedComponent:
    """A component spec from game.toml with the records of its file."""

    spec: kinds.Component  # a validated `cards.models.base.Component`, or a kept one
    records: list[Any]
    file: str
    index: LineIndex | CellIndex | None = None  # where each record's fields are in `file`
    table: str = "cards"
    board: Board | None = None  # a board's grid and cells (`spec.grid`), for drawing and for rules engines
    places: dict[int, dict[str, Any]] = field(default_factory=dict)  # id(record) -> field -> where its translation is

    def source(self, record: Any, field: str | None) -> tuple[str, tuple[int | None, str | None]]:
        """(file, (line, cell)) of a record's field: its translation's (`cards.translations`) or `where`."""
        places = self.places.get(id(record), {})
        place = places.get(field or "") or places.get((field or "").split(".")[0])
        if place is None:
            return self.file, self.where(record, field)
        return place.file, (place.line, place.cell)

    @property
    def id(self) -> str:
        return self.spec.id

    def where(self, record: Any, field: str | None) -> tuple[int | None, str | None]:
        """(line, spreadsheet cell) of a record's field (`options.2.text`), for errors found after loading."""
        if self.index is None or record not in self.records:
            return None, None
        at = (self.table, self.records.index(record)) + _field_path(field or "")
        return self.index.line_of(at), self.index.cell_of(at)


@dataclass
class Game:
    """Everything one game defines, typed and validated."""

    id: str
    name: str
    rules: str
    players: tuple[int, int]
    folder: Path
    components: list[LoadedComponent] = field(default_factory=list)
    family: ModuleType | None = None  # the family's schema module (RECORDS, ICONS, ...)
    builtin: bool = False  # found on the game search path (asked for by id), not given as a folder
    shown: str = ""  # the folder as the user named it (messages name it: a renamed copy keeps its id)
    design: Design | None = None  # the folder's own fonts, icons, layouts and art (cards.design)
    parameters: dict[str, int] = field(default_factory=dict)  # the rule parameters game.toml sets (cards.parameters)
    lang: str = ""  # the language its records' texts are in, when translated (`cards.translations`)
    version: str | None = None  # game.toml's `version`: printed on every face's stamp (generator.engine.stamp)

    @property
    def rules_family(self) -> Family:
        """The registry entry of the game's rules family: engine, looks, rulings."""
        return family(self.rules)

    @property
    def label(self) -> str:
        """How a summary names the game: its id, or the folder given and the id it declares."""
        if self.builtin or not self.shown:
            return self.id
        return self.shown if Path(self.shown).name == self.id else f"{self.shown} (id {self.id})"

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
    builtin = builtin_games()
    if game in builtin:
        folder = builtin[game]
        shown = f"cards/{folder.name}" if folder.parent == Path(PACKAGE_FOLDER) else str(folder)
        return folder, shown
    path = Path(game)
    if not is_file(path / "game.toml"):
        known = ", ".join(builtin)
        raise DefinitionError([Problem(str(path), f"expected a built-in game ({known}) or a folder with a game.toml, got {game!r}")])
    return path.resolve(), str(path).rstrip("/")


class Reload:
    """What the last load of one game in this process read and validated (`generator watch` loads the game
    again after every save), so that the next load parses again only what changed in a component
    file (one `[[cards]]` table: `tomlsource.reparse`) and validates again only the records whose
    table changed; unchanged ones are the very same objects, so what is kept by record stays valid.

    A record is reused only while no other file of the folder changed (validating it may read art
    files and the layouts/ folder), and only if it had no problems; game.toml's components are
    reused while its data is the same.  Files under `ignore` (an output folder) are not looked at.
    A new process's load `resume`s from what the last one filed (`cards.lastload`): the texts, game.toml's
    spec, and the rows it checked, whose family checks are not run again (`unchanged`).
    `staged` maps a component file to a file read in its place (`generator pull` validates the sheets it
    fetched before writing them, without copying the folder); messages name the component file.
    """

    def __init__(self, ignore: tuple[Path, ...] = (), staged: dict[Path, Path] | None = None) -> None:
        self.ignore = ignore
        self.staged = staged or {}
        self.texts: dict[Path, tuple[str, dict[str, Any]]] = {}  # file -> its text and data
        self.specs: dict[str, GameFile] = {}                     # repr(game.toml's data) -> its spec
        self.records: dict[tuple[Any, str], Record] = {}         # (schema, repr(table)) -> its record
        self.stamp: tuple = ()                                    # the folder's other files
        self._records: dict[tuple[Any, str], Record] = {}       # this load's (records of the last, while valid)
        self.clean = False  # resumed from a load without a problem (`resume`), game.toml and other files the same
        self._last: dict[Path, dict[str, Any]] = {}  # each component file's data as the last load parsed it

    def resume(self, last: lastload.Last) -> None:
        """Start from what the last load of the folder, in another process and without a problem, parsed and
        validated (`cards.lastload`: filed under the same code)."""
        from .models.base import GameFile

        self.texts = last.texts
        if last.stamp is not None and last.spec is not None:
            try:
                spec = compiled.built(last.spec[1])
            except (ValueError, TypeError, KeyError, AttributeError, ImportError, RecursionError):
                spec = None
            if isinstance(spec, GameFile):
                self.specs, self.stamp, self.clean = {last.spec[0]: spec}, last.stamp, True

    def spec(self, data: dict[str, Any]) -> GameFile:
        from .models.base import GameFile

        key = repr(data)
        found = self.specs.get(key)
        if found is None:
            self.clean = False  # game.toml's data changed: the records' schemas may be others
            found = GameFile.model_validate(data)
            self.specs = {key: found}
        return found

    def toml(self, path: Path, shown: str, inside: Path, table: str) -> tuple[dict[str, Any], str]:
        """`read_toml`, parsing only the table that changed since the last load, when that can be shown."""
        text = read_text(path, shown, inside)
        last = self.texts.get(path)
        data = None if last is None else last[1] if last[0] == text else reparse(last[0], last[1], text, table)
        if data is None:
            data = parse_toml(text, shown)
        if last is not None and self.clean:  # the last load's data, kept alive: `unchanged` tells its rows by
            self._last.setdefault(path, last[1])  # identity (a file two components print is read twice a load)
        self.texts[path] = text, data
        return data, text

    def source(self, path: Path, folder: Path) -> tuple[Path, Path]:
        """Where a component file is read from, and the folder it must lie in: the file in its game folder, or the
        file staged in its place (in a folder of its own)."""
        staged = self.staged.get(path)
        return (path, folder) if staged is None else (staged, staged.parent)

    def begin(self, folder: Path, components: set[Path]) -> None:
        """Start loading the records: those of the last load stay valid while the folder's other files are the same."""
        stamp = _stamp(folder, components, self.ignore)
        last = self.records if stamp == self.stamp else {}
        self.clean = self.clean and stamp == self.stamp
        self.stamp, self._records = stamp, last

    def record(self, schema: Any, row: dict[str, Any]) -> tuple[tuple[Any, str], Record | None]:
        key = (schema, repr(row))
        return key, self._records.get(key)

    def unchanged(self, path: Path, table: str) -> set[int]:
        """The ids of the rows of `path`'s `table` that are the very rows (the same objects: not parsed again) the
        last load in another process checked without a problem, while `clean`: validating such a row under the same
        code and folder gives the same record, and the family's checks of it the same nothing."""
        rows = self._last.get(path, {}).get(table) if self.clean else None
        return {id(row) for row in rows} if isinstance(rows, list) else set()

    def done(self, used: dict[tuple[Any, str], Record]) -> None:
        self.records = used


def _stamp(folder: Path, skip: set[Path], ignore: tuple[Path, ...]) -> tuple:
    """Every file and folder under `folder` but `skip` and `ignore`, with its size, time and inode."""
    out = []
    for path in sorted(folder.rglob("*")):
        if path in skip or any(path.is_relative_to(i) for i in ignore):
            continue
        try:
            st = path.stat()
            out.append((path, st.st_size, st.st_mtime_ns, st.st_ino))
        except OSError:
            out.append((path, -1, -1, -1))
    return tuple(out)


def load_game(game: str, reload: Reload | None = None) -> Game:
    """Load and validate one game (or load it as validated before: `cards.compiled`); raise DefinitionError
    listing every problem.  With `reload` (`generator watch`), only what changed since its last load is
    parsed and validated again, and nothing is filed: the process keeps what it validated."""
    folder, shown = resolve_folder(game)
    if reload is not None:
        return _validated(game, folder, shown, reload)
    where = compiled.entry(folder)
    kept = None if where is None else compiled.recall_game(where)
    if kept is not None:
        try:
            return _kept_game(kept, game, folder, shown)
        except (ValueError, TypeError, KeyError, AttributeError, ImportError, RecursionError):
            pass  # not what `_keep` wrote: validated again
    last = Reload()  # the component files as the last load parsed them: an edited table is parsed alone,
    last.resume(lastload.recall(folder))  # and the family's checks run on its records only
    loaded = _validated(game, folder, shown, last)
    _keep(loaded, last, where)
    return loaded


def _keep(game: Game, last: Reload, where: compiled.Entry | None) -> None:
    """File a validated game when it can come back exactly: no design of its own, no spreadsheet, plain records;
    and the files its load parsed (`cards.lastload`), for the next load after an edit."""
    if (game.design != Design(game.folder) or hasattr(game.family, "records_for")
            or any(c.spec.grid is not None for c in game.components)
            or not all(type(c.index) is LineIndex for c in game.components)):
        return
    kinds: dict[str, list[str]] = {}
    components = [] if where is None else [
        {"spec": compiled.dumped(c.spec, kinds), "records": compiled.dumped(c.records, kinds), "table": c.table,
         "text": c.index.text if isinstance(c.index, LineIndex) else None} for c in game.components]
    if where is not None and all(c["spec"] is not None and c["records"] is not None for c in components):
        compiled.keep_game(where, {"id": game.id, "name": game.name, "rules": game.rules, "version": game.version,
                                   "players": list(game.players), "parameters": game.parameters,
                                   "components": components, "kinds": kinds})
    spec = [(key, compiled.dumped(found)) for key, found in last.specs.items()]
    lastload.keep(game.folder, last.texts, spec[0] if len(spec) == 1 else None, last.stamp)


def _kept_game(kept: dict[str, Any], game: str, folder: Path, shown: str) -> Game:
    """The Game `_keep` filed, for the folder as named now."""
    low, high = kept["players"]
    loaded = Game(str(kept["id"]), str(kept["name"]), str(kept["rules"]), (int(low), int(high)), folder,
                  family=FAMILIES[kept["rules"]].schema_module(), builtin=game in builtin_games(), shown=shown,
                  design=Design(folder), parameters={str(k): int(v) for k, v in kept["parameters"].items()},
                  version=None if kept.get("version") is None else str(kept["version"]))
    made = {str(name): list(found) for name, found in kept["kinds"].items()}  # kept records, without pydantic
    for comp in kept["components"]:
        spec, records = compiled.built(comp["spec"], made), compiled.built(comp["records"], made)
        if not isinstance(spec, kinds.Component) or not isinstance(records, list) or not isinstance(comp["text"], str):
            raise ValueError("not a kept component")
        loaded.components.append(LoadedComponent(spec, records, f"{shown}/{spec.file}",
                                                 LineIndex(comp["text"]), str(comp["table"])))
    return loaded


def _where(index: Any, at: tuple) -> tuple[int | None, str | None]:
    """(line, cell) of the field at `at` in a component's file (`index`: its LineIndex or CellIndex, or None).
    Asked only for a problem: finding a line builds the file's index, which a valid file never needs."""
    return (None, None) if index is None else (index.line_of(at), index.cell_of(at))


def _shown_at(file: str, index: Any, at: tuple) -> str:
    """Where a record's id is, as a problem names it: "town.toml:12", "cards.csv row 2", or the file."""
    line, cell = _where(index, at)
    return f"{file}:{line}" if line else f"{file} {cell.split(',')[0]}" if cell else file


def _validated(game: str, folder: Path, shown: str, reload: Reload | None) -> Game:
    """Load and validate one game; raise DefinitionError listing every problem."""
    from pydantic import ValidationError

    from .messages import problems_from_validation
    from .models.base import GameFile

    game_file = f"{shown}/game.toml"
    data, text = read_toml(folder / "game.toml", game_file, inside=folder)
    index = LineIndex(text)
    version = format_problem(data.get("format"))
    if version:
        raise DefinitionError([Problem(game_file, version, line=index.line_of(("format",)), path="format")])
    rules = data.get("rules")
    if isinstance(rules, str) and rules not in FAMILIES:
        raise DefinitionError([Problem(game_file, str(UnknownFamily(rules)), line=index.line_of(("rules",)), path="rules")])
    try:
        spec = GameFile.model_validate(data) if reload is None else reload.spec(data)
    except ValidationError as exc:
        raise DefinitionError(problems_from_validation(exc, game_file, index, data, schema=GameFile)) from None
    family = FAMILIES[spec.rules].schema_module()
    loaded = Game(spec.id, spec.name, spec.rules, (spec.players[0], spec.players[1]), folder, family=family,
                  builtin=game in builtin_games(), shown=shown, version=spec.version)
    problems = _parameter_problems(family, spec, game_file, index)
    if not problems and spec.parameters:
        loaded.parameters = dict(spec.parameters)
    more, schemas = _record_schemas(family, data, game_file, index)
    problems += more
    seen: dict[str, tuple[str, Any, tuple]] = {}  # a record id -> its file, the file's index and its id's path
    used: dict[tuple[Any, str], Record] = {}
    if reload is not None:
        reload.begin(folder, {folder / comp.file for comp in spec.components})
    declared = data.get("icons")
    icons = set(getattr(family, "ICONS", ())) | (set(declared) if isinstance(declared, dict) else set())
    for number, comp in enumerate(spec.components):
        comp_problems, records, positions, comp_index = _load_component(folder, shown, comp, family, schemas, index,
                                                                        reload, used)
        problems += comp_problems
        board = None
        if comp.grid is not None:
            board, board_problems = load_board(folder, shown, comp, icons, index, number)
            problems += board_problems
        file = f"{shown}/{comp.file}"
        table = getattr(schemas.get(comp.schema_), "TABLE", "cards")
        mine: set[str] = set()
        for rec, position in zip(records, positions):
            at = (table, position, "id")
            # one file printed as two components (a leader as standee and as counter) holds the same records
            if rec.id in mine or seen.get(rec.id, (file,))[0] != file:
                line, cell = _where(comp_index, at)
                problems.append(Problem(file, f"duplicate id: already defined in {_shown_at(*seen[rec.id])}",
                                        line=line, card=rec.id, card_name=getattr(rec, "name", None),
                                        path=None if cell else "id", cell=cell))
            else:
                seen.setdefault(rec.id, (file, comp_index, at))
            mine.add(rec.id)
        loaded.components.append(LoadedComponent(comp, records, file, comp_index, table, board))
    if reload is not None:
        reload.done(used)
    design_problems, loaded.design = load_design(
        folder, shown, data, index, spec.rules,
        [(c.id, c.spec.layout, set(schemas[c.spec.schema_].model_fields) - {"layout"} if c.spec.schema_ in schemas
          else set(), {r.layout for r in c.records if r.layout}) for c in loaded.components]
        + [(cells_layout(c.id), c.spec.grid.layout, {"cell", "label", *c.board.columns}, set())
           for c in loaded.components if c.board is not None and c.spec.grid.layout],
        {f.name for f in FAMILIES.values() if f.looks})
    problems += design_problems
    loaded.design.files = sorted({*loaded.design.files, *(c.board.file for c in loaded.components
                                                          if c.board is not None and c.board.file)})
    for comp_loaded in loaded.components:
        problems += check_record_art(loaded.design, comp_loaded.file, comp_loaded.records)
        problems += check_record_layouts(loaded.design, comp_loaded.file, comp_loaded.spec.id,
                                         comp_loaded.records, comp_loaded.where)
    for comp_loaded in loaded.components if not problems else ():  # texts are measured in a sound design only
        problems += check_record_texts(loaded.design, comp_loaded.spec.id, comp_loaded.spec.size_mm,
                                       getattr(family, "ICONS", ()), comp_loaded.file, comp_loaded.records,
                                       comp_loaded.where)
    if not problems and hasattr(family, "check_game"):
        problems += family.check_game(loaded)
    if problems:
        raise DefinitionError(problems)
    return loaded


def _parameter_problems(family: ModuleType, spec: GameFile, game_file: str, index: LineIndex) -> list[Problem]:
    """game.toml's `[parameters]` checked against those the family declares, each at its line."""
    from .parameters import problems

    if spec.parameters is None:
        return []
    return [Problem(game_file, message, line=index.line_of(("parameters", name) if name else ("parameters",)),
                    path=f"parameters.{name}" if name else "parameters")
            for name, message in problems(family, spec.parameters, spec.rules)]


def _record_schemas(family: ModuleType, data: dict[str, Any], game_file: str,
                    index: LineIndex) -> tuple[list[Problem], dict[str, type[Record]]]:
    """The family's record schemas: fixed (RECORDS), or declared by the game itself (`records_for`)."""
    if hasattr(family, "records_for"):
        return family.records_for(data, game_file, index)
    if "schemas" in data:
        return [Problem(game_file, "unknown field: only a game of a family whose records the game declares "
                        "(rules = \"generic\") has [schemas]", line=index.line_of(("schemas",)), path="schemas")], family.RECORDS
    return [], family.RECORDS


def _load_component(folder: Path, shown: str, comp: Component, family: ModuleType,
                    schemas: dict[str, type[Record]], game_index: LineIndex, reload: Reload | None = None,
                    used: dict[tuple[Any, str], Record] | None = None,
                    ) -> tuple[list[Problem], list[Record], list[int], LineIndex | CellIndex | None]:
    """A component's problems, its valid records with the position of each in its file's rows, and the file's index."""
    from pydantic import ValidationError

    from .messages import problems_from_validation

    game_file = f"{shown}/game.toml"
    where = ("components",)
    if comp.schema_ not in schemas:
        return [Problem(game_file, f"expected one of {', '.join(schemas) or 'the [schemas] game.toml declares'}, "
                        f"got {comp.schema_!r}",
                        line=game_index.line_of(where), path=f"components.{comp.id}.schema")], [], [], None
    if comp.back is not None and comp.back not in family.BACKS:
        return [Problem(game_file, f"expected one of {', '.join(sorted(family.BACKS))}, got {comp.back!r}",
                        line=game_index.line_of(where), path=f"components.{comp.id}.back")], [], [], None
    path = folder / comp.file
    read, inside = (path, folder) if reload is None else reload.source(path, folder)
    file = f"{shown}/{comp.file}"
    if not os.path.lexists(read):
        return [Problem(game_file, f"file not found: {comp.file!r}", line=game_index.line_of(where),
                        path=f"components.{comp.id}.file")], [], [], None
    schema = schemas[comp.schema_]
    table = getattr(schema, "TABLE", "cards")
    try:
        rows, index, problems = _read_rows(read, file, schema, table, inside, reload)
    except DefinitionError as exc:
        return exc.problems, [], [], None
    if rows is None:
        return problems, [], [], index
    records: list[Record] = []
    positions: list[int] = []
    failed: list[tuple[int, dict[str, Any], set[str]]] = []
    valid: list[dict[str, Any]] = []
    checked = set() if reload is None else reload.unchanged(path, table)
    for i, row in enumerate(rows):
        key, known = (None, None) if reload is None else reload.record(schema, row)
        if known is not None and used is not None and key is not None:  # the same table: no problems last time
            used[key] = known
            records.append(known)
            positions.append(i)
            valid.append(row)
            continue
        card_id = row.get("id") if isinstance(row.get("id"), str) else None
        card_name = row.get("name") if isinstance(row.get("name"), str) else None
        try:
            rec = schema.model_validate(row, context={"folder": folder})
        except ValidationError as exc:
            if len(problems) >= MAX_SHOWN:  # past what is printed: counted, not described
                problems += unshown(file, exc.error_count())
                continue
            problems += problems_from_validation(exc, file, index, row, prefix=(table, i),
                                                 card=card_id or f"#{i + 1}", card_name=card_name, schema=schema)
            failed.append((i, row, {str(e["loc"][0]) for e in exc.errors() if e["loc"]}))
            continue
        mine = [] if id(row) in checked else _record_problems(family, rec, file, index, (table, i))
        if not mine and used is not None and key is not None:
            used[key] = rec
        problems += mine
        records.append(rec)
        positions.append(i)
        valid.append(row)
    for i, row, bad in failed:  # its wording too, in the same run: a scalar in error borrowed from a valid row
        patched = _patched(schema, row, bad, valid, folder)
        if patched is not None:
            problems += [p for p in _record_problems(family, patched, file, index, (table, i))
                         if p.path is not None and p.path.split(".")[0] not in bad and "wording" in p.message]
    return problems, records, positions, index


def _record_problems(family: ModuleType, rec: Record, file: str, index: LineIndex | CellIndex,
                     at_row: tuple) -> list[Problem]:
    """The family's own checks of one record, each at the line of its field (`options.2.text`: that text)."""
    out = []
    for field_path, message in family.check_record(rec):
        at = at_row + _field_path(field_path)
        out.append(Problem(file, message, line=index.line_of(at), card=rec.id, card_name=rec.name,
                           path=field_path, cell=index.cell_of(at)))
    return out


def _field_path(field: str) -> tuple:
    """`options.2.text` as a path into the file: a field path counts entries from 1, the file from 0."""
    return tuple(int(part) - 1 if part.isdigit() else part for part in field.split(".") if part)


def _patched(schema: type[Record], row: dict[str, Any], bad: set[str], valid: list[dict[str, Any]],
             folder: Path) -> Record | None:
    """`row` with each top-level scalar in error replaced by a valid row's value, so its texts can be checked;
    None when an error is not a plain scalar (a table or list may hold the very texts to check)."""
    from pydantic import ValidationError

    if not valid or not all(k in valid[0] and not isinstance(row.get(k), (dict, list)) for k in bad):
        return None
    try:
        return schema.model_validate({**row, **{k: valid[0][k] for k in bad}}, context={"folder": folder})
    except ValidationError:
        return None


def _read_rows(path: Path, file: str, schema: type[Record], table: str, folder: Path, reload: Reload | None = None,
               ) -> tuple[list[dict[str, Any]] | None, LineIndex | CellIndex, list[Problem]]:
    """A component file's record tables, from TOML or a spreadsheet (confined to `folder`), with the index that
    locates their fields."""
    if path.suffix.lower() != ".toml":
        from .spreadsheet import SUFFIXES, read_sheet  # csv, zipfile and the rest: a spreadsheet's load only

        if path.suffix.lower() in SUFFIXES:
            return read_sheet(path, file, schema, inside=folder)
    data, text = read_toml(path, file, inside=folder) if reload is None else reload.toml(path, file, folder, table)
    index = LineIndex(text)
    problems = [Problem(file, f"unknown top-level key: expected only [[{table}]] tables", line=index.line_of((k,)), path=k)
                for k in sorted(set(data) - {table})]
    tables = data.get(table)
    if not isinstance(tables, list) or not tables or not all(isinstance(r, dict) for r in tables):
        problems.append(Problem(file, f"expected one or more [[{table}]] tables, got {type(tables).__name__ if tables is not None else 'none'}"))
        return None, index, problems
    return tables, index, problems


def field_problems(game: Game, record_id: str, steps: list[str | int], values: list[int]) -> list[tuple[int, str]]:
    """What the loader would say were one field of one record written as each of `values` (`checker tune` tries
    values the definitions never held: a cost of 100 is refused there as in the file): (value, line) for each
    refused value, the line naming the field where the file writes it. `steps` is the field's path as written
    (`options`, 0, `effects`, 0, `amount`). Only the record's schema is asked (types and ranges), not the printed wording a new number would need; a record
    whose schema the game declares itself, or a field its file leaves to a default table, is not checked."""
    from pydantic import ValidationError

    from .messages import problems_from_validation

    for comp in game.components:
        schema = getattr(game.family, "RECORDS", {}).get(comp.spec.schema_)
        if schema is None or not any(rec.id == record_id for rec in comp.records):
            continue
        table = getattr(schema, "TABLE", "cards")
        rows, index, _ = _read_rows(game.folder / comp.spec.file, comp.file, schema, table, game.folder)
        at = next((i for i, row in enumerate(rows or []) if row.get("id") == record_id), None)
        if rows is None or at is None:
            return []
        out = []
        for value in values:
            row = copy.deepcopy(rows[at])
            holder: Any = row
            for step in steps[:-1]:
                if isinstance(holder, dict) and isinstance(step, str) and isinstance(holder.get(step), (dict, list)):
                    holder = holder[step]
                elif isinstance(holder, list) and isinstance(step, int) and step < len(holder):
                    holder = holder[step]
                else:
                    return []  # the file leaves it to a default: nothing written to check against
            last = steps[-1]
            if isinstance(holder, dict) and isinstance(last, str):
                holder[last] = value
            elif isinstance(holder, list) and isinstance(last, int) and last < len(holder):
                holder[last] = value
            else:
                return []
            try:
                schema.model_validate(row, context={"folder": game.folder})
            except ValidationError as exc:
                out += [(value, str(p)) for p in problems_from_validation(exc, comp.file, index, row, prefix=(table, at),
                                                                  card=record_id, card_name=row.get("name"),
                                                                  schema=schema)]
        return out
    return []
