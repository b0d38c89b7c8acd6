"""Compiled definitions, cached between runs: `checker resolve` then starts without pydantic.

A game is loaded and validated by `cards.load_game` (strict, but slow to import); an
engine that offers `compile_game(game) -> JSON-able data` gets that data cached under
a key made of the game's `game.toml`, the files it names (read as the loader reads them:
inside the folder, bounded) and every source file the result depends on (the `cards`
package and the engine), so any change recompiles.  The cache is plain JSON (never
pickle) holding the key and a digest of the data: an entry that does not check out is
rebuilt, never trusted.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

from cards.families import FAMILIES, builtin_games
from cards.files import FileRefused, read_bytes, sha256, write_file
from cards.usercache import cache_dir

from .engines import engine_for

CARDS = Path(__file__).resolve().parent.parent.parent / "cards"


def game_folder(game: str) -> Path:
    """The folder of a built-in game id, or the folder given."""
    return builtin_games().get(game) or Path(game)


def load_for_play(game: str) -> tuple[ModuleType, Any]:
    """(engine module, what its `resolve` takes): cached compiled data, or a loaded `cards.Game`.

    Raises `cards.DefinitionError` (imported only then) for invalid definitions and
    `NoEngine` for a game of a print-only family.
    """
    key = _key(game_folder(game))
    if key is not None:
        game_id, rules, path = key
        data = _cached(path)
        if data is not None:
            return engine_for(game_id, rules), data
    from cards import load_game

    loaded = load_game(game)
    engine = engine_for(loaded.id, loaded.rules)
    if not hasattr(engine, "compile_game"):
        return engine, loaded
    data = engine.compile_game(loaded)
    if key is not None:
        entry = {"key": key[2].stem, "digest": sha256(_canonical(data)), "data": data}
        try:
            write_file(key[2], json.dumps(entry).encode("utf-8"))
        except FileRefused:  # a read-only home: just no cache
            pass
    return engine, data


def _cached(path: Path) -> dict[str, Any] | None:
    """The compiled data of a cache entry, or None when it is missing, torn or not what was written."""
    try:
        entry = json.loads(read_bytes(path, limit=64_000_000))
    except (FileRefused, ValueError, RecursionError):
        return None
    if not (isinstance(entry, dict) and entry.get("key") == path.stem and isinstance(entry.get("data"), dict)
            and entry.get("digest") == sha256(_canonical(entry["data"]))):
        return None
    return entry["data"]


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode("utf-8")


def _key(folder: Path) -> tuple[str, str, Path] | None:
    """The game's id, its rules family and its cache file, or None when only a full load can tell (and report)."""
    try:
        game_toml = read_bytes(folder / "game.toml", inside=folder)
        declared = tomllib.loads(game_toml.decode("utf-8"))
        game_id, rules = declared.get("id"), declared.get("rules")
        engine = FAMILIES[rules].engine if isinstance(rules, str) and rules in FAMILIES else None
        if not isinstance(game_id, str) or not isinstance(rules, str) or engine is None:
            return None
        spec = importlib.util.find_spec(engine)
        if spec is None or spec.origin is None:
            return None
        digest = hashlib.sha256(b"game.toml\0" + game_toml + b"\0")
        for component in declared.get("components", []):
            name = component["file"]
            digest.update(name.encode() + b"\0" + read_bytes(folder / name, inside=folder) + b"\0")
        engine_dir = Path(spec.origin).parent
        for path in sorted(CARDS.rglob("*.py")) + sorted(engine_dir.glob("*.py")):
            digest.update(str(path.relative_to(path.anchor)).encode() + b"\0" + path.read_bytes() + b"\0")
    except (OSError, FileRefused, ValueError, RecursionError, KeyError, TypeError, AttributeError, ImportError):
        return None  # the loader reads it again and says what is wrong
    return game_id, rules, cache_dir() / f"{rules}-{digest.hexdigest()[:32]}.json"
