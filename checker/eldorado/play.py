"""Settling one action: the cited log, the dice (E1), and the verdict's events.

Every die is asked for by name ("Ann's wind die"); a die the state does not
give is rolled by `--seed` and the step says so, or is an error naming `dice`.
"""
from __future__ import annotations

from typing import Any

from checker.core.dice import Dice
from checker.core.errors import StateError
from checker.core.log import Log
from checker.core.verdict import Event

from . import cite
from .state import Player, Table
from .wording import WORDS


class Play:
    """The table plus what happens to it: steps with rules, dice used, headline events."""

    def __init__(self, table: Table, seed: int | None, dice: Dice | None = None):
        """`dice` given: a simulator's play, its log off (no steps, events or roll wording)."""
        self.table, self.chart = table, table.chart
        self.log = Log(enabled=dice is None, table=WORDS)
        self.dice = Dice(table.dice, seed) if dice is None else dice
        self.seed = seed
        self.events: list[Event] = []
        self.winner: str | None = None
        self.lost: dict[str, int] = {}  # soldiers lost at sea by cause ("hunger", "monsters"): what a simulator counts

    def lose(self, cause: str, soldiers: int) -> None:
        if soldiers:
            self.lost[cause] = self.lost.get(cause, 0) + soldiers

    def say(self, player: Player | None, rule: str, kind: str | None = None, **values: Any) -> None:
        """A step of `kind` (checker.core.log.KINDS), with the rule behind it, worded from `values` by the
        family's table (`wording`)."""
        if not self.log.enabled:  # a simulator's play: no steps, events or roll wording (it counts lost, winner)
            return
        self.log.add(None, rule, player.name if player is not None else None, kind=kind, **values)

    def note(self, player: Player | None, what: str) -> None:
        """An event of the verdict: what happened to the player, in a few words (None: a line of its own)."""
        if self.log.enabled:
            self.events.append(Event(player.name if player is not None else None, what))

    def roll(self, player: Player, why: str) -> int:
        """The next die (E1): given in `dice`, else rolled with --seed; the step says which."""
        try:
            value = self.dice.roll(f"{player.name}'s {why}")
        except StateError as exc:
            exc.player = exc.player or player.name
            raise
        if self.log.enabled:
            rolled = self.dice.rolled_here and self.dice.rolled_here[-1] == len(self.dice.used) - 1
            seeded = {"seed": self.seed} if rolled else {}
            self.say(player, cite.DIE, "roll", who=player.name, value=value, die=why, **seeded)
        return value

    def leftover_dice(self) -> None:
        """E1: the state gives the dice the rules roll, no more."""
        left = self.dice.given
        if left:
            used = len(self.dice.used)
            raise StateError(f"{len(left)} die roll(s) left over {left}: this action rolled {used} "
                             f"({self.dice.used or 'none'})", field="dice")
