"""Gold and Steel's rulebook words: influence symbols, keywords and printable icons.

They stand alone because effects, abilities, records and checks all speak them, and
none of those should have to import another just to name a keyword.  Without pydantic:
the templates and kept records (`kinds.py`) speak them too.
"""
from __future__ import annotations

from typing import Literal

Influence = Literal["fire", "time", "justice", "primal", "shadow"]
INFLUENCES: tuple[str, ...] = ("fire", "time", "justice", "primal", "shadow")
Keyword = Literal["lifesteal", "berserk"]

ICONS = {*INFLUENCES, "gold", "power", "health", "strength", "attack"}


def keyword_name(keyword: str) -> str:
    """How a keyword is printed: 'lifesteal' -> 'Lifesteal'."""
    return keyword.capitalize()
