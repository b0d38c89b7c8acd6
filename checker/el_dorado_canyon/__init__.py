"""El Dorado Canyon's rules engine: `resolve` one disputed turn, `simulate` whole games.

Imports stay light: `checker resolve` must start fast, and the simulator's extra
machinery (processes, statistics) loads only when asked for: `SIMULATOR` names the
module `checker.core.simulate_cmd` plays and counts with.
"""
from __future__ import annotations

from typing import Any

from .resolve import resolve
from .rules import compile_game
from .state_schema import STATE_SCHEMA

SIMULATOR = "checker.el_dorado_canyon.metrics"


def simulate(game: Any, games: int = 1000, players: int = 4, seed: int = 0, policy: str = "random",
             jobs: int = 1, budget: int | None = None) -> dict[str, Any]:
    """Play whole games; the designer's report as a dict (`checker.core.simulate_cmd`)."""
    from checker.core.simulate_cmd import simulate_game

    return simulate_game(SIMULATOR, game, games=games, players=players, seed=seed, policy=policy, jobs=jobs,
                         budget=budget)


def format_report(report: dict[str, Any]) -> str:
    from checker.core.report import text

    return text(report)


__all__ = ["SIMULATOR", "STATE_SCHEMA", "compile_game", "format_report", "resolve", "simulate"]
