"""Errors in a state file, in the words a player at the table understands."""
from __future__ import annotations


class StateError(Exception):
    """An invalid state or play: names the player (if any) and the field; exit code 2.

    `value` is the id refused, when the error is an unknown id: `checker resolve` looks for it in
    the other games (a card of ./my-game named under game = "el-dorado-canyon").
    """

    def __init__(self, message: str, player: str | None = None, field: str | None = None, file: str | None = None,
                 value: object = None):
        self.message, self.player, self.field, self.file, self.value = message, player, field, file, value
        super().__init__(message)  # str() formats on demand: a legality check raises and catches thousands

    def __reduce__(self):  # pickled whole (between processes), not from `args` alone
        return type(self), (self.message, self.player, self.field, self.file, self.value)

    def __str__(self) -> str:
        parts = [p for p in (self.file, f"player '{self.player}'" if self.player else None, self.field) if p]
        return ": ".join(parts + [self.message])
