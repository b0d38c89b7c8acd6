"""Gold and Steel's rule parameters: the numbers of its rules a game may set in `[parameters]`.

The expansion's rulebook leaves the base game's numbers out; the one the engine uses is the house
ruling G1's (design/eternal-gold-and-steel.md), cited as such. The engine reads it from the compiled
game (`checker.eternal_gold_and_steel.rules.Rules`).
"""
from __future__ import annotations

from ...parameters import Parameter

PARAMETERS = (
    Parameter("start_health", 25, 1, 999, "House ruling G1", "Players start at 25 health",
              "a player's health when the state file gives none (G1)"),
)
