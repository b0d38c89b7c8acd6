"""Compiled definitions, cached between runs: `checker resolve` then starts without pydantic.

A game is loaded and validated by `cards.load_game` (strict, but slow to import); an
engine that offers `compile_game(game) -> JSON-able data` gets that data cached under
a key made of every definition file of the game's folder and every source file the
result depends on (the `cards` package and the engine), so any change recompiles.
The cache is plain JSON (never pickle): reading it can only give data.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

from cards.families import FAMILIES, builtin_games

from .engines import engine_for
from .state_io import write_atomic

CARDS = Path(__file__).resolve().parent.parent.parent / "cards"


def cache_dir() -> Path:
    """$PNPKIT_CACHE, else $XDG_CACHE_HOME/pnpkit, else ~/.cache/pnpkit."""
    if os.environ.get("PNPKIT_CACHE"):
        return Path(os.environ["PNPKIT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pnpkit"


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
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return engine_for(game_id, rules), data
        except (OSError, ValueError):
            pass
    from cards import load_game

    loaded = load_game(game)
    engine = engine_for(loaded.id, loaded.rules)
    if not hasattr(engine, "compile_game"):
        return engine, loaded
    data = engine.compile_game(loaded)
    if key is not None:
        try:
            write_atomic(key[2], json.dumps(data).encode("utf-8"))
        except OSError:  # a read-only home: just no cache
            pass
    return engine, data


def _key(folder: Path) -> tuple[str, str, Path] | None:
    """The game's id, its rules family and its cache file, or None when only a full load can tell."""
    try:
        declared = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))
        game_id, rules = declared.get("id"), declared.get("rules")
        engine = FAMILIES[rules].engine if isinstance(rules, str) and rules in FAMILIES else None
        if not isinstance(game_id, str) or not isinstance(rules, str) or engine is None:
            return None
        spec = importlib.util.find_spec(engine)
        if spec is None or spec.origin is None:
            return None
        digest = hashlib.sha256()
        engine_dir = Path(spec.origin).parent
        sources = sorted(folder.glob("*.toml")) + sorted(CARDS.rglob("*.py")) + sorted(engine_dir.glob("*.py"))
        for path in sources:
            digest.update(str(path.relative_to(path.anchor)).encode() + b"\0" + path.read_bytes() + b"\0")
    except (OSError, ValueError, ImportError):
        return None
    return game_id, rules, cache_dir() / f"{rules}-{digest.hexdigest()[:32]}.json"
