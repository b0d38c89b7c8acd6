"""pnpkit's definitions: one folder of TOML per game, with the typed schema and loader.

`generator` and `checker` both read games through `load_game`, so what is printed
and what is played come from the same validated data.  The loader (and pydantic) is
imported on first use: `checker resolve` reads `cards.families`, `common.files` and
`common.terminal` without it.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

_LAZY = {"DefinitionError": "errors", "Problem": "errors", "BUILTIN": "loader", "Game": "loader",
         "LoadedComponent": "loader", "load_game": "loader", "FAMILIES": "families", "Family": "families",
         "builtin_games": "families", "family": "families"}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'cards' has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_LAZY[name]}"), name)
