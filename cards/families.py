"""The registry of rules families and the discovery of built-in games: one place for both.

A rules family (game.toml's `rules`) is declared once, here, as a `Family`: its record
schemas and effect vocabulary (the `schema` module), its rules engine, its look and its
rulings. `cards` may not import `checker` or `generator`, so the engine and the look are
named by dotted module path; the checker and the generator import them by that name. A
family without an engine prints only; a family without a look prints with the generic looks.

Built-in games are found, not listed: every folder with a game.toml under the game search
path (this package's folder, then each folder in $PNPKIT_GAMES), keyed by the id its
game.toml gives, which need not be its family's name (a variant of El Dorado Canyon is a
game of the family `el-dorado-canyon` under its own id).

Light on purpose (standard library only): `checker resolve`'s fast path reads it without
pydantic, and without `pathlib`, `typing`, `functools` or `tomllib` (common.record): those are
imported where only a miss or another command needs them.
"""
from __future__ import annotations

import os
from importlib import import_module
from typing import TYPE_CHECKING

from common.record import Record

if TYPE_CHECKING:
    from pathlib import Path
    from types import ModuleType

PACKAGE_FOLDER = os.path.dirname(os.path.realpath(__file__))
GAMES_ENV = "PNPKIT_GAMES"


class Family(Record):  # a Record: `checker resolve` must start fast (common.record)
    """One rules family: everything a game of it needs, each part named once.

    - `schema`: module with RECORDS (schema name -> record model), BACKS, ICONS,
      check_record(record), optionally check_game(game) and `records_for(spec, data)`
      (schemas a game declares in its own game.toml), and `check_translated(record, code, own)` when its
      engine writes card text (the record with that text in language `code`, and its checks, the texts
      translated, the field paths in `own`, in that language: `cards.translations`); its Effect subclasses are the family's effect vocabulary;
    - `engine`: the rules engine (`resolve`, optionally `compile_game`, `simulate`),
      or None for a print-only family;
    - `looks`: the templates (FRONTS, BACKS), or None for the generic looks;
    - `rulings`: "package:path" of the rulings TOML, or None.
    """

    __slots__ = ("name", "title", "schema", "engine", "looks", "rulings")

    def __init__(self, name: str, title: str, schema: str, engine: str | None = None, looks: str | None = None,
                 rulings: str | None = None) -> None:
        self.name, self.title, self.schema, self.engine, self.looks, self.rulings = \
            name, title, schema, engine, looks, rulings

    def schema_module(self) -> ModuleType:
        return import_module(self.schema)

    def engine_module(self) -> ModuleType | None:
        return import_module(self.engine) if self.engine else None

    def looks_module(self) -> ModuleType | None:
        return import_module(self.looks) if self.looks else None

    def rulings_file(self) -> Path | None:
        """Where the family's rulings live (found without importing the package)."""
        import importlib.util
        from pathlib import Path

        if not self.rulings:
            return None
        package, _, path = self.rulings.partition(":")
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            return None
        return Path(next(iter(spec.submodule_search_locations))) / path


FAMILIES: dict[str, Family] = {f.name: f for f in (
    Family("el-dorado-canyon", "El Dorado Canyon", "cards.models.el_dorado_canyon",
           engine="checker.el_dorado_canyon", looks="generator.templates.el_dorado_canyon",
           rulings="checker:rulings/el-dorado-canyon.toml"),
    Family("eternal-gold-and-steel", "Eternal: Chronicles of the Throne - Gold and Steel",
           "cards.models.eternal_gold_and_steel", engine="checker.eternal_gold_and_steel",
           looks="generator.templates.eternal_gold_and_steel", rulings="checker:rulings/eternal-gold-and-steel.toml"),
    Family("eldorado", "Eldorado", "cards.models.eldorado", engine="checker.eldorado",
           looks="generator.templates.eldorado", rulings="checker:rulings/eldorado.toml"),
    Family("generic", "Print-only game (fields declared in game.toml)", "cards.models.generic"),
)}


