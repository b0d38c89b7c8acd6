"""pnpkit's definitions: one folder of TOML per game, with the typed schema and loader.

`generator` and `checker` both read games through `load_game`, so what is printed
and what is played come from the same validated data.
"""
from .errors import DefinitionError, Problem
from .loader import BUILTIN, Game, LoadedComponent, load_game

__all__ = ["BUILTIN", "DefinitionError", "Game", "LoadedComponent", "Problem", "load_game"]
