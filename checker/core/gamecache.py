"""Compiled definitions, cached between runs: `checker resolve` then starts without pydantic.

A game is loaded and validated by `cards.load_game` (strict, but slow to import); an
engine that offers `compile_game(game) -> JSON-able data` gets that data cached under
a key made of the game's `game.toml`, the files it names (read as the loader reads them:
inside the folder, bounded) and every source file the result depends on (the `cards`
package and the engine), so any change recompiles.  Hashing all of that on every run
cost more than a resolve, so the key itself is remembered against the stamps (size,
times, inode) of those files and of their folders (`common.stamps`): a warm run only
stats them, and any change hashes the contents again.  The cache is plain JSON (never
pickle), each entry checked by `common.cachefile` (its name and the sha256 of its body) and
by shape (`_fits`) before use: an entry that does not check out is rebuilt, never trusted.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from common import cachefile
from cards.families import FAMILIES, builtin_folders
from common.stamps import Stamps, recall, remember
from common.usercache import cache_folder

from .engines import engine_for

if TYPE_CHECKING:  # nor `cards.compiled` (the definitions): a warm run only stats and reads
    from pathlib import Path
    from types import ModuleType


def game_folder(game: str) -> str:
    """The folder of a built-in game id, or the folder given."""
    return builtin_folders().get(game) or game


def load_for_play(game: str) -> tuple[ModuleType, Any]:
    """(engine module, what its `resolve` takes): cached compiled data, or a loaded `cards.Game`.

    Raises `cards.DefinitionError` (imported only then) for invalid definitions and
    `NoEngine` for a game of a print-only family.
    """
    engine, data, _ = load_with_version(game)
    return engine, data


def load_with_version(game: str) -> tuple[ModuleType, Any, str | None]:
    """`load_for_play`'s engine and data, and game.toml's `version` (None without one; the load checked it), which
    every balance report names: remembered with the entry's key, so a warm run reads no TOML for it."""
    key = _key(game_folder(game))
    if key is not None:
        game_id, rules, path, name, version = key
        data = cachefile.load(path, name)
        if _fits(data, game_id):
            return engine_for(game_id, rules), data, version
    from cards import load_game

    loaded = load_game(game)
    engine = engine_for(loaded.id, loaded.rules)
    if not hasattr(engine, "compile_game"):
        return engine, loaded, loaded.version
    data = engine.compile_game(loaded)
    if key is not None:
        cachefile.store(key[2], key[3], data)
        cachefile.trim(os.path.dirname(key[2]), keep=key[2])  # one a state of a game's files
    return engine, data, loaded.version


def _fits(data: Any, game_id: str) -> bool:
    """Whether cached data has the shape every engine's `compile_game` gives: a table naming this game (its id),
    with its name and its players' range; anything else (`{}`, `[]`, another game's data) is a miss."""
    if not isinstance(data, dict) or data.get("id") != game_id or not isinstance(data.get("name"), str):
        return False
    players = data.get("players")
    return isinstance(players, list) and len(players) == 2 and all(type(p) is int for p in players)


def _key(folder: str) -> tuple[str, str, str, str, str | None] | None:
    """The game's id, its rules family, its cache file and entry's name, and its `version`; or None when only a
    full load can tell (and report)."""
    ident = f"{os.path.abspath(folder)}\0{__file__}"  # another copy of pnpkit sharing the cache has its own
    known = recall("definitions", ident)
    if not (isinstance(known, list) and len(known) == 4 and all(isinstance(k, str) for k in known[:3])
            and (known[3] is None or isinstance(known[3], str))):
        known = _content_key(folder)
        if known is None:
            return None
        known, stamps = known
        remember("definitions", ident, known, stamps)
    game_id, rules, digest, version = known
    name = f"{rules}-{digest}"
    return game_id, rules, os.path.join(cache_folder(), name + ".json"), name, version


def _content_key(folder: str) -> tuple[list[Any], Stamps] | None:
    """[game id, rules, digest of the game's files and the code, version], with the stamps of all it read; None as
    `_key`."""
    import importlib.util
    from pathlib import Path

    from cards.compiled import CARDS, content_key

    def code(declared: dict[str, Any]) -> list[tuple[Path, bool]] | None:
        game_id, rules = declared.get("id"), declared.get("rules")
        engine = FAMILIES[rules].engine if isinstance(rules, str) and rules in FAMILIES else None
        if not isinstance(game_id, str) or not isinstance(rules, str) or engine is None:
            return None
        spec = importlib.util.find_spec(engine)
        if spec is None or spec.origin is None:
            return None
        return [(CARDS, True), (Path(spec.origin).parent, False)]

    key = content_key(Path(folder), code)
    if key is None:
        return None
    declared, digest, stamps = key
    version = declared.get("version")  # what the load checks; a refused one never reaches a report
    return [declared["id"], declared["rules"], digest[:32], version if isinstance(version, str) else None], stamps
