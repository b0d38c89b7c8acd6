"""Eldorado's rules engine: `resolve` settles one action of a state file (design/eldorado.md).

Modules: `world` (definitions compiled for play, the map's `Chart`), `state` (the
state file), `play` (log and dice), `movement`, `supply`, `combat`, `judge` (E6),
`cite` (the rule behind each step), `kinds` (each action's step by its kind), `legal`
(`legal_actions`: what a player may do now), `simulation` and `metrics` (`checker simulate`).
"""
from __future__ import annotations

from .legal import legal_actions, legal_for
from .resolve import resolve
from .state_schema import STATE_SCHEMA
from .world import compile_game

SIMULATOR = "checker.eldorado.metrics"  # `checker simulate`: loaded only when asked for
RESOLVE_BASE = True  # resolve() takes base=: the state file's folder, for a relative `map`

__all__ = ["SIMULATOR", "STATE_SCHEMA", "compile_game", "legal_actions", "legal_for", "resolve"]
