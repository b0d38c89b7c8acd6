"""Eldorado's rule parameters: the numbers of its rulebook a game may set in `[parameters]`.

Each default is the rulebook's value, each passage its words; the engine reads them from the compiled
game (`checker.eldorado.world.World`).
"""
from __future__ import annotations

from ...parameters import Parameter

PARAMETERS = (
    Parameter("people_per_barrel", 10, 1, 100, "Movement Rules",
              "At sea, for every ten soldiers (or a part of ten: 5, 7 or 9 people), including the player, one barrel "
              "of provisions is used up per day (per move).",
              "the people aboard (leader included) one barrel feeds per move at sea, or a part of them (E3)"),
    Parameter("soldiers_per_musket", 5, 1, 100, "Start of Game",
              "For every five soldiers, the player additionally receives one musket.",
              "the soldiers recruited at the start for each musket issued"),
    Parameter("points_per_treasure", 3, 1, 30, "Combat Rules", "at three full points per treasure pile",
              "the points of strength and die, after beating a city's Indians, for each treasure pile taken"),
)
