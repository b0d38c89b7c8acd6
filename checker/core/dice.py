"""Chance is an input: dice given in the state are used in order; a seed fills the rest."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import StateError

if TYPE_CHECKING:
    from random import Random


def seeded(seed: int | None) -> Random | None:
    """A generator for `seed`, or None; `random` is imported only then (a resolve without --seed starts faster)."""
    if seed is None:
        return None
    import random

    return random.Random(seed)


class Dice:
    """Hands out the given rolls first, then seeded rolls, remembering which were rolled here."""

    def __init__(self, given: list[int] | None = None, seed: int | None = None, sides: int = 6):
        self.given = list(given or [])
        self.sides = sides
        self.rng = seeded(seed)
        self.used: list[int] = []
        self.rolled_here: list[int] = []  # indexes of rolls made by the seed, to report them

    def roll(self, why: str = "a die") -> int:
        if self.given:
            value = self.given.pop(0)
            if not 1 <= value <= self.sides:
                raise StateError(f"expected a die from 1 to {self.sides}, got {value}", field="dice")
        elif self.rng is not None:
            value = self.rng.randint(1, self.sides)
            self.rolled_here.append(len(self.used))
        else:
            raise StateError(f"expected another die roll for {why}: add it to 'dice' or pass --seed", field="dice")
        self.used.append(value)
        return value
