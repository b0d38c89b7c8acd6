"""End of the game and scoring (H10): whether the game ends, why, and who wins.

Apart from the turn, so play, the simulator and the verdict read the same rule and it is
easy to test and to cite.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .players import Player
    from .turn import Table


def game_ending(table: Table) -> bool:
    """Whether the game ends after this turn: `end_reasons` as a quick yes or no, for play."""
    if table.draw_failed:
        return True
    end = table.rules.end_infamy  # H10: 10, or the game's house rule
    for p in table.players:
        if p.infamy >= end:
            return True
    return False


def end_reasons(table: Table) -> dict[str, Any] | None:
    """Why the game ends after this turn, as values (`wording.ending` says it): who `reached` the infamy, and
    whether a character could not be drawn (`no_draw`); None: it goes on."""
    end = table.rules.end_infamy
    reached = [{"who": p.name, "infamy": p.infamy} for p in table.players if p.infamy >= end]
    return {"reached": reached, "no_draw": table.draw_failed} if reached or table.draw_failed else None


def score(p: Player) -> int:
    """The smaller of infamy and banked gold, minus 1 per character in the graveyard."""
    return min(p.infamy, p.banked) - p.graveyard


def final_scores(players: list[Player]) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Scores by name, and the winners' names (see `winners`)."""
    scores = {p.name: {"score": score(p), "infamy": p.infamy, "banked": p.banked, "graveyard": p.graveyard,
                       "health": p.health if p.char is not None else 0} for p in players}
    return scores, [p.name for p in winners(players)]


def winners(players: list[Player]) -> list[Player]:
    """Best score, then current health (no character counts as 0); still tied, shared."""
    ranks = [(score(p), p.health if p.char is not None else 0) for p in players]
    best = max(ranks)
    return [p for p, rank in zip(players, ranks) if rank == best]
