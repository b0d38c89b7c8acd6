"""Gold and Steel's rules engine: `resolve` one disputed action, citing the rule of every step.

Imports stay light: `checker resolve` must start fast (the definitions arrive compiled,
see `rules.compile_game`).
"""
from __future__ import annotations

from .legal import legal_actions
from .resolve import resolve
from .rules import compile_game
from .state_schema import STATE_SCHEMA

__all__ = ["STATE_SCHEMA", "compile_game", "legal_actions", "resolve"]
