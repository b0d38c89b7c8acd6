"""El Dorado Canyon's rules engine: `resolve` one disputed turn, `simulate` whole games.

Imports stay light: `checker resolve` must start fast, and the simulator's extra
machinery (processes, statistics) loads only when asked for.
"""
from __future__ import annotations

from typing import Any

from .resolve import resolve
from .rules import compile_game
from .state_schema import STATE_SCHEMA


def simulate(game: Any, games: int = 1000, players: int = 4, seed: int = 0, policy: str = "random",
             jobs: int = 1) -> dict[str, Any]:
    """Play whole games with a simple policy; the designer's report as a dict (see `simulation.py`)."""
    from .simulation import simulate as run

    return run(game, games=games, players=players, seed=seed, policy=policy, jobs=jobs)


def format_report(report: dict[str, Any]) -> str:
    from .simulation import format_report as fmt

    return fmt(report)


__all__ = ["STATE_SCHEMA", "compile_game", "format_report", "resolve", "simulate"]
