"""Which rules engine plays a game: its family's, named in the registry (`cards.families`).

A print-only family (no engine) is a first-class answer, not an import error: the
message names the game and its family, so a designer knows why nothing was resolved.
This is the package `checker resolve` and `simulate` call; the interface every family's
engine meets, for scripts and tests, is `checker.core.engine.RulesEngine`.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from cards.families import family

if TYPE_CHECKING:
    from types import ModuleType


class NoEngine(Exception):
    """The game's family prints only: `checker resolve` and `simulate` exit 2 with this message."""

    def __init__(self, game_id: str, family_name: str) -> None:
        super().__init__(f"{game_id} (family {family_name}) has no rules engine: it prints only")


def engine_for(game_id: str, family_name: str) -> ModuleType:
    """The engine module of `family_name`; NoEngine for a print-only family."""
    fam = family(family_name)
    if fam.engine is None:
        raise NoEngine(game_id, fam.name)
    return import_module(fam.engine)
