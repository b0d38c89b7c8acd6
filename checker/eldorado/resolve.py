"""`checker resolve` for Eldorado: one action settled, the verdict first, then every step with its rule."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checker.core.errors import StateError
from checker.core.result import Resolution
from checker.core.verdict import change_lines

from . import cite
from .judge import ranking
from .kinds import RUN
from .legal import refusal
from .play import Play
from .state import NO_SHIP, read_table, write_table
from .world import world_of

if TYPE_CHECKING:
    import os


def resolve(state: dict[str, Any], game: Any, seed: int | None = None, base: str | os.PathLike[str] | None = None) -> Resolution:
    """Settle the state file's one action; `seed` rolls the dice the state does not give (E1)."""
    world = world_of(game, state.get("map"), base)
    try:
        table = read_table(state, world)
        before = {p.name: p.snapshot() for p in table.players}
        play = Play(table, seed)
        action = table.action
        assert action is not None  # read_table reads it
        RUN[action.kind](play, action.player, action.fields)
        play.leftover_dice()
    except StateError as exc:
        refusal(exc, state, world)
        raise
    scores = winners = None
    if play.winner is not None:
        scores, winners = ranking(table.players, play.winner)
        for name, s in scores.items():
            if name != play.winner:
                play.say(None, cite.VICTORY, "score", who=name, cause="rank", rank=s["rank"], treasure=s["treasure"])
    verdict = _verdict(play, before)
    return Resolution(verdict, play.log.steps, write_table(table, state, play.winner), play.winner is not None,
                      scores, winners)


def _verdict(play: Play, before: dict[str, dict[str, Any]]) -> list[str]:
    lines = change_lines(play.table.players, before, play.events, now=lambda p: p.snapshot(), shown=_shown)
    lines.append(f"The game is over: {play.winner} wins (E6)." if play.winner else "The game goes on.")
    return lines


def _shown(value: Any) -> str:
    return NO_SHIP if value is None else str(value).lower() if isinstance(value, bool) else str(value)