class UnknownFamily(LookupError):
    """A `rules` that names no family; the message lists the families there are."""

    def __init__(self, name: object) -> None:
        super().__init__(f"expected one of {', '.join(FAMILIES)}, got {name!r}")


def family(name: str) -> Family:
    """The family called `name` (game.toml's `rules`); UnknownFamily otherwise."""
    try:
        return FAMILIES[name]
    except (KeyError, TypeError):
        raise UnknownFamily(name) from None


def game_dirs() -> list[Path]:
    """Folders holding built-in game folders: this package's, then each of $PNPKIT_GAMES."""
    from pathlib import Path

    return [Path(d) for d in _game_folders()]


def _game_folders() -> tuple[str, ...]:
    return (PACKAGE_FOLDER, *(os.path.normpath(p) for p in os.environ.get(GAMES_ENV, "").split(os.pathsep) if p))


def builtin_games() -> dict[str, Path]:
    """Built-in game id -> its folder, family by family in registry order (the first of a duplicate id wins)."""
    from pathlib import Path

    return {game_id: Path(folder) for game_id, folder in builtin_folders().items()}


def builtin_folders() -> dict[str, str]:
    """`builtin_games` with each folder as a string (`checker resolve` starts without `pathlib`)."""
    dirs = _game_folders()
    if dirs not in _DISCOVERED:
        _DISCOVERED[dirs] = _discover(dirs)
    return dict(_DISCOVERED[dirs])


_DISCOVERED: dict[tuple[str, ...], tuple[tuple[str, str], ...]] = {}  # per search path, once a process


def _discover(dirs: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Remembered against the stamps of the folders and their game.toml files (every resolve asks)."""
    from common.stamps import Stamps, recall, remember

    ident = "\0".join([__file__, *map(os.path.abspath, dirs)])
    known = recall("games", ident)
    if isinstance(known, list) and all(isinstance(k, list) and len(k) == 2 and all(isinstance(v, str) for v in k)
                                       for k in known):
        return tuple((game_id, folder) for game_id, folder in known)
    stamps = Stamps()
    found: dict[str, tuple[int, str]] = {}
    order = {name: i for i, name in enumerate(FAMILIES)}
    for base in dirs:
        stamps.add(base)
        try:
            subfolders = sorted(os.path.join(base, name) for name in os.listdir(base)
                                if name != "__pycache__" and os.path.isdir(os.path.join(base, name)))
        except OSError:
            continue
        for folder in subfolders:
            stamps.add(folder)  # a game.toml added later changes its folder's stamp
            stamps.add(os.path.join(folder, "game.toml"))
        for folder in (p for p in subfolders if os.path.isfile(os.path.join(p, "game.toml"))):
            game_id, rules = _declared(folder)
            rank = order.get(rules, len(order)) if rules else len(order)
            found.setdefault(game_id or os.path.basename(folder), (rank, os.path.realpath(folder)))
    ranked = sorted(found.items(), key=lambda item: item[1][0])  # stable: search-path order within a family
    games = tuple((game_id, folder) for game_id, (_, folder) in ranked)
    remember("games", ident, [[game_id, folder] for game_id, folder in games], stamps)
    return games


def _declared(folder: str) -> tuple[str | None, str | None]:
    """game.toml's id and rules; id None when it cannot be read (then loading the game says why)."""
    import tomllib  # only when the games' folders changed: a warm run remembers what they declare

    from common.files import FileRefused, read_bytes

    try:  # the bounded reader: a FIFO there would hang every command's search for built-in games
        data = tomllib.loads(read_bytes(os.path.join(folder, "game.toml"), inside=folder).decode("utf-8"))
    except (FileRefused, ValueError, RecursionError):
        return None, None
    game_id, rules = data.get("id"), data.get("rules")
    return (game_id if isinstance(game_id, str) else None), (rules if isinstance(rules, str) else None)
