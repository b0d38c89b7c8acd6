"""El Dorado Canyon's rules engine: `resolve` one disputed turn, `simulate` whole games.

Imports stay light: `checker resolve` must start fast, and the simulator's extra
machinery (processes, statistics) loads only when asked for: `SIMULATOR` names the
module `checker.core.simulate_cmd` plays and counts with. The engine's modules may be
compiled with mypyc (`setup.py`): they are used only while they match their sources
(`checker.core.native`), so this runs before any of them is imported.
"""
from __future__ import annotations

from typing import Any

from checker.core.native import prefer_current

prefer_current(__name__, __path__[0])

from .resolve import resolve  # noqa: E402  (after the choice of compiled or source modules)
from .rules import compile_game  # noqa: E402
from .state_schema import STATE_SCHEMA  # noqa: E402

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
