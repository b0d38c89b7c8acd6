"""pnpkit's definitions: one folder of TOML per game, with the typed schema and loader.

`generator` and `checker` both read games through `load_game`, so what is printed
and what is played come from the same validated data.  The loader (and pydantic) is
imported on first use, so `cards.files` and `cards.terminal` stay cheap for a fast
`checker resolve`.
"""
from __future__ import annotations

from typing import Any

from .errors import DefinitionError, Problem

__all__ = ["BUILTIN", "DefinitionError", "Game", "LoadedComponent", "Problem", "load_game"]


def __getattr__(name: str) -> Any:
    if name in ("BUILTIN", "Game", "LoadedComponent", "load_game"):
        from . import loader

        return getattr(loader, name)
    raise AttributeError(name)
