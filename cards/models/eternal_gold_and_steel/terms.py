"""Gold and Steel's rulebook words: influence symbols, keywords and printable icons.

They stand alone because effects, abilities, records and checks all speak them, and
none of those should have to import another just to name a keyword.  Without pydantic:
the templates and kept records (`kinds.py`) speak them too.
"""
from __future__ import annotations

from typing import Literal, get_args

Influence = Literal["fire", "time", "justice", "primal", "shadow"]
INFLUENCES: tuple[str, ...] = ("fire", "time", "justice", "primal", "shadow")
Keyword = Literal["lifesteal", "berserk"]

# what a card's picture can show: its `figure` and the `props` beside it (one drawing each in
# generator/templates/eternal_gold_and_steel/figures.py; a weapon is its own figure)
Figure = Literal[
    "knight", "soldier", "paladin", "shieldmaiden", "nomad", "rogue", "mage", "sage", "monk", "merchant",
    "smith", "scribe", "priestess", "ogre", "gorgon", "recruit", "tinker", "reaper",
    "crow", "owl", "boar", "dragon", "whelp", "serpent", "wraith", "golem",
    "sword", "greatsword", "sabre", "dagger", "axe", "hammer", "longbow", "icebow", "pick", "spear", "scythe",
    "firestorm", "horn", "comet", "scroll", "chest", "orb", "banner",
    "hoard", "coin", "hourglass", "book", "shield", "staff", "torch", "flame", "lightning", "anvil", "gear",
    "herbs", "candle", "skull", "scales", "bone",
]
FIGURES: tuple[str, ...] = get_args(Figure)

ICONS = {*INFLUENCES, "gold", "power", "health", "strength", "attack"}


def keyword_name(keyword: str, lang: str | None = None) -> str:
    """How a keyword is printed: 'lifesteal' -> 'Lifesteal' (the phrase table's `keywords`, in `lang`)."""
    from .words import words

    return words(lang)(f"keywords.{keyword}")
