"""Compiled definitions, cached between runs: `checker resolve` then starts without pydantic.

A game is loaded and validated by `cards.load_game` (strict, but slow to import); an
engine that offers `compile_game(game) -> JSON-able data` gets that data cached under
a key made of every definition file of the game's folder and every source file the
result depends on (the `cards` package and the engine), so any change recompiles.
The cache is plain JSON (never pickle): reading it can only give data.
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

from .state_io import write_atomic

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
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return importlib.import_module(engines[rules]), data
        except (OSError, ValueError):
            pass
    from cards import load_game

    loaded = load_game(game)
    engine = importlib.import_module(engines[loaded.rules])
    if not hasattr(engine, "compile_game"):
        return engine, loaded
    data = engine.compile_game(loaded)
    if key is not None:
        try:
            write_atomic(key[1], json.dumps(data).encode("utf-8"))
        except OSError:  # a read-only home: just no cache
            pass
    return engine, data


def _key(folder: Path, engines: dict[str, str]) -> tuple[str, Path] | None:
    """The game's rules family and its cache file, or None when only a full load can tell."""
    try:
        rules = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8")).get("rules")
        if rules not in engines:
            return None
        digest = hashlib.sha256()
        engine_dir = ROOT / Path(*engines[rules].split("."))
        sources = sorted(folder.glob("*.toml")) + sorted(CARDS.rglob("*.py")) + sorted(engine_dir.glob("*.py"))
        for path in sources:
            digest.update(str(path.relative_to(path.anchor)).encode() + b"\0" + path.read_bytes() + b"\0")
    except (OSError, ValueError):
        return None
    return rules, cache_dir() / f"{rules}-{digest.hexdigest()[:32]}.json"
