"""El Dorado Canyon's rule parameters: the numbers of its rulebook a game may set in `[parameters]`.

Each default is the rulebook's value, each passage its words (tests/test_parameters.py finds every
quote in the rulebook). The engine reads them from the compiled game (`checker.el_dorado_canyon.rules`).
"""
from __future__ import annotations

from ...parameters import Parameter

PARAMETERS = (
    Parameter("start_health", 5, 1, 9, "Characters", "Every character starts with 5 health & 5 ammo",
              "the health every character starts with, when placed at set-up or drawn later"),
    Parameter("start_ammo", 5, 0, 9, "Characters", "Every character starts with 5 health & 5 ammo",
              "the ammo every character starts with, when placed at set-up or drawn later"),
    Parameter("start_gold", 3, 0, 30, "Player Set Up",
              "Take 3 gold and place it above your camp card in the \"unbanked gold\" area.",
              "the unbanked gold each player takes at set-up"),
    Parameter("town_row", 3, 1, 6, "Table Set Up", "turn 3 face-up on the table",
              "how many town cards lie face up (the row a refresh replaces, too)"),
    Parameter("characters_per_player", 2, 1, 6, "Table Set Up", "Shuffle together 2 character cards per player",
              "character cards shuffled into the character deck per player at set-up"),
    Parameter("end_infamy", 10, 1, 60, "End-Game & Scoring", "A player has 10 infamy at the end of a turn.",
              "the infamy that ends the game at the end of a turn (H10)"),
    Parameter("track_limit", 5, 1, 9, "Characters", "indicated by tokens placed on the 5's of your character card",
              "the top of the health and ammo tracks: neither ever exceeds it (H3)"),
)


def check(values: dict[str, int]) -> list[tuple[str, str]]:
    """What the parameters' values say together: a character starts on its tracks."""
    top = values["track_limit"]
    return [(name, f"expected at most track_limit ({top}), got {values[name]}: a character starts on its tracks")
            for name in ("start_health", "start_ammo") if values[name] > top]
