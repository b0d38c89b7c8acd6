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
import importlib
import json
import os
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

from cards.files import FileRefused, read_bytes, sha256, write_file

ROOT = Path(__file__).resolve().parent.parent.parent
CARDS = ROOT / "cards"


def cache_dir() -> Path:
    """$PNPKIT_CACHE, else $XDG_CACHE_HOME/pnpkit, else ~/.cache/pnpkit."""
    if os.environ.get("PNPKIT_CACHE"):
        return Path(os.environ["PNPKIT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pnpkit"


def game_folder(game: str, builtin: tuple[str, ...]) -> Path:
    return CARDS / game if game in builtin else Path(game)


def load_for_play(game: str, engines: dict[str, str]) -> tuple[ModuleType, Any]:
    """(engine module, what its `resolve` takes): cached compiled data, or a loaded `cards.Game`.

    Raises `cards.DefinitionError` (imported only then) for invalid definitions.
    """
    folder = game_folder(game, tuple(engines))
    key = _key(folder, engines)
    if key is not None:
        rules, path = key
        data = _cached(path)
        if data is not None:
            return importlib.import_module(engines[rules]), data
    from cards import load_game

    loaded = load_game(game)
    engine = importlib.import_module(engines[loaded.rules])
    if not hasattr(engine, "compile_game"):
        return engine, loaded
    data = engine.compile_game(loaded)
    if key is not None:
        entry = {"key": key[1].stem, "digest": sha256(_canonical(data)), "data": data}
        try:
            write_file(key[1], json.dumps(entry).encode("utf-8"))
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


def _key(folder: Path, engines: dict[str, str]) -> tuple[str, Path] | None:
    """The game's rules family and its cache file, or None when only a full load can tell (and report)."""
    try:
        game_toml = read_bytes(folder / "game.toml", inside=folder)
        spec = tomllib.loads(game_toml.decode("utf-8"))
        rules = spec.get("rules")
        if not isinstance(rules, str) or rules not in engines:
            return None
        digest = hashlib.sha256(b"game.toml\0" + game_toml + b"\0")
        for component in spec.get("components", []):
            name = component["file"]
            digest.update(name.encode() + b"\0" + read_bytes(folder / name, inside=folder) + b"\0")
        engine_dir = ROOT / Path(*engines[rules].split("."))
        for path in sorted(CARDS.rglob("*.py")) + sorted(engine_dir.glob("*.py")):
            digest.update(str(path.relative_to(path.anchor)).encode() + b"\0" + path.read_bytes() + b"\0")
    except (OSError, FileRefused, ValueError, RecursionError, KeyError, TypeError, AttributeError):
        return None  # the loader reads it again and says what is wrong
    return rules, cache_dir() / f"{rules}-{digest.hexdigest()[:32]}.json"
