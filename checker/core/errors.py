"""Errors in a state file, in the words a player at the table understands."""
from __future__ import annotations


class StateError(Exception):
    """An invalid state or play: names the player (if any) and the field; exit code 2."""

    def __init__(self, message: str, player: str | None = None, field: str | None = None, file: str | None = None):
        self.message, self.player, self.field, self.file = message, player, field, file
        super().__init__(str(self))

    def __str__(self) -> str:
        parts = [p for p in (self.file, f"player '{self.player}'" if self.player else None, self.field) if p]
        return ": ".join(parts + [self.message])
